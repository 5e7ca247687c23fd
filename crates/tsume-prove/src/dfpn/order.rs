//! The order of a node's successors (Ψ(p), Crăşmaru §3): for the attacker the moves that
//! leave the target fewest liberties, for the defender a learned score
//! ([`DEFENDER_WEIGHTS`]) or the liberties; each successor with the initial numbers
//! (df-pn+ style) that the search starts it from.

use tsume_board::{Liberties, Move, Point, Position};

use super::{pn_dn, Children, Info, Known, Search, INF};

/// The weights of [`defender_score`]'s features (a linear score, in logits).
///
/// Provenance: a conditional logit (softmax over a node's moves, plain gradient descent,
/// `scripts/fit_defender_order.py`) fitted on the move that finally refuted the attacker
/// at each defender's node of oracle runs over the bundled problems (each side to move)
/// and d180cf's rows: trained on half of those runs' files, tested on the other half, the
/// features restricted to those cheap to compute. The data, the held-out accuracy against
/// the liberty order and the variants not kept: the lab notebook (docs/experiments/), "A learned order of
/// the defender's moves".
pub(crate) const DEFENDER_WEIGHTS: DefenderWeights = DefenderWeights {
    libs: 0.39,
    target_in_atari: -0.71,
    captured: -0.43,
    empty_neighbours: 1.57,
    touches_weak_attacker: 1.35,
    joins_other: 0.15,
    own_in_atari: -1.08,
    own_libs: 1.03,
};

/// One weight per feature of a defender's move x ([`DEFENDER_WEIGHTS`]).
pub(crate) struct DefenderWeights {
    /// The target's liberties after the move, up to 4, over 4.
    pub libs: f64,
    /// Whether the target has at most 1 liberty after the move.
    pub target_in_atari: f64,
    /// Stones captured, up to 4, over 4.
    pub captured: f64,
    /// x's empty neighbours, over 4.
    pub empty_neighbours: f64,
    /// Whether x touches an attacker group of at most 2 liberties (and at most 6 stones).
    pub touches_weak_attacker: f64,
    /// Whether x touches a defender group other than the target's.
    pub joins_other: f64,
    /// Whether the new stone's group has 1 liberty.
    pub own_in_atari: f64,
    /// The new stone's group's liberties, up to 4, over 4.
    pub own_libs: f64,
}

/// A defender's move x scored by a linear model of whether it is the move that refutes
/// the attacker there ([`DEFENDER_WEIGHTS`]), in thousandths of a logit. `libs` is the
/// target's liberties after the move (up to 4); `q` is the position after the move where
/// it was made (a move next to the target or capturing always is).
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
    let w = &DEFENDER_WEIGHTS;
    let v = w.libs * f64::from(libs.min(4)) / 4.0
        + w.target_in_atari * f(libs <= 1)
        + w.captured * (captured.min(4) as f64) / 4.0
        + w.empty_neighbours * f64::from(empty_n) / 4.0
        + w.touches_weak_attacker * f(touches_weak_attacker)
        + w.joins_other * f(joins_other)
        + w.own_in_atari * f(own == 1)
        + w.own_libs * f64::from(own.min(4)) / 4.0;
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

/// Buffers for [`Search::ordered`], kept between expansions.
#[derive(Default)]
pub(super) struct OrderBuf {
    pos: Option<Position>,
    /// The points the move being tried wrote ([`Position::play_recorded`]).
    changed: Vec<u32>,
    scored: Vec<(i64, usize, Info)>,
    out: Vec<Info>,
    /// The keys of the successors by moves on twin points.
    seen: Vec<u64>,
}

impl Search<'_> {
    /// The static part of a node: D₀ membership and initial numbers from the target's
    /// liberties (df-pn+ style: more liberties, more work to kill), with those
    /// liberties counted up to 4, and from its regions vital to the target
    /// ([`Search::vital_gain`]; for a root, its own: 0).
    pub(super) fn info_of(&self, mv: Move, pos: &Position) -> (Info, u32) {
        let libs = pos.liberty_count_up_to(self.target, 4) as u32;
        self.info_with(mv, pos, libs, self.hint_of(pos))
    }

    /// The hint of `pos` that its numbers start from: its eye potential when on
    /// ([`Search::eye_potential`]), else its vital gain ([`Search::vital_gain`]).
    pub(super) fn hint_of(&self, pos: &Position) -> Hint {
        if self.eye_potential {
            Hint::Eyes(self.eyes_of(pos, None))
        } else {
            Hint::Vital(self.vital_gain(pos))
        }
    }

    /// [`Search::info_of`] with the target's liberties (up to 4) and the vital hint
    /// already known.
    pub(super) fn info_with(&self, mv: Move, pos: &Position, libs: u32, hint: Hint) -> (Info, u32) {
        let attacker = self.attacker_moves(pos);
        let mut info = self.info_from(mv, self.twins.key(pos), attacker, libs, hint);
        if info.d0 && pos.ko_ban().is_some() {
            // Under the basic ko rule the last liberty may be the forbidden recapture.
            info.d0 = pos.in_d0(self.target);
        }
        (info, libs)
    }

    /// The target's eye potential in `pos` ([`tsume_board::eyes`]; 0 once it is captured
    /// and its point empty or the attacker's), with the points of the eye spaces counted
    /// into `spaces` if given (cleared first).
    pub(super) fn eyes_of(&self, pos: &Position, spaces: Option<&mut Vec<Point>>) -> u8 {
        if pos.color(self.target) != Some(self.defender) {
            if let Some(v) = spaces {
                v.clear();
            }
            return 0;
        }
        match spaces {
            Some(v) => tsume_board::eyes::eye_spaces(pos, self.target, v),
            None => tsume_board::eyes::eye_potential(pos, self.target),
        }
    }

    /// Whether the target has a region vital to it (Benson's sense: every empty point
    /// of it a liberty of the target's block), 0 or 1: one eye, or the start of one.
    pub(super) fn vital_count(p: &Position, target: Point) -> u8 {
        tsume_board::benson::vital_regions_up_to_two(p, target).min(1) as u8
    }

    /// [`Search::vital_count`] of `p` beyond the root's: 1 where the target has a vital
    /// region and had none at the root. A region it has from the start (the 3-SAT
    /// instances' Λ has its eye e in every position) would shift every number alike and
    /// only distort the sums (the lab notebook (docs/experiments/)). Taken from Benson's test when it has
    /// just run on `p`.
    pub(super) fn vital_gain(&self, p: &Position) -> u8 {
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
    /// (the lab notebook (docs/experiments/)): the child's own count cost a flood per child and saved
    /// fewer nodes.
    pub(super) fn info_from(
        &self,
        mv: Move,
        hash: u64,
        attacker: bool,
        libs: u32,
        hint: Hint,
    ) -> Info {
        // Crăşmaru §3, D₀: one liberty and the opponent of the group to move.
        let d0 = attacker && libs == 1;
        // libs ≤ 4 (counted up to 4), so the estimates fit a byte.
        let l = libs.min(4) as u8;
        let est = match hint {
            Hint::Vital(vital) => {
                let v = vital.min(1);
                if attacker {
                    (l.saturating_sub(1).max(1) + v, 2 - v)
                } else {
                    (l.max(1) + v, 2 - v)
                }
            }
            Hint::Eyes(half_eyes) => eye_estimate(attacker, libs, half_eyes),
        };
        Info {
            mv,
            hash,
            d0,
            est,
            retaken: false,
        }
    }

    /// Ψ(p) as children, ordered so that promising moves come first: for the attacker
    /// the moves that leave the target fewest liberties, for the defender those that
    /// leave it most; captures break ties; the pass last.
    ///
    /// The positions are made one at a time, when asked ([`Children::get`]): a list of
    /// them all would hold |Ψ(p)| × |board| cells, quadratic in the board.
    pub fn children(&self, p: &Position) -> Children {
        let mut pos = p.clone();
        let mut infos = Vec::new();
        let bufs = (&mut Vec::new(), &mut Vec::new());
        self.ordered(p, false, &mut pos, bufs, &mut infos, |info, _| info);
        Children {
            parent: p.clone(),
            infos,
        }
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
    pub(super) fn ordered<T>(
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
        // The hint the successors' numbers start from. With eye potential, p's own and
        // the points of the eye spaces it counted: where the target stands, an attacker's
        // move that captures nothing outside them leaves the potential as it is
        // (`eyes::eye_spaces`), and so does a defender's one not next to the target's
        // block and out of its reach (`eyes::eye_reach`), so only the others' positions
        // are read again.
        let mut spaces = Vec::new();
        let mut reach = Vec::new();
        let here_v = if self.eye_potential {
            Hint::Eyes(self.eyes_of(p, Some(&mut spaces)))
        } else {
            Hint::Vital(self.vital_gain(p))
        };
        let target_here = p.color(self.target) == Some(self.defender);
        if self.eye_potential && target_here && !attacker {
            tsume_board::eyes::eye_reach(p, self.target, &mut reach);
        }
        let keeps_eyes = |x: Point, near: bool| {
            !self.eye_potential
                || (target_here
                    && !spaces.contains(&x)
                    && (attacker
                        || (!near && !p.board().neighbors(x).iter().any(|t| reach[t.index()]))))
        };
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
                Some((rest, sum))
                    if !near && !self.twins.is_twin[x.index()] && keeps_eyes(x, near) =>
                {
                    p.quiet_hash(x)
                        .map(|h| (rest ^ h ^ p.hash()).wrapping_add(sum))
                }
                _ => None,
            };
            let (mut info, libs, captured, made, hint) = if let Some(hash) = quiet {
                let info = self.info_from(Move::Play(x), hash, !attacker, here, here_v);
                (info, here, 0, false, here_v)
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
                // (The vital hint is the parent's for every sibling.)
                let hint = if !self.eye_potential || (captured == 0 && keeps_eyes(x, near)) {
                    here_v
                } else {
                    self.hint_of(pos)
                };
                let (info, libs) = self.info_with(Move::Play(x), pos, libs, hint);
                (info, libs, captured, true, hint)
            };
            // The shortcuts against the position made and counted (every test build
            // checks them).
            #[cfg(debug_assertions)]
            {
                let q = p.play(Move::Play(x));
                let q_libs = q.liberty_count_up_to(self.target, 4) as u32;
                let full_hint = match here_v {
                    Hint::Vital(_) => here_v,
                    Hint::Eyes(_) => self.hint_of(&q),
                };
                let (full, full_libs) = self.info_with(Move::Play(x), &q, q_libs, full_hint);
                debug_assert_eq!(
                    (info.hash, info.d0, info.est),
                    (full.hash, full.d0, full.est),
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
            // With eye potential, the defender's moves by it too: the learned score plus
            // a quarter logit per half-eye of the position the move makes.
            if let (true, Hint::Eyes(h)) = (learned, hint) {
                score += i64::from(h) * EYE_ORDER_WEIGHT;
            }
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
    pub(super) fn infos(&mut self, p: &Position, kids: &mut Vec<Info>, kept: Option<(u32, u32)>) {
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
    pub(super) fn fresh_infos(&mut self, p: &Position, kids: &mut Vec<Info>) -> u64 {
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
        // Kept too when the attacker's pass is searched first (`life_pass_first`).
        let banned = p.ko_ban().is_some() || self.life_pass_first;
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
}

/// What a fresh node's numbers start from besides the target's liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hint {
    /// The vital gain, 0 or 1 ([`Search::vital_gain`]): the parent's, for every sibling.
    Vital(u8),
    /// The node's own eye potential in half-eyes, 0 to 4 ([`tsume_board::eyes`]).
    Eyes(u8),
}

/// Initial (pn, dn) of a fresh node from the target's liberties (up to 4) and its eye
/// potential in half-eyes (0 to 4, [`tsume_board::eyes`]), after Kishimoto and Müller
/// (AAAI 2005: a leaf's numbers from the defender's distance to two eyes and the
/// attacker's to breaking the eye space): pn, the attacker's work, is the liberty
/// estimate of the default numbers plus one per eye (two half-eyes) the attacker must
/// break; dn, the defender's work, is 1 plus one per eye still missing. A target with
/// two eyes' potential starts at dn 1, one without any at dn 3.
pub(crate) fn eye_estimate(attacker: bool, libs: u32, half_eyes: u8) -> (u8, u8) {
    let l = libs.min(4) as u8;
    let h = half_eyes.min(tsume_board::eyes::HALF_EYES_MAX);
    let base = if attacker {
        l.saturating_sub(1).max(1)
    } else {
        l.max(1)
    };
    (base + h / 2, 1 + (tsume_board::eyes::HALF_EYES_MAX - h) / 2)
}

/// What a half-eye of the position a defender's move makes adds to its learned score
/// ([`defender_score`], in thousandths of a logit), with eye potential on: a quarter
/// logit. Chosen among 250, 500 and 1000 on the bundled problems and Cho every 20th
/// (the lab notebook (docs/experiments/), "Eye potential in the initial numbers").
const EYE_ORDER_WEIGHT: i64 = 250;

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

#[cfg(test)]
mod tests {
    use super::*;
    use Known::{Open, Proven};

    #[test]
    fn keep_first_while_within_twice_the_best_sibling() {
        // select (by dn) chose child 1 (dn 3), second 6: the first child (dn 6) is at
        // most twice 3, so it keeps the search, bounded by twice its siblings' best.
        let vals = [Open(1, 6), Open(1, 3), Open(1, 10)];
        assert_eq!(keep_first(&vals, 100, (1, 6)), (0, 6));
        // dn 7 > 2 × 3: select's choice stands.
        let vals = [Open(1, 7), Open(1, 3), Open(1, 10)];
        assert_eq!(keep_first(&vals, 100, (1, 7)), (1, 7));
        // The first is the best already: its bound is twice the second best.
        let vals = [Open(1, 2), Open(1, 5)];
        assert_eq!(keep_first(&vals, 100, (0, 5)), (0, 10));
        // Not below the node's threshold: select's choice stands.
        assert_eq!(keep_first(&vals, 2, (0, 5)), (0, 5));
    }

    #[test]
    fn keep_first_edges() {
        // A solved first child is never kept.
        let vals = [Proven(0), Open(1, 3)];
        assert_eq!(keep_first(&vals, 100, (1, 3)), (1, 3));
        assert_eq!(keep_first(&[], 100, (0, INF)), (0, INF));
        // A lone child: its siblings' best is ∞, and twice ∞ stays ∞.
        assert_eq!(keep_first(&[Open(1, 4)], 100, (0, INF)), (0, INF));
    }
}
