//! Proof and disproof trees for `Can_kill` (Crăşmaru §3), and a checker that replays
//! them against the board model alone.
//!
//! This crate must never depend on the prover (`tsume-prove`): Cargo forbids the cycle,
//! so the checker cannot share code with the search it checks.
//!
//! # The tree
//! A [`Tree`] is a graph of [`TreeNode`]s, `nodes[0]` being the root position. Each edge
//! is a move; the child's position is φ(parent, move). Nodes may be shared (a DAG), and
//! a disproof may even contain cycles (infinite play, where the defender lives).
//!
//! Every node carries `remaining`, the plies still allowed below it: with the paper's
//! `Can_kill(p, x, 0)` and bound α, the root has `remaining = α + 1` and a node at depth
//! `d` has `α + 1 − d`. The D₀ test is made while `remaining ≥ 0`, moves are expanded
//! while `remaining ≥ 1`. `None` means "for every α".
//!
//! - A **proof** ([`Claim::Dead`]): at an attacker node one child, at a defender node one
//!   child per position of Ψ(p) (pass included), every leaf [`Leaf::Capture`] (the target
//!   group in D₀: one liberty, attacker to move). A child's `remaining` is at most its
//!   parent's minus one, so a proof is acyclic and its depth is bounded.
//! - A **disproof** ([`Claim::Alive`]): at an attacker node one child per position of Ψ(p),
//!   at a defender node one child, no node in D₀, leaves [`Leaf::DepthLimit`] (remaining
//!   0), [`Leaf::Benson`] (the target is unconditionally alive) or [`Leaf::Safe`] (safe
//!   under alternating play, `tsume_board::safety`). A child's `remaining`
//!   is at least its parent's minus one (`None` counts as infinite).
//!
//! - A **never-unconditional** tree ([`Claim::NeverUnconditional`], for seki): the
//!   attacker keeps the target from unconditional life. At an attacker node one child,
//!   at a defender node one child per position of Ψ(p), no node where the target is
//!   unconditionally alive by Benson's test, leaves [`Leaf::Capture`] (in D₀: the
//!   attacker captures) or [`Leaf::DepthLimit`]; remaining depths and cycles as in a
//!   disproof (infinite play: the defender never gets there).
//!
//! Under a ko rule (an option outside the paper's model, `tsume_board::KoRule`: the
//! basic rule, or the basic rule binding one player only, the other being the ko
//! master), the root carries the rule and each player's external ko threats, positions
//! carry the point forbidden to the player to move and the threats left, φ treats the
//! forbidden recapture as a pass for a player with no threat left, and D₀ excludes a
//! target whose last liberty is a point forbidden to the attacker; the checker replays
//! the tree with the same rule, through the board model.
//!
//! The [`CheckReport`] also says what else a tree shows: whether it is
//! repetition-free (then its claim holds under every ko rule as well) and whether a
//! disproof forces unconditional life (every line ends at a Benson leaf).
//!
//! **Covered moves.** In a proof, at a node where the defender is to move, a move may be
//! *covered* ([`TreeNode::covered`]) instead of reached by a child: answered by the
//! strategy of the node's pass child. The checker recomputes that child's relevance zone
//! (the points its subtree plays, with a liberty budget for each of the chooser's groups)
//! and accepts the move only if it lies outside the zone, touches no stone of its own
//! side and no empty point of the zone, captures nothing and leaves every group it
//! touches within its budget. docs/design/relevance-zones.md gives the rule and why the
//! pass child's strategy then answers the move within the same plies.
//!
//! [`check`] enforces these rules strictly: every node reachable from the root; a node
//! has a leaf mark iff it has no children; in a proof, every node has `Some` remaining
//! and a node in D₀ is a `Capture` leaf; the chooser (attacker in a proof, defender in a
//! disproof) gives exactly one child; at the other player's nodes every position of Ψ(p)
//! is reached by some child (any move giving that position will do). A disproof may be
//! cyclic: by induction on k, every node whose remaining is at least k (`None` = ∞)
//! avoids D₀ for k plies, so cycles are sound.
//!
//! [`to_json`] and [`to_sgf`] export trees for people and other programs; [`from_json`]
//! reads the JSON back, so that a tree written by one run is a certificate that another
//! checks with [`check`] alone (`tsume check-proof`); [`read_trees`] reads a file of
//! trees as it streams by, each tree's nodes straight into its [`Tree`].
//!
//! ```
//! use tsume_board::{Color, Move, Position};
//! use tsume_proof::{check, Claim, Leaf, Tree, TreeNode};
//! // ( O . . . ), White to move: every White move leaves the target with one liberty
//! // and Black to move, so Can_kill(p, A1, 0) holds (root remaining 1).
//! let p = Position::from_diagram("( O . . . )", Color::White).unwrap();
//! let b = p.board();
//! let leaf = TreeNode { remaining: Some(0), children: vec![], leaf: Some(Leaf::Capture), covered: vec![], zone: None, pruned: vec![], reuse: None };
//! let mut children = Vec::new();
//! for (i, m) in ["B1", "C1", "D1"].iter().enumerate() {
//!     children.push((Move::Play(b.parse_point(m).unwrap()), i + 1));
//! }
//! children.push((Move::Pass, 4));
//! let root = TreeNode { remaining: Some(1), children, leaf: None, covered: vec![], zone: None, pruned: vec![], reuse: None };
//! let mut tree = Tree { claim: Claim::Dead, nodes: vec![root, leaf.clone(), leaf.clone(), leaf.clone(), leaf] };
//! let target = b.parse_point("A1").unwrap();
//! assert_eq!(check(&p, target, &tree).unwrap().leaves, 4);
//! // Without White's pass the proof is incomplete.
//! tree.nodes[0].children.pop();
//! let e = check(&p, target, &tree).unwrap_err();
//! assert_eq!(e.to_string(), "node 0: white move pass leads to a position that no child covers");
//! ```
#![deny(missing_docs)]

mod check;
mod export;
mod import;
mod zone;

pub use check::{check, check_within, CheckError, CheckErrorKind, CheckReport};
pub use export::{to_json, to_sgf, to_sgf_with_budget, TreeJson, SGF_NODE_BUDGET};
pub use import::{from_json, read_trees, Certificate, ImportError, ReadError, ReadTree};

use tsume_board::{Move, Point};

/// What a tree claims about the target.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Claim {
    /// Can_kill is TRUE: the attacker forces the capture within the bound.
    Dead,
    /// Can_kill is FALSE: the defender avoids D₀ within the bound (or forever).
    Alive,
    /// The defender never makes the target unconditionally alive (Benson) within the
    /// bound (or for ever): the attacker keeps it from that, or captures it. With a
    /// disproof of the same position (the attacker cannot kill), this shows a seki.
    NeverUnconditional,
}

/// Why a node needs no children.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leaf {
    /// The target group has one liberty and the attacker is to move (in D₀).
    Capture,
    /// The target group is unconditionally alive by Benson's algorithm.
    Benson,
    /// The target group is safe under alternating play (`tsume_board::safety`,
    /// docs/design/safety.md): alive for every α, with either player to move.
    Safe,
    /// No plies remain (`remaining == Some(0)`) and the target is not in D₀.
    DepthLimit,
}

/// A node of a proof or disproof tree.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TreeNode {
    /// Plies still allowed below this node; `None` for every α.
    pub remaining: Option<u32>,
    /// The moves followed and the index of the child node reached by each.
    pub children: Vec<(Move, usize)>,
    /// Set when the node is a leaf.
    pub leaf: Option<Leaf>,
    /// Defender's moves (in a proof only; a disproof with covered moves is rejected)
    /// answered by the strategy of the node's pass child, with no subtree of their own:
    /// each lies outside the pass child's relevance zone and keeps its liberty conditions
    /// (docs/design/relevance-zones.md). The checker recomputes the zone from the pass
    /// child's subtree and checks each.
    pub covered: Vec<Move>,
    /// The node's relevance zone, when stated (docs/design/post-hoc-zones.md): every
    /// position agreeing with this node's on these points (same player to move, same
    /// forbidden point when it lies here) is won the same way. The checker tests the
    /// zone's local conditions against the position and the children's zones. In a
    /// proof or a disproof (a life tree: Benson leaves' zones hold Benson's regions).
    pub zone: Option<Vec<Point>>,
    /// Moves of the side that must answer every move (the defender in a proof, the
    /// attacker in a disproof) answered
    /// by a witness child instead of a subtree: (move, witness node), the witness an
    /// explicit child whose move and this move both lie outside its zone and capture
    /// nothing in it (docs/design/post-hoc-zones.md, the witness rule).
    pub pruned: Vec<(Move, usize)>,
    /// A reuse (docs/design/post-hoc-zones.md, "Reuse"): the node, with no children and
    /// no leaf mark, is solved by the claim of the named node, whose position it agrees
    /// with on that node's zone (same player to move, same forbidden point when it lies
    /// there), with the plies of that claim serving its own. The references must be
    /// well-founded: child and reuse edges together make no cycle. In a proof only.
    pub reuse: Option<usize>,
}

/// A proof (the target dies) or disproof (it lives) rooted at `nodes[0]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tree {
    /// What the tree shows.
    pub claim: Claim,
    /// The nodes; `nodes[0]` is the root.
    pub nodes: Vec<TreeNode>,
}

impl Tree {
    /// The root node.
    pub fn root(&self) -> Option<&TreeNode> {
        self.nodes.first()
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no node.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}
