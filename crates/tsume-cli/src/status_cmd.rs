//! `tsume status`: a string's status by Cassandra's single pass and by J2003's steps
//! (seed 002; the library is `tsume-status`).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tsume_board::Point;
use tsume_sgf::Problem;
use tsume_status::{Options, StatusError, DEFAULT_MAX_BYTES, DEFAULT_MAX_STATES};

use crate::args::{AreaArgs, KoRuleArg, Player};
use crate::jobs::Job;
use tsume_status::json::{StatusJson, StatusResult, StatusSettled};

use crate::report;
use crate::{Fail, EXIT_OK};

/// Arguments of `tsume status`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "The status of a string, with its opponent moving first (seed 002, J2003's terms):
A uncapturable, B2 capturable-1, B31 capturable-2, B32 not alive.

Every sequence of hypothetical play from the position (the area in play, as `tsume solve`
loads it) ends with two passes; its leaf is A if the string was never captured, else B2 if
a stone of the string's owner stands on the string's points (local-1), else B31 if one
stands on local-2 outside them, else B32. local-2 grows from local-1 over every adjacent
point that holds no stone of the owner's strings found A or B2 (settled first).

Two evaluations, side by side:
- Cassandra's single pass: the opponent takes the minimum, the owner the maximum, over
  B32 < B31 < B2 < A; infinite play counts A (never captured). Exact, no bound.
- J2003's steps, each with its own decision matrices as the seed gives them: step 1 finds
  A, step 2 (A leaves cut) B2, step 3 (B2 leaves cut too) B31. They fold the tree of every
  sequence of at most α plies (unfinished ones count A); by default the conclusion that
  every large enough α gives, or none if it keeps changing with α.

Only small areas: every state of hypothetical play is built (--max-states, --memory-mb)."
)]
pub struct StatusArgs {
    /// An SGF or tsume-graph file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The string in question: a stone of it, GTP (C3) or SGF (cc) style, or a graph
    /// point name [default: the file's target, as `tsume solve` picks it].
    #[arg(long, value_name = "POINT")]
    pub point: Option<String>,
    /// Who moves first: B or W [default: the opponent of the string's owner, as the seed
    /// says; the owner first is outside the seed's definitions].
    #[arg(
        long,
        value_name = "B|W",
        ignore_case = true,
        hide_possible_values = true
    )]
    pub to_move: Option<Player>,
    #[command(flatten)]
    pub ko_rule: KoRuleArg,
    /// α: fold J2003's steps on the tree bounded at α plies, for every string evaluated
    /// [default: the conclusion every large enough α gives].
    #[arg(long, value_name = "α")]
    pub depth: Option<u32>,
    /// The most states of hypothetical play built per string (1 to 2³² − 1); more:
    /// unknown.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, value_parser = crate::numbers::max_states)]
    pub max_states: usize,
    /// Memory budget in MiB of one string's states of hypothetical play, their moves and
    /// their evaluations; more: unknown.
    #[arg(long, value_name = "MB", default_value_t = (DEFAULT_MAX_BYTES >> 20) as usize, value_parser = crate::numbers::tt_mb)]
    pub memory_mb: usize,
    #[command(flatten)]
    pub area: AreaArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// A point of the area in play, named on the whole board.
fn name(problem: &Problem, p: Point) -> String {
    match problem.to_full(p) {
        Some(f) => problem.full().board().gtp(f),
        None => problem.position().board().name(p).to_string(),
    }
}

/// Runs `tsume status`.
pub(crate) fn run(a: &StatusArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match status(a, out) {
        Ok(()) => EXIT_OK,
        Err(f) => {
            let _ = writeln!(err, "{}", f.message);
            f.code
        }
    }
}

fn status(a: &StatusArgs, out: &mut dyn Write) -> Result<(), Fail> {
    a.area.one_tree()?;
    let first = a.to_move.map(Player::color);
    let ko = a.ko_rule.basic();
    let job = Job {
        path: a.file.clone(),
        index: 0,
        of: None,
        sgf: None,
    };
    let problem = job.problem(&a.area.load_options(a.point.clone(), None), None)?;
    let pos = problem.position().with_ko_rule(ko);
    let x = problem.target();
    let opts = Options {
        first,
        depth: a.depth,
        max_states: a.max_states,
        max_bytes: (a.memory_mb as u64) << 20,
    };
    let json = |result| StatusJson {
        file: problem.label(),
        point: name(&problem, x),
        ko_rule: if ko { "basic" } else { "none" },
        depth: a.depth,
        result,
    };
    let report = match tsume_status::status(&pos, x, &opts) {
        Ok(r) => r,
        Err(StatusError::EmptyPoint(_)) => {
            return Err(Fail::input(format!(
                "{}: the point {} holds no stone",
                problem.label(),
                name(&problem, x)
            )))
        }
        Err(e) => {
            // Out of budget: an answer, "unknown".
            if a.json {
                report::print(
                    out,
                    &json(StatusResult::Unknown {
                        status: "unknown",
                        reason: e.to_string(),
                    }),
                );
            } else {
                let _ = writeln!(
                    out,
                    "{}: the string at {}: unknown ({e})",
                    problem.label(),
                    name(&problem, x)
                );
            }
            return Ok(());
        }
    };
    if a.json {
        report::print(
            out,
            &json(StatusResult::Settled(Box::new(StatusSettled::new(
                &report,
                &|p| name(&problem, p),
            )))),
        );
    } else {
        let text =
            tsume_status::text::report(&problem.label(), x, &report, ko, &|p| name(&problem, p));
        let _ = write!(out, "{text}");
    }
    Ok(())
}
