//! The gadget lemmas of design D2 (crate docs, "Lemmas"), each proven by the prover on the
//! gadget in isolation, its neighbours replaced by fixed stand-ins: Z and W are single
//! stones with two one-point eyes (Benson-alive), a "rest of the formula" stand-in where
//! one is needed. `exact::kill_rank` (no depth bound: `None` = alive for every α) where the
//! state space is small, `solve` with the default depth bound otherwise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{immortals, lambda_and_gate, play, position, pt, B, W};
use tsume_board::{Color, Move, Point, Position};
use tsume_prove::{exact, solve, Options, Verdict};
use tsume_reduce::GraphBuilder;

const CAP: usize = 3_000_000;

fn rank(p: &Position, x: Point) -> Option<u32> {
    common::rank_within(p, x, CAP)
}

/// Diagram A(i) with a stand-in for the rest of the instance: Λ (`L`) has its eye `e`, the
/// point `E` that Black fills from Z (so Λ dies unless it gets a second eye), and `h`.
fn diagram_a() -> GraphBuilder {
    let mut g = GraphBuilder::new();
    immortals(&mut g);
    g.point("L", W).unwrap();
    g.point("e", None).unwrap();
    g.point("E", None).unwrap();
    g.point("h", B).unwrap();
    g.point("A", None).unwrap();
    g.point("B", None).unwrap();
    for (a, b) in [
        ("L", "e"),
        ("L", "E"),
        ("L", "h"),
        ("E", "z"),
        ("h", "A"),
        ("h", "B"),
        ("A", "z"),
        ("A", "w"),
        ("B", "z"),
        ("B", "w"),
    ] {
        g.edge(a, b).unwrap();
    }
    g
}

/// Remark 1.1 (adapted): H_i has 2 liberties, the choice points A and B.
#[test]
fn a_h_has_two_liberties() {
    let (p, _) = position(&diagram_a(), Color::White, "L");
    let h = pt(&p, "h");
    let mut libs: Vec<&str> = p.liberties(h).iter().map(|&q| p.board().name(q)).collect();
    libs.sort_unstable();
    assert_eq!(libs, vec!["A", "B"]);
}

/// Remark 1.2 and Remark 4 (easy life): White A and White B capture H_i, after which Λ is
/// unconditionally alive (Benson) and alive for every α (exact).
#[test]
fn a_both_choices_kill_h_and_give_easy_life() {
    let (p, l) = position(&diagram_a(), Color::White, "L");
    for order in [["A", "pass", "B"], ["B", "pass", "A"]] {
        let q = play(&p, &order);
        assert!(q.is_empty_at(pt(&q, "h")), "H_i is captured");
        assert!(tsume_prove::static_life(&q, l), "Λ is Benson-alive");
        assert_eq!(rank(&q, l), None);
        assert_eq!(rank(&q.with_to_move(Color::White), l), None);
    }
}

/// Remark 1.3/1.4: after White A, Black C (= B here) the groups H_i and G(i) are alive for
/// every α (H_i joins Z, G(i) joins W), and the other choice point is Black (Ḡ(i) "dead":
/// no White stone can stand there).
#[test]
fn a_choice_and_answer_settle_both_groups() {
    let (p, _) = position(&diagram_a(), Color::White, "L");
    for (white, black) in [("A", "B"), ("B", "A")] {
        let q = play(&p, &[white, black]);
        let (h, g) = (pt(&q, "h"), pt(&q, white));
        assert_eq!(q.color(h), Some(Color::Black));
        assert_eq!(q.color(pt(&q, black)), Some(Color::Black));
        for to_move in [Color::White, Color::Black] {
            let r = q.with_to_move(to_move);
            assert_eq!(rank(&r, h), None, "H_i alive");
            assert_eq!(rank(&r, g), None, "G(i) alive");
        }
        assert!(tsume_prove::static_life(&q, h));
        assert!(tsume_prove::static_life(&q, g));
    }
}

/// V1: a choice is sente and Black's answer is unique. After White A, the only Black
/// moves that still kill Λ are exactly {B} (and after White B exactly {A}): every other
/// answer, pass included, lets White capture H_i (easy life). Checked by the exact solver
/// on every Black reply, and by df-pn's list of all winning moves.
#[test]
fn a_black_answer_is_unique() {
    let (p, l) = position(&diagram_a(), Color::White, "L");
    // With the stand-in (Λ dies unless it gets H_i's point), White to move loses:
    // the choice is only a tempo.
    assert!(rank(&p, l).is_some());
    for (white, answer) in [("A", "B"), ("B", "A")] {
        let q = play(&p, &[white]);
        assert_eq!(q.to_move(), Color::Black);
        let mut winning = Vec::new();
        for (m, r) in q.successors() {
            if rank(&r, l).is_some() {
                winning.push(m);
            }
        }
        // Passes, suicides and moves on occupied points are all the same move: pass.
        winning.dedup();
        assert_eq!(
            winning,
            vec![Move::Play(pt(&q, answer))],
            "after White {white}"
        );
        let opts = Options {
            all_moves: true,
            ..Options::default()
        };
        let a = solve(&q, l, &opts).unwrap();
        assert_eq!(a.verdict, Verdict::Dead);
        assert!(a.all_moves);
        assert_eq!(a.moves, vec![Move::Play(pt(&q, answer))]);
    }
}

/// Z, W, the clause stone `k` (White), the gate stand-in `q` (Black, two eyes `q1 q2`),
/// and the set literals `p<i>` next to k: `true_lits` White stones joined to W,
/// `false_lits` Black stones joined to Z.
fn clause_with_literals(true_lits: usize, false_lits: usize) -> GraphBuilder {
    let mut g = GraphBuilder::new();
    immortals(&mut g);
    g.point("k", W).unwrap();
    g.point("q", B).unwrap();
    for e in ["q1", "q2"] {
        g.point(e, None).unwrap();
        g.edge("q", e).unwrap();
    }
    for i in 0..true_lits + false_lits {
        let name = format!("p{i}");
        let color = if i < true_lits { W } else { B };
        g.point(&name, color).unwrap();
        for n in ["k", "z", "w"] {
            g.edge(&name, n).unwrap();
        }
    }
    g
}

/// Λ with White to move: df-pn first (its "dead" is exact), then the exact solver to
/// settle "alive" for every α when df-pn's disproof depends on the bound; if that is too
/// large, the bounded answer.
fn verdict_of(g: &GraphBuilder) -> Verdict {
    let (p, l) = position(g, Color::White, "L");
    let a = solve(&p, l, &Options::default()).unwrap();
    if a.verdict != Verdict::Alive || a.exact {
        return a.verdict;
    }
    match exact::kill_rank(&p, l, 1_000_000) {
        Ok(Some(_)) => Verdict::Dead,
        Ok(None) => Verdict::Alive,
        Err(_) => a.verdict,
    }
}

/// The race's cases: for each count G of the gate's liberties, F from 3 below it to 1
/// below it (not below 0), and the expected verdict, alive iff F ≥ G − 2.
fn race_cases(gate: std::ops::RangeInclusive<usize>) -> Vec<(usize, usize, Verdict)> {
    let mut out = Vec::new();
    for libs in gate {
        for f in libs.saturating_sub(3)..=libs.saturating_sub(1) {
            let want = if f + 2 >= libs {
                Verdict::Alive
            } else {
                Verdict::Dead
            };
            out.push((libs, f, want));
        }
    }
    out
}

/// Diagram B(j): K(j) is one White stone `k` next to the gate stand-in `q` (Black,
/// two eyes of its own, so that White cannot rescue K by capturing it) and to its literal
/// points: `true_lits` White stones joined to W, `false_lits` Black stones joined to Z, and
/// one empty literal point `x` (the last literal still to be set) next to k, Z and W.
fn diagram_b(true_lits: usize, false_lits: usize) -> GraphBuilder {
    let mut g = clause_with_literals(true_lits, false_lits);
    g.point("x", None).unwrap();
    for (a, b) in [("k", "q"), ("x", "k"), ("x", "z"), ("x", "w")] {
        g.edge(a, b).unwrap();
    }
    g
}

/// Remark 2 / C1: K(j) is alive for every α as soon as one literal is true (its
/// point White, joined to W), whoever moves; with all set literals false, Black's stone on
/// the last literal point captures K(j), and the freed point touches only Black stones
/// (Ω and the false literals, joined to Z): White can play there only to capture Ω.
#[test]
fn b_clause_alive_iff_some_literal_true() {
    for width in 1..=3 {
        for true_lits in 0..width {
            let g = diagram_b(true_lits, width - 1 - true_lits);
            for to_move in [Color::White, Color::Black] {
                let (p, k) = position(&g, to_move, "k");
                let r = rank(&p, k);
                if true_lits > 0 {
                    assert_eq!(r, None, "width {width}, {true_lits} true, {to_move:?}");
                    assert!(tsume_prove::static_life(&p, k));
                } else if to_move == Color::Black {
                    // rank 0 (D_0): Black captures with his next move
                    assert_eq!(r, Some(0), "width {width}: Black's stone on x captures");
                    let after = play(&p, &["x"]);
                    assert_eq!(after.color(k), None, "K(j) is captured");
                    assert!(after.is_suicide(k), "White cannot refill K(j)'s point");
                } else {
                    // White sets the last literal true: the clause lives.
                    assert_eq!(r, None, "width {width}, all false, White to move");
                    assert!(tsume_prove::static_life(&play(&p, &["x"]), k));
                }
            }
        }
    }
}

/// Diagram C reduced to the final race: Λ (`L`) with `e`, `E` and `f` outside
/// liberties (next to Z); the gate q next to E, to `g` points g_k (next to W) and to
/// `alive` live clause stones (White, joined to W); with `captured`, also one point `x`
/// freed by the capture of a dead clause, next to q and to a false literal (Black, joined
/// to Z).
fn diagram_c(g_libs: usize, f: usize, alive: usize, captured: bool) -> GraphBuilder {
    let mut g = lambda_and_gate(f, g_libs);
    for j in 0..alive {
        let k = format!("k{j}");
        g.point(&k, W).unwrap();
        g.edge(&k, "q").unwrap();
        g.edge(&k, "w").unwrap();
    }
    if captured {
        g.point("x", None).unwrap();
        g.point("b", B).unwrap();
        for (a, b) in [("x", "q"), ("x", "b"), ("b", "z")] {
            g.edge(a, b).unwrap();
        }
    }
    g
}

fn c_verdict(g_libs: usize, f: usize, alive: usize, captured: bool) -> Verdict {
    verdict_of(&diagram_c(g_libs, f, alive, captured))
}

/// Λ1: with every clause alive, White to move, Λ lives iff F ≥ G − 2 (White fills
/// the G points g, after which Black's E is a suicide and White's E captures Ω; Black
/// needs E, the F points f and e, with E played while Ω still has a g).
#[test]
fn c_race_alive_iff_f_at_least_g_minus_2() {
    for (g_libs, f, want) in race_cases(1..=5) {
        for alive in 1..=2 {
            assert_eq!(
                c_verdict(g_libs, f, alive, false),
                want,
                "G = {g_libs}, F = {f}, {alive} live clause(s)"
            );
        }
    }
}

/// Λ2: once a dead clause has been captured, Ω shares the freed point with Z, so
/// White cannot capture Ω (he fills E and the g's, Black connects), and Black kills: E,
/// the f's, e. White to move, whatever F and G.
#[test]
fn c_captured_clause_kills() {
    for g_libs in 1usize..=4 {
        for f in g_libs.saturating_sub(2)..=g_libs {
            assert_eq!(
                c_verdict(g_libs, f, 1, true),
                Verdict::Dead,
                "G = {g_libs}, F = {f}"
            );
        }
    }
}
