#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::{Board, Color, Configuration, Move, Point, Position};

use super::*;
use crate::region::local_cluster;

/// A `size`×`size` board with Black's and White's stones at these SGF points
/// (`"aa ab"`), Black to move.
fn board(size: u32, black: &str, white: &str) -> Position {
    let board = Arc::new(Board::grid(size, size).unwrap());
    let mut config = Configuration::empty(board.len());
    for (stones, c) in [(black, Color::Black), (white, Color::White)] {
        for name in stones.split_whitespace() {
            config.set(board.parse_point(name).unwrap(), Some(c));
        }
    }
    Position::new(board, &config, Color::Black).unwrap()
}

fn pt(full: &Position, name: &str) -> Point {
    full.board().parse_point(name).unwrap()
}

/// White aa-db walled in by Black at the top left corner (tsume-sgf's `CORNER`).
const CORNER_WHITE: &str = "ba da ab bb cb db";
const CORNER_BLACK: &str = "ea eb ac bc cc dc ec";

/// The cluster: three lines away joins (ha from ea), four do not (ia), and a stone joins
/// through another (ka through ha).
#[test]
fn the_cluster_reaches_three_lines() {
    let cluster = |extra: &str| {
        let full = board(19, &format!("{CORNER_BLACK} {extra}"), CORNER_WHITE);
        let c = local_cluster(&full, pt(&full, "ab"));
        let has = |name: &str| c[pt(&full, name).index()];
        (has("ha"), has("ia"), has("ka"), has("ea"))
    };
    assert_eq!(cluster("ha"), (true, false, false, true));
    assert_eq!(cluster("ia"), (false, false, false, true));
    assert_eq!(cluster("ha ka"), (true, false, true, true));
}

/// `Board` is the whole board as it is, the same as [`Area::whole`]: nothing is cut off,
/// so nothing touches the outside.
#[test]
fn the_board_rule_keeps_the_position() {
    let full = board(5, "ac bc cc dc ec ea eb", "aa ba ca ab bb cb db");
    let target = pt(&full, "ab");
    let mut notes = Vec::new();
    let area = Area::cut(
        &full,
        target,
        &RegionSpec::Board,
        AreaOptions::default(),
        &mut notes,
    )
    .unwrap();
    assert_eq!(area.position(), &full);
    assert_eq!(area.region().len(), 25);
    assert_eq!(area.target(), target);
    assert_eq!(area.outside(), None);
    assert!(notes.is_empty());
    let whole = Area::whole(&full, target);
    assert_eq!(whole.position(), area.position());
    assert_eq!(whole.map(), area.map());
}

#[test]
fn errors_name_the_target() {
    let full = board(7, CORNER_BLACK, CORNER_WHITE);
    let mut notes = Vec::new();
    let empty = pt(&full, "aa");
    let e = Area::cut(
        &full,
        empty,
        &RegionSpec::Auto,
        AreaOptions::default(),
        &mut notes,
    )
    .unwrap_err();
    assert_eq!(e, AreaError::TargetEmpty("A7 (aa)".into()));
    assert_eq!(
        e.to_string(),
        "the target A7 (aa) is an empty point, not a stone"
    );
    let listed = RegionSpec::Points(vec!["ea".into()]);
    let e = Area::cut(
        &full,
        pt(&full, "ab"),
        &listed,
        AreaOptions::default(),
        &mut notes,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad region: the target A6 (ab) is not in the region"
    );
}

/// A legal position on a `size`×`size` board: random moves played with φ from the
/// empty board (every position φ reaches is legal).
fn any_position() -> impl Strategy<Value = Position> {
    (4u32..=9).prop_flat_map(|size| {
        prop::collection::vec(0..size * size + 1, 0..60).prop_map(move |moves| {
            let board = Arc::new(Board::grid(size, size).unwrap());
            let mut p = Position::new(
                board,
                &Configuration::empty((size * size) as usize),
                Color::Black,
            )
            .unwrap();
            for m in moves {
                let mv = if m == size * size {
                    Move::Pass
                } else {
                    Move::Play(Point::from_index(m as usize))
                };
                p.play_in_place(mv);
            }
            p
        })
    })
}

fn any_spec() -> impl Strategy<Value = RegionSpec> {
    prop_oneof![
        Just(RegionSpec::Auto),
        Just(RegionSpec::Grown),
        Just(RegionSpec::Tight),
        Just(RegionSpec::Board),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// What the crate docs promise of every cut, checked on the whole board: the region
    /// holds the target's group; the position in play is the region's induced graph
    /// (same colours, same adjacency) plus at most `outside` and its two eyes; every
    /// attacker group of the region next to a point outside it is joined to `outside`;
    /// with the frame, so is every empty point of the region next to one.
    #[test]
    fn the_position_in_play_is_the_region_and_the_outside(
        full in any_position(),
        spec in any_spec(),
        pick in any::<prop::sample::Index>(),
        no_frame in any::<bool>(),
        keep_sealed in any::<bool>(),
    ) {
        let board = full.board();
        let stones: Vec<Point> = board.points().filter(|&p| full.color(p).is_some()).collect();
        prop_assume!(!stones.is_empty());
        let target = stones[pick.index(stones.len())];
        let attacker = full.color(target).unwrap().opponent();
        let options = AreaOptions { no_frame, keep_sealed };
        let mut notes = Vec::new();
        let area = match Area::cut(&full, target, &spec, options, &mut notes) {
            Ok(a) => a,
            // A cut that leaves a group without a liberty is refused, never built.
            Err(AreaError::BadRegion(e)) => {
                prop_assert!(e.starts_with("the region leaves"), "{e}");
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        let region = area.region();
        prop_assert!(region.windows(2).all(|w| w[0] < w[1]), "index order");
        for s in full.group(target) {
            prop_assert!(region.contains(&s));
        }
        let pos = area.position();
        prop_assert_eq!(area.to_full(area.target()), Some(target));
        let mut real = 0;
        for q in pos.board().points() {
            match area.to_full(q) {
                Some(f) => {
                    real += 1;
                    prop_assert_eq!(pos.color(q), full.color(f));
                    prop_assert_eq!(area.from_full(f), Some(q));
                    for r in pos.board().points() {
                        if let Some(g) = area.to_full(r) {
                            prop_assert_eq!(pos.board().are_neighbors(q, r), board.are_neighbors(f, g));
                        }
                    }
                }
                None => prop_assert!(area.outside().is_some()),
            }
        }
        prop_assert_eq!(real, region.len());
        let virtual_points = pos.board().len() - real;
        prop_assert!(virtual_points == 0 || virtual_points == 3);
        if let Some(out) = area.outside() {
            prop_assert_eq!(pos.color(out), Some(attacker));
            prop_assert_eq!(area.virtual_eyes().len(), 2);
            for &(e, s) in area.virtual_eyes() {
                prop_assert_eq!(s, out);
                prop_assert_eq!(pos.color(e), None);
                prop_assert_eq!(pos.board().neighbors(e), &[out]);
            }
        }
        let in_region = |p: Point| region.binary_search(&p).is_ok();
        for &p in region {
            let touches = board.neighbors(p).iter().any(|&q| !in_region(q));
            if !touches {
                continue;
            }
            let q = area.from_full(p).unwrap();
            match full.color(p) {
                Some(c) if c == attacker => {
                    let out = area.outside().unwrap();
                    prop_assert_eq!(pos.group_id(q), pos.group_id(out));
                }
                None if !no_frame => {
                    let out = area.outside().unwrap();
                    prop_assert!(pos.board().are_neighbors(q, out));
                    prop_assert!(area.frame_points().contains(&q));
                }
                _ => {}
            }
        }
    }
}
