//! Twin classes ([`Board::twin_classes`]) against their definition, and the claim the
//! prover's symmetric table rests on: swapping two twins is an automorphism with which
//! φ commutes (checked with the naive transcription of φ).
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use tsume_board::{naive, Board, Color, Configuration, Move, Point};

fn graph(n: usize, edges: &[bool]) -> Board {
    let names = (0..n).map(|i| format!("p{i}")).collect();
    let mut list = Vec::new();
    let mut k = 0;
    for i in 0..n {
        for j in i + 1..n {
            if edges[k] {
                list.push((i, j));
            }
            k += 1;
        }
    }
    Board::from_edges(names, &list).unwrap()
}

/// The definition: N(p) \ {q} = N(q) \ {p}.
fn twins(b: &Board, p: Point, q: Point) -> bool {
    let strip = |x: Point, y: Point| -> Vec<Point> {
        b.neighbors(x).iter().copied().filter(|&z| z != y).collect()
    };
    p != q && strip(p, q) == strip(q, p)
}

fn swap(p: Point, q: Point, x: Point) -> Point {
    if x == p {
        q
    } else if x == q {
        p
    } else {
        x
    }
}

fn swapped(f: &Configuration, p: Point, q: Point) -> Configuration {
    let mut cells = f.cells().to_vec();
    cells.swap(p.index(), q.index());
    Configuration::from_cells(cells)
}

fn any_graph() -> impl Strategy<Value = (usize, Vec<bool>)> {
    (2usize..=8, 0.1f64..0.8).prop_flat_map(|(n, d)| {
        (
            Just(n),
            prop::collection::vec(prop::bool::weighted(d), n * (n - 1) / 2),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn classes_are_the_twin_relation((n, edges) in any_graph()) {
        let b = graph(n, &edges);
        let classes = b.twin_classes();
        let class_of = |x: Point| classes.iter().position(|c| c.contains(&x));
        let mut seen = vec![0; n];
        for c in &classes {
            prop_assert!(c.len() >= 2);
            for &x in c {
                seen[x.index()] += 1;
            }
        }
        prop_assert!(seen.iter().all(|&k| k <= 1), "a point in two classes");
        for p in b.points() {
            for q in b.points() {
                if p == q {
                    continue;
                }
                let same = class_of(p).is_some() && class_of(p) == class_of(q);
                prop_assert_eq!(same, twins(&b, p, q), "{:?} {:?}", p, q);
            }
        }
    }

    #[test]
    fn swapping_twins_commutes_with_phi(
        (n, edges) in any_graph(),
        seq in prop::collection::vec(any::<u32>(), 0..24),
    ) {
        let b = graph(n, &edges);
        for class in b.twin_classes() {
            let (p, q) = (class[0], class[class.len() - 1]);
            // An automorphism: x N y iff σx N σy.
            for x in b.points() {
                for y in b.points() {
                    prop_assert_eq!(
                        b.are_neighbors(x, y),
                        b.are_neighbors(swap(p, q, x), swap(p, q, y))
                    );
                }
            }
            // φ(σf, σm) = σφ(f, m) along a random game.
            let mut f = Configuration::from_cells(vec![None; n]);
            let mut to_move = Color::Black;
            for &code in &seq {
                let k = code as usize % (n + 1);
                let m = if k == n { Move::Pass } else { Move::Play(Point::from_index(k)) };
                let sm = match m {
                    Move::Play(x) => Move::Play(swap(p, q, x)),
                    Move::Pass => Move::Pass,
                };
                let (g, _, _) = naive::play(&b, &f, to_move, m);
                let (sg, _, _) = naive::play(&b, &swapped(&f, p, q), to_move, sm);
                prop_assert_eq!(swapped(&g, p, q), sg);
                f = g;
                to_move = to_move.opponent();
            }
        }
    }
}

#[test]
fn grids_have_twins_only_on_tiny_boards() {
    // On a grid of at least 3×3 no two points share a neighbourhood.
    assert!(Board::grid(3, 3).unwrap().twin_classes().is_empty());
    assert!(Board::grid(19, 19).unwrap().twin_classes().is_empty());
    // 1×2: the two points are true twins; 2×2: the diagonal pairs are false twins.
    assert_eq!(Board::line(2).unwrap().twin_classes().len(), 1);
    assert_eq!(Board::grid(2, 2).unwrap().twin_classes().len(), 2);
}
