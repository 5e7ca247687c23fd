//! The checker's relevance zones with liberty budgets (docs/design/relevance-zones.md),
//! recomputed from a tree alone: the zone Z(N) and the budgets b_N of every node, and the
//! test of a covered move. Written apart from the search's zones (`tsume-prove`), from the
//! stones of each node's position: groups and liberties by a flood of their own, not the
//! board's kept group structures.

use tsume_board::{Board, Color, Move, Point, Position};

/// A group of one colour: its smallest point (the key that names it in every position:
/// two positions agree on a key when the group holds that point) and its liberties.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub key: usize,
    pub stones: Vec<usize>,
    pub libs: Vec<usize>,
}

/// The groups of `color` in `pos`, each with its stones and liberties, by flooding the
/// configuration; and, per point, the index of its group among them (usize::MAX off
/// them).
pub(crate) fn groups_of(pos: &Position, color: Color) -> (Vec<Group>, Vec<usize>) {
    let board = pos.board();
    let n = board.len();
    let mut of = vec![usize::MAX; n];
    let mut groups = Vec::new();
    let mut lib_mark = vec![usize::MAX; n];
    for start in board.points() {
        if pos.color(start) != Some(color) || of[start.index()] != usize::MAX {
            continue;
        }
        let id = groups.len();
        let mut stones = vec![start.index()];
        of[start.index()] = id;
        let mut libs = Vec::new();
        let mut i = 0;
        while i < stones.len() {
            let s = Point::from_index(stones[i]);
            i += 1;
            for &t in board.neighbors(s) {
                match pos.color(t) {
                    Some(c) if c == color => {
                        if of[t.index()] == usize::MAX {
                            of[t.index()] = id;
                            stones.push(t.index());
                        }
                    }
                    None => {
                        if lib_mark[t.index()] != id {
                            lib_mark[t.index()] = id;
                            libs.push(t.index());
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        let key = stones.iter().copied().min().unwrap_or(start.index());
        groups.push(Group { key, stones, libs });
    }
    (groups, of)
}

/// Z(N) and b_N of a node: the zone as one flag per point, and the budget of each group
/// of the chooser (the attacker in a proof, the defender in a disproof) by its key.
/// `None` budgets (a node not computed yet) count as unbounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NodeZone {
    pub zone: Vec<bool>,
    pub budgets: Vec<(usize, i64)>,
}

impl NodeZone {
    pub fn budget(&self, key: usize) -> Option<i64> {
        self.budgets
            .binary_search_by_key(&key, |&(k, _)| k)
            .ok()
            .map(|i| self.budgets[i].1)
    }
}

/// What the zone pass needs of one node: its position, whether the non-chooser (the side
/// whose moves may be covered) is to move, its leaf status, its explicit children (move,
/// node), and its covered moves.
pub(crate) struct ZoneInput<'a> {
    pub pos: &'a Position,
    pub leaf: bool,
    pub children: &'a [(Move, usize)],
    pub covered: &'a [Move],
    /// The explicit child that covers (the pass child), if the node covers any move.
    pub pass_child: Option<usize>,
}

/// One node's zone and budgets from its children's (`zones[c]`, None = not computed yet,
/// which counts as the empty zone with unbounded budgets: the fixpoint's start), given
/// the position of each child node (`child_positions`, by node). `chooser` owns the
/// budgets.
pub(crate) fn node_zone(
    input: &ZoneInput<'_>,
    chooser: Color,
    zones: &[Option<NodeZone>],
    child_positions: &[(usize, Position)],
) -> NodeZone {
    let pos = input.pos;
    let board = pos.board();
    let n = board.len();
    let (groups, _) = groups_of(pos, chooser);
    let chooser_moves = pos.to_move() == chooser;
    // Local budgets: legality, and at the other side's turn two liberties outside M.
    let mut budgets: Vec<(usize, i64)> = groups
        .iter()
        .map(|g| {
            let l = g.libs.len() as i64;
            let b = if chooser_moves { l - 1 } else { (l - 2).max(0) };
            (g.key, b)
        })
        .collect();
    budgets.sort_unstable();
    let mut zone = vec![false; n];
    // (A child not computed yet, or whose position is not given, counts as the empty
    // zone with unbounded budgets.)
    if input.leaf {
        return NodeZone { zone, budgets };
    }
    let set = |budgets: &mut Vec<(usize, i64)>, key: usize, b: i64| {
        if let Ok(i) = budgets.binary_search_by_key(&key, |&(k, _)| k) {
            budgets[i].1 = budgets[i].1.min(b);
        }
    };
    for &(m, c) in input.children {
        if let Move::Play(x) = m {
            if x.index() < n {
                zone[x.index()] = true;
            }
        }
        let Some(cz) = zones.get(c).and_then(Option::as_ref) else {
            continue;
        };
        for (z, &cz) in zone.iter_mut().zip(&cz.zone) {
            *z |= cz;
        }
        // Pull the child's budgets back onto this node's groups: each group of the child
        // holding stones of this node's groups; several joined into one (by the
        // chooser's move) share its budget: the one with most liberties here (then the
        // smallest key) takes it, the others 0.
        let Some((_, child)) = child_positions.iter().find(|(i, _)| *i == c) else {
            continue;
        };
        let (cgroups, cof) = groups_of(child, chooser);
        let mut heirs: Vec<(usize, usize, usize)> = Vec::new(); // (child group, libs, key)
        for g in &groups {
            let s = g.key;
            let cg = cof[s];
            if cg == usize::MAX {
                continue; // captured by this move: its local budget stands
            }
            heirs.push((cg, g.libs.len(), g.key));
        }
        for &(cg, _, key) in &heirs {
            let Some(b) = cz.budget(cgroups[cg].key) else {
                continue;
            };
            let first = heirs
                .iter()
                .filter(|h| h.0 == cg)
                .max_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)))
                .map(|h| h.2);
            let b = if first == Some(key) { b } else { 0 };
            set(&mut budgets, key, b);
        }
    }
    // Covered moves: one extra stone each next to the groups they touch, unless the
    // group is loose in the covering child (fewer liberties outside its zone than its
    // budget there).
    if let Some(pc) = input.pass_child {
        if let Some(pz) = zones.get(pc).and_then(Option::as_ref) {
            for g in &groups {
                let touched = input.covered.iter().any(|m| match m {
                    Move::Play(x) => board
                        .neighbors(*x)
                        .iter()
                        .any(|y| g.stones.contains(&y.index())),
                    Move::Pass => false,
                });
                if touched && !loose(g, pz) {
                    let b = pz.budget(g.key).unwrap_or(i64::MAX);
                    set(&mut budgets, g.key, b.saturating_sub(1));
                }
            }
        }
    }
    NodeZone { zone, budgets }
}

/// Whether no set of points outside `pz`'s zone can take more of `g`'s liberties than its
/// budget allows: it has at most that many liberties outside the zone.
fn loose(g: &Group, pz: &NodeZone) -> bool {
    let outside = g.libs.iter().filter(|&&l| !pz.zone[l]).count() as i64;
    pz.budget(g.key).is_none_or(|b| outside <= b)
}

/// Why the move `m` of the side to move at `pos` may not be covered by the zone `pz` of
/// the pass child (rules 1 to 4 of the design note), or None if it may. `chooser` is the
/// other side.
pub(crate) fn cover_fault(
    pos: &Position,
    m: Move,
    chooser: Color,
    pz: &NodeZone,
) -> Option<String> {
    let board: &Board = pos.board();
    let Move::Play(x) = m else {
        return Some("a pass is not covered by a zone".into());
    };
    if x.index() >= board.len() {
        return Some("off the board".into());
    }
    if pos.color(x).is_some() {
        return Some("the point is not empty".into());
    }
    if pz.zone[x.index()] {
        return Some("the move is in the zone".into());
    }
    let (groups, of) = groups_of(pos, chooser);
    let mut touched: Vec<usize> = Vec::new();
    for &y in board.neighbors(x) {
        match pos.color(y) {
            None if pz.zone[y.index()] => {
                return Some(format!(
                    "next to {}, an empty point of the zone",
                    board.gtp(y)
                ))
            }
            None => {}
            Some(c) if c == chooser => {
                let g = of[y.index()];
                if !touched.contains(&g) {
                    touched.push(g);
                }
            }
            Some(_) => return Some(format!("next to its own side's stone at {}", board.gtp(y))),
        }
    }
    if let Some(&g) = touched.iter().find(|&&g| groups[g].libs.len() < 2) {
        return Some(format!(
            "captures the group at {}",
            board.gtp(Point::from_index(groups[g].key))
        ));
    }
    for &g in &touched {
        let g = &groups[g];
        if !loose(g, pz) && pz.budget(g.key).is_some_and(|b| b < 1) {
            return Some(format!(
                "the group at {} has no liberty to spare",
                board.gtp(Point::from_index(g.key))
            ));
        }
    }
    None
}

/// `new` joined with `old` (zones united, budgets the least of both): the fixpoint's step,
/// monotone so that it ends.
pub(crate) fn join(old: Option<&NodeZone>, mut new: NodeZone) -> NodeZone {
    if let Some(old) = old {
        for (z, &o) in new.zone.iter_mut().zip(&old.zone) {
            *z |= o;
        }
        for b in &mut new.budgets {
            if let Some(o) = old.budget(b.0) {
                b.1 = b.1.min(o);
            }
        }
    }
    for b in &mut new.budgets {
        b.1 = b.1.max(-1);
    }
    new
}
