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

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use fxhash::FxHashMap;
use tsume_board::{Board, Color, Liberties, Move, Point, Position};

use crate::{Limits, Stats};

mod cyclic;

/// Proof and disproof numbers saturate here.
pub(crate) const INF: u64 = u64::MAX / 4;
/// A disproof that holds for every α.
pub(crate) const INF_HOLD: u32 = u32::MAX;
/// Stored proof depth meaning "no proof known".
pub(crate) const NO_PROOF: u32 = u32::MAX;

/// What is known for good about one position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Solved {
    /// Least remaining depth at which the attacker is known to kill (NO_PROOF: none).
    pub need: u32,
    /// Largest remaining depth at which the defender is known to survive, if any.
    pub hold: Option<u32>,
}

/// Bytes per table entry, for sizing from `--tt-mb` (key, value and map overhead).
const ENTRY_BYTES: usize = 48;

/// The transposition table: solved results by hash, work in progress by (hash, rem).
pub(crate) struct Table {
    pub solved: FxHashMap<u64, Solved>,
    work: FxHashMap<(u64, u32), (u64, u64)>,
    pub capacity: usize,
    pub clears: u64,
}

impl Table {
    pub fn new(mb: usize) -> Table {
        Table {
            solved: FxHashMap::default(),
            work: FxHashMap::default(),
            capacity: (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1024),
            clears: 0,
        }
    }

    /// Replacement rule: work entries go first (they are only heuristics), solved ones
    /// only when they alone fill the table. Both losses cost time, never correctness.
    fn make_room(&mut self) {
        if self.solved.len() + self.work.len() < self.capacity {
            return;
        }
        self.clears += 1;
        self.work.clear();
        if self.solved.len() * 4 >= self.capacity * 3 {
            self.solved.clear();
        }
    }

    fn prove(&mut self, h: u64, need: u32) {
        self.make_room();
        let e = self.solved.entry(h).or_insert(Solved {
            need: NO_PROOF,
            hold: None,
        });
        e.need = e.need.min(need);
    }

    fn disprove(&mut self, h: u64, hold: u32) {
        self.make_room();
        let e = self.solved.entry(h).or_insert(Solved {
            need: NO_PROOF,
            hold: None,
        });
        e.hold = Some(e.hold.map_or(hold, |o| o.max(hold)));
    }
}

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
}

pub(crate) struct Search<'a> {
    pub target: Point,
    pub defender: Color,
    pub table: Table,
    pub stats: Stats,
    limits: &'a Limits,
    stop: Option<&'a AtomicBool>,
    start: Instant,
    pub abort: Option<Abort>,
    /// Called every 2¹⁶ nodes with the statistics so far.
    pub progress: Option<&'a (dyn Fn(&Stats) + Sync)>,
    pub use_benson: bool,
    /// How an AND node's numbers add up ([`crate::Options::pn_rule`]).
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
    /// keeping their standings between iterations ([`crate::Options::reprobe_all`]).
    pub reprobe_all: bool,
    /// Search the attacker's ko captures that the defender can retake at once
    /// ([`crate::Options::ko_captures`]).
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
    /// its dn is at most twice the best sibling's ([`crate::Options::learned_order`]).
    pub learned_order: bool,
    /// Successors tried by recorded play and undo from this many points on
    /// ([`crate::Options::record_moves_from`]).
    pub record_moves_from: usize,
}

/// A defender's move x scored by a linear model of whether it is the move that refutes
/// the attacker there: fitted (conditional logit) on the moves that finally refuted the
/// attacker at the defender's nodes of the bundled problems and d180cf's rows, with
/// features cheap to compute (docs/experiments.md, 2026-11-26): 49 % of held-out nodes
/// have that move first, 86 % among the first three, against 28 % and 70 % for the
/// liberty order. Features: the target's liberties after the move (`libs`, up to 4) and
/// whether at most 1, stones captured, x's empty neighbours, whether x touches an
/// attacker group of at most 2 liberties or another defender group, and the liberties
/// (up to 4) of the new stone's group, and whether it is in atari. `q` is the position
/// after the move where it was made (a move next to the target or capturing always is).
fn defender_score(
    p: &Position,
    x: Point,
    q: Option<&Position>,
    target_group: Option<Point>,
    near: bool,
    captured: i64,
    libs: u32,
) -> i64 {
    let me = p.to_move();
    let mut empty_n = 0u32;
    let mut touches_weak_attacker = false;
    let mut joins_other = false;
    for &y in p.board().neighbors(x) {
        match p.color(y) {
            None => empty_n += 1,
            Some(c) if c == me => joins_other |= p.group_id(y) != target_group,
            // (Groups of more than 6 stones are taken as not weak: the walls joined to
            // the outside are large. The model was fitted with this cap, so it stays
            // although the count no longer costs a walk.)
            Some(_) => {
                touches_weak_attacker = touches_weak_attacker
                    || (p.group_size(y) <= 6 && p.liberty_count_up_to(y, 3) <= 2);
            }
        }
    }
    // The new stone's group: the target's when x touches it.
    let own = if near {
        libs
    } else {
        match q {
            Some(q) => q.liberty_count_up_to(x, 4) as u32,
            None => {
                let n = new_stone_liberties(p, x, 4);
                // Against the position made and counted (every test build checks it).
                debug_assert_eq!(n, p.play(Move::Play(x)).liberty_count_up_to(x, 4) as u32);
                n
            }
        }
    };
    let f = |b: bool| f64::from(u8::from(b));
    let v = 0.39 * f64::from(libs.min(4)) / 4.0
        - 0.71 * f(libs <= 1)
        - 0.43 * (captured.min(4) as f64) / 4.0
        + 1.57 * f64::from(empty_n) / 4.0
        + 1.35 * f(touches_weak_attacker)
        + 0.15 * f(joins_other)
        - 1.08 * f(own == 1)
        + 1.03 * f64::from(own.min(4)) / 4.0;
    (v * 1000.0) as i64
}

/// The liberties (up to `limit`) of the group of a stone of the player to move on the
/// empty `x` that captures nothing: x's empty neighbours and the liberties of the
/// friendly groups next to x, all but x.
fn new_stone_liberties(p: &Position, x: Point, limit: usize) -> u32 {
    let mut set: Liberties = Liberties::new();
    let me = p.to_move();
    let board = p.board();
    let mut add = |l: Point| {
        if l != x && !set.contains(&l) {
            set.push(l);
        }
        set.len() >= limit
    };
    let mut walked: [Option<Point>; 4] = [None; 4];
    for (i, &y) in board.neighbors(x).iter().enumerate() {
        let full = match p.color(y) {
            None => add(y),
            Some(c) if c == me => {
                // Each friendly group once, its stones' empty neighbours up to the limit.
                let g = p.group_id(y);
                if walked.contains(&g) {
                    false
                } else {
                    if let Some(w) = walked.get_mut(i) {
                        *w = g;
                    }
                    p.group(y).any(|s| {
                        board
                            .neighbors(s)
                            .iter()
                            .any(|&t| p.color(t).is_none() && add(t))
                    })
                }
            }
            _ => false,
        };
        if full {
            return limit as u32;
        }
    }
    set.len() as u32
}

/// At a defender's node under the learned order: its first child (the order's choice)
/// keeps the search while its dn is below the node's threshold and at most twice the
/// best of its siblings'; then the selection and the second best that bounds it are the
/// first child and twice that sibling's dn. Otherwise `chosen` as [`select`] gave it
/// (from which the siblings' best dn follows: the second best when the first child is
/// the best, else the best).
pub(crate) fn keep_first(vals: &[Known], thdn: u64, chosen: (usize, u64)) -> (usize, u64) {
    let Some(Known::Open(_, first)) = vals.first().copied() else {
        return chosen;
    };
    let (best, second) = chosen;
    let others = if best == 0 {
        second
    } else {
        pn_dn(vals[best]).1
    };
    if first < thdn && first <= others.saturating_mul(2) {
        (0, others.saturating_mul(2).min(INF))
    } else {
        chosen
    }
}

/// The buffers of one ply ([`Search::take_buffers`]): a node's children, their
/// standings and their marks.
#[derive(Default)]
pub(crate) struct Buffers {
    pub kids: Vec<Info>,
    pub vals: Vec<Known>,
    pub seen: Vec<u32>,
}

/// Buffers for [`Search::ordered`], kept between expansions.
#[derive(Default)]
struct OrderBuf {
    pos: Option<Position>,
    /// The points the move being tried wrote ([`Position::play_recorded`]).
    changed: Vec<u32>,
    scored: Vec<(i64, usize, Info)>,
    out: Vec<Info>,
    /// The keys of the successors by moves on twin points.
    seen: Vec<u64>,
}

/// The board's twin points ([`Board::twin_classes`], the target left out) with keys per
/// class, for the table's key: positions that differ by a permutation of twins are
/// images of each other under an automorphism fixing the target, so they have the same
/// value for every α and may share one table entry. The key is the Zobrist hash with the
/// twins' own keys taken out and, per class, a key per stone added (a sum, so that two
/// stones of a class do not cancel as they would under XOR).
struct Twins {
    points: Vec<(Point, usize)>,
    keys: Vec<[u64; 2]>,
    /// By point index: whether the point is one of `points`.
    is_twin: Vec<bool>,
}

impl Twins {
    fn new(board: &Board, target: Point) -> Twins {
        let mut points = Vec::new();
        let mut keys = Vec::new();
        for class in board.twin_classes() {
            let members: Vec<Point> = class.into_iter().filter(|&x| x != target).collect();
            if members.len() < 2 {
                continue;
            }
            let c = keys.len();
            let seed = 0x7477_696e_u64.wrapping_add(c as u64 * 2);
            keys.push([
                tsume_board::splitmix64(seed),
                tsume_board::splitmix64(seed + 1),
            ]);
            points.extend(members.into_iter().map(|x| (x, c)));
        }
        let mut is_twin = vec![false; board.len()];
        for &(x, _) in &points {
            is_twin[x.index()] = true;
        }
        Twins {
            points,
            keys,
            is_twin,
        }
    }

    /// The table key of `p` (its Zobrist hash when the board has no twins).
    #[inline]
    fn key(&self, p: &Position) -> u64 {
        if self.points.is_empty() {
            return p.hash();
        }
        let (h, sum) = self.parts(p);
        h.wrapping_add(sum)
    }

    /// The two parts of [`Twins::key`]: the Zobrist hash with the twins' stones taken
    /// out, and the sum of the twins' class keys. A move that changes no twin point and
    /// captures nothing changes the first part as it changes the hash, and leaves the
    /// second as it is: the successor keys of quiet moves follow from these.
    #[inline]
    fn parts(&self, p: &Position) -> (u64, u64) {
        let board = p.board();
        let mut h = p.hash();
        let mut sum: u64 = 0;
        for &(x, c) in &self.points {
            if let Some(col) = p.color(x) {
                h ^= board.zobrist_key(x, col);
                sum = sum.wrapping_add(self.keys[c][col.index()]);
            }
        }
        (h, sum)
    }
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
            abort: None,
            progress: None,
            use_benson: true,
            pn_rule: crate::PnRule::Sum,
            phase_limit: None,
            benson_cache: FxHashMap::default(),
            learned_order: true,
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

    /// The static part of a node: D₀ membership and initial numbers from the target's
    /// liberties (df-pn+ style: more liberties, more work to kill), with those
    /// liberties counted up to 4, and from its regions vital to the target
    /// ([`Search::vital_gain`]; for a root, its own: 0).
    fn info_of(&self, mv: Move, pos: &Position) -> (Info, u32) {
        let libs = pos.liberty_count_up_to(self.target, 4) as u32;
        self.info_with(mv, pos, libs, self.vital_gain(pos))
    }

    /// [`Search::info_of`] with the target's liberties (up to 4) and the vital hint
    /// already known.
    fn info_with(&self, mv: Move, pos: &Position, libs: u32, vital: u8) -> (Info, u32) {
        let attacker = self.attacker_moves(pos);
        let mut info = self.info_from(mv, self.twins.key(pos), attacker, libs, vital);
        if info.d0 && pos.ko_ban().is_some() {
            // Under the basic ko rule the last liberty may be the forbidden recapture.
            info.d0 = pos.in_d0(self.target);
        }
        (info, libs)
    }

    /// Whether the target has a region vital to it (Benson's sense: every empty point
    /// of it a liberty of the target's block), 0 or 1: one eye, or the start of one.
    fn vital_count(p: &Position, target: Point) -> u8 {
        tsume_board::benson::vital_regions_up_to_two(p, target).min(1) as u8
    }

    /// [`Search::vital_count`] of `p` beyond the root's: 1 where the target has a vital
    /// region and had none at the root. A region it has from the start (the 3-SAT
    /// instances' Λ has its eye e in every position) would shift every number alike and
    /// only distort the sums (docs/experiments.md). Taken from Benson's test when it has
    /// just run on `p`.
    fn vital_gain(&self, p: &Position) -> u8 {
        let v = if self.last_vital.0 == p.hash() {
            self.last_vital.1
        } else {
            Self::vital_count(p, self.target)
        };
        v.saturating_sub(self.vital_base)
    }

    /// A successor's [`Info`] from its table key, whether the attacker is to move in it,
    /// the target's liberties there (up to 4) and its parent's vital hint.
    ///
    /// The numbers: more liberties, more work to kill; a target that has gained a vital
    /// region since the root (an eye, or the start of one) is one more step from a kill
    /// (pn + 1) and one fewer from life (dn 1, else 2). The hint is the parent's
    /// ([`Search::vital_gain`]), the same for every sibling: it weighs this node's
    /// children against the rest of the tree, not against each other. Measured
    /// (docs/experiments.md): the child's own count cost a flood per child and saved
    /// fewer nodes.
    fn info_from(&self, mv: Move, hash: u64, attacker: bool, libs: u32, vital: u8) -> Info {
        // Crăşmaru §3, D₀: one liberty and the opponent of the group to move.
        let d0 = attacker && libs == 1;
        // libs ≤ 4 (counted up to 4), so the estimates fit a byte.
        let l = libs.min(4) as u8;
        let v = vital.min(1);
        let est = if attacker {
            (l.saturating_sub(1).max(1) + v, 2 - v)
        } else {
            (l.max(1) + v, 2 - v)
        };
        Info {
            mv,
            hash,
            d0,
            est,
            retaken: false,
        }
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

    /// Ψ(p) as children, ordered so that promising moves come first: for the attacker
    /// the moves that leave the target fewest liberties, for the defender those that
    /// leave it most; captures break ties; the pass last.
    pub fn children(&self, p: &Position) -> Vec<Child> {
        let mut pos = p.clone();
        let mut out = Vec::new();
        let bufs = (&mut Vec::new(), &mut Vec::new());
        self.ordered(p, true, &mut pos, bufs, &mut out, |info, pos| Child {
            info,
            pos: pos.map_or_else(|| p.play(info.mv), Clone::clone),
        });
        out
    }

    /// Ψ(p) in the order of [`Search::children`] into `out` (cleared first), each
    /// successor made on the scratch position `pos` (unless `need_pos` is false and its
    /// [`Info`] follows from `p`: a move that neither touches the target's group nor
    /// captures, on a point that is not a twin) and handed to `keep` with its [`Info`].
    /// `scored` and `changed` are buffers; the search passes the same buffers at every
    /// expansion, so that making a node's successor list allocates nothing once they
    /// have grown. Each move is played on `pos`, a copy of `p`: copied afresh per move,
    /// or on large boards ([`Search::record_moves_from`]) copied once and each move
    /// recorded and undone, since on a board of thousands of points (the 3-SAT grids) a
    /// copy of the whole position per move was most of the work.
    fn ordered<T>(
        &self,
        p: &Position,
        need_pos: bool,
        pos: &mut Position,
        (scored, changed): (&mut Vec<(i64, usize, T)>, &mut Vec<u32>),
        out: &mut Vec<T>,
        mut keep: impl FnMut(Info, Option<&Position>) -> T,
    ) {
        let attacker = self.attacker_moves(p);
        let target_group = p.group_id(self.target);
        scored.clear();
        out.clear();
        // The target's liberties here: a move that neither touches the target's group
        // nor captures leaves that group and its liberties as they are.
        // Counted up to 5: an attacker's stone on one of them that captures nothing
        // leaves exactly one fewer (a legal move next to the target is on a liberty).
        let here5 = p.liberty_count_up_to(self.target, 5) as u32;
        let here = here5.min(4);
        let here_v = self.vital_gain(p);
        // The parts of p's table key, from which a quiet move's key follows (Twins::parts);
        // only where the successor's position is not wanted anyway.
        let twin_parts = (!need_pos).then(|| self.twins.parts(p));
        let learned = !attacker && self.learned_order;
        let record = p.board().len() >= self.record_moves_from;
        if record {
            pos.clone_from(p);
        }
        for x in p.legal_moves() {
            // The target is a stone, so its group id is never None.
            let near = p
                .board()
                .neighbors(x)
                .iter()
                .any(|&y| p.group_id(y) == target_group);
            let quiet = match twin_parts {
                Some((rest, sum)) if !near && !self.twins.is_twin[x.index()] => p
                    .quiet_hash(x)
                    .map(|h| (rest ^ h ^ p.hash()).wrapping_add(sum)),
                _ => None,
            };
            let (mut info, libs, captured, made) = if let Some(hash) = quiet {
                let info = self.info_from(Move::Play(x), hash, !attacker, here, here_v);
                (info, here, 0, false)
            } else {
                let played = if record {
                    changed.clear();
                    pos.play_recorded(Move::Play(x), changed)
                } else {
                    pos.clone_from(p);
                    pos.play_in_place(Move::Play(x))
                };
                let captured = match played {
                    tsume_board::Played::Stone { captured } => i64::from(captured),
                    _ => 0,
                };
                let libs = if near && attacker && captured == 0 {
                    (here5 - 1).min(4)
                } else if near || captured > 0 {
                    pos.liberty_count_up_to(self.target, 4) as u32
                } else {
                    here
                };
                let (info, libs) = self.info_with(Move::Play(x), pos, libs, here_v);
                (info, libs, captured, true)
            };
            // The shortcuts against the position made and counted (every test build
            // checks them).
            #[cfg(debug_assertions)]
            {
                let q = p.play(Move::Play(x));
                let q_libs = q.liberty_count_up_to(self.target, 4) as u32;
                let (full, full_libs) = self.info_with(Move::Play(x), &q, q_libs, here_v);
                debug_assert_eq!(
                    (info.hash, info.d0, info.est),
                    (full.hash, full.d0, full.est)
                );
                debug_assert_eq!(libs, full_libs);
            }
            if attacker && captured == 1 && made {
                info.retaken = retaken_at_once(p, pos, x);
            }
            let mut score = if learned {
                defender_score(
                    p,
                    x,
                    made.then_some(&*pos),
                    target_group,
                    near,
                    captured,
                    libs,
                )
            } else {
                let libs = i64::from(libs);
                let by_libs = if attacker { -libs * 16 } else { libs * 16 };
                by_libs + captured * 8 + i64::from(near) * 4
            };
            if info.d0 {
                score += 1 << 20;
            }
            let i = scored.len();
            scored.push((score, i, keep(info, made.then_some(&*pos))));
            if made && record {
                pos.restore_from(p, changed);
            }
        }
        // By score, then as Ψ lists the moves (the index: a stable order without the
        // stable sort's buffer).
        scored.sort_unstable_by_key(|&(s, i, _)| (std::cmp::Reverse(s), i));
        out.extend(scored.drain(..).map(|(_, _, c)| c));
        // A pass leaves every group and its liberties as they are.
        if record {
            // Every move tried was undone: `pos` is `p` again.
            debug_assert!(pos.same_state(p));
        } else {
            pos.clone_from(p);
        }
        pos.play_in_place(Move::Pass);
        let (info, _) = self.info_with(Move::Pass, pos, here, here_v);
        out.push(keep(info, Some(pos)));
    }

    /// The kept successors of `p` into `kids` (cleared first), computed on its first
    /// expansion and copied from the cache afterwards; `kept` is `p`'s entry in the
    /// cache, which [`Search::open_node`] has looked up.
    fn infos(&mut self, p: &Position, kids: &mut Vec<Info>, kept: Option<(u32, u32)>) {
        kids.clear();
        let h = p.hash();
        if let Some((start, len)) = kept {
            let start = start as usize;
            kids.extend_from_slice(&self.expansion_pool[start..start + len as usize]);
            // The cache against a list made afresh (every test build checks it).
            #[cfg(debug_assertions)]
            {
                let mut fresh = Vec::new();
                self.fresh_infos(p, &mut fresh);
                let key = |i: &Info| (i.mv, i.hash, i.d0, i.est, i.retaken);
                debug_assert!(kids.iter().map(key).eq(fresh.iter().map(key)));
            }
            return;
        }
        let skipped = self.fresh_infos(p, kids);
        self.stats.ko_captures_skipped += skipped;
        // Bounded like the table: about as many kept successors as table entries.
        if self.expansion_pool.len() + kids.len() > self.table.capacity {
            self.expansions.clear();
            self.expansion_pool.clear();
        }
        let start = self.expansion_pool.len() as u32;
        self.expansion_pool.extend_from_slice(kids);
        self.expansions.insert(h, (start, kids.len() as u32));
    }

    /// The successors of `p` that the search keeps, made afresh into `kids` (empty);
    /// returns how many ko captures were left out.
    fn fresh_infos(&mut self, p: &Position, kids: &mut Vec<Info>) -> u64 {
        // The attacker never needs to pass: after its pass the defender can pass back,
        // reaching the same position with two plies fewer, which is no better for the
        // attacker (Can_kill is monotone in α). So if the attacker wins at all, it wins
        // with a stone move, and the pass is left out of the search (not of the trees:
        // the checker wants all of Ψ(p), and the tree builder answers the pass by a pass).
        //
        // Moves to positions with one table key (twins: images under an automorphism
        // fixing the target, so of one value) are searched once, the first in order.
        // Only moves on twin points can meet: a move on any other point x puts a stone
        // on x, where every other successor (whose move was not x) keeps x empty.
        let attacker = self.attacker_moves(p);
        //
        // Likewise the attacker never needs a ko capture that the defender can retake at
        // once (`Info::retaken`): the retake returns to `p` with two plies fewer, so a
        // kill through that capture within k plies would give a kill from `p` within
        // k − 2, and the first move of a fastest kill is never such a capture (the
        // pass's argument, with the retake for the defender's pass). Left out unless
        // `ko_captures`; the trees still answer it (by the retake).
        let ko_captures = self.ko_captures;
        let mut skipped = 0;
        // The successors without their positions (what the search keeps), made in the
        // search's buffers.
        let mut buf = std::mem::take(&mut self.order_buf);
        let mut pos = buf.pos.take().unwrap_or_else(|| p.clone());
        self.ordered(
            p,
            false,
            &mut pos,
            (&mut buf.scored, &mut buf.changed),
            &mut buf.out,
            |info, _| info,
        );
        let seen = &mut buf.seen;
        seen.clear();
        let is_twin = &self.twins.is_twin;
        // Under the basic ko rule a pass also lifts a ban (the defender's pass back is
        // not the same position then), so a banned attacker's pass is kept.
        let banned = p.ko_ban().is_some();
        buf.out.retain(|i| {
            if attacker && i.mv == Move::Pass && !banned {
                return false;
            }
            if i.retaken && !ko_captures {
                skipped += 1;
                return false;
            }
            match i.mv {
                Move::Play(x) if is_twin[x.index()] => {
                    let fresh = !seen.contains(&i.hash);
                    seen.push(i.hash);
                    fresh
                }
                _ => true,
            }
        });
        kids.extend_from_slice(&buf.out);
        buf.pos = Some(pos);
        self.order_buf = buf;
        skipped
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
        let (vital, alive) = tsume_board::benson::vital_and_alive(p, self.target);
        self.last_vital = (p.hash(), vital.min(1) as u8);
        if self.benson_cache.len() > self.table.capacity {
            self.benson_cache.clear();
        }
        self.benson_cache.insert(h, alive);
        if alive {
            self.table.disprove(h, INF_HOLD);
        }
        alive
    }

    /// Whether the search's own budget (nodes, time, the stop flag) is spent, as
    /// opposed to a phase's ([`Search::phase_limit`]).
    pub(crate) fn out_of_budget(&self) -> bool {
        matches!(self.abort, Some(Abort::Time | Abort::Stopped)) || self.over_node_limit()
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
        if n & 0x3ff == 0 {
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
            let (pn, dn) = combine(or_node, vals, self.pn_rule == crate::PnRule::Weak);
            if pn == 0 {
                let need = proof_need(or_node, vals);
                self.table.prove(h, need);
                self.table.work.remove(&(h, rem));
                return Known::Proven(need);
            }
            if dn == 0 {
                let hold = disproof_hold(or_node, vals, rem - 1);
                self.table.disprove(h, hold);
                self.table.work.remove(&(h, rem));
                return Known::Disproven(hold);
            }
            if pn >= thpn || dn >= thdn {
                return self.park(h, rem, pn, dn);
            }
            // Select the most proving child and the second best, with the 1+ε trick
            // (Pawlewicz & Lew 2007) for its threshold.
            let (best, second) = select(or_node, vals);
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

/// Whether the stone just played at `x` (making `q` from `p`, capturing one stone) can
/// be captured back at once by a move that returns to `p` exactly: the ko shape (a lone
/// stone whose only liberty is the point it emptied), checked by playing the retake.
fn retaken_at_once(p: &Position, q: &Position, x: Point) -> bool {
    // The retake can only give p back where p had a stone (the one captured).
    retake_point(q, x).is_some_and(|s| p.color(s).is_some() && q.play(Move::Play(s)) == *p)
}

/// Where the stone at `x` of `q` would be captured back, if it stands alone with one
/// liberty (the ko shape; whether the retake returns to the position before is the
/// caller's to check).
pub(crate) fn retake_point(q: &Position, x: Point) -> Option<Point> {
    if q.group_size(x) != 1 || q.liberty_count(x) != 1 {
        return None;
    }
    q.liberties(x).first().copied()
}

/// The thresholds of the child selected at a node with thresholds `th` and numbers `pn_dn`:
/// the 1+ε trick on the side to move's number, the node's own slack on the other.
fn child_thresholds(
    or_node: bool,
    (thpn, thdn): (u64, u64),
    (pn, dn): (u64, u64),
    best: Known,
    second: u64,
) -> (u64, u64) {
    let (bpn, bdn) = pn_dn(best);
    if or_node {
        (
            thpn.min(eps_threshold(second, bpn)),
            thdn.saturating_sub(dn).saturating_add(bdn).min(INF),
        )
    } else {
        (
            thpn.saturating_sub(pn).saturating_add(bpn).min(INF),
            thdn.min(eps_threshold(second, bdn)),
        )
    }
}

/// Threshold for the selected child: just above the second best, grown by ε = 1/4 so
/// that the search does not flip between two siblings of nearly equal promise.
fn eps_threshold(second: u64, best: u64) -> u64 {
    let grown = second.saturating_add(second / 4).saturating_add(1);
    grown.max(best.saturating_add(1)).min(INF)
}

pub(crate) fn pn_dn(k: Known) -> (u64, u64) {
    match k {
        Known::Proven(_) => (0, INF),
        Known::Disproven(_) => (INF, 0),
        Known::Open(pn, dn) => (pn, dn),
    }
}

/// (pn, dn) of a node from its children's: min over the children for the side to move,
/// sum for the other (or, with `weak`, the largest plus one per other open child).
fn combine(or_node: bool, vals: &[Known], weak: bool) -> (u64, u64) {
    let mut min = INF;
    let mut sum: u64 = 0;
    let mut max: u64 = 0;
    let mut open: u64 = 0;
    for &v in vals {
        let (pn, dn) = pn_dn(v);
        let (a, b) = if or_node { (pn, dn) } else { (dn, pn) };
        min = min.min(a);
        sum = sum.saturating_add(b).min(INF);
        if b > 0 {
            max = max.max(b);
            open += 1;
        }
    }
    if weak && sum < INF {
        sum = max.saturating_add(open.saturating_sub(1)).min(INF);
    }
    if or_node {
        (min, sum)
    } else {
        (sum, min)
    }
}

/// The best child (least pn at OR nodes, least dn at AND nodes; first on ties) and the
/// second-best value.
fn select(or_node: bool, vals: &[Known]) -> (usize, u64) {
    let mut best = 0;
    let mut best_v = INF + 1;
    let mut second = INF;
    for (i, &v) in vals.iter().enumerate() {
        let (pn, dn) = pn_dn(v);
        let x = if or_node { pn } else { dn };
        if x < best_v {
            second = best_v.min(INF);
            best_v = x;
            best = i;
        } else if x < second {
            second = x;
        }
    }
    (best, second)
}

/// Plies a proven node needs: 1 + the best proven child (OR) or the slowest child (AND).
fn proof_need(or_node: bool, vals: &[Known]) -> u32 {
    let needs = vals.iter().filter_map(|v| match v {
        Known::Proven(k) => Some(*k),
        _ => None,
    });
    let k = if or_node { needs.min() } else { needs.max() };
    k.unwrap_or(0).saturating_add(1)
}

/// Plies a disproven node holds for: 1 + the weakest child (OR) or the best disproven
/// child (AND); a hold for every α stays so.
fn disproof_hold(or_node: bool, vals: &[Known], child_rem: u32) -> u32 {
    let holds = vals.iter().filter_map(|v| match v {
        Known::Disproven(h) => Some((*h).max(child_rem)),
        _ => None,
    });
    let h = if or_node { holds.min() } else { holds.max() };
    match h {
        Some(INF_HOLD) => INF_HOLD,
        Some(h) => h.saturating_add(1).min(INF_HOLD - 1),
        None => child_rem + 1,
    }
}
