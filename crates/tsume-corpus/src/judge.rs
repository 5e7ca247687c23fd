//! One row solved and judged: the prover's answer for the row's player to move, the
//! published first moves tried with `confirm_first_moves`, and a disagreement with the
//! published status classified by a checked tree (does a line repeat a position?) and,
//! for those that repeat, solved again under the basic ko rule.

use std::path::Path;

use tsume_board::{Move, Point, Position};
use tsume_prove::{Limits, Tuning, Verdict};
use tsume_sgf::{LoadOptions, Problem, RegionSpec};
use tsume_solve::{Settings, Sides};

use crate::answers::Row;

/// How the rows are loaded and searched.
#[derive(Debug, Clone)]
pub struct Options {
    /// The area in play (as `tsume solve --region`).
    pub region: RegionSpec,
    /// Do not add the frame (as `tsume solve --no-frame`).
    pub no_frame: bool,
    /// Keep the points sealed off from the target (as `tsume solve --keep-sealed`).
    pub keep_sealed: bool,
    /// Do not read a file's MA marks as its region (as `tsume solve --no-marked-region`).
    pub no_marked_region: bool,
    /// Each search's budget.
    pub limits: Limits,
    /// The search's tuning (deepening, the unbounded search, the ordering, zones).
    pub tuning: Tuning,
    /// Search under the basic ko rule instead of the model's none.
    pub ko_rule: bool,
    /// Also try the published first moves ([`Outcome::confirmed`]).
    pub confirm_first_moves: bool,
}

/// What became of one row.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub verdict: Verdict,
    /// tsume's first move, named as the file names points (`pass` for a pass).
    pub first: Option<String>,
    pub seconds: f64,
    pub nodes: u64,
    /// Why the row could not be loaded or solved.
    pub error: Option<String>,
    /// Unknown rows: the plies the defender is known to survive (a smaller bound's
    /// disproof, [`tsume_prove::Answer::survives`]).
    pub survives: Option<u32>,
    /// With `confirm_first_moves`: whether a published first move wins (None: not
    /// tried, or every search after one ran out of budget).
    pub confirmed: Option<bool>,
    /// Rows whose status tsume answers otherwise: the row solved again with its tree,
    /// checked; Ok(whether a line of it repeats a position, a ko retaken) or why there
    /// is no checked tree (over the tree limit, out of budget, rejected).
    pub disagreement: Option<Result<bool, String>>,
    /// Disagreements of the model whose checked tree repeats a position: the row solved
    /// once more under the basic ko rule, tree checked; Ok(its verdict) or why there is
    /// none. A ko rule verdict equal to the row's status says the row's answer is a ko
    /// (it assumes ordinary rules, where the defender may not retake at once).
    pub under_ko_rule: Option<Result<Verdict, String>>,
    /// The points of the area in play (`region_points` of `tsume solve --json`); None
    /// when the row could not be loaded.
    pub region_points: Option<usize>,
    /// An RZS row ([`crate::rzs`]): its crucial groups, why it is settled or not, what
    /// the cut changed.
    pub rzs: Option<crate::rzs::Rzs>,
}

impl Outcome {
    /// A row that could not be loaded or solved: unknown, with why.
    fn failed(error: String) -> Outcome {
        Outcome {
            verdict: Verdict::Unknown,
            first: None,
            seconds: 0.0,
            nodes: 0,
            error: Some(error),
            survives: None,
            confirmed: None,
            disagreement: None,
            under_ko_rule: None,
            region_points: None,
            rzs: None,
        }
    }

    /// Whether tsume answered, and otherwise than the row's published dead or alive.
    pub fn disagrees(&self, row: &Row) -> bool {
        row.status_known() && self.verdict != Verdict::Unknown && !self.agrees(row)
    }

    /// Whether tsume's verdict is the row's published status.
    pub fn agrees(&self, row: &Row) -> bool {
        self.verdict.as_str() == row.status
    }
}

/// A disagreeing row's answer, solved again with its tree and checked: whether a line
/// of the accepted tree repeats a position (`tsume_proof::CheckReport::repetition_free`).
/// A tree with no such line proves the answer under a ko rule too, so the row and tsume
/// then disagree on something other than a ko: the row, the guessed target or the area.
fn classify(
    pos: &Position,
    target: Point,
    verdict: Verdict,
    settings: &Settings,
) -> Result<bool, String> {
    let (again, repeats) = solve_checked(pos, target, settings)?;
    if again != verdict {
        return Err(format!("solved again: {again} (budget)"));
    }
    Ok(repeats)
}

/// A model's disagreement whose tree repeats a position, solved under the basic ko rule
/// (the immediate retake forbidden): the verdict, its tree checked, or why there is
/// none (out of budget, over the tree limit).
fn under_ko_rule(pos: &Position, target: Point, settings: &Settings) -> Result<Verdict, String> {
    Ok(solve_checked(&pos.with_ko_rule(true), target, settings)?.0)
}

/// `pos` solved with its tree (up to `--max-tree`'s default) and the tree checked as
/// `tsume solve` checks it (the claim and the bound too): the verdict and whether a line
/// of the tree repeats a position, or why there is none (unknown, no tree, rejected).
fn solve_checked(
    pos: &Position,
    target: Point,
    settings: &Settings,
) -> Result<(Verdict, bool), String> {
    let settings = Settings {
        want_tree: true,
        check: true,
        check_first_moves: false,
        max_tree: tsume_solve::DEFAULT_MAX_TREE,
        ..settings.clone()
    };
    let side = answer_one(pos, target, &settings)?;
    if side.answer.verdict == Verdict::Unknown {
        return Err("unknown (budget)".to_string());
    }
    let checked = side
        .check
        .ok_or("no tree (over --max-tree's nodes, or lost from the table)")?
        .map_err(|e| format!("PROOF REJECTED: {e}"))?;
    Ok((side.answer.verdict, !checked.repetition_free))
}

/// The library's answer for the player to move in `pos`.
fn answer_one(
    pos: &Position,
    target: Point,
    settings: &Settings,
) -> Result<tsume_solve::Side, String> {
    let settings = Settings {
        sides: Sides::One(pos.to_move()),
        ..settings.clone()
    };
    let mut report = tsume_solve::answer(pos, target, &settings).map_err(|e| e.to_string())?;
    Ok(report.sides.remove(0))
}

/// Row `row` of the corpus in `dir`, loaded with its target and player to move, solved
/// with the prover's defaults and `opts`, and judged.
pub fn solve_row(dir: &Path, row: &Row, opts: &Options) -> Outcome {
    let load = LoadOptions {
        index: 0,
        target: Some(row.target.clone()),
        to_move: Some(row.to_move),
        region: opts.region.clone(),
        no_frame: opts.no_frame,
        keep_sealed: opts.keep_sealed,
        no_marked_region: opts.no_marked_region,
    };
    let p = match tsume_sgf::load_problem(&dir.join(&row.file), &load) {
        Ok(p) => p,
        Err(e) => return Outcome::failed(e.to_string()),
    };
    if let Some(tags) = crate::rzs::Tags::parse(&row.notes) {
        return rzs_row(&p, row, &tags, opts);
    }
    // The prover's defaults, no tree, nothing checked but a disagreement.
    let settings = Settings {
        depth: Some(tsume_prove::default_depth(p.position())),
        limits: opts.limits.clone(),
        want_tree: false,
        max_tree: tsume_prove::Options::default().max_tree_nodes,
        check: false,
        exact: 0,
        tuning: opts.tuning.clone(),
        // The model's searches are what the bench measures.
        go: false,
        ..Settings::default()
    };
    let pos = p
        .position()
        .with_to_move(row.to_move)
        .with_ko_rule(opts.ko_rule);
    let confirmed = if opts.confirm_first_moves {
        confirm_first_moves(&p, &pos, row, &settings)
    } else {
        None
    };
    match answer_one(&pos, p.target(), &settings) {
        Ok(side) => {
            let ans = side.answer;
            let disagreement = (row.status_known()
                && ans.verdict != Verdict::Unknown
                && ans.verdict.as_str() != row.status)
                .then(|| classify(&pos, p.target(), ans.verdict, &settings));
            // Only the model's repeating disagreements: under the rule already, or
            // with a tree that repeats nothing, the rule would answer the same.
            let under_ko_rule = (matches!(disagreement, Some(Ok(true))) && !pos.ko_rule())
                .then(|| under_ko_rule(&pos, p.target(), &settings));
            Outcome {
                disagreement,
                under_ko_rule,
                region_points: Some(p.region().len()),
                verdict: ans.verdict,
                first: ans.moves.first().map(|&m| match m {
                    Move::Pass => "pass".to_string(),
                    Move::Play(q) => p.to_full(q).map_or_else(
                        || p.position().board().name(q).to_string(),
                        |f| p.full().board().gtp(f),
                    ),
                }),
                seconds: ans.stats.seconds,
                nodes: ans.stats.nodes,
                error: None,
                survives: ans.survives,
                confirmed,
                rzs: None,
            }
        }
        Err(e) => Outcome::failed(e),
    }
}

/// Whether one of the row's published first moves wins under these rules: after it, the
/// other side to move, the attacker still kills (a kill row) or the defender still lives
/// (a life row). None when the row's status does not have the player to move winning,
/// the row has a ko or no move, or every search ran out of budget.
fn confirm_first_moves(
    p: &Problem,
    pos: &Position,
    row: &Row,
    settings: &Settings,
) -> Option<bool> {
    let attacker_moves = row.to_move == p.attacker();
    let mover_wins = if attacker_moves { "dead" } else { "alive" };
    if row.status != mover_wins || row.ko == "yes" || row.first_moves.is_empty() {
        return None;
    }
    // One ply spent: the same question within one ply fewer.
    let rest = Settings {
        depth: settings.depth.map(|d| d.saturating_sub(1)),
        ..settings.clone()
    };
    let mut all_known = true;
    for m in &row.first_moves {
        let Some(x) = p
            .full()
            .board()
            .parse_point(m)
            .ok()
            .and_then(|f| p.from_full(f))
        else {
            continue; // not in play: it cannot be confirmed here
        };
        if !pos.is_legal(x) {
            continue;
        }
        let after = pos.play(Move::Play(x));
        if after.color(p.target()).is_none() {
            // The published move captures the target outright: a kill.
            return Some(true);
        }
        match answer_one(&after, p.target(), &rest).map(|s| s.answer.verdict) {
            Ok(Verdict::Dead) if attacker_moves => return Some(true),
            Ok(Verdict::Alive) if !attacker_moves => return Some(true),
            Ok(Verdict::Unknown) => all_known = false,
            _ => {}
        }
    }
    all_known.then_some(false)
}

/// An RZS row ([`crate::rzs`]): each crucial group under the basic ko rule within the
/// row's one budget, every answer's tree checked, a life counted only without a ko.
fn rzs_row(p: &Problem, row: &Row, tags: &crate::rzs::Tags, opts: &Options) -> Outcome {
    let start = std::time::Instant::now();
    match crate::rzs::answer(p, tags, row.to_move, None, &opts.limits, &opts.tuning) {
        Ok((verdict, nodes, first, rzs)) => Outcome {
            verdict,
            first: first.map(|m| match m {
                Move::Pass => "pass".to_string(),
                Move::Play(q) => p.to_full(q).map_or_else(
                    || p.position().board().name(q).to_string(),
                    |f| p.full().board().gtp(f),
                ),
            }),
            seconds: start.elapsed().as_secs_f64(),
            nodes,
            error: None,
            survives: None,
            confirmed: None,
            disagreement: None,
            under_ko_rule: None,
            region_points: Some(p.region().len()),
            rzs: Some(rzs),
        },
        Err(e) => Outcome::failed(e),
    }
}
