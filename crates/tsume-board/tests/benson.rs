//! Benson's unconditional life (theory.md §4) against hand-made examples and against a
//! brute-force check: the attacker alone, with the defender passing every turn, can never
//! capture a stone Benson calls alive.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::benson::{is_unconditionally_alive, unconditionally_alive};
use tsume_board::{Board, Color, Configuration, Move, Point, Position};

fn pos(diagram: &str) -> Position {
    Position::from_diagram(diagram, Color::White).unwrap()
}

fn pt(p: &Position, name: &str) -> Point {
    p.board().parse_point(name).unwrap()
}

/// Whether the opponent of `defender`, playing alone (the defender passes every turn),
/// can remove at least one of `stones`. Breadth-first search over every position reachable
/// by attacker moves only.
fn attacker_alone_captures(start: &Position, defender: Color, stones: &[Point]) -> bool {
    let attacker = defender.opponent();
    let start = start.with_to_move(attacker);
    let mut seen: HashSet<Position> = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start.clone());
    queue.push_back(start);
    while let Some(p) = queue.pop_front() {
        for x in p.legal_moves().collect::<Vec<_>>() {
            let q = p.play(Move::Play(x));
            if stones.iter().any(|&s| q.color(s) != Some(defender)) {
                return true;
            }
            // The defender passes.
            let q = q.with_to_move(attacker);
            if seen.insert(q.clone()) {
                queue.push_back(q);
            }
        }
    }
    false
}

/// Checks Benson's verdict for both colours against the brute force; returns how many
/// stones Benson called alive.
fn check_sound(p: &Position) -> usize {
    let mut alive_count = 0;
    for c in [Color::Black, Color::White] {
        let alive = unconditionally_alive(p, c);
        assert_eq!(alive.len(), p.board().len());
        let stones: Vec<Point> = p.board().points().filter(|x| alive[x.index()]).collect();
        for &s in &stones {
            assert_eq!(p.color(s), Some(c), "only stones of the colour are alive");
        }
        // The fast path agrees with the full fixed point on every stone.
        for s in p.board().points().filter(|&s| p.color(s) == Some(c)) {
            assert_eq!(
                is_unconditionally_alive(p, s),
                alive[s.index()],
                "{p:?} {s:?}"
            );
        }
        if !stones.is_empty() {
            assert!(
                !attacker_alone_captures(p, c, &stones),
                "Benson says {c:?} stones {stones:?} alive, but the attacker captures:\n{p:?}"
            );
        }
        alive_count += stones.len();
    }
    alive_count
}

#[test]
fn two_eyes_on_a_grid_are_alive() {
    let p = pos(". X . X\n\
                 X X X X\n\
                 . . . .\n\
                 . O . .");
    for s in ["B4", "A3", "D3", "D4"] {
        assert!(is_unconditionally_alive(&p, pt(&p, s)), "{s}");
    }
    assert!(!is_unconditionally_alive(&p, pt(&p, "B1")));
    assert!(!is_unconditionally_alive(&p, pt(&p, "A4")), "empty point");
    check_sound(&p);
}

#[test]
fn two_eyes_inside_opponent_wall() {
    // A black group with two eyes, surrounded by white.
    let p = pos(". X . X O .\n\
                 X X X X O .\n\
                 O O O O O .\n\
                 . . . . . .");
    assert!(is_unconditionally_alive(&p, pt(&p, "A3")));
    // White has one region only (the black area is not vital to white).
    assert!(!is_unconditionally_alive(&p, pt(&p, "E4")));
    check_sound(&p);
}

#[test]
fn one_eye_is_not_alive() {
    let p = pos(". X O .\n\
                 X X O .\n\
                 O O O .");
    assert!(!is_unconditionally_alive(&p, pt(&p, "B3")));
    assert!(!is_unconditionally_alive(&p, pt(&p, "C3")));
    assert!(attacker_alone_captures(&p, Color::Black, &[pt(&p, "B3")]));
    assert!(attacker_alone_captures(&p, Color::White, &[pt(&p, "C3")]));
    check_sound(&p);
}

#[test]
fn seki_is_not_unconditional_life() {
    // Each side has one eye and one shared liberty: seki under alternating play, but
    // the side that passes every turn gets captured.
    let p = pos(". X . O .\n\
                 X X X O O");
    assert!(!is_unconditionally_alive(&p, pt(&p, "B2")));
    assert!(!is_unconditionally_alive(&p, pt(&p, "D2")));
    assert!(attacker_alone_captures(&p, Color::Black, &[pt(&p, "B2")]));
    assert!(attacker_alone_captures(&p, Color::White, &[pt(&p, "D2")]));
}

#[test]
fn big_region_with_attacker_stone_is_not_an_eye() {
    // One small eye (F1... see row 5) and a big 3x3 region holding a white stone: the
    // empty centre C3 is no liberty of the wall, so the region is not vital, and White
    // can indeed live inside and capture the wall.
    let p = pos("X X X X X\n\
                 X O . . X\n\
                 X . . . X\n\
                 X . . . X\n\
                 X X X X X\n\
                 . X O O O\n\
                 X X O . .");
    let wall = pt(&p, "A7");
    assert!(!is_unconditionally_alive(&p, wall));
    assert!(attacker_alone_captures(&p, Color::Black, &[wall]));
    // The same shape with a second small eye instead of the white stones below is alive.
    let q = pos("X X X X X\n\
                 X O . . X\n\
                 X . . . X\n\
                 X . . . X\n\
                 X X X X X\n\
                 . X . X .\n\
                 X X X X X");
    assert!(is_unconditionally_alive(&q, pt(&q, "A7")));
    check_sound(&q);
    // A big region all of whose empty points touch the wall is vital.
    let r = pos("X X X X\n\
                 X O . X\n\
                 X . . X\n\
                 X X X X\n\
                 . X . .");
    assert!(is_unconditionally_alive(&r, pt(&r, "A5")));
    check_sound(&r);
}

#[test]
fn lines() {
    let cases: &[(&str, &[(&str, bool)])] = &[
        ("( . X . X . )", &[("B1", true), ("D1", true)]),
        ("( . X X . )", &[("B1", true)]),
        ("( . X . . )", &[("B1", false)]),
        ("( . . X . )", &[("C1", false)]),
        (
            "( X . O . X . )",
            &[("A1", false), ("C1", false), ("E1", false)],
        ),
        (
            "( . X . X O . )",
            &[("B1", false), ("D1", false), ("E1", false)],
        ),
        (
            "( . X . X . X . )",
            &[("B1", true), ("D1", true), ("F1", true)],
        ),
        ("( X . )", &[("A1", false)]),
    ];
    for (d, expect) in cases {
        let p = pos(d);
        for &(s, alive) in *expect {
            assert_eq!(is_unconditionally_alive(&p, pt(&p, s)), alive, "{d} {s}");
            assert_eq!(
                attacker_alone_captures(&p, p.color(pt(&p, s)).unwrap(), &[pt(&p, s)]),
                !alive,
                "{d} {s} (Benson is exact on these)"
            );
        }
        check_sound(&p);
    }
}

/// A graph board: a black pair with two private eyes, plus a tail.
#[test]
fn graph_board() {
    let names: Vec<String> = ["g1", "g2", "e1", "e2", "t1", "t2", "t3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let edges = [
        (0, 1),
        (0, 2),
        (1, 2),
        (0, 3),
        (1, 3),
        (0, 4),
        (4, 5),
        (5, 6),
    ];
    let board = Arc::new(Board::from_edges(names, &edges).unwrap());
    let b = Some(Color::Black);
    let w = Some(Color::White);
    let config = Configuration::from_cells(vec![b, b, None, None, None, None, w]);
    let p = Position::new(board.clone(), &config, Color::White).unwrap();
    let g1 = board.point_named("g1").unwrap();
    assert!(is_unconditionally_alive(&p, g1));
    assert!(!is_unconditionally_alive(
        &p,
        board.point_named("t3").unwrap()
    ));
    check_sound(&p);
    // Fill one eye with a black stone: one eye left, capturable through the tail.
    let config = Configuration::from_cells(vec![b, b, b, None, None, None, w]);
    let p = Position::new(board, &config, Color::White).unwrap();
    assert!(!is_unconditionally_alive(&p, g1));
    assert!(attacker_alone_captures(&p, Color::Black, &[g1]));
}

/// Every configuration of some small grids and lines: soundness, and Benson finds life
/// in a good number of them.
#[test]
fn exhaustive_small_boards_are_sound() {
    for (w, h) in [(1u32, 5u32), (1, 7), (2, 3), (2, 4), (3, 3)] {
        let board = Arc::new(Board::grid(w, h).unwrap());
        let n = board.len();
        let mut alive_positions = 0;
        for config in tsume_board::naive::all_configurations(n) {
            if let Ok(p) = Position::new(board.clone(), &config, Color::Black) {
                if check_sound(&p) > 0 {
                    alive_positions += 1;
                }
            }
        }
        eprintln!("{w}x{h}: {alive_positions} positions with Benson life");
        assert!(alive_positions > 0, "{w}x{h}: Benson never fired");
    }
}

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
            // Biased towards empty points so that eyes appear.
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
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn benson_alive_means_attacker_alone_cannot_capture(p in arb_graph_position()) {
        check_sound(&p);
    }
}

/// The fast path of `is_unconditionally_alive` agrees with the full fixed point on every
/// stone of every configuration of small boards and random graphs.
#[test]
fn fast_path_agrees_with_full_algorithm() {
    for (w, h) in [(1u32, 7u32), (2, 4), (3, 3)] {
        let board = Arc::new(Board::grid(w, h).unwrap());
        let n = board.len();
        for config in tsume_board::naive::all_configurations(n) {
            if let Ok(p) = Position::new(board.clone(), &config, Color::Black) {
                let full = [
                    unconditionally_alive(&p, Color::Black),
                    unconditionally_alive(&p, Color::White),
                ];
                for x in board.points() {
                    let expected = match p.color(x) {
                        Some(Color::Black) => full[0][x.index()],
                        Some(Color::White) => full[1][x.index()],
                        None => false,
                    };
                    assert_eq!(is_unconditionally_alive(&p, x), expected, "{p:?} {x:?}");
                }
            }
        }
    }
}
