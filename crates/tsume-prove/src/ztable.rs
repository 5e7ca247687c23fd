//! Zone-keyed proof reuse (docs/design/post-hoc-zones.md, "Reuse"): a table of solved
//! patterns (zone, contents on the zone, player to move, forbidden point in the zone,
//! plies), so that a position agreeing with a solved one on its zone is solved at once.
//!
//! Entries are grouped by zone; each group maps a key of the contents on its zone to
//! the plies of the claim (and, for the tree builder, the node that proves it). A probe makes the
//! position's key on each of at most [`MAX_ZONES_PROBED`] zones, those with the most
//! hits first (then the newest), and looks it up; a filter in front reads the zone's
//! first few points only and skips a zone where no entry has those contents. Keys are 64-bit Zobrist sums, as the
//! transposition table's: the tree builder checks every reuse exactly
//! ([`agree`]) and the checker again with its own code.

use fxhash::FxHashMap;
use tsume_board::{Point, Position};

use crate::zone::Bits;

/// The most zones one probe looks at.
pub(crate) const MAX_ZONES_PROBED: usize = 64;

/// The goal an entry's claim proves, and so which remaining plies it serves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Goal {
    /// A kill within the plies: serves any remaining at least them.
    Kill,
    /// A life for the plies (bounded): serves any remaining at most them. (Not stored
    /// yet: life proofs have no post-hoc zones so far.)
    #[allow(dead_code)]
    Life,
}

impl Goal {
    /// The plies rule: whether a claim for `plies` serves a node with `rem` left.
    pub(crate) fn serves(self, plies: u32, rem: u32) -> bool {
        match self {
            Goal::Kill => plies <= rem,
            Goal::Life => plies >= rem,
        }
    }

    fn salt(self) -> u64 {
        match self {
            Goal::Kill => 0x6b69_6c6c,
            Goal::Life => 0x6c69_6665,
        }
    }
}

struct Entry<T> {
    plies: u32,
    what: T,
}

struct Group<T> {
    zone: Bits,
    points: Vec<Point>,
    entries: FxHashMap<u64, Entry<T>>,
    /// The filter in front: the keys of the entries' contents on the zone's first
    /// [`HEAD`] points alone; a position whose key there is not among them misses.
    heads: fxhash::FxHashSet<u64>,
    hits: u64,
}

/// The points of a zone the filter reads.
const HEAD: usize = 6;

/// What the probes found, for the statistics.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Counts {
    pub probes: u64,
    pub hits: u64,
    pub zones_probed: u64,
}

/// The table; `T` is what an entry keeps of its solved node (the search: nothing more
/// than the plies and the zone; the tree builder: the node).
pub(crate) struct ZoneTable<T> {
    groups: Vec<Group<T>>,
    by_zone: FxHashMap<Bits, usize>,
    /// The probe order: group ids, most hits first, then the newest.
    order: Vec<usize>,
    /// Whether `order` must be sorted again before the next probe.
    stale: bool,
    entries: usize,
    capacity: usize,
    pub counts: Counts,
}

/// The key of `p`'s contents on `points` with the player to move and the goal.
fn sum(p: &Position, points: &[Point], goal: Goal) -> u64 {
    let board = p.board();
    let mut k = tsume_board::splitmix64(goal.salt() ^ (p.to_move().index() as u64 + 1));
    for &x in points {
        if let Some(c) = p.color(x) {
            k = k.wrapping_add(board.zobrist_key(x, c));
        }
    }
    k
}

/// The key of `p`'s contents on the zone (`zone` its bits, `points` its points), with
/// the player to move, the forbidden point when it lies in the zone, and the goal; and
/// the filter's key (the first [`HEAD`] points), which `head` gives when known.
fn key(p: &Position, zone: &Bits, points: &[Point], goal: Goal, head: Option<u64>) -> (u64, u64) {
    let n = points.len().min(HEAD);
    let h = head.unwrap_or_else(|| sum(p, &points[..n], goal));
    let mut k = h;
    let board = p.board();
    for &x in &points[n..] {
        if let Some(c) = p.color(x) {
            k = k.wrapping_add(board.zobrist_key(x, c));
        }
    }
    if let Some(b) = p.ko_ban().filter(|&b| zone.has(b)) {
        k ^= tsume_board::splitmix64(0x6b6f_0000 + b.index() as u64);
    }
    (k, h)
}

impl<T> ZoneTable<T> {
    pub fn new(capacity: usize) -> ZoneTable<T> {
        ZoneTable {
            groups: Vec::new(),
            by_zone: FxHashMap::default(),
            order: Vec::new(),
            stale: false,
            entries: 0,
            capacity: capacity.max(1024),
            counts: Counts::default(),
        }
    }

    /// Keeps `p`, solved for `goal` with `plies` and the zone `zone`, with `what` (the
    /// table is cleared when full).
    pub fn put(&mut self, p: &Position, goal: Goal, plies: u32, zone: &Bits, what: T) {
        if self.entries >= self.capacity {
            self.groups.clear();
            self.by_zone.clear();
            self.order.clear();
            self.entries = 0;
        }
        let g = match self.by_zone.get(zone) {
            Some(&g) => g,
            None => {
                let g = self.groups.len();
                self.groups.push(Group {
                    zone: zone.clone(),
                    points: zone.iter().collect(),
                    entries: FxHashMap::default(),
                    heads: fxhash::FxHashSet::default(),
                    hits: 0,
                });
                self.by_zone.insert(zone.clone(), g);
                self.order.push(g);
                self.stale = true;
                g
            }
        };
        let group = &mut self.groups[g];
        let (k, h) = key(p, &group.zone, &group.points, goal, None);
        group.heads.insert(h);
        match group.entries.get_mut(&k) {
            Some(e) if !goal.serves(e.plies, plies) => {
                // The new claim serves more remaining plies than the kept one.
                *e = Entry { plies, what };
            }
            Some(_) => {}
            None => {
                group.entries.insert(k, Entry { plies, what });
                self.entries += 1;
            }
        }
    }

    /// A solved pattern that `p` matches on its zone, with plies serving `rem` for
    /// `goal`: (its plies, its zone, what it keeps).
    pub fn probe(&mut self, p: &Position, rem: u32, goal: Goal) -> Option<(u32, &Bits, &T)> {
        if self.stale
            && (self.counts.probes.is_multiple_of(256) || self.order.len() <= MAX_ZONES_PROBED)
        {
            let groups = &self.groups;
            self.order
                .sort_by_key(|&g| (std::cmp::Reverse(groups[g].hits), std::cmp::Reverse(g)));
            self.stale = false;
        }
        self.counts.probes += 1;
        let mut found = None;
        for &g in self.order.iter().take(MAX_ZONES_PROBED) {
            self.counts.zones_probed += 1;
            let group = &self.groups[g];
            let head = sum(p, &group.points[..group.points.len().min(HEAD)], goal);
            if !group.heads.contains(&head) {
                continue;
            }
            let (k, _) = key(p, &group.zone, &group.points, goal, Some(head));
            if group
                .entries
                .get(&k)
                .is_some_and(|e| goal.serves(e.plies, rem))
            {
                found = Some((g, k));
                break;
            }
        }
        let (g, k) = found?;
        self.counts.hits += 1;
        self.groups[g].hits += 1;
        // A group whose hits pass the one before it moves up at the next sort (every
        // 256 probes: a sort per hit would cost more than the probes).
        self.stale = true;
        let group = &self.groups[g];
        let e = group.entries.get(&k)?;
        Some((e.plies, &group.zone, &e.what))
    }
}

/// ≡_Z of docs/design/post-hoc-zones.md, exactly: the same player to move, the same
/// contents on every point of `zone`, the same forbidden point when either lies in it.
pub(crate) fn agree(q: &Position, n: &Position, zone: &Bits) -> bool {
    let ban_in = |b: Option<Point>| b.is_some_and(|b| zone.has(b));
    q.to_move() == n.to_move()
        && zone.iter().all(|x| q.color(x) == n.color(x))
        && (!(ban_in(q.ko_ban()) || ban_in(n.ko_ban())) || q.ko_ban() == n.ko_ban())
}

#[cfg(test)]
mod tests {
    //! The table's probe (keys, the filter, the cap) against the obviously-correct path:
    //! a scan of every stored pattern with [`agree`] and the plies rule.
    use std::sync::Arc;

    use tsume_board::{Board, Color, Configuration, Position};

    use super::{agree, Goal, ZoneTable};
    use crate::zone::Bits;

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    fn position(rng: &mut Rng, board: &Arc<Board>) -> Position {
        loop {
            let cells = (0..board.len())
                .map(|_| match rng.below(4) {
                    0 => Some(Color::Black),
                    1 => Some(Color::White),
                    _ => None,
                })
                .collect();
            let to_move = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            if let Ok(p) = Position::new(
                Arc::clone(board),
                &Configuration::from_cells(cells),
                to_move,
            ) {
                return p;
            }
        }
    }

    #[test]
    fn the_probe_finds_a_pattern_exactly_when_a_scan_does() {
        let board = Arc::new(Board::grid(4, 3).unwrap());
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        // A few zones (fewer than the probe's cap), small so that positions agree.
        let zones: Vec<Bits> = (0..12)
            .map(|_| {
                let mut z = Bits::new(board.len());
                for q in board.points() {
                    if rng.below(4) == 0 {
                        z.add(q);
                    }
                }
                z
            })
            .collect();
        let mut table: ZoneTable<Position> = ZoneTable::new(1 << 20);
        let mut kept: Vec<(Position, usize, u32)> = Vec::new();
        for _ in 0..400 {
            let p = position(&mut rng, &board);
            let z = rng.below(zones.len() as u64) as usize;
            let plies = rng.below(9) as u32;
            table.put(&p, Goal::Kill, plies, &zones[z], p.clone());
            kept.push((p, z, plies));
        }
        let (mut found, mut asked) = (0, 0);
        for _ in 0..3000 {
            let q = position(&mut rng, &board);
            let rem = rng.below(9) as u32;
            let scan = kept
                .iter()
                .any(|(p, z, k)| *k <= rem && agree(&q, p, &zones[*z]));
            let probe = table.probe(&q, rem, Goal::Kill);
            assert_eq!(probe.is_some(), scan, "{q:?} rem {rem}");
            if let Some((k, z, p)) = probe {
                assert!(k <= rem && agree(&q, p, z));
                found += 1;
            }
            asked += 1;
        }
        assert!(found > 100 && found < asked, "{found} of {asked}");
    }

    #[test]
    fn the_plies_rule_by_goal() {
        assert!(Goal::Kill.serves(3, 5) && !Goal::Kill.serves(5, 3));
        assert!(Goal::Life.serves(5, 3) && !Goal::Life.serves(3, 5));
        assert!(Goal::Kill.serves(4, 4) && Goal::Life.serves(4, 4));
    }
}
