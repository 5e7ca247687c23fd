//! Benson's algorithm for unconditional life (Benson, *Life in the game of Go*, 1976),
//! on any board graph.
//!
//! For a colour X:
//! - a *block* is a group of X stones; an *X-enclosed region* is a connected component
//!   of the points not occupied by X (empty points and opponent stones);
//! - a region R is *vital* (healthy) to a block b if every **empty** point of R is a
//!   liberty of b;
//! - start with every block and every region, then repeat until nothing changes:
//!   (1) remove every block with fewer than two vital regions left;
//!   (2) remove every region that touches a removed block.
//!
//! The blocks left are unconditionally alive: the opponent cannot capture any of them
//! even if X passes on every turn. The argument is purely graph-theoretic, so it holds
//! on every board of Crăşmaru's model (§2), where a suicide is a pass and there is no
//! ko: the first capture of a surviving block b would need b to have one liberty, but
//! each of b's two vital regions keeps an empty point as long as no surviving block has
//! been captured (filling its last one would be a suicide, since its boundary blocks all
//! survive), and these empty points are liberties of b. See
//! `/work/shared/design/theory.md` §4.

use crate::board::Point;
use crate::position::{Color, Position};

/// For each point index: `true` for the stones of `color` that belong to an
/// unconditionally alive block (Benson 1976), `false` elsewhere.
pub fn unconditionally_alive(pos: &Position, color: Color) -> Vec<bool> {
    let board = pos.board();
    let n = board.len();
    const NONE: usize = usize::MAX;

    // Blocks of `color`: block index per point.
    let mut block_of = vec![NONE; n];
    let mut blocks: Vec<Point> = Vec::new(); // representative of each block
    for head in pos.groups() {
        if pos.color(head) == Some(color) {
            let b = blocks.len();
            blocks.push(head);
            for s in pos.group(head) {
                block_of[s.index()] = b;
            }
        }
    }
    if blocks.is_empty() {
        return vec![false; n];
    }

    // X-enclosed regions: components of the points not occupied by `color`.
    let mut region_of = vec![NONE; n];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    let mut stack = Vec::new();
    for p in board.points() {
        if pos.color(p) == Some(color) || region_of[p.index()] != NONE {
            continue;
        }
        let r = regions.len();
        let mut members = Vec::new();
        region_of[p.index()] = r;
        stack.push(p);
        while let Some(q) = stack.pop() {
            members.push(q);
            for &t in board.neighbors(q) {
                if pos.color(t) != Some(color) && region_of[t.index()] == NONE {
                    region_of[t.index()] = r;
                    stack.push(t);
                }
            }
        }
        regions.push(members);
    }

    // For each region: the blocks it touches, and the blocks it is vital to.
    let mut touches: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut vital_to: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, members) in regions.iter().enumerate() {
        let mut adj: Vec<usize> = Vec::new();
        for &q in members {
            for &t in board.neighbors(q) {
                let b = block_of[t.index()];
                if b != NONE && !adj.contains(&b) {
                    adj.push(b);
                }
            }
        }
        for &b in &adj {
            // Vital: every empty point of the region is a liberty of b.
            let vital = members
                .iter()
                .filter(|&&q| pos.color(q).is_none())
                .all(|&q| board.neighbors(q).iter().any(|&t| block_of[t.index()] == b));
            if vital {
                vital_to[r].push(b);
            }
        }
        touches[r] = adj;
    }

    let mut block_alive = vec![true; blocks.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        // (1) Remove blocks with fewer than two vital regions left.
        let mut vital_count = vec![0usize; blocks.len()];
        for (r, bs) in vital_to.iter().enumerate() {
            if region_alive[r] {
                for &b in bs {
                    vital_count[b] += 1;
                }
            }
        }
        for (b, alive) in block_alive.iter_mut().enumerate() {
            if *alive && vital_count[b] < 2 {
                *alive = false;
                changed = true;
            }
        }
        // (2) Remove regions touching a removed block.
        for (r, alive) in region_alive.iter_mut().enumerate() {
            if *alive && touches[r].iter().any(|&b| !block_alive[b]) {
                *alive = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    (0..n)
        .map(|i| block_of[i] != NONE && block_alive[block_of[i]])
        .collect()
}

/// Whether `x` holds a stone whose block is unconditionally alive (Benson 1976).
/// `false` on an empty point.
///
/// First a cheap necessary test: the block of `x` needs two regions vital to it, and
/// those are found by flooding from its liberties only, stopping a region as soon as it
/// shows an empty point that is no liberty of the block. Only when it passes does the
/// full fixed point run.
pub fn is_unconditionally_alive(pos: &Position, x: Point) -> bool {
    let Some(c) = pos.color(x) else {
        return false;
    };
    if count_vital_regions_up_to_two(pos, x, c) < 2 {
        return false;
    }
    unconditionally_alive(pos, c)
        .get(x.index())
        .copied()
        .unwrap_or(false)
}

/// How many regions vital to the block of `x` (colour `color`) there are, counting to 2.
fn count_vital_regions_up_to_two(pos: &Position, x: Point, color: Color) -> usize {
    let board = pos.board();
    let n = board.len();
    let mut in_block = vec![false; n];
    for s in pos.group(x) {
        in_block[s.index()] = true;
    }
    let is_liberty = |q: Point| board.neighbors(q).iter().any(|&t| in_block[t.index()]);
    // Region label per point: 0 = not visited, k = visited by the k-th flood.
    let mut label = vec![0u32; n];
    let mut stack = Vec::new();
    let mut vital = 0;
    let mut id = 0u32;
    for lib in pos.liberties(x) {
        if label[lib.index()] != 0 {
            continue;
        }
        id += 1;
        label[lib.index()] = id;
        stack.clear();
        stack.push(lib);
        let mut ok = true;
        'flood: while let Some(q) = stack.pop() {
            if pos.color(q).is_none() && !is_liberty(q) {
                ok = false;
                break;
            }
            for &t in board.neighbors(q) {
                if pos.color(t) == Some(color) {
                    continue;
                }
                match label[t.index()] {
                    0 => {
                        label[t.index()] = id;
                        stack.push(t);
                    }
                    l if l != id => {
                        // Part of a region an earlier flood gave up on: not vital.
                        ok = false;
                        break 'flood;
                    }
                    _ => {}
                }
            }
        }
        if ok {
            vital += 1;
            if vital >= 2 {
                return 2;
            }
        }
    }
    vital
}
