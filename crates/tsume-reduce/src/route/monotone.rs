//! Planar rectilinear → planar monotone rectilinear (de Berg and Khosravi, *Optimal
//! binary space partitions in the plane*, COCOON 2010: positive clauses above the line,
//! negative ones below), and every literal in at most two clauses.
//!
//! **A literal on the wrong side** (¬z in a clause above, z in a clause below) is replaced
//! by a new variable a that stands next to z on the line and is forced to be ¬z by two
//! monotone 2-clauses between neighbours, (z ∨ a) above and (¬z ∨ ¬a) below; the clause
//! takes a (above) or ¬a (below). The legs that stood on z's side to the right of the
//! clause's move to a further new variable z′ = ¬a (again (a ∨ z′) above, (¬a ∨ ¬z′)
//! below), so z, a, z′ stand in a row and every leg keeps its place in the left-to-right
//! order: the new clauses join neighbours with nothing between their legs, so they cross
//! nothing, and the old ones cross nothing new. z′ = z and a = ¬z in every model, so
//! satisfiability is kept, and each wrong literal costs at most two variables and four
//! clauses.
//!
//! **More than two clauses on a literal** ([`spread`]): z becomes a chain x₁, y₁, x₂, …,
//! x_t of neighbours with (¬x_j ∨ ¬y_j) below and (y_j ∨ x_{j+1}) above, so that
//! x₁ → x₂ → … → x_t; the clauses above z go, in their order, two on x₁ and one on each
//! next copy up to x_p, those below z one on each copy from x_p and two on x_t. This is
//! [`crate::grid::copies`]'s chain (its lemma: set z to x_p), written in monotone form
//! with the legs' order taken from the embedding.

use super::{Embedded, Side};
use crate::dimacs::Cnf;

/// The monotone embedding of a planar rectilinear one: satisfiable exactly when it is
/// (module docs).
pub fn monotone(emb: &Embedded) -> Embedded {
    let once = fix_side(emb, Side::Above);
    fix_side(&once, Side::Below)
}

/// Whether `lit` stands on the wrong side for a monotone drawing.
fn wrong(lit: i32, side: Side) -> bool {
    (lit > 0) != (side == Side::Above)
}

/// The literal of `var` in clause `c` (which holds it).
fn literal_of(c: &[i32], var: u32) -> i32 {
    c.iter()
        .copied()
        .find(|l| l.unsigned_abs() == var)
        .unwrap_or_else(|| unreachable!("a leg stands on a variable of its clause"))
}

/// Replaces `var`'s literal in `c` by `new` with the same sign (or the opposite, `flip`).
fn replace(c: &mut [i32], var: u32, new: u32, flip: bool) {
    for l in c.iter_mut() {
        if l.unsigned_abs() == var {
            let positive = (*l > 0) != flip;
            *l = if positive { new as i32 } else { -(new as i32) };
        }
    }
}

/// A growing formula: clauses, sides, the new line and the next free variable.
struct Build {
    clauses: Vec<Vec<i32>>,
    sides: Vec<Side>,
    line: Vec<u32>,
    next: u32,
}

impl Build {
    fn new(emb: &Embedded) -> Build {
        let top = emb.line.iter().copied().max().unwrap_or(0);
        Build {
            clauses: emb.cnf.clauses.clone(),
            sides: emb.sides.clone(),
            line: Vec::new(),
            next: emb.cnf.vars.max(top),
        }
    }

    fn fresh(&mut self) -> u32 {
        self.next += 1;
        self.line.push(self.next);
        self.next
    }

    fn clause(&mut self, c: Vec<i32>, side: Side) {
        self.clauses.push(c);
        self.sides.push(side);
    }

    /// b = ¬a: (a ∨ b) above, (¬a ∨ ¬b) below.
    fn negation(&mut self, a: u32, b: u32) {
        let (a, b) = (a as i32, b as i32);
        self.clause(vec![a, b], Side::Above);
        self.clause(vec![-a, -b], Side::Below);
    }

    fn done(self) -> Embedded {
        Embedded::from_sides(
            Cnf {
                vars: self.next,
                clauses: self.clauses,
            },
            self.line,
            self.sides,
        )
    }
}

/// Fixes the wrong literals on one side (module docs): z's legs on that side, in order,
/// fall into runs of wrong and right literals; each run after the first goes to a new
/// neighbour that is the negation of the one before (so a wrong run's variable is ¬z, a
/// right run's z); a first run of wrong literals goes to a new neighbour on z's left.
fn fix_side(emb: &Embedded, side: Side) -> Embedded {
    let mut b = Build::new(emb);
    let s = side.index();
    for (p, &z) in emb.line.iter().enumerate() {
        let legs = &emb.legs[p][s];
        let is_wrong = |j: usize| wrong(literal_of(&emb.cnf.clauses[j], z), side);
        let mut runs: Vec<(bool, Vec<usize>)> = Vec::new();
        for &j in legs {
            match runs.last_mut() {
                Some((w, run)) if *w == is_wrong(j) => run.push(j),
                _ => runs.push((is_wrong(j), vec![j])),
            }
        }
        if !runs.iter().any(|(w, _)| *w) {
            b.line.push(z);
            continue;
        }
        let mut rest = &runs[..];
        if runs[0].0 && runs.len() > 1 {
            // The leading wrong run on a = ¬z, left of z.
            let a = b.fresh();
            b.line.push(z);
            b.negation(a, z);
            for &j in &runs[0].1 {
                replace(&mut b.clauses[j], z, a, true);
            }
            rest = &runs[2..];
        } else {
            b.line.push(z);
            if !runs[0].0 {
                rest = &runs[1..];
            }
        }
        let mut cur = z;
        for (w, run) in rest {
            let next = b.fresh();
            b.negation(cur, next);
            for &j in run {
                replace(&mut b.clauses[j], z, next, *w);
            }
            cur = next;
        }
    }
    b.done()
}

/// Every variable with more than two legs on one side replaced by a chain of copies
/// (module docs); the embedding stays planar and monotone, satisfiability is kept.
pub fn spread(emb: &Embedded) -> Embedded {
    let mut b = Build::new(emb);
    for (p, &z) in emb.line.iter().enumerate() {
        let [up, down] = &emb.legs[p];
        let (pn, nn) = (up.len(), down.len());
        if pn <= 2 && nn <= 2 {
            b.line.push(z);
            continue;
        }
        let p_meet = pn.saturating_sub(1).max(1);
        let t = p_meet + nn.saturating_sub(2);
        // x_1 is z itself; x_j and y_j new.
        b.line.push(z);
        let mut xs = vec![z];
        for _ in 1..t {
            let x = *xs.last().unwrap_or(&z);
            let y = b.fresh();
            let x2 = b.fresh();
            let (xi, yi, x2i) = (x as i32, y as i32, x2 as i32);
            b.clause(vec![-xi, -yi], Side::Below);
            b.clause(vec![yi, x2i], Side::Above);
            xs.push(x2);
        }
        for (n, &j) in up.iter().enumerate() {
            let copy = xs[n.max(1).min(p_meet) - 1];
            replace(&mut b.clauses[j], z, copy, false);
        }
        for (n, &j) in down.iter().enumerate() {
            let copy = xs[(p_meet + n).min(t) - 1];
            replace(&mut b.clauses[j], z, copy, false);
        }
    }
    b.done()
}
