//! Eye potential: how close a block is to two eyes, read statically (after Kishimoto and
//! Müller, *Search versus knowledge for solving life and death problems in Go*, AAAI 2005,
//! whose df-pn initialises proof and disproof numbers from the defender's distance to two
//! eyes and the attacker's to breaking the eye space). A hint for the search's order,
//! never an answer: nothing here decides life or death.
//!
//! For the block b of colour X at x, in half-eyes, summed and capped at 4 (two eyes):
//! every X-enclosed region R (Benson's sense: a component of the points not occupied by
//! X) that touches b and has at most [`EYE_SPACE_MAX`] points counts
//! - 2 if R holds no opponent stone and every point of R is a liberty of b (an eye of b:
//!   a region vital to b in Benson's sense, with no stone in it yet);
//! - 1 otherwise (an eye space the opponent has entered, or one b does not surround on
//!   its own: a potential eye, not yet a sure one).
//!
//! Larger regions (the open outside, or a wide area not yet walled off) count 0.
//!
//! Two implementations side by side, tested against each other: [`eye_potential`] floods
//! only the regions next to b and gives up on a region once it exceeds the size bound
//! (the search's), [`eye_potential_plain`] takes every enclosed region of the board from
//! [`crate::benson`] and filters them (obviously correct).

use crate::board::Point;
use crate::position::Position;

/// The most points an X-enclosed region may have to count as an eye space (the enclosed
/// eye spaces that decide a life have up to 6–7 points: the nakade shapes and their
/// living cousins).
pub const EYE_SPACE_MAX: usize = 7;

/// The most half-eyes counted: two eyes.
pub const HALF_EYES_MAX: u8 = 4;

/// A region's value in half-eyes (see the module): 2 for an empty region whose every
/// point is a liberty of the block, else 1.
fn region_value(pos: &Position, members: &[Point], block: Point) -> u8 {
    let clean = members.iter().all(|&q| {
        pos.color(q).is_none()
            && pos
                .board()
                .neighbors(q)
                .iter()
                .any(|&t| pos.group_id(t) == Some(block))
    });
    if clean {
        2
    } else {
        1
    }
}

/// The eye potential of the block at `x` in half-eyes, 0 to [`HALF_EYES_MAX`] (0 on an
/// empty point): the obviously-correct path, from every enclosed region of the board.
pub fn eye_potential_plain(pos: &Position, x: Point) -> u8 {
    let Some(color) = pos.color(x) else {
        return 0;
    };
    let block = pos.group_id(x);
    let touches = |q: Point| {
        pos.board()
            .neighbors(q)
            .iter()
            .any(|&t| pos.group_id(t) == block)
    };
    let mut sum = 0u8;
    for r in crate::benson::enclosed_regions(pos, color) {
        if r.len() <= EYE_SPACE_MAX && r.iter().any(|&q| touches(q)) {
            sum = sum.saturating_add(region_value(pos, &r, block.unwrap_or(x)));
        }
    }
    sum.min(HALF_EYES_MAX)
}

/// Marks in `reach` (resized to the board, cleared first) the points not of the block's
/// colour within `EYE_SPACE_MAX - 1` steps, through such points, of one next to the block
/// at `x` (nothing on an empty point). A move of the block's own colour on `y` that
/// captures nothing, is not next to the block, lies outside [`eye_spaces`] and has no
/// neighbour in `reach` leaves the eye potential as it is: only `y`'s region R changes,
/// into the pieces of R without `y`; R counted nothing (outside the spaces), and a piece
/// that would count (at most `EYE_SPACE_MAX` points, touching the block) holds a
/// neighbour of `y` joined to a point next to the block within `EYE_SPACE_MAX - 1` steps.
pub fn eye_reach(pos: &Position, x: Point, reach: &mut Vec<bool>) {
    let board = pos.board();
    reach.clear();
    reach.resize(board.len(), false);
    let Some(color) = pos.color(x) else {
        return;
    };
    let mut frontier: Vec<Point> = Vec::new();
    for b in pos.group(x) {
        for &t in board.neighbors(b) {
            if pos.color(t) != Some(color) && !reach[t.index()] {
                reach[t.index()] = true;
                frontier.push(t);
            }
        }
    }
    let mut next = Vec::new();
    for _ in 1..EYE_SPACE_MAX {
        next.clear();
        for &q in &frontier {
            for &t in board.neighbors(q) {
                if pos.color(t) != Some(color) && !reach[t.index()] {
                    reach[t.index()] = true;
                    next.push(t);
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
}

/// Buffers of [`eye_potential`], kept per thread: a stamp per point (visited in this
/// call, or found in a region too large), the flood's stack and the region's points.
#[derive(Default)]
struct Scratch {
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<Point>,
    members: Vec<Point>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// [`eye_potential_plain`] without flooding the whole board: only the regions next to
/// the block, each flood stopped once it has more than [`EYE_SPACE_MAX`] points (its
/// points then marked as part of a large region, so that a later flood reaching them
/// stops at once). Work: about (EYE_SPACE_MAX + 1) points per point next to the block.
pub fn eye_potential(pos: &Position, x: Point) -> u8 {
    flood_eye_spaces(pos, x, None)
}

/// [`eye_potential`], and every point of the regions it counted into `spaces` (cleared
/// first; every counted region, even past the cap). A move of the opponent that captures
/// nothing and lies outside `spaces` leaves the eye potential as it is: the points not
/// occupied by the block's colour, so its regions, stay the same, and only a counted
/// region's value can change, by a stone in it.
pub fn eye_spaces(pos: &Position, x: Point, spaces: &mut Vec<Point>) -> u8 {
    spaces.clear();
    flood_eye_spaces(pos, x, Some(spaces))
}

/// The flood of [`eye_potential`] and [`eye_spaces`]: stops at the cap unless the spaces
/// are wanted.
fn flood_eye_spaces(pos: &Position, x: Point, mut spaces: Option<&mut Vec<Point>>) -> u8 {
    let Some(color) = pos.color(x) else {
        return 0;
    };
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let n = pos.board().len();
        // Two stamps per call: `now` (in a region already counted or being flooded) and
        // `now + 1` (in a region too large).
        if s.stamp.len() != n || s.now >= u32::MAX - 2 {
            s.stamp.clear();
            s.stamp.resize(n, 0);
            s.now = 0;
        }
        s.now += 2;
        let Scratch {
            stamp,
            now,
            stack,
            members,
        } = &mut *s;
        let (seen, large) = (*now, *now + 1);
        let board = pos.board();
        let block = pos.group_id(x);
        let mut sum = 0u8;
        for b in pos.group(x) {
            for &start in board.neighbors(b) {
                if pos.color(start) == Some(color) || stamp[start.index()] >= seen {
                    continue;
                }
                // Flood the region of `start`, at most EYE_SPACE_MAX + 1 points.
                stack.clear();
                members.clear();
                stamp[start.index()] = seen;
                stack.push(start);
                let mut too_large = false;
                'flood: while let Some(q) = stack.pop() {
                    members.push(q);
                    if members.len() > EYE_SPACE_MAX {
                        too_large = true;
                        break;
                    }
                    for &t in board.neighbors(q) {
                        if pos.color(t) == Some(color) {
                            continue;
                        }
                        if stamp[t.index()] == large {
                            too_large = true;
                            break 'flood;
                        }
                        if stamp[t.index()] != seen {
                            stamp[t.index()] = seen;
                            stack.push(t);
                        }
                    }
                }
                if too_large {
                    for &q in members.iter().chain(stack.iter()) {
                        stamp[q.index()] = large;
                    }
                } else {
                    sum = sum.saturating_add(region_value(pos, members, block.unwrap_or(x)));
                    match spaces.as_deref_mut() {
                        Some(v) => v.extend_from_slice(members),
                        None if sum >= HALF_EYES_MAX => return HALF_EYES_MAX,
                        None => {}
                    }
                }
            }
        }
        sum.min(HALF_EYES_MAX)
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::sync::Arc;

    use super::*;
    use crate::{Board, Color, Configuration};

    fn at(diagram: &str, x: &str) -> u8 {
        let p = Position::from_diagram(diagram, Color::Black).unwrap();
        let x = p.board().parse_point(x).unwrap();
        let fast = eye_potential(&p, x);
        assert_eq!(fast, eye_potential_plain(&p, x), "{diagram}");
        fast
    }

    #[test]
    fn two_eyes_one_and_a_half_none() {
        // White's block (A2–D2, B1) with two eye spaces, {A1} and {C1, D1}, each empty
        // and all liberties of the block: 2 + 2.
        let two = "x x x x x .\n\
                   o o o o x .\n\
                   . o . . o x";
        assert_eq!(at(two, "B2"), 4);
        // Black has entered the second: it counts 1.
        let entered = "x x x x x .\n\
                       o o o o x .\n\
                       . o x . o x";
        assert_eq!(at(entered, "B2"), 3);
        // Nothing enclosed: the open board is one large region.
        let open = ". . . . .\n\
                    . o o . .\n\
                    . . . . .";
        assert_eq!(at(open, "B2"), 0);
        // An empty point: 0.
        assert_eq!(at(open, "A1"), 0);
    }

    #[test]
    fn each_block_next_to_an_eye_counts_it() {
        // {A1} is enclosed by White's block A2–B2–B1: one eye.
        let p = "x x x .\n\
                 o o x .\n\
                 . o x .";
        assert_eq!(at(p, "B2"), 2);
        // {A1} between two White blocks A2 and B1: a liberty of each, so an eye space of
        // each (whether they connect is the search's business).
        let q = "x x x .\n\
                 o x . .\n\
                 . o x .";
        assert_eq!(at(q, "A2"), 2);
        assert_eq!(at(q, "B1"), 2);
    }

    #[test]
    fn large_regions_count_nothing() {
        // An enclosed region of 8 points (more than EYE_SPACE_MAX) next to the block.
        let p = "o o o o o o\n\
                 o . . . . o\n\
                 o . . . . o\n\
                 o o o o o o";
        assert_eq!(at(p, "A1"), 0);
        // Seven points, empty, each next to the block: one eye space, 2.
        let q = "o o o o o o\n\
                 o . . . . o\n\
                 o . . . o o\n\
                 o o o o o o";
        assert_eq!(at(q, "A1"), 2);
    }

    /// [`eye_spaces`]'s claim at `x` of `p`: the opponent's moves that capture nothing,
    /// outside the spaces, keep the eye potential. Returns (kept, changed by a move
    /// inside).
    fn quiet_moves_outside_keep_it(p: &Position, x: Point) -> (usize, usize) {
        let (mut kept, mut changed) = (0, 0);
        let mut spaces = Vec::new();
        let h = eye_spaces(p, x, &mut spaces);
        assert_eq!(h, eye_potential_plain(p, x), "{p:?}");
        let Some(c) = p.color(x) else {
            return (0, 0);
        };
        let q0 = p.with_to_move(c.opponent());
        for y in q0.legal_moves() {
            if !q0.captures_of(y).is_empty() {
                continue;
            }
            let q = q0.play(crate::Move::Play(y));
            let after = eye_potential_plain(&q, x);
            if spaces.contains(&y) {
                changed += usize::from(after != h);
            } else {
                assert_eq!(after, h, "{y:?} outside {spaces:?}\n{p:?}");
                kept += 1;
            }
        }
        // The block's own moves: outside the spaces, not next to the block, with no
        // neighbour in reach, they keep it too.
        let mut reach = Vec::new();
        eye_reach(p, x, &mut reach);
        let own = p.with_to_move(c);
        for y in own.legal_moves() {
            let next_to_block = p
                .board()
                .neighbors(y)
                .iter()
                .any(|&t| p.group_id(t) == p.group_id(x));
            let reached = p.board().neighbors(y).iter().any(|t| reach[t.index()]);
            if !own.captures_of(y).is_empty() || next_to_block || spaces.contains(&y) || reached {
                continue;
            }
            let q = own.play(crate::Move::Play(y));
            assert_eq!(eye_potential_plain(&q, x), h, "own {y:?}\n{p:?}");
            kept += 1;
        }
        (kept, changed)
    }

    /// The fast flood against the plain one on every position of small grids, for every
    /// stone.
    #[test]
    fn fast_agrees_with_plain_on_every_small_position() {
        let mut counted = [0usize; 5];
        for (w, h) in [(3u32, 3u32), (2, 5), (4, 3)] {
            let board = Arc::new(Board::grid(w, h).unwrap());
            for config in crate::naive::all_configurations(board.len()) {
                let Ok(p) = Position::new(board.clone(), &config, Color::Black) else {
                    continue;
                };
                for x in board.points() {
                    let fast = eye_potential(&p, x);
                    assert_eq!(fast, eye_potential_plain(&p, x), "{p:?} {x:?}");
                    if p.color(x).is_some() {
                        counted[fast as usize] += 1;
                        quiet_moves_outside_keep_it(&p, x);
                    }
                }
            }
        }
        // Every value occurs, so the comparison covers them all.
        assert!(counted.iter().all(|&c| c > 0), "{counted:?}");
    }

    /// On a larger grid (where regions exceed the bound and floods give up): every
    /// position of random games of legal moves, for every stone.
    #[test]
    fn fast_agrees_with_plain_on_random_games() {
        let board = Arc::new(Board::grid(9, 9).unwrap());
        let mut state = 0x5eed_u64;
        let (mut positions, mut kept, mut changed) = (0, 0, 0);
        for _ in 0..40 {
            let mut p = Position::new(
                board.clone(),
                &Configuration::empty(board.len()),
                Color::Black,
            )
            .unwrap();
            for _ in 0..90 {
                let moves: Vec<Point> = p.legal_moves().collect();
                if moves.is_empty() {
                    break;
                }
                state = crate::splitmix64(state);
                p = p.play(crate::Move::Play(
                    moves[(state % moves.len() as u64) as usize],
                ));
                positions += 1;
                for x in board.points() {
                    assert_eq!(eye_potential(&p, x), eye_potential_plain(&p, x), "{p:?}");
                    // The opponent's moves that capture nothing, outside the spaces,
                    // keep the eye potential; a move inside may change it.
                    let (k, c) = quiet_moves_outside_keep_it(&p, x);
                    kept += k;
                    changed += c;
                }
            }
        }
        assert!(positions > 3000, "{positions}");
        assert!(
            kept > 1000 && changed > 100,
            "{kept} kept, {changed} changed"
        );
    }
}
