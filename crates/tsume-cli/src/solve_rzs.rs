//! `tsume solve` on a file whose mark (`TR`, ...) names stones of several groups: the
//! RZS benchmark's question (`tsume_corpus::rzs`, the same code as `tsume bench --source
//! rzs`): each crucial group in turn under the basic ko rule, "alive" when one is proven
//! alive without a ko, "dead" only when the crucial stones are one group, else unknown.

use std::io::Write;

use serde::Serialize;
use tsume_board::{Color, Move};
use tsume_corpus::rzs::{self, Tags};
use tsume_sgf::LoadOptions;

use crate::jobs::Job;
use crate::{Fail, EXIT_OK};

/// The `--json` object of an RZS answer (docs/cli.md, "Several crucial groups").
#[derive(Serialize)]
struct RzsJson {
    file: String,
    /// Always `"rzs"`: this object is not `solve`'s usual one.
    question: &'static str,
    crucial: Vec<String>,
    groups: usize,
    to_move: &'static str,
    defender: &'static str,
    /// The colours' names, for the text.
    #[serde(skip)]
    names: (&'static str, &'static str),
    ko_rule: &'static str,
    searched: Vec<Searched>,
    not_searched: Vec<String>,
    verdict: &'static str,
    first_move: Option<String>,
    nodes: u64,
    seconds: f64,
    why: String,
    scope: Vec<String>,
}

#[derive(Serialize)]
struct Searched {
    stone: String,
    gave: String,
}

fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// Answers the RZS question on `job`, whose marks name `stones` (several groups), loaded
/// with `load`, with `solve`'s depth, limits and tuning; `json`: `--json`.
pub(crate) fn run(
    job: &Job,
    stdin: Option<&str>,
    load: &LoadOptions,
    solve: &tsume_solve::Settings,
    json: bool,
    stones: Vec<String>,
    out: &mut dyn Write,
) -> Result<i32, Fail> {
    let label = job.label();
    let first_stone = LoadOptions {
        target: stones.first().cloned(),
        ..load.clone()
    };
    let p = job.problem(&first_stone, stdin)?;
    let Some(to_move) = load.to_move.or(p.to_move_given()) else {
        return Err(Fail::input(format!(
            "{label}: several crucial groups are marked and the file names no player to move (PL): give --to-move B or W"
        )));
    };
    let tags = Tags {
        crucial: stones.clone(),
        without_ko: true,
        ..Tags::default()
    };
    let start = std::time::Instant::now();
    let (verdict, nodes, first, details) = rzs::answer(
        &p,
        &tags,
        to_move,
        solve.depth,
        &solve.limits,
        &solve.tuning,
    )
    .map_err(|e| Fail::input(format!("{label}: {e}")))?;
    let seconds = start.elapsed().as_secs_f64();
    let first = first.map(|m| match m {
        Move::Pass => "pass".to_string(),
        Move::Play(q) => p.to_full(q).map_or_else(
            || p.position().board().name(q).to_string(),
            |f| p.full().board().gtp(f),
        ),
    });
    // The groups after the one proven alive are not searched: their first stones.
    let full = p.full();
    let group = |name: &str| {
        full.board()
            .parse_point(name)
            .ok()
            .and_then(|x| full.group_id(x))
    };
    let mut not_searched: Vec<String> = Vec::new();
    for name in &stones {
        let g = group(name);
        let known = details
            .searched
            .iter()
            .map(|(n, _)| n)
            .chain(&not_searched)
            .any(|n| group(n) == g);
        if !known {
            not_searched.push(name.clone());
        }
    }
    let answer = RzsJson {
        file: label,
        question: "rzs",
        crucial: stones,
        groups: details.groups,
        to_move: letter(to_move),
        defender: letter(p.defender()),
        names: (to_move.name(), p.defender().name()),
        ko_rule: "basic",
        searched: details
            .searched
            .iter()
            .map(|(stone, gave)| Searched {
                stone: stone.clone(),
                gave: gave.clone(),
            })
            .collect(),
        not_searched,
        verdict: verdict.as_str(),
        first_move: first,
        nodes,
        seconds,
        why: details.why.clone(),
        scope: details.scope.clone(),
    };
    if json {
        crate::report::print(out, &answer);
    } else {
        let _ = write!(out, "{}", text(&answer));
    }
    Ok(EXIT_OK)
}

/// The text report: the question, each group searched and what it gave, the verdict.
fn text(j: &RzsJson) -> String {
    let mut s = format!(
        "{}: {} crucial groups marked ({}): the RZS question, {} to move, {} to live without a ko, under the basic ko rule\n",
        j.file,
        j.groups,
        j.crucial.join(", "),
        j.names.0,
        j.names.1,
    );
    for g in &j.searched {
        s += &format!("  group of {}: {}\n", g.stone, g.gave);
    }
    if !j.not_searched.is_empty() {
        s += &format!("  not searched: {}\n", j.not_searched.join(", "));
    }
    s += j.verdict;
    if let Some(m) = &j.first_move {
        s += &format!(", first move {m}");
    }
    s += &format!(" ({} nodes, {:.2} s)\n", j.nodes, j.seconds);
    if j.verdict == "unknown"
        && j.groups > 1
        && j.searched.iter().all(|g| g.gave.starts_with("dead ("))
    {
        s += "  several groups each dead alone are not claimed dead together\n";
    }
    for c in &j.scope {
        s += &format!("note: the answer holds for the area as cut only: {c}\n");
    }
    s
}
