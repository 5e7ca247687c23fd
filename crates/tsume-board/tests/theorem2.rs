//! Theorem 2 (Crăşmaru §2), both halves, exhaustively on small boards: the positions
//! generated from p₀ = (f₀, B) by φ are exactly the positions (f, a) in which every
//! group has a liberty. Breadth-first search over φ is compared with the enumeration of
//! all 3^|T| configurations, with both players to move.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use tsume_board::{naive, Board, Color, Configuration, Move, Position};

/// A position as a number: the configuration in base 3 (0 empty, 1 B, 2 W), times two,
/// plus 1 when White is to move.
fn key(cells: &[Option<Color>], a: Color) -> u64 {
    let mut k = 0u64;
    for c in cells.iter().rev() {
        k = 3 * k
            + match c {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            };
    }
    2 * k + a.index() as u64
}

/// The bound in the proof of Theorem 2: p₀ ⇒ᵏ (f, a) with k ≤ l + 2m + 1, where
/// l = 2·min(#B, #W) and m = |#B − #W|.
fn proof_bound(f: &Configuration) -> usize {
    let b = f
        .cells()
        .iter()
        .filter(|c| **c == Some(Color::Black))
        .count();
    let w = f
        .cells()
        .iter()
        .filter(|c| **c == Some(Color::White))
        .count();
    2 * b.min(w) + 2 * b.abs_diff(w) + 1
}

/// Runs the comparison on one board; returns the number of legal positions.
fn check_board(label: &str, board: Board) -> usize {
    let board = Arc::new(board);
    let n = board.len();
    assert!(n <= 9, "{label}: too large for exhaustive enumeration");

    // G(p₀) by breadth-first search over φ (fast implementation), with distances.
    let p0 = Position::empty(Arc::clone(&board), Color::Black);
    let mut dist: HashMap<u64, usize> = HashMap::new();
    dist.insert(key(p0.configuration().cells(), Color::Black), 0);
    let mut queue = VecDeque::from([p0]);
    while let Some(p) = queue.pop_front() {
        let d = dist[&key(p.configuration().cells(), p.to_move())];
        // Ψ({p}) = ∪_{x ∈ T*} φ(p, x), applying φ to every move, suicides and occupied
        // points included.
        let succ: Vec<Position> = std::iter::once(Move::Pass)
            .chain(board.points().map(Move::Play))
            .map(|m| p.play(m))
            .collect();
        let mut literal: Vec<u64> = succ
            .iter()
            .map(|q| key(q.configuration().cells(), q.to_move()))
            .collect();
        literal.sort_unstable();
        literal.dedup();
        // successors() and the naive transcription give the same set.
        let mut fast: Vec<u64> = p
            .successors()
            .iter()
            .map(|(_, q)| key(q.configuration().cells(), q.to_move()))
            .collect();
        fast.sort_unstable();
        assert_eq!(
            fast, literal,
            "{label}: successors() differs from φ over T* at\n{p:?}"
        );
        let mut slow: Vec<u64> = naive::successors(&board, &p.configuration(), p.to_move())
            .iter()
            .map(|(f, a)| key(f.cells(), *a))
            .collect();
        slow.sort_unstable();
        assert_eq!(fast, slow, "{label}: Ψ differs at\n{p:?}");
        for q in succ {
            let k = key(q.configuration().cells(), q.to_move());
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(k) {
                e.insert(d + 1);
                queue.push_back(q);
            }
        }
    }

    // All 3^n configurations × both players: legal iff reached.
    let mut legal = 0;
    for f in naive::all_configurations(n) {
        let is_legal = naive::is_legal(&board, &f);
        for a in [Color::Black, Color::White] {
            let reached = dist.get(&key(f.cells(), a));
            assert_eq!(
                reached.is_some(),
                is_legal,
                "{label}: configuration {:?} with {a} to move is {} but {}",
                f.cells(),
                if is_legal { "legal" } else { "illegal" },
                if reached.is_some() {
                    "was reached"
                } else {
                    "was not reached"
                },
            );
            assert_eq!(
                Position::new(Arc::clone(&board), &f, a).is_ok(),
                is_legal,
                "{label}: Position::new disagrees on {:?}",
                f.cells()
            );
            if let Some(&d) = reached {
                legal += 1;
                assert!(
                    d <= proof_bound(&f),
                    "{label}: {:?} with {a} to move needs {d} moves, the proof says at most {}",
                    f.cells(),
                    proof_bound(&f)
                );
            }
        }
    }
    assert_eq!(
        legal,
        dist.len(),
        "{label}: reached positions outside the enumeration"
    );
    // The Zobrist keys of all legal positions are distinct (no collision on small boards).
    let mut hashes: Vec<u64> = dist
        .keys()
        .map(|&k| {
            let a = if k % 2 == 1 {
                Color::White
            } else {
                Color::Black
            };
            naive::hash(&board, &naive::configuration_number(k / 2, n), a)
        })
        .collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), legal, "{label}: Zobrist collision");
    legal
}

fn graph(n: usize, edges: &[(usize, usize)]) -> Board {
    Board::from_edges((0..n).map(|i| format!("v{i}")).collect(), edges).unwrap()
}

#[test]
fn lines() {
    // 1×1: only the empty board, with either player to move.
    assert_eq!(check_board("1x1", Board::line(1).unwrap()), 2);
    // 1×2: empty, or one stone of either colour on either point: 1 + 4 = 5 configurations.
    assert_eq!(check_board("1x2", Board::line(2).unwrap()), 10);
    for n in 3..=8 {
        let legal = check_board(&format!("1x{n}"), Board::line(n).unwrap());
        assert!(legal > 2 * (1 << n), "1x{n}: {legal} legal positions");
    }
}

#[test]
fn small_grids() {
    check_board("2x2", Board::grid(2, 2).unwrap());
    check_board("2x3", Board::grid(2, 3).unwrap());
    check_board("3x2", Board::grid(3, 2).unwrap());
    check_board("2x3 diagonal", Board::grid_with_diagonals(2, 3).unwrap());
    check_board("2x4", Board::grid(2, 4).unwrap());
    check_board("3x3", Board::grid(3, 3).unwrap());
    check_board("3x3 diagonal", Board::grid_with_diagonals(3, 3).unwrap());
}

#[test]
fn small_graphs() {
    // Triangle: a legal configuration has at most two stones, or any non-full one; the
    // full board has no empty point, so it is illegal: 3^3 − 2^3 = 19 configurations.
    assert_eq!(
        check_board("triangle", graph(3, &[(0, 1), (1, 2), (0, 2)])),
        38
    );
    // Star with centre 0 and four leaves.
    check_board("star", graph(5, &[(0, 1), (0, 2), (0, 3), (0, 4)]));
    // Cycle of 5.
    check_board("C5", graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]));
    // K4: every non-full configuration is legal (any empty point touches every stone).
    assert_eq!(
        check_board(
            "K4",
            graph(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)])
        ),
        2 * (81 - 16)
    );
    // Not connected: an isolated point can never hold a stone.
    let legal = check_board("P3 + isolated point", graph(4, &[(0, 1), (1, 2)]));
    let path = check_board("P3", graph(3, &[(0, 1), (1, 2)]));
    assert_eq!(legal, path);
    // No edges at all: only the empty board.
    assert_eq!(check_board("3 isolated points", graph(3, &[])), 2);
}

/// A pass from p₀ is allowed (the paper's remark after case 1 of φ).
#[test]
fn pass_from_p0() {
    let board = Arc::new(Board::line(3).unwrap());
    let p0 = Position::empty(Arc::clone(&board), Color::Black);
    let q = p0.play(Move::Pass);
    assert_eq!(q.configuration(), Configuration::empty(3));
    assert_eq!(q.to_move(), Color::White);
}
