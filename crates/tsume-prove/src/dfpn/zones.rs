//! The search's use of relevance zones (`crate::zone`, docs/design/relevance-zones.md):
//! at a defender's node whose pass child is proven, the defender's moves that the pass
//! child's zone covers are proven at once, with the pass child's plies; every proof the
//! search finds keeps its zone and budgets for the nodes above it.

use tsume_board::{Move, Position};

use super::{Info, Known, Search, INF_HOLD};
use crate::posthoc;
use crate::zone::{self, ZoneRec};

impl Search<'_> {
    /// Whether zones are on ([`crate::Options::zones`]).
    #[inline]
    pub(crate) fn zones_on(&self) -> bool {
        self.zones.is_some()
    }

    /// Whether post-hoc zones are on ([`crate::Options::posthoc_zones`]).
    #[inline]
    pub(crate) fn posthoc_on(&self) -> bool {
        self.posthoc.is_some()
    }

    /// The rec of the child of `p` by `c`, if known: a D₀ child's is made on the spot.
    fn child_rec(&self, p: &Position, c: &Info) -> Option<(Position, ZoneRec)> {
        let q = p.play(c.mv);
        let attacker = self.defender.opponent();
        if c.d0 {
            let rec = zone::leaf(&q, attacker);
            return Some((q, rec));
        }
        let rec = self.zones.as_ref()?.get(q.hash())?.clone();
        Some((q, rec))
    }

    /// At a defender's node `p` (children `kids`, standings `vals`, `rem` plies left):
    /// once the pass child (the last) is proven with a known zone holding for `rem - 1`
    /// plies, every open child the zone covers is proven too, recorded in the table and
    /// given its own rec. Returns whether the pass child is proven (whether or not its
    /// zone is known: the caller need not ask again).
    pub(crate) fn zone_claims(
        &mut self,
        p: &Position,
        rem: u32,
        kids: &[Info],
        vals: &mut [Known],
    ) -> bool {
        let Some(last) = kids.len().checked_sub(1) else {
            return false;
        };
        if kids[last].mv != Move::Pass || !matches!(vals[last], Known::Proven(_)) {
            return false;
        }
        let Some((_, pass)) = self.child_rec(p, &kids[last]) else {
            return true;
        };
        if pass.need + 1 > rem {
            return true;
        }
        let attacker = self.defender.opponent();
        for (i, c) in kids[..last].iter().enumerate() {
            if !matches!(vals[i], Known::Open(..)) || !zone::covers(p, attacker, c.mv, &pass) {
                continue;
            }
            vals[i] = Known::Proven(pass.need);
            self.table.prove(c.hash, pass.need);
            self.stats.zone_covered += 1;
            if let Move::Play(x) = c.mv {
                if let Some(h) = p.quiet_hash(x) {
                    let rec = zone::covered_child(p, attacker, c.mv, &pass);
                    if let Some(z) = self.zones.as_mut() {
                        z.put(h, rec);
                    }
                }
            }
        }
        true
    }

    /// At a defender's node: the pass child (the last), if it is open and its dn is below
    /// the node's threshold: searched first, so that its zone can answer its siblings.
    pub(crate) fn pass_first(&self, kids: &[Info], vals: &[Known], thdn: u64) -> Option<usize> {
        let last = kids.len().checked_sub(1)?;
        if kids[last].mv != Move::Pass {
            return None;
        }
        match vals[last] {
            Known::Open(_, dn) if dn < thdn => Some(last),
            _ => None,
        }
    }

    /// At an attacker's node of a life search ([`crate::Tuning::attacker_pass_first`]):
    /// the attacker's pass child (the last), if it is open and its pn is below the
    /// node's threshold: searched first, the defender moving twice, so that its
    /// refutation's zone answers every attacker's move outside it (RZS's null move).
    pub(crate) fn attacker_pass_first(
        &self,
        kids: &[Info],
        vals: &[Known],
        thpn: u64,
    ) -> Option<usize> {
        let last = kids.len().checked_sub(1)?;
        if kids[last].mv != Move::Pass {
            return None;
        }
        match vals[last] {
            Known::Open(pn, _) if pn < thpn => Some(last),
            _ => None,
        }
    }

    /// Records the zone of the node `p`, just proven with its children's standings
    /// `vals` (an attacker's node by its fastest proven child with a known zone; a
    /// defender's node by the pass child's zone, the covered moves and the other
    /// children's zones), if every zone it needs is known.
    pub(crate) fn zone_record(&mut self, p: &Position, kids: &[Info], vals: &[Known]) {
        if !self.zones_on() {
            return;
        }
        let attacker = self.defender.opponent();
        let rec = if p.to_move() == attacker {
            let mut best: Option<(u32, usize)> = None;
            for (i, v) in vals.iter().enumerate() {
                if let Known::Proven(k) = *v {
                    if best.is_none_or(|(b, _)| k < b) {
                        best = Some((k, i));
                    }
                }
            }
            let Some((_, i)) = best else { return };
            let Some((q, rec)) = self.child_rec(p, &kids[i]) else {
                return;
            };
            zone::attacker_node(p, attacker, kids[i].mv, &q, &rec)
        } else {
            let Some(last) = kids.len().checked_sub(1) else {
                return;
            };
            if kids[last].mv != Move::Pass {
                return;
            }
            let Some((_, pass)) = self.child_rec(p, &kids[last]) else {
                return;
            };
            let mut covered = Vec::new();
            let mut explicit: Vec<(Move, Position, ZoneRec)> = Vec::new();
            for c in &kids[..last] {
                if zone::covers(p, attacker, c.mv, &pass) {
                    covered.push(c.mv);
                } else {
                    let Some((q, rec)) = self.child_rec(p, c) else {
                        return;
                    };
                    explicit.push((c.mv, q, rec));
                }
            }
            // Moves left out of `kids` (a twin of a move searched) must be covered too.
            for x in p.legal_moves() {
                let m = Move::Play(x);
                if !kids.iter().any(|c| c.mv == m) && !zone::covers(p, attacker, m, &pass) {
                    return;
                }
            }
            let explicit: Vec<(Move, &Position, &ZoneRec)> =
                explicit.iter().map(|(m, q, r)| (*m, q, r)).collect();
            zone::defender_node(p, attacker, &pass, &covered, &explicit)
        };
        if let Some(z) = self.zones.as_mut() {
            z.put(p.hash(), rec);
        }
    }
}

/// Post-hoc zones (docs/design/post-hoc-zones.md) in both searches.
impl Search<'_> {
    /// The exact key of the child of `p` by `mv` (one φ unless the move is quiet).
    fn child_key(p: &Position, mv: Move) -> u64 {
        match mv {
            Move::Play(x) => p.quiet_hash(x).unwrap_or_else(|| p.play(mv).hash()),
            Move::Pass => p.play(mv).hash(),
        }
    }

    /// The post-hoc zone of the child of `p` by `c` and the plies its proof needs, if
    /// known: a D₀ child's is made the first time and kept.
    pub(crate) fn posthoc_child(
        &mut self,
        p: &Position,
        c: &Info,
    ) -> Option<(u32, crate::zone::Bits)> {
        let key = Self::child_key(p, c.mv);
        if let Some((need, z)) = self.posthoc.as_ref()?.get(key) {
            return Some((*need, z.clone()));
        }
        if !c.d0 {
            return None;
        }
        // A D₀ leaf's zone, made once and kept.
        let z = posthoc::leaf(&p.play(c.mv), self.target);
        if let Some(s) = self.posthoc.as_mut() {
            s.put(key, 0, z.clone());
        }
        Some((0, z))
    }

    /// At a defender's node `p` (`rem` plies left): each child proven since the last
    /// look (`scanned` marks the ones seen) whose zone is known and whose move is null
    /// for it (the witness rule) proves every open sibling whose move is null for that
    /// zone too, with the witness's plies; each is recorded in the table, with the
    /// witness's zone as its own (its claim holds for every position agreeing on it).
    pub(crate) fn posthoc_prune(
        &mut self,
        p: &Position,
        rem: u32,
        kids: &[Info],
        vals: &mut [Known],
        scanned: &mut [bool],
    ) {
        for i in 0..kids.len() {
            if scanned[i] || !matches!(vals[i], Known::Proven(_)) {
                continue;
            }
            scanned[i] = true;
            let Some((need, z)) = self.posthoc_child(p, &kids[i]) else {
                continue;
            };
            if need + 1 > rem || !posthoc::null_for(p, kids[i].mv, &z) {
                continue;
            }
            for j in 0..kids.len() {
                if !matches!(vals[j], Known::Open(..)) || !posthoc::null_for(p, kids[j].mv, &z) {
                    continue;
                }
                vals[j] = Known::Proven(need);
                scanned[j] = true;
                self.table.prove(kids[j].hash, need);
                self.stats.zone_pruned += 1;
                let key = Self::child_key(p, kids[j].mv);
                if let Some(s) = self.posthoc.as_mut() {
                    s.put(key, need, z.clone());
                }
            }
        }
    }

    /// Records the post-hoc zone of `p`, just proven with `need` plies from its
    /// children's standings `vals`, if every zone it rests on is known: an attacker's
    /// node by its fastest proven child with a zone, a defender's node by the zone of
    /// the child each move reaches (docs/design/post-hoc-zones.md).
    pub(crate) fn posthoc_record(&mut self, p: &Position, kids: &[Info], vals: &[Known]) {
        if !self.posthoc_on() {
            return;
        }
        // The plies the zone's claim needs: its children's zones' plus one.
        let (need, zone) = if self.attacker_moves(p) {
            let mut best: Option<(u32, usize, crate::zone::Bits)> = None;
            for (i, v) in vals.iter().enumerate() {
                if !matches!(v, Known::Proven(_)) {
                    continue;
                }
                if let Some((kz, z)) = self.posthoc_child(p, &kids[i]) {
                    if best.as_ref().is_none_or(|b| kz < b.0) {
                        best = Some((kz, i, z));
                    }
                }
            }
            let Some((kz, i, z)) = best else { return };
            (kz + 1, posthoc::chooser(p, kids[i].mv, &z))
        } else {
            let mut most = 0;
            let mut reached = |m: Move| -> Option<crate::zone::Bits> {
                let c = kids.iter().find(|c| c.mv == m)?;
                let (k, z) = self.posthoc_child(p, c)?;
                most = most.max(k);
                Some(z)
            };
            let Some(z) = posthoc::answerer(p, None, &mut reached) else {
                return;
            };
            (most + 1, z)
        };
        if let Some(s) = self.posthoc.as_mut() {
            s.put(p.hash(), need, zone);
        }
    }
}

/// Post-hoc zones for life (docs/design/post-hoc-zones.md, "Life proofs"): disproofs for
/// every α only, W the defender, L the attacker.
impl Search<'_> {
    /// The life zone of the child of `p` by `c`, if known: a Benson leaf's is made the
    /// first time (the child found alive by Benson's test) and kept.
    pub(crate) fn life_child(&mut self, p: &Position, c: &Info) -> Option<crate::zone::Bits> {
        let key = Self::child_key(p, c.mv);
        if let Some((_, z)) = self.posthoc_life.as_ref()?.get(key) {
            return Some(z.clone());
        }
        if self.benson_cache.get(&c.hash) != Some(&true) {
            return None;
        }
        let z = posthoc::benson_leaf(&p.play(c.mv), self.target)?;
        if let Some(s) = self.posthoc_life.as_mut() {
            s.put(key, Move::Pass, z.clone());
        }
        Some(z)
    }

    /// The move the life zone of `p` rests on, if one is kept: the defender's move, or
    /// at an attacker's node the witness answering the pass.
    pub(crate) fn life_choice(&self, p: &Position) -> Option<Move> {
        self.posthoc_life.as_ref()?.get(p.hash()).map(|&(m, _)| m)
    }

    /// The life zone of the child of `p` by `c` whose claim holds for at least `need`
    /// plies, with the plies it holds for: a zone for every α (as [`Search::life_child`]),
    /// else, with bounded life zones on, a bounded disproof's, or a depth-limit leaf's
    /// when `need` is 0 (docs/design/post-hoc-zones.md, "Life proofs": (T) alone), made
    /// the first time and kept.
    pub(crate) fn life_zone(
        &mut self,
        p: &Position,
        c: &Info,
        need: u32,
    ) -> Option<(u32, crate::zone::Bits)> {
        if let Some(z) = self.life_child(p, c) {
            return Some((INF_HOLD, z));
        }
        let key = Self::child_key(p, c.mv);
        if let Some((h, z)) = self.posthoc_bounded.as_ref()?.get(key) {
            if *h >= need {
                return Some((*h, z.clone()));
            }
        }
        if need != 0 || c.d0 {
            return None;
        }
        let q = p.play(c.mv);
        let z = posthoc::limit_leaf(&q, self.target, self.attacker_moves(&q));
        if let Some(s) = self.posthoc_bounded.as_mut() {
            s.put(key, 0, z.clone());
        }
        Some((0, z))
    }

    /// At an attacker's node `p`: each child disproven since the last look (`scanned`)
    /// whose life zone is known and whose move is null for it (the witness rule)
    /// disproves every open sibling whose move is null for that zone, for as many plies
    /// as the zone's claim holds; each is recorded in the table, with the witness's zone
    /// as its own. `bound`: None, zones for every α only (the search without a bound, or
    /// bounded life zones off); `Some(rem)`, the node's plies left in the bounded search
    /// with bounded life zones on, where a zone holding for `rem - 1` plies serves.
    pub(crate) fn posthoc_life_prune(
        &mut self,
        p: &Position,
        bound: Option<u32>,
        kids: &[Info],
        vals: &mut [Known],
        scanned: &mut [bool],
    ) {
        for i in 0..kids.len() {
            if scanned[i] {
                continue;
            }
            let Known::Disproven(h) = vals[i] else {
                continue;
            };
            let found = match bound {
                None if h != INF_HOLD => continue,
                None => self.life_child(p, &kids[i]).map(|z| (INF_HOLD, z)),
                Some(rem) => self.life_zone(p, &kids[i], rem - 1),
            };
            scanned[i] = true;
            let Some((hz, z)) = found else {
                continue;
            };
            if !posthoc::null_for(p, kids[i].mv, &z) {
                continue;
            }
            for j in 0..kids.len() {
                let settled = match vals[j] {
                    Known::Open(..) => false,
                    Known::Proven(_) => true,
                    // A zone for every α also lifts a bounded disproof to every α.
                    Known::Disproven(hj) => hz != INF_HOLD || hj == INF_HOLD,
                };
                if settled || !posthoc::null_for(p, kids[j].mv, &z) {
                    continue;
                }
                vals[j] = Known::Disproven(hz);
                scanned[j] = true;
                self.table.disprove(kids[j].hash, hz);
                self.stats.zone_pruned += 1;
                let key = Self::child_key(p, kids[j].mv);
                if hz == INF_HOLD {
                    if let Some(s) = self.posthoc_life.as_mut() {
                        s.put(key, kids[i].mv, z.clone());
                    }
                } else if let Some(s) = self.posthoc_bounded.as_mut() {
                    s.put(key, hz, z.clone());
                }
            }
        }
    }

    /// Records the life zone of `p`, just disproven within a bound (`rem` plies left,
    /// `hold` the disproof's plies) with its children's standings `vals`, when bounded
    /// life zones are on and every zone it rests on is known and holds for `rem - 1`
    /// plies: a defender's node by its first disproven child with a zone, an attacker's
    /// node from a witness's zone (for the pass, unless the pass is searched) and the
    /// zone of the child each move in the zone reaches. The zone holds for one ply more
    /// than the weakest zone it rests on.
    pub(crate) fn posthoc_bounded_record(
        &mut self,
        p: &Position,
        rem: u32,
        kids: &[Info],
        vals: &[Known],
    ) {
        if self.posthoc_bounded.is_none() || rem == 0 {
            return;
        }
        let need = rem - 1;
        let mut least: u32;
        let zone = if self.attacker_moves(p) {
            let mut witness = None;
            for (i, c) in kids.iter().enumerate() {
                if !matches!(vals[i], Known::Disproven(_)) {
                    continue;
                }
                if let Some((h, z)) = self.life_zone(p, c, need) {
                    if posthoc::null_for(p, c.mv, &z) {
                        witness = Some((h, z));
                        break;
                    }
                }
            }
            let Some((wh, wz)) = witness else { return };
            least = wh;
            let target = self.target;
            let mut pass = Some(wz);
            let mut reached = |m: Move| -> Option<crate::zone::Bits> {
                let (i, c) = kids.iter().enumerate().find(|(_, c)| c.mv == m)?;
                if !matches!(vals[i], Known::Disproven(_)) {
                    return None;
                }
                let (h, z) = self.life_zone(p, c, need)?;
                least = least.min(h);
                Some(z)
            };
            let mut reached_or_pass = |m: Move| -> Option<crate::zone::Bits> {
                match reached(m) {
                    Some(z) => Some(z),
                    None if m == Move::Pass => pass.take(),
                    None => None,
                }
            };
            let Some(z) = posthoc::answerer(p, Some(target), &mut reached_or_pass) else {
                return;
            };
            z
        } else {
            let mut found = None;
            for (i, c) in kids.iter().enumerate() {
                if matches!(vals[i], Known::Disproven(_)) {
                    if let Some((h, z)) = self.life_zone(p, c, need) {
                        found = Some((h, c.mv, z));
                        break;
                    }
                }
            }
            let Some((h, m, z)) = found else { return };
            least = h;
            posthoc::chooser(p, m, &z)
        };
        let hold = least.saturating_add(1).min(INF_HOLD - 1);
        if let Some(s) = self.posthoc_bounded.as_mut() {
            s.put(p.hash(), hold, zone);
        }
    }

    /// Records the life zone of `p`, just disproven for every α with its children's
    /// standings `vals`, if every zone it rests on is known: a defender's node by its
    /// first child disproven for every α with a zone, an attacker's node from the
    /// zone of a witness (for the pass, which the search leaves out) and of the child
    /// each move in the zone reaches (docs/design/post-hoc-zones.md).
    pub(crate) fn posthoc_life_record(&mut self, p: &Position, kids: &[Info], vals: &[Known]) {
        if self.posthoc_life.is_none() {
            return;
        }
        let forever = |v: &Known| *v == Known::Disproven(INF_HOLD);
        let (mv, zone) = if self.attacker_moves(p) {
            let mut witness = None;
            for (i, c) in kids.iter().enumerate() {
                if !forever(&vals[i]) {
                    continue;
                }
                if let Some(z) = self.life_child(p, c) {
                    if posthoc::null_for(p, c.mv, &z) {
                        witness = Some((c.mv, z));
                        break;
                    }
                }
            }
            let Some((wm, wz)) = witness else { return };
            let target = self.target;
            let mut pass = Some(wz);
            let mut reached = |m: Move| -> Option<crate::zone::Bits> {
                if m == Move::Pass {
                    return pass.take();
                }
                let (i, c) = kids.iter().enumerate().find(|(_, c)| c.mv == m)?;
                if !forever(&vals[i]) {
                    return None;
                }
                self.life_child(p, c)
            };
            let Some(z) = posthoc::answerer(p, Some(target), &mut reached) else {
                return;
            };
            (wm, z)
        } else {
            let mut found = None;
            for (i, c) in kids.iter().enumerate() {
                if forever(&vals[i]) {
                    if let Some(z) = self.life_child(p, c) {
                        found = Some((c.mv, z));
                        break;
                    }
                }
            }
            let Some((m, z)) = found else { return };
            (m, posthoc::chooser(p, m, &z))
        };
        if let Some(s) = self.posthoc_life.as_mut() {
            s.put(p.hash(), mv, zone);
        }
    }
}
