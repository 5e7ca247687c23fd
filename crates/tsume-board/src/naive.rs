//! A deliberately naive, obviously-correct transcription of Crăşmaru §2, kept as the
//! oracle that the fast [`Position`](crate::Position) is tested against. Slow: every
//! query recomputes groups by breadth-first search. Production code must not call it.

use crate::board::{Board, Point};
use crate::position::{Color, Configuration, Move};

/// G^x_f: the class of `x` under the reflexive-transitive closure of N_f, where
/// x N_f y iff x N y and f(x) = f(y). (For an empty `x` this is its empty region.)
pub fn group(board: &Board, f: &Configuration, x: Point) -> Vec<Point> {
    let mut seen = vec![false; board.len()];
    let mut out = vec![x];
    seen[x.index()] = true;
    let mut i = 0;
    while i < out.len() {
        let y = out[i];
        i += 1;
        for &z in board.neighbors(y) {
            if !seen[z.index()] && f.get(z) == f.get(x) {
                seen[z.index()] = true;
                out.push(z);
            }
        }
    }
    out.sort();
    out
}

/// L^x_f = { y : f(y) = 0 and y N z for some z ∈ G^x_f }, sorted.
pub fn liberties(board: &Board, f: &Configuration, x: Point) -> Vec<Point> {
    let g = group(board, f, x);
    let mut libs: Vec<Point> = board
        .points()
        .filter(|&y| f.get(y).is_none() && g.iter().any(|&z| board.are_neighbors(y, z)))
        .collect();
    libs.sort();
    libs
}

/// Theorem 2's condition: every stone's group has a liberty.
pub fn is_legal(board: &Board, f: &Configuration) -> bool {
    board
        .points()
        .all(|x| f.get(x).is_none() || !liberties(board, f, x).is_empty())
}

/// φ((f, a), m) exactly as written, with the captured points (sorted).
pub fn play(
    board: &Board,
    f: &Configuration,
    a: Color,
    m: Move,
) -> (Configuration, Color, Vec<Point>) {
    let x = match m {
        Move::Pass => return (f.clone(), a.opponent(), Vec::new()),
        Move::Play(x) => x,
    };
    // Case 1: pass or f(x) ≠ 0.
    if f.get(x).is_some() {
        return (f.clone(), a.opponent(), Vec::new());
    }
    // Case 2: g places a stone of colour a on x.
    let mut g = f.clone();
    g.set(x, Some(a));
    // Capture(p, x) = { G^z_g : g(z) = ā, z N x, ‖G^z_g‖ = 0 }.
    let mut captured: Vec<Point> = Vec::new();
    for &z in board.neighbors(x) {
        if g.get(z) == Some(a.opponent()) && liberties(board, &g, z).is_empty() {
            for s in group(board, &g, z) {
                if !captured.contains(&s) {
                    captured.push(s);
                }
            }
        }
    }
    captured.sort();
    if captured.is_empty() && liberties(board, &g, x).is_empty() {
        return (f.clone(), a.opponent(), Vec::new()); // suicide
    }
    let mut h = g;
    for &s in &captured {
        h.set(s, None);
    }
    (h, a.opponent(), captured)
}

/// Ψ({(f, a)}) as a sorted, deduplicated list of positions.
pub fn successors(board: &Board, f: &Configuration, a: Color) -> Vec<(Configuration, Color)> {
    let mut out: Vec<(Configuration, Color)> = std::iter::once(Move::Pass)
        .chain(board.points().map(Move::Play))
        .map(|m| {
            let (h, b, _) = play(board, f, a, m);
            (h, b)
        })
        .collect();
    out.sort_by(|x, y| x.0.cells().cmp(y.0.cells()).then(x.1.cmp(&y.1)));
    out.dedup();
    out
}

/// The Zobrist key of (f, a), computed from scratch.
pub fn hash(board: &Board, f: &Configuration, a: Color) -> u64 {
    let mut h = if a == Color::White {
        crate::zobrist::WHITE_TO_MOVE
    } else {
        0
    };
    for p in board.points() {
        if let Some(c) = f.get(p) {
            h ^= board.keys(p)[c.index()];
        }
    }
    h
}

/// Every configuration f: T → {B, W, 0} of an `n`-point board, 3ⁿ of them, in the
/// order of [`configuration_number`].
pub fn all_configurations(n: usize) -> impl Iterator<Item = Configuration> {
    (0..3u64.pow(n as u32)).map(move |k| configuration_number(k, n))
}

/// The k-th configuration of an `n`-point board: point i gets the colour of the i-th
/// base-3 digit of k (0 empty, 1 Black, 2 White).
pub fn configuration_number(mut k: u64, n: usize) -> Configuration {
    let cells = (0..n)
        .map(|_| {
            let v = k % 3;
            k /= 3;
            [None, Some(Color::Black), Some(Color::White)][v as usize]
        })
        .collect();
    Configuration::from_cells(cells)
}
