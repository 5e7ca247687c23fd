//! How a root is settled: the search without a depth bound first, then iterative
//! deepening over the bound (each iteration below α with a share of nodes), and the
//! closure of a defender's strategy that survives a bound into a disproof for every α,
//! kept only if the independent checker accepts it.

use tsume_board::{Point, Position};
use tsume_proof::Tree;

use crate::dfpn::{Known, Search, INF, INF_HOLD};
use crate::{tree, Options};

/// The first bound of iterative deepening, in plies.
const DEEPEN_FIRST: u32 = 8;
/// Each bound is this many times the one before.
const DEEPEN_GROWTH: u32 = 2;
/// Nodes the closure may spend after an iteration below the requested bound at least
/// (besides as many as the bounded iterations have spent so far).
const DEEPEN_CLOSURE_FLOOR: u64 = 1_000;

/// Nodes the first iteration below the requested bound may spend; each later one may
/// spend [`DEEPEN_CAP_GROWTH`] times the one before. An iteration that spends its share
/// unsolved hands over to the next bound (sharing the table), so that a few plies that
/// are costly to settle (in an open corner, showing the defender survives even 8 plies
/// means answering every attacker move) do not stop the search from reaching the bound
/// where the kill is quick.
///
/// Chosen by measurement: docs/experiments/deepening-shares.md.
pub const DEEPEN_FIRST_CAP: u64 = 20_000;
/// See [`DEEPEN_FIRST_CAP`].
pub const DEEPEN_CAP_GROWTH: u64 = 8;

/// The share of nodes of the `i`-th iteration (from 0) below the requested bound.
pub fn deepening_cap(i: usize) -> u64 {
    let i = u32::try_from(i).unwrap_or(u32::MAX);
    DEEPEN_FIRST_CAP.saturating_mul(DEEPEN_CAP_GROWTH.saturating_pow(i))
}

/// The bounds (remaining plies) iterative deepening searches with on the way to `rem`:
/// 8, 16, 32, … below `rem`, then `rem` itself.
///
/// Why geometric: the iterations before the last cost a fraction of it when the search's
/// cost grows quickly with the bound (here it grows at least linearly, and much faster
/// where the attacker has many ways to waste plies), and there are few of them (6 below
/// the largest default α, 250), so there are few closure attempts too. Why 8: a kill
/// that a small bound finds is found at once, and a ko needs a few plies to show its
/// cycle (take, threat, answer, retake: a closure from a search of 8 plies holds the
/// whole cycle on the tested kos).
pub fn deepening_bounds(rem: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut b = DEEPEN_FIRST;
    while b < rem {
        out.push(b);
        b = b.saturating_mul(DEEPEN_GROWTH);
    }
    out.push(rem);
    out
}

/// A root's standing, with the closed strategy for every α that settled it, if one did,
/// and the bound of the search it was closed from (None: the search without a bound).
type Settled = (Known, Option<(Tree, Option<u32>)>);

/// The root's standing with `rem` plies: first, with [`crate::Tuning::unbounded`], the search
/// without a bound ([`settle_unbounded`]); if that does not settle it, with
/// [`crate::Tuning::deepen`], iterative deepening
/// over [`deepening_bounds`], stopping early on a kill (dead within fewer plies is dead
/// within `rem`: D_k ⊆ D_rem) or on a closed strategy for every α that the checker
/// accepts (returned with it and the bound it closed from; its positions are then in the table for every α, so that
/// the winning moves, the principal variation and the tree builder see them). A
/// disproof within a smaller bound says nothing of `rem`: the search goes on. Otherwise,
/// and at the last bound, what `mid` says with `rem` plies.
pub(crate) fn settle(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    opts: &Options,
    ply: u32,
) -> Settled {
    let bounds = if opts.tuning.deepen {
        deepening_bounds(rem)
    } else {
        vec![rem]
    };
    let start = search.stats.nodes;
    if opts.tuning.unbounded {
        let done = settle_unbounded(search, p, target, rem, opts, ply);
        search.stats.unbounded_calls += 1;
        search.stats.unbounded_nodes += search.stats.nodes - start;
        if let Some(done) = done {
            if !matches!(done.0, Known::Open(..)) {
                search.stats.unbounded_settled += 1;
            }
            return done;
        }
    }
    // A closure after a bounded iteration may spend as many nodes as the bounded
    // iterations did, not the search without a bound as well: that search's share is
    // half the budget, and a closure of a strategy of a few plies spending as much again
    // took the rest from the bounded search (the lab notebook (docs/experiments/)).
    let deepen_start = search.stats.nodes;
    // Once an iteration has shown life within its bound and its strategy did not close,
    // the bounds between it and `rem` are skipped: a kill, if any, is longer than that
    // bound, and each intermediate iteration would prove life again over most of the
    // same tree (the lab notebook (docs/experiments/): the 3-SAT instances where Λ lives, d180cf).
    let mut skip_to_last = false;
    let last = bounds.len() - 1;
    for (i, r) in bounds.into_iter().enumerate() {
        if skip_to_last && i < last {
            continue;
        }
        // Every iteration below `rem` gets a share of nodes (see DEEPEN_FIRST_CAP).
        let capped = r < rem;
        if capped {
            let cap = deepening_cap(i);
            search.phase_limit = Some(search.stats.nodes.saturating_add(cap));
        }
        search.stats.bound = Some(r);
        let k = search.mid(p, r, INF, INF, ply);
        if capped {
            search.phase_limit = None;
            if search.abort.is_some() {
                if search.out_of_budget() {
                    return (k, None);
                }
                // The iteration's share is spent: go on to the next bound.
                search.abort = None;
                search.stats.deepen_handovers += 1;
                continue;
            }
        }
        let Known::Disproven(hold) = k else {
            return (k, None);
        };
        if r == rem || hold >= rem {
            return (k, None);
        }
        if opts.forever_nodes == 0 {
            continue;
        }
        // Alive within r plies only: try to close the defender's strategy for every α.
        match close_and_record(search, p, target, r, opts, deepen_start) {
            // The next iteration would stop at once: unknown.
            None => return (Known::Open(1, 1), None),
            Some(Some(t)) => return (Known::Disproven(INF_HOLD), Some((t, Some(r)))),
            Some(None) => skip_to_last = true,
        }
    }
    // `bounds` ends with `rem`, which returns above.
    (search.lookup(p, rem), None)
}

/// The unbounded search ([`Search::mid_unbounded`]) before the bounded ones, with a share
/// of the nodes ([`unbounded_share`]): its kill within `rem` plies, its disproof for every
/// α, or its survival closed into a set of positions that the checker accepts settles
/// the root (`Some`); anything else (a longer kill, a survival that does not close, the
/// share spent) leaves it to the bounded search, which keeps the table's proofs.
fn settle_unbounded(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    opts: &Options,
    ply: u32,
) -> Option<Settled> {
    let start = search.stats.nodes;
    search.phase_limit = Some(start.saturating_add(unbounded_share(opts)));
    search.stats.bound = None;
    let k = search.mid_unbounded(p, ply, rem);
    search.end_unbounded();
    search.phase_limit = None;
    if search.abort.is_some() {
        if search.out_of_budget() {
            return Some((Known::Open(1, 1), None));
        }
        search.abort = None;
        return None;
    }
    match k {
        Known::Proven(need) if need <= rem => Some((k, None)),
        Known::Disproven(INF_HOLD) => Some((k, None)),
        Known::Disproven(_) if opts.forever_nodes > 0 => {
            match close_and_record(search, p, target, rem, opts, start) {
                None => Some((Known::Open(1, 1), None)),
                Some(Some(t)) => Some((Known::Disproven(INF_HOLD), Some((t, None)))),
                Some(None) => None,
            }
        }
        _ => None,
    }
}

pub use crate::dfpn::UNBOUNDED_CAP;

/// The unbounded search's share: half the node limit (the other half is the bounded
/// search's, whose smaller bounds give an unknown answer its partial result), at most
/// [`UNBOUNDED_CAP`]. Half rather than the whole limit: the same rows answered, more
/// unknown rows left a partial result (the lab notebook (docs/experiments/)).
fn unbounded_share(opts: &Options) -> u64 {
    opts.limits
        .max_nodes
        .map_or(UNBOUNDED_CAP, |m| (m / 2).min(UNBOUNDED_CAP))
}

/// Tries to close the defender's strategy from `p` (alive within `rem` plies, or survived
/// in the unbounded search) for every α, spending as many nodes again as were spent since
/// `start` (at least a floor) and making as many positions at most (each costs about a
/// node's expansion); a closure the checker accepts has its positions recorded in the
/// table as alive for every α. `None`: the search's budget is spent (unknown);
/// `Some(None)`: it did not close.
fn close_and_record(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    opts: &Options,
    start: u64,
) -> Option<Option<Tree>> {
    let budget = (search.stats.nodes - start).max(DEEPEN_CLOSURE_FLOOR);
    let positions = opts
        .forever_nodes
        .min(usize::try_from(budget).unwrap_or(usize::MAX));
    let closed = close_checked(search, p, target, rem, positions, budget);
    if search.out_of_budget() {
        return None;
    }
    search.abort = None;
    Some(closed.map(|(t, set)| {
        for q in &set {
            search.record_forever(q);
        }
        t
    }))
}

/// The defender's strategy from `p` (alive within `rem` plies) closed into a disproof for
/// every α ([`tree::forever_disproof`], at most `positions` positions, `budget` more
/// nodes), with the set's positions; only if the independent checker accepts it. The
/// caller clears the search's abort.
pub(crate) fn close_checked(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    positions: usize,
    budget: u64,
) -> Option<(Tree, Vec<Position>)> {
    search.phase_limit = Some(search.stats.nodes.saturating_add(budget));
    let closed = tree::forever_disproof(search, p, rem, positions);
    search.phase_limit = None;
    let deadline = search.deadline();
    closed.filter(|(t, _)| tsume_proof::check_within(p, target, t, deadline).is_ok())
}
