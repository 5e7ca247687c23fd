//! `tsume status`: the text and JSON reports, the options, bad input and an answer out
//! of budget, on small boards (an SGF file and a graph board).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_tests::{scratch_file, tsume};

/// 2×2 with one Black stone: the two evaluations differ (see the crate's tests).
const TWO_BY_TWO: &str = "(;GM[1]FF[4]SZ[2]AB[ab])";

#[test]
fn text_report_names_both_statuses_and_the_difference() {
    let f = scratch_file("two.sgf", TWO_BY_TWO);
    let r = tsume(&["status", f.to_str().unwrap(), "--point", "A1"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("White moving first"), "{}", r.out);
    assert!(
        r.out.contains("Cassandra's single pass: B2 capturable-1"),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("J2003's steps:           B31 capturable-2, at every bound from 26 on"),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("The evaluations differ: Cassandra B2, J2003 B31."),
        "{}",
        r.out
    );
}

#[test]
fn json_report_and_a_bound() {
    let f = scratch_file("two.sgf", TWO_BY_TWO);
    let path = f.to_str().unwrap();
    let v = tsume(&["status", path, "--point", "A1", "--json"]).json();
    assert_eq!(v["player"], "black");
    assert_eq!(v["first"], "white");
    assert_eq!(v["cassandra"]["status"], "B2");
    assert_eq!(v["cassandra"]["plies"], 14);
    assert_eq!(v["j2003"]["status"], "B31");
    assert_eq!(v["j2003"]["settled_from"], 26);
    assert_eq!(v["agree"], false);
    assert_eq!(
        v["cassandra"]["line"].as_array().map(Vec::len),
        Some(13),
        "{v}"
    );
    // At bound 17 the steps' conclusion is B32 (by_depth: … B31 B31 B31 B32 …).
    let v = tsume(&["status", path, "--point", "A1", "--json", "--depth", "17"]).json();
    assert_eq!(v["j2003"]["status"], "B32", "{v}");
    assert_eq!(v["j2003"]["steps"]["bound"], 17);
    // The basic ko rule changes nothing here.
    let v = tsume(&[
        "status",
        path,
        "--point",
        "A1",
        "--json",
        "--ko-rule",
        "basic",
    ])
    .json();
    assert_eq!(v["ko_rule"], "basic");
    assert_eq!(v["j2003"]["status"], "B31");
}

/// A graph board: a path a–b–c with a White stone on b; a Black stone on a or c is a
/// suicide, so White is uncapturable. On the triangle, Black b and c capture a, and
/// White a captures back: capturable-1.
#[test]
fn graph_board() {
    for (edges, point, status) in [
        ("edge a b\nedge b c", "b", "A"),
        ("edge a b\nedge b c\nedge a c", "a", "B2"),
    ] {
        let f = scratch_file(
            "g.graph",
            &format!("tsume-graph 1\npoint a b c\n{edges}\nwhite {point}\n"),
        );
        let r = tsume(&["status", f.to_str().unwrap(), "--point", point, "--json"]);
        assert_eq!(r.code, 0, "{}", r.err);
        let v = r.json();
        assert_eq!(v["cassandra"]["status"], status, "{v}");
        assert_eq!(v["j2003"]["status"], status, "{v}");
    }
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let f = scratch_file("two.sgf", TWO_BY_TWO);
    let path = f.to_str().unwrap();
    for args in [
        vec!["status", path, "--point", "B2"],  // an empty point
        vec!["status", path, "--point", "Z9"],  // off the board
        vec!["status", path, "--to-move", "X"], // not a colour
        vec!["status", path, "--ko-rule", "superko"],
        vec!["status", "/nonexistent/file.sgf"],
    ] {
        let r = tsume(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.out);
        assert_eq!(r.err.trim().lines().count(), 1, "{args:?}: {}", r.err);
    }
}

#[test]
fn out_of_budget_is_unknown() {
    let f = scratch_file("two.sgf", TWO_BY_TWO);
    let r = tsume(&[
        "status",
        f.to_str().unwrap(),
        "--point",
        "A1",
        "--max-states",
        "10",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    assert_eq!(v["status"], "unknown");
    assert!(v["reason"]
        .as_str()
        .unwrap()
        .contains("more than 10 states"));
}

/// The problems that state a string status (`cassandra`, `j2003`, and `_ko` under the
/// basic ko rule, in `GC[tsume: …]`) have it, by `tsume status` on the file's target.
#[test]
fn problems_state_their_string_status() {
    let mut checked = 0;
    for f in tsume_tests::problem_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        let gc = text
            .split("GC[")
            .nth(1)
            .and_then(|t| t.split(']').next())
            .unwrap_or_default();
        let field = |key: &str| {
            gc.split(';')
                .filter_map(|kv| kv.split_once('='))
                .find(|(k, _)| k.trim() == key)
                .map(|(_, v)| v.trim().to_string())
        };
        for (rule, suffix) in [("none", ""), ("basic", "_ko")] {
            let (Some(c), Some(j)) = (
                field(&format!("cassandra{suffix}")),
                field(&format!("j2003{suffix}")),
            ) else {
                continue;
            };
            let r = tsume(&["status", f.to_str().unwrap(), "--ko-rule", rule, "--json"]);
            assert_eq!(r.code, 0, "{}: {}", f.display(), r.err);
            let v = r.json();
            assert_eq!(v["cassandra"]["status"], c.as_str(), "{}", f.display());
            let got = v["j2003"]["status"].as_str().unwrap_or("none").to_string();
            assert_eq!(got, j, "{}", f.display());
            checked += 1;
        }
    }
    assert!(checked >= 4, "{checked} statuses checked");
}
