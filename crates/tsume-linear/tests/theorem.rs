//! Seed 000's pruning theorem: checked exhaustively where that is cheap, refuted on 1×4
//! and 1×5 by counterexamples replayed on the board-model reference, and the narrow form
//! the solver's `prune` option relies on checked on every state it covers up to 1×5.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_linear::rules::{self, Game, Rules};
use tsume_linear::solver::Options;
use tsume_linear::verify::{exhaustive, rule_instances, sample, End};
use tsume_linear::{LinePosition, Move, Player};

/// Nodes of the whole game tree, counted on the reference rules.
/// The solvers' options: a table of 2¹⁶ entries.
fn bits16() -> Options {
    Options {
        table_bits: 16,
        ..Options::default()
    }
}

fn tree_nodes(g: &Game) -> u64 {
    1 + g
        .legal_moves()
        .into_iter()
        .map(|m| tree_nodes(&g.after(m)))
        .sum::<u64>()
}

#[test]
fn theorem_holds_on_every_state_of_the_smallest_boards() {
    for (n, value) in [(1, 0), (2, 0), (3, 3)] {
        let g = Game::new(&LinePosition::empty(n), Player::X, Rules::TROMP_TAYLOR);
        let nodes = tree_nodes(&g);
        for end in [End::Near, End::Far] {
            let (r, v) = exhaustive(n, end);
            assert_eq!(v, value, "1×{n}");
            assert_eq!(
                r.states, nodes,
                "1×{n}: every node of the tree visited once"
            );
            assert_eq!(r.failures, 0, "1×{n} {end:?}: {:?}", r.counterexample);
            if n >= 2 {
                assert!(r.checked > 0, "1×{n}: nothing compared");
            }
        }
    }
}

fn line(moves: &[Option<usize>]) -> Game {
    line_n(5, moves)
}

fn line_n(n: usize, moves: &[Option<usize>]) -> Game {
    let mut g = Game::new(&LinePosition::empty(n), Player::X, Rules::TROMP_TAYLOR);
    for m in moves {
        let m = m.map_or(Move::Pass, Move::Play);
        assert!(g.play(m), "{m:?} illegal at {}", g.position());
    }
    g
}

/// A counterexample to the theorem as stated, found by the random sample on 1×5 and
/// checked here on the board model alone: o has a stone on cell 0 with cell 1 empty
/// (S⁰), the history swapped on cells 0 and 1 is a legal game (S¹), x to move, and o does
/// worse in S¹: μ_o(S⁰) = -2 > μ_o(S¹) = -5.
#[test]
fn theorem_fails_on_one_by_five() {
    let s0 = [1, 4, 3, usize::MAX, 2, usize::MAX, 4, 0, 2, 4];
    let s1 = [0, 4, 3, usize::MAX, 2, usize::MAX, 4, 1, 2, 4];
    let as_moves = |v: &[usize]| -> Vec<Option<usize>> {
        v.iter().map(|&c| (c != usize::MAX).then_some(c)).collect()
    };
    let (m0, m1) = (as_moves(&s0), as_moves(&s1));
    // Position by position, S¹'s line is S⁰'s with cells 0 and 1 interchanged.
    for k in 0..=m0.len() {
        let (a, b) = (line(&m0[..k]), line(&m1[..k]));
        assert_eq!(
            a.position().interchange(0, 1),
            b.position(),
            "after {k} moves"
        );
    }
    let (g0, g1) = (line(&m0), line(&m1));
    assert_eq!(g0.position().to_string(), "o-x-o");
    assert_eq!(g1.position().to_string(), "-ox-o");
    let mut budget = 10_000_000;
    let v0 = rules::value(&g0, &mut budget).unwrap();
    let v1 = rules::value(&g1, &mut budget).unwrap();
    // μ_o is White's value: minus Black's.
    assert!(-v0 > -v1, "mu_o(S0) = {} <= mu_o(S1) = {}", -v0, -v1);
    assert_eq!((v0, v1), (2, 5));
}

/// The random check finds such failures on 1×5 (deterministic for a seed).
#[test]
fn sample_finds_the_failure() {
    let r = sample(5, End::Near, 20_000, 1, bits16(), true);
    assert!(r.checked > 0);
    let c = r
        .counterexample
        .expect("a counterexample within 20 000 states");
    assert!(c.mu0 > c.mu1);
}

/// The narrow form the solver's pruning uses (every position so far with both end cells
/// empty, the mover's own stone, no capture on the inner cell) holds on every state it
/// covers up to 1×5.
#[test]
fn the_pruning_rule_holds_up_to_five() {
    for n in 2..=5 {
        for end in [End::Near, End::Far] {
            let r = rule_instances(n, end, u64::MAX, None, bits16());
            assert!(r.checked > 0, "1×{n}");
            assert_eq!(r.failures, 0, "1×{n} {end:?}: {:?}", r.counterexample);
        }
    }
}

/// The shortest counterexample the exhaustive walk of 1×4 reports (`tsume linear 4
/// --verify-pruning`: 7 376 failures among 12 860 304 comparisons at each end), replayed
/// on the board model: x on cell 0 with cell 1 empty, x to move, and x does worse after
/// the interchange: μ_x(S⁰) = 4 > μ_x(S¹) = 1.
#[test]
fn theorem_fails_on_one_by_four() {
    const P: usize = usize::MAX;
    let s0 = [2, P, 0, P, 3, 1, P, 2, P, 3, 0, 3];
    let s1 = [2, P, 1, P, 3, 0, P, 2, P, 3, 1, 3];
    let as_moves =
        |v: &[usize]| -> Vec<Option<usize>> { v.iter().map(|&c| (c != P).then_some(c)).collect() };
    let (m0, m1) = (as_moves(&s0), as_moves(&s1));
    for k in 0..=m0.len() {
        let (a, b) = (line_n(4, &m0[..k]), line_n(4, &m1[..k]));
        assert_eq!(
            a.position().interchange(0, 1),
            b.position(),
            "after {k} moves"
        );
    }
    let (g0, g1) = (line_n(4, &m0), line_n(4, &m1));
    assert_eq!(g0.position().to_string(), "x--o");
    assert_eq!(g1.position().to_string(), "-x-o");
    assert_eq!(g0.to_move(), Player::X);
    let mut budget = 10_000_000;
    let v0 = rules::value(&g0, &mut budget).unwrap();
    let v1 = rules::value(&g1, &mut budget).unwrap();
    assert_eq!((v0, v1), (4, 1), "mu_x(S0) = {v0}, mu_x(S1) = {v1}");
}

/// Every state of 1×4 (2 157 536 679 nodes of the game tree, each end): the theorem's
/// failures counted. About 10 CPU minutes per end:
/// `cargo test -p tsume-linear --release -- --ignored every_state_of_one_by_four`.
#[test]
#[ignore]
fn every_state_of_one_by_four() {
    for end in [End::Near, End::Far] {
        let (r, v) = exhaustive(4, end);
        assert_eq!(v, 4);
        assert_eq!(r.states, 2_157_536_679);
        assert_eq!((r.checked, r.failures), (12_860_304, 7_376), "{end:?}");
    }
}
