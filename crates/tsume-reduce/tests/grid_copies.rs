//! Chains of copies (`tsume_reduce::grid::copies`): a literal in any number of clauses brought
//! into design D6's class. Checked against independent oracles: varisat and brute force
//! for the lemma (the chained formula is equisatisfiable), and a brute-force planarity
//! test (every order of the legs on every variable) for the drawing: D6 draws a
//! monotone formula, chained where needed, exactly when its clauses nest in the order of
//! its variables.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;

use tsume_board::{parse_graph, Color};
use tsume_reduce::dimacs::{brute_force, is_satisfiable, XorShift};
use tsume_reduce::grid::copies::{has_crowded_literal, split_occurrences};
use tsume_reduce::grid::{rail_layout, rail_layout_with_copies};
use tsume_reduce::Cnf;

/// Clauses over variables l..=r that nest by construction: a comb {l, r} or {l, m, r}
/// over the interval, whose gaps [l, m] and [m, r] are filled the same way, and unit
/// clauses; `depth` bounds the recursion.
fn nested(rng: &mut XorShift, l: u32, r: u32, depth: u32, out: &mut Vec<Vec<i32>>) {
    if rng.below(4) == 0 {
        out.push(vec![(l + rng.below(r - l + 1)) as i32]);
    }
    if r <= l || depth == 0 {
        return;
    }
    let m = if r - l >= 2 {
        l + 1 + rng.below(r - l - 1)
    } else {
        l
    };
    match rng.below(3) {
        0 => out.push(vec![l as i32, r as i32]),
        1 if m > l => out.push(vec![l as i32, m as i32, r as i32]),
        _ => {}
    }
    if m > l {
        nested(rng, l, m, depth - 1, out);
        nested(rng, m, r, depth - 1, out);
    } else if rng.below(2) == 0 {
        nested(rng, l, r, depth - 1, out);
    }
}

/// A formula that nests over and under its variables 1..=n, each variable then renamed
/// (u ↔ ¬u) at random: in D6's class up to the counts of its literals.
fn planar_formula(rng: &mut XorShift, n: u32) -> Cnf {
    let (mut up, mut down) = (Vec::new(), Vec::new());
    nested(rng, 1, n, 6, &mut up);
    nested(rng, 1, n, 6, &mut down);
    let flip: Vec<bool> = (0..=n).map(|_| rng.below(2) == 0).collect();
    let mut clauses: Vec<Vec<i32>> = up;
    clauses.extend(
        down.into_iter()
            .map(|c| c.into_iter().map(|l| -l).collect::<Vec<_>>()),
    );
    for c in &mut clauses {
        for l in c.iter_mut() {
            if flip[l.unsigned_abs() as usize] {
                *l = -*l;
            }
        }
    }
    let refs: Vec<&[i32]> = clauses.iter().map(Vec::as_slice).collect();
    Cnf::new(n, &refs)
}

fn literal_counts(cnf: &Cnf) -> HashMap<i32, usize> {
    let mut count = HashMap::new();
    for c in &cnf.clauses {
        for &l in c {
            *count.entry(l).or_default() += 1;
        }
    }
    count
}

/// Whether the clauses on one side (each a set of variables) nest for some order of the
/// legs standing on each variable: every order tried. None when there are more than
/// `limit` combinations.
fn nests_some_order(side: &[Vec<u32>], limit: usize) -> Option<bool> {
    let mut at: HashMap<u32, Vec<usize>> = HashMap::new();
    for (j, c) in side.iter().enumerate() {
        for &v in c {
            at.entry(v).or_default().push(j);
        }
    }
    let mut vars: Vec<u32> = at.keys().copied().collect();
    vars.sort_unstable();
    let fact = |k: usize| (1..=k).product::<usize>();
    let combos: usize = vars.iter().map(|v| fact(at[v].len())).product();
    if combos > limit {
        return None;
    }
    let perms = |k: usize| -> Vec<Vec<usize>> {
        let mut all = vec![vec![]];
        for n in 0..k {
            all = all
                .into_iter()
                .flat_map(|p: Vec<usize>| {
                    (0..=n).map(move |i| {
                        let mut q = p.clone();
                        q.insert(i, n);
                        q
                    })
                })
                .collect();
        }
        all
    };
    let choices: Vec<Vec<Vec<usize>>> = vars.iter().map(|v| perms(at[v].len())).collect();
    let mut pick = vec![0usize; vars.len()];
    loop {
        // Leg positions: variable v's k-th leg (in the picked order) at 64 v + k.
        let mut pos: Vec<Vec<u64>> = vec![Vec::new(); side.len()];
        for (i, v) in vars.iter().enumerate() {
            for (rank, &slot) in choices[i][pick[i]].iter().enumerate() {
                pos[at[v][slot]].push(64 * u64::from(*v) + rank as u64);
            }
        }
        for p in &mut pos {
            p.sort_unstable();
        }
        let crosses = |p: &[u64], q: &[u64]| {
            // q must lie outside p's span or inside one gap of p.
            let gap = |x: u64| {
                if x < p[0] || x > p[p.len() - 1] {
                    usize::MAX
                } else {
                    p.iter().filter(|&&y| y < x).count()
                }
            };
            q.iter().any(|&x| gap(x) != gap(q[0]))
        };
        let ok =
            (0..pos.len()).all(|a| (0..pos.len()).all(|b| a == b || !crosses(&pos[a], &pos[b])));
        if ok {
            return Some(true);
        }
        // The next combination.
        let mut i = 0;
        loop {
            if i == vars.len() {
                return Some(false);
            }
            pick[i] += 1;
            if pick[i] < choices[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// The lemma and the drawing on formulas that nest by construction, 2 to 9 variables,
/// renamed at random: the chained formula has every literal in at most two clauses, is
/// satisfiable exactly when the formula is (varisat on the chained one, brute force on
/// the formula), and D6 draws it, at any size, into a grid whose graph board reads back
/// with Λ White and White to move.
#[test]
fn nested_formulas_are_chained_equisatisfiably_and_drawn() {
    let mut rng = XorShift::new(0xC4A1);
    let (mut chained, mut sat, mut unsat, mut big) = (0, 0, 0, 0);
    for k in 0..300 {
        let n = 2 + (k % 8) as u32;
        let cnf = planar_formula(&mut rng, n);
        if cnf.clauses.is_empty() {
            continue;
        }
        let (split, notes) = split_occurrences(&cnf).unwrap();
        assert!(
            literal_counts(&split).values().all(|&c| c <= 2),
            "{cnf:?} → {split:?}"
        );
        let truth = brute_force(&cnf);
        assert_eq!(is_satisfiable(&split), truth, "{cnf:?} → {split:?}");
        if truth {
            sat += 1;
        } else {
            unsat += 1;
        }
        let crowded = has_crowded_literal(&cnf);
        assert_eq!(
            crowded,
            notes.iter().any(|n| n.contains("chains of copies"))
        );
        let layout = rail_layout_with_copies(&cnf, false)
            .unwrap_or_else(|e| panic!("{cnf:?} nests but is not drawn: {e}"));
        if crowded {
            chained += 1;
            assert!(layout.notes.iter().any(|n| n.contains("chains of copies")));
            assert_eq!(layout.cnf.vars, split.vars);
            if split.vars >= 20 {
                big += 1;
            }
        } else {
            assert!(!layout.notes.iter().any(|n| n.contains("chains of copies")));
        }
        let file = parse_graph(&layout.to_graph_text().unwrap()).unwrap();
        let pos = file.position().unwrap();
        assert_eq!(pos.to_move(), Color::White);
        let t = file.target.unwrap();
        assert_eq!(pos.color(t), Some(Color::White));
        assert_eq!(file.board.len(), layout.width * layout.height);
    }
    eprintln!("{sat} satisfiable, {unsat} not, {chained} chained, {big} with 20+ variables");
    // Both outcomes, many chains, and chains long enough that D6 orders the slots
    // without search (more than ten variables with two clauses on a side).
    assert!(sat >= 50 && unsat >= 50, "{sat} satisfiable, {unsat} not");
    assert!(
        chained >= 150 && big >= 30,
        "{chained} chained, {big} with 20+ variables"
    );
}

/// Drawn exactly when the clauses nest: random monotone formulas over 3 to 5 variables
/// (clauses of 1 to 3 literals), their planarity decided by trying every order of the
/// legs on every variable, against D6 with chains of copies.
#[test]
fn drawn_exactly_when_the_clauses_nest() {
    let mut rng = XorShift::new(0x9E57);
    let (mut drawn, mut refused, mut tried) = (0, 0, 0);
    for k in 0..3000 {
        let n = 3 + (k % 3) as u32;
        let m = 2 + rng.below(2 * n + 2) as usize;
        let mut clauses: Vec<Vec<i32>> = Vec::new();
        for _ in 0..m {
            let width = 1 + rng.below(3);
            let positive = rng.below(2) == 0;
            let mut c: Vec<i32> = Vec::new();
            while c.len() < width as usize {
                let v = 1 + rng.below(n) as i32;
                if !c.contains(&v) {
                    c.push(v);
                }
            }
            c.sort_unstable();
            if !clauses.contains(&c) && !clauses.contains(&c.iter().map(|l| -l).collect()) {
                clauses.push(if positive {
                    c
                } else {
                    c.iter().map(|l| -l).collect()
                });
            }
        }
        let refs: Vec<&[i32]> = clauses.iter().map(Vec::as_slice).collect();
        let cnf = Cnf::new(n, &refs);
        let side = |positive: bool| -> Vec<Vec<u32>> {
            clauses
                .iter()
                .filter(|c| (c[0] > 0) == positive)
                .map(|c| c.iter().map(|l| l.unsigned_abs()).collect())
                .collect()
        };
        let (Some(up), Some(down)) = (
            nests_some_order(&side(true), 20_000),
            nests_some_order(&side(false), 20_000),
        ) else {
            continue;
        };
        tried += 1;
        let layout = rail_layout_with_copies(&cnf, false);
        assert_eq!(
            layout.is_ok(),
            up && down,
            "{clauses:?}: nests {up}/{down}, D6: {:?}",
            layout.err().map(|e| e.to_string())
        );
        if layout.is_ok() {
            drawn += 1;
        } else {
            refused += 1;
        }
    }
    eprintln!("{tried} tried: {drawn} drawn, {refused} refused");
    assert!(
        tried >= 2500,
        "{tried} formulas small enough to try every order"
    );
    assert!(
        drawn >= 300 && refused >= 300,
        "{drawn} drawn, {refused} refused"
    );
}

/// A literal in three clauses: the SGF route says why it stays off the grid (the chained
/// drawing's width), the unbounded one draws it; a crossing is refused with chains too.
#[test]
fn chains_in_the_sgf_route_and_crossings() {
    let crowded = Cnf::new(3, &[&[1, 2], &[1, 3], &[1, 2, 3], &[-2, -3]]);
    let e = rail_layout_with_copies(&crowded, true)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("u1 is in 3 clauses") && e.contains("with chains of copies (5 variables)"),
        "{e}"
    );
    assert!(rail_layout(&crowded).is_err());
    let l = rail_layout_with_copies(&crowded, false).unwrap();
    assert_eq!(l.cnf.vars, 5);
    assert!(l.width > 52, "wider than an SGF: {}", l.width);
    // (u1 ∨ u3) and (u2 ∨ u4) cross over the variables whatever the legs' order.
    let crossing = Cnf::new(4, &[&[1, 3], &[2, 4], &[1], &[1, 2], &[1, 4]]);
    let e = rail_layout_with_copies(&crossing, false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("cross") && e.contains("chains of copies"), "{e}");
}

/// A literal in thirteen clauses, nested over fourteen variables: a chain of 23 copies,
/// with more than ten copies holding two clauses over the rail, so that D6 orders their
/// slots as nesting forces instead of searching; drawn, and satisfiable exactly when the
/// formula is, with and without a clause that makes it unsatisfiable.
#[test]
fn a_long_chain_is_ordered_without_search() {
    let mut clauses: Vec<Vec<i32>> = (2..=14).map(|k| vec![1, k]).collect();
    clauses.push(vec![-1, -2]);
    clauses.push(vec![-2, -3]);
    let refs: Vec<&[i32]> = clauses.iter().map(Vec::as_slice).collect();
    let sat = Cnf::new(14, &refs);
    clauses.push(vec![-1]);
    let refs: Vec<&[i32]> = clauses.iter().map(Vec::as_slice).collect();
    let unsat = Cnf::new(14, &refs);
    for (cnf, truth) in [(sat, true), (unsat, false)] {
        assert_eq!(brute_force(&cnf), truth);
        let (split, _) = split_occurrences(&cnf).unwrap();
        assert_eq!(split.vars, 23 + 13);
        assert_eq!(is_satisfiable(&split), truth);
        let l = rail_layout_with_copies(&cnf, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(l.cnf, split);
    }
}
