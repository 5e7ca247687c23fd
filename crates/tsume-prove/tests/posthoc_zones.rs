//! Post-hoc relevance zones (`Tuning::posthoc_zones`, docs/design/post-hoc-zones.md)
//! against the plain search and the exact solver on small boards: the same verdicts,
//! every tree accepted by the independent checker, every pruned move's position a kill
//! within the plies left by the exact solver's rank, and mutated trees (a zone point
//! dropped, a witness moved, a reference broken) refused. Under the basic ko rule too,
//! against the paper's procedure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_board::{Color, Move, Point, Position};
use tsume_proof::{Claim, Tree};
use tsume_prove::{exact, reference, solve, Options, Tuning, Verdict};

mod common;

use common::{
    life_boards, maybe_after_a_capture, random_life_position, random_position, room_boards,
    tree_positions, zone_fill, Rng,
};

fn posthoc(plain: &Options) -> Options {
    Options {
        tuning: Tuning {
            posthoc_zones: true,
            ..plain.tuning.clone()
        },
        ..plain.clone()
    }
}

/// For every pruned move of `tree`: its position, with the plies the pruning node's
/// children have (its remaining minus one), is a kill by the exact solver. Returns how
/// many were checked (positions too large for the solver are skipped).
fn pruned_moves_are_kills(root: &Position, x: Point, tree: &Tree) -> usize {
    pruned_kills_at(root, x, tree, None)
}

/// [`pruned_moves_are_kills`] at node `only`, or at every node.
fn pruned_kills_at(root: &Position, x: Point, tree: &Tree, only: Option<usize>) -> usize {
    let pos = tree_positions(root, tree);
    let mut checked = 0;
    for (v, node) in tree.nodes.iter().enumerate() {
        if only.is_some_and(|u| u != v) {
            continue;
        }
        let Some(p) = &pos[v] else { continue };
        for &(y, _) in &node.pruned {
            let q = p.play(y);
            let Ok(rank) = exact::kill_rank(&q, x, 30_000) else {
                continue;
            };
            match (tree.claim, node.remaining) {
                // A life tree: the pruned attacker's move leaves a position the
                // attacker never kills from (for every α), or not within the plies left.
                (Claim::Alive, None) => assert!(
                    rank.is_none(),
                    "pruned {y:?} at node {v} is a kill (rank {rank:?})\n{p:?}"
                ),
                // Within a bound: the pruned move's position has the children's plies,
                // r − 1, and is not in D_{r−1} (Claim_k for k up to a node's plies).
                (Claim::Alive, Some(r)) => assert!(
                    rank.is_none_or(|k| k >= r),
                    "pruned {y:?} at node {v} is a kill within {} plies (rank {rank:?})\n{p:?}",
                    r - 1
                ),
                (_, r) => {
                    let r = r.unwrap() - 1;
                    assert!(
                        rank.is_some_and(|k| k <= r),
                        "pruned {y:?} at node {v} is no kill within {r} plies (rank {rank:?})\n{p:?}"
                    );
                }
            }
            checked += 1;
        }
    }
    checked
}

/// Mutations of a tree with zones and pruned moves, each of which the checker must
/// refuse: every point of every witness's zone dropped in turn where the zone was
/// needed (counted only when refused: a dropped point may be one the dilation added
/// without need, so the test asks that most are refused, and that no refused tree is
/// accepted after), each witness moved to another child, and a reference past the end.
/// Returns (mutations tried, refused).
fn mutations(p: &Position, x: Point, tree: &Tree) -> (usize, usize) {
    let (mut tried, mut refused) = (0, 0);
    for v in 0..tree.nodes.len() {
        // (The first three of a node's pruned moves: a life tree's attacker's node may
        // prune a hundred, each mutation a whole check.)
        for (k, &(_, w)) in tree.nodes[v].pruned.iter().enumerate().take(3) {
            // The witness moved to each other child.
            for &(m, c) in &tree.nodes[v].children {
                if c == w || m == Move::Pass {
                    continue;
                }
                let mut t = tree.clone();
                t.nodes[v].pruned[k].1 = c;
                tried += 1;
                // Moving a witness can be sound (another child may answer it too):
                // refused or not, the check must not panic, and an accepted tree must
                // still be true (the exact solver, above, checks the pruned moves).
                if tsume_proof::check(p, x, &t).is_err() {
                    refused += 1;
                } else {
                    pruned_kills_at(p, x, &t, Some(v));
                }
            }
            // A reference broken.
            let mut t = tree.clone();
            t.nodes[v].pruned[k].1 = tree.nodes.len() + 3;
            tried += 1;
            assert!(tsume_proof::check(p, x, &t).is_err(), "a broken reference");
            refused += 1;
        }
        // Each of the first points of a witness's zone dropped: refused unless the
        // zone still holds without it (an accepted tree is checked against the exact
        // solver above its witnesses, in the test's main loop).
        let witness = tree
            .nodes
            .iter()
            .any(|n| n.pruned.iter().any(|&(_, w)| w == v));
        if let Some(z) = tree.nodes[v].zone.as_ref().filter(|_| witness) {
            for i in 0..z.len().min(4) {
                let mut t = tree.clone();
                let mut z2 = z.clone();
                z2.remove(i);
                t.nodes[v].zone = Some(z2);
                tried += 1;
                if tsume_proof::check(p, x, &t).is_err() {
                    refused += 1;
                }
            }
        }
    }
    (tried, refused)
}

/// More pruned moves than the builder wrote, each tried alone: at every defender's node,
/// each explicit stone move's child dropped for a pruned entry naming another child as
/// witness. Every tree the checker accepts must still be true: the new pruned move's
/// position a kill within the plies left (the exact solver). Returns (tried, accepted).
fn extra_prunes(p: &Position, x: Point, tree: &Tree) -> (usize, usize) {
    let (mut tried, mut accepted) = (0, 0);
    for v in 0..tree.nodes.len() {
        if tree.nodes[v].zone.is_none() {
            continue;
        }
        let kids = tree.nodes[v].children.clone();
        for (k, &(y, _)) in kids.iter().enumerate() {
            if y == Move::Pass {
                continue;
            }
            for &(_, w) in kids.iter().filter(|&&(m, _)| m != y) {
                let mut t = tree.clone();
                t.nodes[v].children.remove(k);
                t.nodes[v].pruned.push((y, w));
                tried += 1;
                if tsume_proof::check(p, x, &t).is_ok() {
                    accepted += 1;
                    assert!(pruned_kills_at(p, x, &t, Some(v)) > 0 || t.nodes.len() > 3000);
                }
            }
        }
    }
    (tried, accepted)
}

#[test]
fn extra_pruned_moves_are_refused_or_true() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let (mut trees, mut tried, mut accepted) = (0, 0, 0);
    for _ in 0..6 {
        for board in &room_boards() {
            let Some((p, x)) = random_position(&mut rng, board, &zone_fill(Color::White)) else {
                continue;
            };
            for alpha in [5u32, 9] {
                let opts = posthoc(&Options {
                    depth: alpha,
                    want_tree: true,
                    ..Options::default()
                });
                let z = solve(&p, x, &opts).unwrap();
                let Some(tree) = z.tree.as_ref().filter(|t| t.nodes.len() < 400) else {
                    continue;
                };
                if z.verdict != Verdict::Dead {
                    continue;
                }
                let (t, a) = extra_prunes(&p, x, tree);
                tried += t;
                accepted += a;
                trees += 1;
            }
        }
    }
    eprintln!("extra prunes: {trees} trees, {tried} tried, {accepted} accepted (each a kill)");
    assert!(trees > 10 && tried > 100, "{trees} trees, {tried} tried");
}

#[test]
fn posthoc_zones_agree_with_the_plain_search_and_the_exact_solver() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut cases, mut exact_checked, mut dead, mut with_pruned, mut pruned) = (0, 0, 0, 0, 0);
    let (mut kills_checked, mut tried, mut refused, mut zoned) = (0, 0, 0, 0);
    let (mut nodes_plain, mut nodes_zoned, mut pruned_in_search) = (0, 0, 0);
    for _ in 0..10 {
        for board in &room_boards() {
            let to_move = rng.color();
            let Some((p, x)) = random_position(&mut rng, board, &zone_fill(to_move)) else {
                continue;
            };
            let rank = exact::kill_rank(&p, x, 30_000).ok();
            for alpha in [2u32, 5, 9, 14] {
                let plain = Options {
                    depth: alpha,
                    want_tree: true,
                    ..Options::default()
                };
                let a = solve(&p, x, &plain).unwrap();
                let z = solve(&p, x, &posthoc(&plain)).unwrap();
                assert_ne!(z.verdict, Verdict::Unknown);
                assert_eq!(z.verdict, a.verdict, "α={alpha}\n{p:?}");
                nodes_plain += a.stats.nodes;
                nodes_zoned += z.stats.nodes;
                pruned_in_search += z.stats.zone_pruned;
                if let Some(rank) = rank {
                    let expected = rank.is_some_and(|k| alpha + 1 >= k);
                    assert_eq!(z.verdict == Verdict::Dead, expected, "α={alpha}\n{p:?}");
                    exact_checked += 1;
                }
                let tree = z.tree.as_ref().expect("a tree");
                let report =
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                if z.verdict == Verdict::Dead {
                    dead += 1;
                    zoned += usize::from(tree.nodes[0].zone.is_some());
                }
                with_pruned += usize::from(report.pruned > 0);
                pruned += report.pruned;
                kills_checked += pruned_moves_are_kills(&p, x, tree);
                let (t, r) = mutations(&p, x, tree);
                tried += t;
                refused += r;
                cases += 1;
            }
        }
    }
    eprintln!(
        "posthoc zones: {cases} cases ({dead} dead, {zoned} with a root zone), {exact_checked} \
         against the exact solver, {with_pruned} trees with {pruned} pruned moves \
         ({kills_checked} checked kills by the exact solver); {tried} mutations, {refused} refused; \
         nodes {nodes_plain} plain, {nodes_zoned} with zones, {pruned_in_search} moves pruned \
         (search and trees)"
    );
    assert!(
        cases > 200 && exact_checked > 100,
        "{cases} / {exact_checked}"
    );
    assert!(
        dead > cases / 10 && dead < cases * 9 / 10,
        "{dead} of {cases}"
    );
    assert!(zoned * 10 > dead * 9, "{zoned} root zones of {dead} proofs");
    assert!(
        with_pruned > 30,
        "only {with_pruned} trees with pruned moves"
    );
    assert!(kills_checked > 100, "{kills_checked}");
    assert!(
        pruned_in_search > pruned as u64,
        "{pruned_in_search} of {pruned}"
    );
    assert!(refused * 2 > tried && refused > 50, "{refused} of {tried}");
}

#[test]
fn posthoc_zones_under_the_ko_rule_match_the_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut cases, mut with_pruned) = (0, 0);
    for _ in 0..30 {
        for board in &room_boards() {
            let Some((p0, x)) = random_position(&mut rng, board, &zone_fill(Color::White)) else {
                continue;
            };
            // Half the time, just after a capture of one stone (a ban, if a ko).
            let p = maybe_after_a_capture(&mut rng, p0.with_ko_rule(true), x, |_, _| 0);
            let empties = board.points().filter(|&q| p.is_empty_at(q)).count();
            if empties > 6 {
                continue;
            }
            for alpha in 0..=4u32 {
                let opts = posthoc(&Options {
                    depth: alpha,
                    want_tree: true,
                    ..Options::default()
                });
                let z = solve(&p, x, &opts).unwrap();
                let expected = reference::can_kill(&p, x, alpha);
                assert_eq!(
                    z.verdict == Verdict::Dead,
                    expected,
                    "α={alpha}\n{p:?} ban {:?}",
                    p.ko_ban()
                );
                let tree = z.tree.as_ref().expect("a tree");
                let report =
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                with_pruned += usize::from(report.pruned > 0);
                cases += 1;
            }
        }
    }
    eprintln!(
        "posthoc zones under the ko rule: {cases} cases, {with_pruned} trees with pruned moves"
    );
    assert!(cases > 200, "only {cases} cases");
    assert!(
        with_pruned > 10,
        "only {with_pruned} trees with pruned moves"
    );
}

#[test]
fn life_zones_agree_with_the_plain_search_and_the_exact_solver() {
    // Life trees for every α (docs/design/post-hoc-zones.md, "Life proofs"): the same
    // verdicts with zones as without, every tree accepted, every pruned attacker's move
    // a position the exact solver finds no kill from, mutations refused.
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let (mut cases, mut exact_checked, mut forever, mut zoned, mut with_pruned) = (0, 0, 0, 0, 0);
    let (mut pruned, mut checked, mut tried, mut refused) = (0, 0, 0, 0);
    let (mut nodes_plain, mut nodes_zoned) = (0, 0);
    for _ in 0..24 {
        for board in &life_boards() {
            let Some((p, x)) = random_life_position(&mut rng, board) else {
                continue;
            };
            let plain = Options {
                want_tree: true,
                ..Options::default()
            };
            let a = solve(&p, x, &plain).unwrap();
            let z = solve(&p, x, &posthoc(&plain)).unwrap();
            assert_eq!(z.verdict, a.verdict, "{p:?}");
            assert_eq!(z.exact, a.exact, "{p:?}");
            nodes_plain += a.stats.nodes;
            nodes_zoned += z.stats.nodes;
            cases += 1;
            if z.verdict != Verdict::Unknown {
                if let Ok(rank) = exact::kill_rank(&p, x, 30_000) {
                    assert_eq!(z.verdict == Verdict::Dead, rank.is_some(), "{p:?}");
                    exact_checked += 1;
                }
            }
            let Some(tree) = z.tree.as_ref() else {
                continue;
            };
            let report = tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
            if tree.claim != Claim::Alive || tree.nodes[0].remaining.is_some() {
                continue;
            }
            forever += 1;
            zoned += usize::from(tree.nodes[0].zone.is_some());
            with_pruned += usize::from(report.pruned > 0);
            pruned += report.pruned;
            checked += pruned_moves_are_kills(&p, x, tree);
            let (t, r) = mutations(&p, x, tree);
            tried += t;
            refused += r;
        }
    }
    eprintln!(
        "life zones: {cases} cases, {exact_checked} against the exact solver, {forever} lives \
         for every α ({zoned} with a root zone, {with_pruned} with {pruned} pruned moves, \
         {checked} of them checked by the exact solver); {tried} mutations, {refused} refused; \
         nodes {nodes_plain} plain, {nodes_zoned} with zones"
    );
    assert!(
        cases > 100 && exact_checked > 20,
        "{cases} / {exact_checked}"
    );
    assert!(forever > 30, "{forever} lives for every α");
    assert!(zoned * 3 > forever, "{zoned} root zones of {forever} lives");
    assert!(
        with_pruned > 10,
        "{with_pruned} life trees with pruned moves"
    );
    assert!(checked > 20, "{checked} pruned moves checked");
    assert!(refused * 2 > tried && refused > 20, "{refused} of {tried}");
}

/// [`posthoc`] with life zones within a bound (`Tuning::bounded_life_zones`), and the
/// attacker's pass searched first (`Tuning::attacker_pass_first`) when `pass_first`.
fn bounded(plain: &Options, pass_first: bool) -> Options {
    Options {
        tuning: Tuning {
            posthoc_zones: true,
            bounded_life_zones: true,
            attacker_pass_first: pass_first,
            ..plain.tuning.clone()
        },
        ..plain.clone()
    }
}

#[test]
fn bounded_life_zones_agree_with_the_plain_search_and_the_exact_solver() {
    // Life trees within a bound (docs/design/post-hoc-zones.md, "Life proofs": a
    // depth-limit leaf needs (T) alone): the same verdicts with bounded life zones (and
    // with the attacker's pass first) as without, every tree accepted, every pruned
    // attacker's move a position the exact solver finds no kill from within the plies
    // left, mutations refused.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut cases, mut exact_checked, mut within, mut with_pruned) = (0, 0, 0, 0);
    let (mut pruned, mut checked, mut tried, mut refused) = (0, 0, 0, 0);
    let mut nodes = [0u64; 3];
    let mut exactness_differs = 0;
    for round in 0..10 {
        for board in &life_boards() {
            let Some((p, x)) = random_life_position(&mut rng, board) else {
                continue;
            };
            // Small bounds, no closure: answers "alive within α" whose trees are bounded.
            let plain = Options {
                want_tree: true,
                depth: 2 + 2 * (round % 3),
                forever_nodes: 0,
                ..Options::default()
            };
            let a = solve(&p, x, &plain).unwrap();
            for (k, pass_first) in [false, true].into_iter().enumerate() {
                let z = solve(&p, x, &bounded(&plain, pass_first)).unwrap();
                assert_eq!(z.verdict, a.verdict, "pass first {pass_first}\n{p:?}");
                if z.exact != a.exact {
                    // One search settled "for every α" where the other did not (the
                    // order differs): the exact solver must agree with the stronger.
                    if let Ok(rank) = exact::kill_rank(&p, x, 30_000) {
                        assert_eq!(z.verdict == Verdict::Dead, rank.is_some(), "{p:?}");
                    }
                    eprintln!("exact {} with zones, {} plain", z.exact, a.exact);
                    exactness_differs += 1;
                }
                nodes[k + 1] += z.stats.nodes;
                let Some(tree) = z.tree.as_ref() else {
                    continue;
                };
                let report =
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                if tree.claim != Claim::Alive || tree.nodes[0].remaining.is_none() {
                    continue;
                }
                within += 1;
                with_pruned += usize::from(report.pruned > 0);
                pruned += report.pruned;
                // (Each pruned move's exact rank and each mutation's check cost: enough
                // of them, not all.)
                if checked < 200 {
                    checked += pruned_moves_are_kills(&p, x, tree);
                }
                if tried < 1500 {
                    let (t, r) = mutations(&p, x, tree);
                    tried += t;
                    refused += r;
                }
            }
            nodes[0] += a.stats.nodes;
            cases += 1;
            if a.verdict == Verdict::Alive {
                // Alive within α: no kill within the root's plies by the exact solver.
                if let Ok(rank) = exact::kill_rank(&p, x, 30_000) {
                    let r = tsume_prove::root_plies(plain.depth);
                    assert!(rank.is_none_or(|k| k > r), "{p:?}");
                    exact_checked += 1;
                }
            }
        }
    }
    eprintln!(
        "bounded life zones: {cases} cases, {exact_checked} against the exact solver, \
         {within} lives within a bound ({with_pruned} with {pruned} pruned moves, {checked} \
         of them checked by the exact solver); exactness differs on {exactness_differs}; \
         {tried} mutations, {refused} refused; nodes \
         {} plain, {} with bounded zones, {} with the pass first too",
        nodes[0], nodes[1], nodes[2]
    );
    // (The roots are mostly too large for the exact solver; their pruned moves are not.)
    assert!(cases > 40, "{cases} cases");
    assert!(within > 30, "{within} lives within a bound");
    assert!(
        with_pruned > 10,
        "{with_pruned} bounded trees with pruned moves"
    );
    assert!(checked > 20, "{checked} pruned moves checked");
    assert!(refused * 2 > tried && refused > 20, "{refused} of {tried}");
}
