//! Safety under alternating play (`tsume_board::safety`, docs/design/safety.md) against
//! the exact solver: every stone the test calls safe is alive for every α, the attacker
//! to move and the defender to move, without a ko rule and under the basic ko rule; the
//! fast path agrees with the plain one; and the test accepts positions Benson's does not.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::benson::is_unconditionally_alive;
use tsume_board::safety::{is_safely_alive, safe_zone, safely_alive_plain};
use tsume_board::{Board, Color, Configuration, Position};
use tsume_prove::exact;

/// The cap on the exact solver's positions for one question.
const CAP: usize = 300_000;

/// What one position gave: stones called safe, of them not Benson-alive, and of those
/// confirmed alive by the exact solver (all four questions answered).
#[derive(Default, Debug)]
struct Counts {
    safe: usize,
    beyond_benson: usize,
    confirmed: usize,
}

/// Checks every stone of `p`: fast path = plain path; a safe stone is alive by the exact
/// solver (attacker and defender to move, no ko and basic ko) whenever the solver fits
/// (stones beyond Benson's: Benson's own are held to a brute force in tsume-board)
/// in [`CAP`]; a Benson-alive stone is safe; the zone exists exactly when safe.
fn check(p: &Position, counts: &mut Counts) {
    for x in p.board().points() {
        let Some(defender) = p.color(x) else { continue };
        let safe = is_safely_alive(p, x);
        assert_eq!(
            safe,
            safely_alive_plain(p, x),
            "fast and plain differ at {x:?}\n{p:?}"
        );
        assert_eq!(safe, safe_zone(p, x).is_some(), "zone at {x:?}\n{p:?}");
        if is_unconditionally_alive(p, x) {
            assert!(safe, "Benson-alive but not safe at {x:?}\n{p:?}");
        }
        if !safe {
            continue;
        }
        counts.safe += 1;
        // The zone: any one point outside it changed (to any legal contents) keeps the
        // stone safe.
        let zone = safe_zone(p, x).unwrap();
        let config = p.configuration();
        for q in p.board().points().filter(|q| !zone.contains(q)) {
            for c in [None, Some(Color::Black), Some(Color::White)] {
                let mut changed = config.clone();
                changed.set(q, c);
                if let Ok(r) = Position::new(p.board().clone(), &changed, p.to_move()) {
                    assert!(
                        is_safely_alive(&r, x),
                        "{q:?} outside the zone of {x:?} changed\n{p:?}\n{r:?}"
                    );
                }
            }
        }
        // Benson-alive stones are held to a brute force in tsume-board's own tests.
        if is_unconditionally_alive(p, x) {
            continue;
        }
        counts.beyond_benson += 1;
        let mut all = true;
        for ko in [false, true] {
            for mover in [defender.opponent(), defender] {
                let q = p.with_ko_rule(ko).with_to_move(mover);
                match exact::kill_rank(&q, x, CAP) {
                    Ok(rank) => assert_eq!(
                        rank, None,
                        "safe but killed (ko {ko}, {mover:?} to move) at {x:?}\n{q:?}"
                    ),
                    Err(_) => all = false,
                }
            }
        }
        if all {
            counts.confirmed += 1;
        }
    }
}

/// Every configuration of small grids: sound, fast = plain.
#[test]
fn exhaustive_small_grids_are_sound() {
    for (w, h) in [(1u32, 7u32), (2, 3), (2, 4), (3, 3)] {
        let board = Arc::new(Board::grid(w, h).unwrap());
        let mut counts = Counts::default();
        for config in tsume_board::naive::all_configurations(board.len()) {
            if let Ok(p) = Position::new(board.clone(), &config, Color::Black) {
                check(&p, &mut counts);
            }
        }
        eprintln!("{w}x{h}: {counts:?}");
        assert!(counts.safe > 0, "{w}x{h}: the test never fired");
        // Every stone beyond Benson's was within the exact solver's reach.
        assert_eq!(counts.confirmed, counts.beyond_benson, "{w}x{h}");
        if w * h >= 8 {
            // 2x4: 392 stones, 3x3: 1 712 (docs/design/safety.md).
            assert!(counts.beyond_benson > 0, "{w}x{h}: never beyond Benson");
        }
    }
}

/// Random dense positions of a 5x4 grid, where eyes larger than a point appear.
fn arb_grid_position() -> impl Strategy<Value = Position> {
    proptest::collection::vec(0u8..9, 20).prop_filter_map("illegal configuration", |cells| {
        let board = Arc::new(Board::grid(5, 4).unwrap());
        let cells: Vec<Option<Color>> = cells
            .into_iter()
            .map(|v| match v {
                0..=2 => None,
                3..=6 => Some(Color::White),
                _ => Some(Color::Black),
            })
            .collect();
        Position::new(board, &Configuration::from_cells(cells), Color::Black).ok()
    })
}

/// Random graphs of up to 9 points (Benson's own property test's shape).
fn arb_graph_position() -> impl Strategy<Value = Position> {
    (2usize..=9)
        .prop_flat_map(|n| {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            let m = pairs.len();
            (
                Just(pairs),
                proptest::collection::vec(prop::bool::weighted(0.35), m),
                proptest::collection::vec(0u8..5, n),
            )
        })
        .prop_map(|(pairs, keep, cells)| {
            let n = cells.len();
            let edges: Vec<(usize, usize)> = pairs
                .into_iter()
                .zip(keep)
                .filter(|(_, k)| *k)
                .map(|(e, _)| e)
                .collect();
            let names = (0..n).map(|i| format!("p{i}")).collect();
            let board = Arc::new(Board::from_edges(names, &edges).unwrap());
            let cells: Vec<Option<Color>> = cells
                .into_iter()
                .map(|v| match v {
                    0 | 1 => None,
                    2 | 3 => Some(Color::Black),
                    _ => Some(Color::White),
                })
                .collect();
            (board, Configuration::from_cells(cells))
        })
        .prop_filter_map("illegal configuration", |(board, config)| {
            Position::new(board, &config, Color::Black).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]
    #[test]
    fn random_grid_positions_are_sound(p in arb_grid_position()) {
        check(&p, &mut Counts::default());
    }

    #[test]
    fn random_graph_positions_are_sound(p in arb_graph_position()) {
        check(&p, &mut Counts::default());
    }
}

mod common;

use common::{random_position, Fill, Rng};
use tsume_proof::{Leaf, Tree};
use tsume_prove::{solve, Options, Tuning, Verdict};

/// Each node's position, replayed along the first edge into it.
fn positions(root: &Position, tree: &Tree) -> Vec<Option<Position>> {
    let mut out: Vec<Option<Position>> = vec![None; tree.nodes.len()];
    out[0] = Some(root.clone());
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(v) = queue.pop_front() {
        let p = out[v].clone().unwrap();
        for &(m, c) in &tree.nodes[v].children {
            if out[c].is_none() {
                out[c] = Some(p.play(m));
                queue.push_back(c);
            }
        }
    }
    out
}

/// `--safe-leaves` against the plain search and the exact solver on random small
/// boards: the same verdicts, every tree accepted by the checker, `safe` leaves written
/// where Benson's test fails, and a tree with a node turned into a `safe` leaf where the
/// target is not safe refused; the JSON trees read back with their `safe` leaves.
#[test]
fn safe_leaves_agree_with_the_plain_search_and_the_checker() {
    let boards: Vec<Arc<Board>> = [(4u32, 3u32), (5, 3), (4, 4), (5, 4)]
        .into_iter()
        .map(|(w, h)| Arc::new(Board::grid(w, h).unwrap()))
        .collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut cases, mut exact_checked, mut safe_leaves, mut refused) = (0, 0, 0, 0);
    let (mut nodes_plain, mut nodes_safe) = (0u64, 0u64);
    for _ in 0..25 {
        for board in &boards {
            let to_move = rng.color();
            let fill = Fill {
                percent: 45,
                spread: 30,
                to_move: Some(to_move),
                max_empty: usize::MAX,
            };
            let Some((p, x)) = random_position(&mut rng, board, &fill) else {
                continue;
            };
            let plain = Options {
                want_tree: true,
                ..Options::default()
            };
            let safe = Options {
                tuning: Tuning {
                    safe_leaves: true,
                    ..Tuning::default()
                },
                ..plain.clone()
            };
            let a = solve(&p, x, &plain).unwrap();
            let s = solve(&p, x, &safe).unwrap();
            if a.verdict == Verdict::Unknown || s.verdict == Verdict::Unknown {
                continue;
            }
            cases += 1;
            assert_eq!(a.verdict, s.verdict, "{p:?}");
            nodes_plain += a.stats.nodes;
            nodes_safe += s.stats.nodes;
            if let Ok(rank) = exact::kill_rank(&p, x, 100_000) {
                let alpha = tsume_prove::default_depth(&p);
                assert_eq!(
                    s.verdict == Verdict::Dead,
                    rank.is_some_and(|k| alpha + 1 >= k),
                    "{p:?}"
                );
                exact_checked += 1;
            }
            let Some(tree) = s.tree.as_ref().or(s.survives_tree.as_ref()) else {
                continue;
            };
            tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
            let n_safe = tree
                .nodes
                .iter()
                .filter(|n| n.leaf == Some(Leaf::Safe))
                .count();
            safe_leaves += n_safe;
            if n_safe > 0 {
                let json = tsume_proof::to_json(&p, x, tree);
                let back = tsume_proof::from_json(&json).unwrap();
                assert_eq!(&back.tree, tree);
            }
            // Mutation: an inner node of a disproof made a `safe` leaf where the target
            // is not safe.
            if s.verdict == Verdict::Alive {
                let pos = positions(&p, tree);
                let victim = (0..tree.nodes.len()).find(|&v| {
                    !tree.nodes[v].children.is_empty()
                        && pos[v]
                            .as_ref()
                            .is_some_and(|q| !tsume_board::safety::is_safely_alive(q, x))
                });
                if let Some(v) = victim {
                    let mut bad = tree.clone();
                    bad.nodes[v].children.clear();
                    bad.nodes[v].leaf = Some(Leaf::Safe);
                    assert!(tsume_proof::check(&p, x, &bad).is_err(), "{p:?}");
                    refused += 1;
                }
            }
        }
    }
    eprintln!(
        "{cases} cases, {exact_checked} against the exact solver, {safe_leaves} safe leaves, \
         {refused} mutated trees refused; nodes {nodes_plain} plain, {nodes_safe} with safe leaves"
    );
    assert!(
        cases >= 50 && exact_checked >= 20,
        "{cases} {exact_checked}"
    );
    assert!(safe_leaves > 0, "no safe leaf written");
    assert!(refused > 0, "no mutation tried");
}

/// Two-way regions (docs/design/safety.md, definition 5) on random boards large enough
/// for two pockets in one region: every stone they add to the safe ones (safe with them,
/// not without) is alive by the exact solver for both players to move, without and with
/// the basic ko rule, whenever the solver fits in [`CAP`]; fast = plain on every stone.
#[test]
fn two_way_regions_are_sound_on_random_boards() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut positions, mut added, mut confirmed, mut safe_before) = (0, 0, 0, 0);
    for (w, h) in [(5u32, 4u32), (6, 3), (6, 4), (7, 3)] {
        let board = Arc::new(Board::grid(w, h).unwrap());
        for _ in 0..4000 {
            // Dense (at most 9 empty points) so that the exact solver fits.
            let cells: Vec<Option<Color>> = (0..board.len())
                .map(|_| match rng.below(100) {
                    0..=54 => Some(Color::White),
                    55..=69 => Some(Color::Black),
                    _ => None,
                })
                .collect();
            if cells.iter().filter(|c| c.is_none()).count() > 9 {
                continue;
            }
            let Ok(p) = Position::new(
                Arc::clone(&board),
                &Configuration::from_cells(cells),
                Color::Black,
            ) else {
                continue;
            };
            positions += 1;
            let with = tsume_board::safety::safe_stones(&p, Color::White, true);
            let without = tsume_board::safety::safe_stones(&p, Color::White, false);
            for x in board.points() {
                assert!(with[x.index()] || !without[x.index()], "{x:?}\n{p:?}");
                if p.color(x) != Some(Color::White) {
                    continue;
                }
                assert_eq!(is_safely_alive(&p, x), with[x.index()], "{x:?}\n{p:?}");
                assert_eq!(safely_alive_plain(&p, x), with[x.index()], "{x:?}\n{p:?}");
                safe_before += usize::from(without[x.index()]);
                if !with[x.index()] || without[x.index()] {
                    continue;
                }
                added += 1;
                let mut all = true;
                for ko in [false, true] {
                    for mover in [Color::Black, Color::White] {
                        let q = p.with_ko_rule(ko).with_to_move(mover);
                        match exact::kill_rank(&q, x, CAP) {
                            Ok(rank) => assert_eq!(
                                rank, None,
                                "two-way but killed (ko {ko}, {mover:?} to move) at {x:?}\n{q:?}"
                            ),
                            Err(_) => all = false,
                        }
                    }
                }
                confirmed += usize::from(all);
            }
        }
    }
    eprintln!(
        "{positions} positions: {safe_before} stones safe without two-way regions, \
         {added} more with them, {confirmed} of those confirmed by the exact solver"
    );
    assert!(added > 0, "two-way regions never fired");
    assert!(
        confirmed > 0,
        "no two-way stone within the exact solver's reach"
    );
}

/// A two-way region by hand (found by the random test above): White's group has the eye
/// C4, and its region B2–D2, D1–F1, F2–F4, E4 holds two disjoint ways to make a second
/// eye: C2 closes B2, F3 closes E4–F4. Safe with two-way regions only, alive by the exact
/// solver in all four questions; with Black's stone at B2 (one way gone) not safe. The
/// checker accepts a `safe` leaf on the first and refuses it on the second.
#[test]
fn two_way_example_by_hand() {
    let diagram = |row2: &str| format!("O O . O . .\nO O O O O .\n{row2}\nO O O X . X");
    let p = Position::from_diagram(&diagram("O . . . O ."), Color::Black).unwrap();
    let x = p.board().parse_point("A1").unwrap();
    assert_eq!(p.color(x), Some(Color::White));
    assert!(is_safely_alive(&p, x) && safely_alive_plain(&p, x));
    assert!(!tsume_board::safety::safe_stones(&p, Color::White, false)[x.index()]);
    assert!(!is_unconditionally_alive(&p, x));
    for ko in [false, true] {
        for mover in [Color::Black, Color::White] {
            let q = p.with_ko_rule(ko).with_to_move(mover);
            assert_eq!(exact::kill_rank(&q, x, CAP), Ok(None), "ko {ko}, {mover:?}");
        }
    }
    let leaf = Tree {
        claim: tsume_proof::Claim::Alive,
        nodes: vec![tsume_proof::TreeNode {
            remaining: None,
            children: Vec::new(),
            leaf: Some(Leaf::Safe),
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        }],
    };
    tsume_proof::check(&p, x, &leaf).unwrap();
    let filled = Position::from_diagram(&diagram("O X . . O ."), Color::Black).unwrap();
    assert!(!is_safely_alive(&filled, x) && !safely_alive_plain(&filled, x));
    let err = tsume_proof::check(&filled, x, &leaf).unwrap_err();
    assert_eq!(err.kind, tsume_proof::CheckErrorKind::NotSafe);
}
