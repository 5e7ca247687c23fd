//! `tsume check-proof` end to end: the trees `tsume solve --tree-out` writes are
//! certificates that the checker accepts on their own, with the claims `solve` made;
//! altered ones are rejected, unreadable ones are bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};
use tsume_tests::{repo_root, scratch_dir, scratch_file, tsume};

/// `tsume solve FILE ARGS --tree-out` and `--json`: the answer and the tree file.
fn solve_with_trees(file: &str, args: &[&str]) -> (Value, std::path::PathBuf) {
    let tree = scratch_dir().join("trees.json");
    let mut all = vec![
        "solve",
        file,
        "--json",
        "--tree-out",
        tree.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let r = tsume(&all);
    assert_eq!(r.code, 0, "{file}: {}", r.err);
    (r.json(), tree)
}

/// Every bundled problem, both sides: each tree written is accepted by `check-proof`
/// alone, claims what `solve` answered, and holds for every α exactly where `solve` says
/// "for every α" (a life for every α is certified by the tree itself, not by the search).
#[test]
fn the_collections_trees_are_certificates_of_the_answers() {
    let files = tsume_tests::problem_files();
    assert!(files.len() >= 40);
    let (mut trees, mut forever) = (0, 0);
    for f in &files {
        let name = f.to_str().unwrap();
        let (answer, tree_file) = solve_with_trees(name, &["--quiet"]);
        let r = tsume(&["check-proof", tree_file.to_str().unwrap(), "--json"]);
        assert_eq!(r.code, 0, "{name}: {}{}", r.out, r.err);
        let report = r.json();
        let checked = report["files"][0]["trees"].as_array().unwrap();
        let results = answer["results"].as_array().unwrap();
        let answered: Vec<&Value> = results
            .iter()
            .filter(|s| s["verdict"] != "unknown")
            .collect();
        assert_eq!(checked.len(), answered.len(), "{name}");
        for (c, s) in checked.iter().zip(&answered) {
            trees += 1;
            assert_eq!(c["accepted"], true, "{name}: {c}");
            assert_eq!(c["to_move"], s["to_move"]);
            assert_eq!(c["claim"], s["verdict"], "{name}");
            let every_alpha = c["remaining"].is_null();
            if s["verdict"] == "alive" {
                assert_eq!(every_alpha, s["exact"] == true, "{name} {}", s["to_move"]);
                assert_eq!(s["exact_checked"], s["exact"], "{name}");
                forever += usize::from(every_alpha);
            }
        }
    }
    assert_eq!(tsume(&["check-proof", "--help"]).code, 0);
    // Both kinds occur: kills, lives within α and lives for every α.
    assert!(
        trees > 60 && forever > 10,
        "{trees} trees, {forever} for every α"
    );
}

/// A 3-SAT instance's graph board (points named, not a grid) round-trips too.
#[test]
fn a_graph_boards_tree_is_a_certificate() {
    let (graph, _) = tsume_tests::reduce_file("cert", "p cnf 2 2\n1 2 0\n-1 0\n", "graph");
    let (answer, trees) = solve_with_trees(graph.to_str().unwrap(), &["--to-move", "W"]);
    assert_eq!(answer["verdict"], "alive");
    let r = tsume(&["check-proof", trees.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(r.out.contains("accepted — alive"), "{}", r.out);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&trees).unwrap()).unwrap();
    assert_eq!(v[0]["tree"]["board"]["kind"], "graph");
}

/// Altered trees are rejected (exit 1, the node and the reason on the line); files that
/// are not trees are bad input (exit 2, one line naming the file and the field).
#[test]
fn altered_certificates_are_rejected_and_bad_files_named() {
    let problem = repo_root().join("problems/03_bent_three_corner.sgf");
    let (_, trees) = solve_with_trees(problem.to_str().unwrap(), &["--quiet"]);
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&trees).unwrap()).unwrap();
    let write = |name: &str, v: &Value| scratch_file(name, &serde_json::to_string(v).unwrap());

    // Each tree with its claim turned round: rejected.
    for (i, entry) in good.as_array().unwrap().iter().enumerate() {
        let mut t = entry["tree"].clone();
        t["claim"] = json!(if t["claim"] == "dead" {
            "alive"
        } else {
            "dead"
        });
        let f = write(&format!("flipped{i}.json"), &t);
        let r = tsume(&["check-proof", f.to_str().unwrap()]);
        assert_eq!(r.code, 1, "{}{}", r.out, r.err);
        assert!(r.out.contains("REJECTED"), "{}", r.out);
        assert!(r.out.contains("node "), "{}", r.out);
    }
    // The kill's root stripped of its moves.
    let mut t = good.clone();
    t[0]["tree"]["nodes"][0]["children"] = json!([]);
    let f = write("stripped.json", &t);
    let r = tsume(&["check-proof", f.to_str().unwrap(), "--json"]);
    assert_eq!(r.code, 1);
    let v = r.json();
    assert_eq!(v["rejected"], 1);
    assert_eq!(v["accepted"], 1);
    assert_eq!(v["files"][0]["trees"][0]["accepted"], false);

    // A good file and a rejected one: exit 1, both reported, the totals.
    let ok = trees.to_str().unwrap();
    let r = tsume(&["check-proof", ok, f.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(r.out.contains("3 accepted, 1 rejected"), "{}", r.out);

    // Bad input: exit 2, one line naming the file and what is wrong.
    let mut t = good.clone();
    t[0]["tree"]["nodes"][0]["children"][0]["move"] = json!("Z77");
    let cases = [
        (
            write("badmove.json", &t),
            "[0].tree.nodes[0].children[0].move",
        ),
        (
            scratch_file("notjson.json", "{ \"format\": "),
            "not JSON (line 1",
        ),
        (write("format.json", &json!({"format": "sgf"})), "format"),
        (scratch_dir().join("missing.json"), "cannot read the file"),
    ];
    // (An empty list is what `solve --tree-out` writes when nothing was proved: read as
    // "no tree", exit 0; tests/tests/hostile.rs.)
    for (f, want) in cases {
        let r = tsume(&["check-proof", f.to_str().unwrap()]);
        assert_eq!(r.code, 2, "{}: {}{}", f.display(), r.out, r.err);
        assert_eq!(r.err.lines().count(), 1, "{}", r.err);
        assert!(r.err.contains(f.to_str().unwrap()), "{}", r.err);
        assert!(r.err.contains(want), "{want}: {}", r.err);
    }
}

/// Random damage to a tree file (a field of a tree or of a node replaced by a value of
/// another type or another value): read and judged, or refused in one line; never a
/// panic, never a damaged tree accepted where the damage changes what it shows.
#[test]
fn damaged_certificates_never_panic() {
    let problem = repo_root().join("problems/17_l_plus_one_long_side.sgf");
    let (_, trees) = solve_with_trees(problem.to_str().unwrap(), &["--quiet"]);
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&trees).unwrap()).unwrap();
    let values = [
        Value::Null,
        json!(0),
        json!(-1),
        json!("A1"),
        json!("x"),
        json!([]),
        json!({}),
        json!([0, 1]),
        json!(1e300),
        json!(true),
    ];
    let mut rng = tsume_tests::Rng(0x9e37_79b9_7f4a_7c15);
    let mut codes = [0usize; 3];
    for round in 0..120 {
        let mut t = good.clone();
        let which = rng.below(2) as usize;
        let tree = &mut t[which]["tree"];
        let v = values[rng.below(values.len() as u64) as usize].clone();
        let damaged = if rng.below(2) == 0 {
            let keys: Vec<String> = tree.as_object().unwrap().keys().cloned().collect();
            let k = keys[rng.below(keys.len() as u64) as usize].clone();
            tree[&k] = v;
            k
        } else {
            let n = tree["nodes"].as_array().unwrap().len() as u64;
            let i = rng.below(n) as usize;
            let node = &mut tree["nodes"][i];
            let keys: Vec<String> = node.as_object().unwrap().keys().cloned().collect();
            let k = keys[rng.below(keys.len() as u64) as usize].clone();
            node[&k] = v;
            format!("nodes[{i}].{k}")
        };
        let f = scratch_file(
            &format!("damaged{round}.json"),
            &serde_json::to_string(&t).unwrap(),
        );
        let r = tsume(&["check-proof", f.to_str().unwrap()]);
        assert!((0..=2).contains(&r.code), "{damaged}: {}", r.err);
        codes[r.code as usize] += 1;
        if r.code == 2 {
            assert_eq!(r.err.lines().count(), 1, "{damaged}: {}", r.err);
        }
        // A node's "to_move" is informative; the claim, the stones and the board are
        // what a tree is about (a target moved to another stone of its group is not).
        if r.code == 0 {
            let shown = ["claim", "setup", "board"];
            assert!(
                !shown.iter().any(|s| damaged == *s),
                "{damaged} damaged, still accepted: {}",
                r.out
            );
        }
    }
    // The damage reaches all three outcomes.
    assert!(codes.iter().all(|&c| c > 0), "{codes:?}");
}

/// `--problem`: the trees of a problem are about it; about another problem, or with a
/// stone added, they are not (exit 1, the difference named), however sound.
#[test]
fn a_certificate_is_tied_to_its_problem() {
    let three = repo_root().join("problems/03_bent_three_corner.sgf");
    let three = three.to_str().unwrap();
    let (_, trees) = solve_with_trees(three, &["--quiet"]);
    let trees = trees.to_str().unwrap();
    let r = tsume(&["check-proof", trees, "--problem", three]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert_eq!(r.out.matches(" — about ").count(), 2, "{}", r.out);
    assert!(r.out.contains("; 0 not about"), "{}", r.out);

    // Another problem: sound trees, but not about it.
    let other = repo_root().join("problems/20_rectangular_six_corner.sgf");
    let r = tsume(&[
        "check-proof",
        trees,
        "--problem",
        other.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    let v = r.json();
    assert_eq!(v["accepted"], 2);
    assert_eq!(v["not_about_problem"], 2);
    assert_eq!(v["files"][0]["trees"][0]["about_problem"], false);

    // The same problem with the whole board in play: another board.
    let r = tsume(&[
        "check-proof",
        trees,
        "--problem",
        three,
        "--region",
        "board",
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.out.contains("NOT ABOUT") && r.out.contains("points"),
        "{}",
        r.out
    );

    // A stone added to the tree's position (the first empty point where that is a legal
    // position): named.
    let good: Value = serde_json::from_str(&std::fs::read_to_string(trees).unwrap()).unwrap();
    let tree = &good[1]["tree"];
    let taken: Vec<&str> = ["black", "white"]
        .iter()
        .flat_map(|c| tree["setup"][c].as_array().unwrap())
        .map(|s| s.as_str().unwrap())
        .collect();
    let (free, v) = tree["board"]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .filter(|p| !taken.contains(p))
        .find_map(|p| {
            let mut v = good.clone();
            v[1]["tree"]["setup"]["black"]
                .as_array_mut()
                .unwrap()
                .push(json!(p));
            tsume_proof::from_json(&v[1]["tree"])
                .is_ok()
                .then(|| (p.to_string(), v))
        })
        .expect("an empty point that takes a black stone");
    let f = scratch_file("added.json", &serde_json::to_string(&v).unwrap());
    let r = tsume(&["check-proof", f.to_str().unwrap(), "--problem", three]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(
        r.out.contains(&format!(
            "{free} is black in the tree, empty in the problem"
        )),
        "{}",
        r.out
    );
}

/// Issue 48, class 5, from the text: a tree written by `solve --tree-out` with
/// `"black"` given twice in its `setup` (the second list another position), a field
/// twice inside a node, an unknown field in the wrapper and a wrapper's `to_move` that
/// is not its tree's: each refused (exit 2) in one line naming the file and the field.
#[test]
fn a_certificate_with_a_field_twice_or_unknown_at_any_depth_is_refused() {
    let bent = repo_root().join("problems/03_bent_three_corner.sgf");
    let (_, trees) = solve_with_trees(bent.to_str().unwrap(), &[]);
    let text = std::fs::read_to_string(&trees).unwrap();
    let good = tsume(&["check-proof", trees.to_str().unwrap()]);
    assert_eq!(good.code, 0, "{}", good.err);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v[0]["to_move"], "B");
    let compact = v.to_string();
    let black = format!("\"black\":{}", v[0]["tree"]["setup"]["black"]);
    let cases = [
        // The setup's black stones twice, the second list empty.
        (
            compact.replacen(&black, &format!("{black},\"black\":[]"), 1),
            "[0].tree.setup.black: given twice",
        ),
        (
            compact.replacen("\"remaining\":", "\"remaining\":1,\"remaining\":", 1),
            "[0].tree.nodes[0].remaining: given twice",
        ),
        (
            compact.replacen("{\"to_move\":\"B\"", "{\"note\":1,\"to_move\":\"B\"", 1),
            "[0].note: not a field of a wrapped tree (known: to_move, tree)",
        ),
        (
            compact.replacen("{\"to_move\":\"B\"", "{\"to_move\":\"W\"", 1),
            "[0].to_move: \"W\", but its tree has black to move",
        ),
    ];
    for (i, (text, said)) in cases.iter().enumerate() {
        assert_ne!(*text, compact, "case {i}: the edit was made");
        let f = scratch_file(&format!("twice{i}.json"), text);
        let r = tsume(&["check-proof", f.to_str().unwrap()]);
        assert_eq!(r.code, 2, "case {i}: {}{}", r.out, r.err);
        let lines: Vec<&str> = r.err.lines().collect();
        assert_eq!(
            lines,
            [format!("tsume check-proof: {}: {said}", f.display())],
            "case {i}"
        );
    }
}

/// With `--zone-table`, the collection's trees carry reuses (docs/design/post-hoc-zones.md,
/// "Reuse"), and `check-proof` alone accepts every one; a reuse pointed at itself (a
/// cycle) or at the root (plies that do not serve, a zone it does not agree with) is
/// rejected, exit 1, the reuse named.
#[test]
fn trees_with_reuses_are_certificates_and_bad_reuses_are_rejected() {
    let (mut reuses, mut mutated) = (0, 0);
    for f in &tsume_tests::problem_files() {
        let name = f.to_str().unwrap();
        let (_, tree_file) = solve_with_trees(name, &["--quiet", "--zone-table"]);
        let r = tsume(&["check-proof", tree_file.to_str().unwrap()]);
        assert_eq!(r.code, 0, "{name}: {}{}", r.out, r.err);
        let text = std::fs::read_to_string(&tree_file).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        for (k, t) in v.as_array().unwrap().iter().enumerate() {
            let nodes = t["tree"]["nodes"].as_array().unwrap();
            let Some(i) = nodes.iter().position(|n| n.get("reuse").is_some()) else {
                continue;
            };
            reuses += nodes.iter().filter(|n| n.get("reuse").is_some()).count();
            for (to, why) in [(i, "cycle"), (0, "reuse of node 0")] {
                let mut w = v.clone();
                w[k]["tree"]["nodes"][i]["reuse"] = json!(to);
                let bad = scratch_file("bad-reuse.json", &w.to_string());
                let r = tsume(&["check-proof", bad.to_str().unwrap()]);
                assert_eq!(r.code, 1, "{name}: {}{}", r.out, r.err);
                assert!(r.out.contains(why), "{name}: {}", r.out);
                mutated += 1;
            }
        }
    }
    assert!(
        reuses > 100 && mutated > 10,
        "{reuses} reuses, {mutated} mutated"
    );
}

/// `--safe-leaves` (docs/design/safety.md): the trees of a life written with `safe`
/// leaves are accepted by `check-proof` alone; the root of that life turned into a
/// `safe` leaf (the group is not yet safe there) is rejected, naming the leaf.
#[test]
fn safe_leaves_are_certified_and_a_false_one_is_rejected() {
    let file = repo_root().join("problems/20_rectangular_six_corner.sgf");
    let (_, trees) = solve_with_trees(file.to_str().unwrap(), &["--quiet", "--safe-leaves"]);
    let r = tsume(&["check-proof", trees.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&trees).unwrap()).unwrap();
    let alive = good
        .as_array()
        .unwrap()
        .iter()
        .position(|t| t["tree"]["claim"] == "alive")
        .expect("a life");
    let nodes = good[alive]["tree"]["nodes"].as_array().unwrap();
    assert!(
        nodes.iter().any(|n| n["leaf"] == "safe"),
        "no safe leaf written"
    );
    let mut t = good.clone();
    t[alive]["tree"]["nodes"][0]["children"] = json!([]);
    t[alive]["tree"]["nodes"][0]["leaf"] = json!("safe");
    let f = scratch_file("false_safe.json", &serde_json::to_string(&t).unwrap());
    let r = tsume(&["check-proof", f.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(r.out.contains("REJECTED"), "{}", r.out);
    assert!(r.out.contains("not safe"), "{}", r.out);
}
