//! Chains of copies: a formula whose literals are in any number of clauses, brought into
//! design D6's class (each literal in at most two clauses) without losing planarity.
//!
//! D6 gives each choice point two slots on each side of the rail, so a literal can be in
//! two clauses. A variable x whose literal is in more is replaced by copies on the line
//! of variables, in its place:
//!
//! ```text
//!   a1 → b1 → a2 → b2 → … → at        (¬a_j ∨ b_j), (¬b_j ∨ a_{j+1})
//! ```
//!
//! The implications are 2-clauses that become monotone once every b is renamed
//! (¬a_j ∨ b_j under the rail, ¬b_j ∨ a_{j+1} over it, each between neighbours on the
//! line, so they cross nothing). The clauses where x stands on the side drawn above go,
//! in the left-to-right order of their legs on x, to a1 (two), a2, …, ap (one each);
//! those on the side drawn below, in their order, to ap, …, at (one each, two on at).
//! Every copy then has its literals in at most two clauses, and the legs keep their
//! order, so the drawing stays planar.
//!
//! **Lemma (equisatisfiable).** A satisfying assignment σ of the formula gives one of
//! the chained formula: every copy takes σ(x). Conversely, let σ′ satisfy the chained
//! formula and set x to σ′(ap). The chain makes σ′ non-decreasing along it. A clause
//! that σ′ satisfies through the above-side literal of a copy aj, j ≤ p, has σ′(aj) =
//! true, hence σ′(ap) = true; one satisfied through the below-side literal of aj, j ≥ p,
//! has σ′(aj) = false, hence σ′(ap) = false: each is satisfied by x's value. (Above and
//! below are the sides after D6's renaming: the lemma is about the renamed formula,
//! which is satisfiable exactly when the formula is.) Tested against varisat in
//! `tests/grid_copies.rs`.
//!
//! With this, D6 draws every formula that is monotone after renaming and nests without
//! crossing in the order of its variables with its clauses' legs in the order nesting
//! forces ([`super::rail`]), whatever its literals' counts: the monotone rectilinear
//! formulas, whose satisfiability is NP-complete (de Berg and Khosravi 2010). The
//! drawing has 12 columns per variable after chaining, so a chained formula (five
//! variables or more) outgrows the SGF's 52 columns; `tsume reduce --grid` writes it as
//! a graph board of the square grid instead.

use super::class::{nesting_key, renaming, sided};
use crate::dimacs::distinct_clauses;
use crate::dimacs::Cnf;

/// Whether some literal of the formula (normalised, repeated clauses dropped) is in more
/// than two clauses.
pub fn has_crowded_literal(input: &Cnf) -> bool {
    let (cnf, _) = distinct_clauses(input);
    let mut count = std::collections::HashMap::<i32, usize>::new();
    for c in &cnf.clauses {
        for &l in c {
            *count.entry(l).or_default() += 1;
        }
    }
    count.values().any(|&n| n > 2)
}

/// The formula with each variable whose literal is in more than two clauses replaced by
/// a chain of copies (module docs), renamed so that every clause is monotone (the
/// literals drawn above positive), and notes saying so. Equisatisfiable with `input`.
///
/// # Errors
/// A sentence when no renaming makes every clause monotone, or the formula has no
/// clause or an empty one.
pub fn split_occurrences(input: &Cnf) -> Result<(Cnf, Vec<String>), String> {
    let (cnf, mut notes) = distinct_clauses(input);
    if cnf.clauses.is_empty() || cnf.clauses.iter().any(Vec::is_empty) {
        return Err("no clause, or an empty clause".into());
    }
    let vars = cnf.occurring_vars();
    let m = vars.len();
    let flip = renaming(&cnf, &vars).ok_or(
        "no renaming of variables (u ↔ ¬u) makes every clause monotone, so no chain of \
         copies makes it drawable",
    )?;
    let clauses = sided(&cnf, &vars, &flip);
    // copy[j][k]: the new variable that clause j's k-th literal stands on.
    let mut copy: Vec<Vec<u32>> = clauses.iter().map(|c| vec![0; c.len()]).collect();
    let mut links: Vec<Vec<i32>> = Vec::new();
    let mut next = 0u32;
    let mut chained = Vec::new();
    for i in 1..=m {
        // The clauses on x, each side in the left-to-right order of their legs.
        let on = |above: bool| {
            let mut js: Vec<(usize, usize)> = Vec::new();
            for (j, c) in clauses.iter().enumerate() {
                if let Some(k) = c.iter().position(|&(v, s)| v as usize == i && s == above) {
                    js.push((j, k));
                }
            }
            js.sort_by_cached_key(|&(j, _)| {
                let legs: Vec<usize> = clauses[j].iter().map(|&(v, _)| v as usize).collect();
                nesting_key(i, &legs)
            });
            js
        };
        let (up, down) = (on(true), on(false));
        let (pn, nn) = (up.len(), down.len());
        // Copies a_1..a_t; the above side's clauses on a_1..a_p, the below side's on
        // a_p..a_t.
        let p = pn.saturating_sub(1).max(1);
        let t = if pn <= 2 && nn <= 2 {
            1
        } else {
            p + nn.saturating_sub(2)
        };
        // a_j is new variable a(j), b_j is a(j) + 1.
        let a = |j: usize| next + 1 + 2 * (j as u32 - 1);
        for (n, &(j, k)) in up.iter().enumerate() {
            copy[j][k] = a((n.max(1)).min(p));
        }
        for (n, &(j, k)) in down.iter().enumerate() {
            copy[j][k] = a((p + n).min(t));
        }
        for j in 1..t {
            let (aj, bj) = (a(j) as i32, a(j) as i32 + 1);
            links.push(vec![-aj, bj]);
            links.push(vec![-bj, aj + 2]);
        }
        if t > 1 {
            chained.push(format!(
                "u{} ({} above, {} below: {} copies)",
                vars[i - 1],
                pn,
                nn,
                2 * t - 1
            ));
        }
        next += 2 * t as u32 - 1;
    }
    let mut out: Vec<Vec<i32>> = clauses
        .iter()
        .zip(&copy)
        .map(|(c, cp)| {
            c.iter()
                .zip(cp)
                .map(|(&(_, above), &v)| if above { v as i32 } else { -(v as i32) })
                .collect()
        })
        .collect();
    out.extend(links);
    if !chained.is_empty() {
        notes.push(format!(
            "literals in more than two clauses: {} replaced by chains of copies a1 → b1 → \
             a2 → … (implication 2-clauses; equisatisfiable, the tsume-reduce chains docs), \
             variables renumbered 1..{next} in order along the rail, renamed so that every \
             clause is monotone",
            chained.join(", ")
        ));
    }
    Ok((
        Cnf {
            vars: next,
            clauses: out,
        },
        notes,
    ))
}
