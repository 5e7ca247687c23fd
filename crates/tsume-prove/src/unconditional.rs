//! Can the defender force its group unconditionally alive (Benson 1976) against the
//! attacker's resistance? The question that tells a group that lives from a seki
//! ([`crate::go`]): alive, but no play of the defender ever makes it unconditionally
//! alive.
//!
//! The game: the defender moves to reach a position where the target passes Benson's
//! test; the attacker resists. A position in D₀ (the attacker captures next) is lost
//! for the defender, and so is infinite play. A small df-pn of its own, bounded by the
//! plies left, the defender the OR player:
//! - *proven* with `need` plies: the defender gets there within `need` plies whatever
//!   the attacker does (so within every larger bound);
//! - *disproven* for `hold` plies: the attacker keeps it from there for `hold` plies
//!   (so for every smaller bound; `FOREVER` when every line ends in a capture).
//!
//! A proof becomes a disproof of `Can_kill` for every α whose every line ends at a
//! Benson leaf, with no cycle ([`tsume_proof::CheckReport::forces_unconditional`]); a
//! seki is shown by the attacker's strategy closed into a set of positions none of which
//! is unconditionally alive ([`tsume_proof::Claim::NeverUnconditional`]). Both are
//! checked by the independent checker before they count.
//!
//! The defender's pass is searched only under a ko ban: otherwise the attacker could
//! pass back to the same position with two plies fewer, which is never better for the
//! defender (the search is monotone in the bound). The attacker's pass is searched.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fxhash::FxHashMap;
use tsume_board::{benson, Color, Move, Point, Position};
use tsume_proof::{Claim, Leaf, Tree, TreeNode};

/// "Holds for ever": every line ends in a capture.
const FOREVER: u32 = u32::MAX;
/// An infinite proof or disproof number.
const INF: u32 = u32::MAX / 4;

/// What the table knows of a position: proven within `need` plies (`u32::MAX`: not
/// known) and disproven for `hold` plies (`None`: not known).
#[derive(Clone, Copy, Debug)]
struct Entry {
    need: u32,
    hold: Option<u32>,
}

/// A node's standing at a bound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Known {
    Proven(u32),
    Disproven(u32),
    Open(u32, u32),
}

/// The outcome of [`Settle::run`].
#[derive(Clone, Debug)]
pub(crate) enum Outcome {
    /// The defender forces unconditional life: the tree (a disproof of `Can_kill` for
    /// every α, every leaf Benson, no cycle) and its first move, if the defender moves.
    Forces(Tree, Option<Move>),
    /// The attacker keeps it from unconditional life for ever: the closed strategy.
    Never(Tree),
    /// Not settled within the budget.
    Open(String),
}

pub(crate) struct Settle<'a> {
    target: Point,
    defender: Color,
    solved: FxHashMap<u64, Entry>,
    open: FxHashMap<(u64, u32), (u32, u32)>,
    /// Benson's test per position key: the target's vital regions (up to two) and
    /// whether it is unconditionally alive.
    benson: FxHashMap<u64, (u8, bool)>,
    pub nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    max_entries: usize,
}

impl<'a> Settle<'a> {
    pub fn new(
        target: Point,
        defender: Color,
        max_nodes: u64,
        time_limit: Option<Duration>,
        stop: Option<&'a AtomicBool>,
    ) -> Self {
        Settle {
            target,
            defender,
            solved: FxHashMap::default(),
            open: FxHashMap::default(),
            benson: FxHashMap::default(),
            nodes: 0,
            max_nodes,
            deadline: time_limit.map(|t| Instant::now() + t),
            stop,
            aborted: false,
            max_entries: 4_000_000,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let late =
            self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() > d);
        let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        if self.nodes >= self.max_nodes || late || stopped {
            self.aborted = true;
        }
        self.aborted
    }

    fn benson(&mut self, p: &Position) -> (u8, bool) {
        let target = self.target;
        *self.benson.entry(p.hash()).or_insert_with(|| {
            let (vital, alive) = benson::vital_and_alive(p, target);
            (vital.min(2) as u8, alive)
        })
    }

    fn alive(&mut self, p: &Position) -> bool {
        self.benson(p).1
    }

    /// The node's standing with `rem` plies from the rules and the table, without
    /// expanding it.
    fn lookup(&mut self, p: &Position, rem: u32) -> Known {
        let h = p.hash();
        if let Some(e) = self.solved.get(&h) {
            if e.need <= rem {
                return Known::Proven(e.need);
            }
            if e.hold.is_some_and(|hold| hold >= rem) {
                return Known::Disproven(e.hold.unwrap_or(0));
            }
        }
        if self.alive(p) {
            self.record(h, Known::Proven(0));
            return Known::Proven(0);
        }
        if p.in_d0(self.target) {
            self.record(h, Known::Disproven(FOREVER));
            return Known::Disproven(FOREVER);
        }
        if rem == 0 {
            return Known::Disproven(0);
        }
        // A fresh node: the more regions vital to the target (Benson's sense: an eye,
        // or the start of one) it has, the nearer unconditional life.
        let (pn, dn) = match self.open.get(&(h, rem)) {
            Some(&n) => n,
            None => {
                let v = u32::from(self.benson(p).0);
                (3 - v, 1 + v)
            }
        };
        Known::Open(pn, dn)
    }

    fn record(&mut self, h: u64, k: Known) {
        if self.solved.len() >= self.max_entries {
            self.solved.clear();
            self.open.clear();
        }
        let e = self.solved.entry(h).or_insert(Entry {
            need: u32::MAX,
            hold: None,
        });
        match k {
            Known::Proven(n) => e.need = e.need.min(n),
            Known::Disproven(hold) => e.hold = Some(e.hold.map_or(hold, |x| x.max(hold))),
            Known::Open(..) => {}
        }
    }

    /// The successors searched: every distinct position of Ψ(p) for the attacker; the
    /// defender's stone moves, and its pass only under a ko ban.
    fn children(&self, p: &Position) -> Vec<(Move, Position)> {
        let defender = p.to_move() == self.defender;
        let mut out: Vec<(Move, Position)> = p
            .legal_moves()
            .map(|x| (Move::Play(x), p.play(Move::Play(x))))
            .collect();
        if !defender || p.ko_ban().is_some() {
            out.push((Move::Pass, p.play(Move::Pass)));
        }
        // Moves next to the target's group first (a tie-break for df-pn).
        let target = self.target;
        out.sort_by_key(|(m, _)| match m {
            Move::Play(x) => usize::from(
                !p.board()
                    .neighbors(*x)
                    .iter()
                    .any(|&y| p.group_id(y).is_some() && p.group_id(y) == p.group_id(target)),
            ),
            Move::Pass => 2,
        });
        out
    }

    /// df-pn's MID on (p, rem) with thresholds; returns the standing it leaves.
    fn mid(&mut self, p: &Position, rem: u32, thpn: u32, thdn: u32) -> Known {
        let k = self.lookup(p, rem);
        if !matches!(k, Known::Open(..)) {
            return k;
        }
        if self.out_of_budget() {
            return k;
        }
        self.nodes += 1;
        let or_node = p.to_move() == self.defender;
        let kids = self.children(p);
        let h = p.hash();
        loop {
            let standings: Vec<Known> = kids.iter().map(|(_, q)| self.lookup(q, rem - 1)).collect();
            let (pn, dn) = numbers(or_node, &standings);
            if pn == 0 || dn == 0 {
                let k = solved_value(or_node, &standings, pn == 0);
                self.record(h, k);
                self.open.remove(&(h, rem));
                return k;
            }
            if pn >= thpn || dn >= thdn || self.aborted {
                self.open.insert((h, rem), (pn, dn));
                return Known::Open(pn, dn);
            }
            // The most promising child and the second best number.
            let key = |k: &Known| match (or_node, *k) {
                (true, Known::Open(pn, _)) => pn,
                (false, Known::Open(_, dn)) => dn,
                _ => INF,
            };
            let mut best = 0;
            let mut second = INF;
            for (i, s) in standings.iter().enumerate() {
                if key(s) < key(&standings[best]) {
                    second = key(&standings[best]);
                    best = i;
                } else if i != best {
                    second = second.min(key(s));
                }
            }
            let Known::Open(cpn, cdn) = standings[best] else {
                unreachable!("an open node has an open child");
            };
            let (tpn, tdn) = if or_node {
                (
                    thpn.min(second.saturating_add(1)),
                    sat_sub(thdn, dn).saturating_add(cdn),
                )
            } else {
                (
                    sat_sub(thpn, pn).saturating_add(cpn),
                    thdn.min(second.saturating_add(1)),
                )
            };
            let (tpn, tdn) = (tpn.min(INF), tdn.min(INF));
            let q = kids[best].1.clone();
            self.mid(&q, rem - 1, tpn, tdn);
            if self.aborted {
                let (pn, dn) = numbers(or_node, &standings);
                self.open.insert((h, rem), (pn, dn));
                return Known::Open(pn, dn);
            }
        }
    }

    /// Iterative deepening up to `max_rem` plies (8, 16, …): the defender's forced
    /// unconditional life, or the attacker's strategy closed for ever, each checked.
    pub fn run(&mut self, p: &Position, max_rem: u32, closure_positions: usize) -> Outcome {
        let mut r = 8u32.min(max_rem.max(1));
        loop {
            match self.mid(p, r, INF, INF) {
                Known::Proven(need) => {
                    let Some(tree) = self.proof_tree(p, need) else {
                        return Outcome::Open("the tree could not be rebuilt".into());
                    };
                    if let Err(e) = tsume_proof::check(p, self.target, &tree) {
                        return Outcome::Open(format!("the checker rejected the tree: {e}"));
                    }
                    // At a Benson leaf the pass (no move needed, and it keeps it so).
                    let first = (p.to_move() == self.defender)
                        .then(|| tree.nodes[0].children.first().map_or(Move::Pass, |c| c.0));
                    return Outcome::Forces(tree, first);
                }
                Known::Disproven(_) => {
                    if let Some(t) = self.closure(p, r, closure_positions) {
                        if tsume_proof::check(p, self.target, &t).is_ok() {
                            return Outcome::Never(t);
                        }
                    }
                    if r >= max_rem {
                        return Outcome::Open(format!(
                            "not unconditionally alive within {r} plies, and no closed strategy"
                        ));
                    }
                }
                Known::Open(..) => {
                    return Outcome::Open(format!("node limit reached after {} nodes", self.nodes))
                }
            }
            r = r.saturating_mul(2).min(max_rem);
        }
    }

    /// The defender's forced unconditional life from `p` within `need` plies as a tree:
    /// nodes keyed by (position, need), needs falling along every edge (so no cycle),
    /// every remaining `None`, every leaf Benson.
    fn proof_tree(&mut self, p: &Position, need: u32) -> Option<Tree> {
        let mut nodes: Vec<TreeNode> = Vec::new();
        let mut memo: FxHashMap<(u64, u32), usize> = FxHashMap::default();
        self.prove(p, need, &mut nodes, &mut memo)?;
        Some(Tree {
            claim: Claim::Alive,
            nodes,
        })
    }

    fn prove(
        &mut self,
        p: &Position,
        need: u32,
        nodes: &mut Vec<TreeNode>,
        memo: &mut FxHashMap<(u64, u32), usize>,
    ) -> Option<usize> {
        let key = (p.hash(), need);
        if let Some(&i) = memo.get(&key) {
            return Some(i);
        }
        if nodes.len() > 1_000_000 || self.aborted {
            return None;
        }
        let i = nodes.len();
        nodes.push(TreeNode {
            remaining: None,
            children: Vec::new(),
            leaf: None,
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        });
        memo.insert(key, i);
        if self.alive(p) {
            nodes[i].leaf = Some(Leaf::Benson);
            return Some(i);
        }
        if need == 0 {
            return None;
        }
        let settled = |k: Known| match k {
            Known::Proven(n) if n < need => Some(n),
            _ => None,
        };
        let mut children = Vec::new();
        if p.to_move() == self.defender {
            let mut pick = None;
            for (m, q) in self.children(p) {
                let k = self.lookup(&q, need - 1);
                if let Some(n) = settled(k) {
                    pick = Some((m, q, n));
                    break;
                }
            }
            let (m, q, n) = pick?;
            children.push((m, self.prove(&q, n, nodes, memo)?));
        } else {
            for (m, q) in self.children(p) {
                let mut k = self.lookup(&q, need - 1);
                if matches!(k, Known::Open(..)) {
                    k = self.mid(&q, need - 1, INF, INF);
                }
                let n = settled(k)?;
                children.push((m, self.prove(&q, n, nodes, memo)?));
            }
        }
        nodes[i].children = children;
        Some(i)
    }

    /// The attacker's strategy from `p` (not unconditionally alive within `rem` plies)
    /// closed into a set of positions none of which is unconditionally alive: at each
    /// attacker position a move into the set if there is one, else the first (pass
    /// first) whose position the search keeps from unconditional life for `rem` plies;
    /// at each defender position every successor. D₀ positions end their lines (the
    /// capture). At most `max` positions.
    fn closure(&mut self, p: &Position, rem: u32, max: usize) -> Option<Tree> {
        let mut index: FxHashMap<Position, usize> = FxHashMap::default();
        let mut nodes: Vec<TreeNode> = Vec::new();
        let mut queue: Vec<Position> = Vec::new();
        let add = |q: Position,
                   index: &mut FxHashMap<Position, usize>,
                   nodes: &mut Vec<TreeNode>,
                   queue: &mut Vec<Position>| {
            if let Some(&i) = index.get(&q) {
                return i;
            }
            let i = nodes.len();
            nodes.push(TreeNode {
                remaining: None,
                children: Vec::new(),
                leaf: None,
                covered: Vec::new(),
                zone: None,
                pruned: Vec::new(),
                reuse: None,
            });
            index.insert(q.clone(), i);
            queue.push(q);
            i
        };
        add(p.clone(), &mut index, &mut nodes, &mut queue);
        let mut next = 0;
        while next < queue.len() {
            if nodes.len() > max || self.aborted {
                return None;
            }
            let q = queue[next].clone();
            let i = next;
            next += 1;
            if self.alive(&q) {
                return None;
            }
            if q.in_d0(self.target) {
                nodes[i].leaf = Some(Leaf::Capture);
                continue;
            }
            if q.to_move() == self.defender {
                let mut children = Vec::new();
                for (m, r) in q.successors() {
                    children.push((m, add(r, &mut index, &mut nodes, &mut queue)));
                }
                nodes[i].children = children;
                continue;
            }
            // The attacker: pass first, then the stone moves.
            let mut options: Vec<(Move, Position)> = vec![(Move::Pass, q.play(Move::Pass))];
            options.extend(
                q.legal_moves()
                    .map(|x| (Move::Play(x), q.play(Move::Play(x)))),
            );
            let pick = options
                .iter()
                .position(|(_, r)| index.contains_key(r))
                .or_else(|| {
                    options.iter().position(|(_, r)| {
                        !self.alive(r) && matches!(self.mid(r, rem, INF, INF), Known::Disproven(_))
                    })
                })?;
            let (m, r) = options.swap_remove(pick);
            nodes[i].children = vec![(m, add(r, &mut index, &mut nodes, &mut queue))];
        }
        Some(Tree {
            claim: Claim::NeverUnconditional,
            nodes,
        })
    }
}

fn sat_sub(a: u32, b: u32) -> u32 {
    a.saturating_sub(b)
}

/// (pn, dn) of a node from its children's standings: the defender (OR) needs one child
/// proven, the attacker (AND) all.
fn numbers(or_node: bool, standings: &[Known]) -> (u32, u32) {
    let nums = |k: &Known| match *k {
        Known::Proven(_) => (0, INF),
        Known::Disproven(_) => (INF, 0),
        Known::Open(pn, dn) => (pn, dn),
    };
    let (mut min, mut sum) = (INF, 0u32);
    for k in standings {
        let (pn, dn) = nums(k);
        let (a, b) = if or_node { (pn, dn) } else { (dn, pn) };
        min = min.min(a);
        sum = sum.saturating_add(b).min(INF);
    }
    if or_node {
        (min, sum)
    } else {
        (sum, min)
    }
}

/// The solved value of a node whose numbers reached 0: proven (`proven`) within one ply
/// more than its fastest proven child (OR) or its slowest (AND); disproven for one ply
/// more than its weakest child (OR: every child disproven) or its strongest disproven
/// child (AND).
fn solved_value(or_node: bool, standings: &[Known], proven: bool) -> Known {
    let plus = |n: u32| if n == FOREVER { FOREVER } else { n + 1 };
    if proven {
        let needs = standings.iter().filter_map(|k| match k {
            Known::Proven(n) => Some(*n),
            _ => None,
        });
        let n = if or_node { needs.min() } else { needs.max() };
        Known::Proven(n.map_or(0, |n| n + 1))
    } else {
        let holds = standings.iter().filter_map(|k| match k {
            Known::Disproven(h) => Some(*h),
            _ => None,
        });
        let h = if or_node { holds.min() } else { holds.max() };
        Known::Disproven(h.map_or(FOREVER, plus))
    }
}
