//! The target: given, marked, or inferred by the rule of the crate docs ("The target").

use tsume_board::{counted, Board, Color, Point, Position};

use crate::syntax::MARK_KINDS;
use crate::LoadErrorKind;

/// How the target was chosen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TargetSource {
    /// Given by [`LoadOptions::target`](crate::LoadOptions::target).
    Option,
    /// A `TR`/`MA`/`SQ`/`CR` mark in the file (or the `target` line of a graph file).
    Mark,
    /// Inferred; the text says how.
    Inferred(String),
}

pub(crate) fn parse_target(full: &Position, text: &str) -> Result<Point, LoadErrorKind> {
    let board = full.board();
    let p = board
        .parse_point(text.trim())
        .map_err(|e| LoadErrorKind::BadTarget(e.to_string()))?;
    if full.color(p).is_none() {
        return Err(LoadErrorKind::TargetEmpty(board.label(p)));
    }
    Ok(p)
}

/// The target named by marks: the first mark kind (TR, MA, SQ, CR) that marks a stone.
pub(crate) fn marked_target(
    full: &Position,
    marks: &[(usize, Point)],
) -> Result<Option<Point>, LoadErrorKind> {
    let board = full.board();
    for (kind, kind_name) in MARK_KINDS.iter().enumerate() {
        let stones: Vec<Point> = marks
            .iter()
            .filter(|(k, p)| *k == kind && full.color(*p).is_some())
            .map(|&(_, p)| p)
            .collect();
        let Some(&first) = stones.first() else {
            continue;
        };
        let mut groups: Vec<Point> = stones.iter().filter_map(|&p| full.group_id(p)).collect();
        groups.sort();
        groups.dedup();
        if groups.len() > 1 {
            return Err(LoadErrorKind::SeveralMarked {
                kind: kind_name.to_string(),
                groups: groups.len(),
                stones: stones.iter().map(|&p| board.gtp(p)).collect(),
            });
        }
        return Ok(Some(first));
    }
    Ok(None)
}

/// Distance of a grid point to the nearest board edge (0 on the first line).
fn edge_distance(board: &Board, p: Point) -> u32 {
    match (board.grid_info(), board.xy(p)) {
        (Some(g), Some((x, y))) => x.min(y).min(g.width - 1 - x).min(g.height - 1 - y),
        _ => 0,
    }
}

/// The defender a problem's text states: "Black to live", "White to play and kill",
/// "black lives" (a colour, then a verb of life or death with at most four of "to",
/// "play", "plays", "move", "moves", "first", "and" between), with the words that tell
/// it; None when no such phrase is found. `tsume:` lines (the collection's answers) are skipped.
pub(crate) fn stated_defender(text: &str) -> Option<(Color, String)> {
    for line in text.lines() {
        if line.trim_start().starts_with("tsume:") {
            continue;
        }
        let lower = line.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        for (i, w) in words.iter().enumerate() {
            let colour = match *w {
                "black" => Color::Black,
                "white" => Color::White,
                _ => continue,
            };
            // "to", "play", "move", "first", "and" may come between the colour and the
            // verb ("White to move and kill", "Black plays first and lives").
            let mut j = i + 1;
            while j < words.len()
                && j <= i + 4
                && matches!(
                    words[j],
                    "to" | "play" | "plays" | "move" | "moves" | "first" | "and"
                )
            {
                j += 1;
            }
            let Some(&verb) = words.get(j) else { continue };
            let defends = match verb {
                "live" | "lives" | "living" | "survive" | "survives" | "save" | "saves" => true,
                "kill" | "kills" | "capture" | "captures" => false,
                _ => continue,
            };
            let phrase = words[i..=j].join(" ");
            let defender = if defends { colour } else { colour.opponent() };
            return Some((defender, phrase));
        }
    }
    None
}

/// The colour whose life is in question, from the stones alone: the only colour on the
/// board if one is missing; on a problem drawn in a corner or on a side of a larger board (the stones' bounding box covers less than half
/// of it), the colour whose stones lie nearer the edges on average (the attacker's wall
/// stands outside the group it encloses); otherwise the colour whose liberties open
/// less onto the largest empty region, the open board (the share of its liberties
/// there is lower: the enclosed side). None on a tie.
fn enclosed_colour(full: &Position) -> Option<(Color, String)> {
    let board = full.board();
    let stones: Vec<(Point, Color)> = board
        .points()
        .filter_map(|p| full.color(p).map(|c| (p, c)))
        .collect();
    // Stones of one colour only: that colour's group is the one in question.
    let first = stones.first()?.1;
    if stones.iter().all(|&(_, c)| c == first) {
        return Some((first, format!("only {first} has stones")));
    }
    if let Some(g) = board.grid_info() {
        let xy: Vec<(u32, u32)> = stones.iter().filter_map(|&(p, _)| board.xy(p)).collect();
        let (x0, x1) = (xy.iter().map(|q| q.0).min(), xy.iter().map(|q| q.0).max());
        let (y0, y1) = (xy.iter().map(|q| q.1).min(), xy.iter().map(|q| q.1).max());
        if let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) {
            let local = 2 * u64::from(x1 - x0 + 1) * u64::from(y1 - y0 + 1)
                < u64::from(g.width) * u64::from(g.height);
            if local {
                let mut sum = [0u64; 2];
                let mut cnt = [0u64; 2];
                for &(p, c) in &stones {
                    sum[c.index()] += u64::from(edge_distance(board, p));
                    cnt[c.index()] += 1;
                }
                // Compared as sums over counts, without division.
                let (b, w) = (
                    u128::from(sum[0]) * u128::from(cnt[1]),
                    u128::from(sum[1]) * u128::from(cnt[0]),
                );
                if cnt[0] > 0 && cnt[1] > 0 && b != w {
                    let d = if b < w { Color::Black } else { Color::White };
                    return Some((
                        d,
                        format!("the stones are a local problem of the board, and {d}'s lie nearer its edges"),
                    ));
                }
            }
        }
    }
    // The empty regions; the largest is the open board.
    let n = board.len();
    let mut region = vec![u32::MAX; n];
    let mut sizes: Vec<u32> = Vec::new();
    let mut stack = Vec::new();
    for p in board.points() {
        if full.color(p).is_some() || region[p.index()] != u32::MAX {
            continue;
        }
        let r = sizes.len() as u32;
        region[p.index()] = r;
        stack.push(p);
        let mut size = 0;
        while let Some(q) = stack.pop() {
            size += 1;
            for &u in board.neighbors(q) {
                if full.color(u).is_none() && region[u.index()] == u32::MAX {
                    region[u.index()] = r;
                    stack.push(u);
                }
            }
        }
        sizes.push(size);
    }
    let open = (0..sizes.len()).max_by_key(|&r| (sizes[r], std::cmp::Reverse(r)))? as u32;
    let mut libs = [0u64; 2];
    let mut outside = [0u64; 2];
    for p in board.points() {
        if full.color(p).is_some() {
            continue;
        }
        for c in [Color::Black, Color::White] {
            if board.neighbors(p).iter().any(|&u| full.color(u) == Some(c)) {
                libs[c.index()] += 1;
                outside[c.index()] += u64::from(region[p.index()] == open);
            }
        }
    }
    if libs[0] == 0 || libs[1] == 0 {
        return None;
    }
    // share(Black) < share(White), without division.
    let (b, w) = (outside[0] * libs[1], outside[1] * libs[0]);
    if b == w {
        return None;
    }
    let d = if b < w { Color::Black } else { Color::White };
    Some((
        d,
        format!("fewer of {d}'s liberties open onto the largest empty area, so {d} is the enclosed side"),
    ))
}

/// The target rule of the crate docs.
pub(crate) fn infer_target(
    full: &Position,
    to_move: Option<Color>,
    stated: Option<(Color, String)>,
) -> Result<(Point, String), LoadErrorKind> {
    let board = full.board();
    let (defender, why_colour) = if let Some((d, phrase)) = stated {
        (d, format!("the file says \"{phrase}\", so {d} defends"))
    } else if let Some((d, why)) = enclosed_colour(full) {
        (d, format!("{why}; {d} defends"))
    } else {
        match to_move {
            Some(c) => (
                c.opponent(),
                format!("{c} moves, so {} defends", c.opponent()),
            ),
            None => (
                Color::White,
                "nothing tells the colours apart, so White defends".to_string(),
            ),
        }
    };
    let alive = tsume_board::benson::unconditionally_alive(full, defender);
    let mut groups: Vec<(usize, usize, Point, bool)> = Vec::new();
    for p in board.points() {
        // The first stone in scan order of each group.
        if full.color(p) != Some(defender) || full.group(p).any(|q| q < p) {
            continue;
        }
        groups.push((
            full.liberty_count(p),
            full.group_size(p),
            p,
            alive.get(p.index()).copied().unwrap_or(false),
        ));
    }
    let all_alive = groups.iter().all(|g| g.3);
    let best = groups
        .iter()
        .filter(|g| all_alive || !g.3)
        .min_by_key(|g| (std::cmp::Reverse(g.1), g.0, g.2));
    match best {
        Some(&(libs, size, p, _)) => Ok((
            p,
            format!(
                "{why_colour}; its group at {} is the largest ({}, {}) of its {}{}",
                board.gtp(p),
                counted(size, "stone", "stones"),
                counted(libs, "liberty", "liberties"),
                counted(groups.len(), "group", "groups"),
                if all_alive {
                    ""
                } else {
                    " not unconditionally alive"
                }
            ),
        )),
        None => Err(LoadErrorKind::NoTarget(format!(
            "{defender} (the defender) has no stone"
        ))),
    }
}

/// For an inferred target: the defender's groups of three stones or more wholly outside
/// the area in play that are not unconditionally alive (a board holding several
/// problems, four corners on one goban), as a note naming them and how to choose; None
/// if there are none.
pub(crate) fn other_problems(full: &Position, target: Point, region: &[Point]) -> Option<String> {
    let board = full.board();
    let defender = full.color(target)?;
    let mut in_play = vec![false; board.len()];
    for &p in region {
        in_play[p.index()] = true;
    }
    let alive = tsume_board::benson::unconditionally_alive(full, defender);
    let mut others = Vec::new();
    for p in board.points() {
        if full.color(p) != Some(defender) || full.group(p).any(|q| q < p) {
            continue;
        }
        // Groups of one or two stones outside a wall are a problem's outside support
        // (a ladder breaker, an escape), not problems of their own.
        let outside = full.group_size(p) >= 3 && full.group(p).all(|q| !in_play[q.index()]);
        if outside && !alive.get(p.index()).copied().unwrap_or(false) {
            others.push(format!(
                "{} ({})",
                board.gtp(p),
                counted(full.group_size(p), "stone", "stones")
            ));
        }
    }
    if others.is_empty() {
        return None;
    }
    let shown = others.len().min(4);
    Some(format!(
        "the board holds other {defender} groups outside the area, perhaps other problems: at {}{}; --target names the group in question",
        others[..shown].join(", "),
        if others.len() > shown { ", …" } else { "" }
    ))
}
