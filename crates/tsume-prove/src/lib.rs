//! `Can_kill(p, x, α)` (Crăşmaru, *On the Complexity of Tsume-Go*, §3): can the attacker
//! (the opponent of the stone at x) force x's group into D₀ (one liberty, the attacker
//! to move: captured on the next ply) within α + 1 plies, i.e. is the group in D_{α+1}?
//!
//! - [`solve`]: depth-first proof-number search with the depth bound and a
//!   transposition table ([`dfpn`]), Benson's unconditional life as a terminal disproof,
//!   winning moves, proof and disproof trees for the independent checker of
//!   `tsume-proof`, statistics and limits that end in [`Verdict::Unknown`], never a guess.
//! - [`reference::can_kill`]: the paper's procedure, transcribed line by line.
//! - [`exact::kill_rank`]: the fixpoint D₀ ⊆ D₁ ⊆ … by retrograde analysis, with no bound.
//!
//! # Example: a straight three, as an oracle
//!
//! ```
//! use tsume_board::{Color, Move, Position};
//! use tsume_prove::{default_depth, solve, Options, Verdict};
//!
//! // White's group has a straight three in the corner; Black's wall is safe.
//! let diagram = "
//!     . . . o x . .
//!     o o o o x . .
//!     x x x x x . .
//!     . . . . . . .";
//! for (to_move, verdict) in [(Color::Black, Verdict::Dead), (Color::White, Verdict::Alive)] {
//!     let p = Position::from_diagram(diagram, to_move).unwrap();
//!     let target = p.board().parse_point("A3").unwrap(); // GTP coordinates, A1 bottom left
//!     let opts = Options {
//!         depth: default_depth(&p), // α
//!         want_tree: true,
//!         ..Options::default()
//!     };
//!     let a = solve(&p, target, &opts).unwrap();
//!     assert_eq!(a.verdict, verdict);
//!     // The winning first move is the vital point, for either side.
//!     let b4 = p.board().parse_point("B4").unwrap();
//!     assert_eq!(a.moves, vec![Move::Play(b4)]);
//!     // The proof (or disproof) tree, replayed by the independent checker.
//!     let tree = a.tree.expect("a small tree is built");
//!     assert!(tsume_proof::check(&p, target, &tree).is_ok());
//! }
//! ```
#![deny(missing_docs)]

mod answer;
pub mod dfpn;
pub mod exact;
pub mod exact_go;
pub mod go;
mod posthoc;
pub mod reference;
mod settle;
mod tree;
mod unconditional;
mod zone;
mod ztable;

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use tsume_board::{Move, Point, Position};
use tsume_proof::Tree;

use answer::solve_here;
pub use settle::{
    deepening_bounds, deepening_cap, DEEPEN_CAP_GROWTH, DEEPEN_FIRST_CAP, UNBOUNDED_CAP,
};

/// The answer to `Can_kill(p, x, α)`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// TRUE: the attacker forces the capture within the bound.
    Dead,
    /// FALSE: the defender survives the bound.
    Alive,
    /// The search ran out of budget.
    Unknown,
}

impl Verdict {
    /// "dead", "alive" or "unknown".
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Dead => "dead",
            Verdict::Alive => "alive",
            Verdict::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Budgets. A search that reaches one answers [`Verdict::Unknown`].
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most node expansions.
    pub max_nodes: Option<u64>,
    /// Most wall-clock time.
    pub time_limit: Option<Duration>,
    /// Transposition table size in MiB.
    pub tt_mb: usize,
    /// Set from another thread to stop the search.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// The memory budget beside the table, in bytes: as much as the table's (`tt_mb`
    /// MiB, at least 1). The positions of the path searched, the proof and disproof
    /// trees with their positions as the checker keeps them, the closed strategies and
    /// the exact solver's positions each stay within it: a tree or a closure that would
    /// not fit is not built (the answer says so), a path that would not fit stops the
    /// search ([`Reason::MemoryLimit`]).
    pub fn work_bytes(&self) -> usize {
        self.tt_mb.clamp(1, usize::MAX / (1 << 20)) << 20
    }
}

/// Bytes one ply of the search path holds on a board of `points` points: its scratch
/// position (20 bytes a point) and its successor list (at most one entry of 24 bytes
/// a point, and their standings): 64 a point, rounded up.
fn ply_bytes(points: usize) -> usize {
    64 * points.max(1)
}

/// Bytes one tree node holds in the builder and the checker (the node, its edge, its
/// table entries, its position packed at 2 bits a point).
fn tree_node_bytes(points: usize) -> usize {
    160 + points / 4
}

/// Bytes one position held whole (the closure's queue, the exact solver): 20 a point.
fn position_bytes(points: usize) -> usize {
    64 + 20 * points
}

/// The plies of the search path that [`Limits::work_bytes`] holds on a board of
/// `points` points (at least 64).
pub(crate) fn plies_in_budget(limits: &Limits, points: usize) -> u32 {
    u32::try_from(limits.work_bytes() / ply_bytes(points))
        .unwrap_or(u32::MAX)
        .max(64)
}

impl Options {
    /// These options with the tree, closure and exact-solver budgets lowered to what
    /// [`Limits::work_bytes`] holds on a board of `points` points.
    pub fn within_memory(&self, points: usize) -> Options {
        let work = self.limits.work_bytes();
        let mut o = self.clone();
        o.max_tree_nodes = o.max_tree_nodes.min(work / tree_node_bytes(points));
        o.forever_nodes = o.forever_nodes.min(work / position_bytes(points));
        // (The exact solver keeps each position twice: in its list and its index.)
        o.exact_positions = o.exact_positions.min(work / (2 * position_bytes(points)));
        o
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: None,
            time_limit: None,
            tt_mb: 256,
            stop: None,
        }
    }
}

/// Progress callback: called now and then with the statistics so far.
pub type Progress = Arc<dyn Fn(&Stats) + Send + Sync>;

/// What to search and what to report: the question (α), its budgets and the evidence
/// wanted. How the search goes is [`Options::tuning`]'s.
#[derive(Clone)]
pub struct Options {
    /// α: the attacker must bring the target into D₀ within α + 1 plies.
    pub depth: u32,
    /// Budgets.
    pub limits: Limits,
    /// Report every winning first move, not just one.
    pub all_moves: bool,
    /// Build the proof or disproof tree.
    pub want_tree: bool,
    /// Largest tree to build (nodes).
    pub max_tree_nodes: usize,
    /// When the search says "alive within α" only, settle "for every α" with the exact
    /// solver if at most this many positions are reachable (0: never).
    pub exact_positions: usize,
    /// When the search says "alive within α" only, try to close the defender's
    /// strategy into a disproof for every α of at most this many positions (0: never).
    pub forever_nodes: usize,
    /// Progress reports.
    pub progress: Option<Progress>,
    /// How the search goes: for tests, experiments and comparisons; the default is the
    /// search as shipped.
    pub tuning: Tuning,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: 30,
            limits: Limits::default(),
            all_moves: false,
            want_tree: false,
            max_tree_nodes: 1_000_000,
            exact_positions: 0,
            forever_nodes: 100_000,
            progress: None,
            tuning: Tuning::default(),
        }
    }
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("depth", &self.depth)
            .field("limits", &self.limits)
            .field("all_moves", &self.all_moves)
            .field("want_tree", &self.want_tree)
            .field("max_tree_nodes", &self.max_tree_nodes)
            .field("exact_positions", &self.exact_positions)
            .field("forever_nodes", &self.forever_nodes)
            .field("tuning", &self.tuning)
            .finish_non_exhaustive()
    }
}

/// How the search goes, not what it answers: for tests that compare a fast path with the
/// plain one, for experiments, and for the CLI's comparison flags (`--no-deepen`,
/// `--no-unbounded`, `--no-learned-order`, `--pn`). [`Tuning::default`] is the search as
/// shipped; every setting gives the same verdicts when no budget runs out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Iterative deepening on the bound: search with a few plies first (see
    /// [`deepening_bounds`]), sharing the table, and stop early on a kill (dead within
    /// fewer plies is dead within α) or on a defender's strategy that closes for every α
    /// (a ko retaken forever, a seki), which the checker must accept. Each iteration
    /// below α has a share of nodes ([`DEEPEN_FIRST_CAP`]); the last iteration is the
    /// search at α itself, and it comes next once an iteration has shown life within its
    /// bound without closing. On by default; off: one search at α.
    pub deepen: bool,
    /// Search without the depth bound first (half the node limit, at most
    /// [`UNBOUNDED_CAP`]): positions instead of (position, plies left), a repetition of
    /// the path counting as the defender's for that visit only. Its kills are exact and
    /// kept; its survivals are answers only once closed into a set of positions that the
    /// checker accepts.
    pub unbounded: bool,
    /// Order the defender's moves by a learned score of how likely each is to refute
    /// the attacker, and keep the search without a bound on the first while its dn is at
    /// most twice the best sibling's (`dfpn::order`). On by default; off: the liberty
    /// order of the first versions.
    pub learned_order: bool,
    /// How an AND node's proof number (an OR node's disproof number) is combined.
    pub pn_rule: PnRule,
    /// Use Benson's test as a terminal disproof.
    pub benson: bool,
    /// Probe every child's table entry at every iteration of a node's loop (the plain
    /// df-pn loop) instead of keeping the children's standings between iterations and
    /// probing only the child about to be entered again. More work: kept so that tests
    /// can compare the two.
    pub reprobe_all: bool,
    /// Search the attacker's ko captures that the defender can retake at once, back to
    /// the same position. Off by default: such a capture is never the first move of a
    /// fastest kill (the retake returns to the position with two plies fewer), so the
    /// search leaves it out, as it leaves out the attacker's pass; the trees still answer
    /// it. On: the plain search, kept so that tests can compare the two.
    pub ko_captures: bool,
    /// On boards of at least this many points, each successor of a node is made by
    /// playing its move on one copy of the node, recorded, and undoing it by copying back
    /// the points it wrote ([`tsume_board::Position::play_recorded`]); on smaller ones the
    /// whole position is copied per successor, which costs less there. Default
    /// [`RECORD_MOVES_FROM`]. Same search either way: kept so that tests can compare
    /// the two.
    pub record_moves_from: usize,
    /// Relevance zones with liberty budgets (docs/design/relevance-zones.md): in the
    /// bounded search, at a defender's node the pass child is searched first, and once it is proven, the
    /// defender's moves outside its zone that keep the zone's liberty conditions are
    /// proven with it, by the same strategy; the trees write them as covered moves,
    /// which the checker verifies by its own implementation of the rule.
    pub zones: bool,
    /// Post-hoc relevance zones (docs/design/post-hoc-zones.md): in both searches (their
    /// proofs are acyclic), at a defender's node, once a child is proven with its move
    /// outside its own zone, every open sibling outside that zone is proven with it (no
    /// pass searched first);
    /// the proof trees state each node's zone and write such moves as pruned with their
    /// witness, which the checker verifies by the zones' local conditions. Life too: at
    /// an attacker's node, a child disproven for every α with its move outside its own
    /// zone (a Benson leaf's: the alive blocks and their regions) disproves every open
    /// sibling outside that zone, and the disproof trees for every α carry the zones.
    /// With no ko rule or the basic one and no external threats.
    pub posthoc_zones: bool,
    /// Zone-keyed proof reuse (docs/design/post-hoc-zones.md, "Reuse"; implies
    /// [`Tuning::posthoc_zones`]): every node proven with a known post-hoc zone is kept
    /// as a pattern (zone, contents on it, player to move, forbidden point in it,
    /// plies); every expansion asks the patterns first, and a node agreeing with one on
    /// its zone is proven at once. The trees write such a node as a reuse of the node
    /// whose zone it borrows, which the checker verifies.
    pub zone_table: bool,
    /// Safety under alternating play as a defender's leaf besides Benson's
    /// (`tsume_board::safety`, docs/design/safety.md): a position where the target's
    /// block is safe is alive for every α, and the trees write it as a `safe` leaf,
    /// which the checker verifies by the same test. Off by default.
    pub safe_leaves: bool,
    /// Life zones for bounded disproofs too (docs/design/post-hoc-zones.md, "Life
    /// proofs"; with [`Tuning::posthoc_zones`]): a depth-limit leaf's zone is (T) alone,
    /// so in the deepening's bounded iterations an attacker's move refuted within the
    /// bound outside its refutation's zone refutes, within the same plies, every
    /// attacker's move outside that zone; the bounded trees carry the zones and write
    /// such moves as pruned. Off by default.
    pub bounded_life_zones: bool,
    /// With [`Tuning::posthoc_zones`]: at an attacker's node, the attacker's pass (the
    /// defender moving twice) kept among the moves and searched first while its pn is
    /// below the node's threshold, so that its refutation's zone answers the attacker's
    /// moves outside it (RZS's null move, after the fact). Off by default.
    pub attacker_pass_first: bool,
    /// Initial proof and disproof numbers from eye potential (after Kishimoto and
    /// Müller 2005; `tsume_board::eyes`): a new node's numbers from the target's
    /// liberties and the eye spaces next to its block, so that the search deepens
    /// first where the defender is closest to two eyes (at its nodes) or the attacker
    /// closest to breaking them (at the attacker's); under the learned order the
    /// defender's moves are also ordered by the eye potential they make. Steers the
    /// search only: the same verdicts. Off by default.
    pub eye_potential: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            deepen: true,
            unbounded: true,
            learned_order: true,
            pn_rule: PnRule::Sum,
            benson: true,
            reprobe_all: false,
            ko_captures: false,
            record_moves_from: RECORD_MOVES_FROM,
            zones: false,
            posthoc_zones: false,
            zone_table: false,
            safe_leaves: false,
            bounded_life_zones: false,
            attacker_pass_first: false,
            eye_potential: false,
        }
    }
}

/// The default of [`Tuning::record_moves_from`]: on a 19×19 board copying a position is
/// cheaper than recording and undoing a move, on the 3-SAT grids of thousands of points
/// it is most of the work (the lab notebook (docs/experiments/)).
pub const RECORD_MOVES_FROM: usize = 1024;

/// How the children's numbers add up where every child must be solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PnRule {
    /// The sum (df-pn as published): counts a position reached by several paths once
    /// per path.
    #[default]
    Sum,
    /// Weak proof numbers (Ueda, Hashimoto, Hashimoto, Iida 2008): the largest child's
    /// number plus one per other open child. Fewer nodes where positions recur by many
    /// paths, more elsewhere: not the default (docs/experiments/weak-proof-numbers.md).
    Weak,
}

/// Search statistics.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct Stats {
    /// Nodes expanded.
    pub nodes: u64,
    /// Lookups answered by a solved table entry.
    pub tt_hits: u64,
    /// Deepest ply expanded.
    pub max_depth: u32,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Times the table was full and dropped entries.
    pub tt_clears: u64,
    /// Solved positions in the table at the end.
    pub tt_solved: u64,
    /// Deepening iterations that spent their share of nodes unsolved and handed over to
    /// the next bound ([`DEEPEN_FIRST_CAP`]).
    pub deepen_handovers: u64,
    /// Attacker's ko captures left out because the defender retakes at once
    /// ([`Tuning::ko_captures`]), counted once per expanded position.
    pub ko_captures_skipped: u64,
    /// Nodes of the search without a depth bound ([`Tuning::unbounded`]), all calls.
    pub unbounded_nodes: u64,
    /// Calls whose answer the search without a depth bound settled (a kill within the
    /// bound, life for every α by Benson's test or by a checked closure), out of
    /// [`Stats::unbounded_calls`].
    pub unbounded_settled: u64,
    /// Calls of the search without a depth bound.
    pub unbounded_calls: u64,
    /// The bound (plies) of the search running now; None in the search without a bound
    /// (for progress reports).
    pub bound: Option<u32>,
    /// Defender's moves proven by the zone of their pass sibling's proof
    /// ([`Tuning::zones`]).
    pub zone_covered: u64,
    /// Defender's moves proven by a sibling's post-hoc zone, in the search and in the
    /// trees built ([`Tuning::posthoc_zones`]).
    pub zone_pruned: u64,
    /// Probes of the zone table ([`Tuning::zone_table`]): one per expansion.
    pub zone_table_probes: u64,
    /// Probes the zone table answered (nodes proven by a solved pattern).
    pub zone_table_hits: u64,
    /// Zones looked at over all probes (a probe looks at a bounded number).
    pub zone_table_zones_probed: u64,
    /// Nodes of the proof trees built that reuse another node's zone and claim.
    pub zone_reused: u64,
    /// Positions the static life test (Benson's, and safety with
    /// [`Tuning::safe_leaves`]) found alive: the search's life leaves, each counted when
    /// first tested.
    pub static_alive: u64,
}

impl Stats {
    /// Node expansions per second.
    pub fn nodes_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// The answer with its evidence.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Can_kill(p, x, α).
    pub verdict: Verdict,
    /// For "dead": the group is in D (dead for this α and every larger one). For
    /// "alive": the defender survives every α (Benson or the exact solver), not only α.
    pub exact: bool,
    /// Plies the kill found needs ("dead" only): the target reaches D₀ within this many
    /// plies whatever the defender does (captured by the next ply; 0 = at once); df-pn
    /// does not promise it is the fastest.
    pub kill_plies: Option<u32>,
    /// The winning first moves of the player to move (killing moves for the attacker,
    /// saving moves for the defender); empty when the player to move loses.
    pub moves: Vec<Move>,
    /// Whether `moves` lists every winning first move.
    pub all_moves: bool,
    /// A principal variation.
    pub pv: Vec<Move>,
    /// The proof (dead) or disproof (alive) tree, when asked for and small enough.
    pub tree: Option<Tree>,
    /// Statistics.
    pub stats: Stats,
    /// Why the answer is unknown, or a remark on how it was settled.
    pub reason: Option<Reason>,
    /// For an unknown verdict only: the attacker cannot kill within this many plies (the
    /// root's disproof from a smaller bound of iterative deepening, fewer plies than
    /// asked). A fact, not a guess at the answer: the group may still die later.
    pub survives: Option<u32>,
    /// The disproof behind [`Answer::survives`], for the checker (with
    /// [`Options::want_tree`], when small enough).
    pub survives_tree: Option<Tree>,
    /// With [`Options::all_moves`] and [`Options::want_tree`], for the winning player to
    /// move: each first move settled, with the tree of its outcome read off the same
    /// table (`None` where the table cannot give one; the capture of a target in D₀
    /// left out), so that every move's outcome can be checked, not only the one the
    /// root's tree plays.
    pub move_trees: Vec<(Move, Option<Tree>)>,
    /// Whether the search without a depth bound settled the verdict by itself
    /// ([`Tuning::unbounded`]).
    pub settled_unbounded: bool,
}

/// Why an answer is unknown, or how it was settled ([`Answer::reason`]); its
/// [`Display`](fmt::Display) is the sentence the CLI prints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// Unknown: the node limit was reached after this many nodes.
    NodeLimit(u64),
    /// Unknown: the time limit was reached after this many nodes.
    TimeLimit(u64),
    /// Unknown: the memory budget ([`Limits::work_bytes`]) would not hold the path
    /// being searched, after this many nodes.
    MemoryLimit(u64),
    /// Unknown: stopped from outside ([`Limits::stop`]).
    Stopped,
    /// Unknown: the search ended with the root unsolved and no budget spent.
    Unsolved,
    /// Alive for every α: every line ends in unconditional life (Benson) or goes round a
    /// ko the defender retakes at once.
    EveryLineBenson,
    /// Alive for every α: the defender's strategy closes on this many positions (a ko
    /// retaken forever, a seki), the closure accepted by the checker.
    Closed(usize, ClosedFrom),
    /// Alive for every α: a closed strategy found while settling the first moves.
    ClosedSettlingMoves,
    /// Alive for every α by the exact retrograde solver ([`exact::kill_rank`]).
    Retrograde,
    /// Alive within α only: the exact solver reaches D₀ in this many plies.
    RetrogradeKill(u32),
    /// No tree: larger than this many nodes ([`Options::max_tree_nodes`]), or the
    /// budget was reached while building it.
    NoTree(usize),
}

/// The search a closed strategy ([`Reason::Closed`]) was read from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClosedFrom {
    /// An iteration of deepening with this many plies.
    Bound(u32),
    /// The search without a bound.
    Unbounded,
    /// The search at α, after it said "alive within α".
    Answer,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::NodeLimit(n) => write!(f, "node limit reached after {n} nodes"),
            Reason::TimeLimit(n) => write!(f, "time limit reached after {n} nodes"),
            Reason::MemoryLimit(n) => write!(
                f,
                "memory budget reached after {n} nodes (the path searched would outgrow it)"
            ),
            Reason::Stopped => f.write_str("stopped"),
            Reason::Unsolved => f.write_str("search ended unsolved"),
            Reason::EveryLineBenson => f.write_str(
                "alive for every α: every line ends in unconditional life (Benson) or goes \
                 round a ko the defender retakes at once",
            ),
            Reason::Closed(n, from) => {
                write!(
                    f,
                    "alive for every α: the defender's strategy closes on {n} positions"
                )?;
                match from {
                    ClosedFrom::Bound(r) => write!(f, " (closed from a search of {r} plies)"),
                    ClosedFrom::Unbounded => {
                        f.write_str(" (closed from the search without a bound)")
                    }
                    ClosedFrom::Answer => Ok(()),
                }
            }
            Reason::ClosedSettlingMoves => {
                f.write_str("alive for every α: a closed strategy found while settling the moves")
            }
            Reason::Retrograde => f.write_str("alive for every α: exact retrograde analysis"),
            Reason::RetrogradeKill(k) => write!(
                f,
                "alive within α, but the exact solver reaches D₀ in {k} plies"
            ),
            Reason::NoTree(max) => {
                write!(f, "no tree: more than {max} nodes or budget reached")
            }
        }
    }
}

/// A question the prover cannot take.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolveError {
    /// The target point is empty.
    EmptyTarget(String),
    /// α above [`MAX_DEPTH`].
    DepthTooLarge(u32),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::EmptyTarget(p) => write!(f, "the target point {p} is empty"),
            SolveError::DepthTooLarge(d) => {
                write!(
                    f,
                    "depth {d} is more than {MAX_DEPTH}, the largest searched"
                )
            }
        }
    }
}

/// The largest α [`solve`] takes. The search recurses once per ply, on a thread whose
/// stack is sized for α; past this bound that stack would not be reserved.
pub const MAX_DEPTH: u32 = 250_000;

/// The plies a tree for `Can_kill(p, x, depth)` may use: `depth + 1` (the root's
/// `remaining`, see `tsume_proof`), saturating rather than wrapping, so that `u32::MAX`
/// stays a bound and never becomes 0; at most `u32::MAX - 1`, below the table's mark
/// for "every α".
pub fn root_plies(depth: u32) -> u32 {
    depth.saturating_add(1).min(dfpn::INF_HOLD - 2)
}

impl std::error::Error for SolveError {}

/// Benson's test (Benson 1976): the target's group is unconditionally alive.
pub fn static_life(p: &Position, x: Point) -> bool {
    tsume_board::benson::is_unconditionally_alive(p, x)
}

/// The leaf a disproof ends with at `p`, if any static test settles it: Benson's, then
/// (with `safe`, [`Tuning::safe_leaves`]) safety under alternating play.
pub(crate) fn static_leaf(p: &Position, x: Point, safe: bool) -> Option<tsume_proof::Leaf> {
    if static_life(p, x) {
        Some(tsume_proof::Leaf::Benson)
    } else if safe && tsume_board::safety::is_safely_alive(p, x) {
        Some(tsume_proof::Leaf::Safe)
    } else {
        None
    }
}

/// A default α for a problem: four plies per empty point and a margin. Killing a big
/// eye takes the attacker several rounds of filling it, being captured and playing the
/// vital point again (the rabbity six needs 31 plies for 7 empty points), so twice the
/// empty points is not enough.
pub fn default_depth(p: &Position) -> u32 {
    let empty = p.board().points().filter(|&q| p.is_empty_at(q)).count() as u32;
    (4 * empty + 12).clamp(12, 250)
}

/// `Can_kill(p, target, opts.depth)` with the player to move in `p` moving first.
///
/// # Errors
/// [`SolveError::EmptyTarget`] if no stone stands on `target`.
pub fn solve(p: &Position, target: Point, opts: &Options) -> Result<Answer, SolveError> {
    let Some(defender) = p.color(target) else {
        return Err(SolveError::EmptyTarget(p.board().name(target).to_string()));
    };
    if opts.depth > MAX_DEPTH {
        return Err(SolveError::DepthTooLarge(opts.depth));
    }
    // The search recurses once per ply: give it a stack to match any α.
    // (A frame of `mid` takes well under 4 KiB; its vectors live on the heap.)
    let stack = 64 * 1024 * 1024 + (opts.depth as usize) * 4 * 1024;
    let opts = &opts.within_memory(p.board().len());
    let run = || solve_here(p, target, defender, opts);
    let answer = std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("tsume-search".into())
            .stack_size(stack)
            .spawn_scoped(s, run)
            .map(|h| h.join())
    });
    match answer {
        Ok(Ok(a)) => Ok(a),
        Ok(Err(e)) => std::panic::resume_unwind(e),
        // No thread could be made: search on this one.
        Err(_) => Ok(solve_here(p, target, defender, opts)),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use tsume_board::Color;

    /// The CLI prints these sentences (text and JSON): they are part of its output.
    #[test]
    fn reason_sentences() {
        let cases = [
            (Reason::NodeLimit(50), "node limit reached after 50 nodes"),
            (Reason::TimeLimit(7), "time limit reached after 7 nodes"),
            (Reason::Stopped, "stopped"),
            (Reason::Unsolved, "search ended unsolved"),
            (
                Reason::EveryLineBenson,
                "alive for every α: every line ends in unconditional life (Benson) or goes \
                 round a ko the defender retakes at once",
            ),
            (
                Reason::Closed(12, ClosedFrom::Bound(8)),
                "alive for every α: the defender's strategy closes on 12 positions (closed \
                 from a search of 8 plies)",
            ),
            (
                Reason::Closed(3, ClosedFrom::Unbounded),
                "alive for every α: the defender's strategy closes on 3 positions (closed \
                 from the search without a bound)",
            ),
            (
                Reason::Closed(5, ClosedFrom::Answer),
                "alive for every α: the defender's strategy closes on 5 positions",
            ),
            (
                Reason::ClosedSettlingMoves,
                "alive for every α: a closed strategy found while settling the moves",
            ),
            (
                Reason::Retrograde,
                "alive for every α: exact retrograde analysis",
            ),
            (
                Reason::RetrogradeKill(9),
                "alive within α, but the exact solver reaches D₀ in 9 plies",
            ),
            (
                Reason::NoTree(1000),
                "no tree: more than 1000 nodes or budget reached",
            ),
        ];
        for (r, text) in cases {
            assert_eq!(r.to_string(), text);
        }
    }

    /// Issue 39: `--depth 4294967295` wrapped `depth + 1` to 0 plies. At the type's
    /// edges the bound saturates, stays below the "every α" mark, and grows by one
    /// elsewhere.
    #[test]
    fn root_plies_at_the_edges() {
        assert_eq!(root_plies(0), 1);
        assert_eq!(root_plies(29), 30);
        assert_eq!(root_plies(MAX_DEPTH), MAX_DEPTH + 1);
        assert_eq!(root_plies(u32::MAX - 3), u32::MAX - 2);
        assert_eq!(root_plies(u32::MAX - 2), u32::MAX - 2);
        assert_eq!(root_plies(u32::MAX - 1), u32::MAX - 2);
        assert_eq!(root_plies(u32::MAX), u32::MAX - 2);
        assert!(root_plies(u32::MAX) < dfpn::INF_HOLD);
    }

    /// α above [`MAX_DEPTH`] is refused, not searched on a stack too small for it.
    #[test]
    fn depth_above_the_bound_is_refused() {
        let p = Position::from_diagram("( O . . . )", Color::White).unwrap();
        let x = p.board().parse_point("A1").unwrap();
        for depth in [MAX_DEPTH + 1, u32::MAX] {
            let opts = Options {
                depth,
                ..Options::default()
            };
            let e = solve(&p, x, &opts).unwrap_err();
            assert_eq!(e, SolveError::DepthTooLarge(depth));
            assert_eq!(e.to_string().lines().count(), 1);
        }
        let opts = Options {
            depth: MAX_DEPTH,
            want_tree: true,
            ..Options::default()
        };
        let a = solve(&p, x, &opts).unwrap();
        assert_eq!(a.verdict, Verdict::Dead);
        let tree = a.tree.unwrap();
        assert!(tree.nodes[0].remaining.unwrap() <= root_plies(MAX_DEPTH));
        tsume_proof::check(&p, x, &tree).unwrap();
    }
}
