//! A solved problem drawn (`tsume solve --svg`, `--html`): the facts (the target, the
//! status, each side's verdict and what the checker said), each side's principal
//! variation, and on the page the other winning first moves and the refutations read off
//! the trees.

use tsume_board::{Color, Move, Position};
use tsume_proof::Claim;
use tsume_prove::Verdict;
use tsume_solve::{Side, Solved};

use crate::{page_html, problem_svg, tree_line, DrawError, Line, Scene};

/// `tsume solve --svg`: the problem and each side's principal variation, under the
/// facts, on `scene` ([`Scene::of_problem_by`] of its problem: the scene's deadline).
///
/// # Errors
/// The scene's deadline passed.
pub fn solved_svg(r: &Solved, scene: &Scene) -> Result<String, DrawError> {
    problem_svg(scene, &pv_lines(r, scene), &facts(r, scene))
}

/// `tsume solve --html`: the page that steps through each side's principal variation
/// and the lines read off its trees (for a winner with `--all-moves`, its other winning
/// first moves and the refutations of its losing ones; for a loser, each first move its
/// tree answers), the facts above the board with each side's search nodes, on `scene`
/// (as [`solved_svg`]).
///
/// # Errors
/// The scene's deadline passed.
pub fn solved_page(r: &Solved, scene: &Scene) -> Result<String, DrawError> {
    let mut lines = pv_lines(r, scene);
    for s in &r.report.sides {
        lines.extend(tree_lines(r, scene, s));
    }
    // Lines under one group each, in the order of the sides.
    lines.sort_by_key(|l| (!l.group.starts_with(Color::Black.title()), l.group.clone()));
    let mut facts = facts(r, scene);
    facts.extend(r.report.sides.iter().map(|s| {
        format!(
            "{} first: {} search nodes",
            s.to_move.title(),
            s.answer.stats.nodes
        )
    }));
    page_html(scene, &r.problem.label(), &facts, &lines)
}

/// The target, the status, and each side's verdict in a line.
fn facts(r: &Solved, scene: &Scene) -> Vec<String> {
    let mut facts = vec![format!(
        "target: the {} group at {}; status: {}",
        r.defender().name(),
        r.problem.full().board().gtp(r.problem.target_full()),
        r.status().map_or("one side searched", |s| s.as_str())
    )];
    facts.extend(r.report.sides.iter().map(|s| verdict(r, scene, s)));
    facts
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
fn verdict(r: &Solved, scene: &Scene, s: &Side) -> String {
    let a = &s.answer;
    let who = s.to_move.title();
    let attacker = s.to_move != r.defender();
    let mut t = format!("{who} first: {}", a.verdict);
    if s.mover_wins() == Some(true) && !a.moves.is_empty() {
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
fn ending(r: &Solved, start: &Position, moves: &[Move], claim: Verdict) -> String {
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
fn pv_lines(r: &Solved, scene: &Scene) -> Vec<Line> {
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
fn verdict_title(r: &Solved, scene: &Scene, s: &Side) -> String {
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
fn tree_lines(r: &Solved, scene: &Scene, s: &Side) -> Vec<Line> {
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
    if s.mover_wins() == Some(true) {
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
