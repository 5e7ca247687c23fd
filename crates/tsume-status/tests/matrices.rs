//! Seed 002's decision matrices, cell by cell: every table of the seed (transcribed
//! verbatim in `seed_tables.txt`) against [`combine`] under the step's [`Rule`].
//!
//! A cell's row and column are two variations' values; under J2003's steps 2 and 3 a
//! value of a status found by an earlier step is a cut variation (`Rule::leaf`). The
//! seed's cells say the concluding result, "irrelevant" (two cut variations: the node is
//! cut), or, in the tables the seed writes first and then revises, "undefined" (a cell
//! the revised table makes irrelevant or takes the other variation in).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use tsume_status::{combine, Chooser, Rule, Status, Value};

const TABLES: &str = include_str!("seed_tables.txt");

/// One table: its name, whose choice, the column labels and the rows.
struct Table {
    name: String,
    who: Chooser,
    columns: Vec<String>,
    rows: Vec<(String, Vec<String>)>,
}

fn tables() -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut lines = TABLES.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(title) = line.strip_prefix("## ") else {
            continue;
        };
        let mut words = title.split_whitespace();
        let name = words.next().unwrap().to_string();
        let who = match words.next().unwrap() {
            "opponent" => Chooser::Opponent,
            "player" => Chooser::Player,
            other => panic!("whose table: {other}"),
        };
        let header = lines.next().unwrap();
        let columns: Vec<String> = header.split('\t').skip(1).map(str::to_string).collect();
        let mut rows = Vec::new();
        while let Some(l) = lines.next_if(|l| !l.is_empty()) {
            let mut cells = l.split('\t').map(str::to_string);
            let label = cells.next().unwrap();
            rows.push((label, cells.collect()));
        }
        out.push(Table {
            name,
            who,
            columns,
            rows,
        });
    }
    out
}

fn rule(name: &str) -> Rule {
    match name.split('-').next().unwrap() {
        "cassandra" | "step1" => Rule::Cassandra,
        "step2" => Rule::Step2,
        "step3" => Rule::Step3,
        other => panic!("which step: {other}"),
    }
}

fn status(code: &str) -> Status {
    Status::from_code(code).unwrap_or_else(|| panic!("not a status: {code}"))
}

#[test]
fn every_cell_of_every_table() {
    let tables = tables();
    assert_eq!(tables.len(), 16, "the seed has 16 decision matrices");
    let mut cells = 0;
    for t in &tables {
        let r = rule(&t.name);
        assert_eq!(t.rows.len(), t.columns.len(), "{}: square", t.name);
        for (row, entries) in &t.rows {
            assert_eq!(entries.len(), t.columns.len(), "{} row {row}", t.name);
            for (col, entry) in t.columns.iter().zip(entries) {
                let (a, b) = (r.leaf(status(row)), r.leaf(status(col)));
                let ours = combine(t.who, a, b);
                let at = format!("{} {:?}, row {row}, column {col}", t.name, t.who);
                match entry.as_str() {
                    "irrelevant" => {
                        assert_eq!(ours, Value::Cut, "{at}");
                        assert_eq!((a, b), (Value::Cut, Value::Cut), "{at}");
                    }
                    "undefined" => {
                        // Only the first-written tables have these, only where a
                        // variation is one the step cuts.
                        assert!(t.name.ends_with("-undefined"), "{at}");
                        assert!(a == Value::Cut || b == Value::Cut, "{at}");
                    }
                    e => assert_eq!(ours, Value::Is(status(e)), "{at}"),
                }
                cells += 1;
            }
        }
    }
    // 8 tables of 4×4, 6 of 3×3, 2 of 2×2.
    assert_eq!(cells, 8 * 16 + 6 * 9 + 2 * 4);
}

/// The revised tables of each step agree with each other where both are defined, and the
/// first-written ones are "undefined" exactly where the revision put "irrelevant" or took
/// the other variation: every cell with a cut variation in the Player table, only the
/// cell of two in the Opponent table.
#[test]
fn first_written_tables_are_undefined_where_the_seed_says() {
    let tables = tables();
    for t in tables.iter().filter(|t| t.name.ends_with("-undefined")) {
        let r = rule(&t.name);
        for (row, entries) in &t.rows {
            for (col, entry) in t.columns.iter().zip(entries) {
                let (a, b) = (r.leaf(status(row)), r.leaf(status(col)));
                let cut = match t.who {
                    Chooser::Player => a == Value::Cut || b == Value::Cut,
                    Chooser::Opponent => a == Value::Cut && b == Value::Cut,
                };
                assert_eq!(
                    entry == "undefined",
                    cut,
                    "{} row {row} column {col}",
                    t.name
                );
            }
        }
    }
}

/// The transcription is the seed's text, where the seed can be read (the team's
/// `../shared/seeds` beside the checkout, or `TSUME_SEEDS`); skipped otherwise.
#[test]
fn transcription_is_verbatim() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dirs = [
        std::env::var("TSUME_SEEDS").map(PathBuf::from).ok(),
        Some(root.join("../shared/seeds")),
        Some(root.join("../../shared/seeds")),
    ];
    let Some(seed) = dirs
        .into_iter()
        .flatten()
        .find_map(|d| std::fs::read_to_string(d.join("002_eea22782206273be.txt")).ok())
    else {
        eprintln!("skipped: seed 002 not found (set TSUME_SEEDS)");
        return;
    };
    let lines: Vec<&str> = seed.lines().collect();
    let mut blocks = TABLES.split("\n## ").skip(1);
    for b in &mut blocks {
        let mut ls = b.lines();
        let title = ls.next().unwrap();
        let at: usize = title
            .rsplit("seed line ")
            .next()
            .and_then(|s| s.trim_end_matches(')').parse().ok())
            .unwrap();
        for (k, l) in ls.take_while(|l| !l.is_empty()).enumerate() {
            assert_eq!(lines[at - 1 + k], l, "{title}, line {}", at + k);
        }
    }
}

/// The seed's two outcome tables: the status on the diagonal, contradictions elsewhere.
#[test]
fn outcome_tables_name_the_statuses() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let seed = [
        root.join("../shared/seeds"),
        root.join("../../shared/seeds"),
    ]
    .iter()
    .find_map(|d| std::fs::read_to_string(d.join("002_eea22782206273be.txt")).ok());
    let Some(seed) = seed else {
        eprintln!("skipped: seed 002 not found");
        return;
    };
    // Table 1 (A) and table 2 (B2, B31, B32): the row of "player can force X" meets the
    // column of "opponent can force X" in X's name.
    let mut diagonal = Vec::new();
    for l in seed.lines().filter(|l| l.starts_with("Player ")) {
        let cells: Vec<&str> = l.split('\t').collect();
        for (i, c) in cells.iter().enumerate().skip(1) {
            if !c.starts_with("--- contradiction ---") {
                diagonal.push((i, c.rsplit(">>> ").next().unwrap().trim_matches('"')));
            }
        }
    }
    let names: Vec<&str> = diagonal.iter().map(|d| d.1).collect();
    assert_eq!(
        names,
        [
            "uncapturable",
            "see table 2",
            "capturable-1",
            "capturable-2\\1",
            "not alive"
        ]
    );
    // Ours: the same names (the seed's "capturable-2\1" is J2003's capturable-2, read
    // with local-2\1).
    assert_eq!(Status::A.name(), names[0]);
    assert_eq!(Status::B2.name(), names[2]);
    assert_eq!(Status::B31.name(), names[3].trim_end_matches("\\1"));
    assert_eq!(Status::B32.name(), names[4]);
}
