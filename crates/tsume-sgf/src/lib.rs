//! Loading life-and-death problems: SGF files (and `tsume-graph` files) to a
//! [`Problem`]: the whole board, the group in question (the target), the player to
//! move, and the board actually in play — the problem's area as a graph board
//! (Crăşmaru §2: a board is any finite set T with a symmetric relation N, so an area
//! cut out of a goban, with private eye points added, is a board of the formalism).
//!
//! # SGF
//! - `SZ[n]` or `SZ[w:h]` (columns:rows, 1 to 52 each; default 19), `GM` must be 1.
//! - `AB`, `AW`, `AE`, `PL` and the moves `B`/`W` of the game tree's **root sequence**
//!   (the nodes before its first variation) are applied in order, the moves with φ
//!   ([`Position::play_in_place`](tsume_board::Position::play_in_place): a move on an occupied point or a suicide is a
//!   pass). Variations are taken as solutions and ignored; the problem is the position
//!   at the end of the root sequence. `B[tt]` is a pass on boards up to 19×19.
//! - Several game trees (a collection of problems in one file): [`LoadOptions::index`]
//!   picks one (from 0); the problem knows which ([`Problem::game_tree`],
//!   [`Problem::label`]), a note says how many the file holds, and an error inside one
//!   names it. [`SgfText`] parses a file once and loads each of its game trees.
//!
//! # Who moves
//! [`LoadOptions::to_move`], else the file (the last `PL`, or the opponent of the last
//! move of the root sequence), else Black.
//!
//! # The target
//! 1. [`LoadOptions::target`] (`C3` GTP style or `cc` SGF style);
//! 2. else a mark on a stone: `TR`, else `MA`, else `SQ`, else `CR` (the first of these
//!    kinds that marks a stone; a mark on an empty point names no target, and a note says so). If that kind marks
//!    stones of several groups, loading fails and asks for a target;
//! 3. else inferred. The defender (whose group is in question) is, in this order:
//!    - the colour the file's text names, in `GN`, `C` or `GC` (not a `tsume:` line):
//!      a colour followed (with at most four of "to", "play", "move", "first", "and"
//!      between) by a verb of life ("live", "lives", "survive", "save") or of death
//!      ("kill", "kills", "capture"): "Black to live" and "White to move and kill" both
//!      make Black the defender;
//!    - else the enclosed colour, from the stones: the only colour on the board if the
//!      other has no stone; on a problem drawn in a corner or on a
//!      side of a larger board (the stones' bounding box covers less than half of it),
//!      the colour whose stones lie nearer the board's edges on average; otherwise the
//!      colour a smaller share of whose liberties lie in the largest empty region (the
//!      open board);
//!    - else (a tie) the colour not to move, or White when that is unknown.
//!
//!    The player to move does not choose the defender: a problem's mover attacks in a
//!    kill and defends in a life. Among the defender's groups that are not
//!    unconditionally alive (Benson; all of them if every one is), the target is the
//!    largest, ties broken by fewer liberties, then by the first stone in scan order
//!    (rows from the top, left to right). When the defender has other groups of three
//!    stones or more wholly outside the area (a board holding several problems, four
//!    corners on one goban), a note names them and points to `--target`.
//!    [`TargetSource::Inferred`] says how it was chosen. `tests/tests/inference.rs`
//!    measures the rule with the marks removed against the targets of the corpus and
//!    of the collection, and fails if it falls; the lab notebook (`docs/experiments/`,
//!    "Target inference by the enclosed colour") has the figures.
//!
//! # The area in play
//! [`tsume_area`] cuts it out of the whole board around the target, and its docs state
//! the rule: [`LoadOptions::region`] ([`RegionSpec`], `Auto` by default),
//! [`LoadOptions::no_frame`] and [`LoadOptions::keep_sealed`]. A file may ask for its
//! area with `GC[tsume: region=board]` ([`region_hint`]; the 3-SAT grids do), which an
//! explicit region other than `Auto` overrides. A file that marks [`MARKED_REGION`] (20)
//! points or more with `MA` gives its region that way (the RZS benchmark's files mark
//! 141 to 166): under `Auto` those points are the area in play, each marked stone with
//! its whole group, and `MA` is then no target mark (a target mark is a stone or a few);
//! an explicit region other than `Auto`, or [`LoadOptions::no_marked_region`], overrides.
//!
//! # Example
//! ```
//! use tsume_sgf::{parse_sgf_problem, LoadOptions, TargetSource};
//! // A white corner group on a 7x7 board (straight three), Black to play.
//! let sgf = "(;SZ[7]PL[B]AW[da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec]TR[bb])";
//! let p = parse_sgf_problem(sgf, "example.sgf", &LoadOptions::default()).unwrap();
//! assert_eq!(p.target_source(), &TargetSource::Mark);
//! // In play: the eye space A7 B7 C7, the 5 white and 7 black stones; the black wall
//! // touches the rest of the board, so it is joined to the outside's virtual wall
//! // (one stone and its two eyes).
//! assert_eq!(p.region().len(), 15);
//! assert_eq!(p.virtual_eyes().len(), 2);
//! assert_eq!(p.outside_walls().len(), 1);
//! assert_eq!(p.position().board().len(), 18);
//! println!("{}", p.region_diagram());
//! ```
//!
//! # Graph files
//! A file named `*.graph`, or whose text starts with `tsume-graph`, is read with
//! [`tsume_board::parse_graph`]: target and player to move from the file (overridden
//! by the options), region = the whole graph.
#![deny(missing_docs)]

mod error;
mod expected;
mod load;
mod problem;
mod scan;
mod solution;
mod syntax;
mod target;

pub use error::{tree_label, LoadError, LoadErrorKind};
pub use expected::{parse_expected, region_hint, Expected, ExpectedStatus};
pub use load::{
    is_graph_text, load_problem, parse_graph_problem, parse_problem, parse_sgf_position,
    parse_sgf_problem, problem_from_position, read_problem_file, LoadOptions, SgfPosition, SgfText,
    MARKED_REGION,
};
pub use problem::Problem;
pub use scan::{MAX_FILE_NODES, MAX_LINE_NODES};
pub use solution::{
    comment_marks, load_solution_tree, parse_solution_tree, Mark, SolutionNode, SolutionTree,
};
pub use target::TargetSource;
pub use tsume_area::RegionSpec;

#[cfg(test)]
mod tests;
