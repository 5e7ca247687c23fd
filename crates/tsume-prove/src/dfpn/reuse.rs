//! The search's use of the zone table (`crate::ztable`, docs/design/post-hoc-zones.md,
//! "Reuse"): every node proven with a known post-hoc zone is kept as a pattern; every
//! expansion asks the table first, before the children are made, and a node agreeing
//! with a solved pattern on its zone is proven at once with that pattern's plies.

use tsume_board::Position;

use super::{Known, Search};
use crate::ztable::Goal;

impl Search<'_> {
    /// At the start of an expansion of `p` (table key `h`, `rem` plies left): a proof
    /// from a solved pattern `p` agrees with on its zone, if the table has one whose
    /// plies serve `rem`. The proof is stored in the transposition table, and the zone
    /// in the post-hoc zones' store (its claim holds for `p`: ≡_Z is an equivalence),
    /// so that the nodes above can build theirs.
    pub(crate) fn reuse_probe(&mut self, p: &Position, rem: u32, h: u64) -> Option<Known> {
        let zt = self.ztable.as_mut()?;
        let found = zt
            .probe(p, rem, Goal::Kill)
            .map(|(plies, zone, _)| (plies, zone.clone()));
        let c = zt.counts;
        self.stats.zone_table_probes = c.probes;
        self.stats.zone_table_hits = c.hits;
        self.stats.zone_table_zones_probed = c.zones_probed;
        let (plies, zone) = found?;
        self.table.prove(h, plies);
        self.table.work.remove(&(h, rem));
        if let Some(s) = self.posthoc.as_mut() {
            s.put(p.hash(), plies, zone);
        }
        Some(Known::Proven(plies))
    }

    /// After `p` is proven by its children: its pattern kept, if its post-hoc zone is
    /// known ([`Search::posthoc_record`] has just stored it, or not).
    pub(crate) fn reuse_record(&mut self, p: &Position) {
        let Some(zt) = self.ztable.as_mut() else {
            return;
        };
        if let Some((need, zone)) = self.posthoc.as_ref().and_then(|s| s.get(p.hash())) {
            zt.put(p, Goal::Kill, *need, zone, ());
        }
    }
}
