//! The memory budget of hypothetical play (issue 48, class 1): in bytes, checked as the
//! states are built; within it the answer is the one without a budget, past it the
//! build stops with [`TooLarge::Bytes`], whatever the board's size.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_board::{Color, Position};
use tsume_status::{status, Budget, Game, Options, StatusError, TooLarge};

fn position(diagram: &str) -> Position {
    Position::from_diagram(diagram, Color::Black).unwrap()
}

/// The bytes a game of `states` states and `edges` moves holds by the model, the queue's
/// positions not counted (they leave as it drains).
fn model(points: usize, states: usize, edges: usize) -> u64 {
    states as u64 * Budget::state_bytes(points) + edges as u64 * Budget::edge_bytes()
}

#[test]
fn within_the_budget_the_game_is_the_one_without_it() {
    let p = position(
        ". x o\n\
         x . o",
    );
    let x = p
        .board()
        .points()
        .find(|&q| p.color(q) == Some(Color::Black))
        .unwrap();
    let local1: Vec<_> = p.group(x).collect();
    let free = Game::build(&p, x, &[&local1], Budget::states(1 << 20)).unwrap();
    let points = p.board().len();
    let held = model(points, free.len(), free.edge_count());
    // The whole model, every position queued at once: always enough.
    let roomy = held + free.len() as u64 * Budget::position_bytes(points) + (1 << 10);
    let g = Game::build(
        &p,
        x,
        &[&local1],
        Budget {
            states: 1 << 20,
            bytes: roomy,
        },
    )
    .unwrap();
    assert_eq!((g.len(), g.edge_count()), (free.len(), free.edge_count()));
    for s in 0..g.len() as u32 {
        assert_eq!(g.successors(s), free.successors(s));
    }
    // Below what the states and moves themselves hold: refused, naming the budget.
    let tight = held - 1;
    match Game::build(
        &p,
        x,
        &[&local1],
        Budget {
            states: 1 << 20,
            bytes: tight,
        },
    ) {
        Err(TooLarge::Bytes(b)) => assert_eq!(b, tight),
        Err(e) => panic!("{e}"),
        Ok(g) => panic!("built {} states within {tight} bytes", g.len()),
    }
    // The same through `status`: the report without a budget, or unknown.
    let free = status(&p, x, &Options::default()).unwrap();
    let opts = Options {
        max_bytes: roomy,
        ..Options::default()
    };
    let r = status(&p, x, &opts).unwrap();
    assert_eq!(
        (r.cassandra.status, r.j2003.status, r.states),
        (free.cassandra.status, free.j2003.status, free.states)
    );
    let opts = Options {
        max_bytes: tight,
        ..Options::default()
    };
    let e = status(&p, x, &opts).unwrap_err();
    assert!(
        matches!(e, StatusError::TooLarge(TooLarge::Bytes(_))),
        "{e}"
    );
    assert!(e.to_string().contains("memory budget"), "{e}");
}

/// A 52×52 board with one stone of each colour: the first states already hold more
/// than a small budget, and the build stops at once, not at the state count.
#[test]
fn a_large_board_stops_at_the_byte_budget() {
    let row = ". ".repeat(52);
    let mut rows = vec![row.trim_end().to_string(); 52];
    rows[3] = format!(". . . x {}", ". ".repeat(48))
        .trim_end()
        .to_string();
    rows[10] = format!(". . . o {}", ". ".repeat(48))
        .trim_end()
        .to_string();
    let p = position(&rows.join("\n"));
    assert_eq!(p.board().len(), 52 * 52);
    let x = p
        .board()
        .points()
        .find(|&q| p.color(q) == Some(Color::Black))
        .unwrap();
    let t = std::time::Instant::now();
    let opts = Options {
        max_bytes: 16 << 20,
        ..Options::default()
    };
    let e = status(&p, x, &opts).unwrap_err();
    assert_eq!(e, StatusError::TooLarge(TooLarge::Bytes(16 << 20)));
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
}
