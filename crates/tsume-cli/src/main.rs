//! `tsume`: see `tsume --help`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let stdout = std::io::stdout();
    // Stderr is not held locked for the whole run: the search runs on its own thread,
    // and a panic there (a bug) must be able to print its message, which takes the
    // lock; held here, the panic hook would wait for it forever and the process hang.
    let code = tsume_cli::run(&args, &mut stdout.lock(), &mut std::io::stderr());
    std::process::exit(code);
}
