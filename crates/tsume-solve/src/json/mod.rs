//! Every `--json` output of `tsume` that reports a certified answer, as the types that
//! make it: the schema that docs/cli.md documents is these types. Each is built from the
//! library's reports ([`Solved`], [`Review`](crate::review::Review), a checked
//! certificate); writing one out is the caller's.
//!
//! The fields are the JSON keys, documented once, in docs/cli.md.
#![allow(missing_docs)]

use serde::Serialize;
use tsume_board::{Color, Move};
use tsume_prove::Verdict;

use crate::{MovesCheck, Side, Solved, Status};

mod check;
mod go;
mod proof;

pub use check::*;
pub use go::*;
pub use proof::*;

/// A colour: `"B"` or `"W"`.
pub(crate) fn letter(c: Color) -> String {
    c.letter().to_string()
}

/// A point or move by its names: `{"gtp": "C3", "sgf": "cc"}` (a pass: `"pass"`, `""`;
/// a graph board's point: its name twice).
#[derive(Serialize)]
pub struct Named {
    pub gtp: String,
    pub sgf: String,
}

impl Named {
    pub fn new((gtp, sgf): (String, String)) -> Named {
        Named { gtp, sgf }
    }
}

/// The board: a grid's size, or a graph board's points.
#[derive(Serialize)]
#[serde(untagged)]
pub enum BoardSize {
    Grid { width: u32, height: u32 },
    Graph { points: usize },
}

/// `tsume solve --json`: one problem.
#[derive(Serialize)]
pub struct SolveJson {
    pub file: String,
    pub game_tree: usize,
    pub game_trees: usize,
    pub board: BoardSize,
    pub target: Named,
    pub target_source: String,
    pub defender: String,
    pub attacker: String,
    pub depth_bound: u32,
    /// `none` or `basic`.
    pub ko_rule: &'static str,
    pub region_points: usize,
    pub virtual_eyes: usize,
    pub outside_walls: usize,
    pub frame_points: usize,
    pub notes: Vec<String>,
    /// With both sides searched; else null.
    pub status: Option<&'static str>,
    pub results: Vec<SideJson>,
    pub nodes: u64,
    pub seconds: f64,
    /// With `--to-move B` or `W`: that search's main fields, at the top level too.
    #[serde(flatten)]
    pub one_side: Option<OneSideJson>,
}

/// The fields of one search repeated at the top level with `--to-move B|W`.
#[derive(Serialize)]
pub struct OneSideJson {
    pub to_move: String,
    pub verdict: &'static str,
    pub moves: Vec<Named>,
    pub exact: bool,
    pub kill_plies: Option<u32>,
    pub pv: Vec<Named>,
    pub pv_repeats: Option<(usize, usize)>,
    pub checked: Option<bool>,
    pub repetition_free: Option<bool>,
    pub go_result: Option<&'static str>,
    pub go_moves: Option<Vec<Named>>,
    pub ko_winner_without_threats: Option<String>,
    pub ko_threats_needed: Option<ThreatsJson>,
}

/// One player moving first: `results[i]` of [`SolveJson`].
#[derive(Serialize)]
pub struct SideJson {
    pub to_move: String,
    pub verdict: &'static str,
    pub moves: Vec<Named>,
    pub all_moves: bool,
    pub exact: bool,
    pub kill_plies: Option<u32>,
    pub pv: Vec<Named>,
    pub pv_repeats: Option<(usize, usize)>,
    pub nodes: u64,
    pub seconds: f64,
    pub nodes_per_second: f64,
    pub tt_hits: u64,
    pub tt_solved: u64,
    pub tt_clears: u64,
    pub max_depth: u32,
    pub unbounded_nodes: u64,
    pub settled_unbounded: bool,
    /// With `--zone-table` only (absent otherwise): probes of the solved patterns, the
    /// probes they answered, the zones looked at, and the reuses in the trees built.
    #[serde(skip_serializing_if = "is_zero")]
    pub zone_table_probes: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub zone_table_hits: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub zone_table_zones_probed: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub zone_reused: u64,
    /// Absent when zero: moves a sibling's post-hoc zone answered in the search and the
    /// trees, and positions the static life test found alive.
    #[serde(skip_serializing_if = "is_zero")]
    pub zone_pruned: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub static_alive: u64,
    /// The tree passed the checker; null when not checked.
    pub checked: Option<bool>,
    /// Whether the checked tree itself shows `exact`: a kill is exact by itself, a life
    /// for every α needs a disproof for every α (not one within α).
    pub exact_checked: bool,
    /// With `--all-moves`: every first move's outcome shown by a checked tree of its own.
    pub moves_checked: Option<bool>,
    pub moves_check_error: Option<String>,
    pub proof_nodes: Option<usize>,
    pub repetition_free: Option<bool>,
    pub check_error: Option<String>,
    pub reason: Option<String>,
    pub survives_plies: Option<u32>,
    pub survives_checked: Option<bool>,
    /// The result under ordinary Go rules.
    #[serde(flatten)]
    pub go: GoJson,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

pub(crate) fn moves(r: &Solved, moves: &[Move]) -> Vec<Named> {
    moves.iter().map(|&m| Named::new(r.move_names(m))).collect()
}

impl SideJson {
    pub fn new(r: &Solved, s: &Side) -> SideJson {
        let a = &s.answer;
        let checked = s.check.as_ref().map(|c| c.as_ref().ok());
        SideJson {
            to_move: letter(s.to_move),
            verdict: a.verdict.as_str(),
            moves: moves(r, &a.moves),
            all_moves: a.all_moves,
            exact: a.exact,
            kill_plies: a.kill_plies,
            pv: moves(r, &a.pv),
            pv_repeats: s.pv_repeats(),
            nodes: a.stats.nodes,
            seconds: a.stats.seconds,
            nodes_per_second: a.stats.nodes_per_second().round(),
            tt_hits: a.stats.tt_hits,
            tt_solved: a.stats.tt_solved,
            tt_clears: a.stats.tt_clears,
            max_depth: a.stats.max_depth,
            unbounded_nodes: a.stats.unbounded_nodes,
            settled_unbounded: a.settled_unbounded,
            zone_table_probes: a.stats.zone_table_probes,
            zone_table_hits: a.stats.zone_table_hits,
            zone_table_zones_probed: a.stats.zone_table_zones_probed,
            zone_reused: a.stats.zone_reused,
            zone_pruned: a.stats.zone_pruned,
            static_alive: a.stats.static_alive,
            checked: checked.map(|c| c.is_some()),
            exact_checked: checked
                .flatten()
                .is_some_and(|c| a.exact && (a.verdict == Verdict::Dead || c.every_alpha)),
            moves_checked: match &s.moves_check {
                Some(MovesCheck::Checked(_)) => Some(true),
                Some(MovesCheck::Rejected(_)) => Some(false),
                Some(MovesCheck::Unsettled(_)) | None => None,
            },
            moves_check_error: match &s.moves_check {
                Some(MovesCheck::Rejected(e) | MovesCheck::Unsettled(e)) => Some(e.clone()),
                _ => None,
            },
            proof_nodes: checked.flatten().map(|c| c.nodes),
            repetition_free: checked.flatten().map(|c| c.repetition_free),
            check_error: s.check.as_ref().and_then(|c| c.as_ref().err().cloned()),
            reason: a.reason.as_ref().map(ToString::to_string),
            survives_plies: a.survives,
            survives_checked: s.survives_check.as_ref().map(Result::is_ok),
            go: GoJson::new(r, s.go.as_ref()),
        }
    }
}

impl SolveJson {
    pub fn new(r: &Solved, one_side: Option<Color>) -> SolveJson {
        let p = &r.problem;
        let full = p.full().board();
        let defender = r.defender();
        let results: Vec<SideJson> = r.report.sides.iter().map(|s| SideJson::new(r, s)).collect();
        let one_side = one_side.and_then(|c| {
            let s = SideJson::new(r, r.report.side(c)?);
            Some(OneSideJson {
                to_move: s.to_move,
                verdict: s.verdict,
                moves: s.moves,
                exact: s.exact,
                kill_plies: s.kill_plies,
                pv: s.pv,
                pv_repeats: s.pv_repeats,
                checked: s.checked,
                repetition_free: s.repetition_free,
                go_result: s.go.go_result,
                go_moves: s.go.go_moves,
                ko_winner_without_threats: s.go.ko_winner_without_threats,
                ko_threats_needed: s.go.ko_threats_needed,
            })
        });
        SolveJson {
            file: p.file().to_string(),
            game_tree: p.game_tree(),
            game_trees: p.game_trees(),
            board: match full.grid_info() {
                Some(g) => BoardSize::Grid {
                    width: g.width,
                    height: g.height,
                },
                None => BoardSize::Graph { points: full.len() },
            },
            target: Named {
                gtp: full.gtp(p.target_full()),
                sgf: full.sgf(p.target_full()),
            },
            target_source: r.target_source(),
            defender: letter(defender),
            attacker: letter(defender.opponent()),
            depth_bound: r.report.depth,
            ko_rule: if p.position().ko_rule() {
                "basic"
            } else {
                "none"
            },
            region_points: p.region().len(),
            virtual_eyes: p.virtual_eyes().len(),
            outside_walls: p.outside_walls().len(),
            frame_points: p.frame_points().len(),
            notes: p.notes().to_vec(),
            status: r.status().map(Status::as_str),
            results,
            nodes: r.report.nodes(),
            seconds: r.report.seconds(),
            one_side,
        }
    }
}

/// A problem that could not be read, among several: its file and game tree, and why.
#[derive(Serialize)]
pub struct Unreadable {
    pub file: String,
    pub game_tree: usize,
    /// The file's game trees, when it was split (`--index all`); else null.
    pub game_trees: Option<usize>,
    pub error: String,
}

/// A row of [`Collection`]: a problem solved, or one that could not be read.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Row<T> {
    Solved(T),
    Unreadable(Unreadable),
}

/// Several problems: `{"problems": [...], "summary": {...}}`.
#[derive(Serialize)]
pub struct Collection<T, S> {
    pub problems: Vec<T>,
    pub summary: S,
}

/// The summary of `tsume solve` on several problems.
#[derive(Serialize, Default)]
pub struct SolveSummary {
    /// Problems (game trees), readable or not.
    pub files: usize,
    pub solved: usize,
    pub unknown: usize,
    pub errors: usize,
    pub expected: usize,
    pub agree: usize,
    pub nodes: u64,
    pub seconds: f64,
}

impl SolveSummary {
    /// No problem counted yet, of `files`.
    pub fn new(files: usize) -> SolveSummary {
        SolveSummary {
            files,
            ..SolveSummary::default()
        }
    }

    /// Counts a solved problem: settled or unknown, its file's answer, its searches.
    pub fn add(&mut self, r: &Solved) {
        let status = r.status_word();
        if status == "unknown" {
            self.unknown += 1;
        } else {
            self.solved += 1;
        }
        if let Some(e) = r.expected_status() {
            self.expected += 1;
            if e == status {
                self.agree += 1;
            }
        }
        self.nodes += r.report.nodes();
        self.seconds += r.report.seconds();
    }
}

/// `tsume solve --tree-out`: one entry per tree.
#[derive(Serialize)]
struct TreeOut<'a> {
    to_move: String,
    /// `tsume_proof::to_json`'s object, streamed.
    tree: tsume_proof::TreeJson<'a>,
}

/// Writes `tsume solve --tree-out`'s file: each side's tree (its proof or disproof, else
/// the partial result of an unknown answer, which `check-proof` checks too), streamed
/// node by node. With neither, the list is empty, which `check-proof` reads as "no tree".
///
/// # Errors
/// The writer's.
pub fn write_trees(solved: &Solved, w: impl std::io::Write) -> serde_json::Result<()> {
    let trees: Vec<TreeOut> = solved
        .report
        .sides
        .iter()
        .filter_map(|side| {
            let t = side
                .answer
                .tree
                .as_ref()
                .or(side.answer.survives_tree.as_ref())?;
            Some(TreeOut {
                to_move: letter(side.to_move),
                tree: tsume_proof::TreeJson::new(&side.position, solved.problem.target(), t),
            })
        })
        .collect();
    serde_json::to_writer_pretty(w, &trees)
}
