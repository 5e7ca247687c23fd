//! Exports of proof and disproof trees: JSON for programs, SGF for people.

use std::collections::VecDeque;

use serde_json::{json, Value};
use tsume_board::{sgf_write, Color, Move, Point, Position};

use crate::check::move_name;
use crate::{Claim, Leaf, Tree};

/// How many move nodes [`to_sgf`] writes at most: shared nodes are expanded again at each
/// edge into them, so a DAG can be exponentially larger as a tree.
pub const SGF_NODE_BUDGET: usize = 10_000;

fn claim_str(c: Claim) -> &'static str {
    match c {
        Claim::Dead => "dead",
        Claim::Alive => "alive",
        Claim::NeverUnconditional => "never_unconditional",
    }
}

fn leaf_str(l: Leaf) -> &'static str {
    match l {
        Leaf::Capture => "capture",
        Leaf::Benson => "benson",
        Leaf::DepthLimit => "depth_limit",
    }
}

/// The tree as JSON:
///
/// ```json
/// { "format": "tsume-proof", "claim": "dead" | "alive" | "never_unconditional",
///   "target": "C3", "defender": "white", "attacker": "black", "to_move": "black",
///   "board": { "kind": "grid", "width": 5, "height": 5, "diagonal": false }
///          | { "kind": "graph", "points": ["a", ...], "edges": [[0, 1], ...] },
///   "setup": { "black": ["C3", ...], "white": [...] },
///   "ko_rule": "none" | "basic" | "master-black" | "master-white", "ko_ban": "B2" | null,
///   "ko_threats": { "black": 0, "white": 1 },
///   "nodes": [ { "id": 0, "remaining": 5 | null, "to_move": "black",
///                "leaf": "capture" | "benson" | "depth_limit" | null,
///                "children": [ { "move": "D4" | "pass", "sgf": "dd", "node": 3 } ],
///                "covered": [ "B16", ... ] } ] }
/// ```
///
/// `covered` (absent when empty) lists the moves answered by the pass child's strategy
/// ([`crate::TreeNode::covered`]).
///
/// Moves are GTP names on grids (with the SGF name in `"sgf"`), point names on other
/// boards, `"pass"` for a pass; [`Board::parse_point`](tsume_board::Board::parse_point)
/// reads them back. A node's `to_move` follows from its distance to the root (every move,
/// pass included, hands the turn over); `null` for nodes no edge reaches. The target
/// group's colour is `null` when the target point is empty.
pub fn to_json(root: &Position, target: Point, tree: &Tree) -> Value {
    let board = root.board();
    let on_board = target.index() < board.len();
    let defender = if on_board { root.color(target) } else { None };
    let board_json = match board.grid_info() {
        Some(g) => json!({
            "kind": "grid", "width": g.width, "height": g.height, "diagonal": g.diagonal
        }),
        None => {
            let points: Vec<&str> = board.points().map(|p| board.name(p)).collect();
            let mut edges = Vec::new();
            for p in board.points() {
                for &q in board.neighbors(p) {
                    if p < q {
                        edges.push(json!([p.index(), q.index()]));
                    }
                }
            }
            json!({ "kind": "graph", "points": points, "edges": edges })
        }
    };
    let stones = |c: Color| -> Vec<String> {
        board
            .points()
            .filter(|&p| root.color(p) == Some(c))
            .map(|p| board.gtp(p))
            .collect()
    };
    let depths = bfs_depths(tree);
    let nodes: Vec<Value> = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let to_move = depths[i].map(|d| {
                if d % 2 == 0 {
                    root.to_move().name()
                } else {
                    root.to_move().opponent().name()
                }
            });
            let children: Vec<Value> = node
                .children
                .iter()
                .map(|&(m, c)| {
                    let mut e = json!({ "move": move_name(board, m), "node": c });
                    if let Move::Play(p) = m {
                        if board.grid_info().is_some() && p.index() < board.len() {
                            e["sgf"] = json!(board.sgf(p));
                        }
                    }
                    e
                })
                .collect();
            let mut v = json!({
                "id": i,
                "remaining": node.remaining,
                "to_move": to_move,
                "leaf": node.leaf.map(leaf_str),
                "children": children,
            });
            if !node.covered.is_empty() {
                let covered: Vec<String> =
                    node.covered.iter().map(|&m| move_name(board, m)).collect();
                v["covered"] = json!(covered);
            }
            v
        })
        .collect();
    json!({
        "format": "tsume-proof",
        "claim": claim_str(tree.claim),
        "target": if on_board { json!(board.gtp(target)) } else { Value::Null },
        "defender": defender.map(Color::name),
        "attacker": defender.map(|c| c.opponent().name()),
        "to_move": root.to_move().name(),
        "board": board_json,
        "setup": { "black": stones(Color::Black), "white": stones(Color::White) },
        "ko_rule": root.ko().name(),
        "ko_ban": root.ko_ban().map(|b| board.gtp(b)),
        "ko_threats": {
            "black": root.ko_threats(Color::Black),
            "white": root.ko_threats(Color::White),
        },
        "nodes": nodes,
    })
}

/// Shortest distance of each node from the root (`None` if unreachable).
fn bfs_depths(tree: &Tree) -> Vec<Option<usize>> {
    let n = tree.nodes.len();
    let mut depth = vec![None; n];
    if n == 0 {
        return depth;
    }
    depth[0] = Some(0);
    let mut queue = VecDeque::from([0usize]);
    while let Some(v) = queue.pop_front() {
        let d = depth[v].unwrap_or(0);
        for &(_, c) in &tree.nodes[v].children {
            if c < n && depth[c].is_none() {
                depth[c] = Some(d + 1);
                queue.push_back(c);
            }
        }
    }
    depth
}

/// The tree as an SGF FF\[4\] game tree, or `None` on boards that SGF cannot draw (graph
/// boards and grids with diagonal adjacency). See [`to_sgf_with_budget`].
pub fn to_sgf(root: &Position, target: Point, tree: &Tree) -> Option<String> {
    to_sgf_with_budget(root, target, tree, SGF_NODE_BUDGET)
}

enum Task {
    Text(&'static str),
    Visit {
        node: usize,
        mv: Move,
        before: Position,
    },
    Exit(usize),
}

/// The tree as an SGF FF\[4\] game tree with at most `budget` move nodes: the root
/// position as setup stones (`AB`/`AW`), the player to move (`PL`), the target marked with
/// a triangle (`TR`), and the tree as variations, shared nodes expanded at each edge into
/// them. Comments (`C`) state the claim at the root and what each leaf shows; a repeated
/// position on the current line (a cycle of a disproof) and the budget cut are commented
/// too. A move that places no stone (on an occupied point, or a suicide) is written as a
/// pass with a comment. `None` on boards without a plain grid.
pub fn to_sgf_with_budget(
    root: &Position,
    target: Point,
    tree: &Tree,
    budget: usize,
) -> Option<String> {
    let board = root.board();
    let grid = board.grid_info()?;
    if grid.diagonal || target.index() >= board.len() {
        return None;
    }
    let defender = root.color(target).unwrap_or(Color::White);
    let attacker = defender.opponent();
    let n = tree.nodes.len();

    let mut out = sgf_write::game(
        "tsume:0.1",
        Some((grid.width as usize, grid.height as usize)),
    );
    out += &sgf_write::setup(
        board
            .points()
            .filter_map(|p| root.color(p).map(|c| (c, board.sgf(p)))),
    );
    out += &sgf_write::property("PL", &root.to_move().letter().to_string());
    out += &sgf_write::property("TR", &board.sgf(target));
    let bound = tree.root().and_then(|r| r.remaining);
    let claim = match (tree.claim, bound) {
        (Claim::Dead, Some(r)) => format!(
            "{} kills the {} group at {} within {r} plies (Can_kill with alpha = {}).",
            attacker.title(),
            defender.name(),
            board.gtp(target),
            r.saturating_sub(1)
        ),
        (Claim::Dead, None) => format!(
            "{} kills the {} group at {}.",
            attacker.title(),
            defender.name(),
            board.gtp(target)
        ),
        (Claim::Alive, Some(r)) => format!(
            "The {} group at {} lives: {} cannot capture it within {r} plies (Can_kill with alpha = {} is false).",
            defender.name(),
            board.gtp(target),
            attacker.name(),
            r.saturating_sub(1)
        ),
        (Claim::Alive, None) => format!(
            "The {} group at {} lives: {} can never capture it, whatever the depth.",
            defender.name(),
            board.gtp(target),
            attacker.name()
        ),
        (Claim::NeverUnconditional, Some(r)) => format!(
            "{} keeps the {} group at {} from unconditional life (Benson) for {r} plies.",
            attacker.title(),
            defender.name(),
            board.gtp(target),
        ),
        (Claim::NeverUnconditional, None) => format!(
            "{} keeps the {} group at {} from unconditional life (Benson) for ever.",
            attacker.title(),
            defender.name(),
            board.gtp(target),
        ),
    };
    let rules = match root.ko() {
        tsume_board::KoRule::None => "no ko".to_string(),
        tsume_board::KoRule::Basic => "basic ko".to_string(),
        tsume_board::KoRule::Master(c) => format!("basic ko, {} is the ko master", c.name()),
    };
    let threats = [Color::Black, Color::White]
        .into_iter()
        .filter(|&c| root.ko_threats(c) > 0)
        .map(|c| format!(", {} has {} ko threats", c.name(), root.ko_threats(c)))
        .collect::<String>();
    let mut root_comment = format!(
        "tsume {} tree. Target: the {} group at {} (triangle). {} to move. {claim} Rules: {rules}{threats}, suicide counts as a pass.",
        match tree.claim {
            Claim::Dead => "proof",
            Claim::Alive => "disproof",
            Claim::NeverUnconditional => "never-unconditional",
        },
        defender.name(),
        board.gtp(target),
        root.to_move().title()
    );

    let mut on_path = vec![false; n];
    let mut stack: Vec<Task> = Vec::new();
    let mut count = 0usize;
    if n > 0 {
        if let Some(c) = expand(
            0,
            root,
            tree,
            target,
            attacker,
            defender,
            &mut stack,
            &mut on_path,
        ) {
            root_comment.push(' ');
            root_comment.push_str(&c);
        }
    }
    out += &sgf_write::text("C", &root_comment);

    while let Some(task) = stack.pop() {
        match task {
            Task::Text(t) => out.push_str(t),
            Task::Exit(v) => on_path[v] = false,
            Task::Visit { node, mv, before } => {
                count += 1;
                let after = before.play(mv);
                let mut comments: Vec<String> = Vec::new();
                let placed = match mv {
                    Move::Play(p) => {
                        after.color(p) == Some(before.to_move()) && before.color(p).is_none()
                    }
                    Move::Pass => false,
                };
                if placed {
                    if let Move::Play(p) = mv {
                        out += &sgf_write::move_node(before.to_move(), &board.sgf(p));
                    }
                } else {
                    out += &sgf_write::move_node(before.to_move(), "");
                    if let Move::Play(p) = mv {
                        comments.push(format!(
                            "The move at {} places no stone (occupied point or suicide): it counts as a pass.",
                            board.gtp(p)
                        ));
                    }
                }
                if on_path[node] {
                    comments.push(format!(
                        "Back to an earlier position on this line (node {node}): {} can repeat forever and the target is never captured.",
                        defender.title()
                    ));
                } else if count >= budget && !tree.nodes[node].children.is_empty() {
                    comments.push(format!(
                        "Node budget of {budget} reached: the rest of the tree below node {node} is not shown."
                    ));
                } else if let Some(c) = expand(
                    node,
                    &after,
                    tree,
                    target,
                    attacker,
                    defender,
                    &mut stack,
                    &mut on_path,
                ) {
                    comments.push(c);
                }
                if !comments.is_empty() {
                    out += &sgf_write::text("C", &comments.join(" "));
                }
            }
        }
    }
    out.push_str(")\n");
    Some(out)
}

/// Schedules the children of `v` (at position `pos`) or, for a leaf, returns its comment.
#[allow(clippy::too_many_arguments)]
fn expand(
    v: usize,
    pos: &Position,
    tree: &Tree,
    target: Point,
    attacker: Color,
    defender: Color,
    stack: &mut Vec<Task>,
    on_path: &mut [bool],
) -> Option<String> {
    let node = &tree.nodes[v];
    let board = pos.board();
    if node.children.is_empty() {
        return Some(match node.leaf {
            Some(Leaf::Capture) => {
                let libs = pos.liberties(target);
                let at = libs
                    .first()
                    .map(|&l| format!(" ({})", board.gtp(l)))
                    .unwrap_or_default();
                format!(
                    "{} kills: the target has one liberty{at} and {} to move.",
                    attacker.title(),
                    attacker.title()
                )
            }
            Some(Leaf::Benson) => format!(
                "{} lives (unconditionally alive by Benson).",
                defender.title()
            ),
            Some(Leaf::DepthLimit) => format!(
                "Depth bound reached: {} has not captured the target within the bound.",
                attacker.title()
            ),
            None => "Leaf without a reason (not a valid proof leaf).".to_string(),
        });
    }
    let children: Vec<(Move, usize)> = node
        .children
        .iter()
        .copied()
        .filter(|&(m, c)| {
            c < tree.nodes.len() && !matches!(m, Move::Play(p) if p.index() >= board.len())
        })
        .collect();
    on_path[v] = true;
    stack.push(Task::Exit(v));
    if let [(mv, c)] = children[..] {
        stack.push(Task::Visit {
            node: c,
            mv,
            before: pos.clone(),
        });
    } else {
        for &(mv, c) in children.iter().rev() {
            stack.push(Task::Text(")"));
            stack.push(Task::Visit {
                node: c,
                mv,
                before: pos.clone(),
            });
            stack.push(Task::Text("("));
        }
    }
    (!node.covered.is_empty()).then(|| {
        let names: Vec<String> = node.covered.iter().map(|&m| move_name(board, m)).collect();
        format!(
            "Also answered, by the strategy after the pass (each outside its relevance zone): {}.",
            names.join(" ")
        )
    })
}
