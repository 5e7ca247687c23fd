//! `tsume check-proof`: a proof or disproof written by `tsume solve --tree-out`, read back
//! and replayed by the independent checker alone (no search): a certificate that anyone
//! can check without trusting the run that made it.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tsume_solve::proof_files::check_file;

use crate::args::AreaArgs;
use crate::report::CheckProofJson;
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
    let mut report = CheckProofJson {
        files: Vec::new(),
        accepted: 0,
        rejected: 0,
        not_about_problem: 0,
    };
    for path in &a.files {
        let f = check_file(path, problem.as_ref());
        for message in &f.unread {
            let _ = writeln!(err, "tsume check-proof: {message}");
            code = code.max(EXIT_BAD_INPUT);
        }
        if f.rejected + f.not_about > 0 {
            code = code.max(EXIT_FAILURE);
        }
        if !a.json {
            for line in &f.lines {
                let _ = writeln!(out, "{line}");
            }
        }
        report.files.push(f.json);
        report.accepted += f.accepted;
        report.rejected += f.rejected;
        report.not_about_problem += f.not_about;
    }
    let (accepted, rejected, elsewhere) =
        (report.accepted, report.rejected, report.not_about_problem);
    if a.json {
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
