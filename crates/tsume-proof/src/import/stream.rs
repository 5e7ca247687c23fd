//! Trees read from JSON as it streams by (serde visitors over the text): the small
//! fields of a tree (board, setup, claim, …) as JSON values, its `nodes` one at a time
//! straight into the compact tree ([`Nodes`]), so that the memory a file takes is the
//! trees it holds, not the JSON values of the whole file.
//!
//! A defect in one tree (a field missing, of the wrong type, unknown) is that tree's
//! [`ImportError`], and reading goes on with the next tree; only text that is not JSON
//! stops the file.

use std::fmt;
use std::io::{BufReader, Read};

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use tsume_board::Color;

use super::nodes::Nodes;
use super::strict::{within, Strict};
use super::{bad, finish, Certificate, ImportError, TOP_FIELDS};

/// One tree of a file: where it stands in the file (`""` for a file of one tree, `[2]`
/// for the third of a list, `.tree` or `[2].tree` for one wrapped as `tsume solve
/// --tree-out` writes it; a defect of the wrapper itself is named from the wrapper, at
/// `""` or `[2]`) and the tree read, or why it could not be.
pub type ReadTree = (String, Result<Certificate, ImportError>);

/// Why a file cannot be read as trees at all.
#[derive(Debug)]
pub enum ReadError {
    /// Not JSON (serde_json's error has the line and column), or not readable
    /// (`serde_json::Error::is_io`).
    Json(serde_json::Error),
    /// JSON, but neither an object nor a list.
    NotTrees,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Json(e) if e.is_io() => write!(f, "cannot read the file: {e}"),
            ReadError::Json(e) => {
                write!(
                    f,
                    "not JSON (line {}, column {}): {e}",
                    e.line(),
                    e.column()
                )
            }
            ReadError::NotTrees => f.write_str("neither a tree nor a list of trees"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the trees of a file (JSON as [`crate::to_json`] writes a tree; a file holds one
/// tree, or a list of them, each bare or wrapped as `{"to_move": …, "tree": …}`),
/// streaming: each tree's nodes go straight into its [`crate::Tree`], so the memory
/// taken is the trees', linear in the file. Each tree is read as [`crate::from_json`]
/// reads it, with the same errors.
///
/// # Errors
/// [`ReadError`] when the text is not JSON or not readable, or is JSON but neither an
/// object nor a list; a tree that cannot be read is an `Err` among the trees.
pub fn read_trees<R: Read>(reader: R) -> Result<Vec<ReadTree>, ReadError> {
    let mut de = serde_json::Deserializer::from_reader(BufReader::with_capacity(1 << 16, reader));
    let trees = FileSeed.deserialize(&mut de).map_err(ReadError::Json)?;
    de.end().map_err(ReadError::Json)?;
    trees.ok_or(ReadError::NotTrees)
}

/// Reads one tree from a JSON value (for [`crate::from_json`]), as [`read_trees`] reads
/// each tree of a file, wrappers aside.
pub(super) fn tree_of(v: &Value) -> Result<Certificate, ImportError> {
    match (TreeSeed { wrapper: false }).deserialize(v) {
        Ok((_, tree)) => tree,
        // The visitors turn every defect into an `ImportError`: not reached.
        Err(e) => Err(bad("", e.to_string())),
    }
}

/// A value of a type the visitor does not want: consumed, and `$what` returned.
macro_rules! otherwise {
    ($what:expr) => {
        fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok($what)
        }
        fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok($what)
        }
        fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok($what)
        }
        fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok($what)
        }
        fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok($what)
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok($what)
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok($what)
        }
    };
}

/// A value skipped: read as a JSON value and dropped, so that it is checked as JSON
/// (serde's `IgnoredAny` passes a lone surrogate `\ud800` or a number out of range,
/// which the parsed value refuses: the file would read streamed and not whole).
type Skipped = Value;

/// Consumes a list of anything, one element at a time.
fn drain<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<Skipped>()?.is_some() {}
    Ok(())
}

/// Consumes an object of anything, one field at a time.
fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<String, Skipped>()?.is_some() {}
    Ok(())
}

/// The whole file: a tree (or a wrapped one), or a list of them; `None` for anything else.
struct FileSeed;

impl<'de> DeserializeSeed<'de> for FileSeed {
    type Value = Option<Vec<ReadTree>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FileSeed {
    type Value = Option<Vec<ReadTree>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tree or a list of trees")
    }

    otherwise!(None);

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let (wrapped, tree) = read_tree(map, true)?;
        let at = if wrapped { ".tree" } else { "" };
        Ok(Some(vec![(at.to_string(), tree)]))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut trees = Vec::new();
        while let Some((wrapped, tree)) = seq.next_element_seed(TreeSeed { wrapper: true })? {
            let i = trees.len();
            let at = if wrapped {
                format!("[{i}].tree")
            } else {
                format!("[{i}]")
            };
            trees.push((at, tree));
        }
        Ok(Some(trees))
    }
}

/// One tree; with `wrapper`, an object `{"tree": …}` without `format` is a wrapped tree
/// (the flag returned says so), whose other fields are not read.
struct TreeSeed {
    wrapper: bool,
}

impl<'de> DeserializeSeed<'de> for TreeSeed {
    type Value = (bool, Result<Certificate, ImportError>);
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TreeSeed {
    type Value = (bool, Result<Certificate, ImportError>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tree")
    }

    otherwise!((false, Err(bad("", "not a JSON object"))));

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        drain(seq)?;
        Ok((false, Err(bad("", "not a JSON object"))))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        read_tree(map, self.wrapper)
    }
}

/// The fields of a tree's object: the small ones kept as JSON values (an unknown one as
/// `null`, to be named), `nodes` read by [`NodesSeed`], a wrapper's `tree` by
/// [`TreeSeed`]; then [`finish`] checks them together, or [`unwrap`] a wrapper. A key
/// given twice, here or in any object inside a small field, is remembered by its path.
fn read_tree<'de, A: MapAccess<'de>>(
    mut map: A,
    wrapper: bool,
) -> Result<(bool, Result<Certificate, ImportError>), A::Error> {
    let mut top = Map::new();
    let mut nodes = None;
    let mut inner = None;
    let mut twice = None;
    while let Some(key) = map.next_key::<String>()? {
        if top.contains_key(&key) {
            map.next_value::<Skipped>()?;
            twice.get_or_insert(key);
            continue;
        }
        match key.as_str() {
            "nodes" => nodes = Some(map.next_value_seed(NodesSeed)?),
            "tree" if wrapper => {
                inner = Some(map.next_value_seed(TreeSeed { wrapper: false })?.1);
            }
            k if TOP_FIELDS.contains(&k) => {
                let (v, t) = map.next_value_seed(Strict)?;
                if let Some(t) = t {
                    twice.get_or_insert(within(&key, &t));
                }
                top.insert(key, v);
                continue;
            }
            _ => {
                map.next_value::<Skipped>()?;
            }
        }
        // Met: named if unknown, refused if met again.
        top.insert(key, Value::Null);
    }
    Ok(match inner {
        Some(inner) if !top.contains_key("format") => unwrap(&top, inner, twice),
        _ => (false, finish(&Value::Object(top), nodes, twice)),
    })
}

/// The fields a wrapper has (`tsume solve --tree-out` writes them).
const WRAPPER_FIELDS: &[&str] = &["to_move", "tree"];

/// A wrapped tree `{"to_move": "B" | "W", "tree": …}` (`top` its fields, the tree as
/// `null`): the tree read, when the wrapper has each field once, no other, and a
/// `to_move` that is its tree's. A defect of the wrapper itself is said with the flag
/// `false`, so that it is named from the wrapper (`[1].to_move`), not from its tree.
fn unwrap(
    top: &Map<String, Value>,
    inner: Result<Certificate, ImportError>,
    twice: Option<String>,
) -> (bool, Result<Certificate, ImportError>) {
    let wrapper = || -> Result<Color, ImportError> {
        if let Some(k) = twice {
            return Err(bad(k, "given twice"));
        }
        if let Some(k) = top.keys().find(|k| !WRAPPER_FIELDS.contains(&k.as_str())) {
            return Err(bad(
                k.clone(),
                format!(
                    "not a field of a wrapped tree (known: {})",
                    WRAPPER_FIELDS.join(", ")
                ),
            ));
        }
        match top.get("to_move") {
            None => Err(bad(
                "to_move",
                "missing (a wrapped tree is {\"to_move\": \"B\" or \"W\", \"tree\": …})",
            )),
            Some(Value::String(c)) if c == "B" => Ok(Color::Black),
            Some(Value::String(c)) if c == "W" => Ok(Color::White),
            Some(other) => Err(bad("to_move", format!("{other} is not \"B\" or \"W\""))),
        }
    };
    match (wrapper(), inner) {
        (Err(e), _) => (false, Err(e)),
        (Ok(said), Ok(c)) if said != c.root.to_move() => (
            false,
            Err(bad(
                "to_move",
                format!(
                    "\"{}\", but its tree has {} to move",
                    said.letter(),
                    c.root.to_move().name()
                ),
            )),
        ),
        (Ok(_), inner) => (true, inner),
    }
}

/// A tree's `nodes`: each read into [`Nodes`] and dropped; after a defect the rest is
/// skipped.
struct NodesSeed;

impl<'de> DeserializeSeed<'de> for NodesSeed {
    type Value = Result<Nodes, ImportError>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for NodesSeed {
    type Value = Result<Nodes, ImportError>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of nodes")
    }

    otherwise!(Err(bad("nodes", "not a list")));

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        drain_map(map)?;
        Ok(Err(bad("nodes", "not a list")))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut nodes = Nodes::default();
        while let Some((n, twice)) = seq.next_element_seed(Strict)? {
            let pushed = match twice {
                Some(t) => Err(bad(
                    within(&format!("nodes[{}]", nodes.len()), &t),
                    "given twice",
                )),
                None => nodes.push(&n),
            };
            if let Err(e) = pushed {
                drain(seq)?;
                return Ok(Err(e));
            }
        }
        Ok(Ok(nodes))
    }
}
