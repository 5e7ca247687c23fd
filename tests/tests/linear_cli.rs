//! `tsume linear` end to end: values of small lines (the empty board's against the known
//! values, a position against the board-model reference of `tsume-linear`'s tests),
//! `--json`, `--verify-pruning` (holds on 1×3, a counterexample on 1×5), bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_tests::tsume;

#[test]
fn empty_lines_and_a_position() {
    // The empty 1×n line, Black first: 0, 0, 3, 4, 0 (docs/linear.md, sources).
    for (n, want) in [(1, 0), (2, 0), (3, 3), (4, 4), (5, 0)] {
        let r = tsume(&["linear", &n.to_string(), "--json"]);
        assert_eq!(r.code, 0, "{}", r.err);
        let v = r.json();
        assert_eq!(v["value"], want, "1×{n}: {v}");
        assert_eq!(v["n"], n);
        assert!(v["nodes"].as_u64().unwrap() > 0);
        assert!(v["seconds"].is_number());
        assert!(v["pv"].as_array().unwrap().len() >= 2, "{v}");
    }
    // o captures on cell 2 and x may not retake (it would recreate the start).
    let r = tsume(&["linear", "x-o--", "--to-move", "x"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("value -5"), "{}", r.out);
    assert!(
        r.out.contains("principal variation: x:pass o:2"),
        "{}",
        r.out
    );
    // The same with the narrow pruning rule.
    let v = tsume(&["linear", "5", "--prune", "--json"]).json();
    assert_eq!(v["value"], 0);
    assert_eq!(v["prune"], true);
}

#[test]
fn verify_pruning_holds_on_three_and_fails_on_five() {
    let r = tsume(&["linear", "3", "--verify-pruning", "--json"]);
    assert_eq!(r.code, 0, "{}", r.out);
    let v = r.json();
    assert_eq!(v["holds"], true);
    assert_eq!(v["exhaustive"], true);
    assert!(v["theorem"][0]["checked"].as_u64().unwrap() > 0, "{v}");
    // 1×5: the random sample meets a counterexample (deterministic for the seed).
    let r = tsume(&["linear", "5", "--verify-pruning", "--samples", "20000"]);
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(r.out.contains("counterexample:"), "{}", r.out);
    assert!(r.out.contains("FAILS"), "{}", r.out);
}

/// Beyond 1×6 the depth-first walk of the rule's instances covers one corner of the
/// tree only (it stops at `--samples` states): from 1×7 on the rule is checked on random
/// walks from the seed, and the output says which.
#[test]
fn the_rule_is_checked_on_random_walks_from_one_by_seven() {
    let r = tsume(&[
        "linear",
        "7",
        "--verify-pruning",
        "--samples",
        "200",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.out);
    let v = r.json();
    assert_eq!(v["rule_random"], true, "{v}");
    assert_eq!(v["holds"], true, "{v}");
    for end in 0..2 {
        assert!(v["rule"][end]["checked"].as_u64().unwrap() > 0, "{v}");
    }
    let r = tsume(&["linear", "7", "--verify-pruning", "--samples", "200"]);
    assert!(r.out.contains("on random walks (seed 1):"), "{}", r.out);
    let r = tsume(&[
        "linear",
        "6",
        "--verify-pruning",
        "--samples",
        "200",
        "--json",
    ]);
    assert_eq!(r.json()["rule_random"], false);
}

#[test]
fn out_of_budget_is_unknown() {
    let r = tsume(&["linear", "6", "--max-nodes", "50", "--json"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.json()["value"].is_null());
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        vec!["linear", "0"],
        vec!["linear", "13"],
        vec!["linear", "x-q"],
        vec!["linear", "xo-"],
        vec!["linear", "5", "--to-move", "z"],
        vec!["linear", "x----", "--verify-pruning"],
    ] {
        let r = tsume(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.out);
        assert_eq!(r.err.trim().lines().count(), 1, "{args:?}: {}", r.err);
    }
}

/// `tsume linear --json`'s principal variation replayed on the board model alone
/// (`tsume_board`'s φ, not `tsume-linear`): each move is the player's to make, each
/// play places a stone (no suicide) and makes a position never seen before (positional
/// superko, the start included), the line ends with two passes in a row, and the
/// Tromp–Taylor area score of the final position, counted here, is the value printed.
fn replay_pv(start: &str, to_move: &str, v: &serde_json::Value) -> i32 {
    use tsume_board::{naive, Board, Color, Configuration, Move, Point};
    let n = start.len();
    let board = Board::line(n as u32).unwrap();
    let colour = |c: char| if c == 'x' { Color::Black } else { Color::White };
    let cells = start
        .chars()
        .map(|c| (c != '-').then(|| colour(c)))
        .collect();
    let mut f = Configuration::from_cells(cells);
    let mut seen = vec![f.clone()];
    let mut mover = colour(to_move.chars().next().unwrap());
    let mut passes = 0;
    for m in v["pv"].as_array().unwrap() {
        let m = m.as_str().unwrap();
        assert!(passes < 2, "{start}: a move after the game ended: {v}");
        let (who, cell) = m.split_once(':').unwrap();
        assert_eq!(
            colour(who.chars().next().unwrap()),
            mover,
            "{start}: {m} out of turn"
        );
        if cell == "pass" {
            passes += 1;
        } else {
            let x = Point::from_index(cell.parse::<usize>().unwrap() - 1);
            assert!(f.get(x).is_none(), "{start}: {m} on a stone");
            let (g, _, _) = naive::play(&board, &f, mover, Move::Play(x));
            assert_eq!(g.get(x), Some(mover), "{start}: {m} is a suicide");
            assert!(!seen.contains(&g), "{start}: {m} repeats a position");
            seen.push(g.clone());
            f = g;
            passes = 0;
        }
        mover = mover.opponent();
    }
    assert_eq!(passes, 2, "{start}: the line does not end the game: {v}");
    // Area: stones, and empty regions that reach one colour only.
    let mut score = 0;
    for x in board.points() {
        let reach = |c: Color| {
            naive::group(&board, &f, x)
                .iter()
                .any(|&y| board.neighbors(y).iter().any(|&z| f.get(z) == Some(c)))
        };
        score += match f.get(x) {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => i32::from(reach(Color::Black)) - i32::from(reach(Color::White)),
        };
    }
    score
}

#[test]
fn json_principal_variations_replay_on_the_board_model() {
    // The empty lines by size, then positions (each its own history).
    let starts = [
        ("5", "-----", "x"),
        ("6", "------", "x"),
        ("7", "-------", "x"),
        ("x-o--", "x-o--", "x"),
        ("o--x-", "o--x-", "x"),
        ("-o---", "-o---", "o"),
    ];
    for (what, start, to_move) in starts {
        // --prune keeps the whole-history key: 1×7 is out of its reach.
        let modes: &[&[&str]] = if what == "7" {
            &[&[]]
        } else {
            &[&[], &["--prune"]]
        };
        for extra in modes {
            // `--` before the position: it may begin with a `-`.
            let mut args = vec!["linear", "--to-move", to_move, "--json"];
            args.extend_from_slice(extra);
            args.extend_from_slice(&["--", what]);
            let r = tsume(&args);
            assert_eq!(r.code, 0, "{args:?}: {}", r.err);
            let v = r.json();
            let value = v["value"].as_i64().unwrap() as i32;
            assert_eq!(replay_pv(start, to_move, &v), value, "{args:?}: {v}");
            assert_eq!(v["position"], start, "{v}");
            // The published values of the empty 1×6 and 1×7 (docs/linear.md).
            match what {
                "6" => assert_eq!(value, 1),
                "7" => assert_eq!(value, 2),
                _ => {}
            }
            assert!(v["nodes"].as_u64().unwrap() > 0, "{v}");
            assert!(v["seconds"].as_f64().unwrap() >= 0.0, "{v}");
        }
    }
}
