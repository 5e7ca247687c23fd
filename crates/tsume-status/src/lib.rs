//! The status of a string (seed 002; J2003's definitions, issue 37), computed two ways:
//!
//! - **Cassandra's single pass**: the variation tree's leaves are labelled, then folded
//!   with the opponent's minimum and the player's maximum over B32 < B31 < B2 < A.
//! - **J2003's steps**, each with its own decision matrices as the seed gives them:
//!   step 1 finds "uncapturable" (the same matrices as Cassandra's), step 2
//!   "capturable-1" (A leaves cut: the player now prefers every B to A), step 3
//!   "capturable-2" (B2 leaves cut too).
//!
//! The opponent of the string's owner (the *player*) moves first. A sequence of
//! hypothetical play ends after two passes in a row; its leaf is labelled A if the string
//! was never captured, else B2 if a stone of the player stands on the string's points
//! (local-1), else B31 if one stands on local-2 outside local-1, else B32. local-2 is
//! local-1 and, recursively, every adjacent point that holds no stone of a player's string
//! found uncapturable or capturable-1, so those strings are settled first (theory.md §3),
//! each evaluation with its own statuses. Under Crăşmaru's model (no ko), infinite play
//! means the string is never captured (A); under the basic ko rule
//! ([`Position::with_ko_rule`]) the same, with the rule in φ.
//!
//! Cassandra's value is exact ([`eval::exact`], no bound). J2003's steps are folds of a
//! finite variation tree, so they are folded on the tree of every sequence of at most α
//! plies, an unfinished sequence counting as infinite play (A, cut by steps 2 and 3).
//! As α grows the folds repeat from some bound on; [`eval::limit`] finds where and with
//! what period, so J2003's conclusion is known at every α: it may settle, or keep
//! alternating (the steps 2 and 3 cut the infinite play that the player's best defence
//! may need, and what is left depends on the parity of the bound). Cassandra's fold of
//! the same tree equals her exact value from her largest rank on (the tests check it).
//!
//! ```
//! use tsume_board::{Color, Position};
//! use tsume_status::{status, Options, Status};
//!
//! // A White stone on 1×3 between two empty points: neither can ever be filled by
//! // Black (a stone there has no liberty and captures nothing: a suicide).
//! let p = Position::from_diagram(". o .", Color::Black).unwrap();
//! let x = p.board().parse_point("B1").unwrap();
//! let r = status(&p, x, &Options::default()).unwrap();
//! assert_eq!(r.cassandra.status, Status::A);
//! assert_eq!(r.j2003.status(), Some(Status::A));
//! ```
#![deny(missing_docs)]

pub mod eval;
pub mod game;
pub mod json;
pub mod matrices;
pub mod text;

use std::collections::BTreeMap;
use std::fmt;

use tsume_board::{Color, Move, Point, Position};

pub use game::{Budget, Game, TooLarge};
pub use matrices::{combine, Chooser, Rule, Value};

/// A string's status, ordered as the seed orders the outcomes: B32 < B31 < B2 < A.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Status {
    /// "not alive": the opponent can force capture and no permanent stone of the player
    /// on local-2.
    B32,
    /// "capturable-2": the opponent can force capture and no permanent stone on local-1,
    /// but not also none on local-2.
    B31,
    /// "capturable-1": the opponent can force capture, but not also no permanent stone
    /// of the player on local-1.
    B2,
    /// "uncapturable": the opponent cannot force capture of the string.
    A,
}

impl Status {
    /// All four, in the seed's order from the top: A, B2, B31, B32.
    pub const ALL: [Status; 4] = [Status::A, Status::B2, Status::B31, Status::B32];

    /// The seed's code: `A`, `B2`, `B31`, `B32`.
    pub fn code(self) -> &'static str {
        match self {
            Status::A => "A",
            Status::B2 => "B2",
            Status::B31 => "B31",
            Status::B32 => "B32",
        }
    }

    /// The seed's name: uncapturable, capturable-1, capturable-2, not alive.
    pub fn name(self) -> &'static str {
        match self {
            Status::A => "uncapturable",
            Status::B2 => "capturable-1",
            Status::B31 => "capturable-2",
            Status::B32 => "not alive",
        }
    }

    /// Parses a code (`A`, `B2`, `B31`, `B32`).
    pub fn from_code(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.code() == text)
    }

    /// Whether J2003 counts the string among those that bound local-2 (uncapturable or
    /// capturable-1).
    pub fn bounds_local2(self) -> bool {
        self >= Status::B2
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What [`status`] may be asked.
#[derive(Clone, Debug)]
pub struct Options {
    /// Who moves first; `None`: the opponent of the string's owner, as the seed says.
    pub first: Option<Color>,
    /// α, the bound of J2003's variation tree in plies, for every string evaluated;
    /// `None`: the conclusion every large enough bound gives, if there is one.
    pub depth: Option<u32>,
    /// The most states of hypothetical play built per string.
    pub max_states: usize,
    /// The most bytes the states of hypothetical play of one string take, with their
    /// moves, the positions waiting and the evaluations ([`Budget`]).
    pub max_bytes: u64,
}

/// [`Options::max_states`]'s default.
pub const DEFAULT_MAX_STATES: usize = 1_000_000;

/// [`Options::max_bytes`]' default: 1 GiB.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

impl Options {
    fn budget(&self) -> Budget {
        Budget {
            states: self.max_states,
            bytes: self.max_bytes,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            first: None,
            depth: None,
            max_states: DEFAULT_MAX_STATES,
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

/// Why a status could not be given.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StatusError {
    /// The point holds no stone.
    EmptyPoint(Point),
    /// The hypothetical play of some string is larger than [`Options::max_states`] or
    /// [`Options::max_bytes`].
    TooLarge(TooLarge),
    /// J2003's folds did not repeat within this many bounds.
    NoRepetition(u32),
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatusError::EmptyPoint(_) => write!(f, "the point holds no stone"),
            StatusError::TooLarge(t) => t.fmt(f),
            StatusError::NoRepetition(n) => write!(
                f,
                "J2003's folds of the bounded variation tree did not repeat within {n} bounds"
            ),
        }
    }
}

impl std::error::Error for StatusError {}

impl From<TooLarge> for StatusError {
    fn from(t: TooLarge) -> StatusError {
        StatusError::TooLarge(t)
    }
}

/// One evaluation's local-2 and the strings that bound it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Local2 {
    /// local-2, sorted (local-1 included).
    pub points: Vec<Point>,
    /// Every other string of the player that local-2 reaches or is stopped by, by a stone
    /// of it (the smallest point), with whether it bounds local-2 under this evaluation
    /// (found uncapturable or capturable-1).
    pub neighbours: Vec<(Point, bool)>,
}

/// Cassandra's evaluation of a string.
#[derive(Clone, Debug)]
pub struct Cassandra {
    /// The status: the exact value of the root (no bound).
    pub status: Status,
    /// The plies the opponent needs to force it (0 for A): from this bound on, the fold
    /// of the bounded variation tree gives it too.
    pub plies: u32,
    /// local-2.
    pub local2: Local2,
    /// A line that shows the status: each side keeps to the value (the opponent by the
    /// fewest plies, the player by the most); it ends with the two passes, or where a
    /// position repeats (infinite play), or after 200 plies.
    pub line: Vec<Move>,
    /// Whether the line stopped at a repetition (infinite play: the string is never
    /// captured).
    pub line_repeats: bool,
}

/// J2003's evaluation of a string, by its steps, on the variation tree bounded at α
/// plies, for every α ([`eval::Limit`]).
#[derive(Clone, Debug)]
pub struct J2003 {
    /// The conclusion: at the asked bound, else the one every large enough bound gives;
    /// `None` if there is none (it keeps changing with the bound: see `limit.cycle()`),
    /// or if it hangs on local-2 and local-2 is undefined.
    pub status: Option<Status>,
    /// The conclusions and the steps' values at every bound. With local-2 undefined, they
    /// are those of local-2 = local-1, which decide A and B2 (not B31 against B32).
    pub limit: eval::Limit,
    /// local-2; `Err(p)`: undefined (no bound asked, and whether the string on `p`
    /// bounds it changes with the bound, at every bound however large).
    pub local2: Result<Local2, Point>,
}

impl J2003 {
    /// The conclusion, if there is one.
    pub fn status(&self) -> Option<Status> {
        self.status
    }
}

/// [`status`]'s answer.
#[derive(Clone, Debug)]
pub struct Report {
    /// The string's owner.
    pub player: Color,
    /// Who moved first.
    pub first: Color,
    /// The string's points (local-1), sorted.
    pub string: Vec<Point>,
    /// States of hypothetical play in the string's game.
    pub states: usize,
    /// The bound asked ([`Options::depth`]).
    pub depth: Option<u32>,
    /// Cassandra's single pass.
    pub cassandra: Cassandra,
    /// J2003's steps.
    pub j2003: J2003,
}

impl Report {
    /// Whether the two evaluations give the same status.
    pub fn agree(&self) -> bool {
        self.j2003.status() == Some(self.cassandra.status)
    }
}

/// Bounds examined at most in search of the repetition of J2003's folds.
const MAX_BOUND: u32 = 100_000;

/// J2003's conclusions at every bound for `game` with `labels`.
fn j2003_limit(game: &Game, labels: &[Status]) -> Result<eval::Limit, StatusError> {
    eval::limit(game, labels, MAX_BOUND).ok_or(StatusError::NoRepetition(MAX_BOUND))
}

/// Whether a neighbouring string bounds local-2 (uncapturable or capturable-1): `None`
/// if that changes with the bound (J2003 without a bound asked).
type Neighbour = Option<bool>;

/// The two evaluations of one neighbouring string that may bound local-2. Only whether
/// it is A or B2 matters, so it is evaluated with local-2 = local-1 (B31 and B32 merged,
/// which changes no fold's comparison with B2).
#[derive(Clone, Copy)]
struct Settled {
    cassandra: Status,
    j2003: Neighbour,
}

fn settle(pos: &Position, x: Point, opts: &Options) -> Result<Settled, StatusError> {
    let local1: Vec<Point> = pos.group(x).collect();
    let game = Game::build(pos, x, &[&local1], opts.budget())?;
    let labels = game.labels(None);
    let exact = eval::exact(&game, &labels);
    let limit = j2003_limit(&game, &labels)?;
    let j2003 = match opts.depth {
        Some(d) => Some(limit.at(d).bounds_local2()),
        None => {
            let b: Vec<bool> = limit.cycle().iter().map(|s| s.bounds_local2()).collect();
            b.iter().all(|&x| x == b[0]).then_some(b[0])
        }
    };
    Ok(Settled {
        cassandra: exact.value[0],
        j2003,
    })
}

/// local-2 of the string on `x` (J2003): local-1, then every adjacent point that holds no
/// stone of a player's string that bounds it, recursively. `Ok(Err(p))`: whether the
/// string on `p` bounds it is undefined.
fn local2(
    pos: &Position,
    x: Point,
    mut neighbour: impl FnMut(Point) -> Result<Neighbour, StatusError>,
) -> Result<Result<Local2, Point>, StatusError> {
    let board = pos.board();
    let player = pos.color(x).ok_or(StatusError::EmptyPoint(x))?;
    let mut seen = vec![false; board.len()];
    let mut out: Vec<Point> = pos.group(x).collect();
    for &p in &out {
        seen[p.index()] = true;
    }
    let mut neighbours: BTreeMap<Point, Neighbour> = BTreeMap::new();
    let mut i = 0;
    while i < out.len() {
        let p = out[i];
        i += 1;
        for &q in board.neighbors(p) {
            if seen[q.index()] {
                continue;
            }
            if pos.color(q) == Some(player) {
                let head = pos.group(q).min().unwrap_or(q);
                let n = match neighbours.get(&head) {
                    Some(&n) => n,
                    None => {
                        let n = neighbour(head)?;
                        neighbours.insert(head, n);
                        n
                    }
                };
                match n {
                    None => return Ok(Err(head)),
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            seen[q.index()] = true;
            out.push(q);
        }
    }
    out.sort();
    Ok(Ok(Local2 {
        points: out,
        neighbours: neighbours
            .into_iter()
            .map(|(p, n)| (p, n.unwrap_or(false)))
            .collect(),
    }))
}

/// The line that shows Cassandra's value from the root (see [`Cassandra::line`]).
fn line(game: &Game, labels: &[Status], exact: &eval::Exact) -> (Vec<Move>, bool) {
    let mut s = 0u32;
    let mut seen = fxhash::FxHashSet::default();
    let mut moves = Vec::new();
    while moves.len() < 200 {
        if !seen.insert(s) {
            return (moves, true);
        }
        let v = exact.value[s as usize];
        // The options that keep the value, with the plies the opponent then needs (the
        // ending pass: 0); `None` is the ending pass.
        let plies = |t: u32| match v {
            Status::A => 0,
            v => exact.rank[v as usize][t as usize],
        };
        let mut options: Vec<(Option<(Move, u32)>, u32)> = Vec::new();
        if game.ends(s) && labels[s as usize] == v {
            options.push((None, 0));
        }
        options.extend(
            game.options(s)
                .filter(|&(_, t)| exact.value[t as usize] == v)
                .map(|(m, t)| (Some((m, t)), plies(t))),
        );
        // The opponent forces the value by the fewest plies; the player holds out the
        // longest. Under A, the player ends the sequence if he can (the string stands)
        // and the opponent tries on.
        let pick = match (game.chooser(s), v) {
            (Chooser::Opponent, Status::A) => options.iter().find(|o| o.0.is_some()),
            (Chooser::Opponent, _) => options.iter().min_by_key(|o| o.1),
            (Chooser::Player, Status::A) => options.first(),
            (Chooser::Player, _) => options.iter().max_by_key(|o| o.1),
        };
        match pick.and_then(|o| o.0) {
            Some((m, t)) => {
                moves.push(m);
                s = t;
            }
            None => {
                moves.push(Move::Pass);
                return (moves, false);
            }
        }
    }
    (moves, false)
}

/// The status of the string on `x` in `pos`, by both evaluations (see the crate docs).
/// `pos`'s ko rule is kept; the player to move is `opts.first`, by default the opponent.
///
/// # Errors
/// [`StatusError::EmptyPoint`] if `x` holds no stone; [`StatusError::TooLarge`] if the
/// hypothetical play of the string, or of a string bounding its local-2, has more than
/// `opts.max_states` states or `opts.max_bytes` bytes; [`StatusError::NoRepetition`] if J2003's folds do not
/// repeat within that many bounds.
pub fn status(pos: &Position, x: Point, opts: &Options) -> Result<Report, StatusError> {
    let player = pos.color(x).ok_or(StatusError::EmptyPoint(x))?;
    let first = opts.first.unwrap_or(player.opponent());
    let root = if pos.to_move() == first {
        pos.clone()
    } else {
        pos.with_to_move(first)
    };
    // Settle the neighbouring strings first (each once, both evaluations).
    let mut settled: BTreeMap<Point, Settled> = BTreeMap::new();
    let mut settle_once = |head: Point| -> Result<Settled, StatusError> {
        if let Some(&s) = settled.get(&head) {
            return Ok(s);
        }
        let s = settle(&root, head, opts)?;
        settled.insert(head, s);
        Ok(s)
    };
    let l2_cassandra = local2(&root, x, |h| {
        Ok(Some(settle_once(h)?.cassandra.bounds_local2()))
    })?
    .map_err(|_| StatusError::EmptyPoint(x))?; // never: Cassandra's statuses are exact
    let l2_j2003 = local2(&root, x, |h| Ok(settle_once(h)?.j2003))?;
    let local1: Vec<Point> = root.group(x).collect();
    let outside = |l2: &Local2| -> Vec<Point> {
        l2.points
            .iter()
            .copied()
            .filter(|p| !local1.contains(p))
            .collect()
    };
    let out_c = outside(&l2_cassandra);
    let out_j = l2_j2003.as_ref().map(outside).unwrap_or_default();
    let game = Game::build(&root, x, &[&local1, &out_c, &out_j], opts.budget())?;
    let labels_c = game.labels(Some(1));
    let exact_c = eval::exact(&game, &labels_c);
    let j2003 = match l2_j2003 {
        Ok(local2) => {
            let limit = j2003_limit(&game, &game.labels(Some(2)))?;
            J2003 {
                status: match opts.depth {
                    Some(d) => Some(limit.at(d)),
                    None => limit.settled(),
                },
                limit,
                local2: Ok(local2),
            }
        }
        Err(p) => {
            // Only B31 against B32 needs local-2: with it merged into local-1's B32,
            // a settled A or B2 is the conclusion whatever local-2 is.
            let limit = j2003_limit(&game, &game.labels(None))?;
            J2003 {
                status: limit.settled().filter(|s| s.bounds_local2()),
                limit,
                local2: Err(p),
            }
        }
    };
    let (line, line_repeats) = line(&game, &labels_c, &exact_c);
    let mut string = local1;
    string.sort();
    Ok(Report {
        player,
        first,
        string,
        states: game.len(),
        depth: opts.depth,
        cassandra: Cassandra {
            status: exact_c.value[0],
            plies: exact_c.root_rank(),
            local2: l2_cassandra,
            line,
            line_repeats,
        },
        j2003,
    })
}
