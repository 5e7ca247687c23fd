//! The memory a search takes: the table's bytes, the path's plies, the thread's stack
//! (issue 48: `--tt-mb` budgets them).

use super::{HistoryKey, Options};
use crate::table::BUCKET;

/// The table's shape for a line of `positions` legal positions: its entries and the Q
/// words of each (none when Q is not tracked).
pub(super) fn table_shape(positions: usize, opts: &Options) -> (usize, usize) {
    let entries = if opts.table_bits == 0 {
        0
    } else {
        (1usize << opts.table_bits).max(BUCKET)
    };
    let tracked = opts.history == HistoryKey::Queried && !opts.prune;
    let qwords = if tracked && entries > 0 {
        positions.div_ceil(64)
    } else {
        0
    };
    (entries, qwords)
}

/// The bytes the table of `opts.table_bits` takes for a line of `positions` legal
/// positions ([`Tables::len`]): 84 an entry (its tag and state id included) and, when Q is tracked, one bit a position
/// an entry (whole words). `Solver::new` allocates exactly this.
pub fn table_bytes(positions: usize, opts: &Options) -> u64 {
    let (entries, qwords) = table_shape(positions, opts);
    let entry = crate::table::SLOT_BYTES as u64;
    (entries as u64).saturating_mul(entry + 8 * qwords as u64)
}

/// The stack one ply of the search takes, rounded up: 448 bytes measured on a release
/// build (the distance between the frames of plies 0 and 1000 on 1×12), doubled.
pub const PLY_STACK_BYTES: u64 = 1024;

/// The deepest ply the search reaches within `opts.max_bytes` (usize::MAX with no
/// budget): each ply holds its Q set (when tracked) and its stack frame
/// ([`PLY_STACK_BYTES`]) beside the table of [`fit_table_bits`]; one ply spare.
pub fn max_plies(positions: usize, opts: &Options) -> usize {
    if opts.max_bytes == 0 {
        return usize::MAX;
    }
    let opts = Options {
        table_bits: fit_table_bits(positions, opts),
        ..*opts
    };
    let (_, qwords) = table_shape(positions, &opts);
    let left = opts.max_bytes.saturating_sub(table_bytes(positions, &opts));
    usize::try_from(left / (8 * qwords as u64 + PLY_STACK_BYTES))
        .unwrap_or(usize::MAX)
        .saturating_sub(2)
}

/// The stack a thread needs to run the search within `opts.max_bytes`: the frames of
/// [`max_plies`] plies and 8 MiB for the rest; None with no budget.
pub fn stack_bytes(positions: usize, opts: &Options) -> Option<usize> {
    (opts.max_bytes > 0).then(|| {
        max_plies(positions, opts)
            .saturating_mul(PLY_STACK_BYTES as usize)
            .saturating_add(8 << 20)
    })
}

/// The most table bits, at most `opts.table_bits`, whose table fits `opts.max_bytes`
/// (0: no budget, `opts.table_bits` itself) for a line of `positions` positions; 0 (no
/// table) when none does.
pub fn fit_table_bits(positions: usize, opts: &Options) -> u32 {
    if opts.max_bytes == 0 {
        return opts.table_bits;
    }
    (1..=opts.table_bits)
        .rev()
        .find(|&bits| {
            table_bytes(
                positions,
                &Options {
                    table_bits: bits,
                    ..*opts
                },
            ) <= opts.max_bytes
        })
        .unwrap_or(0)
}
