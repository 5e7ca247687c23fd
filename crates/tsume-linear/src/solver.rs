//! The fast exact solver: negamax alpha-beta over the compact tables ([`crate::compact`])
//! with a transposition table keyed by the whole state, and seed 000's theorem as a
//! pruning rule.
//!
//! **State.** Under positional superko the value of a state depends on the set of
//! positions seen so far (which plays are still legal), the current position, the player
//! to move and whether the last move was a pass; the order of the history does not
//! matter. The search keeps the seen set as a bitset over position ids.
//!
//! **No graph-history interaction.** The table key is a 128-bit Zobrist key of that
//! whole state: an XOR of one random key per *seen* position, plus keys of the current
//! position, the player to move and the pass flag (two independent 64-bit keys, one
//! indexing the table, one stored and compared). Two states share an entry only if
//! they agree on everything the value depends on (up to a key collision, about
//! entries²/2¹²⁸), so a stored bound is never reused under another history. The state
//! graph has no cycles (every play adds a position to the seen set, two passes end the
//! game), so no entry is read while its own search is on the stack.
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

/// Solver options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Skip plays by the narrow form of seed 000's theorem (and its mirror): checked,
    /// not proven (see the module's documentation).
    pub prune: bool,
    /// log₂ of the number of table entries (16 bytes each); 0 disables the table.
    pub table_bits: u32,
    /// Seed of the Zobrist keys: two runs with different seeds share no key collision.
    pub key_seed: u64,
    /// Give up (answer unknown) after this many nodes; 0: no limit.
    pub max_nodes: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            prune: false,
            table_bits: 22,
            key_seed: 0,
            max_nodes: 0,
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
    /// The node budget ([`Options::max_nodes`]) ran out or the stop flag was raised:
    /// the value is unknown.
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

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    check: u64,
    lower: i8,
    upper: i8,
    best: u8,
    work: u8,
    used: bool,
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
const BUCKET: usize = 4;

struct Keys {
    seen: [Vec<u64>; 2],
    current: [Vec<u64>; 2],
    side: [u64; 2],
    passed: [u64; 2],
}

impl Keys {
    fn new(len: usize, seed: u64) -> Keys {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED_0000_11AE_A500;
        let mut next = || {
            s = s.wrapping_add(1);
            tsume_board::splitmix64(s)
        };
        let mut v = |n: usize| (0..n).map(|_| next()).collect::<Vec<u64>>();
        let seen = [v(len), v(len)];
        let current = [v(len), v(len)];
        let side = [v(1)[0], v(1)[0]];
        let passed = [v(1)[0], v(1)[0]];
        Keys {
            seen,
            current,
            side,
            passed,
        }
    }
}

/// The solver of one board size. Its table survives between calls (entries are exact
/// states, valid for any root).
pub struct Solver {
    t: Tables,
    opts: Options,
    keys: Keys,
    table: Vec<Entry>,
    seen: Vec<u64>,
    hash: [u64; 2],
    /// Seen positions whose cells 0 and 1 (resp. n−1 and n−2) are not both empty.
    asym: [u32; 2],
    order: Vec<usize>,
    stats: Stats,
    /// The node count at which to stop (u64::MAX: never).
    limit: u64,
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
}

impl Solver {
    /// A solver for the 1×n line.
    ///
    /// # Panics
    /// If n is not in 1..=[`crate::MAX_N`].
    pub fn new(n: usize, opts: Options) -> Solver {
        let t = Tables::new(n);
        let keys = Keys::new(t.len(), opts.key_seed);
        let entries = if opts.table_bits == 0 {
            0
        } else {
            (1usize << opts.table_bits).max(BUCKET)
        };
        let words = t.len().div_ceil(64);
        // Centre cells first: they shape the line.
        let mut order: Vec<usize> = (0..n).collect();
        let mid2 = n as i64 - 1; // twice the centre
        order.sort_by_key(|&c| ((2 * c as i64 - mid2).abs(), c));
        Solver {
            t,
            opts,
            keys,
            table: vec![Entry::default(); entries],
            seen: vec![0; words],
            hash: [0; 2],
            asym: [0; 2],
            order,
            stats: Stats::default(),
            limit: u64::MAX,
            stop: None,
            stopped: false,
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

    fn is_seen(&self, id: u32) -> bool {
        self.seen[id as usize / 64] >> (id % 64) & 1 == 1
    }

    fn asym_flags(&self, id: u32) -> [bool; 2] {
        let n = self.t.n();
        if n < 2 {
            return [false; 2];
        }
        [
            self.t.cell(id, 0) != 0 || self.t.cell(id, 1) != 0,
            self.t.cell(id, n - 1) != 0 || self.t.cell(id, n - 2) != 0,
        ]
    }

    fn push(&mut self, id: u32) {
        debug_assert!(!self.is_seen(id));
        self.seen[id as usize / 64] |= 1 << (id % 64);
        self.hash[0] ^= self.keys.seen[0][id as usize];
        self.hash[1] ^= self.keys.seen[1][id as usize];
        let f = self.asym_flags(id);
        self.asym[0] += u32::from(f[0]);
        self.asym[1] += u32::from(f[1]);
    }

    fn pop(&mut self, id: u32) {
        self.seen[id as usize / 64] &= !(1 << (id % 64));
        self.hash[0] ^= self.keys.seen[0][id as usize];
        self.hash[1] ^= self.keys.seen[1][id as usize];
        let f = self.asym_flags(id);
        self.asym[0] -= u32::from(f[0]);
        self.asym[1] -= u32::from(f[1]);
    }

    fn clear_history(&mut self) {
        self.seen.iter_mut().for_each(|w| *w = 0);
        self.hash = [0; 2];
        self.asym = [0; 2];
    }

    fn set_history(&mut self, start: &Start) -> Result<u32, SolveError> {
        self.clear_history();
        let mut cur = NONE;
        for (index, p) in start.history.iter().enumerate() {
            let id = self.t.id(p).ok_or(SolveError::BadPosition { index })?;
            if !self.is_seen(id) {
                self.push(id);
            }
            cur = id;
        }
        if cur == NONE {
            return Err(SolveError::NoHistory);
        }
        Ok(cur)
    }

    fn key(&self, cur: u32, me: usize, passed: bool) -> [u64; 2] {
        let k = &self.keys;
        let mut out = [0; 2];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.hash[i] ^ k.current[i][cur as usize];
            if me == 1 {
                *o ^= k.side[i];
            }
            if passed {
                *o ^= k.passed[i];
            }
        }
        out
    }

    fn bucket(&self, k0: u64) -> usize {
        // The table length is a power of two (or 0).
        ((k0 as usize) & (self.table.len() - 1)) & !(BUCKET - 1)
    }

    fn probe(&self, key: [u64; 2]) -> Option<Entry> {
        if self.table.is_empty() {
            return None;
        }
        let b = self.bucket(key[0]);
        self.table[b..b + BUCKET]
            .iter()
            .find(|e| e.used && e.check == key[1])
            .copied()
    }

    fn store(&mut self, key: [u64; 2], lower: i32, upper: i32, best: u8, work: u64) {
        if self.table.is_empty() {
            return;
        }
        let b = self.bucket(key[0]);
        let work = (64 - work.leading_zeros()) as u8;
        let slot = &mut self.table[b..b + BUCKET];
        let i = slot
            .iter()
            .position(|e| e.used && e.check == key[1])
            .unwrap_or_else(|| {
                (0..BUCKET)
                    .min_by_key(|&i| (slot[i].used, slot[i].work))
                    .unwrap_or(0)
            });
        let e = &mut slot[i];
        if e.used && e.check == key[1] {
            // Merge with what is known.
            e.lower = e.lower.max(lower as i8);
            e.upper = e.upper.min(upper as i8);
            e.best = best;
            e.work = e.work.max(work);
        } else {
            *e = Entry {
                check: key[1],
                lower: lower as i8,
                upper: upper as i8,
                best,
                work,
                used: true,
            };
        }
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

    /// Whether player `p` has a legal play from `cur` (no suicide, no repetition).
    fn has_play(&self, cur: u32, p: usize) -> bool {
        self.t
            .next_row(cur, p)
            .iter()
            .any(|&id| id != NONE && !self.is_seen(id))
    }

    /// The moves to search at a node, best first: the table's move, then the plays
    /// (legal, unseen, not skipped by the theorem), then the pass (unless the last move
    /// was a pass: then passing ends the game, a leaf the caller scores itself).
    fn ordered_moves(&mut self, cur: u32, me: usize, pass_is_leaf: bool, tt_move: u8) -> MoveList {
        let n = self.t.n();
        let mut list = MoveList::default();
        let mut keys = [0i32; MAX_MOVES];
        let row = self.t.next_row(cur, me);
        for (k, &c) in self.order.iter().enumerate() {
            let nid = row[c];
            if nid == NONE || self.is_seen(nid) {
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
                64 * self.t.move_key(cur, me, c) - k as i32
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
            // Last, unless the table says it is best.
            let at = if tt_move == PASS { 0 } else { list.len };
            list.insert(at, PASS);
        }
        list
    }

    /// Negamax value for the player to move (`me`: 0 `x`, 1 `o`), fail-soft, in the
    /// window (alpha, beta).
    fn search(&mut self, cur: u32, me: usize, passed: bool, mut alpha: i32, mut beta: i32) -> i32 {
        self.stats.nodes += 1;
        if self.stats.nodes >= self.limit
            || (self.stats.nodes & 0xFFFF == 0
                && self
                    .stop
                    .as_ref()
                    .is_some_and(|f| f.load(Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0; // never stored: every caller returns at once too
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
        let key = self.key(cur, me, passed);
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.probe(key) {
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
            tt_move = e.best;
        }
        let (a0, b0) = (alpha, beta);
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        // After a pass, passing ends the game: a leaf, tried first. So it is when the
        // opponent has no legal play: a pass forces theirs, which ends the game.
        let pass_is_leaf = passed || !self.has_play(cur, 1 - me);
        if pass_is_leaf {
            best = sign * self.t.score(cur);
            best_move = PASS;
            if best > alpha {
                alpha = best;
            }
        }
        if alpha < beta {
            let moves = self.ordered_moves(cur, me, pass_is_leaf, tt_move);
            for &m in moves.as_slice() {
                let v = if m == PASS {
                    -self.search(cur, 1 - me, true, -beta, -alpha)
                } else {
                    let nid = self.t.next_row(cur, me)[m as usize];
                    self.push(nid);
                    let v = -self.search(nid, 1 - me, false, -beta, -alpha);
                    self.pop(nid);
                    v
                };
                if self.stopped {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = m;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
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
        self.store(key, lo, hi, best_move, work);
        best
    }

    /// The exact value for the player to move.
    fn root_value(&mut self, cur: u32, me: usize, passed: bool) -> i32 {
        let n = self.t.n() as i32;
        // MTD(f): null-window tests from a first guess until the bounds meet.
        let (mut lower, mut upper) = (-n, n);
        let mut g = 0;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(cur, me, passed, beta - 1, beta);
            if std::env::var_os("TSUME_LINEAR_TRACE").is_some() {
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

    /// Follows optimal moves from a state of value `v` (for the player to move) to the
    /// end: at each step the first move whose child is proven to give `v` by a
    /// null-window search. Leaves the history as it found it.
    fn principal_variation(
        &mut self,
        mut cur: u32,
        mut me: usize,
        mut passed: bool,
        mut v: i32,
    ) -> Vec<(Player, Move)> {
        let player = |me: usize| if me == 0 { Player::X } else { Player::O };
        let mut pv = Vec::new();
        let mut pushed = Vec::new();
        loop {
            let sign = if me == 0 { 1 } else { -1 };
            if passed && sign * self.t.score(cur) == v {
                pv.push((player(me), Move::Pass));
                break;
            }
            // The child of value v for `me`: its value for the opponent is -v, so a
            // search with window (-v, -v+1) returning ≤ -v proves it.
            let mut found = None;
            let mut candidates: Vec<Option<usize>> = vec![None];
            candidates.extend(self.order.iter().map(|&c| Some(c)));
            for m in candidates {
                match m {
                    None => {
                        if passed {
                            continue;
                        }
                        if self.search(cur, 1 - me, true, -v, -v + 1) <= -v {
                            found = Some((Move::Pass, cur, true));
                        }
                    }
                    Some(c) => {
                        let nid = self.t.next_row(cur, me)[c];
                        if nid == NONE || self.is_seen(nid) {
                            continue;
                        }
                        self.push(nid);
                        let r = self.search(nid, 1 - me, false, -v, -v + 1);
                        self.pop(nid);
                        if r <= -v {
                            found = Some((Move::Play(c), nid, false));
                        }
                    }
                }
                if found.is_some() {
                    break;
                }
            }
            let Some((m, nid, p)) = found else {
                break; // cannot happen when v is the exact value
            };
            pv.push((player(me), m));
            if let Move::Play(_) = m {
                self.push(nid);
                pushed.push(nid);
            }
            cur = nid;
            passed = p;
            me = 1 - me;
            v = -v;
        }
        for id in pushed.into_iter().rev() {
            self.pop(id);
        }
        pv
    }
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
