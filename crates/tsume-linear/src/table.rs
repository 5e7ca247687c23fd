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
const SPREAD: usize = 16;

/// One entry.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    /// The exact state (current id, mover, pass flag) plus one; 0: unused.
    pub state: u32,
    /// Key of H ∩ Q (Q = everything in whole-history mode).
    pub hist: [u64; 2],
    /// A byte of the key of H ∩ Q ∩ C for each of [`CHUNKS`] runs C of position ids
    /// (Q tracked only): a probe compares them run by run and rejects a slot at its
    /// first differing byte, mostly without reading the rest of Q.
    pub chunks: u64,
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
pub(crate) fn state_code(cur: u32, me: usize, passed: bool) -> u32 {
    ((cur << 2) | ((me as u32) << 1) | u32::from(passed)) + 1
}

/// Runs of Q's words with a key byte each in [`Entry::chunks`].
const CHUNKS: usize = 8;

/// The words of chunk `k` of `words` words.
fn chunk(k: usize, words: usize) -> std::ops::Range<usize> {
    k * words / CHUNKS..(k + 1) * words / CHUNKS
}

/// The key of `seen ∩ q ∩ chunk k`'s words (64 bits of each half).
#[inline]
fn chunk_key(seen: &[u64], q: &[u64], k: usize, keys: &[Vec<u64>; 2]) -> [u64; 2] {
    let mut out = [0u64; 2];
    for i in chunk(k, q.len()) {
        let mut w = seen[i] & q[i];
        while w != 0 {
            let id = i * 64 + w.trailing_zeros() as usize;
            out[0] ^= keys[0][id];
            out[1] ^= keys[1][id];
            w &= w - 1;
        }
    }
    out
}

/// The key of `seen ∩ q` and its chunk bytes ([`Entry::chunks`]).
fn keys_of(seen: &[u64], q: &[u64], keys: &[Vec<u64>; 2]) -> ([u64; 2], u64) {
    let mut out = [0u64; 2];
    let mut bytes = 0u64;
    for k in 0..CHUNKS {
        let c = chunk_key(seen, q, k, keys);
        out[0] ^= c[0];
        out[1] ^= c[1];
        bytes |= (c[0] & 0xFF) << (8 * k);
    }
    (out, bytes)
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

    /// The slots a state's entries may occupy: one bucket (whole-history keys), or
    /// [`SPREAD`] adjacent buckets (one run of memory to scan).
    fn slots(&self, index: u64) -> std::ops::Range<usize> {
        let spread = if self.words == 0 { 1 } else { SPREAD };
        let group = (BUCKET * spread).min(self.entries.len());
        let b = (index as usize) & (self.entries.len() - 1) & !(group - 1);
        b..b + group
    }

    /// The slot of an entry for `state` valid under the history `seen` (whose whole
    /// key is `whole`), if any.
    pub fn probe(
        &self,
        index: u64,
        state: u32,
        seen: &[u64],
        whole: [u64; 2],
        keys: &[Vec<u64>; 2],
    ) -> Option<usize> {
        if self.entries.is_empty() {
            return None;
        }
        self.slots(index)
            .find(|&i| self.entries[i].state == state && self.matches(i, seen, whole, keys))
    }

    /// Whether slot `i`'s entry holds under the history `seen` (whole key `whole`): the
    /// key of `seen ∩ Q` is the stored one, compared a chunk's byte at a time first.
    fn matches(&self, i: usize, seen: &[u64], whole: [u64; 2], keys: &[Vec<u64>; 2]) -> bool {
        let e = &self.entries[i];
        if self.words == 0 {
            return e.hist == whole;
        }
        let q = self.q_of(i);
        let mut out = [0u64; 2];
        for k in 0..CHUNKS {
            let c = chunk_key(seen, q, k, keys);
            if (c[0] & 0xFF) != (e.chunks >> (8 * k)) & 0xFF {
                return false;
            }
            out[0] ^= c[0];
            out[1] ^= c[1];
        }
        out == e.hist
    }

    /// The key of `seen ∩ Q` of slot `i` and its chunk bytes.
    fn hist_under(
        &self,
        i: usize,
        seen: &[u64],
        whole: [u64; 2],
        keys: &[Vec<u64>; 2],
    ) -> ([u64; 2], u64) {
        if self.words == 0 {
            (whole, 0)
        } else {
            keys_of(seen, self.q_of(i), keys)
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
    /// when Q is not tracked). `hit` is the slot the probe of this state found when its
    /// search began: if it still holds an entry of this state valid under `seen` (the
    /// same one, unless the state's reflection, met below, replaced it), that entry is
    /// merged (its Q joined: the merged bounds hold where both did); else the cheapest
    /// of the state's slots is replaced. (No second scan: the search of a state meets no
    /// other entry of it valid under `seen` but its reflection's, rarely.)
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        index: u64,
        state: u32,
        seen: &[u64],
        whole: [u64; 2],
        keys: &[Vec<u64>; 2],
        q: &[u64],
        hit: Option<usize>,
        bounds: (i32, i32),
        best: u8,
        work: u64,
    ) {
        if self.entries.is_empty() {
            return;
        }
        let work = (64 - work.leading_zeros()) as u8;
        let merge =
            hit.filter(|&i| self.entries[i].state == state && self.matches(i, seen, whole, keys));
        let i = merge.unwrap_or_else(|| {
            self.slots(index)
                // Free slots first, then the cheapest: (used, work) packed in a u16.
                .min_by_key(|&i| {
                    let e = &self.entries[i];
                    (u16::from(e.state != 0) << 8) | u16::from(e.work)
                })
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
        let (hist, chunks) = self.hist_under(i, seen, whole, keys);
        let e = &mut self.entries[i];
        let (lower, upper) = (bounds.0 as i8, bounds.1 as i8);
        if merge.is_some() {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            e.best = best;
            e.work = e.work.max(work);
            e.hist = hist;
            e.chunks = chunks;
        } else {
            *e = Entry {
                state,
                hist,
                chunks,
                lower,
                upper,
                best,
                work,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    /// The size `Options::table_bits`'s documentation states.
    #[test]
    fn an_entry_is_32_bytes() {
        assert_eq!(std::mem::size_of::<super::Entry>(), 32);
    }
}
