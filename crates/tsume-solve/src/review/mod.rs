//! A problem file's own solution tree judged by proof (`tsume check`): after every move
//! of every line, who wins (one [`answer`](crate::answer) per position, α spent one ply
//! per move, each tree checked); each move judged ([`Judgement`]), each line's mark
//! ([`Claim`]) set against the line's outcome, and the side's winning first moves that
//! no right line plays.

use std::collections::HashMap;

use rayon::prelude::*;
use tsume_board::{Color, KoRule, Move, Played, Point, Position};
use tsume_prove::go::{go_result, GoResult};
use tsume_prove::{Limits, Options, Verdict};
use tsume_sgf::{Mark, Problem, SolutionNode, SolutionTree};

use crate::{Settings, Sides};

mod sgf;
mod text;

pub use text::{claim_str, summary};

/// A position of the tree, proven.
#[derive(Clone, Debug)]
pub struct Eval {
    /// Who wins; None when not known (a search out of budget, a move not followed).
    pub winner: Option<Color>,
    /// The winning first moves of the player to move, when it wins (one, or every one at
    /// the root).
    pub moves: Vec<Move>,
    /// Whether `moves` lists every winning move.
    pub all_moves: bool,
    /// The target has been captured (the attacker has won; nothing after is followed).
    pub captured: bool,
    /// Nodes of its search.
    pub nodes: u64,
    /// Seconds of its search.
    pub seconds: f64,
    /// Why unknown, or that the target was captured.
    pub note: Option<String>,
    /// The checker's rejection, if it rejected the tree.
    pub rejected: Option<String>,
}

impl Eval {
    /// A position not proven, and why.
    fn unknown(note: String) -> Eval {
        Eval {
            winner: None,
            moves: Vec::new(),
            all_moves: false,
            captured: false,
            nodes: 0,
            seconds: 0.0,
            note: Some(note),
            rejected: None,
        }
    }
}

/// What one move of the file does, for the reader.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Judgement {
    /// The side's move keeps the win.
    Wins,
    /// The side's move throws the win away.
    Fails,
    /// The opponent's move after a failed move keeps the side lost.
    Refutes,
    /// The opponent's move after a failed move lets the side win again.
    Misses,
    /// The opponent's move where the side was winning (it stays winning).
    Answers,
    /// Not known (budget, or a move outside the area in play, or after one).
    Unknown,
}

impl Judgement {
    /// "wins", "fails", "refutes", "misses", "answers" or "unknown".
    pub fn as_str(self) -> &'static str {
        match self {
            Judgement::Wins => "wins",
            Judgement::Fails => "fails",
            Judgement::Refutes => "refutes",
            Judgement::Misses => "misses",
            Judgement::Answers => "answers",
            Judgement::Unknown => "unknown",
        }
    }
}

/// One move of the tree, flattened.
pub struct Flat {
    /// The move before, in the line (an index into [`Review::flat`]); None: a first move.
    pub parent: Option<usize>,
    /// The side the node's line is judged for: who plays its first move.
    pub side: Color,
    /// Who plays the move.
    pub color: Color,
    /// The whole-board point (None: a pass).
    pub point: Option<Point>,
    /// The position after the move, in play; None when it cannot be followed.
    pub after: Option<Position>,
    /// Why the move is not followed, if it is not.
    pub not_followed: Option<String>,
    /// A move on an occupied point or a suicide: a pass under these rules (φ).
    pub as_pass: Option<&'static str>,
    /// Plies after the problem's position.
    pub ply: u32,
    /// The node's marks.
    pub marks: Vec<Mark>,
    /// Stones are set up after the move: nothing after it is followed.
    pub setup: bool,
    /// The last move of its line.
    pub leaf: bool,
    /// The file's comment and other properties, to write the tree back.
    pub comment: Option<String>,
    /// The node's other properties, as SGF text.
    pub properties: String,
}

/// The claim of a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Claim {
    /// A solution: the side wins.
    Right,
    /// A failure: the side loses.
    Wrong,
}

/// The whole report on one problem's solution tree.
pub struct Review {
    /// The problem.
    pub problem: Problem,
    /// The problem's side: who moves first.
    pub side: Color,
    /// α at the problem's position.
    pub depth: u32,
    /// The problem's position, the side to move.
    pub root: Eval,
    /// The root with the opponent to move, when a line starts with its move.
    pub root_opponent: Option<Eval>,
    /// Every move of the tree, parents first.
    pub flat: Vec<Flat>,
    /// The position after each move of `flat`.
    pub evals: Vec<Eval>,
    /// Each move of `flat`, judged.
    pub judgements: Vec<Judgement>,
    /// The lines, root to leaf.
    pub lines: Vec<Line>,
    /// Whether any line is marked (else every line reads as a solution).
    pub marked: bool,
    /// The side's winning first moves that no right line plays.
    pub missing: Vec<Move>,
    /// The file's root sequence, as SGF nodes, to write the file back.
    pub root_sgf: String,
}

/// One line of the file, root to leaf, judged.
pub struct Line {
    /// Indices into `flat`, root first.
    pub path: Vec<usize>,
    /// What its mark says (None: unmarked).
    pub claim: Option<Claim>,
    /// What the proofs say (None: not settled).
    pub judged: Option<Claim>,
    /// The first move of the side that fails (index into `path`).
    pub mistake: Option<usize>,
    /// Whether the mark and the proofs agree (None: either unknown).
    pub agrees: Option<bool>,
    /// A reply in the line that misses the refutation (index into `path`).
    pub missed: Option<usize>,
    /// Judged right through a ko: the model finds its first move failing (the
    /// opponent retakes a ko for ever), but under ordinary Go rules the problem is a ko
    /// for the side and the line's first move starts one (`judge_kos`).
    pub ko: bool,
}

impl Review {
    /// Lines against their marks or missing a refutation.
    pub fn errors(&self) -> usize {
        self.lines
            .iter()
            .filter(|l| l.agrees == Some(false) || l.missed.is_some())
            .count()
    }

    /// Every proven position: the root (each side to move) and each move's.
    pub fn all_evals(&self) -> impl Iterator<Item = &Eval> {
        std::iter::once(&self.root)
            .chain(self.root_opponent.as_ref())
            .chain(&self.evals)
    }

    /// A rejection by the checker, if any.
    pub fn rejected(&self) -> Option<&str> {
        self.all_evals().find_map(|e| e.rejected.as_deref())
    }

    /// "kill" or "live": the side's question.
    pub fn question(&self) -> &'static str {
        if self.side == self.problem.attacker() {
            "kill"
        } else {
            "live"
        }
    }

    /// The proven position before move `i`.
    pub fn before(&self, i: usize) -> Option<&Eval> {
        position_before(
            &self.flat[i],
            self.side,
            &self.root,
            self.root_opponent.as_ref(),
            &self.evals,
        )
    }

    /// For a move of its line's side: the side's other winning moves there (every one
    /// when that position was searched for all, else the one found first, if any).
    pub fn alternatives(&self, i: usize) -> Vec<Move> {
        let f = &self.flat[i];
        let Some(before) = self.before(i).filter(|_| f.color == f.side) else {
            return Vec::new();
        };
        if before.winner != Some(f.side) {
            return Vec::new();
        }
        before
            .moves
            .iter()
            .copied()
            .filter(|&m| {
                let full = match m {
                    Move::Pass => None,
                    Move::Play(x) => self.problem.to_full(x),
                };
                full != f.point
            })
            .collect()
    }

    /// "kills" or "lives", for `c`.
    pub fn goal(&self, c: Color) -> &'static str {
        if c == self.problem.attacker() {
            "kills"
        } else {
            "lives"
        }
    }

    /// Nodes of every search.
    pub fn total_nodes(&self) -> u64 {
        self.all_evals().map(|e| e.nodes).sum()
    }

    /// Seconds of every search.
    pub fn total_seconds(&self) -> f64 {
        self.all_evals().map(|e| e.seconds).sum()
    }
}

struct Ctx<'a> {
    problem: &'a Problem,
    depth: u32,
    settings: Settings,
}

impl Ctx<'_> {
    fn winner_of(&self, v: Verdict) -> Option<Color> {
        match v {
            Verdict::Dead => Some(self.problem.attacker()),
            Verdict::Alive => Some(self.problem.defender()),
            Verdict::Unknown => None,
        }
    }

    /// Proves who wins `pos` (the player to move is set), `ply` plies after the problem.
    fn evaluate(&self, pos: &Position, ply: u32, all_moves: bool) -> Eval {
        let target = self.problem.target();
        if pos.color(target) != Some(self.problem.defender()) {
            return Eval {
                winner: self.winner_of(Verdict::Dead),
                moves: Vec::new(),
                all_moves: true,
                captured: true,
                nodes: 0,
                seconds: 0.0,
                note: Some("the target is captured".to_string()),
                rejected: None,
            };
        }
        let settings = Settings {
            sides: Sides::One(pos.to_move()),
            depth: Some(self.depth.saturating_sub(ply)),
            all_moves,
            ..self.settings.clone()
        };
        match crate::answer(pos, target, &settings) {
            Ok(mut report) => {
                let side = report.sides.remove(0);
                let (a, rejected) = (side.answer, side.check.and_then(Result::err));
                Eval {
                    winner: self.winner_of(a.verdict),
                    all_moves: a.all_moves,
                    captured: false,
                    moves: a.moves,
                    nodes: a.stats.nodes,
                    seconds: a.stats.seconds,
                    note: (a.verdict == Verdict::Unknown).then(|| {
                        a.reason
                            .as_ref()
                            .map_or_else(|| "out of budget".to_string(), ToString::to_string)
                    }),
                    rejected,
                }
            }
            Err(e) => Eval::unknown(e.to_string()),
        }
    }
}

/// `pos` with `c` to play its move. When `c` is to move already the position is kept
/// as it is, with its ko ban (the basic ko rule); `with_to_move`, which drops the ban,
/// only where the file makes one colour play twice.
fn to_play(pos: &Position, c: Color) -> Position {
    if pos.to_move() == c {
        pos.clone()
    } else {
        pos.with_to_move(c)
    }
}

fn flatten(
    problem: &Problem,
    nodes: &[SolutionNode],
    parent: Option<usize>,
    before: Option<&Position>,
    ply: u32,
    out: &mut Vec<Flat>,
) {
    for n in nodes {
        let side = parent.map_or(n.color, |p| out[p].side);
        let mut as_pass = None;
        let (after, not_followed) = match before {
            None => (None, Some("after a move that is not followed".to_string())),
            Some(pos) if pos.color(problem.target()) != Some(problem.defender()) => {
                (None, Some("after the target's capture".to_string()))
            }
            Some(pos) => match n.point.map(|f| problem.from_full(f)) {
                Some(None) => (None, Some("outside the area in play".to_string())),
                Some(Some(x)) => {
                    let mut q = to_play(pos, n.color);
                    as_pass = match q.play_in_place(Move::Play(x)) {
                        Played::Occupied => Some("on an occupied point: a pass under these rules"),
                        Played::Suicide => Some("a suicide: a pass under these rules"),
                        Played::Banned => Some("a recapture the ko rule forbids: a pass"),
                        _ => None,
                    };
                    (Some(q), None)
                }
                None => (Some(to_play(pos, n.color).play(Move::Pass)), None),
            },
        };
        let i = out.len();
        out.push(Flat {
            parent,
            side,
            color: n.color,
            point: n.point,
            after,
            not_followed,
            as_pass,
            ply: ply + 1,
            marks: n.marks.clone(),
            setup: n.setup,
            leaf: n.children.is_empty(),
            comment: n.comment.clone(),
            properties: n.properties.clone(),
        });
        let next = out[i].after.clone();
        flatten(problem, &n.children, Some(i), next.as_ref(), ply + 1, out);
    }
}

/// The proven position before a move: its parent's, or the problem's with the mover to
/// move (the side's, or the opponent's when a line starts with the opponent).
fn position_before<'a>(
    f: &Flat,
    side: Color,
    root: &'a Eval,
    root_opponent: Option<&'a Eval>,
    evals: &'a [Eval],
) -> Option<&'a Eval> {
    match f.parent {
        Some(p) => Some(&evals[p]),
        None if f.color == side => Some(root),
        None => root_opponent,
    }
}

/// The claim a node's marks make about its line, for `side`.
fn claim_of(marks: &[Mark], mover: Color, side: Color) -> Option<Claim> {
    marks.iter().rev().find_map(|m| match *m {
        Mark::Right => Some(Claim::Right),
        Mark::Wrong => Some(Claim::Wrong),
        Mark::GoodFor(c) if c == side => Some(Claim::Right),
        Mark::GoodFor(_) => Some(Claim::Wrong),
        Mark::BadMove if mover == side => Some(Claim::Wrong),
        _ => None,
    })
}

/// Lines the model judges wrong, judged again under ordinary Go rules: right through a
/// ko when the problem, the side to move, is a ko ([`tsume_prove::go`]) and after the
/// line's first move (the side's) the result is still a ko or the side's outright win.
/// Each result rests on trees the checker accepted; an unknown one changes nothing.
fn judge_kos(ctx: &Ctx<'_>, side: Color, flat: &[Flat], lines: &mut [Line]) {
    let problem = ctx.problem;
    let target = problem.target();
    let opts = |depth: u32| Options {
        want_tree: true,
        progress: None,
        ..ctx.settings.options(depth, None)
    };
    let root = go_result(
        &problem.position().with_to_move(side),
        target,
        &opts(ctx.depth),
        None,
    );
    if root.result != GoResult::Ko {
        return;
    }
    let side_wins = |r: GoResult| match r {
        GoResult::Dead => side != problem.defender(),
        GoResult::Alive | GoResult::Seki => side == problem.defender(),
        GoResult::Ko | GoResult::Unknown => false,
    };
    let mut after_first: HashMap<usize, GoResult> = HashMap::new();
    for l in lines.iter_mut() {
        // (A later move of the side failing is a mistake a ko does not excuse.)
        if l.judged != Some(Claim::Wrong) || l.mistake.is_some_and(|k| k > 0) {
            continue;
        }
        let Some(&first) = l.path.first() else {
            continue;
        };
        let f = &flat[first];
        let Some(pos) = f.after.as_ref().filter(|_| f.color == side) else {
            continue;
        };
        let result = *after_first.entry(first).or_insert_with(|| {
            let o = opts(ctx.depth.saturating_sub(1));
            go_result(pos, target, &o, None).result
        });
        if result == GoResult::Ko || side_wins(result) {
            l.ko = true;
            l.judged = Some(Claim::Right);
            l.mistake = None;
            l.agrees = l.claim.map(|c| c == Claim::Right);
        }
    }
}

/// The settings of a review's searches: `limits` each, their trees built and checked
/// when `check`; the prover's defaults but the exact solver's positions; each move of
/// the lines judged under the model (a ko is judged apart, after).
pub fn settings(limits: Limits, check: bool) -> Settings {
    Settings {
        limits,
        want_tree: check,
        check,
        max_tree: Options::default().max_tree_nodes,
        go: false,
        ..Settings::default()
    }
}

/// Judges the solution tree `file` of `problem` (its lines) for `side`, the player who moves first
/// (its opponent where a line starts with the opponent's move), α = `depth` at the
/// problem's position; each position is answered with `settings` (its limits, trees and
/// checks; one player moving first, α as the ply asks). With `all_moves`, every winning
/// move is listed where the side is to move, not only the first found.
pub fn review(
    problem: Problem,
    file: SolutionTree,
    side: Color,
    depth: u32,
    settings: &Settings,
    all_moves: bool,
) -> Review {
    let ctx = Ctx {
        problem: &problem,
        depth,
        // No check of every first move: the lines are checked move by move.
        settings: Settings {
            check_first_moves: false,
            ..settings.clone()
        },
    };
    let mut flat = Vec::new();
    flatten(
        &problem,
        &file.lines,
        None,
        Some(problem.position()),
        0,
        &mut flat,
    );
    let opponent_first = flat.iter().any(|f| f.parent.is_none() && f.color != side);
    // Every winning move where the line's side is to move, if asked for.
    let all = all_moves;
    let (root, (root_opponent, evals)) = rayon::join(
        || ctx.evaluate(&problem.position().with_to_move(side), 0, true),
        || {
            rayon::join(
                || {
                    opponent_first.then(|| {
                        ctx.evaluate(&problem.position().with_to_move(side.opponent()), 0, all)
                    })
                },
                || {
                    flat.par_iter()
                        .map(|f| match &f.after {
                            Some(pos) => ctx.evaluate(pos, f.ply, all && f.color != f.side),
                            None => Eval::unknown(f.not_followed.clone().unwrap_or_default()),
                        })
                        .collect::<Vec<Eval>>()
                },
            )
        },
    );
    // Each move judged against the position before it.
    let judgements: Vec<Judgement> = flat
        .iter()
        .zip(&evals)
        .map(|(f, e)| {
            let before = position_before(f, side, &root, root_opponent.as_ref(), &evals)
                .and_then(|b| b.winner);
            let (mine, before, after) = (
                f.color == f.side,
                before.map(|c| c == f.side),
                e.winner.map(|c| c == f.side),
            );
            match (mine, before, after) {
                (_, _, None) => Judgement::Unknown,
                (true, _, Some(true)) => Judgement::Wins,
                (true, _, Some(false)) => Judgement::Fails,
                (false, Some(false), Some(false)) => Judgement::Refutes,
                (false, Some(false), Some(true)) => Judgement::Misses,
                (false, _, _) => Judgement::Answers,
            }
        })
        .collect();
    let marked = flat
        .iter()
        .any(|f| claim_of(&f.marks, f.color, f.side).is_some());
    let mut lines = Vec::new();
    for (leaf, f) in flat.iter().enumerate() {
        if !f.leaf {
            continue;
        }
        let mut path = vec![leaf];
        while let Some(p) = flat[*path.last().unwrap_or(&leaf)].parent {
            path.push(p);
        }
        path.reverse();
        let claim = if marked {
            path.iter()
                .rev()
                .find_map(|&i| claim_of(&flat[i].marks, flat[i].color, flat[i].side))
        } else {
            Some(Claim::Right)
        };
        // The line is judged up to its end, or up to the target's capture (moves
        // after it are not followed).
        let mut mistake = None;
        let mut unknown = false;
        let mut last = leaf;
        for (k, &i) in path.iter().enumerate() {
            match judgements[i] {
                Judgement::Fails => {
                    mistake = Some(k);
                    break;
                }
                Judgement::Unknown => {
                    unknown = true;
                    break;
                }
                _ => {}
            }
            if evals[i].captured {
                last = i;
                break;
            }
        }
        let end = evals[last].winner.map(|c| c == f.side);
        let judged = match (mistake, unknown, end) {
            (Some(_), _, _) => Some(Claim::Wrong),
            (None, true, _) | (None, false, None) => None,
            (None, false, Some(true)) => Some(Claim::Right),
            (None, false, Some(false)) => Some(Claim::Wrong),
        };
        let missed = path
            .iter()
            .position(|&i| judgements[i] == Judgement::Misses);
        let agrees = match (claim, judged) {
            (Some(c), Some(j)) => Some(c == j),
            _ => None,
        };
        lines.push(Line {
            path,
            claim,
            judged,
            mistake,
            agrees,
            missed,
            ko: false,
        });
    }
    // Lines the model finds wrong, whose answer may be a ko (the model has no ko rule).
    if problem.position().ko() == KoRule::None
        && lines.iter().any(|l| l.judged == Some(Claim::Wrong))
    {
        judge_kos(&ctx, side, &flat, &mut lines);
    }
    // Winning first moves that no right line plays.
    let shown: Vec<Option<Point>> = lines
        .iter()
        .filter(|l| l.claim == Some(Claim::Right))
        .filter_map(|l| l.path.first())
        .filter(|&&i| flat[i].color == side)
        .map(|&i| flat[i].point)
        .collect();
    // (A file without variations shows no solution to compare with.)
    let missing = root
        .moves
        .iter()
        .copied()
        .filter(|_| !flat.is_empty())
        .filter(|&m| {
            let full = match m {
                Move::Pass => None,
                Move::Play(x) => problem.to_full(x),
            };
            !shown.contains(&full)
        })
        .collect();
    Review {
        side,
        depth,
        root,
        root_opponent,
        judgements,
        lines,
        marked,
        missing,
        evals,
        flat,
        problem,
        root_sgf: file.root_sgf,
    }
}
