//! Certified answers in words: the report a person reads of one [`Solved`] problem
//! ([`report`]), and a problem's row in the table of several ([`row`], [`summary`]).
//! The review of a file's solution tree has its own words (`review`'s `text`).

use std::fmt::Write as _;

use tsume_board::Move;
use tsume_prove::go::{GoResult, Threats, MAX_THREATS};
use tsume_prove::Verdict;

use crate::json::SolveSummary;
use crate::{MovesCheck, Side, Solved};

/// Moves by their GTP names, separated by spaces.
fn move_list(r: &Solved, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| r.move_names(m).0)
        .collect::<Vec<_>>()
        .join(" ")
}

fn side_line(r: &Solved, s: &Side) -> String {
    let a = &s.answer;
    let who = s.to_move.title();
    let attacker = s.to_move != r.defender();
    let mut line = format!("{who} to move: ");
    match a.verdict {
        Verdict::Dead => {
            line += "dead";
            if attacker {
                let _ = write!(line, " — {who} kills at {}", move_list(r, &a.moves));
                if !a.all_moves && !a.moves.is_empty() {
                    line += " (first found; --all-moves for every one)";
                }
            } else {
                line += &format!(" — no {who} move saves the group");
            }
            // D₀ within k plies: the capture is ply k + 1 at the latest.
            match a.kill_plies {
                Some(0) => line += "; captured at once",
                Some(k) => {
                    let _ = write!(line, "; captured by ply {}", k + 1);
                }
                None => {}
            }
        }
        Verdict::Alive => {
            line += "alive";
            if attacker {
                line += &format!(" — no {who} move kills");
            } else {
                // A winning pass (listed where Ψ lists it, last) reads "by passing".
                let pass = a.moves.contains(&Move::Pass);
                let stones: Vec<Move> = a
                    .moves
                    .iter()
                    .copied()
                    .filter(|&m| m != Move::Pass)
                    .collect();
                line += &format!(" — {who} lives");
                if pass {
                    line += " by passing";
                }
                if !stones.is_empty() {
                    let or = if pass { ", or" } else { "" };
                    let _ = write!(line, "{or} at {}", move_list(r, &stones));
                }
                if !a.all_moves && !a.moves.is_empty() {
                    line += " (first found)";
                }
            }
            if a.exact {
                line += "; for every α";
            } else {
                let _ = write!(line, "; within α = {}", r.report.depth);
            }
        }
        Verdict::Unknown => {
            line += "unknown";
            if let Some(why) = &a.reason {
                let _ = write!(line, " ({why})");
            }
            if let Some(h) = a.survives {
                let attacker_name = r.defender().opponent().name();
                let _ = write!(line, "; {attacker_name} cannot kill within {h} plies");
                match &s.survives_check {
                    Some(Ok(c)) => {
                        let _ = write!(line, " (disproof checked, {} nodes)", c.nodes);
                    }
                    Some(Err(e)) => {
                        let _ = write!(line, " (DISPROOF REJECTED: {e})");
                    }
                    None => line += " (not checked)",
                }
            }
        }
    }
    if !a.pv.is_empty() && a.verdict != Verdict::Unknown {
        match s.pv_repeats() {
            Some((i, j)) => {
                let head = if i == 0 {
                    String::new()
                } else {
                    format!("{}, then ", move_list(r, &a.pv[..i]))
                };
                let _ = write!(
                    line,
                    "\n    line: {head}{} again and again (the position repeats: with no ko \
                     rule play goes on forever and the group is never captured)",
                    move_list(r, &a.pv[i..j])
                );
            }
            None => {
                let _ = write!(line, "\n    line: {}", move_list(r, &a.pv));
            }
        }
    }
    let _ = write!(
        line,
        "\n    {} nodes, {:.3} s, {:.0} k nodes/s",
        a.stats.nodes,
        a.stats.seconds,
        a.stats.nodes_per_second() / 1000.0
    );
    match &s.check {
        Some(Ok(c)) => {
            let _ = write!(line, "; proof checked ({} nodes)", c.nodes);
            match &s.moves_check {
                Some(MovesCheck::Checked(n)) => {
                    let _ = write!(
                        line,
                        "; every first move's outcome checked too ({n} more trees)"
                    );
                }
                Some(MovesCheck::Unsettled(e)) => {
                    let _ = write!(line, "; the other first moves not shown: {e}");
                }
                Some(MovesCheck::Rejected(e)) => {
                    let _ = write!(line, "; FIRST MOVES REJECTED: {e}");
                }
                None => {}
            }
            if a.verdict == Verdict::Alive && a.exact && !c.every_alpha {
                line += " for this α only: \"for every α\" rests on the search";
            }
            // Said only when it holds: a tree with a repeating line may still have a
            // strategy without one (bounded trees run on until the depth limit).
            if c.repetition_free && !r.problem.position().ko_rule() {
                line +=
                    "\n    no ko needed: no line of the proof repeats a position, so the answer \
                         holds under a ko rule too";
            } else if !c.repetition_free && !r.problem.position().ko_rule() {
                line += "\n    a line of the proof repeats a position (a ko retaken, or a longer \
                         cycle): under ordinary Go's ko the answer may differ (--ko-rule basic)";
            }
        }
        Some(Err(e)) => {
            let _ = write!(line, "; PROOF REJECTED: {e}");
        }
        None if a.verdict != Verdict::Unknown => line += "; proof not checked",
        None => {}
    }
    line
}

/// A number of external ko threats: "0", "more than 5", "?" (not known).
fn threats_text(t: Threats) -> String {
    match t {
        Threats::Needs(k) => k.to_string(),
        Threats::MoreThan(k) => format!("more than {k}"),
        Threats::Unknown => "?".to_string(),
    }
}

/// The results under ordinary Go rules, one line for the sides searched: "ordinary Go
/// rules: Black to move: ko, Black starts it at B2 (external ko threats needed: Black
/// 0, White 1; without threats Black wins); White to move: alive at C1".
fn go_line(r: &Solved) -> Option<String> {
    let defender = r.defender();
    let parts: Vec<String> = r
        .report
        .sides
        .iter()
        .filter_map(|s| {
            let g = s.go.as_ref()?;
            let who = s.to_move.title();
            let mut t = format!("{who} to move: {}", g.result);
            let at = if g.moves.is_empty() {
                String::new()
            } else {
                format!(" at {}", move_list(r, &g.moves))
            };
            match g.result {
                GoResult::Ko => {
                    if !at.is_empty() {
                        let _ = write!(t, ", {who} starts it{at}");
                    }
                    if let Some(k) = g.ko {
                        let _ = write!(
                            t,
                            " (external ko threats needed: {} {}, {} {}",
                            defender.opponent().title(),
                            threats_text(k.attacker_threats),
                            defender.title(),
                            threats_text(k.defender_threats)
                        );
                        if let Some(w) = k.winner_without_threats {
                            let _ = write!(t, "; without threats {} wins", w.title());
                        }
                        t += ")";
                    }
                }
                GoResult::Unknown => {
                    let _ = write!(t, " ({})", g.note);
                }
                _ => {
                    t += &at;
                    if g.ko.is_some() {
                        let _ = write!(
                            t,
                            " (a ko {} cannot win with {MAX_THREATS} external ko threats)",
                            defender.title()
                        );
                    }
                }
            }
            if !g.every_alpha && matches!(g.result, GoResult::Alive | GoResult::Seki) {
                let _ = write!(t, " (within α = {})", r.report.depth);
            }
            Some(t)
        })
        .collect();
    (!parts.is_empty()).then(|| format!("ordinary Go rules: {}", parts.join("; ")))
}

/// The report a person reads (`tsume solve`): the problem, each side's answer and
/// what the checker said, the result under ordinary Go rules, the status; `diagram`:
/// the area in play drawn too.
pub fn report(r: &Solved, diagram: bool) -> String {
    let p = &r.problem;
    let full = p.full().board();
    let defender = r.defender();
    let mut s = String::new();
    let _ = writeln!(s, "{}", p.label());
    if diagram {
        let _ = writeln!(s, "{}", p.region_diagram());
    }
    let _ = writeln!(
        s,
        "target: the {} group at {} ({}); attacker {}; α = {}",
        defender.name(),
        full.gtp(p.target_full()),
        r.target_source(),
        defender.opponent().name(),
        r.report.depth
    );
    if p.position().ko_rule() {
        let _ = writeln!(
            s,
            "rules: the basic ko rule (--ko-rule basic): a ko may not be retaken on the very \
             next move; outside Crăşmaru's model"
        );
    }
    for n in p.notes() {
        let _ = writeln!(s, "note: {n}");
    }
    for side in &r.report.sides {
        let _ = writeln!(s, "{}", side_line(r, side));
    }
    if let Some(line) = go_line(r) {
        let _ = writeln!(s, "{line}");
    }
    if let Some(st) = r.status() {
        let _ = writeln!(s, "status: {st} ({})", st.meaning());
    }
    if let Some(exp) = r.expected_status() {
        if let Some(st) = r.status() {
            let _ = writeln!(
                s,
                "expected by the file: {exp} — {}",
                if exp == st.as_str() {
                    "agrees"
                } else {
                    "DISAGREES"
                }
            );
        }
    }
    s
}

/// A problem's row in the table of several: its label, status, each side's verdict and
/// first move, nodes, seconds, and whether it agrees with the answer the file states.
pub fn row(r: &Solved, label: &str) -> String {
    let status = r.status_word();
    let firsts: Vec<String> = r
        .report
        .sides
        .iter()
        .map(|s| {
            format!(
                "{}:{}{}",
                s.to_move.letter(),
                s.answer.verdict.as_str(),
                if s.answer.moves.is_empty() {
                    String::new()
                } else {
                    format!("@{}", r.move_names(s.answer.moves[0]).0)
                }
            )
        })
        .collect();
    let mark = match r.expected_status() {
        Some(e) if e == status => "ok".to_string(),
        Some(e) => format!("EXPECTED {e}"),
        None => String::new(),
    };
    format!(
        "{:<44} {:<10} {:<28} {:>10} {:>8.3}s {}{}",
        label,
        status,
        firsts.join(" "),
        r.report.nodes(),
        r.report.seconds(),
        mark,
        if r.report.rejected().is_some() {
            " PROOF REJECTED"
        } else {
            ""
        }
    )
}

/// The table's last line: `problems` (how many, named: "48 files") solved, unknown,
/// unreadable, agreeing with their files, and the search's cost.
pub fn summary(s: &SolveSummary, problems: &str) -> String {
    format!(
        "{problems}: {} solved, {} unknown, {} unreadable; {}/{} agree with the answer stated in the file; {} nodes, {:.2} s of search",
        s.solved, s.unknown, s.errors, s.agree, s.expected, s.nodes, s.seconds
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::tests::bundled;
    use crate::{answer, Settings};

    fn solved(name: &str, settings: &Settings) -> Solved {
        let problem = bundled(name);
        let report = answer(problem.position(), problem.target(), settings).unwrap();
        Solved { problem, report }
    }

    /// The words say what the report holds: each side's verdict, the winner's moves by
    /// their names, the checker's nodes, the status, and the row's status and nodes.
    #[test]
    fn the_words_say_the_report() {
        let settings = Settings {
            all_moves: true,
            ..Settings::default()
        };
        for name in ["03_bent_three_corner.sgf", "13_ko_is_alive.sgf"] {
            let r = solved(name, &settings);
            let text = report(&r, false);
            for s in &r.report.sides {
                let head = format!("{} to move: {}", s.to_move.title(), s.answer.verdict);
                let line = text.lines().find(|l| l.starts_with(&head));
                let line = line.unwrap_or_else(|| panic!("{name}: no '{head}' in\n{text}"));
                if s.mover_wins() == Some(true) {
                    for &m in s.answer.moves.iter().filter(|&&m| m != Move::Pass) {
                        assert!(line.contains(&r.move_names(m).0), "{name}: {line}");
                    }
                }
                if let Some(Ok(c)) = &s.check {
                    let said = format!("proof checked ({} nodes)", c.nodes);
                    assert!(text.contains(&said), "{name}: {said}");
                }
            }
            let status = r.status().unwrap();
            assert!(text.contains(&format!("\nstatus: {status} (")), "{text}");
            let row = row(&r, "label");
            let cols: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(cols[..2], ["label", status.as_str()], "{row}");
            assert!(
                cols.contains(&r.report.nodes().to_string().as_str()),
                "{row}"
            );
        }
    }

    /// A search out of budget says unknown, in the report, the row and the summary's
    /// counts, beside a problem solved.
    #[test]
    fn unknown_is_said_and_counted() {
        let mut tight = Settings::default();
        tight.limits.max_nodes = Some(300);
        let unknown = solved("08_rabbity_six.sgf", &tight);
        assert_eq!(unknown.status(), Some(crate::Status::Unknown));
        assert!(report(&unknown, false).contains(": unknown"));
        assert_eq!(
            row(&unknown, "u").split_whitespace().nth(1),
            Some("unknown")
        );
        let known = solved("03_bent_three_corner.sgf", &Settings::default());
        let mut sum = SolveSummary::new(3);
        sum.add(&unknown);
        sum.add(&known);
        assert_eq!((sum.solved, sum.unknown), (1, 1));
        assert_eq!(sum.nodes, unknown.report.nodes() + known.report.nodes());
        // Both files state a status; the one solved is the one that can agree.
        assert_eq!((sum.expected, sum.agree), (2, 1));
        let line = summary(&sum, "3 files");
        assert!(line.starts_with("3 files: 1 solved, 1 unknown, 0 unreadable; 1/2 agree"));
    }
}
