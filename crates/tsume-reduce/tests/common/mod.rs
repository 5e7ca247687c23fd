//! Helpers shared by the gadget tests (`lemmas.rs`, design D2; `grid_rail.rs`, design D6;
//! `end_to_end.rs`):
//! the stand-ins for the alive hubs and small ways to name points and play moves.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use tsume_board::{Color, Move, Point, Position};
use tsume_prove::exact;
use tsume_prove::{default_depth, solve, Limits, Options, Verdict};
use tsume_reduce::dimacs::XorShift;
use tsume_reduce::Cnf;
use tsume_reduce::GraphBuilder;

pub const B: Option<Color> = Some(Color::Black);
pub const W: Option<Color> = Some(Color::White);

/// Adds the stand-ins Z (`z`, eyes `z1 z2`) and W (`w`, eyes `w1 w2`): single stones with
/// two one-point eyes, Benson-alive.
pub fn immortals(g: &mut GraphBuilder) {
    g.point("z", B).unwrap();
    g.point("w", W).unwrap();
    for (s, e) in [("z", "z1"), ("z", "z2"), ("w", "w1"), ("w", "w2")] {
        g.point(e, None).unwrap();
        g.edge(s, e).unwrap();
    }
}

/// Z, W, Λ `L` with its eye `e`, `E` and `f` outside liberties (next to Z), and the gate
/// Ω `q` next to E with `big_g` liberties g (next to W): what Λ1/Λ2 and the whole design
/// share (the lemmas of D2, designs D3, D4, D5).
pub fn lambda_and_gate(f: usize, big_g: usize) -> GraphBuilder {
    let mut g = GraphBuilder::new();
    immortals(&mut g);
    g.point("L", W).unwrap();
    g.point("q", B).unwrap();
    for p in ["e", "E"] {
        g.point(p, None).unwrap();
    }
    edges(&mut g, &[("L", "e"), ("L", "E"), ("E", "q")]);
    for i in 0..f {
        let n = format!("f{i}");
        g.point(&n, None).unwrap();
        edges(&mut g, &[(&n, "L"), (&n, "z")]);
    }
    for i in 0..big_g {
        let n = format!("g{i}");
        g.point(&n, None).unwrap();
        edges(&mut g, &[(&n, "q"), (&n, "w")]);
    }
    g
}

/// The 8 clauses over 3 variables, each variable's signs in every combination.
pub fn all_eight() -> Vec<Vec<i32>> {
    (0..8)
        .map(|bits| {
            (0..3)
                .map(|v| if bits >> v & 1 == 1 { -(v + 1) } else { v + 1 })
                .collect()
        })
        .collect()
}

/// Adds every edge of `list`.
pub fn edges(g: &mut GraphBuilder, list: &[(&str, &str)]) {
    for (a, b) in list {
        g.edge(a, b).unwrap();
    }
}

/// The position of `g` with `to_move` to play, and its target point.
pub fn position(g: &GraphBuilder, to_move: Color, target: &str) -> (Position, Point) {
    let f = g.build(to_move, target).unwrap();
    (f.position().unwrap(), f.target.unwrap())
}

/// The point named `name`.
pub fn pt(p: &Position, name: &str) -> Point {
    p.board().point_named(name).unwrap()
}

/// `p` after the moves named (`pass` for a pass).
pub fn play(p: &Position, moves: &[&str]) -> Position {
    let mut q = p.clone();
    for m in moves {
        let mv = if *m == "pass" {
            Move::Pass
        } else {
            Move::Play(pt(&q, m))
        };
        q = q.play(mv);
    }
    q
}

/// The exact kill rank (`None`: alive for every α), exploring at most `cap` positions.
pub fn rank_within(p: &Position, x: Point, cap: usize) -> Option<u32> {
    exact::kill_rank(p, x, cap).expect("small enough for the exact solver")
}

pub fn verdict(p: &Position, l: Point, max_nodes: u64) -> (Verdict, u64) {
    let o = Options {
        depth: default_depth(p),
        limits: Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        },
        ..Options::default()
    };
    let a = solve(p, l, &o).unwrap();
    (a.verdict, a.stats.nodes)
}

/// (x)∧(¬x), (x), 2- and 3-variable formulas, the 8 clauses over 3 variables and one of
/// them dropped.
pub fn fixed_formulas() -> Vec<Cnf> {
    let all8 = all_eight();
    let refs: Vec<&[i32]> = all8.iter().map(Vec::as_slice).collect();
    vec![
        Cnf::new(1, &[&[1], &[-1]]),
        Cnf::new(1, &[&[1]]),
        Cnf::new(2, &[&[1, 2], &[-1], &[-2]]),
        Cnf::new(2, &[&[1, 2], &[-1]]),
        Cnf::new(2, &[&[1, 2], &[1, -2], &[-1, 2], &[-1, -2]]),
        Cnf::new(2, &[&[1, 2], &[1, -2], &[-1, 2]]),
        Cnf::new(3, &[&[1, 2], &[-1, 3], &[-2, 3], &[-3, 1], &[-3, -1]]),
        Cnf::new(3, &refs),
        Cnf::new(3, &refs[1..]),
    ]
}

/// A random formula: 1–`max_vars` variables, 1–`max_clauses` clauses of 1–3 literals,
/// deterministic in `seed`.
pub fn random_formula(seed: u64, max_vars: u32, max_clauses: u32) -> Cnf {
    let mut rng = XorShift::new(seed);
    let vars = 1 + rng.below(max_vars);
    let clauses: Vec<Vec<i32>> = (0..1 + rng.below(max_clauses))
        .map(|_| {
            (0..1 + rng.below(3))
                .map(|_| {
                    let v = 1 + rng.below(vars) as i32;
                    if rng.below(2) == 0 {
                        v
                    } else {
                        -v
                    }
                })
                .collect()
        })
        .collect();
    let refs: Vec<&[i32]> = clauses.iter().map(Vec::as_slice).collect();
    Cnf::new(vars, &refs)
}
