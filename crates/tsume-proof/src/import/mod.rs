//! Reading a tree back from its JSON ([`crate::to_json`]), so that a proof written by one
//! run (`tsume solve --tree-out`) can be checked by another, by [`crate::check`] alone:
//! a certificate that needs no trust in the search that made it.
//!
//! The reader only rebuilds what the JSON states (the board, the stones, the player to
//! move, the ko rule and ban, the target, the claim and the nodes) and rejects what it
//! cannot read, naming the field; whether the tree proves its claim is the checker's
//! question, not the reader's. It reads every field it is given and rejects what it
//! does not know (a field of another name, at any depth), a field given twice in any
//! object (the tree's, a node's, an edge's, `board`, `setup`, `ko_threats`, a
//! wrapper's: a reader keeping the first value would see another certificate than one
//! keeping the last), or what contradicts the rest: `defender` not the target stone's
//! colour, `attacker` not its opponent, a node's `to_move` not the player the line from
//! the root gives it (the root's is `to_move`; every move, a pass too, hands the turn
//! over), an edge's `sgf` not its move, a wrapper's `to_move` not its tree's.

mod nodes;
mod stream;
mod strict;

use std::fmt;
use std::sync::Arc;

use serde_json::Value;
use tsume_board::{Board, Color, Configuration, KoRule, Point, Position};

use crate::{Claim, Tree, TreeNode};
use nodes::Nodes;
pub use stream::{read_trees, ReadError, ReadTree};

/// A tree read back with the position it is about.
#[derive(Clone, Debug)]
pub struct Certificate {
    /// The root position (board, stones, player to move, ko rule and ban).
    pub root: Position,
    /// A stone of the group in question.
    pub target: Point,
    /// The proof or disproof.
    pub tree: Tree,
}

/// Why a JSON value is not a readable tree: the field and what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ImportError {
    /// Where, as a path into the JSON (`nodes[3].children[0].move`); empty for the whole.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for ImportError {}

fn bad(field: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        field: field.into(),
        message: message.into(),
    }
}

fn field<'v>(v: &'v Value, name: &str) -> Result<&'v Value, ImportError> {
    v.get(name).ok_or_else(|| bad(name, "missing"))
}

fn string<'v>(v: &'v Value, name: &str) -> Result<&'v str, ImportError> {
    field(v, name)?
        .as_str()
        .ok_or_else(|| bad(name, "not a string"))
}

fn array<'v>(v: &'v Value, name: &str) -> Result<&'v Vec<Value>, ImportError> {
    field(v, name)?
        .as_array()
        .ok_or_else(|| bad(name, "not a list"))
}

fn count(v: &Value, name: &str) -> Result<u32, ImportError> {
    field(v, name)?
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| bad(name, "not a whole number below 2^32"))
}

/// Every key of the object `v` (at `at`, "" for the top) must be one of `known`.
fn known_fields(v: &Value, at: &str, known: &[&str]) -> Result<(), ImportError> {
    if let Some(map) = v.as_object() {
        if let Some(k) = map.keys().find(|k| !known.contains(&k.as_str())) {
            let field = if at.is_empty() {
                k.clone()
            } else {
                format!("{at}.{k}")
            };
            return Err(bad(
                field,
                format!(
                    "not a field of a tsume-proof tree (known: {})",
                    known.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

fn color(text: &str, name: &str) -> Result<Color, ImportError> {
    match text {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        other => Err(bad(name, format!("\"{other}\" is not black or white"))),
    }
}

fn board_of(v: &Value) -> Result<Board, ImportError> {
    let b = field(v, "board")?;
    match string(b, "kind").map_err(|e| in_field("board", e))? {
        "grid" => {
            known_fields(b, "board", &["kind", "width", "height", "diagonal"])?;
            let w = count(b, "width").map_err(|e| in_field("board", e))?;
            let h = count(b, "height").map_err(|e| in_field("board", e))?;
            let diagonal = match b.get("diagonal") {
                None | Some(Value::Null) => false,
                Some(d) => d
                    .as_bool()
                    .ok_or_else(|| bad("board.diagonal", "not true or false"))?,
            };
            let board = if diagonal {
                Board::grid_with_diagonals(w, h)
            } else {
                Board::grid(w, h)
            };
            board.map_err(|e| bad("board", e.to_string()))
        }
        "graph" => {
            known_fields(b, "board", &["kind", "points", "edges"])?;
            let names = array(b, "points")
                .map_err(|e| in_field("board", e))?
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    n.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| bad(format!("board.points[{i}]"), "not a string"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let edges = array(b, "edges")
                .map_err(|e| in_field("board", e))?
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let ends = e.as_array().filter(|a| a.len() == 2).and_then(|a| {
                        let x = usize::try_from(a[0].as_u64()?).ok()?;
                        let y = usize::try_from(a[1].as_u64()?).ok()?;
                        Some((x, y))
                    });
                    ends.ok_or_else(|| {
                        bad(format!("board.edges[{i}]"), "not a pair of point indices")
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Board::from_edges(names, &edges).map_err(|e| bad("board", e.to_string()))
        }
        other => Err(bad(
            "board.kind",
            format!("\"{other}\" is not grid or graph"),
        )),
    }
}

fn in_field(outer: &str, e: ImportError) -> ImportError {
    bad(format!("{outer}.{}", e.field), e.message)
}

fn point(board: &Board, text: &str, name: &str) -> Result<Point, ImportError> {
    board
        .parse_point(text)
        .map_err(|e| bad(name, format!("\"{text}\": {e}")))
}

/// Reads a tree written by [`crate::to_json`] back, with its root position and target.
///
/// # Errors
/// [`ImportError`] naming the first field that is missing, of the wrong type, or names
/// something the board does not have (a point, a node), and a setup that is not a legal
/// position (a point given both colours, a group without a liberty).
pub fn from_json(v: &Value) -> Result<Certificate, ImportError> {
    stream::tree_of(v)
}

/// The fields of a tree's object, `nodes` aside.
const TOP_FIELDS: &[&str] = &[
    "format",
    "claim",
    "target",
    "defender",
    "attacker",
    "to_move",
    "board",
    "setup",
    "ko_rule",
    "ko_threats",
    "ko_ban",
];

/// A tree from its fields as read: `v` the object of its small fields (each field met
/// and not kept, `nodes` or an unknown one, as `null`), `nodes` as read, and the first
/// field given twice.
fn finish(
    v: &Value,
    nodes: Option<Result<Nodes, ImportError>>,
    twice: Option<String>,
) -> Result<Certificate, ImportError> {
    // First: which of the two values a field given twice has is not to be guessed (a
    // parsed JSON value keeps the last, the stream the first).
    if let Some(k) = twice {
        return Err(bad(k, "given twice"));
    }
    match v.get("format").and_then(Value::as_str) {
        Some("tsume-proof") => {}
        Some(other) => return Err(bad("format", format!("\"{other}\", not \"tsume-proof\""))),
        None => {
            return Err(bad(
                "format",
                "missing (a tsume-proof tree has \"format\": \"tsume-proof\")",
            ))
        }
    }
    let known: Vec<&str> = TOP_FIELDS.iter().copied().chain(["nodes"]).collect();
    known_fields(v, "", &known)?;
    let claim = match string(v, "claim")? {
        "dead" => Claim::Dead,
        "alive" => Claim::Alive,
        "never_unconditional" => Claim::NeverUnconditional,
        other => {
            return Err(bad(
                "claim",
                format!("\"{other}\" is not dead, alive or never_unconditional"),
            ))
        }
    };
    let board = Arc::new(board_of(v)?);
    let to_move = color(string(v, "to_move")?, "to_move")?;
    let target = match field(v, "target")? {
        Value::String(t) => point(&board, t, "target")?,
        Value::Null => return Err(bad("target", "null: the tree names no group")),
        _ => return Err(bad("target", "not a string")),
    };
    // The stones: each point once.
    let setup = field(v, "setup")?;
    if !setup.is_object() {
        return Err(bad("setup", "not an object with black and white lists"));
    }
    known_fields(setup, "setup", &["black", "white"])?;
    let mut config = Configuration::empty(board.len());
    for (key, c) in [("black", Color::Black), ("white", Color::White)] {
        let name = format!("setup.{key}");
        let list = match setup.get(key) {
            None => continue,
            Some(l) => l.as_array().ok_or_else(|| bad(&name, "not a list"))?,
        };
        for (i, s) in list.iter().enumerate() {
            let at = format!("{name}[{i}]");
            let text = s.as_str().ok_or_else(|| bad(&at, "not a string"))?;
            let p = point(&board, text, &at)?;
            if let Some(was) = config.get(p) {
                return Err(bad(
                    at,
                    format!("{text} is given twice ({} first)", was.name()),
                ));
            }
            config.set(p, Some(c));
        }
    }
    let mut root =
        Position::new(board.clone(), &config, to_move).map_err(|e| bad("setup", e.to_string()))?;
    match v.get("ko_rule") {
        None | Some(Value::Null) => {}
        Some(Value::String(r)) => match KoRule::from_name(r) {
            Some(rule) => root = root.with_ko(rule),
            None => {
                return Err(bad(
                    "ko_rule",
                    format!("\"{r}\" is not none, basic, master-black or master-white"),
                ))
            }
        },
        Some(_) => return Err(bad("ko_rule", "not a string")),
    }
    match v.get("ko_threats") {
        None | Some(Value::Null) => {}
        Some(t) if t.is_object() => {
            known_fields(t, "ko_threats", &["black", "white"])?;
            let mut n = [0u8; 2];
            for (key, c) in [("black", Color::Black), ("white", Color::White)] {
                n[c.index()] = match t.get(key) {
                    None | Some(Value::Null) => 0,
                    Some(x) => x
                        .as_u64()
                        .and_then(|x| u8::try_from(x).ok())
                        .ok_or_else(|| {
                            bad(format!("ko_threats.{key}"), "not a whole number below 256")
                        })?,
                };
            }
            if n != [0, 0] && !root.ko_rule() {
                return Err(bad("ko_threats", "ko threats without a ko rule"));
            }
            root = root.with_ko_threats(n[0], n[1]);
        }
        Some(_) => return Err(bad("ko_threats", "not an object with black and white")),
    }
    match v.get("ko_ban") {
        None | Some(Value::Null) => {}
        Some(Value::String(b)) => {
            if !root.ko().binds(root.to_move()) {
                return Err(bad(
                    "ko_ban",
                    format!(
                        "a point forbidden to {} under the ko rule {}, which does not bind it",
                        root.to_move().name(),
                        root.ko()
                    ),
                ));
            }
            let p = point(&board, b, "ko_ban")?;
            root = root.with_ko_ban(Some(p));
        }
        Some(_) => return Err(bad("ko_ban", "not a point or null")),
    }
    // The sides: the defender owns the target, the attacker is the other colour.
    let defender = root.color(target);
    for (key, want) in [
        ("defender", defender),
        ("attacker", defender.map(Color::opponent)),
    ] {
        match (v.get(key), want) {
            (None, _) | (Some(Value::Null), None) => {}
            (Some(Value::String(c)), Some(w)) => {
                if color(c, key)? != w {
                    return Err(bad(
                        key,
                        format!(
                            "\"{c}\", but the target {} is {}'s",
                            board.gtp(target),
                            defender.map_or("", Color::name)
                        ),
                    ));
                }
            }
            (Some(Value::String(_)), None) => {
                return Err(bad(key, "a colour, but the target point is empty"))
            }
            (Some(Value::Null), Some(_)) => {
                return Err(bad(key, "null, but the target is a stone"))
            }
            (Some(_), _) => return Err(bad(key, "not a string")),
        }
    }
    let nodes = nodes.ok_or_else(|| bad("nodes", "missing"))??;
    if nodes.len() == 0 {
        return Err(bad("nodes", "empty: a tree has its root at nodes[0]"));
    }
    let (nodes, given) = nodes.resolve(&board)?;
    players_agree(&given, &nodes, root.to_move())?;
    Ok(Certificate {
        root,
        target,
        tree: Tree { claim, nodes },
    })
}

/// Each node's `to_move`, where given, is the player the line from the root gives it:
/// the root's `to_move`, and every move (a pass too) hands the turn over. The nodes are
/// walked breadth first, without recursion; a node reached with both players, or given
/// a player no line gives it, is a contradiction.
fn players_agree(
    given: &[Option<Color>],
    nodes: &[TreeNode],
    first: Color,
) -> Result<(), ImportError> {
    let mut player: Vec<Option<Color>> = vec![None; nodes.len()];
    player[0] = Some(first);
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        let Some(c) = player[i] else { continue };
        for &(_, j) in &nodes[i].children {
            match player[j] {
                None => {
                    player[j] = Some(c.opponent());
                    queue.push_back(j);
                }
                Some(d) if d == c.opponent() => {}
                Some(_) => {
                    return Err(bad(
                        format!("nodes[{j}]"),
                        "reached with both players to move (by lines of both parities)",
                    ))
                }
            }
        }
    }
    for (i, (&g, &d)) in given.iter().zip(&player).enumerate() {
        if let (Some(g), Some(d)) = (g, d) {
            if g != d {
                return Err(bad(
                    format!("nodes[{i}].to_move"),
                    format!(
                        "\"{}\", but the line from the root gives {} to move",
                        g.name(),
                        d.name()
                    ),
                ));
            }
        }
    }
    Ok(())
}
