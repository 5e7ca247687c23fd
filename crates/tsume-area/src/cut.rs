//! The position in play built from the region's points: the induced graph board, the
//! outside's virtual wall with its two eyes, the frame, and the sealed-off points left
//! out (the crate docs' "The outside", "The frame" and "Sealed-off points").

use std::collections::VecDeque;
use std::sync::Arc;

use fxhash::FxHashSet;
use tsume_board::{Board, Color, Configuration, Point, Position};

use crate::region::on_edge;
use crate::{Area, AreaError, AreaOptions};

/// The attacker groups of the region touching the outside (one stone of each, in region
/// order) and their group ids: the walls joined to the outside's virtual wall.
fn joined_walls(
    full: &Position,
    region: &[Point],
    index: &[Option<usize>],
    attacker: Color,
) -> (Vec<Point>, FxHashSet<Point>) {
    let board = full.board();
    let mut wall_stones: Vec<Point> = Vec::new();
    let mut groups: FxHashSet<Point> = FxHashSet::default();
    for &p in region {
        if full.color(p) != Some(attacker) {
            continue;
        }
        let Some(g) = full.group_id(p) else { continue };
        if groups.contains(&g) {
            continue;
        }
        if on_edge(board, p, |q| index[q.index()].is_some()) {
            groups.insert(g);
            wall_stones.push(p);
        }
    }
    (wall_stones, groups)
}

/// The region without what the joined walls seal off from the target (crate docs): the
/// points reached from the target through the region without crossing a stone of a
/// joined wall, and the whole joined walls next to them, in region order.
fn sealed_off(
    full: &Position,
    region: &[Point],
    index: &[Option<usize>],
    joined: &FxHashSet<Point>,
    target: Point,
) -> Vec<Point> {
    let board = full.board();
    let is_wall = |p: Point| full.group_id(p).is_some_and(|g| joined.contains(&g));
    let mut reach = vec![false; board.len()];
    let mut walls: FxHashSet<Point> = FxHashSet::default();
    let mut queue = VecDeque::from([target]);
    reach[target.index()] = true;
    while let Some(p) = queue.pop_front() {
        for &q in board.neighbors(p) {
            if reach[q.index()] || index[q.index()].is_none() {
                continue;
            }
            if is_wall(q) {
                walls.extend(full.group_id(q));
                continue;
            }
            reach[q.index()] = true;
            queue.push_back(q);
        }
    }
    region
        .iter()
        .copied()
        .filter(|&p| reach[p.index()] || full.group_id(p).is_some_and(|g| walls.contains(&g)))
        .collect()
}

/// The area of the region's points: the induced graph board, plus the outside's virtual
/// wall with two eyes, joined to each attacker group touching the outside and (with the
/// frame) next to the empty points cut off from the board; notes go to `notes`.
pub(crate) fn build(
    full: &Position,
    target_full: Point,
    mut region: Vec<Point>,
    options: AreaOptions,
    notes: &mut Vec<String>,
) -> Result<Area, AreaError> {
    let (frame, seal) = (!options.no_frame, !options.keep_sealed);
    let board = full.board();
    let n = board.len();
    let attacker = full
        .color(target_full)
        .map(Color::opponent)
        .ok_or_else(|| AreaError::TargetEmpty(board.label(target_full)))?;
    let mut index: Vec<Option<usize>> = vec![None; n];
    for (i, &p) in region.iter().enumerate() {
        index[p.index()] = Some(i);
    }
    if index[target_full.index()].is_none() {
        return Err(AreaError::BadRegion(
            "the target is not in the region".into(),
        ));
    }
    let (mut wall_stones, seen_groups) = joined_walls(full, &region, &index, attacker);
    // What the joined walls seal off from the target is left out (crate docs).
    let kept = seal.then(|| sealed_off(full, &region, &index, &seen_groups, target_full));
    if let Some(kept) = kept.filter(|k| k.len() < region.len()) {
        let left = region.len() - kept.len();
        notes.push(format!(
            "{left} {} of the area left out: sealed off from the target by {attacker} walls \
             joined to the outside (a wall's eyes: play there cannot reach the target)",
            if left == 1 { "point" } else { "points" }
        ));
        for &p in &region {
            index[p.index()] = None;
        }
        region = kept;
        for (i, &p) in region.iter().enumerate() {
            index[p.index()] = Some(i);
        }
        wall_stones.retain(|&p| index[p.index()].is_some());
    }
    // Empty points of the region cut off from a neighbour on the board: the frame.
    let framed: Vec<Point> = if frame {
        region
            .iter()
            .copied()
            .filter(|&p| {
                full.color(p).is_none() && on_edge(board, p, |q| index[q.index()].is_some())
            })
            .collect()
    } else {
        Vec::new()
    };
    if region.len() == n && wall_stones.is_empty() && framed.is_empty() {
        return Ok(Area::whole(full, target_full));
    }
    // The index in the position of a point of the region (every caller's point is one).
    let at = |p: Point| index[p.index()].unwrap_or(0);
    let gtp_names = board.grid_info().is_some_and(|g| g.width <= 25);
    let label = |p: Point| {
        if gtp_names {
            board.gtp(p)
        } else {
            board.name(p).to_string()
        }
    };
    let mut names: Vec<String> = region.iter().map(|&p| label(p)).collect();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for (i, &p) in region.iter().enumerate() {
        for &q in board.neighbors(p) {
            if let Some(j) = index[q.index()] {
                if i < j {
                    edges.push((i, j));
                }
            }
        }
    }
    let mut map: Vec<Option<Point>> = region.iter().map(|&p| Some(p)).collect();
    let mut cells: Vec<Option<Color>> = region.iter().map(|&p| full.color(p)).collect();
    let mut eyes: Vec<(usize, usize)> = Vec::new();
    // A virtual point (not on the board): its name, colour and neighbours; its index.
    let mut add_point = |name: String, color: Option<Color>, next_to: &[usize]| {
        let e = names.len();
        names.push(name);
        edges.extend(next_to.iter().map(|&j| (j, e)));
        map.push(None);
        cells.push(color);
        e
    };
    // The outside's virtual wall (crate docs): next to one stone of each attacker
    // group touching the outside and to the framed points.
    let next_to: Vec<usize> = wall_stones.iter().chain(&framed).map(|&p| at(p)).collect();
    let outside = (!next_to.is_empty()).then(|| {
        let f = add_point("outside".to_string(), Some(attacker), &next_to);
        for k in 1..=2 {
            eyes.push((add_point(format!("eye{k}@outside"), None, &[f]), f));
        }
        f
    });
    for &s in &wall_stones {
        notes.push(format!(
            "{attacker} group at {} touches the outside: joined to the outside's virtual \
             wall (two eyes)",
            label(s)
        ));
    }
    if !framed.is_empty() {
        let (what, verb) = if framed.len() == 1 {
            ("empty point of the area is", "it touches")
        } else {
            ("empty points of the area are", "they touch")
        };
        notes.push(format!(
            "{} {what} cut off from the rest of the board: {verb} the outside's virtual \
             {attacker} wall (the frame)",
            framed.len()
        ));
    }
    let rboard = Arc::new(
        Board::from_edges(names, &edges)
            .map_err(|e| AreaError::BadRegion(format!("cannot build the region's board: {e}")))?,
    );
    let position = Position::new(rboard, &Configuration::from_cells(cells), full.to_move())
        .map_err(|e| AreaError::BadRegion(format!("the region leaves an {e}")))?;
    // The board's ko rule and ko threats, and its forbidden point if in the area, hold
    // in the area too (a GTP board under `--ko-rule basic` has them; a file's board has
    // neither).
    let ban = full
        .ko_ban()
        .and_then(|b| index[b.index()])
        .map(Point::from_index);
    let position = position
        .with_ko(full.ko())
        .with_ko_threats(
            full.ko_threats(tsume_board::Color::Black),
            full.ko_threats(tsume_board::Color::White),
        )
        .with_ko_ban(ban);
    let in_position =
        |ps: &[Point]| -> Vec<Point> { ps.iter().map(|&p| Point::from_index(at(p))).collect() };
    Ok(Area {
        target: Point::from_index(at(target_full)),
        region,
        position,
        map,
        virtual_eyes: eyes
            .into_iter()
            .map(|(e, s)| (Point::from_index(e), Point::from_index(s)))
            .collect(),
        outside: outside.map(Point::from_index),
        outside_walls: in_position(&wall_stones),
        frame_points: in_position(&framed),
    })
}
