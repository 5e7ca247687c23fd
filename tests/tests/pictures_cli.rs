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
