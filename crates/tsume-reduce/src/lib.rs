//! 3-SAT → life and death (Crăşmaru, *On the Complexity of Tsume-Go*, 1998, §4), as
//! design D2, on a graph board and, for a class of formulas, on a square grid.
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
//! # The instance (design D2)
//!
//! Points are named as in the graph file; "—" is an edge, nothing else is adjacent.
//! m ≥ 1 is the number of variables that occur, n ≥ 1 the number of clauses after
//! normalising, none empty.
//!
//! | points | colour | neighbours | role |
//! |---|---|---|---|
//! | `L` | White | e, E, f_*, h_* | **Λ**, the target |
//! | `e` | empty | L | Λ's eye |
//! | `E` | empty | L, q | Λ's second-eye point, Black's killing point |
//! | `q` | Black | E, g_*, k_* | the gate Ω |
//! | `g1..gG` | empty | q, w | Ω's liberties that White fills, G = m |
//! | `f1..fF` | empty | L, z | Λ's outside liberties, F = max(0, m − 2) |
//! | `z` (+ eyes `z1 z2`) | Black | f_*, A_*, B_* | Z, unconditionally alive |
//! | `w` (+ eyes `w1 w2`) | White | g_*, A_*, B_* | W, unconditionally alive |
//! | `h<i>` | Black | A_i, B_i, L | H_i |
//! | `A<i>` | empty | h_i, z, w, k_j for c_j ∋ u_i | choice "u_i true" (paper: A; Black's answer D) |
//! | `B<i>` | empty | h_i, z, w, k_j for c_j ∋ ¬u_i | choice "u_i false" (paper: B; Black's answer C) |
//! | `k<j>` | White | q, its literal points | K(j), one stone |
//!
//! Size: 10 + 4m + F + n points, 6 + 3m + F of them empty (**independent of n**),
//! 4 + m + n groups. Normalising ([`dimacs::normalize`]) merges repeated literals, drops
//! tautologies and splits clauses longer than 3 with fresh variables (equisatisfiable);
//! every change is in [`Instance::notes`]. Two edge cases: a formula with **no clause**
//! gets no gate, so `E` is Λ's second eye and Λ is unconditionally alive; an **empty
//! clause** joins Ω to Z from the start (edge q — z), as if a false clause had been
//! captured. [`ReduceOptions::gate_touches_target`] adds the edge L — q.
//!
//! How it works. A clause stone k_j has only its literal points as liberties (q is
//! Black). White's stone on a literal point (the literal true) joins k_j to W: the clause
//! lives for good. Black's stone there (the literal false) is joined to Z; the Black move
//! that makes a clause's last literal false captures k_j, and the freed point touches only
//! Black stones (Ω and the false literals), so it is a liberty Ω shares with Z that White
//! can fill only by capturing Ω, when it is Ω's last: Ω is as good as connected to Z, and
//! then Black's E is safe and Λ, with one eye, dies. If no clause is ever captured, Ω has
//! only E and the g's: White fills the G points g, Black's E becomes a suicide and White's
//! E captures Ω, a second eye.
//!
//! The first design, D1 (`/work/shared/design/reduction-sketch.md`; in the git history up
//! to the commit that removed it), made K(j) two stones whose last liberty s_j touched
//! Ω, gave Ω the liberties E and every s_j and Λ F = max(0, n − 2): its race grew with the
//! number of **clauses**, and its proofs of death with it (the unsatisfiable 3-variable
//! formulas: 1.2–1.9 M nodes with 5 clauses, 6.7 M with 6, all 8 clauses undecided after
//! 36 M; D2: 7.8 k for (u1∨u2)(¬u1∨u3)(¬u2∨u3)(¬u3∨u1)(¬u3∨¬u1), 16.7 k for all 8).
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
//!   also inside the full instances of (x)∧(¬x), (x∨y)∧(¬x)∧(¬y) and the 8 clauses over 3
//!   variables for every choice, `choice_answer_is_unique_in_the_full_instance` in
//!   `tests/end_to_end.rs`).
//! - **V2, easy life** (Remark 1.2, Remark 4). White on both A_i and B_i captures H_i; Λ
//!   then has the eyes e and h_i and is Benson-alive, alive for every α.
//!   *Machine-checked* (`a_both_choices_kill_h_and_give_easy_life`).
//! - **V3, choice settles the groups** (Remark 1.3/1.4). After White A_i, Black B_i: H_i
//!   (joined to Z) and G(i) (the stone on A_i, joined to W) are alive for every α with
//!   either player to move; no White stone can ever stand on B_i (Ḡ(i) is "dead").
//!   *Machine-checked* (`a_choice_and_answer_settle_both_groups`). H_i has 2 liberties,
//!   not the paper's 3 (`a_h_has_two_liberties`).
//! - **C1, clause status** (Remark 2). K(j) next to an alive gate stand-in, its set
//!   literals fixed (true = White joined to W, false = Black joined to Z) and one literal
//!   point x still empty: with a true literal K(j) is alive for every α, either player to
//!   move; with none, Black's stone on x captures it at once (rank 0) and White cannot
//!   refill the freed point (a suicide), while White's x saves it. Clauses of 1–3
//!   literals. *Machine-checked* (`b_clause_alive_iff_some_literal_true`).
//! - **Λ1, the race when every clause lives** (Remark 3). Λ with e, E and F outside
//!   liberties; Ω next to E, G points g (next to W) and one or two live clause stones.
//!   White to move: Λ lives iff F ≥ G − 2. *Machine-checked* for G = 1..5 and
//!   F ∈ {G−3, G−2, G−1} (`c_race_alive_iff_f_at_least_g_minus_2`).
//! - **Λ2, a captured clause kills** (Remark 3). The same with a freed clause point
//!   next to Ω and a false literal: Black kills with White to move, for G = 1..4 and
//!   F = G−2..G (`c_captured_clause_kills`).
//!
//! # Composition (an argument, not a machine-checked proof)
//!
//! 1. *Assignment phase.* Each White choice ataris H_i and threatens V2, which wins at
//!    once and statically; so Black must answer as in V1 and never gets a free move while
//!    some variable is unset and White keeps choosing. Black's answer sets the opposite
//!    literal false; if that was a clause's last literal, it captures K(j) (C1), and from
//!    then on Ω cannot be captured (Λ2).
//! 2. *White deviations.* Any other White move (a g, E, e, an f, an eye, a pass) is a
//!    tempo that gives Black a free move, which he spends setting a variable himself (a
//!    stone on a literal point, joined to Z). Capturing Ω takes White G + 1 = m + 1 tempi
//!    (the g's, then E), so before it Black has had m free moves: by then every variable
//!    is set, by White's choices or by Black, and since F is unsatisfiable some clause has
//!    all its literals false and was captured when its last one was set; Ω has the shared
//!    point and Black connects when White fills Ω's other liberties. If F is satisfiable,
//!    White has no reason to deviate: after his assignment (step 3) he wins the race.
//!    The bound is tight on the 8 clauses over 3 variables: with G = 1 or 2 (option
//!    [`ReduceOptions::gate_liberties`], for experiments) White's early attack on Ω wins
//!    and Λ wrongly lives (`a_smaller_gate_breaks_the_reduction`).
//! 3. *After the assignment* every choice point holds a stone that can never be captured,
//!    each K(j) lives (C1) iff c_j is satisfied, and a falsified one has been captured. If
//!    all live, the position is Λ1 with F = G − 2: White lives. Otherwise Λ2: Black kills.
//! 4. *Tempo* enters only in Λ1 and in step 2, both settled by G = m and F = m − 2; V1 is
//!    one move and one forced answer, C1 is static.
//! 5. *Ko.* A captured clause frees one point that only Black can fill; the other captures
//!    (H_i, Ω) free points next to Λ; the prover handles repetition exactly anyway
//!    (infinite play = the defender lives).
//!
//! # What is machine-checked
//!
//! - The lemmas above (default test run, about 10 s).
//! - End to end (`tests/end_to_end.rs`): the instance is written as a graph file, read
//!   back and solved by `tsume_prove::solve` with White to move and the default bound
//!   α = 4·(empty points) + 12; the verdict equals "unsatisfiable" by varisat on
//!   (x)∧(¬x), (x), (¬x), the empty formula, an empty clause, three fixed 2–3 variable
//!   formulas, **all 8 clauses over 3 variables** (unsatisfiable: 16.7 k nodes, both
//!   proof-number rules) and each of the 8 ways to drop one (satisfiable), 60 random
//!   formulas with 1–3 variables and 1–6 clauses (41 satisfiable, 19 not), 9 more with
//!   2–3 variables and 5–6 clauses, and 18 with 4–5 variables and 1, 3 or 5 clauses per
//!   variable (the two unsatisfiable 5-variable ones: 0.95 M nodes each), and, exhaustively,
//!   **every formula over three variables with one to five distinct clauses** of 1–3
//!   literals, one per class of the 48 renamings (permuting the variables, flipping signs:
//!   the instances are isomorphic graphs): 2 060 classes standing for 83 681 clause sets,
//!   1 622 satisfiable and 438 not, 2.7 M nodes in all (about 10 s); with exactly six
//!   clauses, 5 191 more classes (230 230 sets, 11.0 M nodes, ignored, about 40 s). "Dead" answers
//!   are exact (Λ is in D); "alive" answers hold within α, for every α only when the
//!   prover says so.
//! - Bad input (`tests/props.rs`, proptest): any text to the DIMACS reader, and any clause
//!   list (empty, long, repeated or opposite literals) to the reduction, never panics; the
//!   instance is legal, White to move, target `L` labelled Λ, and its file reads back equal.
//!
//! Not proven: the composition for all formulas (step 2 above is an argument; the
//! exhaustive searches try every deviation on the formulas above).
//!
//! # The square grid
//!
//! [`grid`] draws the instance on an ordinary rectangular grid: design D2 for the chain
//! class ([`grid::chain`]), design D6, the Black rail, for monotone rectilinear formulas
//! ([`grid::rail`], with chains of copies, [`grid::copies`]); [`route`] carries any
//! formula into D6's class, so [`grid::draw`] draws every formula. Solve a grid SGF on
//! the whole board, as its `GC[tsume: region=board]` asks: `tsume solve F.sgf --to-move W`.
//! Why the grid needs D6's rail (no planar drawing of D2 does more than the chain
//! class), the designs tried on the way (D3–D5) and their measurements:
//! `docs/design/grid-planarity.md`.
//!
//! [`written`] chooses what `tsume reduce` writes (the graph board or the grid, the file)
//! and reports it (`--json`: serde, a dependency of this crate for that alone).
#![deny(missing_docs)]

pub mod dimacs;
pub mod grid;
pub mod reduce;
pub mod route;
pub mod small;
pub mod written;

pub use dimacs::{
    is_satisfiable, normalize, parse_dimacs, parse_dimacs_within, random_3cnf,
    random_monotone_3cnf, to_dimacs, Cnf, DimacsError, DimacsErrorKind, DimacsLimits,
};
pub use grid::{to_grid_sgf, GridError};
pub use reduce::{
    reduce, reduce_with, try_reduce, BuildError, GraphBuilder, Instance, ReduceOptions,
};
pub use small::{clause_set_count, formulas_up_to_renaming};
