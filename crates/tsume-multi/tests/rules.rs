//! The k-player φ, and Kim's theorem (seed 004 §5), by property tests over random games
//! on random graphs and grids.
//!
//! - k = 2 against `tsume_board::Position::play`, the two-player φ: the same
//!   configurations, captures and turns, move by move.
//! - k ≥ 3 against a literal transcription written here: place the stone, then scan the
//!   whole board for groups of other colours without a liberty and remove them all, then
//!   undo the move if the mover's group has no liberty.
//! - Kim's theorem: for a game whose final graph is G_n (f(1) a set of stones of colour 0,
//!   f(2), …, f(n) moves in turn), |G_n| + Σ_{i=1}^{n} |g(i)| < (n − 2)·|T|.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::{Board, Color, Move, Played, Point, Position};
use tsume_multi::{MultiPlayed, MultiPosition};

/// A board: a random simple graph on up to 10 points, or a grid up to 5×5 (with or
/// without diagonal neighbours, as in Kim's 8-neighbour boards).
fn board() -> impl Strategy<Value = Arc<Board>> {
    prop_oneof![
        (2usize..=10, 0.1f64..0.7).prop_flat_map(|(n, d)| {
            prop::collection::vec(prop::bool::weighted(d), n * (n - 1) / 2).prop_map(move |e| {
                let mut edges = Vec::new();
                let mut k = 0;
                for i in 0..n {
                    for j in i + 1..n {
                        if e[k] {
                            edges.push((i, j));
                        }
                        k += 1;
                    }
                }
                let names = (0..n).map(|i| format!("p{i}")).collect();
                Arc::new(Board::from_edges(names, &edges).unwrap())
            })
        }),
        (1u32..=5, 2u32..=5, any::<bool>()).prop_map(|(w, h, diag)| Arc::new(if diag {
            Board::grid_with_diagonals(w, h).unwrap()
        } else {
            Board::grid(w, h).unwrap()
        })),
    ]
}

/// The literal transcription (see the module docs): the new configuration, the turn and
/// the number of stones removed, or `None` for a pass, an occupied point or a suicide.
fn literal(
    board: &Board,
    cells: &[Option<u8>],
    c: u8,
    x: Point,
) -> Option<(Vec<Option<u8>>, usize)> {
    if cells[x.index()].is_some() {
        return None;
    }
    let mut g = cells.to_vec();
    g[x.index()] = Some(c);
    let group = |g: &[Option<u8>], s: Point| -> Vec<Point> {
        let mut out = vec![s];
        let mut i = 0;
        while i < out.len() {
            for &t in board.neighbors(out[i]) {
                if g[t.index()] == g[s.index()] && !out.contains(&t) {
                    out.push(t);
                }
            }
            i += 1;
        }
        out
    };
    let free = |g: &[Option<u8>], s: Point| {
        group(g, s)
            .iter()
            .any(|&u| board.neighbors(u).iter().any(|v| g[v.index()].is_none()))
    };
    let dead: Vec<Point> = board
        .points()
        .filter(|&s| g[s.index()].is_some_and(|d| d != c) && !free(&g, s))
        .collect();
    for s in &dead {
        g[s.index()] = None;
    }
    if !free(&g, x) {
        return None;
    }
    Some((g, dead.len()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// k = 2 is the two-player φ.
    #[test]
    fn two_colours_are_phi(b in board(), moves in prop::collection::vec(0usize..12, 1..80)) {
        let mut two = Position::empty(b.clone(), Color::Black);
        let mut multi = MultiPosition::empty(b.clone(), 2);
        for m in moves {
            let m = if m >= b.len() { Move::Pass } else { Move::Play(Point::from_index(m)) };
            let (p1, p2) = (two.play_in_place(m), multi.play(m));
            match (p1, p2) {
                (Played::Stone { captured: a }, MultiPlayed::Stone { captured: c }) => prop_assert_eq!(a, c),
                (Played::Pass, MultiPlayed::Pass)
                | (Played::Occupied, MultiPlayed::Occupied)
                | (Played::Suicide, MultiPlayed::Suicide) => {}
                other => prop_assert!(false, "{:?}", other),
            }
            let colours: Vec<Option<u8>> = two.configuration().cells().iter()
                .map(|c| c.map(|c| c.index() as u8)).collect();
            prop_assert_eq!(multi.stones(), colours);
            prop_assert_eq!(multi.to_move() as usize, two.to_move().index());
        }
    }

    /// k ≥ 3 against the literal transcription, and every group keeps a liberty.
    #[test]
    fn k_colours_match_the_literal_rule(
        b in board(),
        k in 3u8..=5,
        moves in prop::collection::vec(0usize..12, 1..80),
    ) {
        let mut p = MultiPosition::empty(b.clone(), k);
        for m in moves {
            let before = p.stones();
            let c = p.to_move();
            let m = if m >= b.len() { Move::Pass } else { Move::Play(Point::from_index(m)) };
            let played = p.play(m);
            let want = m.point().and_then(|x| literal(&b, &before, c, x));
            match (played, want) {
                (MultiPlayed::Stone { captured }, Some((g, dead))) => {
                    prop_assert_eq!(captured as usize, dead);
                    prop_assert_eq!(p.stones(), g);
                }
                (played, None) => {
                    prop_assert!(played.is_pass(), "{:?}", played);
                    prop_assert_eq!(p.stones(), before);
                }
                (played, Some(_)) => prop_assert!(false, "{:?}", played),
            }
            prop_assert_eq!(p.to_move(), (c + 1) % k);
            for x in b.points() {
                prop_assert!(p.color(x).is_none() || !p.liberties(x).is_empty());
            }
        }
    }
}

/// A game as Kim counts it: f(1) places `setup` (colour 0, a legal set), then the moves
/// f(2), …, f(n). Returns n, |G_1|, the stones placed by f(2..n), |G_n| and Σ |g(i)|,
/// with |g(i)| < |T| checked at every move.
fn kim_game(
    b: &Arc<Board>,
    k: u8,
    setup: &[Point],
    moves: &[Move],
) -> (usize, usize, usize, usize, usize) {
    let n_points = b.len();
    let mut stones = vec![None; n_points];
    for s in setup {
        stones[s.index()] = Some(0);
    }
    // After f(1), colour 1 moves: f(i) is colour (i − 1) mod k.
    let mut p = MultiPosition::new(b.clone(), k, &stones, 1 % k).unwrap();
    let mut placed = 0;
    let mut captured = 0;
    for &m in moves {
        if let MultiPlayed::Stone { captured: c } = p.play(m) {
            placed += 1;
            assert!((c as usize) < n_points, "|g(i)| < |T|");
            captured += c as usize;
        }
    }
    (
        1 + moves.len(),
        setup.len(),
        placed,
        p.stone_count(),
        captured,
    )
}

/// A legal setup (every group of colour 0 has a liberty), at least one stone: the
/// drawn points whose stone keeps every group free, in order.
fn legal_setup(b: &Arc<Board>, draw: &[usize]) -> Vec<Point> {
    let mut stones: Vec<Option<u8>> = vec![None; b.len()];
    let mut out = Vec::new();
    for &d in draw {
        let x = Point::from_index(d % b.len());
        if stones[x.index()].is_some() {
            continue;
        }
        stones[x.index()] = Some(0);
        if MultiPosition::new(b.clone(), 2, &stones, 1).is_ok() {
            out.push(x);
        } else {
            stones[x.index()] = None;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Kim's theorem over random games, and what it rests on: every stone placed is on
    /// the board at the end or was captured once (|G_n| + Σ|g(i)| = |G_1| + stones
    /// placed), |G_n| < |T| and |g(i)| < |T|. The bound (n − 2)|T| then holds for every
    /// n ≥ 5 on boards of 2 points or more (|G_1| ≤ |T| − 1 and at most n − 1 stones
    /// placed: |T| + n − 2 < (n − 2)|T| when n > 3 + 1/(|T| − 1)); below, see
    /// `kim_bound_fails_for_short_games`.
    #[test]
    fn kim_theorem(
        b in board(),
        k in 2u8..=5,
        draw in prop::collection::vec(any::<usize>(), 1..6),
        moves in prop::collection::vec(0usize..14, 0..120),
    ) {
        let setup = legal_setup(&b, &draw);
        prop_assume!(!setup.is_empty());
        // The game ends at the first two passes in a row: cut the moves there.
        let mut game: Vec<Move> = Vec::new();
        for m in moves {
            let m = if m >= b.len() { Move::Pass } else { Move::Play(Point::from_index(m)) };
            if m == Move::Pass && game.last() == Some(&Move::Pass) {
                game.pop();
                break;
            }
            game.push(m);
        }
        let (n, g1, placed, gn, captured) = kim_game(&b, k, &setup, &game);
        let t = b.len();
        prop_assert_eq!(gn + captured, g1 + placed);
        prop_assert!(gn < t);
        prop_assert!(placed < n);
        if n >= 5 && t >= 2 {
            prop_assert!(gn + captured < (n - 2) * t, "n = {}, |T| = {}", n, t);
        }
    }
}

/// Kim's proof says |g(1)| + |g(2)| = 0 and |g(3)| = 0, true of his capture by
/// enclosure (one stone cannot enclose), not of capture by liberties: here f(2), White's
/// first stone, captures. And for n ≤ 2 the bound (n − 2)|T| ≤ 0 fails for any setup.
#[test]
fn kim_bound_fails_for_short_games() {
    let b = Arc::new(Board::line(4).unwrap());
    let a1 = Point::from_index(0);
    let b1 = Point::from_index(1);
    let c1 = Point::from_index(2);
    // f(1): a stone on A1; f(2): colour 1 on B1 captures it.
    let (n, g1, placed, gn, captured) = kim_game(&b, 3, &[a1], &[Move::Play(b1)]);
    assert_eq!((n, g1, placed, gn, captured), (2, 1, 1, 1, 1));
    assert!(gn + captured >= (n - 2) * b.len());
    // n = 3 with |g(3)| = 1: f(1) A1 and C1… colour 1 passes, colour 2 on B1 captures A1
    // (and C1 keeps D1). |G_3| + Σ|g(i)| = 2 + 1 = 3 < (3 − 2)·4 still holds here.
    let (n, _, _, gn, captured) = kim_game(&b, 3, &[a1, c1], &[Move::Pass, Move::Play(b1)]);
    assert_eq!((n, captured), (3, 1));
    assert!(gn + captured < (n - 2) * b.len());
    // n = 3 where the bound fails: 1×5, f(1) on A1, C1, E1; f(2) B1 captures A1, f(3) D1
    // captures C1 and E1: |G_3| = 2, Σ|g| = 3, (3 − 2)·5 = 5.
    let b = Arc::new(Board::line(5).unwrap());
    let pts: Vec<Point> = (0..5).map(Point::from_index).collect();
    let (n, g1, _, gn, captured) = kim_game(
        &b,
        3,
        &[pts[0], pts[2], pts[4]],
        &[Move::Play(pts[1]), Move::Play(pts[3])],
    );
    assert_eq!((n, g1, gn, captured), (3, 3, 2, 3));
    assert!(gn + captured >= (n - 2) * b.len());
}
