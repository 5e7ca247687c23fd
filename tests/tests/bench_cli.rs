//! `tsume bench` end to end: the bundled problems, and a few corpus rows when the
//! corpus is present.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_tests::{corpus_dir, repo_root, tsume};

#[test]
fn bench_solves_the_bundled_problems() {
    let dir = repo_root().join("problems");
    let r = tsume(&["bench", "--problems", dir.to_str().unwrap(), "--json"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let problems = v["problems"].as_array().unwrap();
    assert!(problems.len() >= 40);
    for p in problems {
        let status = p["status"].as_str().unwrap_or("null");
        assert!(["dead", "alive", "unsettled"].contains(&status), "{p}");
        assert!(p["nodes"].as_u64().unwrap() >= 1);
    }
    assert!(v["median_nodes_per_second"].as_f64().unwrap() > 0.0);
}

/// Issue 49: `bench --go` adds the Go result's nodes, per problem and in all, and their
/// ratio to the search's, leaving every status as it was.
#[test]
fn bench_go_counts_the_go_result_apart() {
    let dir = repo_root().join("problems");
    let dir = dir.to_str().unwrap();
    let plain = tsume(&["bench", "--problems", dir, "--json"]).json();
    let r = tsume(&["bench", "--problems", dir, "--json", "--go"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    assert!(plain.get("go_nodes").is_none());
    let (rows, plain_rows) = (
        v["problems"].as_array().unwrap(),
        plain["problems"].as_array().unwrap(),
    );
    assert_eq!(rows.len(), plain_rows.len());
    let mut sum = 0;
    for (p, q) in rows.iter().zip(plain_rows) {
        // (The nodes may differ: with --go the search runs as `tsume solve`'s does,
        // closures and the exact solver on.)
        assert_eq!(p["status"], q["status"], "{p}");
        sum += p["go_nodes"].as_u64().unwrap();
    }
    assert!(sum > 0);
    assert_eq!(v["go_nodes"].as_u64(), Some(sum));
    let ratio = sum as f64 / v["nodes"].as_u64().unwrap() as f64;
    assert!((v["go_ratio"].as_f64().unwrap() - ratio).abs() < 1e-9);
    let text = tsume(&["bench", "--problems", dir, "--go"]);
    assert!(text.out.contains("× the search's"), "{}", text.out);
    let both = tsume(&["bench", "--corpus", dir, "--go"]);
    assert_eq!(both.code, 2, "{}", both.err);
}

#[test]
fn bench_reads_the_corpus_rows() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let r = tsume(&[
        "bench",
        "--corpus",
        dir.to_str().unwrap(),
        "--source",
        "d180cf",
        "--limit",
        "4",
        "--time-limit",
        "2",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let s = &v["sources"][0];
    assert_eq!(s["source"], "d180cf");
    assert_eq!(s["rows"], 4);
    assert!(s["answered"].as_u64().unwrap() <= 4);
    // A bad corpus folder is bad input.
    let bad = tsume(&["bench", "--corpus", "/nonexistent-corpus"]);
    assert_eq!(bad.code, 2);
    assert!(bad.err.contains("answers.tsv"), "{}", bad.err);
}

/// Runs `tsume bench --corpus DIR --json --rows-out TMP` with `args` on d180cf's rows;
/// returns the source's summary and the rows of the TSV, each a map from column name to
/// field.
fn bench_rows(
    dir: &std::path::Path,
    args: &[&str],
) -> (
    serde_json::Value,
    Vec<std::collections::HashMap<String, String>>,
) {
    let tag = args.join("-").replace(['-', ' '], "");
    let rows = std::env::temp_dir().join(format!("tsume-{tag}-{}.tsv", std::process::id()));
    let mut all = vec![
        "bench",
        "--corpus",
        dir.to_str().unwrap(),
        "--source",
        "d180cf",
        "--rows-out",
        rows.to_str().unwrap(),
        "--json",
    ];
    all.extend_from_slice(args);
    let r = tsume(&all);
    assert_eq!(r.code, 0, "{}", r.err);
    let summary = r.json()["sources"][0].clone();
    let text = std::fs::read_to_string(&rows).unwrap();
    let _ = std::fs::remove_file(&rows);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let table = lines
        .map(|line| {
            header
                .iter()
                .zip(line.split('\t'))
                .map(|(h, f)| (h.to_string(), f.to_string()))
                .collect()
        })
        .collect();
    (summary, table)
}

/// `--confirm-first-moves` agrees with the main search: a row whose status tsume gets
/// right with a first move from the published set is confirmed (that move wins), and
/// the rows-out columns say so row by row.
#[test]
fn published_first_moves_are_confirmed_by_a_second_search() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let (s, rows) = bench_rows(
        &dir,
        &[
            "--every",
            "4",
            "--max-nodes",
            "300000",
            "--confirm-first-moves",
        ],
    );
    let decided = s["published_first_move_decided"].as_u64().unwrap();
    let confirmed = s["published_first_move_confirmed"].as_u64().unwrap();
    assert!(decided >= 3 && confirmed <= decided, "{s}");
    let mut agreeing = 0;
    let mut counted = 0;
    for f in &rows {
        if f["confirmed"] == "true" {
            counted += 1;
        }
        let first = &f["first_move"];
        let ours_published =
            !first.is_empty() && f["published"].split('|').any(|m| m == first.as_str());
        if f["expected"] == f["got"] && ours_published && !f["confirmed"].is_empty() {
            assert_eq!(f["confirmed"], "true", "{f:?}");
            agreeing += 1;
        }
    }
    assert_eq!(counted, confirmed, "{rows:?}");
    assert!(agreeing >= 1, "{rows:?}");
}

/// A row whose status tsume answers otherwise is solved again with its tree and
/// classified: the `repeats` column (and the summary's counts) say whether a line of
/// the checked tree repeats a position, as `tsume solve --json`'s `repetition_free`
/// says for the same row.
#[test]
fn disagreements_are_classified_by_their_checked_trees() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let (s, rows) = bench_rows(&dir, &["--limit", "7", "--max-nodes", "300000"]);
    let (mut yes, mut no, mut ko_agrees) = (0, 0, 0);
    for f in &rows {
        let disagrees = (f["expected"] == "dead" || f["expected"] == "alive")
            && f["got"] != "unknown"
            && f["got"] != f["expected"];
        if !disagrees {
            assert_eq!(f["repeats"], "", "{f:?}");
            assert_eq!(f["ko_rule"], "", "{f:?}");
            continue;
        }
        let path = dir.join(&f["file"]);
        // The row as `tsume solve --json` answers it, under the model's rules or `extra`.
        let solve = |extra: &[&str]| {
            let mut args = vec![
                "solve",
                path.to_str().unwrap(),
                "--target",
                &f["target"],
                "--to-move",
                &f["to_move"],
                "--max-nodes",
                "300000",
                "--json",
            ];
            args.extend_from_slice(extra);
            tsume(&args).json()
        };
        let one = solve(&[]);
        assert_eq!(one["verdict"], f["got"].as_str(), "{one}");
        let free = one["repetition_free"].as_bool().unwrap();
        assert_eq!(f["repeats"], if free { "no" } else { "yes" }, "{f:?}");
        if free {
            no += 1;
            assert_eq!(f["ko_rule"], "", "{f:?}");
            continue;
        }
        yes += 1;
        // A repeating disagreement is solved once more under the basic ko rule: the
        // column holds that verdict, as `tsume solve --ko-rule basic` gives it.
        let ruled = solve(&["--ko-rule", "basic"]);
        assert_eq!(
            f["ko_rule"],
            ruled["verdict"].as_str().unwrap(),
            "{f:?} {ruled}"
        );
        if f["ko_rule"] == f["expected"] {
            ko_agrees += 1;
        }
    }
    assert!(yes + no >= 1, "no disagreement among the rows: {rows:?}");
    assert_eq!(s["disagreements_repeating"], yes, "{s}");
    assert_eq!(s["disagreements_not_repeating"], no, "{s}");
    assert_eq!(s["disagreements"], yes + no, "{s}");
    assert_eq!(s["disagreements_ko_rule_agrees"], ko_agrees, "{s}");
}

/// The answered share by points in play: each row's `region_points` column is the area
/// `tsume solve --json` reports for the row, and the summary's bins (under 30, 30-39,
/// 40-49, 50+) count the rows and answers of the TSV that fall in them.
#[test]
fn answered_share_is_reported_by_points_in_play() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let tsv = std::env::temp_dir().join(format!("tsume-bins-{}.tsv", std::process::id()));
    let r = tsume(&[
        "bench",
        "--corpus",
        dir.to_str().unwrap(),
        "--source",
        "cho",
        "--every",
        "97",
        "--max-nodes",
        "3000",
        "--rows-out",
        tsv.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let text = std::fs::read_to_string(&tsv).unwrap();
    let _ = std::fs::remove_file(&tsv);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (file, target, to_move, got, points) = (
        col("file"),
        col("target"),
        col("to_move"),
        col("got"),
        col("region_points"),
    );
    let bounds = [(0, 29), (30, 39), (40, 49), (50, usize::MAX)];
    let mut counts = [(0u64, 0u64); 4];
    // Per bin: rows with a published status (dead or alive), and those the answer matches.
    let mut status = [(0u64, 0u64); 4];
    let expected = col("expected");
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        let n: usize = f[points].parse().unwrap();
        let path = dir.join(f[file]);
        let one = tsume(&[
            "solve",
            path.to_str().unwrap(),
            "--target",
            f[target],
            "--to-move",
            f[to_move],
            "--max-nodes",
            "1",
            "--no-check",
            "--json",
        ])
        .json();
        assert_eq!(one["region_points"], n, "{line}");
        let bin = bounds
            .iter()
            .position(|&(lo, hi)| lo <= n && n <= hi)
            .unwrap();
        counts[bin].0 += 1;
        counts[bin].1 += u64::from(f[got] != "unknown");
        if f[expected] == "dead" || f[expected] == "alive" {
            status[bin].0 += 1;
            status[bin].1 += u64::from(f[got] == f[expected]);
        }
    }
    let s = &r.json()["sources"][0];
    let bins = s["answered_by_points"].as_array().unwrap();
    let labels: Vec<&str> = bins.iter().map(|b| b["points"].as_str().unwrap()).collect();
    assert_eq!(labels, ["under 30", "30-39", "40-49", "50+"]);
    for ((b, &(rows, answered)), &(known, right)) in bins.iter().zip(&counts).zip(&status) {
        assert_eq!(
            (b["rows"].as_u64(), b["answered"].as_u64()),
            (Some(rows), Some(answered)),
            "{s}"
        );
        assert_eq!(
            (b["status_known"].as_u64(), b["status_right"].as_u64()),
            (Some(known), Some(right)),
            "{s}"
        );
        assert!(
            b["median_seconds"].as_f64().is_some_and(|t| t >= 0.0),
            "{s}"
        );
    }
    assert_eq!(
        counts.iter().map(|c| c.0).sum::<u64>(),
        s["rows"].as_u64().unwrap()
    );
    // The sample spans more than one bin, or the test proves little.
    assert!(counts.iter().filter(|c| c.0 > 0).count() >= 3, "{counts:?}");
}
