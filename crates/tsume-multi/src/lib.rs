//! Go for k players (Jin Bai Kim, *On the Game of Go*, seed 004 §5) on the board model of
//! `tsume-board` (any finite board with a symmetric neighbour relation).
//!
//! - [`MultiPosition`]: a configuration f: T → {0, 1, …, k} (0 empty) and the colour to
//!   move; colours play in turn 0, 1, …, k−1, 0, … The moving function is φ's (Crăşmaru
//!   §2) with every other colour as the opponent: a pass, a move on an occupied point and
//!   a suicide hand the turn over; a stone removes every opposing group (of any other
//!   colour) it leaves without liberties, and only then is the mover's own group asked
//!   for a liberty (Kim's capture function (4) before (5)–(6); a move that captures
//!   therefore always keeps a liberty).
//! - [`coalition`]: `Can_kill` for a coalition (every colour but x's, in turn order,
//!   against x's group), by a depth-bounded AND/OR search with a transposition table,
//!   beside the literal procedure and an exhaustive retrograde solver.
//!
//! This is a separate type, not a generalisation of `tsume_board::Position`: the
//! two-player φ and its incremental groups are untouched.
//!
//! ```
//! use std::sync::Arc;
//! use tsume_board::{Board, Move};
//! use tsume_multi::{MultiPosition, MultiPlayed};
//!
//! // 1×4, three players: colour 1 on A1, colour 0 on C1, colour 0 to move.
//! let board = Arc::new(Board::line(4).unwrap());
//! let mut p = MultiPosition::new(board, 3, &[Some(1), None, Some(0), None], 0).unwrap();
//! let (a1, b1) = (p.board().parse_point("A1").unwrap(), p.board().parse_point("B1").unwrap());
//! // Colour 0 on B1 leaves A1 without liberties: captured.
//! assert_eq!(p.play(Move::Play(b1)), MultiPlayed::Stone { captured: 1 });
//! // Colour 1 on A1 has no liberty and captures nothing (B1–C1 keeps D1): a suicide,
//! // which hands the turn over like a pass.
//! assert_eq!(p.play(Move::Play(a1)), MultiPlayed::Suicide);
//! assert_eq!(p.to_move(), 2);
//! ```
#![deny(missing_docs)]

pub mod coalition;

use std::fmt;
use std::sync::Arc;

use tsume_board::{Board, Move, Point};

/// What φ did with a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MultiPlayed {
    /// `pass`.
    Pass,
    /// A move on an occupied point: the same as a pass.
    Occupied,
    /// A suicide (no capture, no liberty): the same as a pass.
    Suicide,
    /// A stone was placed and `captured` stones of other colours were removed.
    Stone {
        /// Number of stones removed.
        captured: u32,
    },
}

/// A configuration that breaks Theorem 2's condition (some group has no liberty), or
/// does not fit the board or the number of colours.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Illegal(pub String);

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Illegal {}

/// A position of k-player Go: stones of colours 0..k and the colour to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MultiPosition {
    board: Arc<Board>,
    k: u8,
    /// 0: empty; c + 1: a stone of colour c.
    cells: Vec<u8>,
    to_move: u8,
}

impl MultiPosition {
    /// The empty board, `k` colours (2 ≤ k ≤ 254), colour 0 to move.
    ///
    /// # Panics
    /// If `k` is out of range.
    pub fn empty(board: Arc<Board>, k: u8) -> MultiPosition {
        assert!((2..=254).contains(&k), "k = {k} colours");
        let n = board.len();
        MultiPosition {
            board,
            k,
            cells: vec![0; n],
            to_move: 0,
        }
    }

    /// A position from one entry per point (`None` empty, `Some(c)` colour c < k).
    ///
    /// # Errors
    /// [`Illegal`] if the entries do not fit the board or `k`, if the colour to move is
    /// not below `k`, or if some group has no liberty.
    pub fn new(
        board: Arc<Board>,
        k: u8,
        stones: &[Option<u8>],
        to_move: u8,
    ) -> Result<MultiPosition, Illegal> {
        if !(2..=254).contains(&k) {
            return Err(Illegal(format!("{k} colours: between 2 and 254")));
        }
        if stones.len() != board.len() {
            return Err(Illegal(format!(
                "{} entries for {} points",
                stones.len(),
                board.len()
            )));
        }
        if to_move >= k {
            return Err(Illegal(format!("colour {to_move} to move, of {k}")));
        }
        let mut cells = Vec::with_capacity(stones.len());
        for (i, s) in stones.iter().enumerate() {
            cells.push(match s {
                None => 0,
                Some(c) if *c < k => c + 1,
                Some(c) => return Err(Illegal(format!("colour {c} on point {i}, of {k}"))),
            });
        }
        let p = MultiPosition {
            board,
            k,
            cells,
            to_move,
        };
        for x in p.board.points() {
            if p.color(x).is_some() && p.liberties(x).is_empty() {
                return Err(Illegal(format!(
                    "the group on {} has no liberty",
                    p.board.name(x)
                )));
            }
        }
        Ok(p)
    }

    /// The board.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// k, the number of colours.
    pub fn colors(&self) -> u8 {
        self.k
    }

    /// The colour to move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The same configuration with colour `c` to move.
    ///
    /// # Panics
    /// If `c` ≥ k.
    pub fn with_to_move(&self, c: u8) -> MultiPosition {
        assert!(c < self.k, "colour {c} of {}", self.k);
        MultiPosition {
            to_move: c,
            ..self.clone()
        }
    }

    /// The colour on `p`, if any.
    #[inline]
    pub fn color(&self, p: Point) -> Option<u8> {
        self.cells[p.index()].checked_sub(1)
    }

    /// Every point's colour, in index order.
    pub fn stones(&self) -> Vec<Option<u8>> {
        self.board.points().map(|p| self.color(p)).collect()
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// The group of `x` (the maximal connected set of stones of x's colour containing
    /// it), sorted; empty if `x` is empty.
    pub fn group(&self, x: Point) -> Vec<Point> {
        let c = self.cells[x.index()];
        if c == 0 {
            return Vec::new();
        }
        let mut seen = vec![false; self.board.len()];
        seen[x.index()] = true;
        let mut out = vec![x];
        let mut i = 0;
        while i < out.len() {
            let y = out[i];
            i += 1;
            for &z in self.board.neighbors(y) {
                if !seen[z.index()] && self.cells[z.index()] == c {
                    seen[z.index()] = true;
                    out.push(z);
                }
            }
        }
        out.sort();
        out
    }

    /// The liberties of the group of `x` (its empty neighbours), sorted.
    pub fn liberties(&self, x: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = self
            .group(x)
            .iter()
            .flat_map(|&s| self.board.neighbors(s).iter().copied())
            .filter(|&y| self.cells[y.index()] == 0)
            .collect();
        libs.sort();
        libs.dedup();
        libs
    }

    fn hand_over(&mut self) {
        self.to_move = (self.to_move + 1) % self.k;
    }

    /// φ for k colours, in place (see the crate docs).
    ///
    /// # Panics
    /// If the point is not on the board.
    pub fn play(&mut self, m: Move) -> MultiPlayed {
        let x = match m {
            Move::Pass => {
                self.hand_over();
                return MultiPlayed::Pass;
            }
            Move::Play(x) => x,
        };
        if self.cells[x.index()] != 0 {
            self.hand_over();
            return MultiPlayed::Occupied;
        }
        let me = self.to_move + 1;
        self.cells[x.index()] = me;
        // Kim's (4): every opposing group left without liberties goes. Only groups next
        // to x lost a liberty.
        let mut captured: Vec<Point> = Vec::new();
        for &y in self.board.neighbors(x) {
            let c = self.cells[y.index()];
            if c != 0 && c != me && !captured.contains(&y) && self.liberties(y).is_empty() {
                captured.extend(self.group(y));
            }
        }
        for &s in &captured {
            self.cells[s.index()] = 0;
        }
        // Then (5)–(6): the mover's group without a liberty is a suicide, which φ makes a
        // pass (it cannot happen after a capture: a captured neighbour freed a point).
        if self.liberties(x).is_empty() {
            debug_assert!(captured.is_empty());
            self.cells[x.index()] = 0;
            self.hand_over();
            return MultiPlayed::Suicide;
        }
        self.hand_over();
        MultiPlayed::Stone {
            captured: captured.len() as u32,
        }
    }

    /// Whether the colour to move can place a stone on `x` (empty, no suicide).
    pub fn is_legal(&self, x: Point) -> bool {
        self.cells[x.index()] == 0 && !self.clone().play(Move::Play(x)).is_pass()
    }

    /// Ψ({p}): the distinct positions one move reaches, with the move that reaches each:
    /// the stone moves in index order, then the pass (occupied points and suicides give
    /// the pass's position).
    pub fn successors(&self) -> Vec<(Move, MultiPosition)> {
        let mut out: Vec<(Move, MultiPosition)> = Vec::new();
        for x in self.board.points() {
            if self.cells[x.index()] != 0 {
                continue;
            }
            let mut q = self.clone();
            if !q.play(Move::Play(x)).is_pass() {
                out.push((Move::Play(x), q));
            }
        }
        let mut q = self.clone();
        q.play(Move::Pass);
        out.push((Move::Pass, q));
        out
    }

    /// A compact key of the position (one byte per point, then the colour to move).
    pub fn key(&self) -> Vec<u8> {
        let mut k = self.cells.clone();
        k.push(self.to_move);
        k
    }
}

impl MultiPlayed {
    /// Whether the configuration is unchanged (pass, occupied point or suicide).
    pub fn is_pass(self) -> bool {
        !matches!(self, MultiPlayed::Stone { .. })
    }
}
