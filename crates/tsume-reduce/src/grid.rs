//! Output on a square grid (issue 5, part 3(b)): design D2 drawn on a rectangle of the
//! ordinary 4-neighbour grid, for a restricted class of formulas (the *chain class*,
//! [`grid_layout`]), and design D6, the Black rail ([`crate::rail_grid`], section "D6"
//! below), for monotone formulas whose clauses nest; [`any_grid`] tries both, and every
//! other formula gets an honest [`GridError`].
//!
//! # How D2 becomes a grid
//!
//! Groups of stones become chains; every empty point keeps exactly the neighbouring
//! groups it has on the graph board of design D2 (each clause K(j) a White group touching
//! the gate Ω and its literals' choice points, Ω's liberties E and one g per variable,
//! F = max(0, m − 2) outside liberties f of Λ). The hubs Z and W (unconditionally alive,
//! Black and White) cannot be single groups on a grid once there are two variables, so
//! they are drawn as several unconditionally alive walls, each with two one-point eyes:
//! a Black *pocket* Z between two fingers of Λ above the row of choice points, and a White
//! *block* W below each variable (blocks grow, and may join, when Ω is thinned). Only the identity "an alive Black (White) group" matters
//! to the gadgets, not which one. The grid of (u1) ∧ (¬u1) ∧ (u2), as
//! [`GridLayout::diagram`] draws it (`O` Λ, `X` the gate Ω, `Z` Black pockets, `W` White
//! blocks, `H` H_i, `K` clause groups, `.` eyes; `E`, `f`, `g`, `A`, `B` empty points):
//!
//! ```text
//! .OOOOOOOOOOOOOOOOOOOOO   row 0: Λ, its eye e in the corner
//! OOZZZZZOZZZZZZZZOZZZZZ   rows 1-3: pockets between Λ's fingers (f on row 1 if m > 2)
//! OOZ.Z.ZOZ.Z.ZZZZOZ.Z.Z
//! OOZZZZZOZZZZZZZZOZZZZZ
//! EXKKKKAHBKKZKKKAHBWWWW   row 4: E, choice points A/B beside H, clause groups
//! XXXXXXWWWXKKXXXWWWWWWW   rows 5-9: White blocks below the variables, Ω under
//! XWWWWWW.WXXXXXWW.WWWWW   the clause groups and thin paths down to row 10
//! XWWWWWWWWWWWWXWWWWWWWW
//! XWWWWWW.WWWWWXWW.WWWWW
//! XWWWWXgWWWWWWXXgWWWWWW   g: Ω's liberty at the bottom left of each block
//! XXXXXXXXXXXXXXXXWWWWWW   row 10: Ω
//! ```
//!
//! The layout is drawn with Ω filling rows 5–10 around the blocks, then thinned
//! (`thin_gate`): a stone of Ω that touches a block but no clause group, g, E or pocket
//! becomes part of the block as long as Ω stays connected. What is left of Ω is its
//! stone beside E, the left column, the stones under the clause groups, the paths down to
//! row 10, the stones beside the g's, and row 10 up to the last one of those.
//!
//! A choice point has four neighbours: H_i (beside it), a Black pocket (above), a White
//! block (below) and the group of its clause (on its outer side), as in D2. E touches Λ
//! and Ω only; each g touches Ω and a block only; each f touches Λ and a pocket only; a
//! clause group touches Ω (below it) and its literals' choice points, and no other empty
//! point; two clause groups that meet under a pocket are kept apart by a Black stone of
//! the pocket and a 2×2 checkerboard (Z K / K Ω), so that Ω never touches a pocket (except
//! for the empty clause, below).
//!
//! # The chain class
//!
//! After [`normalize`], dropping repeated clauses and, only if the formula is not yet in
//! the class, simplifying it to an equivalent formula (a clause containing another clause
//! is dropped, a literal whose negation is a unit clause is removed from the longer
//! clauses, until nothing changes; noted, and the formula keeps its models; this may
//! decide it outright, e.g. leave only an empty clause), a formula has a grid iff every clause has at most two
//! literals, every literal occurs in at most one clause (a choice point has room for one
//! clause group), and the two-literal clauses, as edges between their variables, form
//! vertex-disjoint simple paths (no cycle). So (u1) ∧ (u1 ∨ u2 ∨ u3) ∧ (¬u1 ∨ u2) ∧ (¬u2
//! ∨ u3) is drawn as (u1) ∧ (u2) ∧ (u3), but (u1 ∨ u2) ∧ (u1 ∨ ¬u2) is not. The variables
//! are then laid out path by path; a two-literal clause joins the right choice point of
//! one variable to the left choice point of the next. An empty clause (one is left after
//! dropping repeats) has no stone: Ω's last column on row 4 touches the pocket above, so
//! Ω is one group with an alive Black wall, as the graph board's edge q — z. A formula
//! without clauses gets the 3×1 board `. L .` (Λ with two eyes). Everything else:
//! [`GridError::Unsupported`], naming the reason; the graph board (`-o out.graph`)
//! encodes every formula.
//!
//! Size: 11 rows × (13 columns for one variable, 6–9 more per further variable, 2 more
//! per f), at most 52 columns (five or six variables); 4 + F + 7m empty points for m
//! variables (F = max(0, m − 2)), 4m − 2 more than the graph board of D2: the two eyes of
//! each of the m + 1 pockets and m blocks (blocks joined by the thinning keep theirs). The empty clause alone is 8 × 11, the empty formula 3 × 1.
//!
//! # Why only this class: no planar drawing of D2 does more
//!
//! The obvious obstacle is local: a choice point has four grid neighbours and D2 uses three
//! (H_i, a Black wall, a White wall). A gadget removes it: **design D3**
//! (`tests/fanout.rs`, every lemma checked by the prover) gives each clause group a private
//! eye and lets a choice point touch H_i, a Black wall and *two* clause groups, with no
//! White wall: White's stone there joins the two clauses, whose two private eyes make the
//! union alive, and Black's takes a liberty from both; a clause with every literal false is
//! left in atari on its eye, captured with one more Black move, which costs one more
//! liberty of Ω (G = m + 1, F = m − 1). D3 agrees with varisat on the graph board with
//! literals in up to 5 clauses and 3-literal clauses.
//!
//! But D3 does not enlarge the grid class, because the real obstacle is planarity, not
//! degree. On any planar board, let U be Λ with every H_i (one region: each H_i touches Λ,
//! for easy life). Every choice point touches U only through its H_i, so around U's
//! outline the attachments come in the order … A_i, B_i … with nothing between the twins
//! A_i and B_i (a point next to H_i would be H_i's liberty). Ω is one connected group,
//! touches E (next to Λ) and every clause group; a clause group touches its literal points.
//! A clause joining the points p and q is a path p — K — q from U's outline to U's outline:
//! it cuts the region outside U in two, Ω lies on one side, and every point attached to
//! U's outline on the other side can belong to no clause (its clause could not reach Ω),
//! nor can E be there. Hence, among the points that occur in clauses, a 2-literal clause
//! joins two points adjacent around U, and a 3-literal clause three consecutive ones, which
//! is impossible without a twin pair (the middle one's twin is next to it). A literal in
//! two clauses (p with q on one side and with r on the other) needs both neighbours of p
//! around U, and one of them is p's twin: so its variable's other literal occurs nowhere
//! (a pure literal, which a satisfying assignment may simply set true), or one of the
//! clauses is a unit clause, which the simplification above removes. And E, on U's outline,
//! cuts the circle of attachments into a line: no cycle. So for formulas whose literals
//! all occur, the chain class is all that a planar drawing of D2 or D3 can encode;
//! anything more needs a crossover, several gates whose life Λ needs together, or a copy
//! gadget that repeats a variable's choice elsewhere (none is built). The argument is on
//! paper; the prover checks D3's lemmas, not this bound.
//!
//! # What any grid design needs (an argument on paper, 2026-11-25)
//!
//! The bound above is not D2's alone. On a planar board, contracting disjoint connected
//! sets of points (a group, a gadget, a group with its eye) to single vertices keeps the
//! adjacency graph planar. Take the hub U = Λ ∪ E ∪ Ω, each variable gadget
//! {A_i, H_i, B_i} and each clause group: what remains of the contraction contains the
//! formula's variable–clause incidence graph, plus U joined to whatever touches it.
//!
//! - If U touches every variable gadget and every clause group (D2, D3, and "several
//!   gates", whose gates and Λ's eye space are again one connected set), the incidence
//!   graph plus a vertex joined to all of it is planar, so the incidence graph is
//!   outerplanar, of treewidth at most 2, and SAT on such formulas takes linear time
//!   (satisfiability is fixed-parameter tractable in the incidence treewidth).
//! - If U touches every variable gadget only (the clauses' captures reaching Λ through
//!   something else), all variables lie on one face of the incidence graph, in a circle
//!   with the clauses attached outside it without crossing. Cut the circle anywhere and
//!   the clauses are nested on the line: Knuth's nested satisfiability, linear time
//!   (Knuth 1990). If it touches every clause only, the dual: co-nested formulas
//!   (Kratochvíl and Křivánek 1993), linear time as well.
//!
//! So no choice of gadgets that each touch the hub makes hard grid instances: some
//! gadget must let another's influence pass through it while it does its own work. The
//! planar classes known to stay NP-complete say where: a cycle through all clauses
//! (clause-linked planar 3-SAT, Kratochvíl, Lubiw and Nešetřil 1991), or one through all
//! variables and then all clauses (Pilz 2019). Drawn on the grid, that is a chain of
//! variable gadgets along which any captured H_i reaches Λ (an "or" along the chain) and a
//! chain of clause gadgets along which any captured clause reaches Ω, every link passing
//! its chain from left to right while its own literal wires leave up and down: the
//! crossover problem, met at every gadget. Connection alone cannot carry it (two
//! crossing connections exclude each other, as in Hex); a link would have to carry
//! captures or tempo. None is designed yet.
//!
//! Three refinements (on paper, 2026-11-26, 22:20), which say where the crossing sits:
//!
//! - *Tempo does not travel by itself.* A passing move is always legal, so a move whose
//!   effect reaches Λ through no chain of adjacent groups and points is worth a pass. A
//!   tempo matters only as a threat, and a threat is again a chain of adjacencies ending
//!   at Λ: influence must pass through the gadgets, never around them.
//! - *Two hubs do no better.* Say Λ touches every clause gadget and a Black group it
//!   races touches every variable gadget. Contracting each (both connected), all clauses
//!   lie on one face of the incidence graph and all variables on one face: nested and
//!   co-nested at once, linear time again.
//! - *The clause chain needs no crossing; the variables' forcing does.* Along a cycle
//!   through all clauses (clause-linked planar 3-SAT), a clause gadget can take the
//!   chain's signal and its own literals from both sides and pass on "the chain so far
//!   and this clause": a combination, not a crossing. What must cross the chain is the
//!   threat that makes each White choice forcing (V1 and V2: unanswered, H_i dies and Λ
//!   lives), since variables lie on both sides of the clause cycle. Without that forcing
//!   Black's free moves set variables too, and the game is no longer one of White's
//!   assignment (a QBF-like game, not SAT). So the one gadget wanted is a crossing of an
//!   "H_i is captured" signal, used at most once (it ends the game), with a clause
//!   chain's signal.
//!
//! The other known route avoids crossovers on the board: reduce to generalized geography,
//! make the geography graph planar there (Lichtenstein and Sipser's crossover is a
//! geography gadget, not a Go one), and realise its token as one ladder whose path the
//! players steer (Crâşmaru and Tromp, *Ladders are PSPACE-complete*, 2000; their
//! diagrams are not available here). One constraint for such a design, measured with
//! the prover (2026-11-26, `--region board`, 19×19): a plain ladder that works is
//! proven dead in 74 nodes (a 60-ply line, checked), but a ladder that breaks and lets
//! the group run onto an open board stays unknown (20 000 nodes at about 7 k nodes/s,
//! each node with some 350 moves): no bounded search proves that a free group survives
//! α plies in the open. So the defender's success at the end of a ladder would have to
//! be a capture or an enclosed life, never an escape. Not started.
//!
//! # Rails: the choice as the crossing (2026-11-27; `tests/rails.rs`)
//!
//! After the assignment every variable has exactly one White and one Black stone on its
//! two choice points, whichever way White chose. So a choice point next to two pieces of
//! a rail joins them with its stone, and a rail cut into pieces at the variables runs
//! through every one of them, however each is set: no signal has to cross anything.
//! Laid along the variable line of a rectilinear formula (variables on a line, each
//! clause a comb above or below it without crossings; Knuth and Raghunathan 1992: every
//! planar 3-SAT formula with its variable cycle has one, an NP-complete class), a Λ rail
//! touches every H_i without being a hub. Two designs, checked on the graph board:
//!
//! - **D4, two rails**: Λ through the White stones, Ω through the Black ones (each choice
//!   point next to H_i, both Λ pieces, both Ω pieces and its clauses), a clause stone
//!   next to Z (its freed point a liberty Ω shares with Z, as in D2), G = m, F = m − 2.
//!   Its verdict equals varisat's on 200 formulas (the fixed set and 191 random ones with
//!   1–4 variables and 1–8 clauses: 116 satisfiable, 84 not; 1.05 M nodes in all).
//!   Without the link to Z it fails: a captured clause is then a lone eye of Ω, and eye
//!   against eye is a seki in which Λ lives. But D4 does not draw in the plane: both
//!   choice points next to all four pieces make each variable a K₂,₄, whose faces are
//!   four-cycles, so there is no region above the line; a clause can only join
//!   neighbouring variables, through the corridor between their junctions ((u1∨u2) and
//!   (u1∨u2)∧(u2∨u3) draw, (u1∨u3), (u1∨u2∨u3) and (u1∨u2)∧(u1∨¬u2) do not, by
//!   networkx's planarity test). On 1 500 random rectilinear formulas (monotone:
//!   positive clauses above, negative below) D4's graph (without Z and W, whose local
//!   copies would be leaves) is planar for 363, D2's for 685.
//! - **D5, one rail**: Λ's rail only; a local gate next to E; a true literal joins its
//!   clause to Λ, and the clause brings k private liberties; the gate has G = k·n + 2, so
//!   White wins the race iff every clause is joined. This one is planar for monotone
//!   rectilinear formulas (positive clauses above the line, negative below: still
//!   NP-complete, de Berg and Khosravi 2010), the rail with A_i above, B_i below and H_i
//!   between them: its graph (walls left out) is planar for all 1 500 random ones of the
//!   measurement above (`scripts/rail_planarity.py`). But an
//!   unset variable's choice points are two liberties of Λ, so k must outweigh them
//!   (k = 2m + 1: with k = 1, (x)∧(¬x) lives). Right where the prover settles it
//!   ((x)∧(¬x), (x), two-variable formulas), at a cost that grows with the race:
//!   (u1∨u2)∧(¬u1)∧(¬u2) takes 5.6 M nodes (D2: 528), and the four 2-clauses over two
//!   variables stay unknown after 20 M.
//!
//! Both need a choice point with five neighbours or more (H_i, two rail pieces, Z or a
//! second rail, the clause legs), where a grid point has four: a point with its two rail
//! pieces left and right and H_i below has one neighbour left, and it must be both the
//! Black wall that keeps Black's answer alive and the clause that a true literal joins.
//! That local gadget, a choice of a few points with a forced exchange, is what a grid
//! drawing of D5 still needs; none is designed, and D5's races would make its grid
//! instances costly to verify. Two observations for whoever designs it (on paper): the
//! rail alone fits the grid as a cross-cut, the pieces L_{i−1} and L_i diagonal to each
//! other and the choice points the two cutting points, each with two neighbours to spare
//! (one for Z, one for the clause leg); but the cutting points then lie on opposite
//! sides of the rail, and nothing but the rail touches both, so the threat that makes a
//! choice forcing (V1, V2: an H_i with both choice points as liberties) cannot be local.
//! And a Black answer whose only liberty is shared with a living wall is not safe: White
//! fills that liberty as a capture, so the answer must join the wall itself.
//!
//! # D6: the Black rail, degree four (2026-11-27; `tests/black_rail.rs`)
//!
//! The observation above, that in a cross-cut nothing but the rail touches both choice
//! points, is also the way out: make **the rail the threat**. D6 keeps D2's Λ, e, E and
//! race, and cuts the gate Ω itself into m + 1 Black pieces `q`, `O1`, …, `Om` along the
//! variables; A_i and B_i each touch pieces i − 1 and i, so Black's answer, whichever
//! point it takes, joins them (and is safe as part of Ω). E touches the first piece, the
//! G liberties g (next to W) the last. There is no H_i: if Black does not answer White's
//! choice, White's stone on the other point cuts Ω for good, and the part of Ω next to
//! E, cut off from the g's, has E as its last liberty once the variables to its left are
//! set; White's E captures it and Λ has two eyes. So White sets the variables from the
//! left, and a choice point needs four neighbours: two pieces and two slots for the
//! clauses of its literal (White's stone joins them to W, or pairs two clauses' private
//! eyes as in D3). A clause is a White group next to Z with private liberties p (next to
//! Z); its capture frees a liberty Ω shares with Z, as in D2.
//!
//! What the prover fixed (each a test that fails without it):
//!
//! - **G = 2, F = 0** (F = G − 2 as D2's Λ1): with G = 1 White captures Ω before Black
//!   has taken a falsified clause, and (x)∧(¬x) lives; with F < G − 2, (x) dies.
//! - **Two Black moves after a clause's last literal** (kp = 2, or one p and the private
//!   eye): with one, Black answers a choice by *stealing*: he sets the last free literal
//!   of a clause whose other literals are false, White cuts, and Black's one more move
//!   captures the clause before White's E; a satisfiable formula dies.
//! - **The cut is the threat**: with the pieces joined from the start, (x) dies.
//! - A clause with a private eye needs two stones: the capture of a one-stone clause in
//!   its eye is a ko shape, retaken forever (the defender's).
//!
//! Checked on the graph board against varisat: 9 fixed formulas and 200 random ones with
//! 1–3 variables (default run, both forms: W next to every choice point and kp = 2, or
//! the grid's form with a private eye, kp = 1 and W only where a literal is in fewer than
//! two clauses), 300 with 1–5 variables and 1–12 clauses (150 satisfiable, 152 not,
//! 37.6 M nodes) and 400 with 1–4 variables in the grid's form (259 drawable: 175 and
//! 84, 7.6 M nodes; ignored test); after each choice made from the left Black's answer is
//! the only move that still kills, unless a clause is already false.
//!
//! **On the grid, by hand.** Four drawings in the test file: (x)∧(¬x), (x),
//! (u1∨u2)∧(¬u1)∧(¬u2) and (u1∨u2)∧(¬u1), the last two with the clause u1∨u2 a comb
//! over the rail's middle piece. Each cut is the 2×2 cross-cut (A_i above the pieces'
//! diagonal, B_i below it); piece i − 1 arrives from below, piece i leaves to the right,
//! so that A_i's two slots (up, and left with a way out along the rows above piece i − 1)
//! and B_i's (down, and right under piece i) lead away without touching. Every group's
//! liberties are those its role allows and every choice point touches two pieces and
//! White groups only (asserted), and the prover, White to move on the whole board, says
//! dead, alive, dead, alive (12.7 k, 7.9 k, 243 k and 85 k nodes, trees checked; alive
//! for every α). Layout rules they follow, for a generator: every region of Black that
//! touches a piece belongs to that piece and must touch no other piece and no Black wall
//! Z, so the region above each stretch of rail is closed off from the rest; two White
//! groups may meet only diagonally (a cross-cut: the two other points of the 2×2 square
//! are then one inside and one outside), which closes such a region without joining the
//! groups; every Black wall and White wall needs two eyes.
//!
//! **The class, and chains of copies.** D6 draws a formula whose positive clauses lie
//! above the line of variables and negative ones below, nested without crossing (monotone
//! rectilinear formulas; deciding them is NP-complete, de Berg and Khosravi 2010), with
//! each literal in at most two clauses (a choice point has two slots on each side). That
//! last restriction is lifted by [`crate::chains`] (2026-11-27, the session of 07:23): a
//! variable whose literal is in more clauses becomes a chain of copies a₁ → b₁ → a₂ → …
//! → a_t (implication 2-clauses between neighbours on the line; every b drawn upside
//! down, so that each implication is monotone and lies on one side), the clauses over
//! the rail on the first copies and those under it on the last, each side's legs in
//! their order. The chained formula is satisfiable exactly when the formula is (the
//! lemma in the chains docs: the chain is non-decreasing, and x takes the value of the
//! copy where the two sides meet), and it nests whenever the formula does. So D6, with
//! chains, draws **every monotone rectilinear formula** (more exactly, every formula that
//! is one after renaming, with its variables in their order), and the drawing has
//! polynomial size (10–12 columns a variable and copy, 6 rows per level of nesting),
//! made in polynomial time: an NP-complete class reaches life and death on square grids,
//! not only on graph boards, as far as D6's own argument holds (checked by the prover on
//! the tests of this section and `tests/black_rail.rs`, not proven here for every
//! formula). Tested (`tests/chains.rs`): 297 formulas that
//! nest by construction (2–9 variables, renamed at random; 237 chained, 125 of them to 20
//! or more variables): each chained formula has its literals in at most two clauses, is
//! satisfiable exactly when the formula is (varisat against brute force), and is drawn;
//! and on 2 912 random monotone formulas (3–5 variables, clauses of 1–3 literals) D6
//! with chains draws exactly those whose clauses nest for some order of the legs on each
//! variable (decided by trying every order): 1 988 drawn, 924 refused. The SGF's 52
//! columns hold four variables, so a chained formula (five or more) goes to a graph
//! board of the square grid, which has no size limit: `tsume reduce F.cnf --grid -o
//! F.graph` (for (u1∨u2)∧(u1∨u3)∧(u1∨u2∨u3)∧(¬u2∨¬u3), u1 in three clauses, a 62 × 52
//! grid, proven alive in 102 k nodes, 12.4 s).

//! **The generator** ([`crate::rail_grid::rail_layout`], used by [`any_grid`] when the
//! chain class does not hold): 12 columns a variable, the layout of the module docs there;
//! the slots of a literal in two clauses are ordered so that the combs nest (tried both
//! ways), the bars stacked by nesting depth, the regions above and below each stretch of
//! rail closed by lids, and every region left over made a Black wall with two eyes; the
//! drawing is checked point by point before it is returned. A formula with mixed clauses
//! is drawn when renaming some variables (u ↔ ¬u, a 2-colouring through the clauses)
//! makes every clause monotone: the renamed variable's "u false" point stands above the
//! rail. Measured: 284 of 300 random monotone formulas with 1–3 variables and 1–5 clauses
//! are drawn (the 16 others have a literal in three or four clauses), and 256 of 300 with
//! mixed clauses (1–3 variables, 1–4 clauses), every drawing with D6's groups and
//! liberties (`d6_generator_draws_d6`); the prover decides the generated grids right:
//! six formulas in the default run (one with a variable upside down, one with four
//! variables: 52 × 46, alive in 64 k nodes), two
//! 2-variable kills (0.3–0.5 M nodes) and random formulas with 1–2 variables, monotone
//! and mixed, in ignored tests (see the notebook), every tree checked. At most four
//! variables fit the SGF's 52 columns (3 variables: 52 × 36 with one level of combs on
//! each side, 52 × 48 with two; 4 variables take a narrower spacing, 10 columns a
//! variable with 3 × 5 White walls: 48 of 200 random 4-variable monotone 3-CNF formulas
//! drawn, each with D6's structure; the same spacing on 1–2 variables, in a trial run of
//! the ignored test, drew 71 of 80 formulas, all decided right). They
//! are small boards but not easy ones: the unsatisfiable (u1∨u2)∧(u1∨u3)∧(u2∨u3)∧
//! (¬u1∨¬u2)∧(¬u1∨¬u3)∧(¬u2∨¬u3) on 52 × 48 is proven dead in 10.5 M nodes (632 s,
//! 17 k nodes a second, a tree of 484 k nodes checked; 465 s since moves are tried by
//! recorded play on large boards), where D2's graph board of the same formula takes
//! 6 433 nodes (0.03 s).
//!
//! # Solving the SGF
//!
//! The whole board is the problem (walls included). The file says `PL[W]`, marks Λ with
//! `TR` and has `GC[tsume: region=board]`, which `tsume solve out.sgf --to-move W` reads:
//! its default area, a box around the stones that treats outer stones as walls, is not
//! this construction. Verified in `tests/grid.rs`: structure on 3000 random layouts, and
//! verdict = satisfiability on every formula it solves.
//!
//! # Cost for the prover
//!
//! Measured with `tsume_prove::solve` (whole board, White to move, default bound) in the
//! test profile: the 2-variable paths (¬u1)∧(u1∨u2) and (¬u1)∧(u1∨u2)∧(¬u2) cost 1.9 k and
//! 2.4 k nodes (0.03 s); 3-variable formulas 20–70 k nodes when unsatisfiable (0.5–3 s)
//! and up to 0.23 M when satisfiable (the path (¬u1)∧(u1∨u2)∧(¬u2∨u3): 0.13 M, 2.3 s);
//! the 4-variable path (¬u1)∧(u1∨u2)∧(¬u2∨u3)∧(¬u3∨u4)∧(¬u4) 8.3 M nodes (4 min alone,
//! 7 min sharing two cores) and its satisfiable version without (¬u4) 10.3 M (8 min
//! sharing two cores; the unthinned grid did not decide it in 15 min).
//!
//! The graph board of D2 needs 685 nodes for the satisfiable 3-variable path and 51 k for
//! the 4-variable one. Life proofs cost more on the grid because White wins the race by
//! capturing Ω: on the graph board the freed point q is a liberty of Λ (through White's
//! E), so Benson's test sees Λ's second eye at once, while on the grid most of the freed
//! stones of Ω do not touch Λ and the prover plays the freed area out (on the graph board,
//! lengthening q into a chain of 6 or 12 stones raises (¬u1)∧(u1∨u2) from 110 nodes to
//! 8.3 k and 0.97 M). Thinning Ω (above) cut the life proof of (¬u1)∧(u1∨u2) from 43 k
//! nodes to 1.9 k and that of the 3-variable path from 0.33 M to 0.13 M. Kill proofs cost
//! more partly because a clause group is 3–7 stones, not one (on the graph board, clause
//! groups of 3 stones raise the 4-variable path from 51 k nodes to 0.24 M). A grid where
//! every stone of Ω touches Λ would need Λ, sheathed in Ω, between every two White groups
//! that touch Ω; below a choice point, which touches both its clause group and a White
//! wall, there is no room for that.

use std::fmt;

use crate::dimacs::{normalize, Cnf};

/// Why no square-grid SGF was produced.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum GridError {
    /// The formula is outside the class the grid layout supports (see the module docs);
    /// the text says why. The graph board encodes every formula.
    Unsupported(String),
    /// The board would be wider than the 52 columns SGF coordinates allow.
    TooLarge {
        /// Columns needed.
        width: usize,
    },
    /// Neither grid design draws the formula ([`any_grid`]): why not, for each.
    Neither {
        /// Why design D2's chain class does not hold it.
        chain: String,
        /// Why design D6 ([`crate::rail_grid`]) does not draw it.
        rail: String,
    },
}

impl GridError {
    /// The reason in a few words (without the advice of [`fmt::Display`]).
    pub fn short(&self) -> String {
        match self {
            GridError::Unsupported(why) => why.clone(),
            GridError::TooLarge { width } => format!("the layout needs {width} columns, over 52"),
            GridError::Neither { chain, rail } => format!("{chain}; {rail}"),
        }
    }
}

/// A square grid drawn by either design.
#[derive(Clone, Debug)]
pub enum AnyGrid {
    /// Design D2 on the grid, the chain class ([`grid_layout`]).
    Chain(GridLayout),
    /// Design D6, the Black rail ([`crate::rail_grid::rail_layout_with_copies`]).
    Rail(crate::rail_grid::RailLayout),
}

impl AnyGrid {
    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        match self {
            AnyGrid::Chain(l) => (l.width, l.height),
            AnyGrid::Rail(l) => (l.width, l.height),
        }
    }

    /// Points without a stone.
    pub fn empty_points(&self) -> usize {
        match self {
            AnyGrid::Chain(l) => l.empty_points(),
            AnyGrid::Rail(l) => l.empty_points(),
        }
    }

    /// "D2" or "D6".
    pub fn design(&self) -> &'static str {
        match self {
            AnyGrid::Chain(_) => "D2",
            AnyGrid::Rail(_) => "D6",
        }
    }

    /// The SGF text.
    pub fn to_sgf(&self) -> String {
        match self {
            AnyGrid::Chain(l) => l.to_sgf(),
            AnyGrid::Rail(l) => l.to_sgf(),
        }
    }

    /// What the drawing changed in the formula (normalising, simplifying, chains of
    /// copies), in words.
    pub fn notes(&self) -> &[String] {
        match self {
            AnyGrid::Chain(l) => &l.notes,
            AnyGrid::Rail(l) => &l.notes,
        }
    }
}

/// The square grid of a formula: design D2's chain class where it holds (the smaller
/// board), else design D6 where it draws the formula.
///
/// # Errors
/// [`GridError::Neither`], naming why each design does not draw it.
pub fn any_grid(cnf: &Cnf) -> Result<AnyGrid, GridError> {
    match grid_layout(cnf) {
        Ok(l) => Ok(AnyGrid::Chain(l)),
        Err(chain) => match crate::rail_grid::rail_layout_with_copies(cnf, true) {
            Ok(l) => Ok(AnyGrid::Rail(l)),
            Err(rail) => Err(GridError::Neither {
                chain: chain.short(),
                rail: rail.short(),
            }),
        },
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Unsupported(why) => write!(
                f,
                "no square-grid SGF for this formula: {why}; the grid layout supports only \
                 the chain class (after normalising, dropping repeated clauses and simplifying \
                 to an equivalent formula with unit clauses and subsumption: clauses of at most \
                 2 literals, each literal in at most one clause, the 2-literal clauses forming \
                 paths between variables), and no planar drawing of this design does more: a \
                 literal in two clauses, a 3-literal clause or a cycle needs a crossing unless \
                 some literal occurs nowhere (see the tsume-reduce grid docs); \
                 write the graph board instead (e.g. `-o out.graph`), which encodes every formula"
            ),
            GridError::TooLarge { width } => write!(
                f,
                "no square-grid SGF: the layout needs {width} columns, more than the 52 SGF \
                 allows; write the graph board instead (e.g. `-o out.graph`)"
            ),
            GridError::Neither { chain, rail } => write!(
                f,
                "no square-grid SGF for this formula: it is not in design D2's chain class \
                 ({chain}: clauses of at most 2 literals, each literal in at most one clause, \
                 the 2-literal clauses forming paths between variables, after simplifying) \
                 nor in design D6's class ({rail}: every clause monotone once some variables \
                 are renamed, each literal in at most two clauses, the clauses above and \
                 below the variables each nesting without crossing in their order, at most \
                 four variables; see the tsume-reduce grid docs); write the graph board instead \
                 (e.g. `-o out.graph`), which encodes every formula"
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// What stands on a point of the grid, with its role in design D2.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Λ (White), the target.
    Lambda,
    /// Λ's eye `e` (empty).
    LambdaEye,
    /// `E`, Λ's second-eye point and Black's killing point (empty).
    BigE,
    /// An outside liberty `f` of Λ (empty; touches Λ and a pocket).
    F,
    /// The gate Ω (Black).
    Gate,
    /// A Black pocket (an alive Black wall, the design's Z).
    Z,
    /// An eye of a Black pocket (empty).
    ZEye,
    /// A White block (an alive White wall, the design's W).
    W,
    /// An eye of a White block (empty).
    WEye,
    /// H_i of variable i (Black).
    H(u32),
    /// Choice point A_i ("u_i true"), empty.
    A(u32),
    /// Choice point B_i ("u_i false"), empty.
    B(u32),
    /// Clause group K(j) (White), j from 1: touches Ω and its literals' choice points.
    K(usize),
    /// The liberty g_i of Ω under variable i's White block (empty; touches Ω and the
    /// block only).
    G(u32),
}

impl Cell {
    /// The stone on the point (None: empty).
    pub fn stone(self) -> Option<tsume_board::Color> {
        use tsume_board::Color::{Black, White};
        match self {
            Cell::Lambda | Cell::W | Cell::K(_) => Some(White),
            Cell::Gate | Cell::Z | Cell::H(_) => Some(Black),
            _ => None,
        }
    }
}

/// A grid layout of a formula's instance: `cells[y][x]`, row 0 at the top.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GridLayout {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cells, row by row.
    pub cells: Vec<Vec<Cell>>,
    /// The formula encoded (after [`normalize`]).
    pub cnf: Cnf,
    /// What normalising changed.
    pub notes: Vec<String>,
}

const HEIGHT: usize = 11;
const ROW: usize = 4; // the row of choice points
/// The last row of the White blocks; Ω's liberty g is at the block's left column there.
const BLOCK_END: usize = 9;
/// Columns after the last variable's right choice point.
const RIGHT_END: usize = 4;

/// One variable on the row: its number, the literal at its left choice point and at its
/// right one.
#[derive(Clone, Copy, Debug)]
struct Slot {
    var: u32,
    left: i32,
    right: i32,
}

fn unsupported(s: String) -> GridError {
    GridError::Unsupported(s)
}

/// The order of the variables on the row (see the module docs), or why there is none.
fn chain_order(cnf: &Cnf) -> Result<Vec<Slot>, GridError> {
    let mut occ: std::collections::BTreeMap<i32, usize> = std::collections::BTreeMap::new();
    for (j, c) in cnf.clauses.iter().enumerate() {
        if c.len() > 2 {
            return Err(unsupported(format!(
                "clause {} has {} literals (at most 2 are supported)",
                j + 1,
                c.len()
            )));
        }
        for &l in c {
            if let Some(j0) = occ.insert(l, j) {
                return Err(unsupported(format!(
                    "literal {l} occurs in clauses {} and {} (at most one is supported)",
                    j0 + 1,
                    j + 1
                )));
            }
        }
    }
    let vars = cnf.occurring_vars();
    // binary-clause neighbours: var -> [(my literal, other literal)]
    let mut adj: std::collections::BTreeMap<u32, Vec<(i32, i32)>> =
        std::collections::BTreeMap::new();
    for c in &cnf.clauses {
        if let [a, b] = c[..] {
            adj.entry(a.unsigned_abs()).or_default().push((a, b));
            adj.entry(b.unsigned_abs()).or_default().push((b, a));
        }
    }
    let mut done = std::collections::BTreeSet::new();
    let mut order = Vec::new();
    // Start paths at variables with at most one binary clause; what is left is a cycle.
    for &v in &vars {
        if done.contains(&v) || adj.get(&v).map_or(0, Vec::len) > 1 {
            continue;
        }
        // walk the path from v
        let mut cur = v;
        // the literal of `cur` that faces the previous variable (left side)
        let mut left: i32 = match adj.get(&v).and_then(|a| a.first()) {
            // the only binary clause uses `mine`: it goes on the right
            Some(&(mine, _)) => -mine,
            None => v as i32,
        };
        loop {
            done.insert(cur);
            let right = -left;
            order.push(Slot {
                var: cur,
                left,
                right,
            });
            let next = adj
                .get(&cur)
                .and_then(|a| a.iter().find(|&&(mine, _)| mine == right))
                .map(|&(_, other)| other);
            match next {
                Some(other) if !done.contains(&other.unsigned_abs()) => {
                    cur = other.unsigned_abs();
                    left = other;
                }
                _ => break,
            }
        }
    }
    if let Some(&v) = vars.iter().find(|v| !done.contains(v)) {
        return Err(unsupported(format!(
            "the 2-literal clauses through variable {v} form a cycle (only paths are supported)"
        )));
    }
    Ok(order)
}

/// Which clause (index from 0) uses a literal.
fn clause_of(cnf: &Cnf, lit: i32) -> Option<usize> {
    cnf.clauses.iter().position(|c| c.contains(&lit))
}

fn choice_cell(lit: i32) -> Cell {
    if lit > 0 {
        Cell::A(lit.unsigned_abs())
    } else {
        Cell::B(lit.unsigned_abs())
    }
}

/// Replaces `cnf` by an equivalent formula (same models) that is more often in the chain
/// class: a clause that contains another clause is dropped (subsumption; e.g. (x ∨ y) next
/// to the unit (x)), and a literal whose negation is a unit clause is removed from the
/// longer clauses ((x) ∧ (¬x ∨ R) ≡ (x) ∧ R), until nothing changes; repeated clauses are
/// merged again. Unit clauses themselves are kept. Applied only to formulas outside the
/// chain class (those inside keep every clause on the board). This is a simplification of
/// the formula, not a gadget: on the grid a literal can feed several clauses only this way
/// (see the module docs, "Why only this class"); it may decide the formula outright (an
/// empty clause, or unit clauses only).
fn simplify(cnf: &mut Cnf, notes: &mut Vec<String>) {
    let before = cnf.clauses.clone();
    loop {
        let mut changed = false;
        let units: Vec<i32> = cnf
            .clauses
            .iter()
            .filter(|c| c.len() == 1)
            .map(|c| c[0])
            .collect();
        for c in cnf.clauses.iter_mut().filter(|c| c.len() > 1) {
            let n = c.len();
            c.retain(|l| !units.contains(&-l));
            changed |= c.len() < n;
        }
        // drop clauses that strictly contain another one, and repeats
        let all = cnf.clauses.clone();
        let mut kept: Vec<Vec<i32>> = Vec::new();
        for (i, c) in all.iter().enumerate() {
            let subsumed = all.iter().enumerate().any(|(j, d)| {
                j != i && d.iter().all(|l| c.contains(l)) && (d.len() < c.len() || j < i)
            });
            if subsumed {
                changed = true;
            } else {
                kept.push(c.clone());
            }
        }
        cnf.clauses = kept;
        if !changed {
            break;
        }
    }
    if cnf.clauses != before {
        notes.push(format!(
            "simplified for the grid to an equivalent formula of {} clause(s) (was {}): clauses \
             containing another clause dropped, literals made false by a unit clause removed",
            cnf.clauses.len(),
            before.len()
        ));
    }
}

/// The grid layout of the instance of `cnf` (normalised first), for the chain class.
///
/// # Errors
/// [`GridError::Unsupported`] outside the chain class, [`GridError::TooLarge`] beyond 52
/// columns.
pub fn grid_layout(input: &Cnf) -> Result<GridLayout, GridError> {
    let (mut cnf, mut notes) = normalize(input);
    // Identical clauses are one constraint; the layout has room for one chain per literal.
    let before = cnf.clauses.len();
    let mut seen: Vec<Vec<i32>> = Vec::new();
    cnf.clauses.retain(|c| {
        let mut key = c.clone();
        key.sort_unstable();
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    if cnf.clauses.len() < before {
        notes.push(format!(
            "{} repeated clause(s) dropped for the grid (the formula is unchanged)",
            before - cnf.clauses.len()
        ));
    }
    // Only outside the chain class: a formula in it keeps its gadgets on the board.
    if chain_order(&cnf).is_err() {
        simplify(&mut cnf, &mut notes);
    }
    if cnf.clauses.is_empty() {
        return Ok(GridLayout {
            width: 3,
            height: 1,
            cells: vec![vec![Cell::LambdaEye, Cell::Lambda, Cell::BigE]],
            cnf,
            notes,
        });
    }
    let order = chain_order(&cnf)?;
    // An empty clause (at most one is left after dropping repeats) has no stone: Ω is
    // joined to a pocket at the right end, as in the graph board's edge q — z.
    let has_empty = cnf.clauses.iter().any(Vec::is_empty);
    if has_empty {
        notes.push(
            "an empty clause (false): the gate Ω is joined to a Black pocket from the start, as \
             when a clause all of whose literals are false has been captured"
                .to_string(),
        );
    }
    let m = order.len();
    let big_f = m.saturating_sub(2);
    let cl = |lit: i32| clause_of(&cnf, lit);

    // Column plan: the left choice point of variable 0 at b0, its finger at b0 + 1, ...
    let b0 = if big_f > 0 { 2 * big_f + 6 } else { 6 };
    let mut fingers = Vec::with_capacity(m);
    let mut x = b0 + 1;
    for (k, s) in order.iter().enumerate() {
        fingers.push(x);
        let a = x + 1;
        let seg = match order.get(k + 1) {
            None => RIGHT_END,
            Some(t) => match (cl(s.right), cl(t.left)) {
                (Some(i), Some(j)) if i == j => 3,
                (Some(_), Some(_)) => 6,
                (Some(_), None) | (None, Some(_)) => 5,
                (None, None) => 3,
            },
        };
        x = a + seg + 2; // next finger: next left point is a + seg + 1
    }
    let width = match fingers.last() {
        Some(&f) => f + 2 + RIGHT_END,
        // no variable: only the empty clause
        None => b0 + 2,
    };
    if width > 52 {
        return Err(GridError::TooLarge { width });
    }

    let mut g = vec![vec![Cell::Gate; width]; HEIGHT];
    // rows 0-3: Λ on top and at the left, pockets elsewhere
    for (y, row) in g.iter_mut().enumerate().take(ROW) {
        for (xx, c) in row.iter_mut().enumerate() {
            *c = if y == 0 || xx < 2 {
                Cell::Lambda
            } else {
                Cell::Z
            };
        }
    }
    g[0][0] = Cell::LambdaEye;
    g[ROW][0] = Cell::BigE;
    g[ROW][1] = Cell::Gate;
    for f in 0..big_f {
        g[1][7 + 2 * f] = Cell::F;
    }
    // pocket eyes: two per pocket, at the pocket's columns a+1 and a+3 on row 2
    let mut pocket_starts = vec![2];
    pocket_starts.extend(fingers.iter().map(|f| f + 1));
    for &a in &pocket_starts {
        g[2][a + 1] = Cell::ZEye;
        g[2][a + 3] = Cell::ZEye;
    }
    // fingers, H, choice points, White blocks with their g
    for (s, &f) in order.iter().zip(&fingers) {
        for row in g.iter_mut().take(ROW).skip(1) {
            row[f] = Cell::Lambda;
        }
        g[ROW][f] = Cell::H(s.var);
        g[ROW][f - 1] = choice_cell(s.left);
        g[ROW][f + 1] = choice_cell(s.right);
        for row in g.iter_mut().take(BLOCK_END + 1).skip(ROW + 1) {
            for c in &mut row[f - 1..=f + 1] {
                *c = Cell::W;
            }
        }
        g[6][f] = Cell::WEye;
        g[8][f] = Cell::WEye;
        g[BLOCK_END][f - 1] = Cell::G(s.var);
    }
    // clause stones and what lies between the choice points (rows 4 and 5)
    let set = |g: &mut Vec<Vec<Cell>>, x0: usize, top: &[Cell], bottom: &[Cell]| {
        for (i, (&t, &b)) in top.iter().zip(bottom).enumerate() {
            g[ROW][x0 + i] = t;
            g[ROW + 1][x0 + i] = b;
        }
    };
    use Cell::{Gate as Q, K, W, Z};
    // left end: cells 2 .. b0-1 (the whole row after Ω's stone when there is no variable)
    {
        let len = if order.is_empty() { width - 2 } else { b0 - 2 };
        let (top, bottom) = match order.first() {
            // only the empty clause: Ω's stones under the pocket, joined to it
            None => (vec![Q; len], vec![Q; len]),
            Some(s) => match cl(s.left) {
                Some(j) => (vec![K(j + 1); len], vec![Q; len]),
                None => (vec![W; len], vec![W; len]),
            },
        };
        set(&mut g, 2, &top, &bottom);
    }
    for (k, s) in order.iter().enumerate() {
        let a = fingers[k] + 1;
        let (top, bottom): (Vec<Cell>, Vec<Cell>) = match order.get(k + 1) {
            None => {
                // the right end; with an empty clause its last column joins Ω to the
                // pocket above
                let (mut top, mut bottom) = match cl(s.right) {
                    Some(i) => (vec![K(i + 1); RIGHT_END], vec![Q; RIGHT_END]),
                    None => (vec![W; RIGHT_END], vec![W; RIGHT_END]),
                };
                if has_empty {
                    top[RIGHT_END - 1] = Q;
                    bottom[RIGHT_END - 1] = Q;
                }
                (top, bottom)
            }
            Some(t) => match (cl(s.right), cl(t.left)) {
                (Some(i), Some(j)) if i == j => (vec![K(i + 1); 3], vec![Q; 3]),
                // two clauses kept apart by a pocket stone; K(i) turns below it so that
                // the pocket does not touch Ω
                (Some(i), Some(j)) => {
                    let (ki, kj) = (K(i + 1), K(j + 1));
                    (vec![ki, ki, Z, kj, kj, kj], vec![Q, ki, ki, Q, Q, Q])
                }
                (Some(i), None) => {
                    let ki = K(i + 1);
                    (vec![ki, ki, ki, Z, W], vec![Q, Q, Q, W, W])
                }
                (None, Some(j)) => {
                    let kj = K(j + 1);
                    (vec![W, Z, kj, kj, kj], vec![W, W, Q, Q, Q])
                }
                (None, None) => (vec![W, Z, W], vec![W, W, W]),
            },
        };
        set(&mut g, a + 1, &top, &bottom);
    }
    thin_gate(&mut g);
    Ok(GridLayout {
        width,
        height: HEIGHT,
        cells: g,
        cnf,
        notes,
    })
}

/// Thins Ω: below the row of choice points, a stone of Ω becomes a stone of a White block
/// when it touches a block, touches no clause group, no g, no E and no pocket, and the
/// rest of Ω stays connected (cells visited row by row from the top, until nothing
/// changes). What is left is the bottom row, the left column and short columns up to the
/// clause groups and the g's. A smaller gate is much cheaper for the prover's life proofs:
/// once White captures Ω, the freed area is played out (see the module docs).
fn thin_gate(g: &mut [Vec<Cell>]) {
    let (h, w) = (g.len(), g[0].len());
    let nb = |x: usize, y: usize| {
        let mut v = Vec::with_capacity(4);
        if x > 0 {
            v.push((x - 1, y));
        }
        if x + 1 < w {
            v.push((x + 1, y));
        }
        if y > 0 {
            v.push((x, y - 1));
        }
        if y + 1 < h {
            v.push((x, y + 1));
        }
        v
    };
    let connected = |g: &[Vec<Cell>]| {
        let cells: Vec<(usize, usize)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| g[y][x] == Cell::Gate)
            .collect();
        let Some(&start) = cells.first() else {
            return true;
        };
        let mut seen = std::collections::BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some((x, y)) = stack.pop() {
            for (a, b) in nb(x, y) {
                if g[b][a] == Cell::Gate && seen.insert((a, b)) {
                    stack.push((a, b));
                }
            }
        }
        seen.len() == cells.len()
    };
    let mut changed = true;
    while changed {
        changed = false;
        for y in ROW + 1..h {
            for x in 0..w {
                if g[y][x] != Cell::Gate {
                    continue;
                }
                let n = nb(x, y);
                let keep = n.iter().any(|&(a, b)| {
                    matches!(g[b][a], Cell::K(_) | Cell::G(_) | Cell::BigE | Cell::Z)
                });
                if keep || !n.iter().any(|&(a, b)| g[b][a] == Cell::W) {
                    continue;
                }
                g[y][x] = Cell::W;
                if connected(g) {
                    changed = true;
                } else {
                    g[y][x] = Cell::Gate;
                }
            }
        }
    }
}

pub(crate) fn sgf_coord(x: usize, y: usize) -> String {
    tsume_board::coord::sgf_name(x as u32, y as u32)
}

/// A clause as text: `(u1 ∨ ¬u2)`.
pub(crate) fn clause_text(c: &[i32]) -> String {
    let lits: Vec<String> = c.iter().map(|&l| crate::reduce::lit_name(l)).collect();
    format!("({})", lits.join(" ∨ "))
}

/// The SGF of a generated grid (both designs): `SZ`, the comment `C` with `notes`, `GC`
/// naming the whole board as the area with White to move, `PL[W]`, `AB`/`AW` from
/// `stone(x, y)`, `TR` on `target` and the `LB` labels.
pub(crate) fn grid_sgf(
    (width, height): (usize, usize),
    stone: impl Fn(usize, usize) -> Option<tsume_board::Color>,
    comment: &str,
    notes: &[String],
    target: (usize, usize),
    labels: &[(usize, usize, String)],
) -> String {
    use tsume_board::sgf_write;
    let stones = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter_map(|(x, y)| stone(x, y).map(|c| (c, sgf_coord(x, y))));
    let mut comment = comment.to_string();
    for n in notes {
        comment.push_str(&format!("\nNote: {n}"));
    }
    let mut out = sgf_write::game("tsume-reduce", Some((width, height)));
    out += &sgf_write::text("C", &comment);
    // The whole board is in play: tsume's loader reads this instead of inferring an area.
    out += &sgf_write::text("GC", "tsume: region=board; to_move=W");
    out += &sgf_write::property("PL", "W");
    out += &sgf_write::setup(stones);
    let (tx, ty) = target;
    out += &sgf_write::property("TR", &sgf_coord(tx, ty));
    out.push_str("LB");
    for (x, y, l) in labels {
        out.push_str(&format!(
            "[{}:{}]",
            sgf_coord(*x, *y),
            tsume_board::coord::sgf_escape(l)
        ));
    }
    out.push_str(")\n");
    out
}

impl GridLayout {
    /// Points without a stone.
    pub fn empty_points(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|c| c.stone().is_none())
            .count()
    }

    /// The point (x, y) of the target Λ that the SGF marks.
    pub fn target(&self) -> (usize, usize) {
        (1, 0)
    }

    /// The layout as text, one row a line: `O` Λ, `X` Ω, `Z`/`W` walls, `H` H_i, `K`
    /// clause chains, `.` eyes of Λ and walls, `E`, `f`, `g`, `A`/`B` choice points.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in &self.cells {
            for c in row {
                out.push(match c {
                    Cell::Lambda => 'O',
                    Cell::Gate => 'X',
                    Cell::Z => 'Z',
                    Cell::W => 'W',
                    Cell::H(_) => 'H',
                    Cell::K(_) => 'K',
                    Cell::LambdaEye | Cell::ZEye | Cell::WEye => '.',
                    Cell::BigE => 'E',
                    Cell::F => 'f',
                    Cell::G(_) => 'g',
                    Cell::A(_) => 'A',
                    Cell::B(_) => 'B',
                });
            }
            out.push('\n');
        }
        out
    }

    /// The SGF text: `SZ`, `AB`, `AW`, `PL[W]`, `TR` on Λ, `LB` labels, a `C` comment.
    pub fn to_sgf(&self) -> String {
        let mut lb: Vec<(usize, usize, String)> = Vec::new();
        let mut seen_k = std::collections::BTreeSet::new();
        let mut seen_h = std::collections::BTreeSet::new();
        let mut seen_q = false;
        for (y, row) in self.cells.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let label = match c {
                    Cell::Lambda if (x, y) == self.target() => Some("L".to_string()),
                    Cell::LambdaEye => Some("e".into()),
                    Cell::BigE => Some("E".into()),
                    Cell::F => Some("f".into()),
                    Cell::Gate if !seen_q && y > ROW => {
                        seen_q = true;
                        Some("q".into())
                    }
                    // each pocket at its first column, each block below its left point
                    Cell::Z if y == 1 && x > 0 && row[x - 1] == Cell::Lambda => Some("z".into()),
                    Cell::W
                        if y == ROW + 1
                            && matches!(self.cells[ROW][x], Cell::A(_) | Cell::B(_))
                            && x > 0
                            && matches!(self.cells[ROW][x - 1], Cell::K(_) | Cell::W) =>
                    {
                        Some("w".into())
                    }
                    Cell::H(v) if seen_h.insert(v) => Some(format!("h{v}")),
                    Cell::A(v) => Some(format!("A{v}")),
                    Cell::B(v) => Some(format!("B{v}")),
                    Cell::K(j) if seen_k.insert(j) => Some(format!("k{j}")),
                    Cell::G(v) => Some(format!("g{v}")),
                    _ => None,
                };
                if let Some(l) = label {
                    lb.push((x, y, l));
                }
            }
        }
        let formula = self
            .cnf
            .clauses
            .iter()
            .map(|c| clause_text(c))
            .collect::<Vec<_>>()
            .join(" ∧ ");
        let formula = if formula.is_empty() {
            "the empty formula (no clause)".to_string()
        } else {
            formula
        };
        let comment = format!(
            "3-SAT instance (tsume-reduce, design D2 on a grid): White to move; the target Λ \
             (the White group marked with a triangle, label L) lives iff the formula is \
             satisfiable.\nFormula: {formula}.\nThe whole board is the problem (GC says \
             region=board, which tsume's loader reads): `tsume solve FILE.sgf --to-move W`.\n\
             Labels: L = Λ, e its eye, E Black's killing point, f outside liberties of Λ, q = \
             the gate Ω (Black), g<i> = Ω's liberty next to a White wall, z = alive Black \
             walls (the design's Z), w = alive White walls (the design's W), h<i> = H_i, A<i> \
             / B<i> = White's choice u_i true / false, k<j> = clause group K(j) (White, next \
             to Ω; its liberties are its literals' choice points)."
        );
        grid_sgf(
            (self.width, self.height),
            |x, y| self.cells[y][x].stone(),
            &comment,
            &self.notes,
            self.target(),
            &lb,
        )
    }
}

/// A square-grid SGF of the instance of `cnf` (design D2 on a grid, see the module docs):
/// White to move, Λ marked with `TR`, groups labelled with `LB`; solve it on the whole
/// board, as its `GC[tsume: region=board]` asks (`tsume solve FILE.sgf --to-move W`).
///
/// # Errors
/// [`GridError`] for a formula outside the chain class, whose message points to the graph
/// board.
pub fn to_grid_sgf(cnf: &Cnf) -> Result<String, GridError> {
    grid_layout(cnf).map(|l| l.to_sgf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_the_class_is_an_honest_error() {
        for (f, why) in [
            (Cnf::new(3, &[&[1, 2, 3]]), "3 literals"),
            (Cnf::new(2, &[&[1, 2], &[1, -2]]), "occurs in clauses"),
            (Cnf::new(3, &[&[1, 2], &[-2, 3], &[-3, -1]]), "cycle"),
        ] {
            let e = to_grid_sgf(&f)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(e.contains(why), "{f:?}: {e}");
            assert!(e.contains("graph board"), "{e}");
            assert!(e.contains("no planar drawing"), "{e}");
        }
    }

    /// The simplification keeps the formula's models and brings unit-settled fan-out and
    /// 3-literal clauses into the class.
    #[test]
    fn simplification_is_equivalent() {
        let f = Cnf::new(3, &[&[1], &[1, 2, 3], &[-1, 2], &[-2, 3]]);
        let l = grid_layout(&f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(l.cnf.clauses, vec![vec![1], vec![2], vec![3]]);
        assert!(l.notes.iter().any(|n| n.contains("equivalent")));
        // the same models: every assignment of 3 variables
        for bits in 0u32..8 {
            let val = |lit: i32| (bits >> (lit.unsigned_abs() - 1)) & 1 == u32::from(lit > 0);
            let sat = |c: &Cnf| c.clauses.iter().all(|cl| cl.iter().any(|&x| val(x)));
            assert_eq!(sat(&f), sat(&l.cnf), "assignment {bits:03b}");
        }
        // an empty clause subsumes everything (outside the class: u1 in two clauses)
        let e =
            grid_layout(&Cnf::new(2, &[&[1, 2], &[], &[1, -2]])).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.cnf.clauses, vec![Vec::<i32>::new()]);
        // inside the class nothing is simplified: (¬u1) stays next to (u1 ∨ u2)
        let c =
            grid_layout(&Cnf::new(2, &[&[1, 2], &[-1], &[-2]])).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.cnf.clauses.len(), 3);
    }

    /// The diagram in the module docs is the real layout.
    #[test]
    fn doc_diagram_is_the_layout() {
        let l = grid_layout(&Cnf::new(2, &[&[1], &[-1], &[2]])).unwrap_or_else(|e| panic!("{e}"));
        let doc: String = include_str!("grid.rs")
            .lines()
            .skip_while(|l| !l.starts_with("//! ```text"))
            .skip(1)
            .take_while(|l| !l.starts_with("//! ```"))
            .map(|l| format!("{}\n", l[4..].split(' ').next().unwrap_or("")))
            .collect();
        assert_eq!(l.diagram(), doc);
        assert_eq!((l.width, l.height), (22, 11));
    }

    #[test]
    fn x_and_not_x_layout() {
        let l = grid_layout(&Cnf::new(1, &[&[1], &[-1]])).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{}", l.diagram());
        assert_eq!(l.height, 11);
    }
}
