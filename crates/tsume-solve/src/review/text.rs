//! The review in words: each move's judgement, and the text report of `tsume check`.

use tsume_board::{Move, Point};

use super::{Claim, Judgement, Review};
use crate::move_names;

/// A line's claim as the reports say it: `right`, `wrong`, or `unmarked` (None).
pub fn claim_str(c: Option<Claim>) -> &'static str {
    match c {
        Some(Claim::Right) => "right",
        Some(Claim::Wrong) => "wrong",
        None => "unmarked",
    }
}

/// `tsume check`'s last line on several files: `problems` (how many, named: "48 files")
/// checked, the lines against their marks or missing a refutation (`errors`), the
/// files that could not be read.
pub fn summary(problems: &str, errors: usize, unreadable: usize) -> String {
    format!(
        "{problems} checked: {} against their marks or missing a refutation, {unreadable} that could not be read",
        tsume_board::counted(errors, "line", "lines"),
    )
}

impl Review {
    /// GTP and SGF names of a move of the position in play, on the whole board.
    pub fn name(&self, m: Move) -> (String, String) {
        move_names(&self.problem, m)
    }

    /// GTP and SGF names of a whole-board point (None: a pass).
    pub fn full_name(&self, f: Option<Point>) -> (String, String) {
        match f {
            None => ("pass".to_string(), String::new()),
            Some(f) => {
                let b = self.problem.full().board();
                (b.gtp(f), b.sgf(f))
            }
        }
    }

    /// Move `i` of [`Review::flat`] as the text report says it: its colour, point and
    /// judgement, with the refutation or the other winning moves (`B C3 (fails: White
    /// lives by B2)`).
    pub fn move_text(&self, i: usize) -> String {
        let f = &self.flat[i];
        let (gtp, _) = self.full_name(f.point);
        let e = &self.evals[i];
        let answer = e.moves.first().map(|&m| self.name(m).0);
        let opp = f.side.opponent();
        let alternatives: Vec<String> = self
            .alternatives(i)
            .iter()
            .map(|&m| self.name(m).0)
            .collect();
        let others = alternatives.join(", ");
        let detail = match (self.judgements[i], answer) {
            (Judgement::Wins, _) if !others.is_empty() => format!("wins; also {others}"),
            (Judgement::Fails, Some(m)) if !others.is_empty() => format!(
                "fails: {} {} by {m}; {} {} by {others} instead",
                opp.title(),
                self.goal(opp),
                f.side.title(),
                self.goal(f.side)
            ),
            (Judgement::Fails, Some(m)) => {
                format!("fails: {} {} by {m}", opp.title(), self.goal(opp))
            }
            (Judgement::Misses, Some(m)) => {
                format!("misses: {} {} by {m}", f.side.title(), self.goal(f.side))
            }
            (Judgement::Unknown, _) if f.after.is_none() => {
                format!("not followed: {}", e.note.as_deref().unwrap_or("?"))
            }
            (Judgement::Unknown, _) => {
                format!("unknown: {}", e.note.as_deref().unwrap_or("out of budget"))
            }
            (j, _) => j.as_str().to_string(),
        };
        let setup = if f.setup {
            ", then stones set up: not followed"
        } else {
            ""
        };
        let as_pass = f.as_pass.map_or(String::new(), |t| format!("{t}; "));
        format!("{} {gtp} ({as_pass}{detail}{setup})", f.color.letter())
    }

    /// The text report: the question, the side's answer, each line judged against its
    /// mark, the missing solutions and a summary, a line each.
    pub fn text(&self) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let p = &self.problem;
        let full = p.full().board();
        let target = full.gtp(p.target_full());
        let _ = writeln!(
            s,
            "{}: {} to {}: the {} group at {target}; α = {}; {} in the file{}",
            p.label(),
            self.side.title(),
            self.question(),
            p.defender().name(),
            self.depth,
            tsume_board::counted(self.lines.len(), "line", "lines"),
            if self.marked {
                ""
            } else {
                " (none marked: each read as a solution)"
            }
        );
        let firsts: Vec<String> = self.root.moves.iter().map(|&m| self.name(m).0).collect();
        let _ = writeln!(
            s,
            "  {} to move: {}{}",
            self.side.title(),
            match self.root.winner {
                Some(c) if c == self.side => format!("{} {}", c.title(), self.goal(c)),
                Some(c) => format!(
                    "{} {} whatever {} plays",
                    c.title(),
                    self.goal(c),
                    self.side.name()
                ),
                None => format!(
                    "unknown ({})",
                    self.root.note.as_deref().unwrap_or("out of budget")
                ),
            },
            if firsts.is_empty() {
                String::new()
            } else {
                format!("; winning first moves: {}", firsts.join(", "))
            }
        );
        for (k, l) in self.lines.iter().enumerate() {
            let moves: Vec<String> = l.path.iter().map(|&i| self.move_text(i)).collect();
            let verdict = match (l.agrees, l.judged) {
                (Some(true), _) if l.ko => "agrees (a ko under ordinary Go rules)".to_string(),
                (Some(true), _) => "agrees".to_string(),
                (Some(false), Some(Claim::Right)) => "DISAGREES: the line is right".to_string(),
                (Some(false), _) => match l.mistake {
                    Some(m) => format!(
                        "DISAGREES: {} fails",
                        self.full_name(self.flat[l.path[m]].point).0
                    ),
                    None => format!(
                        "DISAGREES: the line ends with {} winning",
                        self.flat[l.path[0]].side.opponent().name()
                    ),
                },
                (None, Some(j)) => format!("the line is {}", claim_str(Some(j))),
                (None, None) => "not settled".to_string(),
            };
            let missed = match l.missed {
                Some(m) => format!(
                    "; {} misses the refutation",
                    self.full_name(self.flat[l.path[m]].point).0
                ),
                None => String::new(),
            };
            let marked = match l.claim {
                Some(c) => format!("marked {}", claim_str(Some(c))),
                None => "unmarked".to_string(),
            };
            let _ = writeln!(
                s,
                "  line {}: {} — {marked}: {verdict}{missed}",
                k + 1,
                moves.join(", "),
            );
        }
        if !self.missing.is_empty() {
            let names: Vec<String> = self.missing.iter().map(|&m| self.name(m).0).collect();
            let _ = writeln!(
                s,
                "  also winning, in no right line of the file: {}",
                names.join(", ")
            );
        }
        if self.lines.is_empty() {
            let _ = writeln!(
                s,
                "  no variations to check (the moves of a root sequence without variations are part of the problem); {} nodes",
                self.total_nodes()
            );
            return s;
        }
        let count = |a: Option<bool>| {
            self.lines
                .iter()
                .filter(|l| l.claim.is_some() && l.agrees == a)
                .count()
        };
        let unmarked = self.lines.iter().filter(|l| l.claim.is_none()).count();
        let missed = self.lines.iter().filter(|l| l.missed.is_some()).count();
        let _ = writeln!(
            s,
            "  summary: {}: {} agreeing with the marks, {} against them, {} not settled, {unmarked} unmarked{}; {} nodes",
            tsume_board::counted(self.lines.len(), "line", "lines"),
            count(Some(true)),
            count(Some(false)),
            count(None),
            if missed > 0 {
                format!("; {} missing a refutation", missed)
            } else {
                String::new()
            },
            self.total_nodes()
        );
        s
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use tsume_board::Color;
    use tsume_prove::Limits;
    use tsume_sgf::LoadOptions;

    use crate::json::CheckJson;
    use crate::review::{review, settings};

    fn reviewed(text: &str) -> super::Review {
        let tree = tsume_sgf::parse_solution_tree(text, "03.sgf", 0).unwrap();
        let problem = tsume_sgf::parse_problem(text, "03.sgf", &LoadOptions::default()).unwrap();
        let depth = tsume_prove::default_depth(problem.position());
        let settings = settings(Limits::default(), true);
        review(problem, tree, Color::Black, depth, &settings, false)
    }

    /// The bundled bent three's own lines (A7 right, B7 wrong), against the answer its
    /// file states (`kill=A7`): in words, in JSON and written back, each says both lines
    /// agree with their marks; the file written back reads as the same lines and marks.
    #[test]
    fn the_bent_three_reviewed_in_words_json_and_sgf() {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../problems/03_bent_three_corner.sgf");
        let text = std::fs::read_to_string(path).unwrap();
        let r = reviewed(&text);
        let words = r.text();
        let lines: Vec<&str> = words.lines().collect();
        assert!(lines[1].contains("winning first moves: A7"), "{words}");
        assert!(
            lines[2].starts_with("  line 1: B A7 (wins), W B7 (answers)"),
            "{words}"
        );
        assert!(lines[2].ends_with("— marked right: agrees"), "{words}");
        assert!(
            lines[3].starts_with("  line 2: B B7 (fails: White lives by A7; Black kills by A7"),
            "{words}"
        );
        assert!(lines[3].ends_with("— marked wrong: agrees"), "{words}");

        let json = CheckJson::new(&r);
        assert_eq!(json.errors, 0);
        let agree: Vec<Option<bool>> = json.lines.iter().map(|l| l.agrees).collect();
        assert_eq!(agree, [Some(true), Some(true)]);
        let firsts: Vec<&str> = json
            .winning_first_moves
            .iter()
            .map(|m| m.gtp.as_str())
            .collect();
        assert_eq!(firsts, ["A7"]);

        let sgf = r.annotated_sgf();
        assert!(sgf.contains("tsume: B A7 (wins)"), "{sgf}");
        let again = reviewed(&sgf);
        let judged = |r: &super::Review| -> Vec<(Option<_>, Option<_>)> {
            r.lines.iter().map(|l| (l.claim, l.judged)).collect()
        };
        assert_eq!(judged(&again), judged(&r));
        assert_eq!(again.judgements, r.judgements);
    }
}
