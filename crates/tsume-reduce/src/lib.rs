//! 3-SAT → life and death (Crăşmaru, *On the Complexity of Tsume-Go*, 1998, §4), as
//! design D1 (`/work/shared/design/reduction-sketch.md`) on a graph board.
//!
//! The paper reduces 3-SAT to the life and death of a White group Λ, White to move, with
//! diagrams A(i) per variable, B(j) per clause and C joining them, and states their
//! behaviour as Remarks 1–4; its figures are lost. This crate builds its own gadgets with
//! the remarks' behaviour in the paper's model (§2: any finite graph, no ko, a pass, a
//! move on an occupied point and a suicide all hand the turn over), reads DIMACS
//! ([`dimacs`]), and builds the instance ([`reduce()`]). Claim, for a formula F:
//!
//! > **Can_kill(Λ) with White moving first ⇔ F is unsatisfiable.**
//!
//! # The instance
//!
//! Points are named as in the graph file; "—" is an edge, nothing else is adjacent.
//!
//! | points | colour | neighbours | role |
//! |---|---|---|---|
//! | `L` | White | e, E, f_*, h_* | **Λ**, the target |
//! | `e` | empty | L | Λ's eye |
//! | `E` | empty | L, q | Λ's second-eye point, Black's killing point |
//! | `q` | Black | E, s_* | the gate Ω (the design's Q) |
//! | `f1..fF` | empty | L, z | Λ's outside liberties, F = max(0, n − 2) |
//! | `z` (+ eyes `z1 z2`) | Black | f_*, A_*, B_*, c_* | Z, unconditionally alive |
//! | `w` (+ eyes `w1 w2`) | White | A_*, B_* | W, unconditionally alive |
//! | `h<i>` | Black | A_i, B_i, L | H_i |
//! | `A<i>` | empty | h_i, z, w, k_j for c_j ∋ u_i | choice "u_i true" (paper: A; Black's answer D) |
//! | `B<i>` | empty | h_i, z, w, k_j for c_j ∋ ¬u_i | choice "u_i false" (paper: B; Black's answer C) |
//! | `k<j>`, `k<j>'` | White | each other, s_j; k_j also its literal points | K(j) |
//! | `s<j>` | empty | q, k_j, k'_j | K(j)'s last liberty |
//!
//! Size: 10 + F + 3m + 3n points, 6 + F + 2m + n of them empty, 4 + m + n groups
//! (m ≥ 1 variables that occur, n ≥ 1 clauses after normalising, none empty; an empty
//! clause adds one point and Z, W are left out when nothing touches them). Normalising
//! ([`dimacs::normalize`]) merges repeated literals, drops tautologies and splits clauses
//! longer than 3 with fresh variables (equisatisfiable); every change is in
//! [`Instance::notes`]. Two edge cases: a formula with **no clause** gets no gate, so `E`
//! is Λ's second eye and Λ is unconditionally alive; an **empty clause** j gets a Black
//! stone `c<j>` joined to Z next to k_j, a literal false from the start (without it Black,
//! having captured K(j), could not join Ω to Z, and Λ lived: found by the end-to-end test).
//! [`ReduceOptions::gate_touches_target`] adds the edge L — q (variant D1+, see there).
//!
//! # Lemmas (each a test in `tests/lemmas.rs`, on the gadget with stand-ins)
//!
//! Stand-ins: Z and W are single stones with two one-point eyes. Checked with the
//! prover's exact retrograde solver (`tsume_prove::exact::kill_rank`, no depth bound)
//! where small, and with df-pn (`tsume_prove::solve`) otherwise.
//!
//! - **V1, a choice is sente and Black's answer is unique** (Remark 1.3/1.4, Remark 4).
//!   A(i) with Λ stand-in {L, e, E}, E next to Z, so Λ dies unless it gets H_i's point.
//!   After White A_i the Black moves that still kill are exactly {B_i}, after White B_i
//!   exactly {A_i}, every other reply (pass included) loses: exact solver on every reply,
//!   and df-pn's complete list of winning moves. *Machine-checked* (`a_black_answer_is_unique`;
//!   also inside the full instances of (x)∧(¬x) and (x∨y)∧(¬x)∧(¬y) for every choice,
//!   `choice_answer_is_unique_in_the_full_instance` in `tests/end_to_end.rs`).
//! - **V2, easy life** (Remark 1.2, Remark 4). White on both A_i and B_i captures H_i; Λ
//!   then has the eyes e and h_i and is Benson-alive, alive for every α.
//!   *Machine-checked* (`a_both_choices_kill_h_and_give_easy_life`).
//! - **V3, choice settles the groups** (Remark 1.3/1.4). After White A_i, Black B_i: H_i
//!   (joined to Z) and G(i) (the stone on A_i, joined to W) are alive for every α with
//!   either player to move; no White stone can ever stand on B_i (Ḡ(i) is "dead").
//!   *Machine-checked* (`a_choice_and_answer_settle_both_groups`). H_i has 2 liberties,
//!   not the paper's 3 (`a_h_has_two_liberties`).
//! - **C1, clause status** (Remark 2). With its literal points occupied (true = White
//!   joined to W, false = Black joined to Z), K(j) is alive for every α iff some literal
//!   is true; if all are false (or the clause is empty) it is dead even with White to
//!   move, and White's s_j is a suicide, so no White path bridges a false literal.
//!   *Machine-checked* for clauses of 0–3 literals and every true/false count, both
//!   players to move (`b_clause_alive_iff_some_literal_true`).
//! - **Λ1, the race when every clause is satisfied** (Remark 3, "all K_j alive"). Λ with
//!   e, E and F outside liberties; Ω next to E and n points s_j, each next to a live K(j).
//!   White to move: Λ lives iff F ≥ n − 2 (White fills the n points s_j; Black fills the F
//!   points and then E, which only kills if Ω keeps two liberties besides E).
//!   *Machine-checked* for n ≤ 4 and F ∈ {n−3, n−2, n−1} in the default run, n = 5, 6 in an
//!   ignored test (`c_race_alive_iff_f_at_least_n_minus_2*`).
//! - **Λ2, a dead clause kills** (Remark 3, "some K_j dead"). With 1–2 dead clause groups
//!   (last liberty t_u next to Ω, a false literal joined to Z) and 0–2 live ones, F = 0..2,
//!   Black kills: he captures K(u) through t_u, which joins Ω to Z through the freed k_u,
//!   fills the f's and plays E. *Machine-checked* (`c_dead_clause_kills`).
//!
//! # Composition (an argument, not a machine-checked proof)
//!
//! 1. *Assignment phase.* Each White choice ataris H_i and threatens V2, which wins at
//!    once and statically; so Black must answer as in V1 and never gets a free move while
//!    some variable is unset. Black's other forcing tries (s_j, then a literal point, to
//!    capture K(j)) cost a tempo he does not have: not answering loses to V2.
//! 2. *White deviations.* A White move that is not a choice (f, e, E, s_j, an eye, pass)
//!    gives Black a free move, which he can spend on a choice point himself (joining H_i to
//!    Z, making a literal of his choice false), so a deviation never helps White. This is
//!    the informal step; the exhaustive searches below try every deviation.
//! 3. *After the assignment* every choice point holds a stone that can never be captured,
//!    and each K(j) is alive (C1) iff c_j is satisfied. If all are, the position is Λ1 with
//!    F = max(0, n − 2): White lives. If some K(u) is dead, Λ2: Black kills.
//! 4. *Tempo* enters only in Λ1 and is settled by F; V1 is one move and one forced answer,
//!    C1 is static, so no sente/gote balance accumulates across gadgets.
//! 5. *Ko.* Captures in the main lines free at least two points (K has two stones) or a
//!    point next to an unconditionally alive group; the prover handles repetition exactly
//!    anyway (infinite play = the defender lives).
//!
//! # What is machine-checked
//!
//! - The lemmas above (default test run, about 25 s).
//! - End to end (`tests/end_to_end.rs`): the instance is written as a graph file, read
//!   back and solved by `tsume_prove::solve` with White to move and the bound
//!   the default bound α = 4·(empty points) + 12; the verdict equals "unsatisfiable" by
//!   varisat on (x)∧(¬x), (x), (¬x), the empty formula, an empty clause, three fixed 2–3
//!   variable formulas, 7 of the 8 clauses over 3 variables (satisfiable; 0.8 M nodes with
//!   weak proof numbers) and 60 random formulas with 1–3 variables and 1–6 clauses (41
//!   satisfiable, 19 not; about 40 s). "Dead" answers are
//!   exact (Λ is in D); "alive" answers hold within α, for every α only when the prover
//!   says so (Benson on every line).
//! - Bad input (`tests/props.rs`, proptest): any text to the DIMACS reader, and any clause
//!   list (empty, long, repeated or opposite literals) to the reduction, never panics; the
//!   instance is legal, White to move, target `L` labelled Λ, and its file reads back equal.
//! - Ignored (slow) tests: all 8 clauses over 3 variables (unsatisfiable: undecided after
//!   36 M nodes; unsatisfiable 3-variable instances cost 1.2 M nodes with 5 clauses and
//!   6.7 M with 6); random 2–3 variable formulas with 5–6 clauses.
//! - Earlier, by the design's author with a separate exact solver and immortal Z/W: 24
//!   formulas with 1–3 variables and 1–4 clauses (design note §6).
//!
//! Not proven: the composition for all formulas (step 2 above).
//!
//! # The square-grid SGF (restricted class)
//!
//! [`grid::to_grid_sgf`] draws D1 on an ordinary rectangular grid for the *chain class*
//! only (after normalising and dropping repeated clauses: clauses of at most 2 literals,
//! each literal in at most one clause, the 2-literal clauses forming paths between
//! variables; empty clauses and the empty formula too); Z and W become several alive
//! walls (see [`grid`]). Every other formula gets [`GridError::Unsupported`] naming the
//! reason, and `tsume reduce F.cnf -o F.sgf` writes the graph board instead. Solve the
//! SGF on the whole board, which its `GC[tsume: region=board]` asks of `tsume solve F.sgf
//! --to-move W` (the default area would treat the outer stones as walls and answer
//! wrongly). Checked in
//! `tests/grid.rs`: every empty point touches exactly the groups it has in D1, no group
//! mixes roles, every wall is Benson-alive (on every layout of 3000 random formulas, up to
//! 52 columns, where `grid_layout` also succeeds exactly on the chain class as decided by
//! an independent predicate); V1 (Black's answer to a choice is unique) on two grids; and
//! the prover's verdict on the SGF (read back with `tsume-sgf`, whole board, White to
//! move) equals satisfiability and the graph board's verdict for the single-variable
//! formulas, empty and repeated clauses, six 2-variable formulas and 24 random chain
//! formulas with 1–2 variables (default run, about 10–20 s), 16 with 3 variables (ignored,
//! 80 s). A 4-variable path (5 clauses) is not decided within 15 min (ignored test). 3-literal clauses, literals used twice and cycles of
//! 2-literal clauses are not drawn: that needs a fan-out gadget for a literal or a
//! crossover (see [`grid`] for why), and neither is built.
#![deny(missing_docs)]

pub mod dimacs;
pub mod grid;
pub mod reduce;

pub use dimacs::{
    is_satisfiable, normalize, parse_dimacs, random_3cnf, to_dimacs, Cnf, DimacsError,
    DimacsErrorKind,
};
pub use grid::{to_grid_sgf, GridError};
pub use reduce::{
    reduce, reduce_with, try_reduce, BuildError, GraphBuilder, Instance, ReduceOptions,
};
