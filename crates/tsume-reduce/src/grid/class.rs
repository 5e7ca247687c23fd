//! Design D6's class: formulas monotone after renaming variables (u ↔ ¬u), whose
//! clauses on each side of the line of variables nest without crossing in the order of
//! the variables (combs whose legs stand on the choice points' slots), each literal in at
//! most two clauses. [`renaming`] finds the renaming, [`side`] the slots and heights of
//! one side's combs; [`crate::grid::copies`] lifts the two-clause limit.

use super::error::GridError;
use crate::dimacs::Cnf;

fn unsupported(why: impl Into<String>) -> GridError {
    GridError::Unsupported(why.into())
}

/// The clauses on one side, as combs: for each variable index (1..=m) the clauses in
/// its two slots in position order (upper: left, up; lower: down, right), and each
/// clause's height (1 for the innermost).
pub(super) struct Side {
    pub(super) slots: Vec<[Option<usize>; 2]>,
    pub(super) height: Vec<usize>,
    pub(super) max_height: usize,
}

/// Whether no two combs cross: every leg of one lies in a single gap of the other (or
/// outside its span).
fn laminar(pos: &[Vec<usize>]) -> bool {
    for (a, p) in pos.iter().enumerate() {
        if p.is_empty() {
            continue;
        }
        for (b, q) in pos.iter().enumerate() {
            if a == b || q.is_empty() {
                continue;
            }
            let gap = |x: usize| -> Option<usize> {
                if x < p[0] || x > p[p.len() - 1] {
                    return Some(usize::MAX);
                }
                p.windows(2).position(|w| w[0] < x && x < w[1])
            };
            let first = gap(q[0]);
            if first.is_none() || q.iter().any(|&x| gap(x) != first) {
                return false;
            }
        }
    }
    true
}

/// Up to this many variables with two clauses on one side, every order of their slots
/// is tried; beyond, the forced one.
const EXHAUSTIVE_DOUBLES: usize = 10;

/// Whether clause `a` takes the first (left) of variable `v`'s two slots on a side and
/// `b` the second, given each clause's variables (`v` among them), in the order nesting
/// forces: a clause reaching only left of `v` stands left of one reaching right, an
/// inner one (further from its far end) left of an outer one reaching left, an outer one
/// left of an inner one reaching right; a clause reaching both ways stands between. Ties
/// (the same far end) go by [`nesting_key`]; the drawing's own check has the last word.
fn nesting_first(v: usize, a: &[usize], b: &[usize]) -> bool {
    nesting_key(v, a) <= nesting_key(v, b)
}

/// A clause's place among the legs standing on variable `v` on one side, left to right
/// ([`nesting_first`]), from the clause's variables: (kind, far end, legs), the kind 0
/// for a clause reaching only left, 1 for `v` alone, 2 both ways, 3 only right. Of two
/// clauses with the same far end, the outer one can only be the 2-clause (the other's
/// middle leg stands in the span), so the legs' count breaks the tie.
pub(crate) fn nesting_key(v: usize, legs: &[usize]) -> (u8, usize, usize) {
    let lo = legs.iter().copied().filter(|&u| u != v).min();
    let hi = legs.iter().copied().filter(|&u| u != v).max();
    match (lo, hi) {
        // Inner (nearer far end, then more legs) first.
        (Some(lo), Some(hi)) if hi < v => (0, usize::MAX - lo, usize::MAX - legs.len()),
        // Outer (further far end, then fewer legs) first.
        (Some(lo), Some(hi)) if lo > v => (3, usize::MAX - hi, legs.len()),
        (Some(_), Some(_)) => (2, 0, 0),
        _ => (1, 0, 0),
    }
}

/// The slots and heights of the positive clauses (`positive`, drawn above) or the
/// negative ones; `clauses` gives each clause as (variable index 1..=m, sign) pairs.
/// `given[v]`, where known, lists the clauses on variable v's slots on this side in
/// their left-to-right order (an embedding's), which is then the only order tried.
pub(super) fn side(
    clauses: &[Vec<(u32, bool)>],
    vars: &[u32],
    flip: &[bool],
    positive: bool,
    given: Option<&[Vec<usize>]>,
) -> Result<Side, GridError> {
    let m = vars.len();
    let on_side: Vec<bool> = clauses.iter().map(|c| c[0].1 == positive).collect();
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); m + 1];
    for (j, c) in clauses.iter().enumerate() {
        if on_side[j] {
            for &(v, _) in c {
                at[v as usize].push(j);
            }
        }
    }
    let doubles: Vec<usize> = (1..=m).filter(|&v| at[v].len() == 2).collect();
    if let Some(v) = (1..=m).find(|&v| at[v].len() > 2) {
        let lit = crate::reduce::lit_name(if positive != flip[v] {
            vars[v - 1] as i32
        } else {
            -(vars[v - 1] as i32)
        });
        return Err(unsupported(format!(
            "the literal {lit} is in {} clauses (at most two fit a choice point)",
            at[v].len()
        )));
    }
    let lowest = |j: usize| clauses[j].iter().map(|&(v, _)| v).min().unwrap_or(0) as usize;
    // Every order of the doubles' two slots while that is cheap (the first that nests,
    // in a fixed order, so drawings stay as they were); beyond, only the order that
    // nesting forces ([`nesting_first`]), found without search.
    // For each double, whether its two clauses swap slots (against `at`'s order).
    let masks: Vec<Vec<bool>> = if let Some(given) = given {
        vec![doubles
            .iter()
            .map(|&v| given.get(v).and_then(|g| g.first()) != at[v].first())
            .collect()]
    } else if doubles.len() <= EXHAUSTIVE_DOUBLES {
        (0..1u32 << doubles.len())
            .map(|mask| (0..doubles.len()).map(|k| mask >> k & 1 == 1).collect())
            .collect()
    } else {
        let legs =
            |j: usize| -> Vec<usize> { clauses[j].iter().map(|&(u, _)| u as usize).collect() };
        vec![doubles
            .iter()
            .map(|&v| match at[v].as_slice() {
                &[a, b] => !nesting_first(v, &legs(a), &legs(b)),
                _ => false,
            })
            .collect()]
    };
    for mask in masks {
        let mut slots = vec![[None, None]; m + 1];
        for v in 1..=m {
            match at[v].as_slice() {
                [] => {}
                // One clause: the first slot if it reaches further left, else the second.
                &[j] => {
                    slots[v] = if lowest(j) < v {
                        [Some(j), None]
                    } else {
                        [None, Some(j)]
                    }
                }
                &[a, b] => {
                    let k = doubles.iter().position(|&d| d == v).unwrap_or(0);
                    slots[v] = if !mask[k] {
                        [Some(a), Some(b)]
                    } else {
                        [Some(b), Some(a)]
                    };
                }
                _ => unreachable!(),
            }
        }
        let mut pos = vec![Vec::new(); clauses.len()];
        for (v, s) in slots.iter().enumerate() {
            for (k, j) in s.iter().enumerate() {
                if let Some(j) = j {
                    pos[*j].push(2 * v + k);
                }
            }
        }
        if !laminar(&pos) {
            continue;
        }
        // Heights: one more than the highest comb inside the span.
        let mut order: Vec<usize> = (0..clauses.len()).filter(|&j| on_side[j]).collect();
        order.sort_by_key(|&j| pos[j][pos[j].len() - 1] - pos[j][0]);
        let mut height = vec![0; clauses.len()];
        for &j in &order {
            let (lo, hi) = (pos[j][0], pos[j][pos[j].len() - 1]);
            let inner = order
                .iter()
                .filter(|&&k| k != j && pos[k][0] > lo && pos[k][pos[k].len() - 1] < hi)
                .map(|&k| height[k])
                .max()
                .unwrap_or(0);
            height[j] = inner + 1;
        }
        let max_height = height.iter().copied().max().unwrap_or(0);
        return Ok(Side {
            slots,
            height,
            max_height,
        });
    }
    Err(unsupported(format!(
        "the {} clauses cross each other in the order of the variables",
        if positive { "positive" } else { "negative" }
    )))
}

/// For each variable index (1..=m; index 0 unused), whether to draw it upside down (its
/// "u false" point above the rail), so that every clause's literals are all drawn above
/// or all below; None if no renaming does it. Renaming u ↔ ¬u maps the instance onto the
/// one of the renamed formula, which is satisfiable exactly when the formula is: each
/// clause asks its variables' flips to differ where its literals' signs differ, a
/// 2-colouring, found by search through the clauses' links.
pub(crate) fn renaming(cnf: &Cnf, vars: &[u32]) -> Option<Vec<bool>> {
    let index = |l: i32| {
        vars.iter()
            .position(|&u| u == l.unsigned_abs())
            .unwrap_or(0)
            + 1
    };
    // Links (a, b, differ): flip[a] ≠ flip[b] exactly when `differ`.
    let mut links: Vec<Vec<(usize, bool)>> = vec![Vec::new(); vars.len() + 1];
    for c in &cnf.clauses {
        for w in c.windows(2) {
            let (a, b) = (index(w[0]), index(w[1]));
            let differ = (w[0] > 0) != (w[1] > 0);
            links[a].push((b, differ));
            links[b].push((a, differ));
        }
    }
    let mut flip: Vec<Option<bool>> = vec![None; vars.len() + 1];
    for start in 1..=vars.len() {
        if flip[start].is_some() {
            continue;
        }
        flip[start] = Some(false);
        let mut stack = vec![start];
        while let Some(a) = stack.pop() {
            let fa = flip[a]?;
            for &(b, differ) in &links[a] {
                match flip[b] {
                    None => {
                        flip[b] = Some(fa != differ);
                        stack.push(b);
                    }
                    Some(fb) if fb != (fa != differ) => return None,
                    Some(_) => {}
                }
            }
        }
    }
    Some(flip.into_iter().map(|f| f.unwrap_or(false)).collect())
}

/// Each clause as (variable index 1..=m in `vars`, whether its literal is the one drawn
/// above), under the renaming `flip` ([`renaming`]).
pub(crate) fn sided(cnf: &Cnf, vars: &[u32], flip: &[bool]) -> Vec<Vec<(u32, bool)>> {
    let index = |v: u32| vars.iter().position(|&u| u == v).unwrap_or(0) as u32 + 1;
    cnf.clauses
        .iter()
        .map(|c| {
            c.iter()
                .map(|&l| {
                    let i = index(l.unsigned_abs());
                    (i, (l > 0) != flip[i as usize])
                })
                .collect()
        })
        .collect()
}
