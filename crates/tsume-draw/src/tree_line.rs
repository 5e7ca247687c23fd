//! A line read off a proof or disproof tree: what a reader follows to see why a move
//! wins or loses.

use std::collections::HashSet;

use tsume_board::{Move, Point, Position};
use tsume_proof::{Claim, Tree};

/// The longest line this reads off a tree.
const MAX_LINE: usize = 80;

/// A line of play through `tree` from its node `node` (whose position is `start`; 0 for
/// the root), about the group at `target`: the
/// tree's own move where it gives one (the attacker's in a proof, the defender's in a
/// disproof); where it answers every move, the other side's stubbornest one: in a proof
/// the defender's move whose subtree is deepest (the longest resistance), in a disproof
/// the attacker's stone move that leaves the target fewest liberties (its sharpest
/// try), not into a node the line has met. The line stops at a leaf, at a node met
/// before (a disproof's cycle) or after 80 moves; a proof's line ends with the capture.
pub fn tree_line(start: &Position, target: Point, tree: &Tree, node: usize) -> Vec<Move> {
    let Some(defender) = start.color(target) else {
        return Vec::new();
    };
    let heights = match tree.claim {
        Claim::Dead => heights(tree),
        Claim::Alive | Claim::NeverUnconditional => Vec::new(),
    };
    let mut pos = start.clone();
    let mut node = node;
    let mut seen = HashSet::new();
    let mut line = Vec::new();
    while line.len() < MAX_LINE && seen.insert(node) {
        let Some(n) = tree.nodes.get(node) else {
            break;
        };
        if n.children.is_empty() {
            break;
        }
        let attacker = pos.to_move() != defender;
        // The attacker picks in a proof and in a never_unconditional strategy.
        let chooser = (tree.claim != Claim::Alive) == attacker;
        let pick = if chooser || n.children.len() == 1 {
            n.children.first().copied()
        } else if tree.claim == Claim::Dead {
            // Deepest subtree; a stone move before a pass of the same depth, the first
            // of equals (max_by_key keeps the last).
            n.children
                .iter()
                .rev()
                .copied()
                .max_by_key(|&(m, c)| (heights.get(c).copied().unwrap_or(0), m != Move::Pass))
        } else {
            n.children
                .iter()
                .copied()
                .filter(|&(m, c)| m != Move::Pass && !seen.contains(&c))
                .min_by_key(|&(m, _)| {
                    let after = pos.play(m);
                    match after.color(target) {
                        Some(_) => after.liberty_count(target),
                        None => 0,
                    }
                })
        };
        let Some((m, child)) = pick else {
            break;
        };
        line.push(m);
        pos.play_in_place(m);
        node = child;
    }
    // A kill's line ends with the capture itself (D₀: the target's last liberty).
    if tree.claim == Claim::Dead && pos.color(target).is_some() && pos.in_d0(target) {
        line.extend(pos.liberties(target).first().map(|&l| Move::Play(l)));
    }
    line
}

/// For each node of an acyclic tree (a proof), the length of its longest path to a
/// leaf; a node met again on the current path (none in a proof) counts 0.
fn heights(tree: &Tree) -> Vec<usize> {
    let n = tree.nodes.len();
    let mut h = vec![0usize; n];
    // 0 unvisited, 1 on the stack, 2 done.
    let mut state = vec![0u8; n];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    if n == 0 {
        return h;
    }
    stack.push((0, 0));
    state[0] = 1;
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        let kids = &tree.nodes[v].children;
        if i < kids.len() {
            top.1 += 1;
            let c = kids[i].1;
            if c < n && state[c] == 0 {
                state[c] = 1;
                stack.push((c, 0));
            }
            continue;
        }
        h[v] = kids
            .iter()
            .filter(|&&(_, c)| c < n && state[c] == 2)
            .map(|&(_, c)| h[c] + 1)
            .max()
            .unwrap_or(0);
        state[v] = 2;
        stack.pop();
    }
    h
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use tsume_board::Color;
    use tsume_proof::{Leaf, TreeNode};

    /// The crate docs' tree: ( O . . . ), White to move, every White move leaves the
    /// target in D₀. The defender's deepest move is taken (all are leaves: the first
    /// stone move), and the line ends with Black's capture.
    #[test]
    fn a_proof_line_ends_with_the_capture() {
        let p = Position::from_diagram("( O . . . )", Color::White).unwrap();
        let b = p.board().clone();
        let leaf = TreeNode {
            remaining: Some(0),
            children: vec![],
            leaf: Some(Leaf::Capture),
            covered: vec![],
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        };
        let mut children = Vec::new();
        for (i, m) in ["B1", "C1", "D1"].iter().enumerate() {
            children.push((Move::Play(b.parse_point(m).unwrap()), i + 1));
        }
        children.push((Move::Pass, 4));
        let root = TreeNode {
            remaining: Some(1),
            children,
            leaf: None,
            covered: vec![],
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        };
        let tree = Tree {
            claim: Claim::Dead,
            nodes: vec![root, leaf.clone(), leaf.clone(), leaf.clone(), leaf],
        };
        let target = b.parse_point("A1").unwrap();
        let line = tree_line(&p, target, &tree, 0);
        assert_eq!(line.len(), 2);
        assert_eq!(line[0], Move::Play(b.parse_point("B1").unwrap()));
        // White B1 joins the target: its one liberty C1 is Black's capture.
        assert_eq!(line[1], Move::Play(b.parse_point("C1").unwrap()));
        let end = p.play(line[0]).play(line[1]);
        assert_eq!(end.color(target), None, "the line captures the target");
    }
}
