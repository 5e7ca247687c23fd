//! Proof files (`tsume check-proof`): the trees `tsume solve --tree-out` writes, read
//! back ([`read_trees`], [`read_tree`]) and replayed by the independent checker alone
//! ([`judge`]), with no search; and whether a tree is about a given problem ([`about`]).

use std::fmt;
use std::path::Path;

use tsume_board::{Color, KoRule};
use tsume_proof::{check, Certificate, CheckError, CheckReport, Claim, ImportError};
use tsume_sgf::Problem;

/// The largest proof file read: the trees are read as the file streams by
/// (`tsume_proof::read_trees`), at a few bytes of memory a byte of file (docs/limits.md).
pub const MAX_PROOF_BYTES: u64 = 256 << 20;

/// Why a file cannot be read as trees.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// Larger than [`MAX_PROOF_BYTES`]: its size in bytes.
    TooLarge {
        /// The file.
        file: String,
        /// Its size.
        bytes: u64,
    },
    /// The file cannot be read.
    Io {
        /// The file.
        file: String,
        /// Why.
        error: std::io::Error,
    },
    /// Not JSON.
    NotJson {
        /// The file.
        file: String,
        /// serde_json's error, with its line and column.
        error: serde_json::Error,
    },
    /// JSON, but neither an object nor a list.
    NotTrees {
        /// The file.
        file: String,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::TooLarge { file, bytes } => write!(
                f,
                "{file}: {bytes} bytes, more than the {} MiB check-proof reads",
                MAX_PROOF_BYTES >> 20
            ),
            ReadError::Io { file, error } => write!(f, "{file}: cannot read the file: {error}"),
            ReadError::NotJson { file, error } => write!(
                f,
                "{file}: not JSON (line {}, column {}): {error}",
                error.line(),
                error.column()
            ),
            ReadError::NotTrees { file } => {
                write!(f, "{file}: neither a tree nor a list of trees")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// The trees of one file, read as it streams by: each tree read (or why not), and where
/// it came from within the file (`""` for a file that is one tree, `[i]` for a list's,
/// `[i].tree` for a tree as `tsume solve --tree-out` wraps it).
///
/// # Errors
/// A [`ReadError`] when the file is too large, unreadable, not JSON, or neither a tree
/// nor a list.
pub fn read_trees(path: &Path) -> Result<Vec<tsume_proof::ReadTree>, ReadError> {
    let file = path.display().to_string();
    if let Ok(m) = std::fs::metadata(path) {
        if m.len() > MAX_PROOF_BYTES {
            return Err(ReadError::TooLarge {
                file,
                bytes: m.len(),
            });
        }
    }
    // The cap enforced while streaming too (a device, a pipe): the size may lie.
    let reader = match std::fs::File::open(path) {
        Ok(r) => tsume_board::input::Capped::new(r, MAX_PROOF_BYTES),
        Err(error) => return Err(ReadError::Io { file, error }),
    };
    tsume_proof::read_trees(reader).map_err(|e| match e {
        tsume_proof::ReadError::Json(error) if error.is_io() => ReadError::Io {
            file,
            error: error.into(),
        },
        tsume_proof::ReadError::Json(error) => ReadError::NotJson { file, error },
        tsume_proof::ReadError::NotTrees => ReadError::NotTrees { file },
    })
}

/// One tree of a file read as a [`Certificate`]; `Err` is the line that says why not,
/// naming the file and the field (`p.json: [1].tree.nodes[3].move: …`).
///
/// # Errors
/// The message, when the tree was not read (`tsume_proof::from_json`'s error).
pub fn read_tree(
    file: &str,
    at: &str,
    tree: Result<Certificate, ImportError>,
) -> Result<Certificate, String> {
    tree.map_err(|e| {
        let field = if e.field.is_empty() {
            at.trim_start_matches('.').to_string()
        } else if at.is_empty() {
            e.field.clone()
        } else {
            format!("{at}.{}", e.field)
        };
        if field.is_empty() {
            format!("{file}: {}", e.message)
        } else {
            format!("{file}: {field}: {}", e.message)
        }
    })
}

/// Whether `c` is about `problem`'s position: the same board (names and neighbours), the
/// same stones, the target in the problem's group.
///
/// # Errors
/// The first difference, in words.
pub fn about(c: &Certificate, problem: &Problem) -> Result<(), String> {
    let (mine, theirs) = (c.root.board(), problem.position().board());
    if mine.len() != theirs.len() {
        return Err(format!(
            "its board has {} points, the problem's area {}",
            mine.len(),
            theirs.len()
        ));
    }
    for q in theirs.points() {
        if mine.name(q) != theirs.name(q) {
            return Err(format!(
                "point {} of its board is {}, of the problem's area {}",
                q.index(),
                mine.name(q),
                theirs.name(q)
            ));
        }
        let (a, b) = (mine.neighbors(q), theirs.neighbors(q));
        if a.len() != b.len() || a.iter().any(|x| !b.contains(x)) {
            return Err(format!("the neighbours of {} differ", theirs.name(q)));
        }
        let (a, b) = (c.root.color(q), problem.position().color(q));
        if a != b {
            let say = |c: Option<Color>| c.map_or("empty", Color::name);
            return Err(format!(
                "{} is {} in the tree, {} in the problem",
                theirs.name(q),
                say(a),
                say(b)
            ));
        }
    }
    if c.root.group_id(c.target) != problem.position().group_id(problem.target()) {
        return Err(format!(
            "its group at {} is not the problem's, at {}",
            mine.name(c.target),
            theirs.name(problem.target())
        ));
    }
    Ok(())
}

/// The claim as `tsume_proof::to_json` writes it: `dead`, `alive` or
/// `never_unconditional`.
pub fn claim_name(c: Claim) -> &'static str {
    match c {
        Claim::Dead => "dead",
        Claim::Alive => "alive",
        Claim::NeverUnconditional => "never_unconditional",
    }
}

/// What the claim says, in words: "dead: black captures the white group at B6 by ply 5",
/// with the ko rule when it is not the model's.
pub fn claim_words(c: &Certificate) -> String {
    let board = c.root.board();
    let target = board.gtp(c.target);
    let Some(d) = c.root.color(c.target) else {
        return format!("{}, of the empty point {target}", claim_name(c.tree.claim));
    };
    let (defender, attacker) = (d.name(), d.opponent().name());
    let remaining = c.tree.root().and_then(|r| r.remaining);
    let words = claim_words_model(c.tree.claim, remaining, attacker, defender, &target);
    // The rules, when not the model's.
    let threats: String = [Color::Black, Color::White]
        .into_iter()
        .filter(|&p| c.root.ko_threats(p) > 0)
        .map(|p| format!(", {} with {} ko threats", p.name(), c.root.ko_threats(p)))
        .collect();
    match c.root.ko() {
        KoRule::None => words,
        KoRule::Basic => format!("{words} (basic ko rule{threats})"),
        KoRule::Master(m) => format!("{words} (ko rule: {} is the ko master{threats})", m.name()),
    }
}

/// [`claim_words`] without the rules.
fn claim_words_model(
    claim: Claim,
    remaining: Option<u32>,
    attacker: &str,
    defender: &str,
    target: &str,
) -> String {
    match (claim, remaining) {
        // D₀ within R plies: the capture is ply R + 1 at the latest.
        (Claim::Dead, Some(r)) => format!(
            "dead: {attacker} captures the {defender} group at {target} by ply {}",
            u64::from(r) + 1
        ),
        (Claim::Dead, None) => {
            format!("dead: {attacker} captures the {defender} group at {target}")
        }
        (Claim::Alive, None) => {
            format!("alive for every α: {attacker} cannot capture the {defender} group at {target}")
        }
        (Claim::Alive, Some(r)) => format!(
            "alive: {attacker} cannot capture the {defender} group at {target} within {} plies",
            u64::from(r) + 1
        ),
        (Claim::NeverUnconditional, None) => format!(
            "never unconditional: {attacker} keeps the {defender} group at {target} from \
             unconditional life for ever"
        ),
        (Claim::NeverUnconditional, Some(r)) => format!(
            "never unconditional: {attacker} keeps the {defender} group at {target} from \
             unconditional life for {} plies",
            u64::from(r) + 1
        ),
    }
}

/// A tree judged: what it claims, whether it is about the problem asked, and what the
/// checker said.
#[derive(Debug)]
pub struct Judged {
    /// The claim in words ([`claim_words`]).
    pub words: String,
    /// With a problem: whether the tree is about it ([`about`]); a sound proof of
    /// another position answers nothing about this one.
    pub about: Option<Result<(), String>>,
    /// The checker's verdict.
    pub check: Result<CheckReport, CheckError>,
}

/// Replays `c` through the checker, and says whether it is about `problem` when one is
/// given.
pub fn judge(c: &Certificate, problem: Option<&Problem>) -> Judged {
    Judged {
        words: claim_words(c),
        about: problem.map(|p| about(c, p)),
        check: check(&c.root, c.target, &c.tree),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::path::PathBuf;

    use super::*;
    use crate::tests::bundled;
    use crate::{answer, Settings};
    use serde_json::Value;
    use tsume_proof::from_json;

    /// A file of this test's own, removed when dropped.
    struct TempFile(PathBuf);

    impl TempFile {
        fn new(name: &str, text: &str) -> TempFile {
            let path = std::env::temp_dir().join(format!(
                "tsume-solve-certificate-{}-{name}",
                std::process::id()
            ));
            std::fs::write(&path, text).unwrap();
            TempFile(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    /// The trees a search writes, wrapped as `tsume solve --tree-out` wraps them, read
    /// back from a file and accepted, about their problem and not about another one.
    #[test]
    fn written_trees_read_back_accepted_and_about_their_problem() {
        let p = bundled("03_bent_three_corner.sgf");
        let other = bundled("01_straight_three_corner.sgf");
        let report = answer(p.position(), p.target(), &Settings::default()).unwrap();
        let wrapped: Vec<Value> = report
            .sides
            .iter()
            .map(|s| {
                let tree = s.answer.tree.as_ref().expect("a tree");
                let mut o = serde_json::Map::new();
                o.insert("to_move".into(), s.to_move.letter().to_string().into());
                o.insert(
                    "tree".into(),
                    tsume_proof::to_json(&s.position, p.target(), tree),
                );
                Value::Object(o)
            })
            .collect();
        let file = TempFile::new("trees.json", &Value::Array(wrapped).to_string());
        let trees = read_trees(&file.0).unwrap();
        let places: Vec<&str> = trees.iter().map(|(at, _)| at.as_str()).collect();
        assert_eq!(places, ["[0].tree", "[1].tree"]);
        for ((at, v), side) in trees.into_iter().zip(&report.sides) {
            let c = read_tree("trees.json", &at, v).unwrap();
            let j = judge(&c, Some(&p));
            assert!(j.check.is_ok(), "{:?}", j.check);
            assert_eq!(j.about, Some(Ok(())));
            let claim = side.answer.verdict.as_str();
            assert!(j.words.starts_with(claim), "{} for {claim}", j.words);
            let elsewhere = judge(&c, Some(&other)).about.unwrap();
            assert!(elsewhere.is_err(), "about another problem too");
        }
    }

    /// Files that are not trees: one line each, naming the file and what is wrong.
    #[test]
    fn files_that_are_not_trees_say_why() {
        let not_json = TempFile::new("bad.json", "{\n  \"format\": ");
        let e = read_trees(&not_json.0).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}: not JSON (line 2,", not_json.0.display())),
            "{e}"
        );
        let number = TempFile::new("number.json", "42");
        let e = read_trees(&number.0).unwrap_err();
        assert!(matches!(e, ReadError::NotTrees { .. }), "{e}");
        assert!(e
            .to_string()
            .ends_with(": neither a tree nor a list of trees"));
        let missing = std::env::temp_dir().join("tsume-solve-certificate-no-such-file");
        let e = read_trees(&missing).unwrap_err();
        assert!(e.to_string().contains(": cannot read the file: "), "{e}");
    }

    /// A tree that `from_json` rejects: the message names the file and the field, the
    /// field's path within the tree after the tree's place in the file.
    #[test]
    fn a_bad_tree_names_its_place_and_field() {
        let v: Value = serde_json::from_str(r#"{"format": "tsume-proof"}"#).unwrap();
        let inner = from_json(&v).unwrap_err();
        let e = read_tree("p.json", "[1].tree", from_json(&v)).unwrap_err();
        let want = if inner.field.is_empty() {
            format!("p.json: [1].tree: {}", inner.message)
        } else {
            format!("p.json: [1].tree.{}: {}", inner.field, inner.message)
        };
        assert_eq!(e, want);
        let e = read_tree("p.json", "", from_json(&v)).unwrap_err();
        assert!(e.starts_with("p.json: "), "{e}");
        assert!(e.ends_with(&inner.message), "{e}");
    }

    /// The claim in words, by the definition of `remaining` (D₀ within R plies: the
    /// capture at ply R + 1 at the latest).
    #[test]
    fn claims_in_words() {
        let w = |c, r| claim_words_model(c, r, "black", "white", "B6");
        assert_eq!(
            w(Claim::Dead, Some(4)),
            "dead: black captures the white group at B6 by ply 5"
        );
        assert_eq!(
            w(Claim::Alive, Some(4)),
            "alive: black cannot capture the white group at B6 within 5 plies"
        );
        assert_eq!(
            w(Claim::Alive, None),
            "alive for every α: black cannot capture the white group at B6"
        );
        assert_eq!(claim_name(Claim::NeverUnconditional), "never_unconditional");
    }
}
