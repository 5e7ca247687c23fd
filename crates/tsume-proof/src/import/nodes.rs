//! The `nodes` of a tree, read one at a time into the compact [`TreeNode`]s.
//!
//! A node is read without the board (a JSON object's fields come in any order, and
//! `nodes` may come before `board`): each move's name is kept as a number in a table
//! of the names met, which [`Nodes::resolve`] turns into points once the board is
//! known, naming the first move the board does not have. So the nodes are held once,
//! compactly, however long the file, never as JSON values.

use fxhash::FxHashMap;
use serde_json::Value;
use tsume_board::{Board, Color, Move, Point};

use super::{bad, color, ImportError};
use crate::{Leaf, TreeNode};

/// No SGF point was given for the edge.
const NO_SGF: u32 = u32::MAX;

/// The nodes read so far. Until [`Nodes::resolve`], a `Move::Play(q)` of a child, a
/// covered or pruned move, and a zone's point `q`, hold in `q` the number of its name in
/// `names`, not a point.
#[derive(Default)]
pub(super) struct Nodes {
    nodes: Vec<TreeNode>,
    /// Each node's `to_move`, where given.
    to_move: Vec<Option<Color>>,
    /// Each edge's `sgf` (in the order of the nodes and their children): the number of
    /// its text in `names`, or [`NO_SGF`].
    sgf: Vec<u32>,
    names: Names,
}

/// The names met (moves and SGF points), each once.
#[derive(Default)]
struct Names {
    ids: FxHashMap<Box<str>, u32>,
    list: Vec<Box<str>>,
}

impl Names {
    fn id(&mut self, name: &str) -> Result<u32, ImportError> {
        if let Some(&id) = self.ids.get(name) {
            return Ok(id);
        }
        let id = u32::try_from(self.list.len())
            .ok()
            .filter(|&id| id != NO_SGF)
            .ok_or_else(|| bad("nodes", "more than 2^32 names of moves"))?;
        self.ids.insert(name.into(), id);
        self.list.push(name.into());
        Ok(id)
    }
}

/// The list `n[name]`, empty when absent or null.
fn optional_list<'v>(
    n: &'v Value,
    name: &str,
    at: impl Fn(&str) -> String,
) -> Result<&'v [Value], ImportError> {
    match n.get(name) {
        None | Some(Value::Null) => Ok(&[]),
        Some(c) => c
            .as_array()
            .map(Vec::as_slice)
            .ok_or_else(|| bad(at(name), "not a list")),
    }
}

impl Nodes {
    /// How many nodes were read.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Reads `nodes[i]` (`i` is the number read so far) from its JSON object.
    pub(super) fn push(&mut self, n: &Value) -> Result<(), ImportError> {
        let i = self.nodes.len();
        let at = |f: &str| format!("nodes[{i}].{f}");
        if !n.is_object() {
            return Err(bad(format!("nodes[{i}]"), "not an object"));
        }
        super::known_fields(
            n,
            &format!("nodes[{i}]"),
            &[
                "id",
                "remaining",
                "to_move",
                "leaf",
                "children",
                "covered",
                "zone",
                "pruned",
                "reuse",
            ],
        )?;
        if let Some(id) = n.get("id") {
            if id.as_u64() != Some(i as u64) {
                return Err(bad(at("id"), format!("{id}, but the node is nodes[{i}]")));
            }
        }
        let remaining = match n.get("remaining") {
            None | Some(Value::Null) => None,
            Some(r) => Some(
                r.as_u64()
                    .and_then(|r| u32::try_from(r).ok())
                    .ok_or_else(|| bad(at("remaining"), "not a whole number or null"))?,
            ),
        };
        let to_move = match n.get("to_move") {
            None | Some(Value::Null) => None,
            Some(Value::String(t)) => Some(color(t, &at("to_move"))?),
            Some(_) => return Err(bad(at("to_move"), "not a string or null")),
        };
        let leaf = match n.get("leaf") {
            None | Some(Value::Null) => None,
            Some(Value::String(l)) => Some(match l.as_str() {
                "capture" => Leaf::Capture,
                "benson" => Leaf::Benson,
                "safe" => Leaf::Safe,
                "depth_limit" => Leaf::DepthLimit,
                other => {
                    return Err(bad(
                        at("leaf"),
                        format!("\"{other}\" is not capture, benson, safe or depth_limit"),
                    ))
                }
            }),
            Some(_) => return Err(bad(at("leaf"), "not a string or null")),
        };
        let list = optional_list(n, "children", at)?;
        let mut children = Vec::with_capacity(list.len());
        for (k, e) in list.iter().enumerate() {
            let here = format!("nodes[{i}].children[{k}]");
            if !e.is_object() {
                return Err(bad(here, "not an object"));
            }
            super::known_fields(e, &here, &["move", "sgf", "node"])?;
            let name = e
                .get("move")
                .and_then(Value::as_str)
                .ok_or_else(|| bad(format!("{here}.move"), "missing or not a string"))?;
            let mv = self.move_named(name)?;
            let to = e
                .get("node")
                .and_then(Value::as_u64)
                .and_then(|j| usize::try_from(j).ok())
                .ok_or_else(|| {
                    bad(
                        format!("{here}.node"),
                        "missing or not a node index (a whole number)",
                    )
                })?;
            let sgf = match (e.get("sgf"), mv) {
                (None | Some(Value::Null), _) => NO_SGF,
                (Some(Value::String(sgf)), Move::Play(_)) => self.names.id(sgf)?,
                (Some(other), _) => {
                    return Err(bad(
                        format!("{here}.sgf"),
                        format!("{other} is not the SGF point of the move {name}"),
                    ))
                }
            };
            self.sgf.push(sgf);
            children.push((mv, to));
        }
        let list = optional_list(n, "covered", at)?;
        let mut covered = Vec::with_capacity(list.len());
        for (k, e) in list.iter().enumerate() {
            let here = format!("nodes[{i}].covered[{k}]");
            let name = e.as_str().ok_or_else(|| bad(&here, "not a move name"))?;
            covered.push(self.move_named(name)?);
        }
        let zone = match n.get("zone") {
            None | Some(Value::Null) => None,
            Some(Value::Array(list)) => {
                let mut zone = Vec::with_capacity(list.len());
                for (k, e) in list.iter().enumerate() {
                    let here = format!("nodes[{i}].zone[{k}]");
                    let name = e.as_str().ok_or_else(|| bad(&here, "not a point name"))?;
                    if name == "pass" {
                        return Err(bad(&here, "\"pass\" is not a point"));
                    }
                    zone.push(Point::from_index(self.names.id(name)? as usize));
                }
                Some(zone)
            }
            Some(_) => return Err(bad(at("zone"), "not a list or null")),
        };
        let list = optional_list(n, "pruned", at)?;
        let mut pruned = Vec::with_capacity(list.len());
        for (k, e) in list.iter().enumerate() {
            let here = format!("nodes[{i}].pruned[{k}]");
            if !e.is_object() {
                return Err(bad(here, "not an object"));
            }
            super::known_fields(e, &here, &["move", "witness"])?;
            let name = e
                .get("move")
                .and_then(Value::as_str)
                .ok_or_else(|| bad(format!("{here}.move"), "missing or not a string"))?;
            let mv = self.move_named(name)?;
            let witness = e
                .get("witness")
                .and_then(Value::as_u64)
                .and_then(|j| usize::try_from(j).ok())
                .ok_or_else(|| {
                    bad(
                        format!("{here}.witness"),
                        "missing or not a node index (a whole number)",
                    )
                })?;
            pruned.push((mv, witness));
        }
        let reuse = match n.get("reuse") {
            None | Some(Value::Null) => None,
            Some(r) => Some(
                r.as_u64()
                    .and_then(|r| usize::try_from(r).ok())
                    .ok_or_else(|| bad(at("reuse"), "not a node index (a whole number)"))?,
            ),
        };
        self.nodes.push(TreeNode {
            remaining,
            children,
            leaf,
            covered,
            zone,
            pruned,
            reuse,
        });
        self.to_move.push(to_move);
        Ok(())
    }

    /// A move by its name, the point not yet known: see [`Nodes`].
    fn move_named(&mut self, name: &str) -> Result<Move, ImportError> {
        Ok(if name == "pass" {
            Move::Pass
        } else {
            Move::Play(Point::from_index(self.names.id(name)? as usize))
        })
    }

    /// The nodes with their moves on `board`, and each node's `to_move` where given.
    ///
    /// # Errors
    /// The first move (in the order of the nodes, each node's children then its covered
    /// moves) that names no point of the board, the first edge to a node that is not
    /// there, the first `sgf` that is not its move's SGF point.
    pub(super) fn resolve(
        self,
        board: &Board,
    ) -> Result<(Vec<TreeNode>, Vec<Option<Color>>), ImportError> {
        let Nodes {
            mut nodes,
            to_move,
            sgf,
            names,
        } = self;
        let points: Vec<Result<Point, String>> = names
            .list
            .iter()
            .map(|n| board.parse_point(n).map_err(|e| format!("\"{n}\": {e}")))
            .collect();
        let len = nodes.len();
        let on_board = |mv: Move, here: String| -> Result<Move, ImportError> {
            match mv {
                Move::Pass => Ok(Move::Pass),
                Move::Play(q) => points[q.index()]
                    .clone()
                    .map(Move::Play)
                    .map_err(|e| bad(here, e)),
            }
        };
        let mut sgf = sgf.into_iter();
        for (i, node) in nodes.iter_mut().enumerate() {
            for (k, (mv, to)) in node.children.iter_mut().enumerate() {
                let here = format!("nodes[{i}].children[{k}]");
                let written = sgf.next().unwrap_or(NO_SGF);
                let name = match *mv {
                    Move::Pass => "pass",
                    Move::Play(q) => &names.list[q.index()],
                };
                let resolved = on_board(*mv, format!("{here}.move"))?;
                if *to >= len {
                    return Err(bad(
                        format!("{here}.node"),
                        format!("{to} is not a node index below {len}"),
                    ));
                }
                if let (Move::Play(p), true) = (resolved, written != NO_SGF) {
                    let text = &names.list[written as usize];
                    if board.grid_info().is_none() || **text != board.sgf(p) {
                        return Err(bad(
                            format!("{here}.sgf"),
                            format!(
                                "{} is not the SGF point of the move {name}",
                                Value::String(text.to_string())
                            ),
                        ));
                    }
                }
                *mv = resolved;
            }
            for (k, mv) in node.covered.iter_mut().enumerate() {
                *mv = on_board(*mv, format!("nodes[{i}].covered[{k}]"))?;
            }
            for (k, (mv, w)) in node.pruned.iter_mut().enumerate() {
                *mv = on_board(*mv, format!("nodes[{i}].pruned[{k}].move"))?;
                if *w >= len {
                    return Err(bad(
                        format!("nodes[{i}].pruned[{k}].witness"),
                        format!("{w} is not a node index below {len}"),
                    ));
                }
            }
            if let Some(r) = node.reuse.filter(|&r| r >= len) {
                return Err(bad(
                    format!("nodes[{i}].reuse"),
                    format!("{r} is not a node index below {len}"),
                ));
            }
            if let Some(zone) = node.zone.as_mut() {
                for (k, q) in zone.iter_mut().enumerate() {
                    match on_board(Move::Play(*q), format!("nodes[{i}].zone[{k}]"))? {
                        Move::Play(p) => *q = p,
                        Move::Pass => {}
                    }
                }
            }
        }
        Ok((nodes, to_move))
    }
}
