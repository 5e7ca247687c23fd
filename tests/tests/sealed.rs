//! Points that walls joined to the outside seal off from the target are left out of the
//! area (tsume-area crate docs, "Sealed-off points"). The claim is that this changes no
//! answer for any α: checked here against the exact solver (kill ranks, no depth bound)
//! on small problems, and against the search with the points kept on the public corpus's
//! d180cf rows that have such points (skipped when the corpus is absent).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use tsume_board::Color;
use tsume_prove::{Limits, Options, Verdict};
use tsume_sgf::{load_problem, parse_sgf_problem, LoadOptions, Problem, RegionSpec};
use tsume_tests::corpus_dir;

fn load(sgf: &str, region: &str, to_move: Color, keep_sealed: bool) -> Problem {
    let opts = LoadOptions {
        to_move: Some(to_move),
        region: RegionSpec::Points(region.split(',').map(str::to_string).collect()),
        keep_sealed,
        ..LoadOptions::default()
    };
    parse_sgf_problem(sgf, "sealed.sgf", &opts).unwrap_or_else(|e| panic!("{e}"))
}

/// Small problems (7×7, top left corner; the listed points are the area) whose black
/// wall has an eye of its own inside the area: at F7–G7, empty or holding a dead white
/// stone; and a second wall eye at F6.
const CASES: &[(&str, &str)] = &[
    // White's straight three A7–C7; the wall's eye F7–G7.
    (
        "(;SZ[7]AW[da][ab][bb][cb][db]AB[ea][eb][fb][gb][ac][bc][cc][dc][ec]TR[ab])",
        "aa,ba,ca,da,ea,fa,ga,ab,fb,gb,ac",
    ),
    // The same with a white stone in the wall's eye (it can never escape).
    (
        "(;SZ[7]AW[da][ab][bb][cb][db][ga]AB[ea][eb][fb][gb][ac][bc][cc][dc][ec]TR[ab])",
        "aa,ba,ca,da,ea,fa,ga,ab,fb,gb,ac",
    ),
    // White's bent four A7–C7, A6 (alive), the wall with eyes F7–G7 and F6.
    (
        "(;SZ[7]AW[da][bb][cb][db][ac][bc]AB[ea][eb][gb][ad][bd][cc][dc][ec][cd][gc][fd][gd][ed]TR[bb])",
        "aa,ba,ca,da,ea,fa,ga,ab,bb,fb,gb,ac,fc,ad",
    ),
];

/// The verdict and whether it holds for every α, with every tree checked.
fn answer(p: &Problem, max_nodes: u64) -> (Verdict, bool) {
    let pos = p.position();
    let opts = Options {
        depth: tsume_prove::default_depth(pos),
        want_tree: true,
        limits: Limits {
            max_nodes: Some(max_nodes),
            time_limit: Some(Duration::from_secs(20)),
            ..Limits::default()
        },
        ..Options::default()
    };
    let a = tsume_prove::solve(pos, p.target(), &opts).unwrap();
    if a.verdict != Verdict::Unknown {
        let t = a.tree.as_ref().expect("a tree");
        tsume_proof::check(pos, p.target(), t).unwrap_or_else(|e| panic!("{e}"));
    }
    (a.verdict, a.exact)
}

#[test]
fn sealed_points_change_no_answer() {
    let (mut dead, mut alive) = (0, 0);
    for &(sgf, region) in CASES {
        for to_move in [Color::Black, Color::White] {
            let kept = load(sgf, region, to_move, true);
            let sealed = load(sgf, region, to_move, false);
            let (nk, ns) = (
                kept.position().board().len(),
                sealed.position().board().len(),
            );
            assert!(ns < nk, "{sgf}: nothing sealed off ({ns} points)");
            assert!(
                sealed.notes().iter().any(|n| n.contains("left out")),
                "{:?}",
                sealed.notes()
            );
            assert!(!kept.notes().iter().any(|n| n.contains("left out")));
            let a = answer(&kept, 2_000_000);
            assert_ne!(a.0, Verdict::Unknown, "{sgf}");
            assert_eq!(a, answer(&sealed, 2_000_000), "{sgf}, {to_move:?} to move");
            // Both are exact: a kill is within its plies for every larger α, a life
            // here holds for every α.
            assert!(a.1, "{sgf}: not exact");
            if a.0 == Verdict::Dead {
                dead += 1;
            } else {
                alive += 1;
            }
        }
    }
    // Both outcomes are compared, not only one.
    assert!(dead >= 2 && alive >= 2, "dead {dead}, alive {alive}");
}

/// d180cf's rows whose area has sealed-off points: the search gives the same verdict
/// and exactness with them kept, where both answer within the budget (trees checked).
#[test]
fn sealed_points_change_no_answer_on_the_corpus() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipped: ../shared/corpus is absent (set TSUME_CORPUS to run it)");
        return;
    };
    let text = std::fs::read_to_string(dir.join("answers.tsv")).unwrap();
    let (mut rows, mut compared) = (0, 0);
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 10 || !f[9].starts_with("d180cf") {
            continue;
        }
        let to_move = Color::from_letter(f[3]).unwrap();
        let load = |keep_sealed| {
            let opts = LoadOptions {
                target: Some(f[1].to_string()),
                to_move: Some(to_move),
                keep_sealed,
                ..LoadOptions::default()
            };
            load_problem(&dir.join(f[0]), &opts).unwrap_or_else(|e| panic!("{e}"))
        };
        let sealed = load(false);
        if !sealed.notes().iter().any(|n| n.contains("left out")) {
            continue;
        }
        rows += 1;
        let kept = load(true);
        let (a, b) = (answer(&sealed, 400_000), answer(&kept, 400_000));
        if a.0 == Verdict::Unknown || b.0 == Verdict::Unknown {
            continue;
        }
        compared += 1;
        assert_eq!(a, b, "{}: sealed {a:?}, kept {b:?}", f[0]);
    }
    assert!(
        rows >= 4 && compared >= 3,
        "rows {rows}, compared {compared}"
    );
}
