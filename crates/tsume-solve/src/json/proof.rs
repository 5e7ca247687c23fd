//! `tsume check-proof --json`: proof files, each tree's claim and the checker's verdict.

use tsume_proof::Certificate;

use super::*;
use crate::certificate::{claim_name, Judged};

/// `tsume check-proof --json`.
#[derive(Serialize)]
pub struct CheckProofJson {
    pub files: Vec<ProofFileJson>,
    pub accepted: usize,
    pub rejected: usize,
    pub not_about_problem: usize,
}

/// One file of `check-proof`.
#[derive(Serialize)]
pub struct ProofFileJson {
    pub file: String,
    pub error: Option<String>,
    pub trees: Vec<ProofTreeJson>,
}

/// One tree of a file of `check-proof`: read and judged, or not read.
#[derive(Serialize)]
#[serde(untagged)]
pub enum ProofTreeJson {
    Read(ProofJson),
    Unread { index: usize, error: String },
}

/// A tree read: its claim, and what the checker said.
#[derive(Serialize)]
pub struct ProofJson {
    pub index: usize,
    pub claim: &'static str,
    pub target: String,
    pub to_move: String,
    pub remaining: Option<u32>,
    /// The ko rule the tree is checked under (`none`, `basic`, `master-B`, ...).
    pub ko_rule: &'static str,
    pub tree_nodes: usize,
    /// With `--problem`: whether the tree is about it.
    #[serde(flatten)]
    pub about: Option<AboutJson>,
    pub accepted: bool,
    pub error: Option<String>,
    /// When accepted.
    #[serde(flatten)]
    pub report: Option<ProofReportJson>,
}

/// Whether a tree is about the problem given (`--problem`).
#[derive(Serialize)]
pub struct AboutJson {
    pub about_problem: bool,
    pub about_error: Option<String>,
}

/// What the checker found in a tree it accepted.
#[derive(Serialize)]
pub struct ProofReportJson {
    pub nodes: usize,
    pub leaves: usize,
    pub max_depth: usize,
    pub repetition_free: bool,
    /// A disproof whose every line ends at a Benson leaf (the defender forces life).
    pub forces_unconditional: bool,
}

impl ProofJson {
    /// Tree `index` of a file, judged.
    pub fn new(index: usize, c: &Certificate, j: &Judged) -> ProofJson {
        ProofJson {
            index,
            claim: claim_name(c.tree.claim),
            target: c.root.board().gtp(c.target),
            to_move: letter(c.root.to_move()),
            remaining: c.tree.root().and_then(|r| r.remaining),
            ko_rule: c.root.ko().name(),
            tree_nodes: c.tree.len(),
            about: j.about.as_ref().map(|r| AboutJson {
                about_problem: r.is_ok(),
                about_error: r.as_ref().err().cloned(),
            }),
            accepted: j.check.is_ok(),
            error: j.check.as_ref().err().map(ToString::to_string),
            report: j.check.as_ref().ok().map(|r| ProofReportJson {
                nodes: r.nodes,
                leaves: r.leaves,
                max_depth: r.max_depth,
                repetition_free: r.repetition_free,
                forces_unconditional: r.forces_unconditional,
            }),
        }
    }
}
