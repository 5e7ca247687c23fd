//! Proof and disproof trees (`tsume_proof::Tree`) read off the transposition table,
//! re-searching any node the table has lost.

use fxhash::FxHashMap;
use tsume_board::{Move, Point, Position};
use tsume_proof::{Claim, Leaf, Tree, TreeNode};

use crate::dfpn::{Known, Search, INF, INF_HOLD};
use crate::posthoc;
use crate::reference::in_d0;
use crate::zone::{self, Bits, ZoneRec};
use crate::ztable::{agree, Goal, ZoneTable};

mod life;

pub(crate) struct Builder<'s, 'a> {
    search: &'s mut Search<'a>,
    nodes: Vec<TreeNode>,
    memo: FxHashMap<(u64, Option<u32>), usize>,
    /// For disproofs: each position's node with the largest remaining (None = every α).
    strongest: FxHashMap<u64, (usize, Option<u32>)>,
    max_nodes: usize,
    /// Whether disproofs may claim "every α" where the table says so.
    pub forever: bool,
    /// With relevance zones: each proof node's zone and budgets, by node (the same rules
    /// as the search's, applied to this tree), so that a defender's move the pass
    /// child's zone covers is written as covered instead of proven again.
    recs: Vec<Option<ZoneRec>>,
    /// The plies of the root of a disproof: the line a search without a bound may go to
    /// ([`Builder::life_research`]).
    plies: u32,
    /// With post-hoc zones ([`crate::Tuning::posthoc_zones`]): each proof node's zone
    /// (docs/design/post-hoc-zones.md), written into the tree, and the defender's moves
    /// a proven sibling answers written as pruned.
    posthoc: Option<Vec<Option<Bits>>>,
    /// With the zone table ([`crate::Tuning::zone_table`]): each finished proof node
    /// with a zone, as a pattern, so that a later node agreeing with it on its zone is
    /// written as its reuse (docs/design/post-hoc-zones.md, "Reuse").
    patterns: Option<ZoneTable<(usize, Position)>>,
}

impl<'s, 'a> Builder<'s, 'a> {
    pub fn new(search: &'s mut Search<'a>, max_nodes: usize) -> Self {
        Builder {
            search,
            nodes: Vec::new(),
            memo: FxHashMap::default(),
            strongest: FxHashMap::default(),
            max_nodes,
            forever: true,
            recs: Vec::new(),
            plies: 0,
            posthoc: None,
            patterns: None,
        }
    }

    /// The node's standing, searched to the end if the table does not know it (`mid`
    /// returns at once what the table knows).
    fn ensure(&mut self, p: &Position, rem: u32) -> Known {
        self.search.mid(p, rem, INF, INF, 0)
    }

    fn push(&mut self, remaining: Option<u32>) -> Option<usize> {
        // (The clock is read at every node: building a tree expands few nodes, so the
        // search's own look every 1024 expansions may never come.)
        if self.nodes.len() >= self.max_nodes
            || self.search.abort.is_some()
            || self.search.out_of_time()
        {
            return None;
        }
        self.nodes.push(TreeNode {
            remaining,
            children: Vec::new(),
            leaf: None,
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        });
        Some(self.nodes.len() - 1)
    }

    /// A proof that the attacker kills from `p` within `rem` plies.
    pub fn proof(mut self, p: &Position, rem: u32) -> Option<Tree> {
        if self.search.posthoc_on() && posthoc::applies(p) {
            self.posthoc = Some(Vec::new());
            if self.search.ztable.is_some() {
                self.patterns = Some(ZoneTable::new(self.max_nodes));
            }
        }
        self.prove(p, rem)?;
        if let Some(zones) = self.posthoc.take() {
            for (node, z) in self.nodes.iter_mut().zip(zones) {
                node.zone = z.map(|z| posthoc::points(&z));
            }
        }
        Some(Tree {
            claim: Claim::Dead,
            nodes: self.nodes,
        })
    }

    /// A disproof: the defender survives `rem` plies (or every α, if the table says so).
    pub fn disproof(mut self, p: &Position, rem: u32) -> Option<Tree> {
        if self.search.posthoc_on() && posthoc::applies(p) {
            self.posthoc = Some(Vec::new());
        }
        self.plies = rem;
        self.disprove(p, rem)?;
        if let Some(zones) = self.posthoc.take() {
            for (node, z) in self.nodes.iter_mut().zip(zones) {
                node.zone = z.map(|z| posthoc::points(&z));
            }
        }
        Some(Tree {
            claim: Claim::Alive,
            nodes: self.nodes,
        })
    }

    fn prove(&mut self, p: &Position, rem: u32) -> Option<usize> {
        let Known::Proven(need) = self.ensure(p, rem) else {
            return None;
        };
        let key = (p.hash(), Some(need));
        if let Some(&i) = self.memo.get(&key) {
            return Some(i);
        }
        // A reuse (docs/design/post-hoc-zones.md, "Reuse") of a finished node of this
        // tree: the reference points at a node built before (no cycle).
        let reused = if self.patterns.is_some() && !in_d0(p, self.search.target) {
            self.reuse_of(p, need)
        } else {
            None
        };
        let i = self.push(Some(need))?;
        self.memo.insert(key, i);
        if let Some((j, z)) = reused {
            self.nodes[i].reuse = Some(j);
            self.set_zone(i, Some(z));
            self.search.stats.zone_reused += 1;
            return Some(i);
        }
        let zones = self.search.zones_on();
        let attacker_color = self.search.defender.opponent();
        if in_d0(p, self.search.target) {
            self.nodes[i].leaf = Some(Leaf::Capture);
            if self.posthoc.is_some() {
                let z = posthoc::leaf(p, self.search.target);
                self.set_zone(i, Some(z));
            }
            if zones {
                self.set_rec(i, Some(zone::leaf(p, attacker_color)));
            }
            return Some(i);
        }
        let attacker = p.to_move() != self.search.defender;
        let kids = self.search.children(p);
        let mut chosen: Vec<(Move, usize)> = Vec::new();
        if self.posthoc.is_some() && !attacker {
            // The pass child first: its move is null for any zone, so it is a witness
            // for every move outside its zone; then each move no witness answers,
            // proven, and a witness itself when its move lies outside its own zone.
            let pass = kids.iter().find(|c| c.info.mv == Move::Pass)?;
            let jp = self.prove(&pass.pos, need - 1)?;
            chosen.push((Move::Pass, jp));
            let mut witnesses: Vec<usize> = Vec::new();
            if self.zone_of(jp).is_some() {
                witnesses.push(jp);
            }
            let mut pruned: Vec<(Move, usize)> = Vec::new();
            // The children the search found to be witnesses (a zone known, the move
            // null for it) first, so that their zones answer the rest.
            let mut order: Vec<usize> = (0..kids.len())
                .filter(|&k| kids.info(k).mv != Move::Pass)
                .collect();
            order.sort_by_key(|&k| {
                let info = kids.info(k);
                let witness = self
                    .search
                    .posthoc_child(p, info)
                    .is_some_and(|(_, z)| posthoc::null_for(p, info.mv, &z));
                !witness
            });
            for c in order.into_iter().map(|k| kids.get(k)) {
                let by = self.witness_for(&witnesses, p, c.info.mv);
                if let Some(w) = by {
                    pruned.push((c.info.mv, w));
                    continue;
                }
                let j = self.prove(&c.pos, need - 1)?;
                chosen.push((c.info.mv, j));
                if self
                    .zone_of(j)
                    .is_some_and(|z| posthoc::null_for(p, c.info.mv, z))
                {
                    witnesses.push(j);
                }
            }
            self.set_answerer_zone(i, p, None, &chosen, &pruned);
            self.keep_pattern(i, p);
            self.search.stats.zone_pruned += pruned.len() as u64;
            self.nodes[i].children = chosen;
            self.nodes[i].pruned = pruned;
            return Some(i);
        }
        if zones && !attacker {
            // The pass child first: its zone may answer the other moves.
            let pass = kids.iter().find(|c| c.info.mv == Move::Pass)?;
            let jp = self.prove(&pass.pos, need - 1)?;
            chosen.push((Move::Pass, jp));
            let prec = self.rec(jp);
            let mut covered = Vec::new();
            let mut explicit: Vec<(Move, Position, Option<ZoneRec>)> = Vec::new();
            for c in kids.iter().filter(|c| c.info.mv != Move::Pass) {
                if prec
                    .as_ref()
                    .is_some_and(|r| zone::covers(p, attacker_color, c.info.mv, r))
                {
                    covered.push(c.info.mv);
                    continue;
                }
                let j = self.prove(&c.pos, need - 1)?;
                chosen.push((c.info.mv, j));
                explicit.push((c.info.mv, c.pos.clone(), self.rec(j)));
            }
            let rec = prec.and_then(|pr| {
                let ex: Option<Vec<(Move, &Position, &ZoneRec)>> = explicit
                    .iter()
                    .map(|(m, q, r)| r.as_ref().map(|r| (*m, q, r)))
                    .collect();
                Some(zone::defender_node(p, attacker_color, &pr, &covered, &ex?))
            });
            self.set_rec(i, rec);
            self.nodes[i].children = chosen;
            self.nodes[i].covered = covered;
            return Some(i);
        }
        if attacker {
            // One killing move: the fastest one the table knows, else the first found.
            let mut best: Option<(u32, usize)> = None;
            for (k, c) in kids.iter().enumerate() {
                if let Known::Proven(n) = self.search.probe(&c, need - 1) {
                    if best.is_none_or(|(b, _)| n < b) {
                        best = Some((n, k));
                    }
                }
            }
            if best.is_none() {
                for (k, c) in kids.iter().enumerate() {
                    if let Known::Proven(n) = self.ensure(&c.pos, need - 1) {
                        best = Some((n, k));
                        break;
                    }
                }
            }
            let (_, k) = best?;
            let j = self.prove(&kids.get(k).pos, need - 1)?;
            chosen.push((kids.info(k).mv, j));
            if self.posthoc.is_some() {
                let z = self
                    .zone_of(j)
                    .map(|z| posthoc::chooser(p, kids.info(k).mv, z));
                self.set_zone(i, z);
                self.keep_pattern(i, p);
            }
            if zones {
                let rec = self.rec(j).map(|r| {
                    zone::attacker_node(p, attacker_color, kids.info(k).mv, &kids.get(k).pos, &r)
                });
                self.set_rec(i, rec);
            }
        } else {
            for c in kids.iter() {
                let j = self.prove(&c.pos, need - 1)?;
                chosen.push((c.info.mv, j));
            }
        }
        self.nodes[i].children = chosen;
        Some(i)
    }

    /// The finished node of this tree a proof of `p` in `need` plies may reuse, with
    /// its zone: one whose zone `p` agrees with exactly, with plies at most `need`.
    fn reuse_of(&mut self, p: &Position, need: u32) -> Option<(usize, Bits)> {
        let (plies, z, (j, q)) = self.patterns.as_mut()?.probe(p, need, Goal::Kill)?;
        (plies <= need && agree(p, q, z)).then(|| (*j, z.clone()))
    }

    /// Keeps the finished proof node `i` (position `p`) as a pattern, if it has a zone.
    fn keep_pattern(&mut self, i: usize, p: &Position) {
        let (Some(z), Some(r)) = (self.zone_of(i).cloned(), self.nodes[i].remaining) else {
            return;
        };
        if let Some(t) = self.patterns.as_mut() {
            t.put(p, Goal::Kill, r, &z, (i, p.clone()));
        }
    }

    /// The first of `witnesses` whose zone makes `m` at `p` null (the witness rule,
    /// docs/design/post-hoc-zones.md): the node that answers `m` as a pruned move.
    fn witness_for(&self, witnesses: &[usize], p: &Position, m: Move) -> Option<usize> {
        witnesses
            .iter()
            .copied()
            .find(|&w| self.zone_of(w).is_some_and(|z| posthoc::null_for(p, m, z)))
    }

    /// Whether the search disproved the position with key `key` for every α by a
    /// sibling's zone (the witness rule) rather than by searching it: its kept move is
    /// the witness's, outside the zone (a searched node's move lies in its own zone, a
    /// Benson leaf's is the pass).
    fn borrowed(&self, key: u64) -> bool {
        self.search
            .posthoc_life
            .as_ref()
            .and_then(|s| s.get(key))
            .is_some_and(|(m, z)| matches!(m, Move::Play(x) if !z.has(*x)))
    }

    /// Whether life zones within a bound are on ([`crate::Tuning::bounded_life_zones`]).
    fn bounded_zones(&self) -> bool {
        self.posthoc.is_some() && self.search.posthoc_bounded.is_some()
    }

    /// Sets node `i`'s zone as an answerer's ([`posthoc::answerer`]: the node `p` where
    /// every move must be answered, `target` for a life tree's attacker): each move
    /// reaches the zone of its child in `chosen` or its witness in `pruned`.
    fn set_answerer_zone(
        &mut self,
        i: usize,
        p: &Position,
        target: Option<Point>,
        chosen: &[(Move, usize)],
        pruned: &[(Move, usize)],
    ) {
        let mut reached = |m: Move| -> Option<Bits> {
            let j = pruned
                .iter()
                .chain(chosen)
                .find(|(k, _)| *k == m)
                .map(|&(_, j)| j)?;
            self.zone_of(j).cloned()
        };
        let z = posthoc::answerer(p, target, &mut reached);
        self.set_zone(i, z);
    }

    /// The post-hoc zone of proof node `i`, if known.
    fn zone_of(&self, i: usize) -> Option<&Bits> {
        self.posthoc.as_ref()?.get(i)?.as_ref()
    }

    fn set_zone(&mut self, i: usize, z: Option<Bits>) {
        if let Some(zones) = self.posthoc.as_mut() {
            if zones.len() <= i {
                zones.resize(i + 1, None);
            }
            zones[i] = z;
        }
    }

    /// The zone of proof node `i`, if known.
    fn rec(&self, i: usize) -> Option<ZoneRec> {
        self.recs.get(i).cloned().flatten()
    }

    fn set_rec(&mut self, i: usize, rec: Option<ZoneRec>) {
        if self.recs.len() <= i {
            self.recs.resize(i + 1, None);
        }
        self.recs[i] = rec;
    }

    fn disprove(&mut self, p: &Position, rem: u32) -> Option<usize> {
        // A node that must hold for every α is only read from the table: searching it
        // with an unbounded depth would not end.
        let known = if rem >= INF_HOLD - 1 {
            self.search.lookup(p, rem)
        } else {
            self.ensure(p, rem)
        };
        let Known::Disproven(hold) = known else {
            return None;
        };
        let forever = self.forever && hold == INF_HOLD;
        let remaining = if forever { None } else { Some(rem) };
        // A node of this position that holds at least as long serves (a disproof may
        // be cyclic: the attacker's pass answered by the defender's pass returns here).
        if let Some(&(j, r)) = self.strongest.get(&p.hash()) {
            let enough = match (r, remaining) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(a), Some(b)) => a >= b,
            };
            if enough {
                return Some(j);
            }
        }
        let key = (p.hash(), remaining);
        if let Some(&i) = self.memo.get(&key) {
            return Some(i);
        }
        let i = self.push(remaining)?;
        self.memo.insert(key, i);
        self.strongest.insert(p.hash(), (i, remaining));
        if hold == INF_HOLD {
            if let Some(leaf) = crate::static_leaf(p, self.search.target, self.search.use_safe) {
                self.nodes[i].leaf = Some(leaf);
                // A Benson leaf's zone (docs/design/post-hoc-zones.md, (U)); a safe leaf
                // states none (the checker knows no zone rule for it yet), so no zone
                // above it rests on one.
                if self.posthoc.is_some() && leaf == Leaf::Benson {
                    let z = posthoc::benson_leaf(p, self.search.target);
                    self.set_zone(i, z);
                }
                return Some(i);
            }
        }
        // Life zones within a bound ([`crate::Tuning::bounded_life_zones`]): whether
        // this node is one of them.
        let bounded = !forever && self.bounded_zones();
        if !forever && rem == 0 {
            self.nodes[i].leaf = Some(Leaf::DepthLimit);
            if bounded {
                let attacker = p.to_move() != self.search.defender;
                let z = posthoc::limit_leaf(p, self.search.target, attacker);
                self.set_zone(i, Some(z));
            }
            return Some(i);
        }
        // Children must hold for one ply less (for every α if this node does).
        let child_rem = if forever { INF_HOLD - 1 } else { rem - 1 };
        let attacker = p.to_move() != self.search.defender;
        let kids = self.search.children(p);
        let mut chosen: Vec<(Move, usize)> = Vec::new();
        if attacker && (forever || bounded) && self.posthoc.is_some() {
            return self.life_attacker(p, i, &kids, child_rem, forever);
        }
        if attacker {
            for c in kids.iter() {
                // The searches leave out the attacker's pass and its ko capture that the
                // defender retakes at once (`Info::retaken`), so the table has no entry
                // for them: for every α they are answered by the pass back or the
                // retake, which return here.
                let back = match c.info.mv {
                    Move::Pass => Some(Move::Pass),
                    Move::Play(x) if c.info.retaken => {
                        crate::dfpn::retake_point(&c.pos, x).map(Move::Play)
                    }
                    Move::Play(_) => None,
                };
                let cycle = match back {
                    Some(b) if forever => self.cycle_back(&c.pos, b, p, i),
                    _ => None,
                };
                let j = match cycle {
                    Some(j) => j,
                    None => self.disprove(&c.pos, child_rem)?,
                };
                chosen.push((c.info.mv, j));
            }
        } else {
            // With life zones, the move the search's zone rests on; else prefer a
            // position that already has a node holding long enough.
            let choice = (forever && self.posthoc.is_some() && !self.borrowed(p.hash()))
                .then(|| self.search.life_choice(p))
                .flatten();
            let mut found = choice.and_then(|m| {
                kids.iter().position(|c| {
                    c.info.mv == m
                        && matches!(self.search.probe(&c, child_rem), Known::Disproven(_))
                })
            });
            // Within a bound, a move whose refutation's zone the search knows.
            if bounded {
                found = found.or_else(|| {
                    kids.iter().position(|c| {
                        matches!(self.search.probe(&c, child_rem), Known::Disproven(_))
                            && self.search.life_zone(p, &c.info, child_rem).is_some()
                    })
                });
            }
            found = found.or_else(|| {
                kids.iter().position(|c| {
                    self.strongest
                        .get(&c.pos.hash())
                        .is_some_and(|&(_, r)| match r {
                            None => true,
                            Some(a) => !forever && a >= child_rem,
                        })
                })
            });
            if found.is_none() {
                for (k, c) in kids.iter().enumerate() {
                    if let Known::Disproven(_) = self.search.probe(&c, child_rem) {
                        found = Some(k);
                        break;
                    }
                }
            }
            if found.is_none() && !forever {
                for (k, c) in kids.iter().enumerate() {
                    if let Known::Disproven(_) = self.ensure(&c.pos, child_rem) {
                        found = Some(k);
                        break;
                    }
                }
            }
            if found.is_none() && forever && self.posthoc.is_some() {
                found = self.life_research(&kids);
            }
            let k = found?;
            let j = self.disprove(&kids.get(k).pos, child_rem)?;
            let m = kids.info(k).mv;
            chosen.push((m, j));
            if (forever || bounded) && self.posthoc.is_some() {
                let z = self.zone_of(j).map(|z| posthoc::chooser(p, m, z));
                self.set_zone(i, z);
            }
        }
        self.nodes[i].children = chosen;
        Some(i)
    }

    /// The node, for every α, of `q`, reached from `p` (node `i`) by the attacker's pass or
    /// ko capture, whose answer is the defender's `back` (the pass, the retake) to `p`: a
    /// cycle, which a disproof may have (the checker's induction on the plies left).
    /// `None` unless `back` does return to `p` (under the basic ko rule a pass lifts a
    /// ban and a retake is banned, so it does not).
    fn cycle_back(&mut self, q: &Position, back: Move, p: &Position, i: usize) -> Option<usize> {
        if q.play(back) != *p {
            return None;
        }
        if let Some(&(j, None)) = self.strongest.get(&q.hash()) {
            return Some(j);
        }
        let j = self.push(None)?;
        self.nodes[j].children = vec![(back, i)];
        self.memo.insert((q.hash(), None), j);
        self.strongest.insert(q.hash(), (j, None));
        Some(j)
    }
}

/// A disproof for every α: a closed set of positions where the defender always has a
/// move staying in the set, every attacker move stays in it, and no position is in D₀
/// (then none is in D, the least fixpoint). It is grown from the bounded search's
/// table, with cycles allowed (a ko retaken forever, a seki), and is only a candidate:
/// the caller keeps it only if the checker of `tsume-proof` accepts it. Returned with the
/// set's positions, in the order of the tree's nodes.
pub(crate) fn forever_disproof(
    search: &mut Search<'_>,
    root: &Position,
    rem: u32,
    max_nodes: usize,
) -> Option<(Tree, Vec<Position>)> {
    let mut index: FxHashMap<u64, usize> = FxHashMap::default();
    let mut nodes: Vec<TreeNode> = Vec::new();
    let mut queue: Vec<Position> = Vec::new();
    index.insert(root.hash(), 0);
    nodes.push(TreeNode {
        remaining: None,
        children: Vec::new(),
        leaf: None,
        covered: Vec::new(),
        zone: None,
        pruned: Vec::new(),
        reuse: None,
    });
    queue.push(root.clone());
    let mut next = 0;
    while next < queue.len() {
        if nodes.len() > max_nodes || search.abort.is_some() || search.out_of_time() {
            return None;
        }
        let p = queue[next].clone();
        let i = next;
        next += 1;
        if in_d0(&p, search.target) {
            return None;
        }
        if let Some(leaf) = crate::static_leaf(&p, search.target, search.use_safe) {
            nodes[i].leaf = Some(leaf);
            continue;
        }
        let attacker = p.to_move() != search.defender;
        let kids = search.children(&p);
        let chosen: Vec<usize> = if attacker {
            (0..kids.len()).collect()
        } else {
            // The defender's move: first a move back into the set, if any (the set only
            // has to be closed: no position in D₀, the defender always able to stay in
            // it, every attacker move staying in it; so any move into it serves and adds
            // no position). Else the move the table says survives longest. A hold
            // shorter than `rem` serves too when no kill is known: the set is checked as
            // a whole, so holds are only hints (positions deep in the set were searched
            // with fewer plies left); such holds rank below every hold of `rem` − 1 or
            // more.
            let back = kids
                .iter()
                .position(|c| !c.info.d0 && index.contains_key(&c.pos.hash()));
            let k = match back {
                Some(k) => k,
                None => {
                    let mut best: Option<(u32, usize)> = None;
                    for (k, c) in kids.iter().enumerate() {
                        if c.info.d0 {
                            continue;
                        }
                        let Some(s) = search.table.solved.get(&c.info.hash) else {
                            continue;
                        };
                        let Some(h) = s.hold else { continue };
                        if h < rem - 1 && s.need != crate::dfpn::NO_PROOF {
                            continue;
                        }
                        if best.is_none_or(|b| h > b.0) {
                            best = Some((h, k));
                        }
                    }
                    // Then a move the unbounded search survived with (a hint).
                    if best.is_none() {
                        best = kids
                            .iter()
                            .position(|c| !c.info.d0 && search.survived_unbounded(c.info.hash))
                            .map(|k| (0, k));
                    }
                    if best.is_none() {
                        for (k, c) in kids.iter().enumerate() {
                            if let Known::Disproven(h) = search.mid(&c.pos, rem - 1, INF, INF, 1) {
                                best = Some((h, k));
                                break;
                            }
                        }
                    }
                    best?.1
                }
            };
            vec![k]
        };
        let mut edges = Vec::with_capacity(chosen.len());
        for k in chosen {
            let c = kids.get(k);
            let j = match index.get(&c.pos.hash()) {
                Some(&j) => j,
                None => {
                    let j = nodes.len();
                    index.insert(c.pos.hash(), j);
                    nodes.push(TreeNode {
                        remaining: None,
                        children: Vec::new(),
                        leaf: None,
                        covered: Vec::new(),
                        zone: None,
                        pruned: Vec::new(),
                        reuse: None,
                    });
                    queue.push(c.pos);
                    j
                }
            };
            edges.push((c.info.mv, j));
        }
        nodes[i].children = edges;
    }
    Some((
        Tree {
            claim: Claim::Alive,
            nodes,
        },
        queue,
    ))
}
