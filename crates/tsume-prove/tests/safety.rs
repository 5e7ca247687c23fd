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
            // 2x4: 136 stones, 3x3: 264 (docs/design/safety.md).
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
