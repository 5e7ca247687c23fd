//! `tsume bench --corpus`: the rows of `answers.tsv` solved and judged by `tsume-corpus`,
//! rendered per source and per bin of points in play.

use super::*;
use tsume_corpus::{Outcome, Row, SourceSummary};

/// The search as `--no-deepen`, `--no-unbounded`, `--no-learned-order` and `--zones` set
/// it.
pub(super) fn tuning(a: &BenchArgs) -> Tuning {
    Tuning {
        deepen: !a.no_deepen,
        unbounded: !a.no_unbounded,
        learned_order: !a.no_learned_order,
        zones: a.zones,
        ..Tuning::default()
    }
}

pub(super) fn corpus(
    pool: &rayon::ThreadPool,
    dir: &Path,
    a: &BenchArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let rows = match tsume_corpus::read_rows(dir) {
        Ok(r) => tsume_corpus::select(r, a.source.as_deref(), a.every, a.limit),
        Err(e) => {
            let _ = writeln!(err, "tsume bench: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let opts = tsume_corpus::Options {
        region: a.region.clone(),
        no_frame: a.no_frame,
        keep_sealed: a.keep_sealed,
        limits: a.budget.clamped(),
        tuning: tuning(a),
        ko_rule: a.ko_rule.basic(),
        confirm_first_moves: a.confirm_first_moves,
    };
    let outcomes: Vec<Outcome> = pool.install(|| {
        rows.par_iter()
            .map(|r| tsume_corpus::solve_row(dir, r, &opts))
            .collect()
    });
    if let Some(path) = &a.rows_out {
        if let Err(e) = std::fs::write(path, tsume_corpus::rows_tsv(&rows, &outcomes)) {
            let _ = writeln!(err, "{}: {e}", path.display());
            return EXIT_BAD_INPUT;
        }
    }
    let sources = tsume_corpus::summarize(&rows, &outcomes);
    if a.json {
        crate::report::print(out, &tsume_corpus::CorpusSummary { sources });
        return EXIT_OK;
    }
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
    for s in &sources {
        write_source(out, s, a.confirm_first_moves);
    }
    write_rows(out, &rows, &outcomes, &sources);
    EXIT_OK
}

/// One source's lines of the table.
fn write_source(out: &mut dyn Write, s: &SourceSummary, confirm: bool) {
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
fn write_rows(out: &mut dyn Write, rows: &[Row], outcomes: &[Outcome], sources: &[SourceSummary]) {
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
