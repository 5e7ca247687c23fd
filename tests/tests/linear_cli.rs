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
