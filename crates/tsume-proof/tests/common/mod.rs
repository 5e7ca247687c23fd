//! Test helpers: an exact retrograde solver of Crăşmaru's D_k on small boards, and
//! builders of proof / disproof trees from its ranks.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::{HashMap, VecDeque};

use tsume_board::benson;
use tsume_board::{Color, Move, Point, Position};
use tsume_proof::{Claim, Leaf, Tree, TreeNode};

/// Every position reachable from a root (D₀ positions not expanded) with its kill rank:
/// the least k with the target group in D_k, `None` if never.
pub struct Solved {
    pub target: Point,
    pub defender: Color,
    pub positions: Vec<Position>,
    pub index: HashMap<Position, usize>,
    pub succ: Vec<Vec<(Move, usize)>>,
    pub rank: Vec<Option<u32>>,
}

/// D₀ (Crăşmaru §3): one liberty, the attacker to move; under a ko rule, that liberty
/// not a point forbidden to an attacker with no ko threat left.
pub fn in_d0(p: &Position, target: Point, defender: Color) -> bool {
    let attacker = defender.opponent();
    let libs = p.liberties(target);
    let banned = p.ko_ban().is_some_and(|b| libs.contains(&b)) && p.ko_threats(attacker) == 0;
    p.to_move() == attacker && libs.len() == 1 && !banned
}

pub fn solve(root: &Position, target: Point) -> Solved {
    let defender = root.color(target).expect("target stone");
    let mut positions = vec![root.clone()];
    let mut index = HashMap::from([(root.clone(), 0usize)]);
    let mut succ: Vec<Vec<(Move, usize)>> = Vec::new();
    let mut queue = VecDeque::from([0usize]);
    let mut order = Vec::new();
    while let Some(i) = queue.pop_front() {
        order.push(i);
        let p = positions[i].clone();
        assert_eq!(
            p.color(target),
            Some(defender),
            "target captured outside D0"
        );
        if succ.len() <= i {
            succ.resize(i + 1, Vec::new());
        }
        if in_d0(&p, target, defender) {
            continue;
        }
        let mut out = Vec::new();
        for (m, q) in p.successors() {
            let j = match index.get(&q) {
                Some(&j) => j,
                None => {
                    let j = positions.len();
                    positions.push(q.clone());
                    index.insert(q, j);
                    queue.push_back(j);
                    j
                }
            };
            out.push((m, j));
        }
        succ[i] = out;
    }
    succ.resize(positions.len(), Vec::new());
    let n = positions.len();
    let mut rank: Vec<Option<u32>> = (0..n)
        .map(|i| in_d0(&positions[i], target, defender).then_some(0))
        .collect();
    // D_k from D_{k-1} (Crăşmaru §3).
    for k in 1.. {
        let prev = rank.clone();
        let mut changed = false;
        for i in 0..n {
            if prev[i].is_some() {
                continue;
            }
            let attacker_moves = positions[i].to_move() != defender;
            let dead = |&(_, j): &(Move, usize)| prev[j].is_some();
            let hit = if attacker_moves {
                succ[i].iter().any(dead)
            } else {
                succ[i].iter().all(dead)
            };
            if hit {
                rank[i] = Some(k);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Solved {
        target,
        defender,
        positions,
        index,
        succ,
        rank,
    }
}

/// Literal transcription of the paper's `Can_kill(p, x, depth)` with bound `alpha`.
pub fn can_kill(p: &Position, x: Point, depth: u32, alpha: u32) -> bool {
    let defender = match p.color(x) {
        Some(c) => c,
        None => return false,
    };
    if in_d0(p, x, defender) {
        return true;
    }
    if depth > alpha {
        return false;
    }
    if p.to_move() != defender {
        p.successors()
            .iter()
            .any(|(_, q)| can_kill(q, x, depth + 1, alpha))
    } else {
        p.successors()
            .iter()
            .all(|(_, q)| can_kill(q, x, depth + 1, alpha))
    }
}

impl Solved {
    pub fn attacker_moves(&self, i: usize) -> bool {
        self.positions[i].to_move() != self.defender
    }

    /// Can_kill(root, target, alpha): rank ≤ α + 1.
    pub fn can_kill(&self, alpha: u32) -> bool {
        self.rank[0].is_some_and(|k| k <= alpha + 1)
    }

    /// A proof with root remaining `r` (needs rank[0] ≤ r), nodes shared by (position,
    /// remaining).
    pub fn proof(&self, r: u32) -> Tree {
        let mut tree = Tree {
            claim: Claim::Dead,
            nodes: Vec::new(),
        };
        let mut memo = HashMap::new();
        self.build_proof(0, r, &mut tree, &mut memo);
        tree
    }

    /// The proof of position `i` with `r` plies left, added to `tree` (its nodes shared by
    /// (position, remaining) through `memo`); returns its node.
    pub fn build_proof(
        &self,
        i: usize,
        r: u32,
        tree: &mut Tree,
        memo: &mut HashMap<(usize, u32), usize>,
    ) -> usize {
        if let Some(&v) = memo.get(&(i, r)) {
            return v;
        }
        let rank = self.rank[i].expect("dead");
        assert!(rank <= r);
        let v = tree.nodes.len();
        memo.insert((i, r), v);
        tree.nodes.push(TreeNode {
            remaining: Some(r),
            children: Vec::new(),
            leaf: None,
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        });
        if rank == 0 {
            tree.nodes[v].leaf = Some(Leaf::Capture);
            return v;
        }
        let mut children = Vec::new();
        if self.attacker_moves(i) {
            let &(m, j) = self.succ[i]
                .iter()
                .find(|&&(_, j)| self.rank[j].is_some_and(|k| k < r))
                .expect("winning move");
            children.push((m, self.build_proof(j, r - 1, tree, memo)));
        } else {
            for &(m, j) in &self.succ[i] {
                children.push((m, self.build_proof(j, r - 1, tree, memo)));
            }
        }
        tree.nodes[v].children = children;
        v
    }

    /// A disproof with root remaining `r` (needs rank[0] > r or None); Benson leaves when
    /// `use_benson`.
    pub fn disproof(&self, r: Option<u32>, use_benson: bool) -> Tree {
        let mut tree = Tree {
            claim: Claim::Alive,
            nodes: Vec::new(),
        };
        let mut memo = HashMap::new();
        self.build_disproof(0, r, use_benson, &mut tree, &mut memo);
        tree
    }

    fn survives(&self, j: usize, r: Option<u32>) -> bool {
        match (self.rank[j], r) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(k), Some(r)) => k > r,
        }
    }

    fn build_disproof(
        &self,
        i: usize,
        r: Option<u32>,
        use_benson: bool,
        tree: &mut Tree,
        memo: &mut HashMap<(usize, Option<u32>), usize>,
    ) -> usize {
        if let Some(&v) = memo.get(&(i, r)) {
            return v;
        }
        assert!(self.survives(i, r));
        let v = tree.nodes.len();
        memo.insert((i, r), v);
        tree.nodes.push(TreeNode {
            remaining: r,
            children: Vec::new(),
            leaf: None,
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        });
        if r == Some(0) {
            tree.nodes[v].leaf = Some(Leaf::DepthLimit);
            return v;
        }
        if use_benson && benson::is_unconditionally_alive(&self.positions[i], self.target) {
            tree.nodes[v].leaf = Some(Leaf::Benson);
            return v;
        }
        let r1 = r.map(|r| r - 1);
        let mut children = Vec::new();
        if self.attacker_moves(i) {
            for &(m, j) in &self.succ[i] {
                children.push((m, self.build_disproof(j, r1, use_benson, tree, memo)));
            }
        } else {
            let &(m, j) = self.succ[i]
                .iter()
                .find(|&&(_, j)| self.survives(j, r1))
                .expect("saving move");
            children.push((m, self.build_disproof(j, r1, use_benson, tree, memo)));
        }
        tree.nodes[v].children = children;
        v
    }

    /// The tree for Can_kill(root, target, alpha): a proof or a disproof.
    pub fn tree_for(&self, alpha: u32, use_benson: bool) -> Tree {
        if self.can_kill(alpha) {
            self.proof(alpha + 1)
        } else {
            self.disproof(Some(alpha + 1), use_benson)
        }
    }
}

/// Whether some edge goes back to a node already on the path from the root (a cycle).
pub fn has_cycle(tree: &Tree) -> bool {
    fn dfs(t: &Tree, v: usize, state: &mut [u8]) -> bool {
        state[v] = 1;
        for &(_, c) in &t.nodes[v].children {
            if state[c] == 1 || (state[c] == 0 && dfs(t, c, state)) {
                return true;
            }
        }
        state[v] = 2;
        false
    }
    let mut state = vec![0u8; tree.nodes.len()];
    dfs(tree, 0, &mut state)
}
