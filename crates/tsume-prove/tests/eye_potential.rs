//! Initial numbers from eye potential (`Tuning::eye_potential`, after Kishimoto and
//! Müller 2005) against the plain search and the exact solver on small boards: they
//! steer the search only, so the verdicts (and whether they hold for every α) are the
//! same, every tree is accepted by the independent checker, and the node counts differ
//! (the option does change the search). With post-hoc zones too, and under the basic ko
//! rule against the paper's procedure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_board::Color;
use tsume_prove::{exact, reference, solve, Options, Tuning, Verdict};

mod common;

use common::{
    life_boards, maybe_after_a_capture, random_life_position, random_position, room_boards,
    zone_fill, Rng,
};

fn eyes(plain: &Options, posthoc_zones: bool) -> Options {
    Options {
        tuning: Tuning {
            eye_potential: true,
            posthoc_zones,
            ..plain.tuning.clone()
        },
        ..plain.clone()
    }
}

#[test]
fn bounded_searches_agree_with_the_plain_search_and_the_exact_solver() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut cases, mut exact_checked, mut dead, mut differ) = (0, 0, 0, 0);
    let (mut nodes_plain, mut nodes_eyes) = (0, 0);
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
                for zones in [false, true] {
                    let e = solve(&p, x, &eyes(&plain, zones)).unwrap();
                    assert_ne!(e.verdict, Verdict::Unknown);
                    assert_eq!(e.verdict, a.verdict, "α={alpha} zones {zones}\n{p:?}");
                    let tree = e.tree.as_ref().expect("a tree");
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|err| panic!("{err}\n{p:?}"));
                    if !zones {
                        nodes_plain += a.stats.nodes;
                        nodes_eyes += e.stats.nodes;
                        differ += usize::from(a.stats.nodes != e.stats.nodes);
                    }
                }
                if let Some(rank) = rank {
                    let expected = rank.is_some_and(|k| alpha + 1 >= k);
                    assert_eq!(a.verdict == Verdict::Dead, expected, "α={alpha}\n{p:?}");
                    exact_checked += 1;
                }
                dead += usize::from(a.verdict == Verdict::Dead);
                cases += 1;
            }
        }
    }
    eprintln!(
        "eye potential, bounded: {cases} cases ({dead} dead), {exact_checked} against the exact \
         solver, {differ} with other node counts; nodes {nodes_plain} plain, {nodes_eyes} with \
         eye potential"
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
        differ * 10 > cases,
        "only {differ} of {cases} searched otherwise"
    );
}

#[test]
fn lives_for_every_alpha_agree_with_the_plain_search_and_the_exact_solver() {
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let (mut cases, mut exact_checked, mut alive, mut differ) = (0, 0, 0, 0);
    let (mut nodes_plain, mut nodes_eyes) = (0, 0);
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
            for zones in [false, true] {
                let e = solve(&p, x, &eyes(&plain, zones)).unwrap();
                assert_eq!(e.verdict, a.verdict, "zones {zones}\n{p:?}");
                assert_eq!(e.exact, a.exact, "zones {zones}\n{p:?}");
                if let Some(tree) = e.tree.as_ref() {
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|err| panic!("{err}\n{p:?}"));
                }
                if !zones {
                    nodes_plain += a.stats.nodes;
                    nodes_eyes += e.stats.nodes;
                    differ += usize::from(a.stats.nodes != e.stats.nodes);
                }
            }
            cases += 1;
            alive += usize::from(a.verdict == Verdict::Alive);
            if a.verdict != Verdict::Unknown {
                if let Ok(rank) = exact::kill_rank(&p, x, 30_000) {
                    assert_eq!(a.verdict == Verdict::Dead, rank.is_some(), "{p:?}");
                    exact_checked += 1;
                }
            }
        }
    }
    eprintln!(
        "eye potential, every α: {cases} cases ({alive} alive), {exact_checked} against the \
         exact solver, {differ} with other node counts; nodes {nodes_plain} plain, \
         {nodes_eyes} with eye potential"
    );
    assert!(
        cases > 100 && exact_checked > 20,
        "{cases} / {exact_checked}"
    );
    assert!(alive > 20 && alive < cases, "{alive} of {cases} alive");
    assert!(
        differ * 10 > cases,
        "only {differ} of {cases} searched otherwise"
    );
}

#[test]
fn under_the_ko_rule_eye_potential_matches_the_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut cases = 0;
    for _ in 0..30 {
        for board in &room_boards() {
            let Some((p0, x)) = random_position(&mut rng, board, &zone_fill(Color::White)) else {
                continue;
            };
            let p = maybe_after_a_capture(&mut rng, p0.with_ko_rule(true), x, |_, _| 0);
            let empties = board.points().filter(|&q| p.is_empty_at(q)).count();
            if empties > 6 {
                continue;
            }
            for alpha in 0..=4u32 {
                let opts = eyes(
                    &Options {
                        depth: alpha,
                        want_tree: true,
                        ..Options::default()
                    },
                    false,
                );
                let e = solve(&p, x, &opts).unwrap();
                let expected = reference::can_kill(&p, x, alpha);
                assert_eq!(e.verdict == Verdict::Dead, expected, "α={alpha}\n{p:?}");
                let tree = e.tree.as_ref().expect("a tree");
                tsume_proof::check(&p, x, tree).unwrap_or_else(|err| panic!("{err}\n{p:?}"));
                cases += 1;
            }
        }
    }
    eprintln!("eye potential under the ko rule: {cases} cases against the reference");
    assert!(cases > 200, "only {cases} cases");
}
