//! Bad input, at random: the bundled problem files (and graph board files, below) with
//! a few random edits (`tsume_tests::mutate`: characters removed, runs cut out or
//! repeated, fragments inserted: brackets, coordinates off the board, sizes, marks,
//! `GM[2]`, the `tsume:` comment's options).
//! The loader must answer each with a problem or one line naming what is wrong, never
//! panic; `tsume solve` and `tsume check` on the files that load must exit 0 (a small
//! budget: unknown is fine) or 2 with one line, never panic.

use tsume_tests::{mutate, repo_root, scratch_file, tsume, Rng};

const PIECES: &[&str] = &[
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
    "B",
    "W",
    "[zz]",
    "[aa]",
    "[]",
    "[19:3]",
    "[1]",
    "[0]",
    "[52]",
    "[53]",
    "[-1]",
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
];

/// What a loader did with a mutated file: panicked (the test fails, showing the file),
/// refused it (the message must be one line starting with `name`: false), or loaded it
/// (true).
fn loads(
    parse: impl FnOnce() -> Result<tsume_sgf::Problem, tsume_sgf::LoadError> + std::panic::UnwindSafe,
    name: &str,
    text: &str,
) -> bool {
    match std::panic::catch_unwind(parse) {
        Err(_) => panic!("the loader panicked on:\n{text}"),
        Ok(Err(e)) => {
            let m = e.to_string();
            assert!(m.starts_with(name) && !m.contains('\n'), "{m}");
            false
        }
        Ok(Ok(_)) => true,
    }
}

/// `tsume ARGS` on a mutated file: exit 0 (any answer), or 2 with one line; no panic.
/// `tsume check` may also exit 1: a mutation can make a marked answer wrong (a run of
/// the file repeated puts a move under another variation's `RIGHT`).
fn runs_cleanly(args: &[&str], text: &str) {
    let run = std::panic::catch_unwind(|| tsume(args))
        .unwrap_or_else(|_| panic!("{args:?} panicked on:\n{text}"));
    let wrong_answer = args[0] == "check" && run.code == 1;
    assert!(
        run.code == 0 || wrong_answer || (run.code == 2 && run.err.trim().lines().count() == 1),
        "{args:?}: exit {} {}\n{text}",
        run.code,
        run.err
    );
}

#[test]
fn mutated_problem_files_load_or_fail_in_one_line() {
    let mut files = Vec::new();
    for e in std::fs::read_dir(repo_root().join("problems")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "sgf") {
            files.push(std::fs::read_to_string(&p).unwrap());
        }
    }
    assert!(files.len() >= 40, "{}", files.len());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let opts = tsume_sgf::LoadOptions::default();
    let (mut loaded, mut refused, mut solved) = (0, 0, 0);
    for round in 0..10_000 {
        let text = mutate(
            &files[rng.below(files.len() as u64) as usize],
            PIECES,
            &mut rng,
        );
        if !loads(
            || tsume_sgf::parse_sgf_problem(&text, "f.sgf", &opts),
            "f.sgf",
            &text,
        ) {
            refused += 1;
            continue;
        }
        loaded += 1;
        if loaded % 25 != 0 {
            continue;
        }
        // The command line on the file: any answer, or one line and exit 2.
        let path = scratch_file(&format!("mutated-{round}.sgf"), &text);
        let path = path.to_str().unwrap();
        let extra: &[&str] = match round % 4 {
            0 => &["--json"],
            1 => &["--region", "board"],
            2 => &["--ko-rule", "basic"],
            _ => &["--all-moves"],
        };
        let mut args = vec!["solve", path, "--max-nodes", "300"];
        args.extend_from_slice(extra);
        runs_cleanly(&args, &text);
        runs_cleanly(&["check", path, "--max-nodes", "300"], &text);
        solved += 1;
    }
    // Both kinds occur (a test of the mutations as much as of the loader).
    assert!(
        loaded >= 1000 && refused >= 1000,
        "{loaded} loaded, {refused} refused"
    );
    assert!(solved >= 40, "{solved}");
}

/// The same for graph board files: a 3-SAT instance's (`tsume reduce`) and small
/// hand-written ones, edited at random. The reader answers with a problem or one line
/// naming the file and line; `tsume solve` exits 0, or 2 with one line.
#[test]
fn mutated_graph_files_load_or_fail_in_one_line() {
    let (graph, _) = tsume_tests::reduce_file(
        "mutations",
        "p cnf 3 4\n1 -2 0\n2 3 0\n-1 -3 0\n-2 0\n",
        "graph",
    );
    let files = [
        std::fs::read_to_string(&graph).unwrap(),
        "grid 5 4\nblack aa bb\nwhite cc dc\ntarget cc\nto-move B\n".to_string(),
        "point z a b w u\nedges z: a b\nedges a: b w\nedge b w\nedge w u\nblack a b\nwhite w\n\
         target w\nto-move W\n"
            .to_string(),
        "grid 3 3 diagonal\nwhite bb\ntarget bb\nto-move B\n".to_string(),
    ];
    const GRAPH_PIECES: &[&str] = &[
        "\n",
        " ",
        ":",
        "point",
        "edge",
        "edges",
        "nbrs",
        "grid",
        "black",
        "white",
        "label",
        "to-move",
        "target",
        " L",
        " q",
        " zz",
        " 0",
        " 99999",
        " -1",
        " X",
        " B",
        " W",
        "diagonal",
        "\nedge L L",
        "\nblack L",
        "\nwhite q",
        "\ngrid 2 2",
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let opts = tsume_sgf::LoadOptions::default();
    let (mut loaded, mut refused) = (0, 0);
    for round in 0..4000 {
        let text = mutate(
            &files[rng.below(files.len() as u64) as usize],
            GRAPH_PIECES,
            &mut rng,
        );
        if !loads(
            || tsume_sgf::parse_graph_problem(&text, "f.graph", &opts),
            "f.graph",
            &text,
        ) {
            refused += 1;
            continue;
        }
        loaded += 1;
        if loaded % 20 == 0 {
            let path = scratch_file(&format!("mutated-{round}.graph"), &text);
            runs_cleanly(
                &[
                    "solve",
                    path.to_str().unwrap(),
                    "--max-nodes",
                    "300",
                    "--json",
                ],
                &text,
            );
        }
    }
    assert!(
        loaded >= 400 && refused >= 400,
        "{loaded} loaded, {refused} refused"
    );
}
