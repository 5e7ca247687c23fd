//! The fast exact solver: negamax alpha-beta (MTD(f) at the root) over the compact
//! tables ([`crate::compact`]) with a transposition table matched on the part of the
//! history each search asked about, and seed 000's theorem as a pruning rule. Moves are
//! ordered by the table's move, a static key (captures, ataris) and the history
//! heuristic (cutoffs per player and cell, the pass included), centre first on ties.
//!
//! **State.** Under positional superko the value of a state depends on the set of
//! positions seen so far (which plays are still legal), the current position, the player
//! to move and whether the last move was a pass; the order of the history does not
//! matter. The search keeps the seen set as a bitset over position ids.
//!
//! **No graph-history interaction.** A table entry (module `table`) is keyed by the
//! exact current position, player to move and pass flag, and holds the set Q of
//! positions whose membership in the history its search asked about (the plays it
//! tried or counted, and the Q of every entry it reused), with a 128-bit key of H ∩ Q.
//! Another history H′ reuses it only if H′ ∩ Q = H ∩ Q (up to a collision of 128-bit
//! keys): then every legality test of that search answers the same under H′, so its
//! bound holds there (the proof is in `docs/linear.md`). [`HistoryKey::Whole`] keeps
//! the older, stricter key (Q = every position: the same seen set). The state graph
//! has no cycles (every play adds a position to the seen set, two passes end the
//! game), so no entry is read while its own search is on the stack.
//!
//! **Mirror symmetry.** The rules do not tell the ends of the line apart, so a state and
//! its reflection (every position of the history mirrored) have the same value: the
//! table holds both as one, in the frame whose current position has the smaller id
//! (the seen set is kept reflected beside it; Q and the best move are mirrored on the
//! way in and out). The reflection may occur below its own state (a larger history);
//! it reads only entries whose search is over.
//!
//! **Pruning (seed 000, narrow form; off by default).** If every position seen so far,
//! the current one included, has cells 0 and 1 empty, and the play of the player to
//! move, `c`, on cell 1 captures nothing, then the play on 0 is skipped: the two
//! children's histories are 0,1-interchanges of each other (the common history is its
//! own interchange), so the theorem would give μ_c(play 0) ≤ μ_c(play 1). The theorem
//! as stated is false (a 1×5 counterexample, `tests/theorem.rs`); this narrow instance
//! is checked, not proven (`crate::verify::rule_instances`), so a value found with it
//! is conditional on it. The mirror rule (cells n−1, n−2) applies for n ≥ 3 (for n = 2
//! the two rules would skip each other's witness).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::compact::{Tables, NONE};
use crate::line::{LinePosition, Move, Player};
use crate::table::{bits, state_code, Table, AROUND, FILTER_HALF, FILTER_IDS};

mod budget;
mod history;
mod pv;

use budget::table_shape;
pub use budget::{fit_table_bits, max_plies, stack_bytes, table_bytes, PLY_STACK_BYTES};
use history::Keys;

/// Which part of the history an entry of the table is matched on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HistoryKey {
    /// The positions the entry's search asked about (Q): reused under any history that
    /// agrees on them.
    #[default]
    Queried,
    /// The whole seen set: reused only under the same history.
    Whole,
}

/// Solver options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Skip plays by the narrow form of seed 000's theorem (and its mirror): checked,
    /// not proven (see the module's documentation).
    pub prune: bool,
    /// log₂ of the number of table entries (84 bytes each: the entry, its tag and its
    /// state; and with [`HistoryKey::Queried`] a Q set of one bit per position of the
    /// line); 0 disables the table.
    pub table_bits: u32,
    /// Seed of the Zobrist keys: two runs with different seeds share no key collision.
    pub key_seed: u64,
    /// Give up (answer unknown) after this many nodes; 0: no limit.
    pub max_nodes: u64,
    /// The part of the history table entries are matched on (the pruning's test reads
    /// the whole history, so `prune` implies [`HistoryKey::Whole`]).
    pub history: HistoryKey,
    /// Share table entries between a state and its reflection (the whole history
    /// mirrored): the rules are symmetric, so both have the same value. Off with
    /// `prune` (its rule is one-sided on 1×2).
    pub mirror: bool,
    /// The memory budget in bytes of the table and the search path (its Q sets and
    /// stack frames; 0: none): a table that would not fit is built with fewer bits
    /// ([`fit_table_bits`]), a path that would not fit beside it stops the search (the
    /// value unknown; [`max_plies`]). Run the search on a thread of [`stack_bytes`].
    pub max_bytes: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            prune: false,
            table_bits: 22,
            key_seed: 0,
            max_nodes: 0,
            history: HistoryKey::Queried,
            mirror: true,
            max_bytes: 0,
        }
    }
}

/// A state to solve: the history (every position seen, in order, the current one
/// last), the player to move and whether the last move was a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The positions seen, the current one last.
    pub history: Vec<LinePosition>,
    /// The player to move.
    pub to_move: Player,
    /// Whether the last move was a pass (a pass now ends the game).
    pub passed: bool,
}

impl Start {
    /// A position with itself as its whole history and no pass before.
    pub fn position(p: LinePosition, to_move: Player) -> Start {
        Start {
            history: vec![p],
            to_move,
            passed: false,
        }
    }
}

/// Why a [`Start`] was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// No position in the history.
    NoHistory,
    /// A position of another length than the solver's board, or illegal.
    BadPosition {
        /// Its index in the history.
        index: usize,
    },
    /// The node budget ([`Options::max_nodes`]) or the memory budget
    /// ([`Options::max_bytes`]) ran out, or the stop flag was raised: the value is
    /// unknown.
    Stopped {
        /// Nodes visited before stopping.
        nodes: u64,
    },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::NoHistory => write!(f, "empty history"),
            SolveError::BadPosition { index } => {
                write!(f, "history position {index}: illegal or of another length")
            }
            SolveError::Stopped { nodes } => write!(f, "stopped after {nodes} nodes: unknown"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A solved state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The minimax value, Black's (`x`'s) area minus White's.
    pub value: i32,
    /// A principal variation: optimal moves for both sides to the end of the game.
    pub pv: Vec<(Player, Move)>,
    /// Nodes visited computing the value.
    pub nodes: u64,
    /// Nodes visited extracting the principal variation afterwards.
    pub pv_nodes: u64,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes visited.
    pub nodes: u64,
    /// Plays skipped by the theorem.
    pub pruned: u64,
}

const PASS: u8 = u8::MAX;
const MAX_MOVES: usize = crate::line::MAX_N + 2;

#[derive(Default)]
struct MoveList {
    moves: [u8; MAX_MOVES],
    len: usize,
}

impl MoveList {
    fn push(&mut self, m: u8) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    fn insert(&mut self, at: usize, m: u8) {
        self.moves.copy_within(at..self.len, at + 1);
        self.moves[at] = m;
        self.len += 1;
    }

    fn as_slice(&self) -> &[u8] {
        &self.moves[..self.len]
    }
}
const NO_MOVE: u8 = u8::MAX - 1;

/// The solver of one board size. Its table survives between calls (entries are exact
/// states, valid for any root).
pub struct Solver {
    t: Tables,
    opts: Options,
    keys: Keys,
    table: Table,
    /// Per ply, the Q being gathered by the search at that ply (`words` words each).
    dep: Vec<u64>,
    words: usize,
    seen: Vec<u64>,
    hash: [u64; 2],
    /// The seen set reflected (`mirror(id)` for each member) and its key: the history
    /// in the table's frame when the state is stored reflected.
    seen_r: Vec<u64>,
    hash_r: [u64; 2],
    /// A Q reflected into the table's frame.
    qbuf: Vec<u64>,
    /// Seen positions whose cells 0 and 1 (resp. n−1 and n−2) are not both empty.
    asym: [u32; 2],
    order: Vec<usize>,
    stats: Stats,
    /// Cutoffs per player and cell (history heuristic).
    hh: [[u32; crate::line::MAX_N + 1]; 2],
    /// The node count at which to stop (u64::MAX: never).
    limit: u64,
    /// The deepest ply that fits [`Options::max_bytes`] ([`max_plies`]).
    max_plies: usize,
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// `TSUME_LINEAR_TRACE` is set: the search reports its progress on stderr.
    trace: bool,
    /// The sum and the largest of the plies of the nodes since the last trace line.
    plies: (u64, usize),
}

impl Solver {
    /// A solver for the 1×n line.
    ///
    /// # Panics
    /// If n is not in 1..=[`crate::MAX_N`].
    pub fn new(n: usize, opts: Options) -> Solver {
        let t = Tables::new(n);
        let keys = Keys::new(t.len(), opts.key_seed);
        let opts = Options {
            table_bits: fit_table_bits(t.len(), &opts),
            ..opts
        };
        let (entries, qwords) = table_shape(t.len(), &opts);
        let words = t.len().div_ceil(64);
        let max_plies = max_plies(t.len(), &opts);
        // Centre cells first: they shape the line.
        let mut order: Vec<usize> = (0..n).collect();
        let mid2 = n as i64 - 1; // twice the centre
        order.sort_by_key(|&c| ((2 * c as i64 - mid2).abs(), c));
        Solver {
            t,
            opts,
            keys,
            table: Table::new(entries, qwords),
            dep: Vec::new(),
            words: qwords,
            seen: vec![0; words],
            hash: [0; 2],
            seen_r: vec![0; words],
            hash_r: [0; 2],
            qbuf: vec![0; qwords],
            asym: [0; 2],
            order,
            stats: Stats::default(),
            hh: [[0; crate::line::MAX_N + 1]; 2],
            limit: u64::MAX,
            max_plies,
            stop: None,
            stopped: false,
            trace: std::env::var_os("TSUME_LINEAR_TRACE").is_some(),
            plies: (0, 0),
        }
    }

    /// A flag that stops the search when set (checked every 65 536 nodes); the solve
    /// then fails with [`SolveError::Stopped`].
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.t.n()
    }

    /// The tables.
    pub fn tables(&self) -> &Tables {
        &self.t
    }

    /// Counters since the solver was built.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the theorem skips `me`'s play on the end cell of `side` (0: cell 0
    /// beside cell 1; 1: cell n−1 beside n−2) in `cur`.
    fn dominated(&self, cur: u32, me: usize, side: usize) -> bool {
        let n = self.t.n();
        if !self.opts.prune || n < 2 || (side == 1 && n < 3) || self.asym[side] != 0 {
            return false;
        }
        let (end, inner) = if side == 0 { (0, 1) } else { (n - 1, n - 2) };
        if self.t.cell(cur, end) != 0 || self.t.cell(cur, inner) != 0 {
            return false;
        }
        // The play on the inner cell must capture nothing: its result is the current
        // code with one stone added.
        let witness = self.t.next_row(cur, me)[inner];
        witness != NONE
            && self.t.code(witness) == self.t.code(cur) | ((me as u32 + 1) << (2 * inner))
    }

    /// Whether player `p` has a legal play from `cur` (no suicide, no repetition); the
    /// positions asked about go into the Q at `ply`.
    fn has_play(&mut self, cur: u32, p: usize, ply: usize) -> bool {
        for c in 0..self.t.n() {
            let id = self.t.next_row(cur, p)[c];
            if id != NONE {
                self.asked(ply, id);
                if !self.is_seen(id) {
                    return true;
                }
            }
        }
        false
    }

    /// The moves to search at a node, best first: the table's move, then the plays
    /// (legal, unseen, not skipped by the theorem), then the pass (unless the last move
    /// was a pass: then passing ends the game, a leaf the caller scores itself).
    fn ordered_moves(
        &mut self,
        cur: u32,
        me: usize,
        pass_is_leaf: bool,
        tt_move: u8,
        ply: usize,
    ) -> MoveList {
        let n = self.t.n();
        let mut list = MoveList::default();
        let mut keys = [0i32; MAX_MOVES];
        for k in 0..n {
            let c = self.order[k];
            let nid = self.t.next_row(cur, me)[c];
            if nid == NONE {
                continue;
            }
            self.asked(ply, nid);
            if self.is_seen(nid) {
                continue;
            }
            if (c == 0 && self.dominated(cur, me, 0)) || (c + 1 == n && self.dominated(cur, me, 1))
            {
                self.stats.pruned += 1;
                continue;
            }
            // The table's move first, then by the static key, centre first on ties.
            let key = if c as u8 == tt_move {
                i32::MAX
            } else {
                (self.t.move_key(cur, me, c) << 20) + (self.hh[me][c].min(0xFFFF) << 4) as i32
                    - k as i32
            };
            let mut i = list.len;
            list.push(c as u8);
            keys[i] = key;
            while i > 0 && keys[i - 1] < key {
                list.moves.swap(i - 1, i);
                keys.swap(i - 1, i);
                i -= 1;
            }
        }
        if !pass_is_leaf {
            // By its cutoffs as a play with static key 0, unless the table says it is best.
            let key = if tt_move == PASS {
                i32::MAX
            } else {
                (self.hh[me][crate::line::MAX_N].min(0xFFFF) << 4) as i32 - 15
            };
            let mut at = list.len;
            while at > 0 && keys[at - 1] < key {
                at -= 1;
            }
            list.insert(at, PASS);
        }
        list
    }

    /// Negamax value for the player to move (`me`: 0 `x`, 1 `o`), fail-soft, in the
    /// window (alpha, beta), at `ply` (its Q is gathered there; the caller joins it).
    fn search(
        &mut self,
        cur: u32,
        me: usize,
        passed: bool,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.stats.nodes += 1;
        if self.trace {
            self.plies = (self.plies.0 + ply as u64, self.plies.1.max(ply));
        }
        if self.stats.nodes >= self.limit
            || ply >= self.max_plies
            || (self.stats.nodes & 0xFFFF == 0 && self.poll())
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0; // never stored: every caller returns at once too
        }
        if self.words > 0 {
            self.dep_at(ply).fill(0);
        }
        let nodes0 = self.stats.nodes;
        let n = self.t.n() as i32;
        let sign = if me == 0 { 1 } else { -1 };
        beta = beta.min(n);
        alpha = alpha.max(-n);
        if alpha >= beta {
            // Only when the caller's window lies outside [-n, n]: -n or n bounds it.
            return if beta <= -n { -n } else { n };
        }
        if passed && sign * self.t.score(cur) >= beta {
            // Passing ends the game with a score that already fails high: a lower
            // bound resting on no history, found without the table.
            return sign * self.t.score(cur);
        }
        // The table holds a state and its reflection as one: the one whose current
        // position has the smaller id, with the history, Q and move mirrored to match.
        let flip = self.flipped(cur);
        let tcur = if flip { self.t.mirror(cur) } else { cur };
        let index = self.index(tcur, me, passed, flip);
        let state = state_code(tcur, me, passed);
        let mut tt_move = NO_MOVE;
        let (seen, hash) = if flip {
            (&self.seen_r[..], self.hash_r)
        } else {
            (&self.seen[..], self.hash)
        };
        let tracked = self.table.tracks_q();
        let around = if tracked {
            bits(seen, &filter_ids(&self.t, tcur, me, AROUND))
        } else {
            0
        };
        let t = &self.t;
        let table = &self.table;
        let keys = &self.keys.seen;
        let after = |m: u8| bits(seen, &filter_ids(t, tcur, me, m));
        let look = |index: u64| table.probe(index, state, seen, hash, keys, around, after);
        let hit = if tracked {
            // The groups an entry of this state valid here can be in (`part`).
            look(part(index, ALL, around & HALF))
                .or_else(|| look(part(index, OTHER, 0)))
                .or_else(|| {
                    (0..t.n()).find_map(|m| {
                        let pm = t.next_row(tcur, me)[m];
                        if pm == NONE || seen[pm as usize / 64] >> (pm % 64) & 1 == 1 {
                            return None; // an entry cut off by m had m's position unseen
                        }
                        look(part(index, m as u64, after(m as u8) & HALF))
                    })
                })
        } else {
            look(index)
        };
        if let Some(slot) = hit {
            // The bound holds under this history; what it rests on joins this Q.
            self.join_stored(ply, slot, flip);
            let e = self.table.entry(slot);
            let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_move = self.reflect_move(e.best, flip);
        }
        let (a0, b0) = (alpha, beta);
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        // After a pass, passing ends the game: a leaf, tried first. So it is when the
        // opponent has no legal play: a pass forces theirs, which ends the game.
        let pass_is_leaf = passed || !self.has_play(cur, 1 - me, ply);
        if pass_is_leaf {
            best = sign * self.t.score(cur);
            best_move = PASS;
            if best > alpha {
                alpha = best;
            }
        }
        if alpha < beta {
            let moves = self.ordered_moves(cur, me, pass_is_leaf, tt_move, ply);
            for &m in moves.as_slice() {
                let v = if m == PASS {
                    -self.search(cur, 1 - me, true, -beta, -alpha, ply + 1)
                } else {
                    let nid = self.t.next_row(cur, me)[m as usize];
                    self.push(nid);
                    let v = -self.search(nid, 1 - me, false, -beta, -alpha, ply + 1);
                    self.pop(nid);
                    v
                };
                if self.stopped {
                    return 0;
                }
                self.join_child(ply);
                if v > best {
                    best = v;
                    best_move = m;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            // A lower bound from one move rests on that move alone:
                            // its legality (a play's position unseen) and its child.
                            self.cut_deps(ply, cur, me, m);
                            let cell = if m == PASS {
                                crate::line::MAX_N
                            } else {
                                m as usize
                            };
                            self.hh[me][cell] += 1;
                            break;
                        }
                    }
                }
            }
        }
        // Pass is always legal, so some move was searched.
        let work = self.stats.nodes - nodes0 + 1;
        let (lo, hi) = if best <= a0 {
            (-n, best)
        } else if best >= b0 {
            (best, n)
        } else {
            (best, best)
        };
        let w = self.words;
        if w > 0 {
            self.dep_at(ply);
            if flip {
                self.reflect_q(ply);
            }
        }
        let (seen, hash, q) = if flip {
            (&self.seen_r[..], self.hash_r, &self.qbuf[..])
        } else {
            (&self.seen[..], self.hash, &self.dep[ply * w..(ply + 1) * w])
        };
        let best_stored = self.reflect_move(best_move, flip);
        let layout = if w > 0 && usize::from(best_stored) < self.t.n() {
            best_stored
        } else {
            AROUND
        };
        let ids = filter_ids(&self.t, tcur, me, layout);
        let index = if w > 0 {
            group_of(&self.t, index, tcur, me, best_stored, seen, q)
        } else {
            index
        };
        self.table.store(
            index,
            state,
            seen,
            hash,
            &self.keys.seen,
            q,
            hit,
            (lo, hi),
            best_stored,
            work,
            layout,
            &ids,
        );
        best
    }

    /// Every 65 536 nodes: whether the stop flag is set (and, with `TSUME_LINEAR_TRACE`
    /// set, every 2²³ nodes: the nodes so far, the mean and largest ply since the last).
    #[cold]
    fn poll(&mut self) -> bool {
        if self.stats.nodes & 0x7F_FFFF == 0 && self.trace {
            let (sum, max) = std::mem::take(&mut self.plies);
            let mean = sum as f64 / f64::from(0x80_0000);
            eprintln!(
                "nodes: {} (ply: mean {mean:.1}, max {max})",
                self.stats.nodes
            );
        }
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The exact value for the player to move.
    fn root_value(&mut self, cur: u32, me: usize, passed: bool) -> i32 {
        let n = self.t.n() as i32;
        // MTD(f): null-window tests from a first guess until the bounds meet.
        let (mut lower, mut upper) = (-n, n);
        let mut g = 0;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(cur, me, passed, beta - 1, beta, 0);
            if self.trace {
                eprintln!("mtd: test {beta}: {g} after {} nodes", self.stats.nodes);
            }
            if self.stopped {
                break;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        g
    }

    /// The exact value of `start`, from Black's side, with a principal variation.
    ///
    /// # Errors
    /// [`SolveError`]: an empty history, a position of another length or an illegal
    /// one, or the search stopped (budget or flag).
    pub fn solve(&mut self, start: &Start) -> Result<Solution, SolveError> {
        let cur = self.set_history(start)?;
        let me = usize::from(start.to_move == Player::O);
        self.solve_from(cur, me, start.passed)
    }

    fn arm(&mut self) {
        self.stopped = false;
        self.limit = match self.opts.max_nodes {
            0 => u64::MAX,
            m => self.stats.nodes.saturating_add(m),
        };
    }

    fn solve_from(&mut self, cur: u32, me: usize, passed: bool) -> Result<Solution, SolveError> {
        self.arm();
        let nodes0 = self.stats.nodes;
        let v = self.root_value(cur, me, passed);
        let nodes = self.stats.nodes - nodes0;
        if self.stopped {
            return Err(SolveError::Stopped { nodes });
        }
        let value = if me == 0 { v } else { -v };
        self.limit = u64::MAX; // the principal variation is cheap: the table holds it
        let pv_start = self.stats.nodes;
        let pv = self.principal_variation(cur, me, passed, v);
        let pv_nodes = self.stats.nodes - pv_start;
        if self.stopped {
            return Err(SolveError::Stopped { nodes });
        }
        Ok(Solution {
            value,
            pv,
            nodes,
            pv_nodes,
        })
    }

    /// The exact value of `start` from Black's side, and the nodes it took.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn value(&mut self, start: &Start) -> Result<(i32, u64), SolveError> {
        let cur = self.set_history(start)?;
        let me = usize::from(start.to_move == Player::O);
        self.arm();
        let nodes0 = self.stats.nodes;
        let v = self.root_value(cur, me, start.passed);
        let nodes = self.stats.nodes - nodes0;
        if self.stopped {
            return Err(SolveError::Stopped { nodes });
        }
        Ok((if me == 0 { v } else { -v }, nodes))
    }
}

/// The first half of a filter's bits: the positions one play away for its first player.
const HALF: u32 = (1 << FILTER_HALF) - 1;
/// [`part`]'s kind of the entries whose Q holds every position one play away for the
/// mover (every node that tried all its plays).
const ALL: u64 = 0xA11;
/// [`part`]'s kind of the entries that fit no other kind.
const OTHER: u64 = 0x07E;

/// The index of a group of the table: the state's index, the entry's kind (a cell m for
/// an entry whose Q holds m's position and every position one play away from it for the
/// opponent, [`ALL`] or [`OTHER`]) and which of the positions its kind names are seen.
/// An entry valid under a history H′ agrees with it on Q, so on those positions: a probe
/// computes the same index from H′ (issue 50: one state's histories spread over the
/// whole table, each group small).
fn part(index: u64, kind: u64, pattern: u32) -> u64 {
    index ^ tsume_board::splitmix64((kind << 32) | u64::from(pattern))
}

/// The group an entry of Q `q` stored under `seen` goes to ([`part`]): [`ALL`] if Q
/// holds every position one play away for the mover, else the kind of its best play m
/// if Q holds m's position and every position one play away from it for the opponent,
/// else [`OTHER`]. All in the table's frame.
fn group_of(t: &Tables, index: u64, cur: u32, me: usize, best: u8, seen: &[u64], q: &[u64]) -> u64 {
    let has = |set: &[u64], id: u32| set[id as usize / 64] >> (id % 64) & 1 == 1;
    let covered = |ids: &[u32; FILTER_IDS]| {
        ids[..FILTER_HALF]
            .iter()
            .all(|&id| id == NONE || has(q, id))
    };
    let around = filter_ids(t, cur, me, AROUND);
    if covered(&around) {
        return part(index, ALL, bits(seen, &around) & HALF);
    }
    if usize::from(best) < t.n() {
        let pm = t.next_row(cur, me)[usize::from(best)];
        let ids = filter_ids(t, cur, me, best);
        if pm != NONE && has(q, pm) && !has(seen, pm) && covered(&ids) {
            return part(index, u64::from(best), bits(seen, &ids) & HALF);
        }
    }
    part(index, OTHER, 0)
}

/// The positions a table tag's filter reads (`table::Tag`), in the table's frame: with
/// `layout` [`AROUND`], those one play away from `cur` (the mover's plays, then the
/// opponent's); with a cell m, those one play away from the position m makes (the
/// opponent's plays, then the mover's). A search that tried every play asked about the
/// first; one cut off by m asked about m's position and, below it, about its replies.
fn filter_ids(t: &Tables, cur: u32, me: usize, layout: u8) -> [u32; FILTER_IDS] {
    let mut ids = [NONE; FILTER_IDS];
    let (base, first) = if usize::from(layout) < t.n() {
        (t.next_row(cur, me)[usize::from(layout)], 1 - me)
    } else {
        (cur, me)
    };
    if base == NONE {
        return ids;
    }
    let n = t.n();
    ids[..n].copy_from_slice(&t.next_row(base, first)[..n]);
    ids[FILTER_HALF..FILTER_HALF + n].copy_from_slice(&t.next_row(base, 1 - first)[..n]);
    ids
}

/// Solves the empty 1×n line, Black first.
///
/// # Errors
/// [`SolveError::Stopped`] if the budget ran out.
///
/// # Panics
/// If n is not in 1..=[`crate::MAX_N`].
pub fn solve_empty(n: usize, opts: Options) -> Result<Solution, SolveError> {
    let mut s = Solver::new(n, opts);
    s.solve(&Start::position(LinePosition::empty(n), Player::X))
}
