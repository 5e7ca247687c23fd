//! Post-hoc relevance zones (docs/design/post-hoc-zones.md), the search's side: the
//! zone of a proven node built from its children's zones and dilated until the local
//! conditions (B), (R), (A), (S) hold, and the witness rule that lets one proven child
//! of a defender's node answer every sibling outside its zone. The checker
//! (`tsume-proof`) tests the same conditions with code of its own.

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
/// smallest, if it had none). Whether `z` grew.
fn close_blocks(p: &Position, z: &mut Bits) -> bool {
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

/// The zone of a capture leaf: the target's block and its neighbours, closed by (B).
pub(crate) fn leaf(p: &Position, target: Point) -> Bits {
    let mut z = Bits::new(p.board().len());
    add_all(&mut z, p.group(target));
    add_all(&mut z, around(p, target));
    while close_blocks(p, &mut z) {}
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
/// (`reached`: a pruned move's witness's; None: unknown, and then so is this zone).
pub(crate) fn answerer(
    p: &Position,
    reached: &mut dyn FnMut(Move) -> Option<Bits>,
) -> Option<Bits> {
    let mut z = reached(Move::Pass)?;
    let mut done = Bits::new(p.board().len());
    loop {
        let mut changed = close_blocks(p, &mut z);
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

/// The zones of proven positions, by exact key (a zone names points of one position, not
/// of its images under the board's twins), with the plies each proof needs.
pub(crate) struct Store {
    map: fxhash::FxHashMap<u64, (u32, Bits)>,
    capacity: usize,
}

impl Store {
    pub fn new(capacity: usize) -> Store {
        Store {
            map: fxhash::FxHashMap::default(),
            capacity: capacity.max(1024),
        }
    }

    /// The zone of the position with key `hash` and the plies its proof needs.
    pub fn get(&self, hash: u64) -> Option<&(u32, Bits)> {
        self.map.get(&hash)
    }

    /// Keeps `zone` for `hash` unless one with fewer plies is kept (cleared when full).
    pub fn put(&mut self, hash: u64, need: u32, zone: Bits) {
        if self.map.len() >= self.capacity {
            self.map.clear();
        }
        match self.map.get(&hash) {
            Some((old, _)) if *old <= need => {}
            _ => {
                self.map.insert(hash, (need, zone));
            }
        }
    }
}
