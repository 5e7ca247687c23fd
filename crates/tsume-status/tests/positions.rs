//! Hand-made positions, one for each status and for local-2, each with a line that
//! shows it: the line is replayed with φ and its leaf labelled as the seed says, and the
//! line the library gives replays to the same label. Diagrams: `x` Black, `o` White,
//! GTP coordinates (A1 bottom left); the opponent of the string moves first.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_board::{Color, Move, Point, Position};
use tsume_status::{status, Options, Report, Status};

fn position(diagram: &str, ko: bool) -> Position {
    Position::from_diagram(diagram, Color::Black)
        .unwrap()
        .with_ko_rule(ko)
}

/// Replays `moves` from the start (the opponent first) and labels the leaf with
/// Cassandra's local-2; the sequence must end with two passes.
fn replay(p: &Position, x: Point, r: &Report, moves: &[Move]) -> Status {
    let mut q = p.with_to_move(r.first);
    let player = r.player;
    let mut captured = false;
    for m in moves {
        q = q.play(*m);
        captured |= q.color(x) != Some(player);
    }
    let n = moves.len();
    assert!(
        n >= 2 && moves[n - 2..] == [Move::Pass, Move::Pass],
        "{moves:?}"
    );
    let stands = |pts: &[Point]| pts.iter().any(|&s| q.color(s) == Some(player));
    let outside: Vec<Point> = r
        .cassandra
        .local2
        .points
        .iter()
        .copied()
        .filter(|s| !r.string.contains(s))
        .collect();
    if !captured {
        Status::A
    } else if stands(&r.string) {
        Status::B2
    } else if stands(&outside) {
        Status::B31
    } else {
        Status::B32
    }
}

fn moves(p: &Position, line: &str) -> Vec<Move> {
    line.split_whitespace()
        .map(|m| match m {
            "pass" => Move::Pass,
            q => Move::Play(p.board().parse_point(q).unwrap()),
        })
        .collect()
}

/// Evaluates the string on `at`, checks both statuses, and the line.
fn check(
    diagram: &str,
    ko: bool,
    at: &str,
    cassandra: Status,
    j2003: Option<Status>,
    line: &str,
) -> Report {
    let p = position(diagram, ko);
    let x = p.board().parse_point(at).unwrap();
    let r = status(&p, x, &Options::default()).unwrap();
    assert_eq!(r.cassandra.status, cassandra, "{diagram}");
    assert_eq!(r.j2003.status, j2003, "{diagram}");
    assert_eq!(replay(&p, x, &r, &moves(&p, line)), cassandra, "{line}");
    if !r.cassandra.line_repeats {
        assert_eq!(replay(&p, x, &r, &r.cassandra.line), cassandra);
    }
    r
}

/// A: a White stone between two empty points of a line. A Black stone on either point
/// has no liberty and captures nothing: a suicide, so a pass. White is never captured.
#[test]
fn uncapturable() {
    let r = check(
        ". o .",
        false,
        "B1",
        Status::A,
        Some(Status::A),
        "pass pass",
    );
    // Nothing is ever captured: Cassandra needs no plies.
    assert_eq!(r.cassandra.plies, 0);
}

/// B2: White C1 captures the two Black stones; Black B1 captures C1 back, and then
/// neither A1 nor C1 can take a White stone (suicide), so Black's stone on B1, a point
/// of the string, is permanent.
#[test]
fn capturable_1() {
    check(
        "x x .",
        false,
        "A1",
        Status::B2,
        Some(Status::B2),
        "C1 B1 pass pass",
    );
}

/// B31 (under the basic ko rule): White C1 captures A1–B1; Black B1 puts C1 in atari and
/// White A1 takes it, a ko Black may not retake at once; Black's move elsewhere (D1) is a
/// suicide. So White keeps Black off A1 and B1, but not off E1–F1, which stand to the
/// end on local-2 (E1–F1 is capturable-2 itself, so it does not bound local-2).
#[test]
fn capturable_2() {
    let r = check(
        "x x . . x x",
        true,
        "A1",
        Status::B31,
        Some(Status::B31),
        "C1 B1 A1 pass pass",
    );
    let p = position("x x . . x x", true);
    let e1 = p.board().parse_point("E1").unwrap();
    assert_eq!(r.cassandra.local2.neighbours, vec![(e1, false)]);
    assert_eq!(r.cassandra.local2.points.len(), 6);
}

/// B32: White B1 captures A1; Black can never play again (A1 and C1 are suicides).
#[test]
fn not_alive() {
    check(
        "x . .",
        false,
        "A1",
        Status::B32,
        Some(Status::B32),
        "B1 pass pass",
    );
}

/// local-2 stops at the player's strings found uncapturable or capturable-1: White E1
/// captures F1, and Black can never stand on D1 or E1 again (a suicide while E1 stands,
/// E1 having the liberty D1… and F1); A1–C1 survives, but A1–C1 is capturable-1, so its
/// stones bound local-2 = {D1, E1, F1} and do not count: B32, not B31.
#[test]
fn local_2_is_bounded_by_settled_strings() {
    let diagram = "x x x . . x";
    let r = check(
        diagram,
        false,
        "F1",
        Status::B32,
        Some(Status::B32),
        "E1 pass pass",
    );
    let p = position(diagram, false);
    let names: Vec<String> = r
        .cassandra
        .local2
        .points
        .iter()
        .map(|&q| p.board().gtp(q))
        .collect();
    assert_eq!(names, ["D1", "E1", "F1"]);
    let a1 = p.board().parse_point("A1").unwrap();
    assert_eq!(r.cassandra.local2.neighbours, vec![(a1, true)]);
    // A1–C1 on its own: White D1 captures it, Black comes back on its points.
    let a = status(&p, a1, &Options::default()).unwrap();
    assert_eq!(a.cassandra.status, Status::B2);
}

/// The two evaluations differ on the smallest board, 2×2, with one stone (under either
/// ko rule): Cassandra's single pass gives capturable-1 (Black can always come back on
/// A1 for good: the line), J2003's steps capturable-2, settled from bound 26 on. In step
/// 2 the A leaves are cut, and with them the infinite play the opponent would have to
/// avoid; Black's best finished lines then keep a stone only off A1.
#[test]
fn the_evaluations_differ_on_two_by_two() {
    for ko in [false, true] {
        let r = check(
            ". .\nx .",
            ko,
            "A1",
            Status::B2,
            Some(Status::B31),
            "B2 pass A2 B1 A2 pass B2 B1 pass A1 A2 pass pass",
        );
        assert!(!r.agree());
        assert_eq!(r.j2003.limit.settled_from(), Some(26));
        assert_eq!(r.cassandra.plies, 14);
    }
}

/// On 1×4 without a ko rule, J2003's conclusion for D1 has no limit: whether A1–B1
/// bounds local-2 alternates with the parity of the bound, so local-2 is undefined, and
/// without it the steps give neither A nor B2. Cassandra: capturable-1. With a bound
/// asked, J2003 is defined at that bound.
#[test]
fn j2003_may_not_settle() {
    let p = position("x x . x", false);
    let d1 = p.board().parse_point("D1").unwrap();
    let a1 = p.board().parse_point("A1").unwrap();
    let r = status(&p, d1, &Options::default()).unwrap();
    assert_eq!(r.cassandra.status, Status::B2);
    assert_eq!(r.j2003.status, None);
    assert_eq!(r.j2003.local2, Err(a1));
    // A1–B1 alone: J2003 alternates between capturable-1 and not alive.
    let a = status(&p, a1, &Options::default()).unwrap();
    assert_eq!(a.j2003.status, None);
    let mut cycle = a.j2003.limit.cycle().to_vec();
    cycle.sort();
    cycle.dedup();
    assert_eq!(cycle, [Status::B32, Status::B2]);
    // At a given bound, defined; for A1–B1 the two parities differ.
    let at = |x, d| {
        let o = Options {
            depth: Some(d),
            ..Options::default()
        };
        status(&p, x, &o).unwrap().j2003.status.unwrap()
    };
    assert_ne!(at(a1, 40), at(a1, 41));
    assert_eq!(at(d1, 40), Status::B32);
}
