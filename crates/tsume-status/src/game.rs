//! The hypothetical play from a position, as an explicit graph: every state reachable
//! when the opponent of the string's owner moves first, until two passes in a row.
//!
//! A state is a position (under the basic ko rule, with its forbidden point), whether the
//! string has been captured at some point of the sequence, and whether the last move was
//! a pass (a pass then ends the sequence). Moves are φ's: the stone moves of
//! [`Position::successors`] and the pass; a move on an occupied point, a suicide and a
//! forbidden ko recapture give the same position as the pass, so they are that pass.
//! Positions repeat freely (no ko rule, or only the basic one), so the graph has cycles.

use std::fmt;

use fxhash::FxHashMap;
use tsume_board::{Color, Move, Point, Position};

use crate::matrices::Chooser;
use crate::Status;

/// More states are reachable than the budget allows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TooLarge {
    /// More states than this.
    States(usize),
    /// The states, their moves and the positions waiting to be expanded would take
    /// more bytes than this ([`Budget::bytes`]).
    Bytes(u64),
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TooLarge::States(n) => {
                write!(f, "more than {n} states of hypothetical play are reachable")
            }
            TooLarge::Bytes(b) => write!(
                f,
                "the states of hypothetical play would take more than the {} MiB memory budget",
                b.div_ceil(1 << 20)
            ),
        }
    }
}

/// What [`Game::build`] may hold: states, and bytes (the model of [`Budget::state_bytes`],
/// [`Budget::edge_bytes`] and [`Budget::position_bytes`], which covers the evaluations
/// after the build too).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// The most states.
    pub states: usize,
    /// The most bytes (`u64::MAX`: no cap but the states').
    pub bytes: u64,
}

impl Budget {
    /// At most `states` states, bytes uncapped.
    pub fn states(states: usize) -> Budget {
        Budget {
            states,
            bytes: u64::MAX,
        }
    }

    /// Bytes one state holds on a board of `points` points: its key (2 bits a point and
    /// a word, in the index), the index's entry with its growth room (64), the state's
    /// columns with theirs (16) and the evaluations' arrays over states (64).
    pub fn state_bytes(points: usize) -> u64 {
        8 * (points.div_ceil(32) as u64 + 1) + 144
    }

    /// Bytes one move between states holds: its target and move, with their growth room,
    /// and the evaluations' predecessor list.
    pub fn edge_bytes() -> u64 {
        2 * (4 + std::mem::size_of::<Move>() as u64) + 4
    }

    /// Bytes one position waiting in the queue holds (as `tsume_prove` counts a position
    /// held whole: 20 a point and 64).
    pub fn position_bytes(points: usize) -> u64 {
        64 + 20 * points as u64
    }
}

impl std::error::Error for TooLarge {}

/// The graph of hypothetical play for one string.
pub struct Game {
    /// The string's owner ("the player").
    pub player: Color,
    /// A stone of the string.
    pub target: Point,
    /// The string's points in the start position (local-1, "primary points").
    pub local1: Vec<Point>,
    to_move: Vec<Color>,
    passed: Vec<bool>,
    captured: Vec<bool>,
    /// Bit i: a stone of the player stands on `areas[i]` in the state's position.
    stands: Vec<u8>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    moves: Vec<Move>,
}

/// The key of a state: 2 bits per point, then the flags.
fn key(p: &Position, captured: bool, passed: bool) -> Box<[u64]> {
    let n = p.board().len();
    let mut words = vec![0u64; n.div_ceil(32) + 1];
    for q in p.board().points() {
        let c = match p.color(q) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        words[q.index() / 32] |= c << (2 * (q.index() % 32));
    }
    let ban = p.ko_ban().map_or(0, |b| b.index() as u64 + 1);
    words[n.div_ceil(32)] = u64::from(p.to_move() == Color::White)
        | u64::from(captured) << 1
        | u64::from(passed) << 2
        | ban << 8;
    words.into_boxed_slice()
}

impl Game {
    /// Every state reachable from `root` (its player to move moves first), tracking the
    /// string on `x`; `areas` are the sets of points whose occupation by the player's
    /// stones the leaf labels ask about (at most 8).
    ///
    /// # Errors
    /// [`TooLarge`] when more states are reachable than `budget` holds (its states, or
    /// its bytes: checked as each state and move is added, before the memory is taken).
    ///
    /// # Panics
    /// If `x` is empty or more than 8 areas are given.
    pub fn build(
        root: &Position,
        x: Point,
        areas: &[&[Point]],
        budget: Budget,
    ) -> Result<Game, TooLarge> {
        let points = root.board().len();
        let (state_bytes, edge_bytes, position_bytes) = (
            Budget::state_bytes(points),
            Budget::edge_bytes(),
            Budget::position_bytes(points),
        );
        // The bytes held so far, by the model above; positions leave when drained.
        let mut held: u64 = 0;
        let max_states = budget.states;
        assert!(areas.len() <= 8, "at most 8 areas");
        // A precondition of the API (documented above), not an input error.
        #[allow(clippy::expect_used)]
        let player = root.color(x).expect("the point holds a stone");
        let mut index: FxHashMap<Box<[u64]>, u32> = FxHashMap::default();
        let mut g = Game {
            player,
            target: x,
            local1: root.group(x).collect(),
            to_move: Vec::new(),
            passed: Vec::new(),
            captured: Vec::new(),
            stands: Vec::new(),
            offsets: vec![0],
            targets: Vec::new(),
            moves: Vec::new(),
        };
        g.local1.sort();
        let mut area_mask = vec![0u8; root.board().len()];
        for (i, a) in areas.iter().enumerate() {
            for p in a.iter() {
                area_mask[p.index()] |= 1 << i;
            }
        }
        let mut queue: Vec<(Position, bool, bool)> = Vec::new();
        let mut add = |g: &mut Game,
                       queue: &mut Vec<(Position, bool, bool)>,
                       held: &mut u64,
                       p: Position,
                       captured: bool,
                       passed: bool|
         -> Result<u32, TooLarge> {
            let k = key(&p, captured, passed);
            if let Some(&i) = index.get(&k) {
                return Ok(i);
            }
            if g.to_move.len() >= max_states {
                return Err(TooLarge::States(max_states));
            }
            *held = held.saturating_add(state_bytes + position_bytes);
            if *held > budget.bytes {
                return Err(TooLarge::Bytes(budget.bytes));
            }
            let i = g.to_move.len() as u32;
            index.insert(k, i);
            g.to_move.push(p.to_move());
            g.passed.push(passed);
            g.captured.push(captured);
            g.stands.push(
                p.board()
                    .points()
                    .filter(|&q| p.color(q) == Some(player))
                    .fold(0, |m, q| m | area_mask[q.index()]),
            );
            queue.push((p, captured, passed));
            Ok(i)
        };
        add(&mut g, &mut queue, &mut held, root.clone(), false, false)?;
        // States are numbered in the order they are found; the queue is a FIFO over
        // that numbering, so state i's options are written i-th.
        let mut next = 0;
        while next < queue.len() {
            let (p, captured, passed) = queue[next].clone();
            next += 1;
            for (m, q) in p.successors() {
                if m == Move::Pass && passed {
                    continue; // the second pass ends the sequence: a leaf, not a state
                }
                let cap = captured || q.color(x) != Some(player);
                let i = add(&mut g, &mut queue, &mut held, q, cap, m == Move::Pass)?;
                held = held.saturating_add(edge_bytes);
                if held > budget.bytes {
                    return Err(TooLarge::Bytes(budget.bytes));
                }
                g.targets.push(i);
                g.moves.push(m);
            }
            g.offsets.push(g.targets.len() as u32);
            // Free the expanded positions as the queue advances.
            if next > 4096 && next * 2 > queue.len() {
                queue.drain(..next);
                held = held.saturating_sub(next as u64 * position_bytes);
                // Renumbering is not needed: states were numbered when found, and
                // the remaining queue keeps its order.
                next = 0;
            }
        }
        Ok(g)
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.to_move.len()
    }

    /// Whether there is no state (never: the root is one).
    pub fn is_empty(&self) -> bool {
        self.to_move.is_empty()
    }

    /// Number of moves between states (the ending passes not counted).
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// Who chooses at state `s`.
    #[inline]
    pub fn chooser(&self, s: u32) -> Chooser {
        if self.to_move[s as usize] == self.player {
            Chooser::Player
        } else {
            Chooser::Opponent
        }
    }

    /// The player to move at state `s`.
    pub fn to_move(&self, s: u32) -> Color {
        self.to_move[s as usize]
    }

    /// Whether a pass at `s` ends the sequence (the last move was a pass).
    #[inline]
    pub fn ends(&self, s: u32) -> bool {
        self.passed[s as usize]
    }

    /// Whether the string has been captured on the way to `s`.
    pub fn captured(&self, s: u32) -> bool {
        self.captured[s as usize]
    }

    /// The moves from `s` to other states, with the states they reach (the pass among
    /// them unless it ends the sequence).
    #[inline]
    pub fn options(&self, s: u32) -> impl Iterator<Item = (Move, u32)> + '_ {
        let (a, b) = (
            self.offsets[s as usize] as usize,
            self.offsets[s as usize + 1] as usize,
        );
        self.moves[a..b]
            .iter()
            .copied()
            .zip(self.targets[a..b].iter().copied())
    }

    /// The states `s` moves to (as [`Game::options`], without the moves).
    #[inline]
    pub fn successors(&self, s: u32) -> &[u32] {
        &self.targets[self.offsets[s as usize] as usize..self.offsets[s as usize + 1] as usize]
    }

    /// Whether a stone of the player stands on `areas[i]` at `s`.
    pub fn stands_on(&self, s: u32, i: usize) -> bool {
        self.stands[s as usize] & (1 << i) != 0
    }

    /// The leaf label of a sequence ending at `s` (seed 002, as issue 37 states it): A if
    /// the string was never captured; else B2 if a stone of the player stands on
    /// `areas[0]` (local-1); else B31 if one stands on `areas[local2]` (local-2 outside
    /// local-1); else B32.
    pub fn label(&self, s: u32, local2: Option<usize>) -> Status {
        if !self.captured(s) {
            Status::A
        } else if self.stands_on(s, 0) {
            Status::B2
        } else if local2.is_some_and(|i| self.stands_on(s, i)) {
            Status::B31
        } else {
            Status::B32
        }
    }

    /// Every state's leaf label ([`Game::label`]), for the evaluations.
    pub fn labels(&self, local2: Option<usize>) -> Vec<Status> {
        (0..self.len() as u32)
            .map(|s| self.label(s, local2))
            .collect()
    }
}
