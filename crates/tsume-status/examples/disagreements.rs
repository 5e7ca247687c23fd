//! Every legal position of the tiny boards, every string, both evaluations: how often
//! Cassandra's single pass and J2003's steps disagree, and the smallest positions where
//! they do (fewest points, then fewest stones).
//!
//! `cargo run --release -p tsume-status --example disagreements [none|basic]`
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::Arc;

use tsume_board::{naive, Board, Color, Position};
use tsume_status::{status, Options, Report};

/// J2003's answer as a word: a status, `unsettled` (keeps alternating), `undefined`
/// (local-2 undefined).
fn j2003(r: &Report) -> String {
    match (r.j2003.status, &r.j2003.local2) {
        (Some(s), _) => s.code().to_string(),
        (None, Err(_)) => "undefined".to_string(),
        (None, Ok(_)) => "unsettled".to_string(),
    }
}

fn boards() -> Vec<(String, Arc<Board>)> {
    let mut out: Vec<(String, Arc<Board>)> = Vec::new();
    for n in 1..=6 {
        out.push((format!("1x{n}"), Arc::new(Board::line(n).unwrap())));
    }
    out.push(("2x2".into(), Arc::new(Board::grid(2, 2).unwrap())));
    out.push(("2x3".into(), Arc::new(Board::grid(3, 2).unwrap())));
    // Every connected graph on 3 and 4 points that is not a line (up to the labelling:
    // all edge sets are tried, duplicates by isomorphism included).
    for n in 3..=4usize {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        for mask in 0u32..1 << pairs.len() {
            let edges: Vec<(usize, usize)> = pairs
                .iter()
                .enumerate()
                .filter(|(k, _)| mask >> k & 1 == 1)
                .map(|(_, &e)| e)
                .collect();
            let names = (0..n).map(|i| format!("p{i}")).collect();
            let b = Board::from_edges(names, &edges).unwrap();
            let connected = {
                let mut seen = vec![false; n];
                let mut stack = vec![0usize];
                seen[0] = true;
                while let Some(v) = stack.pop() {
                    for w in b.neighbors(tsume_board::Point::from_index(v)) {
                        if !seen[w.index()] {
                            seen[w.index()] = true;
                            stack.push(w.index());
                        }
                    }
                }
                seen.iter().all(|&s| s)
            };
            let path = edges.len() == n - 1
                && (0..n).all(|v| b.neighbors(tsume_board::Point::from_index(v)).len() <= 2);
            if connected && !path {
                out.push((format!("graph{n}:{edges:?}"), Arc::new(b)));
            }
        }
    }
    out
}

fn main() {
    let ko = std::env::args().nth(1).is_some_and(|a| a == "basic");
    let mut smallest: Vec<(usize, usize, String)> = Vec::new();
    for (name, board) in boards() {
        let n = board.len();
        let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
        for f in naive::all_configurations(n) {
            if !naive::is_legal(&board, &f) {
                continue;
            }
            let p = Position::new(board.clone(), &f, Color::Black)
                .unwrap()
                .with_ko_rule(ko);
            for g in p.groups().collect::<Vec<_>>() {
                let r = status(&p, g, &Options::default()).unwrap();
                let j = j2003(&r);
                *counts
                    .entry((r.cassandra.status.code().to_string(), j.clone()))
                    .or_default() += 1;
                if !r.agree() {
                    let stones = p.stone_count();
                    let text = format!(
                        "{name}, {} stones: string at {} ({}): Cassandra {}, J2003 {j}\n{}",
                        stones,
                        board.gtp(g),
                        r.player.name(),
                        r.cassandra.status,
                        tsume_board::diagram::render(&p)
                    );
                    smallest.push((n, stones, text));
                }
            }
        }
        let total: usize = counts.values().sum();
        let differ: usize = counts
            .iter()
            .filter(|((c, j), _)| c != j)
            .map(|(_, v)| v)
            .sum();
        println!("{name}: {total} strings, {differ} disagree: {counts:?}");
    }
    smallest.sort_by_key(|s| (s.0, s.1));
    println!("\nThe smallest disagreements:");
    for s in smallest
        .iter()
        .take_while(|s| (s.0, s.1) == (smallest[0].0, smallest[0].1))
    {
        println!("{}", s.2);
    }
}
