//! `tsume bench --corpus`'s table in words: per source the counts of
//! [`SourceSummary`], the answered share by points in play, the disagreements and why
//! (as their checked trees show it), the partial results of unknown rows and the rows
//! that could not be read.

use std::fmt::Write as _;

use crate::answers::Row;
use crate::judge::Outcome;
use crate::summary::SourceSummary;

/// The table of `sources`, then the rows to inspect among `rows` and their `outcomes`;
/// with `confirm`, the published first moves confirmed.
pub fn table(
    rows: &[Row],
    outcomes: &[Outcome],
    sources: &[SourceSummary],
    confirm: bool,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<8} {:>5} {:>9} {:>13} {:>12} {:>11} {:>10} {:>9}",
        "source",
        "rows",
        "answered",
        "status right",
        "no-ko right",
        "first move",
        "median s",
        "total s"
    );
    for s in sources {
        write_source(&mut out, s, confirm);
    }
    write_rows(&mut out, rows, outcomes, sources);
    write_rzs(&mut out, rows, outcomes);
    out
}

/// The RZS rows' totals ([`crate::summary::rzs_totals`]), beside the paper's solvers on the same rows.
fn write_rzs(out: &mut String, rows: &[Row], outcomes: &[Outcome]) {
    let Some(t) = crate::summary::rzs_totals(rows, outcomes) else {
        return;
    };
    let _ = writeln!(
        out,
        "RZS problems: {}; solved (as published, checked; a life without a ko) {}, \
         contradicted {}, median {:.3} s; the paper on these: texp {}, \
         elf_rzs {}, ftl_rzs {}",
        t.problems,
        t.solved,
        t.contradicted,
        t.median_seconds,
        t.paper_texp,
        t.paper_elf_rzs,
        t.paper_ftl_rzs
    );
    if t.area_only > 0 {
        let _ = writeln!(
            out,
            "  {} of the answers hold for the area as cut only (the cut changed the \
             board: --rows-out's scope column)",
            t.area_only
        );
    }
}

/// One source's lines of the table.
fn write_source(out: &mut String, s: &SourceSummary, confirm: bool) {
    let _ = writeln!(
        out,
        "{:<8} {:>5} {:>9} {:>6}/{:<6} {:>5}/{:<6} {:>4}/{:<6} {:>10.3} {:>9.1}",
        s.source,
        s.rows,
        s.answered,
        s.status_right,
        s.status_known,
        s.kofree_right,
        s.kofree,
        s.first_move_right,
        s.first_move_checked,
        s.median_seconds,
        s.total_seconds
    );
    let shares: Vec<String> = s
        .answered_by_points
        .iter()
        .filter(|b| b.rows > 0)
        .map(|b| {
            format!(
                "{}: {}/{} ({:.0} %, right {}/{}, median {:.2} s)",
                b.points,
                b.answered,
                b.rows,
                100.0 * b.answered as f64 / b.rows as f64,
                b.status_right,
                b.status_known,
                b.median_seconds
            )
        })
        .collect();
    if !shares.is_empty() {
        let _ = writeln!(
            out,
            "{:<8} answered by points in play: {}",
            "",
            shares.join(", ")
        );
    }
    let (disagreements, repeating, not_repeating) = (
        s.disagreements,
        s.disagreements_repeating,
        s.disagreements_not_repeating,
    );
    if disagreements > 0 {
        let _ = writeln!(
            out,
            "{:<8} status disagreements: {disagreements}; a line of the proof repeats \
             a position (a ko, or a cycle its strategy chose) in {repeating}, no line in \
             {not_repeating} (no ko retaken: the row, the target or the area differs)",
            ""
        );
        if s.ko_rule_tried > 0 {
            let _ = writeln!(
                out,
                "{:<8} of the {} that repeat, {} get the \
                 published status under the basic ko rule (proof checked): kos, whose \
                 published answer assumes that rule",
                "", s.ko_rule_tried, s.disagreements_ko_rule_agrees
            );
        }
    }
    if confirm {
        let _ = writeln!(
            out,
            "{:<8} published first move wins under these rules: {}/{} \
             (rows decided)",
            "", s.published_first_move_confirmed, s.published_first_move_decided
        );
    }
}

/// Why a disagreeing row disagrees, as its checked trees show it.
fn why(r: &Row, o: &Outcome) -> String {
    match &o.disagreement {
        Some(Ok(true)) => match &o.under_ko_rule {
            Some(Ok(k)) if k.as_str() == r.status => format!(
                "a ko: a line of the proof repeats a position, and under the \
                 basic ko rule tsume answers {k} as published (checked)"
            ),
            Some(Ok(k)) => format!(
                "a line of the proof repeats a position, and under the basic ko \
                 rule tsume answers {k} too (checked): not a plain ko"
            ),
            Some(Err(e)) => format!(
                "a line of the proof repeats a position (a ko, or a cycle its \
                 strategy chose); under the basic ko rule: {e}"
            ),
            None => "a line of the proof repeats a position (a ko, or a cycle \
                 its strategy chose)"
                .to_string(),
        },
        Some(Ok(false)) => "no line of the proof repeats a position (no ko is \
             retaken: the row, the target or the area differs)"
            .to_string(),
        Some(Err(e)) => format!("not classified: {e}"),
        None => "not classified".to_string(),
    }
}

/// The rows to inspect: disagreements, the partial results of unknown rows, unreadable
/// rows.
fn write_rows(out: &mut String, rows: &[Row], outcomes: &[Outcome], sources: &[SourceSummary]) {
    let wrong: Vec<_> = rows
        .iter()
        .zip(outcomes)
        .filter(|(r, o)| o.disagrees(r))
        .collect();
    if !wrong.is_empty() {
        let _ = writeln!(out, "\nstatus disagreements ({}):", wrong.len());
        for (r, o) in wrong {
            let _ = writeln!(
                out,
                "  {} target {} {} to move: published {}, tsume {} ({}); {}",
                r.file,
                r.target,
                r.to_move.letter(),
                r.status,
                o.verdict,
                r.source,
                why(r, o)
            );
        }
    }
    for s in sources {
        if let Some((lo, hi)) = s.survives_range {
            let _ = writeln!(
                out,
                "\n{}: {} of {} unknown rows have a partial result: the attacker \
                 cannot kill within {lo} to {hi} plies (a smaller bound's disproof in the \
                 search's table, which `tsume solve` checks; column `survives` of --rows-out)",
                s.source, s.unknown_with_partial_result, s.unknown
            );
        }
    }
    let errors: Vec<_> = rows
        .iter()
        .zip(outcomes)
        .filter(|(_, o)| o.error.is_some())
        .collect();
    if !errors.is_empty() {
        let _ = writeln!(out, "\nunreadable rows ({}):", errors.len());
        for (r, o) in errors.iter().take(20) {
            let _ = writeln!(
                out,
                "  {} {}: {}",
                r.file,
                r.target,
                o.error.clone().unwrap_or_default()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::summarize;
    use tsume_board::Color;
    use tsume_prove::Verdict;

    fn row(status: &str) -> Row {
        Row {
            file: "f.sgf".into(),
            target: "A1".into(),
            to_move: Color::White,
            status: status.into(),
            first_moves: Vec::new(),
            ko: String::new(),
            source: "gnugo".into(),
            notes: String::new(),
        }
    }

    fn outcome(verdict: Verdict, error: Option<&str>) -> Outcome {
        Outcome {
            verdict,
            first: None,
            seconds: 0.5,
            nodes: 10,
            error: error.map(str::to_string),
            survives: None,
            confirmed: None,
            disagreement: Some(Ok(true)),
            under_ko_rule: Some(Ok(Verdict::Dead)),
            region_points: Some(20),
            rzs: None,
        }
    }

    /// RZS rows: solved = published alive and answered alive, contradicted = answered
    /// dead; the paper's columns counted beside; a claim whose cut changed the board is
    /// said to hold for the area only.
    #[test]
    fn rzs_rows_are_totalled_beside_the_paper() {
        let rzs_row = |paper: &str| Row {
            source: "rzs:1".into(),
            status: "alive".into(),
            notes: format!("paper-nodes={paper};crucial=A1;defender-lives-without-ko"),
            ..row("alive")
        };
        let rows = [
            rzs_row("elf:-,elf_rzs:5,ftl:-,ftl_rzs:7,texp:-"),
            rzs_row("elf:-,elf_rzs:-,ftl:-,ftl_rzs:9,texp:3"),
            rzs_row("elf:-,elf_rzs:-,ftl:-,ftl_rzs:-,texp:-"),
        ];
        let with = |verdict, scope: Vec<String>| Outcome {
            disagreement: None,
            under_ko_rule: None,
            rzs: Some(crate::rzs::Rzs {
                groups: 1,
                why: String::new(),
                searched: Vec::new(),
                scope,
            }),
            ..outcome(verdict, None)
        };
        let outcomes = [
            with(Verdict::Alive, vec!["a wall".into()]),
            with(Verdict::Dead, Vec::new()),
            with(Verdict::Unknown, Vec::new()),
        ];
        let sources = summarize(&rows, &outcomes);
        let text = table(&rows, &outcomes, &sources, false);
        assert!(
            text.contains("RZS problems: 3; solved (as published, checked; a life without a ko) 1, contradicted 1, median 0.500 s; the paper on these: texp 1, elf_rzs 1, ftl_rzs 2"),
            "{text}"
        );
        assert!(
            text.contains("1 of the answers hold for the area as cut only"),
            "{text}"
        );
        let tsv = crate::summary::rows_tsv(&rows, &outcomes);
        let first = tsv.lines().nth(1).unwrap();
        assert!(first.ends_with("\t1\t\tarea: a wall\t-\t5\t7"), "{first}");
    }

    /// A row that agrees, one that disagrees through a ko, one unreadable: the header,
    /// the source's counts, the disagreement with why, the unreadable row.
    #[test]
    fn the_table_lists_sources_disagreements_and_unreadable_rows() {
        let rows = [row("dead"), row("dead"), row("alive")];
        let outcomes = [
            outcome(Verdict::Dead, None),
            outcome(Verdict::Alive, None),
            outcome(Verdict::Unknown, Some("no such file")),
        ];
        let sources = summarize(&rows, &outcomes);
        let text = table(&rows, &outcomes, &sources, false);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("source    rows  answered"), "{text}");
        assert!(lines[1].starts_with("gnugo        3         2"), "{text}");
        assert!(
            text.contains(
                "\nstatus disagreements (1):\n  f.sgf target A1 W to move: published dead, tsume alive (gnugo); a ko:"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("\nunreadable rows (1):\n  f.sgf A1: no such file\n"),
            "{text}"
        );
        assert!(!text.contains("published first move wins"), "{text}");
    }
}
