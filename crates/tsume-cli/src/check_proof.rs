//! `tsume check-proof`: a proof or disproof written by `tsume solve --tree-out`, read back
//! and replayed by the independent checker alone (no search): a certificate that anyone
//! can check without trusting the run that made it.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use tsume_proof::{check, Certificate, Claim};

use tsume_board::{Color, KoRule};
use tsume_sgf::Problem;

use crate::args::AreaArgs;
use crate::report::{
    AboutJson, CheckProofJson, ProofFileJson, ProofJson, ProofReportJson, ProofTreeJson,
};
use crate::{Fail, EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};

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

--problem FILE also says whether each tree is about that problem: the problem is loaded
as `tsume solve` loads it (the same --target and area options), and the tree's board,
stones and group must be the problem's area, its stones and its group (either player to
move; a tree under the basic ko rule is about the same position with that rule). A tree
about another position is reported as such and exits 1, however sound it is.

Exit status: 0 when every tree is accepted, 1 when one is rejected (the line says which
node and why), 2 when a file cannot be read as trees (the line names the field).",
    after_help = "Examples:
  tsume solve p.sgf --tree-out p.proof.json      write the proofs of both sides
  tsume check-proof p.proof.json                 replay them, no search
  tsume check-proof a.json b.json --json         one object per file, and the totals
  tsume check-proof p.proof.json --problem p.sgf and about that problem's position"
)]
pub struct CheckProofArgs {
    /// Tree files (JSON, as `tsume solve --tree-out` writes them).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object: every tree's claim and the checker's verdict.
    #[arg(long)]
    pub json: bool,
    /// The problem the trees should be about (SGF or graph file), loaded as `tsume
    /// solve` loads it: each tree's board, stones and group must be its area's.
    #[arg(long, value_name = "FILE")]
    pub problem: Option<PathBuf>,
    /// The group in question in --problem (see `tsume solve --help`).
    #[arg(long, value_name = "POINT", requires = "problem")]
    pub target: Option<String>,
    #[command(flatten)]
    pub area: AreaArgs,
}

/// Whether `c` is about `problem`'s position: the same board (names and neighbours), the
/// same stones, the target in the problem's group; `Err` names the first difference.
fn about(c: &Certificate, problem: &Problem) -> Result<(), String> {
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

/// The largest proof file check-proof reads: the trees are read as the file streams by,
/// at some few bytes of memory a byte of file (docs/limits.md).
const MAX_PROOF_BYTES: u64 = 256 << 20;

/// The trees of one file: each tree read, and where it came from within the file.
fn trees_of(path: &Path) -> Result<Vec<tsume_proof::ReadTree>, Fail> {
    let name = path.display();
    if let Ok(m) = std::fs::metadata(path) {
        if m.len() > MAX_PROOF_BYTES {
            return Err(Fail::input(format!(
                "{name}: {} bytes, more than the {} MiB check-proof reads",
                m.len(),
                MAX_PROOF_BYTES >> 20
            )));
        }
    }
    let file = std::fs::File::open(path)
        .map_err(|e| Fail::input(format!("{name}: cannot read the file: {e}")))?;
    tsume_proof::read_trees(file).map_err(|e| Fail::input(format!("{name}: {e}")))
}

/// The claim as `to_json` writes it.
fn claim_name(c: Claim) -> &'static str {
    match c {
        Claim::Dead => "dead",
        Claim::Alive => "alive",
        Claim::NeverUnconditional => "never_unconditional",
    }
}

/// What the claim says, in words: "dead: black captures the white group at B6 by ply 5".
fn claim_words(c: &Certificate) -> String {
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

/// Checks every tree of every file; prints one line per tree (or the JSON object).
pub(crate) fn run(a: &CheckProofArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if let Err(f) = a.area.one_tree() {
        let _ = writeln!(err, "tsume check-proof: {}", f.message);
        return f.code;
    }
    let problem = match &a.problem {
        None => None,
        Some(path) => {
            match tsume_sgf::load_problem(path, &a.area.load_options(a.target.clone(), None)) {
                Ok(p) => Some(p),
                Err(e) => {
                    let _ = writeln!(err, "tsume check-proof: {e}");
                    return EXIT_BAD_INPUT;
                }
            }
        }
    };
    let mut code = EXIT_OK;
    let mut files = Vec::new();
    let (mut accepted, mut rejected, mut elsewhere) = (0usize, 0usize, 0usize);
    for path in &a.files {
        let name = path.display().to_string();
        let trees = match trees_of(path) {
            Ok(t) => t,
            Err(f) => {
                let _ = writeln!(err, "tsume check-proof: {}", f.message);
                code = code.max(f.code);
                files.push(ProofFileJson {
                    file: name,
                    error: Some(f.message),
                    trees: Vec::new(),
                });
                continue;
            }
        };
        let n = trees.len();
        if n == 0 {
            // `tsume solve --tree-out` on an unknown answer with nothing proved: no tree
            // to check, and nothing claimed.
            if !a.json {
                let _ = writeln!(
                    out,
                    "{name}: no tree (written for an unknown answer): nothing claimed, nothing to check"
                );
            }
            files.push(ProofFileJson {
                file: name,
                error: None,
                trees: Vec::new(),
            });
            continue;
        }
        let mut objects = Vec::new();
        for (i, (at, v)) in trees.into_iter().enumerate() {
            let label = if n == 1 {
                name.clone()
            } else {
                format!("{name} [{}/{n}]", i + 1)
            };
            let cert = match v {
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
                    code = code.max(EXIT_BAD_INPUT);
                    objects.push(ProofTreeJson::Unread {
                        index: i,
                        error: message,
                    });
                    continue;
                }
            };
            let words = claim_words(&cert);
            let to_move = cert.root.to_move().name();
            let remaining = cert.tree.root().and_then(|r| r.remaining);
            let mut o = ProofJson {
                index: i,
                claim: claim_name(cert.tree.claim),
                target: cert.root.board().gtp(cert.target),
                to_move: cert.root.to_move().letter().to_string(),
                remaining,
                ko_rule: cert.root.ko().name(),
                tree_nodes: cert.tree.len(),
                about: None,
                accepted: false,
                error: None,
                report: None,
            };
            // Whether the tree is about the problem asked: a sound proof of another
            // position answers nothing about this one.
            let about = problem.as_ref().map(|p| about(&cert, p));
            let about_words = match (&about, &problem) {
                (Some(Ok(())), Some(p)) => format!(" — about {}", p.file()),
                (Some(Err(why)), Some(p)) => format!(" — NOT ABOUT {}: {why}", p.file()),
                _ => String::new(),
            };
            if let Some(r) = &about {
                o.about = Some(AboutJson {
                    about_problem: r.is_ok(),
                    about_error: r.as_ref().err().cloned(),
                });
                if r.is_err() {
                    elsewhere += 1;
                    code = code.max(EXIT_FAILURE);
                }
            }
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
                             depth {}; {repeat}){about_words}",
                            r.nodes,
                            r.leaves,
                            if r.leaves == 1 { "leaf" } else { "leaves" },
                            r.max_depth
                        );
                    }
                    o.accepted = true;
                    o.report = Some(ProofReportJson {
                        nodes: r.nodes,
                        leaves: r.leaves,
                        max_depth: r.max_depth,
                        repetition_free: r.repetition_free,
                        forces_unconditional: r.forces_unconditional,
                    });
                }
                Err(e) => {
                    rejected += 1;
                    code = code.max(EXIT_FAILURE);
                    if !a.json {
                        let _ = writeln!(out, "{label}: REJECTED — {words}: {e}{about_words}");
                    }
                    o.error = Some(e.to_string());
                }
            }
            objects.push(ProofTreeJson::Read(o));
        }
        files.push(ProofFileJson {
            file: name,
            error: None,
            trees: objects,
        });
    }
    if a.json {
        let report = CheckProofJson {
            files,
            accepted,
            rejected,
            not_about_problem: elsewhere,
        };
        crate::report::print(out, &report);
    } else if a.files.len() > 1 || accepted + rejected > 1 || elsewhere > 0 {
        let mut line = format!("{accepted} accepted, {rejected} rejected");
        if let Some(p) = &problem {
            let _ = write!(line, "; {elsewhere} not about {}", p.file());
        }
        let _ = writeln!(out, "{line}");
    }
    code
}
