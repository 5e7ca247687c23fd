//! `--svg` and `--html`: the answers handed to tsume-draw (docs/pictures.md).

use std::path::Path;

use tsume_board::{Color, Move, Position};
use tsume_draw::{page_html, problem_svg, tree_line, Line, Scene};
use tsume_proof::Claim;
use tsume_prove::Verdict;

use crate::Fail;
use tsume_solve::Side;
use tsume_solve::Solved as Report;

/// Writes `text` to `path`; a failure names the file.
pub(crate) fn write(path: &Path, text: &str) -> Result<(), Fail> {
    std::fs::write(path, text).map_err(|e| Fail::input(format!("{}: {e}", path.display())))
}

/// A move's name on the whole board ("pass").
fn name(scene: &Scene, m: Move) -> String {
    match m {
        Move::Pass => "pass".to_string(),
        Move::Play(p) => scene.point_name(p),
    }
}

fn names(scene: &Scene, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| name(scene, m))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The group a side's lines go under: "Black first".
fn group(s: &Side) -> String {
    format!("{} first", s.to_move.title())
}

/// What a side's answer says, in one line: the verdict, the winning moves, the proof's
/// size and the checker's verdict.
fn verdict(r: &Report, scene: &Scene, s: &Side) -> String {
    let a = &s.answer;
    let who = s.to_move.title();
    let attacker = s.to_move != r.defender();
    let mut t = format!("{who} first: {}", a.verdict);
    let wins = (a.verdict == Verdict::Dead) == attacker && a.verdict != Verdict::Unknown;
    if wins && !a.moves.is_empty() {
        let goal = if attacker { "kills" } else { "lives" };
        t += &format!(" — {who} {goal} at {}", names(scene, &a.moves));
        if !a.all_moves {
            t += " (first found)";
        }
    } else if a.verdict != Verdict::Unknown {
        let goal = if attacker { "kills" } else { "saves the group" };
        t += &format!(" — no {who} move {goal}");
    }
    if a.verdict == Verdict::Alive {
        t += if a.exact {
            ", for every α"
        } else {
            ", within α"
        };
    }
    match &s.check {
        Some(Ok(c)) => t += &format!("; proof of {} nodes, checked", c.nodes),
        Some(Err(e)) => t += &format!("; PROOF REJECTED by the checker: {e}"),
        None if a.verdict != Verdict::Unknown => t += "; proof not checked",
        None => {}
    }
    t
}

/// How a line ends for the target.
fn ending(r: &Report, start: &Position, moves: &[Move], claim: Verdict) -> String {
    let mut pos = start.clone();
    for &m in moves {
        pos.play_in_place(m);
    }
    if pos.color(r.problem.target()).is_none() {
        "the group is captured".to_string()
    } else {
        match claim {
            Verdict::Dead => "the group cannot escape capture".to_string(),
            Verdict::Alive => "the group lives".to_string(),
            Verdict::Unknown => String::new(),
        }
    }
}

/// Each side's principal variation.
fn pv_lines(r: &Report, scene: &Scene) -> Vec<Line> {
    r.report
        .sides
        .iter()
        .filter(|s| s.answer.verdict != Verdict::Unknown)
        .map(|s| {
            let start = r.problem.position().with_to_move(s.to_move);
            let a = &s.answer;
            let title = verdict_title(r, scene, s);
            let end = ending(r, &start, &a.pv, a.verdict);
            Line::alternating(group(s), title, start, &a.pv, end)
        })
        .collect()
}

/// A figure's title: "Black first: Black kills at B7".
fn verdict_title(r: &Report, scene: &Scene, s: &Side) -> String {
    let a = &s.answer;
    let who = s.to_move.title();
    let attacker = s.to_move != r.defender();
    let first = a.pv.first().map(|&m| name(scene, m)).unwrap_or_default();
    match (a.verdict, attacker) {
        (Verdict::Dead, true) => format!("{who} first: {who} kills at {first}"),
        (Verdict::Alive, false) => format!("{who} first: {who} lives at {first}"),
        (Verdict::Dead, false) => format!("{who} first: dead whatever {who} plays"),
        (Verdict::Alive, true) => format!("{who} first: alive whatever {who} plays"),
        (Verdict::Unknown, _) => format!("{who} first: unknown"),
    }
}

/// The lines read off the trees: for a winning player with `--all-moves`, each other
/// winning first move and each losing one with its refutation (the move's own tree);
/// for a losing player, each of its first moves the root's tree answers.
fn tree_lines(r: &Report, scene: &Scene, s: &Side) -> Vec<Line> {
    let target = r.problem.target();
    let start = r.problem.position().with_to_move(s.to_move);
    let who = s.to_move.title();
    let a = &s.answer;
    let mut out = Vec::new();
    let mut add = |m: Move, tree: &tsume_proof::Tree, node: usize, wins: bool| {
        let after = start.play(m);
        let mut moves = vec![m];
        moves.extend(tree_line(&after, target, tree, node));
        let (g, title) = if wins {
            (
                format!("{who} first: other winning moves"),
                format!("{who} {} also wins", name(scene, m)),
            )
        } else {
            (
                format!("{who} first: wrong moves refuted"),
                format!("{who} {}? refuted", name(scene, m)),
            )
        };
        let claim = match tree.claim {
            Claim::Dead => Verdict::Dead,
            // (The model's trees claim dead or alive; a seki's strategy is alive.)
            Claim::Alive | Claim::NeverUnconditional => Verdict::Alive,
        };
        let end = ending(r, &start, &moves, claim);
        out.push(Line::alternating(g, title, start.clone(), &moves, end));
    };
    let attacker = s.to_move != r.defender();
    let mover_wins = (a.verdict == Verdict::Dead) == attacker && a.verdict != Verdict::Unknown;
    if mover_wins {
        for (m, t) in &a.move_trees {
            if let Some(t) = t {
                let wins = a.moves.contains(m);
                if !(wins && a.pv.first() == Some(m)) {
                    add(*m, t, 0, wins);
                }
            }
        }
    } else if let Some(t) = &a.tree {
        if let Some(root) = t.root() {
            for &(m, child) in &root.children {
                add(m, t, child, false);
            }
        }
    }
    out
}

/// `solve --svg` and `--html` for one report.
pub(crate) fn solve_outputs(
    r: &Report,
    svg: Option<&Path>,
    html: Option<&Path>,
) -> Result<(), Fail> {
    if svg.is_none() && html.is_none() {
        return Ok(());
    }
    let scene = Scene::of_problem(&r.problem);
    let mut facts = vec![format!(
        "target: the {} group at {}; status: {}",
        r.defender().name(),
        r.problem.full().board().gtp(r.problem.target_full()),
        r.status().map_or("one side searched", |s| s.as_str())
    )];
    facts.extend(r.report.sides.iter().map(|s| verdict(r, &scene, s)));
    let pvs = pv_lines(r, &scene);
    if let Some(path) = svg {
        write(path, &problem_svg(&scene, &pvs, &facts))?;
    }
    if let Some(path) = html {
        let mut lines = pvs;
        for s in &r.report.sides {
            lines.extend(tree_lines(r, &scene, s));
        }
        // Lines under one group each, in the order of the sides.
        lines.sort_by_key(|l| (!l.group.starts_with(Color::Black.title()), l.group.clone()));
        let mut facts = facts;
        facts.extend(r.report.sides.iter().map(|s| {
            format!(
                "{} first: {} search nodes",
                s.to_move.title(),
                s.answer.stats.nodes
            )
        }));
        write(path, &page_html(&scene, &r.problem.label(), &facts, &lines))?;
    }
    Ok(())
}

/// `reduce --svg`: the drawing of what `reduce` writes: design D6's grid (`rail`, as
/// `--grid` writes it), the square-grid SGF (`sgf`), or else (and where no grid draws
/// the formula) the graph board of design D2 with its gadgets named.
pub(crate) fn reduce_svg(
    cnf: &tsume_reduce::Cnf,
    formula: &Path,
    rail: bool,
    sgf: bool,
    path: &Path,
) -> Result<(), Fail> {
    let file_name = formula.file_name().map_or_else(
        || formula.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let clauses: Vec<String> = cnf
        .clauses
        .iter()
        .map(|c| {
            let lits: Vec<String> = c
                .iter()
                .map(|&l| {
                    if l > 0 {
                        format!("u{l}")
                    } else {
                        format!("¬u{}", -l)
                    }
                })
                .collect();
            format!("({})", lits.join(" ∨ "))
        })
        .collect();
    let mut facts = vec![
        format!("formula: {}", clauses.join(" ∧ ")),
        "White to move; the target Λ lives iff the formula is satisfiable".to_string(),
    ];
    let drawn =
        |e: &dyn std::fmt::Display| Fail::input(format!("{}: cannot draw: {e}", path.display()));
    // A picture of a grid over this many points would be unreadable and huge: the
    // graph board of design D2 is drawn instead, with a line saying so.
    const MAX_DRAWN_POINTS: usize = 40_000;
    let grid_scene = if rail || sgf {
        match tsume_reduce::grid::draw(cnf) {
            Ok(d) => {
                let (w, h) = d.grid.size();
                if w * h > MAX_DRAWN_POINTS {
                    facts.push(format!(
                        "the square grid is {w}×{h}, too large to draw: the graph board of \
                         design D2 instead"
                    ));
                    None
                } else if sgf && d.grid.fits_sgf() {
                    Some(
                        Scene::of_sgf_grid(
                            &d.grid.to_sgf(),
                            &format!("{file_name}: design {} on a grid", d.grid.design()),
                        )
                        .map_err(|e| drawn(&e)),
                    )
                } else {
                    d.grid.to_graph_text().ok().map(|text| {
                        let file = tsume_board::parse_graph(&text).map_err(|e| drawn(&e))?;
                        Scene::of_graph_file(
                            &file,
                            &format!("{file_name}: design {} on a grid", d.grid.design()),
                        )
                        .map_err(|e| drawn(&e))
                    })
                }
            }
            Err(_) => None,
        }
    } else {
        None
    };
    let scene = match grid_scene {
        Some(s) => s?,
        None => {
            if rail || sgf {
                facts.push("no grid draws this formula: the graph board of design D2".to_string());
            }
            let inst = tsume_reduce::reduce(cnf);
            Scene::of_graph_file(&inst.graph, &format!("{file_name}: design D2"))
                .map_err(|e| drawn(&e))?
        }
    };
    write(path, &problem_svg(&scene, &[], &facts))
}
