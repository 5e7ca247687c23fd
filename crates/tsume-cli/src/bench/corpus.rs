//! `tsume bench --corpus`: the published answers read from `answers.tsv`, each row solved,
//! judged against its status and first moves, and summed per source and per bin of
//! points in play.

use super::*;

struct Row {
    file: String,
    target: String,
    to_move: Color,
    status: String,
    first_moves: Vec<String>,
    ko: String,
    source: String,
}

struct Outcome {
    verdict: Verdict,
    first: Option<String>,
    seconds: f64,
    nodes: u64,
    error: Option<String>,
    /// Unknown rows: the plies the defender is known to survive (a smaller bound's
    /// disproof, [`tsume_prove::Answer::survives`]).
    survives: Option<u32>,
    /// With `--confirm-first-moves`: whether a published first move wins (None: not
    /// tried, or every search after one ran out of budget).
    confirmed: Option<bool>,
    /// Rows whose status tsume answers otherwise: the row solved again with its tree,
    /// checked; Ok(whether a line of it repeats a position, a ko retaken) or why there
    /// is no checked tree (over the tree limit, out of budget, rejected).
    disagreement: Option<Result<bool, String>>,
    /// Disagreements of the model whose checked tree repeats a position: the row solved
    /// once more under the basic ko rule, tree checked; Ok(its verdict) or why there is
    /// none. A ko rule verdict equal to the row's status says the row's answer is a ko
    /// (it assumes ordinary rules, where the defender may not retake at once).
    under_ko_rule: Option<Result<Verdict, String>>,
    /// The points of the area in play (`region_points` of `tsume solve --json`); None
    /// when the row could not be loaded.
    region_points: Option<usize>,
}

/// The bins of points in play that the answered share is reported by (issue 41):
/// (label, least points, most points).
const POINT_BINS: [(&str, usize, usize); 4] = [
    ("under 30", 0, 29),
    ("30-39", 30, 39),
    ("40-49", 40, 49),
    ("50+", 50, usize::MAX),
];

/// One bin of [`POINT_BINS`]: its label, the rows loaded whose area falls in it, how many
/// were answered, how many of those with a published status (dead or alive) there are
/// and how many agree with it, and the median seconds of its rows.
struct Bin {
    label: &'static str,
    rows: usize,
    answered: usize,
    status_known: usize,
    status_right: usize,
    median_seconds: f64,
}

/// The rows of `v` by bin of [`POINT_BINS`].
fn by_points(v: &[(&Row, &Outcome)]) -> Vec<Bin> {
    POINT_BINS
        .iter()
        .map(|&(label, lo, hi)| {
            let rows: Vec<_> = v
                .iter()
                .filter(|(_, o)| o.region_points.is_some_and(|n| (lo..=hi).contains(&n)))
                .collect();
            let answered = rows
                .iter()
                .filter(|(_, o)| o.verdict != Verdict::Unknown)
                .count();
            let known: Vec<_> = rows
                .iter()
                .filter(|(r, _)| r.status == "dead" || r.status == "alive")
                .collect();
            let status_right = known
                .iter()
                .filter(|(r, o)| o.verdict.as_str() == r.status)
                .count();
            let mut times: Vec<f64> = rows.iter().map(|(_, o)| o.seconds).collect();
            Bin {
                label,
                rows: rows.len(),
                answered,
                status_known: known.len(),
                status_right,
                median_seconds: median(&mut times),
            }
        })
        .collect()
}

/// A disagreeing row's answer, solved again with its tree and checked: whether a line
/// of the accepted tree repeats a position (`tsume_proof::CheckReport::repetition_free`).
/// A tree with no such line proves the answer under a ko rule too, so the row and tsume
/// then disagree on something other than a ko: the row, the guessed target or the area.
fn classify(
    pos: &tsume_board::Position,
    target: tsume_board::Point,
    verdict: Verdict,
    settings: &Settings,
) -> Result<bool, String> {
    let (again, repeats) = solve_checked(pos, target, settings)?;
    if again != verdict {
        return Err(format!("solved again: {again} (budget)"));
    }
    Ok(repeats)
}

/// A model's disagreement whose tree repeats a position, solved under the basic ko rule
/// (the immediate retake forbidden): the verdict, its tree checked, or why there is
/// none (out of budget, over the tree limit).
fn under_ko_rule(
    pos: &tsume_board::Position,
    target: tsume_board::Point,
    settings: &Settings,
) -> Result<Verdict, String> {
    Ok(solve_checked(&pos.with_ko_rule(true), target, settings)?.0)
}

/// `pos` solved with its tree (up to `--max-tree`'s default) and the tree checked as
/// `tsume solve` checks it (the claim and the bound too): the verdict and whether a line
/// of the tree repeats a position, or why there is none (unknown, no tree, rejected).
fn solve_checked(
    pos: &tsume_board::Position,
    target: tsume_board::Point,
    settings: &Settings,
) -> Result<(Verdict, bool), String> {
    let settings = Settings {
        want_tree: true,
        check: true,
        check_first_moves: false,
        max_tree: tsume_solve::DEFAULT_MAX_TREE,
        ..settings.clone()
    };
    let side = answer_one(pos, target, &settings)?;
    if side.answer.verdict == Verdict::Unknown {
        return Err("unknown (budget)".to_string());
    }
    let checked = side
        .check
        .ok_or("no tree (over --max-tree's nodes, or lost from the table)")?
        .map_err(|e| format!("PROOF REJECTED: {e}"))?;
    Ok((side.answer.verdict, !checked.repetition_free))
}

/// The library's answer for the player to move in `pos`.
fn answer_one(
    pos: &tsume_board::Position,
    target: tsume_board::Point,
    settings: &Settings,
) -> Result<tsume_solve::Side, String> {
    let settings = Settings {
        sides: Sides::One(pos.to_move()),
        ..settings.clone()
    };
    let mut report = tsume_solve::answer(pos, target, &settings).map_err(|e| e.to_string())?;
    Ok(report.sides.remove(0))
}

fn read_rows(dir: &Path) -> Result<Vec<Row>, String> {
    let path = dir.join("answers.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 10 {
            return Err(format!("{}:{}: expected 11 columns", path.display(), n + 1));
        }
        let to_move = Color::from_letter(f[3])
            .ok_or_else(|| format!("{}:{}: bad to_move '{}'", path.display(), n + 1, f[3]))?;
        rows.push(Row {
            file: f[0].to_string(),
            target: f[1].to_string(),
            to_move,
            status: f[5].to_string(),
            first_moves: f[7]
                .split('|')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            ko: f[8].to_string(),
            source: f[9].to_string(),
        });
    }
    Ok(rows)
}

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

fn solve_row(dir: &Path, row: &Row, a: &BenchArgs) -> Outcome {
    let load = LoadOptions {
        index: 0,
        target: Some(row.target.clone()),
        to_move: Some(row.to_move),
        region: a.region.clone(),
        no_frame: a.no_frame,
        keep_sealed: a.keep_sealed,
    };
    let fail = |e: String| Outcome {
        verdict: Verdict::Unknown,
        first: None,
        seconds: 0.0,
        nodes: 0,
        error: Some(e),
        survives: None,
        confirmed: None,
        disagreement: None,
        under_ko_rule: None,
        region_points: None,
    };
    let p = match tsume_sgf::load_problem(&dir.join(&row.file), &load) {
        Ok(p) => p,
        Err(e) => return fail(e.to_string()),
    };
    // The prover's defaults, no tree, nothing checked but a disagreement.
    let settings = Settings {
        depth: Some(tsume_prove::default_depth(p.position())),
        limits: a.budget.clamped(),
        want_tree: false,
        max_tree: tsume_prove::Options::default().max_tree_nodes,
        check: false,
        exact: 0,
        tuning: tuning(a),
        // The model's searches are what the bench measures.
        go: false,
        ..Settings::default()
    };
    let pos = p
        .position()
        .with_to_move(row.to_move)
        .with_ko_rule(a.ko_rule.basic());
    let confirmed = if a.confirm_first_moves {
        confirm_first_moves(&p, &pos, row, &settings)
    } else {
        None
    };
    match answer_one(&pos, p.target(), &settings) {
        Ok(side) => {
            let ans = side.answer;
            let disagreement = ((row.status == "dead" || row.status == "alive")
                && ans.verdict != Verdict::Unknown
                && ans.verdict.as_str() != row.status)
                .then(|| classify(&pos, p.target(), ans.verdict, &settings));
            // Only the model's repeating disagreements: under the rule already, or
            // with a tree that repeats nothing, the rule would answer the same.
            let under_ko_rule = (matches!(disagreement, Some(Ok(true))) && !pos.ko_rule())
                .then(|| under_ko_rule(&pos, p.target(), &settings));
            Outcome {
                disagreement,
                under_ko_rule,
                region_points: Some(p.region().len()),
                verdict: ans.verdict,
                first: ans.moves.first().map(|&m| match m {
                    Move::Pass => "pass".to_string(),
                    Move::Play(q) => p.to_full(q).map_or_else(
                        || p.position().board().name(q).to_string(),
                        |f| p.full().board().gtp(f),
                    ),
                }),
                seconds: ans.stats.seconds,
                nodes: ans.stats.nodes,
                error: None,
                survives: ans.survives,
                confirmed,
            }
        }
        Err(e) => fail(e),
    }
}

/// Whether one of the row's published first moves wins under these rules: after it, the
/// other side to move, the attacker still kills (a kill row) or the defender still lives
/// (a life row). None when the row's status does not have the player to move winning,
/// the row has a ko or no move, or every search ran out of budget.
fn confirm_first_moves(
    p: &tsume_sgf::Problem,
    pos: &tsume_board::Position,
    row: &Row,
    settings: &Settings,
) -> Option<bool> {
    let attacker_moves = row.to_move == p.attacker();
    let mover_wins = if attacker_moves { "dead" } else { "alive" };
    if row.status != mover_wins || row.ko == "yes" || row.first_moves.is_empty() {
        return None;
    }
    // One ply spent: the same question within one ply fewer.
    let rest = Settings {
        depth: settings.depth.map(|d| d.saturating_sub(1)),
        ..settings.clone()
    };
    let mut all_known = true;
    for m in &row.first_moves {
        let Some(x) = p
            .full()
            .board()
            .parse_point(m)
            .ok()
            .and_then(|f| p.from_full(f))
        else {
            continue; // not in play: it cannot be confirmed here
        };
        if !pos.is_legal(x) {
            continue;
        }
        let after = pos.play(Move::Play(x));
        if after.color(p.target()).is_none() {
            // The published move captures the target outright: a kill.
            return Some(true);
        }
        match answer_one(&after, p.target(), &rest).map(|s| s.answer.verdict) {
            Ok(Verdict::Dead) if attacker_moves => return Some(true),
            Ok(Verdict::Alive) if !attacker_moves => return Some(true),
            Ok(Verdict::Unknown) => all_known = false,
            _ => {}
        }
    }
    all_known.then_some(false)
}

pub(super) fn corpus(
    pool: &rayon::ThreadPool,
    dir: &Path,
    a: &BenchArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut rows = match read_rows(dir) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "tsume bench: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    if let Some(s) = &a.source {
        rows.retain(|r| r.source.starts_with(s.as_str()));
    }
    if a.every > 1 {
        rows = rows.into_iter().step_by(a.every).collect();
    }
    if let Some(n) = a.limit {
        rows.truncate(n);
    }
    let outcomes: Vec<Outcome> =
        pool.install(|| rows.par_iter().map(|r| solve_row(dir, r, a)).collect());
    let mut tsv = String::from("file\ttarget\tto_move\texpected\tgot\tfirst_move\tpublished\tseconds\tnodes\tsource\terror\tsurvives\tconfirmed\trepeats\tko_rule\tregion_points\n");
    let mut per: Vec<(String, Vec<(&Row, &Outcome)>)> = Vec::new();
    for (r, o) in rows.iter().zip(&outcomes) {
        let src = r.source.split(':').next().unwrap_or("").to_string();
        match per.iter_mut().find(|(s, _)| *s == src) {
            Some((_, v)) => v.push((r, o)),
            None => per.push((src, vec![(r, o)])),
        }
        tsv += &format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.4}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            r.file,
            r.target,
            r.to_move.letter(),
            r.status,
            o.verdict,
            o.first.clone().unwrap_or_default(),
            r.first_moves.join("|"),
            o.seconds,
            o.nodes,
            r.source,
            o.error.clone().unwrap_or_default(),
            o.survives.map_or(String::new(), |h| h.to_string()),
            o.confirmed.map_or(String::new(), |c| c.to_string()),
            match &o.disagreement {
                Some(Ok(true)) => "yes",
                Some(Ok(false)) => "no",
                _ => "",
            },
            match &o.under_ko_rule {
                Some(Ok(v)) => v.as_str(),
                Some(Err(_)) => "unknown",
                None => "",
            },
            o.region_points.map_or(String::new(), |n| n.to_string())
        );
    }
    if let Some(path) = &a.rows_out {
        if let Err(e) = std::fs::write(path, &tsv) {
            let _ = writeln!(err, "{}: {e}", path.display());
            return EXIT_BAD_INPUT;
        }
    }
    let mut summary = Vec::new();
    // Printed after the disagreements (human output only).
    let mut partial_lines: Vec<String> = Vec::new();
    if !a.json {
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
    }
    for (src, v) in &per {
        let answered = v
            .iter()
            .filter(|(_, o)| o.verdict != Verdict::Unknown)
            .count();
        let known: Vec<_> = v
            .iter()
            .filter(|(r, _)| r.status == "dead" || r.status == "alive")
            .collect();
        let right = known
            .iter()
            .filter(|(r, o)| o.verdict.as_str() == r.status)
            .count();
        let kofree: Vec<_> = known.iter().filter(|(r, _)| r.ko != "yes").collect();
        let kofree_right = kofree
            .iter()
            .filter(|(r, o)| o.verdict.as_str() == r.status)
            .count();
        let with_moves: Vec<_> = v
            .iter()
            .filter(|(r, o)| r.ko != "yes" && !r.first_moves.is_empty() && o.first.is_some())
            .collect();
        let moves_right = with_moves
            .iter()
            .filter(|(r, o)| o.first.as_ref().is_some_and(|m| r.first_moves.contains(m)))
            .count();
        let confirm_tried = v.iter().filter(|(_, o)| o.confirmed.is_some()).count();
        let confirm_right = v.iter().filter(|(_, o)| o.confirmed == Some(true)).count();
        // Unknown rows, and the plies of those with a partial result.
        let unknown = v
            .iter()
            .filter(|(_, o)| o.verdict == Verdict::Unknown && o.error.is_none())
            .count();
        let plies: Vec<u32> = v
            .iter()
            .filter(|(_, o)| o.verdict == Verdict::Unknown)
            .filter_map(|(_, o)| o.survives)
            .collect();
        if let (Some(lo), Some(hi)) = (plies.iter().min(), plies.iter().max()) {
            partial_lines.push(format!(
                "\n{src}: {} of {unknown} unknown rows have a partial result: the attacker \
                 cannot kill within {lo} to {hi} plies (a smaller bound's disproof in the \
                 search's table, which `tsume solve` checks; column `survives` of --rows-out)",
                plies.len()
            ));
        }
        let partial = plies.len();
        let classified = |want: bool| {
            v.iter()
                .filter(|(_, o)| matches!(o.disagreement, Some(Ok(x)) if x == want))
                .count()
        };
        let (repeating, not_repeating) = (classified(true), classified(false));
        let disagreements = v.iter().filter(|(_, o)| o.disagreement.is_some()).count();
        // The repeating ones solved again under the basic ko rule (none when the bench
        // runs under it), and those it answers as the row does: kos.
        let ko_rule_tried = v.iter().filter(|(_, o)| o.under_ko_rule.is_some()).count();
        let ko_rule_agrees = v
            .iter()
            .filter(|(r, o)| matches!(&o.under_ko_rule, Some(Ok(k)) if k.as_str() == r.status))
            .count();
        let mut times: Vec<f64> = v.iter().map(|(_, o)| o.seconds).collect();
        let total: f64 = times.iter().sum();
        let med = median(&mut times);
        let bins = by_points(v);
        if a.json {
            summary.push(SourceJson {
                source: src.clone(),
                rows: v.len(),
                answered,
                status_known: known.len(),
                status_right: right,
                kofree: kofree.len(),
                kofree_right,
                first_move_checked: with_moves.len(),
                first_move_right: moves_right,
                median_seconds: med,
                total_seconds: total,
                unknown_with_partial_result: partial,
                published_first_move_confirmed: confirm_right,
                published_first_move_decided: confirm_tried,
                disagreements,
                disagreements_repeating: repeating,
                disagreements_not_repeating: not_repeating,
                disagreements_ko_rule_agrees: ko_rule_agrees,
                answered_by_points: bins
                    .iter()
                    .map(|b| PointsBinJson {
                        points: b.label,
                        rows: b.rows,
                        answered: b.answered,
                        status_known: b.status_known,
                        status_right: b.status_right,
                        median_seconds: b.median_seconds,
                    })
                    .collect(),
            });
        } else {
            let _ = writeln!(
                out,
                "{:<8} {:>5} {:>9} {:>6}/{:<6} {:>5}/{:<6} {:>4}/{:<6} {:>10.3} {:>9.1}",
                src,
                v.len(),
                answered,
                right,
                known.len(),
                kofree_right,
                kofree.len(),
                moves_right,
                with_moves.len(),
                med,
                total
            );
            let shares: Vec<String> = bins
                .iter()
                .filter(|b| b.rows > 0)
                .map(|b| {
                    format!(
                        "{}: {}/{} ({:.0} %, right {}/{}, median {:.2} s)",
                        b.label,
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
            if disagreements > 0 {
                let _ = writeln!(
                    out,
                    "{:<8} status disagreements: {disagreements}; a line of the proof repeats \
                     a position (a ko, or a cycle its strategy chose) in {repeating}, no line in \
                     {not_repeating} (no ko retaken: the row, the target or the area differs)",
                    ""
                );
                if ko_rule_tried > 0 {
                    let _ = writeln!(
                        out,
                        "{:<8} of the {ko_rule_tried} that repeat, {ko_rule_agrees} get the \
                         published status under the basic ko rule (proof checked): kos, whose \
                         published answer assumes that rule",
                        ""
                    );
                }
            }
            if a.confirm_first_moves {
                let _ = writeln!(
                    out,
                    "{:<8} published first move wins under these rules: {confirm_right}/{confirm_tried} \
                     (rows decided)",
                    ""
                );
            }
        }
    }
    if a.json {
        crate::report::print(out, &CorpusJson { sources: summary });
    } else {
        let wrong: Vec<_> = rows
            .iter()
            .zip(&outcomes)
            .filter(|(r, o)| {
                (r.status == "dead" || r.status == "alive")
                    && o.verdict != Verdict::Unknown
                    && o.verdict.as_str() != r.status
            })
            .collect();
        if !wrong.is_empty() {
            let _ = writeln!(out, "\nstatus disagreements ({}):", wrong.len());
            for (r, o) in wrong {
                let why = match &o.disagreement {
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
                };
                let _ = writeln!(
                    out,
                    "  {} target {} {} to move: published {}, tsume {} ({}); {why}",
                    r.file,
                    r.target,
                    r.to_move.letter(),
                    r.status,
                    o.verdict,
                    r.source
                );
            }
        }
        for line in &partial_lines {
            let _ = writeln!(out, "{line}");
        }
        let errors: Vec<_> = rows
            .iter()
            .zip(&outcomes)
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
    EXIT_OK
}
