//! The values of states a few moves into the empty 1×n line, each with a wall-clock
//! limit: `cargo run --release -p tsume-linear --example linear_children -- 8 60 1 2 3 4`
//! solves the empty 1×8 line after Black's first move on cell 1, 2, 3 and 4 (cells
//! numbered from 1, as `tsume linear` prints them), 60 s each; `4,5` is Black on 4 then
//! White on 5. Each line: the moves, the position, Black's value (or `unknown`), the
//! nodes and the seconds. A fresh solver (default options) for each state.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tsume_linear::rules::{Game, Rules};
use tsume_linear::solver::{Options, Solver, Start};
use tsume_linear::{LinePosition, Move, Player};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(n), Some(secs)) = (
        args.first().and_then(|a| a.parse::<usize>().ok()),
        args.get(1).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!(
            "usage: linear_children N SECONDS MOVES... (MOVES: cells from 1, comma-separated)"
        );
        std::process::exit(2);
    };
    for spec in &args[2..] {
        let mut game = Game::new(&LinePosition::empty(n), Player::X, Rules::default());
        let mut history = vec![game.position()];
        for cell in spec.split(',') {
            let legal = cell
                .parse::<usize>()
                .ok()
                .filter(|&c| (1..=n).contains(&c))
                .is_some_and(|c| game.play(Move::Play(c - 1)));
            if !legal {
                eprintln!("linear_children: {spec}: {cell} is not a legal play");
                std::process::exit(2);
            }
            history.push(game.position());
        }
        let mut solver = Solver::new(n, Options::default());
        let flag = Arc::new(AtomicBool::new(false));
        solver.set_stop_flag(flag.clone());
        let timer = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(secs));
            timer.store(true, Ordering::Relaxed);
        });
        let clock = std::time::Instant::now();
        let start = Start {
            history,
            to_move: game.to_move(),
            passed: false,
        };
        let (value, nodes) = match solver.value(&start) {
            Ok((v, nodes)) => (v.to_string(), nodes),
            Err(tsume_linear::solver::SolveError::Stopped { nodes }) => ("unknown".into(), nodes),
            Err(e) => (e.to_string(), 0),
        };
        let secs = clock.elapsed().as_secs_f64();
        println!("{spec}\t{}\t{value}\t{nodes}\t{secs:.1} s", game.position());
        flag.store(true, Ordering::Relaxed);
    }
}
