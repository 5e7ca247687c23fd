#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use tsume_board::{Color, Position};
use tsume_prove::{Options, Verdict};
use tsume_sgf::{LoadOptions, Problem};

use super::*;

/// A bundled problem (`problems/`), loaded with the default options.
pub(crate) fn bundled(name: &str) -> Problem {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../problems")
        .join(name);
    tsume_sgf::load_problem(&path, &LoadOptions::default()).unwrap()
}

/// The status against both verdicts, written out as the table of its definition: the
/// attacker's verdict moving first, then the defender's.
#[test]
fn status_from_both_verdicts() {
    use Verdict::{Alive as A, Dead as D, Unknown as U};
    let table = [
        (D, D, Status::Dead),
        (A, A, Status::Alive),
        (D, A, Status::Unsettled),
        (A, D, Status::Inconsistent),
        (U, D, Status::Unknown),
        (U, A, Status::Unknown),
        (D, U, Status::Unknown),
        (A, U, Status::Unknown),
        (U, U, Status::Unknown),
    ];
    for (attacker_first, defender_first, want) in table {
        assert_eq!(
            Status::of(attacker_first, defender_first),
            want,
            "{attacker_first} {defender_first}"
        );
    }
}

/// The report on a bundled problem against what a plain search and a plain check, done
/// here by hand, give: the same verdicts, moves, nodes and trees, each accepted by the
/// checker, and the status the file states.
#[test]
fn report_agrees_with_a_search_and_a_check_by_hand() {
    let p = bundled("03_bent_three_corner.sgf");
    let report = answer(p.position(), p.target(), &Settings::default()).unwrap();
    let depth = tsume_prove::default_depth(p.position());
    assert_eq!(report.depth, depth);
    assert_eq!(report.defender, Color::White);
    let order: Vec<Color> = report.sides.iter().map(|s| s.to_move).collect();
    assert_eq!(order, [Color::Black, Color::White], "the attacker's first");
    for side in &report.sides {
        let pos = p.position().with_to_move(side.to_move);
        let opts = Options {
            depth,
            want_tree: true,
            max_tree_nodes: DEFAULT_MAX_TREE,
            exact_positions: DEFAULT_EXACT_POSITIONS,
            forever_nodes: DEFAULT_FOREVER_POSITIONS,
            ..Options::default()
        };
        let plain = tsume_prove::solve(&pos, p.target(), &opts).unwrap();
        assert_eq!(side.answer.verdict, plain.verdict);
        assert_eq!(side.answer.moves, plain.moves);
        assert_eq!(side.answer.pv, plain.pv);
        assert_eq!(side.answer.stats.nodes, plain.stats.nodes);
        let tree = plain.tree.unwrap();
        let by_hand = tsume_proof::check(&pos, p.target(), &tree).unwrap();
        let Some(Ok(c)) = &side.check else {
            panic!("{:?} to move: not checked: {:?}", side.to_move, side.check);
        };
        assert_eq!(c.nodes, by_hand.nodes);
        assert_eq!(c.repetition_free, by_hand.repetition_free);
        assert_eq!(side.mover_wins(), Some(true), "whoever moves first wins");
    }
    assert_eq!(report.status(), Some(Status::Unsettled));
    assert!(report.rejected().is_none());
}

/// One side asked: one search, no status; unchecked settings leave no check; an empty
/// target is refused.
#[test]
fn one_side_unchecked_and_an_empty_target() {
    let p = bundled("01_straight_three_corner.sgf");
    let settings = Settings {
        sides: Sides::One(Color::White),
        check: false,
        want_tree: false,
        ..Settings::default()
    };
    let report = answer(p.position(), p.target(), &settings).unwrap();
    assert_eq!(report.sides.len(), 1);
    assert_eq!(report.sides[0].to_move, Color::White);
    assert!(report.sides[0].check.is_none());
    assert!(report.status().is_none());
    let empty = p
        .position()
        .board()
        .points()
        .find(|&q| p.position().is_empty_at(q))
        .unwrap();
    assert_eq!(
        answer(p.position(), empty, &settings).unwrap_err(),
        Error::EmptyTarget
    );
}

/// A ko retaken forever under the model: the defender's line goes round a cycle, which
/// `pv_repeats` finds by replaying the line (checked against a replay here).
#[test]
fn a_ko_line_repeats() {
    let p = bundled("13_ko_is_alive.sgf");
    let report = answer(p.position(), p.target(), &Settings::default()).unwrap();
    assert_eq!(report.status(), Some(Status::Alive));
    let repeating: Vec<&Side> = report
        .sides
        .iter()
        .filter(|s| s.pv_repeats().is_some())
        .collect();
    assert!(!repeating.is_empty(), "no ko line found");
    for s in repeating {
        let (i, j) = s.pv_repeats().unwrap();
        assert!(i < j);
        let play = |n: usize| {
            let mut q: Position = s.position.clone();
            for &m in &s.answer.pv[..n] {
                q = q.play(m);
            }
            q
        };
        assert_eq!(play(i), play(j));
    }
}
