//! The rows judged, summed up: per source (the counts of `tsume bench --corpus`, which
//! are its `--json`), per bin of points in play, and one TSV line per row.

use serde::Serialize;
use tsume_prove::Verdict;

use crate::answers::Row;
use crate::judge::Outcome;

/// `tsume bench --corpus DIR --json`: one summary per source.
#[derive(Serialize, Debug)]
pub struct CorpusSummary {
    pub sources: Vec<SourceSummary>,
    /// The RZS rows' totals (null without an RZS row).
    pub rzs: Option<RzsTotals>,
}

/// The RZS rows' totals (`tsume bench` prints them in words and, under `--json`, as
/// `rzs`), beside the paper's solvers on the same rows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RzsTotals {
    /// The RZS rows judged.
    pub problems: usize,
    /// Solved as published (checked; a life without a ko).
    pub solved: usize,
    /// Answered otherwise than published.
    pub contradicted: usize,
    /// Answers (not unknown) that hold for the area as cut only.
    pub area_only: usize,
    pub median_seconds: f64,
    /// The rows each of the paper's solvers solved (Table 3): Tsumego Explorer, ELF with
    /// RZS, FTL with RZS.
    pub paper_texp: usize,
    pub paper_elf_rzs: usize,
    pub paper_ftl_rzs: usize,
}

/// The totals of the RZS rows among `rows` (judged as `outcomes`), None without one.
pub fn rzs_totals(rows: &[Row], outcomes: &[Outcome]) -> Option<RzsTotals> {
    let mut t = RzsTotals {
        problems: 0,
        solved: 0,
        contradicted: 0,
        area_only: 0,
        median_seconds: 0.0,
        paper_texp: 0,
        paper_elf_rzs: 0,
        paper_ftl_rzs: 0,
    };
    let mut seconds = Vec::new();
    for (r, o) in rows.iter().zip(outcomes) {
        let Some(tags) = crate::rzs::Tags::parse(&r.notes) else {
            continue;
        };
        t.problems += 1;
        seconds.push(o.seconds);
        t.solved += usize::from(o.agrees(r));
        t.contradicted += usize::from(o.disagrees(r));
        let changed = o.rzs.as_ref().is_some_and(|z| !z.scope.is_empty());
        t.area_only += usize::from(changed && o.verdict != Verdict::Unknown);
        t.paper_texp += usize::from(tags.texp.is_some());
        t.paper_elf_rzs += usize::from(tags.elf_rzs.is_some());
        t.paper_ftl_rzs += usize::from(tags.ftl_rzs.is_some());
    }
    t.median_seconds = median(&mut seconds);
    (t.problems > 0).then_some(t)
}

/// One source of the corpus, summed up.
#[derive(Serialize, Debug)]
pub struct SourceSummary {
    pub source: String,
    pub rows: usize,
    pub answered: usize,
    pub status_known: usize,
    pub status_right: usize,
    pub kofree: usize,
    pub kofree_right: usize,
    pub first_move_checked: usize,
    pub first_move_right: usize,
    pub median_seconds: f64,
    pub total_seconds: f64,
    pub unknown_with_partial_result: usize,
    pub published_first_move_confirmed: usize,
    pub published_first_move_decided: usize,
    pub disagreements: usize,
    pub disagreements_repeating: usize,
    pub disagreements_not_repeating: usize,
    pub disagreements_ko_rule_agrees: usize,
    /// The answered share by points in play (issue 41's bins).
    pub answered_by_points: Vec<PointsBin>,
    /// Unknown rows that could be loaded (not in the JSON).
    #[serde(skip)]
    pub unknown: usize,
    /// The least and most plies the defender survives among the unknown rows with a
    /// partial result (not in the JSON).
    #[serde(skip)]
    pub survives_range: Option<(u32, u32)>,
    /// Disagreements solved again under the basic ko rule (not in the JSON).
    #[serde(skip)]
    pub ko_rule_tried: usize,
}

/// One bin of points in play: its label, rows, rows answered, rows with a published
/// status (dead or alive) and how many of them agree, the median seconds of its rows.
#[derive(Serialize, Debug, PartialEq)]
pub struct PointsBin {
    pub points: &'static str,
    pub rows: usize,
    pub answered: usize,
    pub status_known: usize,
    pub status_right: usize,
    pub median_seconds: f64,
}

/// The bins of points in play that the answered share is reported by (issue 41):
/// (label, least points, most points).
pub const POINT_BINS: [(&str, usize, usize); 4] = [
    ("under 30", 0, 29),
    ("30-39", 30, 39),
    ("40-49", 40, 49),
    ("50+", 50, usize::MAX),
];

/// The upper median of `v` (sorted in place); 0 when empty.
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// `v` tallied as a bin labelled `points`: its rows, those answered, those with a
/// published status (dead or alive) and how many of them agree, the median seconds.
fn tally(points: &'static str, v: &[(&Row, &Outcome)]) -> PointsBin {
    let answered = v
        .iter()
        .filter(|(_, o)| o.verdict != Verdict::Unknown)
        .count();
    let known: Vec<_> = v.iter().filter(|(r, _)| r.status_known()).collect();
    let status_right = known.iter().filter(|(r, o)| o.agrees(r)).count();
    let mut times: Vec<f64> = v.iter().map(|(_, o)| o.seconds).collect();
    PointsBin {
        points,
        rows: v.len(),
        answered,
        status_known: known.len(),
        status_right,
        median_seconds: median(&mut times),
    }
}

/// The rows of `v` by bin of [`POINT_BINS`] (rows not loaded in none).
fn by_points(v: &[(&Row, &Outcome)]) -> Vec<PointsBin> {
    POINT_BINS
        .iter()
        .map(|&(label, lo, hi)| {
            let rows: Vec<_> = v
                .iter()
                .filter(|(_, o)| o.region_points.is_some_and(|n| (lo..=hi).contains(&n)))
                .copied()
                .collect();
            tally(label, &rows)
        })
        .collect()
}

/// One source's rows summed up.
fn source(name: &str, v: &[(&Row, &Outcome)]) -> SourceSummary {
    let all = tally("", v);
    let known: Vec<_> = v.iter().filter(|(r, _)| r.status_known()).collect();
    let kofree: Vec<_> = known.iter().filter(|(r, _)| r.ko != "yes").collect();
    let kofree_right = kofree.iter().filter(|(r, o)| o.agrees(r)).count();
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
    let survives_range = plies.iter().min().zip(plies.iter().max());
    let classified = |want: bool| {
        v.iter()
            .filter(|(_, o)| matches!(o.disagreement, Some(Ok(x)) if x == want))
            .count()
    };
    // The repeating ones solved again under the basic ko rule (none when the bench
    // runs under it), and those it answers as the row does: kos.
    let ko_rule_tried = v.iter().filter(|(_, o)| o.under_ko_rule.is_some()).count();
    let ko_rule_agrees = v
        .iter()
        .filter(|(r, o)| matches!(&o.under_ko_rule, Some(Ok(k)) if k.as_str() == r.status))
        .count();
    SourceSummary {
        source: name.to_string(),
        rows: all.rows,
        answered: all.answered,
        status_known: all.status_known,
        status_right: all.status_right,
        kofree: kofree.len(),
        kofree_right,
        first_move_checked: with_moves.len(),
        first_move_right: moves_right,
        median_seconds: all.median_seconds,
        total_seconds: v.iter().map(|(_, o)| o.seconds).sum(),
        unknown_with_partial_result: plies.len(),
        published_first_move_confirmed: confirm_right,
        published_first_move_decided: confirm_tried,
        disagreements: v.iter().filter(|(_, o)| o.disagreement.is_some()).count(),
        disagreements_repeating: classified(true),
        disagreements_not_repeating: classified(false),
        disagreements_ko_rule_agrees: ko_rule_agrees,
        answered_by_points: by_points(v),
        unknown,
        survives_range: survives_range.map(|(&lo, &hi)| (lo, hi)),
        ko_rule_tried,
    }
}

/// The rows and their outcomes (in the same order) summed up per source name
/// ([`Row::source_name`]), the sources in order of first appearance.
pub fn summarize(rows: &[Row], outcomes: &[Outcome]) -> Vec<SourceSummary> {
    let mut per: Vec<(&str, Vec<(&Row, &Outcome)>)> = Vec::new();
    for (r, o) in rows.iter().zip(outcomes) {
        let src = r.source_name();
        match per.iter_mut().find(|(s, _)| *s == src) {
            Some((_, v)) => v.push((r, o)),
            None => per.push((src, vec![(r, o)])),
        }
    }
    per.iter().map(|(name, v)| source(name, v)).collect()
}

/// One TSV line per row, after a header (the columns of `tsume bench --rows-out`).
pub fn rows_tsv(rows: &[Row], outcomes: &[Outcome]) -> String {
    let mut tsv = String::from("file\ttarget\tto_move\texpected\tgot\tfirst_move\tpublished\tseconds\tnodes\tsource\terror\tsurvives\tconfirmed\trepeats\tko_rule\tregion_points\tcrucial_groups\trzs\tscope\ttexp\telf_rzs\tftl_rzs\n");
    for (r, o) in rows.iter().zip(outcomes) {
        tsv += &format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.4}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
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
            o.region_points.map_or(String::new(), |n| n.to_string()),
            rzs_columns(r, o),
        );
    }
    tsv
}

/// The RZS columns of a row (empty for other rows): the crucial groups, why it is
/// settled or not, what the cut changed (`board`: nothing), the paper's nodes (`-`: not
/// solved).
fn rzs_columns(r: &Row, o: &Outcome) -> String {
    let paper = crate::rzs::Tags::parse(&r.notes);
    let n = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |n| n.to_string());
    match (&o.rzs, paper) {
        (rzs, Some(t)) => format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            rzs.as_ref().map_or(String::new(), |z| z.groups.to_string()),
            rzs.as_ref().map_or(String::new(), |z| z.why.clone()),
            rzs.as_ref()
                .map_or(String::new(), |z| if z.scope.is_empty() {
                    "board".to_string()
                } else {
                    format!("area: {}", z.scope.join("; "))
                }),
            n(t.texp),
            n(t.elf_rzs),
            n(t.ftl_rzs)
        ),
        _ => "\t\t\t\t\t".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsume_board::Color;

    fn row(source: &str, status: &str, ko: &str, first: &[&str]) -> Row {
        Row {
            file: "f.sgf".into(),
            target: "A1".into(),
            to_move: Color::White,
            status: status.into(),
            first_moves: first.iter().map(|s| s.to_string()).collect(),
            ko: ko.into(),
            source: source.into(),
            notes: String::new(),
        }
    }

    fn outcome(verdict: Verdict, points: Option<usize>, seconds: f64) -> Outcome {
        Outcome {
            verdict,
            first: None,
            seconds,
            nodes: 0,
            error: None,
            survives: None,
            confirmed: None,
            disagreement: None,
            under_ko_rule: None,
            region_points: points,
            rzs: None,
        }
    }

    #[test]
    fn median_is_the_upper_middle() {
        assert_eq!(median(&mut []), 0.0);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 3.0);
    }

    #[test]
    fn sources_and_bins_count_their_rows() {
        let rows = vec![
            row("cho:1", "dead", "no", &["B1"]),
            row("gnugo", "alive", "no", &[]),
            row("cho:2", "alive", "yes", &["C1"]),
            row("cho:3", "seki", "no", &[]),
        ];
        let mut dead_b1 = outcome(Verdict::Dead, Some(29), 1.0);
        dead_b1.first = Some("B1".into());
        let mut wrong = outcome(Verdict::Dead, Some(30), 3.0);
        wrong.first = Some("D1".into());
        wrong.disagreement = Some(Ok(true));
        wrong.under_ko_rule = Some(Ok(Verdict::Alive));
        let mut unknown = outcome(Verdict::Unknown, Some(55), 2.0);
        unknown.survives = Some(7);
        let outcomes = vec![dead_b1, outcome(Verdict::Alive, None, 0.5), wrong, unknown];
        let s = summarize(&rows, &outcomes);
        assert_eq!(s.len(), 2);
        let cho = &s[0];
        assert_eq!(cho.source, "cho");
        assert_eq!((cho.rows, cho.answered), (3, 2));
        assert_eq!((cho.status_known, cho.status_right), (2, 1));
        assert_eq!((cho.kofree, cho.kofree_right), (1, 1));
        assert_eq!((cho.first_move_checked, cho.first_move_right), (1, 1));
        assert_eq!((cho.median_seconds, cho.total_seconds), (2.0, 6.0));
        assert_eq!((cho.unknown, cho.unknown_with_partial_result), (1, 1));
        assert_eq!(cho.survives_range, Some((7, 7)));
        assert_eq!((cho.disagreements, cho.disagreements_repeating), (1, 1));
        assert_eq!(
            (cho.ko_rule_tried, cho.disagreements_ko_rule_agrees),
            (1, 1)
        );
        let bins: Vec<_> = cho
            .answered_by_points
            .iter()
            .map(|b| (b.points, b.rows, b.answered, b.status_known, b.status_right))
            .collect();
        assert_eq!(
            bins,
            [
                ("under 30", 1, 1, 1, 1),
                ("30-39", 1, 1, 1, 0),
                ("40-49", 0, 0, 0, 0),
                ("50+", 1, 0, 0, 0)
            ]
        );
        // A row not loaded is in no bin.
        assert!(s[1].answered_by_points.iter().all(|b| b.rows == 0));
        assert!(outcomes[2].disagrees(&rows[2]) && !outcomes[0].disagrees(&rows[0]));
    }

    #[test]
    fn the_tsv_has_a_line_per_row_under_its_header() {
        let rows = vec![row("cho:1", "dead", "no", &["B1", "C1"])];
        let mut o = outcome(Verdict::Dead, Some(12), 0.25);
        o.disagreement = Some(Ok(false));
        let tsv = rows_tsv(&rows, &[o]);
        let lines: Vec<&str> = tsv.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].split('\t').count(), 22);
        // The RZS columns are empty on other rows.
        assert_eq!(
            lines[1],
            "f.sgf\tA1\tW\tdead\tdead\t\tB1|C1\t0.2500\t0\tcho:1\t\t\t\tno\t\t12\t\t\t\t\t\t"
        );
    }
}
