//! Any formula into design D6's class: the polynomial reductions that carry a CNF formula
//! to a planar monotone rectilinear 3-CNF formula, which [`crate::grid::rail`] draws on
//! the square grid. Each stage is a formula transformation that preserves satisfiability
//! by construction, tested on its own against varisat (`tests/route.rs`):
//!
//! 1. [`three_cnf`]: CNF → 3-CNF ([`crate::dimacs::normalize`]: clauses longer than three
//!    split with fresh variables; repeated literals, tautologies and repeated clauses
//!    dropped).
//! 2. [`planar::planarize`]: 3-CNF → planar 3-CNF with a rectilinear embedding
//!    ([`Embedded`]: the variables on a line, each clause a comb above or below it, no
//!    two combs crossing), with Lichtenstein's crossover (1982) wherever two wires cross.
//! 3. [`monotone::monotone`]: planar rectilinear → planar *monotone* rectilinear (de Berg
//!    and Khosravi 2010: positive clauses above the line, negative ones below; a literal
//!    on the wrong side replaced by a new variable forced to be its negation).
//! 4. [`monotone::spread`]: every literal in at most two clauses (design D6's two slots
//!    on each side of a choice point), by chains of copies between neighbours on the
//!    line ([`crate::grid::copies`]'s lemma), keeping the embedding.
//!
//! The design notes, with the lemmas and the growth of the board, are in
//! `docs/reduction.md`.

pub mod monotone;
pub mod planar;

use std::collections::HashMap;

use petgraph::graph::UnGraph;

use crate::dimacs::Cnf;

/// The side of the line of variables a clause's comb stands on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    /// Over the line (the positive clauses of a monotone embedding).
    Above,
    /// Under the line (the negative clauses).
    Below,
}

impl Side {
    /// 0 above, 1 below.
    pub fn index(self) -> usize {
        match self {
            Side::Above => 0,
            Side::Below => 1,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Above => Side::Below,
            Side::Below => Side::Above,
        }
    }
}

/// A formula drawn rectilinearly: its variables on a horizontal line, each clause a comb
/// (a bar joined by vertical legs to its literals' variables) above or below the line.
/// The drawing is planar when no two combs on one side cross ([`Embedded::check`]).
#[derive(Clone, Debug)]
pub struct Embedded {
    /// The formula (every clause non-empty, its variables distinct).
    pub cnf: Cnf,
    /// The variables on the line, left to right.
    pub line: Vec<u32>,
    /// Each clause's side.
    pub sides: Vec<Side>,
    /// For each point of the line, the clauses whose legs stand on it, left to right,
    /// above (`[0]`) and below (`[1]`).
    pub legs: Vec<[Vec<usize>; 2]>,
}

/// The size of the formula after one stage of the route (in `tsume reduce --json`).
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Stage {
    /// What the stage made: "input", "3-CNF", "planar", "monotone", "two clauses a literal".
    #[serde(rename = "stage")]
    pub name: &'static str,
    /// Variables that occur in a clause.
    pub variables: usize,
    /// Clauses.
    pub clauses: usize,
    /// Crossings replaced by Lichtenstein's box (the planar stage; 0 elsewhere).
    pub crossings: usize,
}

impl Stage {
    fn of(name: &'static str, cnf: &Cnf, crossings: usize) -> Stage {
        Stage {
            name,
            variables: cnf.occurring_vars().len(),
            clauses: cnf.clauses.len(),
            crossings,
        }
    }
}

/// A formula carried into design D6's class: the stages' sizes, the final embedding
/// (monotone, planar, at most two clauses a literal, variables numbered 1..=n along the
/// line) and what normalising changed.
#[derive(Clone, Debug)]
pub struct Routed {
    /// Each stage's size, the input first.
    pub stages: Vec<Stage>,
    /// The formula D6 draws, with its embedding.
    pub emb: Embedded,
    /// What the 3-CNF stage changed, in words.
    pub notes: Vec<String>,
}

/// The whole route (module docs) of a formula with at least one clause and no empty one;
/// every stage's embedding is checked ([`Embedded::check`]) before it is passed on.
///
/// # Errors
/// A sentence for a formula without clauses or with an empty one (the chain grid draws
/// those), or a stage whose output fails its check (a defect, never expected).
pub fn route(cnf: &Cnf) -> Result<Routed, String> {
    let mut stages = vec![Stage::of("input", cnf, 0)];
    let (three, notes) = three_cnf(cnf);
    stages.push(Stage::of("3-CNF", &three, 0));
    let planar = planar::planarize(&three)?;
    planar
        .emb
        .check()
        .map_err(|e| format!("internal: planar stage: {e}"))?;
    stages.push(Stage::of("planar", &planar.emb.cnf, planar.crossings));
    let mono = monotone::monotone(&planar.emb);
    mono.check()
        .map_err(|e| format!("internal: monotone stage: {e}"))?;
    stages.push(Stage::of("monotone", &mono.cnf, 0));
    let emb = monotone::spread(&mono).renumbered();
    emb.check()
        .map_err(|e| format!("internal: last stage: {e}"))?;
    if !emb.is_monotone() || emb.max_legs() > 2 {
        return Err("internal: the last stage is not in D6's class".into());
    }
    stages.push(Stage::of("two clauses a literal", &emb.cnf, 0));
    Ok(Routed { stages, emb, notes })
}

/// CNF → 3-CNF: [`crate::dimacs::normalize`] (long clauses split with fresh variables,
/// repeated literals and tautologies dropped) and repeated clauses dropped; the same
/// satisfiability. Notes say what changed.
pub fn three_cnf(cnf: &Cnf) -> (Cnf, Vec<String>) {
    crate::dimacs::distinct_clauses(cnf)
}

impl Embedded {
    /// The embedding with the given line and sides, each point's legs ordered as nesting
    /// asks ([`leg_key`]); [`Embedded::check`] says whether the result is planar.
    pub fn from_sides(cnf: Cnf, line: Vec<u32>, sides: Vec<Side>) -> Embedded {
        let at: HashMap<u32, usize> = line.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let mut spans: Vec<Vec<usize>> = Vec::with_capacity(cnf.clauses.len());
        let mut legs: Vec<[Vec<usize>; 2]> = vec![[Vec::new(), Vec::new()]; line.len()];
        for (j, c) in cnf.clauses.iter().enumerate() {
            let mut ps: Vec<usize> = c
                .iter()
                .filter_map(|l| at.get(&l.unsigned_abs()).copied())
                .collect();
            ps.sort_unstable();
            for &p in &ps {
                legs[p][sides[j].index()].push(j);
            }
            spans.push(ps);
        }
        for (p, both) in legs.iter_mut().enumerate() {
            for list in both.iter_mut() {
                list.sort_by_key(|&j| leg_key(p, &spans[j], j));
            }
        }
        Embedded {
            cnf,
            line,
            sides,
            legs,
        }
    }

    /// The point of the line of each variable.
    pub fn points(&self) -> HashMap<u32, usize> {
        self.line.iter().enumerate().map(|(i, &v)| (v, i)).collect()
    }

    /// Each clause's legs as positions along its side (point, rank among the point's legs
    /// on that side), left to right.
    fn leg_positions(&self) -> Vec<Vec<(usize, usize)>> {
        let mut out = vec![Vec::new(); self.cnf.clauses.len()];
        for (p, both) in self.legs.iter().enumerate() {
            for list in both {
                for (r, &j) in list.iter().enumerate() {
                    out[j].push((p, r));
                }
            }
        }
        out
    }

    /// That the embedding is one of its formula and planar: every variable of the formula
    /// once on the line; each clause non-empty with distinct variables, one leg on each of
    /// its variables on its own side and nowhere else; on each side the combs nest without
    /// crossing (a sweep along the legs, each comb's legs consecutive in the stack of open
    /// combs); and, independently, Euler's formula V − E + F = 2C holds (each of the C components
    /// traced with its own outer face) for the
    /// rotation system the drawing gives the incidence graph plus the path along the line
    /// (petgraph counts the components), which holds exactly for planar embeddings.
    ///
    /// # Errors
    /// The first fault found, in words.
    pub fn check(&self) -> Result<(), String> {
        let at = self.points();
        if at.len() != self.line.len() {
            return Err("a variable stands twice on the line".into());
        }
        if self.legs.len() != self.line.len() || self.sides.len() != self.cnf.clauses.len() {
            return Err("legs or sides of the wrong length".into());
        }
        for (j, c) in self.cnf.clauses.iter().enumerate() {
            if c.is_empty() {
                return Err(format!("clause {} is empty", j + 1));
            }
            let s = self.sides[j].index();
            for (k, &l) in c.iter().enumerate() {
                if c[..k].iter().any(|&m| m.unsigned_abs() == l.unsigned_abs()) {
                    return Err(format!("clause {} repeats a variable", j + 1));
                }
                let Some(&p) = at.get(&l.unsigned_abs()) else {
                    return Err(format!("variable {} is not on the line", l.unsigned_abs()));
                };
                if self.legs[p][s].iter().filter(|&&i| i == j).count() != 1 {
                    return Err(format!(
                        "clause {} has not exactly one leg on u{}",
                        j + 1,
                        l.unsigned_abs()
                    ));
                }
            }
        }
        let total: usize = self.legs.iter().map(|b| b[0].len() + b[1].len()).sum();
        let wanted: usize = self.cnf.clauses.iter().map(Vec::len).sum();
        if total != wanted {
            return Err("a leg stands where its clause has no literal".into());
        }
        self.check_nesting()?;
        self.check_euler()
    }

    /// The sweep: along each side, legs in order; a comb opens at its first leg and must be
    /// the innermost open comb at each further leg.
    fn check_nesting(&self) -> Result<(), String> {
        let sizes: Vec<usize> = self.cnf.clauses.iter().map(Vec::len).collect();
        for s in 0..2 {
            let mut seen = vec![0usize; sizes.len()];
            let mut open: Vec<usize> = Vec::new();
            for (p, both) in self.legs.iter().enumerate() {
                for &j in &both[s] {
                    if seen[j] > 0 && open.last() != Some(&j) {
                        return Err(format!(
                            "clause {} crosses clause {} at point {p} ({})",
                            j + 1,
                            open.last().map_or(0, |k| k + 1),
                            if s == 0 { "above" } else { "below" }
                        ));
                    }
                    if seen[j] == 0 && sizes[j] > 1 {
                        open.push(j);
                    }
                    seen[j] += 1;
                    if seen[j] == sizes[j] && sizes[j] > 1 {
                        open.pop();
                    }
                }
            }
        }
        Ok(())
    }

    /// Euler's formula on the drawing's rotation system (see [`Embedded::check`]).
    fn check_euler(&self) -> Result<(), String> {
        let n = self.line.len();
        let m = self.cnf.clauses.len();
        // Vertices: points 0..n, clauses n..n+m. Edges: legs and the line's path.
        let mut graph: UnGraph<(), ()> = UnGraph::default();
        let nodes: Vec<_> = (0..n + m).map(|_| graph.add_node(())).collect();
        // Rotation (clockwise) at each vertex, as a list of neighbours.
        let mut rot: Vec<Vec<usize>> = vec![Vec::new(); n + m];
        let legs = self.leg_positions();
        for (p, both) in self.legs.iter().enumerate() {
            if p > 0 {
                rot[p].push(p - 1);
            }
            rot[p].extend(both[0].iter().map(|&j| n + j));
            if p + 1 < n {
                rot[p].push(p + 1);
                graph.add_edge(nodes[p], nodes[p + 1], ());
            }
            rot[p].extend(both[1].iter().rev().map(|&j| n + j));
        }
        for (j, ls) in legs.iter().enumerate() {
            let mut ps: Vec<usize> = ls.iter().map(|&(p, _)| p).collect();
            ps.sort_unstable();
            for &p in &ps {
                graph.add_edge(nodes[p], nodes[n + j], ());
            }
            if self.sides[j] == Side::Above {
                ps.reverse();
            }
            rot[n + j] = ps;
        }
        // Faces: orbits of darts (u → v) ↦ (v → the neighbour after u around v).
        let mut index: HashMap<(usize, usize), usize> = HashMap::new();
        for (u, r) in rot.iter().enumerate() {
            for (k, &v) in r.iter().enumerate() {
                index.insert((u, v), k);
            }
        }
        let mut visited: HashMap<(usize, usize), bool> = HashMap::new();
        let mut faces = 0i64;
        for (u, r) in rot.iter().enumerate() {
            for &v in r {
                if visited.contains_key(&(u, v)) {
                    continue;
                }
                faces += 1;
                let (mut a, mut b) = (u, v);
                while visited.insert((a, b), true).is_none() {
                    let Some(&k) = index.get(&(b, a)) else {
                        return Err("a leg without its way back".into());
                    };
                    let around = &rot[b];
                    let c = around[(k + 1) % around.len()];
                    (a, b) = (b, c);
                }
            }
        }
        // An isolated vertex is a component with one face and no dart.
        faces += rot.iter().filter(|r| r.is_empty()).count() as i64;
        let vertices = (n + m) as i64;
        let edges = graph.edge_count() as i64;
        let components = petgraph::algo::connected_components(&graph) as i64;
        if vertices - edges + faces != 2 * components {
            return Err(format!(
                "not planar: V − E + F = {vertices} − {edges} + {faces} ≠ 2 × {components}"
            ));
        }
        Ok(())
    }

    /// The deepest nesting of combs on each side (above, below): the most combs open at
    /// once along the line, counting the innermost (0 for a side without combs).
    pub fn depths(&self) -> [usize; 2] {
        let sizes: Vec<usize> = self.cnf.clauses.iter().map(Vec::len).collect();
        let mut out = [0; 2];
        for (s, deepest) in out.iter_mut().enumerate() {
            let mut seen = vec![0usize; sizes.len()];
            let mut open = 0usize;
            for both in &self.legs {
                for &j in &both[s] {
                    if seen[j] == 0 {
                        open += 1;
                        *deepest = (*deepest).max(open);
                    }
                    seen[j] += 1;
                    if seen[j] == sizes[j] {
                        open -= 1;
                    }
                }
            }
        }
        out
    }

    /// Whether every clause above is positive and every clause below negative.
    pub fn is_monotone(&self) -> bool {
        self.cnf
            .clauses
            .iter()
            .zip(&self.sides)
            .all(|(c, &s)| c.iter().all(|&l| (l > 0) == (s == Side::Above)))
    }

    /// The most legs on one side of one point.
    pub fn max_legs(&self) -> usize {
        self.legs
            .iter()
            .map(|b| b[0].len().max(b[1].len()))
            .max()
            .unwrap_or(0)
    }

    /// The same embedding with the variables that have legs renumbered 1..=n in their
    /// order on the line (the others left out).
    pub fn renumbered(&self) -> Embedded {
        let kept: Vec<usize> = (0..self.line.len())
            .filter(|&p| !self.legs[p][0].is_empty() || !self.legs[p][1].is_empty())
            .collect();
        let at: HashMap<u32, usize> = kept
            .iter()
            .enumerate()
            .map(|(i, &p)| (self.line[p], i))
            .collect();
        let clauses = self
            .cnf
            .clauses
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&l| {
                        let v = at[&l.unsigned_abs()] as i32 + 1;
                        if l > 0 {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect()
            })
            .collect();
        Embedded {
            cnf: Cnf {
                vars: kept.len() as u32,
                clauses,
            },
            line: (1..=kept.len() as u32).collect(),
            sides: self.sides.clone(),
            legs: kept.iter().map(|&p| self.legs[p].clone()).collect(),
        }
    }
}

/// The order of a clause's leg among the legs on point `p` on its side, from its points
/// `span` (sorted): first the combs that end at `p` (the inner one, reaching less far
/// left, first), then the one that passes through `p` (at most one, if nothing crosses)
/// or has only this leg, then those that start at `p` (the outer one, reaching further
/// right, first). Combs with the same far end: the one with more legs is the inner one;
/// combs with the same points (clause `j`): the earlier clause outside.
pub fn leg_key(p: usize, span: &[usize], j: usize) -> (u8, usize, usize, usize) {
    let lo = span.first().copied().unwrap_or(p);
    let hi = span.last().copied().unwrap_or(p);
    let n = span.len();
    if hi == p && lo < p {
        (0, usize::MAX - lo, usize::MAX - n, usize::MAX - j)
    } else if lo == p && hi > p {
        (2, usize::MAX - hi, n, j)
    } else {
        (1, 0, 0, j)
    }
}
