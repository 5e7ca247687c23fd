//! `tsume`: see `tsume --help`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // Ctrl-C stops the searches, which then answer "unknown" (with what a smaller bound
    // proved) and the report is printed; a second Ctrl-C quits at once.
    let flag = tsume_cli::interrupt_flag();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, std::sync::atomic::Ordering::SeqCst) {
            std::process::exit(tsume_cli::EXIT_INTERRUPTED);
        }
        eprintln!("\ninterrupted: stopping the searches (Ctrl-C again to quit at once)");
    });
    let stdout = std::io::stdout();
    // Stderr is not held locked for the whole run: the search runs on its own thread,
    // and an `eprintln!` there (a debugging line) would wait for the lock forever. (A
    // panic's message does not wait: it printed and exited 101 with the lock held.)
    let code = tsume_cli::run(&args, &mut stdout.lock(), &mut std::io::stderr());
    std::process::exit(code);
}
