//! The solver's transposition table. An entry is one state's bound, stored with the
//! part of the history it was searched under that its search looked at, so that it is
//! reused exactly under the histories that agree with it there.
//!
//! **What an entry holds.** The exact current position, the player to move and the pass
//! flag; the bounds, the best move and the work; and the set Q of positions whose
//! membership in the history the search of that state asked about (every play it tried
//! or counted, its own and those of the entries it reused), with a 128-bit key of
//! H ∩ Q, H being the positions seen when the state was searched. A state with history
//! H′ reuses the entry iff its key of H′ ∩ Q equals the stored one (up to a collision
//! of two 128-bit keys). Why that is sound is in `docs/linear.md` ("Reusing an entry
//! under another history"): every legality test of the search answers the same under
//! H′, so the same partial tree bounds the value there.
//!
//! **Whole-history entries.** With [`crate::solver::HistoryKey::Whole`] (or the
//! pruning, whose test reads the whole history), Q is every position: the entry is
//! reused only under the same seen set, as the solver did before Q was tracked.

/// Entries a bucket holds.
pub(crate) const BUCKET: usize = 4;

/// Buckets a state's entries may occupy when Q is tracked: the index is the state
/// alone, so the entries of one state under many histories need more than a bucket.
const SPREAD: u64 = 8;

/// One entry.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    /// The exact state (current id, mover, pass flag) plus one; 0: unused.
    pub state: u64,
    /// Key of H ∩ Q (Q = everything in whole-history mode).
    pub hist: [u64; 2],
    /// Lower bound of the mover's value.
    pub lower: i8,
    /// Upper bound.
    pub upper: i8,
    /// The best move found (a cell, or the solver's pass/none codes).
    pub best: u8,
    /// log₂ of the nodes its search took: the replacement keeps the costlier.
    pub work: u8,
}

/// The table: `entries`, and for each its Q as `words` 64-bit words (none when every
/// entry's Q is every position).
pub(crate) struct Table {
    entries: Vec<Entry>,
    words: usize,
    q: Vec<u64>,
}

/// The exact state's code (never 0).
pub(crate) fn state_code(cur: u32, me: usize, passed: bool) -> u64 {
    ((u64::from(cur) << 2) | ((me as u64) << 1) | u64::from(passed)) + 1
}

/// The 128-bit key of the set `seen ∩ q` (`q` None: all of `seen`), an XOR of one pair
/// of random keys per member.
pub(crate) fn set_key(seen: &[u64], q: Option<&[u64]>, keys: &[Vec<u64>; 2]) -> [u64; 2] {
    let mut out = [0u64; 2];
    for (i, &w) in seen.iter().enumerate() {
        let mut w = match q {
            Some(q) => w & q[i],
            None => w,
        };
        while w != 0 {
            let id = i * 64 + w.trailing_zeros() as usize;
            out[0] ^= keys[0][id];
            out[1] ^= keys[1][id];
            w &= w - 1;
        }
    }
    out
}

impl Table {
    /// `entries` (a power of two, or 0 for no table) of Q sets of `words` words each.
    pub fn new(entries: usize, words: usize) -> Table {
        Table {
            entries: vec![Entry::default(); entries],
            words,
            q: vec![0; entries * words],
        }
    }

    /// Whether Q is tracked (else every entry's Q is every position).
    pub fn tracks_q(&self) -> bool {
        self.words > 0
    }

    fn bucket(&self, index: u64) -> usize {
        ((index as usize) & (self.entries.len() - 1)) & !(BUCKET - 1)
    }

    /// The slots a state's entries may occupy: one bucket (whole-history keys), or
    /// [`SPREAD`] buckets.
    fn slots(&self, index: u64) -> impl Iterator<Item = usize> + '_ {
        let spread = if self.words == 0 { 1 } else { SPREAD };
        (0..spread).flat_map(move |k| {
            let b = self.bucket(index ^ tsume_board::splitmix64(k).wrapping_mul(k));
            b..b + BUCKET
        })
    }

    /// The slot of an entry for `state` valid under the history `seen` (whose whole
    /// key is `whole`), if any.
    pub fn probe(
        &self,
        index: u64,
        state: u64,
        seen: &[u64],
        whole: [u64; 2],
        keys: &[Vec<u64>; 2],
    ) -> Option<usize> {
        if self.entries.is_empty() {
            return None;
        }
        self.slots(index).find(|&i| {
            let e = &self.entries[i];
            e.state == state && e.hist == self.hist_under(i, seen, whole, keys)
        })
    }

    /// The key of `seen ∩ Q` of slot `i`.
    fn hist_under(
        &self,
        i: usize,
        seen: &[u64],
        whole: [u64; 2],
        keys: &[Vec<u64>; 2],
    ) -> [u64; 2] {
        if self.words == 0 {
            whole
        } else {
            set_key(seen, Some(self.q_of(i)), keys)
        }
    }

    /// The entry in slot `i`.
    pub fn entry(&self, i: usize) -> Entry {
        self.entries[i]
    }

    /// The Q of slot `i`.
    pub fn q_of(&self, i: usize) -> &[u64] {
        &self.q[i * self.words..(i + 1) * self.words]
    }

    /// Stores a bound searched under `seen` that depends on the positions `q` (ignored
    /// when Q is not tracked). An entry for the same state valid under `seen` is merged
    /// (its Q joined: the merged bounds hold where both did); else the bucket's cheapest
    /// entry is replaced.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        index: u64,
        state: u64,
        seen: &[u64],
        whole: [u64; 2],
        keys: &[Vec<u64>; 2],
        q: &[u64],
        bounds: (i32, i32),
        best: u8,
        work: u64,
    ) {
        if self.entries.is_empty() {
            return;
        }
        let work = (64 - work.leading_zeros()) as u8;
        let merge = self.probe(index, state, seen, whole, keys);
        let i = merge.unwrap_or_else(|| {
            self.slots(index)
                .min_by_key(|&i| (self.entries[i].state != 0, self.entries[i].work))
                .unwrap_or(0)
        });
        let w = self.words;
        if w > 0 {
            let slot = &mut self.q[i * w..(i + 1) * w];
            if merge.is_some() {
                slot.iter_mut().zip(q).for_each(|(s, &x)| *s |= x);
            } else {
                slot.copy_from_slice(&q[..w]);
            }
        }
        let hist = self.hist_under(i, seen, whole, keys);
        let e = &mut self.entries[i];
        let (lower, upper) = (bounds.0 as i8, bounds.1 as i8);
        if merge.is_some() {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            e.best = best;
            e.work = e.work.max(work);
            e.hist = hist;
        } else {
            *e = Entry {
                state,
                hist,
                lower,
                upper,
                best,
                work,
            };
        }
    }
}
