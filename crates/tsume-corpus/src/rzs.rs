//! The RZS benchmark's problem form (Shih, Wu, Wei, Wu, AAAI 2022; the corpus README, "The
//! RZS benchmark"): several crucial stones, the region in play the file's `MA` marks, and
//! the living side's goal life **without a ko**.
//!
//! What a row's answer claims, exactly:
//! - **alive** (solved): for one crucial stone, the attacker cannot capture its group,
//!   under the basic ko rule, for every α, by a disproof tree the checker accepts in which
//!   no defender move is a ko capture (a capture that leaves the opponent a forbidden
//!   point). The attacker then cannot capture them all: the defender wins if any lives.
//! - **dead**: the attacker captures the crucial stones' group under the basic ko rule,
//!   by a proof the checker accepts, and the crucial stones are one group (several
//!   groups each dead alone are not dead together: that is not claimed, the row stays
//!   unknown).
//! - **unknown** otherwise, with why: out of budget, a life that takes a ko, a life
//!   within α only, several groups each dead alone.
//!
//! Every claim is for the area as cut ([`Rzs::scope`] says what the cut changed).

use std::time::{Duration, Instant};

use tsume_board::{Color, Move, Point, Position};
use tsume_proof::Tree;
use tsume_prove::{Limits, Verdict};
use tsume_sgf::Problem;
use tsume_solve::{Settings, Sides};

/// The RZS tags of a row's `notes` (the corpus README, "The RZS benchmark").
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tags {
    /// Every crucial stone (GTP names), the target column's first.
    pub crucial: Vec<String>,
    /// `defender-lives-without-ko`: the living side's goal is life without a ko.
    pub without_ko: bool,
    /// The nodes Tsumego Explorer needed (`texp`), None when it did not solve it.
    pub texp: Option<u64>,
    /// RZS guided by ELF (`elf_rzs`).
    pub elf_rzs: Option<u64>,
    /// RZS guided by the paper's network trained to live fast (`ftl_rzs`).
    pub ftl_rzs: Option<u64>,
}

impl Tags {
    /// The tags of `notes` (`;`-separated), None when it names no crucial stone (not
    /// an RZS row).
    pub fn parse(notes: &str) -> Option<Tags> {
        let mut tags = Tags::default();
        for item in notes.split(';') {
            if let Some(list) = item.strip_prefix("crucial=") {
                tags.crucial = list
                    .split('|')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
            } else if item == "defender-lives-without-ko" {
                tags.without_ko = true;
            } else if let Some(list) = item.strip_prefix("paper-nodes=") {
                for kv in list.split(',') {
                    let Some((k, v)) = kv.split_once(':') else {
                        continue;
                    };
                    let n = v.parse().ok();
                    match k {
                        "texp" => tags.texp = n,
                        "elf_rzs" => tags.elf_rzs = n,
                        "ftl_rzs" => tags.ftl_rzs = n,
                        _ => {}
                    }
                }
            }
        }
        (!tags.crucial.is_empty()).then_some(tags)
    }
}

/// What became of an RZS row beside the verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rzs {
    /// The crucial stones' groups in the area (distinct groups).
    pub groups: usize,
    /// Why the row is unknown, or how it was settled, in words.
    pub why: String,
    /// Each crucial group searched, in order: a stone of it (GTP) and what it gave (the
    /// search stops at the first group proven alive without a ko).
    pub searched: Vec<(String, String)>,
    /// What the cut changed of the board as given (empty: nothing; the claim is then
    /// for the board), from [`tsume_area::Area::changes`].
    pub scope: Vec<String>,
}

/// The defender's ko captures in `tree` from `root`: the moves of the defender's nodes
/// that leave the opponent a forbidden point (`Position::ko_ban`, the basic ko rule),
/// each node visited once.
pub fn defender_ko_captures(tree: &Tree, root: &Position, defender: Color) -> usize {
    let mut seen = vec![false; tree.nodes.len()];
    let mut stack: Vec<(usize, Position)> = vec![(0, root.clone())];
    let mut count = 0;
    while let Some((i, pos)) = stack.pop() {
        let Some(node) = tree.nodes.get(i) else {
            continue;
        };
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        for &(m, child) in &node.children {
            let next = pos.play(m);
            if pos.to_move() == defender && matches!(m, Move::Play(_)) && next.ko_ban().is_some() {
                count += 1;
            }
            stack.push((child, next));
        }
    }
    count
}

/// Whether a checked life `tree` shows life without a ko: no defender's ko capture in it
/// and no zone-pruned move (a pruned move's line replays its witness's moves in a
/// position that differs outside the zone, where a capture the written tree shows as
/// plain may be a ko capture). The reason otherwise.
pub fn without_a_ko(tree: &Tree, root: &Position, defender: Color) -> Result<(), String> {
    if tree.nodes.iter().any(|n| !n.pruned.is_empty()) {
        return Err("alive, with zone-pruned moves whose replayed lines are not walked for ko captures: not proven without a ko".into());
    }
    match defender_ko_captures(tree, root, defender) {
        0 => Ok(()),
        k => Err(format!(
            "alive, but the defender takes a ko ({k} ko captures in the tree): not proven without a ko"
        )),
    }
}

/// [`solve`] with the bench's settings: depth `depth` (None: the prover's default for the
/// area), `limits` for the whole problem, every answer's tree built and checked, the
/// search `tuning`. `tsume bench --source rzs` and `tsume solve` on a file whose `TR`
/// marks several groups both call this.
pub fn answer(
    p: &Problem,
    tags: &Tags,
    to_move: Color,
    depth: Option<u32>,
    limits: &Limits,
    tuning: &tsume_prove::Tuning,
) -> Result<(Verdict, u64, Option<Move>, Rzs), String> {
    let settings = Settings {
        depth: Some(depth.unwrap_or_else(|| tsume_prove::default_depth(p.position()))),
        limits: limits.clone(),
        want_tree: true,
        check: true,
        check_first_moves: false,
        tuning: tuning.clone(),
        go: false,
        ..Settings::default()
    };
    solve(p, tags, to_move, limits, &settings)
}

/// The RZS question on the loaded problem `p` with `to_move` to play: each crucial
/// group in turn, under the basic ko rule, within one shared budget (`limits`: the
/// nodes and the time for the whole problem). The verdict, the nodes, the first move of
/// the answer that settled it, and the details.
fn solve(
    p: &Problem,
    tags: &Tags,
    to_move: Color,
    limits: &Limits,
    settings: &Settings,
) -> Result<(Verdict, u64, Option<Move>, Rzs), String> {
    let full = p.full();
    let area = p.position();
    // The crucial stones' groups in the area, in the order listed.
    let mut targets: Vec<Point> = Vec::new();
    for name in &tags.crucial {
        let f = full
            .board()
            .parse_point(name)
            .map_err(|e| format!("crucial stone {name}: {e}"))?;
        let x = p
            .from_full(f)
            .ok_or_else(|| format!("crucial stone {name} is not in the area in play"))?;
        if area.color(x) != Some(p.defender()) {
            return Err(format!("crucial stone {name} is not a defender stone"));
        }
        if !targets
            .iter()
            .any(|&t| area.group_id(t) == area.group_id(x))
        {
            targets.push(x);
        }
    }
    let pos = area.with_to_move(to_move).with_ko_rule(true);
    let start = Instant::now();
    let mut nodes = 0u64;
    let mut dead = 0usize;
    let mut why: Vec<String> = Vec::new();
    let mut searched: Vec<(String, String)> = Vec::new();
    let rzs = |why: String, searched: Vec<(String, String)>| Rzs {
        groups: targets.len(),
        why,
        searched,
        scope: p.changes(),
    };
    for &t in &targets {
        let name = p
            .to_full(t)
            .map_or_else(String::new, |f| full.board().gtp(f));
        let left = Limits {
            max_nodes: limits.max_nodes.map(|n| n.saturating_sub(nodes).max(1)),
            time_limit: limits.time_limit.map(|d| {
                d.saturating_sub(start.elapsed())
                    .max(Duration::from_millis(1))
            }),
            ..limits.clone()
        };
        let s = Settings {
            sides: Sides::One(to_move),
            limits: left,
            ..settings.clone()
        };
        let mut report = tsume_solve::answer(&pos, t, &s).map_err(|e| e.to_string())?;
        let side = report.sides.remove(0);
        nodes += side.answer.stats.nodes;
        let first = side.answer.moves.first().copied();
        let checked = match &side.check {
            Some(Ok(c)) => Ok(c),
            Some(Err(e)) => Err(format!("PROOF REJECTED: {e}")),
            None => Err("no tree checked".to_string()),
        };
        let gave = match side.answer.verdict {
            Verdict::Alive => match checked {
                Err(e) => format!("alive, {e}"),
                Ok(c) if !c.every_alpha => "alive within α only".to_string(),
                Ok(_) => match side
                    .answer
                    .tree
                    .as_ref()
                    .map(|tree| without_a_ko(tree, &pos, p.defender()))
                {
                    Some(Err(why)) => why,
                    Some(Ok(())) => {
                        searched.push((name.clone(), "alive without a ko (checked)".into()));
                        return Ok((
                            Verdict::Alive,
                            nodes,
                            first,
                            rzs(format!("{name}: alive without a ko (checked)"), searched),
                        ));
                    }
                    None => "alive, no tree".to_string(),
                },
            },
            Verdict::Dead => match checked {
                Ok(_) => {
                    dead += 1;
                    "dead (checked)".to_string()
                }
                Err(e) => format!("dead, {e}"),
            },
            Verdict::Unknown => "unknown".to_string(),
        };
        why.push(format!("{name}: {gave}"));
        searched.push((name, gave));
    }
    let verdict = if dead == targets.len() && targets.len() == 1 {
        Verdict::Dead
    } else {
        if dead == targets.len() {
            why.push("several groups each dead alone: not claimed dead together".into());
        }
        Verdict::Unknown
    };
    Ok((verdict, nodes, None, rzs(why.join("; "), searched)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_read_from_the_notes() {
        let t = Tags::parse(
            "book=x;paper-nodes=elf:-,elf_rzs:12804,ftl:42472,ftl_rzs:2596,texp:-;crucial=O2|R2|Q4;defender-lives-without-ko;region=A1|B1",
        )
        .unwrap();
        assert_eq!(t.crucial, ["O2", "R2", "Q4"]);
        assert!(t.without_ko);
        assert_eq!(
            (t.texp, t.elf_rzs, t.ftl_rzs),
            (None, Some(12804), Some(2596))
        );
        assert_eq!(Tags::parse("book=x;region=A1"), None);
    }

    /// A defender's ko capture in a tree is counted, an attacker's move and a pass are
    /// not: Black's C2 takes White's B2 and is left in atari by that one stone (a ko).
    #[test]
    fn a_defender_ko_capture_is_found_on_the_tree() {
        let pos = Position::from_diagram(
            ". X O .
             X O . O
             . X O .",
            Color::Black,
        )
        .unwrap()
        .with_ko_rule(true);
        let c1 = pos.board().parse_point("cb").unwrap();
        let tree = Tree {
            claim: tsume_proof::Claim::Alive,
            nodes: vec![
                tsume_proof::TreeNode {
                    remaining: None,
                    children: vec![(Move::Play(c1), 1)],
                    leaf: None,
                    covered: Vec::new(),
                    zone: None,
                    pruned: Vec::new(),
                    reuse: None,
                },
                tsume_proof::TreeNode {
                    remaining: None,
                    children: Vec::new(),
                    leaf: Some(tsume_proof::Leaf::Benson),
                    covered: Vec::new(),
                    zone: None,
                    pruned: Vec::new(),
                    reuse: None,
                },
            ],
        };
        assert!(pos.play(Move::Play(c1)).ko_ban().is_some());
        assert_eq!(defender_ko_captures(&tree, &pos, Color::Black), 1);
        assert_eq!(defender_ko_captures(&tree, &pos, Color::White), 0);
        let pass = Tree {
            nodes: vec![
                tsume_proof::TreeNode {
                    children: vec![(Move::Pass, 1)],
                    ..tree.nodes[0].clone()
                },
                tree.nodes[1].clone(),
            ],
            ..tree.clone()
        };
        assert_eq!(defender_ko_captures(&pass, &pos, Color::Black), 0);
        assert_eq!(without_a_ko(&pass, &pos, Color::Black), Ok(()));
        assert!(without_a_ko(&tree, &pos, Color::Black)
            .unwrap_err()
            .contains("1 ko captures"));
        // A zone-pruned move (its line not written) withholds the claim.
        let a1 = pos.board().parse_point("aa").unwrap();
        let mut pruned = pass.clone();
        pruned.nodes[0].pruned.push((Move::Play(a1), 1));
        assert!(without_a_ko(&pruned, &pos, Color::Black)
            .unwrap_err()
            .contains("zone-pruned"));
    }
}
