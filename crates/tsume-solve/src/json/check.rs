//! `tsume check --json`: a file's solution tree, judged ([`Review`]).

use crate::review::{claim_str, Review};

use super::*;

/// `tsume check --json`: one file's solution tree, judged.
#[derive(Serialize)]
pub struct CheckJson {
    pub file: String,
    pub game_tree: usize,
    pub game_trees: usize,
    pub target: Named,
    pub attacker: String,
    pub side: String,
    /// `kill` or `live`.
    pub question: &'static str,
    pub depth_bound: u32,
    /// Who wins with the side to move (null: unknown).
    pub winner: Option<String>,
    pub winning_first_moves: Vec<Named>,
    /// Winning, in no right line of the file.
    pub missing_first_moves: Vec<Named>,
    pub marked: bool,
    pub lines: Vec<LineJson>,
    /// Lines against their marks or with a reply that misses the refutation.
    pub errors: usize,
    pub checked: bool,
    pub nodes: u64,
    pub seconds: f64,
}

/// One line of a checked file.
#[derive(Serialize)]
pub struct LineJson {
    pub moves: Vec<LineMoveJson>,
    pub claim: Option<&'static str>,
    pub judged: Option<&'static str>,
    pub agrees: Option<bool>,
    pub mistake: Option<usize>,
    pub missed_refutation: Option<usize>,
    /// Judged right through a ko: the model finds the line failing, ordinary Go rules
    /// find the problem a ko that the line's first move starts.
    pub through_ko: bool,
}

/// One move of a line of a checked file.
#[derive(Serialize)]
pub struct LineMoveJson {
    pub color: String,
    pub side: String,
    pub gtp: String,
    pub sgf: String,
    pub judgement: &'static str,
    pub winner_after: Option<String>,
    pub answer: Option<Named>,
    pub alternatives: Vec<Named>,
    pub alternatives_complete: bool,
    pub note: Option<String>,
    pub as_pass: Option<&'static str>,
    pub nodes: u64,
}

/// The summary of `tsume check` on several files.
#[derive(Serialize)]
pub struct CheckSummary {
    pub files: usize,
    pub errors: usize,
    pub unreadable: usize,
}

fn named(r: &Review, m: Move) -> Named {
    Named::new(r.name(m))
}

impl CheckJson {
    /// The JSON of a review.
    pub fn new(r: &Review) -> CheckJson {
        let p = &r.problem;
        let full = p.full().board();
        let winner = |w: Option<Color>| w.map(|c| c.letter().to_string());
        let lines = r
            .lines
            .iter()
            .map(|l| {
                let moves = l
                    .path
                    .iter()
                    .map(|&i| {
                        let f = &r.flat[i];
                        let e = &r.evals[i];
                        let (gtp, sgf) = r.full_name(f.point);
                        LineMoveJson {
                            color: f.color.letter().to_string(),
                            side: f.side.letter().to_string(),
                            gtp,
                            sgf,
                            judgement: r.judgements[i].as_str(),
                            winner_after: winner(e.winner),
                            answer: e.moves.first().map(|&m| named(r, m)),
                            alternatives: r.alternatives(i).iter().map(|&m| named(r, m)).collect(),
                            alternatives_complete: f.color == f.side
                                && r.before(i).is_some_and(|b| b.all_moves),
                            note: e.note.clone(),
                            as_pass: f.as_pass,
                            nodes: e.nodes,
                        }
                    })
                    .collect();
                LineJson {
                    moves,
                    claim: l.claim.map(|c| claim_str(Some(c))),
                    judged: l.judged.map(|c| claim_str(Some(c))),
                    agrees: l.agrees,
                    mistake: l.mistake,
                    missed_refutation: l.missed,
                    through_ko: l.ko,
                }
            })
            .collect();
        CheckJson {
            file: p.file().to_string(),
            game_tree: p.game_tree(),
            game_trees: p.game_trees(),
            target: Named {
                gtp: full.gtp(p.target_full()),
                sgf: full.sgf(p.target_full()),
            },
            attacker: p.attacker().letter().to_string(),
            side: r.side.letter().to_string(),
            question: r.question(),
            depth_bound: r.depth,
            winner: winner(r.root.winner),
            winning_first_moves: r.root.moves.iter().map(|&m| named(r, m)).collect(),
            missing_first_moves: r.missing.iter().map(|&m| named(r, m)).collect(),
            marked: r.marked,
            lines,
            errors: r.errors(),
            checked: r.rejected().is_none(),
            nodes: r.total_nodes(),
            seconds: r.total_seconds(),
        }
    }
}
