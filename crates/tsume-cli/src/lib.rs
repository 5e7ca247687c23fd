//! The `tsume` command line, as a library so that end-to-end tests run it in-process:
//! [`run`] takes the arguments and two writers and returns the exit status.
//!
//! Exit status: 0 answered (whatever the verdict, "unknown" included), 1 a failure of
//! ours (a proof the checker rejects, a reduction that disagrees with the SAT solver),
//! 2 bad input (one line on stderr naming the file, line or point), 130 interrupted
//! (Ctrl-C: the searches stopped and answered unknown, the report printed).

mod args;
mod bench;
mod check;
mod check_proof;
mod draw_out;
mod gtp;
mod jobs;
mod linear_cmd;
mod numbers;
mod reduce_cmd;
mod render;
mod report;
mod solve;
mod solve_rzs;
mod status_cmd;

use std::io::{BufRead, Write};

use clap::{Parser, Subcommand};

pub use solve::SolveArgs;

/// Exit status for an answer.
pub const EXIT_OK: i32 = 0;
/// Exit status for a failure of the tool (a rejected proof, a disagreement).
pub const EXIT_FAILURE: i32 = 1;
/// Exit status for bad input.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit status after an interruption (Ctrl-C): the searches stopped, their answers
/// "unknown", the report printed.
pub const EXIT_INTERRUPTED: i32 = 130;

static INTERRUPT: std::sync::OnceLock<std::sync::Arc<std::sync::atomic::AtomicBool>> =
    std::sync::OnceLock::new();

/// The flag that stops every search of `solve`, `check`, `bench` and `verify-reduction`
/// when set (the binary sets it on Ctrl-C); once set, searches still to come stop at
/// once too. `gtp` clears it after each command.
pub fn interrupt_flag() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    INTERRUPT.get_or_init(Default::default).clone()
}

/// Whether the interrupt flag is set.
pub(crate) fn interrupted() -> bool {
    INTERRUPT
        .get()
        .is_some_and(|f| f.load(std::sync::atomic::Ordering::SeqCst))
}

const ABOUT: &str = "Settle Go life-and-death problems by proof.

tsume answers Crăşmaru's question Can_kill(p, x, α): can the attacker (the opponent of
the stone at x) force x's group into D₀ (one liberty, the attacker to move: captured on
the next ply) within α+1 plies? The rules are those of
Crăşmaru's model: any board graph, no ko rule (positions may repeat; a ko is retaken at
once, so a group that dies only through ko is alive), suicide and moves on occupied
points act as passes, passing is always allowed, seki is life.

Every answer comes from a complete search (depth-first proof-number search with a
transposition table): \"dead\" and \"alive\" are proven, and the proof tree is replayed by
an independent checker. A search that runs out of budget says \"unknown\".";

const AFTER: &str = "Examples:
  tsume solve problems/03_bent_three_corner.sgf    status with each side moving first
  tsume solve problem.sgf --to-move B --json       one question, machine-readable
  tsume solve problem.sgf --target C3 --depth 12   another group, a tighter bound
  tsume solve problem.sgf --ko-rule basic          ordinary Go's ko rule (outside the model)
  tsume solve problems/                            every problem of a folder, a table
  tsume check problems/03_bent_three_corner.sgf    the file's variations and marks, by proof
  tsume solve p.sgf --tree-out p.json              the proofs as a certificate file
  tsume check-proof p.json                         replay a certificate: no search, no trust
  tsume bench --corpus ../shared/corpus            published answers, per source
  tsume reduce formula.cnf -o formula.graph        3-SAT to a life-and-death position
  tsume solve formula.graph --to-move W            does Λ live? (iff satisfiable)
  tsume verify-reduction --vars 3 --clauses 4      random formulas against a SAT solver
  tsume verify-reduction --all --clauses 5         every small formula, up to renaming
  tsume gtp                                        GTP engine: owl_attack / owl_defend by proof";

/// The command line.
#[derive(Parser, Debug)]
#[command(name = "tsume", version, about = ABOUT, after_help = AFTER)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands. Their one-line `about` is given here and the long help on the
/// argument structs: a doc comment here would replace the long help too.
#[derive(Subcommand, Debug)]
enum Command {
    #[command(
        about = "Solve life-and-death problems (SGF or tsume-graph files, or folders of them)"
    )]
    Solve(SolveArgs),
    #[command(
        about = "Check a problem file's solution tree (its variations and their marks) by proof"
    )]
    Check(check::CheckArgs),
    #[command(
        about = "Check proof files (`tsume solve --tree-out`) by replaying them, with no search"
    )]
    CheckProof(check_proof::CheckProofArgs),
    #[command(
        about = "Solve a problem collection or the public corpus and report speed and correctness"
    )]
    Bench(bench::BenchArgs),
    #[command(
        about = "A string's status (A, B2, B31, B32) by Cassandra's single pass and J2003's steps"
    )]
    Status(status_cmd::StatusArgs),
    #[command(about = "Build the tsume-Go instance of a 3-SAT formula (DIMACS CNF)")]
    Reduce(reduce_cmd::ReduceArgs),
    #[command(about = "Check the reduction against a SAT solver on small formulas")]
    VerifyReduction(reduce_cmd::VerifyArgs),
    #[command(
        about = "Answer life-and-death questions over the Go Text Protocol (owl_attack, owl_defend)"
    )]
    Gtp(gtp::GtpArgs),
    #[command(
        about = "Solve linear Go (1×n, Tromp–Taylor rules) exactly; check seed 000's theorem"
    )]
    Linear(linear_cmd::LinearArgs),
}

/// Runs `tsume` with `args` (the program name first) and returns the exit status;
/// `tsume gtp` reads standard input.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    run_with_input(args, &mut input, out, err)
}

/// As [`run`], with `input` standing for standard input.
pub fn run_with_input(
    args: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            let text = e.render().to_string();
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = write!(out, "{text}");
                    EXIT_OK
                }
                ErrorKind::InvalidValue if invalid_value(&e, args).is_some() => {
                    let _ = writeln!(err, "{}", invalid_value(&e, args).unwrap_or_default());
                    EXIT_BAD_INPUT
                }
                _ => {
                    // One line, as for any bad input: clap's first (the error), less its
                    // usage block and hint, which `--help` gives.
                    let _ = writeln!(err, "{}", usage_error_line(&text));
                    EXIT_BAD_INPUT
                }
            };
        }
    };
    // `-` among the files of solve or check: standard input, read once.
    let files = match &cli.command {
        Command::Solve(a) => a.files.as_slice(),
        Command::Check(a) => a.files.as_slice(),
        _ => &[],
    };
    let stdin = if files.iter().any(|f| jobs::is_stdin(f)) {
        // Within the larger cap (a graph's); an SGF text is held to its own when parsed.
        match tsume_board::input::read_text(input, tsume_board::input::MAX_GRAPH_BYTES) {
            Ok(text) => Some(text),
            Err(e) => {
                let _ = writeln!(err, "{}: {e}", jobs::STDIN_NAME);
                return EXIT_BAD_INPUT;
            }
        }
    } else {
        None
    };
    let stdin = stdin.as_deref();
    let result = match cli.command {
        Command::Solve(a) => solve::run(&a, stdin, out, err),
        Command::Check(a) => check::run(&a, stdin, out, err),
        Command::CheckProof(a) => check_proof::run(&a, out, err),
        Command::Bench(a) => bench::run(&a, out, err),
        Command::Status(a) => status_cmd::run(&a, out, err),
        Command::Reduce(a) => reduce_cmd::run_reduce(&a, out, err),
        Command::VerifyReduction(a) => reduce_cmd::run_verify(&a, out, err),
        Command::Gtp(a) => gtp::run(&a, input, out, err),
        Command::Linear(a) => linear_cmd::run(&a, out, err),
    };
    let _ = out.flush();
    if interrupted() {
        let _ = writeln!(
            err,
            "interrupted: the searches stopped by Ctrl-C answered unknown"
        );
        return EXIT_INTERRUPTED;
    }
    result
}

/// A value outside an option's choices (a `ValueEnum`), as one line:
/// `tsume solve: --ko-rule: expected none or basic, got "x"`.
fn invalid_value(e: &clap::Error, args: &[String]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let ContextValue::String(arg) = e.get(ContextKind::InvalidArg)? else {
        return None;
    };
    let ContextValue::String(got) = e.get(ContextKind::InvalidValue)? else {
        return None;
    };
    let ContextValue::Strings(valid) = e.get(ContextKind::ValidValue)? else {
        return None;
    };
    let flag = arg.split(' ').next()?;
    let expected = match valid.split_last()? {
        (last, []) => last.clone(),
        (last, rest) => format!("{} or {last}", rest.join(", ")),
    };
    let command = args.get(1).map_or_else(String::new, |c| format!(" {c}"));
    Some(format!(
        "tsume{command}: {flag}: expected {expected}, got \"{got}\""
    ))
}

/// A failure that ends the command: the exit status and one line for stderr.
#[derive(Debug)]
pub(crate) struct Fail {
    pub code: i32,
    pub message: String,
}

impl Fail {
    pub fn input(message: impl Into<String>) -> Fail {
        Fail {
            code: EXIT_BAD_INPUT,
            message: message.into(),
        }
    }
}

/// A usage error of clap's as one line: its first line that says something, `tsume: `
/// for its `error: `, and where to look for the usage.
fn usage_error_line(text: &str) -> String {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("invalid arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    format!("tsume: {first} (tsume --help shows the usage)")
}
