//! Design D2 drawn on a rectangle of the ordinary 4-neighbour grid, for a restricted
//! class of formulas, the *chain class* ([`grid_layout`]). Why no planar drawing of D2
//! does more is argued in `docs/design/grid-planarity.md`.
//!
//! # How D2 becomes a grid
//!
//! Groups of stones become chains; every empty point keeps exactly the neighbouring
//! groups it has on the graph board of design D2 (each clause K(j) a White group touching
//! the gate Ω and its literals' choice points, Ω's liberties E and one g per variable,
//! F = max(0, m − 2) outside liberties f of Λ). The hubs Z and W (unconditionally alive,
//! Black and White) cannot be single groups on a grid once there are two variables, so
//! they are drawn as several unconditionally alive walls, each with two one-point eyes:
//! a Black *pocket* Z between two fingers of Λ above the row of choice points, and a White
//! *block* W below each variable (blocks grow, and may join, when Ω is thinned). Only the identity "an alive Black (White) group" matters
//! to the gadgets, not which one. The grid of (u1) ∧ (¬u1) ∧ (u2), as
//! [`GridLayout::diagram`] draws it (`O` Λ, `X` the gate Ω, `Z` Black pockets, `W` White
//! blocks, `H` H_i, `K` clause groups, `.` eyes; `E`, `f`, `g`, `A`, `B` empty points):
//!
//! ```text
//! .OOOOOOOOOOOOOOOOOOOOO   row 0: Λ, its eye e in the corner
//! OOZZZZZOZZZZZZZZOZZZZZ   rows 1-3: pockets between Λ's fingers (f on row 1 if m > 2)
//! OOZ.Z.ZOZ.Z.ZZZZOZ.Z.Z
//! OOZZZZZOZZZZZZZZOZZZZZ
//! EXKKKKAHBKKZKKKAHBWWWW   row 4: E, choice points A/B beside H, clause groups
//! XXXXXXWWWXKKXXXWWWWWWW   rows 5-9: White blocks below the variables, Ω under
//! XWWWWWW.WXXXXXWW.WWWWW   the clause groups and thin paths down to row 10
//! XWWWWWWWWWWWWXWWWWWWWW
//! XWWWWWW.WWWWWXWW.WWWWW
//! XWWWWXgWWWWWWXXgWWWWWW   g: Ω's liberty at the bottom left of each block
//! XXXXXXXXXXXXXXXXWWWWWW   row 10: Ω
//! ```
//!
//! The layout is drawn with Ω filling rows 5–10 around the blocks, then thinned
//! (`thin_gate`): a stone of Ω that touches a block but no clause group, g, E or pocket
//! becomes part of the block as long as Ω stays connected. What is left of Ω is its
//! stone beside E, the left column, the stones under the clause groups, the paths down to
//! row 10, the stones beside the g's, and row 10 up to the last one of those.
//!
//! A choice point has four neighbours: H_i (beside it), a Black pocket (above), a White
//! block (below) and the group of its clause (on its outer side), as in D2. E touches Λ
//! and Ω only; each g touches Ω and a block only; each f touches Λ and a pocket only; a
//! clause group touches Ω (below it) and its literals' choice points, and no other empty
//! point; two clause groups that meet under a pocket are kept apart by a Black stone of
//! the pocket and a 2×2 checkerboard (Z K / K Ω), so that Ω never touches a pocket (except
//! for the empty clause, below).
//!
//! # The chain class
//!
//! After [`normalize`], dropping repeated clauses and, only if the formula is not yet in
//! the class, simplifying it to an equivalent formula (a clause containing another clause
//! is dropped, a literal whose negation is a unit clause is removed from the longer
//! clauses, until nothing changes; noted, and the formula keeps its models; this may
//! decide it outright, e.g. leave only an empty clause), a formula has a grid iff every clause has at most two
//! literals, every literal occurs in at most one clause (a choice point has room for one
//! clause group), and the two-literal clauses, as edges between their variables, form
//! vertex-disjoint simple paths (no cycle). So (u1) ∧ (u1 ∨ u2 ∨ u3) ∧ (¬u1 ∨ u2) ∧ (¬u2
//! ∨ u3) is drawn as (u1) ∧ (u2) ∧ (u3), but (u1 ∨ u2) ∧ (u1 ∨ ¬u2) is not. The variables
//! are then laid out path by path; a two-literal clause joins the right choice point of
//! one variable to the left choice point of the next. An empty clause (one is left after
//! dropping repeats) has no stone: Ω's last column on row 4 touches the pocket above, so
//! Ω is one group with an alive Black wall, as the graph board's edge q — z. A formula
//! without clauses gets the 3×1 board `. L .` (Λ with two eyes). Everything else:
//! [`GridError::Unsupported`], naming the reason; the graph board (`-o out.graph`)
//! encodes every formula.
//!
//! Size: 11 rows × (13 columns for one variable, 6–9 more per further variable, 2 more
//! per f), at most 52 columns (five or six variables); 4 + F + 7m empty points for m
//! variables (F = max(0, m − 2)), 4m − 2 more than the graph board of D2: the two eyes of
//! each of the m + 1 pockets and m blocks (blocks joined by the thinning keep theirs). The empty clause alone is 8 × 11, the empty formula 3 × 1.
//!

use super::error::GridError;
use super::sgf::{clause_text, grid_sgf};
use crate::dimacs::{normalize, Cnf};

/// What stands on a point of the grid, with its role in design D2.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Λ (White), the target.
    Lambda,
    /// Λ's eye `e` (empty).
    LambdaEye,
    /// `E`, Λ's second-eye point and Black's killing point (empty).
    BigE,
    /// An outside liberty `f` of Λ (empty; touches Λ and a pocket).
    F,
    /// The gate Ω (Black).
    Gate,
    /// A Black pocket (an alive Black wall, the design's Z).
    Z,
    /// An eye of a Black pocket (empty).
    ZEye,
    /// A White block (an alive White wall, the design's W).
    W,
    /// An eye of a White block (empty).
    WEye,
    /// H_i of variable i (Black).
    H(u32),
    /// Choice point A_i ("u_i true"), empty.
    A(u32),
    /// Choice point B_i ("u_i false"), empty.
    B(u32),
    /// Clause group K(j) (White), j from 1: touches Ω and its literals' choice points.
    K(usize),
    /// The liberty g_i of Ω under variable i's White block (empty; touches Ω and the
    /// block only).
    G(u32),
}

impl Cell {
    /// The stone on the point (None: empty).
    pub fn stone(self) -> Option<tsume_board::Color> {
        use tsume_board::Color::{Black, White};
        match self {
            Cell::Lambda | Cell::W | Cell::K(_) => Some(White),
            Cell::Gate | Cell::Z | Cell::H(_) => Some(Black),
            _ => None,
        }
    }
}

/// A grid layout of a formula's instance: `cells[y][x]`, row 0 at the top.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GridLayout {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cells, row by row.
    pub cells: Vec<Vec<Cell>>,
    /// The formula encoded (after [`normalize`]).
    pub cnf: Cnf,
    /// What normalising changed.
    pub notes: Vec<String>,
}

const HEIGHT: usize = 11;
const ROW: usize = 4; // the row of choice points
/// The last row of the White blocks; Ω's liberty g is at the block's left column there.
const BLOCK_END: usize = 9;
/// Columns after the last variable's right choice point.
const RIGHT_END: usize = 4;

/// One variable on the row: its number, the literal at its left choice point and at its
/// right one.
#[derive(Clone, Copy, Debug)]
struct Slot {
    var: u32,
    left: i32,
    right: i32,
}

fn unsupported(s: String) -> GridError {
    GridError::Unsupported(s)
}

/// The order of the variables on the row (see the module docs), or why there is none.
fn chain_order(cnf: &Cnf) -> Result<Vec<Slot>, GridError> {
    let mut occ: std::collections::BTreeMap<i32, usize> = std::collections::BTreeMap::new();
    for (j, c) in cnf.clauses.iter().enumerate() {
        if c.len() > 2 {
            return Err(unsupported(format!(
                "clause {} has {} literals (at most 2 are supported)",
                j + 1,
                c.len()
            )));
        }
        for &l in c {
            if let Some(j0) = occ.insert(l, j) {
                return Err(unsupported(format!(
                    "literal {l} occurs in clauses {} and {} (at most one is supported)",
                    j0 + 1,
                    j + 1
                )));
            }
        }
    }
    let vars = cnf.occurring_vars();
    // binary-clause neighbours: var -> [(my literal, other literal)]
    let mut adj: std::collections::BTreeMap<u32, Vec<(i32, i32)>> =
        std::collections::BTreeMap::new();
    for c in &cnf.clauses {
        if let [a, b] = c[..] {
            adj.entry(a.unsigned_abs()).or_default().push((a, b));
            adj.entry(b.unsigned_abs()).or_default().push((b, a));
        }
    }
    let mut done = std::collections::BTreeSet::new();
    let mut order = Vec::new();
    // Start paths at variables with at most one binary clause; what is left is a cycle.
    for &v in &vars {
        if done.contains(&v) || adj.get(&v).map_or(0, Vec::len) > 1 {
            continue;
        }
        // walk the path from v
        let mut cur = v;
        // the literal of `cur` that faces the previous variable (left side)
        let mut left: i32 = match adj.get(&v).and_then(|a| a.first()) {
            // the only binary clause uses `mine`: it goes on the right
            Some(&(mine, _)) => -mine,
            None => v as i32,
        };
        loop {
            done.insert(cur);
            let right = -left;
            order.push(Slot {
                var: cur,
                left,
                right,
            });
            let next = adj
                .get(&cur)
                .and_then(|a| a.iter().find(|&&(mine, _)| mine == right))
                .map(|&(_, other)| other);
            match next {
                Some(other) if !done.contains(&other.unsigned_abs()) => {
                    cur = other.unsigned_abs();
                    left = other;
                }
                _ => break,
            }
        }
    }
    if let Some(&v) = vars.iter().find(|v| !done.contains(v)) {
        return Err(unsupported(format!(
            "the 2-literal clauses through variable {v} form a cycle (only paths are supported)"
        )));
    }
    Ok(order)
}

/// Which clause (index from 0) uses a literal.
fn clause_of(cnf: &Cnf, lit: i32) -> Option<usize> {
    cnf.clauses.iter().position(|c| c.contains(&lit))
}

fn choice_cell(lit: i32) -> Cell {
    if lit > 0 {
        Cell::A(lit.unsigned_abs())
    } else {
        Cell::B(lit.unsigned_abs())
    }
}

/// Replaces `cnf` by an equivalent formula (same models) that is more often in the chain
/// class: a clause that contains another clause is dropped (subsumption; e.g. (x ∨ y) next
/// to the unit (x)), and a literal whose negation is a unit clause is removed from the
/// longer clauses ((x) ∧ (¬x ∨ R) ≡ (x) ∧ R), until nothing changes; repeated clauses are
/// merged again. Unit clauses themselves are kept. Applied only to formulas outside the
/// chain class (those inside keep every clause on the board). This is a simplification of
/// the formula, not a gadget: on the grid a literal can feed several clauses only this way
/// (see the module docs, "Why only this class"); it may decide the formula outright (an
/// empty clause, or unit clauses only).
fn simplify(cnf: &mut Cnf, notes: &mut Vec<String>) {
    let before = cnf.clauses.clone();
    loop {
        let mut changed = false;
        let units: Vec<i32> = cnf
            .clauses
            .iter()
            .filter(|c| c.len() == 1)
            .map(|c| c[0])
            .collect();
        for c in cnf.clauses.iter_mut().filter(|c| c.len() > 1) {
            let n = c.len();
            c.retain(|l| !units.contains(&-l));
            changed |= c.len() < n;
        }
        // drop clauses that strictly contain another one, and repeats
        let all = cnf.clauses.clone();
        let mut kept: Vec<Vec<i32>> = Vec::new();
        for (i, c) in all.iter().enumerate() {
            let subsumed = all.iter().enumerate().any(|(j, d)| {
                j != i && d.iter().all(|l| c.contains(l)) && (d.len() < c.len() || j < i)
            });
            if subsumed {
                changed = true;
            } else {
                kept.push(c.clone());
            }
        }
        cnf.clauses = kept;
        if !changed {
            break;
        }
    }
    if cnf.clauses != before {
        notes.push(format!(
            "simplified for the grid to an equivalent formula of {} clause(s) (was {}): clauses \
             containing another clause dropped, literals made false by a unit clause removed",
            cnf.clauses.len(),
            before.len()
        ));
    }
}

/// The grid layout of the instance of `cnf` (normalised first), for the chain class.
///
/// # Errors
/// [`GridError::Unsupported`] outside the chain class, [`GridError::TooLarge`] beyond 52
/// columns.
pub fn grid_layout(input: &Cnf) -> Result<GridLayout, GridError> {
    let (mut cnf, mut notes) = normalize(input);
    // Identical clauses are one constraint; the layout has room for one chain per literal.
    let before = cnf.clauses.len();
    let mut seen: Vec<Vec<i32>> = Vec::new();
    cnf.clauses.retain(|c| {
        let mut key = c.clone();
        key.sort_unstable();
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    if cnf.clauses.len() < before {
        notes.push(format!(
            "{} repeated clause(s) dropped for the grid (the formula is unchanged)",
            before - cnf.clauses.len()
        ));
    }
    // Only outside the chain class: a formula in it keeps its gadgets on the board.
    if chain_order(&cnf).is_err() {
        simplify(&mut cnf, &mut notes);
    }
    if cnf.clauses.is_empty() {
        return Ok(GridLayout {
            width: 3,
            height: 1,
            cells: vec![vec![Cell::LambdaEye, Cell::Lambda, Cell::BigE]],
            cnf,
            notes,
        });
    }
    let order = chain_order(&cnf)?;
    // An empty clause (at most one is left after dropping repeats) has no stone: Ω is
    // joined to a pocket at the right end, as in the graph board's edge q — z.
    let has_empty = cnf.clauses.iter().any(Vec::is_empty);
    if has_empty {
        notes.push(
            "an empty clause (false): the gate Ω is joined to a Black pocket from the start, as \
             when a clause all of whose literals are false has been captured"
                .to_string(),
        );
    }
    let m = order.len();
    let big_f = m.saturating_sub(2);
    let cl = |lit: i32| clause_of(&cnf, lit);

    // Column plan: the left choice point of variable 0 at b0, its finger at b0 + 1, ...
    let b0 = if big_f > 0 { 2 * big_f + 6 } else { 6 };
    let mut fingers = Vec::with_capacity(m);
    let mut x = b0 + 1;
    for (k, s) in order.iter().enumerate() {
        fingers.push(x);
        let a = x + 1;
        let seg = match order.get(k + 1) {
            None => RIGHT_END,
            Some(t) => match (cl(s.right), cl(t.left)) {
                (Some(i), Some(j)) if i == j => 3,
                (Some(_), Some(_)) => 6,
                (Some(_), None) | (None, Some(_)) => 5,
                (None, None) => 3,
            },
        };
        x = a + seg + 2; // next finger: next left point is a + seg + 1
    }
    let width = match fingers.last() {
        Some(&f) => f + 2 + RIGHT_END,
        // no variable: only the empty clause
        None => b0 + 2,
    };
    if width > 52 {
        return Err(GridError::TooLarge { width });
    }

    let mut g = vec![vec![Cell::Gate; width]; HEIGHT];
    // rows 0-3: Λ on top and at the left, pockets elsewhere
    for (y, row) in g.iter_mut().enumerate().take(ROW) {
        for (xx, c) in row.iter_mut().enumerate() {
            *c = if y == 0 || xx < 2 {
                Cell::Lambda
            } else {
                Cell::Z
            };
        }
    }
    g[0][0] = Cell::LambdaEye;
    g[ROW][0] = Cell::BigE;
    g[ROW][1] = Cell::Gate;
    for f in 0..big_f {
        g[1][7 + 2 * f] = Cell::F;
    }
    // pocket eyes: two per pocket, at the pocket's columns a+1 and a+3 on row 2
    let mut pocket_starts = vec![2];
    pocket_starts.extend(fingers.iter().map(|f| f + 1));
    for &a in &pocket_starts {
        g[2][a + 1] = Cell::ZEye;
        g[2][a + 3] = Cell::ZEye;
    }
    // fingers, H, choice points, White blocks with their g
    for (s, &f) in order.iter().zip(&fingers) {
        for row in g.iter_mut().take(ROW).skip(1) {
            row[f] = Cell::Lambda;
        }
        g[ROW][f] = Cell::H(s.var);
        g[ROW][f - 1] = choice_cell(s.left);
        g[ROW][f + 1] = choice_cell(s.right);
        for row in g.iter_mut().take(BLOCK_END + 1).skip(ROW + 1) {
            for c in &mut row[f - 1..=f + 1] {
                *c = Cell::W;
            }
        }
        g[6][f] = Cell::WEye;
        g[8][f] = Cell::WEye;
        g[BLOCK_END][f - 1] = Cell::G(s.var);
    }
    // clause stones and what lies between the choice points (rows 4 and 5)
    let set = |g: &mut Vec<Vec<Cell>>, x0: usize, top: &[Cell], bottom: &[Cell]| {
        for (i, (&t, &b)) in top.iter().zip(bottom).enumerate() {
            g[ROW][x0 + i] = t;
            g[ROW + 1][x0 + i] = b;
        }
    };
    use Cell::{Gate as Q, K, W, Z};
    // left end: cells 2 .. b0-1 (the whole row after Ω's stone when there is no variable)
    {
        let len = if order.is_empty() { width - 2 } else { b0 - 2 };
        let (top, bottom) = match order.first() {
            // only the empty clause: Ω's stones under the pocket, joined to it
            None => (vec![Q; len], vec![Q; len]),
            Some(s) => match cl(s.left) {
                Some(j) => (vec![K(j + 1); len], vec![Q; len]),
                None => (vec![W; len], vec![W; len]),
            },
        };
        set(&mut g, 2, &top, &bottom);
    }
    for (k, s) in order.iter().enumerate() {
        let a = fingers[k] + 1;
        let (top, bottom): (Vec<Cell>, Vec<Cell>) = match order.get(k + 1) {
            None => {
                // the right end; with an empty clause its last column joins Ω to the
                // pocket above
                let (mut top, mut bottom) = match cl(s.right) {
                    Some(i) => (vec![K(i + 1); RIGHT_END], vec![Q; RIGHT_END]),
                    None => (vec![W; RIGHT_END], vec![W; RIGHT_END]),
                };
                if has_empty {
                    top[RIGHT_END - 1] = Q;
                    bottom[RIGHT_END - 1] = Q;
                }
                (top, bottom)
            }
            Some(t) => match (cl(s.right), cl(t.left)) {
                (Some(i), Some(j)) if i == j => (vec![K(i + 1); 3], vec![Q; 3]),
                // two clauses kept apart by a pocket stone; K(i) turns below it so that
                // the pocket does not touch Ω
                (Some(i), Some(j)) => {
                    let (ki, kj) = (K(i + 1), K(j + 1));
                    (vec![ki, ki, Z, kj, kj, kj], vec![Q, ki, ki, Q, Q, Q])
                }
                (Some(i), None) => {
                    let ki = K(i + 1);
                    (vec![ki, ki, ki, Z, W], vec![Q, Q, Q, W, W])
                }
                (None, Some(j)) => {
                    let kj = K(j + 1);
                    (vec![W, Z, kj, kj, kj], vec![W, W, Q, Q, Q])
                }
                (None, None) => (vec![W, Z, W], vec![W, W, W]),
            },
        };
        set(&mut g, a + 1, &top, &bottom);
    }
    thin_gate(&mut g);
    Ok(GridLayout {
        width,
        height: HEIGHT,
        cells: g,
        cnf,
        notes,
    })
}

/// Thins Ω: below the row of choice points, a stone of Ω becomes a stone of a White block
/// when it touches a block, touches no clause group, no g, no E and no pocket, and the
/// rest of Ω stays connected (cells visited row by row from the top, until nothing
/// changes). What is left is the bottom row, the left column and short columns up to the
/// clause groups and the g's. A smaller gate is much cheaper for the prover's life proofs:
/// once White captures Ω, the freed area is played out (see the module docs).
fn thin_gate(g: &mut [Vec<Cell>]) {
    let (h, w) = (g.len(), g[0].len());
    let nb = |x: usize, y: usize| {
        let mut v = Vec::with_capacity(4);
        if x > 0 {
            v.push((x - 1, y));
        }
        if x + 1 < w {
            v.push((x + 1, y));
        }
        if y > 0 {
            v.push((x, y - 1));
        }
        if y + 1 < h {
            v.push((x, y + 1));
        }
        v
    };
    let connected = |g: &[Vec<Cell>]| {
        let cells: Vec<(usize, usize)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| g[y][x] == Cell::Gate)
            .collect();
        let Some(&start) = cells.first() else {
            return true;
        };
        let mut seen = std::collections::BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some((x, y)) = stack.pop() {
            for (a, b) in nb(x, y) {
                if g[b][a] == Cell::Gate && seen.insert((a, b)) {
                    stack.push((a, b));
                }
            }
        }
        seen.len() == cells.len()
    };
    let mut changed = true;
    while changed {
        changed = false;
        for y in ROW + 1..h {
            for x in 0..w {
                if g[y][x] != Cell::Gate {
                    continue;
                }
                let n = nb(x, y);
                let keep = n.iter().any(|&(a, b)| {
                    matches!(g[b][a], Cell::K(_) | Cell::G(_) | Cell::BigE | Cell::Z)
                });
                if keep || !n.iter().any(|&(a, b)| g[b][a] == Cell::W) {
                    continue;
                }
                g[y][x] = Cell::W;
                if connected(g) {
                    changed = true;
                } else {
                    g[y][x] = Cell::Gate;
                }
            }
        }
    }
}

impl GridLayout {
    /// Points without a stone.
    pub fn empty_points(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|c| c.stone().is_none())
            .count()
    }

    /// The point (x, y) of the target Λ that the SGF marks.
    pub fn target(&self) -> (usize, usize) {
        (1, 0)
    }

    /// The layout as text, one row a line: `O` Λ, `X` Ω, `Z`/`W` walls, `H` H_i, `K`
    /// clause chains, `.` eyes of Λ and walls, `E`, `f`, `g`, `A`/`B` choice points.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in &self.cells {
            for c in row {
                out.push(match c {
                    Cell::Lambda => 'O',
                    Cell::Gate => 'X',
                    Cell::Z => 'Z',
                    Cell::W => 'W',
                    Cell::H(_) => 'H',
                    Cell::K(_) => 'K',
                    Cell::LambdaEye | Cell::ZEye | Cell::WEye => '.',
                    Cell::BigE => 'E',
                    Cell::F => 'f',
                    Cell::G(_) => 'g',
                    Cell::A(_) => 'A',
                    Cell::B(_) => 'B',
                });
            }
            out.push('\n');
        }
        out
    }

    /// The SGF text: `SZ`, `AB`, `AW`, `PL[W]`, `TR` on Λ, `LB` labels, a `C` comment.
    pub fn to_sgf(&self) -> String {
        let lb = self.labels();
        let formula = self.formula_text();
        let comment = format!(
            "3-SAT instance (tsume-reduce, design D2 on a grid): White to move; the target Λ \
             (the White group marked with a triangle, label L) lives iff the formula is \
             satisfiable.\nFormula: {formula}.\nThe whole board is the problem (GC says \
             region=board, which tsume's loader reads): `tsume solve FILE.sgf --to-move W`.\n\
             Labels: L = Λ, e its eye, E Black's killing point, f outside liberties of Λ, q = \
             the gate Ω (Black), g<i> = Ω's liberty next to a White wall, z = alive Black \
             walls (the design's Z), w = alive White walls (the design's W), h<i> = H_i, A<i> \
             / B<i> = White's choice u_i true / false, k<j> = clause group K(j) (White, next \
             to Ω; its liberties are its literals' choice points)."
        );
        grid_sgf(
            (self.width, self.height),
            |x, y| self.cells[y][x].stone(),
            &comment,
            &self.notes,
            self.target(),
            &lb,
        )
    }

    /// The grid as a graph board file (tsume-graph format, `grid W H`), with the labels
    /// of [`GridLayout::to_sgf`], White to move, Λ the target.
    ///
    /// # Errors
    /// None for a layout of this module; an internal error otherwise.
    pub fn to_graph_text(&self) -> Result<String, GridError> {
        let (w, h) = (self.width, self.height);
        let mut header = format!(
            "# 3-SAT instance (design D2 on a {w} x {h} square grid): White to move; the \
             target Λ (label L) lives iff the formula is satisfiable\n# formula drawn: {}\n",
            self.formula_text()
        );
        for n in &self.notes {
            header.push_str(&format!("# note: {}\n", n.replace('\n', " ")));
        }
        super::sgf::grid_graph_text(
            (w, h),
            |x, y| self.cells[y][x].stone(),
            &self.labels(),
            self.target(),
            &header,
        )
    }

    /// The formula as text, `(u1 ∨ ¬u2) ∧ …`.
    fn formula_text(&self) -> String {
        let formula = self
            .cnf
            .clauses
            .iter()
            .map(|c| clause_text(c))
            .collect::<Vec<_>>()
            .join(" ∧ ");
        if formula.is_empty() {
            "the empty formula (no clause)".to_string()
        } else {
            formula
        }
    }

    /// The labels of the groups and points (x, y, text).
    fn labels(&self) -> Vec<(usize, usize, String)> {
        let mut lb: Vec<(usize, usize, String)> = Vec::new();
        let mut seen_k = std::collections::BTreeSet::new();
        let mut seen_h = std::collections::BTreeSet::new();
        let mut seen_q = false;
        for (y, row) in self.cells.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let label = match c {
                    Cell::Lambda if (x, y) == self.target() => Some("L".to_string()),
                    Cell::LambdaEye => Some("e".into()),
                    Cell::BigE => Some("E".into()),
                    Cell::F => Some("f".into()),
                    Cell::Gate if !seen_q && y > ROW => {
                        seen_q = true;
                        Some("q".into())
                    }
                    // each pocket at its first column, each block below its left point
                    Cell::Z if y == 1 && x > 0 && row[x - 1] == Cell::Lambda => Some("z".into()),
                    Cell::W
                        if y == ROW + 1
                            && matches!(self.cells[ROW][x], Cell::A(_) | Cell::B(_))
                            && x > 0
                            && matches!(self.cells[ROW][x - 1], Cell::K(_) | Cell::W) =>
                    {
                        Some("w".into())
                    }
                    Cell::H(v) if seen_h.insert(v) => Some(format!("h{v}")),
                    Cell::A(v) => Some(format!("A{v}")),
                    Cell::B(v) => Some(format!("B{v}")),
                    Cell::K(j) if seen_k.insert(j) => Some(format!("k{j}")),
                    Cell::G(v) => Some(format!("g{v}")),
                    _ => None,
                };
                if let Some(l) = label {
                    lb.push((x, y, l));
                }
            }
        }
        lb
    }
}

/// A square-grid SGF of the instance of `cnf` (design D2 on a grid, see the module docs):
/// White to move, Λ marked with `TR`, groups labelled with `LB`; solve it on the whole
/// board, as its `GC[tsume: region=board]` asks (`tsume solve FILE.sgf --to-move W`).
///
/// # Errors
/// [`GridError`] for a formula outside the chain class, whose message points to the graph
/// board.
pub fn to_grid_sgf(cnf: &Cnf) -> Result<String, GridError> {
    grid_layout(cnf).map(|l| l.to_sgf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_the_class_is_an_honest_error() {
        for (f, why) in [
            (Cnf::new(3, &[&[1, 2, 3]]), "3 literals"),
            (Cnf::new(2, &[&[1, 2], &[1, -2]]), "occurs in clauses"),
            (Cnf::new(3, &[&[1, 2], &[-2, 3], &[-3, -1]]), "cycle"),
        ] {
            let e = to_grid_sgf(&f)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(e.contains(why), "{f:?}: {e}");
            assert!(e.contains("graph board"), "{e}");
            assert!(e.contains("no planar drawing"), "{e}");
        }
    }

    /// The simplification keeps the formula's models and brings unit-settled fan-out and
    /// 3-literal clauses into the class.
    #[test]
    fn simplification_is_equivalent() {
        let f = Cnf::new(3, &[&[1], &[1, 2, 3], &[-1, 2], &[-2, 3]]);
        let l = grid_layout(&f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(l.cnf.clauses, vec![vec![1], vec![2], vec![3]]);
        assert!(l.notes.iter().any(|n| n.contains("equivalent")));
        // the same models: every assignment of 3 variables
        for bits in 0u32..8 {
            let val = |lit: i32| (bits >> (lit.unsigned_abs() - 1)) & 1 == u32::from(lit > 0);
            let sat = |c: &Cnf| c.clauses.iter().all(|cl| cl.iter().any(|&x| val(x)));
            assert_eq!(sat(&f), sat(&l.cnf), "assignment {bits:03b}");
        }
        // an empty clause subsumes everything (outside the class: u1 in two clauses)
        let e =
            grid_layout(&Cnf::new(2, &[&[1, 2], &[], &[1, -2]])).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.cnf.clauses, vec![Vec::<i32>::new()]);
        // inside the class nothing is simplified: (¬u1) stays next to (u1 ∨ u2)
        let c =
            grid_layout(&Cnf::new(2, &[&[1, 2], &[-1], &[-2]])).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.cnf.clauses.len(), 3);
    }

    /// The diagram in the module docs is the real layout.
    #[test]
    fn doc_diagram_is_the_layout() {
        let l = grid_layout(&Cnf::new(2, &[&[1], &[-1], &[2]])).unwrap_or_else(|e| panic!("{e}"));
        let doc: String = include_str!("chain.rs")
            .lines()
            .skip_while(|l| !l.starts_with("//! ```text"))
            .skip(1)
            .take_while(|l| !l.starts_with("//! ```"))
            .map(|l| format!("{}\n", l[4..].split(' ').next().unwrap_or("")))
            .collect();
        assert_eq!(l.diagram(), doc);
        assert_eq!((l.width, l.height), (22, 11));
    }

    #[test]
    fn x_and_not_x_layout() {
        let l = grid_layout(&Cnf::new(1, &[&[1], &[-1]])).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{}", l.diagram());
        assert_eq!(l.height, 11);
    }
}
