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
//! else with D6 within the SGF's 52 × 52. [`draw`] draws **every** formula: D2, else D6
//! as the formula stands (any size), else D6 after the route of [`crate::route`] (3-CNF,
//! Lichtenstein's crossover, de Berg and Khosravi's monotone form, chains of copies),
//! up to [`MAX_POINTS`] points. The dependencies run one way: this module uses `chain` and `rail`;
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

    /// The grid as a graph board file (tsume-graph format).
    ///
    /// # Errors
    /// None for a drawn grid; an internal error otherwise.
    pub fn to_graph_text(&self) -> Result<String, GridError> {
        match self {
            AnyGrid::Chain(l) => l.to_graph_text(),
            AnyGrid::Rail(l) => l.to_graph_text(),
        }
    }

    /// Whether the grid fits an SGF board (52 × 52 at most).
    pub fn fits_sgf(&self) -> bool {
        let (w, h) = self.size();
        w <= 52 && h <= 52
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

/// The largest grid [`draw`] makes, in points (a board of this size is some 40 MB as a
/// graph file); a formula whose route leads to more is refused with
/// [`GridError::TooLarge`].
pub const MAX_POINTS: usize = 2_000_000;

/// A formula drawn on the square grid, and how.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The grid.
    pub grid: AnyGrid,
    /// The route's stages when the formula went through it ([`crate::route`]), else
    /// empty.
    pub stages: Vec<crate::route::Stage>,
}

/// The square grid of any formula: design D2's chain class, else D6 as the formula stands
/// (within 52 × 52 if it fits, else of any size), else D6 after the route; satisfiable
/// exactly when the formula is, each way.
///
/// # Errors
/// [`GridError::OverLimit`] when the route's grid would have more than [`MAX_POINTS`]
/// points (at least the points reported); an internal error if a stage fails its check.
pub fn draw(cnf: &Cnf) -> Result<Drawing, GridError> {
    let plain = |grid| Drawing {
        grid,
        stages: Vec::new(),
    };
    if let Ok(l) = grid_layout(cnf) {
        return Ok(plain(AnyGrid::Chain(l)));
    }
    for sgf in [true, false] {
        if let Ok(l) = rail_layout_with_copies(cnf, sgf) {
            return Ok(plain(AnyGrid::Rail(l)));
        }
    }
    let routed = crate::route::route(cnf).map_err(GridError::Unsupported)?;
    // D6 takes 12 columns a variable and 6 rows a level of nesting on each side (a lower
    // bound, so that a grid over the limit is refused before it is drawn).
    let [up, down] = routed.emb.depths();
    let estimate = (12 * routed.emb.line.len()) * (6 * (up + down) + 12);
    if estimate > MAX_POINTS {
        return Err(GridError::OverLimit { points: estimate });
    }
    let mut l = rail::rail_layout_embedded(&routed.emb)?;
    if l.width * l.height > MAX_POINTS {
        return Err(GridError::OverLimit {
            points: l.width * l.height,
        });
    }
    let sizes: Vec<String> = routed
        .stages
        .iter()
        .map(|s| format!("{} {}/{}", s.name, s.variables, s.clauses))
        .collect();
    let crossings = routed.stages.iter().map(|s| s.crossings).sum::<usize>();
    let mut notes = routed.notes;
    notes.push(format!(
        "drawn through the route to design D6's class (variables/clauses after each stage: \
         {}; {crossings} crossing(s) replaced by Lichtenstein's crossover box): the formula \
         drawn is satisfiable exactly when the input is (tsume-reduce route docs)",
        sizes.join(", ")
    ));
    l.notes = notes;
    Ok(Drawing {
        grid: AnyGrid::Rail(l),
        stages: routed.stages,
    })
}
