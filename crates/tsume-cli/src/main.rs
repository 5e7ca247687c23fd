//! `tsume`: see `tsume --help`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let stdout = std::io::stdout();
    // Stderr is not held locked for the whole run: the search runs on its own thread,
    // and an `eprintln!` there (a debugging line) would wait for the lock forever. (A
    // panic's message does not wait: it printed and exited 101 with the lock held.)
    let code = tsume_cli::run(&args, &mut stdout.lock(), &mut std::io::stderr());
    std::process::exit(code);
}
