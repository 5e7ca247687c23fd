//! Linear Go: Go on a 1×n line under Tromp–Taylor rules (no suicide, positional
//! superko, area scoring, komi 0, the game ends after two passes in a row), solved
//! exactly with its history; and the pruning theorem of seed 000, verified and used.
//!
//! - [`line`]: positions written as in seed 000 (`x-oo-`), players, moves.
//! - [`rules`]: the obviously-correct path over the board model (`tsume_board`'s φ with
//!   Tromp–Taylor legality), [`rules::Rules`] pinning each reading of the rules, and an
//!   exhaustive minimax with no table and no pruning.
//! - [`compact`]: the fast path's representation (2 bits a cell, numbered legal
//!   positions, play tables), tested against [`rules`].
//! - [`solver`]: exact alpha-beta with a transposition table matched on the positions
//!   each search asked about (a state and its reflection shared), the theorem as
//!   pruning.
//! - `table`: the solver's transposition table, each entry with the part of the
//!   history its search looked at.
//! - [`verify`]: the theorem checked exhaustively on small boards and on random states.
//! - [`json`]: `tsume linear --json`'s types; [`report`]: the runs of `tsume linear`
//!   (a state solved, the theorem checked at both ends) and their text.
//!
//! The reading of the rules and the search are documented in `docs/linear.md`.
//!
//! ```
//! use tsume_linear::solver::{solve_empty, Options};
//! // 1×3: Black takes the centre and White can never play.
//! assert_eq!(solve_empty(3, Options::default()).unwrap().value, 3);
//! ```
#![deny(missing_docs)]

pub mod compact;
pub mod json;
pub mod line;
pub mod report;
pub mod rules;
pub mod solver;
mod table;
pub mod verify;

pub use line::{LinePosition, Move, ParseError, Player, MAX_N};
