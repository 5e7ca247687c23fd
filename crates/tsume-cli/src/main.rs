//! `tsume`: see `tsume --help`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let code = tsume_cli::run(&args, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(code);
}
