//! Design D6, the Black rail, drawn on a square grid (`docs/design/grid-planarity.md`, "D6").
//!
//! The class: after [`crate::dimacs::normalize`] and dropping repeated clauses, every clause is
//! monotone once some variables are renamed (u ↔ ¬u; a renamed variable is drawn upside
//! down, its "u false" point above the rail): the clauses whose literals are all "above"
//! are drawn over the line of variables, the others under it; each literal is in at most
//! two clauses, and on each side the clauses, as combs whose legs stand on the choice
//! points' slots in the order of the variables, nest without crossing (a rectilinear
//! drawing; de Berg and Khosravi 2010: deciding monotone rectilinear formulas is
//! NP-complete). At most four variables fit in the SGF's 52 columns: up to three with
//! 12 columns a variable, four with 10 and narrower White walls. Without the SGF's limit
//! ([`rail_layout_with_copies`] with `sgf` false; [`RailLayout::to_graph_text`] writes
//! the grid as a graph board) any number, 12 columns each, and a literal in more than
//! two clauses is drawn through a chain of copies ([`super::copies`]).
//!
//! The drawing, per variable i at column c (rows: r the row of the A points):
//!
//! ```text
//!   ℓ ℓ ℓ ℓ ℓ A R R R R R R          A = (r, c): White's "u true"; B = (r+1, c+1): "u false"
//!   ℓ ℓ ℓ ℓ ℓ P B ρ ρ ρ ρ R          P = piece i−1 (arrives from below), R = piece i
//!   P P P P P P d . . . ρ R P P P P  ℓ: A's left slot, its block and the rise on its left;
//!                                    A's up slot rises at column c; d (down) and ρ (right)
//! ```
//!
//! are B's slots. A slot holds a leg of a clause comb or an alive White wall W (two eyes).
//! The Black region above each stretch of rail is closed by a *lid*: the two structures
//! on either side of it meet diagonally (a cross-cut of two White groups, which does not
//! join them), so that no Black region touches two pieces or a Black wall Z. Each clause
//! is a White comb: its legs rise to its bar (inner combs lower), a 3×3 block at the
//! bar's left end holds its private eye, and one private liberty p beyond the block
//! touches the surrounding Black wall Z. Λ (`L`, eye e, E) sits at the left end inside piece 0;
//! the last piece has the gate's two liberties g next to an alive White wall. Every
//! region left over is a Black wall Z with two eyes carved in it. The drawing is checked
//! point by point before it is returned (every empty point touches exactly the groups its
//! role allows), so a formula it cannot draw gets an error, never a wrong board.

use std::collections::VecDeque;

use super::class::{renaming, side, sided};
use super::error::GridError;
use crate::dimacs::distinct_clauses;
use crate::dimacs::Cnf;

/// What stands on a point of a D6 grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RailCell {
    /// Λ (White), the target.
    Lambda,
    /// Λ's eye (empty).
    LambdaEye,
    /// E (empty): touches Λ and the first piece.
    BigE,
    /// Piece i of the gate Ω (Black), 0..=m.
    Piece(u32),
    /// A Black wall (alive: two eyes).
    Z,
    /// An eye of a Black wall (empty).
    ZEye,
    /// A White wall (alive: two eyes).
    W,
    /// An eye of a White wall (empty).
    WEye,
    /// Clause group j (White), j from 1.
    Clause(usize),
    /// Clause j's private eye (empty).
    ClauseEye(usize),
    /// Clause j's private liberty p (empty; touches the clause and a Black wall).
    Private(usize),
    /// Choice point "u true" of the variable (empty).
    A(u32),
    /// Choice point "u false" of the variable (empty).
    B(u32),
    /// A liberty g of the last piece (empty; touches it and a White wall).
    G,
}

impl RailCell {
    /// The stone on the point, if any.
    pub fn stone(self) -> Option<tsume_board::Color> {
        use tsume_board::Color;
        match self {
            RailCell::Lambda | RailCell::W | RailCell::Clause(_) => Some(Color::White),
            RailCell::Piece(_) | RailCell::Z => Some(Color::Black),
            _ => None,
        }
    }

    /// One character: `L` Λ, `R` a piece, `Z`/`W` walls, `K` clauses; empty: `e`, `E`,
    /// `A`, `B`, `g`, `p`, `y` a clause's eye, `z`/`w` walls' eyes.
    pub fn letter(self) -> char {
        match self {
            RailCell::Lambda => 'L',
            RailCell::LambdaEye => 'e',
            RailCell::BigE => 'E',
            RailCell::Piece(_) => 'R',
            RailCell::Z => 'Z',
            RailCell::ZEye => 'z',
            RailCell::W => 'W',
            RailCell::WEye => 'w',
            RailCell::Clause(_) => 'K',
            RailCell::ClauseEye(_) => 'y',
            RailCell::Private(_) => 'p',
            RailCell::A(_) => 'A',
            RailCell::B(_) => 'B',
            RailCell::G => 'g',
        }
    }
}

/// A D6 grid: cells row by row, the formula drawn, Λ's point.
#[derive(Clone, Debug)]
pub struct RailLayout {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cells, row by row.
    pub cells: Vec<Vec<RailCell>>,
    /// The formula drawn (normalised, repeated clauses dropped; the chained formula
    /// when [`rail_layout_with_copies`] needed chains of copies).
    pub cnf: Cnf,
    /// What normalising and chaining changed.
    pub notes: Vec<String>,
    /// Λ's point (x, y), which the SGF marks.
    pub target: (usize, usize),
}

/// The spacing of a layout: columns from a cut to its piece's descent and from there to
/// the next cut, the first cut's column, columns from the last descent to the gate's
/// liberties, and the White walls' shape (5 × 3, or 3 × 5 where the slots are closer).
/// Up to three variables get the wide one; four need the narrow one to fit 52 columns.
#[derive(Clone, Copy)]
struct Spacing {
    to_descent: usize,
    to_cut: usize,
    first_cut: usize,
    tail: usize,
    tall_walls: bool,
}

const WIDE: Spacing = Spacing {
    to_descent: 6,
    to_cut: 6,
    first_cut: 12,
    tail: 6,
    tall_walls: false,
};

const NARROW: Spacing = Spacing {
    to_descent: 5,
    to_cut: 5,
    first_cut: 10,
    tail: 3,
    tall_walls: true,
};
/// The SGF's limit.
pub(super) const MAX_SIDE: usize = 52;

pub(super) fn unsupported(why: impl Into<String>) -> GridError {
    GridError::Unsupported(why.into())
}

/// The points (row, column) next to (y, x) on a grid of `height` rows and `width` columns.
fn neighbors(
    (height, width): (usize, usize),
    y: usize,
    x: usize,
) -> impl Iterator<Item = (usize, usize)> {
    [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(move |(dy, dx)| {
            let (ny, nx) = (y as isize + dy, x as isize + dx);
            (ny >= 0 && nx >= 0 && (ny as usize) < height && (nx as usize) < width)
                .then_some((ny as usize, nx as usize))
        })
}

/// The grid under construction.
struct Canvas {
    cells: Vec<Vec<Option<RailCell>>>,
    width: usize,
    height: usize,
}

impl Canvas {
    fn put(&mut self, y: usize, x: usize, c: RailCell) -> Result<(), GridError> {
        let cell = self
            .cells
            .get_mut(y)
            .and_then(|row| row.get_mut(x))
            .ok_or_else(|| unsupported(format!("the drawing leaves the board at ({x}, {y})")))?;
        match *cell {
            Some(old) if old != c => Err(unsupported(format!(
                "the drawing puts two things on ({x}, {y}): {old:?} and {c:?}"
            ))),
            _ => {
                *cell = Some(c);
                Ok(())
            }
        }
    }

    fn hline(&mut self, y: usize, x0: usize, x1: usize, c: RailCell) -> Result<(), GridError> {
        for x in x0.min(x1)..=x0.max(x1) {
            self.put(y, x, c)?;
        }
        Ok(())
    }

    fn vline(&mut self, x: usize, y0: usize, y1: usize, c: RailCell) -> Result<(), GridError> {
        for y in y0.min(y1)..=y0.max(y1) {
            self.put(y, x, c)?;
        }
        Ok(())
    }

    fn neighbors(&self, y: usize, x: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        neighbors((self.height, self.width), y, x)
    }

    /// What stands on a slot at column `x`, from row `from`: clause `j`'s leg up or down
    /// to its bar's row `to` (recorded in `legs`), or, for no clause, a White wall's
    /// leg to row `wall.0` and the wall itself from row `wall.1`, tall if `wall.2`
    /// ([`Canvas::wall`]).
    fn stand(
        &mut self,
        legs: &mut [Vec<usize>],
        j: Option<usize>,
        x: usize,
        from: usize,
        to: Option<usize>,
        wall: (usize, usize, bool),
    ) -> Result<(), GridError> {
        match (j, to) {
            (Some(j), Some(to)) => {
                self.vline(x, from, to, RailCell::Clause(j + 1))?;
                legs[j].push(x);
                Ok(())
            }
            _ => {
                self.vline(x, from, wall.0, RailCell::W)?;
                self.wall(wall.1, x, wall.2)
            }
        }
    }

    /// A White wall with two eyes centred on column x from row y: 5 columns by 3 rows,
    /// or, `tall`, 3 by 5.
    fn wall(&mut self, y: usize, x: usize, tall: bool) -> Result<(), GridError> {
        let (half, rows) = if tall { (1, 5) } else { (2, 3) };
        for yy in y..y + rows {
            for xx in x - half..=x + half {
                let eye = if tall {
                    xx == x && (yy == y + 1 || yy == y + 3)
                } else {
                    yy == y + 1 && (xx == x - 1 || xx == x + 1)
                };
                let c = if eye { RailCell::WEye } else { RailCell::W };
                self.put(yy, xx, c)?;
            }
        }
        Ok(())
    }
}

/// The D6 grid of a formula, if it is in the class (module docs) and fits the SGF's
/// 52 × 52.
///
/// # Errors
/// [`GridError::Unsupported`] naming why the formula is outside the class, or
/// [`GridError::TooLarge`].
pub fn rail_layout(input: &Cnf) -> Result<RailLayout, GridError> {
    rail_layout_within(input, Some(MAX_SIDE), None)
}

/// The D6 grid of a formula, drawn as it is or, when a literal is in more than two
/// clauses, after [`super::copies::split_occurrences`] (the layout's formula is then the
/// chained one, its notes say so); within the SGF's 52 × 52 when `sgf`, else of any
/// size (a square grid written as a graph board, [`RailLayout::to_graph_text`]).
///
/// # Errors
/// As [`rail_layout`]; for a formula chained, the chained formula's error.
pub fn rail_layout_with_copies(input: &Cnf, sgf: bool) -> Result<RailLayout, GridError> {
    let max = sgf.then_some(MAX_SIDE);
    match rail_layout_within(input, max, None) {
        Err(e) if super::copies::has_crowded_literal(input) => {
            let Ok((chained, notes)) = super::copies::split_occurrences(input) else {
                return Err(e);
            };
            match rail_layout_within(&chained, max, None) {
                Ok(mut l) => {
                    l.notes.splice(0..0, notes);
                    Ok(l)
                }
                Err(e2) => Err(unsupported(format!(
                    "{}; with chains of copies ({} variables): {}",
                    e.short(),
                    chained.vars,
                    e2.short()
                ))),
            }
        }
        r => r,
    }
}

/// The D6 grid of a planar monotone rectilinear formula as its embedding draws it
/// ([`crate::route`]): the variables numbered 1..=n along the line, every literal in at
/// most two clauses, each point's slots in the embedding's order; of any size.
///
/// # Errors
/// [`GridError::Unsupported`] if the embedding is not of that form, or the drawing fails
/// its check.
pub fn rail_layout_embedded(emb: &crate::route::Embedded) -> Result<RailLayout, GridError> {
    let n = emb.line.len();
    if emb.line != (1..=n as u32).collect::<Vec<_>>() || !emb.is_monotone() || emb.max_legs() > 2 {
        return Err(unsupported(
            "internal: the embedding is not numbered along its line, not monotone, or has a \
             literal in more than two clauses",
        ));
    }
    let mut given: [Vec<Vec<usize>>; 2] = [vec![Vec::new()], vec![Vec::new()]];
    for both in &emb.legs {
        given[0].push(both[0].clone());
        given[1].push(both[1].clone());
    }
    rail_layout_within(&emb.cnf, None, Some(&given))
}

fn rail_layout_within(
    input: &Cnf,
    max_side: Option<usize>,
    given: Option<&[Vec<Vec<usize>>; 2]>,
) -> Result<RailLayout, GridError> {
    let (cnf, notes) = distinct_clauses(input);
    if given.is_some() && cnf.clauses != input.clauses {
        return Err(unsupported(
            "internal: the embedded formula changes when normalised",
        ));
    }
    if cnf.clauses.is_empty() || cnf.clauses.iter().any(Vec::is_empty) {
        return Err(unsupported("no clause, or an empty clause"));
    }
    let vars = cnf.occurring_vars();
    let m = vars.len();
    let flip = renaming(&cnf, &vars).ok_or_else(|| {
        unsupported(
            "no renaming of variables (u ↔ ¬u) makes every clause monotone (D6 draws the \
             clauses whose literals are all \"above\" over the variables and the others below)",
        )
    })?;
    let clauses = sided(&cnf, &vars, &flip);
    if given.is_some() && (vars.len() != input.vars as usize || flip.iter().any(|&f| f)) {
        return Err(unsupported(
            "internal: the embedded formula has a variable without a clause, or is renamed",
        ));
    }
    let up = side(&clauses, &vars, &flip, true, given.map(|g| &g[0][..]))?;
    let down = side(&clauses, &vars, &flip, false, given.map(|g| &g[1][..]))?;
    // The narrow spacing only where the SGF's 52 columns ask for it.
    let sp = if m <= 3 || max_side.is_none() {
        WIDE
    } else {
        NARROW
    };
    let cut = |i: usize| sp.first_cut + (i - 1) * (sp.to_descent + sp.to_cut);
    let descent = |i: usize| {
        if i == 0 {
            sp.first_cut - sp.to_cut
        } else {
            cut(i) + sp.to_descent
        }
    };
    let xg = descent(m) + sp.tail;
    // The first track's distance from the rail: clear of the walls' tops.
    let track = if sp.tall_walls { 14 } else { 12 };
    let width = xg + 4;
    let r = if up.max_height > 0 {
        track + 6 * (up.max_height - 1) + 5
    } else {
        track + 2
    };
    let bottom = if down.max_height > 0 {
        r + 1 + track + 6 * (down.max_height - 1) + 5
    } else {
        r + track + 2
    };
    let height = bottom + 1;
    let max_side = max_side.unwrap_or(usize::MAX);
    if width > max_side {
        return Err(GridError::TooLarge { width });
    }
    if height > max_side {
        return Err(unsupported(format!(
            "the combs nest too deep: the layout needs {height} rows, more than the 52 SGF \
             allows"
        )));
    }
    let mut g = Canvas {
        cells: vec![vec![None; width]; height],
        width,
        height,
    };
    let m32 = m as u32;
    // The rail's skeleton and the cuts.
    g.hline(r + 2, 0, cut(1), RailCell::Piece(0))?;
    g.put(r + 1, cut(1), RailCell::Piece(0))?;
    for i in 1..=m {
        let (c, x, p) = (cut(i), descent(i), RailCell::Piece(i as u32));
        let v = vars[i - 1];
        // The point above is "u true", or "u false" for a variable drawn upside down.
        let (above, below) = if flip[i] {
            (RailCell::B(v), RailCell::A(v))
        } else {
            (RailCell::A(v), RailCell::B(v))
        };
        g.put(r, c, above)?;
        g.put(r + 1, c + 1, below)?;
        g.hline(r, c + 1, x, p)?;
        g.put(r + 1, x, p)?;
        if i < m {
            g.hline(r + 2, x, cut(i + 1), p)?;
            g.put(r + 1, cut(i + 1), p)?;
        } else {
            g.hline(r + 2, x, xg - 1, p)?;
            g.hline(r, x, xg - 1, p)?;
        }
    }
    let top_up = |h: usize| r - track - 6 * (h - 1);
    let top_down = |h: usize| r + 1 + track + 6 * (h - 1);
    let wall_up = (
        r - 7,
        if sp.tall_walls { r - 11 } else { r - 9 },
        sp.tall_walls,
    );
    let wall_down = (r + 8, r + 8, sp.tall_walls);
    let owner = |j: Option<usize>| j.map_or(RailCell::W, |j| RailCell::Clause(j + 1));
    // Each clause's leg columns, for its bar.
    let mut legs: Vec<Vec<usize>> = vec![Vec::new(); clauses.len()];
    for i in 1..=m {
        let [left, upper] = up.slots[i];
        // A's left slot: the block on rows r and r+1 and the rise at its left.
        let lx = descent(i - 1) + 1;
        let o = owner(left);
        g.hline(r, lx, cut(i) - 1, o)?;
        g.hline(r + 1, lx, cut(i) - 1, o)?;
        g.stand(
            &mut legs,
            left,
            lx,
            r - 1,
            left.map(|j| top_up(up.height[j])),
            wall_up,
        )?;
        // The lid over the stretch left of the cut, row r − 3, leftwards.
        let lid_from = if i == 1 { 0 } else { cut(i - 1) + 4 };
        g.hline(r - 3, lid_from, lx, o)?;
        // A's up slot, rising at the cut's column, and the lid to its right, row r − 2.
        let ux = cut(i);
        let o = owner(upper);
        g.stand(
            &mut legs,
            upper,
            ux,
            r - 1,
            upper.map(|j| top_up(up.height[j])),
            wall_up,
        )?;
        let lid_to = if i < m { cut(i) + 3 } else { xg - 1 };
        g.hline(r - 2, ux, lid_to, o)?;
        // B's down slot, and the lid to its left, row r + 5.
        let [lower, right] = down.slots[i];
        let dx = cut(i) + 1;
        let o = owner(lower);
        g.stand(
            &mut legs,
            lower,
            dx,
            r + 2,
            lower.map(|j| top_down(down.height[j])),
            wall_down,
        )?;
        let lid_from = if i == 1 { 0 } else { descent(i - 1) + 4 };
        g.hline(r + 5, lid_from, dx, o)?;
        // B's right slot: the block on row r + 1 and the descent at its right, and the
        // lid to its right, row r + 4.
        let rx = descent(i) - 1;
        let o = owner(right);
        g.hline(r + 1, cut(i) + 2, rx, o)?;
        g.stand(
            &mut legs,
            right,
            rx,
            r + 2,
            right.map(|j| top_down(down.height[j])),
            wall_down,
        )?;
        let lid_to = if i < m { descent(i) + 3 } else { xg - 1 };
        g.hline(r + 4, rx, lid_to, o)?;
    }
    // The bars, each with its private eye in a 3×3 block at its left end and its
    // private liberty next to the block.
    for (j, xs) in legs.iter().enumerate() {
        let (Some(&lo), Some(&hi)) = (xs.iter().min(), xs.iter().max()) else {
            continue;
        };
        let o = RailCell::Clause(j + 1);
        let positive = clauses[j][0].1;
        let t = if positive {
            top_up(up.height[j])
        } else {
            top_down(down.height[j])
        };
        g.hline(t, lo, hi, o)?;
        let rows = if positive {
            [t - 2, t - 1, t]
        } else {
            [t, t + 1, t + 2]
        };
        for y in rows {
            g.hline(y, lo, lo + 2, o)?;
        }
        let eye_row = if positive { t - 1 } else { t + 1 };
        g.cells[eye_row][lo + 1] = Some(RailCell::ClauseEye(j + 1));
        // The private liberty beyond the block, away from the bar (the slots next to a
        // leg are only four columns away).
        let p_row = if positive { t - 3 } else { t + 3 };
        g.put(p_row, lo + 1, RailCell::Private(j + 1))?;
    }
    // The gate's liberties g next to a White wall at the right end.
    for y in r - 3..r + 6 {
        g.hline(y, xg + 1, width - 1, RailCell::W)?;
    }
    g.put(r - 3, xg, RailCell::W)?;
    g.put(r + 5, xg, RailCell::W)?;
    g.cells[r - 1][xg + 2] = Some(RailCell::WEye);
    g.cells[r + 3][xg + 2] = Some(RailCell::WEye);
    g.put(r, xg, RailCell::G)?;
    g.put(r + 2, xg, RailCell::G)?;
    for y in [r - 2, r - 1, r + 1, r + 3, r + 4] {
        g.put(y, xg, RailCell::Piece(m32))?;
    }
    // Λ at the left end, inside piece 0.
    for (y, x) in [
        (r - 1, 1),
        (r - 1, 2),
        (r - 1, 3),
        (r, 1),
        (r, 3),
        (r + 1, 1),
        (r + 1, 2),
        (r + 1, 3),
    ] {
        g.put(y, x, RailCell::Lambda)?;
    }
    g.put(r, 2, RailCell::LambdaEye)?;
    g.put(r, 4, RailCell::BigE)?;
    // Each piece fills the region around its skeleton.
    let mut queue: VecDeque<(usize, usize, u32)> = VecDeque::new();
    for y in 0..height {
        for x in 0..width {
            if let Some(RailCell::Piece(i)) = g.cells[y][x] {
                queue.push_back((y, x, i));
            }
        }
    }
    while let Some((y, x, i)) = queue.pop_front() {
        let around: Vec<(usize, usize)> = g.neighbors(y, x).collect();
        for (ny, nx) in around {
            match g.cells[ny][nx] {
                None => {
                    g.cells[ny][nx] = Some(RailCell::Piece(i));
                    queue.push_back((ny, nx, i));
                }
                Some(RailCell::Piece(k)) if k != i => {
                    return Err(unsupported(format!(
                        "pieces {i} and {k} of the rail meet at ({nx}, {ny})"
                    )))
                }
                _ => {}
            }
        }
    }
    // What is left: Black walls, two eyes each.
    for y in 0..height {
        for x in 0..width {
            if g.cells[y][x].is_some() {
                continue;
            }
            let mut region = vec![(y, x)];
            g.cells[y][x] = Some(RailCell::Z);
            let mut k = 0;
            while k < region.len() {
                let (cy, cx) = region[k];
                let around: Vec<(usize, usize)> = g.neighbors(cy, cx).collect();
                for (ny, nx) in around {
                    if g.cells[ny][nx].is_none() {
                        g.cells[ny][nx] = Some(RailCell::Z);
                        region.push((ny, nx));
                    }
                }
                k += 1;
            }
            region.sort_unstable();
            let mut eyes: Vec<(usize, usize)> = Vec::new();
            for &(cy, cx) in &region {
                let around: Vec<(usize, usize)> = g.neighbors(cy, cx).collect();
                let inner = around.len() == 4
                    && around
                        .iter()
                        .all(|&(ny, nx)| g.cells[ny][nx] == Some(RailCell::Z));
                let apart = eyes
                    .iter()
                    .all(|&(ey, ex)| ey.abs_diff(cy) + ex.abs_diff(cx) > 2);
                if inner && apart {
                    eyes.push((cy, cx));
                    if eyes.len() == 2 {
                        break;
                    }
                }
            }
            // A pocket too small for two eyes between White walls only (both slots of a
            // point without clauses) joins them instead: the walls have their eyes.
            let walled = region.iter().all(|&(cy, cx)| {
                g.neighbors(cy, cx)
                    .all(|(ny, nx)| matches!(g.cells[ny][nx], Some(RailCell::Z | RailCell::W)))
            });
            if eyes.len() < 2 && walled {
                for &(cy, cx) in &region {
                    g.cells[cy][cx] = Some(RailCell::W);
                }
                continue;
            }
            if eyes.len() < 2 {
                return Err(unsupported(format!(
                    "a Black wall at ({x}, {y}) has no room for two eyes"
                )));
            }
            for (ey, ex) in eyes {
                g.cells[ey][ex] = Some(RailCell::ZEye);
            }
        }
    }
    let cells: Vec<Vec<RailCell>> = g
        .cells
        .into_iter()
        .map(|row| row.into_iter().map(|c| c.unwrap_or(RailCell::Z)).collect())
        .collect();
    let layout = RailLayout {
        width,
        height,
        cells,
        cnf,
        notes,
        target: (1, r - 1),
    };
    layout.check()?;
    Ok(layout)
}

impl RailLayout {
    /// Points without a stone.
    pub fn empty_points(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|c| c.stone().is_none())
            .count()
    }

    /// The layout as text, one row a line ([`RailCell::letter`]).
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in &self.cells {
            out.extend(row.iter().map(|c| c.letter()));
            out.push('\n');
        }
        out
    }

    /// Point by point, that the drawing is D6: no two pieces, two clauses, a clause and a
    /// White wall, Λ and another White group, or a piece and a Black wall are adjacent,
    /// and every empty point touches exactly what its role allows.
    fn check(&self) -> Result<(), GridError> {
        use RailCell as C;
        let at = |y: usize, x: usize| self.cells[y][x];
        let around = |y: usize, x: usize| -> Vec<RailCell> {
            neighbors((self.height, self.width), y, x)
                .map(|(ny, nx)| at(ny, nx))
                .collect()
        };
        let bad = |y: usize, x: usize, what: &str| {
            Err(unsupported(format!(
                "internal: the D6 drawing is wrong at ({x}, {y}): {what}"
            )))
        };
        for y in 0..self.height {
            for x in 0..self.width {
                let c = at(y, x);
                let near = around(y, x);
                for &n in &near {
                    let clash = match (c, n) {
                        (C::Piece(a), C::Piece(b)) => a != b,
                        (C::Piece(_), C::Z) | (C::Z, C::Piece(_)) => true,
                        (C::Clause(a), C::Clause(b)) => a != b,
                        (C::Clause(_), C::W) | (C::W, C::Clause(_)) => true,
                        (C::Lambda, C::W | C::Clause(_)) => true,
                        _ => false,
                    };
                    if clash {
                        return bad(y, x, &format!("{c:?} next to {n:?}"));
                    }
                }
                let stones: Vec<RailCell> = near
                    .iter()
                    .copied()
                    .filter(|n| n.stone().is_some())
                    .collect();
                let only = |ok: &dyn Fn(RailCell) -> bool| {
                    stones.len() == near.len() && stones.iter().all(|&n| ok(n))
                };
                let fine = match c {
                    C::LambdaEye => only(&|n| n == C::Lambda),
                    C::BigE => only(&|n| n == C::Lambda || n == C::Piece(0)),
                    C::ZEye => only(&|n| n == C::Z),
                    C::WEye => only(&|n| n == C::W),
                    C::ClauseEye(j) => only(&|n| n == C::Clause(j)),
                    C::Private(j) => {
                        only(&|n| n == C::Clause(j) || n == C::Z)
                            && stones.contains(&C::Clause(j))
                            && stones.contains(&C::Z)
                    }
                    C::G => {
                        only(&|n| {
                            n == C::W || n == C::Piece(self.cnf.occurring_vars().len() as u32)
                        }) && stones.contains(&C::W)
                    }
                    C::A(_) | C::B(_) => {
                        let mut pieces: Vec<u32> = stones
                            .iter()
                            .filter_map(|n| match n {
                                C::Piece(i) => Some(*i),
                                _ => None,
                            })
                            .collect();
                        pieces.sort_unstable();
                        pieces.dedup();
                        only(&|n| matches!(n, C::Piece(_) | C::Clause(_) | C::W))
                            && pieces.len() == 2
                            && pieces[1] == pieces[0] + 1
                    }
                    _ => true,
                };
                if !fine {
                    return bad(y, x, &format!("{c:?} touches {near:?}"));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(f: &Cnf) -> String {
        match rail_layout(f) {
            Ok(_) => String::new(),
            Err(e) => format!("{e:?}"),
        }
    }

    #[test]
    fn outside_the_class_is_an_error_naming_why() {
        assert!(err(&Cnf::new(2, &[&[1, 2], &[1, -2]])).contains("no renaming"));
        assert!(err(&Cnf::new(3, &[&[1, 2], &[2, -3], &[1, 3]])).contains("no renaming"));
        assert!(err(&Cnf::new(3, &[&[1, 2], &[1, 3], &[1, 2, 3]])).contains("u1 is in 3 clauses"));
        // Four variables fit (the narrow spacing), five do not.
        assert!(rail_layout(&Cnf::new(4, &[&[1, 2, 3], &[-4]])).is_ok());
        let five = Cnf::new(5, &[&[1, 2, 3], &[-4], &[5]]);
        assert!(matches!(
            rail_layout(&five),
            Err(GridError::TooLarge { width: 62 })
        ));
        assert!(err(&Cnf::new(1, &[&[1], &[]])).contains("empty clause"));
    }

    /// A clause that mixes signs is drawn with a variable upside down: (u1 ∨ ¬u2) ∧
    /// (¬u1 ∨ u2) with u2's "false" point B2 above the rail, next to u1's A1 clause.
    #[test]
    fn a_renamed_variable_is_drawn_upside_down() {
        let l = rail_layout(&Cnf::new(2, &[&[1, -2], &[-1, 2]])).unwrap_or_else(|e| panic!("{e}"));
        let row = |c: RailCell| l.cells.iter().position(|r| r.contains(&c)).unwrap();
        assert_eq!(row(RailCell::A(1)), row(RailCell::B(2)), "A1 and B2 above");
        assert_eq!(row(RailCell::B(1)), row(RailCell::A(2)), "B1 and A2 below");
        assert!(row(RailCell::A(1)) < row(RailCell::B(1)));
        // Without the renaming the first clause would mix above and below.
        assert!(rail_layout(&Cnf::new(2, &[&[1, 2], &[1, -2]])).is_err());
    }

    /// (x)∧(¬x): one cut, its two points labelled with the variable, Λ marked, the two
    /// pieces each one group of the drawing, the SGF with the whole board in play.
    #[test]
    fn one_variable_is_drawn_and_labelled() {
        let l = rail_layout(&Cnf::new(1, &[&[1], &[-1]])).unwrap_or_else(|e| panic!("{e}"));
        let count = |c: RailCell| l.cells.iter().flatten().filter(|&&x| x == c).count();
        assert_eq!((count(RailCell::A(1)), count(RailCell::B(1))), (1, 1));
        assert_eq!((count(RailCell::BigE), count(RailCell::G)), (1, 2));
        assert_eq!(l.cells[l.target.1][l.target.0], RailCell::Lambda);
        assert!(count(RailCell::Piece(0)) > 0 && count(RailCell::Piece(1)) > 0);
        let sgf = l.to_sgf();
        assert!(sgf.contains("GC[tsume: region=board; to_move=W]") && sgf.contains("PL[W]"));
        assert!(sgf.contains(":A1]") && sgf.contains(":B1]") && sgf.contains(":L]"));
    }
}
