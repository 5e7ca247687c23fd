//! Node counts of the empty 1×n lines under each table key and with the pruning, for
//! docs/linear.md's table: `cargo run --release -p tsume-linear --example linear_nodes
//! -- 6` (sizes 1..=6), or `-- 7 7` for one size, `-- 7 7 queried` for one mode,
//! `-- 8 8 1000000 queried` with a node budget; `LINEAR_SECONDS=600` stops each solve
//! after that many wall seconds (and prints the nodes reached). Each line: n, mode,
//! value, nodes, principal variation.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tsume_linear::solver::{HistoryKey, Options, Solver, Start};
use tsume_linear::{LinePosition, Player};

fn main() {
    let only: Option<String> = std::env::args()
        .skip(1)
        .find(|a| a.parse::<usize>().is_err());
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (from, to) = match args.as_slice() {
        [to] => (1, *to),
        [from, to, ..] => (*from, *to),
        [] => (1, 6),
    };
    let max_nodes = args.get(2).map_or(2_000_000_000, |&m| m as u64);
    let modes = [
        ("queried", HistoryKey::Queried, false),
        ("whole", HistoryKey::Whole, false),
        ("whole+prune", HistoryKey::Whole, true),
    ];
    for n in from..=to {
        for (name, history, prune) in modes {
            if only.as_deref().is_some_and(|o| o != name) {
                continue;
            }
            let opts = Options {
                history,
                prune,
                max_nodes,
                ..Options::default()
            };
            let mut solver = Solver::new(n, opts);
            if let Some(secs) = std::env::var("LINEAR_SECONDS")
                .ok()
                .and_then(|v| v.parse::<u64>().ok())
            {
                let flag = Arc::new(AtomicBool::new(false));
                solver.set_stop_flag(flag.clone());
                std::thread::spawn(move || {
                    std::thread::sleep(std::time::Duration::from_secs(secs));
                    flag.store(true, Ordering::Relaxed);
                });
            }
            match solver.solve(&Start::position(LinePosition::empty(n), Player::X)) {
                Ok(s) => {
                    let pv: Vec<String> =
                        s.pv.iter()
                            .map(|(p, m)| {
                                let c = if *p == tsume_linear::Player::X {
                                    'x'
                                } else {
                                    'o'
                                };
                                format!("{c}:{m}")
                            })
                            .collect();
                    println!("{n}\t{name}\t{}\t{}\t{}", s.value, s.nodes, pv.join(" "));
                }
                Err(e) => println!("{n}\t{name}\t-\t{e}"),
            }
        }
    }
}
