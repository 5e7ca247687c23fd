//! `tsume check-proof`: a proof or disproof written by `tsume solve --tree-out`, read back
//! and replayed by the independent checker alone (no search): a certificate that anyone
//! can check without trusting the run that made it.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tsume_solve::certificate::{judge, read_tree, read_trees};

use crate::args::AreaArgs;
use crate::report::{CheckProofJson, ProofFileJson, ProofJson, ProofTreeJson};
use crate::{EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};

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
        let trees = match read_trees(path) {
            Ok(t) => t,
            Err(e) => {
                let message = e.to_string();
                let _ = writeln!(err, "tsume check-proof: {message}");
                code = code.max(EXIT_BAD_INPUT);
                files.push(ProofFileJson {
                    file: name,
                    error: Some(message),
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
            let cert = match read_tree(&name, &at, v) {
                Ok(c) => c,
                Err(message) => {
                    let _ = writeln!(err, "tsume check-proof: {message}");
                    code = code.max(EXIT_BAD_INPUT);
                    objects.push(ProofTreeJson::Unread {
                        index: i,
                        error: message,
                    });
                    continue;
                }
            };
            let j = judge(&cert, problem.as_ref());
            let words = &j.words;
            let to_move = cert.root.to_move().name();
            let about_words = match (&j.about, &problem) {
                (Some(Ok(())), Some(p)) => format!(" — about {}", p.file()),
                (Some(Err(why)), Some(p)) => format!(" — NOT ABOUT {}: {why}", p.file()),
                _ => String::new(),
            };
            if j.about.as_ref().is_some_and(Result::is_err) {
                elsewhere += 1;
                code = code.max(EXIT_FAILURE);
            }
            match &j.check {
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
                }
                Err(e) => {
                    rejected += 1;
                    code = code.max(EXIT_FAILURE);
                    if !a.json {
                        let _ = writeln!(out, "{label}: REJECTED — {words}: {e}{about_words}");
                    }
                }
            }
            objects.push(ProofTreeJson::Read(ProofJson::new(i, &cert, &j)));
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
