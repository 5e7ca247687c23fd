//! Why a check fails: every rule of a proof or disproof the checker can find broken,
//! named with the node and the move.

use std::fmt;

use tsume_board::Color;

use crate::{Claim, Leaf};

/// Why a tree was rejected: the node, the moves leading to it from the root (along the
/// edges that first reached each node), and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheckError {
    /// Index of the offending node (0 for errors about the whole tree).
    pub node: usize,
    /// The moves from the root to the node, e.g. `B C3 W pass` (empty at the root or when
    /// the node was never reached).
    pub path: String,
    /// What is wrong.
    pub kind: CheckErrorKind,
}

/// The kinds of [`CheckError`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum CheckErrorKind {
    /// The tree has no node.
    EmptyTree,
    /// The target point holds no stone in the root position.
    TargetEmpty {
        /// The target's name.
        target: String,
    },
    /// The target point is not on the root's board.
    TargetOffBoard {
        /// The target's index.
        index: usize,
    },
    /// An edge leads to a node index past the end of the tree.
    ChildOutOfRange {
        /// The child index given.
        child: usize,
    },
    /// A move names a point that is not on the board.
    MoveOffBoard {
        /// The point index given.
        index: usize,
    },
    /// No edge from the root reaches this node.
    Unreachable,
    /// Two edges into one node give different positions.
    InconsistentPosition {
        /// The other parent.
        parent: usize,
        /// The move from that parent.
        mv: String,
    },
    /// The target point no longer holds a defender stone.
    TargetCaptured,
    /// A node of a proof has no remaining depth (`None`).
    RemainingMissing,
    /// A proof edge whose child's remaining depth is not below its parent's.
    RemainingNotDecreasing {
        /// The child node.
        child: usize,
        /// The parent's remaining depth.
        parent_remaining: u32,
        /// The child's remaining depth.
        child_remaining: Option<u32>,
    },
    /// A disproof edge whose child's remaining depth is below its parent's minus one.
    RemainingTooSmall {
        /// The child node.
        child: usize,
        /// The parent's remaining depth (`None` = every α).
        parent_remaining: Option<u32>,
        /// The child's remaining depth.
        child_remaining: Option<u32>,
    },
    /// A node with `remaining == Some(0)` has children in a proof.
    ExpandedAtZero,
    /// A node has both a leaf mark and children.
    LeafWithChildren,
    /// A node without children has no leaf mark.
    NoLeafMark,
    /// A leaf of the wrong kind for the claim.
    WrongLeaf {
        /// The leaf found.
        leaf: Leaf,
        /// The tree's claim.
        claim: Claim,
    },
    /// A `Capture` leaf whose target is not in D₀.
    NotInD0 {
        /// Liberties of the target group.
        liberties: usize,
        /// The player to move.
        to_move: Color,
    },
    /// A proof node in D₀ with children (it must be a `Capture` leaf).
    D0NotLeaf,
    /// A disproof node in D₀ (the attacker captures next move).
    InD0,
    /// A `DepthLimit` leaf with plies left.
    DepthNotExhausted {
        /// Its remaining depth.
        remaining: Option<u32>,
    },
    /// A `Benson` leaf whose target is not unconditionally alive.
    NotBenson,
    /// A `Safe` leaf whose target is not safe under alternating play.
    NotSafe,
    /// A node of a [`Claim::NeverUnconditional`] tree where the target is
    /// unconditionally alive.
    UnconditionallyAlive,
    /// A node where the tree's chooser must give exactly one move gives another number.
    ChoiceCount {
        /// Whose choice it is.
        player: Color,
        /// Number of children given.
        children: usize,
    },
    /// A node where every answer must be covered misses one.
    MissingReply {
        /// The player whose move is missing.
        player: Color,
        /// A move reaching the missing position.
        mv: String,
    },
    /// A position could not be rebuilt (never happens for positions made by φ).
    Replay(String),
    /// The deadline given to [`check_within`] passed before the check ended (no verdict
    /// on the tree).
    OutOfTime,
    /// A covered move where the chooser is to move, at a leaf, or in a disproof: only the
    /// defender's moves in a proof may be covered.
    CoverNotAllowed {
        /// The move.
        mv: String,
    },
    /// Covered moves at a node with no child giving the pass's position.
    NoPassChild,
    /// A covered move that the pass child's relevance zone does not cover.
    NotCovered {
        /// The move.
        mv: String,
        /// Which condition fails (docs/design/relevance-zones.md).
        reason: String,
    },
    /// Zones or pruned moves where the replay lemma does not hold: outside a proof, or
    /// under a ko master or with external ko threats (docs/design/post-hoc-zones.md).
    ZonesNotAllowed {
        /// Why.
        reason: String,
    },
    /// A stated zone that fails one of its local conditions
    /// (docs/design/post-hoc-zones.md).
    BadZone {
        /// Which condition fails.
        reason: String,
    },
    /// A pruned move whose witness does not answer it (the witness rule).
    NotPruned {
        /// The move.
        mv: String,
        /// Why.
        reason: String,
    },
    /// A reuse whose named node does not serve it (docs/design/post-hoc-zones.md,
    /// "Reuse"): no zone there, a disagreement on the zone, the plies, or a cycle.
    BadReuse {
        /// The node named.
        of: usize,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for CheckErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CheckErrorKind as K;
        match self {
            K::EmptyTree => write!(f, "the tree has no node"),
            K::TargetEmpty { target } => write!(f, "target point {target} holds no stone"),
            K::TargetOffBoard { index } => write!(f, "target point index {index} is off the board"),
            K::ChildOutOfRange { child } => write!(f, "edge to node {child}, past the end of the tree"),
            K::MoveOffBoard { index } => write!(f, "move at point index {index}, off the board"),
            K::Unreachable => write!(f, "no edge from the root reaches this node"),
            K::InconsistentPosition { parent, mv } => write!(
                f,
                "the edge from node {parent} by {mv} gives another position than the first edge into this node"
            ),
            K::TargetCaptured => write!(f, "the target point no longer holds a defender stone"),
            K::RemainingMissing => write!(f, "a proof node needs a remaining depth, found none"),
            K::RemainingNotDecreasing { child, parent_remaining, child_remaining } => write!(
                f,
                "child node {child} has remaining {}, not below this node's {parent_remaining}",
                show_remaining(*child_remaining)
            ),
            K::RemainingTooSmall { child, parent_remaining, child_remaining } => write!(
                f,
                "child node {child} has remaining {}, below this node's {} minus one",
                show_remaining(*child_remaining),
                show_remaining(*parent_remaining)
            ),
            K::ExpandedAtZero => write!(f, "no plies remain (remaining 0) but the node has children"),
            K::LeafWithChildren => write!(f, "the node is marked as a leaf but has children"),
            K::NoLeafMark => write!(f, "the node has no children and no leaf mark"),
            K::WrongLeaf { leaf, claim } => write!(f, "a {leaf:?} leaf cannot end a {} tree", claim_name(*claim)),
            K::NotInD0 { liberties, to_move } => write!(
                f,
                "Capture leaf not in D0: the target has {liberties} liberties and {} is to move",
                to_move.name()
            ),
            K::D0NotLeaf => write!(f, "the target is in D0 here, the node must be a Capture leaf"),
            K::InD0 => write!(f, "the target is in D0 (one liberty, attacker to move) in a disproof"),
            K::DepthNotExhausted { remaining } => write!(
                f,
                "DepthLimit leaf with remaining {} (must be 0)",
                show_remaining(*remaining)
            ),
            K::NotBenson => write!(f, "Benson leaf, but the target is not unconditionally alive"),
            K::NotSafe => write!(
                f,
                "safe leaf, but the target is not safe under alternating play"
            ),
            K::UnconditionallyAlive => write!(
                f,
                "the target is unconditionally alive (Benson) here, in a tree that claims it never is"
            ),
            K::ChoiceCount { player, children } => write!(
                f,
                "{} chooses here and must have exactly one move, found {children}",
                player.name()
            ),
            K::MissingReply { player, mv } => write!(
                f,
                "{} move {mv} leads to a position that no child covers",
                player.name()
            ),
            K::Replay(e) => write!(f, "position could not be rebuilt: {e}"),
            K::OutOfTime => write!(f, "the time limit passed before the check ended"),
            K::CoverNotAllowed { mv } => write!(
                f,
                "move {mv} is marked covered where it cannot be (a leaf, the chooser to move, or a disproof)"
            ),
            K::NoPassChild => write!(f, "moves are marked covered but no child is the pass"),
            K::ZonesNotAllowed { reason } => write!(f, "zones are not allowed here: {reason}"),
            K::BadZone { reason } => write!(f, "the relevance zone fails: {reason}"),
            K::NotPruned { mv, reason } => write!(f, "pruned move {mv} is not answered by its witness: {reason}"),
            K::BadReuse { of, reason } => write!(f, "the reuse of node {of} fails: {reason}"),
            K::NotCovered { mv, reason } => write!(
                f,
                "move {mv} is not covered by the pass child's relevance zone: {reason}"
            ),
        }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "node {}: {}", self.node, self.kind)
        } else {
            write!(f, "node {} (after {}): {}", self.node, self.path, self.kind)
        }
    }
}

impl std::error::Error for CheckError {}

fn show_remaining(r: Option<u32>) -> String {
    r.map_or_else(|| "none (every depth)".to_string(), |r| r.to_string())
}

fn claim_name(c: Claim) -> &'static str {
    match c {
        Claim::Dead => "proof (Dead)",
        Claim::Alive => "disproof (Alive)",
        Claim::NeverUnconditional => "NeverUnconditional",
    }
}
