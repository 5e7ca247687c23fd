//! The JSON of the seeds' other systems: `tsume status` (a string's status, seed 002)
//! and `tsume linear` (Go on a 1×n line, seed 000).

use super::*;

/// `tsume status --json`: the question, then the answer.
#[derive(Serialize)]
pub(crate) struct StatusJson {
    pub file: String,
    /// The string's point, named on the whole board.
    pub point: String,
    /// `none` or `basic`.
    pub ko_rule: &'static str,
    /// `--depth`, else null.
    pub depth: Option<u32>,
    #[serde(flatten)]
    pub result: StatusResult,
}

/// A string's status, or why there is none.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum StatusResult {
    /// Out of budget: `status` is `"unknown"`.
    Unknown {
        status: &'static str,
        reason: String,
    },
    Settled(Box<StatusSettled>),
}

/// Both evaluations of a string's status (tsume-status's `Report`).
#[derive(Serialize)]
pub(crate) struct StatusSettled {
    /// The string's owner: `black` or `white`.
    pub player: &'static str,
    pub first: &'static str,
    pub string: Vec<String>,
    /// States of hypothetical play built.
    pub states: usize,
    pub cassandra: CassandraJson,
    pub j2003: J2003Json,
    pub agree: bool,
}

/// Cassandra's single pass.
#[derive(Serialize)]
pub(crate) struct CassandraJson {
    /// `A`, `B2`, `B31` or `B32`.
    pub status: &'static str,
    pub name: &'static str,
    pub plies: u32,
    pub line: Vec<String>,
    pub line_repeats: bool,
    pub local2: Vec<String>,
    pub bounded_by: Vec<String>,
}

/// J2003's steps.
#[derive(Serialize)]
pub(crate) struct J2003Json {
    /// The conclusion; null when there is none.
    pub status: Option<&'static str>,
    pub name: Option<&'static str>,
    pub settled_from: Option<u32>,
    pub repeats_from: u32,
    pub period: u32,
    pub cycle: Vec<&'static str>,
    pub steps: StepsJson,
    pub local2: Option<Vec<String>>,
    pub local2_undefined_by: Option<String>,
    pub bounded_by: Option<Vec<String>>,
}

/// The three steps' values at one bound (`irrelevant`: the leaf was cut).
#[derive(Serialize)]
pub(crate) struct StepsJson {
    pub bound: u32,
    pub step1: &'static str,
    pub step2: &'static str,
    pub step3: &'static str,
}

/// `tsume linear --json`: a solved (or unknown) 1×n state.
#[derive(Serialize)]
pub(crate) struct LinearJson {
    pub n: usize,
    /// The start, written as in seed 000 (`x-oo-`).
    pub position: String,
    /// `x` or `o`.
    pub to_move: String,
    /// Black's area minus White's under perfect play; null when the search stopped.
    pub value: Option<i32>,
    /// The principal variation, `x:3 o:pass …` (cells from 1).
    pub pv: Vec<String>,
    pub nodes: u64,
    /// Nodes spent extracting the principal variation.
    pub pv_nodes: u64,
    pub seconds: f64,
    /// Whether the narrow form of seed 000's rule pruned the search.
    pub prune: bool,
}

/// `tsume linear N --verify-pruning --json`.
#[derive(Serialize)]
pub(crate) struct LinearVerifyJson {
    pub n: usize,
    /// Every reachable state (n ≤ 4), else a random sample.
    pub exhaustive: bool,
    /// The theorem as stated, per end.
    pub theorem: Vec<VerifyEndJson>,
    /// The narrow rule `--prune` uses, per end.
    pub rule: Vec<VerifyEndJson>,
    pub holds: bool,
    pub seconds: f64,
}

/// One end's check (tsume-linear's `verify::Report`).
#[derive(Serialize)]
pub(crate) struct VerifyEndJson {
    /// `near` (cells 0, 1) or `far` (cells n−1, n−2).
    pub end: &'static str,
    pub states: u64,
    pub checked: u64,
    pub failures: u64,
    /// States meeting the hypothesis whose swapped history is not a legal game.
    pub not_valid: u64,
    pub counterexample: Option<CounterexampleJson>,
}

/// A state where the theorem fails: S⁰ and S¹ with their lines from the empty board.
#[derive(Serialize)]
pub(crate) struct CounterexampleJson {
    pub line: String,
    pub swapped_line: String,
    pub position0: String,
    pub position1: String,
    pub to_move: String,
    pub x: String,
    pub mu0: i32,
    pub mu1: i32,
}

impl VerifyEndJson {
    pub fn new(end: &'static str, r: &tsume_linear::verify::Report) -> VerifyEndJson {
        use tsume_linear::verify::format_line;
        VerifyEndJson {
            end,
            states: r.states,
            checked: r.checked,
            failures: r.failures,
            not_valid: r.invalid_swaps,
            counterexample: r.counterexample.as_ref().map(|c| CounterexampleJson {
                line: format_line(&c.line),
                swapped_line: format_line(&c.swapped),
                position0: c.position0.to_string(),
                position1: c.position1.to_string(),
                to_move: c.to_move.letter().to_string(),
                x: c.x.letter().to_string(),
                mu0: c.mu0,
                mu1: c.mu1,
            }),
        }
    }
}
