//! A solved problem: the loaded problem and the [`Report`] on it, with the names the
//! outputs give its moves.

use tsume_board::{Color, Move};
use tsume_sgf::{Problem, TargetSource};

use crate::{Report, Status};

/// One solved problem: the problem as loaded and the report of [`crate::answer`] on its
/// position in play.
pub struct Solved {
    /// The problem, as loaded.
    pub problem: Problem,
    /// The answers on its position in play.
    pub report: Report,
}

impl Solved {
    /// The target's colour.
    pub fn defender(&self) -> Color {
        self.report.defender
    }

    /// The status, when both players' searches were run.
    pub fn status(&self) -> Option<Status> {
        self.report.status()
    }

    /// The status's word, or with one side searched its verdict's ("dead", "alive",
    /// "unknown", …): the table of several problems and its counts.
    pub fn status_word(&self) -> &'static str {
        self.status().map_or_else(
            || {
                self.report
                    .sides
                    .first()
                    .map_or("unknown", |s| s.answer.verdict.as_str())
            },
            Status::as_str,
        )
    }

    /// GTP and SGF names of a move of the position in play, on the whole board.
    pub fn move_names(&self, m: Move) -> (String, String) {
        move_names(&self.problem, m)
    }

    /// The status the file states (`status=` in its `GC`), under the model only.
    pub fn expected_status(&self) -> Option<String> {
        // The files state their answers under Crăşmaru's model, without a ko rule.
        if self.problem.position().ko_rule() {
            return None;
        }
        let text = self.problem.expected()?;
        let i = text.find("status=")?;
        let rest = &text[i + "status=".len()..];
        let word: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        (!word.is_empty()).then_some(word)
    }

    /// Where the target came from: `option`, `mark`, or `inferred: <how>`.
    pub fn target_source(&self) -> String {
        match &self.problem.target_source() {
            TargetSource::Option => "option".to_string(),
            TargetSource::Mark => "mark".to_string(),
            TargetSource::Inferred(how) => format!("inferred: {how}"),
        }
    }
}

/// GTP and SGF names of a move of the position in play, on the whole board (a pass:
/// `pass` and nothing; a point outside the whole board, such as a virtual eye: its name
/// on the graph board twice).
pub fn move_names(problem: &Problem, m: Move) -> (String, String) {
    match m {
        Move::Pass => ("pass".to_string(), String::new()),
        Move::Play(p) => match problem.to_full(p) {
            Some(f) => {
                let b = problem.full().board();
                (b.gtp(f), b.sgf(f))
            }
            None => {
                let n = problem.position().board().name(p).to_string();
                (n.clone(), n)
            }
        },
    }
}
