//! `tsume check-proof`: a proof or disproof written by `tsume solve --tree-out`, read back
//! and replayed by the independent checker alone (no search): a certificate that anyone
//! can check without trusting the run that made it.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{json, Value};
use tsume_proof::{check, from_json, Certificate, Claim};

use crate::{Fail, EXIT_FAILURE, EXIT_OK};

/// Arguments of `tsume check-proof`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Check proof files: the trees `tsume solve --tree-out` writes, replayed by the
independent checker alone, with no search.

A tree file states everything it is about: the board (a grid, or the area's graph with its
virtual points), the stones, the player to move, the ko rule, the group in question and
the claim (dead: the attacker captures it within the plies the root allows; alive: the
attacker cannot, within them or for every α). The checker replays every move of the tree
on that position with the board model and accepts it only if it proves the claim: at the
chooser's nodes a move, at the other side's every move (the pass included), every line
ending in a capture (dead) or in Benson's unconditional life, the depth limit or a
position met before (alive). So an accepted file is a certificate: it needs no trust in
the search that wrote it, nor in this machine's run of it.

A file may hold one tree (an object with \"format\": \"tsume-proof\") or a list of them,
each bare or as `tsume solve --tree-out` wraps it ({\"to_move\": …, \"tree\": …}).

Exit status: 0 when every tree is accepted, 1 when one is rejected (the line says which
node and why), 2 when a file cannot be read as trees (the line names the field).",
    after_help = "Examples:
  tsume solve p.sgf --tree-out p.proof.json      write the proofs of both sides
  tsume check-proof p.proof.json                 replay them, no search
  tsume check-proof a.json b.json --json         one object per file, and the totals"
)]
pub struct CheckProofArgs {
    /// Tree files (JSON, as `tsume solve --tree-out` writes them).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object: every tree's claim and the checker's verdict.
    #[arg(long)]
    pub json: bool,
}

/// The trees of one file: each tree's JSON, and where it came from within the file.
fn trees_of(path: &Path) -> Result<Vec<(String, Value)>, Fail> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Fail::input(format!("{name}: cannot read the file: {e}")))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| {
        Fail::input(format!(
            "{name}: not JSON (line {}, column {}): {e}",
            e.line(),
            e.column()
        ))
    })?;
    let unwrap = |at: String, t: &Value| -> (String, Value) {
        // `tsume solve --tree-out` wraps each tree with the side it was solved for.
        match t.get("tree") {
            Some(inner) if t.get("format").is_none() => (format!("{at}.tree"), inner.clone()),
            _ => (at, t.clone()),
        }
    };
    match &v {
        Value::Array(list) if list.is_empty() => {
            Err(Fail::input(format!("{name}: an empty list, no tree")))
        }
        Value::Array(list) => Ok(list
            .iter()
            .enumerate()
            .map(|(i, t)| unwrap(format!("[{i}]"), t))
            .collect()),
        Value::Object(_) => Ok(vec![unwrap(String::new(), &v)]),
        _ => Err(Fail::input(format!(
            "{name}: neither a tree nor a list of trees"
        ))),
    }
}

/// What the claim says, in words: "dead: black captures the white group at B6 by ply 5".
fn claim_words(c: &Certificate) -> String {
    let board = c.root.board();
    let target = board.gtp(c.target);
    let Some(d) = c.root.color(c.target) else {
        let claim = if c.tree.claim == Claim::Dead {
            "dead"
        } else {
            "alive"
        };
        return format!("{claim}, of the empty point {target}");
    };
    let (defender, attacker) = (d.name(), d.opponent().name());
    let remaining = c.tree.root().and_then(|r| r.remaining);
    match (c.tree.claim, remaining) {
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
    }
}

/// Checks every tree of every file; prints one line per tree (or the JSON object).
pub(crate) fn run(a: &CheckProofArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut code = EXIT_OK;
    let mut files = Vec::new();
    let (mut accepted, mut rejected) = (0usize, 0usize);
    for path in &a.files {
        let name = path.display().to_string();
        let trees = match trees_of(path) {
            Ok(t) => t,
            Err(f) => {
                let _ = writeln!(err, "tsume check-proof: {}", f.message);
                code = code.max(f.code);
                files.push(json!({ "file": name, "error": f.message, "trees": [] }));
                continue;
            }
        };
        let n = trees.len();
        let mut objects = Vec::new();
        for (i, (at, v)) in trees.iter().enumerate() {
            let label = if n == 1 {
                name.clone()
            } else {
                format!("{name} [{}/{n}]", i + 1)
            };
            let cert = match from_json(v) {
                Ok(c) => c,
                Err(e) => {
                    let field = if e.field.is_empty() {
                        at.trim_start_matches('.').to_string()
                    } else if at.is_empty() {
                        e.field.clone()
                    } else {
                        format!("{at}.{}", e.field)
                    };
                    let message = if field.is_empty() {
                        format!("{name}: {}", e.message)
                    } else {
                        format!("{name}: {field}: {}", e.message)
                    };
                    let _ = writeln!(err, "tsume check-proof: {message}");
                    code = code.max(crate::EXIT_BAD_INPUT);
                    objects.push(json!({ "index": i, "error": message }));
                    continue;
                }
            };
            let words = claim_words(&cert);
            let to_move = cert.root.to_move().name();
            let remaining = cert.tree.root().and_then(|r| r.remaining);
            let mut o = json!({
                "index": i,
                "claim": if cert.tree.claim == Claim::Dead { "dead" } else { "alive" },
                "target": cert.root.board().gtp(cert.target),
                "to_move": cert.root.to_move().letter().to_string(),
                "remaining": remaining,
                "tree_nodes": cert.tree.len(),
            });
            match check(&cert.root, cert.target, &cert.tree) {
                Ok(r) => {
                    accepted += 1;
                    let repeat = if r.repetition_free {
                        "no line repeats a position"
                    } else {
                        "a line repeats a position (a ko retaken, or a longer cycle)"
                    };
                    if !a.json {
                        let _ = writeln!(
                            out,
                            "{label}: accepted — {words} ({to_move} to move; {} nodes, {} {}, \
                             depth {}; {repeat})",
                            r.nodes,
                            r.leaves,
                            if r.leaves == 1 { "leaf" } else { "leaves" },
                            r.max_depth
                        );
                    }
                    o["accepted"] = json!(true);
                    o["error"] = Value::Null;
                    o["nodes"] = json!(r.nodes);
                    o["leaves"] = json!(r.leaves);
                    o["max_depth"] = json!(r.max_depth);
                    o["repetition_free"] = json!(r.repetition_free);
                }
                Err(e) => {
                    rejected += 1;
                    code = code.max(EXIT_FAILURE);
                    if !a.json {
                        let _ = writeln!(out, "{label}: REJECTED — {words}: {e}");
                    }
                    o["accepted"] = json!(false);
                    o["error"] = json!(e.to_string());
                }
            }
            objects.push(o);
        }
        files.push(json!({ "file": name, "error": Value::Null, "trees": objects }));
    }
    if a.json {
        let report = json!({
            "files": files,
            "accepted": accepted,
            "rejected": rejected,
        });
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        );
    } else if a.files.len() > 1 || accepted + rejected > 1 {
        let _ = writeln!(out, "{accepted} accepted, {rejected} rejected");
    }
    code
}
