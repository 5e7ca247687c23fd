//! `tsume linear`: linear Go (1×n) under Tromp–Taylor rules, solved exactly
//! (`tsume_linear`); `--verify-pruning` checks seed 000's theorem. Reference: docs/linear.md.

use std::io::Write;

use clap::Args;
use tsume_linear::report::PruningCheck;
use tsume_linear::solver::{fit_table_bits, stack_bytes, table_bytes, Options};
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
where it applies (depth-first up to 1×6, where it reaches them all; random walks from
--seed beyond). Exit 1 with the shortest counterexample found if either fails.",
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
    /// line for what each entry's search asked); refused when the table would pass
    /// --tt-mb [default: 22, or the most bits whose table fits --tt-mb].
    #[arg(long, value_name = "BITS", value_parser = clap::value_parser!(u32).range(0..=32))]
    pub table_bits: Option<u32>,
    /// Memory budget in MiB of the table and the search path's sets: a path that would
    /// pass it stops the search (unknown).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TT_MB, value_parser = crate::numbers::tt_mb)]
    pub tt_mb: usize,
}

/// `--tt-mb`'s default for `linear`: 1 GiB, the table and the path within it.
const DEFAULT_TT_MB: usize = 1024;
/// `--table-bits`' default, lowered to what `--tt-mb` holds.
const DEFAULT_TABLE_BITS: u32 = 22;

/// The table bits to use: `--table-bits` if its table fits `--tt-mb` (else why not, in
/// one line), or the most bits up to the default that fit.
fn table_bits(a: &LinearArgs, n: usize) -> Result<u32, String> {
    let positions = tsume_linear::compact::Tables::new(n).len();
    let budget = (a.tt_mb as u64) << 20;
    // --verify-pruning's solvers search without the rule (their Q sets tracked).
    let opts = |table_bits| Options {
        prune: a.prune && !a.verify_pruning,
        table_bits,
        max_bytes: budget,
        ..Options::default()
    };
    let Some(bits) = a.table_bits else {
        return Ok(fit_table_bits(positions, &opts(DEFAULT_TABLE_BITS)));
    };
    let bytes = table_bytes(positions, &opts(bits));
    if bytes > budget {
        return Err(format!(
            "--table-bits {bits}: the table takes {} MiB on 1×{n}, more than --tt-mb {} \
             (at most --table-bits {} fits; docs/limits.md)",
            bytes.div_ceil(1 << 20),
            a.tt_mb,
            fit_table_bits(positions, &opts(bits))
        ));
    }
    Ok(bits)
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

/// Runs `work` on a thread of `stack` bytes of stack and waits for it: the search
/// recurses a frame a ply, and the stack holds the plies --tt-mb allows (a deeper path
/// stops it: unknown). A panic of `work` goes on here.
fn on_stack<T: Send>(stack: usize, work: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .name("linear".into())
            .stack_size(stack)
            .spawn_scoped(s, work)?;
        Ok(handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
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
    let table_bits = match table_bits(a, start.len()) {
        Ok(b) => b,
        Err(e) => {
            let _ = writeln!(err, "tsume linear: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let positions = tsume_linear::compact::Tables::new(start.len()).len();
    if a.verify_pruning {
        if start.cells().iter().any(Option::is_some) {
            let _ = writeln!(
                err,
                "tsume linear: --verify-pruning starts from the empty board: give a size"
            );
            return EXIT_BAD_INPUT;
        }
        let solver = Options {
            table_bits,
            max_bytes: (a.tt_mb as u64) << 20,
            ..Options::default()
        };
        let stack = stack_bytes(positions, &solver).unwrap_or(8 << 20);
        let (n, samples, seed) = (start.len(), a.samples, a.seed);
        let check = match on_stack(stack, move || PruningCheck::run(n, samples, seed, solver)) {
            Ok(c) => c,
            Err(e) => {
                let _ = writeln!(err, "tsume linear: cannot start the search: {e}");
                return EXIT_FAILURE;
            }
        };
        if a.json {
            report::print(out, &check.json());
        } else {
            let _ = write!(out, "{}", check.text());
        }
        return if check.holds() { EXIT_OK } else { EXIT_FAILURE };
    }
    let options = Options {
        prune: a.prune,
        table_bits,
        key_seed: a.seed,
        max_nodes: a.max_nodes,
        max_bytes: (a.tt_mb as u64) << 20,
        ..Options::default()
    };
    let stop = Some(crate::interrupt_flag());
    let stack = stack_bytes(positions, &options).unwrap_or(8 << 20);
    let player = a.to_move.player();
    let solved = on_stack(stack, || {
        tsume_linear::report::solve(&start, player, options, stop)
    });
    let solved = match solved {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "tsume linear: cannot start the search: {e}");
            return EXIT_FAILURE;
        }
    };
    match solved {
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
