//! The pictures read back as a person reads them: every bundled problem and its
//! answer's lines draw as well-formed SVG, and the stones drawn, found by the
//! coordinates written at the board's edge, are the position (the problem's, and the
//! one the prover's line reaches, replayed here with φ); a 3-SAT instance draws with its
//! gadgets named.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use tsume_board::{Color, Position};
use tsume_draw::{diagrams, problem_svg, Line, Scene};
use tsume_prove::{default_depth, solve, Options, Verdict};
use tsume_sgf::{load_problem, LoadOptions, Problem};

fn problems_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../problems")
}

/// A panel of the picture as drawn: stone colours by the point their centre sits on,
/// read from the coordinate labels (column letters by x, row numbers by y).
struct Drawn {
    stones: BTreeMap<String, Color>,
    columns: Vec<String>,
    rows: Vec<String>,
}

fn attr(n: roxmltree::Node<'_, '_>, a: &str) -> f64 {
    n.attribute(a)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{a} of {n:?}"))
}

/// Reads each panel (`g` of class `panel`) of an SVG document.
fn panels(svg: &str) -> BTreeMap<String, Drawn> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let mut out = BTreeMap::new();
    for panel in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("panel"))
    {
        let id = panel.attribute("data-panel").unwrap().to_string();
        let text_of = |class: &str| -> Vec<(String, f64, f64)> {
            panel
                .descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .map(|n| {
                    (
                        n.text().unwrap_or("").trim().to_string(),
                        attr(n, "x"),
                        attr(n, "y"),
                    )
                })
                .collect()
        };
        let cols = text_of("coord col");
        let rows = text_of("coord row");
        let mut stones = BTreeMap::new();
        for c in panel
            .descendants()
            .filter(|n| n.tag_name().name() == "circle")
        {
            let class = c.attribute("class").unwrap_or("");
            let color = if class.starts_with("stone black") {
                Color::Black
            } else if class.starts_with("stone white") {
                Color::White
            } else {
                continue;
            };
            let (cx, cy) = (attr(c, "cx"), attr(c, "cy"));
            let col = cols.iter().find(|(_, x, _)| (x - cx).abs() < 0.5);
            let row = rows.iter().find(|(_, _, y)| (y - cy).abs() < 0.5);
            let (Some(col), Some(row)) = (col, row) else {
                panic!("panel {id}: a stone at ({cx}, {cy}) on no coordinate");
            };
            let name = format!("{}{}", col.0, row.0);
            assert_eq!(
                c.attribute("data-point"),
                Some(name.as_str()),
                "panel {id}: the circle's name and where it is drawn"
            );
            assert!(
                stones.insert(name.clone(), color).is_none(),
                "panel {id}: two stones on {name}"
            );
        }
        out.insert(
            id,
            Drawn {
                stones,
                columns: cols.into_iter().map(|c| c.0).collect(),
                rows: rows.into_iter().map(|r| r.0).collect(),
            },
        );
    }
    out
}

/// The stones a panel must show: the whole board's, with the area in play as `in_play`
/// has it, on the points whose coordinates the panel shows.
fn expected(problem: &Problem, in_play: &Position, d: &Drawn) -> BTreeMap<String, Color> {
    let full = problem.full().board();
    let mut out = BTreeMap::new();
    for f in full.points() {
        let color = match problem.from_full(f) {
            Some(p) => in_play.color(p),
            None => problem.full().color(f),
        };
        let name = full.gtp(f);
        let shown = d.columns.iter().any(|c| name.starts_with(c.as_str()))
            && d.rows.iter().any(|r| name[1..] == *r);
        if let (Some(c), true) = (color, shown) {
            out.insert(name, c);
        }
    }
    out
}

/// Every bundled problem: the problem panel shows its stones, and each side's line's
/// figure shows the position the prover's line reaches (replayed here with φ), every
/// stone where the coordinates say.
#[test]
fn every_bundled_problem_draws_its_position_and_lines() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(problems_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "{} problems", files.len());
    let mut figures = 0;
    for path in &files {
        let problem = load_problem(path, &LoadOptions::default()).unwrap();
        let depth = default_depth(problem.position());
        let mut lines = Vec::new();
        for c in [Color::Black, Color::White] {
            let start = problem.position().with_to_move(c);
            let opts = Options {
                depth,
                max_tree_nodes: 0,
                ..Options::default()
            };
            let a = solve(&start, problem.target(), &opts).unwrap();
            assert_ne!(a.verdict, Verdict::Unknown, "{}", path.display());
            lines.push(Line::alternating(c.title(), "line", start, &a.pv, ""));
        }
        let svg = problem_svg(&Scene::of_problem(&problem), &lines, &[]).unwrap();
        let drawn = panels(&svg);
        let name = path.display();
        let parts: Vec<Vec<(usize, usize)>> = lines.iter().map(|l| diagrams(l, 3)).collect();
        let count: usize = parts.iter().map(Vec::len).sum();
        assert_eq!(
            drawn.len(),
            1 + count,
            "{name}: the problem and the lines' diagrams"
        );
        let first = &drawn["problem"];
        let want = expected(&problem, problem.position(), first);
        assert!(
            !want.is_empty() && problem.full().stone_count() >= want.len(),
            "{name}"
        );
        assert_eq!(first.stones, want, "{name}: the problem's stones");
        for (i, line) in lines.iter().enumerate() {
            for (j, &(_, to)) in parts[i].iter().enumerate() {
                // The line replayed with φ up to the diagram's last move, apart from the
                // drawing's code.
                let mut pos = line.start.clone();
                for s in line.steps.iter().take(to) {
                    pos.play_in_place(s.mv);
                }
                let id = if parts[i].len() == 1 {
                    format!("line-{i}")
                } else {
                    format!("line-{i}-{j}")
                };
                let d = &drawn[&id];
                assert_eq!(
                    d.stones,
                    expected(&problem, &pos, d),
                    "{name}: line {i}'s diagram {j}"
                );
            }
            figures += 1;
        }
    }
    assert_eq!(figures, 2 * files.len());
}

/// A solved problem's pictures show its answer: the SVG the problem and each known
/// side's principal variation (its diagrams), the facts naming each side's verdict; the
/// page, for a player that wins, a line for each other first move its trees answer.
#[test]
fn a_solved_problem_draws_its_answer() {
    let path = problems_dir().join("03_bent_three_corner.sgf");
    let problem = load_problem(&path, &LoadOptions::default()).unwrap();
    let settings = tsume_solve::Settings {
        all_moves: true,
        ..tsume_solve::Settings::default()
    };
    let report = tsume_solve::answer(problem.position(), problem.target(), &settings).unwrap();
    let solved = tsume_solve::Solved { problem, report };
    let p = &solved.problem;
    let svg = tsume_draw::solved_svg(&solved, &Scene::of_problem(&solved.problem)).unwrap();
    let drawn = panels(&svg);
    let mut want = 1;
    for s in &solved.report.sides {
        assert!(svg.contains(&format!(
            "{} first: {}",
            s.to_move.title(),
            s.answer.verdict
        )));
        let line = Line::alternating("", "", s.position.clone(), &s.answer.pv, "");
        want += diagrams(&line, 3).len();
    }
    assert_eq!(drawn.len(), want, "the problem and each side's line");
    let first = &drawn["problem"];
    assert_eq!(first.stones, expected(p, p.position(), first));
    let page = tsume_draw::solved_page(&solved, &Scene::of_problem(&solved.problem)).unwrap();
    let scene = Scene::of_problem(p);
    let mut others = 0;
    for s in solved
        .report
        .sides
        .iter()
        .filter(|s| s.mover_wins() == Some(true))
    {
        for (m, _) in s.answer.move_trees.iter().filter(|(_, t)| t.is_some()) {
            let tsume_board::Move::Play(x) = *m else {
                continue;
            };
            if s.answer.pv.first() == Some(m) {
                continue;
            }
            let who = s.to_move.title();
            let title = if s.answer.moves.contains(m) {
                format!("{who} {} also wins", scene.point_name(x))
            } else {
                format!("{who} {}? refuted", scene.point_name(x))
            };
            assert!(page.contains(&title), "{title}");
            others += 1;
        }
    }
    assert!(
        others > 0,
        "the bent three has first moves beside the kill and the life"
    );
}

/// A formula draws as a graph board with design D2's gadgets named as the crate docs
/// name them, one circle per stone; its grid version draws as a board with its labels.
#[test]
fn a_formula_draws_with_its_gadgets() {
    let cnf = tsume_reduce::Cnf::new(3, &[&[1, -2], &[2, 3], &[-1, -3]]);
    let inst = tsume_reduce::reduce(&cnf);
    let scene = Scene::of_graph_file(&inst.graph, "f.cnf").unwrap();
    let svg = problem_svg(&scene, &[], &[]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<String> = doc
        .descendants()
        .filter_map(|n| n.text())
        .map(|t| t.trim().to_string())
        .collect();
    for want in [
        "Λ",
        "Ω",
        "Z",
        "W",
        "H1",
        "A2: u2",
        "B3: ¬u3",
        "K1",
        "variable u1",
        "clause c1: u1 ∨ ¬u2",
        "clause c3: ¬u1 ∨ ¬u3",
        "the gate Ω and its liberties g",
    ] {
        assert!(texts.iter().any(|t| t == want), "{want} not in {texts:?}");
    }
    let pos = inst.position().unwrap();
    let circles = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("stone black") || c.starts_with("stone white"))
        })
        .count();
    assert_eq!(circles, pos.stone_count());

    // The grid of a chain formula: a board, its labels written.
    let chain = tsume_reduce::Cnf::new(2, &[&[1, 2], &[-1]]);
    let grid = tsume_reduce::grid::any_grid(&chain).unwrap();
    let scene = Scene::of_sgf_grid(&grid.to_sgf(), "grid.sgf").unwrap();
    let svg = problem_svg(&scene, &[], &[]).unwrap();
    let drawn = panels(&svg);
    let p = tsume_sgf::parse_sgf_problem(
        &grid.to_sgf(),
        "grid.sgf",
        &LoadOptions {
            region: tsume_sgf::RegionSpec::Board,
            ..LoadOptions::default()
        },
    )
    .unwrap();
    let d = &drawn["problem"];
    assert_eq!(d.stones, expected(&p, p.position(), d));
    assert!(svg.contains(">\nL\n<") || svg.contains(">L<"), "Λ's label");
}
