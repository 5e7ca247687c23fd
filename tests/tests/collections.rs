//! Collections: many problems in one SGF file, one game tree each (as problem sets are
//! often published). `--index all` solves and checks each game tree as if it were a file
//! of its own; the oracle is the same problems solved from their own files.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use serde_json::Value;
use tsume_tests::{corpus_dir, problem_files, reduce_file, scratch_file, tsume, tsume_input};

/// A game tree that does not load: a stone off the board.
const BAD_TREE: &str = "(;GM[1]FF[4]SZ[9]AB[zz])";

/// The first `n` bundled problems and a collection file holding them, in order, then
/// [`BAD_TREE`].
fn collection(n: usize) -> (Vec<PathBuf>, PathBuf) {
    let files: Vec<PathBuf> = problem_files().into_iter().take(n).collect();
    assert_eq!(files.len(), n, "not enough bundled problems");
    let mut text = String::new();
    for f in &files {
        let t = std::fs::read_to_string(f).unwrap();
        let t = t.trim_start_matches('\u{feff}').trim();
        // Each bundled problem is one game tree.
        assert!(t.starts_with("(;"), "{}", f.display());
        text.push_str(t);
        text.push('\n');
    }
    text.push_str(BAD_TREE);
    text.push('\n');
    (files, scratch_file("set.sgf", &text))
}

/// What must not depend on where a problem came from: the target, the area, each
/// side's verdict, first moves, nodes and checked tree, the status.
fn answer(v: &Value) -> Value {
    let results: Vec<Value> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            serde_json::json!([
                r["to_move"],
                r["verdict"],
                r["moves"],
                r["nodes"],
                r["checked"],
                r["proof_nodes"],
                r["exact"]
            ])
        })
        .collect();
    serde_json::json!([
        v["target"],
        v["region_points"],
        v["depth_bound"],
        v["status"],
        results
    ])
}

#[test]
fn index_all_solves_each_game_tree_as_its_own_file_would() {
    let n = 8;
    let (files, set) = collection(n);
    let set = set.to_str().unwrap();
    let r = tsume(&["solve", set, "--index", "all", "--json"]);
    // One game tree does not load: exit 2, the others answered all the same.
    assert_eq!(r.code, 2, "{}", r.err);
    let v = r.json();
    let rows = v["problems"].as_array().unwrap();
    assert_eq!(rows.len(), n + 1);
    assert_eq!(v["summary"]["files"], n + 1);
    assert_eq!(v["summary"]["errors"], 1);
    for (i, f) in files.iter().enumerate() {
        let row = &rows[i];
        assert_eq!(row["file"], set);
        assert_eq!(row["game_tree"], i);
        assert_eq!(row["game_trees"], n + 1);
        let own = tsume(&["solve", f.to_str().unwrap(), "--json"]);
        assert_eq!(own.code, 0, "{}", own.err);
        let own = own.json();
        assert_eq!(own["game_tree"], 0);
        assert_eq!(own["game_trees"], 1);
        assert_eq!(
            answer(row),
            answer(&own),
            "game tree {i} against {}",
            f.display()
        );
    }
    // The bad tree is named by its number, in the row and on stderr (one line).
    let bad = &rows[n];
    assert_eq!(bad["file"], set);
    assert_eq!(bad["game_tree"], n);
    assert_eq!(bad["game_trees"], n + 1);
    let e = bad["error"].as_str().unwrap();
    assert!(
        e.contains(&format!("game tree {n}")) && e.contains("AB[zz]"),
        "{e}"
    );
    assert_eq!(r.err.trim().lines().count(), 1, "{}", r.err);
    assert!(
        r.err.contains(&format!("set.sgf, game tree {n}:")),
        "{}",
        r.err
    );

    // The text table: one line per game tree, in order, and problems counted.
    let t = tsume(&["solve", set, "--index", "all"]);
    assert_eq!(t.code, 2);
    let mut at = 0;
    for i in 0..n {
        let key = format!("set.sgf, game tree {i} ");
        let k = t.out[at..]
            .find(&key)
            .unwrap_or_else(|| panic!("{key} missing or out of order:\n{}", t.out));
        at += k + key.len();
    }
    assert!(
        t.out.contains(&format!("{} problems: {n} solved", n + 1)),
        "{}",
        t.out
    );
}

#[test]
fn one_game_tree_of_a_collection_is_named_and_the_others_pointed_to() {
    let n = 4;
    let (files, set) = collection(n);
    let set = set.to_str().unwrap();
    // The default is the first game tree; a note says there are others.
    for (index, file) in [(None, &files[0]), (Some(2), &files[2])] {
        let i = index.unwrap_or(0).to_string();
        let mut args = vec!["solve", set, "--json"];
        if index.is_some() {
            args.extend(["--index", &i]);
        }
        let r = tsume(&args);
        assert_eq!(r.code, 0, "{}", r.err);
        let v = r.json();
        assert_eq!(v["game_tree"], index.unwrap_or(0));
        assert_eq!(v["game_trees"], n + 1);
        let note = v["notes"][0].as_str().unwrap();
        assert!(
            note.contains(&format!("holds {} game trees", n + 1))
                && note.contains(&format!("this is game tree {i}"))
                && note.contains("--index all"),
            "{note}"
        );
        let own = tsume(&["solve", file.to_str().unwrap(), "--json"]).json();
        assert_eq!(answer(&v), answer(&own));
        // The text names the game tree above the board.
        let text_args: Vec<&str> = args.iter().copied().filter(|a| *a != "--json").collect();
        let t = tsume(&text_args);
        assert!(
            t.out.starts_with(&format!("{set}, game tree {i}\n")),
            "{}",
            t.out
        );
    }
    // The bad one alone: exit 2, one line naming the file and the game tree.
    let bad = n.to_string();
    let r = tsume(&["solve", set, "--index", &bad]);
    assert_eq!(r.code, 2);
    assert_eq!(r.err.trim().lines().count(), 1, "{}", r.err);
    assert!(
        r.err.starts_with(&format!("{set}, game tree {n}: ")),
        "{}",
        r.err
    );
    // A number past the end, and a word that is neither, are refused.
    let past = (n + 1).to_string();
    let r = tsume(&["solve", set, "--index", &past]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains(&format!(
            "game tree {past} asked for, but the file has {}",
            n + 1
        )),
        "{}",
        r.err
    );
    let r = tsume(&["solve", set, "--index", "first"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--index"), "{}", r.err);
    // A file of one game tree says nothing about trees, and --index all changes nothing.
    let one = tsume(&["solve", files[1].to_str().unwrap(), "--json"]).json();
    let all = tsume(&[
        "solve",
        files[1].to_str().unwrap(),
        "--json",
        "--index",
        "all",
    ]);
    assert_eq!(all.code, 0, "{}", all.err);
    assert_eq!(answer(&all.json()), answer(&one));
    assert_eq!(all.json()["notes"], one["notes"]);
    assert!(
        one["notes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| !n.as_str().unwrap().contains("game tree")),
        "{one}"
    );
}

#[test]
fn index_all_checks_each_game_tree_and_other_commands_refuse_it() {
    let n = 5;
    let (files, set) = collection(n);
    let set = set.to_str().unwrap();
    let r = tsume(&["check", set, "--index", "all", "--json"]);
    assert_eq!(r.code, 2, "{}", r.err);
    let v = r.json();
    let rows = v["problems"].as_array().unwrap();
    // The bad tree is reported on stderr, not as a row.
    assert_eq!(rows.len(), n);
    assert_eq!(v["summary"]["unreadable"], 1);
    for (i, f) in files.iter().enumerate() {
        assert_eq!(rows[i]["game_tree"], i);
        let own = tsume(&["check", f.to_str().unwrap(), "--json"]);
        let own = own.json();
        for key in ["target", "side", "question", "lines"] {
            assert_eq!(rows[i][key], own[key], "{key} of game tree {i}");
        }
    }
    assert!(r.err.contains(&format!("game tree {n}")), "{}", r.err);

    for args in [
        vec!["gtp", "--index", "all"],
        vec!["check-proof", "missing.json", "--index", "all"],
    ] {
        let r = tsume(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
        assert!(r.err.contains("--index all"), "{args:?}: {}", r.err);
    }
}

#[test]
fn standard_input_is_a_file_named_stdin() {
    // One problem: the same answer as from its file, named <stdin>.
    let f = &problem_files()[2];
    let text = std::fs::read_to_string(f).unwrap();
    let own = tsume(&["solve", f.to_str().unwrap(), "--json"]).json();
    let r = tsume_input(&["solve", "-", "--json"], &text);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(answer(&v), answer(&own));
    let c = tsume_input(&["check", "-", "--json"], &text);
    assert_eq!(c.code, 0, "{}", c.err);
    let own_check = tsume(&["check", f.to_str().unwrap(), "--json"]).json();
    assert_eq!(c.json()["lines"], own_check["lines"]);

    // A collection on standard input, every game tree.
    let (files, set) = collection(3);
    let text = std::fs::read_to_string(&set).unwrap();
    let r = tsume_input(&["solve", "-", "--index", "all", "--json"], &text);
    assert_eq!(r.code, 2, "{}", r.err);
    let v = r.json();
    let rows = v["problems"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for (i, f) in files.iter().enumerate() {
        let own = tsume(&["solve", f.to_str().unwrap(), "--json"]).json();
        assert_eq!(answer(&rows[i]), answer(&own), "game tree {i}");
    }
    assert!(r.err.starts_with("<stdin>, game tree 3: "), "{}", r.err);
    assert_eq!(rows[3]["file"], "<stdin>");
    assert_eq!(rows[0]["file"], "<stdin>");

    // A graph board on standard input (a 3-SAT instance): as from its file.
    let (graph, _) = reduce_file("x", "p cnf 1 1\n1 0\n", "graph");
    let own = tsume(&["solve", graph.to_str().unwrap(), "--to-move", "W", "--json"]).json();
    let text = std::fs::read_to_string(&graph).unwrap();
    let r = tsume_input(&["solve", "-", "--to-move", "W", "--json"], &text);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(answer(&r.json()), answer(&own));
    assert_eq!(r.json()["verdict"], "alive");
    let r = tsume_input(&["check", "-"], &text);
    assert_eq!(r.code, 2);
    assert!(
        r.err.starts_with("<stdin>: a graph file has no variations"),
        "{}",
        r.err
    );

    // Nothing on standard input: one line naming it.
    let r = tsume_input(&["solve", "-"], "");
    assert_eq!(r.code, 2);
    assert_eq!(r.err.trim().lines().count(), 1, "{}", r.err);
    assert!(r.err.starts_with("<stdin>: "), "{}", r.err);
}

#[test]
fn bench_times_each_game_tree_of_a_collection() {
    let n = 4;
    let (files, set) = collection(n);
    let dir = set.parent().unwrap().to_str().unwrap().to_string();
    let r = tsume(&["bench", "--problems", &dir, "--json"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let rows = v["problems"].as_array().unwrap();
    // The bad game tree is named on stderr, not timed.
    assert_eq!(rows.len(), n, "{v}");
    assert!(r.err.contains(&format!("game tree {n}")), "{}", r.err);
    for (i, f) in files.iter().enumerate() {
        assert_eq!(rows[i]["game_tree"], i);
        let own = tsume(&["solve", f.to_str().unwrap(), "--json"]).json();
        assert_eq!(rows[i]["status"], own["status"], "game tree {i}");
    }
}

/// Real files: d180cf's 52 problems (their targets marked) in one collection file, each
/// game tree answered as its own file is (read from the corpus, never copied into the
/// repository; skipped when it is absent).
#[test]
fn d180cf_as_one_collection_answers_as_its_files() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in ["cc1", "gop", "sim"] {
        let Ok(entries) = std::fs::read_dir(dir.join("d180cf").join(sub)) else {
            continue;
        };
        files.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "sgf")),
        );
    }
    files.sort();
    assert!(files.len() >= 40, "{} d180cf files", files.len());
    let mut text = String::new();
    for f in &files {
        let t = std::fs::read_to_string(f).unwrap();
        text.push_str(t.trim_start_matches('\u{feff}').trim());
        text.push('\n');
    }
    let set = scratch_file("d180cf.sgf", &text);
    let budget = ["--json", "--max-nodes", "20000", "--no-check"];
    let mut args = vec!["solve", set.to_str().unwrap(), "--index", "all"];
    args.extend(budget);
    let r = tsume(&args);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let rows = v["problems"].as_array().unwrap();
    assert_eq!(rows.len(), files.len());
    let mut answered = 0;
    for (i, f) in files.iter().enumerate() {
        let mut args = vec!["solve", f.to_str().unwrap()];
        args.extend(budget);
        let own = tsume(&args);
        assert_eq!(own.code, 0, "{}", own.err);
        let own = own.json();
        assert_eq!(rows[i]["game_tree"], i);
        assert_eq!(answer(&rows[i]), answer(&own), "{}", f.display());
        answered += usize::from(own["status"] != "unknown");
    }
    // Not a set of unknowns agreeing with unknowns.
    assert!(answered * 2 > files.len(), "{answered} answered");
}
