//! The search's history: the seen set with its keys, and the set Q of positions each
//! ply's search asked about (`docs/linear.md`, "Reusing an entry under another
//! history").

use super::{SolveError, Solver, Start, PASS};
use crate::compact::{Tables, NONE};

/// The Zobrist keys: of each position as a member of the seen set and as the current
/// position, of the mover and of the pass flag.
pub(super) struct Keys {
    pub(super) seen: [Vec<u64>; 2],
    pub(super) current: [Vec<u64>; 2],
    pub(super) side: [u64; 2],
    pub(super) passed: [u64; 2],
}

impl Keys {
    pub(super) fn new(len: usize, seed: u64) -> Keys {
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

impl Solver {
    pub(super) fn is_seen(&self, id: u32) -> bool {
        self.seen[id as usize / 64] >> (id % 64) & 1 == 1
    }

    pub(super) fn asym_flags(&self, id: u32) -> [bool; 2] {
        let n = self.t.n();
        if n < 2 {
            return [false; 2];
        }
        [
            self.t.cell(id, 0) != 0 || self.t.cell(id, 1) != 0,
            self.t.cell(id, n - 1) != 0 || self.t.cell(id, n - 2) != 0,
        ]
    }

    pub(super) fn push(&mut self, id: u32) {
        debug_assert!(!self.is_seen(id));
        self.seen[id as usize / 64] |= 1 << (id % 64);
        self.hash[0] ^= self.keys.seen[0][id as usize];
        self.hash[1] ^= self.keys.seen[1][id as usize];
        let r = self.t.mirror(id);
        self.seen_r[r as usize / 64] |= 1 << (r % 64);
        self.hash_r[0] ^= self.keys.seen[0][r as usize];
        self.hash_r[1] ^= self.keys.seen[1][r as usize];
        let f = self.asym_flags(id);
        self.asym[0] += u32::from(f[0]);
        self.asym[1] += u32::from(f[1]);
    }

    pub(super) fn pop(&mut self, id: u32) {
        self.seen[id as usize / 64] &= !(1 << (id % 64));
        self.hash[0] ^= self.keys.seen[0][id as usize];
        self.hash[1] ^= self.keys.seen[1][id as usize];
        let r = self.t.mirror(id);
        self.seen_r[r as usize / 64] &= !(1 << (r % 64));
        self.hash_r[0] ^= self.keys.seen[0][r as usize];
        self.hash_r[1] ^= self.keys.seen[1][r as usize];
        let f = self.asym_flags(id);
        self.asym[0] -= u32::from(f[0]);
        self.asym[1] -= u32::from(f[1]);
    }

    pub(super) fn clear_history(&mut self) {
        self.seen.iter_mut().for_each(|w| *w = 0);
        self.hash = [0; 2];
        self.seen_r.iter_mut().for_each(|w| *w = 0);
        self.hash_r = [0; 2];
        self.asym = [0; 2];
    }

    pub(super) fn set_history(&mut self, start: &Start) -> Result<u32, SolveError> {
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

    /// Whether the table holds the state at `cur` reflected: its mirror image has the
    /// smaller id (a state and its reflection, the whole history mirrored, have the same
    /// value: the rules do not tell the ends of the line apart).
    pub(super) fn flipped(&self, cur: u32) -> bool {
        self.opts.mirror && !self.opts.prune && self.t.mirror(cur) < cur
    }

    /// A move in the table's frame from the search's, or back (a play on cell c is one on
    /// n−1−c reflected; the pass and "none" codes stay).
    pub(super) fn reflect_move(&self, m: u8, flip: bool) -> u8 {
        let n = self.t.n();
        if flip && usize::from(m) < n {
            (n - 1 - usize::from(m)) as u8
        } else {
            m
        }
    }

    /// Joins the Q of table slot `slot` (in the table's frame) to the Q at `ply`.
    pub(super) fn join_stored(&mut self, ply: usize, slot: usize, flip: bool) {
        let w = self.words;
        if w == 0 {
            return;
        }
        self.dep_at(ply);
        let q = self.table.q_of(slot);
        let dep = &mut self.dep[ply * w..(ply + 1) * w];
        if !flip {
            dep.iter_mut().zip(q).for_each(|(a, &b)| *a |= b);
            return;
        }
        or_mirrored(&self.t, q, dep);
    }

    /// The Q at `ply` reflected, into `qbuf`.
    pub(super) fn reflect_q(&mut self, ply: usize) {
        let w = self.words;
        self.qbuf.iter_mut().for_each(|x| *x = 0);
        or_mirrored(&self.t, &self.dep[ply * w..(ply + 1) * w], &mut self.qbuf);
    }

    /// The index of a state in the table (in the table's frame: `flip` says whether the
    /// history is the reflected one): the current position, mover and pass flag, and
    /// (whole-history mode) the seen set.
    pub(super) fn index(&self, cur: u32, me: usize, passed: bool, flip: bool) -> u64 {
        let k = &self.keys;
        let mut o = k.current[0][cur as usize];
        if !self.table.tracks_q() {
            o ^= if flip { self.hash_r[0] } else { self.hash[0] };
        }
        if me == 1 {
            o ^= k.side[0];
        }
        if passed {
            o ^= k.passed[0];
        }
        o
    }

    /// The Q gathered at `ply`.
    pub(super) fn dep_at(&mut self, ply: usize) -> &mut [u64] {
        let w = self.words;
        if self.dep.len() < (ply + 2) * w {
            self.dep.resize((ply + 2) * w, 0);
        }
        &mut self.dep[ply * w..(ply + 1) * w]
    }

    /// Records that the search at `ply` asked whether position `id` was seen.
    pub(super) fn asked(&mut self, ply: usize, id: u32) {
        if self.words > 0 {
            self.dep_at(ply)[id as usize / 64] |= 1 << (id % 64);
        }
    }

    /// After a cutoff by move `m` at `ply`: its Q becomes the child's, and the play's
    /// own position (whose legality the bound rests on).
    pub(super) fn cut_deps(&mut self, ply: usize, cur: u32, me: usize, m: u8) {
        let w = self.words;
        if w == 0 {
            return;
        }
        self.dep_at(ply + 1);
        self.dep.copy_within((ply + 1) * w..(ply + 2) * w, ply * w);
        if m != PASS {
            let nid = self.t.next_row(cur, me)[m as usize];
            self.asked(ply, nid);
        }
    }

    /// Joins the Q of the child at `ply + 1` to the one at `ply`.
    pub(super) fn join_child(&mut self, ply: usize) {
        let w = self.words;
        if w > 0 {
            self.dep_at(ply + 1);
            let (lo, hi) = self.dep.split_at_mut((ply + 1) * w);
            lo[ply * w..]
                .iter_mut()
                .zip(&hi[..w])
                .for_each(|(a, &b)| *a |= b);
        }
    }
}

/// Adds to the set `dst` the mirror image of every position in the set `src` (bitsets
/// over position ids).
fn or_mirrored(t: &Tables, src: &[u64], dst: &mut [u64]) {
    for (i, &word) in src.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let r = t.mirror((i * 64) as u32 + word.trailing_zeros());
            dst[r as usize / 64] |= 1 << (r % 64);
            word &= word - 1;
        }
    }
}
