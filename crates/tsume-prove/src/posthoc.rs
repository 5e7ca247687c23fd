//! Post-hoc relevance zones (docs/design/post-hoc-zones.md), the search's side: the
//! zone of a proven node built from its children's zones and dilated until the local
//! conditions (B), (R), (A), (S) hold, and the witness rule that lets one proven child
//! of a defender's node answer every sibling outside its zone. The checker
//! (`tsume-proof`) tests the same conditions with code of its own.

use smallvec::SmallVec;
use tsume_board::{Move, Point, Position};

use crate::zone::Bits;

/// Whether zones can serve positions of this rule: no ko rule or the basic rule, and no
/// external ko threats (the lemma's hypotheses).
pub(crate) fn applies(p: &Position) -> bool {
    matches!(
        p.ko(),
        tsume_board::KoRule::None | tsume_board::KoRule::Basic
    ) && p.ko_threats(tsume_board::Color::Black) == 0
        && p.ko_threats(tsume_board::Color::White) == 0
}

/// Whether the move hands the turn over at `p` (φ gives the pass's position).
pub(crate) fn hands_over(p: &Position, m: Move) -> bool {
    match m {
        Move::Pass => true,
        Move::Play(x) => !p.is_legal(x),
    }
}

/// The witness rule for one move at `p` against a child's zone `z`: it hands the turn
/// over, or lies outside `z` and captures no stone of it.
pub(crate) fn null_for(p: &Position, m: Move, z: &Bits) -> bool {
    match m {
        Move::Pass => true,
        Move::Play(x) => {
            hands_over(p, m) || (!z.has(x) && !p.captures_of(x).iter().any(|&s| z.has(s)))
        }
    }
}

/// Adds every point of `pts`; whether any was new.
fn add_all(z: &mut Bits, pts: impl IntoIterator<Item = Point>) -> bool {
    let mut changed = false;
    for q in pts {
        if !z.has(q) {
            z.add(q);
            changed = true;
        }
    }
    changed
}

/// N(B) of the block of `s`: its neighbours not in it.
fn around(p: &Position, s: Point) -> Vec<Point> {
    let head = p.group_id(s);
    let mut out = Vec::new();
    for t in p.group(s) {
        for &u in p.board().neighbors(t) {
            if p.group_id(u) != head && !out.contains(&u) {
                out.push(u);
            }
        }
    }
    out
}

/// The distinct blocks (one stone each) of `color` next to `y`.
fn blocks_next_to(p: &Position, color: tsume_board::Color, y: Point) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for &t in p.board().neighbors(y) {
        if p.color(t) == Some(color) && !out.iter().any(|&s| p.group_id(s) == p.group_id(t)) {
            out.push(t);
        }
    }
    out
}

/// Whether the block of `s` has a liberty in `z` other than `but` (a walk of its stones'
/// neighbours, no liberty list made).
fn zone_liberty(p: &Position, z: &Bits, s: Point, but: Option<Point>) -> bool {
    p.group(s).any(|t| {
        p.board()
            .neighbors(t)
            .iter()
            .any(|&l| z.has(l) && Some(l) != but && p.is_empty_at(l))
    })
}

/// (B) made true: every block with a stone in `z` whole in it, with a liberty in it (the
/// smallest, if it had none). Whether `z` grew. (The search's hot spot with zones: no heap
/// allocation for up to 64 stones and 16 blocks; [`close_blocks_reference`] is the plain
/// form it is tested against.)
fn close_blocks(p: &Position, z: &mut Bits) -> bool {
    let mut changed = false;
    let stones: SmallVec<[Point; 64]> = z.iter().filter(|&s| p.color(s).is_some()).collect();
    let mut seen: SmallVec<[Point; 16]> = SmallVec::new();
    for s in stones {
        let Some(head) = p.group_id(s) else { continue };
        if seen.contains(&head) {
            continue;
        }
        seen.push(head);
        // The block whole, and whether one of its stones has an empty neighbour in z.
        let mut free = false;
        for t in p.group(s) {
            if !z.has(t) {
                z.add(t);
                changed = true;
            }
            free = free
                || p.board()
                    .neighbors(t)
                    .iter()
                    .any(|&l| z.has(l) && p.is_empty_at(l));
        }
        if !free {
            if let Some(&l) = p.liberties(s).iter().min() {
                z.add(l);
                changed = true;
            }
        }
    }
    changed
}

/// [`close_blocks`] as first written (the obviously-correct form): (B) made true: every block with a stone in `z` whole in it, with a liberty in it (the
/// smallest, if it had none). Whether `z` grew.
#[cfg(test)]
fn close_blocks_reference(p: &Position, z: &mut Bits) -> bool {
    let mut changed = false;
    let stones: Vec<Point> = z.iter().filter(|&s| p.color(s).is_some()).collect();
    let mut seen: Vec<Option<Point>> = Vec::new();
    for s in stones {
        let head = p.group_id(s);
        if seen.contains(&head) {
            continue;
        }
        seen.push(head);
        // The block whole, and whether one of its stones has an empty neighbour in z.
        let mut free = false;
        for t in p.group(s) {
            if !z.has(t) {
                z.add(t);
                changed = true;
            }
            free = free
                || p.board()
                    .neighbors(t)
                    .iter()
                    .any(|&l| z.has(l) && p.is_empty_at(l));
        }
        if !free {
            if let Some(&l) = p.liberties(s).iter().min() {
                z.add(l);
                changed = true;
            }
        }
    }
    changed
}

/// (R) made true for the stone move `y` of the player to move. Whether `z` grew.
fn dilate_replay(p: &Position, z: &mut Bits, y: Point) -> bool {
    let mut changed = false;
    let mut captured = 0;
    for s in blocks_next_to(p, p.to_move().opponent(), y) {
        if zone_liberty(p, z, s, Some(y)) {
            continue;
        }
        let libs = p.liberties(s);
        if libs.len() == 1 {
            captured += p.group_size(s);
            changed |= add_all(z, p.group(s));
            changed |= add_all(z, around(p, s));
        } else if let Some(&l) = libs.iter().filter(|&&l| l != y).min() {
            z.add(l);
            changed = true;
        }
    }
    if captured == 1 {
        changed |= add_all(z, p.board().neighbors(y).iter().copied());
    }
    changed
}

/// (S) made true for a suicide at `y`. Whether `z` grew.
fn dilate_suicide(p: &Position, z: &mut Bits, y: Point) -> bool {
    let mut changed = add_all(z, p.board().neighbors(y).iter().copied());
    for s in blocks_next_to(p, p.to_move(), y) {
        changed |= add_all(z, around(p, s));
    }
    for s in blocks_next_to(p, p.to_move().opponent(), y) {
        if !zone_liberty(p, z, s, Some(y)) {
            if let Some(&l) = p.liberties(s).iter().filter(|&&l| l != y).min() {
                z.add(l);
                changed = true;
            }
        }
    }
    changed
}

/// (A) made true for W's stone at `m`: its block after the move with a liberty in `z`
/// next to one of its stones in `z`. Whether `z` grew.
fn dilate_own_liberty(p: &Position, z: &mut Bits, m: Point) -> bool {
    let after = p.play(Move::Play(m));
    let stones: Vec<Point> = after.group(m).collect();
    let kept = stones.iter().filter(|&&s| z.has(s)).any(|&s| {
        p.board()
            .neighbors(s)
            .iter()
            .any(|&l| z.has(l) && after.is_empty_at(l))
    });
    if kept {
        return false;
    }
    // The first liberty of the block, with the stone next to it.
    for &s in &stones {
        if let Some(&l) = p
            .board()
            .neighbors(s)
            .iter()
            .find(|&&l| after.is_empty_at(l))
        {
            z.add(l);
            z.add(s);
            return true;
        }
    }
    false
}

/// (T) made true at an attacker's node of a life tree: the target's block in `z` with
/// two liberties in it (the smallest ones added), or, with one liberty only, with all its
/// neighbours. Whether `z` grew.
fn dilate_not_in_d0(p: &Position, z: &mut Bits, target: Point) -> bool {
    let mut changed = add_all(z, p.group(target));
    let libs = p.liberties(target);
    if libs.len() < 2 {
        changed |= add_all(z, libs);
        changed |= add_all(z, around(p, target));
        return changed;
    }
    let mut have = libs.iter().filter(|&&l| z.has(l)).count();
    for &l in &libs {
        if have >= 2 {
            break;
        }
        if !z.has(l) {
            z.add(l);
            have += 1;
            changed = true;
        }
    }
    changed
}

/// The zone of a Benson leaf (docs/design/post-hoc-zones.md, (U)): the target's block,
/// then for each block taken two regions vital to it that Benson's fixed point keeps
/// (Benson 1976: regions every empty point of which is a liberty of the block), the
/// smallest first, with every block next to them. Each block taken has two regions of
/// the zone vital to it and each region lies wholly in the zone next to blocks of it
/// only, so Benson's test reads the same in every position agreeing on the zone.
/// `None` when the target is not unconditionally alive.
pub(crate) fn benson_leaf(p: &Position, target: Point) -> Option<Bits> {
    let color = p.color(target)?;
    let alive = tsume_board::benson::unconditionally_alive(p, color);
    if !alive.get(target.index()).copied().unwrap_or(false) {
        return None;
    }
    let board = p.board();
    let n = board.len();
    // The regions: points without a `color` stone, flooded; each with its points and the
    // blocks (group ids) next to it.
    let mut region = vec![usize::MAX; n];
    let mut regions: Vec<(Vec<Point>, Vec<Point>)> = Vec::new();
    for start in board.points() {
        if region[start.index()] != usize::MAX || p.color(start) == Some(color) {
            continue;
        }
        let id = regions.len();
        region[start.index()] = id;
        let mut pts = vec![start];
        let mut next: Vec<Point> = Vec::new();
        let mut i = 0;
        while i < pts.len() {
            let q = pts[i];
            i += 1;
            for &t in board.neighbors(q) {
                if p.color(t) == Some(color) {
                    let h = p.group_id(t).unwrap_or(t);
                    if !next.contains(&h) {
                        next.push(h);
                    }
                } else if region[t.index()] == usize::MAX {
                    region[t.index()] = id;
                    pts.push(t);
                }
            }
        }
        regions.push((pts, next));
    }
    // A region Benson's fixed point keeps: every block next to it alive.
    let kept = |r: usize| regions[r].1.iter().all(|&h| alive[h.index()]);
    let vital = |r: usize, b: Point| {
        regions[r]
            .0
            .iter()
            .filter(|&&q| p.is_empty_at(q))
            .all(|&q| {
                board
                    .neighbors(q)
                    .iter()
                    .any(|&t| p.color(t) == Some(color) && p.group_id(t) == Some(b))
            })
    };
    let mut z = Bits::new(n);
    let mut blocks: Vec<Point> = vec![p.group_id(target).unwrap_or(target)];
    let mut next = 0;
    while next < blocks.len() {
        let b = blocks[next];
        next += 1;
        add_all(&mut z, p.group(b));
        let mut mine: Vec<usize> = Vec::new();
        for s in p.group(b) {
            for &t in board.neighbors(s) {
                let r = region[t.index()];
                if r != usize::MAX && !mine.contains(&r) && kept(r) && vital(r, b) {
                    mine.push(r);
                }
            }
        }
        mine.sort_by_key(|&r| regions[r].0.len());
        for &r in mine.iter().take(2) {
            add_all(&mut z, regions[r].0.iter().copied());
            for &h in &regions[r].1 {
                if !blocks.contains(&h) {
                    blocks.push(h);
                }
            }
        }
    }
    while close_blocks(p, &mut z) {}
    Some(z)
}

/// The zone of a depth-limit leaf of a life tree (r = 0, docs/design/post-hoc-zones.md,
/// "Life proofs": it needs (T) alone): with the attacker to move, the target's block
/// with two liberties (or its neighbours, with one); with the defender to move (never
/// in D₀) the target's block. Closed by (B).
pub(crate) fn limit_leaf(p: &Position, target: Point, attacker_moves: bool) -> Bits {
    let mut z = Bits::new(p.board().len());
    if p.color(target).is_none() {
        return z;
    }
    loop {
        let mut changed = close_blocks(p, &mut z);
        if attacker_moves {
            changed |= dilate_not_in_d0(p, &mut z, target);
        } else {
            changed |= add_all(&mut z, p.group(target));
        }
        if !changed {
            return z;
        }
    }
}

/// The zone of a capture leaf: the target's block and its neighbours, closed by (B).
pub(crate) fn leaf(p: &Position, target: Point) -> Bits {
    let mut z = Bits::new(p.board().len());
    add_all(&mut z, p.group(target));
    add_all(&mut z, around(p, target));
    // One pass reaches (B)'s fixed point (it adds only stones of blocks it has made
    // whole and empty points: tested in `close_blocks_agrees_with_its_reference`).
    close_blocks(p, &mut z);
    z
}

/// The zone of W's node `p` proven by the move `m` to a child with zone `child`.
pub(crate) fn chooser(p: &Position, m: Move, child: &Bits) -> Bits {
    let mut z = child.clone();
    let Move::Play(x) = m else {
        while close_blocks(p, &mut z) {}
        return z;
    };
    z.add(x);
    loop {
        let mut changed = close_blocks(p, &mut z);
        changed |= dilate_replay(p, &mut z, x);
        changed |= dilate_own_liberty(p, &mut z, x);
        if !changed {
            return z;
        }
    }
}

/// The zone of L's node `p`, given the zone of the child each move reaches
/// (`reached`: a pruned move's witness's; None: unknown, and then so is this zone). In a
/// life tree (L the attacker) `life` names the target, whose block (T) keeps out of D₀.
pub(crate) fn answerer(
    p: &Position,
    life: Option<Point>,
    reached: &mut dyn FnMut(Move) -> Option<Bits>,
) -> Option<Bits> {
    let mut z = reached(Move::Pass)?;
    let mut done = Bits::new(p.board().len());
    loop {
        let mut changed = close_blocks(p, &mut z);
        if let Some(t) = life {
            changed |= dilate_not_in_d0(p, &mut z, t);
        }
        let points: Vec<Point> = z
            .iter()
            .filter(|&y| p.is_empty_at(y) && p.ko_ban() != Some(y))
            .collect();
        for y in points {
            if p.is_suicide(y) {
                changed |= dilate_suicide(p, &mut z, y);
                continue;
            }
            changed |= dilate_replay(p, &mut z, y);
            if !done.has(y) {
                done.add(y);
                let zy = reached(Move::Play(y))?;
                let before = z.clone();
                z.union(&zy);
                changed |= z != before;
            }
        }
        if !changed {
            return Some(z);
        }
    }
}

/// The points of a zone, in index order.
pub(crate) fn points(z: &Bits) -> Vec<Point> {
    z.iter().collect()
}

/// Post-hoc zones by exact key (a zone names points of one position, not of its images
/// under the board's twins), each with a value `T` (plies, or the move a zone rests on);
/// `stands(kept, new)` says whether the zone kept for a key stays against a new one.
/// Cleared when full.
pub(crate) struct ZoneStore<T> {
    map: fxhash::FxHashMap<u64, (T, Bits)>,
    capacity: usize,
    stands: fn(&T, &T) -> bool,
}

/// The zones of proven positions, with the plies each proof needs: one with fewer plies
/// stays.
pub(crate) type Store = ZoneStore<u32>;
/// The life zones of the disproofs for every α, with the move each rests on (a
/// defender's node's move, an attacker's node's witness for the pass; a Benson leaf's:
/// the pass, unused): the first found stays, so that the tree builder can follow the
/// same moves.
pub(crate) type LifeStore = ZoneStore<Move>;
/// The life zones of bounded disproofs (docs/design/post-hoc-zones.md, "Life proofs":
/// Claim_k for every k up to the zone's plies), with the plies each claim holds for: one
/// holding at least as long stays.
pub(crate) type BoundedLifeStore = ZoneStore<u32>;

impl<T> ZoneStore<T> {
    fn with(capacity: usize, stands: fn(&T, &T) -> bool) -> ZoneStore<T> {
        ZoneStore {
            map: fxhash::FxHashMap::default(),
            capacity: capacity.max(1024),
            stands,
        }
    }

    /// The zone of the position with key `hash`, and its value.
    pub fn get(&self, hash: u64) -> Option<&(T, Bits)> {
        self.map.get(&hash)
    }

    /// Keeps `zone` with `value` for `hash` unless the zone kept for it stands.
    pub fn put(&mut self, hash: u64, value: T, zone: Bits) {
        if self.map.len() >= self.capacity {
            self.map.clear();
        }
        match self.map.get(&hash) {
            Some((old, _)) if (self.stands)(old, &value) => {}
            _ => {
                self.map.insert(hash, (value, zone));
            }
        }
    }
}

impl ZoneStore<u32> {
    /// A [`Store`]: a zone needing fewer plies stays.
    pub fn fewest_plies(capacity: usize) -> Store {
        ZoneStore::with(capacity, |old, need| old <= need)
    }

    /// A [`BoundedLifeStore`]: a zone holding at least as long stays.
    pub fn longest_hold(capacity: usize) -> BoundedLifeStore {
        ZoneStore::with(capacity, |old, hold| old >= hold)
    }
}

impl ZoneStore<Move> {
    /// A [`LifeStore`]: the first zone found stays.
    pub fn first_found(capacity: usize) -> LifeStore {
        ZoneStore::with(capacity, |_, _| true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use tsume_board::{benson, Board, Color, Configuration};

    /// The allocation-free `close_blocks` against its first form, on random positions
    /// and random zones of three board sizes (the larger with more than 64 stones in a
    /// zone and more than 16 blocks, past the inline buffers): the same zone and the same
    /// answer, each call and to the fixed point, which one pass reaches.
    #[test]
    fn close_blocks_agrees_with_its_reference() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |k: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % k
        };
        let (mut tried, mut grew, mut large) = (0, 0, 0);
        for round in 0..6000 {
            let side = [5, 9, 13][round % 3];
            let board = Arc::new(Board::grid(side, side).unwrap());
            let n = board.len();
            let cells: Vec<Option<Color>> = (0..n)
                .map(|_| match next(20) {
                    0..=5 => Some(Color::White),
                    6..=11 => Some(Color::Black),
                    _ => None,
                })
                .collect();
            let Ok(p) = Position::new(
                board.clone(),
                &Configuration::from_cells(cells),
                Color::Black,
            ) else {
                continue;
            };
            let mut z = Bits::new(n);
            let share = 1 + next(4);
            for q in board.points() {
                if next(4) < share {
                    z.add(q);
                }
            }
            large += usize::from(z.iter().filter(|&q| p.color(q).is_some()).count() > 64);
            let (mut fast, mut plain) = (z.clone(), z.clone());
            loop {
                let (a, b) = (
                    close_blocks(&p, &mut fast),
                    close_blocks_reference(&p, &mut plain),
                );
                assert_eq!(a, b, "{p:?}");
                assert!(fast == plain, "{p:?}");
                if !a {
                    break;
                }
                // One pass reaches the fixed point (what `leaf` relies on).
                let mut again = fast.clone();
                assert!(!close_blocks_reference(&p, &mut again), "{p:?}");
                grew += 1;
            }
            tried += 1;
        }
        assert!(
            tried > 2000 && grew > 1000 && large > 100,
            "{tried} {grew} {large}"
        );
    }

    /// A Benson leaf's zone (Lemma 8 of docs/design/post-hoc-zones.md) against Benson's
    /// test itself: random positions where the target is unconditionally alive, their
    /// points outside the zone refilled at random; every legal refill keeps the target
    /// alive by `benson::is_unconditionally_alive`, and the zone meets (B).
    #[test]
    fn benson_zones_hold_for_every_position_agreeing_on_them() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |k: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % k
        };
        let (mut alive, mut refills, mut smaller) = (0, 0, 0);
        for _ in 0..4000 {
            let board = Arc::new(Board::grid(6, 5).unwrap());
            let n = board.len();
            let cells: Vec<Option<Color>> = (0..n)
                .map(|_| match next(10) {
                    0..=4 => Some(Color::White),
                    5..=6 => Some(Color::Black),
                    _ => None,
                })
                .collect();
            let Ok(p) = Position::new(
                board.clone(),
                &Configuration::from_cells(cells),
                Color::Black,
            ) else {
                continue;
            };
            let Some(x) = board.points().find(|&q| p.color(q) == Some(Color::White)) else {
                continue;
            };
            let Some(z) = benson_leaf(&p, x) else {
                assert!(!benson::is_unconditionally_alive(&p, x));
                continue;
            };
            assert!(benson::is_unconditionally_alive(&p, x));
            alive += 1;
            let mut closed = z.clone();
            assert!(!close_blocks(&p, &mut closed), "(B) fails");
            smaller += usize::from(z.iter().count() < n);
            for _ in 0..20 {
                let cells: Vec<Option<Color>> = board
                    .points()
                    .map(|q| {
                        if z.has(q) {
                            p.color(q)
                        } else {
                            [None, Some(Color::Black), Some(Color::White)][next(3) as usize]
                        }
                    })
                    .collect();
                let Ok(q) = Position::new(
                    board.clone(),
                    &Configuration::from_cells(cells),
                    Color::Black,
                ) else {
                    continue;
                };
                assert!(benson::is_unconditionally_alive(&q, x), "{p:?}\n{q:?}");
                refills += 1;
            }
        }
        assert!(
            alive > 30 && smaller > 20 && refills > 200,
            "{alive} {smaller} {refills}"
        );
    }
}
