//! The size of the square grid that `tsume reduce --grid` draws through the route
//! (`tsume_reduce::route`), for random 3-CNF formulas at clause/variable ratio 4.26:
//! `cargo run --release -p tsume-reduce --example route_size -- MAX_VARS COUNT`.
//! One markdown row per number of variables: the medians of the crossings, of each
//! stage's variables and clauses, and of the grid's width and height (drawn while it has
//! at most 40 M points, else left out).

use tsume_reduce::grid::rail::rail_layout_embedded;
use tsume_reduce::random_3cnf;
use tsume_reduce::route::route;

fn median(mut v: Vec<usize>) -> String {
    if v.is_empty() {
        return "–".into();
    }
    v.sort_unstable();
    v[v.len() / 2].to_string()
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let max_vars = args.first().copied().unwrap_or(6);
    let count = args.get(1).copied().unwrap_or(5);
    println!("| variables | clauses | crossings | planar vars / clauses | monotone vars / clauses | D6 vars / clauses | grid (width × height) | points |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for vars in 1..=max_vars {
        let clauses = (vars as f64 * 4.26).round() as usize;
        let mut cols: Vec<Vec<usize>> = vec![Vec::new(); 9];
        for seed in 0..count {
            let f = random_3cnf(vars as u32, clauses, seed as u64);
            let Ok(r) = route(&f) else { continue };
            let st = &r.stages;
            cols[0].push(st[2].crossings);
            cols[1].push(st[2].variables);
            cols[2].push(st[2].clauses);
            cols[3].push(st[3].variables);
            cols[4].push(st[3].clauses);
            cols[5].push(st[4].variables);
            cols[6].push(st[4].clauses);
            if 12 * r.emb.line.len() * 30 <= 40_000_000 {
                if let Ok(l) = rail_layout_embedded(&r.emb) {
                    cols[7].push(l.width);
                    cols[8].push(l.height);
                }
            }
        }
        let points: Vec<usize> = cols[7].iter().zip(&cols[8]).map(|(w, h)| w * h).collect();
        println!(
            "| {vars} | {clauses} | {} | {} / {} | {} / {} | {} / {} | {} × {} | {} |",
            median(cols[0].clone()),
            median(cols[1].clone()),
            median(cols[2].clone()),
            median(cols[3].clone()),
            median(cols[4].clone()),
            median(cols[5].clone()),
            median(cols[6].clone()),
            median(cols[7].clone()),
            median(cols[8].clone()),
            median(points),
        );
    }
}
