//! `Can_kill` for a coalition: the search ([`can_kill`], depth-bounded AND/OR with a
//! transposition table) against the exhaustive retrograde fixpoint ([`kill_ranks`]) on
//! every position of tiny boards, against the literal procedure ([`reference`]) at small
//! bounds, and, for k = 2, against the two-player prover's exact solver.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::{Board, Color, Configuration, Point, Position};
use tsume_multi::coalition::{can_kill, kill_ranks, reference};
use tsume_multi::MultiPosition;

fn boards() -> Vec<Arc<Board>> {
    let path = |n: usize| {
        let names = (0..n).map(|i| format!("p{i}")).collect();
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        Board::from_edges(names, &edges).unwrap()
    };
    let star = Board::from_edges(
        (0..5).map(|i| format!("s{i}")).collect(),
        &[(0, 1), (0, 2), (0, 3), (0, 4)],
    )
    .unwrap();
    let cycle = Board::from_edges(
        (0..5).map(|i| format!("c{i}")).collect(),
        &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)],
    )
    .unwrap();
    vec![
        Arc::new(Board::line(4).unwrap()),
        Arc::new(Board::line(5).unwrap()),
        Arc::new(Board::grid(2, 2).unwrap()),
        Arc::new(Board::grid(3, 2).unwrap()),
        Arc::new(path(6)),
        Arc::new(star),
        Arc::new(cycle),
    ]
}

/// Every position of each tiny board with k = 3 (and k = 4 on the smallest), x on a
/// point of colour 0: the search at α = 0..=9 says TRUE exactly when the rank is at
/// most α + 1.
#[test]
fn search_agrees_with_the_exhaustive_solver() {
    let mut checked = 0;
    let mut killed = [0usize; 2];
    for (i, b) in boards().iter().enumerate() {
        for k in [3u8, 4] {
            if k == 4 && b.len() > 4 {
                continue;
            }
            let x = Point::from_index(i % b.len());
            let ranks = kill_ranks(b, k, x, 0);
            for (key, rank) in &ranks {
                let stones: Vec<Option<u8>> =
                    key[..b.len()].iter().map(|&v| v.checked_sub(1)).collect();
                let p = MultiPosition::new(b.clone(), k, &stones, key[b.len()]).unwrap();
                for alpha in 0..=9 {
                    let want = rank.is_some_and(|r| r <= alpha + 1);
                    let (got, _) = can_kill(&p, x, alpha);
                    assert_eq!(got, want, "{key:?} on {b:?}, α = {alpha}, rank {rank:?}");
                    checked += 1;
                    killed[usize::from(got)] += 1;
                }
            }
        }
    }
    // Both answers occur often enough for the comparison to mean something.
    assert!(
        killed[0] > 1000 && killed[1] > 1000,
        "{killed:?} of {checked}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The literal procedure at α ≤ 3 on random positions of the tiny boards, k = 3..=5.
    #[test]
    fn search_agrees_with_the_literal_procedure(
        which in 0usize..7,
        k in 3u8..=5,
        code in any::<u64>(),
        to_move in any::<u8>(),
        alpha in 0u32..=3,
    ) {
        let b = boards()[which].clone();
        let n = b.len();
        let mut c = code;
        let stones: Vec<Option<u8>> = (0..n).map(|_| {
            let v = (c % (u64::from(k) + 1)) as u8;
            c /= u64::from(k) + 1;
            v.checked_sub(1)
        }).collect();
        let Ok(p) = MultiPosition::new(b.clone(), k, &stones, to_move % k) else { return Ok(()) };
        let Some(x) = b.points().find(|&q| p.color(q).is_some()) else { return Ok(()) };
        prop_assert_eq!(can_kill(&p, x, alpha).0, reference(&p, x, 0, alpha));
    }
}

/// 3×3 with three colours (≈ 72 000 positions with colour 0 on the centre's neighbour),
/// ranks up to 14: the search at larger bounds on a sample, against the same solver.
#[test]
fn search_agrees_on_three_by_three_sample() {
    let b = Arc::new(Board::grid(3, 3).unwrap());
    let x = Point::from_index(1);
    let ranks = kill_ranks(&b, 3, x, 0);
    let mut keys: Vec<&Vec<u8>> = ranks.keys().collect();
    keys.sort();
    let mut deep = 0;
    for key in keys.iter().step_by(97) {
        let rank = ranks[*key];
        let stones: Vec<Option<u8>> = key[..9].iter().map(|&v| v.checked_sub(1)).collect();
        let p = MultiPosition::new(b.clone(), 3, &stones, key[9]).unwrap();
        for alpha in [3, 6, 9, 12] {
            let want = rank.is_some_and(|r| r <= alpha + 1);
            assert_eq!(
                can_kill(&p, x, alpha).0,
                want,
                "{key:?}, α = {alpha}, rank {rank:?}"
            );
        }
        deep += usize::from(rank.is_some_and(|r| r > 4));
    }
    assert!(deep > 20, "{deep} positions of rank above 4");
}

/// k = 2: the coalition is the one opponent, so the kill ranks are those of the
/// two-player prover's exact solver (`tsume_prove::exact`) on every position.
#[test]
fn two_colours_are_the_two_player_prover() {
    for b in boards().iter().filter(|b| b.len() <= 6) {
        let x = Point::from_index(1);
        for (key, rank) in kill_ranks(b, 2, x, 1) {
            let cells: Vec<Option<Color>> = key[..b.len()]
                .iter()
                .map(|&v| match v {
                    0 => None,
                    1 => Some(Color::Black),
                    _ => Some(Color::White),
                })
                .collect();
            let to_move = if key[b.len()] == 0 {
                Color::Black
            } else {
                Color::White
            };
            let p = Position::new(b.clone(), &Configuration::from_cells(cells), to_move).unwrap();
            let two = tsume_prove::exact::kill_rank(&p, x, 1 << 20).unwrap();
            assert_eq!(rank, two, "{key:?}");
        }
    }
}

/// The coalition at work (α = 0, one ply to reach D₀): on an empty 1×5 line with one
/// stone of colour 0 on C1, colour 1 to move. Three colours: colour 1 takes B1, and
/// colour 2, next, is to move against a group with one liberty, D1: killed. Two colours:
/// after colour 1's B1 it is colour 0's turn, so not in D₀ within the bound; and the
/// stone escapes for good (rank None: C1 and D1 and E1 …).
#[test]
fn two_against_one_kill_where_one_does_not() {
    let b = Arc::new(Board::line(5).unwrap());
    let c1 = b.parse_point("C1").unwrap();
    let b1 = b.parse_point("B1").unwrap();
    let stones = [None, None, Some(0), None, None];
    let three = MultiPosition::new(b.clone(), 3, &stones, 1).unwrap();
    let (kill, _) = can_kill(&three, c1, 0);
    assert!(kill);
    // The line: colour 1 on B1 leaves C1 one liberty with colour 2 to move.
    let mut q = three.clone();
    q.play(tsume_board::Move::Play(b1));
    assert!(tsume_multi::coalition::in_d0(&q, c1));
    let two = MultiPosition::new(b.clone(), 2, &stones, 1).unwrap();
    assert!(!can_kill(&two, c1, 0).0);
    // Three colours kill it at every bound; two never do.
    let ranks3 = kill_ranks(&b, 3, c1, 0);
    let ranks2 = kill_ranks(&b, 2, c1, 0);
    assert_eq!(ranks3[&three.key()], Some(1));
    assert_eq!(ranks2[&two.key()], None);
}
