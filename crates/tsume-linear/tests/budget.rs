//! The memory budget of the linear solver (issue 48, class 2): the table's bytes as
//! allocated, the bits that fit a budget, and a path that would pass it stopping the
//! search (unknown) rather than the process.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_linear::compact::Tables;
use tsume_linear::solver::{
    fit_table_bits, max_plies, solve_empty, stack_bytes, table_bytes, Options, SolveError,
};

/// For every line and every bits asked, the bits fitted are the most whose table fits.
#[test]
fn the_fitted_table_is_the_largest_within_the_budget() {
    for n in 1..=tsume_linear::MAX_N {
        let positions = Tables::new(n).len();
        for budget in [1u64 << 20, 64 << 20, 1 << 30] {
            for bits in 0..=32 {
                let opts = |table_bits| Options {
                    table_bits,
                    max_bytes: budget,
                    ..Options::default()
                };
                let fit = fit_table_bits(positions, &opts(bits));
                assert!(fit <= bits, "1×{n} {bits} {budget}");
                assert!(
                    table_bytes(positions, &opts(fit)) <= budget,
                    "1×{n} {bits} {budget}"
                );
                if fit < bits {
                    assert!(
                        table_bytes(positions, &opts(fit + 1)) > budget,
                        "1×{n} {bits}"
                    );
                }
            }
        }
    }
    // The reproducers: 2^30 and 2^32 slots of 84 bytes and a word of Q each.
    let three = Tables::new(3).len();
    let t = |bits| {
        table_bytes(
            three,
            &Options {
                table_bits: bits,
                ..Options::default()
            },
        )
    };
    assert_eq!(t(30), 92 << 30);
    assert_eq!(t(32), 368 << 30);
}

/// With room to spare the budget changes nothing: the same value, the same nodes.
#[test]
fn a_roomy_budget_solves_as_none() {
    let free = solve_empty(6, Options::default()).unwrap();
    let opts = Options {
        max_bytes: 1 << 30,
        ..Options::default()
    };
    let within = solve_empty(6, opts).unwrap();
    assert_eq!((within.value, within.nodes), (free.value, free.nodes));
}

/// 1×12 with the default table asked for once aborted (26 GB allocated, or a stack
/// overflow at 18,000 plies); within a small budget it is unknown, on a thread of the
/// stack the budget's plies need.
#[test]
fn a_long_line_past_the_budget_is_unknown() {
    let opts = Options {
        max_bytes: 32 << 20,
        max_nodes: 5_000_000,
        ..Options::default()
    };
    let positions = Tables::new(12).len();
    let plies = max_plies(positions, &opts);
    assert!(plies > 100 && plies < 2000, "{plies}");
    let stack = stack_bytes(positions, &opts).unwrap();
    let r = std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || solve_empty(12, opts))
        .unwrap()
        .join()
        .unwrap();
    // Stopped by the budget's plies, not by the node limit.
    assert!(
        matches!(r, Err(SolveError::Stopped { nodes }) if nodes < 5_000_000),
        "{r:?}"
    );
}
