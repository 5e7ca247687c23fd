//! Relevance zones with liberty budgets (docs/design/relevance-zones.md), the search's
//! side: the zone and budgets of each proof the search finds, kept by the position's
//! exact key, and the rule that lets a defender move outside the pass child's zone be
//! answered by the pass child's strategy. The checker (`tsume-proof`) recomputes the same
//! from the tree with code of its own.

use fxhash::FxHashMap;
use tsume_board::{Color, Move, Point, Position};

/// A set of points, one bit each.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Bits(Box<[u64]>);

impl Bits {
    pub fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)].into_boxed_slice())
    }

    #[inline]
    pub fn has(&self, x: Point) -> bool {
        let i = x.index();
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    #[inline]
    pub fn add(&mut self, x: Point) {
        let i = x.index();
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    /// The points of the set, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    Point::from_index(w * 64 + i)
                })
            })
        })
    }

    pub fn union(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }
}

/// The zone and budgets of a proof: for every admissible set M of extra defender stones
/// (outside the zone, next to no defender stone and no empty point of the zone, taking
/// at most `budgets` liberties of each attacker group), the position with M added is a
/// kill within `need` plies by the same strategy.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct ZoneRec {
    pub need: u32,
    pub zone: Bits,
    /// (smallest point of the group, budget), sorted by point; every attacker group of
    /// the position.
    pub budgets: Box<[(u32, i32)]>,
}

impl ZoneRec {
    pub fn budget(&self, key: u32) -> Option<i32> {
        self.budgets
            .binary_search_by_key(&key, |&(k, _)| k)
            .ok()
            .map(|i| self.budgets[i].1)
    }
}

/// One group of the chooser's colour: its smallest point, a stone, its liberties.
pub(crate) struct Group {
    pub key: u32,
    pub stone: Point,
    pub libs: tsume_board::Liberties,
}

/// The groups of `color` in `pos`.
pub(crate) fn groups(pos: &Position, color: Color) -> Vec<Group> {
    let mut out: Vec<(Point, Group)> = Vec::new();
    for x in pos.board().points() {
        if pos.color(x) != Some(color) {
            continue;
        }
        let Some(head) = pos.group_id(x) else {
            continue;
        };
        if out.iter().any(|(h, _)| *h == head) {
            continue;
        }
        let key = pos.group(x).map(|s| s.index() as u32).min().unwrap_or(0);
        out.push((
            head,
            Group {
                key,
                stone: x,
                libs: pos.liberties(x),
            },
        ));
    }
    out.into_iter().map(|(_, g)| g).collect()
}

/// The local budgets of the attacker's groups at `pos`: legality, and two liberties
/// outside the extra stones where the defender is to move.
fn local(pos: &Position, attacker: Color, gs: &[Group]) -> Vec<(u32, i32)> {
    let attacker_moves = pos.to_move() == attacker;
    let mut b: Vec<(u32, i32)> = gs
        .iter()
        .map(|g| {
            let l = g.libs.len() as i32;
            (
                g.key,
                if attacker_moves {
                    l - 1
                } else {
                    (l - 2).max(0)
                },
            )
        })
        .collect();
    b.sort_unstable();
    b
}

fn lower(budgets: &mut [(u32, i32)], key: u32, b: i32) {
    if let Ok(i) = budgets.binary_search_by_key(&key, |&(k, _)| k) {
        budgets[i].1 = budgets[i].1.min(b);
    }
}

/// The budgets of `child` (a position after one move from `pos`) pulled back onto the
/// groups of `pos` (`gs`): a group keeps its child group's budget; groups joined into one
/// share it (the one with most liberties, then the smallest point, takes it, the others
/// 0); a captured group is not pulled.
fn pull(budgets: &mut [(u32, i32)], gs: &[Group], child: &Position, rec: &ZoneRec) {
    // (child group key, liberties here, key here) per group of pos that survives.
    let mut heirs: Vec<(u32, usize, u32)> = Vec::with_capacity(gs.len());
    for g in gs {
        if child.color(g.stone).is_none() {
            continue;
        }
        let ck = child
            .group(g.stone)
            .map(|s| s.index() as u32)
            .min()
            .unwrap_or(0);
        heirs.push((ck, g.libs.len(), g.key));
    }
    for &(ck, _, key) in &heirs {
        let Some(b) = rec.budget(ck) else { continue };
        let first = heirs
            .iter()
            .filter(|h| h.0 == ck)
            .max_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)))
            .map(|h| h.2);
        lower(budgets, key, if first == Some(key) { b } else { 0 });
    }
}

/// Whether no set outside `pass`'s zone can overdraw the group: it has at most its
/// budget's worth of liberties outside the zone.
fn loose(g: &Group, pass: &ZoneRec) -> bool {
    let outside = g.libs.iter().filter(|&&l| !pass.zone.has(l)).count() as i32;
    pass.budget(g.key).is_none_or(|b| outside <= b)
}

/// The rec of a leaf (the target in D₀ at `pos`, the attacker to move).
pub(crate) fn leaf(pos: &Position, attacker: Color) -> ZoneRec {
    let gs = groups(pos, attacker);
    ZoneRec {
        need: 0,
        zone: Bits::new(pos.board().len()),
        budgets: local(pos, attacker, &gs).into_boxed_slice(),
    }
}

/// The rec of an attacker's node `pos` proven by the move `mv` to `child` (with `rec`).
pub(crate) fn attacker_node(
    pos: &Position,
    attacker: Color,
    mv: Move,
    child: &Position,
    rec: &ZoneRec,
) -> ZoneRec {
    let gs = groups(pos, attacker);
    let mut budgets = local(pos, attacker, &gs);
    pull(&mut budgets, &gs, child, rec);
    let mut zone = rec.zone.clone();
    if let Move::Play(x) = mv {
        zone.add(x);
    }
    ZoneRec {
        need: rec.need.saturating_add(1),
        zone,
        budgets: budgets.into_boxed_slice(),
    }
}

/// Whether the defender's move `m` at `pos` (the defender to move) is answered by the
/// strategy of the pass child, whose proof has `pass` (rules 1 to 4 of the design note):
/// an empty point outside the zone, next to no defender stone and to no empty point of
/// the zone, capturing nothing, and within the budget of every attacker group it
/// touches.
pub(crate) fn covers(pos: &Position, attacker: Color, m: Move, pass: &ZoneRec) -> bool {
    let Move::Play(x) = m else { return false };
    if !pos.is_empty_at(x) || pass.zone.has(x) {
        return false;
    }
    let mut touched: [Option<Point>; 4] = [None; 4];
    let mut k = 0;
    for &y in pos.board().neighbors(x) {
        match pos.color(y) {
            None if pass.zone.has(y) => return false,
            None => {}
            Some(c) if c == attacker => {
                if pos.liberty_count_up_to(y, 2) < 2 {
                    return false; // a capture
                }
                let h = pos.group_id(y);
                if !touched.contains(&h) {
                    if let Some(t) = touched.get_mut(k) {
                        *t = h;
                        k += 1;
                    } else {
                        // (More than four neighbouring groups: a graph board.)
                        return touches_fit(pos, attacker, x, pass);
                    }
                }
            }
            Some(_) => return false,
        }
    }
    if k == 0 {
        return true;
    }
    touches_fit(pos, attacker, x, pass)
}

/// Whether every attacker group next to `x` is loose in `pass` or has a budget of one.
fn touches_fit(pos: &Position, attacker: Color, x: Point, pass: &ZoneRec) -> bool {
    let mut seen: Vec<Point> = Vec::new();
    for &y in pos.board().neighbors(x) {
        if pos.color(y) != Some(attacker) {
            continue;
        }
        let Some(h) = pos.group_id(y) else { continue };
        if seen.contains(&h) {
            continue;
        }
        seen.push(h);
        let g = Group {
            key: pos.group(y).map(|s| s.index() as u32).min().unwrap_or(0),
            stone: y,
            libs: pos.liberties(y),
        };
        if !loose(&g, pass) && pass.budget(g.key).is_some_and(|b| b < 1) {
            return false;
        }
    }
    true
}

/// The rec of the position after a covered move `m` at `pos`: the pass child's zone, its
/// budgets less one for each group `m` touches that is not loose (the pass child's proof
/// with `m` among the extra stones).
pub(crate) fn covered_child(pos: &Position, attacker: Color, m: Move, pass: &ZoneRec) -> ZoneRec {
    let mut budgets = pass.budgets.to_vec();
    if let Move::Play(x) = m {
        for g in groups(pos, attacker) {
            let touches =
                pos.board().neighbors(x).iter().any(|&y| {
                    pos.group_id(y).is_some() && pos.group_id(y) == pos.group_id(g.stone)
                });
            if touches && !loose(&g, pass) {
                lower(
                    &mut budgets,
                    g.key,
                    pass.budget(g.key).unwrap_or(i32::MAX) - 1,
                );
            }
        }
    }
    ZoneRec {
        need: pass.need,
        zone: pass.zone.clone(),
        budgets: budgets.into_boxed_slice(),
    }
}

/// The rec of a defender's node `pos` proven with the pass child's `pass`, the moves in
/// `covered` answered by it, and the other children `explicit` (move, position, rec).
pub(crate) fn defender_node(
    pos: &Position,
    attacker: Color,
    pass: &ZoneRec,
    covered: &[Move],
    explicit: &[(Move, &Position, &ZoneRec)],
) -> ZoneRec {
    let board = pos.board();
    let gs = groups(pos, attacker);
    let mut budgets = local(pos, attacker, &gs);
    let mut zone = pass.zone.clone();
    let mut need = pass.need;
    // The pass child: the same stones.
    for &(k, b) in pass.budgets.iter() {
        lower(&mut budgets, k, b);
    }
    for g in &gs {
        let touched = covered.iter().any(|m| match m {
            Move::Play(x) => board
                .neighbors(*x)
                .iter()
                .any(|&y| pos.group_id(y).is_some() && pos.group_id(y) == pos.group_id(g.stone)),
            Move::Pass => false,
        });
        if touched && !loose(g, pass) {
            lower(
                &mut budgets,
                g.key,
                pass.budget(g.key).unwrap_or(i32::MAX) - 1,
            );
        }
    }
    for &(m, child, rec) in explicit {
        if let Move::Play(x) = m {
            zone.add(x);
        }
        zone.union(&rec.zone);
        need = need.max(rec.need);
        pull(&mut budgets, &gs, child, rec);
    }
    ZoneRec {
        need: need.saturating_add(1),
        zone,
        budgets: budgets.into_boxed_slice(),
    }
}

/// The recs of proven positions, by exact key (not the table's key: a zone names points
/// of one position, not of its images under the board's twins).
#[derive(Default)]
pub(crate) struct Zones {
    map: FxHashMap<u64, ZoneRec>,
    pub capacity: usize,
}

impl Zones {
    pub fn new(capacity: usize) -> Zones {
        Zones {
            map: FxHashMap::default(),
            capacity: capacity.max(1024),
        }
    }

    pub fn get(&self, hash: u64) -> Option<&ZoneRec> {
        self.map.get(&hash)
    }

    /// Keeps `rec` for the position with key `hash` unless one with fewer plies is kept.
    pub fn put(&mut self, hash: u64, rec: ZoneRec) {
        if self.map.len() >= self.capacity {
            self.map.clear();
        }
        match self.map.get(&hash) {
            Some(old) if old.need <= rec.need => {}
            _ => {
                self.map.insert(hash, rec);
            }
        }
    }
}
