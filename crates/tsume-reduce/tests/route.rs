//! The route from any CNF formula into design D6's class (`tsume_reduce::route`), each
//! stage on its own: satisfiability against varisat (on the input, not the output's own
//! claim), and the output's class (planar, with the rectilinear embedding checked by a
//! nesting sweep and by Euler's formula; monotone; at most two clauses a literal).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_board::parse_graph;
use tsume_prove::{default_depth, solve, Limits, Options, Verdict};
use tsume_reduce::dimacs::{is_satisfiable, random_3cnf, XorShift};
use tsume_reduce::grid::draw;
use tsume_reduce::route::monotone::{monotone, spread};
use tsume_reduce::route::planar::{planarize, BOX};
use tsume_reduce::route::{three_cnf, Embedded, Side};
use tsume_reduce::Cnf;

/// Random formulas with 1..=`max_vars` variables and about `ratio` clauses a variable
/// (3 to 6, around the 3-SAT threshold 4.26), clauses of 1–3 literals (mostly 3).
fn random_set(count: u64, max_vars: u32, seed0: u64) -> Vec<Cnf> {
    let mut rng = XorShift::new(seed0);
    (0..count)
        .map(|k| {
            let vars = 1 + rng.below(max_vars);
            let ratio = [3.0, 4.0, 4.26, 5.0, 6.0][rng.below(5) as usize];
            let clauses = ((vars as f64 * ratio).round() as usize).max(1);
            let mut f = random_3cnf(vars, clauses, seed0.wrapping_mul(7919) + k);
            // Some shorter clauses too.
            for c in f.clauses.iter_mut() {
                if rng.below(6) == 0 {
                    c.truncate(1 + rng.below(2) as usize);
                }
            }
            f
        })
        .collect()
}

/// Each stage of the route on `f`, checked: the same satisfiability as `f`, the class of
/// the stage's output; the crossings.
fn check_route(f: &Cnf) -> usize {
    let sat = is_satisfiable(f);
    let (three, _) = three_cnf(f);
    assert!(three.clauses.iter().all(|c| c.len() <= 3), "{f:?}");
    assert_eq!(is_satisfiable(&three), sat, "3-CNF: {f:?}");
    if three.clauses.is_empty() || three.clauses.iter().any(Vec::is_empty) {
        return 0;
    }
    let planar = planarize(&three).unwrap();
    planar
        .emb
        .check()
        .unwrap_or_else(|e| panic!("planar: {e}: {f:?}"));
    assert!(planar.emb.cnf.clauses.iter().all(|c| c.len() <= 3));
    assert_eq!(is_satisfiable(&planar.emb.cnf), sat, "planar: {f:?}");
    let mono = monotone(&planar.emb);
    mono.check()
        .unwrap_or_else(|e| panic!("monotone: {e}: {f:?}"));
    assert!(mono.is_monotone(), "{f:?}");
    assert_eq!(is_satisfiable(&mono.cnf), sat, "monotone: {f:?}");
    let spread = spread(&mono);
    spread
        .check()
        .unwrap_or_else(|e| panic!("spread: {e}: {f:?}"));
    assert!(spread.is_monotone() && spread.max_legs() <= 2, "{f:?}");
    assert_eq!(is_satisfiable(&spread.cnf), sat, "spread: {f:?}");
    let numbered = spread.renumbered();
    numbered.check().unwrap();
    assert_eq!(is_satisfiable(&numbered.cnf), sat);
    planar.crossings
}

/// Lichtenstein's box: with a1, b1, a2, b2 fixed, the box's clauses can be satisfied
/// exactly when a1 = a2 and b1 = b2 (all 16 cases, its 5 helpers by brute force).
#[test]
fn the_crossover_box_passes_both_values() {
    for ends in 0u32..16 {
        let satisfiable = (0u32..32).any(|helpers| {
            let value = |v: usize| {
                if v < 4 {
                    ends >> v & 1 == 1
                } else {
                    helpers >> (v - 4) & 1 == 1
                }
            };
            BOX.iter().all(|(c, _)| {
                c.iter()
                    .any(|&l| value(l.unsigned_abs() as usize - 1) == (l > 0))
            })
        });
        let (a1, b1, a2, b2) = (ends & 1, ends >> 1 & 1, ends >> 2 & 1, ends >> 3 & 1);
        assert_eq!(
            satisfiable,
            a1 == a2 && b1 == b2,
            "a1 b1 a2 b2 = {ends:04b}"
        );
    }
}

/// CNF → 3-CNF alone: long clauses split, the same satisfiability.
#[test]
fn three_cnf_keeps_satisfiability() {
    let mut rng = XorShift::new(5);
    for _ in 0..2000 {
        let vars = 1 + rng.below(8);
        let clauses: Vec<Vec<i32>> = (0..1 + rng.below(4 * vars))
            .map(|_| {
                (0..1 + rng.below(7))
                    .map(|_| {
                        let v = 1 + rng.below(vars) as i32;
                        if rng.below(2) == 0 {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect()
            })
            .collect();
        let f = Cnf {
            vars,
            clauses: clauses.clone(),
        };
        let (t, _) = three_cnf(&f);
        assert!(t.clauses.iter().all(|c| c.len() <= 3));
        assert_eq!(is_satisfiable(&t), is_satisfiable(&f), "{f:?}");
    }
}

/// A formula that nests as it stands needs no crossing; one that cannot gets boxes.
#[test]
fn crossings_only_where_needed() {
    let nested = Cnf::new(3, &[&[1, 2, 3], &[1, -2], &[-2, 3]]);
    assert_eq!(planarize(&nested).unwrap().crossings, 0);
    // Four variables, each pair in a clause: K4's edges cannot all nest on two sides in
    // the order 1 2 3 4 together with the 3-clauses over them.
    let dense = Cnf::new(
        4,
        &[
            &[1, 3],
            &[2, 4],
            &[1, 2, 4],
            &[-1, 3, -4],
            &[2, -3],
            &[-2, -4, 1],
        ],
    );
    let p = planarize(&dense).unwrap();
    assert!(p.crossings > 0, "{p:?}");
    check_route(&dense);
}

/// The checker rejects what is not planar: two combs that interleave on one side.
#[test]
fn the_checker_rejects_a_crossing() {
    let f = Cnf::new(4, &[&[1, 3], &[2, 4]]);
    let e = Embedded::from_sides(f.clone(), vec![1, 2, 3, 4], vec![Side::Above, Side::Above]);
    assert!(e.check().is_err());
    let ok = Embedded::from_sides(f, vec![1, 2, 3, 4], vec![Side::Above, Side::Below]);
    assert!(ok.check().is_ok());
}

/// Every stage on 1 000 random formulas with 1–4 variables around the threshold.
#[test]
fn every_stage_keeps_satisfiability() {
    let (mut sat, mut crossings) = (0, 0);
    let set = random_set(1000, 4, 11);
    for f in &set {
        crossings += check_route(f);
        sat += usize::from(is_satisfiable(f));
    }
    eprintln!(
        "{} formulas, {sat} satisfiable, {crossings} crossings",
        set.len()
    );
    assert!(sat > 200 && set.len() - sat > 200, "{sat} satisfiable");
    assert!(crossings > 100, "{crossings} crossings");
}

/// The same on 5 000 formulas with 1–8 variables.
#[test]
#[ignore = "slow: a few minutes in the test profile"]
fn every_stage_keeps_satisfiability_larger() {
    for f in &random_set(5000, 8, 12) {
        check_route(f);
    }
}

/// The grid of a formula that only the route draws, solved by the prover on the whole
/// board, White to move; its verdict and its checked tree.
fn route_grid_verdict(f: &Cnf, max_nodes: u64) -> (Verdict, u64, (usize, usize)) {
    let d = draw(f).unwrap();
    assert!(!d.stages.is_empty(), "{f:?} did not take the route");
    let file = parse_graph(&d.grid.to_graph_text().unwrap()).unwrap();
    let pos = file.position().unwrap();
    let target = file.target.unwrap();
    let opts = Options {
        depth: default_depth(&pos),
        limits: Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        },
        want_tree: true,
        ..Options::default()
    };
    let a = solve(&pos, target, &opts).unwrap();
    if let Some(tree) = &a.tree {
        assert!(tsume_proof::check(&pos, target, tree).is_ok(), "{f:?}");
    }
    (a.verdict, a.stats.nodes, d.grid.size())
}

/// (u1 ∨ u2) ∧ (u1 ∨ ¬u2): no renaming makes it monotone, so D6 cannot draw it as it
/// stands; the route (one literal moved below through a = ¬u2) gives three variables,
/// and the prover proves Λ alive on the grid, as the formula is satisfiable.
#[test]
fn the_route_grid_of_a_mixed_formula_is_decided_right() {
    let f = Cnf::new(2, &[&[1, 2], &[1, -2]]);
    let (v, nodes, size) = route_grid_verdict(&f, 3_000_000);
    eprintln!("{size:?}: {v:?} in {nodes} nodes");
    assert_eq!(v, Verdict::Alive);
}

/// (u1 ∨ u2) ∧ (u1 ∨ ¬u2) ∧ (¬u1 ∨ u3) ∧ (¬u1 ∨ ¬u3), unsatisfiable, through the
/// route (no crossing; seven variables, 100 × 54): dead.
#[test]
#[ignore = "slow: a kill proof on a D6 grid of seven variables, not run to the end yet"]
fn the_route_grid_of_an_unsatisfiable_mixed_formula_dies() {
    let f = Cnf::new(3, &[&[1, 2], &[1, -2], &[-1, 3], &[-1, -3]]);
    let (v, nodes, size) = route_grid_verdict(&f, 50_000_000);
    eprintln!("{size:?}: {v:?} in {nodes} nodes");
    assert_eq!(v, Verdict::Dead);
}

/// Every formula the tests try gets a square grid: the grids of random formulas with
/// 1–3 variables and 1–3 clauses, drawn (the route's checked point by point by the D6
/// drawing) and read back as graph boards of their size.
#[test]
fn every_small_formula_gets_a_grid() {
    let mut routed = 0;
    let mut rng = XorShift::new(21);
    let set = (0..30).map(|seed| random_3cnf(1 + rng.below(3), 1 + rng.below(3) as usize, seed));
    for f in set {
        let d = draw(&f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        routed += usize::from(!d.stages.is_empty());
        let file = parse_graph(&d.grid.to_graph_text().unwrap()).unwrap();
        assert_eq!(file.board.len(), d.grid.size().0 * d.grid.size().1);
    }
    assert!(routed >= 3, "{routed}");
}
