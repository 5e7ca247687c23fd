//! The result under ordinary Go rules (`tsume_prove::go`) against the exact retrograde
//! oracle under each ko master (`tsume_prove::exact_go`) on random tiny positions: the
//! result, the ko's details, the winning moves, and every tree it rests on checked
//! under its rule; and df-pn under the master rules and with threats against the
//! paper's procedure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::Arc;

use tsume_board::{Board, Color, KoRule, Move, Position};
use tsume_prove::go::{go_result, GoResult, Model, Threats, MAX_THREATS};
use tsume_prove::{default_depth, exact, exact_go, reference, solve, Options, Verdict};

mod common;

use common::{random_position, Fill, Rng};

/// Stones on 45 to 89 % of the points, either player to move, at most `max_empty`
/// empty points.
const fn fill(max_empty: usize) -> Fill {
    Fill {
        percent: 45,
        spread: 45,
        to_move: None,
        max_empty,
    }
}

/// `n` rounds, times `TSUME_SOAK_ROUNDS` when set (a longer run, not in CI:
/// `TSUME_SOAK_ROUNDS=10 cargo test --release -p tsume-prove --test go`).
fn rounds(n: u64) -> u64 {
    let k = std::env::var("TSUME_SOAK_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1u64);
    n * k.max(1)
}

fn boards() -> Vec<Arc<Board>> {
    [
        Board::line(5).unwrap(),
        Board::line(7).unwrap(),
        Board::grid(2, 3).unwrap(),
        Board::grid(2, 4).unwrap(),
        Board::grid(3, 3).unwrap(),
        Board::grid(3, 4).unwrap(),
        Board::grid(2, 5).unwrap(),
    ]
    .into_iter()
    .map(Arc::new)
    .collect()
}

/// Whether the player to move wins the position's result under ordinary rules.
fn mover_wins(result: GoResult, mover_attacks: bool) -> bool {
    match result {
        GoResult::Dead => mover_attacks,
        GoResult::Alive | GoResult::Seki => !mover_attacks,
        GoResult::Ko | GoResult::Unknown => true,
    }
}

#[test]
fn go_result_matches_the_exact_oracle() {
    let mut rng = Rng(0x2c1b_3c6d_7e8f_9a0b);
    let boards = boards();
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    let (mut compared, mut unknown, mut with_model, mut moves_checked, mut threats_compared) =
        (0, 0, 0, 0, 0);
    let mut bounded = 0;
    for round in 0..rounds(30) {
        for board in &boards {
            let Some((p, x)) = random_position(&mut rng, board, &fill(6)) else {
                continue;
            };
            let Ok(expected) = exact_go::go_result(&p, x, 40_000, MAX_THREATS) else {
                continue;
            };
            let opts = Options {
                depth: default_depth(&p),
                want_tree: true,
                ..Options::default()
            };
            // Half the time with the model's answer (its shortcut and lemmas), half
            // without.
            let model_answer = solve(&p, x, &opts).unwrap();
            let model = (round % 2 == 0).then_some(Model {
                answer: &model_answer,
                report: None,
            });
            with_model += usize::from(model.is_some());
            let got = go_result(&p, x, &opts, model);
            if got.result == GoResult::Unknown {
                unknown += 1;
                continue;
            }
            // A result resting on a disproof within the bound only is said as such.
            if !got.every_alpha && got.result != GoResult::Dead {
                bounded += 1;
                continue;
            }
            compared += 1;
            *seen.entry(expected.result.as_str()).or_default() += 1;
            assert_eq!(
                got.result,
                expected.result,
                "target {} {}\n{p:?}\n{}",
                board.name(x),
                p.to_move(),
                got.note
            );
            // Every tree checked again under the rule its root carries.
            for e in &got.evidence {
                tsume_proof::check(&e.root, x, &e.tree).unwrap();
            }
            assert!(!got.evidence.is_empty());
            let defender = p.color(x).unwrap();
            if let Some(k) = got.ko {
                threats_compared += 1;
                let attacker_wins = k.winner_without_threats.map(|c| c != defender);
                assert_eq!(
                    attacker_wins, expected.attacker_wins_without_threats,
                    "{p:?}"
                );
                let count = |t: Threats| match t {
                    Threats::Needs(k) => Some(Some(k)),
                    Threats::MoreThan(_) => Some(None),
                    Threats::Unknown => None,
                };
                if let Some(t) = count(k.attacker_threats) {
                    assert_eq!(t, expected.attacker_threats, "{p:?}");
                }
                if let Some(t) = count(k.defender_threats) {
                    assert_eq!(t, expected.defender_threats, "{p:?}");
                }
            }
            // The moves: the mover wins after each (its result kept, the opponent to move).
            moves_checked += check_moves(&p, x, &got);
        }
    }
    eprintln!(
        "compared {compared} ({with_model} with the model), unknown {unknown}, within α \
         only {bounded}, by result {seen:?}, \
         {moves_checked} moves checked, {threats_compared} kos' threats compared"
    );
    assert!(compared > 150, "{compared}");
    assert_eq!(unknown, 0);
    assert!(bounded * 20 < compared, "{bounded} within α only");
    for r in ["dead", "alive", "ko", "seki"] {
        assert!(seen.get(r).copied().unwrap_or(0) > 5, "{r}: {seen:?}");
    }
}

/// The moves of `got`: the mover has some exactly when it wins, and after each the
/// exact oracle gives the mover's result still (a ko's first move: at worst a ko).
/// Returns the number of moves checked.
fn check_moves(p: &Position, x: tsume_board::Point, got: &tsume_prove::go::GoAnswer) -> usize {
    let defender = p.color(x).unwrap();
    let mover_attacks = p.to_move() != defender;
    if mover_wins(got.result, mover_attacks) {
        assert!(!got.moves.is_empty(), "no move for a winner\n{p:?}");
    } else {
        assert!(got.moves.is_empty(), "moves for a loser\n{p:?}");
    }
    let mut checked = 0;
    for &m in &got.moves {
        let q = p.play(m);
        if q.color(x).is_none() {
            continue; // the capture itself
        }
        let after = exact_go::go_result(&q, x, 40_000, MAX_THREATS).unwrap();
        let ok = match got.result {
            GoResult::Dead => after.result == GoResult::Dead,
            GoResult::Alive | GoResult::Seki => {
                matches!(after.result, GoResult::Alive | GoResult::Seki)
            }
            // A ko's first move leaves at worst a ko.
            GoResult::Ko => {
                after.result == GoResult::Ko
                    || mover_wins(after.result, mover_attacks) && after.result != GoResult::Ko
            }
            GoResult::Unknown => true,
        };
        assert!(ok, "move {m:?} leaves {:?}\n{p:?}", after.result);
        checked += 1;
    }
    checked
}

/// Issue 49: under `--ko-rule basic` the question's own answer is the basic rule's
/// search of the Go result. Given (the fast path) or not (every search run, the plain
/// path), the result, the ko's details and `every_alpha` are the same, both match the
/// exact oracle, every tree is checked under the rule its root carries, the moves win,
/// and the given answer saves nodes.
#[test]
fn the_basic_rule_s_own_answer_given_changes_nothing() {
    let mut rng = Rng(0x49b1_5c0d_e3a7_2f86);
    let boards = boards();
    let (mut compared, mut saved, mut ko_rows) = (0, 0u64, 0);
    let (mut nodes_given, mut nodes_plain) = (0u64, 0u64);
    for _ in 0..rounds(30) {
        for board in &boards {
            let Some((p0, x)) = random_position(&mut rng, board, &fill(6)) else {
                continue;
            };
            let Ok(expected) = exact_go::go_result(&p0, x, 40_000, MAX_THREATS) else {
                continue;
            };
            let p = p0.with_ko(KoRule::Basic);
            let opts = Options {
                depth: default_depth(&p),
                want_tree: true,
                ..Options::default()
            };
            let question = solve(&p, x, &opts).unwrap();
            let given = go_result(
                &p,
                x,
                &opts,
                Some(Model {
                    answer: &question,
                    report: None,
                }),
            );
            let plain = go_result(&p, x, &opts, None);
            assert_eq!(
                given.result, plain.result,
                "{p:?}\n{}\n{}",
                given.note, plain.note
            );
            assert_eq!(given.ko, plain.ko, "{p:?}");
            assert_eq!(given.every_alpha, plain.every_alpha, "{p:?}");
            assert!(given.nodes <= plain.nodes, "{p:?}");
            nodes_given += given.nodes;
            nodes_plain += plain.nodes;
            saved += u64::from(given.nodes < plain.nodes);
            if given.result == GoResult::Unknown || !given.every_alpha {
                continue;
            }
            assert_eq!(given.result, expected.result, "{p:?}\n{}", given.note);
            for e in &given.evidence {
                tsume_proof::check(&e.root, x, &e.tree).unwrap();
            }
            assert!(!given.evidence.is_empty());
            check_moves(&p, x, &given);
            ko_rows += usize::from(given.ko.is_some());
            compared += 1;
        }
    }
    eprintln!(
        "compared {compared}, {ko_rows} kos, {saved} with nodes saved; Go nodes {nodes_given} \
         given, {nodes_plain} not"
    );
    assert!(
        compared > 150 && ko_rows > 10 && saved > 50,
        "{compared} {ko_rows} {saved}"
    );
    assert!(nodes_given < nodes_plain);
}

/// df-pn under each master rule and with threats agrees with the paper's procedure on
/// the same positions, and its trees pass the checker under the rule.
#[test]
fn dfpn_under_master_rules_and_threats_matches_the_reference() {
    let mut rng = Rng(0x7a3d_11c5_9e02_4b6f);
    let boards = boards();
    let (mut checked, mut differ) = (0, 0);
    for _ in 0..rounds(25) {
        for board in &boards {
            let Some((p0, x)) = random_position(&mut rng, board, &fill(5)) else {
                continue;
            };
            let defender = p0.color(x).unwrap();
            let mut verdicts = Vec::new();
            for (rule, t) in [
                (KoRule::Master(defender), [0, 0]),
                (KoRule::Master(defender.opponent()), [0, 0]),
                (KoRule::Basic, [1, 0]),
                (KoRule::Basic, [0, 2]),
            ] {
                let p = p0.with_ko(rule).with_ko_threats(t[0], t[1]);
                let alpha = 4;
                let expected = reference::can_kill(&p, x, alpha);
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
                assert_eq!(a.verdict == Verdict::Dead, expected, "{rule} {t:?}\n{p:?}");
                tsume_proof::check(&p, x, a.tree.as_ref().unwrap()).unwrap();
                checked += 1;
                verdicts.push(expected);
            }
            differ += usize::from(verdicts[0] != verdicts[1]);
        }
    }
    eprintln!("{checked} searches under master rules and threats, {differ} positions where the masters differ");
    assert!(checked > 250 && differ > 3, "{checked} {differ}");
}

/// The exact oracle itself on shapes whose answer is known: a direct ko (the attacker
/// takes first), and the seki of two groups sharing two liberties.
#[test]
fn the_oracle_on_known_shapes() {
    // White's stone at B2 can be taken at C2 (a ko: the black stone left there, alone,
    // has one liberty, B2). White A3..A1 groups aside, the target is the ko stone's
    // group: Black captures it at once (dead) under any rule.
    let p = Position::from_diagram(". X O .\nX O . O\n. X O .", Color::Black).unwrap();
    let b2 = p.board().parse_point("B2").unwrap();
    let e = exact_go::go_result(&p, b2, 100_000, MAX_THREATS).unwrap();
    assert_eq!(e.result, GoResult::Dead);
    // A seki: each group has one eye (A2, G2) and they share D1 and D2; whoever fills
    // the last shared liberty is captured.
    let p = Position::from_diagram(". O O . X X .\nO O O . X X X", Color::Black).unwrap();
    let a1 = p.board().parse_point("A1").unwrap();
    for to_move in [Color::Black, Color::White] {
        let e = exact_go::go_result(&p.with_to_move(to_move), a1, 100_000, MAX_THREATS).unwrap();
        assert_eq!(e.result, GoResult::Seki, "{to_move}");
        let opts = Options {
            depth: 20,
            want_tree: true,
            ..Options::default()
        };
        let got = go_result(&p.with_to_move(to_move), a1, &opts, None);
        assert_eq!(got.result, GoResult::Seki, "{to_move}: {}", got.note);
        assert!(got
            .evidence
            .iter()
            .any(|e| e.tree.claim == tsume_proof::Claim::NeverUnconditional));
    }
    // Without a ko rule the model says alive too (a seki is alive).
    // The model's rank is finite exactly where the ko masters agree it is dead, or
    // where the attacker as master kills.
    let rank = exact::kill_rank(&p, a1, 100_000).unwrap();
    assert_eq!(rank, None);
    let _ = Move::Pass;
}
