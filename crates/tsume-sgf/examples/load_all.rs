//! Loads every SGF file given (or found under given directories) and prints one line
//! each: target, how it was chosen, points in play, virtual eyes; or the error.
//! `cargo run -p tsume-sgf --example load_all -- problems/`
use std::path::{Path, PathBuf};

use tsume_sgf::{load_problem, LoadOptions, TargetSource};

fn collect(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        if let Ok(rd) = std::fs::read_dir(p) {
            let mut v: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
            v.sort();
            for q in v {
                collect(&q, out);
            }
        }
    } else if p.extension().is_some_and(|e| e == "sgf" || e == "graph") {
        out.push(p.to_path_buf());
    }
}

fn main() {
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        collect(Path::new(&a), &mut files);
    }
    let verbose = std::env::var_os("VERBOSE").is_some();
    let (mut ok, mut bad) = (0, 0);
    for f in files {
        match load_problem(&f, &LoadOptions::default()) {
            Ok(p) => {
                ok += 1;
                let how = match p.target_source() {
                    TargetSource::Option => "option".to_string(),
                    TargetSource::Mark => "mark".to_string(),
                    TargetSource::Inferred(w) => format!("inferred: {w}"),
                };
                println!(
                    "{}\ttarget {}\t{} in play (+{} eyes)\t{} to move\t{}",
                    f.display(),
                    p.full().board().gtp(p.target_full()),
                    p.region().len(),
                    p.virtual_eyes().len(),
                    p.full().to_move(),
                    how
                );
                if verbose {
                    println!("{}", p.region_diagram());
                }
            }
            Err(e) => {
                bad += 1;
                println!("{e}");
            }
        }
    }
    eprintln!("{ok} loaded, {bad} errors");
}
