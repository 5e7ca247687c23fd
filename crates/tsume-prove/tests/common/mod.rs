//! What the random-position tests share: a small generator and random legal positions.

use std::sync::Arc;

use tsume_board::{Board, Color, Configuration, Move, Point, Position};

/// A small deterministic generator (xorshift); seed it with a non-zero value.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Black or White, one draw of [`Rng::below`]`(2)`: 0 is Black.
    pub fn color(&mut self) -> Color {
        if self.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// How [`random_position`] fills a board.
pub struct Fill {
    /// Each point holds a stone with probability `percent + below(spread)` in 100,
    /// drawn once a position.
    pub percent: u64,
    pub spread: u64,
    /// The player to move; `None` draws it.
    pub to_move: Option<Color>,
    /// Positions with more empty points are drawn again.
    pub max_empty: usize,
}

/// A random legal position with a stone at the returned point (50 draws at most).
pub fn random_position(
    rng: &mut Rng,
    board: &Arc<Board>,
    fill: &Fill,
) -> Option<(Position, Point)> {
    for _ in 0..50 {
        let percent = fill.percent + rng.below(fill.spread);
        let cells = (0..board.len())
            .map(|_| (rng.below(100) < percent).then(|| rng.color()))
            .collect();
        let to_move = fill.to_move.unwrap_or_else(|| rng.color());
        let Ok(p) = Position::new(
            Arc::clone(board),
            &Configuration::from_cells(cells),
            to_move,
        ) else {
            continue;
        };
        if board.points().filter(|&q| p.is_empty_at(q)).count() > fill.max_empty {
            continue;
        }
        let stones: Vec<Point> = board.points().filter(|&q| p.color(q).is_some()).collect();
        if stones.is_empty() {
            continue;
        }
        let x = stones[rng.below(stones.len() as u64) as usize];
        return Some((p, x));
    }
    None
}

/// Half the time (one draw of `rng`), `p` just after a capture of one stone (a ban, if a
/// ko) that leaves the target `x` on the board; `pick` chooses among the captures.
/// (The ko-rule tests' alone: the other binaries that include this module do not call it.)
#[allow(dead_code)]
pub fn maybe_after_a_capture(
    rng: &mut Rng,
    p: Position,
    x: Point,
    pick: impl FnOnce(&mut Rng, usize) -> usize,
) -> Position {
    if rng.below(2) != 0 {
        return p;
    }
    let captures: Vec<Point> = p
        .legal_moves()
        .filter(|&m| p.captures_of(m).len() == 1)
        .collect();
    if captures.is_empty() {
        return p;
    }
    let q = p.play(Move::Play(captures[pick(rng, captures.len())]));
    if q.color(x).is_some() {
        q
    } else {
        p
    }
}

/// The zone tests' fill: about a third of the points, the player to move given.
/// (The post-hoc zone and zone table tests' alone.)
#[allow(dead_code)]
pub const fn zone_fill(to_move: Color) -> Fill {
    Fill {
        percent: 30,
        spread: 35,
        to_move: Some(to_move),
        max_empty: usize::MAX,
    }
}

/// Small boards for the life-tree tests (room for two eyes).
#[allow(dead_code)]
pub fn life_boards() -> Vec<Arc<Board>> {
    [
        Board::grid(5, 3),
        Board::grid(4, 4),
        Board::grid(6, 3),
        Board::grid(5, 4),
        Board::grid(7, 2),
    ]
    .into_iter()
    .map(|b| Arc::new(b.expect("a small board")))
    .collect()
}

/// A random position for the life-tree tests on `board`: its player to move drawn
/// first, then 45 to 74 % of the points filled, at most 9 empty.
#[allow(dead_code)]
pub fn random_life_position(rng: &mut Rng, board: &Arc<Board>) -> Option<(Position, Point)> {
    let to_move = rng.color();
    let fill = Fill {
        percent: 45,
        spread: 30,
        to_move: Some(to_move),
        max_empty: 9,
    };
    random_position(rng, board, &fill)
}

/// Small boards with room away from the fight, for the zone tests.
#[allow(dead_code)]
pub fn room_boards() -> Vec<Arc<Board>> {
    [
        Board::grid(4, 3),
        Board::grid(5, 3),
        Board::grid(6, 2),
        Board::grid(4, 4),
        Board::line(10),
        Board::grid(7, 2),
    ]
    .into_iter()
    .map(|b| Arc::new(b.expect("a small board")))
    .collect()
}

/// Each node's position of `tree`, replayed along the first edge into it (breadth
/// first); None for a node no edge reaches.
#[allow(dead_code)]
pub fn tree_positions(root: &Position, tree: &tsume_proof::Tree) -> Vec<Option<Position>> {
    let mut out: Vec<Option<Position>> = vec![None; tree.nodes.len()];
    out[0] = Some(root.clone());
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(v) = queue.pop_front() {
        let Some(p) = out[v].clone() else { continue };
        for &(m, c) in &tree.nodes[v].children {
            if out[c].is_none() {
                out[c] = Some(p.play(m));
                queue.push_back(c);
            }
        }
    }
    out
}
