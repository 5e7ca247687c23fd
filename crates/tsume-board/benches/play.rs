//! Throughput of the moving function φ (`Position::play_in_place`).
//!
//! For each board a fixed list of random legal games is generated once (random legal
//! point, else pass; a new game from the empty board after 3 × |T| moves). The
//! benchmark replays the whole list from the empty board with `play_in_place`;
//! throughput is reported in elements = φ applications. A second group measures random
//! playouts, where choosing a legal move (`is_legal` tests) is included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tsume_board::{Board, Color, Move, Point, Position};

/// A small deterministic generator (xorshift64*), so that runs are comparable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One random legal move: a random empty point that is legal, tried in random order
/// over the empty points, else a pass.
fn random_legal(pos: &Position, empties: &mut Vec<Point>, rng: &mut Rng) -> Move {
    empties.clear();
    empties.extend(pos.board().points().filter(|&p| pos.is_empty_at(p)));
    while !empties.is_empty() {
        let i = rng.below(empties.len());
        let p = empties.swap_remove(i);
        if pos.is_legal(p) {
            return Move::Play(p);
        }
    }
    Move::Pass
}

/// Games of random legal moves, each from the empty board, `total` moves in all.
fn games(board: &Arc<Board>, total: usize, seed: u64) -> Vec<Vec<Move>> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut empties = Vec::new();
    let limit = 3 * board.len();
    let mut count = 0;
    while count < total {
        let mut pos = Position::empty(Arc::clone(board), Color::Black);
        let mut game = Vec::new();
        while game.len() < limit && count < total {
            let m = random_legal(&pos, &mut empties, &mut rng);
            pos.play_in_place(m);
            game.push(m);
            count += 1;
        }
        out.push(game);
    }
    out
}

fn random_graph(n: usize, mean_degree: f64, seed: u64) -> Board {
    let mut rng = Rng(seed);
    // The path gives mean degree about 2; chords add the rest.
    let p = (mean_degree - 2.0) / (n - 1) as f64;
    let mut edges = Vec::new();
    for i in 0..n {
        // A path keeps the graph connected; random chords make it irregular.
        if i + 1 < n {
            edges.push((i, i + 1));
        }
        for j in i + 2..n {
            if ((rng.next() >> 11) as f64) < p * (1u64 << 53) as f64 {
                edges.push((i, j));
            }
        }
    }
    Board::from_edges((0..n).map(|i| format!("v{i}")).collect(), &edges).unwrap()
}

fn boards() -> Vec<(&'static str, Arc<Board>)> {
    vec![
        ("19x19", Arc::new(Board::grid(19, 19).unwrap())),
        ("9x9", Arc::new(Board::grid(9, 9).unwrap())),
        ("1x20", Arc::new(Board::line(20).unwrap())),
        ("graph64", Arc::new(random_graph(64, 4.0, 0x5EED))),
    ]
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("phi_replay");
    for (name, board) in boards() {
        let list = games(&board, 20_000, 0xC0FFEE);
        let total: usize = list.iter().map(Vec::len).sum();
        let empty = Position::empty(Arc::clone(&board), Color::Black);
        let mut pos = empty.clone();
        group.throughput(Throughput::Elements(total as u64));
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                let mut captured = 0u64;
                for game in &list {
                    pos.clone_from(&empty);
                    for &m in game {
                        if let tsume_board::Played::Stone { captured: k } =
                            pos.play_in_place(black_box(m))
                        {
                            captured += u64::from(k);
                        }
                    }
                }
                black_box((captured, pos.hash()))
            });
        });
    }
    group.finish();
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    for (name, board) in boards() {
        let moves = 3 * board.len();
        let empty = Position::empty(Arc::clone(&board), Color::Black);
        let mut rng = Rng(0xFEED);
        let mut empties = Vec::with_capacity(board.len());
        let mut pos = empty.clone();
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                pos.clone_from(&empty);
                for _ in 0..moves {
                    let m = random_legal(&pos, &mut empties, &mut rng);
                    pos.play_in_place(m);
                }
                black_box(pos.hash())
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = replay, playout
}
criterion_main!(benches);
