//! Every small formula, once per renaming: the exhaustive test set of the reduction.
//!
//! Renaming the variables and flipping their signs relabels an instance's choice points
//! (a flip swaps A_i and B_i, whose other neighbours are the same) and changes nothing
//! else, so the instances of two formulas that differ by a renaming are isomorphic graphs
//! and have the same verdict. One formula per class of renamings stands for the class.

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
/// of (number of clauses choose r), `u64::MAX` if larger.
pub fn clause_set_count(vars: u32, clauses: RangeInclusive<usize>, width: usize) -> u64 {
    let n = all_clauses(vars, width).len() as u128;
    let choose = |r: u128| {
        if r > n {
            return 0;
        }
        // C(n, r) built as C(n, i + 1) = C(n, i)·(n − i)/(i + 1): exact at every step,
        // and at most C(64, 32) < 2^63 for the clause lists of up to 4 variables
        (0..r.min(n - r)).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
    };
    let total: u128 = clauses.map(|r| choose(r as u128)).sum();
    u64::try_from(total).unwrap_or(u64::MAX)
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

/// The renamings as maps of clause indices: `maps[s][c]` is the index (in `all`) of the
/// image of clause `c` under renaming `s` (a permutation of the variables, then sign
/// flips). The identity is first.
fn clause_maps(vars: u32, all: &[Vec<i32>]) -> Vec<Vec<u16>> {
    let index: fxhash::FxHashMap<&[i32], u16> = all
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_slice(), i as u16))
        .collect();
    let mut maps = Vec::new();
    for perm in permutations(vars as usize) {
        for flip in 0u32..1 << vars {
            let map = all
                .iter()
                .map(|c| {
                    let mut img: Vec<i32> = c
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
                    img.sort_unstable();
                    index[img.as_slice()]
                })
                .collect();
            maps.push(map);
        }
    }
    maps
}

/// Every formula over `vars` variables whose number of distinct clauses is in `clauses`,
/// each clause of 1..=`width` literals on distinct variables, one per class of the
/// vars!·2^vars renamings (the image whose sorted list of clause indices is least), with
/// the class's size (the number of renamings over the number that fix the formula). The
/// sizes add up to [`clause_set_count`].
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
    let maps = clause_maps(vars, &all);
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
    let mut img: Vec<u16> = Vec::new();
    // Clause sets as increasing index lists, grown one clause at a time; a set is its
    // class's representative when no renaming maps it to a smaller list.
    let mut stack: Vec<Vec<u16>> = (0..all.len() as u16).rev().map(|i| vec![i]).collect();
    while let Some(idx) = stack.pop() {
        if idx.len() < *clauses.end() {
            for j in (idx[idx.len() - 1] + 1..all.len() as u16).rev() {
                let mut next = idx.clone();
                next.push(j);
                stack.push(next);
            }
        }
        if !clauses.contains(&idx.len()) {
            continue;
        }
        let mut least = true;
        let mut fixed = 0u64;
        for map in &maps {
            img.clear();
            img.extend(idx.iter().map(|&c| map[c as usize]));
            img.sort_unstable();
            match img.as_slice().cmp(idx.as_slice()) {
                std::cmp::Ordering::Less => {
                    least = false;
                    break;
                }
                std::cmp::Ordering::Equal => fixed += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        if least {
            let cnf = Cnf {
                vars,
                clauses: idx.iter().map(|&c| all[c as usize].clone()).collect(),
            };
            out.push((cnf, maps.len() as u64 / fixed));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The image of a clause list under a renaming, on the literals themselves (not
    /// through the index maps): sorted clauses, sorted list.
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

    #[test]
    fn clause_counts() {
        // width w over n variables: sum over k ≤ w of C(n, k)·2^k
        assert_eq!(all_clauses(3, 3).len(), 6 + 12 + 8);
        assert_eq!(all_clauses(4, 3).len(), 8 + 24 + 32);
        assert_eq!(all_clauses(2, 1).len(), 4);
        assert_eq!(permutations(4).len(), 24);
    }

    /// The classes partition the clause sets (their sizes add up), and they are the
    /// orbits computed independently on the literals: each representative's orbit, as a
    /// set of clause lists, has the stated size and contains no other representative.
    #[test]
    fn classes_are_the_orbits() {
        for (vars, clauses, width) in [(1, 0..=2, 1), (2, 1..=3, 2), (3, 1..=3, 3), (4, 1..=2, 3)] {
            let classes = formulas_up_to_renaming(vars, clauses.clone(), width);
            let covered: u64 = classes.iter().map(|(_, n)| n).sum();
            assert_eq!(
                covered,
                clause_set_count(vars, clauses, width),
                "{vars} {width}"
            );
            let perms = permutations(vars as usize);
            let canon = |f: &[Vec<i32>]| -> (Vec<Vec<i32>>, usize) {
                let orbit: BTreeSet<Vec<Vec<i32>>> = perms
                    .iter()
                    .flat_map(|p| (0..1u32 << vars).map(move |flip| (p, flip)))
                    .map(|(p, flip)| image(f, p, flip))
                    .collect();
                let n = orbit.len();
                (orbit.into_iter().next().unwrap_or_default(), n)
            };
            let mut seen = BTreeSet::new();
            for (f, n) in &classes {
                let (c, size) = canon(&f.clauses);
                assert_eq!(size as u64, *n, "{f:?}");
                assert!(seen.insert(c), "two representatives of one class: {f:?}");
            }
        }
        // more clauses than there are: the sets stop at all of them
        assert_eq!(clause_set_count(1, 1..=5, 1), 2 + 1);
        assert_eq!(formulas_up_to_renaming(1, 1..=5, 1).len(), 2);
        // C(26, 13) and beyond without overflow; a sum past u64 saturates
        assert_eq!(clause_set_count(3, 13..=13, 3), 10_400_600);
        assert_eq!(clause_set_count(4, 0..=64, 3), u64::MAX);
        // over one variable with at most 2 clauses: {}, {u} (and {¬u}), {u, ¬u}
        let one = formulas_up_to_renaming(1, 0..=2, 1);
        assert_eq!(one.len(), 3);
    }
}
