//! φ, the moving function (Crăşmaru §2), on the cells of a position: a stone placed,
//! groups joined, opposing groups without liberties removed; and the group arena's
//! operations it is made of.

use super::*;

impl Position {
    /// φ in place, telling `w` every point whose cell it writes.
    #[inline(always)]
    pub(super) fn play_noting<W: Writes>(&mut self, m: Move, w: &mut W) -> Played {
        let x = match m {
            Move::Pass => {
                self.hand_over();
                return Played::Pass;
            }
            Move::Play(x) => x,
        };
        let xi = x.index();
        if self.cells[xi].color != EMPTY {
            self.hand_over();
            return Played::Occupied;
        }
        if x.0 == self.ko.ban {
            if self.banned(x) {
                self.hand_over();
                return Played::Banned;
            }
            // A ko threat spent: the recapture stands for a threat, its answer and the
            // recapture.
            let mut left = self.ko.threats;
            left[self.to_move.index()] -= 1;
            self.set_threats(left);
        }
        let mut empty = 0;
        for y in self.board.neighbors(x) {
            if self.cells[y.index()].color == EMPTY {
                empty += 1;
            }
        }
        // Suicide (Capture(p, x) = ∅ and ‖G^x_g‖ = 0) is only possible without an empty
        // neighbour; then look at the neighbouring groups.
        if empty == 0 && !self.saved_or_capturing(x) {
            self.hand_over();
            return Played::Suicide;
        }
        // g: the stone on x. Each neighbouring group loses one liberty, x. Friendly
        // groups join x's group first, whose count is then made afresh; then each
        // opposing group left with no liberty is removed (h), every removed stone a new
        // liberty of each group of the mover next to it.
        let me = self.to_move.code();
        let board = &*self.board;
        let cells = &mut self.cells;
        let nbrs = board.neighbors(x);
        w.note(x.0);
        cells[xi] = Cell {
            color: me,
            head: x.0,
            next: x.0,
            libs: empty,
            size: 1,
        };
        let mut hash = self.hash ^ board.keys(x)[self.to_move.index()];
        let mut captured = 0;
        let mut friends = 0u32;
        let mut single_friend_libs = 0;
        for &y in nbrs {
            let cy = cells[y.index()];
            // (A group met at an earlier neighbour has joined x's already.)
            if cy.color != me || cy.head == cells[xi].head {
                continue;
            }
            friends += 1;
            single_friend_libs = cells[cy.head as usize].libs - 1;
            let a = cells[xi].head;
            merge(cells, a, cy.head, w);
        }
        if friends > 0 {
            // (merge has noted the joined group's head.)
            let a = cells[xi].head;
            cells[a as usize].libs = if friends == 1 {
                // x's empty neighbours that were not liberties of the one group joined.
                let fresh = nbrs
                    .iter()
                    .filter(|t| {
                        cells[t.index()].color == EMPTY
                            && !board.neighbors(**t).iter().any(|&u| {
                                u != x && cells[u.index()].color == me && cells[u.index()].head == a
                            })
                    })
                    .count() as u32;
                single_friend_libs + fresh
            } else {
                count_liberties(board, cells, a)
            };
            debug_assert_eq!(cells[a as usize].libs, count_liberties(board, cells, a));
        }
        for (i, &y) in nbrs.iter().enumerate() {
            let cy = cells[y.index()];
            if cy.color == EMPTY || cy.color == me {
                continue;
            }
            // Each opposing group once (its first neighbour of x), and not when removed
            // already.
            if nbrs[..i]
                .iter()
                .any(|z| cells[z.index()].head == cy.head && cells[z.index()].color == cy.color)
            {
                continue;
            }
            let h = cy.head as usize;
            w.note(cy.head);
            cells[h].libs -= 1;
            if cells[h].libs == 0 {
                captured += remove_group(board, cells, &mut hash, cy.head, w);
            }
        }
        self.hash = hash;
        self.hand_over();
        // A ko rule: one stone captured by a single stone left with one liberty (the
        // captured point) forbids the recapture there on the next move, to a player the
        // rule binds.
        if captured == 1 && self.ko.rule.binds(self.to_move) {
            let h = self.cells[xi].head as usize;
            if self.cells[h].size == 1 && self.cells[h].libs == 1 {
                let board = Arc::clone(&self.board);
                if let Some(&b) = board
                    .neighbors(x)
                    .iter()
                    .find(|y| self.cells[y.index()].color == EMPTY)
                {
                    self.set_ban(b);
                }
            }
        }
        Played::Stone { captured }
    }
}

/// Joins the groups headed by `a` and `b` (union by size: the smaller list is relabelled).
#[inline]
fn merge<W: Writes>(cells: &mut [Cell], mut a: u32, mut b: u32, w: &mut W) {
    if cells[a as usize].size < cells[b as usize].size {
        std::mem::swap(&mut a, &mut b);
    }
    // a's and b's cells change too (next, size, libs): b is among the loop's stones.
    w.note(a);
    let mut s = b;
    loop {
        w.note(s);
        cells[s as usize].head = a;
        s = cells[s as usize].next;
        if s == b {
            break;
        }
    }
    let na = cells[a as usize].next;
    let nb = cells[b as usize].next;
    cells[a as usize].next = nb;
    cells[b as usize].next = na;
    // (The joined group's liberty count is made by the caller.)
    cells[a as usize].size += cells[b as usize].size;
}

/// ‖L‖ of the group headed by `h`, by walking it.
pub(super) fn count_liberties(board: &Board, cells: &[Cell], h: u32) -> u32 {
    // Each liberty marked with this call's stamp as it is met (per thread, no
    // allocation once the board's size has been seen).
    SEEN.with(|seen| {
        let (stamp, marks) = &mut *seen.borrow_mut();
        if marks.len() < cells.len() || *stamp == u32::MAX {
            marks.clear();
            marks.resize(cells.len(), 0);
            *stamp = 0;
        }
        *stamp += 1;
        let stamp = *stamp;
        let mut n = 0;
        let mut s = h;
        loop {
            for &t in board.neighbors(Point(s)) {
                let i = t.index();
                if cells[i].color == EMPTY && marks[i] != stamp {
                    marks[i] = stamp;
                    n += 1;
                }
            }
            s = cells[s as usize].next;
            if s == h {
                return n;
            }
        }
    })
}

thread_local! {
    /// [`count_liberties`]'s marks: a stamp per point and the last stamp used.
    static SEEN: std::cell::RefCell<(u32, Vec<u32>)> = const { std::cell::RefCell::new((0, Vec::new())) };
}

/// Removes the group headed by `h` (its stones become empty, each a new liberty of
/// every group of the other colour next to it); returns its size.
fn remove_group<W: Writes>(
    board: &Board,
    cells: &mut [Cell],
    hash: &mut u64,
    h: u32,
    w: &mut W,
) -> u32 {
    let color = cells[h as usize].color;
    let key_index = (color - 1) as usize;
    let capturer = 3 - color;
    let size = cells[h as usize].size;
    let mut s = h;
    loop {
        let next = cells[s as usize].next;
        w.note(s);
        cells[s as usize] = Cell {
            head: s,
            next: s,
            ..Cell::default()
        };
        *hash ^= board.keys(Point(s))[key_index];
        let nbrs = board.neighbors(Point(s));
        for (i, &t) in nbrs.iter().enumerate() {
            let ct = cells[t.index()];
            // Each capturing group once (at its first neighbour of s).
            if ct.color == capturer
                && !nbrs[..i]
                    .iter()
                    .any(|u| cells[u.index()].color == capturer && cells[u.index()].head == ct.head)
            {
                w.note(ct.head);
                cells[ct.head as usize].libs += 1;
            }
        }
        s = next;
        if s == h {
            break;
        }
    }
    size
}

/// Where φ reports the points whose cells it writes: nowhere (`()`, the plain
/// [`Position::play_in_place`], compiled to nothing), or into a list
/// ([`Position::play_recorded`]).
pub(super) trait Writes {
    fn note(&mut self, i: u32);
}

impl Writes for () {
    #[inline(always)]
    fn note(&mut self, _: u32) {}
}

impl Writes for Vec<u32> {
    #[inline(always)]
    fn note(&mut self, i: u32) {
        self.push(i);
    }
}
