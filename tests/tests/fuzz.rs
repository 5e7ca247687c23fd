//! The fuzzing harness, on stable Rust: for each of the five ways text gets into tsume
//! (SGF files, graph board files, DIMACS formulas, proof JSON, GTP command streams; and
//! proof JSON's fields given twice or unknown at every depth, a sixth target),
//! inputs made two ways — structured generators (proptest strategies, run by hand with
//! a `TestRunner`) and a mutation loop over the bundled files — fed to the readers and
//! to the command line in-process. Whatever the input: no panic, no exit status but 0, 1
//! or 2, a refusal in one line; and for proofs, an oracle: a tree the checker accepts
//! must not contradict the search on the same question.
//!
//! How long: by default a few hundred inputs a target (seconds: part of
//! `cargo test --workspace`). `TSUME_FUZZ_SECS=N` gives the six targets N seconds
//! between them, `TSUME_FUZZ_SEED` a seed (else the clock's, printed). `.ci/run` runs a
//! bounded minute; docs/limits.md gives the command for an hour. A failure prints the
//! input (and the seed): add it below as a regression test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{json, Value};
use tsume_tests::{mutate, problem_files, repo_root, tsume_input, Rng, Run};

/// The six targets share `TSUME_FUZZ_SECS`; without it each runs `rounds` inputs.
struct Budget {
    deadline: Option<Instant>,
    rounds: usize,
    done: usize,
}

impl Budget {
    fn new(rounds: usize) -> Budget {
        let secs = std::env::var("TSUME_FUZZ_SECS")
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0);
        Budget {
            deadline: secs.map(|s| Instant::now() + Duration::from_secs_f64(s / 6.0)),
            rounds,
            done: 0,
        }
    }

    fn more(&mut self) -> bool {
        self.done += 1;
        match self.deadline {
            Some(d) => Instant::now() < d,
            None => self.done <= self.rounds,
        }
    }
}

fn seed(target: u64) -> u64 {
    let base = std::env::var("TSUME_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(|| {
            if std::env::var("TSUME_FUZZ_SECS").is_ok() {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            } else {
                0x5eed_1234_abcd_0001
            }
        });
    eprintln!("fuzz target {target}: TSUME_FUZZ_SEED={base}");
    (base ^ target.wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
}

/// A proptest runner seeded from `seed`, to draw values from strategies by hand.
fn runner(seed: u64) -> TestRunner {
    let mut bytes = [0u8; 32];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (seed.rotate_left(i as u32 * 8) & 0xff) as u8 ^ i as u8;
    }
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

fn draw<T: std::fmt::Debug>(r: &mut TestRunner, s: &impl Strategy<Value = T>) -> T {
    s.new_tree(r).expect("a value").current()
}

/// `f` must not panic; the panic's input is shown.
fn no_panic<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let shown: String = input.chars().take(4000).collect();
            panic!("{what} panicked ({msg}) on:\n{shown}")
        }
    }
}

/// A reader's refusal: one line.
fn one_line(what: &str, input: &str, message: &str) {
    let shown: String = input.chars().take(4000).collect();
    assert!(
        !message.is_empty() && !message.trim_end().contains('\n'),
        "{what}: not one line: {message:?} on:\n{shown}"
    );
}

/// `tsume ARGS` with `input` on standard input: no panic, exit 0, 1 or 2, and an exit 2
/// says why on standard error.
fn command(args: &[&str], input: &str) -> Run {
    let run = no_panic(&format!("tsume {args:?}"), input, || {
        tsume_input(args, input)
    });
    let shown: String = input.chars().take(4000).collect();
    assert!(
        matches!(run.code, 0..=2),
        "tsume {args:?}: exit {} ({}) on:\n{shown}",
        run.code,
        run.err
    );
    if run.code == 2 {
        assert!(
            !run.err.trim().is_empty(),
            "tsume {args:?}: exit 2, silent, on:\n{shown}"
        );
    }
    run
}

fn read(p: &std::path::Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

// ---------------------------------------------------------------------------------
// SGF

const SGF_PIECES: &[&str] = &[
    "[",
    "]",
    "(",
    ")",
    ";",
    "\\",
    "AB",
    "AW",
    "AE",
    "PL",
    "SZ",
    "MA",
    "TR",
    "CR",
    "SQ",
    "B",
    "W",
    "[zz]",
    "[aa]",
    "[]",
    "[19:3]",
    "[ 9 ]",
    "[0]",
    "[52]",
    "[53]",
    "[-1]",
    "[4294967296]",
    "[tt]",
    "[ab:cd]",
    "GC[tsume: region=A1,B1]",
    "GC[tsume: target=C3]",
    "C[Black to live]",
    "GM[2]",
    "SZ[2]",
    "SZ[1:1]",
    "é",
    "[a",
    "PL[X]",
    ";B[aa];W[aa]",
    "(;B[aa](;W[bb])(;W[cc]))",
    "C[tsume: depth=4294967295]",
    "\u{feff}",
    "\r\n",
];

/// A game tree: a root with a size, stones and marks, then a tree of moves (depth and
/// width drawn, a few deep lines among them).
fn sgf_strategy() -> impl Strategy<Value = String> {
    let size = prop_oneof![
        (1u32..=19).prop_map(|n| format!("SZ[{n}]")),
        (1u32..=25, 1u32..=25).prop_map(|(w, h)| format!("SZ[{w}:{h}]")),
        Just("SZ[ 9 ]".to_string()),
        Just("SZ[0]".to_string()),
        Just("SZ[255]".to_string()),
        Just("SZ[99999999999999999999]".to_string()),
        Just(String::new()),
    ];
    let coord = (0u8..22, 0u8..22)
        .prop_map(|(x, y)| format!("[{}{}]", (b'a' + x) as char, (b'a' + y) as char));
    let stones = prop::collection::vec((prop::bool::ANY, coord.clone()), 0..40);
    let marks = prop::collection::vec((0usize..4, coord.clone()), 0..3);
    let pl = prop_oneof![Just(""), Just("PL[B]"), Just("PL[W]"), Just("PL[x]")];
    let moves = prop::collection::vec((prop::bool::ANY, coord, 0u8..6), 0..60);
    let deep = prop_oneof![
        8 => Just(0usize),
        1 => 1usize..200,
        1 => Just(10_001usize),
    ];
    (size, stones, marks, pl, moves, deep).prop_map(|(size, stones, marks, pl, moves, deep)| {
        let mut t = format!("(;GM[1]{size}{pl}");
        for (black, c) in stones {
            t.push_str(if black { "AB" } else { "AW" });
            t.push_str(&c);
        }
        for (k, c) in marks {
            t.push_str(["TR", "MA", "SQ", "CR"][k]);
            t.push_str(&c);
        }
        // Moves: 0 a node, 1 a variation opened, 2 closed, 3 a comment, else a node.
        let mut open = 0;
        for (black, c, kind) in moves {
            match kind {
                1 => {
                    t.push_str("(;");
                    open += 1;
                }
                2 if open > 0 => {
                    t.push(')');
                    open -= 1;
                    continue;
                }
                3 => t.push_str("C[tsume: wrong]"),
                _ => t.push(';'),
            }
            t.push_str(if black { "B" } else { "W" });
            t.push_str(&c);
        }
        t.push_str(&";B[aa]".repeat(deep));
        t.push_str(&")".repeat(open + 1));
        t
    })
}

fn sgf_input(text: &str, solve_too: bool) {
    let opts = tsume_sgf::LoadOptions::default();
    match no_panic("parse_sgf_problem", text, || {
        tsume_sgf::parse_sgf_problem(text, "f.sgf", &opts)
    }) {
        Ok(_) => {}
        Err(e) => {
            let m = e.to_string();
            one_line("parse_sgf_problem", text, &m);
            assert!(m.starts_with("f.sgf"), "{m}");
        }
    }
    if let Err(e) = no_panic("parse_solution_tree", text, || {
        tsume_sgf::parse_solution_tree(text, "f.sgf", 0)
    }) {
        one_line("parse_solution_tree", text, &e.to_string());
    }
    if solve_too {
        command(
            &["solve", "-", "--max-nodes", "300", "--time-limit", "2"],
            text,
        );
        command(
            &["check", "-", "--max-nodes", "300", "--time-limit", "2"],
            text,
        );
    }
}

#[test]
fn fuzz_sgf() {
    let s = seed(1);
    let mut rng = Rng(s);
    let mut r = runner(s);
    let files: Vec<String> = problem_files().iter().map(|p| read(p)).collect();
    let strategy = sgf_strategy();
    let mut budget = Budget::new(400);
    let mut n = 0u64;
    while budget.more() {
        n += 1;
        let text = if n.is_multiple_of(2) {
            draw(&mut r, &strategy)
        } else {
            mutate(
                &files[rng.below(files.len() as u64) as usize],
                SGF_PIECES,
                &mut rng,
            )
        };
        sgf_input(&text, n.is_multiple_of(20));
    }
}

// ---------------------------------------------------------------------------------
// Graph boards

const GRAPH_PIECES: &[&str] = &[
    "\n",
    " ",
    ":",
    "#",
    "point",
    "points",
    "edge",
    "edges",
    "nbrs",
    "grid",
    "black",
    "white",
    "label",
    "to-move",
    "target",
    "tsume-graph 1",
    " a",
    " b",
    " zz",
    " 0",
    " 99999",
    " 4294967296",
    " -1",
    " X",
    " B",
    " W",
    "diagonal",
    "\nedge a a",
    "\nblack a",
    "\nwhite b",
    "\ngrid 2 2",
    "\ngrid 52 52",
    "\ngrid 53 1",
];

/// A graph board: named points, edges given three ways, stones, a target.
fn graph_strategy() -> impl Strategy<Value = String> {
    (1usize..40)
        .prop_flat_map(|n| {
            let edge = (0..n, 0..n);
            (
                Just(n),
                prop::collection::vec((0usize..3, edge), 0..80),
                prop::collection::vec((prop::bool::ANY, 0..n), 0..20),
                0..n,
                prop::bool::ANY,
            )
        })
        .prop_map(|(n, edges, stones, target, black)| {
            let mut t = String::from("tsume-graph 1\npoints");
            for i in 0..n {
                t.push_str(&format!(" p{i}"));
            }
            t.push('\n');
            for (how, (a, b)) in edges {
                match how {
                    0 => t.push_str(&format!("edge p{a} p{b}\n")),
                    1 => t.push_str(&format!("edges p{a}: p{b}\n")),
                    _ => t.push_str(&format!("nbrs p{a}: p{b}\nnbrs p{b}: p{a}\n")),
                }
            }
            for (b, p) in stones {
                t.push_str(&format!("{} p{p}\n", if b { "black" } else { "white" }));
            }
            t.push_str(&format!(
                "target p{target}\nto-move {}\n",
                if black { "B" } else { "W" }
            ));
            t
        })
}

fn graph_input(text: &str, solve_too: bool) {
    if let Err(e) = no_panic("parse_graph", text, || {
        tsume_board::graph_format::parse_graph(text)
    }) {
        one_line("parse_graph", text, &e.to_string());
    }
    let opts = tsume_sgf::LoadOptions::default();
    if let Err(e) = no_panic("parse_graph_problem", text, || {
        tsume_sgf::parse_graph_problem(text, "f.graph", &opts)
    }) {
        one_line("parse_graph_problem", text, &e.to_string());
    }
    if solve_too {
        let text = if text.starts_with("tsume-graph") {
            text.to_string()
        } else {
            format!("tsume-graph 1\n{text}")
        };
        command(
            &[
                "solve",
                "-",
                "--max-nodes",
                "300",
                "--time-limit",
                "2",
                "--json",
            ],
            &text,
        );
    }
}

#[test]
fn fuzz_graph() {
    let s = seed(2);
    let mut rng = Rng(s);
    let mut r = runner(s);
    let (reduced, _) =
        tsume_tests::reduce_file("fuzz", "p cnf 3 4\n1 -2 0\n2 3 0\n-1 -3 0\n-2 0\n", "graph");
    let files = [
        read(&reduced),
        "grid 5 4\nblack aa bb\nwhite cc dc\ntarget cc\nto-move B\n".to_string(),
        "point z a b w u\nedges z: a b\nedges a: b w\nedge b w\nedge w u\nblack a b\nwhite w\n\
         target w\nto-move W\n"
            .to_string(),
        "grid 3 3 diagonal\nwhite bb\ntarget bb\nto-move B\n".to_string(),
    ];
    let strategy = graph_strategy();
    let mut budget = Budget::new(400);
    let mut n = 0u64;
    while budget.more() {
        n += 1;
        let text = if n.is_multiple_of(2) {
            draw(&mut r, &strategy)
        } else {
            mutate(
                &files[rng.below(files.len() as u64) as usize],
                GRAPH_PIECES,
                &mut rng,
            )
        };
        graph_input(&text, n.is_multiple_of(20));
    }
}

// ---------------------------------------------------------------------------------
// DIMACS

const CNF_PIECES: &[&str] = &[
    "\n",
    " ",
    "0",
    "-",
    "p cnf",
    "p cnf 3 2\n",
    "c ",
    "%",
    "4294967296",
    "2147483648",
    "-2147483648",
    "99999999999999999999",
    " 1",
    " -1",
    " 0\n",
    "x",
];

fn cnf_strategy() -> impl Strategy<Value = String> {
    (1u32..8)
        .prop_flat_map(|v| {
            let lit = (1..=v as i32, prop::bool::ANY).prop_map(|(x, neg)| if neg { -x } else { x });
            (
                Just(v),
                prop::collection::vec(prop::collection::vec(lit, 0..5), 0..10),
            )
        })
        .prop_map(|(v, clauses)| {
            let mut t = format!("p cnf {v} {}\n", clauses.len());
            for c in clauses {
                for l in c {
                    t.push_str(&format!("{l} "));
                }
                t.push_str("0\n");
            }
            t
        })
}

fn cnf_input(text: &str, reduce_too: bool) {
    match no_panic("parse_dimacs", text, || tsume_reduce::parse_dimacs(text)) {
        Err(e) => one_line("parse_dimacs", text, &e.to_string()),
        Ok(cnf) if cnf.clauses.len() <= 12 && cnf.vars <= 12 => {
            let opts = tsume_reduce::ReduceOptions::default();
            let built = no_panic("try_reduce", text, || tsume_reduce::try_reduce(&cnf, &opts));
            if let Err(e) = built {
                one_line("try_reduce", text, &e.to_string());
            }
            if reduce_too {
                let dir = tsume_tests::scratch_dir();
                let f = dir.join("f.cnf");
                std::fs::write(&f, text).unwrap();
                let o = dir.join("f.graph");
                command(
                    &["reduce", f.to_str().unwrap(), "-o", o.to_str().unwrap()],
                    "",
                );
            }
        }
        Ok(_) => {}
    }
}

#[test]
fn fuzz_dimacs() {
    let s = seed(3);
    let mut rng = Rng(s);
    let mut r = runner(s);
    let bases = [
        "p cnf 3 4\n1 -2 0\n2 3 0\n-1 -3 0\n-2 0\n".to_string(),
        "c a comment\np cnf 2 2\n1 2 0 -1\n-2 0\n%\n0\n".to_string(),
        tsume_reduce::to_dimacs(&tsume_reduce::random_3cnf(5, 8, 7)),
    ];
    let strategy = cnf_strategy();
    let mut budget = Budget::new(600);
    let mut n = 0u64;
    while budget.more() {
        n += 1;
        let text = if n.is_multiple_of(2) {
            draw(&mut r, &strategy)
        } else {
            mutate(
                &bases[rng.below(bases.len() as u64) as usize],
                CNF_PIECES,
                &mut rng,
            )
        };
        cnf_input(&text, n.is_multiple_of(40));
    }
}

// ---------------------------------------------------------------------------------
// Proof JSON

/// Proofs and disproofs of the small bundled problems, as `tsume solve --tree-out`
/// writes them, each with the position it is about.
fn proofs() -> Vec<Value> {
    let mut out = Vec::new();
    for f in problem_files().iter().take(12) {
        let dir = tsume_tests::scratch_dir();
        let t = dir.join("t.json");
        let (f, t) = (f.to_str().unwrap(), t.to_str().unwrap());
        let run = tsume_tests::tsume(&["solve", f, "--max-nodes", "20000", "--tree-out", t]);
        if run.code != 0 {
            continue;
        }
        if let Ok(v) =
            serde_json::from_str::<Value>(&std::fs::read_to_string(t).unwrap_or_default())
        {
            // `--tree-out` wraps each tree with its side: {"to_move": …, "tree": …}.
            let bare = |t: Value| t.get("tree").cloned().unwrap_or(t);
            match v {
                Value::Array(a) => out.extend(a.into_iter().map(bare)),
                v => out.push(bare(v)),
            }
        }
    }
    out.retain(|v| {
        v.get("nodes")
            .is_some_and(|n| n.as_array().is_some_and(|a| a.len() < 400))
    });
    assert!(out.len() >= 4, "{} proofs", out.len());
    out
}

/// A random JSON value, from the edges of each type.
fn json_strategy() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!(-1)),
        Just(json!(0)),
        Just(json!(1)),
        Just(json!(u32::MAX)),
        Just(json!(u64::MAX)),
        Just(json!(1e300)),
        Just(json!(0.5)),
        Just(json!("")),
        Just(json!("pass")),
        Just(json!("A1")),
        Just(json!("black")),
        Just(json!("purple")),
        Just(json!([])),
        Just(json!({})),
        Just(json!(true)),
        (0u64..50).prop_map(|n| json!(n)),
    ]
}

/// Every path to a value inside `v`.
fn paths(v: &Value, here: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                here.push(k.clone());
                paths(x, here, out);
                here.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                here.push(format!("#{i}"));
                paths(x, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at_path<'v>(v: &'v mut Value, path: &[String]) -> &'v mut Value {
    path.iter().fold(v, |v, k| match k.strip_prefix('#') {
        Some(i) => &mut v[i.parse::<usize>().unwrap()],
        None => &mut v[k.as_str()],
    })
}

/// The oracle: a tree the checker accepts states a fact, and the search on the same
/// question (small boards only) must not find the opposite.
fn proof_input(text: &str) {
    let streamed = no_panic("read_trees", text, || {
        tsume_proof::read_trees(text.as_bytes())
    });
    let v = match no_panic("serde_json", text, || serde_json::from_str::<Value>(text)) {
        Ok(v) => v,
        Err(_) => {
            assert!(
                streamed.is_err(),
                "read_trees read text that is not JSON: {text}"
            );
            return;
        }
    };
    let read = no_panic("from_json", text, || tsume_proof::from_json(&v));
    // The streaming reader and the value's agree on a bare tree (a field given twice
    // aside: the value keeps the last, the stream refuses it).
    // A wrapper is an object with `tree` and no `format` (its own defects are named
    // from it, at "" too).
    let wrapper = v.get("tree").is_some() && v.get("format").is_none();
    match streamed.as_deref() {
        Ok([(at, s)]) if at.is_empty() && !wrapper => match (s, &read) {
            (Err(s), _) if s.message == "given twice" => {}
            (Ok(s), Ok(r)) => assert_eq!(s.tree, r.tree, "{text}"),
            (Err(s), Err(r)) => assert_eq!(s, r, "{text}"),
            _ => panic!("read_trees and from_json disagree on {text}"),
        },
        Ok(_) => assert!(v.is_array() || v.get("tree").is_some(), "{text}"),
        Err(e) => assert!(!v.is_array() && !v.is_object(), "{e}: {text}"),
    }
    let cert = match read {
        Ok(c) => c,
        Err(e) => return one_line("from_json", text, &e.to_string()),
    };
    let checked = no_panic("check", text, || {
        tsume_proof::check(&cert.root, cert.target, &cert.tree)
    });
    let Ok(_) = checked else { return };
    let Some(Some(remaining)) = cert.tree.root().map(|r| r.remaining) else {
        return;
    };
    if cert.root.board().len() > 30 || remaining == 0 || cert.root.color(cert.target).is_none() {
        return;
    }
    // The search takes α up to MAX_DEPTH. "Alive for more plies" implies alive for
    // MAX_DEPTH + 1 plies, so an alive claim is put to the search there; a dead claim
    // over the bound says less than the search can be asked, and is left.
    let mut depth = remaining - 1;
    if depth > tsume_prove::MAX_DEPTH {
        if cert.tree.claim == tsume_proof::Claim::Dead {
            return;
        }
        depth = tsume_prove::MAX_DEPTH;
    }
    let opts = tsume_prove::Options {
        depth,
        limits: tsume_prove::Limits {
            max_nodes: Some(200_000),
            ..Default::default()
        },
        ..Default::default()
    };
    let a = no_panic("solve", text, || {
        tsume_prove::solve(&cert.root, cert.target, &opts)
    })
    .unwrap();
    let said = match cert.tree.claim {
        tsume_proof::Claim::Dead => tsume_prove::Verdict::Dead,
        tsume_proof::Claim::Alive => tsume_prove::Verdict::Alive,
        // A seki's half (the target never made Benson-alive) says nothing of Can_kill:
        // this oracle has nothing to compare it with.
        tsume_proof::Claim::NeverUnconditional => return,
    };
    assert!(
        a.verdict == said || a.verdict == tsume_prove::Verdict::Unknown,
        "the checker accepted a tree claiming {said:?}, the search says {:?}:\n{text}",
        a.verdict
    );
}

#[test]
fn fuzz_proof_json() {
    let s = seed(4);
    let mut rng = Rng(s);
    let mut r = runner(s);
    let proofs = proofs();
    let texts: Vec<String> = proofs.iter().map(|p| p.to_string()).collect();
    let values = json_strategy();
    const JSON_PIECES: &[&str] = &[
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"",
        "null",
        "-1",
        "4294967296",
        "\"pass\"",
        "1e999",
    ];
    let mut budget = Budget::new(300);
    let mut n = 0u64;
    while budget.more() {
        n += 1;
        let k = rng.below(proofs.len() as u64) as usize;
        let text = if n.is_multiple_of(3) {
            mutate(&texts[k], JSON_PIECES, &mut rng)
        } else {
            // One to three values replaced: structure kept, content hostile.
            let mut v = proofs[k].clone();
            for _ in 0..1 + rng.below(3) {
                let mut all = Vec::new();
                paths(&v, &mut Vec::new(), &mut all);
                let p = &all[rng.below(all.len() as u64) as usize];
                *at_path(&mut v, p) = draw(&mut r, &values);
            }
            v.to_string()
        };
        proof_input(&text);
        if n.is_multiple_of(50) {
            let dir = tsume_tests::scratch_dir();
            let f = dir.join("p.json");
            std::fs::write(&f, &text).unwrap();
            command(&["check-proof", f.to_str().unwrap()], "");
        }
    }
}

// ---------------------------------------------------------------------------------
// Proof JSON: a field given twice or unknown, at any depth (issue 48)

/// Names no object of a tree or a wrapper has.
const UNKNOWN_FIELDS: &[&str] = &["comment", "", "Tree", "nodes2", "to_move ", "\u{e9}", "id "];

/// `v` as JSON text, with the field `"key": value` (`value` JSON text) added to the
/// object at `target` before its `at`-th field (a `Value` cannot hold a key twice).
fn with_field(
    v: &Value,
    here: &mut Vec<String>,
    target: &[String],
    extra: (&str, &str, usize),
) -> String {
    match v {
        Value::Object(m) => {
            let mut fields: Vec<String> = m
                .iter()
                .map(|(k, x)| {
                    here.push(k.clone());
                    let t = format!(
                        "{}:{}",
                        Value::String(k.clone()),
                        with_field(x, here, target, extra)
                    );
                    here.pop();
                    t
                })
                .collect();
            if here.as_slice() == target {
                let (key, value, at) = extra;
                let at = at % (fields.len() + 1);
                fields.insert(at, format!("{}:{value}", Value::String(key.to_string())));
            }
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(a) => {
            let items: Vec<String> = a
                .iter()
                .enumerate()
                .map(|(i, x)| {
                    here.push(format!("#{i}"));
                    let t = with_field(x, here, target, extra);
                    here.pop();
                    t
                })
                .collect();
            format!("[{}]", items.join(","))
        }
        other => other.to_string(),
    }
}

/// A path as the reader names fields: `nodes[3].children[0].move`.
fn field_name(path: &[String]) -> String {
    let mut name = String::new();
    for (i, seg) in path.iter().enumerate() {
        match seg.strip_prefix('#') {
            Some(k) => name.push_str(&format!("[{k}]")),
            None if i == 0 => name.push_str(seg),
            None => name.push_str(&format!(".{seg}")),
        }
    }
    name
}

/// Issue 48's target: a tree as `--tree-out` writes it (bare or wrapped, alone or in a
/// list) with one field added to one of its objects at any depth (the tree, a node, an
/// edge, `board`, `setup`, `ko_threats`, the wrapper): a field it has (given twice, the
/// same value or another) or one it does not know; or a wrapper whose `to_move` is not
/// its tree's. Each is refused, naming that field, from the tree or the wrapper.
#[test]
fn fuzz_proof_json_fields() {
    let s = seed(6);
    let mut rng = Rng(s);
    let mut r = runner(s);
    let proofs = proofs();
    let values = json_strategy();
    let mut budget = Budget::new(300);
    let mut n = 0u64;
    while budget.more() {
        n += 1;
        let tree = proofs[rng.below(proofs.len() as u64) as usize].clone();
        let letter = if tree["to_move"] == "black" { "B" } else { "W" };
        // The file, where its tree and its wrapper stand in it, and their names there.
        let (wrapped, listed) = (rng.below(2) == 0, rng.below(3) == 0);
        let mut file = if wrapped {
            json!({"to_move": letter, "tree": tree})
        } else {
            tree
        };
        let mut outer: Vec<String> = Vec::new();
        if listed {
            file = json!([file]);
            outer.push("#0".into());
        }
        let mut inner = outer.clone();
        if wrapped {
            inner.push("tree".into());
        }
        let (tree_at, wrapper_at) = (field_name(&inner), field_name(&outer));
        let tree_at = if wrapped && !listed {
            ".tree".to_string()
        } else {
            tree_at
        };
        if wrapped && rng.below(8) == 0 {
            // The wrapper's to_move: the other player's, or no player at all.
            let other = if letter == "B" {
                json!("W")
            } else {
                json!("B")
            };
            let said = if rng.below(2) == 0 {
                other
            } else {
                draw(&mut r, &values)
            };
            *at_path(&mut file, &[outer.clone(), vec!["to_move".into()]].concat()) = said;
            let text = file.to_string();
            proof_input(&text);
            let trees = tsume_proof::read_trees(text.as_bytes()).unwrap();
            let (at, e) = (&trees[0].0, trees[0].1.as_ref().expect_err(&text));
            assert_eq!(
                (at.as_str(), e.field.as_str()),
                (wrapper_at.as_str(), "to_move"),
                "{text}"
            );
            continue;
        }
        let mut all = Vec::new();
        paths(&file, &mut Vec::new(), &mut all);
        let value_at = |p: &[String]| {
            p.iter().fold(&file, |v, k| match k.strip_prefix('#') {
                Some(i) => &v[i.parse::<usize>().unwrap()],
                None => &v[k.as_str()],
            })
        };
        all.retain(|p| value_at(p).is_object());
        let target = all[rng.below(all.len() as u64) as usize].clone();
        let object = value_at(&target).as_object().unwrap();
        let keys: Vec<&String> = object.keys().collect();
        let twice = !keys.is_empty() && rng.below(2) == 0;
        let key = if twice {
            keys[rng.below(keys.len() as u64) as usize].clone()
        } else {
            UNKNOWN_FIELDS[rng.below(UNKNOWN_FIELDS.len() as u64) as usize].to_string()
        };
        let value = if twice && rng.below(2) == 0 {
            object[&key].to_string()
        } else {
            draw(&mut r, &values).to_string()
        };
        let text = with_field(
            &file,
            &mut Vec::new(),
            &target,
            (&key, &value, rng.below(64) as usize),
        );
        proof_input(&text);
        // Where the field is named from: its tree, or the wrapper.
        let (want_at, want_field) = match target.strip_prefix(inner.as_slice()) {
            Some(rest) => (
                tree_at.clone(),
                field_name(&[rest, std::slice::from_ref(&key)].concat()),
            ),
            None => (wrapper_at.clone(), key.clone()),
        };
        let trees = no_panic("read_trees", &text, || {
            tsume_proof::read_trees(text.as_bytes())
        })
        .unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(trees.len(), 1, "{text}");
        let (at, e) = (&trees[0].0, trees[0].1.as_ref().expect_err(&text));
        assert_eq!(
            (at.as_str(), e.field.as_str()),
            (want_at.as_str(), want_field.as_str()),
            "{}: {text}",
            e.message
        );
        if twice {
            assert_eq!(e.message, "given twice", "{text}");
        } else {
            assert!(
                e.message.starts_with("not a field of"),
                "{}: {text}",
                e.message
            );
        }
        if n.is_multiple_of(50) {
            let dir = tsume_tests::scratch_dir();
            let f = dir.join("p.json");
            std::fs::write(&f, &text).unwrap();
            let run = command(&["check-proof", f.to_str().unwrap()], "");
            assert_eq!(run.code, 2, "{}: {text}", run.err);
        }
    }
}

// ---------------------------------------------------------------------------------
// GTP

fn gtp_strategy(files: Vec<String>) -> impl Strategy<Value = Vec<String>> {
    let vertex = prop_oneof![
        (0u8..20, 1u32..21).prop_map(|(x, y)| {
            let letter = (b'A' + x + u8::from(x >= 8)) as char;
            format!("{letter}{y}")
        }),
        Just("pass".to_string()),
        Just("Z99".to_string()),
        Just("A0".to_string()),
        Just("".to_string()),
    ];
    let color = prop_oneof![Just("B"), Just("W"), Just("black"), Just("x")];
    let file = prop::sample::select(files);
    let command = prop_oneof![
        4 => (color.clone(), vertex.clone()).prop_map(|(c, v)| format!("play {c} {v}")),
        1 => prop_oneof![Just(1u64), Just(5), Just(9), Just(19), Just(0), Just(53), Just(u64::MAX)]
            .prop_map(|n| format!("boardsize {n}")),
        1 => Just("clear_board".to_string()),
        1 => Just("undo".to_string()),
        1 => Just("komi 1e400".to_string()),
        1 => Just("showboard".to_string()),
        2 => vertex.clone().prop_map(|v| format!("owl_attack {v}")),
        1 => vertex.clone().prop_map(|v| format!("owl_defend {v}")),
        1 => vertex.clone().prop_map(|v| format!("tsume_status {v}")),
        1 => vertex.clone().prop_map(|v| format!("tsume_moves {v}")),
        1 => vertex.clone().prop_map(|v| format!("tsume_pv {v}")),
        1 => vertex.clone().prop_map(|v| format!("tsume_area {v}")),
        1 => Just("tsume_target".to_string()),
        1 => color.prop_map(|c| format!("genmove {c}")),
        1 => (file, 0u32..200).prop_map(|(f, m)| format!("loadsgf {f} {m}")),
        1 => Just("known_command play".to_string()),
        1 => Just("list_commands".to_string()),
        1 => Just("42 name".to_string()),
        1 => Just("nonsense \u{7f}\u{0}".to_string()),
        1 => Just("# a comment".to_string()),
    ];
    prop::collection::vec(command, 0..25)
}

#[test]
fn fuzz_gtp() {
    let s = seed(5);
    let mut rng = Rng(s);
    let mut r = runner(s);
    let mut files: Vec<String> = problem_files()
        .iter()
        .take(6)
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    // A mutated file and a deep one too.
    let dir = tsume_tests::scratch_dir();
    let base = read(&problem_files()[0]);
    for i in 0..4 {
        let f = dir.join(format!("m{i}.sgf"));
        std::fs::write(&f, mutate(&base, SGF_PIECES, &mut rng)).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let deep = dir.join("deep.sgf");
    std::fs::write(&deep, format!("(;SZ[9]{})", ";B[aa];W[bb]".repeat(6000))).unwrap();
    files.push(deep.to_str().unwrap().to_string());
    files.push(
        repo_root()
            .join("no-such-file.sgf")
            .to_str()
            .unwrap()
            .to_string(),
    );
    let strategy = gtp_strategy(files);
    let mut budget = Budget::new(60);
    while budget.more() {
        let commands = draw(&mut r, &strategy);
        let mut stream = commands.join("\n");
        if rng.below(4) == 0 {
            stream = mutate(
                &stream,
                &["\n", " ", "\r", "\t", "play", "owl_attack"],
                &mut rng,
            );
        }
        let run = command(
            &[
                "gtp",
                "--max-nodes",
                "300",
                "--time-limit",
                "2",
                "--depth",
                "8",
            ],
            &stream,
        );
        assert_eq!(
            run.code, 0,
            "gtp exited {} on:\n{stream}\n{}",
            run.code, run.err
        );
        // One reply a command (an empty line ends each), until `quit`.
        let asked = stream
            .lines()
            .map(|l| {
                // GTP drops control characters but the tab, and comments.
                let l: String = l
                    .chars()
                    .filter(|&c| c == '\t' || !c.is_control())
                    .collect();
                l.split('#').next().unwrap_or("").trim().to_string()
            })
            .take_while(|l| !l.split_whitespace().any(|w| w == "quit"))
            .filter(|l| !l.is_empty())
            .count();
        let replies = run
            .out
            .split("\n\n")
            .filter(|r| r.starts_with('=') || r.starts_with('?'))
            .count();
        assert!(
            replies >= asked,
            "{asked} commands, {replies} replies:\n{stream}\n{}",
            run.out
        );
    }
}
