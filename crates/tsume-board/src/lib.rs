//! Crăşmaru's model of Go without the rule of ko (*On the Complexity of Tsume-Go*, §2).
//!
//! - A [`Board`] is a finite set of points T with a symmetric neighbour relation N:
//!   rectangular grids of any size up to 52×52 (1×n lines included), grids with diagonal
//!   adjacency, or any undirected simple graph (built from `petgraph` or from the
//!   [`graph_format`] text format).
//! - A [`Configuration`] f: T → {B, W, 0} is any assignment of stones; a [`Position`]
//!   (f, a) adds the player to move and is always legal: [`Position::new`] checks the
//!   condition of Theorem 2 (every group has a liberty) once, and φ preserves it.
//! - [`Position::play`] is the moving function φ exactly as written: a pass, a move on an
//!   occupied point and a suicide all hand the turn over; a stone that leaves opposing
//!   neighbour groups without liberties removes them. There is no ko rule and no history:
//!   a position is its configuration and its player to move.
//! - One option lies outside the model, off by default: a ko rule ([`Position::with_ko`],
//!   [`KoRule`]: the basic rule, or the basic rule binding one player only, the other
//!   being the ko master). A move that captures one stone with a single stone left in
//!   atari then forbids the immediate recapture, which φ treats as a pass unless the
//!   player has an external ko threat left to spend ([`Position::with_ko_threats`]); the
//!   forbidden point ([`Position::ko_ban`]) and the threats left are part of the
//!   position (equality, key).
//! - [`Position::successors`] is Ψ({p}); [`Position::hash`] a Zobrist key of (f, a),
//!   updated incrementally.
//! - [`naive`] is a slow, literal transcription of the definitions that the fast
//!   implementation is tested against.
//!
//! ```
//! use tsume_board::{Color, Move, Position, Played};
//! // A suicide leaves the configuration unchanged and hands the turn over.
//! let p = Position::from_diagram(". o\no .", Color::Black).unwrap();
//! let corner = p.board().parse_point("A2").unwrap();
//! let mut q = p.clone();
//! assert_eq!(q.play_in_place(Move::Play(corner)), Played::Suicide);
//! assert_eq!(q, p.with_to_move(Color::White));
//! ```
#![deny(missing_docs)]

pub mod benson;
mod board;
pub mod coord;
pub mod diagram;
pub mod eyes;
pub mod graph_format;
pub mod input;
pub mod naive;
mod position;
pub mod safety;
pub mod sgf_write;
mod zobrist;
pub use zobrist::splitmix64;

pub use board::{Board, BoardError, Grid, Point, MAX_GRID_SIDE};
pub use coord::{CoordError, CoordErrorKind};
pub use diagram::{counted, parse_diagram, DiagramError};
pub use graph_format::{parse_graph, write_graph, GraphErrorKind, GraphFile, GraphFormatError};
pub use position::{
    Color, Configuration, GroupStones, IllegalPosition, KoRule, Liberties, Move, Played, Position,
};
