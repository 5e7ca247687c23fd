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

/// The bytes one slot of the table takes: its entry, its tag and its state id.
pub(crate) const SLOT_BYTES: usize =
    std::mem::size_of::<Entry>() + std::mem::size_of::<Tag>() + std::mem::size_of::<u32>();

/// Slots of a group when Q is tracked. On 1×8 a state is met under hundreds of histories
/// that each need an entry of their own (docs/experiments/linear-table-spread.md): the
/// solver files each entry in one of many groups by its kind and the seen status of
/// the positions the kind names (all in its Q, so a probe under a history the entry
/// holds for computes the same group), and a probe rejects most slots of its state by
/// their [`Tag`] alone, without reading Q.
const GROUP: usize = 64;

/// A filter's ids: the positions one play away for each player ([`FILTER_HALF`] apart).
pub(crate) const FILTER_HALF: usize = crate::line::MAX_N;
/// Positions a filter reads.
pub(crate) const FILTER_IDS: usize = 2 * FILTER_HALF;
/// The layout of a filter read around the current position (not after a play).
pub(crate) const AROUND: u8 = u8::MAX;

/// What a probe reads of a slot before its entry: the state, and a filter exact on the
/// positions of Q among a few chosen by the state and `layout` (the solver's
/// `filter_ids`): `mask` says which of those positions are in Q, `val` which of them
/// were in the history H the entry was stored under. A history H′ with
/// `bits(H′) & mask != val` disagrees with H on Q: the entry cannot hold there.
///
/// A second filter is chosen per entry: up to [`PICKS`] positions of Q (`picks`), half
/// of them in H and half not where Q has them, the first in an order fixed by the keys
/// (so that entries of one state pick different positions), with `pval` saying which
/// were in H. A history that disagrees on one of them disagrees on Q.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tag {
    /// The filter's positions that are in Q.
    pub mask: u32,
    /// Those of them in H.
    pub val: u32,
    /// Which positions the filter reads: [`AROUND`], or the cell of the entry's best
    /// play (then the positions one play away from the position it makes).
    pub layout: u8,
    /// log₂ of the nodes its search took: the replacement keeps the costlier.
    pub work: u8,
    /// How many of `picks` are set.
    pub npicks: u8,
    /// Which of `picks` were in H (bit k for `picks[k]`).
    pub pval: u16,
    /// Positions of Q chosen for this entry (ids below 2¹⁶ only).
    pub picks: [u16; PICKS],
}

/// Positions of Q a tag keeps for its second filter.
pub(crate) const PICKS: usize = 16;

/// The second filter of an entry of Q `q` stored under `seen`: up to [`PICKS`] / 2
/// positions of Q ∩ H and as many of Q \ H (the rest from the other side when one runs
/// short), each side's taken in increasing order of `order[id]`.
fn picks_of(q: &[u64], seen: &[u64], order: &[u64]) -> ([u16; PICKS], u16, u8) {
    // The smallest-ordered positions of each side, sorted by order.
    let mut side: [[(u64, u16); PICKS]; 2] = [[(u64::MAX, 0); PICKS]; 2];
    let mut len = [0usize; 2];
    for (i, (&qw, &hw)) in q.iter().zip(seen).enumerate() {
        let mut w = qw;
        while w != 0 {
            let b = w.trailing_zeros();
            w &= w - 1;
            let Ok(id) = u16::try_from(i * 64 + b as usize) else {
                break; // ids past 2¹⁶ are not picked
            };
            let s = usize::from(hw >> b & 1 == 1);
            let o = order[id as usize];
            let list = &mut side[s];
            if len[s] == PICKS && o >= list[PICKS - 1].0 {
                continue;
            }
            let mut at = len[s].min(PICKS - 1);
            while at > 0 && list[at - 1].0 > o {
                list[at] = list[at - 1];
                at -= 1;
            }
            list[at] = (o, id);
            len[s] = (len[s] + 1).min(PICKS);
        }
    }
    let half = PICKS / 2;
    let take_in = len[1].min(half.max(PICKS - len[0]));
    let take_out = len[0].min(PICKS - take_in);
    let mut picks = [0u16; PICKS];
    let mut pval = 0u16;
    let mut k = 0;
    for &(_, id) in &side[1][..take_in] {
        picks[k] = id;
        pval |= 1 << k;
        k += 1;
    }
    for &(_, id) in &side[0][..take_out] {
        picks[k] = id;
        k += 1;
    }
    (picks, pval, k as u8)
}

/// One entry.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
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
}

/// The bits of `ids` (position ids, [`crate::compact::NONE`] for none) that are members
/// of the bitset `set`.
#[inline]
pub(crate) fn bits(set: &[u64], ids: &[u32; FILTER_IDS]) -> u32 {
    let mut b = 0;
    for (k, &id) in ids.iter().enumerate() {
        if id != crate::compact::NONE && set[id as usize / 64] >> (id % 64) & 1 == 1 {
            b |= 1 << k;
        }
    }
    b
}

/// The table: `entries`, and for each its Q as `words` 64-bit words (none when every
/// entry's Q is every position).
pub(crate) struct Table {
    /// Each slot's exact state (current id, mover, pass flag) plus one; 0: unused.
    states: Vec<u32>,
    tags: Vec<Tag>,
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
            states: vec![0; entries],
            tags: vec![Tag::default(); entries],
            entries: vec![Entry::default(); entries],
            words,
            q: vec![0; entries * words],
        }
    }

    /// Whether Q is tracked (else every entry's Q is every position).
    pub fn tracks_q(&self) -> bool {
        self.words > 0
    }

    /// The slots a state's entries may occupy: one bucket (whole-history keys), or a
    /// group of [`GROUP`] (one run of tags to scan).
    fn slots(&self, index: u64) -> std::ops::Range<usize> {
        let size = if self.words == 0 { BUCKET } else { GROUP };
        let group = size.min(self.entries.len());
        let b = (index as usize) & (self.entries.len() - 1) & !(group - 1);
        b..b + group
    }

    /// The slot of an entry for `state` valid under the history `seen` (whose whole
    /// key is `whole`), if any. `around` is the filter's bits of `seen` in the layout
    /// [`AROUND`], `after(m)` in the layout of play m ([`Tag`]).
    #[allow(clippy::too_many_arguments)]
    pub fn probe(
        &self,
        index: u64,
        state: u32,
        seen: &[u64],
        whole: [u64; 2],
        keys: &[Vec<u64>; 2],
        around: u32,
        mut after: impl FnMut(u8) -> u32,
    ) -> Option<usize> {
        if self.entries.is_empty() {
            return None;
        }
        let mut cache = [u32::MAX; FILTER_HALF];
        for i in self.slots(index) {
            if self.states[i] != state {
                continue;
            }
            let t = &self.tags[i];
            if self.words > 0 {
                let b = match cache.get_mut(usize::from(t.layout)) {
                    None => around,
                    Some(c) => {
                        if *c == u32::MAX {
                            *c = after(t.layout);
                        }
                        *c
                    }
                };
                if b & t.mask != t.val {
                    continue;
                }
                // Stop at the first pick whose membership differs.
                let differs =
                    t.picks[..usize::from(t.npicks)]
                        .iter()
                        .enumerate()
                        .any(|(k, &id)| {
                            let id = usize::from(id);
                            (seen[id / 64] >> (id % 64) ^ u64::from(t.pval >> k)) & 1 == 1
                        });
                if differs {
                    continue;
                }
            }
            if self.matches(i, seen, whole, keys) {
                return Some(i);
            }
        }
        None
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
    /// `layout` and `ids` are the filter's ([`Tag`]): its mask is read off the stored Q.
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
        layout: u8,
        ids: &[u32; FILTER_IDS],
    ) {
        if self.entries.is_empty() {
            return;
        }
        let work = (64 - work.leading_zeros()) as u8;
        let merge = hit.filter(|&i| self.states[i] == state && self.matches(i, seen, whole, keys));
        let i = merge.unwrap_or_else(|| {
            self.slots(index)
                // Free slots first, then the cheapest: (used, work) packed in a u16.
                .min_by_key(|&i| {
                    (u16::from(self.states[i] != 0) << 8) | u16::from(self.tags[i].work)
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
        let (mask, val) = if w > 0 {
            let mask = bits(self.q_of(i), ids);
            (mask, bits(seen, ids) & mask)
        } else {
            (0, 0)
        };
        let (picks, pval, npicks) = if w > 0 {
            picks_of(self.q_of(i), seen, &keys[1])
        } else {
            ([0; PICKS], 0, 0)
        };
        let t = &mut self.tags[i];
        let e = &mut self.entries[i];
        let (lower, upper) = (bounds.0 as i8, bounds.1 as i8);
        if merge.is_some() {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            t.work = t.work.max(work);
        } else {
            e.lower = lower;
            e.upper = upper;
            t.work = work;
        }
        self.states[i] = state;
        (t.layout, t.mask, t.val) = (layout, mask, val);
        (t.picks, t.pval, t.npicks) = (picks, pval, npicks);
        e.best = best;
        e.hist = hist;
        e.chunks = chunks;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random keys for `len` positions.
    fn keys(len: usize) -> [Vec<u64>; 2] {
        let k = |o: u64| {
            (0..len as u64)
                .map(|i| tsume_board::splitmix64(i * 2 + o))
                .collect()
        };
        [k(1), k(2)]
    }

    fn set(ids: &[u32], words: usize) -> Vec<u64> {
        let mut s = vec![0; words];
        for &id in ids {
            s[id as usize / 64] |= 1 << (id % 64);
        }
        s
    }

    /// The tag's filter rejects an entry exactly when the probe's history disagrees with
    /// the stored one on a filtered position in Q; a position outside Q (filtered or
    /// not) never makes it miss, and the key check still rejects a disagreement on Q
    /// outside the filter. Each history is checked against the rule by hand.
    #[test]
    fn the_filter_rejects_only_histories_that_disagree_on_q() {
        let (words, len) = (3, 150);
        let k = keys(len);
        let mut table = Table::new(2048, words);
        // Filtered positions 10, 11 (in Q) and 12 (not in Q); 100 in Q, not filtered.
        let mut ids = [crate::compact::NONE; FILTER_IDS];
        ids[..3].copy_from_slice(&[10, 11, 12]);
        let q = set(&[10, 11, 100, 130], words);
        let h = set(&[10, 100, 5], words);
        let hash = [0, 0]; // unused when Q is tracked
        table.store(7, 42, &h, hash, &k, &q, None, (1, 3), 2, 9, AROUND, &ids);
        let probe = |seen: &[u64]| {
            let around = bits(seen, &ids);
            table.probe(7, 42, seen, hash, &k, around, |_| unreachable!())
        };
        // The same history, and histories that differ off Q (5 dropped, 12 and 60 added).
        for seen in [&[10, 100, 5][..], &[10, 100], &[10, 100, 12, 60]] {
            let hit = probe(&set(seen, words)).expect("agrees on Q");
            let e = table.entry(hit);
            assert_eq!((e.lower, e.upper, e.best), (1, 3, 2));
        }
        // Differs on Q inside the filter (10 dropped, 11 added) or outside it (100, 130).
        for seen in [&[100, 5][..], &[10, 11, 100], &[10], &[10, 100, 130]] {
            assert_eq!(probe(&set(seen, words)), None, "{seen:?}");
        }
        // Another state in the same group is a miss.
        assert_eq!(
            table.probe(7, 43, &h, hash, &k, bits(&h, &ids), |_| 0),
            None
        );
        // The filter bits themselves: 10 in Q and in H, 11 in Q only.
        let i = table.states.iter().position(|&s| s == 42).unwrap();
        let t = &table.tags[i];
        assert_eq!((t.mask, t.val), (0b011, 0b001));
        // The picks: Q's four positions, 10 and 100 (in H) first.
        let mut picks: Vec<u32> = t.picks[..usize::from(t.npicks)]
            .iter()
            .map(|&p| u32::from(p))
            .collect();
        assert_eq!(t.pval, 0b0011);
        assert_eq!(t.npicks, 4);
        picks[..2].sort_unstable();
        picks[2..].sort_unstable();
        assert_eq!(picks, [10, 100, 11, 130]);
    }

    /// The size `Options::table_bits`'s documentation states: an entry and its tag.
    #[test]
    fn an_entry_is_84_bytes() {
        assert_eq!(SLOT_BYTES, 84);
    }
}
