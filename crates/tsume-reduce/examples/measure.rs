//! Instance size and prover time as the formula grows: `cargo run --release -p tsume-reduce
//! --example measure -- <vars> <clauses> <count> <seed> [node limit]`; the environment
//! variable `TSUME_REDUCE_LQ` selects the variant with the edge L — q.
use std::time::Instant;

use tsume_prove::{solve, Limits, Options, Verdict};
use tsume_reduce::{is_satisfiable, random_3cnf, to_dimacs};

fn main() {
    if let Some(path) = std::env::args().nth(1).filter(|a| a.ends_with(".cnf")) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let max_nodes = std::env::args().nth(2).and_then(|a| a.parse().ok());
        match tsume_reduce::parse_dimacs(&text) {
            Ok(cnf) => run(&cnf, 0, max_nodes),
            Err(e) => eprintln!("{path}: {e}"),
        }
        return;
    }
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let vars = args.first().copied().unwrap_or(1) as u32;
    let clauses = args.get(1).copied().unwrap_or(4) as usize;
    let count = args.get(2).copied().unwrap_or(1);
    let seed = args.get(3).copied().unwrap_or(0);
    let max_nodes = args.get(4).copied();
    println!(
        "vars clauses seed | points empty groups | sat | verdict exact | nodes seconds | formula"
    );
    for s in seed..seed + count {
        run(&random_3cnf(vars, clauses, s), s, max_nodes);
    }
}

fn run(cnf: &tsume_reduce::Cnf, s: u64, max_nodes: Option<u64>) {
    let (vars, clauses) = (cnf.vars, cnf.clauses.len());
    {
        let cnf = cnf.clone();
        let inst = tsume_reduce::reduce_with(
            &cnf,
            &tsume_reduce::ReduceOptions {
                gate_touches_target: std::env::var_os("TSUME_REDUCE_LQ").is_some(),
                ..tsume_reduce::ReduceOptions::default()
            },
        );
        let sat = is_satisfiable(&cnf);
        let Ok(pos) = inst.position() else { return };
        let opts = Options {
            depth: tsume_prove::default_depth(&pos),
            limits: Limits {
                max_nodes,
                ..Limits::default()
            },
            // TSUME_NO_UNBOUNDED: the bounded search alone (`tsume solve --no-unbounded`).
            tuning: tsume_prove::Tuning {
                unbounded: std::env::var_os("TSUME_NO_UNBOUNDED").is_none(),
                ..tsume_prove::Tuning::default()
            },
            ..Options::default()
        };
        let t = Instant::now();
        let Ok(a) = solve(&pos, inst.target(), &opts) else {
            return;
        };
        let secs = t.elapsed().as_secs_f64();
        let agree = match a.verdict {
            Verdict::Dead => !sat,
            Verdict::Alive => sat,
            Verdict::Unknown => false,
        };
        println!(
            "{vars} {clauses} {s} | {} {} {} | {sat} | {} {} {} | {} {secs:.3} | {}",
            inst.points,
            inst.empty_points,
            inst.groups,
            a.verdict,
            a.exact,
            if agree { "agree" } else { "DISAGREE" },
            a.stats.nodes,
            to_dimacs(&cnf).replace('\n', " ")
        );
    }
}
