//! Life and death on the ordinary square grid: the two grid designs and what carries a
//! formula into their classes.
//!
//! - [`chain`]: design D2 (the graph board's gadgets) drawn on a rectangle, for the
//!   *chain class* (clauses of at most two literals on paths of variables, each literal
//!   in one clause). A small board, but no planar drawing of D2 does more: the argument
//!   is in `docs/design/grid-planarity.md`.
//! - [`rail`]: design D6, the Black rail: the gate Ω cut into pieces at the variables,
//!   for formulas that are monotone (after renaming variables) and whose clauses nest
//!   without crossing in the order of the variables ([`class`]: the monotone rectilinear
//!   formulas of de Berg and Khosravi 2010), each literal in at most two clauses.
//! - [`copies`]: chains of copies, which put a literal in more than two clauses into
//!   D6's class without losing planarity.
//!
//! [`any_grid`] draws a formula with D2 where the chain class holds (the smaller board),
//! else with D6. The dependencies run one way: this module uses `chain` and `rail`;
//! `rail` uses `copies` and `class`; `copies` uses `class`; both designs write their SGF
//! through [`sgf`] and report [`GridError`].

pub mod chain;
pub mod class;
pub mod copies;
mod error;
pub mod rail;
mod rail_files;
pub(crate) mod sgf;

pub use chain::{grid_layout, to_grid_sgf, Cell, GridLayout};
pub use error::GridError;
pub use rail::{rail_layout, rail_layout_with_copies, RailCell, RailLayout};

use crate::dimacs::Cnf;

/// A square grid drawn by either design.
#[derive(Clone, Debug)]
pub enum AnyGrid {
    /// Design D2 on the grid, the chain class ([`grid_layout`]).
    Chain(GridLayout),
    /// Design D6, the Black rail ([`rail::rail_layout_with_copies`]).
    Rail(rail::RailLayout),
}

impl AnyGrid {
    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        match self {
            AnyGrid::Chain(l) => (l.width, l.height),
            AnyGrid::Rail(l) => (l.width, l.height),
        }
    }

    /// Points without a stone.
    pub fn empty_points(&self) -> usize {
        match self {
            AnyGrid::Chain(l) => l.empty_points(),
            AnyGrid::Rail(l) => l.empty_points(),
        }
    }

    /// "D2" or "D6".
    pub fn design(&self) -> &'static str {
        match self {
            AnyGrid::Chain(_) => "D2",
            AnyGrid::Rail(_) => "D6",
        }
    }

    /// The SGF text.
    pub fn to_sgf(&self) -> String {
        match self {
            AnyGrid::Chain(l) => l.to_sgf(),
            AnyGrid::Rail(l) => l.to_sgf(),
        }
    }

    /// What the drawing changed in the formula (normalising, simplifying, chains of
    /// copies), in words.
    pub fn notes(&self) -> &[String] {
        match self {
            AnyGrid::Chain(l) => &l.notes,
            AnyGrid::Rail(l) => &l.notes,
        }
    }
}

/// The square grid of a formula: design D2's chain class where it holds (the smaller
/// board), else design D6 where it draws the formula.
///
/// # Errors
/// [`GridError::Neither`], naming why each design does not draw it.
pub fn any_grid(cnf: &Cnf) -> Result<AnyGrid, GridError> {
    match grid_layout(cnf) {
        Ok(l) => Ok(AnyGrid::Chain(l)),
        Err(chain) => match rail::rail_layout_with_copies(cnf, true) {
            Ok(l) => Ok(AnyGrid::Rail(l)),
            Err(rail) => Err(GridError::Neither {
                chain: chain.short(),
                rail: rail.short(),
            }),
        },
    }
}
