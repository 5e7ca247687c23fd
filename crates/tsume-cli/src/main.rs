//! `tsume`: see `tsume --help`.

// The search allocates one successor list per new position and frees them in bulk when
// its table fills: mimalloc serves that pattern faster than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let code = tsume_cli::run(&args, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(code);
}
