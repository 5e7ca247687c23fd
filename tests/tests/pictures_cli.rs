//! `--svg` and `--html` on the command line: the files written, one line and exit 2
//! where they cannot be.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_tests::{scratch_dir, scratch_file, tsume};

const CORNER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../problems/03_bent_three_corner.sgf"
);

#[test]
fn solve_check_and_reduce_write_their_pictures() {
    let dir = scratch_dir();
    let (svg, html) = (dir.join("p.svg"), dir.join("p.html"));
    let run = tsume(&[
        "solve",
        CORNER,
        "-q",
        "--svg",
        svg.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.err);
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.starts_with("<svg") && svg_text.contains("data-point=\"B6\""));
    // The figures of both sides' lines, titled by the answer.
    assert!(
        svg_text.contains("Black first: Black kills at A7"),
        "{svg_text}"
    );
    assert!(svg_text.contains("White first: White lives at A7"));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("id=\"tsume-data\""));
    // No address but the SVG namespace's: nothing is fetched.
    assert_eq!(
        page.matches("http").count(),
        page.matches("http://www.w3.org/2000/svg").count()
    );
    assert!(
        !page.contains("<script src") && !page.contains("<link"),
        "self-contained"
    );

    let checked = dir.join("c.html");
    let run = tsume(&["check", CORNER, "--html", checked.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.err);
    let page = std::fs::read_to_string(&checked).unwrap();
    assert!(page.contains("line 1: marked right; agrees"), "{page}");

    let cnf = scratch_file("f.cnf", "p cnf 2 2\n1 2 0\n-1 0\n");
    let drawn = dir.join("f.svg");
    let out = dir.join("f.graph");
    let run = tsume(&[
        "reduce",
        cnf.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--svg",
        drawn.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.err);
    let t = std::fs::read_to_string(&drawn).unwrap();
    assert!(
        t.contains("clause c1: u1 ∨ u2") && t.contains("the gate Ω"),
        "{t}"
    );
}

#[test]
fn pictures_refuse_several_problems_and_unwritable_files() {
    let dir = scratch_dir();
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../problems");
    let run = tsume(&[
        "solve",
        folder,
        "--svg",
        dir.join("x.svg").to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
    assert!(run.err.contains("--svg"), "{}", run.err);
    let bad = dir.join("no/such/folder/x.html");
    let run = tsume(&["solve", CORNER, "-q", "--html", bad.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(
        run.err.trim().starts_with(bad.to_str().unwrap()),
        "{}",
        run.err
    );
}

/// A path of `n` points with a white stone on its second point, Black to move.
fn path_graph(n: usize) -> String {
    let mut t = String::from("tsume-graph 1\npoints");
    for i in 0..n {
        t.push_str(&format!(" p{i}"));
    }
    t.push('\n');
    for i in 1..n {
        t.push_str(&format!("edges p{}: p{i}\n", i - 1));
    }
    t.push_str("white p1\ntarget p1\nto-move B\n");
    t
}

/// `solve F --svg S --html H` with `options` after them: the run and the two paths.
fn drawn(f: &std::path::Path, options: &[&str]) -> (tsume_tests::Run, [std::path::PathBuf; 2]) {
    let dir = scratch_dir();
    let (svg, html) = (dir.join("p.svg"), dir.join("p.html"));
    let mut args = vec![
        "solve",
        f.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ];
    args.extend(options);
    (tsume(&args), [svg, html])
}

/// Issue 48, class 4: `--svg` and `--html` on large graph boards were quadratic and
/// ignored `--time-limit` (a path of 20,000 points: 14 s to draw with `--time-limit 2`,
/// 60,000: 110 s). Above `MAX_DRAWN_GRAPH_POINTS` no picture is drawn: one line each,
/// the answer given, exit 0.
#[test]
fn a_graph_board_above_the_bound_is_not_drawn() {
    let n = tsume_draw::MAX_DRAWN_GRAPH_POINTS + 1;
    let f = scratch_file("large.graph", &path_graph(n));
    let (run, files) = drawn(&f, &["--max-nodes", "50", "--time-limit", "5"]);
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.out.contains("status:"), "{}", run.out);
    let lines: Vec<&str> = run.err.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.err);
    for (line, file) in lines.iter().zip(&files) {
        assert_eq!(
            *line,
            format!(
                "{}: not drawn: a graph board of {n} points, more than the {} a picture draws",
                file.display(),
                tsume_draw::MAX_DRAWN_GRAPH_POINTS
            )
        );
        assert!(!file.exists(), "{}", file.display());
    }
}

/// Issue 48, class 4: `--time-limit` covers drawing as it covers the search. A path of
/// 3,000 points (the linear layout's) is drawn within a minute, not within a millisecond:
/// then the pictures are not written, one line each says why, and the answer stands.
#[test]
fn the_time_limit_covers_drawing() {
    let f = scratch_file("path3000.graph", &path_graph(3_000));
    let (run, files) = drawn(&f, &["--max-nodes", "50", "--time-limit", "0.001"]);
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.out.contains("status:"), "{}", run.out);
    let lines: Vec<&str> = run.err.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.err);
    for (line, file) in lines.iter().zip(&files) {
        let want = format!(
            "{}: not drawn: the time limit was reached while drawing",
            file.display()
        );
        assert_eq!(*line, want);
        assert!(!file.exists(), "{}", file.display());
    }
    let (run, [svg, html]) = drawn(&f, &["--max-nodes", "50", "--time-limit", "60"]);
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.err.is_empty(), "{}", run.err);
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.contains("data-point=\"p1\""), "the white stone");
    assert!(svg.contains("p2999"), "the last point named");
    assert!(std::fs::read_to_string(html).unwrap().contains("p2999"));
}
