//! The result under ordinary Go rules in JSON: `go_result`, `go_moves`, the ko's details
//! and the checked trees behind them.

use tsume_prove::go::{GoAnswer, Threats};

use super::*;
use crate::certificate::claim_name;

/// The external ko threats each side needs to win a ko: a number (0: it wins taking
/// first), `">5"` (more than the most counted), or null (not known).
#[derive(Serialize, Clone)]
pub struct ThreatsJson {
    pub attacker: serde_json::Value,
    pub defender: serde_json::Value,
}

fn threats(t: Threats) -> serde_json::Value {
    match t {
        Threats::Needs(k) => k.into(),
        Threats::MoreThan(k) => format!(">{k}").into(),
        Threats::Unknown => serde_json::Value::Null,
    }
}

/// A side's result under ordinary Go rules (null fields with `--no-go`).
#[derive(Serialize)]
pub struct GoJson {
    /// `dead`, `alive`, `seki`, `ko` or `unknown`.
    pub go_result: Option<&'static str>,
    /// The mover's winning first moves under ordinary rules (a ko: those starting it).
    pub go_moves: Option<Vec<Named>>,
    /// Whether each disproof behind the result holds for every α.
    pub go_every_alpha: Option<bool>,
    /// For a ko: who wins it when neither side has a threat (`B`, `W`; null: unknown).
    pub ko_winner_without_threats: Option<String>,
    pub ko_threats_needed: Option<ThreatsJson>,
    /// Nodes of the searches beyond the model's.
    pub go_nodes: Option<u64>,
    pub go_note: Option<String>,
    /// The checked trees the result rests on.
    pub go_proofs: Option<Vec<GoProofJson>>,
}

/// One checked tree behind a Go result.
#[derive(Serialize)]
pub struct GoProofJson {
    pub what: String,
    /// The ko rule the result claims (`none`, `basic`, `master-black`, `master-white`).
    pub rule: &'static str,
    /// The rule the tree was checked under (the model's tree carried by a lemma: none).
    pub tree_rule: &'static str,
    pub claim: &'static str,
    pub nodes: usize,
    pub repetition_free: bool,
    pub forces_unconditional: bool,
    pub lemma: Option<&'static str>,
}

impl GoJson {
    pub fn new(r: &Solved, g: Option<&GoAnswer>) -> GoJson {
        GoJson {
            go_result: g.map(|g| g.result.as_str()),
            go_moves: g.map(|g| moves(r, &g.moves)),
            go_every_alpha: g.map(|g| g.every_alpha),
            ko_winner_without_threats: g
                .and_then(|g| g.ko)
                .and_then(|k| k.winner_without_threats)
                .map(letter),
            ko_threats_needed: g.and_then(|g| g.ko).map(|k| ThreatsJson {
                attacker: threats(k.attacker_threats),
                defender: threats(k.defender_threats),
            }),
            go_nodes: g.map(|g| g.nodes),
            go_note: g.map(|g| g.note.clone()),
            go_proofs: g.map(|g| {
                g.evidence
                    .iter()
                    .map(|e| GoProofJson {
                        what: e.what.clone(),
                        rule: e.rule.name(),
                        tree_rule: e.root.ko().name(),
                        claim: claim_name(e.tree.claim),
                        nodes: e.report.nodes,
                        repetition_free: e.report.repetition_free,
                        forces_unconditional: e.report.forces_unconditional,
                        lemma: e.lemma,
                    })
                    .collect()
            }),
        }
    }
}
