//! `Can_kill` for a coalition (issue 37, part 3): every colour but x's, each in its turn,
//! tries to capture x's group; x's colour defends. Crăşmaru's procedure (§3) with the
//! coalition's nodes as OR nodes and the defender's as AND nodes:
//!
//! - D₀: x's group has one liberty and a coalition colour is to move (it takes the
//!   liberty: a stone there captures, so it is never a suicide);
//! - `Can_kill(p, x, depth)`: TRUE on D₀; FALSE when depth > α; else, at a coalition
//!   node, some p' ∈ Ψ(p) with `Can_kill(p', x, depth + 1)`; at the defender's node,
//!   every p' ∈ Ψ(p).
//!
//! Three ways, tested against each other: [`reference`], the procedure as written;
//! [`can_kill`], a depth-bounded AND/OR search with a transposition table (a proof with
//! r plies left holds for every larger r, a disproof for every smaller: D_i ⊆ D_{i+1});
//! and [`kill_ranks`], the exhaustive retrograde fixpoint D₀ ⊆ D₁ ⊆ … over every
//! position of a (tiny) board.

use fxhash::FxHashMap;
use tsume_board::{Board, Point};

use crate::MultiPosition;

/// Whether the group on `x` is in D₀: one liberty, a coalition colour to move.
///
/// # Panics
/// If `x` is empty.
pub fn in_d0(p: &MultiPosition, x: Point) -> bool {
    // A precondition of the API (documented above), not an input error.
    #[allow(clippy::expect_used)]
    let c = p.color(x).expect("x holds a stone");
    c != p.to_move() && p.liberties(x).len() == 1
}

/// `Can_kill(p, x, depth)` as written (§3), with the coalition's nodes as OR nodes.
/// Exponential: for tiny boards and small α.
pub fn reference(p: &MultiPosition, x: Point, depth: u32, alpha: u32) -> bool {
    if in_d0(p, x) {
        return true;
    }
    if depth > alpha {
        return false;
    }
    let defender = p.color(x);
    let children = p.successors();
    if Some(p.to_move()) != defender {
        children
            .iter()
            .any(|(_, q)| reference(q, x, depth + 1, alpha))
    } else {
        children
            .iter()
            .all(|(_, q)| reference(q, x, depth + 1, alpha))
    }
}

/// What the table knows of a position.
#[derive(Clone, Copy)]
struct Known {
    /// The fewest plies left with which a kill was proven (`u32::MAX`: none).
    proven: u32,
    /// The most plies left with which the group was shown to survive (`None`: none).
    survives: Option<u32>,
}

/// The search: `Can_kill(p, x, 0)` for bound `alpha`, and the number of positions
/// expanded.
///
/// # Panics
/// If `x` is empty.
pub fn can_kill(p: &MultiPosition, x: Point, alpha: u32) -> (bool, u64) {
    let mut s = Search {
        x,
        table: FxHashMap::default(),
        nodes: 0,
    };
    // Can_kill(p, x, depth) with rem = α + 1 − depth plies left before the bound.
    let r = s.solve(p, alpha + 1);
    (r, s.nodes)
}

struct Search {
    x: Point,
    table: FxHashMap<Vec<u8>, Known>,
    nodes: u64,
}

impl Search {
    fn solve(&mut self, p: &MultiPosition, rem: u32) -> bool {
        if in_d0(p, self.x) {
            return true;
        }
        if rem == 0 {
            return false;
        }
        let key = p.key();
        if let Some(k) = self.table.get(&key) {
            if k.proven <= rem {
                return true;
            }
            if k.survives.is_some_and(|s| s >= rem) {
                return false;
            }
        }
        self.nodes += 1;
        let coalition = Some(p.to_move()) != p.color(self.x);
        let mut children = p.successors();
        // The coalition tries first the moves that leave x's group fewest liberties; the
        // defender, the most.
        children.sort_by_key(|(_, q)| {
            let l = q.liberties(self.x).len();
            if coalition {
                l
            } else {
                usize::MAX - l
            }
        });
        let result = if coalition {
            children.iter().any(|(_, q)| self.solve(q, rem - 1))
        } else {
            children.iter().all(|(_, q)| self.solve(q, rem - 1))
        };
        let k = self.table.entry(key).or_insert(Known {
            proven: u32::MAX,
            survives: None,
        });
        if result {
            k.proven = k.proven.min(rem);
        } else {
            k.survives = Some(k.survives.map_or(rem, |s| s.max(rem)));
        }
        result
    }
}

/// Every legal position of `board` with `k` colours and colour `c` on `x`, with its
/// kill rank: the least i with x's group in D_i, or `None` (no bound kills it). So
/// `Can_kill(p, x, α)` is TRUE exactly when the rank is at most α + 1. Positions are
/// keyed by [`MultiPosition::key`]. Enumerates (k + 1)^|T| configurations.
pub fn kill_ranks(
    board: &std::sync::Arc<Board>,
    k: u8,
    x: Point,
    c: u8,
) -> FxHashMap<Vec<u8>, Option<u32>> {
    let n = board.len();
    let mut positions: Vec<MultiPosition> = Vec::new();
    let mut code = vec![0u8; n];
    'all: loop {
        if code[x.index()] == c + 1 {
            let stones: Vec<Option<u8>> = code.iter().map(|&v| v.checked_sub(1)).collect();
            for t in 0..k {
                if let Ok(p) = MultiPosition::new(board.clone(), k, &stones, t) {
                    positions.push(p);
                }
            }
        }
        // The next configuration, counting in base k + 1.
        for d in code.iter_mut() {
            *d += 1;
            if *d <= k {
                continue 'all;
            }
            *d = 0;
        }
        break;
    }
    let index: FxHashMap<Vec<u8>, usize> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| (p.key(), i))
        .collect();
    let succ: Vec<Vec<usize>> = positions
        .iter()
        .map(|p| {
            if in_d0(p, x) {
                return Vec::new();
            }
            p.successors()
                .iter()
                .map(|(_, q)| index[&q.key()])
                .collect()
        })
        .collect();
    let mut rank: Vec<Option<u32>> = positions.iter().map(|p| in_d0(p, x).then_some(0)).collect();
    // D_i from D_{i−1}, literally, until nothing changes.
    let mut i = 0;
    loop {
        i += 1;
        let next: Vec<Option<u32>> = (0..positions.len())
            .map(|s| {
                if rank[s].is_some() || succ[s].is_empty() {
                    return rank[s];
                }
                let coalition = Some(positions[s].to_move()) != positions[s].color(x);
                let done = |t: &usize| rank[*t].is_some();
                let member = if coalition {
                    succ[s].iter().any(done)
                } else {
                    succ[s].iter().all(done)
                };
                member.then_some(i)
            })
            .collect();
        if next == rank {
            break;
        }
        rank = next;
    }
    positions
        .iter()
        .zip(rank)
        .map(|(p, r)| (p.key(), r))
        .collect()
}
