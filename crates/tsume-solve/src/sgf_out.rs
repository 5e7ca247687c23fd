//! The SGF of a solved problem (`tsume solve --sgf-out`): the problem with its proof
//! trees as variations a Go editor opens. The SGF syntax itself is
//! [`tsume_board::sgf_write`]'s.

use std::fmt::Write as _;

use tsume_board::{sgf_write, Color, Move};
use tsume_proof::{Claim, Leaf, Tree};

use crate::{Side, Solved};

/// Nodes written at most, over all trees.
const BUDGET: usize = 20_000;

/// The SGF text of a solved problem: root with setup stones and the target marked,
/// then one variation per player moving first, each the proof or disproof tree. Moves
/// on the area's virtual points are passes with a comment. Grids only: a graph board's
/// point names are no SGF points (`tsume solve` refuses them).
pub fn write(r: &Solved) -> String {
    let p = &r.problem;
    let full = p.full().board();
    let size = full
        .grid_info()
        .map(|g| (g.width as usize, g.height as usize));
    let mut s = sgf_write::game("tsume", size);
    s += &sgf_write::setup(
        full.points()
            .filter_map(|q| p.full().color(q).map(|c| (c, full.sgf(q)))),
    );
    s += &sgf_write::property("TR", &full.sgf(p.target_full()));
    let mut root = format!(
        "tsume: the {} group marked with a triangle; α = {}.",
        r.defender().name(),
        r.report.depth
    );
    if let Some(st) = r.status() {
        let _ = write!(root, " Status: {st}.");
    }
    root += if r.problem.position().ko_rule() {
        " Rules: the basic ko rule (a ko may not be retaken on the very next move; longer \
         cycles are allowed), suicide is a pass, seki is life."
    } else {
        " Rules: no ko (repetition allowed), suicide is a pass, seki is life."
    };
    s += &sgf_write::text("C", &root);
    let mut budget = BUDGET;
    // Each side's tree: its proof or disproof, or for an unknown answer the disproof of
    // what a smaller bound proved (`survives`).
    let trees: Vec<(&Side, &Tree, String)> = r
        .report
        .sides
        .iter()
        .filter_map(|side| {
            let a = &side.answer;
            if let Some(t) = &a.tree {
                let head = format!(
                    "{} to move: {}{}",
                    side.to_move.title(),
                    a.verdict,
                    if a.exact && a.verdict == tsume_prove::Verdict::Alive {
                        " for every α"
                    } else {
                        ""
                    }
                );
                return Some((side, t, head));
            }
            let (t, h) = (a.survives_tree.as_ref()?, a.survives?);
            let head = format!(
                "{} to move: unknown; {} cannot kill within {h} plies (this tree)",
                side.to_move.title(),
                r.defender().opponent().title()
            );
            Some((side, t, head))
        })
        .collect();
    let n = trees.len();
    for (side, tree, head) in trees {
        if n > 1 {
            s.push('(');
        }
        // A node of its own carries the side's headline (a property must follow ';').
        s.push(';');
        let mut seen = vec![Seen::Not; tree.nodes.len()];
        write_node(
            r,
            tree,
            0,
            side.to_move,
            &mut s,
            &mut budget,
            Some(head),
            0,
            &mut seen,
        );
        if n > 1 {
            s.push(')');
        }
    }
    s.push_str(")\n");
    s
}

/// Where a tree node stands in the writing: a tree is a graph (a cyclic disproof goes back
/// to an earlier position, transpositions share nodes), and the SGF shows each node once.
#[derive(Clone, Copy)]
enum Seen {
    /// Not written yet.
    Not,
    /// On the variation being written, this many moves from its start.
    OnLine(usize),
    /// Written, in an earlier variation.
    Written,
}

#[allow(clippy::too_many_arguments)]
fn write_node(
    r: &Solved,
    tree: &Tree,
    i: usize,
    to_move: Color,
    s: &mut String,
    budget: &mut usize,
    head: Option<String>,
    depth: usize,
    seen: &mut [Seen],
) {
    let node = &tree.nodes[i];
    let mut comment = head.unwrap_or_default();
    match node.leaf {
        Some(Leaf::Capture) => {
            comment += &format!(
                " The target has one liberty and {} is to move: captured.",
                to_move.name()
            );
        }
        Some(Leaf::Benson) => comment += " The target is unconditionally alive (Benson).",
        Some(Leaf::Safe) => {
            comment += " The target is safe under alternating play: every intrusion is answered."
        }
        Some(Leaf::DepthLimit) => comment += " The depth bound is reached: the target survives it.",
        None => {}
    }
    if !comment.trim().is_empty() {
        s.push_str(&sgf_write::text("C", comment.trim()));
    }
    if node.leaf.is_some() || depth > 400 {
        return;
    }
    if *budget == 0 {
        s.push_str("C[(tree cut here: too large for the file)]");
        return;
    }
    seen[i] = Seen::OnLine(depth);
    let many = node.children.len() > 1;
    for &(m, j) in &node.children {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        if many {
            s.push('(');
        }
        let mut note = None;
        match m {
            Move::Pass => {
                s.push_str(&sgf_write::move_node(to_move, ""));
                note = Some(format!("{} passes.", to_move.title()));
            }
            Move::Play(q) => match r.problem.to_full(q) {
                Some(f) => {
                    s.push_str(&sgf_write::move_node(
                        to_move,
                        &r.problem.full().board().sgf(f),
                    ));
                }
                None => {
                    s.push_str(&sgf_write::move_node(to_move, ""));
                    note = Some(format!(
                        "{} fills the virtual eye {} of the outside's wall (not on the board).",
                        to_move.title(),
                        r.problem.position().board().name(q)
                    ));
                }
            },
        }
        let claim_note = match (tree.claim, many) {
            (Claim::Dead, true) => Some("Every defence fails.".to_string()),
            (Claim::Alive, true) => Some("Every attack fails.".to_string()),
            _ => None,
        };
        // A position met again: on this line, a cycle (play can go round it forever);
        // elsewhere, a transposition already written.
        let again = match seen[j] {
            Seen::OnLine(d) => {
                let when = if d == 0 {
                    "the one this line starts from".to_string()
                } else {
                    format!("the one after move {d} of this line")
                };
                Some(format!(
                    "The position repeats: it is {when}, so play can go round this cycle \
                     forever and the target is never captured."
                ))
            }
            Seen::Written => Some(
                "This position is reached in an earlier variation too; the tree goes on there."
                    .to_string(),
            ),
            Seen::Not => None,
        };
        let head = [note, claim_note.filter(|_| j == node.children[0].1)]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(again) = again {
            let text = format!("{head} {again}");
            s.push_str(&sgf_write::text("C", text.trim()));
        } else {
            write_node(
                r,
                tree,
                j,
                to_move.opponent(),
                s,
                budget,
                Some(head),
                depth + 1,
                seen,
            );
        }
        if many {
            s.push(')');
        }
    }
    seen[i] = Seen::Written;
}

#[cfg(test)]
mod tests {
    use tsume_sgf::LoadOptions;

    use crate::tests::bundled;
    use crate::{answer, Settings, Solved};

    /// The SGF of a bundled problem, solved both ways with the trees checked.
    fn written(name: &str) -> (Solved, String) {
        let problem = bundled(name);
        let report =
            answer(problem.position(), problem.target(), &Settings::default()).expect("answered");
        let solved = Solved { problem, report };
        let text = super::write(&solved);
        (solved, text)
    }

    #[test]
    fn the_file_reads_back_as_the_same_problem_each_node_once() {
        for name in ["03_bent_three_corner.sgf", "13_ko_is_alive.sgf"] {
            let (solved, text) = written(name);
            // The loader reads it back: the same stones on the whole board, the same
            // target (its triangle).
            let back = tsume_sgf::parse_sgf_problem(&text, name, &LoadOptions::default())
                .expect("the written SGF loads");
            let (a, b) = (solved.problem.full(), back.full());
            assert_eq!(a.board().len(), b.board().len(), "{name}");
            for p in a.board().points() {
                assert_eq!(a.color(p), b.color(p), "{name}: {}", a.board().gtp(p));
            }
            assert_eq!(back.target_full(), solved.problem.target_full(), "{name}");
            // A tree is a graph: each edge is written at most once.
            let edges: usize = solved
                .report
                .sides
                .iter()
                .filter_map(|s| s.answer.tree.as_ref())
                .map(|t| t.nodes.iter().map(|n| n.children.len()).sum::<usize>())
                .sum();
            let moves = text.matches(";B[").count() + text.matches(";W[").count();
            assert!(
                moves > 0 && moves <= edges,
                "{name}: {moves} moves, {edges} edges"
            );
        }
        // The ko's disproof goes back to an earlier position: said once, not unrolled.
        let (_, text) = written("13_ko_is_alive.sgf");
        assert!(text.contains("The position repeats"), "{text}");
    }
}
