//! Output: the human report, the JSON object, the table for several problems.

use std::fmt::Write as _;
use std::io::Write;

use serde_json::{json, Value};
use tsume_board::{Color, Move, Position};
use tsume_prove::Verdict;

use crate::solve::{MovesCheck, Report, Side};
use crate::{Fail, EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};

fn moves_json(r: &Report, moves: &[Move]) -> Value {
    Value::Array(
        moves
            .iter()
            .map(|&m| {
                let (gtp, sgf) = r.move_names(m);
                json!({"gtp": gtp, "sgf": sgf})
            })
            .collect(),
    )
}

fn side_json(r: &Report, s: &Side) -> Value {
    let a = &s.answer;
    let repeats = shown_cycle(r, s).map(|(i, j)| json!([i, j]));
    json!({
        "to_move": s.to_move.letter().to_string(),
        "verdict": a.verdict.as_str(),
        "moves": moves_json(r, &a.moves),
        "all_moves": a.all_moves,
        "exact": a.exact,
        "kill_plies": a.kill_plies,
        "pv": moves_json(r, &a.pv),
        "pv_repeats": repeats,
        "nodes": a.stats.nodes,
        "seconds": a.stats.seconds,
        "nodes_per_second": a.stats.nodes_per_second().round(),
        "tt_hits": a.stats.tt_hits,
        "tt_solved": a.stats.tt_solved,
        "tt_clears": a.stats.tt_clears,
        "max_depth": a.stats.max_depth,
        "unbounded_nodes": a.stats.unbounded_nodes,
        "settled_unbounded": a.settled_unbounded,
        "checked": match &s.check {
            None => Value::Null,
            Some(Ok(_)) => Value::Bool(true),
            Some(Err(_)) => Value::Bool(false),
        },
        // Whether the checked tree itself shows `exact`: a kill is exact by itself, a
        // life for every α needs a disproof for every α (not one within α).
        "exact_checked": match &s.check {
            Some(Ok(c)) => json!(a.exact && (a.verdict == Verdict::Dead || c.every_alpha)),
            _ => Value::Bool(false),
        },
        // With --all-moves: every first move's outcome shown by a checked tree of its own.
        "moves_checked": match &s.moves_check {
            Some(MovesCheck::Checked(_)) => json!(true),
            Some(MovesCheck::Rejected(_)) => json!(false),
            Some(MovesCheck::Unsettled(_)) | None => Value::Null,
        },
        "moves_check_error": match &s.moves_check {
            Some(MovesCheck::Rejected(e) | MovesCheck::Unsettled(e)) => json!(e),
            _ => Value::Null,
        },
        "proof_nodes": match &s.check { Some(Ok(c)) => json!(c.nodes), _ => Value::Null },
        "repetition_free": match &s.check { Some(Ok(c)) => json!(c.repetition_free), _ => Value::Null },
        "check_error": match &s.check { Some(Err(e)) => json!(e), _ => Value::Null },
        "reason": a.reason.map(|r| r.to_string()),
        "survives_plies": a.survives,
        "survives_checked": match &s.survives_check {
            None => Value::Null,
            Some(Ok(_)) => Value::Bool(true),
            Some(Err(_)) => Value::Bool(false),
        },
    })
}

/// The JSON object of one problem (schema in docs/cli.md).
pub(crate) fn json(r: &Report, one_side: Option<Color>) -> Value {
    let p = &r.problem;
    let full = p.full().board();
    let defender = r.defender();
    let mut v = json!({
        "file": p.file(),
        "game_tree": p.game_tree(),
        "game_trees": p.game_trees(),
        "board": match full.grid_info() {
            Some(g) => json!({"width": g.width, "height": g.height}),
            None => json!({"points": full.len()}),
        },
        "target": {"gtp": full.gtp(p.target_full()), "sgf": full.sgf(p.target_full())},
        "target_source": r.target_source(),
        "defender": defender.letter().to_string(),
        "attacker": defender.opponent().letter().to_string(),
        "depth_bound": r.depth,
        "ko_rule": if p.position().ko_rule() { "basic" } else { "none" },
        "region_points": p.region().len(),
        "virtual_eyes": p.virtual_eyes().len(),
        "outside_walls": p.outside_walls().len(),
        "frame_points": p.frame_points().len(),
        "notes": p.notes(),
        "status": r.status(),
        "results": r.sides.iter().map(|s| side_json(r, s)).collect::<Vec<_>>(),
        "nodes": r.sides.iter().map(|s| s.answer.stats.nodes).sum::<u64>(),
        "seconds": r.sides.iter().map(|s| s.answer.stats.seconds).sum::<f64>(),
    });
    if let Some(c) = one_side {
        if let Some(s) = r.sides.iter().find(|s| s.to_move == c) {
            let sj = side_json(r, s);
            for key in [
                "to_move",
                "verdict",
                "moves",
                "exact",
                "kill_plies",
                "pv",
                "pv_repeats",
                "checked",
                "repetition_free",
            ] {
                v[key] = sj[key].clone();
            }
        }
    }
    v
}

/// The first repetition along `pv` played from `start`: (i, j) with i < j when the
/// position after j moves is the position after i moves (so `pv[i..j]` is a cycle), the
/// earliest such j.
fn pv_cycle(start: &Position, pv: &[Move]) -> Option<(usize, usize)> {
    let mut seen = vec![start.clone()];
    let mut q = start.clone();
    for (k, &m) in pv.iter().enumerate() {
        q.play_in_place(m);
        if let Some(i) = seen.iter().position(|x| *x == q) {
            return Some((i, k + 1));
        }
        seen.push(q.clone());
    }
    None
}

/// The cycle of an "alive" answer's line, if it has one ([`pv_cycle`] from the position
/// searched).
fn shown_cycle(r: &Report, s: &Side) -> Option<(usize, usize)> {
    if s.answer.verdict != Verdict::Alive {
        return None;
    }
    pv_cycle(&r.problem.position().with_to_move(s.to_move), &s.answer.pv)
}

fn move_list(r: &Report, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| r.move_names(m).0)
        .collect::<Vec<_>>()
        .join(" ")
}

fn side_line(r: &Report, s: &Side) -> String {
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
                let _ = write!(line, "; within α = {}", r.depth);
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
        match shown_cycle(r, s) {
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

/// The report a person reads.
pub(crate) fn human(r: &Report, diagram: bool) -> String {
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
        r.depth
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
    for side in &r.sides {
        let _ = writeln!(s, "{}", side_line(r, side));
    }
    if let Some(st) = r.status() {
        let explain = match st {
            "dead" => "the attacker kills even moving second",
            "alive" => "the defender lives even moving second",
            "unsettled" => "whoever moves first wins",
            "inconsistent" => "moving first should never hurt: please report this",
            _ => "a search ran out of budget",
        };
        let _ = writeln!(s, "status: {st} ({explain})");
    }
    if let Some(exp) = r.expected_status() {
        if let Some(st) = r.status() {
            let _ = writeln!(
                s,
                "expected by the file: {exp} — {}",
                if exp == st { "agrees" } else { "DISAGREES" }
            );
        }
    }
    s
}

/// Several problems: one line each and a summary.
/// `jobs`: each problem's file and game tree (where `--index all` split a file, the
/// rows name the game tree and the summary counts problems, not files).
pub(crate) fn table(
    jobs: &[crate::solve::Job],
    results: &[Result<Report, Fail>],
    as_json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut code = EXIT_OK;
    let mut rows = Vec::new();
    let (mut solved, mut agree, mut expected, mut unknown) = (0, 0, 0, 0);
    let mut total_nodes = 0u64;
    let mut total_seconds = 0.0;
    for (job, r) in jobs.iter().zip(results) {
        match r {
            Err(e) => {
                let _ = writeln!(err, "{}", e.message);
                code = code.max(e.code);
                if as_json {
                    rows.push(json!({
                        "file": job.name(),
                        "game_tree": job.index,
                        "game_trees": job.of,
                        "error": e.message,
                    }));
                }
            }
            Ok(rep) => {
                let status = rep.status().unwrap_or_else(|| {
                    rep.sides
                        .first()
                        .map_or("unknown", |s| s.answer.verdict.as_str())
                });
                if status == "unknown" {
                    unknown += 1;
                } else {
                    solved += 1;
                }
                let exp = rep.expected_status();
                if let Some(e) = &exp {
                    expected += 1;
                    if e == status {
                        agree += 1;
                    }
                }
                if rep.rejected().is_some() {
                    code = code.max(EXIT_FAILURE);
                }
                let nodes: u64 = rep.sides.iter().map(|s| s.answer.stats.nodes).sum();
                let secs: f64 = rep.sides.iter().map(|s| s.answer.stats.seconds).sum();
                total_nodes += nodes;
                total_seconds += secs;
                if as_json {
                    rows.push(json(rep, None));
                } else {
                    let firsts: Vec<String> = rep
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
                                    format!("@{}", rep.move_names(s.answer.moves[0]).0)
                                }
                            )
                        })
                        .collect();
                    let mark = match &exp {
                        Some(e) if e == status => "ok".to_string(),
                        Some(e) => format!("EXPECTED {e}"),
                        None => String::new(),
                    };
                    let _ = writeln!(
                        out,
                        "{:<44} {:<10} {:<28} {:>10} {:>8.3}s {}{}",
                        job.label(),
                        status,
                        firsts.join(" "),
                        nodes,
                        secs,
                        mark,
                        if rep.rejected().is_some() {
                            " PROOF REJECTED"
                        } else {
                            ""
                        }
                    );
                }
            }
        }
    }
    let errors = results.iter().filter(|r| r.is_err()).count();
    if as_json {
        let v = json!({
            "problems": rows,
            "summary": {"files": jobs.len(), "solved": solved, "unknown": unknown,
                        "errors": errors, "expected": expected, "agree": agree,
                        "nodes": total_nodes, "seconds": total_seconds}
        });
        crate::print_json(out, &v);
    } else {
        let _ = writeln!(
            out,
            "\n{}: {solved} solved, {unknown} unknown, {errors} unreadable; {agree}/{expected} agree with the answer stated in the file; {total_nodes} nodes, {total_seconds:.2} s of search",
            crate::solve::counted_jobs(jobs)
        );
    }
    if errors > 0 {
        code = code.max(EXIT_BAD_INPUT);
    }
    code
}
