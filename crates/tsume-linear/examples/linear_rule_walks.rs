//! The narrow pruning rule (N) (docs/linear.md, "The pruning the solver uses") checked on
//! random walks over the states where it applies, near end, one seed after another:
//! `cargo run --release -p tsume-linear --example linear_rule_walks -- 7 50000 14` (1×7,
//! 50 000 walk states a seed, seeds 0..14); a fourth number caps each solve's nodes
//! (`-- 8 20000 4 200000`: a comparison whose solve runs out is counted unknown, not
//! made). The seeds are spread by a multiplier: the
//! walks' generator gives overlapping streams for adjacent seeds. Prints a line per seed
//! and the totals, with each counterexample found.

use tsume_linear::solver::Options;
use tsume_linear::verify::{rule_instances, End};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (n, limit, seeds, max_nodes) = match args[..] {
        [n, limit, seeds] => (n, limit, seeds, 0),
        [n, limit, seeds, max] => (n, limit, seeds, max),
        _ => {
            eprintln!("usage: linear_rule_walks N STATES_PER_SEED SEEDS [MAX_NODES]");
            std::process::exit(2);
        }
    };
    let opts = Options {
        table_bits: 18,
        max_nodes,
        ..Options::default()
    };
    let (mut states, mut checked, mut failures, mut unknown) = (0, 0, 0, 0);
    for seed in 0..seeds {
        let spread = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let r = rule_instances(n as usize, End::Near, limit, Some(spread), opts);
        if let Some(c) = &r.counterexample {
            println!("seed {seed}: counterexample {c:?}");
        }
        println!(
            "seed {seed}: states {} checked {} failures {} unknown {}",
            r.states, r.checked, r.failures, r.unknown
        );
        states += r.states;
        checked += r.checked;
        failures += r.failures;
        unknown += r.unknown;
    }
    println!("total: states {states} checked {checked} failures {failures} unknown {unknown}");
}
