//! `tsume check-proof` over one file: every tree read ([`certificate::read_trees`]),
//! judged ([`certificate::judge`]), and put in words (a line per tree) and in JSON
//! ([`ProofFileJson`]), with the counts the command adds up.

use std::path::Path;

use tsume_sgf::Problem;

use crate::certificate::{judge, read_tree, read_trees};
use crate::json::{ProofFileJson, ProofJson, ProofTreeJson};

/// One file checked.
pub struct FileChecked {
    /// The file in `--json`.
    pub json: ProofFileJson,
    /// The text report: a line per tree (or one saying there is none).
    pub lines: Vec<String>,
    /// What could not be read (the file, or a tree of it), a line each.
    pub unread: Vec<String>,
    /// Trees the checker accepted.
    pub accepted: usize,
    /// Trees the checker rejected.
    pub rejected: usize,
    /// Trees not about the problem given.
    pub not_about: usize,
}

/// Checks every tree of the file at `path`, and with `problem` whether each is about it.
pub fn check_file(path: &Path, problem: Option<&Problem>) -> FileChecked {
    let name = path.display().to_string();
    let mut f = FileChecked {
        json: ProofFileJson {
            file: name.clone(),
            error: None,
            trees: Vec::new(),
        },
        lines: Vec::new(),
        unread: Vec::new(),
        accepted: 0,
        rejected: 0,
        not_about: 0,
    };
    let trees = match read_trees(path) {
        Ok(t) => t,
        Err(e) => {
            let message = e.to_string();
            f.unread.push(message.clone());
            f.json.error = Some(message);
            return f;
        }
    };
    let n = trees.len();
    if n == 0 {
        // `tsume solve --tree-out` on an unknown answer with nothing proved: no tree to
        // check, and nothing claimed.
        f.lines.push(format!(
            "{name}: no tree (written for an unknown answer): nothing claimed, nothing to check"
        ));
        return f;
    }
    for (i, (at, v)) in trees.into_iter().enumerate() {
        let label = if n == 1 {
            name.clone()
        } else {
            format!("{name} [{}/{n}]", i + 1)
        };
        let cert = match read_tree(&name, &at, v) {
            Ok(c) => c,
            Err(message) => {
                f.unread.push(message.clone());
                f.json.trees.push(ProofTreeJson::Unread {
                    index: i,
                    error: message,
                });
                continue;
            }
        };
        let j = judge(&cert, problem);
        let words = &j.words;
        let to_move = cert.root.to_move().name();
        let about_words = match (&j.about, problem) {
            (Some(Ok(())), Some(p)) => format!(" — about {}", p.file()),
            (Some(Err(why)), Some(p)) => format!(" — NOT ABOUT {}: {why}", p.file()),
            _ => String::new(),
        };
        if j.about.as_ref().is_some_and(Result::is_err) {
            f.not_about += 1;
        }
        match &j.check {
            Ok(r) => {
                f.accepted += 1;
                let repeat = if r.repetition_free {
                    "no line repeats a position"
                } else {
                    "a line repeats a position (a ko retaken, or a longer cycle)"
                };
                f.lines.push(format!(
                    "{label}: accepted — {words} ({to_move} to move; {} nodes, {} {}, \
                     depth {}; {repeat}){about_words}",
                    r.nodes,
                    r.leaves,
                    if r.leaves == 1 { "leaf" } else { "leaves" },
                    r.max_depth
                ));
            }
            Err(e) => {
                f.rejected += 1;
                f.lines
                    .push(format!("{label}: REJECTED — {words}: {e}{about_words}"));
            }
        }
        f.json
            .trees
            .push(ProofTreeJson::Read(ProofJson::new(i, &cert, &j)));
    }
    f
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::tests::bundled;
    use crate::{answer, Settings};

    /// A tree of a search, bare in a file: one line, accepted, about its problem; a file
    /// that does not exist: unread, with no line.
    #[test]
    fn a_tree_file_is_accepted_in_one_line_and_a_missing_file_is_unread() {
        let p = bundled("03_bent_three_corner.sgf");
        let report = answer(p.position(), p.target(), &Settings::default()).unwrap();
        let side = &report.sides[0];
        let tree = tsume_proof::to_json(
            &side.position,
            p.target(),
            side.answer.tree.as_ref().unwrap(),
        );
        let path = std::env::temp_dir().join(format!(
            "tsume-solve-proof-files-{}.json",
            std::process::id()
        ));
        std::fs::write(&path, tree.to_string()).unwrap();
        let f = check_file(&path, Some(&p));
        let _ = std::fs::remove_file(&path);
        assert_eq!((f.accepted, f.rejected, f.not_about), (1, 0, 0));
        assert!(f.unread.is_empty() && f.json.error.is_none());
        assert_eq!(f.lines.len(), 1);
        let line = &f.lines[0];
        assert!(
            line.starts_with(&format!("{}: accepted — ", path.display())),
            "{line}"
        );
        assert!(line.ends_with(&format!(" — about {}", p.file())), "{line}");
        assert_eq!(f.json.trees.len(), 1);
        let missing = check_file(Path::new("/no/such/tsume/tree.json"), None);
        assert!(missing.lines.is_empty() && missing.json.trees.is_empty());
        assert_eq!(missing.unread.len(), 1);
        assert_eq!(missing.json.error.as_ref(), Some(&missing.unread[0]));
    }
}
