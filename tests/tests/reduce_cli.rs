//! `tsume reduce` and `tsume verify-reduction` end to end, as the independent check
//! runs them: `tsume reduce F.cnf -o F.graph`, then `tsume solve F.graph --to-move W --json`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_tests::{scratch_dir, tsume};

fn reduce_and_solve(cnf: &str) -> serde_json::Value {
    reduce_and_solve_as(cnf, "graph")
}

/// `tsume reduce F.cnf -o F.<ext>` then `tsume solve F.<ext> --to-move W --json`, with no
/// other option (a grid SGF names its area in its GC).
fn reduce_and_solve_as(cnf: &str, ext: &str) -> serde_json::Value {
    let (g, r) = tsume_tests::reduce_file("f", cnf, ext);
    assert!(r.out.contains("points"), "{}", r.out);
    let s = tsume(&["solve", g.to_str().unwrap(), "--to-move", "W", "--json"]);
    assert_eq!(s.code, 0, "{}", s.err);
    s.json()
}

#[test]
fn contradiction_kills_and_a_unit_clause_lives() {
    // (x) ∧ (¬x): unsatisfiable, Λ dies with White to move.
    let v = reduce_and_solve("p cnf 1 2\n1 0\n-1 0\n");
    assert_eq!(v["verdict"], "dead", "{v}");
    assert_eq!(v["to_move"], "W");
    assert_eq!(v["checked"], true);
    // (x): satisfiable, Λ lives.
    let v = reduce_and_solve("c one clause\np cnf 1 1\n1 0\n");
    assert_eq!(v["verdict"], "alive", "{v}");
    assert_eq!(v["checked"], true);
    // No clause at all: satisfiable.
    let v = reduce_and_solve("p cnf 2 0\n");
    assert_eq!(v["verdict"], "alive", "{v}");
}

/// The 8 clauses over 3 variables (unsatisfiable) through the two commands of the
/// independent check, and the size `tsume reduce --json` reports (design D2: 6 + 3m + F
/// empty points, G = m gate liberties, F = m − 2).
#[test]
fn all_eight_clauses_over_three_variables_die_through_the_cli() {
    let mut cnf = String::from("p cnf 3 8\n");
    for bits in 0..8 {
        for v in 1..=3 {
            let lit = if bits >> (v - 1) & 1 == 1 { -v } else { v };
            cnf.push_str(&format!("{lit} "));
        }
        cnf.push_str("0\n");
    }
    let v = reduce_and_solve(&cnf);
    assert_eq!(v["verdict"], "dead", "{v}");
    assert_eq!(v["exact"], true);
    assert_eq!(v["checked"], true);
    let (_, r) = tsume_tests::reduce_file_with("eight", &cnf, "graph", &["--json"]);
    let j = r.json();
    assert_eq!(j["gate_liberties"], 3);
    assert_eq!(j["race_liberties"], 1);
    assert_eq!(j["empty_points"], 6 + 3 * 3 + 1);
    assert_eq!(j["groups"], 4 + 3 + 8);
}

#[test]
fn grid_sgf_gives_the_graph_boards_verdict_with_the_plain_command() {
    // (x ∨ y) ∧ (¬x) ∧ (¬y): unsatisfiable; without (¬y): satisfiable. Both are in the
    // grid's chain class; `--region auto` must not cut the grid down (it once answered
    // "dead" on a satisfiable grid).
    for (cnf, verdict) in [
        ("p cnf 2 3\n1 2 0\n-1 0\n-2 0\n", "dead"),
        ("p cnf 2 2\n1 2 0\n-1 0\n", "alive"),
    ] {
        let grid = reduce_and_solve_as(cnf, "sgf");
        let graph = reduce_and_solve_as(cnf, "graph");
        assert_eq!(grid["verdict"], verdict, "{grid}");
        assert_eq!(graph["verdict"], verdict, "{graph}");
        assert_eq!(grid["checked"], true);
        let (w, h) = (&grid["board"]["width"], &grid["board"]["height"]);
        let all = w.as_u64().unwrap() * h.as_u64().unwrap();
        assert_eq!(
            grid["region_points"], all,
            "the whole {w}×{h} board is in play"
        );
    }
}

/// A formula outside the chain class (its two 2-clauses join the same two variables)
/// but monotone gets design D6's grid, the Black rail: (x1 ∨ x2) ∧ (¬x1 ∨ ¬x2) is
/// satisfiable, and the plain command proves Λ alive on the whole grid.
#[test]
fn a_monotone_formula_gets_the_black_rail_grid() {
    let cnf = "p cnf 2 2\n1 2 0\n-1 -2 0\n";
    let (g, r) = tsume_tests::reduce_file("rail", cnf, "sgf");
    assert!(g.exists(), "{}", r.err);
    assert!(r.out.contains("design D6 on a grid"), "{}", r.out);
    let s = tsume(&["solve", g.to_str().unwrap(), "--to-move", "W", "--json"]);
    assert_eq!(s.code, 0, "{}", s.err);
    let v = s.json();
    assert_eq!(v["verdict"], "alive", "{v}");
    assert_eq!(v["checked"], true);
    let (w, h) = (&v["board"]["width"], &v["board"]["height"]);
    assert_eq!(
        v["region_points"],
        w.as_u64().unwrap() * h.as_u64().unwrap(),
        "the whole board is in play"
    );
    let (_, j) = tsume_tests::reduce_file_with("rail_json", cnf, "sgf", &["--json"]);
    assert_eq!(j.json()["grid"]["design"], "D6");
}

#[test]
fn verify_reduction_agrees_on_small_formulas() {
    let dir = scratch_dir();
    let unsat = dir.join("unsat.cnf");
    std::fs::write(&unsat, "p cnf 1 2\n1 0\n-1 0\n").unwrap();
    let sat = dir.join("sat.cnf");
    std::fs::write(&sat, "p cnf 2 2\n1 2 0\n-1 0\n").unwrap();
    let r = tsume(&[
        "verify-reduction",
        unsat.to_str().unwrap(),
        sat.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    let v = r.json();
    let rows = v["formulas"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r["checked"] == true), "{rows:?}");
    assert_eq!(rows[0]["satisfiable"], false);
    assert_eq!(rows[0]["verdict"], "dead");
    assert_eq!(rows[1]["satisfiable"], true);
    assert_eq!(rows[1]["verdict"], "alive");
    assert!(rows.iter().all(|r| r["agree"] == true));
}

/// `--all`: every formula over two variables with at most three clauses, one per class
/// of renamings; the classes stand for every set of 1–3 of the 8 clauses over u1, u2
/// (8 + 28 + 56 = 92), every row agrees, and both outcomes occur. Out-of-range sizes are
/// bad input.
#[test]
fn verify_reduction_all_small_formulas() {
    let r = tsume(&[
        "verify-reduction",
        "--all",
        "--vars",
        "2",
        "--clauses",
        "3",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    let v = r.json();
    assert_eq!(v["clause_sets"], 8 + 28 + 56);
    assert_eq!(v["disagreements_or_unknown"], 0);
    let rows = v["formulas"].as_array().unwrap();
    assert!(rows.len() < 92, "one row per class, not per clause set");
    assert!(rows.iter().all(|r| r["agree"] == true));
    // every proof and disproof was replayed by the checker
    assert!(rows.iter().all(|r| r["checked"] == true), "{rows:?}");
    assert!(rows.iter().any(|r| r["satisfiable"] == true));
    assert!(rows
        .iter()
        .any(|r| r["satisfiable"] == false && r["verdict"] == "dead"));
    // --no-check: the same verdicts, no tree checked
    let r = tsume(&[
        "verify-reduction",
        "--all",
        "--vars",
        "2",
        "--clauses",
        "2",
        "--no-check",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    let rows = r.json()["formulas"].as_array().unwrap().clone();
    assert!(rows
        .iter()
        .all(|r| r["agree"] == true && r["checked"].is_null()));
    for args in [["--vars", "5"], ["--width", "4"]] {
        let r = tsume(&["verify-reduction", "--all", args[0], args[1]]);
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    }
}

/// `--grid` solves the square-grid SGF too, where the formula has one, and it must agree
/// with the SAT solver as the graph board does; a formula outside the chain class has
/// no grid row.
#[test]
fn verify_reduction_checks_the_grid_too() {
    let dir = scratch_dir();
    let files = [
        ("g_sat.cnf", "p cnf 2 2\n1 2 0\n-1 0\n", Some(true)),
        ("g_unsat.cnf", "p cnf 2 3\n1 2 0\n-1 0\n-2 0\n", Some(false)),
        ("g_none.cnf", "p cnf 2 2\n1 2 0\n1 -2 0\n", None),
    ];
    let mut args = vec![
        "verify-reduction".to_string(),
        "--grid".into(),
        "--json".into(),
    ];
    for (name, text, _) in files {
        let f = dir.join(name);
        std::fs::write(&f, text).unwrap();
        args.push(f.to_str().unwrap().to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let r = tsume(&args);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    let v = r.json();
    let rows = v["formulas"].as_array().unwrap();
    for (row, (_, _, grid)) in rows.iter().zip(files) {
        assert_eq!(row["agree"], true, "{row}");
        match grid {
            Some(sat) => {
                assert_eq!(row["satisfiable"], sat, "{row}");
                let want = if sat { "alive" } else { "dead" };
                assert_eq!(row["grid"]["verdict"], want, "{row}");
                assert!(row["grid"]["nodes"].as_u64().unwrap() > 0, "{row}");
            }
            None => assert!(row["grid"].is_null(), "{row}"),
        }
    }
}

/// `--monotone` generates formulas with monotone clauses; with `--grid`, those outside
/// the chain class are solved on design D6's grid, and agree.
#[test]
fn verify_reduction_monotone_formulas_on_the_black_rail_grid() {
    let r = tsume(&[
        "verify-reduction",
        "--vars",
        "2",
        "--clauses",
        "2",
        "--count",
        "2",
        "--seed",
        "4",
        "--monotone",
        "--grid",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    let v = r.json();
    let rows = v["formulas"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        let clauses = row["formula"].as_str().unwrap();
        assert!(clauses.starts_with("monotone v2 c2"), "{row}");
        assert_eq!(row["agree"], true, "{row}");
        assert_eq!(row["grid"]["design"], "D6", "{row}");
        let want = if row["satisfiable"] == true {
            "alive"
        } else {
            "dead"
        };
        assert_eq!(row["grid"]["verdict"], want, "{row}");
    }
}

/// A malformed formula, and (issue 39) one past the limits `reduce` states
/// (docs/limits.md), refused before the reduction, on the header's counts or on the
/// literal past the limit while reading: one line naming the file (and the limit).
#[test]
fn malformed_dimacs_is_one_line_and_exit_2() {
    let many = format!("p cnf 1 1\n{}0\n", "1 ".repeat(600_001));
    for (name, text, limit) in [
        ("noheader.cnf", "1 2 0\n", ""),
        ("beyond.cnf", "p cnf 2 1\n1 3 0\n", ""),
        ("count.cnf", "p cnf 2 3\n1 2 0\n", ""),
        ("noterm.cnf", "p cnf 2 1\n1 2\n", ""),
        ("nan.cnf", "p cnf 2 1\n1 x 0\n", ""),
        ("vars.cnf", "p cnf 200001 1\n1 0\n", "200000 variables"),
        ("clauses.cnf", "p cnf 3 200001\n1 0\n", "200000 clauses"),
        ("literals.cnf", &many, "600000 literals"),
    ] {
        let dir = scratch_dir();
        let f = dir.join(name);
        std::fs::write(&f, text).unwrap();
        let r = tsume(&[
            "reduce",
            f.to_str().unwrap(),
            "-o",
            dir.join("o.graph").to_str().unwrap(),
        ]);
        assert_eq!(r.code, 2, "{name}: {}{}", r.out, r.err);
        assert!(
            r.err.contains(name) && r.err.contains(limit),
            "{name}: {}",
            r.err
        );
        assert_eq!(r.err.trim().lines().count(), 1, "{name}: {}", r.err);
        assert!(!dir.join("o.graph").exists(), "{name}");
    }
}

/// `tsume reduce --grid`: design D6's square grid written as a graph board, of any size.
/// (x1 ∨ x2) ∧ (¬x1 ∨ ¬x2) fits 52 × 52 (a `grid` line) and is proven alive by the
/// plain command; in (u1∨u2)∧(u1∨u3)∧(u1∨u2∨u3)∧(¬u2∨¬u3) the literal u1 is in three
/// clauses, so u1 becomes a chain of three copies and the grid (five variables) is
/// 76 × 48, points and edges (solved in `a_chained_grid_lives`). A formula whose clauses
/// cross gets design D2's graph board, with the reason.
#[test]
fn reduce_grid_writes_the_black_rail_as_a_graph_board_of_any_size() {
    let cnf = "p cnf 2 2\n1 2 0\n-1 -2 0\n";
    let (_, r) = tsume_tests::reduce_file("grid_small", cnf, "graph");
    // Without --grid: design D2's graph board.
    assert!(!r.out.contains("square grid"), "{}", r.out);
    let (g, small) = tsume_tests::reduce_file_with("grid_small", cnf, "graph", &["--grid"]);
    assert!(
        small.out.contains("as a graph board") && small.out.contains("design D6"),
        "{}",
        small.out
    );
    let text = std::fs::read_to_string(&g).unwrap();
    assert!(
        text.contains("\ngrid ") && text.contains("to-move W"),
        "{text}"
    );
    let s = tsume(&["solve", g.to_str().unwrap(), "--to-move", "W", "--json"]);
    assert_eq!(s.code, 0, "{}", s.err);
    let v = s.json();
    assert_eq!(v["verdict"], "alive", "{v}");
    assert_eq!(v["checked"], true);
    let cg = chained_grid();
    let text = std::fs::read_to_string(&cg).unwrap();
    assert!(
        !text.contains("\ngrid ") && text.contains("\npoint 0,0 1,0"),
        "points and edges"
    );
    assert!(text.contains("\ntarget ") && text.contains("\nto-move W"));
    // (u1 ∨ u2) ∧ (u1 ∨ ¬u2): not in the chain class (u1 in two clauses), not monotone
    // after any renaming; the route carries it into D6's class (tsume_reduce::route), and
    // --json reports each stage, alone on standard output.
    let mixed = "p cnf 2 2\n1 2 0\n1 -2 0\n";
    let (xg, x) =
        tsume_tests::reduce_file_with("grid_mixed", mixed, "graph", &["--grid", "--json"]);
    let j = x.json();
    assert_eq!(j["grid"]["design"], "D6", "{j}");
    let stages = j["stages"].as_array().unwrap();
    let names: Vec<&str> = stages
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "input",
            "3-CNF",
            "planar",
            "monotone",
            "two clauses a literal"
        ]
    );
    assert_eq!(stages[0]["variables"], 2);
    assert!(stages.iter().all(|s| s["crossings"].is_u64()));
    assert!(x.err.is_empty(), "{}", x.err);
    assert!(std::fs::read_to_string(&xg).unwrap().contains("design D6"));
    // Asked for an SGF, a grid over 52×52 is written as a graph board, and a line says so.
    let big = "p cnf 3 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n";
    let (_, r) = tsume_tests::reduce_file_with("grid_big_sgf", big, "sgf", &[]);
    assert!(r.err.contains("over the SGF's 52×52"), "{}", r.err);
    assert!(r.out.contains("grid_big_sgf.graph"), "{}", r.out);
}

/// A formula whose route leads past the grid's size limit (4 M points; five variables at
/// ratio 4.26 need some 17 M) gets design D2's graph board, with one line saying why.
#[test]
fn reduce_grid_over_the_limit_is_one_line_and_the_graph_board() {
    let f = "p cnf 5 21\n-3 2 -4 0\n3 1 5 0\n2 -1 3 0\n-2 1 3 0\n5 -2 -4 0\n-5 -2 1 0\n5 1 -3 0\n-4 3 2 0\n-2 -5 -1 0\n-4 3 5 0\n3 -2 4 0\n-5 -3 -2 0\n-4 1 -5 0\n-1 -3 4 0\n-4 3 -1 0\n-4 1 5 0\n4 5 1 0\n2 4 3 0\n4 2 -1 0\n1 4 3 0\n-5 -3 -4 0\n";
    let (g, r) = tsume_tests::reduce_file_with("grid_over", f, "graph", &["--grid"]);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    assert!(r.err.contains("over the limit"), "{}", r.err);
    assert!(std::fs::read_to_string(&g).unwrap().contains("tsume-graph"));
    assert!(!r.out.contains("square grid"), "{}", r.out);
}

/// `--json` needs -o (the board goes to the file, the report alone to standard output).
#[test]
fn reduce_json_needs_an_output_file() {
    let f = tsume_tests::scratch_file("json_no_o.cnf", "p cnf 1 1\n1 0\n");
    let r = tsume(&["reduce", f.to_str().unwrap(), "--json"]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.out.is_empty() && r.err.contains("--json needs -o"),
        "{}",
        r.err
    );
}

/// `tsume reduce --grid --json` on (u1∨u2)∧(u1∨u3)∧(u1∨u2∨u3)∧(¬u2∨¬u3): the chained
/// D6 grid, its size and notes checked; the graph file's path.
fn chained_grid() -> std::path::PathBuf {
    let (cg, j) = tsume_tests::reduce_file_with(
        "grid_chain",
        "p cnf 3 4\n1 2 0\n1 3 0\n1 2 3 0\n-2 -3 0\n",
        "graph",
        &["--grid", "--json"],
    );
    let j = j.json();
    assert_eq!(j["grid"]["design"], "D6");
    assert_eq!(
        (j["grid"]["width"].as_u64(), j["grid"]["height"].as_u64()),
        (Some(76), Some(48))
    );
    assert!(j["notes"].to_string().contains("chains of copies"), "{j}");
    cg
}

/// The chained grid of `chained_grid` (satisfiable) proven alive by the plain command,
/// its tree checked: 154 k nodes, 7–8 s of CPU in release (2026-11-27).
#[test]
#[ignore = "slow: about 85 s in the test profile (2026-11-27)"]
fn a_chained_grid_lives() {
    let cg = chained_grid();
    let s = tsume(&["solve", cg.to_str().unwrap(), "--to-move", "W", "--json"]);
    assert_eq!(s.code, 0, "{}", s.err);
    let v = s.json();
    assert_eq!(v["verdict"], "alive", "{v}");
    assert_eq!(v["checked"], true);
}
