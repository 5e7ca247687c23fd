//! Zone-keyed proof reuse (`Tuning::zone_table`, docs/design/post-hoc-zones.md,
//! "Reuse") against the plain search and the exact solver on small boards: the same
//! verdicts, every tree accepted by the independent checker, every reuse node's position
//! a kill within its plies by the exact solver, reuse actually happening, and mutated
//! trees (a reference broken, pointed at a node that disagrees on its zone, a cycle, a
//! zone point dropped) refused. Under the basic ko rule too, against the paper's
//! procedure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use tsume_board::{Board, Color, Point, Position};
use tsume_proof::{CheckErrorKind, Tree};
use tsume_prove::{exact, reference, solve, Options, Tuning, Verdict};

mod common;

use common::{maybe_after_a_capture, random_position, room_boards, tree_positions, zone_fill, Rng};

fn with_table(plain: &Options) -> Options {
    Options {
        tuning: Tuning {
            posthoc_zones: true,
            zone_table: true,
            ..plain.tuning.clone()
        },
        ..plain.clone()
    }
}

/// Every reuse node's position is a kill within its remaining plies by the exact
/// solver (positions too large for it skipped). Returns how many were checked.
fn reuses_are_kills(root: &Position, x: Point, tree: &Tree) -> usize {
    let pos = tree_positions(root, tree);
    let mut checked = 0;
    for (v, node) in tree.nodes.iter().enumerate() {
        if node.reuse.is_none() {
            continue;
        }
        let p = pos[v].as_ref().unwrap();
        let Ok(rank) = exact::kill_rank(p, x, 30_000) else {
            continue;
        };
        let r = node.remaining.unwrap();
        assert!(
            rank.is_some_and(|k| k <= r),
            "reuse node {v} is no kill within {r} plies (rank {rank:?})\n{p:?}"
        );
        checked += 1;
    }
    checked
}

fn refused_as_reuse(p: &Position, x: Point, t: &Tree, what: &str) -> String {
    match tsume_proof::check(p, x, t) {
        Ok(r) => panic!("{what}: accepted {r:?}"),
        Err(e) => {
            assert!(
                matches!(e.kind, CheckErrorKind::BadReuse { .. }),
                "{what}: {e}"
            );
            e.to_string()
        }
    }
}

/// Mutations of every reuse of `tree`, each refused: the reference broken; the
/// reference pointed at another zoned node with the same player to move and plies that
/// serve, whose position differs from this one's on its zone (counted: the first point
/// of disagreement named); the node made its own reference and, with a second reuse,
/// two reuses naming each other (cycles); a point of the borrowed zone dropped from the
/// reuse's own zone. Returns (tried, disagreeing repointings among them).
fn mutations(p: &Position, x: Point, tree: &Tree) -> (usize, usize) {
    let pos = tree_positions(p, tree);
    let reuses: Vec<usize> = (0..tree.nodes.len())
        .filter(|&v| tree.nodes[v].reuse.is_some())
        .collect();
    let (mut tried, mut disagree) = (0, 0);
    for &v in &reuses {
        let of = tree.nodes[v].reuse.unwrap();
        let mut t = tree.clone();
        t.nodes[v].reuse = Some(tree.nodes.len() + 3);
        refused_as_reuse(p, x, &t, "a broken reference");
        let mut t = tree.clone();
        t.nodes[v].reuse = Some(v);
        let e = refused_as_reuse(p, x, &t, "a reuse of itself");
        assert!(e.contains("cycle"), "{e}");
        tried += 2;
        if let Some(&w) = reuses.iter().find(|&&w| w != v) {
            let mut t = tree.clone();
            t.nodes[v].reuse = Some(w);
            t.nodes[w].reuse = Some(v);
            let e = refused_as_reuse(p, x, &t, "two reuses of each other");
            assert!(e.contains("cycle"), "{e}");
            tried += 1;
        }
        // Another zoned node that the plies allow but whose zone this position
        // does not match.
        let here = pos[v].as_ref().unwrap();
        let r = tree.nodes[v].remaining.unwrap();
        for (u, node) in tree.nodes.iter().enumerate() {
            let (Some(z), Some(q)) = (node.zone.as_ref(), pos[u].as_ref()) else {
                continue;
            };
            if u == of || u == v || node.reuse.is_some() || q.to_move() != here.to_move() {
                continue;
            }
            if node.remaining.is_none_or(|k| k > r) {
                continue;
            }
            if z.iter().all(|&y| q.color(y) == here.color(y)) {
                continue;
            }
            let mut t = tree.clone();
            t.nodes[v].reuse = Some(u);
            let e = refused_as_reuse(p, x, &t, "a reuse of a node that disagrees");
            assert!(e.contains("contents differ"), "{e}");
            disagree += 1;
            tried += 1;
            break;
        }
        // A point of the borrowed zone dropped from the reuse's own.
        if let Some(z) = tree.nodes[v].zone.as_ref().filter(|z| !z.is_empty()) {
            let mut t = tree.clone();
            let mut z2 = z.clone();
            z2.remove(0);
            t.nodes[v].zone = Some(z2);
            refused_as_reuse(p, x, &t, "a zone point dropped from a reuse");
            tried += 1;
        }
    }
    (tried, disagree)
}

#[test]
fn the_zone_table_agrees_with_the_plain_search_and_the_exact_solver() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut cases, mut exact_checked, mut dead, mut with_reuse, mut reused) = (0, 0, 0, 0, 0);
    let (mut kills_checked, mut tried, mut disagree) = (0, 0, 0);
    let (mut nodes_plain, mut nodes_table, mut hits, mut probes) = (0, 0, 0, 0);
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
                let z = solve(&p, x, &with_table(&plain)).unwrap();
                assert_ne!(z.verdict, Verdict::Unknown);
                assert_eq!(z.verdict, a.verdict, "α={alpha}\n{p:?}");
                nodes_plain += a.stats.nodes;
                nodes_table += z.stats.nodes;
                hits += z.stats.zone_table_hits;
                probes += z.stats.zone_table_probes;
                if let Some(rank) = rank {
                    let expected = rank.is_some_and(|k| alpha + 1 >= k);
                    assert_eq!(z.verdict == Verdict::Dead, expected, "α={alpha}\n{p:?}");
                    exact_checked += 1;
                }
                let tree = z.tree.as_ref().expect("a tree");
                let report =
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                dead += usize::from(z.verdict == Verdict::Dead);
                with_reuse += usize::from(report.reused > 0);
                reused += report.reused;
                assert_eq!(report.reused as u64, z.stats.zone_reused, "{p:?}");
                kills_checked += reuses_are_kills(&p, x, tree);
                let (t, d) = mutations(&p, x, tree);
                tried += t;
                disagree += d;
                cases += 1;
            }
        }
    }
    eprintln!(
        "zone table: {cases} cases ({dead} dead), {exact_checked} against the exact solver; \
         search: {hits} hits in {probes} probes, nodes {nodes_plain} plain, {nodes_table} with \
         the table; trees: {with_reuse} with {reused} reuses ({kills_checked} checked kills by \
         the exact solver); {tried} mutations refused ({disagree} pointed at a disagreeing node)"
    );
    assert!(
        cases > 200 && exact_checked > 100,
        "{cases} / {exact_checked}"
    );
    // Reuse happens in the search (768 hits in 201 713 probes at the merge with the
    // life side's zones, which prune many of the expansions that probed before).
    assert!(hits > 300, "only {hits} hits in {probes} probes");
    // (Trees on these small boards seldom reuse: the test below counts them.)
}

#[test]
fn the_zone_table_under_the_ko_rule_matches_the_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut cases, mut with_reuse, mut hits) = (0, 0, 0);
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
                let opts = with_table(&Options {
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
                with_reuse += usize::from(report.reused > 0);
                hits += z.stats.zone_table_hits;
                cases += 1;
            }
        }
    }
    eprintln!(
        "zone table under the ko rule: {cases} cases, {hits} hits in the search, \
         {with_reuse} trees with a reuse"
    );
    assert!(cases > 200, "only {cases} cases");
    assert!(hits > 20, "only {hits} hits");
}

/// Boards a little larger, where trees reuse often: the same verdicts as the plain
/// search, every tree accepted, every reuse's position a kill by the exact solver where
/// it can tell, and the mutations of every reuse refused.
#[test]
fn trees_reuse_on_larger_boards_and_mutations_are_refused() {
    let (mut cases, mut with_reuse, mut reused, mut kills_checked) = (0, 0, 0, 0);
    let (mut tried, mut disagree, mut nodes_plain, mut nodes_table) = (0, 0, 0, 0);
    for (w, h) in [(5u32, 4u32), (6, 3)] {
        let board = Arc::new(Board::grid(w, h).unwrap());
        let mut rng = Rng(0x1111_2222_3333_4444 ^ u64::from(w * 10 + h));
        for _ in 0..15 {
            let c = rng.color();
            let Some((p, x)) = random_position(&mut rng, &board, &zone_fill(c)) else {
                continue;
            };
            for alpha in [9u32, 14] {
                let plain = Options {
                    depth: alpha,
                    want_tree: true,
                    ..Options::default()
                };
                let a = solve(&p, x, &plain).unwrap();
                let z = solve(&p, x, &with_table(&plain)).unwrap();
                assert_eq!(a.verdict, z.verdict, "α={alpha}\n{p:?}");
                nodes_plain += a.stats.nodes;
                nodes_table += z.stats.nodes;
                let tree = z.tree.as_ref().expect("a tree");
                let report =
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                with_reuse += usize::from(report.reused > 0);
                reused += report.reused;
                kills_checked += reuses_are_kills(&p, x, tree);
                let (t, d) = mutations(&p, x, tree);
                tried += t;
                disagree += d;
                cases += 1;
            }
        }
    }
    eprintln!(
        "zone table, larger boards: {cases} cases, {with_reuse} trees with {reused} reuses \
         ({kills_checked} checked kills by the exact solver), {tried} mutations refused \
         ({disagree} pointed at a disagreeing node); nodes {nodes_plain} plain, \
         {nodes_table} with the table"
    );
    assert!(
        with_reuse >= 5 && reused > 100,
        "{with_reuse} trees, {reused} reuses"
    );
    assert!(tried > 200 && disagree > 20, "{tried} / {disagree}");
    assert!(kills_checked >= 10, "{kills_checked}");
}
