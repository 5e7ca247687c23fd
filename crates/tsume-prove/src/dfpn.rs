//! Depth-first proof-number search (Nagai 2002) for `Can_kill(p, x, α)` over nodes
//! (position, remaining plies), with a transposition table keyed by the Zobrist hash.
//!
//! A node with `rem` plies remaining stands for the paper's call `Can_kill(p, x, d)` with
//! d = α + 1 − rem: the D₀ test first, then FALSE at rem = 0, then the attacker's OR or
//! the defender's AND over Ψ(p) (Crăşmaru §3). Because `rem` falls by one per ply the
//! search graph has no cycle, so df-pn needs no repetition handling.
//!
//! Solved results are stored with the depth they need or hold for: a proof that needed
//! `k` plies serves every node with `rem ≥ k`; a disproof that holds for `h` plies serves
//! every node with `rem ≤ h`; a disproof resting only on Benson's test holds for every
//! α (`INF_HOLD`). Unsolved nodes keep (pn, dn) per (hash, rem).
//!
//! - `table`: the transposition table and its key;
//! - `order`: the successors of a node, ordered, with their initial numbers;
//! - `numbers`: the df-pn arithmetic (combining, selecting, thresholds);
//! - `cyclic`: the search without the depth bound;
//! - here: the search itself (`Search::mid`) and its budgets.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use fxhash::FxHashMap;
use tsume_board::{Color, Move, Point, Position};

use crate::{Limits, Stats};

mod cyclic;
mod numbers;
mod order;
mod reuse;
mod table;
mod zones;

pub(crate) use numbers::pn_dn;
use numbers::{child_thresholds, combine, disproof_hold, proof_need, select};
use order::OrderBuf;
pub(crate) use order::{keep_first, retake_point};
use table::{Table, Twins};

/// Proof and disproof numbers saturate here.
pub(crate) const INF: u64 = u64::MAX / 4;
/// A disproof that holds for every α.
pub(crate) const INF_HOLD: u32 = u32::MAX;
/// Stored proof depth meaning "no proof known".
pub(crate) const NO_PROOF: u32 = u32::MAX;

/// The outcome of looking a node up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Known {
    /// Proven, needing this many plies.
    Proven(u32),
    /// Disproven, holding for this many plies (INF_HOLD: for every α).
    Disproven(u32),
    /// Not solved: (pn, dn).
    Open(u64, u64),
}

/// Why a search stopped before solving the root.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Abort {
    /// The node budget ran out.
    Nodes,
    /// The time budget ran out.
    Time,
    /// Stopped from outside.
    Stopped,
    /// The path searched would hold more positions than the memory budget
    /// ([`crate::Limits::work_bytes`]).
    Memory,
}

/// Nodes the unbounded search may spend at most before the bounded search takes over,
/// when no node limit is given: df-pn over a graph with cycles is not sure to end (its
/// numbers may keep chasing a repetition), the bounded search is.
pub const UNBOUNDED_CAP: u64 = 4_000_000;

pub(crate) struct Search<'a> {
    pub target: Point,
    pub defender: Color,
    pub table: Table,
    pub stats: Stats,
    limits: &'a Limits,
    stop: Option<&'a AtomicBool>,
    start: Instant,
    /// The limits are looked at when `nodes & limit_mask == 0`: every 1024 nodes on a
    /// small board, every node on a large one (where one expansion is long).
    limit_mask: u64,
    /// The most plies of the path searched the memory budget holds.
    max_plies: u32,
    pub abort: Option<Abort>,
    /// Called every 2¹⁶ nodes with the statistics so far.
    pub progress: Option<&'a (dyn Fn(&Stats) + Sync)>,
    pub use_benson: bool,
    /// Safety under alternating play as a terminal disproof too
    /// ([`crate::Tuning::safe_leaves`]).
    pub use_safe: bool,
    /// How an AND node's numbers add up ([`crate::Tuning::pn_rule`]).
    pub pn_rule: crate::PnRule,
    /// A node count at which the current phase (after the root is solved) stops.
    pub phase_limit: Option<u64>,
    benson_cache: FxHashMap<u64, bool>,
    /// Ordered successors of expanded positions, by hash: where they lie in
    /// `expansion_pool` (start, length). One pool instead of a list per position, so
    /// that an expansion allocates nothing and the cache is dropped at once.
    expansions: FxHashMap<u64, (u32, u32)>,
    expansion_pool: Vec<Info>,
    twins: Twins,
    /// One reusable position per ply for the path being searched.
    scratch: Vec<Option<Position>>,
    /// Nodes allowed beyond the node limit (for the tree behind an unknown answer's
    /// partial result, which the table mostly holds already).
    pub grace: u64,
    /// Per ply: the children, their standings and marks of the node being expanded
    /// there.
    buffers: Vec<Buffers>,
    /// Probe every child's table entry at every iteration of a node's loop instead of
    /// keeping their standings between iterations ([`crate::Tuning::reprobe_all`]).
    pub reprobe_all: bool,
    /// Search the attacker's ko captures that the defender can retake at once
    /// ([`crate::Tuning::ko_captures`]).
    pub ko_captures: bool,
    /// The buffers [`Search::infos`] makes successor lists in.
    order_buf: OrderBuf,
    /// The unbounded search's state ([`Search::mid_unbounded`]).
    cyc: cyclic::Cyclic,
    /// The vital-region count (up to 1) of the position Benson's test last ran on, by
    /// its hash: the successor list made right after it takes the count from here
    /// instead of flooding again ([`Search::vital_gain`]).
    last_vital: (u64, u8),
    /// The root's vital hint ([`Search::vital_gain`] counts from it).
    vital_base: u8,
    /// The defender's moves ordered by [`defender_score`] and the first one kept while
    /// its dn is at most twice the best sibling's ([`crate::Tuning::learned_order`]).
    pub learned_order: bool,
    /// Initial numbers from the eye potential of each new node
    /// ([`crate::Tuning::eye_potential`]).
    pub eye_potential: bool,
    /// Successors tried by recorded play and undo from this many points on
    /// ([`crate::Tuning::record_moves_from`]).
    pub record_moves_from: usize,
    /// The zones of the proofs found, when relevance zones are on
    /// ([`crate::Tuning::zones`]).
    pub zones: Option<crate::zone::Zones>,
    /// The post-hoc zones of the proofs found, when on
    /// ([`crate::Tuning::posthoc_zones`]).
    pub posthoc: Option<crate::posthoc::Store>,
    /// The life zones of the disproofs for every α found, when post-hoc zones are on.
    pub posthoc_life: Option<crate::posthoc::LifeStore>,
    /// The life zones of bounded disproofs, when on ([`crate::Tuning::bounded_life_zones`]).
    pub posthoc_bounded: Option<crate::posthoc::BoundedLifeStore>,
    /// At an attacker's node of a life search, the attacker's pass kept and searched
    /// first ([`crate::Tuning::attacker_pass_first`]).
    pub life_pass_first: bool,
    /// The solved patterns by zone, when on ([`crate::Tuning::zone_table`]).
    pub ztable: Option<crate::ztable::ZoneTable<()>>,
}

/// The buffers of one ply ([`Search::take_buffers`]): a node's children, their
/// standings and their marks.
#[derive(Default)]
pub(crate) struct Buffers {
    pub kids: Vec<Info>,
    pub vals: Vec<Known>,
    pub seen: Vec<u32>,
}

/// What [`Search::mid`] keeps of a successor between visits: no position, just enough
/// to probe the table; the position is made again (one φ) when the search enters it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Info {
    pub mv: Move,
    pub hash: u64,
    pub d0: bool,
    /// Initial (pn, dn), at most 4 each (kept small: one list per expanded position).
    pub est: (u8, u8),
    /// An attacker's capture of one stone in a ko that the defender can retake at once,
    /// back to the parent position ([`Search::infos`] leaves it out).
    pub retaken: bool,
}

/// A successor with what is known of it without search, and its position.
pub(crate) struct Child {
    pub info: Info,
    pub pos: Position,
}

/// Ψ(p) in search order ([`Search::children`]): each successor's [`Info`], its position
/// made when asked, so that memory stays linear in the board.
pub(crate) struct Children {
    parent: Position,
    infos: Vec<Info>,
}

impl Children {
    pub fn len(&self) -> usize {
        self.infos.len()
    }

    pub fn info(&self, k: usize) -> &Info {
        &self.infos[k]
    }

    /// Successor `k`, its position made now (one φ).
    pub fn get(&self, k: usize) -> Child {
        let info = self.infos[k];
        Child {
            info,
            pos: self.parent.play(info.mv),
        }
    }

    /// The successors in order, each position made as it is reached.
    pub fn iter(&self) -> impl Iterator<Item = Child> + '_ {
        (0..self.infos.len()).map(|k| self.get(k))
    }
}

impl<'a> Search<'a> {
    pub fn new(
        root: &Position,
        target: Point,
        defender: Color,
        limits: &'a Limits,
        stop: Option<&'a AtomicBool>,
    ) -> Search<'a> {
        Search {
            target,
            defender,
            table: Table::new(limits.tt_mb),
            stats: Stats::default(),
            limits,
            stop,
            start: Instant::now(),
            limit_mask: if root.board().len() >= 256 { 0 } else { 0x3ff },
            max_plies: crate::plies_in_budget(limits, root.board().len()),
            abort: None,
            progress: None,
            use_benson: true,
            use_safe: false,
            pn_rule: crate::PnRule::Sum,
            phase_limit: None,
            benson_cache: FxHashMap::default(),
            learned_order: true,
            eye_potential: false,
            record_moves_from: crate::RECORD_MOVES_FROM,
            expansions: FxHashMap::default(),
            expansion_pool: Vec::new(),
            twins: Twins::new(root.board(), target),
            scratch: Vec::new(),
            buffers: Vec::new(),
            grace: 0,
            reprobe_all: false,
            ko_captures: false,
            order_buf: OrderBuf::default(),
            cyc: cyclic::Cyclic::default(),
            last_vital: (0, 0),
            vital_base: Self::vital_count(root, target),
            zones: None,
            posthoc: None,
            posthoc_life: None,
            posthoc_bounded: None,
            life_pass_first: false,
            ztable: None,
        }
    }

    pub fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    /// Whether the attacker is to move (an OR node).
    fn attacker_moves(&self, p: &Position) -> bool {
        p.to_move() != self.defender
    }

    /// Records that the defender survives from `p` for every α. Only for positions of a
    /// closed cyclic disproof that `tsume_proof::check` has accepted (no position of such
    /// a set is in D); positions of one table key are images under an automorphism
    /// fixing the target, so the entry holds for all of them.
    pub(crate) fn record_forever(&mut self, p: &Position) {
        let h = self.twins.key(p);
        self.table.disprove(h, INF_HOLD);
    }

    /// The most plies the defender is known to survive from `p` (the table's disproof),
    /// if any.
    pub(crate) fn root_hold(&self, p: &Position) -> Option<u32> {
        self.table
            .solved
            .get(&self.twins.key(p))
            .and_then(|s| s.hold)
    }

    /// The node's standing from the rules and the table alone, without expanding it.
    pub fn lookup(&mut self, p: &Position, rem: u32) -> Known {
        let (info, _) = self.info_of(Move::Pass, p);
        self.probe_info(&info, rem, || p.clone())
    }

    /// A child's standing with `rem` plies left, from its static part and the table.
    pub(crate) fn probe(&mut self, c: &Child, rem: u32) -> Known {
        self.probe_info(&c.info, rem, || c.pos.clone())
    }

    /// [`Search::probe`] from the kept part of a child; `pos` makes its position when
    /// Benson's test needs it.
    pub(crate) fn probe_info(
        &mut self,
        c: &Info,
        rem: u32,
        pos: impl FnOnce() -> Position,
    ) -> Known {
        // Crăşmaru §3: the D₀ test comes before the depth test.
        if c.d0 {
            return Known::Proven(0);
        }
        if let Some(s) = self.table.solved.get(&c.hash) {
            if s.need <= rem {
                self.stats.tt_hits += 1;
                return Known::Proven(s.need);
            }
            if let Some(hold) = s.hold {
                if hold >= rem {
                    self.stats.tt_hits += 1;
                    return Known::Disproven(hold);
                }
            }
        }
        // if depth > α then return FALSE (unless static life says: never).
        if rem == 0 {
            let cached = self.benson_cache.get(&c.hash).copied();
            let alive = match cached {
                Some(b) => b,
                None => self.statically_alive(&pos(), c.hash),
            };
            if alive {
                return Known::Disproven(INF_HOLD);
            }
            return Known::Disproven(0);
        }
        if let Some(&(pn, dn)) = self.table.work.get(&(c.hash, rem)) {
            return Known::Open(pn, dn);
        }
        Known::Open(u64::from(c.est.0), u64::from(c.est.1))
    }

    /// Benson's test on the target, cached by `h`, the table key of `p` (a group with
    /// one liberty never passes it).
    fn statically_alive(&mut self, p: &Position, h: u64) -> bool {
        if !self.use_benson {
            return false;
        }
        if let Some(&b) = self.benson_cache.get(&h) {
            return b;
        }
        if p.liberty_count_up_to(self.target, 2) < 2 {
            return false;
        }
        let (vital, benson) = tsume_board::benson::vital_and_alive(p, self.target);
        self.last_vital = (p.hash(), vital.min(1) as u8);
        // Safety under alternating play (docs/design/safety.md), when on: alive for
        // every α whoever moves, like Benson's life.
        let alive = benson
            || (self.use_safe
                && tsume_board::safety::beyond_benson(p, self.target, self.defender, vital));
        if self.benson_cache.len() > self.table.capacity {
            self.benson_cache.clear();
        }
        self.benson_cache.insert(h, alive);
        if alive {
            self.stats.static_alive += 1;
            self.table.disprove(h, INF_HOLD);
        }
        alive
    }

    /// Whether the time limit has passed or the stop flag is up, looked at now (the
    /// search looks every 1024 nodes on small boards): for the work after the search
    /// (trees, closures, the exact solver), which expands few nodes or none. Sets
    /// [`Search::abort`].
    pub(crate) fn out_of_time(&mut self) -> bool {
        if matches!(self.abort, Some(Abort::Time | Abort::Stopped)) {
            return true;
        }
        if self
            .limits
            .time_limit
            .is_some_and(|t| self.start.elapsed() >= t)
        {
            self.abort = Some(Abort::Time);
        } else if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.abort = Some(Abort::Stopped);
        }
        self.abort.is_some()
    }

    /// When the time limit runs out (None: no limit, or one too far to say).
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.limits
            .time_limit
            .and_then(|t| self.start.checked_add(t))
    }

    /// Whether the search's own budget (nodes, time, the stop flag) is spent, as
    /// opposed to a phase's ([`Search::phase_limit`]).
    pub(crate) fn out_of_budget(&self) -> bool {
        matches!(
            self.abort,
            Some(Abort::Time | Abort::Stopped | Abort::Memory)
        ) || self.over_node_limit()
    }

    /// Whether the node limit (with its grace) is spent.
    #[inline]
    fn over_node_limit(&self) -> bool {
        self.limits
            .max_nodes
            .is_some_and(|m| self.stats.nodes >= m.saturating_add(self.grace))
    }

    fn check_limits(&mut self) -> bool {
        if self.abort.is_some() {
            return true;
        }
        let n = self.stats.nodes;
        if self.phase_limit.is_some_and(|m| n >= m) || self.over_node_limit() {
            self.abort = Some(Abort::Nodes);
            return true;
        }
        if n & self.limit_mask == 0 {
            if let Some(t) = self.limits.time_limit {
                if self.start.elapsed() >= t {
                    self.abort = Some(Abort::Time);
                }
            }
            if let Some(s) = self.stop {
                if s.load(Ordering::Relaxed) {
                    self.abort = Some(Abort::Stopped);
                }
            }
            if n & 0xffff == 0 {
                self.stats.seconds = self.elapsed();
                if let Some(f) = self.progress {
                    f(&self.stats);
                }
            }
        }
        self.abort.is_some()
    }

    /// Searches the node until it is solved, its numbers reach the thresholds, or a
    /// limit stops the search. Returns the node's standing.
    pub fn mid(&mut self, p: &Position, rem: u32, thpn: u64, thdn: u64, ply: u32) -> Known {
        let known = self.lookup(p, rem);
        let Known::Open(..) = known else {
            return known;
        };
        self.expand(p, rem, known, thpn, thdn, ply)
    }

    /// [`Search::mid`] on a node already looked up and found open (`known`).
    fn expand(
        &mut self,
        p: &Position,
        rem: u32,
        known: Known,
        thpn: u64,
        thdn: u64,
        ply: u32,
    ) -> Known {
        let (h, kept) = match self.open_node(p, known, ply) {
            Ok(opened) => opened,
            Err(k) => return k,
        };
        if let Some(k) = self.reuse_probe(p, rem, h) {
            return k;
        }
        let mut b = self.take_buffers(p, ply, kept);
        let out = self.expand_children(
            p,
            rem,
            thpn,
            thdn,
            ply,
            h,
            &b.kids,
            &mut b.vals,
            &mut b.seen,
        );
        self.buffers[ply as usize] = b;
        out
    }

    /// The start of an expansion, in both searches: counts the node, checks the limits
    /// (`Err(known)`: stopped), and Benson's test (`Err`: alive for every α, stored);
    /// `Ok`: the node's table key and its entry in the successor cache, if any (for
    /// [`Search::take_buffers`]).
    fn open_node(
        &mut self,
        p: &Position,
        known: Known,
        ply: u32,
    ) -> Result<(u64, Option<(u32, u32)>), Known> {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply);
        if self.check_limits() {
            return Err(known);
        }
        if ply >= self.max_plies {
            self.abort = Some(Abort::Memory);
            return Err(known);
        }
        let h = self.twins.key(p);
        // Static life: Benson's unconditionally alive groups cannot die at any depth.
        // A position with a kept successor list was expanded before, so it failed the
        // test then: that lookup, whose answer `infos` takes, stands in for the Benson
        // cache's, a miss in memory saved on every revisit.
        let kept = self.expansions.get(&p.hash()).copied();
        debug_assert!(kept.is_none() || !self.use_benson || !crate::static_life(p, self.target));
        if kept.is_none() && self.statically_alive(p, h) {
            // (statically_alive has stored the disproof.)
            return Err(Known::Disproven(INF_HOLD));
        }
        Ok((h, kept))
    }

    /// The buffers of `p` expanded at `ply`: its children ([`Search::infos`], with
    /// `kept` from [`Search::open_node`]), `vals` empty and `seen` all zeros, kept per
    /// ply (no allocation once the path has been this deep); given back by storing them
    /// in `self.buffers[ply]`.
    fn take_buffers(&mut self, p: &Position, ply: u32, kept: Option<(u32, u32)>) -> Buffers {
        let slot = ply as usize;
        if self.buffers.len() <= slot {
            self.buffers.resize_with(slot + 1, Default::default);
        }
        let mut b = std::mem::take(&mut self.buffers[slot]);
        self.infos(p, &mut b.kids, kept);
        b.vals.clear();
        b.seen.clear();
        b.seen.resize(b.kids.len(), 0);
        b
    }

    /// The child of `p` by `mv`, made on the scratch position of `ply + 1` (no allocation
    /// once the path has been this deep); hand it back with [`Search::return_scratch`].
    fn scratch_child(&mut self, p: &Position, mv: Move, ply: u32) -> Position {
        let slot = ply as usize + 1;
        if self.scratch.len() <= slot {
            self.scratch.resize_with(slot + 1, || None);
        }
        let mut child = self.scratch[slot].take().unwrap_or_else(|| p.clone());
        child.clone_from(p);
        child.play_in_place(mv);
        child
    }

    fn return_scratch(&mut self, ply: u32, child: Position) {
        self.scratch[ply as usize + 1] = Some(child);
    }

    /// The loop of [`Search::expand`] over the children `kids` of `p` (table key `h`),
    /// with `vals` (empty) and `seen` (zeros) as long as `kids`.
    #[allow(clippy::too_many_arguments)]
    fn expand_children(
        &mut self,
        p: &Position,
        rem: u32,
        thpn: u64,
        thdn: u64,
        ply: u32,
        h: u64,
        kids: &[Info],
        vals: &mut Vec<Known>,
        seen: &mut [u32],
    ) -> Known {
        let or_node = self.attacker_moves(p);
        // The children's standings are probed once; afterwards only the child just
        // searched changes (its search returns its new standing), and a sibling's kept
        // value may be stale only through transpositions, so the selected child is
        // probed again before the search enters it. (`reprobe_all`: every child at
        // every iteration, the plain loop, kept for tests.)
        // `seen[i] == epoch`: child i's value is current since the last descent.
        let mut epoch = 0u32;
        let mut probed = false;
        // Relevance zones: whether the defender's pass child is proven (its zone has
        // then answered the siblings it covers).
        let mut zones_done = or_node || !self.zones_on();
        // Post-hoc zones: which children a witness scan has looked at (a defender's
        // node: proven children, for kills; an attacker's: disproven ones, for life).
        let mut scanned: Vec<bool> = if self.posthoc_on() {
            vec![false; kids.len()]
        } else {
            Vec::new()
        };
        loop {
            if !probed || self.reprobe_all {
                vals.clear();
                for c in kids.iter() {
                    let v = self.probe_info(c, rem - 1, || p.play(c.mv));
                    vals.push(v);
                }
                probed = true;
                seen.fill(epoch);
            }
            if !zones_done {
                zones_done = self.zone_claims(p, rem, kids, vals);
            }
            if !scanned.is_empty() {
                if or_node {
                    let bound = self.posthoc_bounded.is_some().then_some(rem);
                    self.posthoc_life_prune(p, bound, kids, vals, &mut scanned);
                } else {
                    self.posthoc_prune(p, rem, kids, vals, &mut scanned);
                }
            }
            let (pn, dn) = combine(or_node, vals, self.pn_rule == crate::PnRule::Weak);
            if pn == 0 {
                let need = proof_need(or_node, vals);
                self.table.prove(h, need);
                self.table.work.remove(&(h, rem));
                self.zone_record(p, kids, vals);
                self.posthoc_record(p, kids, vals);
                self.reuse_record(p);
                return Known::Proven(need);
            }
            if dn == 0 {
                let hold = disproof_hold(or_node, vals, rem - 1);
                self.table.disprove(h, hold);
                self.table.work.remove(&(h, rem));
                if hold == INF_HOLD {
                    self.posthoc_life_record(p, kids, vals);
                } else {
                    self.posthoc_bounded_record(p, rem, kids, vals);
                }
                return Known::Disproven(hold);
            }
            if pn >= thpn || dn >= thdn {
                return self.park(h, rem, pn, dn);
            }
            // Select the most proving child and the second best, with the 1+ε trick
            // (Pawlewicz & Lew 2007) for its threshold; with zones, a defender's pass
            // child first (its zone may answer the siblings).
            let (mut best, mut second) = select(or_node, vals);
            if !zones_done {
                if let Some(i) = self.pass_first(kids, vals, thdn) {
                    (best, second) = (i, thdn);
                }
            }
            // The attacker's pass first at an attacker's node (the defender moving
            // twice): its refutation's zone may answer the siblings.
            if or_node && self.life_pass_first {
                if let Some(i) = self.attacker_pass_first(kids, vals, thpn) {
                    (best, second) = (i, thpn);
                }
            }
            if seen[best] != epoch {
                let c = &kids[best];
                let v = self.probe_info(c, rem - 1, || p.play(c.mv));
                seen[best] = epoch;
                if v != vals[best] {
                    vals[best] = v;
                    continue;
                }
            }
            let (cthpn, cthdn) =
                child_thresholds(or_node, (thpn, thdn), (pn, dn), vals[best], second);
            // The best child is open (a solved one would have solved this node), and
            // its probe above stands for mid's lookup.
            let child = self.scratch_child(p, kids[best].mv, ply);
            vals[best] = self.expand(&child, rem - 1, vals[best], cthpn, cthdn, ply + 1);
            epoch += 1;
            seen[best] = epoch;
            self.return_scratch(ply, child);
            if self.abort.is_some() {
                return self.park(h, rem, pn, dn);
            }
        }
    }

    /// Keeps an unsolved node's numbers in the table.
    fn park(&mut self, h: u64, rem: u32, pn: u64, dn: u64) -> Known {
        self.table.make_room();
        self.table.work.insert((h, rem), (pn, dn));
        Known::Open(pn, dn)
    }
}
