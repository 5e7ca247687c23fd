//! `tsume linear`: linear Go (1×n) under Tromp–Taylor rules, solved exactly
//! (`tsume_linear`); `--verify-pruning` checks seed 000's theorem. Reference: docs/linear.md.

use std::io::Write;

use clap::Args;
use tsume_linear::report::PruningCheck;
use tsume_linear::solver::Options;
use tsume_linear::{LinePosition, MAX_N};

use crate::args::LinePlayer;
use crate::report;
use crate::{EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};

/// Arguments of `tsume linear`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Solve linear Go (a 1×n line) exactly under Tromp–Taylor rules: no suicide,
positional superko (no play may recreate any earlier position, the start included),
area scoring, komi 0, the game ends after two passes in a row. The value is Black's (x's)
area minus White's (o's) under perfect play; the state searched is the whole history, so
the answer is exact for it (docs/linear.md).

WHAT is a board size n (the empty 1×n line, Black first) or a position written as in
seed 000, cell 0 first: x Black, o White, - empty (`x-oo-`); the position is then its
own history. Moves are printed with cells numbered from 1 (`x:4`).

--verify-pruning checks seed 000's theorem (x on cell 0 with cell 1 empty: swapping cells
0 and 1 throughout the history never lowers x's value), both ends, by solving both sides
exactly: on every state reachable from the empty board for n ≤ 4, on --samples random
states otherwise; and the narrower rule --prune uses (the history's end cells always
empty, the mover's own stone), on the first --samples states of a walk over the states
where it applies. Exit 1 with the shortest counterexample found if either fails.",
    after_help = "Examples:
  tsume linear 7                       the empty 1×7 line, Black first
  tsume linear x-o-- --to-move x       a position, with itself as history
  tsume linear 6 --json                value, pv, nodes, seconds
  tsume linear 3 --verify-pruning      the theorem on every reachable state"
)]
pub struct LinearArgs {
    /// A board size (1 to 12) or a position such as x-oo-.
    #[arg(value_name = "N|POSITION")]
    pub what: String,
    /// The player to move: x (Black) or o (White).
    #[arg(
        long,
        value_name = "x|o",
        default_value = "x",
        ignore_case = true,
        hide_possible_values = true
    )]
    pub to_move: LinePlayer,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Skip plays by the narrow form of seed 000's rule (checked on small boards, not
    /// proven: the answer is then conditional on it).
    #[arg(long)]
    pub prune: bool,
    /// Check seed 000's theorem and the rule --prune uses instead of solving.
    #[arg(long)]
    pub verify_pruning: bool,
    /// States sampled by --verify-pruning beyond exhaustive reach.
    #[arg(long, value_name = "K", default_value_t = 100_000)]
    pub samples: u64,
    /// Seed of the random sample (and of the table's keys when solving).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Give up (answer unknown) after this many nodes; 0: no limit.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_nodes: u64,
    /// log₂ of the transposition table's entries (84 bytes each, plus a bit a position of the
    /// line for what each entry's search asked).
    #[arg(long, value_name = "BITS", default_value_t = 22, value_parser = clap::value_parser!(u32).range(0..=32))]
    pub table_bits: u32,
}

/// The start: an empty line of n cells, or a position.
fn start_of(what: &str) -> Result<LinePosition, String> {
    if let Ok(n) = what.trim().parse::<usize>() {
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("1×{n}: the line has 1 to {MAX_N} cells"));
        }
        return Ok(LinePosition::empty(n));
    }
    LinePosition::parse(what).map_err(|e| format!("{what}: {e}"))
}

/// Runs `tsume linear`.
pub(crate) fn run(a: &LinearArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let start = match start_of(&a.what) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "tsume linear: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    if a.verify_pruning {
        if start.cells().iter().any(Option::is_some) {
            let _ = writeln!(
                err,
                "tsume linear: --verify-pruning starts from the empty board: give a size"
            );
            return EXIT_BAD_INPUT;
        }
        let check = PruningCheck::run(start.len(), a.samples, a.seed, a.table_bits);
        if a.json {
            report::print(out, &check.json());
        } else {
            let _ = write!(out, "{}", check.text());
        }
        return if check.holds() { EXIT_OK } else { EXIT_FAILURE };
    }
    let options = Options {
        prune: a.prune,
        table_bits: a.table_bits,
        key_seed: a.seed,
        max_nodes: a.max_nodes,
        ..Options::default()
    };
    let stop = Some(crate::interrupt_flag());
    match tsume_linear::report::solve(&start, a.to_move.player(), options, stop) {
        Ok(s) if a.json => report::print(out, &s),
        Ok(s) => {
            let _ = write!(out, "{}", s.text());
        }
        Err(e) => {
            let _ = writeln!(err, "tsume linear: {start}: {e}");
            return EXIT_BAD_INPUT;
        }
    }
    EXIT_OK
}
