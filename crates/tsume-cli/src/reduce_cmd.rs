//! `tsume reduce` and `tsume verify-reduction`: 3-SAT → tsume-Go (Crăşmaru §4).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use tsume_corpus::reduction;
use tsume_reduce::dimacs::{parse_dimacs_within, Cnf, DimacsLimits};

use crate::{EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};

/// Arguments of `tsume reduce`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Build the tsume-Go instance of a 3-SAT formula (DIMACS CNF).

The instance is a position where White, to move, can make the target group Λ live if and
only if the formula is satisfiable (Crăşmaru §4). By default it is a graph board of design
D2 (tsume-graph format). With --grid, or with -o OUT.sgf, it is a square grid, for every
formula: design D2 on a grid for the chain class, else design D6 (the Black rail) as the
formula stands, else D6 after the route into its class (3-CNF, Lichtenstein's crossover,
de Berg and Khosravi's monotone form, chains of copies; docs/reduction.md). The grid is an
SGF where it fits 52×52 (to OUT.sgf, or standard output), a grid-shaped graph board
otherwise (to OUT.graph; asked for OUT.sgf, the file is OUT.graph and a line says so). A
grid over 4 000 000 points is refused: the graph board of D2 is written, with one line.
Clauses longer than 3 literals are split with fresh variables; tautologies and repeated
literals are removed.

--json (with -o) prints the report alone on standard output: the instance's size, the
grid's size and design and, for a formula that took the route, each stage's variables,
clauses and crossings.

Solve it with: tsume solve OUT.graph --to-move W --json (or OUT.sgf: the grid's GC names
the whole board as the area in play)"
)]
pub struct ReduceArgs {
    /// The formula, DIMACS CNF.
    #[arg(value_name = "FORMULA.cnf")]
    pub formula: PathBuf,
    /// Output file: .graph (graph board) or .sgf (the square grid; a grid over 52×52 goes to .graph); stdout if absent.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print the summary as JSON, alone on standard output (needs -o).
    #[arg(long)]
    pub json: bool,
    /// Draw the instance as SVG: the graph board with design D2's gadgets named, or the
    /// square grid as a board where that is what is written (docs/pictures.md).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Draw the square grid for any formula (see above): an SGF where it fits 52×52 and
    /// the output is not .graph, else a grid-shaped graph board.
    #[arg(long)]
    pub grid: bool,
}

/// Arguments of `tsume verify-reduction`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Check the reduction on small formulas against a SAT solver.

For each formula (files given, or random 3-CNF formulas generated with --vars, --clauses,
--count, --seed, with monotone clauses if --monotone), build the instance, solve it with
the prover (White to move), decide the formula with a SAT solver (varisat), and print one
row: satisfiable?, Λ alive?, agree?, checked? (the proof or disproof tree replayed by the
independent checker), nodes, seconds. With --grid, the square-grid SGF of each formula
that has one (see `tsume reduce --help`) is solved too (whole grid, White to move) and
must agree as well. Exit status 1 on any disagreement, tree the checker rejects, or
unknown.

With --all, the formulas are every formula over --vars variables (default 3) with 1 to
--clauses (default 4) distinct clauses of at most --width literals (default 3), one per
class of renamings (permuting the variables, flipping signs: the instances of a class
are isomorphic graphs, so one stands for all). For example `tsume verify-reduction --all
--clauses 5` checks 2 060 classes standing for 83 681 formulas, every proof and disproof
replayed by the checker, in about 23 seconds (8 with --no-check). With
--grid, only each representative's grid is solved: the grids of renamed formulas are other
drawings, not the same graph.",
    mut_arg("time_limit", |a| a.help("Seconds per instance before answering unknown").default_value("60")),
    mut_arg("max_nodes", |a| a.help("Node expansions per instance before answering unknown")),
    mut_arg("tt_mb", |a| a.hide(true))
)]
pub struct VerifyArgs {
    /// DIMACS CNF files.
    #[arg(value_name = "FORMULA.cnf")]
    pub formulas: Vec<PathBuf>,
    /// Variables of each random formula.
    #[arg(long, value_name = "M", value_parser = crate::numbers::random_vars)]
    pub vars: Option<u32>,
    /// Clauses of each random formula.
    #[arg(long, value_name = "N", value_parser = crate::numbers::random_clauses)]
    pub clauses: Option<usize>,
    /// How many random formulas.
    #[arg(long, value_name = "K", default_value_t = 10, value_parser = crate::numbers::positive)]
    pub count: usize,
    /// Every formula over --vars variables with 1 to --clauses distinct clauses, one per
    /// class of renamings, instead of random ones.
    #[arg(long)]
    pub all: bool,
    /// With --all: most literals in a clause (1 to 3).
    #[arg(long, value_name = "W", default_value_t = 3)]
    pub width: usize,
    /// Seed of the random formulas.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Random formulas with monotone clauses (all literals of a clause positive or all
    /// negative), which design D6 draws on a grid when they nest (see `--grid`).
    #[arg(long)]
    pub monotone: bool,
    /// α for the prover [default: 4 × empty points + 12].
    #[arg(long, value_name = "α", value_parser = crate::numbers::depth)]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub budget: crate::args::BudgetArgs,
    /// Also solve the square-grid SGF of each formula that has one (see `tsume reduce
    /// --help`), on the whole grid, and compare it with the SAT solver too.
    #[arg(long)]
    pub grid: bool,
    /// Skip building each proof tree and replaying it through the independent checker
    /// (by default every tree of up to 2 000 000 nodes is checked, and a rejected one
    /// counts as a disagreement).
    #[arg(long)]
    pub no_check: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

fn read_cnf(path: &Path) -> Result<Cnf, String> {
    let text = tsume_board::input::read_file(path, tsume_board::input::MAX_DIMACS_BYTES)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    parse_dimacs_within(&text, DimacsLimits::REDUCE).map_err(|e| format!("{}: {e}", path.display()))
}

/// Whether `a` and `b` name one file (the same path, or the same file by another path).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

pub(crate) fn run_reduce(a: &ReduceArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    for (flag, path) in [("-o", &a.output), ("--svg", &a.svg)] {
        if let Some(p) = path.as_deref().filter(|p| same_file(p, &a.formula)) {
            let _ = writeln!(
                err,
                "tsume reduce: {flag} {} is the formula itself: it would be overwritten",
                p.display()
            );
            return EXIT_BAD_INPUT;
        }
    }
    let cnf = match read_cnf(&a.formula) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return EXIT_BAD_INPUT;
        }
    };
    if a.json && a.output.is_none() {
        let _ = writeln!(
            err,
            "tsume reduce: --json needs -o FILE (the board goes to the file, the report to \
             standard output)"
        );
        return EXIT_BAD_INPUT;
    }
    if let Some(path) = &a.svg {
        let grid_sgf = a
            .output
            .as_ref()
            .is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")));
        if let Err(f) =
            crate::draw_out::reduce_svg(&cnf, &a.formula, a.grid && !grid_sgf, grid_sgf, path)
        {
            let _ = writeln!(err, "{}", f.message);
            return f.code;
        }
    }
    let w = match tsume_reduce::written::write(
        &a.formula.display().to_string(),
        &cnf,
        a.grid,
        a.output.as_deref(),
    ) {
        Ok(w) => w,
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", a.formula.display());
            return EXIT_FAILURE;
        }
    };
    if let Some(path) = &w.path {
        if let Err(f) = crate::jobs::write(path, &w.text) {
            let _ = writeln!(err, "{}", f.message);
            return f.code;
        }
    }
    if let Some(line) = &w.note {
        let _ = writeln!(err, "{line}");
    }
    match &w.report {
        None => {
            let _ = write!(out, "{}", w.text);
        }
        Some(r) if a.json => crate::report::print(out, r),
        Some(r) => {
            let _ = write!(out, "{}", r.text());
        }
    }
    EXIT_OK
}

pub(crate) fn run_verify(a: &VerifyArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut formulas: Vec<(String, Cnf)> = Vec::new();
    for f in &a.formulas {
        match read_cnf(f) {
            Ok(c) => formulas.push((f.display().to_string(), c)),
            Err(e) => {
                let _ = writeln!(err, "{e}");
                return EXIT_BAD_INPUT;
            }
        }
    }
    let mut stands_for = None;
    // Random formulas are made one at a time, as they are checked: never --count of
    // them at once.
    let mut random = None;
    if a.all {
        let vars = a.vars.unwrap_or(3);
        let clauses = a.clauses.unwrap_or(4);
        if !(1..=4).contains(&vars) || !(1..=3).contains(&a.width) || clauses == 0 {
            let _ = writeln!(
                err,
                "tsume verify-reduction --all: --vars must be 1 to 4, --width 1 to 3 and --clauses at least 1"
            );
            return EXIT_BAD_INPUT;
        }
        let sets = tsume_reduce::clause_set_count(vars, 1..=clauses, a.width);
        if sets > 10_000_000 {
            let _ = writeln!(
                err,
                "tsume verify-reduction --all: {sets} clause sets over {vars} variables with up to {clauses} clauses; at most 10000000 (use fewer clauses)"
            );
            return EXIT_BAD_INPUT;
        }
        // The classes' sizes add up to `sets` (tested in tsume-reduce).
        stands_for = Some(sets);
        formulas.extend(reduction::up_to_renaming(vars, clauses, a.width));
    } else if a.vars.is_some() || a.clauses.is_some() || formulas.is_empty() {
        let vars = a.vars.unwrap_or(3);
        if vars == 0 {
            let _ = writeln!(err, "tsume verify-reduction: --vars must be at least 1");
            return EXIT_BAD_INPUT;
        }
        let clauses = a.clauses.unwrap_or(4);
        random = Some(reduction::random(
            vars, clauses, a.count, a.seed, a.monotone,
        ));
    }
    let opts = reduction::VerifyOptions {
        depth: a.depth,
        limits: a.budget.clamped(),
        grid: a.grid,
        check: !a.no_check,
    };
    let mut rows = Vec::new();
    if !a.json {
        let _ = writeln!(out, "{}", reduction::VerifyRow::header());
    }
    for (name, cnf) in formulas.into_iter().chain(random.into_iter().flatten()) {
        let row = match reduction::verify(&name, &cnf, &opts) {
            Ok(r) => r,
            Err(e) => {
                let _ = writeln!(err, "{name}: {e}");
                return EXIT_FAILURE;
            }
        };
        if let Some(e) = &row.check_error {
            let _ = writeln!(err, "{name}: the checker rejects the tree: {e}");
        }
        if !a.json {
            let _ = writeln!(out, "{}", row.line());
        }
        rows.push(row);
    }
    let summary = reduction::VerifySummary::new(rows, stands_for);
    if a.json {
        crate::report::print(out, &summary);
    } else {
        let _ = write!(out, "\n{}", summary.text());
    }
    if summary.disagreements_or_unknown > 0 {
        EXIT_FAILURE
    } else {
        EXIT_OK
    }
}
