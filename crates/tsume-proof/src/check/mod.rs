//! The checker: replays a [`Tree`] against the board model and verifies every rule of a
//! proof or disproof of `Can_kill` (Crăşmaru §3).

use std::collections::VecDeque;
use std::time::Instant;

use fxhash::FxHashMap;

use tsume_board::benson;
use tsume_board::{Board, Color, Move, Point, Position};

use crate::{Claim, Leaf, Tree};

mod error;
mod packed;
mod zones;

pub use error::{CheckError, CheckErrorKind};
use packed::{pack, stone_bytes, unpack};

/// What a successful check found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CheckReport {
    /// Number of nodes (all reachable from the root).
    pub nodes: usize,
    /// Number of nodes without children.
    pub leaves: usize,
    /// The greatest number of moves from the root to a node, along the shortest path to
    /// it (for a tree without shared nodes: its depth).
    pub max_depth: usize,
    /// No line of the tree plays a stone into a position (stones and player to move) met
    /// earlier on that line: no ko is retaken, no other cycle of captures is gone round.
    /// Such a tree proves its claim under any rule that forbids repeating a position by
    /// a stone move (simple ko, superko) as well, since those rules only take moves away
    /// from the other side and never from a line of the tree. Passes may repeat (a seki
    /// is two passes). Conservative: `false` may also mean that two different lines
    /// share positions in a way that makes a cycle only when nodes with equal positions
    /// are merged. `false` for a tree with pruned moves or reuses, whose replayed lines
    /// are not written.
    pub repetition_free: bool,
    /// A disproof ([`Claim::Alive`]) whose every leaf is [`Leaf::Benson`] and whose
    /// nodes make no cycle: every line ends in unconditional life, so the defender
    /// forces the target unconditionally alive (within [`CheckReport::max_depth`]
    /// moves along the longest line), under the tree's ko rule.
    pub forces_unconditional: bool,
    /// The moves answered by a witness child instead of a subtree (`pruned`), each
    /// checked by the witness rule, its witness's zone by the local conditions
    /// (docs/design/post-hoc-zones.md).
    pub pruned: usize,
    /// The nodes solved by another node's zone and claim (`reuse`), each checked for
    /// agreement on that zone, the plies, and well-founded references.
    pub reused: usize,
}

/// A move as text: GTP name on grids, point name elsewhere, `pass`.
pub(crate) fn move_name(board: &Board, m: Move) -> String {
    match m {
        Move::Pass => "pass".to_string(),
        Move::Play(p) if p.index() < board.len() => board.gtp(p),
        Move::Play(p) => format!("#{}", p.index()),
    }
}

/// Whether the group on `target` (of colour `defender`) is in D₀ at `pos`: exactly one
/// liberty and the attacker to move (Crăşmaru §3, def. of D₀), and under a ko rule that
/// liberty not a recapture forbidden to an attacker with no ko threat left. Also
/// returns the count.
fn in_d0(pos: &Position, target: Point, defender: Color) -> (bool, usize) {
    let count = pos.liberty_count_up_to(target, 2);
    let attacker = defender.opponent();
    let banned = count == 1
        && pos.ko_threats(attacker) == 0
        && pos
            .ko_ban()
            .is_some_and(|b| pos.liberties(target).contains(&b));
    (count == 1 && pos.to_move() == attacker && !banned, count)
}

/// Checks that `tree` proves (`Claim::Dead`) or disproves (`Claim::Alive`)
/// `Can_kill(root, target, α)` with `α + 1` = the root's `remaining` (or for every α when
/// it is `None`), following the rules in the [crate docs](crate).
///
/// Every node must be reachable from the root. Each node's position is computed by
/// replaying moves along the edge that first reaches it in breadth-first order from the
/// root (edges in listed order); every other edge into it must give the same position
/// (configuration and player to move). The attacker is the opponent of the colour of the
/// stone on `target` in `root`.
///
/// # Errors
/// The first [`CheckError`] found, naming the node and what is wrong.
pub fn check(root: &Position, target: Point, tree: &Tree) -> Result<CheckReport, CheckError> {
    check_within(root, target, tree, None)
}

/// [`check`], stopped with [`CheckErrorKind::OutOfTime`] once `deadline` has passed (then
/// nothing is said of the tree): the time limit of a command covers the check too.
/// The deadline is looked at between nodes and between the moves of a node's Ψ(p), so
/// the check overruns it by at most one move's replay.
///
/// # Errors
/// As [`check`], and [`CheckErrorKind::OutOfTime`].
pub fn check_within(
    root: &Position,
    target: Point,
    tree: &Tree,
    deadline: Option<Instant>,
) -> Result<CheckReport, CheckError> {
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let board = root.board().clone();
    let n = tree.nodes.len();
    let err = |node: usize, kind: CheckErrorKind| CheckError {
        node,
        path: String::new(),
        kind,
    };
    if n == 0 {
        return Err(err(0, CheckErrorKind::EmptyTree));
    }
    if target.index() >= board.len() {
        return Err(err(
            0,
            CheckErrorKind::TargetOffBoard {
                index: target.index(),
            },
        ));
    }
    let defender = root.color(target).ok_or_else(|| {
        err(
            0,
            CheckErrorKind::TargetEmpty {
                target: board.gtp(target),
            },
        )
    })?;
    let attacker = defender.opponent();

    // First edge into each node (parent, move), for paths in messages.
    let mut first: Vec<Option<(usize, Move)>> = vec![None; n];
    let path_of = |first: &[Option<(usize, Move)>], node: usize| -> String {
        let mut moves = Vec::new();
        let mut cur = node;
        let mut guard = 0;
        while let Some((parent, m)) = first[cur] {
            moves.push(m);
            cur = parent;
            guard += 1;
            if cur == 0 || guard > n {
                break;
            }
        }
        moves.reverse();
        // Colours: replay the turn from the root.
        let mut color = root.to_move();
        let mut out = Vec::new();
        for m in moves {
            out.push(format!("{} {}", color.letter(), move_name(&board, m)));
            color = color.opponent();
        }
        out.join(" ")
    };
    let fail = |first: &[Option<(usize, Move)>], node: usize, kind: CheckErrorKind| CheckError {
        node,
        path: path_of(first, node),
        kind,
    };

    if tree.claim != Claim::Dead && tree.nodes.iter().any(|node| node.reuse.is_some()) {
        return Err(err(
            0,
            CheckErrorKind::ZonesNotAllowed {
                reason: "reuses are checked in proofs only".into(),
            },
        ));
    }
    let mut packed: Vec<Option<Box<[u8]>>> = vec![None; n];
    let mut keys = vec![0u64; n];
    let mut depth = vec![0usize; n];
    packed[0] = Some(pack(root));
    let mut queue = VecDeque::from([0usize]);
    let mut leaves = 0;
    let mut max_depth = 0;
    let mut visited = 0;
    // Nodes with covered moves, for the zone pass.
    let mut covering: Vec<usize> = Vec::new();

    while let Some(v) = queue.pop_front() {
        if late() {
            return Err(err(v, CheckErrorKind::OutOfTime));
        }
        visited += 1;
        let node = &tree.nodes[v];
        let pos = match (v, &packed[v]) {
            (0, _) => root.clone(),
            (_, Some(bytes)) => {
                unpack(&board, bytes).map_err(|e| fail(&first, v, CheckErrorKind::Replay(e)))?
            }
            (_, None) => return Err(fail(&first, v, CheckErrorKind::Unreachable)),
        };
        max_depth = max_depth.max(depth[v]);
        keys[v] = pos.hash();
        if pos.color(target) != Some(defender) {
            return Err(fail(&first, v, CheckErrorKind::TargetCaptured));
        }

        // Replay every edge: children's positions, consistency with earlier edges.
        // The children's positions by Zobrist key (candidates only: a reply is covered
        // when its packed position equals a child's, byte for byte). No position is
        // kept: |Ψ(p)| of them would be quadratic in the board.
        let mut covered: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
        for &(m, c) in &node.children {
            if c >= n {
                return Err(fail(
                    &first,
                    v,
                    CheckErrorKind::ChildOutOfRange { child: c },
                ));
            }
            if let Move::Play(p) = m {
                if p.index() >= board.len() {
                    return Err(fail(
                        &first,
                        v,
                        CheckErrorKind::MoveOffBoard { index: p.index() },
                    ));
                }
            }
            let q = pos.play(m);
            let key = pack(&q);
            match &packed[c] {
                None => {
                    packed[c] = Some(key);
                    first[c] = Some((v, m));
                    depth[c] = depth[v] + 1;
                    queue.push_back(c);
                }
                Some(existing) => {
                    if *existing != key {
                        return Err(fail(
                            &first,
                            c,
                            CheckErrorKind::InconsistentPosition {
                                parent: v,
                                mv: move_name(&board, m),
                            },
                        ));
                    }
                }
            }
            covered.entry(q.hash()).or_default().push(c);
        }

        let mover = pos.to_move();
        let chooser = match tree.claim {
            Claim::Dead | Claim::NeverUnconditional => attacker,
            Claim::Alive => defender,
        };
        // Covered moves: the defender's in a proof, at a node with a pass child; their
        // positions count as covered here, and the zone pass below checks them. (The
        // dual, an attacker's move covered in a disproof, is not accepted: no argument
        // for it has been checked here.)
        if !node.covered.is_empty() {
            if node.children.is_empty() || mover == chooser || tree.claim != Claim::Dead {
                return Err(fail(
                    &first,
                    v,
                    CheckErrorKind::CoverNotAllowed {
                        mv: move_name(&board, node.covered[0]),
                    },
                ));
            }
            let passed = pos.play(Move::Pass);
            let passed_key = pack(&passed);
            let has_pass = covered.get(&passed.hash()).is_some_and(|cs| {
                cs.iter()
                    .any(|&c| packed[c].as_deref() == Some(&passed_key[..]))
            });
            if !has_pass {
                return Err(fail(&first, v, CheckErrorKind::NoPassChild));
            }
            for &m in &node.covered {
                if let Move::Play(p) = m {
                    if p.index() >= board.len() {
                        return Err(fail(
                            &first,
                            v,
                            CheckErrorKind::MoveOffBoard { index: p.index() },
                        ));
                    }
                }
            }
            covering.push(v);
        }
        let (d0, libs) = in_d0(&pos, target, defender);
        if node.children.is_empty() {
            leaves += 1;
        } else if node.leaf.is_some() {
            return Err(fail(&first, v, CheckErrorKind::LeafWithChildren));
        }
        match tree.claim {
            Claim::Dead => {
                // Proof: D_i of Crăşmaru §3 — attacker needs one move into D_{i-1},
                // defender's every move must lead into D_{i-1}.
                let Some(r) = node.remaining else {
                    return Err(fail(&first, v, CheckErrorKind::RemainingMissing));
                };
                if d0 && node.reuse.is_some() {
                    return Err(fail(&first, v, CheckErrorKind::D0NotLeaf));
                }
                if let Some(of) = node.reuse {
                    // A reuse: its named node's claim serves it (the zone pass checks).
                    if !node.children.is_empty() || node.leaf.is_some() || !node.pruned.is_empty() {
                        let reason = "a reuse has no children, no leaf mark, no pruned move";
                        return Err(fail(
                            &first,
                            v,
                            CheckErrorKind::BadReuse {
                                of,
                                reason: reason.into(),
                            },
                        ));
                    }
                    continue;
                }
                if node.children.is_empty() {
                    capture_leaf(node.leaf, d0, libs, mover, tree.claim)
                        .map_err(|k| fail(&first, v, k))?;
                    continue;
                }
                if d0 {
                    return Err(fail(&first, v, CheckErrorKind::D0NotLeaf));
                }
                if r == 0 {
                    return Err(fail(&first, v, CheckErrorKind::ExpandedAtZero));
                }
                for &(_, c) in &node.children {
                    let cr = tree.nodes[c].remaining;
                    if !matches!(cr, Some(cr) if cr < r) {
                        return Err(fail(
                            &first,
                            v,
                            CheckErrorKind::RemainingNotDecreasing {
                                child: c,
                                parent_remaining: r,
                                child_remaining: cr,
                            },
                        ));
                    }
                }
            }
            Claim::Alive => {
                // Disproof: the target never enters D_0 within the bound.
                if d0 {
                    return Err(fail(&first, v, CheckErrorKind::InD0));
                }
                if node.children.is_empty() {
                    match node.leaf {
                        None => return Err(fail(&first, v, CheckErrorKind::NoLeafMark)),
                        Some(Leaf::DepthLimit) => {
                            if node.remaining != Some(0) {
                                return Err(fail(
                                    &first,
                                    v,
                                    CheckErrorKind::DepthNotExhausted {
                                        remaining: node.remaining,
                                    },
                                ));
                            }
                        }
                        Some(Leaf::Benson) => {
                            if !benson::is_unconditionally_alive(&pos, target) {
                                return Err(fail(&first, v, CheckErrorKind::NotBenson));
                            }
                        }
                        // Safe under alternating play (docs/design/safety.md): alive for
                        // every α whoever moves, by the board crate's own test.
                        Some(Leaf::Safe) => {
                            if !tsume_board::safety::is_safely_alive(&pos, target) {
                                return Err(fail(&first, v, CheckErrorKind::NotSafe));
                            }
                        }
                        Some(leaf) => {
                            return Err(fail(
                                &first,
                                v,
                                CheckErrorKind::WrongLeaf {
                                    leaf,
                                    claim: tree.claim,
                                },
                            ))
                        }
                    }
                    continue;
                }
                if let Some(kind) = remaining_too_small(tree, v) {
                    return Err(fail(&first, v, kind));
                }
            }
            Claim::NeverUnconditional => {
                // The attacker keeps the target from unconditional life (Benson) within
                // the bound, or for ever with cycles; a capture ends a line.
                if benson::is_unconditionally_alive(&pos, target) {
                    return Err(fail(&first, v, CheckErrorKind::UnconditionallyAlive));
                }
                if node.children.is_empty() {
                    if node.leaf == Some(Leaf::DepthLimit) {
                        if node.remaining != Some(0) {
                            return Err(fail(
                                &first,
                                v,
                                CheckErrorKind::DepthNotExhausted {
                                    remaining: node.remaining,
                                },
                            ));
                        }
                    } else {
                        capture_leaf(node.leaf, d0, libs, mover, tree.claim)
                            .map_err(|k| fail(&first, v, k))?;
                    }
                    continue;
                }
                if let Some(kind) = remaining_too_small(tree, v) {
                    return Err(fail(&first, v, kind));
                }
            }
        }
        // The side the claim favours (attacker in a proof, defender in a disproof)
        // chooses one move; every position of Ψ(p) of the other side must be covered.
        if mover == chooser {
            if node.children.len() != 1 {
                return Err(fail(
                    &first,
                    v,
                    CheckErrorKind::ChoiceCount {
                        player: chooser,
                        children: node.children.len(),
                    },
                ));
            }
        } else if let Some(m) = missing_reply(&pos, &covered, &packed, &answered(node), &late)
            .map_err(|()| err(v, CheckErrorKind::OutOfTime))?
        {
            return Err(fail(
                &first,
                v,
                CheckErrorKind::MissingReply {
                    player: mover,
                    mv: move_name(&board, m),
                },
            ));
        }
    }

    if visited < n {
        if let Some(u) = packed.iter().position(Option::is_none) {
            return Err(err(u, CheckErrorKind::Unreachable));
        }
    }
    let packed: Vec<Box<[u8]>> = packed.into_iter().flatten().collect();
    if !covering.is_empty() {
        let chooser = match tree.claim {
            Claim::Dead | Claim::NeverUnconditional => attacker,
            Claim::Alive => defender,
        };
        let position = |v: usize| -> Result<Position, CheckError> {
            if v == 0 {
                return Ok(root.clone());
            }
            unpack(&board, &packed[v]).map_err(|e| fail(&first, v, CheckErrorKind::Replay(e)))
        };
        let zones = zone_pass(tree, chooser, &position)?;
        for &v in &covering {
            let pos = position(v)?;
            let pass_child = pass_child(tree, v, &pos, &position)?;
            let Some(pz) = pass_child.and_then(|c| zones[c].as_ref()) else {
                return Err(fail(&first, v, CheckErrorKind::NoPassChild));
            };
            for &m in &tree.nodes[v].covered {
                // A move whose position is the pass's (an occupied point, a suicide, the
                // forbidden point) is covered by that child outright.
                if pos.play(m) == pos.play(Move::Pass) {
                    continue;
                }
                if let Some(reason) = crate::zone::cover_fault(&pos, m, chooser, pz) {
                    return Err(fail(
                        &first,
                        v,
                        CheckErrorKind::NotCovered {
                            mv: move_name(&board, m),
                            reason,
                        },
                    ));
                }
            }
        }
    }
    let mut pruned = 0;
    if zones::any(tree) {
        let refuse = |reason: &str| {
            Err(err(
                0,
                CheckErrorKind::ZonesNotAllowed {
                    reason: reason.to_string(),
                },
            ))
        };
        // Proofs (W the attacker) and disproofs (W the defender; cycles allowed: the
        // life lemma is an induction on the plies, docs/design/post-hoc-zones.md).
        let w = match tree.claim {
            Claim::Dead => attacker,
            Claim::Alive => defender,
            Claim::NeverUnconditional => {
                return refuse("zones and pruned moves are checked in proofs and disproofs only")
            }
        };
        if !matches!(
            root.ko(),
            tsume_board::KoRule::None | tsume_board::KoRule::Basic
        ) {
            return refuse("under a ko master");
        }
        if root.ko_threats(Color::Black) > 0 || root.ko_threats(Color::White) > 0 {
            return refuse("with external ko threats");
        }
        let position = |v: usize| -> Result<Position, CheckError> {
            if v == 0 {
                return Ok(root.clone());
            }
            unpack(&board, &packed[v]).map_err(|e| fail(&first, v, CheckErrorKind::Replay(e)))
        };
        match zones::check_zones(tree, target, w, &board, &position)? {
            Ok(k) => pruned = k,
            Err((v, kind)) => return Err(fail(&first, v, kind)),
        }
    }
    // A reuse replays its named node's strategy on another position, and so does a
    // pruned move its witness's: no line of the tree shows that play, so nothing is
    // claimed of its repetitions.
    let reused = pruned > 0 || tree.nodes.iter().any(|node| node.reuse.is_some());
    let forces_unconditional = tree.claim == Claim::Alive
        && tree
            .nodes
            .iter()
            .all(|node| !node.children.is_empty() || node.leaf == Some(Leaf::Benson))
        && acyclic(tree);
    Ok(CheckReport {
        nodes: n,
        leaves,
        max_depth,
        repetition_free: !reused && repetition_free(tree, &packed, &keys, board.len()),
        forces_unconditional,
        pruned,
        reused: tree
            .nodes
            .iter()
            .filter(|node| node.reuse.is_some())
            .count(),
    })
}

/// A leaf that must be a capture (a proof's, or a line of `NeverUnconditional` that
/// ends in one): marked, marked a capture, and the target in D₀ there (`d0`, `libs`
/// its liberties, `mover` to move).
fn capture_leaf(
    leaf: Option<Leaf>,
    d0: bool,
    libs: usize,
    mover: Color,
    claim: Claim,
) -> Result<(), CheckErrorKind> {
    match leaf {
        None => Err(CheckErrorKind::NoLeafMark),
        Some(Leaf::Capture) if d0 => Ok(()),
        Some(Leaf::Capture) => Err(CheckErrorKind::NotInD0 {
            liberties: libs,
            to_move: mover,
        }),
        Some(leaf) => Err(CheckErrorKind::WrongLeaf { leaf, claim }),
    }
}

/// In a disproof or a [`Claim::NeverUnconditional`] tree, an edge of node `v` whose
/// child's remaining depth is below `v`'s minus one (`None` counts as infinite).
fn remaining_too_small(tree: &Tree, v: usize) -> Option<CheckErrorKind> {
    let node = &tree.nodes[v];
    node.children.iter().find_map(|&(_, c)| {
        let cr = tree.nodes[c].remaining;
        let ok = match (node.remaining, cr) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(r), Some(cr)) => cr >= r.saturating_sub(1),
        };
        (!ok).then_some(CheckErrorKind::RemainingTooSmall {
            child: c,
            parent_remaining: node.remaining,
            child_remaining: cr,
        })
    })
}

/// Whether the graph of the tree's nodes (edges as given, positions not merged) has no
/// cycle: every line ends at a leaf.
fn acyclic(tree: &Tree) -> bool {
    // Kahn's algorithm on the nodes' in-degrees.
    let n = tree.nodes.len();
    let mut indegree = vec![0usize; n];
    for node in &tree.nodes {
        for &(_, c) in &node.children {
            indegree[c] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    let mut seen = 0;
    while let Some(v) = ready.pop() {
        seen += 1;
        for &(_, c) in &tree.nodes[v].children {
            indegree[c] -= 1;
            if indegree[c] == 0 {
                ready.push(c);
            }
        }
    }
    seen == n
}

/// Whether no stone move of `tree` lies on a cycle of the graph of its positions (the
/// tree's nodes merged when their positions are equal; `packed[v]` is node v's position
/// as [`pack`] writes it, its stones in the first [`stone_bytes`] bytes, and `keys[v]`
/// its Zobrist key). A line that plays a stone into a position it has met before makes
/// such a cycle, so `true` means that no line does. A move that changes no stone (a pass, a suicide, a move on an occupied
/// point) may lie on a cycle: it is legal under every ko rule.
fn repetition_free(tree: &Tree, packed: &[Box<[u8]>], keys: &[u64], board_len: usize) -> bool {
    use petgraph::algo::kosaraju_scc;
    use petgraph::graph::{DiGraph, NodeIndex};

    // Positions are merged by their 64-bit Zobrist keys (random, so two positions of a
    // tree share one by chance only): positions that collided would be merged too, which
    // can only add cycles, so the answer stays on the safe side.
    let mut ids: fxhash::FxHashMap<u64, u32> = fxhash::FxHashMap::default();
    ids.reserve(keys.len());
    let node_id: Vec<u32> = keys
        .iter()
        .map(|&k| {
            let next = ids.len() as u32;
            *ids.entry(k).or_insert(next)
        })
        .collect();
    let mut g: DiGraph<(), (), u32> = DiGraph::with_capacity(ids.len(), packed.len());
    for _ in 0..ids.len() {
        g.add_node(());
    }
    let stones = stone_bytes(board_len);
    let mut stone_edges: Vec<(u32, u32)> = Vec::new();
    for (v, node) in tree.nodes.iter().enumerate() {
        for &(_, c) in &node.children {
            let (a, b) = (node_id[v], node_id[c]);
            g.add_edge(NodeIndex::new(a as usize), NodeIndex::new(b as usize), ());
            let (kv, kc) = (&packed[v], &packed[c]);
            if kv[..stones] != kc[..stones] {
                stone_edges.push((a, b));
            }
        }
    }
    let mut component = vec![0usize; ids.len()];
    for (i, scc) in kosaraju_scc(&g).iter().enumerate() {
        for x in scc {
            component[x.index()] = i;
        }
    }
    stone_edges
        .iter()
        .all(|&(a, b)| component[a as usize] != component[b as usize])
}

/// The moves of a node answered without a child of their own: covered by the pass
/// child's zone, or pruned with a witness (each checked after the tree's walk).
fn answered(node: &crate::TreeNode) -> std::borrow::Cow<'_, [Move]> {
    if node.pruned.is_empty() {
        std::borrow::Cow::Borrowed(&node.covered)
    } else {
        let mut all = node.covered.clone();
        all.extend(node.pruned.iter().map(|&(m, _)| m));
        std::borrow::Cow::Owned(all)
    }
}

/// A move of Ψ(pos) whose position is no child's (`covered`: the children by Zobrist
/// key; `packed`: their positions) and that is not among `zoned` (the moves a relevance
/// zone covers, checked by the zone pass), if any; `Err` once `late`. The successors are
/// made one at a time.
fn missing_reply(
    pos: &Position,
    covered: &FxHashMap<u64, Vec<usize>>,
    packed: &[Option<Box<[u8]>>],
    zoned: &[Move],
    late: &dyn Fn() -> bool,
) -> Result<Option<Move>, ()> {
    let moves = pos.legal_moves().map(Move::Play).chain([Move::Pass]);
    for (i, m) in moves.enumerate() {
        if i % 64 == 63 && late() {
            return Err(());
        }
        if zoned.contains(&m) {
            continue;
        }
        let q = pos.play(m);
        let here = covered.get(&q.hash()).is_some_and(|cs| {
            let key = pack(&q);
            cs.iter().any(|&c| packed[c].as_deref() == Some(&key[..]))
        });
        if !here {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

/// The node reached from node `v` (position `pos`) by a child edge whose position is the
/// pass's, if any.
fn pass_child(
    tree: &Tree,
    v: usize,
    pos: &Position,
    position: &dyn Fn(usize) -> Result<Position, CheckError>,
) -> Result<Option<usize>, CheckError> {
    let passed = pos.play(Move::Pass);
    for &(m, c) in &tree.nodes[v].children {
        if m == Move::Pass {
            return Ok(Some(c));
        }
        if position(c)? == passed {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// Every node's relevance zone and liberty budgets (docs/design/relevance-zones.md): a
/// fixpoint from the empty zone and unbounded budgets, zones growing and budgets
/// shrinking (floored at -1, which no covered move survives) until nothing changes; one
/// pass in the order of the plies left for a proof (children before parents), a worklist
/// of parents for a disproof's cycles.
fn zone_pass(
    tree: &Tree,
    chooser: Color,
    position: &dyn Fn(usize) -> Result<Position, CheckError>,
) -> Result<Vec<Option<crate::zone::NodeZone>>, CheckError> {
    use crate::zone::{join, node_zone, ZoneInput};
    let n = tree.nodes.len();
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (v, node) in tree.nodes.iter().enumerate() {
        for &(_, c) in &node.children {
            if !parents[c].contains(&v) {
                parents[c].push(v);
            }
        }
    }
    // Children first where the plies say so (a proof's children have fewer); the
    // worklist mends the rest.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| tree.nodes[v].remaining.map_or(u64::MAX, u64::from));
    let mut zones: Vec<Option<crate::zone::NodeZone>> = vec![None; n];
    let mut queued = vec![true; n];
    let mut work: VecDeque<usize> = order.into_iter().collect();
    while let Some(v) = work.pop_front() {
        queued[v] = false;
        let node = &tree.nodes[v];
        let pos = position(v)?;
        let pc = if node.covered.is_empty() {
            None
        } else {
            pass_child(tree, v, &pos, position)?
        };
        let input = ZoneInput {
            pos: &pos,
            leaf: node.children.is_empty(),
            children: &node.children,
            covered: &node.covered,
            pass_child: pc,
        };
        let mut kids: Vec<(usize, Position)> = Vec::new();
        for &(_, c) in &node.children {
            if !kids.iter().any(|(i, _)| *i == c) {
                kids.push((c, position(c)?));
            }
        }
        let z = join(zones[v].as_ref(), node_zone(&input, chooser, &zones, &kids));
        if zones[v].as_ref() != Some(&z) {
            zones[v] = Some(z);
            for &p in &parents[v] {
                if !queued[p] {
                    queued[p] = true;
                    work.push_back(p);
                }
            }
        }
    }
    Ok(zones)
}
