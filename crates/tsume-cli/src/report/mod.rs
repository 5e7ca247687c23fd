//! Every `--json` output of `tsume`, as the types that make it (the schema documented
//! in docs/cli.md is these types): those of certified answers are the library's
//! (`tsume_solve::json`); the corpus's, the reduction's and the seeds' are here.
//! [`print`] writes one, its keys sorted.

use std::io::Write;

use serde::Serialize;

mod seeds;

pub(crate) use seeds::*;
pub(crate) use tsume_solve::json::*;

/// Writes `value` as pretty-printed JSON, its object keys in alphabetical order, and a
/// newline.
pub(crate) fn print(out: &mut dyn Write, value: &impl Serialize) {
    // Through `serde_json::Value`, whose objects keep their keys sorted: the order
    // `tsume` has always printed.
    let v = serde_json::to_value(value).unwrap_or_default();
    let _ = writeln!(
        out,
        "{}",
        serde_json::to_string_pretty(&v).unwrap_or_default()
    );
}

/// `tsume bench --json` without a corpus.
#[derive(Serialize)]
pub(crate) struct BenchJson {
    pub problems: Vec<BenchRow>,
    pub median_seconds: f64,
    pub median_nodes_per_second: f64,
    pub nodes: u64,
    pub seconds: f64,
}

/// One problem timed by `tsume bench`.
#[derive(Serialize)]
pub(crate) struct BenchRow {
    pub file: String,
    pub game_tree: usize,
    pub status: Option<&'static str>,
    pub nodes: u64,
    pub seconds: f64,
}

/// `tsume bench --corpus DIR --json`: one summary per source.
#[derive(Serialize)]
pub(crate) struct CorpusJson {
    pub sources: Vec<SourceJson>,
}

/// One source of the corpus, summed up.
#[derive(Serialize)]
pub(crate) struct SourceJson {
    pub source: String,
    pub rows: usize,
    pub answered: usize,
    pub status_known: usize,
    pub status_right: usize,
    pub kofree: usize,
    pub kofree_right: usize,
    pub first_move_checked: usize,
    pub first_move_right: usize,
    pub median_seconds: f64,
    pub total_seconds: f64,
    pub unknown_with_partial_result: usize,
    pub published_first_move_confirmed: usize,
    pub published_first_move_decided: usize,
    pub disagreements: usize,
    pub disagreements_repeating: usize,
    pub disagreements_not_repeating: usize,
    pub disagreements_ko_rule_agrees: usize,
    /// The answered share by points in play (issue 41's bins).
    pub answered_by_points: Vec<PointsBinJson>,
}

/// One bin of points in play: its label, rows, rows answered, rows with a published
/// status (dead or alive) and how many of them agree, the median seconds of its rows.
#[derive(Serialize)]
pub(crate) struct PointsBinJson {
    pub points: &'static str,
    pub rows: usize,
    pub answered: usize,
    pub status_known: usize,
    pub status_right: usize,
    pub median_seconds: f64,
}

/// `tsume reduce --json`.
#[derive(Serialize)]
pub(crate) struct ReduceJson {
    pub formula: String,
    pub output: String,
    pub variables: u32,
    pub clauses: usize,
    pub points: usize,
    pub empty_points: usize,
    pub groups: usize,
    pub edges: usize,
    pub race_liberties: usize,
    pub gate_liberties: usize,
    pub notes: Vec<String>,
    pub to_move: &'static str,
    pub target: &'static str,
    pub grid: Option<GridJson>,
    /// The route's stages, where the formula went through it to design D6's class.
    pub stages: Option<Vec<StageJson>>,
    pub solve: String,
}

/// One stage of the route (tsume-reduce's `route`): the formula's size after it.
#[derive(Serialize)]
pub(crate) struct StageJson {
    pub stage: &'static str,
    pub variables: usize,
    pub clauses: usize,
    pub crossings: usize,
}

/// A reduction's square grid.
#[derive(Serialize)]
pub(crate) struct GridJson {
    pub width: usize,
    pub height: usize,
    pub empty_points: usize,
    pub design: &'static str,
    /// "sgf" or "graph": how the grid was written.
    pub format: &'static str,
}

/// `tsume verify-reduction --json`.
#[derive(Serialize)]
pub(crate) struct VerifyJson {
    pub formulas: Vec<VerifyRow>,
    pub disagreements_or_unknown: usize,
    pub clause_sets: Option<u64>,
}

/// One formula of `verify-reduction`.
#[derive(Serialize)]
pub(crate) struct VerifyRow {
    pub formula: String,
    pub variables: u32,
    pub clauses: usize,
    pub points: usize,
    pub empty_points: usize,
    pub groups: usize,
    pub satisfiable: bool,
    pub verdict: &'static str,
    pub exact: bool,
    pub agree: Option<bool>,
    pub checked: Option<bool>,
    pub nodes: u64,
    pub seconds: f64,
    pub grid: Option<VerifyGrid>,
}

/// The square grid's verdict in `verify-reduction --grid`.
#[derive(Serialize)]
pub(crate) struct VerifyGrid {
    pub verdict: &'static str,
    pub nodes: u64,
    pub design: &'static str,
}
