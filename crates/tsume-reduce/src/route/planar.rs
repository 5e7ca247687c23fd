//! 3-CNF → planar 3-CNF with a rectilinear embedding, by Lichtenstein's crossover
//! (*Planar formulae and their uses*, SIAM J. Comput. 11(2), 1982).
//!
//! First the formula is tried as it stands: its variables on the line in their order, each
//! clause a comb above or below (two combs that would cross on one side put on different
//! sides, a 2-colouring). If that is planar, nothing crosses and nothing is added.
//!
//! Otherwise the variable–clause graph is laid out with the variables on a line and wires
//! carry their values along it. A wire is a chain of copies of its variable, each joined
//! to the next by an equality (¬u ∨ v) ∧ (u ∨ ¬v) drawn above or below; the wires open on
//! each side nest like a stack, so their left-to-right order around the place where the
//! two stacks meet (the *junction*: the innermost wire above and the innermost below) is
//! fixed, and a wire passes to the other side only at the junction (a copy taking the
//! value from one side and passing it on on the other). Two wires that must change order
//! cross there, and each crossing is replaced by **Lichtenstein's crossover box**: inputs
//! a1, b1, outputs a2, b2 and helpers α, β, γ, δ, ξ with
//!
//! - α ⇔ a2 ∧ b2, β ⇔ a2 ∧ ¬b1, γ ⇔ ¬a1 ∧ ¬b1, δ ⇔ ¬a1 ∧ b2 (three clauses each),
//! - (α ∨ β ∨ ξ), (γ ∨ δ ∨ ¬ξ): one of the four holds,
//! - (¬α ∨ ¬β), (¬β ∨ ¬γ), (¬γ ∨ ¬δ), (¬δ ∨ ¬α): no two neighbours around the box,
//!
//! satisfiable exactly when a1 = a2 and b1 = b2 (checked on all 16 cases in the tests).
//! The box's nine variables stand on the line in the order a1 b1 γ δ ξ β a2 α b2, its
//! clauses on the sides [`BOX`] gives (found by a search over all 9! orders for one where
//! the box's combs and its four wires nest); a1 receives the wire arriving above, b1 the
//! one arriving below, a2 sends a1's value on below and b2 sends b1's above: the two wires
//! have changed places. A clause is drawn at the junction: on the innermost wire above
//! and the innermost below (copies of each, the clause's comb above them) and, for a
//! third literal, a new variable t after them, with (l1 ∨ l2 ∨ t) there and (¬t ∨ l3)
//! where t's wire meets the third variable's: equisatisfiable (t = l3). The crossings
//! are the boxes; each clause costs at most the distance of its variables in the order of
//! the wires.

use super::{Embedded, Side};
use crate::dimacs::Cnf;

/// The crossover box's clauses over its variables 0 a1, 1 b1, 2 a2, 3 b2, 4 α, 5 β, 6 γ,
/// 7 δ, 8 ξ (a literal: ±(index + 1)), each with its side.
pub const BOX: [(&[i32], Side); 18] = {
    use Side::{Above as A, Below as B};
    [
        // α ⇔ a2 ∧ b2
        (&[-3, -4, 5], B),
        (&[3, -5], A),
        (&[4, -5], A),
        // β ⇔ a2 ∧ ¬b1
        (&[-3, 2, 6], B),
        (&[3, -6], A),
        (&[-2, -6], B),
        // γ ⇔ ¬a1 ∧ ¬b1
        (&[1, 2, 7], A),
        (&[-1, -7], A),
        (&[-2, -7], A),
        // δ ⇔ ¬a1 ∧ b2
        (&[1, -4, 8], A),
        (&[-1, -8], A),
        (&[4, -8], A),
        // one of the four, via ξ
        (&[5, 6, 9], A),
        (&[7, 8, -9], B),
        // no two neighbours
        (&[-5, -6], A),
        (&[-6, -7], B),
        (&[-7, -8], A),
        (&[-8, -5], A),
    ]
};

/// The box's variables in their order on the line (indices as in [`BOX`]).
pub const BOX_LINE: [usize; 9] = [0, 1, 6, 7, 8, 5, 2, 4, 3];

/// A planar rectilinear formula and how many crossings were replaced.
#[derive(Clone, Debug)]
pub struct Planar {
    /// The formula and its embedding.
    pub emb: Embedded,
    /// Crossover boxes used.
    pub crossings: usize,
}

/// The planar rectilinear formula of a 3-CNF formula (no empty clause, at least one
/// clause): satisfiable exactly when `cnf` is (module docs).
///
/// # Errors
/// A sentence when the formula has no clause or an empty one.
pub fn planarize(cnf: &Cnf) -> Result<Planar, String> {
    if cnf.clauses.is_empty() || cnf.clauses.iter().any(Vec::is_empty) {
        return Err("no clause, or an empty clause".into());
    }
    if let Some(emb) = as_it_stands(cnf) {
        return Ok(Planar { emb, crossings: 0 });
    }
    Ok(bus(cnf))
}

/// The formula drawn as it stands (its occurring variables in order, the combs 2-coloured
/// onto the sides), if that is planar.
pub fn as_it_stands(cnf: &Cnf) -> Option<Embedded> {
    let line = cnf.occurring_vars();
    let at: std::collections::HashMap<u32, usize> =
        line.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let spans: Vec<Vec<usize>> = cnf
        .clauses
        .iter()
        .map(|c| {
            let mut p: Vec<usize> = c.iter().map(|l| at[&l.unsigned_abs()]).collect();
            p.sort_unstable();
            p
        })
        .collect();
    let n = spans.len();
    let mut side: Vec<Option<Side>> = vec![None; n];
    for start in 0..n {
        if side[start].is_some() {
            continue;
        }
        // A component starts on the side its first clause's signs ask for (fewer
        // literals to move in the monotone stage).
        side[start] = Some(if cnf.clauses[start].iter().all(|&l| l < 0) {
            Side::Below
        } else {
            Side::Above
        });
        let mut stack = vec![start];
        while let Some(a) = stack.pop() {
            let sa = side[a]?;
            for b in 0..n {
                if b == a || compatible(&spans[a], &spans[b]) {
                    continue;
                }
                match side[b] {
                    None => {
                        side[b] = Some(sa.other());
                        stack.push(b);
                    }
                    Some(sb) if sb == sa => return None,
                    Some(_) => {}
                }
            }
        }
    }
    let sides = side.into_iter().map(|s| s.unwrap_or(Side::Above)).collect();
    let emb = Embedded::from_sides(cnf.clone(), line, sides);
    emb.check().ok().map(|()| emb)
}

/// Whether two combs (sorted points) can stand on one side without crossing: one lies in
/// a gap of the other (ends included), or they are apart.
fn compatible(s: &[usize], t: &[usize]) -> bool {
    let inside = |t: &[usize], s: &[usize]| {
        s.windows(2)
            .any(|w| t.iter().all(|&x| w[0] <= x && x <= w[1]))
    };
    inside(t, s) || inside(s, t) || s[s.len() - 1] <= t[0] || t[t.len() - 1] <= s[0]
}

/// An open wire: the value it carries (an original variable, or a clause's t) and the
/// copy it lands on (already named in the equality clauses).
#[derive(Clone, Copy, Debug)]
struct Wire {
    value: u32,
    var: u32,
    /// Its two equality clauses.
    clauses: [usize; 2],
}

/// The line under construction: the clauses and their sides, the variables in order, the
/// two stacks of open wires (bottom to top).
struct Bus {
    clauses: Vec<Vec<i32>>,
    sides: Vec<Side>,
    line: Vec<u32>,
    next: u32,
    stacks: [Vec<Wire>; 2],
    crossings: usize,
}

impl Bus {
    fn fresh(&mut self) -> u32 {
        self.next += 1;
        self.next
    }

    fn clause(&mut self, c: Vec<i32>, side: Side) {
        self.clauses.push(c);
        self.sides.push(side);
    }

    /// A wire from `from` (on the line already) on `side`, carrying `value`.
    fn emit(&mut self, from: u32, side: Side, value: u32) {
        let to = self.fresh();
        let (a, b) = (from as i32, to as i32);
        // The clause whose literal is on the wrong side of a monotone drawing at each end
        // is put where it stands last among the link's legs there (fewer new variables
        // in the monotone stage); either order is planar.
        if side == Side::Above {
            self.clause(vec![a, -b], side);
            self.clause(vec![-a, b], side);
        } else {
            self.clause(vec![-a, b], side);
            self.clause(vec![a, -b], side);
        }
        let n = self.clauses.len();
        self.stacks[side.index()].push(Wire {
            value,
            var: to,
            clauses: [n - 2, n - 1],
        });
    }

    /// The innermost wire on `side` lands: its copy is put on the line.
    fn land(&mut self, side: Side) -> Wire {
        let w = self.stacks[side.index()]
            .pop()
            .unwrap_or_else(|| unreachable!("the schedule lands only open wires"));
        self.line.push(w.var);
        w
    }

    /// The junction moves: the innermost wire on `side` passes to the other side.
    fn transfer(&mut self, side: Side) {
        let w = self.land(side);
        self.emit(w.var, side.other(), w.value);
    }

    /// The innermost wires above (x) and below (y) change places through a crossover box.
    fn cross(&mut self) {
        let x = self.land(Side::Above);
        let y = self.land(Side::Below);
        let mut var = [0u32; 9];
        var[0] = x.var;
        var[1] = y.var;
        for v in var.iter_mut().skip(2) {
            *v = self.fresh();
        }
        for &k in &BOX_LINE[2..] {
            self.line.push(var[k]);
            match k {
                2 => self.emit(var[2], Side::Below, x.value),
                3 => self.emit(var[3], Side::Above, y.value),
                _ => {}
            }
        }
        for (c, side) in BOX {
            let lits = c
                .iter()
                .map(|&l| {
                    let v = var[l.unsigned_abs() as usize - 1] as i32;
                    if l > 0 {
                        v
                    } else {
                        -v
                    }
                })
                .collect();
            self.clause(lits, side);
        }
        self.crossings += 1;
    }

    /// A clause at the junction, above: the literal `above` of the innermost wire above
    /// (`None`: not read), `below` of the innermost below, and a new wire t after them if
    /// `t` (its literal positive), which stays above, inside the first. A wire read with
    /// `end` set is not continued. Returns t.
    fn junction(
        &mut self,
        above: Option<(bool, bool)>,
        below: Option<(bool, bool)>,
        t: bool,
    ) -> Option<u32> {
        let mut lits = Vec::new();
        let mut new_t = None;
        for (side, read) in [(Side::Above, above), (Side::Below, below)] {
            if let Some((positive, end)) = read {
                let w = self.land(side);
                if !end {
                    self.emit(w.var, side, w.value);
                }
                lits.push(if positive {
                    w.var as i32
                } else {
                    -(w.var as i32)
                });
            }
        }
        if t {
            let v = self.fresh();
            self.line.push(v);
            lits.push(v as i32);
            new_t = Some(v);
        }
        self.clause(lits, Side::Above);
        if let Some(v) = new_t {
            self.emit(v, Side::Above, v);
        }
        new_t
    }
}

/// The wires' order (above, bottom to top, then below, top to bottom) and the junction
/// between `seq[k - 1]` (innermost above) and `seq[k]` (innermost below).
struct Order {
    seq: Vec<u32>,
    k: usize,
}

impl Order {
    fn index(&self, value: u32) -> usize {
        self.seq
            .iter()
            .position(|&v| v == value)
            .unwrap_or_else(|| unreachable!("every value on the bus has a wire"))
    }
}

/// Moves the junction to `k` by transfers.
fn move_junction(bus: &mut Bus, ord: &mut Order, k: usize) {
    while ord.k > k {
        bus.transfer(Side::Above);
        ord.k -= 1;
    }
    while ord.k < k {
        bus.transfer(Side::Below);
        ord.k += 1;
    }
}

/// Moves wire `value` next to wire `target` (just left of it if it stands left, else just
/// right) by crossings; returns the junction index between them.
fn bring(bus: &mut Bus, ord: &mut Order, value: u32, target: u32) -> usize {
    loop {
        let (i, j) = (ord.index(target), ord.index(value));
        if j + 1 == i || i + 1 == j {
            return i.max(j);
        }
        // One step towards the target: cross with the neighbour on that side.
        let k = if j < i { j + 1 } else { j };
        move_junction(bus, ord, k);
        bus.cross();
        ord.seq.swap(k - 1, k);
    }
}

/// The bus construction of the module docs.
fn bus(cnf: &Cnf) -> Planar {
    let vars = cnf.occurring_vars();
    let mut bus = Bus {
        clauses: Vec::new(),
        sides: Vec::new(),
        line: Vec::new(),
        next: cnf.vars,
        stacks: [Vec::new(), Vec::new()],
        crossings: 0,
    };
    for &v in &vars {
        bus.line.push(v);
        bus.emit(v, Side::Above, v);
    }
    let mut ord = Order {
        seq: vars.clone(),
        k: vars.len(),
    };
    for c in &cnf.clauses {
        let value = |l: i32| l.unsigned_abs();
        match c[..] {
            [a] => {
                let i = ord.index(value(a));
                move_junction(&mut bus, &mut ord, i + 1);
                bus.junction(Some((a > 0, false)), None, false);
            }
            [a, b] => {
                let k = bring(&mut bus, &mut ord, value(b), value(a));
                move_junction(&mut bus, &mut ord, k);
                let (l, r) = if ord.seq[k - 1] == value(a) {
                    (a, b)
                } else {
                    (b, a)
                };
                bus.junction(Some((l > 0, false)), Some((r > 0, false)), false);
            }
            [a, b, c3] => {
                let k = bring(&mut bus, &mut ord, value(b), value(a));
                move_junction(&mut bus, &mut ord, k);
                let (l, r) = if ord.seq[k - 1] == value(a) {
                    (a, b)
                } else {
                    (b, a)
                };
                let t = bus
                    .junction(Some((l > 0, false)), Some((r > 0, false)), true)
                    .unwrap_or_else(|| unreachable!("asked for t"));
                // t stands between the two, innermost above.
                ord.seq.insert(k, t);
                ord.k = k + 1;
                let k = bring(&mut bus, &mut ord, value(c3), t);
                move_junction(&mut bus, &mut ord, k);
                // (¬t ∨ l3), t's wire ending here.
                let t_above = ord.seq[k - 1] == t;
                let lit3 = (c3 > 0, false);
                let (above, below) = if t_above {
                    (Some((false, true)), Some(lit3))
                } else {
                    (Some(lit3), Some((false, true)))
                };
                bus.junction(above, below, false);
                ord.seq.retain(|&v| v != t);
                ord.k = if t_above { k - 1 } else { k };
            }
            _ => unreachable!("a 3-CNF clause has one to three literals"),
        }
    }
    // The wires still open lead nowhere: their equalities are dropped.
    let mut dropped = vec![false; bus.clauses.len()];
    for w in bus.stacks.iter().flatten() {
        for &j in &w.clauses {
            dropped[j] = true;
        }
    }
    let (clauses, sides): (Vec<Vec<i32>>, Vec<Side>) = bus
        .clauses
        .into_iter()
        .zip(bus.sides)
        .zip(&dropped)
        .filter(|(_, &d)| !d)
        .map(|(cs, _)| cs)
        .unzip();
    let out = Cnf {
        vars: bus.next,
        clauses,
    };
    let emb = Embedded::from_sides(out, bus.line, sides);
    Planar {
        emb,
        crossings: bus.crossings,
    }
}
