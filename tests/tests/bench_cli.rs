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
