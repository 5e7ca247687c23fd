//! Worked examples: the cases of the moving function φ (Crăşmaru §2), captures, the
//! seeds' line positions, diagonal adjacency (Jin Bai Kim, *On the Game of Go*), and the
//! graph file format (round trips and refusals with line numbers).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::{
    diagram, naive, parse_diagram, parse_graph, write_graph, Board, Color, Configuration,
    CoordErrorKind, DiagramError, GraphErrorKind, GraphFile, Move, Played, Point, Position,
};

fn pos(text: &str, c: Color) -> Position {
    Position::from_diagram(text, c).unwrap()
}

fn at(p: &Position, name: &str) -> Move {
    Move::Play(p.board().parse_point(name).unwrap())
}

fn line_point(i: usize) -> Move {
    Move::Play(Point::from_index(i))
}

/// Plays `m` in place and checks the result against the naive transcription too.
fn play_checked(p: &Position, m: Move) -> (Position, Played) {
    let mut q = p.clone();
    let played = q.play_in_place(m);
    let (g, b, captured) = naive::play(p.board(), &p.configuration(), p.to_move(), m);
    assert_eq!(q.configuration(), g);
    assert_eq!(q.to_move(), b);
    if let Played::Stone { captured: k } = played {
        assert_eq!(k as usize, captured.len());
    } else {
        assert!(captured.is_empty());
    }
    q.check_consistency().unwrap();
    (q, played)
}

fn successor_set(p: &Position) -> BTreeSet<String> {
    p.successors()
        .into_iter()
        .map(|(_, q)| diagram::render(&q))
        .collect()
}

fn diagram_set(list: &[(&str, Color)]) -> BTreeSet<String> {
    list.iter()
        .map(|(d, c)| diagram::render(&pos(d, *c)))
        .collect()
}

// ---------------------------------------------------------------------------------
// φ, case 1 and the suicide case of case 2: the configuration stays, the turn passes.

#[test]
fn pass_gives_same_configuration_other_player() {
    let p = pos("x o .\n. x o\n. . .", Color::Black);
    let (q, played) = play_checked(&p, Move::Pass);
    assert_eq!(played, Played::Pass);
    assert_eq!(q.configuration(), p.configuration());
    assert_eq!(q.to_move(), Color::White);
    assert_eq!(q, p.with_to_move(Color::White));
    assert_eq!(q.hash(), p.with_to_move(Color::White).hash());
    assert_ne!(q.hash(), p.hash());
    // Passing twice comes back to p.
    let (r, _) = play_checked(&q, Move::Pass);
    assert_eq!(r, p);
    assert_eq!(r.hash(), p.hash());
}

#[test]
fn occupied_point_is_a_pass() {
    let p = pos("x o .\n. x o\n. . .", Color::White);
    for name in ["A3", "B3", "B2", "C2"] {
        let (q, played) = play_checked(&p, at(&p, name));
        assert_eq!(played, Played::Occupied, "{name}");
        assert_eq!(q, p.with_to_move(Color::Black), "{name}");
        assert!(played.is_pass());
    }
}

#[test]
fn suicide_is_a_pass() {
    // A single stone with no liberty and no capture.
    let p = pos("( - o - )", Color::Black);
    let (q, played) = play_checked(&p, line_point(0));
    assert_eq!(played, Played::Suicide);
    assert_eq!(q, p.with_to_move(Color::White));
    assert!(p.is_suicide(Point::from_index(0)));
    assert!(!p.is_legal(Point::from_index(0)));
    // Filling the last liberty of one's own group is suicide too.
    let p = pos(". x o\nx x o\no o .", Color::Black);
    let (q, played) = play_checked(&p, at(&p, "A3"));
    assert_eq!(played, Played::Suicide);
    assert_eq!(q, p.with_to_move(Color::White));
    // … but the same point is fine for White, who captures the three black stones.
    let p = p.with_to_move(Color::White);
    let (q, played) = play_checked(&p, at(&p, "A3"));
    assert_eq!(played, Played::Stone { captured: 3 });
    assert_eq!(q, pos("o . o\n. . o\no o .", Color::Black));
}

#[test]
fn capture_comes_before_the_suicide_test() {
    // Black's stone at the end has no empty neighbour, but it captures.
    let p = pos("( - x o - )", Color::Black);
    let (q, played) = play_checked(&p, line_point(3));
    assert_eq!(played, Played::Stone { captured: 1 });
    assert_eq!(q, pos("( - x - x )", Color::White));
    // A ko shape: Black at C2 has no empty neighbour but takes B2; with no ko rule White
    // may retake at once, and the configuration repeats.
    let p = pos(". x o .\nx o . o\n. x o .", Color::Black);
    let (q, played) = play_checked(&p, at(&p, "C2"));
    assert_eq!(played, Played::Stone { captured: 1 });
    let back = q.play(at(&q, "B2"));
    assert_eq!(
        back.configuration(),
        p.configuration(),
        "retaking at once is allowed"
    );
}

#[test]
fn capture_of_several_groups_at_once() {
    // White fills the middle of the line and takes both black stones.
    let p = pos("( - o x - x o - )", Color::White);
    let (q, played) = play_checked(&p, line_point(3));
    assert_eq!(played, Played::Stone { captured: 2 });
    assert_eq!(q, pos("( - o - o - o - )", Color::Black));
    // Four single white stones around one point.
    let p = pos(". x o x .\nx o . o x\n. x o x .", Color::Black);
    let x = p.board().parse_point("C2").unwrap();
    let mut groups: BTreeSet<Point> = BTreeSet::new();
    for s in p.captures_of(x) {
        groups.insert(p.group_id(s).unwrap());
    }
    assert_eq!(groups.len(), 4);
    let (q, played) = play_checked(&p, Move::Play(x));
    assert_eq!(played, Played::Stone { captured: 4 });
    assert_eq!(q, pos(". x . x .\nx . x . x\n. x . x .", Color::White));
    assert_eq!(q.liberty_count(x), 4);
    // Two groups of two stones each.
    let p = pos("o x x o .\n. o . x o\n. . o x o", Color::White);
    let (q, played) = play_checked(&p, at(&p, "C2"));
    assert_eq!(played, Played::Stone { captured: 4 });
    assert_eq!(q, pos("o . . o .\n. o o . o\n. . o . o", Color::Black));
    // On a graph a group can touch the point by several edges: {a, b} has the single
    // liberty z through both a and b (two pseudo-liberties).
    let g = parse_graph("point z a b w u\nedges z: a b\nedges a: b w\nedge b w\nedge w u\nblack a b\nwhite w\nto-move W\n").unwrap();
    let p = g.position().unwrap();
    let z = g.board.point_named("z").unwrap();
    assert_eq!(p.liberty_count(g.board.point_named("a").unwrap()), 1);
    assert!(p.is_legal(z));
    let (q, played) = play_checked(&p, Move::Play(z));
    assert_eq!(played, Played::Stone { captured: 2 });
    assert_eq!(q.stone_count(), 2);
    assert_eq!(q.liberty_count(z), 2);
}

#[test]
fn removing_stones_gives_liberties_back() {
    // White's group {B2, C2} touches only black stones: the diagram is refused.
    let err = Position::from_diagram("x x x x\nx o o x\n. x x x", Color::Black).unwrap_err();
    match err {
        DiagramError::Illegal(e) => {
            assert_eq!(e.groups.len(), 1);
            assert_eq!(e.groups[0].0, Color::White);
            assert!(["B2", "C2"].contains(&e.groups[0].1.as_str()), "{e}");
        }
        other => panic!("unexpected {other}"),
    }
    let p = pos("x x x x\nx o o x\nx . x x", Color::Black);
    let (q, played) = play_checked(&p, at(&p, "B1"));
    assert_eq!(played, Played::Stone { captured: 2 });
    let big = q.board().parse_point("A3").unwrap();
    assert_eq!(q.group_size(big), 10);
    let libs: BTreeSet<String> = q.liberties(big).iter().map(|&l| q.board().gtp(l)).collect();
    assert_eq!(libs, BTreeSet::from(["B2".to_string(), "C2".to_string()]));
}

// ---------------------------------------------------------------------------------
// Line positions from the seeds (seed 000 writes lines as `( x - o o - )`).

#[test]
fn seed_line_x_gap_o_o_gap() {
    let p = pos("( x - o o - )", Color::Black);
    // Black to move: both empty points are suicide, so Ψ(p) is the pass alone.
    assert_eq!(p.legal_moves().count(), 0);
    assert_eq!(
        successor_set(&p),
        diagram_set(&[("( x - o o - )", Color::White)])
    );
    // White to move: the pass, the capture at 1, and the extension at 4.
    let p = p.with_to_move(Color::White);
    let (q, played) = play_checked(&p, line_point(1));
    assert_eq!(played, Played::Stone { captured: 1 });
    assert_eq!(q, pos("( - o o o - )", Color::Black));
    assert_eq!(
        successor_set(&p),
        diagram_set(&[
            ("( x - o o - )", Color::Black),
            ("( - o o o - )", Color::Black),
            ("( x - o o o )", Color::Black),
        ])
    );
}

#[test]
fn seed_interchange_position() {
    // φ(0, 1, P) of seed 000: ( - x o o - ). Black at 4 captures two stones; Black at 0
    // is suicide.
    let p = pos("( - x o o - )", Color::Black);
    let (q, played) = play_checked(&p, line_point(4));
    assert_eq!(played, Played::Stone { captured: 2 });
    assert_eq!(q, pos("( - x - - x )", Color::White));
    let (q, played) = play_checked(&p, line_point(0));
    assert_eq!(played, Played::Suicide);
    assert_eq!(q, p.with_to_move(Color::White));
    assert_eq!(
        successor_set(&p),
        diagram_set(&[
            ("( - x o o - )", Color::White),
            ("( - x - - x )", Color::White)
        ])
    );
    // White to move: 0 captures the black stone; 4 would fill White's last liberty.
    let p = p.with_to_move(Color::White);
    assert!(p.is_suicide(Point::from_index(4)));
    assert_eq!(
        successor_set(&p),
        diagram_set(&[
            ("( - x o o - )", Color::Black),
            ("( o - o o - )", Color::Black)
        ])
    );
}

#[test]
fn line_names_and_coordinates() {
    let p = pos("( x - o o - )", Color::Black);
    let b = p.board();
    assert_eq!(b.len(), 5);
    assert_eq!(b.grid_info().map(|g| (g.width, g.height)), Some((5, 1)));
    assert_eq!(b.gtp(Point::from_index(0)), "A1");
    assert_eq!(b.sgf(Point::from_index(4)), "ea");
    assert_eq!(b.parse_point("E1").unwrap(), Point::from_index(4));
    assert_eq!(b.parse_point("ea").unwrap(), Point::from_index(4));
    let e = b.parse_point("F1").unwrap_err();
    assert!(
        matches!(
            e.kind,
            CoordErrorKind::OffBoard {
                width: 5,
                height: 1
            }
        ),
        "{e}"
    );
    assert!(matches!(
        b.parse_point("zz9").unwrap_err().kind,
        CoordErrorKind::Malformed
    ));
    assert_eq!(b.neighbors(Point::from_index(0)), &[Point::from_index(1)]);
    assert_eq!(
        b.neighbors(Point::from_index(2)),
        &[Point::from_index(1), Point::from_index(3)]
    );
}

// ---------------------------------------------------------------------------------
// Diagonal adjacency: seed 004 (Jin Bai Kim) makes (i, j) and (i ± 1, j ± 1) adjacent.

#[test]
fn diagonal_neighbours() {
    let b = Board::grid_with_diagonals(3, 3).unwrap();
    let centre = b.point_at(1, 1).unwrap();
    assert_eq!(b.neighbors(centre).len(), 8);
    assert_eq!(b.neighbors(b.point_at(0, 0).unwrap()).len(), 3);
    assert_eq!(b.neighbors(b.point_at(1, 0).unwrap()).len(), 5);
    assert_eq!(b.edge_count(), 20);
    let plain = Board::grid(3, 3).unwrap();
    assert_eq!(plain.edge_count(), 12);
}

#[test]
fn diagonal_stones_form_one_group() {
    let (_, config) = parse_diagram("x . .\n. x .\n. . x").unwrap();
    let diag = Arc::new(Board::grid_with_diagonals(3, 3).unwrap());
    let p = Position::new(Arc::clone(&diag), &config, Color::White).unwrap();
    let corner = diag.point_at(0, 0).unwrap();
    assert_eq!(p.group_size(corner), 3);
    assert_eq!(p.groups().count(), 1);
    assert_eq!(p.liberty_count(corner), 6);
    // With the ordinary relation the same stones are three groups.
    let plain = Arc::new(Board::grid(3, 3).unwrap());
    let q = Position::new(plain, &config, Color::White).unwrap();
    assert_eq!(q.groups().count(), 3);
    assert_eq!(q.group_size(corner), 1);
}

#[test]
fn diagonal_capture_needs_three_stones_in_the_corner() {
    let diag = Arc::new(Board::grid_with_diagonals(3, 3).unwrap());
    let (_, config) = parse_diagram("x o .\no . .\n. . .").unwrap();
    let p = Position::new(Arc::clone(&diag), &config, Color::White).unwrap();
    let b2 = diag.point_at(1, 1).unwrap();
    let (q, played) = play_checked(&p, Move::Play(b2));
    assert_eq!(played, Played::Stone { captured: 1 });
    assert_eq!(q.color(diag.point_at(0, 0).unwrap()), None);
    // On the ordinary grid the corner stone is already without liberty: refused.
    let plain = Arc::new(Board::grid(3, 3).unwrap());
    let e = Position::new(plain, &config, Color::White).unwrap_err();
    assert_eq!(e.groups, vec![(Color::Black, "A3".to_string())]);
}

/// Kim's Example 2 (seed 004): Black fills B̄ = B \ {(1,1), (1,2), (2,1)} while White
/// passes; then White plays (1,2), Black passes, White plays (2,1). With the 4-neighbour
/// relation and Crăşmaru's φ, the last move removes all n₁n₂ − 3 black stones. With
/// Kim's 8-neighbour relation the black stone at (2,2) still touches the liberty (1,1),
/// so nothing is captured (Kim captures by enclosure, φ by liberties).
#[test]
fn kim_example_2() {
    for (n1, n2) in [(6, 6), (6, 7), (8, 6)] {
        for diagonal in [false, true] {
            let board = Arc::new(if diagonal {
                Board::grid_with_diagonals(n1, n2).unwrap()
            } else {
                Board::grid(n1, n2).unwrap()
            });
            // Kim's (i, j), from 1.
            let k = |i: u32, j: u32| board.point_at(i - 1, j - 1).unwrap();
            let corner = [k(1, 1), k(1, 2), k(2, 1)];
            let mut p = Position::empty(Arc::clone(&board), Color::Black);
            // f(2n + 1): Black on the next point of B̄; f(2n): White passes.
            let mut moves = 0;
            for a in board.points().filter(|a| !corner.contains(a)) {
                if moves > 0 {
                    assert_eq!(p.play_in_place(Move::Pass), Played::Pass);
                    moves += 1;
                }
                assert_eq!(
                    play_checked(&p, Move::Play(a)).1,
                    Played::Stone { captured: 0 }
                );
                p.play_in_place(Move::Play(a));
                moves += 1;
            }
            assert_eq!(moves, 2 * (n1 * n2 - 3) as usize - 1);
            // f(2(n₁n₂ − 3)) = White on (1,2); a pass; White on (2,1).
            assert_eq!(p.to_move(), Color::White);
            assert_eq!(
                p.play_in_place(Move::Play(k(1, 2))),
                Played::Stone { captured: 0 }
            );
            assert_eq!(p.play_in_place(Move::Pass), Played::Pass);
            let (q, last) = play_checked(&p, Move::Play(k(2, 1)));
            moves += 3;
            if diagonal {
                assert_eq!(last, Played::Stone { captured: 0 });
                assert_eq!(q.stone_count(), (n1 * n2 - 1) as usize);
                // Black now takes the two white stones at (1,1).
                let (r, played) = play_checked(&q, Move::Play(k(1, 1)));
                assert_eq!(played, Played::Stone { captured: 2 });
                assert_eq!(r.stone_count(), (n1 * n2 - 2) as usize);
            } else {
                assert_eq!(
                    last,
                    Played::Stone {
                        captured: n1 * n2 - 3
                    }
                );
                assert_eq!(q.stone_count(), 2);
                assert_eq!(q.color(k(1, 2)), Some(Color::White));
                assert_eq!(q.color(k(2, 1)), Some(Color::White));
                // Kim: n ≤ 2(n₁n₂ − 2) moves up to the capture.
                assert_eq!(moves, 2 * (n1 * n2 - 2) as usize);
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// The graph file format.

const SAMPLE: &str = "\
tsume-graph 1            # a comment
point a b c d
point e
edge a b
edges c: a b d
nbrs d: e
nbrs e: d
black a c
white d
label d Λ (target)
to-move W
target d
";

#[test]
fn graph_file_reads_the_documented_example() {
    let g = parse_graph(SAMPLE).unwrap();
    let b = &g.board;
    assert_eq!(b.len(), 5);
    assert_eq!(b.edge_count(), 5);
    let n = |s: &str| b.point_named(s).unwrap();
    assert!(b.are_neighbors(n("a"), n("b")));
    assert!(b.are_neighbors(n("c"), n("d")));
    assert!(b.are_neighbors(n("e"), n("d")));
    assert!(!b.are_neighbors(n("a"), n("d")));
    assert_eq!(g.config.get(n("a")), Some(Color::Black));
    assert_eq!(g.config.get(n("d")), Some(Color::White));
    assert_eq!(g.config.get(n("b")), None);
    assert_eq!(g.to_move, Some(Color::White));
    assert_eq!(g.target, Some(n("d")));
    assert_eq!(g.labels, vec![(n("d"), "Λ (target)".to_string())]);
    let p = g.position().unwrap();
    assert_eq!(p.to_move(), Color::White);
    assert_eq!(p.group_size(n("a")), 2);
    assert_eq!(p.liberty_count(n("a")), 1);
}

fn round_trip(g: &GraphFile) {
    let text = write_graph(g);
    let back = parse_graph(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, g, "{text}");
    assert_eq!(write_graph(&back), text);
}

#[test]
fn graph_file_round_trips() {
    round_trip(&parse_graph(SAMPLE).unwrap());
    round_trip(&parse_graph("grid 5 4\nblack aa bb\nwhite cc\ntarget cc\n").unwrap());
    round_trip(&parse_graph("grid 3 3 diagonal\nwhite bb\nto-move B\n").unwrap());
    round_trip(&parse_graph("point lonely\n").unwrap());
    // A label with a '#' survives (written as ♯).
    let g = parse_graph("point x y\nedge x y\nlabel x note\n").unwrap();
    let mut g2 = g.clone();
    g2.labels = vec![(g.board.point_named("x").unwrap(), "a#b".to_string())];
    let back = parse_graph(&write_graph(&g2)).unwrap();
    assert_eq!(back.labels[0].1, "a♯b");
    // A file of more than 16 points and stones is split over several lines.
    let names: Vec<String> = (0..40).map(|i| format!("n{i}")).collect();
    let edges: Vec<(usize, usize)> = (0..39).map(|i| (i, i + 1)).collect();
    let board = Arc::new(Board::from_edges(names, &edges).unwrap());
    let mut config = Configuration::empty(40);
    for i in (0..40).step_by(2) {
        config.set(Point::from_index(i), Some(Color::Black));
    }
    round_trip(&GraphFile {
        board,
        config,
        to_move: None,
        target: Some(Point::from_index(10)),
        labels: Vec::new(),
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// write_graph then parse_graph gives back the same file, on random graphs with
    /// random legal stones.
    #[test]
    fn graph_file_round_trips_on_random_graphs(
        n in 1usize..20,
        edges in prop::collection::vec((0usize..20, 0usize..20), 0..40),
        moves in prop::collection::vec(0usize..21, 0..40),
        to_move in prop::option::of(any::<bool>()),
        target in prop::option::of(0usize..20),
    ) {
        let edges: Vec<(usize, usize)> =
            edges.into_iter().map(|(a, b)| (a % n, b % n)).filter(|(a, b)| a != b).collect();
        let names = (0..n).map(|i| format!("v{i}")).collect();
        let board = Arc::new(Board::from_edges(names, &edges).unwrap());
        let mut p = Position::empty(Arc::clone(&board), Color::Black);
        for m in moves {
            p.play_in_place(if m >= n { Move::Pass } else { Move::Play(Point::from_index(m)) });
        }
        let g = GraphFile {
            board,
            config: p.configuration(),
            to_move: to_move.map(|w| if w { Color::White } else { Color::Black }),
            target: target.map(|t| Point::from_index(t % n)),
            labels: Vec::new(),
        };
        let text = write_graph(&g);
        let back = parse_graph(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back, g);
    }
}

/// Parses `text`, expecting an error on `line` matching `kind`.
fn refused(text: &str, line: usize, kind: impl Fn(&GraphErrorKind) -> bool) -> String {
    let e = parse_graph(text).unwrap_err();
    assert_eq!(e.line, line, "{e}");
    assert!(kind(&e.kind), "unexpected {e:?}");
    let msg = e.to_string();
    if line > 0 {
        assert!(msg.starts_with(&format!("line {line}: ")), "{msg}");
    }
    msg
}

#[test]
fn graph_file_refusals() {
    let msg = refused(
        "point a b\nedge a b\nedge a z\n",
        3,
        |k| matches!(k, GraphErrorKind::UnknownPoint(n) if n == "z"),
    );
    assert!(msg.contains("\"z\""), "{msg}");
    refused(
        "point a b\nedges a: b q\n",
        2,
        |k| matches!(k, GraphErrorKind::UnknownPoint(n) if n == "q"),
    );
    let msg = refused(
        "point a b\n\n# comment\nedge b b\n",
        4,
        |k| matches!(k, GraphErrorKind::SelfLoop(n) if n == "b"),
    );
    assert!(msg.contains("itself"), "{msg}");
    refused("point a b\nedges a: b a\n", 2, |k| {
        matches!(k, GraphErrorKind::SelfLoop(_))
    });
    let msg = refused(
        "point a b\npoint c\npoint b\n",
        3,
        |k| matches!(k, GraphErrorKind::DuplicatePoint(n, 1) if n == "b"),
    );
    assert!(msg.contains("line 1"), "{msg}");
    refused(
        "point a b c\nnbrs a: b\nnbrs b: a c\nnbrs c:\n",
        3,
        |k| matches!(k, GraphErrorKind::Asymmetric(a, b) if a == "b" && b == "c"),
    );
    refused("", 0, |k| matches!(k, GraphErrorKind::Empty));
    refused("# nothing here\n\ntsume-graph 1\n", 0, |k| {
        matches!(k, GraphErrorKind::Empty)
    });
    let msg = refused(
        "point a b c\nedge a b\nedge b c\nblack a\nwhite c a\n",
        5,
        |k| matches!(k, GraphErrorKind::TwoColors(n) if n == "a"),
    );
    assert!(msg.contains("both black and white"), "{msg}");
    refused(
        "point a b\nblack a\nblack q\n",
        3,
        |k| matches!(k, GraphErrorKind::UnknownPoint(n) if n == "q"),
    );
    refused("point a b\ntarget q\n", 2, |k| {
        matches!(k, GraphErrorKind::UnknownPoint(_))
    });
    refused("point a b\nlabel q hello\n", 2, |k| {
        matches!(k, GraphErrorKind::UnknownPoint(_))
    });
    refused(
        "point a\nfrobnicate a\n",
        2,
        |k| matches!(k, GraphErrorKind::UnknownDirective(d) if d == "frobnicate"),
    );
    refused("point a\nto-move purple\n", 2, |k| {
        matches!(k, GraphErrorKind::BadValue(_))
    });
    refused("tsume-graph 2\n", 1, |k| {
        matches!(k, GraphErrorKind::BadValue(_))
    });
    refused("grid 3 x\n", 1, |k| {
        matches!(k, GraphErrorKind::BadValue(_))
    });
    refused("grid 3 3 hex\n", 1, |k| {
        matches!(k, GraphErrorKind::BadValue(_))
    });
    refused("grid 0 3\n", 1, |k| matches!(k, GraphErrorKind::Board(_)));
    refused("grid 3 3\npoint a\n", 2, |k| {
        matches!(k, GraphErrorKind::GridAndPoints)
    });
    refused("point a\ngrid 3 3\n", 2, |k| {
        matches!(k, GraphErrorKind::GridAndPoints)
    });
    refused("point a\nedge a\n", 2, |k| {
        matches!(k, GraphErrorKind::MissingArgument(_))
    });
    // A configuration breaking Theorem 2 names the group.
    let msg = refused(
        "point a b\nedge a b\nblack a\nwhite b\n",
        3,
        |k| matches!(k, GraphErrorKind::Illegal(e) if e.groups.len() == 2),
    );
    assert!(msg.contains("no liberties"), "{msg}");
    let msg = refused(
        "grid 3 2\nwhite ba\nblack aa ca bb\n",
        2,
        |k| matches!(k, GraphErrorKind::Illegal(e) if e.groups.len() == 1),
    );
    assert!(msg.contains("white group at B2"), "{msg}");
    let msg = refused("point a b c\nedges b: a c\nblack b\nblack a c\n", 4, |k| {
        matches!(k, GraphErrorKind::Illegal(_))
    });
    // The line is the one placing the stone the message names.
    assert!(msg.contains("black group at a"), "{msg}");
}

#[test]
fn diagram_refusals() {
    assert_eq!(parse_diagram("").unwrap_err(), DiagramError::Empty);
    assert_eq!(
        parse_diagram(". .\n. ?").unwrap_err(),
        DiagramError::BadChar(2, '?')
    );
    assert_eq!(
        parse_diagram(". .\n. . .").unwrap_err(),
        DiagramError::Ragged(2, 3, 2)
    );
    let e = Position::from_diagram("x o\no .", Color::Black).unwrap_err();
    assert!(e.to_string().contains("A2"), "{e}");
}

#[test]
fn board_refusals() {
    use tsume_board::BoardError;
    assert_eq!(
        Board::from_edges(vec![], &[]).unwrap_err(),
        BoardError::Empty
    );
    assert_eq!(
        Board::from_edges(vec!["a".into(), "a".into()], &[]).unwrap_err(),
        BoardError::DuplicateName("a".into())
    );
    assert_eq!(
        Board::from_edges(vec!["a".into()], &[(0, 0)]).unwrap_err(),
        BoardError::SelfLoop("a".into())
    );
    assert_eq!(
        Board::from_edges(vec!["a".into()], &[(0, 3)]).unwrap_err(),
        BoardError::UnknownPoint(3)
    );
    assert!(Board::grid(0, 5).is_err());
    assert!(Board::grid(53, 1).is_err());
    assert!(Board::line(52).is_ok());
    // Duplicate edges are one edge.
    let b = Board::from_edges(vec!["a".into(), "b".into()], &[(0, 1), (1, 0), (0, 1)]).unwrap();
    assert_eq!(b.edge_count(), 1);
    // petgraph round trip.
    let g = b.to_petgraph();
    assert_eq!(Board::from_petgraph(&g).unwrap(), b);
}

/// Bad graph files never panic: every truncation of the documented example, each line
/// dropped, duplicated or with a word replaced by a keyword, a name or a number, reads or
/// fails with a one-line error (building the position of a file that reads may fail too,
/// with an error, never a panic).
#[test]
fn mangled_graph_files_never_panic() {
    let check = |t: &str| match parse_graph(t) {
        Ok(g) => {
            let _ = g.position();
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.contains('\n'), "{msg}");
            assert!(!msg.is_empty());
        }
    };
    for (i, _) in SAMPLE.char_indices() {
        check(&SAMPLE[..i]);
    }
    let lines: Vec<&str> = SAMPLE.lines().collect();
    let words = [
        "point",
        "edge",
        "edges",
        "nbrs",
        "black",
        "white",
        "label",
        "to-move",
        "target",
        "a",
        "d",
        "zz",
        "B",
        "W",
        "b:",
        "0",
        "-1",
        "#",
        "",
        "tsume-graph",
        "2",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for (i, line) in lines.iter().enumerate() {
        let mut dropped = lines.clone();
        dropped.remove(i);
        check(&dropped.join("\n"));
        let mut doubled = lines.clone();
        doubled.insert(i, line);
        check(&doubled.join("\n"));
        let parts: Vec<&str> = line.split(' ').collect();
        for j in 0..parts.len() {
            for _ in 0..4 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mut p = parts.clone();
                p[j] = words[(seed % words.len() as u64) as usize];
                let mut m = lines.clone();
                let joined = p.join(" ");
                m[i] = &joined;
                check(&m.join("\n"));
            }
        }
    }
}
