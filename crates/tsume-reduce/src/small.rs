//! Every small formula, once per renaming: the exhaustive test set of the reduction.
//!
//! Renaming the variables and flipping their signs relabels an instance's choice points
//! (a flip swaps A_i and B_i, whose other neighbours are the same) and changes nothing
//! else, so the instances of two formulas that differ by a renaming are isomorphic graphs
//! and have the same verdict. One formula per class of renamings stands for the class.

use std::collections::BTreeSet;
use std::ops::RangeInclusive;

use crate::Cnf;

/// Every clause over u1..u`vars` with 1..=`width` distinct variables, each with either
/// sign, as sorted literal lists.
pub fn all_clauses(vars: u32, width: usize) -> Vec<Vec<i32>> {
    let n = vars as usize;
    let mut out = Vec::new();
    for set in 1u32..1 << n {
        let vs: Vec<i32> = (0..n)
            .filter(|v| set >> v & 1 == 1)
            .map(|v| v as i32 + 1)
            .collect();
        if vs.len() > width {
            continue;
        }
        for signs in 0u32..1 << vs.len() {
            let mut c: Vec<i32> = vs
                .iter()
                .enumerate()
                .map(|(i, &v)| if signs >> i & 1 == 1 { -v } else { v })
                .collect();
            c.sort_unstable();
            out.push(c);
        }
    }
    out
}

/// The number of clause sets [`formulas_up_to_renaming`] covers: the sum over the sizes r
/// of (number of clauses choose r).
pub fn clause_set_count(vars: u32, clauses: RangeInclusive<usize>, width: usize) -> u64 {
    let n = all_clauses(vars, width).len() as u64;
    clauses
        .map(|r| (0..r as u64).fold(1u64, |acc, i| acc * (n - i) / (i + 1)))
        .sum()
}

/// All permutations of 1..=n.
fn permutations(n: usize) -> Vec<Vec<i32>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n as i32);
            out.push(q);
        }
    }
    out
}

/// The image of a clause list under the renaming `perm` (u_v ↦ u_perm[v]) and the sign
/// flips `flip` (bit v: u_v ↦ ¬u_v), as a sorted list of sorted clauses.
fn image(clauses: &[Vec<i32>], perm: &[i32], flip: u32) -> Vec<Vec<i32>> {
    let mut out: Vec<Vec<i32>> = clauses
        .iter()
        .map(|c| {
            let mut c: Vec<i32> = c
                .iter()
                .map(|&l| {
                    let v = l.unsigned_abs() as usize - 1;
                    let s = if flip >> v & 1 == 1 {
                        -l.signum()
                    } else {
                        l.signum()
                    };
                    s * perm[v]
                })
                .collect();
            c.sort_unstable();
            c
        })
        .collect();
    out.sort();
    out
}

/// Every formula over `vars` variables whose number of distinct clauses is in `clauses`,
/// each clause of 1..=`width` literals on distinct variables, one per class of the
/// vars!·2^vars renamings (the least image of the class, in the order of sorted clause
/// lists), with the class's size. The sizes add up to [`clause_set_count`].
///
/// # Panics
/// If `vars` is over 6 (the renamings alone would be over 46 080).
pub fn formulas_up_to_renaming(
    vars: u32,
    clauses: RangeInclusive<usize>,
    width: usize,
) -> Vec<(Cnf, u64)> {
    assert!(vars <= 6, "at most 6 variables");
    let all = all_clauses(vars, width);
    let perms = permutations(vars as usize);
    let flips = 1u32 << vars;
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    if clauses.contains(&0) {
        out.push((
            Cnf {
                vars,
                clauses: Vec::new(),
            },
            1,
        ));
    }
    // Clause sets as increasing index lists, grown one clause at a time.
    let mut stack: Vec<Vec<usize>> = (0..all.len()).rev().map(|i| vec![i]).collect();
    while let Some(idx) = stack.pop() {
        if idx.len() < *clauses.end() {
            for j in (idx[idx.len() - 1] + 1..all.len()).rev() {
                let mut next = idx.clone();
                next.push(j);
                stack.push(next);
            }
        }
        if !clauses.contains(&idx.len()) {
            continue;
        }
        let f: Vec<Vec<i32>> = idx.iter().map(|&i| all[i].clone()).collect();
        let orbit: BTreeSet<Vec<Vec<i32>>> = perms
            .iter()
            .flat_map(|p| (0..flips).map(move |flip| (p, flip)))
            .map(|(p, flip)| image(&f, p, flip))
            .collect();
        let Some(canon) = orbit.first().cloned() else {
            continue;
        };
        if seen.insert(canon.clone()) {
            out.push((
                Cnf {
                    vars,
                    clauses: canon,
                },
                orbit.len() as u64,
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_counts() {
        // width w over n variables: sum over k ≤ w of C(n, k)·2^k
        assert_eq!(all_clauses(3, 3).len(), 6 + 12 + 8);
        assert_eq!(all_clauses(4, 3).len(), 8 + 24 + 32);
        assert_eq!(all_clauses(2, 1).len(), 4);
        assert_eq!(permutations(4).len(), 24);
    }

    #[test]
    fn classes_partition_the_clause_sets() {
        for (vars, clauses, width) in [(1, 0..=2, 1), (2, 1..=3, 2), (3, 1..=3, 3), (4, 1..=2, 3)] {
            let classes = formulas_up_to_renaming(vars, clauses.clone(), width);
            let covered: u64 = classes.iter().map(|(_, n)| n).sum();
            assert_eq!(
                covered,
                clause_set_count(vars, clauses, width),
                "{vars} {width}"
            );
            // each representative is the least of its class, so no two are renamings
            // of each other
            let reps: BTreeSet<_> = classes.iter().map(|(f, _)| f.clauses.clone()).collect();
            assert_eq!(reps.len(), classes.len());
        }
        // over one variable with at most 2 clauses: {}, {u}, {¬u} (one class), {u, ¬u}
        let one = formulas_up_to_renaming(1, 0..=2, 1);
        assert_eq!(one.len(), 3);
    }
}
