//! `tsume check`: a problem file's own solution tree (its variations and their marks)
//! set against proofs, for problem authors.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use rayon::prelude::*;
use tsume_prove::Limits;
use tsume_solve::review::{review, Review};

use crate::args::{AreaArgs, BudgetArgs, KoRuleArg, Player};
use crate::jobs::{expand, write, Job};
use crate::report::{CheckJson, CheckSummary, Collection};
use crate::{Fail, EXIT_FAILURE, EXIT_OK};

/// Arguments of `tsume check`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Check a problem file's solution tree by proof: every move of every variation, and
every line's mark.

The problem is the position at the end of the file's root sequence, as for `tsume solve`;
its side is the player to move (--to-move, else PL, else the first variation's first move):
Black to kill and White to live, or the reverse. Each variation is a line of play from
there. After every move of every line tsume proves who wins (a search per move, each
proof replayed by the checker) and says, for the side's moves, whether they keep the win
(wins) or throw it away (fails, with the opponent's answer that refutes them), and for
the opponent's moves, whether they refute a failed move (refutes) or miss it (misses,
with the side's move that wins again).

A line's mark is the last one on it: a comment with RIGHT, correct or success (right), or
wrong, incorrect or fail (wrong), GB or GW (good for that colour), BM on the side's move
(wrong). A file without any mark is read as one whose every line is a solution (the
d180cf and Cho collections). A line is right when every move of the side in it keeps the
win and it ends won; wrong when one of them fails.

It also lists the side's winning first moves that no right line of the file plays: a
second solution the author may want to show, or to remove by changing the problem.
--all-moves lists the side's other winning moves at every move (duals); --sgf-out
writes the file back with the judgements as comments and the missing refutations and
solutions as variations.

Exit status: 0 when every mark agrees with the proofs (unknown answers included, and
reported), 1 when a mark or a refutation disagrees or a proof is rejected, 2 on bad input.",
    after_help = "Examples:
  tsume check problem.sgf                  every line and mark of one problem
  tsume check collection/ --json           a folder: one object per file, and a summary
  tsume check problem.sgf --to-move W      the problem as White's (when the file has no PL)
  tsume check problem.sgf --all-moves --sgf-out checked.sgf   duals, and an annotated copy",
    mut_arg("max_nodes", |a| a
        .help("Node expansions per search (one search per move of the tree) before answering unknown")
        .default_value("2000000")),
    mut_arg("time_limit", |a| a.help("Seconds per search before answering unknown")),
    mut_arg("tt_mb", |a| a.help("Transposition table per search, in MiB").default_value("64"))
)]
pub struct CheckArgs {
    /// SGF files, or folders (every *.sgf inside, subfolders too); `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The group in question (see `tsume solve --help`).
    #[arg(long, value_name = "POINT")]
    pub target: Option<String>,
    /// The problem's side, who plays first [default: the file's PL, else the first variation's first move].
    #[arg(
        long,
        value_name = "B|W",
        ignore_case = true,
        hide_possible_values = true
    )]
    pub to_move: Option<Player>,
    #[command(flatten)]
    pub area: AreaArgs,
    /// α at the problem's position; each move spends a ply [default: as `tsume solve`].
    #[arg(long, value_name = "α", value_parser = crate::numbers::depth)]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub ko_rule: KoRuleArg,
    /// Skip replaying the proofs through the independent checker.
    #[arg(long)]
    pub no_check: bool,
    /// List, at every move of the side, every other winning move there (a dual), not
    /// only the first one found where the side's move fails.
    #[arg(long)]
    pub all_moves: bool,
    /// Write the file back with tsume's judgement in each move's comment, the
    /// refutations the file lacks and the other winning first moves added as
    /// variations (one file only).
    #[arg(long, value_name = "FILE")]
    pub sgf_out: Option<PathBuf>,
    /// Write a self-contained HTML page that steps through the file's lines, each move
    /// with its judgement (one file only; docs/pictures.md).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print JSON (one object for one file, `{"problems": [...], "summary": {...}}` for several; schema in docs/cli.md).
    #[arg(long)]
    pub json: bool,
}
fn check_file(
    job: &Job,
    stdin: Option<&str>,
    a: &CheckArgs,
    limits: &Limits,
    ko_rule: bool,
) -> Result<Review, Fail> {
    if job.is_graph(stdin) {
        return Err(Fail::input(format!(
            "{}: a graph file has no variations to check (tsume solve answers its question)",
            job.name()
        )));
    }
    let file = job.solution_tree(stdin)?;
    let given = a.to_move.map(Player::color);
    let mut load = a.area.load_options(a.target.clone(), given);
    let mut problem = job.problem(&load, stdin)?;
    let side = match given.or(problem.to_move_given()) {
        Some(c) => c,
        None => {
            let Some(first) = file.lines.first() else {
                return Err(Fail::input(format!(
                    "{}: no player to move (no PL) and no variation to tell it; give --to-move",
                    problem.label()
                )));
            };
            // The target is inferred from the player to move: load again with it.
            load.to_move = Some(first.color);
            problem = job.problem(&load, stdin)?;
            first.color
        }
    };
    if ko_rule {
        problem = problem.with_ko_rule(true);
    }
    if problem.position().color(problem.target()).is_none() {
        return Err(Fail::input(format!(
            "{}: the target point is empty",
            problem.label()
        )));
    }
    let depth = a
        .depth
        .unwrap_or_else(|| tsume_prove::default_depth(problem.position()));
    let settings = tsume_solve::review::settings(limits.clone(), !a.no_check);
    Ok(review(problem, file, side, depth, &settings, a.all_moves))
}

/// `tsume check`; `stdin` is standard input's text when a file is `-`.
pub(crate) fn run(
    a: &CheckArgs,
    stdin: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let fail = |err: &mut dyn Write, f: Fail| {
        let _ = writeln!(err, "tsume check: {}", f.message);
        f.code
    };
    let ko_rule = a.ko_rule.basic();
    let limits = match a.budget.limits() {
        Ok(l) => l,
        Err(f) => return fail(err, f),
    };
    // Folders give their SGF files (a graph file has no variations).
    let files = match expand(&a.files) {
        Ok(f) => f
            .into_iter()
            .filter(|f| a.files.contains(f) || f.extension().is_none_or(|e| e != "graph"))
            .collect::<Vec<_>>(),
        Err(f) => return fail(err, f),
    };
    let jobs = crate::jobs::jobs(&files, a.area.index, stdin);
    let single = jobs.len() == 1 && !a.files[0].is_dir();
    if (a.sgf_out.is_some() || a.html.is_some()) && !single {
        return fail(
            err,
            Fail::input("--sgf-out and --html take a single problem file"),
        );
    }
    let results: Vec<Result<Review, Fail>> = jobs
        .par_iter()
        .map(|j| check_file(j, stdin, a, &limits, ko_rule))
        .collect();
    let mut code = EXIT_OK;
    let mut objects = Vec::new();
    for r in &results {
        match r {
            Err(f) => {
                let _ = writeln!(err, "{}", f.message);
                code = code.max(f.code);
            }
            Ok(rep) => {
                if let Some(e) = rep.rejected() {
                    let _ = writeln!(
                        err,
                        "{}: the checker rejected a proof: {e}",
                        rep.problem.label()
                    );
                    code = code.max(EXIT_FAILURE);
                }
                if rep.errors() > 0 {
                    code = code.max(EXIT_FAILURE);
                }
                if let Some(path) = &a.sgf_out {
                    if let Err(f) = write(path, &rep.annotated_sgf()) {
                        let _ = writeln!(err, "{}", f.message);
                        return f.code;
                    }
                }
                if let Some(path) = &a.html {
                    // Within --time-limit counted from now, as `solve`'s pictures; a
                    // page not drawn is one line, and the review stands.
                    let deadline = limits.time_limit.map(|t| std::time::Instant::now() + t);
                    match tsume_draw::review_page(rep, deadline) {
                        Ok(page) => {
                            if let Err(f) = write(path, &page) {
                                return fail(err, f);
                            }
                        }
                        Err(e) => {
                            let _ = writeln!(err, "{}: not drawn: {e}", path.display());
                        }
                    }
                }
                if a.json {
                    objects.push(CheckJson::new(rep));
                } else {
                    let _ = write!(out, "{}", rep.text());
                }
            }
        }
    }
    let summary = CheckSummary {
        files: results.len(),
        errors: results.iter().flatten().map(|r| r.errors()).sum(),
        unreadable: results.iter().filter(|r| r.is_err()).count(),
    };
    if a.json && !single {
        let problems = Collection {
            problems: objects,
            summary,
        };
        crate::report::print(out, &problems);
    } else if let Some(v) = objects.pop() {
        crate::report::print(out, &v);
    } else if results.len() > 1 {
        let counted = crate::jobs::counted_jobs(&jobs);
        let _ = writeln!(
            out,
            "{}",
            tsume_solve::review::summary(&counted, summary.errors, summary.unreadable)
        );
    }
    code
}
