//! Output: the table for several problems (its rows' words: `tsume_solve::text`; their
//! JSON: `report`).

use std::io::Write;

use crate::jobs::Job;
use crate::report::{Collection, Row, SolveJson, SolveSummary, Unreadable};
use crate::{Fail, EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};
use tsume_solve::{text, Solved};

/// Several problems: one line each and a summary.
/// `jobs`: each problem's file and game tree (where `--index all` split a file, the
/// rows name the game tree and the summary counts problems, not files).
pub(crate) fn table(
    jobs: &[Job],
    results: &[Result<Solved, Fail>],
    as_json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut code = EXIT_OK;
    let mut rows = Vec::new();
    let mut summary = SolveSummary::new(jobs.len());
    for (job, r) in jobs.iter().zip(results) {
        match r {
            Err(e) => {
                let _ = writeln!(err, "{}", e.message);
                code = code.max(e.code).max(EXIT_BAD_INPUT);
                summary.errors += 1;
                if as_json {
                    rows.push(Row::Unreadable(Unreadable {
                        file: job.name(),
                        game_tree: job.index,
                        game_trees: job.of,
                        error: e.message.clone(),
                    }));
                }
            }
            Ok(rep) => {
                summary.add(rep);
                if rep.report.rejected().is_some() {
                    code = code.max(EXIT_FAILURE);
                }
                if as_json {
                    rows.push(Row::Solved(SolveJson::new(rep, None)));
                } else {
                    let _ = writeln!(out, "{}", text::row(rep, &job.label()));
                }
            }
        }
    }
    if as_json {
        let problems = Collection {
            problems: rows,
            summary,
        };
        crate::report::print(out, &problems);
    } else {
        let counted = crate::jobs::counted_jobs(jobs);
        let _ = writeln!(out, "\n{}", text::summary(&summary, &counted));
    }
    code
}
