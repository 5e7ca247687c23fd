//! Exports of proof and disproof trees: JSON for programs, SGF for people.

use std::collections::VecDeque;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use tsume_board::{sgf_write, Board, Color, Move, Point, Position};

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
        Leaf::Safe => "safe",
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
///                "leaf": "capture" | "benson" | "safe" | "depth_limit" | null,
///                "children": [ { "move": "D4" | "pass", "sgf": "dd", "node": 3 } ],
///                "covered": [ "B16", ... ], "zone": [ "C3", "D3", ... ],
///                "pruned": [ { "move": "Q16", "witness": 7 } ], "reuse": 4 } ] }
/// ```
///
/// `covered` (absent when empty) lists the moves answered by the pass child's strategy
/// ([`crate::TreeNode::covered`]); `zone` (absent when not stated) the node's relevance
/// zone ([`crate::TreeNode::zone`]); `pruned` (absent when empty) the moves answered by
/// a witness child ([`crate::TreeNode::pruned`]); `reuse` (absent when none) the node
/// whose zone and claim this one borrows ([`crate::TreeNode::reuse`]).
///
/// Moves are GTP names on grids (with the SGF name in `"sgf"`), point names on other
/// boards, `"pass"` for a pass; [`Board::parse_point`](tsume_board::Board::parse_point)
/// reads them back. A node's `to_move` follows from its distance to the root (every move,
/// pass included, hands the turn over); `null` for nodes no edge reaches. The target
/// group's colour is `null` when the target point is empty.
pub fn to_json(root: &Position, target: Point, tree: &Tree) -> Value {
    serde_json::to_value(TreeJson::new(root, target, tree)).unwrap_or_default()
}

/// [`to_json`]'s object, serialized as it is written: a large tree goes to a writer
/// (`serde_json::to_writer`) node by node, never held whole as a JSON value. The keys
/// come in alphabetical order, as in [`to_json`]'s `Value`.
pub struct TreeJson<'a> {
    root: &'a Position,
    target: Point,
    tree: &'a Tree,
    depths: Vec<Option<usize>>,
}

impl<'a> TreeJson<'a> {
    /// The tree `tree` of `root`, about the group on `target`.
    pub fn new(root: &'a Position, target: Point, tree: &'a Tree) -> TreeJson<'a> {
        let depths = bfs_depths(tree);
        TreeJson {
            root,
            target,
            tree,
            depths,
        }
    }
}

impl Serialize for TreeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let root = self.root;
        let board = root.board();
        let on_board = self.target.index() < board.len();
        let defender = if on_board {
            root.color(self.target)
        } else {
            None
        };
        let mut m = s.serialize_map(Some(12))?;
        m.serialize_entry("attacker", &defender.map(|c| c.opponent().name()))?;
        m.serialize_entry("board", &BoardJson(board))?;
        m.serialize_entry("claim", claim_str(self.tree.claim))?;
        m.serialize_entry("defender", &defender.map(Color::name))?;
        m.serialize_entry("format", "tsume-proof")?;
        m.serialize_entry("ko_ban", &root.ko_ban().map(|b| board.gtp(b)))?;
        m.serialize_entry("ko_rule", root.ko().name())?;
        m.serialize_entry(
            "ko_threats",
            &Pair(root.ko_threats(Color::Black), root.ko_threats(Color::White)),
        )?;
        m.serialize_entry("nodes", &NodesJson(self))?;
        let stones = |c: Color| -> Vec<String> {
            board
                .points()
                .filter(|&p| root.color(p) == Some(c))
                .map(|p| board.gtp(p))
                .collect()
        };
        m.serialize_entry("setup", &Pair(stones(Color::Black), stones(Color::White)))?;
        m.serialize_entry("target", &on_board.then(|| board.gtp(self.target)))?;
        m.serialize_entry("to_move", root.to_move().name())?;
        m.end()
    }
}

/// `{"black": .0, "white": .1}`.
struct Pair<T>(T, T);

impl<T: Serialize> Serialize for Pair<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("black", &self.0)?;
        m.serialize_entry("white", &self.1)?;
        m.end()
    }
}

struct BoardJson<'a>(&'a Board);

impl Serialize for BoardJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let board = self.0;
        match board.grid_info() {
            Some(g) => {
                let mut m = s.serialize_map(Some(4))?;
                m.serialize_entry("diagonal", &g.diagonal)?;
                m.serialize_entry("height", &g.height)?;
                m.serialize_entry("kind", "grid")?;
                m.serialize_entry("width", &g.width)?;
                m.end()
            }
            None => {
                let edges = board.points().flat_map(|p| {
                    board
                        .neighbors(p)
                        .iter()
                        .filter(move |&&q| p < q)
                        .map(move |&q| [p.index(), q.index()])
                });
                let mut m = s.serialize_map(Some(3))?;
                m.serialize_entry("edges", &Seq::new(edges))?;
                m.serialize_entry("kind", "graph")?;
                m.serialize_entry("points", &Seq::new(board.points().map(|p| board.name(p))))?;
                m.end()
            }
        }
    }
}

/// A sequence serialized from an iterator, one element at a time. Serializing it takes
/// the iterator: each is made inside a `serialize` call and serialized once (a second
/// time would write `[]`).
struct Seq<I>(std::cell::Cell<Option<I>>);

impl<I> Seq<I> {
    fn new(items: I) -> Seq<I> {
        Seq(std::cell::Cell::new(Some(items)))
    }
}

impl<I> Serialize for Seq<I>
where
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.take() {
            Some(items) => s.collect_seq(items),
            None => s.collect_seq(std::iter::empty::<I::Item>()),
        }
    }
}

struct NodesJson<'t, 'a>(&'t TreeJson<'a>);

impl Serialize for NodesJson<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        s.collect_seq(
            t.tree
                .nodes
                .iter()
                .enumerate()
                .map(|(id, node)| NodeJson { t, id, node }),
        )
    }
}

struct NodeJson<'t, 'a> {
    t: &'t TreeJson<'a>,
    id: usize,
    node: &'t crate::TreeNode,
}

impl Serialize for NodeJson<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let root = self.t.root;
        let board = root.board();
        let node = self.node;
        let to_move = self.t.depths[self.id].map(|d| {
            if d % 2 == 0 {
                root.to_move().name()
            } else {
                root.to_move().opponent().name()
            }
        });
        let children = node.children.iter().map(|&(m, c)| ChildJson {
            name: move_name(board, m),
            node: c,
            sgf: match m {
                Move::Play(p) if board.grid_info().is_some() && p.index() < board.len() => {
                    Some(board.sgf(p))
                }
                _ => None,
            },
        });
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("children", &Seq::new(children))?;
        if !node.covered.is_empty() {
            let covered = node.covered.iter().map(|&c| move_name(board, c));
            m.serialize_entry("covered", &Seq::new(covered))?;
        }
        m.serialize_entry("id", &self.id)?;
        m.serialize_entry("leaf", &node.leaf.map(leaf_str))?;
        if !node.pruned.is_empty() {
            let pruned = node.pruned.iter().map(|&(mv, w)| PrunedJson {
                name: move_name(board, mv),
                witness: w,
            });
            m.serialize_entry("pruned", &Seq::new(pruned))?;
        }
        m.serialize_entry("remaining", &node.remaining)?;
        if let Some(r) = node.reuse {
            m.serialize_entry("reuse", &r)?;
        }
        m.serialize_entry("to_move", &to_move)?;
        if let Some(zone) = &node.zone {
            let zone = zone.iter().map(|&q| move_name(board, Move::Play(q)));
            m.serialize_entry("zone", &Seq::new(zone))?;
        }
        m.end()
    }
}

#[derive(serde::Serialize)]
struct PrunedJson {
    #[serde(rename = "move")]
    name: String,
    witness: usize,
}

#[derive(serde::Serialize)]
struct ChildJson {
    #[serde(rename = "move")]
    name: String,
    node: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    sgf: Option<String>,
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
            Some(Leaf::Safe) => format!(
                "{} lives (safe under alternating play: every intrusion is answered).",
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
