//! The exact solver: Crăşmaru's fixpoint D₀ ⊆ D₁ ⊆ … ⊆ D (§3) computed by retrograde
//! analysis over every position reachable from p.
//!
//! It gives the least `k` with the group of x in D_k (its *kill rank*), or "never" (the
//! group is in V, the living groups), with no depth bound at all. The cost is the number
//! of reachable positions, so it is offered for small problems and as the tests' oracle.

use std::fmt;

use fxhash::FxHashMap;
use tsume_board::{Color, Move, Point, Position};

use crate::reference::in_d0;

/// More positions are reachable than the cap allows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TooLarge {
    /// The cap that was reached.
    pub max_positions: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "more than {} positions are reachable: too large for the exact solver",
            self.max_positions
        )
    }
}

impl std::error::Error for TooLarge {}

/// The reachable game graph of a problem, with every position's kill rank.
pub struct Solved {
    /// The positions, `positions[0]` the root.
    pub positions: Vec<Position>,
    /// For each position, the successor indices (Ψ), empty at D₀ leaves.
    pub succ: Vec<Vec<u32>>,
    /// For each position, the least k with the target's group in D_k, or `None` (alive).
    pub rank: Vec<Option<u32>>,
}

/// Kill rank of the group of `x` in `p`: `Some(k)` for the least k with the group in
/// D_k (so `Can_kill(p, x, α)` is TRUE exactly when α + 1 ≥ k), `None` when the group
/// is in V: no bound kills it.
///
/// # Errors
/// [`TooLarge`] when more than `max_positions` positions are reachable.
///
/// # Panics
/// If `x` is empty in `p`.
pub fn kill_rank(p: &Position, x: Point, max_positions: usize) -> Result<Option<u32>, TooLarge> {
    Ok(solve(p, x, max_positions)?.rank[0])
}

/// The whole retrograde analysis, for callers that want every position's rank.
///
/// # Errors
/// [`TooLarge`] when more than `max_positions` positions are reachable.
///
/// # Panics
/// If `x` is empty in `p`.
pub fn solve(p: &Position, x: Point, max_positions: usize) -> Result<Solved, TooLarge> {
    solve_until(p, x, max_positions, None)
}

/// [`kill_rank`], given up (as [`TooLarge`]) once `deadline` has passed.
pub(crate) fn kill_rank_until(
    p: &Position,
    x: Point,
    max_positions: usize,
    deadline: Option<std::time::Instant>,
) -> Result<Option<u32>, TooLarge> {
    Ok(solve_until(p, x, max_positions, deadline)?.rank[0])
}

fn solve_until(
    p: &Position,
    x: Point,
    max_positions: usize,
    deadline: Option<std::time::Instant>,
) -> Result<Solved, TooLarge> {
    // A precondition of the API (documented above), not an input error.
    #[allow(clippy::expect_used)]
    let defender: Color = p.color(x).expect("the target point holds a stone");
    let mut index: FxHashMap<Position, u32> = FxHashMap::default();
    let mut positions = vec![p.clone()];
    let mut succ: Vec<Vec<u32>> = Vec::new();
    index.insert(p.clone(), 0);
    // Breadth-first enumeration; D₀ positions are leaves (the procedure stops there).
    let mut i = 0;
    while i < positions.len() {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err(TooLarge { max_positions });
        }
        let q = positions[i].clone();
        let mut out = Vec::new();
        if !in_d0(&q, x) {
            // Ψ(q) one successor at a time (a list of them all is |Ψ| boards).
            let moves: Vec<Move> = q
                .legal_moves()
                .map(Move::Play)
                .chain([Move::Pass])
                .collect();
            for r in moves.into_iter().map(|m| q.play(m)) {
                debug_assert_eq!(r.color(x), Some(defender));
                let next = positions.len() as u32;
                let j = *index.entry(r.clone()).or_insert(next);
                if j == next {
                    if positions.len() >= max_positions {
                        return Err(TooLarge { max_positions });
                    }
                    positions.push(r);
                }
                out.push(j);
            }
        }
        succ.push(out);
        i += 1;
    }
    let n = positions.len();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, s) in succ.iter().enumerate() {
        for &j in s {
            pred[j as usize].push(i as u32);
        }
    }
    // D_k by levels: a position joins D_k when an attacker successor (OR) or the last
    // defender successor (AND) is in D_{k-1} (Crăşmaru §3, definition of D_i).
    let mut rank: Vec<Option<u32>> = vec![None; n];
    let mut pending: Vec<u32> = succ.iter().map(|s| s.len() as u32).collect();
    let mut frontier: Vec<u32> = Vec::new();
    for (i, q) in positions.iter().enumerate() {
        if in_d0(q, x) {
            rank[i] = Some(0);
            frontier.push(i as u32);
        }
    }
    let mut k = 0;
    while !frontier.is_empty() {
        k += 1;
        let mut next = Vec::new();
        for &j in &frontier {
            for &i in &pred[j as usize] {
                let i = i as usize;
                if rank[i].is_some() {
                    continue;
                }
                let attacker_moves = positions[i].to_move() != defender;
                if attacker_moves {
                    rank[i] = Some(k);
                    next.push(i as u32);
                } else {
                    pending[i] -= 1;
                    if pending[i] == 0 {
                        rank[i] = Some(k);
                        next.push(i as u32);
                    }
                }
            }
        }
        frontier = next;
    }
    Ok(Solved {
        positions,
        succ,
        rank,
    })
}
