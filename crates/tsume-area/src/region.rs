//! Which points of the whole board are in play: the regions of the crate docs.

use std::collections::VecDeque;

use tsume_board::{Board, Point, Position};

use crate::{AreaError, RegionSpec};

/// The points of `spec`'s region around `target`, in index order; notes on how the box
/// was chosen go to `notes`.
pub(crate) fn region(
    full: &Position,
    target: Point,
    spec: &RegionSpec,
    notes: &mut Vec<String>,
) -> Result<Vec<Point>, AreaError> {
    let mut auto = |rule| auto_region(full, target, rule, notes);
    Ok(match spec {
        RegionSpec::Board => full.board().points().collect(),
        RegionSpec::Auto => auto(AreaRule::Walled),
        RegionSpec::Grown => auto(AreaRule::Grown),
        RegionSpec::Tight => auto(AreaRule::Tight),
        RegionSpec::Points(list) => listed_region(full, target, list)?,
    })
}

/// An attacker group next to the area with at most this many liberties may be captured
/// in a race: its liberties and the defender groups on its other side join the area
/// (`Auto`).
const RACE_LIBERTIES: usize = 3;

/// How [`auto_region`] bounds the area.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum AreaRule {
    /// [`RegionSpec::Grown`].
    Grown,
    /// [`RegionSpec::Tight`].
    Tight,
    /// [`RegionSpec::Auto`]: ends at the attacker's wall, with race partners.
    Walled,
}

/// Stones this close (in lines, both ways: the Chebyshev distance) to a stone of the
/// target's cluster join it ([`local_cluster`]).
const CLUSTER_REACH: u32 = 3;

/// The target's cluster: its stones, then every stone within [`CLUSTER_REACH`] lines of a
/// stone already in, to closure. A problem file's stones are one cluster; on a whole board
/// the cluster is the fight around the target, not every stone of the game.
pub(crate) fn local_cluster(full: &Position, target: Point) -> Vec<bool> {
    let board = full.board();
    let mut inc = vec![false; board.len()];
    let stones: Vec<(Point, u32, u32)> = board
        .points()
        .filter(|&p| full.color(p).is_some())
        .filter_map(|p| board.xy(p).map(|(x, y)| (p, x, y)))
        .collect();
    let mut queue: Vec<Point> = full.group(target).collect();
    for &p in &queue {
        inc[p.index()] = true;
    }
    while let Some(p) = queue.pop() {
        let Some((x, y)) = board.xy(p) else { continue };
        for &(q, qx, qy) in &stones {
            if !inc[q.index()] && x.abs_diff(qx) <= CLUSTER_REACH && y.abs_diff(qy) <= CLUSTER_REACH
            {
                inc[q.index()] = true;
                queue.push(q);
            }
        }
    }
    inc
}

/// A cluster's area is enclosed when at most half of its edge (its points with a
/// neighbour on the board outside it) is empty points: (empty edge points, edge points).
/// Where more is open, the question is whether the target escapes, which a part of the
/// board cannot answer, and [`auto_region`] takes the box of all stones instead.
fn open_edge(full: &Position, region: &[Point]) -> (usize, usize) {
    let board = full.board();
    let mut inr = vec![false; board.len()];
    for &p in region {
        inr[p.index()] = true;
    }
    let (mut edge, mut open) = (0usize, 0usize);
    for &p in region {
        if on_edge(board, p, |q| inr[q.index()]) {
            edge += 1;
            open += usize::from(full.color(p).is_none());
        }
    }
    (open, edge)
}

/// Whether the region's point `p` has a neighbour on the board outside the region
/// (`in_region` says which points are in): its edge, where walls touch the outside and
/// the frame is.
pub(crate) fn on_edge(board: &Board, p: Point, in_region: impl Fn(Point) -> bool) -> bool {
    board.neighbors(p).iter().any(|&q| !in_region(q))
}

/// The `Auto`, `Grown` and `Tight` regions of the crate docs, in index order.
fn auto_region(
    full: &Position,
    target: Point,
    rule: AreaRule,
    notes: &mut Vec<String>,
) -> Vec<Point> {
    if rule == AreaRule::Walled {
        let local = local_cluster(full, target);
        let board = full.board();
        let stones = board.points().filter(|&p| full.color(p).is_some());
        let (mut near, mut far) = (0usize, 0usize);
        for p in stones {
            if local[p.index()] {
                near += 1;
            } else {
                far += 1;
            }
        }
        if far > 0 {
            let region = region_in_box(full, target, rule, Some(&local));
            let (open, edge) = open_edge(full, &region);
            if 2 * open <= edge {
                notes.push(format!(
                    "area: the box of the target's cluster ({near} stones within three lines \
                     of each other); {far} stones farther away are not in play"
                ));
                return region;
            }
            notes.push(format!(
                "area: the target's cluster ({near} stones) is open ({open} of the {edge} \
                 points on its area's edge are empty: the group may run away), so the box \
                 of all stones is in play; --region gives the area by hand"
            ));
        }
    }
    region_in_box(full, target, rule, None)
}

/// The region of [`auto_region`] inside the box of the stones marked in `local` (all
/// stones when `None`).
fn region_in_box(
    full: &Position,
    target: Point,
    rule: AreaRule,
    local: Option<&[bool]>,
) -> Vec<Point> {
    let board = full.board();
    let bbox = area_box(full, target, rule, local);
    let in_box = |p: Point| -> bool {
        match (bbox, board.xy(p)) {
            (Some((x0, y0, x1, y1)), Some((x, y))) => x >= x0 && y >= y0 && x <= x1 && y <= y1,
            _ => true,
        }
    };
    let (mut inr, mut attackers) = flood(full, target, &in_box);
    if rule == AreaRule::Walled {
        race_partners(full, target, &in_box, &mut inr, &mut attackers);
    }
    for a in attackers {
        if !inr[a.index()] {
            for s in full.group(a) {
                inr[s.index()] = true;
            }
        }
    }
    take_pockets(board, &in_box, &mut inr);
    board.points().filter(|p| inr[p.index()]).collect()
}

/// A box of lines on a grid: the first and last column, the first and last row.
type Bounds = (u32, u32, u32, u32);

/// The box B of the crate docs: the bounding box of the stones (of the target's cluster
/// when `local` is given), then grown or snapped by the rule; None off grids (no box:
/// every point is inside).
fn area_box(
    full: &Position,
    target: Point,
    rule: AreaRule,
    local: Option<&[bool]>,
) -> Option<Bounds> {
    let board = full.board();
    let defender = full.color(target);
    let mut bbox: Option<Bounds> = None;
    for p in board.points() {
        if full.color(p).is_some() && local.is_none_or(|l| l[p.index()]) {
            if let Some((x, y)) = board.xy(p) {
                bbox = Some(match bbox {
                    None => (x, y, x, y),
                    Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
                });
            }
        }
    }
    if let (Some((x0, y0, x1, y1)), Some(g)) = (bbox, board.grid_info()) {
        // Grown: one line on every side. Tight: sides near an edge snap to it. Walled
        // (`Auto`): sides near an edge snap to it, the others grow by one line where a
        // defender stone lies on them.
        let (w, h) = (g.width, g.height);
        let defender_on = |side: &dyn Fn(u32, u32) -> bool| {
            board
                .points()
                .any(|p| full.color(p) == defender && board.xy(p).is_some_and(|(x, y)| side(x, y)))
        };
        let lo = |v: u32, grow: bool| match v {
            0..=2 => 0,
            _ => v - u32::from(grow),
        };
        let hi = |v: u32, m: u32, grow: bool| {
            if m - 1 - v <= 2 {
                m - 1
            } else {
                v + u32::from(grow)
            }
        };
        bbox = Some(match rule {
            AreaRule::Grown => (
                x0.saturating_sub(1),
                y0.saturating_sub(1),
                (x1 + 1).min(w - 1),
                (y1 + 1).min(h - 1),
            ),
            AreaRule::Tight => (
                lo(x0, false),
                lo(y0, false),
                hi(x1, w, false),
                hi(y1, h, false),
            ),
            AreaRule::Walled => (
                lo(x0, defender_on(&|x, _| x == x0)),
                lo(y0, defender_on(&|_, y| y == y0)),
                hi(x1, w, defender_on(&|x, _| x == x1)),
                hi(y1, h, defender_on(&|_, y| y == y1)),
            ),
        });
    }
    bbox
}

/// The points reached from the target through empty points and stones of its colour
/// inside the box (marked in the vector returned), and the attacker stones met on the
/// way, in the order met.
fn flood(
    full: &Position,
    target: Point,
    in_box: &impl Fn(Point) -> bool,
) -> (Vec<bool>, Vec<Point>) {
    let board = full.board();
    let defender = full.color(target);
    let mut inr = vec![false; board.len()];
    let mut queue: VecDeque<Point> = full.group(target).collect();
    for &p in &queue {
        inr[p.index()] = true;
    }
    let mut attackers: Vec<Point> = Vec::new();
    while let Some(p) = queue.pop_front() {
        for &q in board.neighbors(p) {
            if inr[q.index()] || !in_box(q) {
                continue;
            }
            let c = full.color(q);
            if c.is_none() || c == defender {
                inr[q.index()] = true;
                queue.push_back(q);
            } else {
                attackers.push(q);
            }
        }
    }
    (inr, attackers)
}

/// The other side of a capturing race (`Auto`): each defender group touching an attacker
/// group of at most [`RACE_LIBERTIES`] liberties next to the area joins it with its
/// liberties inside the box, and so do the attacker group's own liberties (one step, no
/// flood beyond them, so that a whole board does not come in). The attacker stones
/// met are added to `attackers`.
fn race_partners(
    full: &Position,
    target: Point,
    in_box: &impl Fn(Point) -> bool,
    inr: &mut [bool],
    attackers: &mut Vec<Point>,
) {
    let board = full.board();
    let defender = full.color(target);
    let mut groups: Vec<Point> = Vec::new();
    let mut partners: Vec<Point> = Vec::new();
    for &a in attackers.iter() {
        let Some(g) = full.group_id(a) else { continue };
        if groups.contains(&g) {
            continue;
        }
        groups.push(g);
        if full.liberty_count(a) > RACE_LIBERTIES {
            continue;
        }
        // Its liberties inside the box join too (no flood beyond them), so that a
        // weak stone of the wall whose liberty lay outside the flood is not made
        // safe by the virtual eyes of a group touching the outside.
        for l in full.liberties(a) {
            if in_box(l) {
                inr[l.index()] = true;
            }
        }
        for s in full.group(a) {
            for &q in board.neighbors(s) {
                if !inr[q.index()] && in_box(q) && full.color(q) == defender {
                    for t in full.group(q) {
                        inr[t.index()] = true;
                        partners.push(t);
                    }
                }
            }
        }
    }
    // The partners' liberties join, with the attacker stones next to them (walls)
    // and, one step further, the defender groups next to them with their own
    // liberties: a partner's liberty touching a defender stone is not the edge of
    // the area (cut there, it would touch the attacker's outside), and no flood goes
    // on beyond that step.
    let mut ring = partners;
    for step in 0..2 {
        let around: Vec<Point> = ring
            .iter()
            .flat_map(|&s| board.neighbors(s).iter().copied())
            .filter(|&q| in_box(q))
            .collect();
        let mut next: Vec<Point> = Vec::new();
        for q in around {
            match full.color(q) {
                Some(c) if Some(c) != defender => attackers.push(q),
                Some(_) => {}
                // A liberty (it may be in already: the wall's liberties are).
                None => {
                    inr[q.index()] = true;
                    for &r in board.neighbors(q) {
                        if !in_box(r) || inr[r.index()] {
                            continue;
                        }
                        match full.color(r) {
                            Some(c) if Some(c) != defender => attackers.push(r),
                            Some(_) if step == 0 => {
                                for t in full.group(r) {
                                    inr[t.index()] = true;
                                    next.push(t);
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        ring = next;
    }
}

/// Pockets: a connected set of points not in the region that lies inside the box and
/// touches no point outside it is enclosed by the region: it joins the region. When the
/// box is the whole board nothing lies outside it: then the largest such set is the
/// outside of the problem and stays out.
fn take_pockets(board: &Board, in_box: &impl Fn(Point) -> bool, inr: &mut [bool]) {
    let mut seen = inr.to_vec();
    let mut enclosed: Vec<Vec<Point>> = Vec::new();
    let mut any_open = false;
    for start in board.points() {
        if seen[start.index()] {
            continue;
        }
        let mut component = vec![start];
        let mut closed = in_box(start);
        seen[start.index()] = true;
        let mut i = 0;
        while i < component.len() {
            let p = component[i];
            i += 1;
            for &q in board.neighbors(p) {
                if !in_box(q) {
                    closed = false;
                }
                if !seen[q.index()] {
                    seen[q.index()] = true;
                    component.push(q);
                }
            }
        }
        if closed {
            enclosed.push(component);
        } else {
            any_open = true;
        }
    }
    if !any_open {
        // The largest component (the first of them on a tie) is the outside.
        if let Some(k) = (0..enclosed.len()).max_by_key(|&k| (enclosed[k].len(), usize::MAX - k)) {
            enclosed.swap_remove(k);
        }
    }
    for component in enclosed {
        for p in component {
            inr[p.index()] = true;
        }
    }
}

/// The `Points` region: the listed points, each listed stone with its whole group.
fn listed_region(full: &Position, target: Point, list: &[String]) -> Result<Vec<Point>, AreaError> {
    let board = full.board();
    let mut inr = vec![false; board.len()];
    for name in list {
        let p = board
            .parse_point(name.trim())
            .map_err(|e| AreaError::BadRegion(e.to_string()))?;
        inr[p.index()] = true;
        for s in full.group(p) {
            inr[s.index()] = true;
        }
    }
    if !inr[target.index()] {
        return Err(AreaError::BadRegion(format!(
            "the target {} is not in the region",
            board.label(target)
        )));
    }
    Ok(board.points().filter(|p| inr[p.index()]).collect())
}
