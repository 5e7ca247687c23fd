//! Pictures of tsume problems, their answers and the 3-SAT instances, drawn the way Go
//! players look at them (`docs/pictures.md`).
//!
//! - A [`Scene`] is what is drawn of a problem whatever the moves: its board (a wood
//!   grid with lines, star points and coordinates, a window of it around the area in play
//!   on a large board; or, for graph boards and grids with diagonal adjacency, nodes and
//!   edges laid out at their coordinates, in design D2's rows, or by a deterministic
//!   force layout), the points outside the area in play greyed, the target marked with a
//!   triangle, and where the outside's virtual wall joins the area (tsume-area's
//!   `outside`: the attacker's walls and the frame points that touch it).
//! - A [`Line`] is a line of play on the position in play; its [`figure`] is the book
//!   figure: the position at its end with captures taken off, each standing stone it
//!   placed numbered, and a note for each move the figure cannot show ("7 at 3").
//! - [`problem_svg`] draws the problem and a figure per line as one SVG document;
//!   [`page_html`] writes a self-contained page that steps through the lines.
//! - [`tree_line`] reads a line off a proof or disproof tree (a refutation).
//! - The commands' pictures: a solved problem ([`solved_svg`], [`solved_page`]), a
//!   file's solution tree as reviewed ([`review_page`]), a 3-SAT instance
//!   ([`reduction_svg`]).
//!
//! The SVG is written with the `svg` crate. Stones are `circle` elements of class
//! `stone black` or `stone white` named by `data-point` (GTP names on grids), coordinates
//! are `text` elements of class `coord col` and `coord row`: the tests read the picture
//! back by them.
//!
//! ```
//! use tsume_sgf::{parse_sgf_problem, LoadOptions};
//! use tsume_draw::{problem_svg, Line, Scene};
//! let sgf = "(;SZ[7]PL[B]AW[da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec]TR[bb])";
//! let p = parse_sgf_problem(sgf, "corner.sgf", &LoadOptions::default()).unwrap();
//! let b7 = p.from_full(p.full().board().parse_point("B7").unwrap()).unwrap();
//! let kill = Line::alternating("Black first", "Black kills at B7", p.position().clone(),
//!     &[tsume_board::Move::Play(b7)], "");
//! let svg = problem_svg(&Scene::of_problem(&p), &[kill], &[]).unwrap();
//! assert!(svg.starts_with("<svg") && svg.contains("data-point=\"B7\""));
//! ```
#![deny(missing_docs)]

mod answers;
mod figure;
mod layers;
mod layout;
mod page;
mod picture;
mod reduction;
mod review;
mod scene;
mod tree_line;

pub use answers::{solved_page, solved_svg};

pub use figure::{diagrams, figure, figure_of, Figure, Line, Step};
pub use page::page_html;
pub use picture::problem_svg;
pub use reduction::reduction_svg;
pub use review::review_page;
pub use scene::{DrawError, Scene, MAX_DRAWN_GRAPH_POINTS};
pub use tree_line::tree_line;
