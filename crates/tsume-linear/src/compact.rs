//! The fast path's representation: a position of a 1×n line as a code of 2 bits a cell
//! (0 empty, 1 `x`, 2 `o`; cell i in bits 2i..2i+2), every legal position numbered
//! (its id), and tables of the plays, scores and interchanges by id, built once per n.
//!
//! The rules here are written again on codes (no board model) and tested against
//! [`crate::rules`], which uses the board model's φ.

use std::collections::HashMap;

use crate::line::{LinePosition, Player, MAX_N};

/// "No position": an illegal play, or an interchange that leaves a block without a
/// liberty.
pub const NONE: u32 = u32::MAX;

/// The code of a cell's content.
fn cell_code(c: Option<Player>) -> u32 {
    match c {
        None => 0,
        Some(Player::X) => 1,
        Some(Player::O) => 2,
    }
}

#[inline]
fn cell(code: u32, i: usize) -> u32 {
    (code >> (2 * i)) & 3
}

/// Every block (maximal run of one colour) touches an empty cell.
pub fn code_is_legal(code: u32, n: usize) -> bool {
    let mut i = 0;
    while i < n {
        let c = cell(code, i);
        if c == 0 {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < n && cell(code, j + 1) == c {
            j += 1;
        }
        let lib = (i > 0 && cell(code, i - 1) == 0) || (j + 1 < n && cell(code, j + 1) == 0);
        if !lib {
            return false;
        }
        i = j + 1;
    }
    true
}

/// A play of `me` (1 `x`, 2 `o`) on cell `c` of a legal position: the new code, or None
/// if the cell is occupied or the play is suicide (no suicide: Tromp–Taylor as pinned).
/// The opposing block next to `c` on either side is removed when `c` was its last liberty.
pub fn code_play(code: u32, n: usize, me: u32, c: usize) -> Option<u32> {
    if cell(code, c) != 0 {
        return None;
    }
    let opp = 3 - me;
    let mut code = code | (me << (2 * c));
    // The opposing block on the left: cells i..c-1; its only other liberty is i-1.
    if c > 0 && cell(code, c - 1) == opp {
        let mut i = c - 1;
        while i > 0 && cell(code, i - 1) == opp {
            i -= 1;
        }
        if !(i > 0 && cell(code, i - 1) == 0) {
            for k in i..c {
                code &= !(3 << (2 * k));
            }
        }
    }
    // The opposing block on the right: cells c+1..j; its only other liberty is j+1.
    if c + 1 < n && cell(code, c + 1) == opp {
        let mut j = c + 1;
        while j + 1 < n && cell(code, j + 1) == opp {
            j += 1;
        }
        if !(j + 1 < n && cell(code, j + 1) == 0) {
            for k in c + 1..=j {
                code &= !(3 << (2 * k));
            }
        }
    }
    // The player's own block through c needs a liberty.
    let mut i = c;
    while i > 0 && cell(code, i - 1) == me {
        i -= 1;
    }
    let mut j = c;
    while j + 1 < n && cell(code, j + 1) == me {
        j += 1;
    }
    let lib = (i > 0 && cell(code, i - 1) == 0) || (j + 1 < n && cell(code, j + 1) == 0);
    lib.then_some(code)
}

/// The liberties (0, 1 or 2) of the block through cell `c` of a code.
fn block_liberties(code: u32, n: usize, c: usize) -> u32 {
    let me = cell(code, c);
    let mut i = c;
    while i > 0 && cell(code, i - 1) == me {
        i -= 1;
    }
    let mut j = c;
    while j + 1 < n && cell(code, j + 1) == me {
        j += 1;
    }
    u32::from(i > 0 && cell(code, i - 1) == 0) + u32::from(j + 1 < n && cell(code, j + 1) == 0)
}

/// A static ordering key of a legal play (higher first): stones captured, then the
/// opposing blocks left in atari next to the stone, minus a penalty when the played
/// block is left in atari.
pub fn code_move_key(before: u32, after: u32, n: usize, c: usize) -> i32 {
    let stones = |code: u32| ((code | (code >> 1)) & 0x5555_5555).count_ones() as i32;
    let captured = stones(before) + 1 - stones(after);
    let me = cell(after, c);
    let mut atari = 0;
    for d in [c.wrapping_sub(1), c + 1] {
        if d < n && cell(after, d) == 3 - me && block_liberties(after, n, d) == 1 {
            atari += 1;
        }
    }
    let self_atari = i32::from(block_liberties(after, n, c) == 1);
    16 * captured + 4 * atari - 2 * self_atari
}

/// Area score, `x`'s area minus `o`'s: stones, and each empty run counted for the one
/// colour that borders it (a run bordered by both colours, or by none, is nobody's).
pub fn code_score(code: u32, n: usize) -> i32 {
    let mut total = 0;
    let mut i = 0;
    while i < n {
        match cell(code, i) {
            1 => {
                total += 1;
                i += 1;
            }
            2 => {
                total -= 1;
                i += 1;
            }
            _ => {
                let mut j = i;
                while j + 1 < n && cell(code, j + 1) == 0 {
                    j += 1;
                }
                let left = if i > 0 { cell(code, i - 1) } else { 0 };
                let right = if j + 1 < n { cell(code, j + 1) } else { 0 };
                let len = (j - i + 1) as i32;
                match (left | right, left & right) {
                    (1, _) => total += len,
                    (2, _) => total -= len,
                    _ => {}
                }
                i = j + 1;
            }
        }
    }
    total
}

/// The code of a position.
pub fn code_of(p: &LinePosition) -> u32 {
    p.cells()
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &c)| acc | (cell_code(c) << (2 * i)))
}

/// The position of a code.
pub fn position_of(code: u32, n: usize) -> LinePosition {
    LinePosition::from_cells(
        (0..n)
            .map(|i| match cell(code, i) {
                1 => Some(Player::X),
                2 => Some(Player::O),
                _ => None,
            })
            .collect(),
    )
}

fn code_swap(code: u32, i: usize, j: usize) -> u32 {
    let (a, b) = (cell(code, i), cell(code, j));
    (code & !(3 << (2 * i)) & !(3 << (2 * j))) | (b << (2 * i)) | (a << (2 * j))
}

fn code_mirror(code: u32, n: usize) -> u32 {
    (0..n).fold(0, |acc, i| acc | (cell(code, i) << (2 * (n - 1 - i))))
}

/// The tables of one board size.
#[derive(Clone, Debug)]
pub struct Tables {
    n: usize,
    codes: Vec<u32>,
    ids: HashMap<u32, u32>,
    /// `next[(id * 2 + player) * n + cell]`: the id after the play, or [`NONE`].
    next: Vec<u32>,
    move_key: Vec<i8>,
    score: Vec<i8>,
    mirror: Vec<u32>,
    swap_left: Vec<u32>,
    swap_right: Vec<u32>,
}

impl Tables {
    /// The tables of the 1×n line, 1 ≤ n ≤ [`MAX_N`].
    ///
    /// # Panics
    /// If n is out of range (the callers check it: [`LinePosition::parse`] does).
    pub fn new(n: usize) -> Tables {
        assert!((1..=MAX_N).contains(&n), "1×{n}: n must be 1..={MAX_N}");
        let mut codes = Vec::new();
        // Every base-3 assignment, as a code, in the order of its base-3 number.
        for k in 0..3u32.pow(n as u32) {
            let mut code = 0;
            let mut r = k;
            for i in 0..n {
                code |= (r % 3) << (2 * i);
                r /= 3;
            }
            if code_is_legal(code, n) {
                codes.push(code);
            }
        }
        let ids: HashMap<u32, u32> = codes
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u32))
            .collect();
        let id = |code: u32| ids.get(&code).copied().unwrap_or(NONE);
        let mut next = Vec::with_capacity(codes.len() * 2 * n);
        for &code in &codes {
            for me in 1..=2 {
                for c in 0..n {
                    next.push(code_play(code, n, me, c).map_or(NONE, id));
                }
            }
        }
        let move_key = next
            .iter()
            .enumerate()
            .map(|(k, &nid)| {
                if nid == NONE {
                    return 0;
                }
                let (id, c) = (k / (2 * n), k % n);
                code_move_key(codes[id], codes[nid as usize], n, c) as i8
            })
            .collect();
        let score = codes.iter().map(|&c| code_score(c, n) as i8).collect();
        let mirror = codes.iter().map(|&c| id(code_mirror(c, n))).collect();
        let swap_left = codes
            .iter()
            .map(|&c| {
                if n >= 2 {
                    id(code_swap(c, 0, 1))
                } else {
                    id(c)
                }
            })
            .collect();
        let swap_right = codes
            .iter()
            .map(|&c| {
                if n >= 2 {
                    id(code_swap(c, n - 1, n - 2))
                } else {
                    id(c)
                }
            })
            .collect();
        Tables {
            n,
            codes,
            ids,
            next,
            move_key,
            score,
            mirror,
            swap_left,
            swap_right,
        }
    }

    /// n.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of legal positions.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether there is no position (never: the empty line is legal).
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The code of a position id.
    #[inline]
    pub fn code(&self, id: u32) -> u32 {
        self.codes[id as usize]
    }

    /// The content of cell `i` of position `id`: 0 empty, 1 `x`, 2 `o`.
    #[inline]
    pub fn cell(&self, id: u32, i: usize) -> u32 {
        cell(self.codes[id as usize], i)
    }

    /// The id of a legal position, None if it is illegal or of another length.
    pub fn id(&self, p: &LinePosition) -> Option<u32> {
        if p.len() != self.n {
            return None;
        }
        self.ids.get(&code_of(p)).copied()
    }

    /// The position of an id.
    pub fn position(&self, id: u32) -> LinePosition {
        position_of(self.code(id), self.n)
    }

    /// The id after `player` plays on `cell` of `id`, or [`NONE`] (occupied or suicide;
    /// superko is the caller's).
    #[inline]
    pub fn next(&self, id: u32, player: Player, cell: usize) -> u32 {
        let p = match player {
            Player::X => 0,
            Player::O => 1,
        };
        self.next[(id as usize * 2 + p) * self.n + cell]
    }

    /// The row of [`Tables::next`] for (id, player index 0 `x`, 1 `o`).
    #[inline]
    pub(crate) fn next_row(&self, id: u32, p: usize) -> &[u32] {
        let start = (id as usize * 2 + p) * self.n;
        &self.next[start..start + self.n]
    }

    /// The number of stones on position `id`.
    #[inline]
    pub fn stones(&self, id: u32) -> u32 {
        let c = self.codes[id as usize];
        // Each occupied cell has one of its two bits set.
        ((c | (c >> 1)) & 0x5555_5555).count_ones()
    }

    /// The static ordering key of the play on `cell` ([`code_move_key`]) for player
    /// index `p` (0 `x`, 1 `o`).
    #[inline]
    pub(crate) fn move_key(&self, id: u32, p: usize, cell: usize) -> i32 {
        i32::from(self.move_key[(id as usize * 2 + p) * self.n + cell])
    }

    /// The area score of `id`, `x`'s minus `o`'s.
    #[inline]
    pub fn score(&self, id: u32) -> i32 {
        i32::from(self.score[id as usize])
    }

    /// The id of the mirrored position (always legal).
    #[inline]
    pub fn mirror(&self, id: u32) -> u32 {
        self.mirror[id as usize]
    }

    /// The id of φ(0, 1, P) (seed 000's interchange), or [`NONE`] if it is illegal.
    #[inline]
    pub fn swap_left(&self, id: u32) -> u32 {
        self.swap_left[id as usize]
    }

    /// The id of φ(n−1, n−2, P), the interchange at the far end, or [`NONE`].
    #[inline]
    pub fn swap_right(&self, id: u32) -> u32 {
        self.swap_right[id as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::Move;
    use crate::rules::{self, Game, Rules};

    /// Every play of every legal position, both players, on n ≤ 7: the tables agree
    /// with the board model's φ restricted to Tromp–Taylor legality, and the scores
    /// with the board model's regions.
    #[test]
    fn tables_agree_with_the_board_model() {
        for n in 1..=7 {
            let t = Tables::new(n);
            let mut count = 0;
            for k in 0..3u64.pow(n as u32) {
                let f = tsume_board::naive::configuration_number(k, n);
                let p = rules::line_position(&f);
                let board = tsume_board::Board::line(n as u32).unwrap();
                let legal = tsume_board::naive::is_legal(&board, &f);
                assert_eq!(t.id(&p).is_some(), legal, "{p}");
                let Some(id) = t.id(&p) else { continue };
                count += 1;
                assert_eq!(t.position(id), p);
                assert_eq!(t.score(id), rules::score(&board, &f), "score of {p}");
                for player in [Player::X, Player::O] {
                    // The start is seen, but no play can recreate the current position.
                    let g = Game::new(&p, player, Rules::TROMP_TAYLOR);
                    let legal = g.legal_moves();
                    for c in 0..n {
                        let m = Move::Play(c);
                        let fast = t.next(id, player, c);
                        if legal.contains(&m) {
                            assert_eq!(
                                t.position(fast),
                                g.after(m).position(),
                                "{p} {player:?} {c}"
                            );
                        } else {
                            assert_eq!(fast, NONE, "{p} {player:?} {c}");
                        }
                    }
                }
                assert_eq!(t.position(t.mirror(id)), p.mirror());
                let sl = t.swap_left(id);
                let want = p.interchange(0, 1.min(n - 1));
                assert_eq!(sl != NONE, want.check_legal().is_ok());
                if sl != NONE {
                    assert_eq!(t.position(sl), want);
                }
            }
            assert_eq!(count, t.len());
        }
    }

    #[test]
    fn legal_position_counts() {
        // Counted by hand for n ≤ 3 (1: "-"; 2: "--","x-","-x","o-","-o"), and the
        // sequence 1, 5, 15, 41, 113, 313 of legal 1×n positions.
        let counts: Vec<usize> = (1..=6).map(|n| Tables::new(n).len()).collect();
        assert_eq!(counts, vec![1, 5, 15, 41, 113, 313]);
    }
}
