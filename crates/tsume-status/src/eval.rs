//! The evaluations of a [`Game`] with its leaf labels.
//!
//! - [`exact`]: the value of the game in which the opponent minimises and the player
//!   maximises over B32 < B31 < B2 < A and infinite play counts A (the string never
//!   captured), with no depth bound. For each threshold k the opponent's forcing set
//!   "the sequence ends with a label ≤ k" is an attractor, computed backwards from the
//!   leaves with the number of plies each state needs (its rank); the value is the least
//!   k whose set holds the state.
//! - [`bounded`]: the variation tree of every sequence of at most `depth` plies, folded
//!   from the leaves with one [`Rule`]'s decision matrices; a sequence still running at
//!   the bound is a leaf of value [`Rule::horizon`] (infinite play: A, cut in J2003's
//!   steps 2 and 3). Computed level by level over the graph (the tree's nodes at the
//!   same state with the same plies left have the same value), giving the root's value
//!   for every bound up to `depth`.
//!
//! Under Cassandra's rule the two agree: `bounded` at depth d is at most k exactly when
//! the rank for k is at most d, so from the largest finite rank on it equals `exact` at
//! every state (the tests check both ways).

use crate::game::Game;
use crate::matrices::{combine, Chooser, Rule, Value};
use crate::Status;

/// No rank: the opponent cannot force the threshold.
pub const NEVER: u32 = u32::MAX;

/// [`exact`]'s result.
pub struct Exact {
    /// Each state's value.
    pub value: Vec<Status>,
    /// `rank[k][s]`, for k = 0 (B32), 1 (B31), 2 (B2): the fewest plies within which
    /// the opponent forces, from `s`, the end of the sequence with a label ≤ that
    /// status (the ending pass counted), or [`NEVER`].
    pub rank: [Vec<u32>; 3],
}

impl Exact {
    /// The largest finite rank over every state and threshold (0 if none): from this
    /// bound on, [`bounded`] under Cassandra's rule equals the exact value everywhere.
    pub fn max_rank(&self) -> u32 {
        self.rank
            .iter()
            .flatten()
            .copied()
            .filter(|&r| r != NEVER)
            .max()
            .unwrap_or(0)
    }

    /// The plies the root needs for its value (0 for A): the bound from which the
    /// root's bounded value is exact.
    pub fn root_rank(&self) -> u32 {
        match self.value[0] {
            Status::A => 0,
            s => self.rank[s as usize][0],
        }
    }
}

/// The exact value of every state (see the module docs).
pub fn exact(game: &Game, labels: &[Status]) -> Exact {
    let n = game.len();
    // Predecessors, as a CSR built from the forward edges.
    let mut count = vec![0u32; n + 1];
    for s in 0..n as u32 {
        for &t in game.successors(s) {
            count[t as usize + 1] += 1;
        }
    }
    for i in 0..n {
        count[i + 1] += count[i];
    }
    let mut fill = count.clone();
    let mut preds = vec![0u32; count[n] as usize];
    for s in 0..n as u32 {
        for &t in game.successors(s) {
            preds[fill[t as usize] as usize] = s;
            fill[t as usize] += 1;
        }
    }
    let rank = [Status::B32, Status::B31, Status::B2].map(|k| {
        let mut rank = vec![NEVER; n];
        // For a player's state: options not yet known to lead to ≤ k.
        let mut open = vec![0u32; n];
        let mut layer: Vec<u32> = Vec::new();
        for s in 0..n as u32 {
            let good_end = game.ends(s) && labels[s as usize] <= k;
            let degree = game.successors(s).len() as u32 + u32::from(game.ends(s));
            match game.chooser(s) {
                Chooser::Opponent if good_end => layer.push(s),
                Chooser::Opponent => {}
                Chooser::Player => {
                    open[s as usize] = degree - u32::from(good_end);
                    if open[s as usize] == 0 {
                        layer.push(s);
                    }
                }
            }
        }
        // Breadth-first by plies: a state enters at rank r + 1 when the option that
        // decides it entered at rank r (the ending pass: rank 0).
        let mut r = 1;
        while !layer.is_empty() {
            for &s in &layer {
                rank[s as usize] = r;
            }
            let mut next = Vec::new();
            for &t in &layer {
                for &s in &preds[count[t as usize] as usize..count[t as usize + 1] as usize] {
                    if rank[s as usize] != NEVER {
                        continue;
                    }
                    match game.chooser(s) {
                        Chooser::Opponent => {
                            rank[s as usize] = NEVER - 1; // queued
                            next.push(s);
                        }
                        Chooser::Player => {
                            open[s as usize] -= 1;
                            if open[s as usize] == 0 {
                                rank[s as usize] = NEVER - 1;
                                next.push(s);
                            }
                        }
                    }
                }
            }
            layer = next;
            r += 1;
        }
        rank
    });
    let value = (0..n)
        .map(|s| {
            if rank[0][s] != NEVER {
                Status::B32
            } else if rank[1][s] != NEVER {
                Status::B31
            } else if rank[2][s] != NEVER {
                Status::B2
            } else {
                Status::A
            }
        })
        .collect();
    Exact { value, rank }
}

/// [`bounded`]'s result.
pub struct Bounded {
    /// The root's value with d plies left, for d = 0..=depth.
    pub root: Vec<Value>,
    /// Every state's value with `depth` plies left.
    pub value: Vec<Value>,
}

/// One level of the fold: every state's value with one ply more than `cur` gives.
fn fold_level(game: &Game, labels: &[Status], rule: Rule, cur: &[Value], next: &mut [Value]) {
    for s in 0..game.len() as u32 {
        let who = game.chooser(s);
        let mut v: Option<Value> = game.ends(s).then(|| rule.leaf(labels[s as usize]));
        for &t in game.successors(s) {
            let c = cur[t as usize];
            v = Some(v.map_or(c, |v| combine(who, v, c)));
        }
        // Every state has an option: the pass (to a state, or ending the sequence).
        next[s as usize] = v.unwrap_or(Value::Cut);
    }
}

/// Folds the variation tree of all sequences of at most `depth` plies under `rule` (see
/// the module docs).
pub fn bounded(game: &Game, labels: &[Status], rule: Rule, depth: u32) -> Bounded {
    let n = game.len();
    let mut cur = vec![rule.horizon(); n];
    let mut root = vec![cur[0]];
    let mut next = vec![rule.horizon(); n];
    for _ in 0..depth {
        fold_level(game, labels, rule, &cur, &mut next);
        std::mem::swap(&mut cur, &mut next);
        root.push(cur[0]);
    }
    Bounded { root, value: cur }
}

/// J2003's three folds together, one bound at a time.
#[derive(Clone, PartialEq, Eq)]
struct Folds([Vec<Value>; 3]);

const STEPS: [Rule; 3] = [Rule::Cassandra, Rule::Step2, Rule::Step3];

impl Folds {
    fn start(n: usize) -> Folds {
        Folds(STEPS.map(|r| vec![r.horizon(); n]))
    }

    fn advance(&mut self, game: &Game, labels: &[Status], scratch: &mut Vec<Value>) {
        for (v, r) in self.0.iter_mut().zip(STEPS) {
            scratch.resize(v.len(), Value::Cut);
            fold_level(game, labels, r, v, scratch);
            std::mem::swap(v, scratch);
        }
    }

    fn root(&self) -> [Value; 3] {
        [self.0[0][0], self.0[1][0], self.0[2][0]]
    }
}

/// J2003's steps at every bound: the folds of the tree bounded at d plies, as d grows,
/// are a map applied again and again to a finite vector, so they repeat from some bound
/// on with some period; [`limit`] finds both exactly (Brent's cycle detection, comparing
/// whole vectors), so the conclusion is known at every bound.
#[derive(Clone, Debug)]
pub struct Limit {
    /// The root's values under steps 1, 2 and 3 at bounds 0 .. `from` + `period`.
    pub steps: Vec<[Value; 3]>,
    /// J2003's conclusion at those bounds ([`j2003_conclusion`]).
    pub by_depth: Vec<Status>,
    /// The bound from which the folds repeat (μ).
    pub from: u32,
    /// Their period (λ ≥ 1): the folds at bound d + λ equal those at d, for d ≥ μ.
    pub period: u32,
}

impl Limit {
    /// The conclusion at bound `d`, for any `d`.
    pub fn at(&self, d: u32) -> Status {
        self.by_depth[self.index(d)]
    }

    /// The steps' values at the root at bound `d`, for any `d`.
    pub fn steps_at(&self, d: u32) -> [Value; 3] {
        self.steps[self.index(d)]
    }

    fn index(&self, d: u32) -> usize {
        if (d as usize) < self.by_depth.len() {
            d as usize
        } else {
            (self.from + (d - self.from) % self.period) as usize
        }
    }

    /// The conclusions over one period of the repetition, from bound `from`.
    pub fn cycle(&self) -> &[Status] {
        &self.by_depth[self.from as usize..]
    }

    /// The conclusion at every large enough bound, if it is the same at all of them.
    pub fn settled(&self) -> Option<Status> {
        let c = self.cycle();
        c.iter().all(|&s| s == c[0]).then_some(c[0])
    }

    /// The least bound from which the conclusion never changes, if it settles.
    pub fn settled_from(&self) -> Option<u32> {
        let s = self.settled()?;
        let k = self.by_depth.iter().rev().take_while(|&&c| c == s).count();
        Some((self.by_depth.len() - k) as u32)
    }
}

/// J2003's conclusion at every bound (see [`Limit`]); `None` if the repetition is not
/// found within `max_bound` bounds.
pub fn limit(game: &Game, labels: &[Status], max_bound: u32) -> Option<Limit> {
    let n = game.len();
    let mut scratch = Vec::new();
    // Brent: the period λ.
    let mut power = 1u32;
    let mut period = 1u32;
    let mut tortoise = Folds::start(n);
    let mut hare = tortoise.clone();
    hare.advance(game, labels, &mut scratch);
    let mut steps = 1u32;
    while tortoise != hare {
        if power == period {
            tortoise = hare.clone();
            power *= 2;
            period = 0;
        }
        hare.advance(game, labels, &mut scratch);
        period += 1;
        steps += 1;
        if steps > max_bound {
            return None;
        }
    }
    // μ: the first bound whose folds come back λ bounds later.
    let mut tortoise = Folds::start(n);
    let mut hare = Folds::start(n);
    for _ in 0..period {
        hare.advance(game, labels, &mut scratch);
    }
    let mut from = 0u32;
    let mut roots = vec![tortoise.root()];
    while tortoise != hare {
        tortoise.advance(game, labels, &mut scratch);
        hare.advance(game, labels, &mut scratch);
        roots.push(tortoise.root());
        from += 1;
    }
    // The roots of one period past μ.
    for _ in 1..period {
        tortoise.advance(game, labels, &mut scratch);
        roots.push(tortoise.root());
    }
    let by_depth = roots
        .iter()
        .map(|r| j2003_conclusion(r[0], r[1], r[2]))
        .collect();
    Some(Limit {
        steps: roots,
        by_depth,
        from,
        period,
    })
}

/// J2003's conclusion from its three steps' values at the root (seed 002): A if step 1
/// gives A ("uncapturable"); else B2 if step 2 gives B2 ("capturable-1"); else B31 if
/// step 3 gives B31 ("capturable-2"); else B32 ("not alive").
pub fn j2003_conclusion(step1: Value, step2: Value, step3: Value) -> Status {
    if step1 == Value::Is(Status::A) {
        Status::A
    } else if step2 == Value::Is(Status::B2) {
        Status::B2
    } else if step3 == Value::Is(Status::B31) {
        Status::B31
    } else {
        Status::B32
    }
}
