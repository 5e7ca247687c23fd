//! Seed 000's pruning theorem, checked by computing both values exactly.
//!
//! **The theorem.** Let S⁰ = (𝒫, z) be a state whose current position has a stone of
//! colour x on cell 0 and cell 1 empty; let 𝒫′ = φ(0, 1, 𝒫) swap cells 0 and 1 in every
//! position of the history, and let S¹ = (𝒫′, z) be a valid state (its positions follow
//! from one another by legal moves). Then μ_x(S⁰) ≤ μ_x(S¹). z is either player. The
//! mirror statement (cells n−1 and n−2) follows by reading the line backwards; both
//! are checked.
//!
//! - [`exhaustive`]: every state reachable from the empty board (n ≤ 5: the seen set
//!   fits a 128-bit set). A state is keyed by what its value depends on: the set of
//!   positions seen, the current one, the player to move and the passes (0, 1, or 2 =
//!   over). For each state S⁰ meeting the hypothesis, S¹ is the state with every seen
//!   position and the current one swapped; if S¹ is reachable its value is compared.
//!   This checks at least every instance of the theorem (a valid S¹ is reachable, as
//!   φ(0, 1, empty) = empty) and possibly more (S¹ reachable by some game whose swap is
//!   not one).
//! - [`sample`]: random games from the empty board; at each state meeting the
//!   hypothesis, the swapped history is checked move by move for validity and both
//!   values are solved exactly by [`crate::solver`] with the pruning off.

use crate::compact::{Tables, NONE};
use crate::line::{LinePosition, Move, Player};
use crate::solver::{Options, Solver, Start};

/// Which end of the line a check is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Cells 0 and 1 (the theorem as stated).
    Near,
    /// Cells n−1 and n−2 (its mirror).
    Far,
}

/// A state where the theorem fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The end concerned.
    pub end: End,
    /// The moves from the empty board to S⁰ (Black first, players alternating).
    pub line: Vec<Move>,
    /// The moves to S¹ (the interchanged line).
    pub swapped: Vec<Move>,
    /// S⁰'s current position.
    pub position0: LinePosition,
    /// S¹'s current position.
    pub position1: LinePosition,
    /// The player to move in both, z.
    pub to_move: Player,
    /// The colour x of the stone on the end cell of S⁰.
    pub x: Player,
    /// μ_x(S⁰).
    pub mu0: i32,
    /// μ_x(S¹), smaller than μ_x(S⁰).
    pub mu1: i32,
}

/// Moves written `x:2 o:pass` (cells from 1), Black first.
pub fn format_line(line: &[Move]) -> String {
    let mut p = Player::X;
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        out.push(format!("{}:{m}", p.letter()));
        p = p.opponent();
    }
    out.join(" ")
}

impl std::fmt::Display for Counterexample {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} to move, mu_{x}(S0) = {} > mu_{x}(S1) = {}; S0 = {} after [{}]; S1 = {} after [{}] ({:?} end)",
            self.to_move.letter(),
            self.mu0,
            self.mu1,
            self.position0,
            format_line(&self.line),
            self.position1,
            format_line(&self.swapped),
            self.end,
            x = self.x.letter(),
        )
    }
}

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// States visited (exhaustive) or sampled (random).
    pub states: u64,
    /// States meeting the hypothesis at some end, with S¹ valid: comparisons made.
    pub checked: u64,
    /// States meeting the hypothesis whose S¹ is not valid (not compared).
    pub invalid_swaps: u64,
    /// Comparisons where the theorem failed.
    pub failures: u64,
    /// Comparisons not made: a value the solver's budget (memory, nodes) stopped.
    pub unknown: u64,
    /// A failure with the shortest line (the first found among those).
    pub counterexample: Option<Counterexample>,
}

impl Report {
    fn fail(&mut self, c: Counterexample) {
        self.failures += 1;
        if self
            .counterexample
            .as_ref()
            .is_none_or(|old| c.line.len() < old.line.len())
        {
            self.counterexample = Some(c);
        }
    }
}

/// One node of the game tree: the set of positions seen (as a bitset over position
/// ids), the current position, the player to move (0 `x`, 1 `o`) and the passes made in
/// a row (2: the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    seen: u128,
    cur: u32,
}

/// The walk of the whole game tree for [`exhaustive`].
struct Walk<'a> {
    t: &'a Tables,
    end: End,
    report: Report,
    /// The moves to the current pair of nodes, on each line.
    path: [Vec<Move>; 2],
}

impl Walk<'_> {
    fn swap(&self, id: u32) -> u32 {
        match self.end {
            End::Near => self.t.swap_left(id),
            End::Far => self.t.swap_right(id),
        }
    }

    fn player(me: u8) -> Player {
        if me == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The plays of `me` from `node`, (cell, position id): legal, not recreating a
    /// seen position.
    fn children(&self, node: Node, me: u8) -> Vec<(usize, u32)> {
        (0..self.t.n())
            .map(|c| (c, self.t.next(node.cur, Self::player(me), c)))
            .filter(|&(_, id)| id != NONE && node.seen >> id & 1 == 0)
            .collect()
    }

    fn combine(me: u8, best: i32, v: i32) -> i32 {
        if me == 0 {
            best.max(v)
        } else {
            best.min(v)
        }
    }

    /// The value of a node whose interchanged history is not valid: full minimax, and
    /// no node below has a valid interchanged history either (validity is decided move
    /// by move along the line).
    fn plain(&mut self, node: Node, me: u8, passes: u8) -> i32 {
        self.report.states += 1;
        if hypothesis(self.t, node.cur, self.end).is_some() {
            self.report.invalid_swaps += 1;
        }
        if passes >= 2 {
            return self.t.score(node.cur);
        }
        let mut best = self.plain(node, 1 - me, passes + 1);
        for (_, id) in self.children(node, me) {
            let child = Node {
                seen: node.seen | 1 << id,
                cur: id,
            };
            let v = self.plain(child, 1 - me, 0);
            best = Self::combine(me, best, v);
        }
        best
    }

    /// The values of a node `a` and of `b`, the node reached by the interchanged line
    /// (`same`: the lines are one, every position so far having equal cells at the end). Checks the
    /// theorem where `a` or `b` meets the hypothesis.
    fn pair(&mut self, a: Node, b: Node, same: bool, me: u8, passes: u8) -> (i32, i32) {
        self.report.states += if same { 1 } else { 2 };
        let (va, vb) = if passes >= 2 {
            (self.t.score(a.cur), self.t.score(b.cur))
        } else {
            self.path[0].push(Move::Pass);
            self.path[1].push(Move::Pass);
            let (mut ba, mut bb) = self.pair(a, b, same, 1 - me, passes + 1);
            self.path[0].pop();
            self.path[1].pop();
            let ca = self.children(a, me);
            let cb = if same {
                ca.clone()
            } else {
                self.children(b, me)
            };
            let child = |n: Node, id: u32| Node {
                seen: n.seen | 1 << id,
                cur: id,
            };
            for &(cx, x) in &ca {
                let y = self.swap(x);
                let partner = cb.iter().find(|&&(_, id)| id == y).map(|&(c, _)| c);
                let (vx, vy) = match partner {
                    None => (self.plain(child(a, x), 1 - me, 0), None),
                    Some(_) if same && y < x => continue, // walked as (y, x)
                    Some(cy) => {
                        self.path[0].push(Move::Play(cx));
                        self.path[1].push(Move::Play(cy));
                        let (vx, vy) =
                            self.pair(child(a, x), child(b, y), same && x == y, 1 - me, 0);
                        self.path[0].pop();
                        self.path[1].pop();
                        (vx, Some(vy))
                    }
                };
                ba = Self::combine(me, ba, vx);
                match vy {
                    // Both are children of the one node.
                    Some(vy) if same && x != y => ba = Self::combine(me, ba, vy),
                    Some(vy) => bb = Self::combine(me, bb, vy),
                    None => {}
                }
            }
            if same {
                bb = ba;
            } else {
                for &(_, y) in &cb {
                    let x = self.swap(y);
                    if !ca.iter().any(|&(_, id)| id == x) {
                        let v = self.plain(child(b, y), 1 - me, 0);
                        bb = Self::combine(me, bb, v);
                    }
                }
            }
            (ba, bb)
        };
        if !same {
            self.check(a, b, va, vb, me, false);
            self.check(b, a, vb, va, me, true);
        }
        (va, vb)
    }

    /// Compares the values where `s0` meets the hypothesis; `flipped`: `s0` is the
    /// node of the second line.
    fn check(&mut self, s0: Node, s1: Node, v0: i32, v1: i32, me: u8, flipped: bool) {
        let Some(x) = hypothesis(self.t, s0.cur, self.end) else {
            return;
        };
        self.report.checked += 1;
        let (mu0, mu1) = (x.sign() * v0, x.sign() * v1);
        if mu0 > mu1 {
            let (i, j) = if flipped { (1, 0) } else { (0, 1) };
            self.report.fail(Counterexample {
                end: self.end,
                line: self.path[i].clone(),
                swapped: self.path[j].clone(),
                position0: self.t.position(s0.cur),
                position1: self.t.position(s1.cur),
                to_move: Self::player(me),
                x,
                mu0,
                mu1,
            });
        }
    }
}

fn hypothesis(t: &Tables, cur: u32, end: End) -> Option<Player> {
    let n = t.n();
    if n < 2 {
        return None;
    }
    let (e, i) = match end {
        End::Near => (0, 1),
        End::Far => (n - 1, n - 2),
    };
    match (t.cell(cur, e), t.cell(cur, i)) {
        (1, 0) => Some(Player::X),
        (2, 0) => Some(Player::O),
        _ => None,
    }
}

/// Checks the theorem at `end` on every state reachable from the empty 1×n board
/// (every node of the game tree, n ≤ 5; the tree of 1×4 has 2 157 536 679 nodes, that
/// of 1×5 is out of reach). Values by full minimax, nothing from the solver. The walk
/// follows each line and its interchange side by side from the move where they part,
/// so each node is visited once and both values of every pair are at hand.
/// Also returns the value of the empty board.
///
/// # Panics
/// If n is not in 1..=5.
pub fn exhaustive(n: usize, end: End) -> (Report, i32) {
    assert!((1..=5).contains(&n), "exhaustive check: n must be 1..=5");
    let t = Tables::new(n);
    let empty = t.id(&LinePosition::empty(n)).unwrap_or(0);
    let root = Node {
        seen: 1 << empty,
        cur: empty,
    };
    let mut walk = Walk {
        t: &t,
        end,
        report: Report::default(),
        path: [Vec::new(), Vec::new()],
    };
    let (v, _) = walk.pair(root, root, true, 0, 0);
    (walk.report, v)
}

/// The moves of a line of position ids (a repeated position is a pass), Black first.
fn moves_of(t: &Tables, line: &[u32]) -> Vec<Move> {
    let mut me = Player::X;
    let mut out = Vec::new();
    for w in line.windows(2) {
        let m = if w[0] == w[1] {
            Move::Pass
        } else {
            (0..t.n())
                .find(|&c| t.next(w[0], me, c) == w[1])
                .map_or(Move::Pass, Move::Play)
        };
        out.push(m);
        me = me.opponent();
    }
    out
}

/// A small deterministic generator (SplitMix64), so that a sample is the same on every
/// run for a given seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        tsume_board::splitmix64(self.0)
    }

    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

/// Whether `swapped` (with `passes_at[i]` = whether step i was a pass) is a valid
/// history: it starts where the original started, each step is a pass (same position)
/// or a legal play of the player whose turn it is, and no play recreates a position.
fn valid_history(t: &Tables, swapped: &[u32], first: Player) -> bool {
    let mut seen = vec![false; t.len()];
    let Some(&start) = swapped.first() else {
        return false;
    };
    if start == NONE {
        return false;
    }
    seen[start as usize] = true;
    let mut me = first;
    for w in swapped.windows(2) {
        let (a, b) = (w[0], w[1]);
        if b == NONE {
            return false;
        }
        if a != b {
            let legal = (0..t.n()).any(|c| t.next(a, me, c) == b);
            if !legal || seen[b as usize] {
                return false;
            }
            seen[b as usize] = true;
        }
        me = me.opponent();
    }
    true
}

/// Checks the theorem at `end` on `count` random states of the 1×n board: random games
/// from the empty board (each legal move equally likely, a pass less so), each state met
/// on the way tested. Values by [`Solver`] with `solver`'s options (its table and
/// memory budget), pruning off; a comparison whose values the budget stops is not made.
pub fn sample(
    n: usize,
    end: End,
    count: u64,
    seed: u64,
    solver: Options,
    stop_at_first: bool,
) -> Report {
    let mut solver = Solver::new(
        n,
        Options {
            prune: false,
            ..solver
        },
    );
    let t = solver.tables().clone();
    let empty = t.id(&LinePosition::empty(n)).unwrap_or(0);
    let mut rng = Rng(seed ^ 0x7E57_0000);
    let mut report = Report::default();
    'games: while report.states < count {
        // One game: `line` holds the position after each move (a pass repeats it).
        let mut line = vec![empty];
        let mut seen = vec![false; t.len()];
        seen[empty as usize] = true;
        let mut me = Player::X;
        let mut passes = 0u8;
        loop {
            let cur = *line.last().unwrap_or(&empty);
            report.states += 1;
            'check: {
                if let Some(x) = hypothesis(&t, cur, end) {
                    let swapped: Vec<u32> = line
                        .iter()
                        .map(|&id| match end {
                            End::Near => t.swap_left(id),
                            End::Far => t.swap_right(id),
                        })
                        .collect();
                    if !valid_history(&t, &swapped, Player::X) {
                        report.invalid_swaps += 1;
                        break 'check;
                    }
                    let start = |h: &[u32]| Start {
                        history: h.iter().map(|&i| t.position(i)).collect(),
                        to_move: me,
                        passed: passes == 1,
                    };
                    let s0 = start(&line);
                    let s1 = start(&swapped);
                    let (Ok((v0, _)), Ok((v1, _))) = (solver.value(&s0), solver.value(&s1)) else {
                        report.unknown += 1;
                        break 'check;
                    };
                    report.checked += 1;
                    let (mu0, mu1) = (x.sign() * v0, x.sign() * v1);
                    if mu0 > mu1 {
                        report.fail(Counterexample {
                            end,
                            line: moves_of(&t, &line),
                            swapped: moves_of(&t, &swapped),
                            position0: t.position(cur),
                            position1: t.position(*swapped.last().unwrap_or(&cur)),
                            to_move: me,
                            x,
                            mu0,
                            mu1,
                        });
                        if stop_at_first {
                            break 'games;
                        }
                    }
                }
            }
            if report.states >= count {
                break 'games;
            }
            // The next move: plays and a pass; after a pass, ending the game is rarer.
            let plays: Vec<u32> = (0..n)
                .map(|c| t.next(cur, me, c))
                .filter(|&id| id != NONE && !seen[id as usize])
                .collect();
            let pass_weight = if passes == 1 { 1 } else { 2 };
            let k = rng.below(plays.len() * 4 + pass_weight);
            if k < plays.len() * 4 {
                let id = plays[k / 4];
                seen[id as usize] = true;
                line.push(id);
                passes = 0;
            } else {
                passes += 1;
                if passes == 2 {
                    continue 'games;
                }
                line.push(cur);
            }
            me = me.opponent();
        }
    }
    report
}

/// The instances the solver's pruning relies on: states whose every position has the
/// two end cells empty (so the history is its own interchange), the player to move `c`
/// facing both empty and `c`'s play on the inner cell capturing nothing. There the
/// solver skips the play on the end cell, which needs μ_c(play on end) ≤ μ_c(play on
/// inner): both children are solved exactly (pruning off) and compared.
///
/// `limit`: at most this many states are visited, in a depth-first walk from the empty
/// board over such states (all of them if fewer); with `seed`, random walks instead
/// (each state of a walk visited, walks until `limit` states).
pub fn rule_instances(
    n: usize,
    end: End,
    limit: u64,
    seed: Option<u64>,
    solver: Options,
) -> Report {
    let mut solver = Solver::new(
        n,
        Options {
            prune: false,
            ..solver
        },
    );
    let t = solver.tables().clone();
    let mut report = Report::default();
    if n < 2 {
        return report;
    }
    let (e, i) = match end {
        End::Near => (0, 1),
        End::Far => (n - 1, n - 2),
    };
    let empty = t.id(&LinePosition::empty(n)).unwrap_or(0);
    let mut rng = seed.map(|s| Rng(s ^ 0x5EED_0000));
    // A walk: the line of ids (a pass repeats the position), player, passes.
    let mut stack: Vec<(Vec<u32>, Player, u8)> = vec![(vec![empty], Player::X, 0)];
    while report.states < limit {
        let Some((line, me, passes)) = stack.pop() else {
            match rng {
                Some(_) => {
                    stack.push((vec![empty], Player::X, 0));
                    continue;
                }
                None => break,
            }
        };
        report.states += 1;
        let cur = *line.last().unwrap_or(&empty);
        if passes >= 2 {
            continue;
        }
        // The rule's instance at this state, if any.
        let (at_end, at_inner) = (t.next(cur, me, e), t.next(cur, me, i));
        let seen = |id: u32| line.contains(&id);
        if at_end != NONE
            && at_inner != NONE
            && !seen(at_end)
            && !seen(at_inner)
            && t.stones(at_inner) == t.stones(cur) + 1
        {
            let child = |id: u32| {
                let mut h: Vec<LinePosition> = line.iter().map(|&k| t.position(k)).collect();
                h.push(t.position(id));
                Start {
                    history: h,
                    to_move: me.opponent(),
                    passed: false,
                }
            };
            let (s0, s1) = (child(at_end), child(at_inner));
            let values = (solver.value(&s0), solver.value(&s1));
            if values.0.is_err() || values.1.is_err() {
                report.unknown += 1;
            }
            if let (Ok((v0, _)), Ok((v1, _))) = values {
                report.checked += 1;
                let (mu0, mu1) = (me.sign() * v0, me.sign() * v1);
                if mu0 > mu1 {
                    let mut l0 = line.clone();
                    l0.push(at_end);
                    let mut l1 = line.clone();
                    l1.push(at_inner);
                    report.fail(Counterexample {
                        end,
                        line: moves_of(&t, &l0),
                        swapped: moves_of(&t, &l1),
                        position0: t.position(at_end),
                        position1: t.position(at_inner),
                        to_move: me.opponent(),
                        x: me,
                        mu0,
                        mu1,
                    });
                }
            }
        }
        // The successors that keep both end cells empty.
        let mut next: Vec<(Vec<u32>, Player, u8)> = Vec::new();
        let mut pass_line = line.clone();
        pass_line.push(cur);
        next.push((pass_line, me.opponent(), passes + 1));
        for c in 0..n {
            if c == e || c == i {
                continue;
            }
            let id = t.next(cur, me, c);
            if id == NONE || seen(id) {
                continue;
            }
            let mut l = line.clone();
            l.push(id);
            next.push((l, me.opponent(), 0));
        }
        match rng.as_mut() {
            Some(r) => {
                let k = r.below(next.len());
                stack.push(next.swap_remove(k));
            }
            None => stack.extend(next),
        }
    }
    report
}
