//! The checker's post-hoc relevance zones (docs/design/post-hoc-zones.md): each stated
//! zone tested by its local conditions against its node's position and its children's
//! zones, each pruned move against its witness. Nothing is recomputed or searched:
//! blocks and liberties come from a flood of the node's stones (`crate::zone::groups_of`).

use tsume_board::{Board, Color, Move, Point, Position};

use super::CheckErrorKind;
use crate::zone::{groups_of, Group};
use crate::{Leaf, Tree};

/// A node's position by index (`Err` already made into the checker's error).
pub(super) type PositionOf<'a> = dyn Fn(usize) -> Result<Position, super::CheckError> + 'a;

/// Where the zones fail: the node and what is wrong.
pub(super) type Fault = (usize, CheckErrorKind);

/// Whether any node states a zone or prunes a move.
pub(super) fn any(tree: &Tree) -> bool {
    tree.nodes
        .iter()
        .any(|n| n.zone.is_some() || !n.pruned.is_empty() || n.reuse.is_some())
}

/// The plies rule of a reuse (docs/design/post-hoc-zones.md, "Reuse"): a kill within
/// r serves any remaining at least r, a life for r plies any remaining at most r
/// (`None`: for every α).
fn plies_serve(claim: crate::Claim, here: Option<u32>, of: Option<u32>) -> bool {
    match claim {
        crate::Claim::Dead => matches!((here, of), (Some(q), Some(n)) if q >= n),
        _ => match (here, of) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(q), Some(n)) => q <= n,
        },
    }
}

/// Whether the positions agree on the zone `z` (≡_Z of docs/design/post-hoc-zones.md):
/// the same player to move, the same contents on every point of `z`, the same
/// forbidden point when that of either lies in `z`; else the first difference.
fn agree(board: &Board, q: &Position, n: &Position, z: &[bool]) -> Result<(), String> {
    if q.to_move() != n.to_move() {
        return Err(format!(
            "{} is to move here, not {}",
            q.to_move().name(),
            n.to_move().name()
        ));
    }
    if let Some(i) = (0..z.len())
        .find(|&i| z[i] && q.color(Point::from_index(i)) != n.color(Point::from_index(i)))
    {
        return Err(format!(
            "the contents differ at {}, in its zone",
            name(board, i)
        ));
    }
    let (bq, bn) = (q.ko_ban(), n.ko_ban());
    let inside = |b: Option<Point>| b.is_some_and(|b| z[b.index()]);
    if (inside(bq) || inside(bn)) && bq != bn {
        return Err("the forbidden points differ, one of them in its zone".into());
    }
    Ok(())
}

/// Every reuse of `tree`: the node named states a zone, this node's position agrees
/// with its on it, the plies serve, this node's own zone (if stated) holds the named
/// one; and the child and reuse edges together make no cycle (the order the induction
/// of the replay lemma needs).
fn check_reuses(
    tree: &Tree,
    zones: &[Option<Vec<bool>>],
    board: &Board,
    position: &PositionOf<'_>,
) -> Result<Result<(), Fault>, super::CheckError> {
    let n = tree.nodes.len();
    // No reference, nothing to found: a cycle of child edges alone is the business of
    // the rest of the checker (a life tree for every α may have one).
    if tree.nodes.iter().all(|node| node.reuse.is_none()) {
        return Ok(Ok(()));
    }
    let bad =
        |v: usize, of: usize, reason: String| Ok(Err((v, CheckErrorKind::BadReuse { of, reason })));
    if let Some((v, of)) =
        (0..n).find_map(|v| tree.nodes[v].reuse.filter(|&r| r >= n).map(|r| (v, r)))
    {
        return bad(v, of, format!("there is no node {of}"));
    }
    // Kahn's algorithm on child and reuse edges: a node left over lies on a cycle or
    // below one.
    let mut indegree = vec![0usize; n];
    let edges = |v: usize| {
        let node = &tree.nodes[v];
        node.children.iter().map(|&(_, c)| c).chain(node.reuse)
    };
    for v in 0..n {
        for c in edges(v) {
            indegree[c] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    let mut seen = 0;
    while let Some(v) = ready.pop() {
        seen += 1;
        for c in edges(v) {
            indegree[c] -= 1;
            if indegree[c] == 0 {
                ready.push(c);
            }
        }
    }
    if seen < n {
        let v = (0..n)
            .find(|&v| indegree[v] > 0 && tree.nodes[v].reuse.is_some())
            .or_else(|| (0..n).find(|&v| indegree[v] > 0))
            .unwrap_or(0);
        let of = tree.nodes[v].reuse.unwrap_or(v);
        return bad(
            v,
            of,
            "the references are not well-founded: child and reuse edges make a cycle".into(),
        );
    }
    for (v, node) in tree.nodes.iter().enumerate() {
        let Some(of) = node.reuse else { continue };
        let Some(z) = zones[of].as_ref() else {
            return bad(v, of, "it states no zone".into());
        };
        if !plies_serve(tree.claim, node.remaining, tree.nodes[of].remaining) {
            return bad(
                v,
                of,
                format!(
                    "its claim holds for {:?} plies, which do not serve {:?}",
                    tree.nodes[of].remaining, node.remaining
                ),
            );
        }
        if let Err(r) = agree(board, &position(v)?, &position(of)?, z) {
            return bad(v, of, r);
        }
        if let Some(own) = zones[v].as_ref() {
            if let Some(i) = (0..z.len()).find(|&i| z[i] && !own[i]) {
                return bad(
                    v,
                    of,
                    format!("its zone has {}, which this node's lacks", name(board, i)),
                );
            }
        }
    }
    Ok(Ok(()))
}

/// Each node's zone as one flag per point (None where not stated); a point off the
/// board is a fault.
fn zone_flags(tree: &Tree, board: &Board) -> Result<Vec<Option<Vec<bool>>>, Fault> {
    let n = board.len();
    let mut out = Vec::with_capacity(tree.nodes.len());
    for (v, node) in tree.nodes.iter().enumerate() {
        let Some(zone) = &node.zone else {
            out.push(None);
            continue;
        };
        let mut z = vec![false; n];
        for &q in zone {
            if q.index() >= n {
                return Err((v, CheckErrorKind::MoveOffBoard { index: q.index() }));
            }
            z[q.index()] = true;
        }
        out.push(Some(z));
    }
    Ok(out)
}

/// The blocks of both colours at one position, with each point's block.
struct Blocks {
    groups: [(Vec<Group>, Vec<usize>); 2],
}

impl Blocks {
    fn of(pos: &Position) -> Blocks {
        Blocks {
            groups: [groups_of(pos, Color::Black), groups_of(pos, Color::White)],
        }
    }

    /// The block holding the stone on `s` (of colour `c`).
    fn at(&self, c: Color, s: usize) -> Option<&Group> {
        let (gs, of) = &self.groups[c.index()];
        of.get(s).and_then(|&g| gs.get(g))
    }

    /// The distinct blocks of colour `c` next to `y`.
    fn next_to(&self, board: &Board, c: Color, y: Point) -> Vec<&Group> {
        let mut out: Vec<&Group> = Vec::new();
        for &t in board.neighbors(y) {
            if let Some(g) = self.at(c, t.index()) {
                if !out.iter().any(|h| h.key == g.key) {
                    out.push(g);
                }
            }
        }
        out
    }
}

/// N(S): the points next to a stone of `stones` and not among them.
fn around(board: &Board, stones: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    for &s in stones {
        for &t in board.neighbors(Point::from_index(s)) {
            let t = t.index();
            if !stones.contains(&t) && !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

fn name(board: &Board, i: usize) -> String {
    board.gtp(Point::from_index(i))
}

/// The first point of `points` outside `z`, named, if any.
fn outside(board: &Board, z: &[bool], points: &[usize]) -> Option<String> {
    points.iter().find(|&&t| !z[t]).map(|&t| name(board, t))
}

/// (B): every block with a stone in the zone lies in it and has a liberty in it.
fn blocks_whole(board: &Board, pos: &Position, bl: &Blocks, z: &[bool]) -> Result<(), String> {
    for s in 0..z.len() {
        let Some(c) = pos.color(Point::from_index(s)).filter(|_| z[s]) else {
            continue;
        };
        let Some(g) = bl.at(c, s) else { continue };
        if let Some(t) = outside(board, z, &g.stones) {
            return Err(format!(
                "the block at {} is not whole in the zone ({t} is outside)",
                name(board, s)
            ));
        }
        if !g.libs.iter().any(|&l| z[l]) {
            return Err(format!(
                "the block at {} has no liberty in the zone",
                name(board, s)
            ));
        }
    }
    Ok(())
}

/// (R): the replay of the stone move `y` of the player to move: each opposing block
/// next to it keeps a liberty in the zone besides y, or is captured with all its
/// neighbours in the zone; a capture of one stone has all of y's neighbours in it.
fn replay(board: &Board, pos: &Position, bl: &Blocks, z: &[bool], y: Point) -> Result<(), String> {
    let opp = pos.to_move().opponent();
    let mut captured = 0;
    for g in bl.next_to(board, opp, y) {
        if g.libs.iter().any(|&l| z[l] && l != y.index()) {
            continue;
        }
        if g.libs.len() == 1 {
            captured += g.stones.len();
            if let Some(t) = outside(board, z, &around(board, &g.stones)) {
                return Err(format!(
                    "{} captures the block at {}, whose neighbour {t} is outside the zone",
                    board.gtp(y),
                    name(board, g.key)
                ));
            }
        } else {
            return Err(format!(
                "the block at {} keeps no liberty in the zone besides {}",
                name(board, g.key),
                board.gtp(y)
            ));
        }
    }
    if captured == 1 {
        let ns: Vec<usize> = board.neighbors(y).iter().map(|t| t.index()).collect();
        if let Some(t) = outside(board, z, &ns) {
            return Err(format!(
                "{} captures one stone and its neighbour {t} is outside the zone",
                board.gtp(y)
            ));
        }
    }
    Ok(())
}

/// (S): a suicide at `y` stays one: y's neighbours in the zone, the mover's blocks next
/// to it with all their neighbours in the zone, the opposing ones with a liberty in the
/// zone besides y.
fn suicide(board: &Board, pos: &Position, bl: &Blocks, z: &[bool], y: Point) -> Result<(), String> {
    let ns: Vec<usize> = board.neighbors(y).iter().map(|t| t.index()).collect();
    if let Some(t) = outside(board, z, &ns) {
        return Err(format!(
            "the suicide at {} has its neighbour {t} outside the zone",
            board.gtp(y)
        ));
    }
    let me = pos.to_move();
    for g in bl.next_to(board, me, y) {
        if let Some(t) = outside(board, z, &around(board, &g.stones)) {
            return Err(format!(
                "the suicide at {}: the block at {} has its neighbour {t} outside the zone",
                board.gtp(y),
                name(board, g.key)
            ));
        }
    }
    for g in bl.next_to(board, me.opponent(), y) {
        if !g.libs.iter().any(|&l| z[l] && l != y.index()) {
            return Err(format!(
                "the suicide at {}: the block at {} keeps no liberty in the zone besides it",
                board.gtp(y),
                name(board, g.key)
            ));
        }
    }
    Ok(())
}

/// (A): after W's stone at `m`, its block has a liberty in the zone next to one of its
/// stones in the zone.
fn own_liberty(board: &Board, pos: &Position, z: &[bool], m: Point) -> Result<(), String> {
    let after = pos.play(Move::Play(m));
    let (gs, of) = groups_of(&after, pos.to_move());
    let Some(g) = of.get(m.index()).and_then(|&g| gs.get(g)) else {
        return Err(format!("{} places no stone", board.gtp(m)));
    };
    let kept = g.stones.iter().filter(|&&s| z[s]).any(|&s| {
        board
            .neighbors(Point::from_index(s))
            .iter()
            .any(|&l| z[l.index()] && after.is_empty_at(l))
    });
    if kept {
        Ok(())
    } else {
        Err(format!(
            "the block {} forms has no liberty in the zone",
            board.gtp(m)
        ))
    }
}

/// Whether the move hands the turn over at `pos` (a pass, an occupied point, a suicide,
/// a forbidden recapture): φ gives the pass's position.
fn hands_over(pos: &Position, m: Move) -> bool {
    match m {
        Move::Pass => true,
        Move::Play(x) => !pos.is_legal(x),
    }
}

/// The witness rule for one move at `pos` against the zone `zc`: it hands the turn
/// over, or lies outside the zone and captures no stone in it.
fn null_for(board: &Board, pos: &Position, m: Move, zc: &[bool]) -> Result<(), String> {
    let Move::Play(x) = m else { return Ok(()) };
    if hands_over(pos, m) {
        return Ok(());
    }
    if zc[x.index()] {
        return Err(format!("{} lies in the witness's zone", board.gtp(x)));
    }
    if let Some(s) = pos.captures_of(x).into_iter().find(|s| zc[s.index()]) {
        return Err(format!(
            "{} captures {}, in the witness's zone",
            board.gtp(x),
            board.gtp(s)
        ));
    }
    Ok(())
}

/// The goal leaf of a proof: the target's block (colour `c`) and its neighbours in the
/// zone, so that every position agreeing on it is in D₀ as well.
fn target_whole(
    board: &Board,
    bl: &Blocks,
    z: &[bool],
    c: Color,
    target: Point,
) -> Result<(), String> {
    let Some(t) = bl.at(c, target.index()) else {
        return Err("the target holds no stone".into());
    };
    let mut need = t.stones.clone();
    need.extend(around(board, &t.stones));
    match outside(board, z, &need) {
        Some(q) => Err(format!(
            "the target's block or its neighbour {q} is outside the zone"
        )),
        None => Ok(()),
    }
}

/// (T), at an attacker's node of a life tree (the defender `w`): the target's block in
/// the zone with two liberties in it, or with all its neighbours in it.
fn not_in_d0(
    board: &Board,
    bl: &Blocks,
    z: &[bool],
    w: Color,
    target: Point,
) -> Result<(), String> {
    let Some(t) = bl.at(w, target.index()) else {
        return Err("the target holds no stone".into());
    };
    if !z[target.index()] {
        return Err("the target is outside the zone".into());
    }
    if t.libs.iter().filter(|&&l| z[l]).count() >= 2 {
        return Ok(());
    }
    target_whole(board, bl, z, w, target)
        .map_err(|e| format!("the target has fewer than two liberties in the zone, and {e}"))
}

/// (U), a Benson leaf's zone (docs/design/post-hoc-zones.md, Lemma 8): Benson's fixed
/// point (Benson 1976) on the defender's blocks with a stone in the zone and the regions
/// (maximal connected sets of points without a defender stone) lying wholly in it, a
/// region next to a block outside the zone dropped first, keeps the target's block.
fn benson_zone(
    board: &Board,
    pos: &Position,
    bl: &Blocks,
    z: &[bool],
    w: Color,
    target: Point,
) -> Result<(), String> {
    let (gs, of) = &bl.groups[w.index()];
    let n = z.len();
    let Some(&tb) = of.get(target.index()).filter(|&&g| g < gs.len()) else {
        return Err("the target holds no stone".into());
    };
    // Blocks kept: those with a stone in the zone (whole in it by (B)).
    let mut alive: Vec<bool> = gs.iter().map(|g| g.stones.iter().any(|&s| z[s])).collect();
    // Regions lying wholly in the zone, each with the blocks next to it and whether every
    // empty point of it is a liberty of each.
    let mut region = vec![usize::MAX; n];
    let mut regions: Vec<(Vec<usize>, Vec<usize>)> = Vec::new(); // (points, blocks next)
    for start in 0..n {
        if region[start] != usize::MAX || pos.color(Point::from_index(start)) == Some(w) {
            continue;
        }
        let id = regions.len();
        region[start] = id;
        let mut pts = vec![start];
        let mut next: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < pts.len() {
            let q = pts[i];
            i += 1;
            for &t in board.neighbors(Point::from_index(q)) {
                let t = t.index();
                if pos.color(Point::from_index(t)) == Some(w) {
                    if !next.contains(&of[t]) {
                        next.push(of[t]);
                    }
                } else if region[t] == usize::MAX {
                    region[t] = id;
                    pts.push(t);
                }
            }
        }
        regions.push((pts, next));
    }
    let mut live_region: Vec<bool> = regions
        .iter()
        .map(|(pts, next)| pts.iter().all(|&q| z[q]) && next.iter().all(|&b| alive[b]))
        .collect();
    // vital[r]: the blocks region r is vital to.
    let vital: Vec<Vec<usize>> = regions
        .iter()
        .map(|(pts, next)| {
            next.iter()
                .copied()
                .filter(|&b| {
                    pts.iter()
                        .filter(|&&q| pos.is_empty_at(Point::from_index(q)))
                        .all(|&q| {
                            board
                                .neighbors(Point::from_index(q))
                                .iter()
                                .any(|&t| of[t.index()] == b)
                        })
                })
                .collect()
        })
        .collect();
    loop {
        let mut changed = false;
        let mut count = vec![0usize; gs.len()];
        for (r, bs) in vital.iter().enumerate() {
            if live_region[r] {
                for &b in bs {
                    count[b] += 1;
                }
            }
        }
        for (b, a) in alive.iter_mut().enumerate() {
            if *a && count[b] < 2 {
                *a = false;
                changed = true;
            }
        }
        for (r, (_, next)) in regions.iter().enumerate() {
            if live_region[r] && next.iter().any(|&b| !alive[b]) {
                live_region[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if alive[tb] {
        Ok(())
    } else {
        Err(format!(
            "Benson's test on the zone's blocks and regions does not keep the target's block at {}",
            name(board, gs[tb].key)
        ))
    }
}

/// Checks every stated zone and every pruned move of `tree` (W, the side whose goal it
/// proves, is `w`: the attacker in a proof, the defender in a disproof). Returns the
/// number of pruned moves.
pub(super) fn check_zones(
    tree: &Tree,
    target: Point,
    w: Color,
    board: &Board,
    position: &PositionOf<'_>,
) -> Result<Result<usize, Fault>, super::CheckError> {
    let zones = match zone_flags(tree, board) {
        Ok(z) => z,
        Err(f) => return Ok(Err(f)),
    };
    if let Err(f) = check_reuses(tree, &zones, board, position)? {
        return Ok(Err(f));
    }
    let bad = |v: usize, reason: String| Ok(Err((v, CheckErrorKind::BadZone { reason })));
    let mut pruned = 0;
    for (v, node) in tree.nodes.iter().enumerate() {
        // A reuse's zone is its named node's (checked above), its claim that node's.
        if (zones[v].is_none() && node.pruned.is_empty()) || node.reuse.is_some() {
            continue;
        }
        let pos = position(v)?;
        let mover = pos.to_move();
        // The reached child of a move of the side to move: a pruned move's witness, else
        // the explicit child whose position the move gives.
        let reached = |m: Move| -> Result<Option<usize>, super::CheckError> {
            if let Some(&(_, c)) = node.pruned.iter().find(|(p, _)| *p == m) {
                return Ok(Some(c));
            }
            if let Some(&(_, c)) = node.children.iter().find(|(p, _)| *p == m) {
                return Ok(Some(c));
            }
            let after = pos.play(m);
            for &(_, c) in &node.children {
                if position(c)? == after {
                    return Ok(Some(c));
                }
            }
            // A move that hands the turn over reaches the pass's child.
            if hands_over(&pos, m) && m != Move::Pass {
                for &(p, c) in &node.children {
                    if p == Move::Pass {
                        return Ok(Some(c));
                    }
                }
                if let Some(&(_, c)) = node.pruned.iter().find(|(p, _)| *p == Move::Pass) {
                    return Ok(Some(c));
                }
            }
            Ok(None)
        };
        // Pruned moves: each answered by its witness, an explicit child.
        for &(y, c) in &node.pruned {
            let mv = super::move_name(board, y);
            if mover == w {
                return Ok(Err((
                    v,
                    CheckErrorKind::NotPruned {
                        mv,
                        reason: format!("{} chooses here", w.name()),
                    },
                )));
            }
            let fault = |reason: String| {
                Ok(Err((
                    v,
                    CheckErrorKind::NotPruned {
                        mv: mv.clone(),
                        reason,
                    },
                )))
            };
            if let Move::Play(x) = y {
                if x.index() >= board.len() {
                    return Ok(Err((v, CheckErrorKind::MoveOffBoard { index: x.index() })));
                }
            }
            let Some(zc) = zones.get(c).and_then(Option::as_ref) else {
                return fault(format!("the witness, node {c}, has no zone"));
            };
            let edges: Vec<Move> = node
                .children
                .iter()
                .filter(|&&(_, k)| k == c)
                .map(|&(m, _)| m)
                .collect();
            if edges.is_empty() {
                return fault(format!("node {c} is not a child of this node"));
            }
            if let Err(reason) = null_for(board, &pos, y, zc) {
                return fault(reason);
            }
            if let Some(e) = edges
                .iter()
                .map(|&m| null_for(board, &pos, m, zc))
                .find_map(Result::err)
            {
                if edges.len() == 1 {
                    return fault(format!("the witness's move: {e}"));
                }
            }
            if !edges.iter().any(|&m| null_for(board, &pos, m, zc).is_ok()) {
                return fault("no move to the witness lies outside its zone".into());
            }
            pruned += 1;
        }
        let Some(z) = zones[v].as_ref() else { continue };
        let bl = Blocks::of(&pos);
        if let Err(r) = blocks_whole(board, &pos, &bl, z) {
            return bad(v, r);
        }
        let sub = |c: usize, what: &str| -> Result<(), String> {
            let Some(zc) = zones.get(c).and_then(Option::as_ref) else {
                return Err(format!("{what} (node {c}) has no zone"));
            };
            match zc.iter().zip(z).position(|(&a, &b)| a && !b) {
                Some(i) => Err(format!(
                    "{what} (node {c}) has {} in its zone, outside this node's",
                    name(board, i)
                )),
                None => Ok(()),
            }
        };
        // W the defender (a life tree): the target's colour is W's.
        let life = pos.color(target) == Some(w);
        if life && mover != w {
            // (T): no position agreeing on the zone is in D₀.
            if let Err(r) = not_in_d0(board, &bl, z, w, target) {
                return bad(v, r);
            }
        }
        if node.children.is_empty() {
            let fault = match (life, node.leaf) {
                (false, Some(Leaf::Capture)) => target_whole(board, &bl, z, w.opponent(), target),
                (true, Some(Leaf::Benson)) => benson_zone(board, &pos, &bl, z, w, target),
                // (T) above is all a depth-limit leaf needs.
                (true, Some(Leaf::DepthLimit)) => Ok(()),
                _ => Err("a zone on a leaf that is not a goal of the tree".into()),
            };
            if let Err(r) = fault {
                return bad(v, r);
            }
            continue;
        }
        if mover == w {
            let Some(&(m, c)) = node.children.first() else {
                continue;
            };
            if let Err(r) = sub(c, "the child") {
                return bad(v, r);
            }
            let Move::Play(x) = m else { continue };
            if hands_over(&pos, m) {
                return bad(
                    v,
                    format!("{} places no stone (write the pass)", board.gtp(x)),
                );
            }
            if !z[x.index()] {
                return bad(v, format!("the move {} is outside the zone", board.gtp(x)));
            }
            if let Err(r) = replay(board, &pos, &bl, z, x) {
                return bad(v, r);
            }
            if let Err(r) = own_liberty(board, &pos, z, x) {
                return bad(v, r);
            }
            continue;
        }
        // L to move: the pass's reached child, then every empty point of the zone.
        match reached(Move::Pass)? {
            Some(c) => {
                if let Err(r) = sub(c, "the pass's child") {
                    return bad(v, r);
                }
            }
            None => return bad(v, "no child answers the pass".into()),
        }
        for i in (0..z.len()).filter(|&i| z[i]) {
            let y = Point::from_index(i);
            if !pos.is_empty_at(y) || pos.ko_ban() == Some(y) {
                continue;
            }
            if pos.is_suicide(y) {
                if let Err(r) = suicide(board, &pos, &bl, z, y) {
                    return bad(v, r);
                }
                continue;
            }
            if let Err(r) = replay(board, &pos, &bl, z, y) {
                return bad(v, r);
            }
            let what = format!("the child after {}", board.gtp(y));
            match reached(Move::Play(y))? {
                Some(c) => {
                    if let Err(r) = sub(c, &what) {
                        return bad(v, r);
                    }
                }
                None => return bad(v, format!("no child answers {}", board.gtp(y))),
            }
        }
    }
    Ok(Ok(pruned))
}
