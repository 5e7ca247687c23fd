//! df-pn without the depth bound: nodes are positions, not (position, remaining plies).
//!
//! Without a ko rule the game graph has cycles, and a play that goes round one forever is
//! the defender's (Crăşmaru §3: the attacker must reach D₀ within α plies, for any α). A
//! child that repeats a position of the current path is therefore counted as disproven
//! *for this visit*. Such a result depends on the path (the graph-history interaction,
//! GHI), so it is never stored as a fact:
//!
//! - a **proof** never rests on a repetition (it is built from D₀ leaves and proven
//!   children only), so it is exact, path-free, and goes into the shared table with the
//!   plies it needs ([`super::proof_need`]); the bounded search uses it at every bound that
//!   large;
//! - a **disproof** whose every leaf is a disproof for every α (Benson's test, a checked
//!   closure) holds for every α and is stored as such;
//! - any other disproof (resting on a repetition) is kept only as a hint, in
//!   [`Cyclic::work`] as (∞, 0): the closure ([`crate::tree::forever_disproof`])
//!   takes the defender's moves from it, and only the independent checker's acceptance of
//!   the closed set makes "alive for every α" an answer. Within this search the hints are
//!   also used as disproofs on later visits, the usual price of ignoring GHI: a wrong hint
//!   can make the root look alive, the closure then fails, and the bounded search decides.
//!
//! So the unbounded search can only ever save work: its proofs are exact, its disproofs are
//! checked or thrown away.

use fxhash::{FxHashMap, FxHashSet};
use tsume_board::{Move, Position};

use super::{
    child_thresholds, combine, proof_need, select, Info, Known, Search, INF, INF_HOLD, NO_PROOF,
};

/// The unbounded search's own state, kept in [`Search`].
pub(crate) struct Cyclic {
    /// By table key: (pn, dn) of unsolved positions, and (INF, 0) for the positions the
    /// defender survived from, possibly only because a line repeated a position of its
    /// path: hints, never facts.
    work: FxHashMap<u64, (u64, u64)>,
    /// Table keys of the positions on the path being searched.
    path: FxHashSet<u64>,
    /// By the low bits of a table key: how many positions of the path have them (most
    /// probes are of positions off the path, and this answers them without the set).
    path_bits: Vec<u32>,
    /// The ply at which a line is cut (counted as the defender's, a hint like a
    /// repetition): the solver's thread has a stack for α plies.
    max_ply: u32,
}

/// Size of [`Cyclic::path_bits`] (a power of two).
const PATH_BITS: usize = 4096;

impl Default for Cyclic {
    fn default() -> Self {
        Cyclic {
            work: FxHashMap::default(),
            path: FxHashSet::default(),
            path_bits: vec![0; PATH_BITS],
            max_ply: 0,
        }
    }
}

impl Cyclic {
    fn on_path(&self, key: u64) -> bool {
        self.path_bits[key as usize & (PATH_BITS - 1)] > 0 && self.path.contains(&key)
    }

    fn enter(&mut self, key: u64) {
        self.path.insert(key);
        self.path_bits[key as usize & (PATH_BITS - 1)] += 1;
    }

    fn leave(&mut self, key: u64) {
        self.path.remove(&key);
        self.path_bits[key as usize & (PATH_BITS - 1)] -= 1;
    }
}

impl Search<'_> {
    /// Whether the unbounded search saw the defender survive from the position with this
    /// table key (a hint for the closure, not a fact).
    pub(crate) fn survived_unbounded(&self, key: u64) -> bool {
        self.cyc.work.get(&key).is_some_and(|&(_, dn)| dn == 0)
    }

    /// Drops the unbounded search's numbers of unsolved positions, keeping its hints (for
    /// the closures still to come): the bounded search's table counts without them.
    pub(crate) fn end_unbounded(&mut self) {
        self.cyc.work.retain(|_, &mut (_, dn)| dn == 0);
    }

    /// Searches `p` without a depth bound until it is solved or a limit stops the search.
    /// `Proven(k)`: the attacker kills within k plies (exact). `Disproven(INF_HOLD)`:
    /// alive for every α (exact). `Disproven(0)`: the defender survived, maybe only
    /// through a repetition of the path (a hint: close it and check it).
    /// Lines are cut after `max_plies` plies (a survival there is a hint, as above).
    pub(crate) fn mid_unbounded(&mut self, p: &Position, ply: u32, max_plies: u32) -> Known {
        let (info, _) = self.info_of(Move::Pass, p);
        let known = self.probe_unbounded(&info);
        let Known::Open(..) = known else {
            return known;
        };
        // (The path is empty between calls: every node entered is left.)
        self.cyc.max_ply = ply.saturating_add(max_plies);
        self.expand_unbounded(p, known, INF, INF, ply)
    }

    /// A child's standing for the unbounded search.
    fn probe_unbounded(&mut self, c: &Info) -> Known {
        // Crăşmaru §3: D₀ is a kill.
        if c.d0 {
            return Known::Proven(0);
        }
        if let Some(s) = self.table.solved.get(&c.hash) {
            if s.need != NO_PROOF {
                self.stats.tt_hits += 1;
                return Known::Proven(s.need);
            }
            if s.hold == Some(INF_HOLD) {
                self.stats.tt_hits += 1;
                return Known::Disproven(INF_HOLD);
            }
        }
        // A repetition of the path: play round the cycle forever, the defender's.
        if self.cyc.on_path(c.hash) {
            return Known::Disproven(0);
        }
        match self.cyc.work.get(&c.hash) {
            Some(&(_, 0)) => return Known::Disproven(0),
            Some(&(pn, dn)) => return Known::Open(pn, dn),
            None => {}
        }
        Known::Open(u64::from(c.est.0), u64::from(c.est.1))
    }

    fn expand_unbounded(
        &mut self,
        p: &Position,
        known: Known,
        thpn: u64,
        thdn: u64,
        ply: u32,
    ) -> Known {
        if ply >= self.cyc.max_ply {
            return Known::Disproven(0);
        }
        let (h, kept) = match self.open_node(p, known, ply) {
            Ok(opened) => opened,
            Err(k) => return k,
        };
        if let Some(k) = self.reuse_probe(p, INF_HOLD, h) {
            return k;
        }
        let mut b = self.take_buffers(p, ply, kept);
        self.cyc.enter(h);
        // The attacker's pass kept for the bounded search (`life_pass_first`) is left
        // out here as always: the pass back repeats the position (the defender's).
        let mut n = b.kids.len();
        if self.life_pass_first
            && self.attacker_moves(p)
            && p.ko_ban().is_none()
            && b.kids.last().is_some_and(|c| c.mv == Move::Pass)
        {
            n -= 1;
        }
        let out = self.loop_unbounded(
            p,
            thpn,
            thdn,
            ply,
            h,
            &b.kids[..n],
            &mut b.vals,
            &mut b.seen[..n],
        );
        self.cyc.leave(h);
        self.buffers[ply as usize] = b;
        out
    }

    /// The loop of [`Search::expand_unbounded`], as [`Search::expand_children`]'s.
    #[allow(clippy::too_many_arguments)]
    fn loop_unbounded(
        &mut self,
        p: &Position,
        thpn: u64,
        thdn: u64,
        ply: u32,
        h: u64,
        kids: &[Info],
        vals: &mut Vec<Known>,
        seen: &mut [u32],
    ) -> Known {
        let or_node = self.attacker_moves(p);
        let mut epoch = 0u32;
        for c in kids {
            let v = self.probe_unbounded(c);
            vals.push(v);
        }
        // Post-hoc zones: a proof here is acyclic (it never rests on a repetition), so
        // the replay lemma's induction on the height serves it as in the bounded search.
        // (Life: only disproofs for every α, which never rest on a repetition, are
        // witnesses.)
        let mut scanned: Vec<bool> = if self.posthoc_on() {
            vec![false; kids.len()]
        } else {
            Vec::new()
        };
        loop {
            if !scanned.is_empty() {
                if or_node {
                    self.posthoc_life_prune(p, None, kids, vals, &mut scanned);
                } else {
                    self.posthoc_prune(p, INF_HOLD, kids, vals, &mut scanned);
                }
            }
            let (pn, dn) = combine(or_node, vals, self.pn_rule == crate::PnRule::Weak);
            if pn == 0 {
                let need = proof_need(or_node, vals);
                self.table.prove(h, need);
                self.cyc.work.remove(&h);
                self.posthoc_record(p, kids, vals);
                self.reuse_record(p);
                return Known::Proven(need);
            }
            if dn == 0 {
                let forever = |v: &Known| *v == Known::Disproven(INF_HOLD);
                // Every child (OR) or one (AND) alive for every α: so is this node.
                let exact = if or_node {
                    vals.iter().all(forever)
                } else {
                    vals.iter().any(forever)
                };
                if exact {
                    self.cyc.work.remove(&h);
                    self.table.disprove(h, INF_HOLD);
                    self.posthoc_life_record(p, kids, vals);
                    return Known::Disproven(INF_HOLD);
                }
                self.park_unbounded(h, INF, 0);
                return Known::Disproven(0);
            }
            if pn >= thpn || dn >= thdn {
                return self.park_unbounded(h, pn, dn);
            }
            let (mut best, mut second) = select(or_node, vals);
            if !or_node && self.learned_order {
                (best, second) = super::keep_first(vals, thdn, (best, second));
            }
            if seen[best] != epoch {
                let v = self.probe_unbounded(&kids[best]);
                seen[best] = epoch;
                if v != vals[best] {
                    vals[best] = v;
                    continue;
                }
            }
            let (cthpn, cthdn) =
                child_thresholds(or_node, (thpn, thdn), (pn, dn), vals[best], second);
            let child = self.scratch_child(p, kids[best].mv, ply);
            vals[best] = self.expand_unbounded(&child, vals[best], cthpn, cthdn, ply + 1);
            epoch += 1;
            seen[best] = epoch;
            self.return_scratch(ply, child);
            if self.abort.is_some() {
                return self.park_unbounded(h, pn, dn);
            }
        }
    }

    /// Keeps an unsolved position's numbers, or (INF, 0) for a survival (a hint).
    fn park_unbounded(&mut self, h: u64, pn: u64, dn: u64) -> Known {
        // Bounded with the table: all three maps at most its capacity.
        let used = self.cyc.work.len() + self.table.solved.len() + self.table.work.len();
        if used >= self.table.capacity {
            self.cyc.work.clear();
            self.table.clears += 1;
        }
        self.cyc.work.insert(h, (pn, dn));
        if dn == 0 {
            return Known::Disproven(0);
        }
        Known::Open(pn, dn)
    }
}
