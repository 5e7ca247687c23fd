//! The transposition table: what is known for good about a position (by its key), the
//! numbers of unsolved nodes (by key and remaining plies), and the key itself, which lets
//! twin points share an entry.

use fxhash::FxHashMap;
use tsume_board::{Board, Point, Position};

use super::NO_PROOF;

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
    pub(super) work: FxHashMap<(u64, u32), (u64, u64)>,
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
    pub(super) fn make_room(&mut self) {
        if self.solved.len() + self.work.len() < self.capacity {
            return;
        }
        self.clears += 1;
        self.work.clear();
        if self.solved.len() * 4 >= self.capacity * 3 {
            self.solved.clear();
        }
    }

    pub(super) fn prove(&mut self, h: u64, need: u32) {
        self.make_room();
        let e = self.solved.entry(h).or_insert(Solved {
            need: NO_PROOF,
            hold: None,
        });
        e.need = e.need.min(need);
    }

    pub(super) fn disprove(&mut self, h: u64, hold: u32) {
        self.make_room();
        let e = self.solved.entry(h).or_insert(Solved {
            need: NO_PROOF,
            hold: None,
        });
        e.hold = Some(e.hold.map_or(hold, |o| o.max(hold)));
    }
}

/// The board's twin points ([`Board::twin_classes`], the target left out) with keys per
/// class, for the table's key: positions that differ by a permutation of twins are
/// images of each other under an automorphism fixing the target, so they have the same
/// value for every α and may share one table entry. The key is the Zobrist hash with the
/// twins' own keys taken out and, per class, a key per stone added (a sum, so that two
/// stones of a class do not cancel as they would under XOR).
pub(super) struct Twins {
    points: Vec<(Point, usize)>,
    keys: Vec<[u64; 2]>,
    /// By point index: whether the point is one of `points`.
    pub(super) is_twin: Vec<bool>,
}

impl Twins {
    pub(super) fn new(board: &Board, target: Point) -> Twins {
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
    pub(super) fn key(&self, p: &Position) -> u64 {
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
    pub(super) fn parts(&self, p: &Position) -> (u64, u64) {
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
