//! Safety under alternating play: Benson's test (Benson 1976) with one more kind of
//! region, the *answerable* eye (after Müller, *Playing it safe: recognizing secure
//! territories in computer Go by using static rules and search*, 1997: a region is safe
//! when the defender can answer every intrusion in it). Stated and proven in
//! `docs/design/safety.md`.
//!
//! For a colour X (the defender), with Benson's blocks and X-enclosed regions:
//! - a region r is *vital* to a block b when every empty point of r is a liberty of b
//!   (Benson);
//! - r is *answerable* when it has at most [`MAX_ANSWERABLE`] points, an empty liberty
//!   of each block touching it, and for every empty point p of r that the opponent can
//!   play without suicide, an empty point q of r next to one of those blocks such that
//!   after p then q (φ, no ko) each block touching the rest of r has a part of it (a
//!   component) whose every empty point is its liberty;
//! - r is *two-way* for b (Müller's miai of two ways to make an eye) when it holds two
//!   disjoint eye-making options (q₁, s₁), (q₂, s₂) with b next to q₁ and q₂: after X
//!   plays qᵢ the pocket sᵢ, a component of r ∖ {qᵢ}, is vital to the block qᵢ makes; the
//!   attacker takes one, the defender the other (any region size; pockets up to
//!   [`MAX_POCKET`] points);
//! - a region is *good* for b when it is vital to b, answerable and touching b, or
//!   two-way for b;
//! - the fixed point is Benson's, with "good" for "vital": remove every block with fewer
//!   than two good regions left, and every region touching a removed block, until
//!   nothing changes.
//!
//! The blocks left are alive for every α whoever moves, in Crăşmaru's model and under the
//! basic ko rule: the defender answers an intrusion p into an answerable region by its q
//! (after which the region's parts are vital), an intrusion into one option of a
//! two-way region by the other option's point, and passes otherwise. Every block kept has
//! two good regions, each with an empty liberty of it, whenever the attacker is to move.
//!
//! [`is_safely_alive`] is the fast path (Benson's test first, then the fixed point on
//! the whole board); [`safely_alive_plain`] below it is the plain one, written from the
//! definition alone, and the tests hold them to each other and to the exact solver.

use crate::benson;
use crate::board::Point;
use crate::position::{Color, Move, Played, Position};

/// The largest region (stones of the opponent included) tried as an answerable eye.
pub const MAX_ANSWERABLE: usize = 8;

const NONE: usize = usize::MAX;

/// The blocks and regions of `color` on `pos`, with which regions are good to which
/// block.
struct Structure {
    /// Block number per point (`NONE` off the colour's stones).
    block_of: Vec<usize>,
    /// Each block's stones.
    blocks: Vec<Vec<Point>>,
    /// Each region's points.
    regions: Vec<Vec<Point>>,
    /// Each region's touching blocks.
    touches: Vec<Vec<usize>>,
    /// Each region's blocks it is good for.
    good_for: Vec<Vec<usize>>,
}

fn structure(pos: &Position, color: Color, use_two_way: bool) -> Structure {
    let board = pos.board();
    let n = board.len();
    let mut block_of = vec![NONE; n];
    let mut blocks: Vec<Vec<Point>> = Vec::new();
    for head in pos.groups() {
        if pos.color(head) == Some(color) {
            let b = blocks.len();
            let stones: Vec<Point> = pos.group(head).collect();
            for &s in &stones {
                block_of[s.index()] = b;
            }
            blocks.push(stones);
        }
    }
    let regions = crate::benson::enclosed_regions(pos, color);
    let mut touches = Vec::with_capacity(regions.len());
    let mut good_for = Vec::with_capacity(regions.len());
    for members in &regions {
        let mut adj: Vec<usize> = Vec::new();
        for &q in members {
            for &t in board.neighbors(q) {
                let b = block_of[t.index()];
                if b != NONE && !adj.contains(&b) {
                    adj.push(b);
                }
            }
        }
        let mut good = Vec::new();
        for &b in &adj {
            let liberty = |q: Point| board.neighbors(q).iter().any(|&t| block_of[t.index()] == b);
            // Vital (Benson): every empty point of the region is a liberty of b.
            let vital = members
                .iter()
                .filter(|&&q| pos.color(q).is_none())
                .all(|&q| liberty(q));
            if vital {
                good.push(b);
            }
        }
        // Answerable (definition 2): good for every block touching it.
        if good.len() < adj.len() {
            let heads: Vec<Point> = adj.iter().map(|&b| blocks[b][0]).collect();
            if answerable(pos, color, members, &heads) {
                good.clone_from(&adj);
            }
        }
        // Two-way (definition 5): good for the blocks next to both points of its pair.
        if use_two_way && good.len() < adj.len() {
            for h in two_way(pos, color, members).into_iter().flatten() {
                let b = block_of[h.index()];
                if !good.contains(&b) {
                    good.push(b);
                }
            }
        }
        touches.push(adj);
        good_for.push(good);
    }
    Structure {
        block_of,
        blocks,
        regions,
        touches,
        good_for,
    }
}

/// Whether `region` (touched by the blocks of colour `color` with a stone in `heads`,
/// one each) is answerable (safety.md, definition 2): at most [`MAX_ANSWERABLE`] points,
/// an empty liberty of each block, and every intrusion p answered by an empty q next to
/// one of the blocks, after which each block touching the region has a part of the
/// region vital to it.
fn answerable(pos: &Position, color: Color, region: &[Point], heads: &[Point]) -> bool {
    if region.len() > MAX_ANSWERABLE {
        return false;
    }
    let board = pos.board();
    let block_at = |p: &Position, t: Point| p.color(t) == Some(color);
    // Condition 3: an empty liberty of each block in the region.
    let liberty_of = |p: &Position, q: Point, head: Point| {
        board
            .neighbors(q)
            .iter()
            .any(|&t| block_at(p, t) && p.group_id(t) == p.group_id(head))
    };
    if !heads.iter().all(|&h| {
        region
            .iter()
            .any(|&q| pos.color(q).is_none() && liberty_of(pos, q, h))
    }) {
        return false;
    }
    let next_to_blocks = |q: Point| board.neighbors(q).iter().any(|&t| block_at(pos, t));
    let attacker = color.opponent();
    let start = pos.with_ko_rule(false).with_to_move(attacker);
    for &p in region.iter().filter(|&&q| pos.color(q).is_none()) {
        let mut after_p = start.clone();
        match after_p.play_in_place(Move::Play(p)) {
            Played::Stone { .. } => {}
            // A suicide changes nothing: no answer needed.
            _ => continue,
        }
        // An intrusion that captures a block is never answered (in the fixed point each
        // block keeps a liberty in another good region, so this cannot happen there).
        if heads.iter().any(|&h| after_p.color(h) != Some(color)) {
            return false;
        }
        let answered = region.iter().any(|&q| {
            if after_p.color(q).is_some() || !next_to_blocks(q) {
                return false;
            }
            let mut after_q = after_p.clone();
            if !matches!(after_q.play_in_place(Move::Play(q)), Played::Stone { .. }) {
                return false;
            }
            parts_vital_to_each_block(&after_q, color, region)
        });
        if !answered {
            return false;
        }
    }
    true
}

/// Whether each block of `color` touching the points of `region` not of `color` has a
/// part of them (a connected component) whose every empty point is its liberty.
fn parts_vital_to_each_block(p: &Position, color: Color, region: &[Point]) -> bool {
    let board = p.board();
    let open: Vec<Point> = region
        .iter()
        .copied()
        .filter(|&q| p.color(q) != Some(color))
        .collect();
    // The parts: components of `open`.
    let mut part = vec![usize::MAX; open.len()];
    let mut parts = 0;
    for i in 0..open.len() {
        if part[i] != usize::MAX {
            continue;
        }
        part[i] = parts;
        let mut stack = vec![i];
        while let Some(k) = stack.pop() {
            for &t in board.neighbors(open[k]) {
                if let Some(j) = open.iter().position(|&o| o == t) {
                    if part[j] == usize::MAX {
                        part[j] = parts;
                        stack.push(j);
                    }
                }
            }
        }
        parts += 1;
    }
    let mut heads: Vec<Option<Point>> = Vec::new();
    for &q in &open {
        for &t in board.neighbors(q) {
            if p.color(t) == Some(color) && !heads.contains(&p.group_id(t)) {
                heads.push(p.group_id(t));
            }
        }
    }
    let liberty = |q: Point, h: Option<Point>| {
        board
            .neighbors(q)
            .iter()
            .any(|&t| p.color(t) == Some(color) && p.group_id(t) == h)
    };
    heads.iter().all(|&h| {
        (0..parts).any(|k| {
            let members: Vec<Point> = (0..open.len())
                .filter(|&i| part[i] == k)
                .map(|i| open[i])
                .collect();
            members.iter().any(|&q| {
                board
                    .neighbors(q)
                    .iter()
                    .any(|&t| p.color(t) == Some(color) && p.group_id(t) == h)
            }) && members
                .iter()
                .filter(|&&q| p.color(q).is_none())
                .all(|&q| liberty(q, h))
        })
    })
}

/// The largest pocket `s` tried as the eye of an eye-making option (a bound on cost, not
/// on soundness).
pub const MAX_POCKET: usize = 8;

/// An eye-making option of a region (safety.md, definition 5): an empty point `q` of the
/// region and a pocket `s`, a component of the region's points other than `q`, all
/// empty, each next to `q` or to a stone of a block next to `q`; after X plays `q`, `s`
/// is a region vital to the block `q` makes.
struct EyeOption {
    q: Point,
    s: Vec<Point>,
}

/// The eye-making options at `q` (an empty point of a region of `color`), one per pocket
/// of at most [`MAX_POCKET`] points.
fn options_at(pos: &Position, color: Color, q: Point) -> Vec<EyeOption> {
    let board = pos.board();
    let heads: Vec<Option<Point>> = board
        .neighbors(q)
        .iter()
        .filter(|&&t| pos.color(t) == Some(color))
        .map(|&t| pos.group_id(t))
        .collect();
    if heads.is_empty() {
        return Vec::new();
    }
    // Next to the block X makes at q: next to q or to a stone of a block next to q.
    let near = |t: Point| {
        board
            .neighbors(t)
            .iter()
            .any(|&u| u == q || (pos.color(u) == Some(color) && heads.contains(&pos.group_id(u))))
    };
    let mut out: Vec<EyeOption> = Vec::new();
    for &start in board.neighbors(q) {
        if pos.color(start) == Some(color) || out.iter().any(|o| o.s.contains(&start)) {
            continue;
        }
        let mut s = vec![start];
        let mut i = 0;
        let mut ok = true;
        while ok && i < s.len() {
            let t = s[i];
            i += 1;
            ok = pos.color(t).is_none() && near(t);
            for &u in board.neighbors(t) {
                if ok && u != q && pos.color(u) != Some(color) && !s.contains(&u) {
                    s.push(u);
                    ok = s.len() <= MAX_POCKET;
                }
            }
        }
        if ok {
            out.push(EyeOption { q, s });
        }
    }
    out
}

/// The blocks (their heads) for which `region` of `color` is *two-way* (safety.md,
/// definition 5; Müller 1997's miai of two ways to make an eye): of the pairs of
/// eye-making options with disjoint points (q₁ ∪ s₁ and q₂ ∪ s₂), the first with the
/// most blocks next to both q₁ and q₂; those blocks. Empty when there is no such pair, or
/// when the region is vital to a block not among them.
fn two_way(pos: &Position, color: Color, region: &[Point]) -> Vec<Option<Point>> {
    let board = pos.board();
    let options: Vec<EyeOption> = region
        .iter()
        .filter(|&&q| pos.color(q).is_none())
        .flat_map(|&q| options_at(pos, color, q))
        .collect();
    let heads_at = |q: Point| -> Vec<Option<Point>> {
        board
            .neighbors(q)
            .iter()
            .filter(|&&t| pos.color(t) == Some(color))
            .map(|&t| pos.group_id(t))
            .collect()
    };
    let mut best: Vec<Option<Point>> = Vec::new();
    for (i, a) in options.iter().enumerate() {
        for b in &options[i + 1..] {
            let meets = |o: &EyeOption, t: Point| o.q == t || o.s.contains(&t);
            if meets(a, b.q) || b.s.iter().any(|&t| meets(a, t)) {
                continue;
            }
            let at_b = heads_at(b.q);
            let mut both: Vec<Option<Point>> = heads_at(a.q)
                .into_iter()
                .filter(|h| at_b.contains(h))
                .collect();
            both.sort_unstable();
            both.dedup();
            if both.len() > best.len() {
                best = both;
            }
        }
    }
    // Every block the region is vital to must be among them (else the defender's reply
    // may capture stones and leave such a block's part of r no longer vital).
    let liberty_of = |q: Point, h: Option<Point>| {
        board
            .neighbors(q)
            .iter()
            .any(|&t| pos.color(t) == Some(color) && pos.group_id(t) == h)
    };
    for h in region.iter().flat_map(|&q| heads_at(q)) {
        let vital = region
            .iter()
            .filter(|&&q| pos.color(q).is_none())
            .all(|&q| liberty_of(q, h));
        if vital && !best.contains(&h) {
            return Vec::new();
        }
    }
    best
}

/// Whether the block of `x` (of colour `color`) has an empty liberty `q` with an
/// eye-making option at `q` ([`options_at`]), counted up to `limit`.
fn option_liberties(pos: &Position, x: Point, color: Color, limit: usize) -> usize {
    let mut n = 0;
    for q in pos.liberties(x) {
        if !options_at(pos, color, q).is_empty() {
            n += 1;
            if n == limit {
                break;
            }
        }
    }
    n
}

/// Benson's fixed point over good regions: which blocks stay.
fn fixed_point(s: &Structure) -> (Vec<bool>, Vec<bool>) {
    let mut block_alive = vec![true; s.blocks.len()];
    let mut region_alive = vec![true; s.regions.len()];
    loop {
        let mut changed = false;
        let mut good_count = vec![0usize; s.blocks.len()];
        for (r, bs) in s.good_for.iter().enumerate() {
            if region_alive[r] {
                for &b in bs {
                    good_count[b] += 1;
                }
            }
        }
        for (b, alive) in block_alive.iter_mut().enumerate() {
            if *alive && good_count[b] < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, alive) in region_alive.iter_mut().enumerate() {
            if *alive && s.touches[r].iter().any(|&b| !block_alive[b]) {
                *alive = false;
                changed = true;
            }
        }
        if !changed {
            return (block_alive, region_alive);
        }
    }
}

/// For each point: `true` for the stones of `color` whose block is safe under
/// alternating play (this module's fixed point), `false` elsewhere. Every stone Benson's
/// test calls alive is among them.
pub fn safely_alive(pos: &Position, color: Color) -> Vec<bool> {
    safe_stones(pos, color, true)
}

/// [`safely_alive`] with two-way regions (definition 5) counted or not: without, the
/// test as it was before them, kept for the tests' comparison.
pub fn safe_stones(pos: &Position, color: Color, use_two_way: bool) -> Vec<bool> {
    let s = structure(pos, color, use_two_way);
    let (alive, _) = fixed_point(&s);
    s.block_of.iter().map(|&b| b != NONE && alive[b]).collect()
}

/// Whether `x` holds a stone whose block is safe under alternating play: Benson's test
/// first (its fast path), then the whole fixed point. `false` on an empty point and on a
/// block with fewer than two liberties.
pub fn is_safely_alive(pos: &Position, x: Point) -> bool {
    let Some(c) = pos.color(x) else {
        return false;
    };
    if pos.liberty_count_up_to(x, 2) < 2 {
        return false;
    }
    let (vital, benson) = benson::vital_and_alive(pos, x);
    benson || beyond_benson(pos, x, c, vital)
}

/// The fixed point for `x` (of colour `color`) once Benson's test has failed, given
/// how many regions are vital to its block (`vital`, counted up to 2 as
/// [`benson::vital_and_alive`] gives it). First a necessary test: the block needs two
/// good regions, each next to it, so `vital` and its small regions that are not vital
/// (the only others that may be answerable) must make two.
pub fn beyond_benson(pos: &Position, x: Point, color: Color, vital: usize) -> bool {
    // A two-way region holds two liberties of the block with an eye-making option.
    let small = small_lone_regions(pos, x, color);
    if vital + small < 2 && vital + small + option_liberties(pos, x, color, 4) / 2 < 2 {
        return false;
    }
    safely_alive(pos, color)[x.index()]
}

/// How many regions next to the block of `x` have at most [`MAX_ANSWERABLE`] points and
/// an empty point that is not a liberty of it (so not vital), counted up to 2.
fn small_lone_regions(pos: &Position, x: Point, color: Color) -> usize {
    let board = pos.board();
    let head = pos.group_id(x);
    let mine = |t: Point| pos.color(t) == Some(color) && pos.group_id(t) == head;
    let mut seen: Vec<Point> = Vec::new();
    let mut count = 0;
    for lib in pos.liberties(x) {
        if seen.contains(&lib) {
            continue;
        }
        let mut members = vec![lib];
        seen.push(lib);
        let mut i = 0;
        let mut ok = true;
        let mut vital = true;
        while i < members.len() && ok {
            let q = members[i];
            i += 1;
            if pos.color(q).is_none() && !board.neighbors(q).iter().any(|&t| mine(t)) {
                vital = false;
            }
            for &t in board.neighbors(q) {
                if pos.color(t) == Some(color) {
                    continue;
                } else if !members.contains(&t) {
                    members.push(t);
                    seen.push(t);
                    ok &= members.len() <= MAX_ANSWERABLE;
                }
            }
        }
        if ok && !vital {
            count += 1;
            if count == 2 {
                return 2;
            }
        }
    }
    count
}

/// The zone of a safe leaf at `x`, when [`is_safely_alive`] holds: the kept blocks and
/// regions reached from the block of `x` through kept regions, each block and region
/// whole, and their neighbours (the same shape as a Benson leaf's). `None` when `x` is
/// not safe. Sorted by point index.
pub fn safe_zone(pos: &Position, x: Point) -> Option<Vec<Point>> {
    let c = pos.color(x)?;
    let s = structure(pos, c, true);
    let (block_alive, region_alive) = fixed_point(&s);
    let start = s.block_of[x.index()];
    if !block_alive[start] {
        return None;
    }
    let board = pos.board();
    let mut in_zone = vec![false; board.len()];
    let mut block_seen = vec![false; s.blocks.len()];
    let mut region_seen = vec![false; s.regions.len()];
    let mut todo = vec![start];
    block_seen[start] = true;
    while let Some(b) = todo.pop() {
        for &stone in &s.blocks[b] {
            in_zone[stone.index()] = true;
        }
        for (r, touching) in s.touches.iter().enumerate() {
            if region_seen[r] || !region_alive[r] || !touching.contains(&b) {
                continue;
            }
            region_seen[r] = true;
            for &q in &s.regions[r] {
                in_zone[q.index()] = true;
            }
            for &other in touching {
                if !block_seen[other] {
                    block_seen[other] = true;
                    todo.push(other);
                }
            }
        }
    }
    let core: Vec<Point> = board.points().filter(|q| in_zone[q.index()]).collect();
    for q in core {
        for &t in board.neighbors(q) {
            in_zone[t.index()] = true;
        }
    }
    Some(board.points().filter(|q| in_zone[q.index()]).collect())
}

/// The plain path, for the tests: the same definition written without Benson's fast
/// path, the liberty shortcut or the block numbering, from groups and flood fills
/// recomputed at every step. Answers as [`is_safely_alive`] does.
pub fn safely_alive_plain(pos: &Position, x: Point) -> bool {
    let Some(color) = pos.color(x) else {
        return false;
    };
    let board = pos.board();
    let same_block = |a: Point, b: Point| pos.group_id(a) == pos.group_id(b);
    let mut blocks: Vec<Point> = pos
        .groups()
        .filter(|&h| pos.color(h) == Some(color))
        .collect();
    // Regions as sets of points, found by flooding non-`color` points.
    let region_of = |start: Point| -> Vec<Point> {
        let mut seen = vec![start];
        let mut i = 0;
        while i < seen.len() {
            for &t in board.neighbors(seen[i]) {
                if pos.color(t) != Some(color) && !seen.contains(&t) {
                    seen.push(t);
                }
            }
            i += 1;
        }
        seen.sort_unstable();
        seen
    };
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        if pos.color(p) != Some(color) && !regions.iter().any(|r| r.contains(&p)) {
            regions.push(region_of(p));
        }
    }
    let touching = |r: &[Point]| -> Vec<Point> {
        blocks_touching(pos, color, r)
            .into_iter()
            .filter(|h| pos.color(*h) == Some(color))
            .collect()
    };
    let good = |r: &[Point], b: Point| -> bool {
        let is_lib = |q: Point| {
            board
                .neighbors(q)
                .iter()
                .any(|&t| pos.color(t) == Some(color) && same_block(t, b))
        };
        let vital = r.iter().all(|&q| pos.color(q).is_some() || is_lib(q));
        let heads = touching(r);
        vital
            || (heads.iter().any(|&h| same_block(h, b)) && answerable(pos, color, r, &heads))
            || two_way(pos, color, r).contains(&pos.group_id(b))
    };
    loop {
        let before = (blocks.len(), regions.len());
        blocks.retain(|&b| regions.iter().filter(|r| good(r, b)).count() >= 2);
        regions.retain(|r| {
            touching(r)
                .iter()
                .all(|&h| blocks.iter().any(|&b| same_block(b, h)))
        });
        if (blocks.len(), regions.len()) == before {
            break;
        }
    }
    blocks.iter().any(|&b| same_block(b, x))
}

/// The group heads of `color`'s blocks with a stone next to a point of `r`.
fn blocks_touching(pos: &Position, color: Color, r: &[Point]) -> Vec<Point> {
    let mut heads: Vec<Point> = Vec::new();
    for &q in r {
        for &t in pos.board().neighbors(q) {
            if pos.color(t) == Some(color) {
                let h = pos.group_id(t).unwrap_or(t);
                if !heads.contains(&h) {
                    heads.push(h);
                }
            }
        }
    }
    heads
}
