//! `tsume solve` end to end: the JSON contract, the exact semantics on tiny boards,
//! bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use tsume_board::{Board, Color, Configuration, Position};
use tsume_tests::{scratch_file, sgf_of, tsume, Rng};

/// The command the independent check uses, against the exact solver, on random tiny
/// positions of square, rectangular and 1×n boards.
#[test]
fn json_verdict_is_can_kill_on_tiny_boards() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    let mut dead = 0;
    for (w, h) in [(3u32, 3u32), (4, 1), (6, 1), (3, 2), (2, 4), (4, 3)] {
        let board = Arc::new(Board::grid(w, h).unwrap());
        let mut found = 0;
        let mut tries = 0;
        while found < 6 && tries < 500 {
            tries += 1;
            let cells = board
                .points()
                .map(|_| match rng.below(5) {
                    0 | 1 => None,
                    2 | 3 => Some(Color::Black),
                    _ => Some(Color::White),
                })
                .collect();
            let Ok(p) = Position::new(
                board.clone(),
                &Configuration::from_cells(cells),
                Color::Black,
            ) else {
                continue;
            };
            let whites: Vec<_> = board
                .points()
                .filter(|&q| p.color(q) == Some(Color::White))
                .collect();
            if whites.is_empty() {
                continue;
            }
            let x = whites[rng.below(whites.len() as u64) as usize];
            let Ok(rank) = tsume_prove::exact::kill_rank(&p, x, 20_000) else {
                continue;
            };
            found += 1;
            let file = scratch_file("p.sgf", &sgf_of(w, h, &p));
            let path = file.to_str().unwrap();
            for alpha in [0u32, 1, 2, 3, 5, 8] {
                let r = tsume(&[
                    "solve",
                    path,
                    "--target",
                    board.sgf(x).as_str(),
                    "--to-move",
                    "B",
                    "--depth",
                    &alpha.to_string(),
                    "--region",
                    "board",
                    "--json",
                ]);
                assert_eq!(r.code, 0, "{}", r.err);
                let v = r.json();
                let expected = if rank.is_some_and(|k| alpha + 1 >= k) {
                    "dead"
                } else {
                    "alive"
                };
                assert_eq!(
                    v["verdict"], expected,
                    "α={alpha} rank={rank:?}\n{p:?}\n{}",
                    r.out
                );
                assert_eq!(v["depth_bound"], alpha);
                assert_eq!(v["attacker"], "B");
                assert_eq!(v["checked"], true, "{}", r.out);
                checked += 1;
                dead += usize::from(expected == "dead");
            }
        }
    }
    assert!(checked >= 150, "{checked}");
    assert!(dead > 10 && dead < checked - 10, "{dead} dead of {checked}");
}

#[test]
fn both_sides_give_a_status() {
    // Bent three in the corner of a small board, enclosed by a living black wall:
    // dead with Black to move, alive with White to move: unsettled.
    let sgf =
        "(;GM[1]FF[4]SZ[5]AB[ad][bd][cd][dd][da][db][dc][ee][ed][de]AW[ac][bc][cc][cb][ca]TR[cc])";
    let file = scratch_file("bent.sgf", sgf);
    let r = tsume(&[
        "solve",
        file.to_str().unwrap(),
        "--region",
        "board",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    let status = v["status"].as_str().unwrap();
    assert!(["dead", "alive", "unsettled"].contains(&status), "{status}");
    for side in results {
        assert_eq!(side["checked"], true, "{side}");
    }
    // Human output names the status too.
    let h = tsume(&[
        "solve",
        file.to_str().unwrap(),
        "--region",
        "board",
        "--quiet",
    ]);
    assert_eq!(h.code, 0);
    assert!(h.out.contains(&format!("status: {status}")), "{}", h.out);
    // A tree over --max-tree nodes is not built: the verdict stays, unchecked, with the
    // reason.
    let small = tsume(&[
        "solve",
        file.to_str().unwrap(),
        "--region",
        "board",
        "--to-move",
        "B",
        "--max-tree",
        "1",
        "--json",
    ]);
    assert_eq!(small.code, 0, "{}", small.err);
    let s = small.json();
    let black_first = results.iter().find(|r| r["to_move"] == "B").unwrap();
    assert_eq!(s["verdict"], black_first["verdict"], "{s}");
    assert!(s["checked"].is_null(), "{s}");
    let reason = s["results"][0]["reason"].as_str().unwrap_or("");
    assert!(reason.contains("no tree"), "{s}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: Vec<(&str, &str, Vec<&str>)> = vec![
        ("unbalanced.sgf", "(;GM[1]SZ[9]AB[aa", vec![]),
        ("offboard.sgf", "(;GM[1]SZ[5]AB[zz]AW[aa])", vec![]),
        ("both.sgf", "(;GM[1]SZ[5]AB[aa]AW[aa])", vec![]),
        ("huge.sgf", "(;GM[1]SZ[60]AB[aa]AW[ab])", vec![]),
        ("chess.sgf", "(;GM[3]SZ[8])", vec![]),
        (
            "empty-target.sgf",
            "(;GM[1]SZ[5]AB[aa]AW[bb])",
            vec!["--target", "C3"],
        ),
        (
            "bad-depth.sgf",
            "(;GM[1]SZ[5]AB[aa]AW[bb])",
            vec!["--depth", "x"],
        ),
        (
            "bad-color.sgf",
            "(;GM[1]SZ[5]AB[aa]AW[bb])",
            vec!["--to-move", "green"],
        ),
    ];
    for (name, text, extra) in cases {
        let file = scratch_file(name, text);
        let path = file.to_str().unwrap().to_string();
        let mut args = vec!["solve", path.as_str()];
        args.extend(extra.iter());
        let r = tsume(&args);
        assert_eq!(r.code, 2, "{name}: {}{}", r.out, r.err);
        let first = r.err.lines().next().unwrap_or("");
        assert!(!first.is_empty(), "{name}: no message");
        assert!(!r.err.contains("panicked"), "{name}: {}", r.err);
    }
    let missing = tsume(&["solve", "/nonexistent/problem.sgf"]);
    assert_eq!(missing.code, 2);
    assert!(
        missing.err.contains("/nonexistent/problem.sgf"),
        "{}",
        missing.err
    );
}

#[test]
fn help_teaches() {
    let r = tsume(&["--help"]);
    assert_eq!(r.code, 0);
    assert!(r.out.contains("solve"));
    let r = tsume(&["solve", "--help"]);
    assert_eq!(r.code, 0);
    for word in [
        "--target",
        "--to-move",
        "--depth",
        "--region",
        "--json",
        "--sgf-out",
        "--all-moves",
    ] {
        assert!(r.out.contains(word), "{word} missing from solve --help");
    }
    // Each subcommand's --help gives its long text, not only the one-line summary of
    // `tsume --help` (a doc comment on the command enum once replaced them all).
    for (cmd, phrase) in [
        (
            "solve",
            "For each problem tsume finds the group in question",
        ),
        ("check", "A line's mark is the last one on it"),
        ("bench", "With --corpus DIR: every row of DIR/answers.tsv"),
        ("reduce", "The instance is a position where White, to move"),
        (
            "verify-reduction",
            "With --all, the formulas are every formula",
        ),
    ] {
        let r = tsume(&[cmd, "--help"]);
        assert_eq!(r.code, 0);
        assert!(
            r.out.contains(phrase),
            "tsume {cmd} --help lacks its long text"
        );
    }
}

/// The bundled problems that `tsume --help` and README.md name in their examples exist
/// (a newcomer copies them first).
#[test]
fn examples_name_bundled_problems_that_exist() {
    let help = tsume(&["--help"]).out;
    let readme = std::fs::read_to_string(tsume_tests::repo_root().join("README.md")).unwrap();
    for (name, text) in [("tsume --help", &help), ("README.md", &readme)] {
        let mut named = 0;
        for word in text.split(|c: char| c.is_whitespace() || "`()[],".contains(c)) {
            if word.starts_with("problems/") && word.ends_with(".sgf") {
                named += 1;
                assert!(
                    tsume_tests::repo_root().join(word).is_file(),
                    "{word} is named in {name} but is not a bundled problem"
                );
            }
        }
        assert!(named >= 1, "{name} names no bundled problem");
    }
}

#[test]
fn sgf_out_writes_the_proof_as_variations() {
    let (out, text, json) = solve_to_sgf("problems/03_bent_three_corner.sgf");
    // A Go editor's view: one game, the setup, the target marked, variations with comments.
    assert!(text.starts_with("(;GM[1]FF[4]"), "{text}");
    assert!(text.contains("TR["));
    assert!(text.contains("captured"), "{text}");
    assert!(text.contains("(;"), "no variation: {text}");
    // It is an SGF the loader reads back, with the same target and stones.
    let back = tsume(&["solve", out.to_str().unwrap(), "--json", "--max-nodes", "1"]);
    assert_eq!(back.code, 0, "{}", back.err);
    assert_eq!(json.as_array().unwrap().len(), 2);
}

/// Solves a bundled problem (both sides) with `--sgf-out` and `--tree-out`: the SGF's
/// path and text, and the trees as JSON.
fn solve_to_sgf(problem: &str) -> (std::path::PathBuf, String, serde_json::Value) {
    let dir = tsume_tests::scratch_dir();
    let out = dir.join("proof.sgf");
    let tree = dir.join("tree.json");
    let problem = tsume_tests::repo_root().join(problem);
    let r = tsume(&[
        "solve",
        problem.to_str().unwrap(),
        "--sgf-out",
        out.to_str().unwrap(),
        "--tree-out",
        tree.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let text = std::fs::read_to_string(&out).unwrap();
    let json = serde_json::from_str(&std::fs::read_to_string(&tree).unwrap()).unwrap();
    (out, text, json)
}

#[test]
fn a_folder_gives_one_line_per_file_in_order() {
    let dir = tsume_tests::scratch_dir();
    for (name, text) in [
        ("b.sgf", "(;GM[1]SZ[4:1]AB[aa]AW[ca]TR[ca])"),
        ("a.sgf", "(;GM[1]SZ[5:1]AW[aa][ba]AB[da]TR[aa])"),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let r = tsume(&["solve", dir.to_str().unwrap(), "--json"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let problems = v["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2);
    assert!(problems[0]["file"].as_str().unwrap().ends_with("a.sgf"));
    assert!(problems[1]["file"].as_str().unwrap().ends_with("b.sgf"));
    assert_eq!(v["summary"]["solved"], 2);
    let text = tsume(&["solve", dir.to_str().unwrap()]);
    assert_eq!(text.code, 0);
    let a = text.out.find("a.sgf").unwrap();
    let b = text.out.find("b.sgf").unwrap();
    assert!(a < b);
    assert!(text.out.contains("2 files: 2 solved"), "{}", text.out);

    // Subfolders are read too (a collection in volumes), after the folder's own files;
    // other files are left alone.
    let sub = dir.join("volume1");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("0.sgf"), "(;GM[1]SZ[4:1]AB[aa]AW[ca]TR[ca])").unwrap();
    std::fs::write(sub.join("notes.txt"), "not a problem").unwrap();
    let r = tsume(&["solve", dir.to_str().unwrap(), "--json"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let files: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["file"].as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 3, "{files:?}");
    assert!(
        files[2].ends_with("0.sgf") && files[2].contains("volume1"),
        "{files:?}"
    );
    // A link back to the folder is not followed (no loop).
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&dir, sub.join("back")).unwrap();
        let r = tsume(&["solve", dir.to_str().unwrap(), "--json"]);
        assert_eq!(r.code, 0, "{}", r.err);
        assert_eq!(r.json()["problems"].as_array().map(Vec::len), Some(3));
    }
    // A folder with nothing to solve, even below, is one line and exit 2.
    let empty = tsume_tests::scratch_dir();
    std::fs::create_dir_all(empty.join("nothing")).unwrap();
    let r = tsume(&["solve", empty.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("no .sgf or .graph file"), "{}", r.err);
}

#[test]
fn the_search_orders_give_the_same_checked_answers() {
    // On a few bundled problems (a ko, a seki, a kill needing many plies, a line board):
    // deepening (the bounded search's default, here alone with `--no-unbounded`) gives the
    // same status, verdicts and exactness as one search at α (`--no-deepen`), and so does
    // the unbounded search first (the default), which settles them itself and says so in
    // JSON; every tree checked at α; `--deepen`, the old option, is still accepted.
    for name in [
        "13_ko_is_alive.sgf",
        "14_seki_one_eye_each.sgf",
        "08_rabbity_six.sgf",
        "35_line_ko.sgf",
    ] {
        let problem = tsume_tests::repo_root().join("problems").join(name);
        let run = |extra: &[&str]| {
            let mut args = vec!["solve", problem.to_str().unwrap(), "--json"];
            args.extend_from_slice(extra);
            let r = tsume(&args);
            assert_eq!(r.code, 0, "{name}: {}", r.err);
            r.json()
        };
        let plain = run(&["--no-deepen", "--no-unbounded"]);
        let deep = run(&["--no-unbounded"]);
        let first = run(&[]);
        assert_eq!(
            run(&["--deepen", "--no-unbounded"])["status"],
            deep["status"],
            "{name}"
        );
        assert_eq!(plain["status"], deep["status"], "{name}");
        assert_eq!(first["status"], deep["status"], "{name}");
        let results = |v: &serde_json::Value| v["results"].as_array().unwrap().clone();
        for ((a, b), c) in results(&plain)
            .iter()
            .zip(&results(&deep))
            .zip(&results(&first))
        {
            assert_eq!(a["verdict"], b["verdict"], "{name}");
            assert_eq!(a["exact"], b["exact"], "{name}");
            assert_eq!(c["verdict"], b["verdict"], "{name}");
            assert_eq!(c["exact"], b["exact"], "{name}");
            for r in [b, c] {
                assert_eq!(r["checked"], true, "{name}: {r}");
            }
            assert_eq!(b["unbounded_nodes"], 0, "{name}: {b}");
            assert_eq!(b["settled_unbounded"], false, "{name}: {b}");
            assert_eq!(c["settled_unbounded"], true, "{name}: {c}");
            assert!(c["unbounded_nodes"].as_u64().unwrap() > 0, "{name}: {c}");
        }
    }
}

/// `--eye-potential` (initial numbers and the defender's order from eye potential) steers
/// the search only: on bundled lives and kills (a ko, a seki, the carpenter's squares, the
/// J group) the same status, verdicts and exactness as without, every answer checked, and
/// another search (other node counts) on some of them.
#[test]
fn eye_potential_gives_the_same_checked_answers() {
    let mut other_search = 0;
    for name in [
        "13_ko_is_alive.sgf",
        "14_seki_one_eye_each.sgf",
        "43_j_group.sgf",
        "44_carpenters_square.sgf",
        "45_carpenters_square_one_arm.sgf",
    ] {
        let problem = tsume_tests::repo_root().join("problems").join(name);
        let run = |extra: &[&str]| {
            let mut args = vec!["solve", problem.to_str().unwrap(), "--json"];
            args.extend_from_slice(extra);
            let r = tsume(&args);
            assert_eq!(r.code, 0, "{name}: {}", r.err);
            r.json()
        };
        let plain = run(&[]);
        let eyes = run(&["--eye-potential"]);
        assert_eq!(plain["status"], eyes["status"], "{name}");
        let results = |v: &serde_json::Value| v["results"].as_array().unwrap().clone();
        for (a, b) in results(&plain).iter().zip(&results(&eyes)) {
            assert_eq!(a["verdict"], b["verdict"], "{name}");
            assert_eq!(a["exact"], b["exact"], "{name}");
            assert_eq!(b["checked"], true, "{name}: {b}");
            other_search += usize::from(a["nodes"] != b["nodes"]);
        }
    }
    assert!(other_search >= 3, "only {other_search} searches changed");
}

/// The default area on an open corner (stones within columns A-F, rows 15-19; Black's
/// wall not closed) ends at Black's outer stones and adds the frame: the same area and
/// the same outside's wall as `--no-frame`, with the cut-off empty points touching it;
/// a smaller area than `--region grown`; every answer checked.
#[test]
fn default_area_ends_at_the_wall_with_the_frame() {
    let sgf = "(;GM[1]SZ[19]PL[B]AB[eb][fb][bc][cc][dc][be]AW[da][ab][bb][cb][db])";
    let file = scratch_file("open_corner.sgf", sgf);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "solve",
            file.to_str().unwrap(),
            "--to-move",
            "B",
            "--json",
            "--max-nodes",
            "300000",
        ];
        args.extend_from_slice(extra);
        let r = tsume(&args);
        assert_eq!(r.code, 0, "{}", r.err);
        r.json()
    };
    let auto = run(&[]);
    let bare = run(&["--no-frame"]);
    let grown = run(&["--region", "grown"]);
    assert_eq!(auto["verdict"], "dead", "{auto}");
    assert_eq!(auto["checked"], true, "{auto}");
    assert_eq!(bare["checked"], true, "{bare}");
    assert_eq!(auto["virtual_eyes"], 2, "{auto}");
    assert_eq!(bare["virtual_eyes"], 2, "{bare}");
    assert_eq!(auto["outside_walls"], bare["outside_walls"]);
    assert!(auto["outside_walls"].as_u64().unwrap() >= 1, "{auto}");
    assert!(auto["frame_points"].as_u64().unwrap() > 0, "{auto}");
    assert_eq!(bare["frame_points"], 0, "{bare}");
    // The notes, as printed: the frame's note only with the frame.
    let frame_note = |v: &serde_json::Value| {
        v["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().contains("(the frame)"))
    };
    assert!(frame_note(&auto), "{auto}");
    assert!(!frame_note(&bare), "{bare}");
    assert_eq!(auto["region_points"], bare["region_points"]);
    assert!(
        grown["region_points"].as_u64().unwrap() > auto["region_points"].as_u64().unwrap(),
        "{grown}"
    );
    // The grown area is the slower one: its budget runs out where the default's does not.
    assert!(grown["nodes"].as_u64().unwrap() > auto["nodes"].as_u64().unwrap());
}

/// Out of budget, the answer stays "unknown", but what a smaller bound of the deepening
/// proved is said and checked: here, that Black cannot kill within 8 plies.
#[test]
fn an_unknown_answer_says_what_smaller_bounds_proved() {
    let sgf = "(;GM[1]SZ[13]PL[B]AW[ab][bb][cb][db][eb]AB[bc][cc][dc][ec][fb][hb][ee])";
    let file = scratch_file("partial.sgf", sgf);
    let path = file.to_str().unwrap();
    let args = ["solve", path, "--to-move", "B", "--max-nodes", "200000"];
    let j = tsume(&[&args[..], &["--json"]].concat()).json();
    assert_eq!(j["verdict"], "unknown", "{j}");
    let r = &j["results"][0];
    let plies = r["survives_plies"].as_u64().unwrap_or(0);
    assert!(plies >= 8, "{j}");
    assert!(plies < j["depth_bound"].as_u64().unwrap() + 1, "{j}");
    assert_eq!(r["survives_checked"], true, "{j}");
    let text = tsume(&args);
    assert_eq!(text.code, 0, "{}", text.err);
    assert!(
        text.out.contains(&format!(
            "black cannot kill within {plies} plies (disproof checked"
        )),
        "{}",
        text.out
    );
    // --sgf-out writes that disproof, headed as what it shows.
    let out = file.with_extension("out.sgf");
    let w = tsume(&[&args[..], &["--sgf-out", out.to_str().unwrap()]].concat());
    assert_eq!(w.code, 0, "{}", w.err);
    let sgf = std::fs::read_to_string(&out).unwrap();
    assert!(
        sgf.contains(&format!("unknown; Black cannot kill within {plies} plies")),
        "{sgf}"
    );
    assert!(sgf.contains("unconditionally alive (Benson)"), "{sgf}");
    // One search at α has no smaller bound: nothing to say.
    let once = tsume(&[&args[..], &["--json", "--no-deepen"]].concat()).json();
    assert_eq!(once["verdict"], "unknown", "{once}");
    assert_eq!(
        once["results"][0]["survives_plies"],
        serde_json::Value::Null
    );
}

/// A line that goes round a cycle says so (`pv_repeats` = [i, j]: the position after j
/// moves is the one after i), checked by replaying the line on the loaded problem; a line
/// without repetition has `null`.
#[test]
fn a_repeating_line_is_shown_as_a_cycle() {
    let path = tsume_tests::repo_root().join("problems/13_ko_is_alive.sgf");
    let file = path.to_str().unwrap();
    let r = tsume(&["solve", file, "--json"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v = r.json();
    let problem = tsume_sgf::load_problem(&path, &tsume_sgf::LoadOptions::default()).unwrap();
    let full = problem.full().board();
    let mut cycles = 0;
    for side in v["results"].as_array().unwrap() {
        let c = if side["to_move"] == "B" {
            Color::Black
        } else {
            Color::White
        };
        // Replay the line (GTP names on the whole board, mapped into the area in play).
        let mut q = problem.position().with_to_move(c);
        let mut seen = vec![q.clone()];
        let mut first_repeat = None;
        for (k, m) in side["pv"].as_array().unwrap().iter().enumerate() {
            let name = m["gtp"].as_str().unwrap();
            let mv = if name == "pass" {
                tsume_board::Move::Pass
            } else {
                let x = full.parse_point(name).unwrap();
                tsume_board::Move::Play(problem.from_full(x).unwrap())
            };
            q = q.play(mv);
            if first_repeat.is_none() {
                if let Some(i) = seen.iter().position(|p| *p == q) {
                    first_repeat = Some((i, k + 1));
                }
            }
            seen.push(q.clone());
        }
        let shown = side["pv_repeats"].as_array().map(|a| {
            (
                a[0].as_u64().unwrap() as usize,
                a[1].as_u64().unwrap() as usize,
            )
        });
        assert_eq!(shown, first_repeat, "{side}");
        cycles += usize::from(shown.is_some());
    }
    // The ko is retaken forever with either side moving first.
    assert_eq!(cycles, 2, "{v}");
    let h = tsume(&["solve", file, "--quiet"]);
    assert!(
        h.out.contains("again and again (the position repeats"),
        "{}",
        h.out
    );
    // A kill's line does not repeat.
    let bent = tsume_tests::repo_root().join("problems/03_bent_three_corner.sgf");
    let k = tsume(&["solve", bent.to_str().unwrap(), "--to-move", "B", "--json"]);
    let kv = k.json();
    assert_eq!(kv["verdict"], "dead", "{kv}");
    assert!(!kv["pv"].as_array().unwrap().is_empty(), "{kv}");
    assert!(kv["pv_repeats"].is_null(), "{kv}");
}

/// `repetition_free` says whether a line of the checked tree repeats a position: the
/// ko of problem 13 lives only by retaking (false, with either side first; the text says
/// that the answer may differ under a ko rule, not that it does, since a repeating tree
/// does not show that a ko is needed: here it does, `--ko-rule basic` kills), the bent
/// three's kill and life need no ko (true, and the text says so); with `--no-check`
/// there is nothing to say (null).
#[test]
fn repetition_free_tells_a_ko_from_a_plain_answer() {
    let ko = tsume_tests::repo_root().join("problems/13_ko_is_alive.sgf");
    let v = tsume(&["solve", ko.to_str().unwrap(), "--json"]).json();
    for side in v["results"].as_array().unwrap() {
        assert_eq!(side["verdict"], "alive", "{side}");
        assert_eq!(side["repetition_free"], false, "{side}");
    }
    let h = tsume(&["solve", ko.to_str().unwrap(), "--to-move", "B", "--quiet"]);
    assert!(h.out.contains("proof checked"), "{}", h.out);
    assert!(!h.out.contains("no ko needed"), "{}", h.out);
    assert!(
        h.out
            .contains("under ordinary Go's ko the answer may differ (--ko-rule basic)"),
        "{}",
        h.out
    );
    let ruled = tsume(&[
        "solve",
        ko.to_str().unwrap(),
        "--ko-rule",
        "basic",
        "--json",
    ])
    .json();
    assert_eq!(ruled["status"], "dead", "{ruled}");
    let bent = tsume_tests::repo_root().join("problems/03_bent_three_corner.sgf");
    let v = tsume(&["solve", bent.to_str().unwrap(), "--json"]).json();
    let verdicts: Vec<_> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|side| {
            assert_eq!(side["repetition_free"], true, "{side}");
            side["verdict"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(verdicts, ["dead", "alive"], "{v}");
    let one = tsume(&["solve", bent.to_str().unwrap(), "--to-move", "W", "--json"]).json();
    assert_eq!(one["repetition_free"], true, "{one}");
    let h = tsume(&["solve", bent.to_str().unwrap(), "--to-move", "B", "--quiet"]);
    assert!(
        h.out.contains("no ko needed: no line of the proof repeats")
            && !h.out.contains("may differ"),
        "{}",
        h.out
    );
    let unchecked = tsume(&[
        "solve",
        bent.to_str().unwrap(),
        "--to-move",
        "B",
        "--json",
        "--no-check",
    ]);
    assert!(unchecked.json()["repetition_free"].is_null());
}

/// `--sgf-out` writes each node of a tree once: a cyclic disproof (a ko retaken
/// forever) ends its cycle with a comment instead of unrolling it, so the file has at
/// most one move node per edge of the tree.
#[test]
fn sgf_out_shows_a_cycle_once() {
    let (out, text, json) = solve_to_sgf("problems/13_ko_is_alive.sgf");
    assert!(text.contains("The position repeats"), "{text}");
    let edges: usize = json
        .as_array()
        .unwrap()
        .iter()
        .map(|side| {
            side["tree"]["nodes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n["children"].as_array().map_or(0, Vec::len))
                .sum::<usize>()
        })
        .sum();
    let moves = text.matches(";B[").count() + text.matches(";W[").count();
    assert!(
        edges > 0 && moves <= edges,
        "{moves} move nodes for {edges} tree edges: {text}"
    );
    // The editor's file reads back.
    let back = tsume(&["solve", out.to_str().unwrap(), "--json", "--max-nodes", "1"]);
    assert_eq!(back.code, 0, "{}", back.err);
}

/// A winning pass reads "lives by passing", wherever the list of winning moves has it
/// (Ψ lists the pass last), and the stone moves follow it.
#[test]
fn a_winning_pass_reads_by_passing() {
    let file = tsume_tests::repo_root().join("problems/11_straight_four_corner.sgf");
    let file = file.to_str().unwrap();
    let j = tsume(&["solve", file, "--to-move", "W", "--all-moves", "--json"]);
    assert_eq!(j.code, 0, "{}", j.err);
    let v = j.json();
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["gtp"].as_str().unwrap())
        .collect();
    assert!(moves.contains(&"pass") && moves.len() > 1, "{v}");
    let h = tsume(&["solve", file, "--to-move", "W", "--all-moves", "--quiet"]);
    let stones: Vec<&str> = moves.iter().copied().filter(|&m| m != "pass").collect();
    let want = format!("White lives by passing, or at {}", stones.join(" "));
    assert!(h.out.contains(&want), "{want}: {}", h.out);
}

/// `--ko-rule basic`: the ko of problem 13, alive without a ko rule (White retakes at
/// once), is dead when the retake must wait a move: Black takes and then fills. The
/// proofs are checked under the same rule; the file's stated answer (made without a ko
/// rule) is not compared; a bad value is bad input.
#[test]
fn the_basic_ko_rule_kills_a_group_that_lives_by_retaking() {
    let ko = tsume_tests::repo_root().join("problems/13_ko_is_alive.sgf");
    let file = ko.to_str().unwrap();
    let free = tsume(&["solve", file, "--json"]).json();
    assert_eq!(free["status"], "alive", "{free}");
    assert_eq!(free["ko_rule"], "none", "{free}");
    let v = tsume(&["solve", file, "--ko-rule", "basic", "--json"]).json();
    assert_eq!(v["ko_rule"], "basic", "{v}");
    assert_eq!(v["status"], "dead", "{v}");
    for side in v["results"].as_array().unwrap() {
        assert_eq!(side["checked"], true, "{side}");
    }
    let h = tsume(&["solve", file, "--ko-rule", "basic", "--quiet"]);
    assert!(h.out.contains("rules: the basic ko rule"), "{}", h.out);
    assert!(!h.out.contains("expected by the file"), "{}", h.out);
    // A group that lives without any ko lives under the rule too.
    let bent = tsume_tests::repo_root().join("problems/03_bent_three_corner.sgf");
    let b = tsume(&[
        "solve",
        bent.to_str().unwrap(),
        "--ko-rule",
        "basic",
        "--json",
    ])
    .json();
    assert_eq!(b["status"], "unsettled", "{b}");
    let bad = tsume(&["solve", file, "--ko-rule", "superko"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.err.contains("--ko-rule: expected none or basic"),
        "{}",
        bad.err
    );
}

/// Every "alive for every α" of the bundled problems is certified by its checked tree (a
/// disproof for every α), not by the search's word alone: the attacker's pass and its
/// ko captures retaken at once, which the searches leave out, are answered in the tree
/// by the pass back and the retake (cycles). Before that, 68 of the 95 such answers of
/// the collection and d180cf had a tree for their α only.
#[test]
fn every_life_for_every_alpha_is_checked_as_such() {
    let files = tsume_tests::problem_files();
    let mut forever = 0;
    for f in &files {
        let r = tsume(&["solve", f.to_str().unwrap(), "--json", "--quiet"]);
        assert_eq!(r.code, 0, "{}", r.err);
        for s in r.json()["results"].as_array().unwrap() {
            if s["verdict"] == "unknown" {
                continue;
            }
            assert_eq!(s["checked"], true, "{}: {s}", f.display());
            assert_eq!(
                s["exact_checked"],
                s["exact"],
                "{} {}",
                f.display(),
                s["to_move"]
            );
            forever += usize::from(s["verdict"] == "alive" && s["exact"] == true);
        }
    }
    assert!(forever > 10, "{forever}");
}

/// With `--all-moves`, a winning player's every first move has its outcome shown by a
/// checked tree of its own (the listed moves win, the others lose); a losing player's
/// moves are all in the root's tree already (`moves_checked` null).
#[test]
fn all_moves_are_checked_one_by_one() {
    let mut checked = 0;
    for name in [
        "01_straight_three_corner.sgf",
        "04_square_four.sgf",
        "13_ko_is_alive.sgf",
        "14_seki_one_eye_each.sgf",
        "17_l_plus_one_long_side.sgf",
        "20_rectangular_six_corner.sgf",
    ] {
        let f = tsume_tests::repo_root().join("problems").join(name);
        let r = tsume(&[
            "solve",
            f.to_str().unwrap(),
            "--all-moves",
            "--json",
            "--quiet",
        ]);
        assert_eq!(r.code, 0, "{name}: {}", r.err);
        for s in r.json()["results"].as_array().unwrap() {
            let wins = !s["moves"].as_array().unwrap().is_empty();
            assert_eq!(s["all_moves"], true, "{name}");
            if wins {
                assert_eq!(
                    s["moves_checked"], true,
                    "{name}: {}",
                    s["moves_check_error"]
                );
                checked += 1;
            } else {
                assert!(s["moves_checked"].is_null(), "{name}");
            }
        }
    }
    assert!(checked >= 6, "{checked}");
}

/// The result under ordinary Go rules beside the model's: a ko (bundled problem 27, a
/// bent four in the corner), a seki (problem 14) and a plain problem (03), each field
/// consistent with the checked proofs it lists and with the basic ko rule's own search.
#[test]
fn go_results_are_given_beside_the_model() {
    let root = tsume_tests::repo_root();
    let side = |v: &serde_json::Value, c: &str| -> serde_json::Value {
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["to_move"] == c)
            .unwrap()
            .clone()
    };
    let names = |moves: &serde_json::Value| -> Vec<String> {
        moves
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["gtp"].as_str().unwrap().to_string())
            .collect()
    };
    // Every proof listed was accepted by the checker under the rule it names.
    let proofs_are_checked = |s: &serde_json::Value| {
        let proofs = s["go_proofs"].as_array().unwrap();
        assert!(!proofs.is_empty(), "{s}");
        for p in proofs {
            assert!(p["nodes"].as_u64().unwrap() > 0, "{p}");
            assert!(p["lemma"].is_string() || p["tree_rule"] == p["rule"], "{p}");
        }
    };

    // A ko: the model says alive (the defender retakes for ever); under ordinary rules
    // Black starts the ko at B5 and wins it taking first, White needing one threat.
    let ko = root.join("problems/27_bent_four_shape_in_corner.sgf");
    let v = tsume(&["solve", ko.to_str().unwrap(), "--json"]).json();
    let b = side(&v, "B");
    assert_eq!(b["verdict"], "alive", "{b}");
    assert_eq!(b["repetition_free"], false, "{b}");
    assert_eq!(b["go_result"], "ko", "{b}");
    assert_eq!(names(&b["go_moves"]), ["B5"], "{b}");
    assert_eq!(b["ko_winner_without_threats"], "B", "{b}");
    assert_eq!(b["ko_threats_needed"]["attacker"], 0, "{b}");
    assert_eq!(b["ko_threats_needed"]["defender"], 1, "{b}");
    proofs_are_checked(&b);
    let claims: Vec<(&str, &str)> = b["go_proofs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["rule"].as_str().unwrap(), p["claim"].as_str().unwrap()))
        .collect();
    // Alive with the defender the master (A fails), dead under the basic rule.
    assert!(claims.contains(&("master-white", "alive")), "{claims:?}");
    assert!(claims.contains(&("basic", "dead")), "{claims:?}");
    let w = side(&v, "W");
    assert_eq!(w["go_result"], "alive", "{w}");
    assert_eq!(names(&w["go_moves"]), names(&w["moves"]), "{w}");
    // The winner without threats is the basic rule's own verdict.
    let basic = tsume(&[
        "solve",
        ko.to_str().unwrap(),
        "--ko-rule",
        "basic",
        "--to-move",
        "B",
        "--json",
    ])
    .json();
    assert_eq!(basic["verdict"], "dead", "{basic}");
    // With --to-move the fields are at the top level too; the text has one line.
    let one = tsume(&["solve", ko.to_str().unwrap(), "--to-move", "B", "--json"]).json();
    assert_eq!(one["go_result"], "ko", "{one}");
    assert_eq!(one["ko_threats_needed"], b["ko_threats_needed"], "{one}");
    assert_eq!(one["go_moves"], b["go_moves"], "{one}");
    let h = tsume(&["solve", ko.to_str().unwrap(), "--quiet"]);
    assert!(
        h.out.contains(
            "ordinary Go rules: Black to move: ko, Black starts it at B5 (external ko threats \
             needed: Black 0, White 1; without threats Black wins); White to move: alive at B5"
        ),
        "{}",
        h.out
    );

    // A seki: alive in the model, seki whoever moves first, the attacker's strategy
    // keeping the group from unconditional life checked.
    let seki = root.join("problems/14_seki_one_eye_each.sgf");
    let v = tsume(&["solve", seki.to_str().unwrap(), "--json"]).json();
    for c in ["B", "W"] {
        let s = side(&v, c);
        assert_eq!(s["verdict"], "alive", "{s}");
        assert_eq!(s["go_result"], "seki", "{s}");
        proofs_are_checked(&s);
        assert!(
            s["go_proofs"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["claim"] == "never_unconditional"),
            "{s}"
        );
    }

    // No ko: the model's repetition-free trees answer at no cost.
    let bent = root.join("problems/03_bent_three_corner.sgf");
    let v = tsume(&["solve", bent.to_str().unwrap(), "--json"]).json();
    let b = side(&v, "B");
    assert_eq!(
        (b["go_result"].as_str(), b["go_nodes"].as_u64()),
        (Some("dead"), Some(0))
    );
    assert_eq!(names(&b["go_moves"]), names(&b["moves"]), "{b}");
    let off = tsume(&["solve", bent.to_str().unwrap(), "--no-go", "--json"]).json();
    assert!(side(&off, "B")["go_result"].is_null(), "{off}");
}
