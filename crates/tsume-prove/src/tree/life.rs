//! The life side of the tree builder: an attacker's node of a disproof, its moves
//! ordered and pruned by the post-hoc zones (docs/design/post-hoc-zones.md, "Life
//! proofs"), and the defender's moves re-searched where the table does not know them.

use super::*;

impl Builder<'_, '_> {
    /// A defender's move from a position disproven for every α whose moves the table
    /// does not know: one a witness's zone answered in the search (its subtree never
    /// searched), and the tree built here did not prune. Each move searched without a
    /// bound until one is alive for every α (exact: Benson's test and zones only, never
    /// a repetition), within the search's budget; `None` (no tree) when none is.
    pub(super) fn life_research(&mut self, kids: &crate::dfpn::Children) -> Option<usize> {
        for k in 0..kids.len() {
            if self.search.out_of_budget() || self.search.out_of_time() {
                return None;
            }
            let c = kids.get(k);
            // (Capped as the search without a bound is in `settle`: its df-pn over a
            // graph with cycles is not sure to end.)
            let cap = self
                .search
                .stats
                .nodes
                .saturating_add(crate::dfpn::UNBOUNDED_CAP);
            self.search.phase_limit = Some(cap);
            let known = self.search.mid_unbounded(&c.pos, 1, self.plies);
            self.search.end_unbounded();
            self.search.phase_limit = None;
            if self.search.abort.is_some() {
                return None;
            }
            if known == Known::Disproven(INF_HOLD) {
                return Some(k);
            }
        }
        None
    }

    /// An attacker's node `i` (position `p`) of a disproof for every α, with life zones
    /// (docs/design/post-hoc-zones.md, "Life proofs"): the search's witness for the pass
    /// first, then the other children it found to be witnesses, then every move no
    /// witness answers (those the search itself pruned last: docs/experiments/
    /// life-trees-with-zones-no-larger.md), each disproven and a witness itself when its move is null for its
    /// own zone; every move a witness answers written as pruned, the pass too (else
    /// answered by the pass back, as without zones).
    pub(super) fn life_attacker(
        &mut self,
        p: &Position,
        i: usize,
        kids: &crate::dfpn::Children,
        child_rem: u32,
        forever: bool,
    ) -> Option<usize> {
        let choice = if forever {
            self.search.life_choice(p)
        } else {
            None
        };
        let mut order: Vec<(u8, usize)> = Vec::new();
        // Within a bound, the pass too when the search refuted it with a zone (the
        // attacker's pass searched first): the witness for every move outside it.
        for k in 0..kids.len() {
            let info = kids.info(k);
            let zone = if forever {
                self.search.life_child(p, info)
            } else if matches!(
                self.search.probe(&kids.get(k), child_rem),
                Known::Disproven(_)
            ) {
                self.search.life_zone(p, info, child_rem).map(|(_, z)| z)
            } else {
                None
            };
            let witness = zone.is_some_and(|z| posthoc::null_for(p, info.mv, &z));
            if info.mv == Move::Pass && (forever || !witness) {
                continue;
            }
            // A child the search answered by a sibling's zone (never searched) last: its
            // subtree has to be searched again unless a witness built here prunes it.
            let rank = if self.borrowed(info.hash) {
                3
            } else if Some(info.mv) == choice || (info.mv == Move::Pass && witness) {
                0
            } else if witness {
                1
            } else {
                2
            };
            order.push((rank, k));
        }
        order.sort_unstable();
        let mut chosen: Vec<(Move, usize)> = Vec::new();
        let mut pruned: Vec<(Move, usize)> = Vec::new();
        let mut witnesses: Vec<usize> = Vec::new();
        for (_, k) in order {
            let c = kids.get(k);
            let by = self.witness_for(&witnesses, p, c.info.mv);
            if let Some(w) = by {
                pruned.push((c.info.mv, w));
                continue;
            }
            // A ko capture the search leaves out is answered by the retake, as without
            // zones.
            let back = match c.info.mv {
                Move::Play(x) if c.info.retaken => {
                    crate::dfpn::retake_point(&c.pos, x).map(Move::Play)
                }
                _ => None,
            };
            let cycle = back.filter(|_| forever);
            let j = match cycle.and_then(|b| self.cycle_back(&c.pos, b, p, i)) {
                Some(j) => j,
                None => self.disprove(&c.pos, child_rem)?,
            };
            chosen.push((c.info.mv, j));
            if self
                .zone_of(j)
                .is_some_and(|z| posthoc::null_for(p, c.info.mv, z))
            {
                witnesses.push(j);
            }
        }
        let pass_done = chosen.iter().any(|&(m, _)| m == Move::Pass);
        match witnesses.first() {
            _ if pass_done => {}
            Some(&w) => pruned.push((Move::Pass, w)),
            None => {
                let pass = kids.iter().find(|c| c.info.mv == Move::Pass)?;
                let cycle = forever
                    .then(|| self.cycle_back(&pass.pos, Move::Pass, p, i))
                    .flatten();
                let j = match cycle {
                    Some(j) => j,
                    None => self.disprove(&pass.pos, child_rem)?,
                };
                chosen.push((Move::Pass, j));
            }
        }
        let target = self.search.target;
        self.set_answerer_zone(i, p, Some(target), &chosen, &pruned);
        self.search.stats.zone_pruned += pruned.len() as u64;
        self.nodes[i].children = chosen;
        self.nodes[i].pruned = pruned;
        Some(i)
    }
}
