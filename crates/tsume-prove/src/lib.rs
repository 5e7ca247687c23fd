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

pub mod dfpn;
pub mod exact;
pub mod exact_go;
pub mod go;
pub mod reference;
mod tree;
mod unconditional;

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use tsume_board::{Color, Move, Point, Position};
use tsume_proof::Tree;

use dfpn::{Abort, Known, Search, INF, INF_HOLD};

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

/// What to search and what to report.
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
    /// Use Benson's test as a terminal disproof.
    pub benson: bool,
    /// When the search says "alive within α" only, try to close the defender's
    /// strategy into a disproof for every α of at most this many positions (0: never).
    pub forever_nodes: usize,
    /// Progress reports.
    pub progress: Option<Progress>,
    /// How an AND node's proof number (an OR node's disproof number) is combined.
    pub pn_rule: PnRule,
    /// Probe every child's table entry at every iteration of a node's loop (the plain
    /// df-pn loop) instead of keeping the children's standings between iterations and
    /// probing only the child about to be entered again. Same verdicts, more work: kept
    /// so that tests can compare the two.
    pub reprobe_all: bool,
    /// Iterative deepening on the bound: search with a few plies first (see
    /// [`deepening_bounds`]), sharing the table, and stop early on a kill (dead within
    /// fewer plies is dead within α) or on a defender's strategy that closes for every α
    /// (a ko retaken forever, a seki), which the checker must accept. Each iteration
    /// below α has a share of nodes ([`DEEPEN_FIRST_CAP`]); the last iteration is the
    /// search at α itself, and it comes next once an iteration has shown life within its
    /// bound without closing. On by default; off: one search at α. Measured against one
    /// search at α and against other shares: [`DEEPEN_FIRST_CAP`] and docs/experiments.md.
    pub deepen: bool,
    /// Search the attacker's ko captures that the defender can retake at once, back to
    /// the same position. Off by default: such a capture is never the first move of a
    /// fastest kill (the retake returns to the position with two plies fewer), so the
    /// search leaves it out, as it leaves out the attacker's pass; the trees still answer
    /// it. On: the plain search, kept so that tests can compare the two.
    pub ko_captures: bool,
    /// Search without the depth bound first (half the node limit, at most
    /// [`UNBOUNDED_CAP`]): positions instead of (position, plies left), a repetition of
    /// the path counting as the defender's for that visit only. Its kills are exact and
    /// kept; its survivals are answers only once closed into a set of positions that the
    /// checker accepts.
    pub unbounded: bool,
    /// Order the defender's moves by a learned score of how likely each is to refute
    /// the attacker, and keep the search without a bound on the first while its dn is at
    /// most twice the best sibling's (`dfpn::defender_score`, `dfpn::keep_first`). On by
    /// default; off: the liberty order of the first versions. Same verdicts either way;
    /// measured in docs/experiments.md (2026-11-26).
    pub learned_order: bool,
    /// On boards of at least this many points, each successor of a node is made by
    /// playing its move on one copy of the node, recorded, and undoing it by copying back
    /// the points it wrote ([`tsume_board::Position::play_recorded`]); on smaller ones the
    /// whole position is copied per successor, which costs less there. Default
    /// [`RECORD_MOVES_FROM`]. Same search either way: kept so that tests can compare
    /// the two.
    pub record_moves_from: usize,
}

/// The default of [`Options::record_moves_from`]: on a 19×19 board copying a position
/// (7 KB) is cheaper than recording and undoing a move (callgrind, `gop/16136`: 2.30 G
/// instructions copying, 2.37 G recording), on the 3-SAT grids of thousands of points
/// it is most of the work (docs/experiments.md, 2026-11-27).
pub const RECORD_MOVES_FROM: usize = 1024;

/// How the children's numbers add up where every child must be solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PnRule {
    /// The sum (df-pn as published): counts a position reached by several paths once
    /// per path.
    #[default]
    Sum,
    /// Weak proof numbers (Ueda, Hashimoto, Hashimoto, Iida 2008): the largest child's
    /// number plus one per other open child. Measured 2026-11-23 on the first 3-SAT
    /// design (D1): 4× fewer nodes on 7 clauses over 3 variables (alive), but more than
    /// 2.4× on 6 clauses over 3 variables (dead), 30 % more on the problem collection and 2.4× the
    /// time on d180cf; so not the default.
    Weak,
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
            benson: true,
            forever_nodes: 100_000,
            progress: None,
            pn_rule: PnRule::Sum,
            reprobe_all: false,
            ko_captures: false,
            unbounded: true,
            deepen: true,
            learned_order: true,
            record_moves_from: RECORD_MOVES_FROM,
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
            .field("exact_positions", &self.exact_positions)
            .field("benson", &self.benson)
            .field("deepen", &self.deepen)
            .field("unbounded", &self.unbounded)
            .field("learned_order", &self.learned_order)
            .field("record_moves_from", &self.record_moves_from)
            .finish()
    }
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
    /// ([`Options::ko_captures`]), counted once per expanded position.
    pub ko_captures_skipped: u64,
    /// Nodes of the search without a depth bound ([`Options::unbounded`]), all calls.
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
    pub reason: Option<String>,
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
    /// ([`Options::unbounded`]).
    pub settled_unbounded: bool,
}

/// A question the prover cannot take.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolveError {
    /// The target point is empty.
    EmptyTarget(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::EmptyTarget(p) => write!(f, "the target point {p} is empty"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Benson's test (Benson 1976): the target's group is unconditionally alive.
pub fn static_life(p: &Position, x: Point) -> bool {
    tsume_board::benson::is_unconditionally_alive(p, x)
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
    // The search recurses once per ply: give it a stack to match any α.
    // (A frame of `mid` takes well under 4 KiB; its vectors live on the heap.)
    let stack = 64 * 1024 * 1024 + (opts.depth.min(250_000) as usize) * 4 * 1024;
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

fn solve_here(p: &Position, target: Point, defender: Color, opts: &Options) -> Answer {
    let stop = opts.limits.stop.as_deref();
    let mut search = Search::new(p, target, defender, &opts.limits, stop);
    search.use_benson = opts.benson;
    search.pn_rule = opts.pn_rule;
    search.reprobe_all = opts.reprobe_all;
    search.ko_captures = opts.ko_captures;
    search.learned_order = opts.learned_order;
    search.record_moves_from = opts.record_moves_from;
    let progress = opts.progress.clone();
    let progress_fn = progress.as_deref().map(|f| f as &(dyn Fn(&Stats) + Sync));
    search.progress = progress_fn;
    let rem = opts.depth.saturating_add(1).min(INF_HOLD - 2);
    let (root, closed) = settle(&mut search, p, target, rem, opts, 0);
    let attacker_moves = p.to_move() != defender;
    let mut answer = Answer {
        verdict: Verdict::Unknown,
        exact: false,
        kill_plies: None,
        moves: Vec::new(),
        all_moves: false,
        pv: Vec::new(),
        tree: None,
        stats: Stats::default(),
        reason: None,
        survives: None,
        survives_tree: None,
        move_trees: Vec::new(),
        // (The root's call of the unbounded search is the only one so far.)
        settled_unbounded: search.stats.unbounded_settled > 0,
    };
    match root {
        Known::Proven(need) => {
            answer.verdict = Verdict::Dead;
            answer.exact = true;
            answer.kill_plies = Some(need);
        }
        Known::Disproven(hold) => {
            answer.verdict = Verdict::Alive;
            answer.exact = hold == INF_HOLD;
            if let Some((t, r)) = &closed {
                answer.reason = Some(match r {
                    Some(r) => format!("{} (closed from a search of {r} plies)", forever_reason(t)),
                    None => format!(
                        "{} (closed from the search without a bound)",
                        forever_reason(t)
                    ),
                });
            } else if answer.exact {
                // (The search leaves out the attacker's ko captures retaken at once, so a
                // line may also go round such a ko: the tree shows it as a cycle.)
                answer.reason = Some(
                    "alive for every α: every line ends in unconditional life (Benson) or \
                     goes round a ko the defender retakes at once"
                        .into(),
                );
            }
        }
        Known::Open(..) => {
            answer.reason = Some(match search.abort {
                Some(Abort::Nodes) => {
                    format!("node limit reached after {} nodes", search.stats.nodes)
                }
                Some(Abort::Time) => {
                    format!("time limit reached after {} nodes", search.stats.nodes)
                }
                Some(Abort::Stopped) => "stopped".to_string(),
                None => "search ended unsolved".to_string(),
            });
        }
    }
    if answer.verdict != Verdict::Unknown {
        // The losing side has no winning move: the empty list is complete.
        answer.all_moves = opts.all_moves;
        let winning_side_moves = (answer.verdict == Verdict::Dead) == attacker_moves;
        // In D_0 the attacker's capture wins at once (the target's last liberty); the
        // other moves are searched only when every winning move is asked for.
        let capture = (winning_side_moves && reference::in_d0(p, target))
            .then(|| p.liberties(target).first().copied())
            .flatten()
            .map(Move::Play);
        answer.moves.extend(capture);
        if winning_side_moves && rem > 0 && (capture.is_none() || opts.all_moves) {
            let kids = search.children(p);
            let mut complete = true;
            let mut settled = Vec::new();
            for c in kids.iter().filter(|c| Some(c.info.mv) != capture) {
                let k = if opts.all_moves {
                    settle(&mut search, &c.pos, target, rem - 1, opts, 1).0
                } else {
                    search.probe(c, rem - 1)
                };
                if opts.all_moves && opts.want_tree {
                    settled.push((c, k));
                }
                let wins = match verdict_of(k) {
                    Some(v) => v == answer.verdict,
                    None => {
                        complete = false;
                        false
                    }
                };
                if wins {
                    answer.moves.push(c.info.mv);
                    if !opts.all_moves {
                        break;
                    }
                }
            }
            answer.all_moves &= complete;
            search.abort = None;
            for (c, k) in settled {
                let Some(v) = verdict_of(k) else { continue };
                let t = build_tree(&mut search, &c.pos, rem - 1, v, opts.max_tree_nodes);
                answer.move_trees.push((c.info.mv, t));
                search.abort = None;
            }
        }
        // Settling the moves one by one may have closed a strategy for every α through
        // this position (a ko's cycle returns here); the table keeps only checked
        // closures and Benson's test for every α.
        if answer.verdict == Verdict::Alive && !answer.exact {
            if let Known::Disproven(INF_HOLD) = search.lookup(p, rem) {
                answer.exact = true;
                answer.reason = Some(
                    "alive for every α: a closed strategy found while settling the moves".into(),
                );
            }
        }
        answer.pv = principal_variation(&mut search, p, rem, answer.verdict);
        if opts.want_tree {
            // A strategy closed while deepening is the tree; otherwise read it off the table.
            answer.tree = match closed {
                Some((t, _)) => Some(t),
                None => build_tree(&mut search, p, rem, answer.verdict, opts.max_tree_nodes),
            };
            if answer.tree.is_none() {
                answer.reason = Some(format!(
                    "no tree: more than {} nodes or budget reached",
                    opts.max_tree_nodes
                ));
            }
        }
    }
    // "Alive within α" only: try to close the defender's strategy into a set of
    // positions that holds for every α (ko retaken forever, seki), kept only if the
    // independent checker accepts it.
    if answer.verdict == Verdict::Alive && !answer.exact && opts.forever_nodes > 0 {
        search.abort = None;
        // Spend at most as many nodes again as the search did (and at least 100 000).
        let budget = search.stats.nodes.max(100_000);
        let closed = close_checked(&mut search, p, target, rem, opts.forever_nodes, budget);
        search.abort = None;
        if let Some((t, _)) = closed {
            answer.exact = true;
            answer.reason = Some(forever_reason(&t));
            if opts.want_tree {
                answer.tree = Some(t);
            }
        }
    }
    // The retrograde solver enumerates configurations, which know no ko ban.
    if answer.verdict == Verdict::Alive && !answer.exact && opts.exact_positions > 0 && !p.ko_rule()
    {
        match exact::kill_rank(p, target, opts.exact_positions) {
            Ok(None) => {
                answer.exact = true;
                answer.reason = Some("alive for every α: exact retrograde analysis".into());
            }
            Ok(Some(k)) => {
                answer.reason = Some(format!(
                    "alive within α, but the exact solver reaches D₀ in {k} plies"
                ));
            }
            Err(_) => {}
        }
    }
    // Unknown: what the smaller bounds proved, if anything (read off the table, so the
    // tree needs no more search unless the table lost part of it).
    if answer.verdict == Verdict::Unknown {
        if let Some(h) = search.root_hold(p).filter(|&h| h > 0 && h < rem) {
            answer.survives = Some(h);
            if opts.want_tree && search.abort != Some(Abort::Stopped) {
                // The table holds the disproof but for the attacker's passes, which the
                // search leaves out and the tree needs: a few nodes more.
                search.grace = SURVIVES_GRACE;
                answer.survives_tree =
                    build_tree(&mut search, p, h, Verdict::Alive, opts.max_tree_nodes);
                search.grace = 0;
            }
        }
    }
    search.stats.seconds = search.elapsed();
    search.stats.tt_clears = search.table.clears;
    search.stats.tt_solved = search.table.solved.len() as u64;
    answer.stats = search.stats;
    answer
}

/// Nodes the tree behind an unknown answer's partial result may spend beyond the node
/// limit (see [`Answer::survives`]).
const SURVIVES_GRACE: u64 = 100_000;

/// The first bound of iterative deepening, in plies.
const DEEPEN_FIRST: u32 = 8;
/// Each bound is this many times the one before.
const DEEPEN_GROWTH: u32 = 2;
/// Nodes the closure may spend after an iteration below the requested bound at least
/// (besides as many as the bounded iterations have spent so far).
const DEEPEN_CLOSURE_FLOOR: u64 = 1_000;

/// Nodes the first iteration below the requested bound may spend; each later one may
/// spend [`DEEPEN_CAP_GROWTH`] times the one before. An iteration that spends its share
/// unsolved hands over to the next bound (sharing the table), so that a few plies that
/// are costly to settle (in an open corner, showing the defender survives even 8 plies
/// means answering every attacker move) do not stop the search from reaching the bound
/// where the kill is quick.
///
/// Measured 2026-11-25 (`tsume bench`, node limits; first share, growth):
/// - the collection: one search at α 1 017 970 nodes; no caps 786 192; 5 000 ×4: 917 117; 20 000 ×4: 733 408;
///   100 000 ×4: 786 192; 20 000 ×8: 733 408; 10 000 ×8: 772 128;
/// - Cho every 10th, 1 M nodes a row: no caps 61 answered, 45 right; 20 000 ×4: 60, 46;
///   5 000 ×4: 55, 45; **20 000 ×8: 62, 46** (one search at α: 56, 46);
/// - d180cf (6 M nodes a row): no caps 52 answered, `gop/585` alive in 2.78 M nodes, the
///   other 51 rows 3.73 M nodes; 20 000 ×4: 51 answered (`gop/585` unknown at 6 M);
///   **20 000 ×8: 52 answered, `gop/585` 5.28 M, the others 3.63 M** (one search at α:
///   5.45 M and 5.16 M).
pub const DEEPEN_FIRST_CAP: u64 = 20_000;
/// See [`DEEPEN_FIRST_CAP`].
pub const DEEPEN_CAP_GROWTH: u64 = 8;

/// The share of nodes of the `i`-th iteration (from 0) below the requested bound.
pub fn deepening_cap(i: usize) -> u64 {
    let i = u32::try_from(i).unwrap_or(u32::MAX);
    DEEPEN_FIRST_CAP.saturating_mul(DEEPEN_CAP_GROWTH.saturating_pow(i))
}

/// The bounds (remaining plies) iterative deepening searches with on the way to `rem`:
/// 8, 16, 32, … below `rem`, then `rem` itself.
///
/// Why geometric: the iterations before the last cost a fraction of it when the search's
/// cost grows quickly with the bound (here it grows at least linearly, and much faster
/// where the attacker has many ways to waste plies), and there are few of them (6 below
/// the largest default α, 250), so there are few closure attempts too. Why 8: a kill
/// that a small bound finds is found at once, and a ko needs a few plies to show its
/// cycle (take, threat, answer, retake: a closure from a search of 8 plies holds the
/// whole cycle on the tested kos).
pub fn deepening_bounds(rem: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut b = DEEPEN_FIRST;
    while b < rem {
        out.push(b);
        b = b.saturating_mul(DEEPEN_GROWTH);
    }
    out.push(rem);
    out
}

/// A root's standing, with the closed strategy for every α that settled it, if one did,
/// and the bound of the search it was closed from (None: the search without a bound).
type Settled = (Known, Option<(Tree, Option<u32>)>);

/// The root's standing with `rem` plies: first, with [`Options::unbounded`], the search
/// without a bound ([`settle_unbounded`]); if that does not settle it, with
/// [`Options::deepen`], iterative deepening
/// over [`deepening_bounds`], stopping early on a kill (dead within fewer plies is dead
/// within `rem`: D_k ⊆ D_rem) or on a closed strategy for every α that the checker
/// accepts (returned with it and the bound it closed from; its positions are then in the table for every α, so that
/// the winning moves, the principal variation and the tree builder see them). A
/// disproof within a smaller bound says nothing of `rem`: the search goes on. Otherwise,
/// and at the last bound, what `mid` says with `rem` plies.
fn settle(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    opts: &Options,
    ply: u32,
) -> Settled {
    let bounds = if opts.deepen {
        deepening_bounds(rem)
    } else {
        vec![rem]
    };
    let start = search.stats.nodes;
    if opts.unbounded {
        let done = settle_unbounded(search, p, target, rem, opts, ply);
        search.stats.unbounded_calls += 1;
        search.stats.unbounded_nodes += search.stats.nodes - start;
        if let Some(done) = done {
            if !matches!(done.0, Known::Open(..)) {
                search.stats.unbounded_settled += 1;
            }
            return done;
        }
    }
    // A closure after a bounded iteration may spend as many nodes as the bounded
    // iterations did, not the search without a bound as well: that search's share is
    // half the budget, and a closure of a strategy of a few plies spending as much again
    // took the rest from the bounded search (docs/experiments.md, 2026-11-26, 07:03).
    let deepen_start = search.stats.nodes;
    // Once an iteration has shown life within its bound and its strategy did not close,
    // the bounds between it and `rem` are skipped: a kill, if any, is longer than that
    // bound, and each intermediate iteration would prove life again over most of the
    // same tree (docs/experiments.md: the 3-SAT instances where Λ lives, d180cf).
    let mut skip_to_last = false;
    let last = bounds.len() - 1;
    for (i, r) in bounds.into_iter().enumerate() {
        if skip_to_last && i < last {
            continue;
        }
        // Every iteration below `rem` gets a share of nodes (see DEEPEN_FIRST_CAP).
        let capped = r < rem;
        if capped {
            let cap = deepening_cap(i);
            search.phase_limit = Some(search.stats.nodes.saturating_add(cap));
        }
        search.stats.bound = Some(r);
        let k = search.mid(p, r, INF, INF, ply);
        if capped {
            search.phase_limit = None;
            if search.abort.is_some() {
                if search.out_of_budget() {
                    return (k, None);
                }
                // The iteration's share is spent: go on to the next bound.
                search.abort = None;
                search.stats.deepen_handovers += 1;
                continue;
            }
        }
        let Known::Disproven(hold) = k else {
            return (k, None);
        };
        if r == rem || hold >= rem {
            return (k, None);
        }
        if opts.forever_nodes == 0 {
            continue;
        }
        // Alive within r plies only: try to close the defender's strategy for every α.
        match close_and_record(search, p, target, r, opts, deepen_start) {
            // The next iteration would stop at once: unknown.
            None => return (Known::Open(1, 1), None),
            Some(Some(t)) => return (Known::Disproven(INF_HOLD), Some((t, Some(r)))),
            Some(None) => skip_to_last = true,
        }
    }
    // `bounds` ends with `rem`, which returns above.
    (search.lookup(p, rem), None)
}

/// The unbounded search ([`Search::mid_unbounded`]) before the bounded ones, with a share
/// of the nodes ([`unbounded_share`]): its kill within `rem` plies, its disproof for every
/// α, or its survival closed into a set of positions that the checker accepts settles
/// the root (`Some`); anything else (a longer kill, a survival that does not close, the
/// share spent) leaves it to the bounded search, which keeps the table's proofs.
fn settle_unbounded(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    opts: &Options,
    ply: u32,
) -> Option<Settled> {
    let start = search.stats.nodes;
    search.phase_limit = Some(start.saturating_add(unbounded_share(opts)));
    search.stats.bound = None;
    let k = search.mid_unbounded(p, ply, rem);
    search.end_unbounded();
    search.phase_limit = None;
    if search.abort.is_some() {
        if search.out_of_budget() {
            return Some((Known::Open(1, 1), None));
        }
        search.abort = None;
        return None;
    }
    match k {
        Known::Proven(need) if need <= rem => Some((k, None)),
        Known::Disproven(INF_HOLD) => Some((k, None)),
        Known::Disproven(_) if opts.forever_nodes > 0 => {
            match close_and_record(search, p, target, rem, opts, start) {
                None => Some((Known::Open(1, 1), None)),
                Some(Some(t)) => Some((Known::Disproven(INF_HOLD), Some((t, None)))),
                Some(None) => None,
            }
        }
        _ => None,
    }
}

/// Nodes the unbounded search may spend at most before the bounded search takes over,
/// when no node limit is given: df-pn over a graph with cycles is not sure to end (its
/// numbers may keep chasing a repetition), the bounded search is.
pub const UNBOUNDED_CAP: u64 = 4_000_000;

/// The unbounded search's share: half the node limit (the other half is the bounded
/// search's, whose smaller bounds give an unknown answer its partial result), at most
/// [`UNBOUNDED_CAP`]. Measured (docs/experiments.md): Cho every 10th at 1 M nodes, the
/// whole limit or half of it answer the same 68 rows; half leaves 10 unknown rows a
/// partial result (the whole limit none, the bounded search alone 2).
fn unbounded_share(opts: &Options) -> u64 {
    opts.limits
        .max_nodes
        .map_or(UNBOUNDED_CAP, |m| (m / 2).min(UNBOUNDED_CAP))
}

/// Tries to close the defender's strategy from `p` (alive within `rem` plies, or survived
/// in the unbounded search) for every α, spending as many nodes again as were spent since
/// `start` (at least a floor) and making as many positions at most (each costs about a
/// node's expansion); a closure the checker accepts has its positions recorded in the
/// table as alive for every α. `None`: the search's budget is spent (unknown);
/// `Some(None)`: it did not close.
fn close_and_record(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    opts: &Options,
    start: u64,
) -> Option<Option<Tree>> {
    let budget = (search.stats.nodes - start).max(DEEPEN_CLOSURE_FLOOR);
    let positions = opts
        .forever_nodes
        .min(usize::try_from(budget).unwrap_or(usize::MAX));
    let closed = close_checked(search, p, target, rem, positions, budget);
    if search.out_of_budget() {
        return None;
    }
    search.abort = None;
    Some(closed.map(|(t, set)| {
        for q in &set {
            search.record_forever(q);
        }
        t
    }))
}

/// The defender's strategy from `p` (alive within `rem` plies) closed into a disproof for
/// every α ([`tree::forever_disproof`], at most `positions` positions, `budget` more
/// nodes), with the set's positions; only if the independent checker accepts it. The
/// caller clears the search's abort.
fn close_checked(
    search: &mut Search<'_>,
    p: &Position,
    target: Point,
    rem: u32,
    positions: usize,
    budget: u64,
) -> Option<(Tree, Vec<Position>)> {
    search.phase_limit = Some(search.stats.nodes.saturating_add(budget));
    let closed = tree::forever_disproof(search, p, rem, positions);
    search.phase_limit = None;
    closed.filter(|(t, _)| tsume_proof::check(p, target, t).is_ok())
}

fn forever_reason(t: &Tree) -> String {
    format!(
        "alive for every α: the defender's strategy closes on {} positions",
        t.nodes.len()
    )
}

/// The verdict a solved node gives (`None` while it is open).
fn verdict_of(k: Known) -> Option<Verdict> {
    match k {
        Known::Proven(_) => Some(Verdict::Dead),
        Known::Disproven(_) => Some(Verdict::Alive),
        Known::Open(..) => None,
    }
}

fn build_tree(
    search: &mut Search<'_>,
    p: &Position,
    rem: u32,
    v: Verdict,
    max: usize,
) -> Option<Tree> {
    search.abort = None;
    match v {
        Verdict::Dead => tree::Builder::new(search, max).proof(p, rem),
        Verdict::Alive => {
            let t = tree::Builder::new(search, max).disproof(p, rem);
            if t.is_some() {
                return t;
            }
            let mut b = tree::Builder::new(search, max);
            b.forever = false;
            b.disproof(p, rem)
        }
        Verdict::Unknown => None,
    }
}

/// A principal variation read off the table: the attacker's fastest kill against the
/// defender's longest resistance, ending with the capture, or the defender's surviving
/// line.
fn principal_variation(search: &mut Search<'_>, p: &Position, rem: u32, v: Verdict) -> Vec<Move> {
    let mut line = Vec::new();
    let mut q = p.clone();
    let mut r = rem;
    while r > 0 && !reference::in_d0(&q, search.target) && line.len() < 64 {
        let kids = search.children(&q);
        let attacker = q.to_move() != search.defender;
        let mut pick: Option<(i64, usize)> = None;
        for (i, c) in kids.iter().enumerate() {
            let score = match (v, search.probe(c, r - 1)) {
                (Verdict::Dead, Known::Proven(n)) => {
                    if attacker {
                        -i64::from(n)
                    } else {
                        i64::from(n)
                    }
                }
                (Verdict::Alive, Known::Disproven(h)) => {
                    if attacker {
                        // The attacker's try that the defender holds for the shortest.
                        -i64::from(h.min(1 << 20))
                    } else {
                        i64::from(h.min(1 << 20))
                    }
                }
                // A ko capture that the defender retakes at once is not searched (the
                // retake returns here) and may have no entry: the attacker's sharpest
                // try, the ko.
                (Verdict::Alive, Known::Open(..)) if attacker && c.info.retaken => 0,
                _ => continue,
            };
            let better = match pick {
                None => true,
                Some((s, _)) => score > s,
            };
            if better {
                pick = Some((score, i));
            }
        }
        let Some((_, i)) = pick else { break };
        if v == Verdict::Alive && attacker && kids[i].info.mv == Move::Pass && line.len() > 1 {
            break;
        }
        line.push(kids[i].info.mv);
        q = kids[i].pos.clone();
        r -= 1;
        if v == Verdict::Alive && static_life(&q, search.target) {
            break;
        }
    }
    // A kill's line ends with the capture itself (D₀: the target's last liberty).
    if v == Verdict::Dead && reference::in_d0(&q, search.target) {
        line.extend(q.liberties(search.target).first().map(|&l| Move::Play(l)));
    }
    line
}
