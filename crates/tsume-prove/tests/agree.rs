//! df-pn, the paper's procedure and the exact fixpoint agree on random small positions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use tsume_board::{Board, Color, Point, Position};
use tsume_prove::{exact, reference, solve, Options, Tuning, Verdict};

mod common;

use common::{maybe_after_a_capture, random_position, Fill, Rng};

/// Stones on 30 to 79 % of the points, either player to move.
const FILL: Fill = Fill {
    percent: 30,
    spread: 50,
    to_move: None,
    max_empty: usize::MAX,
};

/// Mixes `TSUME_SOAK_SEED` into the random cases' generator, once the boards are made
/// (so the boards, and what the tests assert about them, stay those of CI). CI runs each
/// test with its own fixed seed; a longer soak run (not in CI) sets `TSUME_SOAK_SEED` (each
/// value a new set of cases) and `TSUME_SOAK_ROUNDS` (rounds multiplied), e.g.
/// `TSUME_SOAK_SEED=7 TSUME_SOAK_ROUNDS=10 cargo test --release -p tsume-prove --test agree`.
fn soak(rng: &mut Rng) {
    let seed = env_number("TSUME_SOAK_SEED").unwrap_or(0);
    // xorshift needs a non-zero state.
    rng.0 = (rng.0 ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)).max(1);
}

/// `n` rounds, times `TSUME_SOAK_ROUNDS` when set (see [`soak`]).
fn rounds(n: u64) -> u64 {
    n * env_number("TSUME_SOAK_ROUNDS").unwrap_or(1).max(1)
}

/// The number an environment variable holds, if set and a number.
fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

fn random_graph(rng: &mut Rng, n: usize) -> Board {
    // A random spanning tree plus a few extra edges: connected, simple.
    let mut edges = Vec::new();
    for i in 1..n {
        edges.push((rng.below(i as u64) as usize, i));
    }
    for _ in 0..n / 2 {
        let a = rng.below(n as u64) as usize;
        let b = rng.below(n as u64) as usize;
        if a != b && !edges.contains(&(a, b)) && !edges.contains(&(b, a)) {
            edges.push((a, b));
        }
    }
    let names = (0..n).map(|i| format!("p{i}")).collect();
    Board::from_edges(names, &edges).unwrap()
}

fn boards(rng: &mut Rng) -> Vec<Arc<Board>> {
    let mut out = vec![
        Board::line(5).unwrap(),
        Board::line(7).unwrap(),
        Board::line(9).unwrap(),
        Board::grid(2, 3).unwrap(),
        Board::grid(2, 4).unwrap(),
        Board::grid(3, 3).unwrap(),
        Board::grid(3, 4).unwrap(),
        Board::grid_with_diagonals(3, 3).unwrap(),
        Board::line(12).unwrap(),
        Board::grid(2, 6).unwrap(),
    ];
    for n in [6, 8, 10, 12] {
        out.push(random_graph(rng, n));
    }
    // Graphs built with twins (points of one neighbourhood), which the search's table
    // treats as interchangeable: K(2,4) with a tail, and a triangle of true twins on a path.
    let names = |n: usize| (0..n).map(|i| format!("p{i}")).collect::<Vec<_>>();
    let mut k24: Vec<(usize, usize)> = Vec::new();
    for a in 0..2 {
        for b in 2..6 {
            k24.push((a, b));
        }
    }
    k24.extend([(5, 6), (6, 7)]);
    out.push(Board::from_edges(names(8), &k24).unwrap());
    let tri = [
        (0, 1),
        (1, 2),
        (2, 0),
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 6),
    ];
    out.push(Board::from_edges(names(7), &tri).unwrap());
    let with_twins = out.iter().filter(|b| !b.twin_classes().is_empty()).count();
    assert!(with_twins >= 4, "only {with_twins} boards with twins");
    out.into_iter().map(Arc::new).collect()
}

/// A random position and target with its kill rank from the exact solver (None when
/// no position was made or the exact solver ran out of its budget).
fn random_case(rng: &mut Rng, board: &Arc<Board>) -> Option<(Position, Point, Option<u32>)> {
    let (p, x) = random_position(rng, board, &FILL)?;
    let rank = exact::kill_rank(&p, x, 30_000).ok()?;
    Some((p, x, rank))
}

/// Whether an answer found without limits says dead (it never says unknown then).
fn killed(a: &tsume_prove::Answer) -> bool {
    match a.verdict {
        Verdict::Dead => true,
        Verdict::Alive => false,
        Verdict::Unknown => panic!("unknown without limits: {:?}", a.reason),
    }
}

fn empties(p: &Position) -> usize {
    p.board().points().filter(|&q| p.is_empty_at(q)).count()
}

#[test]
fn dfpn_matches_exact_and_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let boards = boards(&mut rng);
    soak(&mut rng);
    let mut checked = 0;
    let mut dead = 0;
    let mut reference_checked = 0;
    let mut trees = 0;
    let mut plain_checked = 0;
    let mut recorded_checked = 0;
    let mut ko_checked = 0;
    for round in 0..rounds(40) {
        for board in &boards {
            let Some((p, x, rank)) = random_case(&mut rng, board) else {
                continue;
            };
            for alpha in 0..=8u32 {
                let expected = rank.is_some_and(|k| alpha + 1 >= k);
                let opts = Options {
                    depth: alpha,
                    want_tree: alpha % 3 == 0,
                    ..Options::default()
                };
                let a = solve(&p, x, &opts).unwrap();
                let got = killed(&a);
                assert_eq!(
                    got,
                    expected,
                    "α={alpha} rank={rank:?} target {}\n{p:?}",
                    board.name(x)
                );
                // Every proof and disproof passes the independent checker, and claims
                // what the answer says for this bound.
                if let Some(tree) = &a.tree {
                    tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
                    let root = tree.nodes[0].remaining;
                    if got {
                        assert_eq!(tree.claim, tsume_proof::Claim::Dead);
                        assert!(root.is_some_and(|r| r <= alpha + 1));
                    } else {
                        assert_eq!(tree.claim, tsume_proof::Claim::Alive);
                        assert!(root.is_none_or(|r| r > alpha));
                    }
                    trees += 1;
                } else if alpha % 3 == 0 {
                    panic!("no tree: {:?}", a.reason);
                }
                // The plain loop (every child probed at every iteration) agrees.
                if alpha % 4 == 1 {
                    let plain = Options {
                        tuning: Tuning {
                            reprobe_all: true,
                            ..opts.tuning.clone()
                        },
                        ..opts.clone()
                    };
                    assert_eq!(solve(&p, x, &plain).unwrap().verdict, a.verdict);
                    plain_checked += 1;
                }
                // Successors made by recorded play and undo, as on large boards, instead
                // of a copy per move: the same search, node for node.
                if alpha % 4 == 2 {
                    let recorded = Options {
                        tuning: Tuning {
                            record_moves_from: 0,
                            ..opts.tuning.clone()
                        },
                        ..opts.clone()
                    };
                    let b = solve(&p, x, &recorded).unwrap();
                    assert_eq!(
                        (b.verdict, b.stats.nodes),
                        (a.verdict, a.stats.nodes),
                        "recorded moves α={alpha}\n{p:?}"
                    );
                    recorded_checked += 1;
                }
                // The search that also tries the ko captures the defender retakes at
                // once agrees, wherever some were left out.
                if a.stats.ko_captures_skipped > 0 {
                    let plain = Options {
                        tuning: Tuning {
                            ko_captures: true,
                            ..opts.tuning.clone()
                        },
                        ..opts.clone()
                    };
                    let b = solve(&p, x, &plain).unwrap();
                    assert_eq!(b.verdict, a.verdict, "ko captures α={alpha}\n{p:?}");
                    ko_checked += 1;
                }
                if a.verdict == Verdict::Alive && a.exact {
                    assert_eq!(rank, None, "Benson said alive for every α\n{p:?}");
                }
                // The paper's procedure, where it is cheap enough.
                let e = empties(&p) as u32;
                if (e <= 4 || (e <= 6 && alpha <= 4)) && round % 2 == 0 {
                    assert_eq!(
                        reference::can_kill(&p, x, alpha),
                        expected,
                        "reference α={alpha}\n{p:?}"
                    );
                    reference_checked += 1;
                }
                checked += 1;
                dead += usize::from(expected);
            }
            // Large α: df-pn against the rank itself.
            let a = solve(
                &p,
                x,
                &Options {
                    depth: 40,
                    ..Options::default()
                },
            )
            .unwrap();
            assert_eq!(a.verdict == Verdict::Dead, rank.is_some_and(|k| k <= 41));
            // The kill found is a kill: no faster than the least one, and within α + 1.
            if let Some(k) = a.kill_plies {
                let least = rank.unwrap();
                assert!(k >= least && k <= 41, "kill in {k}, rank {least}\n{p:?}");
            }
        }
    }
    eprintln!(
        "checked {checked} dead {dead} reference {reference_checked} trees {trees} \
         ko {ko_checked}"
    );
    assert!(trees > 1000, "{trees} trees checked");
    assert!(
        ko_checked > 100,
        "ko captures left out in only {ko_checked} cases"
    );
    assert!(
        plain_checked > 500 && recorded_checked > 500,
        "the plain loop ran {plain_checked} times, the recorded moves {recorded_checked}"
    );
    assert!(checked > 3000, "only {checked} cases");
    assert!(
        dead > checked / 10 && dead < checked * 9 / 10,
        "{dead} of {checked} dead"
    );
    assert!(
        reference_checked > 500,
        "reference ran {reference_checked} times"
    );
}

#[test]
fn corrupted_trees_are_rejected() {
    // A proof with its killing move replaced, and a disproof with a defender reply
    // removed, fail the checker.
    let p = Position::from_diagram(". . o . x .", Color::Black).unwrap();
    let x = p.board().parse_point("C1").unwrap();
    let mut rejected = 0;
    for alpha in [2u32, 4, 6] {
        let a = solve(
            &p,
            x,
            &Options {
                depth: alpha,
                want_tree: true,
                ..Options::default()
            },
        )
        .unwrap();
        let tree = a.tree.unwrap();
        tsume_proof::check(&p, x, &tree).unwrap();
        // Flip the claim.
        let mut flipped = tree.clone();
        flipped.claim = match tree.claim {
            tsume_proof::Claim::Dead => tsume_proof::Claim::Alive,
            tsume_proof::Claim::Alive | tsume_proof::Claim::NeverUnconditional => {
                tsume_proof::Claim::Dead
            }
        };
        assert!(tsume_proof::check(&p, x, &flipped).is_err());
        // Drop a child of the first node that has several.
        if let Some(i) = tree.nodes.iter().position(|n| n.children.len() > 1) {
            let mut cut = tree.clone();
            cut.nodes[i].children.pop();
            assert!(tsume_proof::check(&p, x, &cut).is_err());
            rejected += 1;
        }
        // Change a move of the first node with one child to another legal move.
        if let Some(i) = tree.nodes.iter().position(|n| n.children.len() == 1) {
            let mut wrong = tree.clone();
            let (m, j) = wrong.nodes[i].children[0];
            let other = p
                .board()
                .points()
                .map(tsume_board::Move::Play)
                .find(|&o| o != m);
            wrong.nodes[i].children[0] = (other.unwrap(), j);
            assert!(tsume_proof::check(&p, x, &wrong).is_err());
            rejected += 1;
        }
    }
    assert!(rejected >= 3);
}

/// Iterative deepening on the bound ([`Tuning::deepen`]) and one search at α agree with each
/// other and with the exact fixpoint on random small positions, at bounds where several
/// iterations run; trees pass the checker and claim what the answer says for α; the
/// winning first moves are the same.
#[test]
fn deepening_matches_one_search() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let boards = boards(&mut rng);
    soak(&mut rng);
    let mut compared = 0;
    let mut closed_early = 0;
    let mut exact_differs = 0;
    for _round in 0..rounds(12) {
        for board in &boards {
            let Some((p, x, rank)) = random_case(&mut rng, board) else {
                continue;
            };
            for alpha in [9u32, 15, 24, 40] {
                // (The bounded search alone: the unbounded search first would settle
                // most of these before any iteration.)
                let on = Options {
                    depth: alpha,
                    want_tree: true,
                    all_moves: alpha == 15,
                    tuning: Tuning {
                        deepen: true,
                        unbounded: false,
                        ..Tuning::default()
                    },
                    ..Options::default()
                };
                let off = Options {
                    tuning: Tuning {
                        deepen: false,
                        ..on.tuning.clone()
                    },
                    ..on.clone()
                };
                let a = solve(&p, x, &on).unwrap();
                let b = solve(&p, x, &off).unwrap();
                let expected = rank.is_some_and(|k| alpha + 1 >= k);
                let what = format!("α={alpha} rank={rank:?} target {}\n{p:?}", board.name(x));
                assert_eq!(a.verdict == Verdict::Dead, expected, "{what}");
                assert_eq!(a.verdict, b.verdict, "{what}");
                if a.verdict == Verdict::Alive && a.exact {
                    assert_eq!(rank, None, "{what}");
                }
                if a.exact != b.exact {
                    // Both sides are checked; the closure is a heuristic search that may
                    // close from one table and not from the other.
                    exact_differs += 1;
                }
                if a.all_moves {
                    let mut ma: Vec<String> = a.moves.iter().map(|m| format!("{m:?}")).collect();
                    let mut mb: Vec<String> = b.moves.iter().map(|m| format!("{m:?}")).collect();
                    ma.sort();
                    mb.sort();
                    assert_eq!(ma, mb, "{what}");
                }
                if let Some(k) = a.kill_plies {
                    assert!(k >= rank.unwrap() && k <= alpha + 1, "kill in {k}: {what}");
                }
                let tree = a.tree.as_ref().unwrap_or_else(|| panic!("no tree: {what}"));
                tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}: {what}"));
                let root = tree.nodes[0].remaining;
                if expected {
                    assert_eq!(tree.claim, tsume_proof::Claim::Dead);
                    assert!(root.is_some_and(|r| r <= alpha + 1), "{what}");
                } else {
                    assert_eq!(tree.claim, tsume_proof::Claim::Alive);
                    assert!(root.is_none_or(|r| r > alpha), "{what}");
                }
                if a.exact && !b.exact {
                    closed_early += 1;
                }
                compared += 1;
            }
        }
    }
    eprintln!("compared {compared}, exact only with deepening {closed_early}, exactness differs {exact_differs}");
    assert!(compared > 500, "only {compared} cases");
    assert!(
        exact_differs * 20 <= compared,
        "exactness differs in {exact_differs} of {compared}"
    );
}

#[test]
fn an_unknown_answer_reports_only_what_a_smaller_bound_proved() {
    // Budgets too small for α: when the answer is unknown but an earlier iteration of
    // deepening disproved the root for h plies, `survives` says so, the exact fixpoint
    // agrees (no kill within h plies), and the checker accepts the disproof for h plies.
    // With the unbounded search first (the default) and without it: the first leaves
    // the bounded search half the nodes, so fewer tiny budgets reach a partial result.
    let mut rng = Rng(0x51f1_5eed_0dd5_a11e);
    let boards = boards(&mut rng);
    soak(&mut rng);
    let mut reported = [0usize; 2];
    let mut unknown = [0usize; 2];
    for round in 0..rounds(100) {
        for board in &boards {
            let Some((p, x, rank)) = random_case(&mut rng, board) else {
                continue;
            };
            for (i, unbounded) in [false, true].into_iter().enumerate() {
                let alpha = 40;
                let opts = Options {
                    depth: alpha,
                    want_tree: true,
                    tuning: Tuning {
                        unbounded,
                        ..Tuning::default()
                    },
                    limits: tsume_prove::Limits {
                        max_nodes: Some(20 + 30 * (round % 10)),
                        ..tsume_prove::Limits::default()
                    },
                    ..Options::default()
                };
                let a = solve(&p, x, &opts).unwrap();
                let what = format!(
                    "unbounded {unbounded} rank={rank:?} target {}\n{p:?}",
                    board.name(x)
                );
                if a.verdict != Verdict::Unknown {
                    assert_eq!(a.survives, None, "{what}");
                    continue;
                }
                unknown[i] += 1;
                let Some(h) = a.survives else {
                    assert!(a.survives_tree.is_none(), "{what}");
                    continue;
                };
                assert!(h > 0 && h < alpha + 1, "survives {h}: {what}");
                assert!(rank.is_none_or(|k| k > h), "survives {h}: {what}");
                let tree = a
                    .survives_tree
                    .as_ref()
                    .unwrap_or_else(|| panic!("no tree: {what}"));
                tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}: {what}"));
                assert_eq!(tree.claim, tsume_proof::Claim::Alive, "{what}");
                assert!(tree.nodes[0].remaining.is_none_or(|r| r >= h), "{what}");
                reported[i] += 1;
            }
        }
    }
    eprintln!(
        "unknown {unknown:?}, with a partial result {reported:?} (bounded only, unbounded first)"
    );
    assert!(
        reported[0] >= 20 && reported[1] >= 10,
        "only {reported:?} partial results in {unknown:?} unknowns"
    );
}

/// The search without a depth bound first ([`Tuning::unbounded`], the default) and the
/// bounded search alone agree with each other and with the exact fixpoint on random small
/// positions, at small and large α; the unbounded phase settles many of them by itself
/// (its kills are exact; its survivals only count once closed and checked) and hands the
/// others to the bounded search, and every tree passes the checker.
#[test]
fn the_unbounded_search_first_agrees_with_the_bounded_search_alone() {
    let mut rng = Rng(0x0dd_b1a5_7e11_c0de);
    let boards = boards(&mut rng);
    soak(&mut rng);
    let mut compared = 0;
    let mut settled = 0;
    let mut handed_over = 0;
    let mut kills_settled = 0;
    let mut lives_settled = 0;
    let mut orders_differ = 0;
    for _round in 0..rounds(12) {
        for board in &boards {
            let Some((p, x, rank)) = random_case(&mut rng, board) else {
                continue;
            };
            for alpha in [2u32, 7, 15, 40] {
                let on = Options {
                    depth: alpha,
                    want_tree: true,
                    tuning: Tuning {
                        unbounded: true,
                        ..Tuning::default()
                    },
                    ..Options::default()
                };
                let off = Options {
                    tuning: Tuning {
                        unbounded: false,
                        ..on.tuning.clone()
                    },
                    ..on.clone()
                };
                // The defender's moves in the liberty order of the first versions.
                let liberties = Options {
                    tuning: Tuning {
                        learned_order: false,
                        ..on.tuning.clone()
                    },
                    ..on.clone()
                };
                let a = solve(&p, x, &on).unwrap();
                let b = solve(&p, x, &off).unwrap();
                let c = solve(&p, x, &liberties).unwrap();
                let expected = rank.is_some_and(|k| alpha + 1 >= k);
                let what = format!("α={alpha} rank={rank:?} target {}\n{p:?}", board.name(x));
                assert_eq!(a.verdict == Verdict::Dead, expected, "{what}");
                assert_eq!(a.verdict, b.verdict, "{what}");
                assert_eq!(c.verdict, a.verdict, "{what}");
                let c_tree = c.tree.as_ref().unwrap_or_else(|| panic!("no tree: {what}"));
                tsume_proof::check(&p, x, c_tree).unwrap_or_else(|e| panic!("{e}: {what}"));
                orders_differ += usize::from(c.stats.nodes != a.stats.nodes);
                assert_eq!(b.stats.unbounded_calls, 0, "{what}");
                if a.verdict == Verdict::Alive && a.exact {
                    assert_eq!(rank, None, "{what}");
                }
                if let Some(k) = a.kill_plies {
                    assert!(k >= rank.unwrap() && k <= alpha + 1, "kill in {k}: {what}");
                }
                let tree = a.tree.as_ref().unwrap_or_else(|| panic!("no tree: {what}"));
                tsume_proof::check(&p, x, tree).unwrap_or_else(|e| panic!("{e}: {what}"));
                assert_eq!(tree.claim == tsume_proof::Claim::Dead, expected, "{what}");
                // The root's own call (the first) settled it, or the bounded search did.
                if a.settled_unbounded {
                    settled += 1;
                    if expected {
                        kills_settled += 1;
                    } else {
                        lives_settled += 1;
                    }
                } else if a.stats.unbounded_calls > 0 {
                    handed_over += 1;
                }
                compared += 1;
            }
        }
    }
    eprintln!(
        "compared {compared}: settled without a bound {settled} ({kills_settled} kills, \
         {lives_settled} lives), handed over {handed_over}"
    );
    assert!(compared > 500, "only {compared} cases");
    // The learned order changes the search, not its verdicts.
    assert!(
        orders_differ > 0,
        "the learned order never changed a search"
    );
    eprintln!("the learned order changed the nodes of {orders_differ} searches");
    assert!(
        kills_settled > 50 && lives_settled > 50,
        "{kills_settled} kills, {lives_settled} lives settled"
    );
    assert!(
        handed_over > 20,
        "the bounded search took over only {handed_over} times"
    );
}

/// Under the basic ko rule (`Position::with_ko_rule`), df-pn agrees with the paper's
/// procedure run on the same positions (whose successors and D₀ then follow the rule),
/// its trees pass the checker under the rule, and the rule changes some verdicts.
#[test]
fn dfpn_under_the_ko_rule_matches_the_reference() {
    let mut rng = Rng(0x51ed_270b_2791_83a5);
    let boards = boards(&mut rng);
    soak(&mut rng);
    let (mut checked, mut dead, mut differ, mut banned_roots, mut trees) = (0, 0, 0, 0, 0);
    for _round in 0..rounds(60) {
        for board in &boards {
            let Some((p0, x)) = random_position(&mut rng, board, &FILL) else {
                continue;
            };
            // Half the time, start just after a capture of one stone (a ban, if a ko).
            let p = maybe_after_a_capture(&mut rng, p0.with_ko_rule(true), x, |r, n| {
                r.below(n as u64) as usize
            });
            banned_roots += usize::from(p.ko_ban().is_some());
            let e = empties(&p) as u32;
            if e > 6 {
                continue;
            }
            for alpha in 0..=4u32 {
                let expected = reference::can_kill(&p, x, alpha);
                let opts = Options {
                    depth: alpha,
                    want_tree: true,
                    ..Options::default()
                };
                let a = solve(&p, x, &opts).unwrap();
                let got = killed(&a);
                assert_eq!(
                    got,
                    expected,
                    "ko rule α={alpha} target {}\n{p:?} ban {:?}",
                    board.name(x),
                    p.ko_ban()
                );
                if let Some(tree) = &a.tree {
                    tsume_proof::check(&p, x, tree)
                        .unwrap_or_else(|e| panic!("{e}\n{p:?} ban {:?}", p.ko_ban()));
                    trees += 1;
                }
                let free = solve(&p.with_ko_rule(false), x, &opts).unwrap();
                if free.verdict != a.verdict {
                    differ += 1;
                    // The rule's tree does not prove its claim without the rule.
                    let tree = a.tree.as_ref().unwrap();
                    assert!(
                        tsume_proof::check(&p.with_ko_rule(false), x, tree).is_err(),
                        "a tree made under the ko rule passes without it\n{p:?}"
                    );
                }
                checked += 1;
                dead += usize::from(expected);
            }
        }
    }
    eprintln!(
        "ko rule: checked {checked} dead {dead} differ {differ} banned roots {banned_roots} \
         trees {trees}"
    );
    assert!(checked > 500, "only {checked} cases");
    assert!(
        dead > checked / 10 && dead < checked * 9 / 10,
        "{dead} of {checked}"
    );
    assert!(differ > 5, "the rule changed only {differ} verdicts");
    assert!(banned_roots > 10, "{banned_roots} roots with a ban");
    assert!(trees == checked);
}
