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

/// The X-enclosed regions of `color` (Benson 1976): the components of the points not
/// occupied by `color`, each with its points.
pub(crate) fn enclosed_regions(pos: &Position, color: Color) -> Vec<Vec<Point>> {
    const NONE: usize = usize::MAX;
    let board = pos.board();
    let n = board.len();
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
    regions
}

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
    let regions = enclosed_regions(pos, color);

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
    vital_and_alive(pos, x).1
}

/// How many regions are vital to the block of `x`, counted up to 2 (0 on an empty
/// point): the first test of [`is_unconditionally_alive`] alone, without the fixed
/// point.
pub fn vital_regions_up_to_two(pos: &Position, x: Point) -> usize {
    pos.color(x)
        .map_or(0, |c| count_vital_regions_up_to_two(pos, x, c))
}

/// [`is_unconditionally_alive`] with what its first test found on the way: how many
/// regions are vital to the block of `x`, counted up to 2 (0 on an empty point). The
/// prover takes the count as a hint of how far the group is from two eyes.
pub fn vital_and_alive(pos: &Position, x: Point) -> (usize, bool) {
    let Some(c) = pos.color(x) else {
        return (0, false);
    };
    let vital = count_vital_regions_up_to_two(pos, x, c);
    (vital, vital >= 2 && alive_near(pos, x, c))
}

/// The fixed point restricted to the blocks that matter to the block of `x`: start from
/// it, add every block touching a region vital to a block already taken, and run
/// Benson's fixed point on those blocks and their vital regions only. Same answer as the
/// whole board's: the blocks alive in the whole board's fixed point that are reached
/// from `x` through regions vital to them, with those regions, satisfy the restricted
/// conditions; and the restricted fixed point satisfies the whole board's (every block
/// touching a region kept is in the set, since the region is vital to a block of it).
fn alive_near(pos: &Position, x: Point, color: Color) -> bool {
    NEAR.with(|sc| alive_near_with(pos, x, color, &mut sc.borrow_mut()))
}

/// Buffers of [`alive_near`], kept per thread like [`FloodScratch`]. Per point a block
/// number and a region label, valid where their stamp is the current call's; the lists
/// of each region and block are slices of one vector each (a region is flooded whole
/// before the next, a block's vital regions listed whole before the next block's).
#[derive(Default)]
struct NearScratch {
    stamp: u32,
    block_stamp: Vec<u32>,
    block_no: Vec<u32>,
    region_stamp: Vec<u32>,
    region_of: Vec<u32>,
    blocks: Vec<Point>,
    /// Region r's empty points: `empties[empty_start[r]..empty_start[r + 1]]`.
    empties: Vec<Point>,
    empty_start: Vec<u32>,
    /// Region r's touching blocks (their group ids), likewise.
    touch: Vec<Point>,
    touch_start: Vec<u32>,
    /// Block i's vital regions: `vital[vital_start[i]..vital_start[i + 1]]`.
    vital: Vec<u32>,
    vital_start: Vec<u32>,
    stack: Vec<Point>,
    block_alive: Vec<bool>,
    region_dead: Vec<bool>,
}

thread_local! {
    static NEAR: std::cell::RefCell<NearScratch> = std::cell::RefCell::default();
}

fn alive_near_with(pos: &Position, x: Point, color: Color, sc: &mut NearScratch) -> bool {
    let board = pos.board();
    let n = board.len();
    if sc.block_stamp.len() != n || sc.stamp == u32::MAX {
        sc.block_stamp = vec![0; n];
        sc.block_no = vec![0; n];
        sc.region_stamp = vec![0; n];
        sc.region_of = vec![0; n];
        sc.stamp = 0;
    }
    sc.stamp += 1;
    let stamp = sc.stamp;
    let NearScratch {
        block_stamp,
        block_no,
        region_stamp,
        region_of,
        blocks,
        empties,
        empty_start,
        touch,
        touch_start,
        vital,
        vital_start,
        stack,
        block_alive,
        region_dead,
        ..
    } = sc;
    blocks.clear();
    empties.clear();
    empty_start.clear();
    empty_start.push(0);
    touch.clear();
    touch_start.clear();
    touch_start.push(0);
    vital.clear();
    vital_start.clear();
    vital_start.push(0);
    let head = |q: Point| pos.group_id(q).unwrap_or(q);
    let x_head = head(x);
    block_stamp[x_head.index()] = stamp;
    block_no[x_head.index()] = 0;
    blocks.push(x_head);
    let mut next = 0;
    while next < blocks.len() {
        let b = blocks[next];
        next += 1;
        // This block's regions, listed at the end of `vital` and filtered below.
        let mine_start = vital.len();
        for s in pos.group(b) {
            for &q in board.neighbors(s) {
                if pos.color(q) == Some(color) {
                    continue;
                }
                let r = if region_stamp[q.index()] == stamp {
                    region_of[q.index()]
                } else {
                    // Flood the region of q.
                    let r = (empty_start.len() - 1) as u32;
                    region_stamp[q.index()] = stamp;
                    region_of[q.index()] = r;
                    let touch_from = touch.len();
                    stack.clear();
                    stack.push(q);
                    while let Some(t) = stack.pop() {
                        if pos.color(t).is_none() {
                            empties.push(t);
                        }
                        for &u in board.neighbors(t) {
                            if pos.color(u) == Some(color) {
                                let h = head(u);
                                if !touch[touch_from..].contains(&h) {
                                    touch.push(h);
                                }
                            } else if region_stamp[u.index()] != stamp {
                                region_stamp[u.index()] = stamp;
                                region_of[u.index()] = r;
                                stack.push(u);
                            }
                        }
                    }
                    empty_start.push(empties.len() as u32);
                    touch_start.push(touch.len() as u32);
                    r
                };
                if !vital[mine_start..].contains(&r) {
                    vital.push(r);
                }
            }
        }
        // Keep the vital ones, and take the blocks touching them.
        let mut keep = mine_start;
        for i in mine_start..vital.len() {
            let r = vital[i] as usize;
            let region = &empties[empty_start[r] as usize..empty_start[r + 1] as usize];
            let is_vital = region.iter().all(|&e| {
                board
                    .neighbors(e)
                    .iter()
                    .any(|&t| pos.color(t) == Some(color) && head(t) == b)
            });
            if is_vital {
                vital[keep] = vital[i];
                keep += 1;
            }
        }
        vital.truncate(keep);
        for &r in &vital[mine_start..] {
            let r = r as usize;
            for &t in &touch[touch_start[r] as usize..touch_start[r + 1] as usize] {
                if block_stamp[t.index()] != stamp {
                    block_stamp[t.index()] = stamp;
                    block_no[t.index()] = blocks.len() as u32;
                    blocks.push(t);
                }
            }
        }
        vital_start.push(vital.len() as u32);
    }
    // The fixed point on these blocks and their vital regions.
    let regions = empty_start.len() - 1;
    block_alive.clear();
    block_alive.resize(blocks.len(), true);
    region_dead.clear();
    region_dead.resize(regions, false);
    loop {
        let mut changed = false;
        for (i, alive) in block_alive.iter_mut().enumerate() {
            let mine = &vital[vital_start[i] as usize..vital_start[i + 1] as usize];
            if *alive && mine.iter().filter(|&&r| !region_dead[r as usize]).count() < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, dead) in region_dead.iter_mut().enumerate() {
            let touching = &touch[touch_start[r] as usize..touch_start[r + 1] as usize];
            if !*dead
                && touching.iter().any(|t| {
                    block_stamp[t.index()] == stamp && !block_alive[block_no[t.index()] as usize]
                })
            {
                *dead = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    block_alive[0]
}

/// Buffers of [`count_vital_regions_up_to_two`], kept per thread: the search calls it on
/// every new position, and allocating them each time was most of its cost.
#[derive(Default)]
struct FloodScratch {
    /// Flood label per point; labels at or below `base` are from earlier calls.
    label: Vec<u32>,
    /// The labels an earlier call used end here.
    base: u32,
    stack: Vec<Point>,
}

thread_local! {
    static FLOOD: std::cell::RefCell<FloodScratch> = std::cell::RefCell::default();
}

/// How many regions vital to the block of `x` (colour `color`) there are, counting to 2.
fn count_vital_regions_up_to_two(pos: &Position, x: Point, color: Color) -> usize {
    FLOOD.with(|f| {
        let mut f = f.borrow_mut();
        let n = pos.board().len();
        // A fresh range of labels for this call (each flood of it takes one): stale
        // labels are all at or below `base`. Cleared when the range could run out.
        let libs = pos.liberties(x);
        if f.label.len() != n || f.base > u32::MAX - 2 * n as u32 - 2 {
            f.label.clear();
            f.label.resize(n, 0);
            f.base = 0;
        }
        let base = f.base;
        f.base += libs.len() as u32 + 1;
        let FloodScratch { label, stack, .. } = &mut *f;
        count_vital_with(pos, x, color, &libs, base, label, stack)
    })
}

/// [`count_vital_regions_up_to_two`] with its buffers: `label` holds no label above
/// `base`, and the floods use `base + 1, base + 2, …`.
fn count_vital_with(
    pos: &Position,
    x: Point,
    color: Color,
    libs: &[Point],
    base: u32,
    label: &mut [u32],
    stack: &mut Vec<Point>,
) -> usize {
    let board = pos.board();
    let head = pos.group_id(x);
    let is_liberty = |q: Point| board.neighbors(q).iter().any(|&t| pos.group_id(t) == head);
    let mut vital = 0;
    let mut id = base;
    for &lib in libs {
        if label[lib.index()] > base {
            continue;
        }
        id += 1;
        label[lib.index()] = id;
        stack.clear();
        stack.push(lib);
        let mut ok = true;
        // Each empty point is judged as it is met, before the flood goes on through the
        // stones: a region that fails fails at its first empty point not a liberty,
        // without walking the opponent's walls first.
        'flood: while let Some(q) = stack.pop() {
            for &t in board.neighbors(q) {
                if pos.color(t) == Some(color) {
                    continue;
                }
                let l = label[t.index()];
                if l <= base {
                    if pos.color(t).is_none() && !is_liberty(t) {
                        ok = false;
                        break 'flood;
                    }
                    label[t.index()] = id;
                    stack.push(t);
                } else if l != id {
                    // Part of a region an earlier flood gave up on: not vital.
                    ok = false;
                    break 'flood;
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
