//! Relevance zones (`Options::zones`, docs/design/relevance-zones.md) side by side with
//! the plain search: the same verdicts on random small positions, the exact solver's
//! where it reaches, and every tree with covered moves accepted by the independent
//! checker; under the basic ko rule too, against the paper's procedure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use tsume_board::{Board, Color, Move, Point, Position};
use tsume_prove::{exact, reference, solve, Options, Tuning, Verdict};

mod common;

use common::{maybe_after_a_capture, random_position, Fill, Rng};

/// Stones on 35 to 69 % of the points, `to_move` to move.
const fn fill(to_move: Color) -> Fill {
    Fill {
        percent: 35,
        spread: 35,
        to_move: Some(to_move),
        max_empty: usize::MAX,
    }
}

/// Boards with room away from the fight, where defender moves fall outside a zone.
fn boards() -> Vec<Arc<Board>> {
    [
        Board::grid(4, 3),
        Board::grid(5, 3),
        Board::grid(6, 2),
        Board::grid(4, 4),
        Board::line(10),
        Board::grid(7, 2),
    ]
    .into_iter()
    .map(|b| Arc::new(b.unwrap()))
    .collect()
}

fn covered_moves(t: &tsume_proof::Tree) -> usize {
    t.nodes.iter().map(|n| n.covered.len()).sum()
}

/// Mutations of a tree with covered moves, each of which the checker must reject: at
/// each node with covered moves, also covering the point its pass child plays (in the
/// pass child's zone), and its covered moves moved onto its pass child (an attacker's
/// node, where nothing may be covered). Returns how many were tried.
fn mutations_rejected(p: &Position, x: Point, tree: &tsume_proof::Tree) -> usize {
    let mut tried = 0;
    for v in (0..tree.nodes.len()).filter(|&v| !tree.nodes[v].covered.is_empty()) {
        let Some(&(_, pc)) = tree.nodes[v]
            .children
            .iter()
            .find(|(m, _)| *m == Move::Pass)
        else {
            continue;
        };
        if let Some(&(Move::Play(z), _)) = tree.nodes[pc].children.first() {
            if !tree.nodes[v]
                .children
                .iter()
                .any(|(m, _)| *m == Move::Play(z))
            {
                let mut t = tree.clone();
                t.nodes[v].covered.push(Move::Play(z));
                assert!(
                    tsume_proof::check(p, x, &t).is_err(),
                    "a cover in the zone accepted\n{p:?}"
                );
                tried += 1;
            }
        }
        if !tree.nodes[pc].children.is_empty() {
            let mut t = tree.clone();
            t.nodes[pc].covered = t.nodes[v].covered.clone();
            assert!(
                tsume_proof::check(p, x, &t).is_err(),
                "a cover at the attacker's node accepted\n{p:?}"
            );
            tried += 1;
        }
    }
    tried
}

#[test]
fn zones_agree_with_the_plain_search_and_the_exact_solver() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut cases, mut exact_checked, mut dead, mut trees, mut with_covers, mut covers) =
        (0, 0, 0, 0, 0, 0);
    let mut covered_in_search = 0;
    let mut mutated = 0;
    for _ in 0..10 {
        for board in &boards() {
            let to_move = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            let Some((p, x)) = random_position(&mut rng, board, &fill(to_move)) else {
                continue;
            };
            let rank = exact::kill_rank(&p, x, 30_000).ok();
            for alpha in [2u32, 5, 9, 14] {
                let plain = Options {
                    depth: alpha,
                    want_tree: true,
                    ..Options::default()
                };
                let zoned = Options {
                    tuning: Tuning {
                        zones: true,
                        ..Tuning::default()
                    },
                    ..plain.clone()
                };
                let a = solve(&p, x, &plain).unwrap();
                let z = solve(&p, x, &zoned).unwrap();
                assert_ne!(z.verdict, Verdict::Unknown);
                assert_eq!(
                    z.verdict,
                    a.verdict,
                    "α={alpha} target {}\n{p:?}",
                    board.name(x)
                );
                if let Some(rank) = rank {
                    let expected = rank.is_some_and(|k| alpha + 1 >= k);
                    assert_eq!(z.verdict == Verdict::Dead, expected, "α={alpha}\n{p:?}");
                    exact_checked += 1;
                }
                covered_in_search += z.stats.zone_covered;
                let tree = z.tree.as_ref().expect("a tree");
                tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                trees += 1;
                let c = covered_moves(tree);
                with_covers += usize::from(c > 0);
                mutated += mutations_rejected(&p, x, tree);
                covers += c;
                dead += usize::from(z.verdict == Verdict::Dead);
                cases += 1;
            }
        }
    }
    eprintln!(
        "zones: {cases} cases ({dead} dead), {exact_checked} against the exact solver, \
         {trees} trees checked, {with_covers} with {covers} covered moves; \
         {covered_in_search} moves covered in the searches, {mutated} mutations rejected"
    );
    assert!(
        cases > 200 && exact_checked > 100,
        "{cases} / {exact_checked}"
    );
    assert!(
        dead > cases / 10 && dead < cases * 9 / 10,
        "{dead} of {cases}"
    );
    assert!(
        with_covers > 30,
        "only {with_covers} trees with covered moves"
    );
    assert!(covered_in_search > 1000, "{covered_in_search}");
    assert!(mutated >= 8, "{mutated}");
}

#[test]
fn zones_under_the_ko_rule_match_the_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut cases, mut with_covers) = (0, 0);
    for _ in 0..30 {
        for board in &boards() {
            let Some((p0, x)) = random_position(&mut rng, board, &fill(Color::White)) else {
                continue;
            };
            // Half the time, just after a capture of one stone (a ban, if a ko).
            let p = maybe_after_a_capture(&mut rng, p0.with_ko_rule(true), x, |_, _| 0);
            let empties = board.points().filter(|&q| p.is_empty_at(q)).count();
            if empties > 6 {
                continue;
            }
            for alpha in 0..=4u32 {
                let opts = Options {
                    depth: alpha,
                    want_tree: true,
                    tuning: Tuning {
                        zones: true,
                        ..Tuning::default()
                    },
                    ..Options::default()
                };
                let z = solve(&p, x, &opts).unwrap();
                let expected = reference::can_kill(&p, x, alpha);
                assert_eq!(
                    z.verdict == Verdict::Dead,
                    expected,
                    "α={alpha}\n{p:?} ban {:?}",
                    p.ko_ban()
                );
                let tree = z.tree.as_ref().expect("a tree");
                tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                with_covers += usize::from(covered_moves(tree) > 0);
                cases += 1;
            }
        }
    }
    eprintln!("zones under the ko rule: {cases} cases, {with_covers} trees with covered moves");
    assert!(cases > 200, "only {cases} cases");
    assert!(
        with_covers > 10,
        "only {with_covers} trees with covered moves"
    );
}
