//! Bad input, at random: the bundled problem files with a few random edits (characters
//! removed, runs cut out, SGF fragments inserted: brackets, coordinates off the board,
//! sizes, marks, `GM[2]`, the `tsume:` comment's options). The loader must answer each
//! with a problem or one line naming what is wrong, never panic; `tsume solve` and
//! `tsume check` on the files that load must exit 0 (a small budget: unknown is fine)
//! or 2 with one line, never panic.

use tsume_tests::{repo_root, scratch_file, tsume, Rng};

const PIECES: &[&str] = &[
    "[",
    "]",
    "(",
    ")",
    ";",
    "\\",
    "AB",
    "AW",
    "AE",
    "PL",
    "SZ",
    "MA",
    "TR",
    "CR",
    "B",
    "W",
    "[zz]",
    "[aa]",
    "[]",
    "[19:3]",
    "[1]",
    "[0]",
    "[52]",
    "[53]",
    "[-1]",
    "[tt]",
    "[ab:cd]",
    "GC[tsume: region=A1,B1]",
    "GC[tsume: target=C3]",
    "C[Black to live]",
    "GM[2]",
    "SZ[2]",
    "SZ[1:1]",
    "é",
    "[a",
    "PL[X]",
    ";B[aa];W[aa]",
];

/// `base` with one to four random edits.
fn mutate(base: &str, rng: &mut Rng) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(s.len() as u64 + 1) as usize;
        match rng.below(3) {
            0 if i < s.len() => {
                s.remove(i);
            }
            1 => {
                let p = PIECES[rng.below(PIECES.len() as u64) as usize];
                for (j, c) in p.chars().enumerate() {
                    s.insert(i + j, c);
                }
            }
            _ if i < s.len() => {
                let len = (1 + rng.below(8) as usize).min(s.len() - i);
                s.drain(i..i + len);
            }
            _ => {}
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutated_problem_files_load_or_fail_in_one_line() {
    let mut files = Vec::new();
    for e in std::fs::read_dir(repo_root().join("problems")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "sgf") {
            files.push(std::fs::read_to_string(&p).unwrap());
        }
    }
    assert!(files.len() >= 40, "{}", files.len());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let opts = tsume_sgf::LoadOptions::default();
    let (mut loaded, mut refused, mut solved) = (0, 0, 0);
    for round in 0..10_000 {
        let text = mutate(&files[rng.below(files.len() as u64) as usize], &mut rng);
        let r = std::panic::catch_unwind(|| tsume_sgf::parse_sgf_problem(&text, "f.sgf", &opts));
        match r {
            Err(_) => panic!("the loader panicked on:\n{text}"),
            Ok(Err(e)) => {
                refused += 1;
                let m = e.to_string();
                assert!(m.starts_with("f.sgf") && !m.contains('\n'), "{m}");
            }
            Ok(Ok(_)) => {
                loaded += 1;
                if loaded % 25 != 0 {
                    continue;
                }
                // The command line on the file: any answer, or one line and exit 2.
                let path = scratch_file(&format!("mutated-{round}.sgf"), &text);
                let path = path.to_str().unwrap();
                let extra: &[&str] = match round % 4 {
                    0 => &["--json"],
                    1 => &["--region", "board"],
                    2 => &["--ko-rule", "basic"],
                    _ => &["--all-moves"],
                };
                let mut args = vec!["solve", path, "--max-nodes", "300"];
                args.extend_from_slice(extra);
                for args in [args, vec!["check", path, "--max-nodes", "300"]] {
                    let run = std::panic::catch_unwind(|| tsume(&args))
                        .unwrap_or_else(|_| panic!("{args:?} panicked on:\n{text}"));
                    assert!(
                        run.code == 0 || (run.code == 2 && run.err.trim().lines().count() == 1),
                        "{args:?}: exit {} {}\n{text}",
                        run.code,
                        run.err
                    );
                }
                solved += 1;
            }
        }
    }
    // Both kinds occur (a test of the mutations as much as of the loader).
    assert!(
        loaded >= 1000 && refused >= 1000,
        "{loaded} loaded, {refused} refused"
    );
    assert!(solved >= 40, "{solved}");
}
