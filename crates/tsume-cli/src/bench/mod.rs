//! `tsume bench`: solve the bundled problems or the public corpus, measure, compare.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use rayon::prelude::*;
use tsume_sgf::LoadOptions;

use crate::args::{BudgetArgs, KoRuleArg, RegionArgs, SearchArgs};
use crate::{EXIT_BAD_INPUT, EXIT_OK};

mod corpus;

use corpus::corpus;
use tsume_corpus::timing::{BenchJson, BenchRow};

/// Arguments of `tsume bench`.
#[derive(Args, Debug, Clone)]
#[command(long_about = "Solve many problems and report speed and correctness.

Without --corpus: every problem of a folder (default problems/), each with both sides moving
first; reports nodes, time and node rate per problem and their medians.

With --corpus DIR: every row of DIR/answers.tsv (see that folder's README), the target and
the player to move taken from the row; reports per source how many were answered, how many
statuses match the published answer, how many first moves are among the published ones, and
the median and total time, and the answered share by points in play (the area's size:
under 30, 30-39, 40-49, 50 and more). Rows that disagree are listed for inspection, each solved again
with its proof tree checked: whether a line of the tree repeats a position (a ko, or a
cycle), and, for those that repeat (in the model), the verdict under the basic ko rule,
checked too: a ko when it is the published one.",
    mut_arg("time_limit", |a| a.help("Seconds per search before answering unknown").default_value("10")),
    mut_arg("max_nodes", |a| a.help("Node expansions per search before answering unknown")),
    mut_arg("tt_mb", |a| a.hide(true))
)]
pub struct BenchArgs {
    /// The public corpus folder (with answers.tsv).
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// The problem folder to time when no corpus is given (each game tree of a collection
    /// file is a problem of its own).
    #[arg(long, value_name = "DIR", default_value = "problems")]
    pub problems: PathBuf,
    /// Only rows whose source starts with this (gnugo, d180cf, cho).
    #[arg(long, value_name = "NAME")]
    pub source: Option<String>,
    /// Only every N-th row (after --source): a sample spread over the whole source.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::numbers::positive)]
    pub every: usize,
    /// At most this many rows (after --source and --every).
    #[arg(long, value_name = "N", value_parser = crate::numbers::budget)]
    pub limit: Option<usize>,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Parallel searches (default 1, so that times are comparable).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::numbers::positive)]
    pub jobs: usize,
    // The area in play for corpus rows (the problems are loaded with the defaults).
    #[command(flatten)]
    pub region: RegionArgs,
    /// Write one line per row (TSV) to this file (columns: file, target, to_move,
    /// expected, got, first_move, published, seconds, nodes, source, error, survives,
    /// confirmed, repeats, ko_rule, region_points).
    #[arg(long, value_name = "FILE")]
    pub rows_out: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also check the published first moves: after each one, solve with the other side
    /// to move; a row counts as confirmed when one of them wins (rows whose status has
    /// the player to move winning, ko-free; one more search per move).
    #[arg(long)]
    pub confirm_first_moves: bool,
    /// Without --corpus: also the result under ordinary Go rules, as `tsume solve` gives
    /// it (trees built and checked); its searches' nodes are counted apart, with their
    /// ratio to the search's.
    #[arg(long, conflicts_with = "corpus")]
    pub go: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub ko_rule: KoRuleArg,
}

pub(crate) fn run(a: &BenchArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.max(1))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "tsume bench: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    match &a.corpus {
        Some(dir) => corpus(&pool, dir, a, out, err),
        None => problems(&pool, a, out, err),
    }
}

fn problems(
    pool: &rayon::ThreadPool,
    a: &BenchArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let files = match crate::jobs::expand(std::slice::from_ref(&a.problems)) {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(err, "tsume bench: {}", e.message);
            return e.code;
        }
    };
    let settings = crate::solve::Settings {
        load: LoadOptions::default(),
        ko_rule: a.ko_rule.basic(),
        progress: false,
        // With --go, as `tsume solve` runs: the trees built and checked, since the Go
        // result starts from the question's checked tree.
        solve: if a.go {
            tsume_solve::Settings {
                limits: a.budget.clamped(),
                tuning: a.search.tuning(),
                ..tsume_solve::Settings::default()
            }
        } else {
            tsume_solve::Settings {
                limits: a.budget.clamped(),
                want_tree: false,
                max_tree: 0,
                check: false,
                exact: 0,
                forever: 0,
                tuning: a.search.tuning(),
                go: false,
                ..tsume_solve::Settings::default()
            }
        },
    };
    // Every game tree of a collection file is a problem of its own.
    let jobs = crate::jobs::jobs(&files, crate::jobs::TreeIndex::All, None);
    let results: Vec<_> = pool.install(|| {
        jobs.par_iter()
            .map(|j| crate::solve::solve_job(j, None, &settings))
            .collect()
    });
    let mut rows = Vec::new();
    for (job, r) in jobs.iter().zip(&results) {
        match r {
            Ok(rep) => {
                let row = BenchRow {
                    file: job.name(),
                    game_tree: job.index,
                    status: rep.status().map(tsume_solve::Status::as_str),
                    nodes: rep.report.nodes(),
                    seconds: rep.report.seconds(),
                    go_nodes: a.go.then(|| rep.report.go_nodes()),
                };
                if !a.json {
                    let _ = writeln!(out, "{}", row.line(&job.label()));
                }
                rows.push(row);
            }
            Err(e) => {
                let _ = writeln!(err, "{}", e.message);
            }
        }
    }
    let bench = BenchJson::new(rows);
    if a.json {
        crate::report::print(out, &bench);
    } else {
        let _ = writeln!(out, "\n{}", bench.summary(jobs.len()));
    }
    EXIT_OK
}
