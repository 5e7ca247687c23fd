//! Certified answers: [`answer`] takes a position, the target and [`Settings`], runs the
//! searches of `tsume_prove::solve` (each player moving first, or one), replays their
//! trees (and, if asked, every first move's outcome) through the independent checker of
//! `tsume-proof`, and returns a typed [`Report`]: the [`Status`], and for each player
//! moving first a [`Side`] with its answer (verdict, moves, principal variation, tree,
//! statistics) and what the checker said.
//!
//! Every command of `tsume` that answers a question (`solve`, `check`, `bench`, `gtp`,
//! `verify-reduction`) goes through [`answer`]; [`review`] judges a problem file's own
//! solution tree with it (and says so in text and as the file annotated); [`certificate`]
//! reads proof files back for the checker alone ([`proof_files`]: `tsume check-proof`
//! over a file); [`json`] is the `--json` of certified
//! answers as `#[derive(Serialize)]` types ([`Solved`]: a problem with its report);
//! [`sgf_out`] writes a solved problem's trees as SGF variations; [`text`] says a solved
//! problem in words. Writing any of them out is the caller's.
//!
//! # Example: a straight three, both players moving first
//!
//! ```
//! use tsume_board::{Color, Position};
//! use tsume_solve::{answer, Settings, Status};
//!
//! let p = Position::from_diagram(
//!     ". . . o x . .
//!      o o o o x . .
//!      x x x x x . .
//!      . . . . . . .",
//!     Color::Black,
//! )
//! .unwrap();
//! let target = p.board().parse_point("A3").unwrap();
//! let report = answer(&p, target, &Settings::default()).unwrap();
//! // Whoever moves first wins: the vital point B4.
//! assert_eq!(report.status(), Some(Status::Unsettled));
//! assert!(report.sides.iter().all(|s| matches!(s.check, Some(Ok(_)))));
//! ```
#![deny(missing_docs)]

pub mod certificate;
mod first_moves;
pub mod json;
pub mod proof_files;
pub mod review;
pub mod sgf_out;
mod solved;
pub mod text;

use std::fmt;

use tsume_board::{Color, KoRule, Move, Point, Position};
use tsume_prove::go::{GoAnswer, Model};
use tsume_prove::{Answer, Limits, Options, Progress, Tuning, Verdict};

pub use first_moves::MovesCheck;
pub use solved::{move_names, Solved};

/// `Settings::max_tree`'s default: the largest proof tree built and checked, in nodes.
pub const DEFAULT_MAX_TREE: usize = 2_000_000;

/// `Settings::forever`'s default: positions a closed strategy may have.
pub const DEFAULT_FOREVER_POSITIONS: usize = 100_000;

/// `Settings::exact`'s default: positions the exact solver may enumerate to settle
/// "alive for every α".
pub const DEFAULT_EXACT_POSITIONS: usize = 50_000;

/// Which players move first: one search each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Both, the attacker's search first in the report: the status needs both.
    Both,
    /// This player only.
    One(Color),
}

/// What to search and what to check: the caller's choices.
#[derive(Clone)]
pub struct Settings {
    /// Which players move first.
    pub sides: Sides,
    /// α; None: [`tsume_prove::default_depth`] of the position.
    pub depth: Option<u32>,
    /// Each search's budget.
    pub limits: Limits,
    /// List every winning first move, not just one.
    pub all_moves: bool,
    /// Build the proof trees (checking needs them).
    pub want_tree: bool,
    /// Largest tree to build, in nodes.
    pub max_tree: usize,
    /// Replay each tree through the checker.
    pub check: bool,
    /// With `check` and `all_moves`: show every first move's outcome by a checked tree
    /// of its own ([`MovesCheck`]).
    pub check_first_moves: bool,
    /// Positions the exact solver may enumerate (0: off).
    pub exact: usize,
    /// Positions a closed strategy may have (0: off).
    pub forever: usize,
    /// How the search goes (deepening, the search without a bound first, the order of
    /// the moves, …): the prover's, for comparisons and tests.
    pub tuning: Tuning,
    /// Beside the model's verdict, the result under ordinary Go rules (dead, alive,
    /// seki, ko: [`tsume_prove::go`]). Its searches with each side the ko master run
    /// only where the model's checked tree repeats a position; elsewhere the model's
    /// answer holds under ordinary rules as it is.
    pub go: bool,
}

impl Default for Settings {
    /// `tsume solve`'s defaults: both sides, trees built and checked.
    fn default() -> Self {
        Settings {
            sides: Sides::Both,
            depth: None,
            limits: Limits::default(),
            all_moves: false,
            want_tree: true,
            max_tree: DEFAULT_MAX_TREE,
            check: true,
            check_first_moves: true,
            exact: DEFAULT_EXACT_POSITIONS,
            forever: DEFAULT_FOREVER_POSITIONS,
            tuning: Tuning::default(),
            go: true,
        }
    }
}

impl Settings {
    /// The prover's options for a search at `depth`.
    fn options(&self, depth: u32, progress: Option<Progress>) -> Options {
        Options {
            depth,
            limits: self.limits.clone(),
            all_moves: self.all_moves,
            want_tree: self.want_tree,
            max_tree_nodes: self.max_tree,
            exact_positions: self.exact,
            forever_nodes: self.forever,
            progress,
            tuning: self.tuning.clone(),
        }
    }
}

/// Watches the searches of [`answer_with`] (a progress display): each side's search
/// starts, reports through the callback it is given, and ends.
pub trait Watcher: Sync {
    /// The search with `to_move` first starts: the callback for its progress reports.
    fn start(&self, to_move: Color) -> Option<Progress>;
    /// That search and its checks are over.
    fn finish(&self, to_move: Color);
}

/// A question [`answer`] cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// No stone stands on the target point.
    EmptyTarget,
    /// The prover refused the question.
    Search(tsume_prove::SolveError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::EmptyTarget => f.write_str("the target point is empty"),
            Error::Search(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

/// The status of a group, from both players' searches (dead, alive, unsettled), or
/// why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The attacker kills even moving second.
    Dead,
    /// The defender lives even moving second.
    Alive,
    /// Whoever moves first wins.
    Unsettled,
    /// The attacker moving first fails where it wins moving second: never, unless a
    /// search is wrong.
    Inconsistent,
    /// A search ran out of budget.
    Unknown,
}

impl Status {
    /// The status from the verdicts with the attacker and with the defender moving
    /// first.
    pub fn of(attacker_first: Verdict, defender_first: Verdict) -> Status {
        match (attacker_first, defender_first) {
            (Verdict::Dead, Verdict::Dead) => Status::Dead,
            (Verdict::Alive, Verdict::Alive) => Status::Alive,
            (Verdict::Dead, Verdict::Alive) => Status::Unsettled,
            (Verdict::Alive, Verdict::Dead) => Status::Inconsistent,
            _ => Status::Unknown,
        }
    }

    /// "dead", "alive", "unsettled", "inconsistent" or "unknown".
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Dead => "dead",
            Status::Alive => "alive",
            Status::Unsettled => "unsettled",
            Status::Inconsistent => "inconsistent",
            Status::Unknown => "unknown",
        }
    }

    /// What the status means, in a few words.
    pub fn meaning(self) -> &'static str {
        match self {
            Status::Dead => "the attacker kills even moving second",
            Status::Alive => "the defender lives even moving second",
            Status::Unsettled => "whoever moves first wins",
            Status::Inconsistent => "moving first should never hurt: please report this",
            Status::Unknown => "a search ran out of budget",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the checker found in a tree it accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Nodes of the tree.
    pub nodes: usize,
    /// No line of the tree plays into a position met before on it (no ko retaken), so
    /// the claim holds under a ko rule too (`tsume_proof::CheckReport::repetition_free`).
    pub repetition_free: bool,
    /// The tree is a disproof for every α (its root's `remaining` is `None`), so it
    /// checks an "alive for every α" too, not only "alive within α".
    pub every_alpha: bool,
    /// The checker's whole report.
    pub report: tsume_proof::CheckReport,
}

/// The answer for one player moving first.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Side {
    /// Who moved first.
    pub to_move: Color,
    /// The position searched: the question's, with `to_move` to play.
    pub position: Position,
    /// The prover's answer: verdict, winning moves, principal variation, tree, stats.
    pub answer: Answer,
    /// The checker's verdict on the tree: what it found, or the rejection; None when
    /// not checked (off, or no tree).
    pub check: Option<Result<Checked, String>>,
    /// For an unknown verdict, the checker's verdict on the disproof behind
    /// `answer.survives` (the attacker cannot kill within that many plies).
    pub survives_check: Option<Result<Checked, String>>,
    /// With [`Settings::check_first_moves`] and a winning player to move: every first
    /// move's outcome (the listed ones win, the others lose) shown by a checked tree of
    /// its own. The root's tree shows one winning move only.
    pub moves_check: Option<MovesCheck>,
    /// With [`Settings::go`]: the result under ordinary Go rules, each tree it rests on
    /// checked under the ko rule it claims.
    pub go: Option<GoAnswer>,
    /// The target's colour.
    defender: Color,
}

impl Side {
    /// Whether the player who moved first wins (None: unknown).
    pub fn mover_wins(&self) -> Option<bool> {
        let attacks = self.to_move != self.defender;
        match self.answer.verdict {
            Verdict::Dead => Some(attacks),
            Verdict::Alive => Some(!attacks),
            Verdict::Unknown => None,
        }
    }

    /// The cycle of an "alive" answer's line, if it has one: (i, j) with i < j when the
    /// position after the first j moves of the principal variation is the one after
    /// the first i, so that play goes round `pv[i..j]` forever (the earliest such j).
    pub fn pv_repeats(&self) -> Option<(usize, usize)> {
        if self.answer.verdict != Verdict::Alive {
            return None;
        }
        pv_cycle(&self.position, &self.answer.pv)
    }

    /// A rejection by the checker of this side's tree, its partial result's or its
    /// first moves', if any.
    pub fn rejected(&self) -> Option<&str> {
        match (&self.check, &self.survives_check, &self.moves_check) {
            (Some(Err(e)), _, _) | (_, Some(Err(e)), _) | (_, _, Some(MovesCheck::Rejected(e))) => {
                Some(e.as_str())
            }
            _ => None,
        }
    }
}

/// The answers to one question.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Report {
    /// α.
    pub depth: u32,
    /// The target's colour.
    pub defender: Color,
    /// One per player moving first: the attacker's first when both were searched.
    pub sides: Vec<Side>,
}

impl Report {
    /// The answer with `c` moving first, if searched.
    pub fn side(&self, c: Color) -> Option<&Side> {
        self.sides.iter().find(|s| s.to_move == c)
    }

    /// The status, when both players' searches were run.
    pub fn status(&self) -> Option<Status> {
        let attacker = self.defender.opponent();
        let (a, d) = (self.side(attacker)?, self.side(self.defender)?);
        Some(Status::of(a.answer.verdict, d.answer.verdict))
    }

    /// A check that failed, if any.
    pub fn rejected(&self) -> Option<&str> {
        self.sides.iter().find_map(Side::rejected)
    }

    /// Nodes of all the searches.
    pub fn nodes(&self) -> u64 {
        self.sides.iter().map(|s| s.answer.stats.nodes).sum()
    }

    /// Nodes of the searches of the result under ordinary Go rules beyond the model's
    /// (0 without [`Settings::go`]).
    pub fn go_nodes(&self) -> u64 {
        self.sides
            .iter()
            .filter_map(|s| s.go.as_ref())
            .map(|g| g.nodes)
            .sum()
    }

    /// Seconds of all the searches.
    pub fn seconds(&self) -> f64 {
        self.sides.iter().map(|s| s.answer.stats.seconds).sum()
    }
}

/// Answers `Can_kill(pos, target, α)` with each player of `settings.sides` moving first
/// and checks the answers: see the [crate] docs.
///
/// # Errors
/// [`Error::EmptyTarget`] when no stone stands on `target`.
pub fn answer(pos: &Position, target: Point, settings: &Settings) -> Result<Report, Error> {
    answer_with(pos, target, settings, None)
}

/// [`answer`], with the searches' progress reported to `watcher`.
///
/// # Errors
/// As [`answer`].
pub fn answer_with(
    pos: &Position,
    target: Point,
    settings: &Settings,
    watcher: Option<&dyn Watcher>,
) -> Result<Report, Error> {
    let defender = pos.color(target).ok_or(Error::EmptyTarget)?;
    let depth = settings
        .depth
        .unwrap_or_else(|| tsume_prove::default_depth(pos));
    let side = |c| solve_side(pos, target, defender, depth, c, settings, watcher);
    // Both sides at once when both are asked for: two independent searches, each with
    // its own table, so on two cores the status takes the time of the longer one
    // instead of the sum. The order of the report stays fixed.
    let sides = match settings.sides {
        Sides::One(c) => vec![side(c)?],
        Sides::Both => {
            let (a, d) = rayon::join(|| side(defender.opponent()), || side(defender));
            vec![a?, d?]
        }
    };
    Ok(Report {
        depth,
        defender,
        sides,
    })
}

/// The search with `to_move` first, and its checks.
fn solve_side(
    pos: &Position,
    target: Point,
    defender: Color,
    depth: u32,
    to_move: Color,
    s: &Settings,
    watcher: Option<&dyn Watcher>,
) -> Result<Side, Error> {
    let started = std::time::Instant::now();
    // The player to move as asked; a forbidden point (the ko rule) stays forbidden only
    // for the player it was forbidden to.
    let pos = if pos.to_move() == to_move {
        pos.clone()
    } else {
        pos.with_to_move(to_move)
    };
    let progress = watcher.and_then(|w| w.start(to_move));
    let opts = s.options(depth, progress);
    let mut answer = tsume_prove::solve(&pos, target, &opts).map_err(Error::Search)?;
    if let Some(w) = watcher {
        w.finish(to_move);
    }
    let check = if s.check {
        answer.tree.as_ref().map(|t| {
            check_tree(
                &pos,
                target,
                answer.verdict,
                tsume_prove::root_plies(depth),
                t,
            )
        })
    } else {
        None
    };
    let survives_check = match (&answer.survives_tree, answer.survives) {
        (Some(t), Some(h)) if s.check => Some(check_tree(&pos, target, Verdict::Alive, h, t)),
        (None, Some(_)) if s.check => {
            // No tree to check it by (over `max_tree`, or the table had lost too much of
            // it): not said at all, as a proof we cannot show.
            answer.survives = None;
            None
        }
        _ => None,
    };
    let moves_check =
        (s.check && s.check_first_moves && s.all_moves && answer.all_moves && depth > 0)
            .then(|| first_moves::check_first_moves(&pos, target, depth, &opts, &answer))
            .flatten();
    // The result under ordinary Go rules: the question's checked tree saves searches:
    // the model's (without a ko rule) where it repeats nothing, the basic rule's (with
    // `--ko-rule basic`) as that rule's search (`tsume_prove::go::go_result`).
    let go = s.go.then(|| {
        let model = matches!(pos.ko(), KoRule::None | KoRule::Basic).then_some(Model {
            answer: &answer,
            report: match &check {
                Some(Ok(c)) => Some(c.report),
                _ => None,
            },
        });
        let mut opts = Options {
            progress: None,
            ..opts.clone()
        };
        // The time limit covers the whole answer: the Go searches get what is left.
        if let Some(t) = s.limits.time_limit {
            opts.limits.time_limit = Some(t.saturating_sub(started.elapsed()));
        }
        tsume_prove::go::go_result(&pos, target, &opts, model)
    });
    Ok(Side {
        to_move,
        position: pos,
        answer,
        check,
        survives_check,
        moves_check,
        go,
        defender,
    })
}

/// Replays the tree with the checker of `tsume-proof` and checks that it claims `verdict`
/// for `bound` plies: a proof needing at most that many, or a disproof holding for at
/// least that many (α + 1 for an answer; `survives` for an unknown answer's partial
/// result).
///
/// # Errors
/// The checker's rejection, or a claim or bound other than the one said.
pub fn check_tree(
    pos: &Position,
    target: Point,
    verdict: Verdict,
    bound: u32,
    tree: &tsume_proof::Tree,
) -> Result<Checked, String> {
    let report = tsume_proof::check(pos, target, tree).map_err(|e| e.to_string())?;
    let root = tree.root().ok_or("empty tree")?.remaining;
    let checked = Checked {
        nodes: report.nodes,
        repetition_free: report.repetition_free,
        every_alpha: tree.claim == tsume_proof::Claim::Alive && root.is_none(),
        report,
    };
    match (verdict, tree.claim) {
        (Verdict::Dead, tsume_proof::Claim::Dead) => {
            if root.is_some_and(|r| r <= bound) {
                Ok(checked)
            } else {
                Err(format!("the proof needs {root:?} plies, more than {bound}"))
            }
        }
        (Verdict::Alive, tsume_proof::Claim::Alive) => {
            if root.is_none_or(|r| r >= bound) {
                Ok(checked)
            } else {
                Err(format!(
                    "the disproof holds for {root:?} plies, fewer than {bound}"
                ))
            }
        }
        (v, c) => Err(format!("the answer is {v} but the tree claims {c:?}")),
    }
}

/// The first repetition along `pv` played from `start`: (i, j) with i < j when the
/// position after j moves is the position after i moves (so `pv[i..j]` is a cycle), the
/// earliest such j.
fn pv_cycle(start: &Position, pv: &[Move]) -> Option<(usize, usize)> {
    let mut seen = vec![start.clone()];
    let mut q = start.clone();
    for (k, &m) in pv.iter().enumerate() {
        q.play_in_place(m);
        if let Some(i) = seen.iter().position(|x| *x == q) {
            return Some((i, k + 1));
        }
        seen.push(q.clone());
    }
    None
}

#[cfg(test)]
mod tests;
