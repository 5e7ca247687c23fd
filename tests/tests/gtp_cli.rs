//! `tsume gtp`: the protocol's framing and errors, and the analysis commands against the
//! answers the bundled problems state (`GC[tsume: …]`, worked out by hand: the status
//! and every winning first move).

use tsume_sgf::{load_problem, parse_expected, ExpectedStatus, LoadOptions};
use tsume_tests::{problem_files, repo_root, scratch_file, tsume_input};

/// One reply: success (`=`) or error (`?`), its id and its text.
#[derive(Debug)]
struct Reply {
    ok: bool,
    id: String,
    text: String,
}

/// Runs a GTP session and splits its output into replies (each ends with a blank line).
fn session(args: &[&str], input: &str) -> Vec<Reply> {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    let run = tsume_input(&all, input);
    assert_eq!(run.code, 0, "exit status; stderr: {}", run.err);
    assert!(
        run.out.ends_with("\n\n"),
        "output ends with a blank line: {:?}",
        run.out
    );
    run.out
        .trim_end_matches('\n')
        .split("\n\n")
        .map(|block| {
            let ok = match block.chars().next() {
                Some('=') => true,
                Some('?') => false,
                _ => panic!("a reply starts with = or ?: {block:?}"),
            };
            let rest = &block[1..];
            let id: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            let text = rest[id.len()..].trim_start_matches(' ').to_string();
            Reply { ok, id, text }
        })
        .collect()
}

/// A problem of the collection that GTP can load (at most 25×25), with its stated answer
/// and target.
struct Case {
    path: std::path::PathBuf,
    problem: tsume_sgf::Problem,
    expected: tsume_sgf::Expected,
    target: String,
}

/// The collection's problems that state a target and fit GTP's board, in file order.
fn gtp_cases() -> Vec<Case> {
    problem_files()
        .into_iter()
        .filter_map(|path| {
            let problem =
                load_problem(&path, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
            let expected = parse_expected(problem.expected().unwrap_or(""))
                .unwrap_or_else(|| panic!("{}: no stated answer", path.display()));
            let target = expected.target.clone()?;
            let g = problem.full().board().grid_info()?;
            (g.width <= 25 && g.height <= 25).then_some(Case {
                path,
                problem,
                expected,
                target,
            })
        })
        .collect()
}

#[test]
fn framing_ids_comments_and_errors() {
    let input = "\
# a comment line, ignored
1 protocol_version
name   # a trailing comment

7\tknown_command\towl_attack
known_command final_score
list_commands
boardsize 30
boardsize 9
play B C3
play W C3
play B Z1
play X C4
frobnicate
42 undo
undo
komi 6.5
komi many
quit
name
";
    let r = session(&[], input);
    let texts: Vec<(bool, &str, &str)> = r
        .iter()
        .map(|x| (x.ok, x.id.as_str(), x.text.as_str()))
        .collect();
    assert_eq!(texts[0], (true, "1", "2"));
    assert_eq!(texts[1], (true, "", "tsume"));
    assert_eq!(texts[2], (true, "7", "true"));
    assert_eq!(texts[3], (true, "", "false"));
    // list_commands: every command it lists is known.
    let listed: Vec<&str> = texts[4].2.lines().collect();
    assert!(listed.contains(&"owl_attack") && listed.contains(&"loadsgf"));
    assert!(!texts[5].0, "boardsize 30: {:?}", texts[5]);
    assert_eq!(texts[6], (true, "", ""));
    assert_eq!(texts[7], (true, "", ""));
    assert_eq!(texts[8], (false, "", "illegal move (occupied)"));
    assert!(!texts[9].0 && texts[9].2.contains("Z1"), "{:?}", texts[9]);
    assert!(
        !texts[10].0 && texts[10].2.contains("color"),
        "{:?}",
        texts[10]
    );
    assert_eq!(texts[11], (false, "", "unknown command"));
    assert_eq!(texts[12], (true, "42", ""), "undo of play B C3");
    assert_eq!(texts[13], (false, "", "cannot undo"));
    assert_eq!(texts[14], (true, "", ""));
    assert!(!texts[15].0);
    // quit answers and ends the session: the `name` after it is not read.
    assert_eq!(texts[16], (true, "", ""));
    assert_eq!(r.len(), 17, "{r:?}");
    for c in listed {
        let k = session(&[], &format!("known_command {c}\n"));
        assert_eq!(k[0].text, "true", "{c}");
    }
}

#[test]
fn play_applies_captures_and_refuses_suicide() {
    // A White stone in the corner, captured by two Black stones; White may not play
    // back into the captured point's eye while it is a suicide.
    let input = "\
boardsize 5
play W A1
play B A2
play B B1
showboard
play W A1
owl_attack A2
";
    let r = session(&[], input);
    let board = &r[4].text;
    // The corner is empty again: row 1 starts with an empty point.
    let row1 = board
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_else(|| panic!("no row 1 in {board}"));
    assert!(row1.trim_start().starts_with("1 . X"), "{row1}");
    assert_eq!(
        (r[5].ok, r[5].text.as_str()),
        (false, "illegal move (suicide)")
    );
    // A2 and B1 are two separate stones; each is a target of its own.
    assert!(r[6].ok && r[6].text.starts_with("1 "), "{:?}", r[6]);
}

#[test]
fn analysis_commands_agree_with_the_stated_answers() {
    let mut checked = 0;
    let mut moves_checked = 0;
    for Case {
        path: f,
        expected: exp,
        target,
        ..
    } in gtp_cases()
    {
        let input = format!(
            "loadsgf {}\nowl_attack {target}\nowl_defend {target}\ntsume_status {target}\ntsume_area {target}\ntsume_moves {target}\n",
            f.display()
        );
        let r = session(&[], &input);
        let name = f.display();
        assert!(r.iter().all(|x| x.ok), "{name}: {r:?}");
        let status = r[3].text.split(' ').next().unwrap();
        let want = match exp.status {
            ExpectedStatus::Dead => "dead",
            ExpectedStatus::Alive => "alive",
            ExpectedStatus::Unsettled => "unsettled",
        };
        assert_eq!(status, want, "{name}: {}", r[3].text);
        let attacker_wins = want != "alive";
        let defender_wins = want != "dead";
        for (reply, wins, stated) in [
            (&r[1], attacker_wins, &exp.kill),
            (&r[2], defender_wins, &exp.live),
        ] {
            if !wins {
                assert_eq!(reply.text, "0", "{name}");
                continue;
            }
            let mv = reply
                .text
                .strip_prefix("1 ")
                .unwrap_or_else(|| panic!("{name}: {:?}", reply.text));
            if !stated.is_empty() {
                assert!(
                    stated.iter().any(|s| s.eq_ignore_ascii_case(mv)),
                    "{name}: {mv} is not among the stated winning moves {stated:?}"
                );
                moves_checked += 1;
            }
        }
        // tsume_moves: every winning first move, as the file lists them.
        let text = r[5].text.lines().last().unwrap();
        let after = |key: &str| -> Vec<String> {
            let rest = text.split(key).nth(1).unwrap_or("");
            let part = rest.split(';').next().unwrap_or("").trim();
            if part == "none" {
                Vec::new()
            } else {
                let mut v: Vec<String> = part.split(' ').map(str::to_uppercase).collect();
                v.sort();
                v
            }
        };
        for (key, stated) in [(" kills: ", &exp.kill), (" lives: ", &exp.live)] {
            if stated.is_empty() {
                continue;
            }
            let mut want: Vec<String> = stated.iter().map(|m| m.to_uppercase()).collect();
            want.sort();
            assert_eq!(after(key), want, "{name}: {}", r[5].text);
            moves_checked += 1;
        }
        // The area names the target and only points of the board.
        assert!(r[4].text.starts_with("SQUARE "), "{name}");
        let area: Vec<&str> = r[4].text.lines().next().unwrap()[7..].split(' ').collect();
        assert!(
            area.iter().any(|v| v.eq_ignore_ascii_case(&target)),
            "{name}: {area:?}"
        );
        checked += 1;
    }
    assert!(checked >= 40, "{checked} problems checked");
    assert!(moves_checked >= 30, "{moves_checked} first moves checked");
}

#[test]
fn loadsgf_with_a_move_number_stops_before_that_move() {
    // A game record: B C3, W D4, B E5. Before move 3 (E5), Black is to move and E5 is
    // empty; with no number, the root sequence only (the setup).
    let f = scratch_file("game.sgf", "(;GM[1]FF[4]SZ[9]AB[aa];B[cg];W[df];B[ee])");
    let input = format!(
        "loadsgf {0} 3\nshowboard\nloadsgf {0} 1\nloadsgf {0} 0\nloadsgf /no/such/file.sgf\n",
        f.display()
    );
    let r = session(&[], &input);
    assert_eq!((r[0].ok, r[0].text.as_str()), (true, "black"));
    let board = &r[1].text;
    let row = |n: &str| {
        board
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{n} ")))
            .unwrap_or_else(|| panic!("row {n} in {board}"))
            .to_string()
    };
    assert!(row("3").contains("X"), "C3 is Black: {board}");
    assert!(row("4").contains("O"), "D4 is White: {board}");
    assert!(!row("5").contains("X"), "E5 not played: {board}");
    assert_eq!((r[2].ok, r[2].text.as_str()), (true, "black"));
    assert!(!r[3].ok, "move number 0: {:?}", r[3]);
    assert!(!r[4].ok && r[4].text.contains("no/such/file"), "{:?}", r[4]);
}

#[test]
fn a_search_out_of_budget_is_an_error_not_a_guess() {
    let f = repo_root().join("problems/44_carpenters_square.sgf");
    let p = load_problem(&f, &LoadOptions::default()).unwrap();
    let exp = parse_expected(p.expected().unwrap_or("")).unwrap();
    let target = exp.target.unwrap();
    let input = format!("loadsgf {}\nowl_attack {target}\n", f.display());
    let r = session(&["--max-nodes", "5"], &input);
    assert!(!r[1].ok, "{:?}", r[1]);
    assert!(r[1].text.starts_with("unknown"), "{:?}", r[1]);
}

#[test]
fn bad_options_exit_2_with_one_line() {
    let run = tsume_input(&["gtp", "--time-limit", "0"], "name\n");
    assert_eq!(run.code, 2);
    assert!(run.out.is_empty());
    assert_eq!(run.err.trim_end().lines().count(), 1, "{}", run.err);
    assert!(run.err.contains("--time-limit"), "{}", run.err);
}

/// Random command streams (known commands with random, often bad, arguments; junk; ids
/// and comments, searches with a small budget): every line that is not empty after
/// preprocessing gets exactly one well-formed reply, no panic, exit 0, and the board
/// can still be shown at the end.
#[test]
fn random_command_streams_never_break_the_session() {
    let words = [
        "play",
        "play",
        "play",
        "play",
        "undo",
        "boardsize",
        "clear_board",
        "komi",
        "owl_attack",
        "owl_defend",
        "tsume_status",
        "tsume_area",
        "showboard",
        "name",
        "known_command",
        "loadsgf",
        "frobnicate",
        "",
        "list_commands",
    ];
    let args = [
        "B",
        "W",
        "b",
        "white",
        "X",
        "A1",
        "B2",
        "c3",
        "E5",
        "T19",
        "Z9",
        "pass",
        "PASS",
        "5",
        "0",
        "26",
        "-1",
        "6.5",
        "nan",
        "problems/03_bent_three_corner.sgf",
        "/no/file",
        "ÿ",
        "A",
        "1",
    ];
    let mut rng = tsume_tests::Rng(12345);
    for round in 0..20 {
        let mut input = String::from("boardsize 5\n");
        let mut lines = 1;
        for _ in 0..60 {
            let mut line = String::new();
            if rng.below(5) == 0 {
                line.push_str(&format!("{} ", rng.below(100)));
            }
            let w = words[rng.below(words.len() as u64) as usize];
            line.push_str(w);
            if w == "play" {
                // Mostly sensible moves, so that stones pile up and capture.
                let c = ["B", "W"][rng.below(2) as usize];
                let v = format!(
                    "{}{}",
                    ["A", "B", "C", "D", "E"][rng.below(5) as usize],
                    1 + rng.below(5)
                );
                line.push_str(&format!(" {c} {v}"));
            }
            for _ in 0..rng.below(3) {
                line.push(' ');
                line.push_str(args[rng.below(args.len() as u64) as usize]);
            }
            if rng.below(7) == 0 {
                line.push_str(" # comment");
            }
            input.push_str(&line);
            input.push('\n');
            lines += 1;
        }
        input.push_str("showboard\n");
        lines += 1;
        let r = session(&["--max-nodes", "2000"], &input);
        // Lines that are empty after preprocessing get no reply.
        let silent = input
            .lines()
            .filter(|l| l.split('#').next().unwrap_or("").trim().is_empty())
            .count();
        assert_eq!(r.len(), lines - silent, "round {round}: {input}");
        let board = &r.last().unwrap().text;
        assert!(board.contains("to move"), "round {round}: {board}");
    }
}

/// A GTP session held open: commands go in one at a time and each reply is read
/// before the next command is chosen (the engine runs on its own thread, reading a
/// channel as its standard input).
struct Live {
    tx: Option<std::sync::mpsc::Sender<String>>,
    rx: std::sync::mpsc::Receiver<Vec<u8>>,
    pending: Vec<u8>,
    engine: Option<std::thread::JoinHandle<i32>>,
}

struct ChanReader {
    rx: std::sync::mpsc::Receiver<String>,
    buf: Vec<u8>,
    pos: usize,
}

impl std::io::Read for ChanReader {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let avail = std::io::BufRead::fill_buf(self)?;
            let n = avail.len().min(out.len());
            out[..n].copy_from_slice(&avail[..n]);
            n
        };
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl std::io::BufRead for ChanReader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.buf.len() {
            // A closed channel is the end of the input.
            self.buf = self.rx.recv().map(String::into_bytes).unwrap_or_default();
            self.pos = 0;
        }
        Ok(&self.buf[self.pos..])
    }
    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

struct ChanWriter(std::sync::mpsc::Sender<Vec<u8>>);

impl std::io::Write for ChanWriter {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.send(b.to_vec());
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let (tx, in_rx) = std::sync::mpsc::channel::<String>();
        let (out_tx, rx) = std::sync::mpsc::channel::<Vec<u8>>();
        let mut all = vec!["tsume".to_string(), "gtp".to_string()];
        all.extend(args.iter().map(|s| s.to_string()));
        let engine = std::thread::spawn(move || {
            let mut input = ChanReader {
                rx: in_rx,
                buf: Vec::new(),
                pos: 0,
            };
            let mut out = ChanWriter(out_tx);
            let mut err = Vec::new();
            tsume_cli::run_with_input(&all, &mut input, &mut out, &mut err)
        });
        Live {
            tx: Some(tx),
            rx,
            pending: Vec::new(),
            engine: Some(engine),
        }
    }

    /// Sends one command and returns its reply: (success, text).
    fn ask(&mut self, command: &str) -> (bool, String) {
        let sent = self
            .tx
            .as_ref()
            .is_some_and(|tx| tx.send(format!("{command}\n")).is_ok());
        assert!(sent, "the session has ended before {command}");
        loop {
            if let Some(end) = self.pending.windows(2).position(|w| w == b"\n\n") {
                let block: Vec<u8> = self.pending.drain(..end + 2).collect();
                let text = String::from_utf8_lossy(&block).into_owned();
                let ok = text.starts_with('=');
                return (ok, text[1..].trim().to_string());
            }
            let chunk = self
                .rx
                .recv_timeout(std::time::Duration::from_secs(600))
                .unwrap_or_else(|e| panic!("no reply to {command}: {e}"));
            self.pending.extend(chunk);
        }
    }

    /// Ends the input and returns the exit status.
    fn finish(mut self) -> i32 {
        self.tx = None;
        match self.engine.take().map(std::thread::JoinHandle::join) {
            Some(Ok(code)) => code,
            other => panic!("the engine's thread ended badly: {:?}", other.is_some()),
        }
    }
}

/// `genmove` against an opponent that plays at random: the side that wins moving first
/// (by the collection's stated status) plays `genmove`, the other a random legal move
/// of the area (a pass when several tries are refused), one move each, in turn. A
/// winning attacker captures the group (seen after its move, or its `genmove` says
/// PASS: nothing left to play for), and once it has played its first move the
/// defender's `reg_genmove` resigns; a winning defender still has the group after twenty rounds, never
/// resigning (only where its life holds for every α, which `tsume_status` says: a life
/// within α may end beyond it).
#[test]
fn genmove_wins_against_random_play() {
    let mut rng = tsume_tests::Rng(99);
    let (mut kills, mut lives) = (0, 0);
    for Case {
        path: f,
        problem: p,
        expected: exp,
        target,
    } in gtp_cases()
    {
        if p.region().len() > 30 {
            continue;
        }
        let defender = p.full().color(p.target_full()).unwrap();
        let attacker = defender.opponent();
        let area: Vec<String> = p
            .region()
            .iter()
            .map(|&q| p.full().board().gtp(q))
            .collect();
        let mut games = Vec::new();
        if exp.status != ExpectedStatus::Alive {
            games.push((attacker, defender));
        }
        if exp.status != ExpectedStatus::Dead {
            games.push((defender, attacker));
        }
        for (winner, loser) in games {
            let name = format!("{} ({} first)", f.display(), winner.letter());
            let (w, l) = (winner.letter(), loser.letter());
            let mut s = Live::start(&[]);
            assert!(s.ask(&format!("loadsgf {}", f.display())).0, "{name}");
            assert!(s.ask(&format!("tsume_target {target}")).0, "{name}");
            let (ok, status) = s.ask(&format!("tsume_status {target}"));
            assert!(ok, "{name}: {status}");
            if winner == defender && !status.ends_with("exact") {
                s.finish();
                continue;
            }
            let mut captured = false;
            for round in 0..20 {
                let (ok, mv) = s.ask(&format!("genmove {w}"));
                assert!(ok && mv != "resign", "{name}, round {round}: {mv}");
                if mv == "PASS" && winner == attacker {
                    let (_, board) = s.ask("showboard");
                    assert!(
                        s.ask(&format!("owl_attack {target}")).1.contains("empty"),
                        "{name}: PASS with the group still there\n{board}"
                    );
                    captured = true;
                    break;
                }
                if winner == attacker && s.ask(&format!("owl_attack {target}")).1.contains("empty")
                {
                    // Captured by this move (on a board as small as 1×2 the loser may
                    // put a stone back on the point at once, so no PASS need follow).
                    captured = true;
                    break;
                }
                if round == 0 && winner == attacker {
                    // The defender resigns, or has nothing left (captured at once).
                    let (ok, reply) = s.ask(&format!("reg_genmove {l}"));
                    let gone = s.ask(&format!("owl_attack {target}")).1.contains("empty");
                    assert!(
                        ok && (reply == "resign" || (reply == "PASS" && gone)),
                        "{name}: {reply}"
                    );
                }
                let mut played = false;
                for _ in 0..8 {
                    let v = &area[rng.below(area.len() as u64) as usize];
                    if s.ask(&format!("play {l} {v}")).0 {
                        played = true;
                        break;
                    }
                }
                if !played {
                    assert!(s.ask(&format!("play {l} pass")).0);
                }
            }
            if winner == attacker {
                assert!(captured, "{name}: not captured in twenty rounds");
                kills += 1;
            } else {
                let (ok, reply) = s.ask(&format!("owl_attack {target}"));
                assert!(ok, "{name}: the group is gone: {reply}");
                lives += 1;
            }
            assert_eq!(s.finish(), 0, "{name}");
        }
    }
    assert!(kills >= 10 && lives >= 10, "{kills} kills, {lives} lives");
}

/// Under either ko rule, `tsume_status` through GTP gives the status `tsume solve`
/// gives for the same file and target (the two rules differ on eight of the
/// collection's problems, most of them corners whose area is a board of its own).
#[test]
fn gtp_status_equals_solve_status_under_both_rules() {
    let mut differ = 0;
    for Case {
        path: f, target, ..
    } in gtp_cases()
    {
        let path = f.display().to_string();
        let mut statuses = Vec::new();
        for rule in ["none", "basic"] {
            let solved = tsume_tests::tsume(&[
                "solve",
                &path,
                "--target",
                &target,
                "--ko-rule",
                rule,
                "--json",
            ]);
            let want = solved.json()["status"].as_str().unwrap().to_string();
            let r = session(
                &["--ko-rule", rule],
                &format!("loadsgf {path}\ntsume_status {target}\n"),
            );
            let got = r[1].text.split(' ').next().unwrap().to_string();
            assert_eq!(got, want, "{path}, --ko-rule {rule}: {}", r[1].text);
            statuses.push(want);
        }
        differ += usize::from(statuses[0] != statuses[1]);
    }
    assert!(differ >= 5, "{differ} problems differ between the rules");
}

#[test]
fn under_the_ko_rule_play_refuses_the_immediate_retake() {
    // The classic ko on a 5×5 board: Black's C2 captures White's B2 and is left alone
    // with one liberty, B2.
    //   3 . X O . .
    //   2 X O X O .
    //   1 . X O . .
    let setup = "\
boardsize 5
play B B3
play B A2
play B B1
play W C3
play W D2
play W C1
play W B2
play B C2
";
    // Under the rule White may not retake at B2 at once; in the model it may.
    let basic = session(&["--ko-rule", "basic"], &format!("{setup}play W B2\n"));
    assert!(basic.iter().take(9).all(|x| x.ok), "{basic:?}");
    assert_eq!(
        (basic[9].ok, basic[9].text.as_str()),
        (false, "illegal move (ko)"),
        "{basic:?}"
    );
    let model = session(&[], &format!("{setup}play W B2\n"));
    assert!(model.iter().all(|x| x.ok), "{model:?}");
    // After a move elsewhere (a ko threat and its answer) the retake is allowed.
    let later = session(
        &["--ko-rule", "basic"],
        &format!("{setup}play W E5\nplay B E4\nplay W B2\n"),
    );
    assert!(later.iter().all(|x| x.ok), "{later:?}");
}

/// A file that names its area (`GC[tsume: region=board]`, as the 3-SAT grids do) is
/// analysed on that area after `loadsgf`, as `tsume solve` reads it: the same status,
/// and the whole board in play.
#[test]
fn loadsgf_keeps_the_area_the_file_asks_for() {
    let (sgf, _) = tsume_tests::reduce_file("f", "p cnf 2 2\n-1 0\n1 2 0\n", "sgf");
    let s = sgf.display().to_string();
    let p = load_problem(&sgf, &LoadOptions::default()).unwrap();
    let target = p.full().board().gtp(p.target_full());
    let g = p.full().board().grid_info().unwrap();
    let solved = tsume_tests::tsume(&["solve", &s, "--json"]);
    let want = solved.json()["status"].as_str().unwrap().to_string();
    let r = session(
        &[],
        &format!("loadsgf {s}\ntsume_status {target}\ntsume_area {target}\n"),
    );
    assert!(r.iter().all(|x| x.ok), "{r:?}");
    assert_eq!(
        r[1].text.split(' ').next(),
        Some(want.as_str()),
        "{}",
        r[1].text
    );
    let area = r[2].text.lines().next().unwrap()[7..].split(' ').count();
    assert_eq!(area as u32, g.width * g.height, "{}", r[2].text);
}

/// `tsume_pv`: the principal variation replays with `play` move by move (every move
/// legal, the colours alternating from the player asked), and a kill's line ends with
/// the group captured.
#[test]
fn the_principal_variation_replays_and_a_kill_ends_in_the_capture() {
    let mut kills = 0;
    for Case {
        path: f,
        problem: p,
        target,
        ..
    } in gtp_cases()
    {
        let defender = p.full().color(p.target_full()).unwrap();
        let path = f.display().to_string();
        for color in [defender.opponent(), defender] {
            let c = color.letter();
            let mut s = Live::start(&[]);
            assert!(s.ask(&format!("loadsgf {path}")).0);
            let (ok, pv) = s.ask(&format!("tsume_pv {target} {c}"));
            assert!(ok, "{path}: {pv}");
            let text = pv.lines().last().unwrap();
            let dead = text.contains(": dead;");
            let var = pv
                .lines()
                .find_map(|l| l.strip_prefix("VAR "))
                .unwrap_or("");
            let words: Vec<&str> = var.split(' ').filter(|w| !w.is_empty()).collect();
            let mut mover = color;
            for pair in words.chunks(2) {
                assert_eq!(
                    pair[0],
                    mover.letter().to_ascii_lowercase().to_string(),
                    "{path}: {var}"
                );
                let (ok, why) = s.ask(&format!("play {} {}", pair[0], pair[1]));
                assert!(ok, "{path}: {var}: {} {} refused: {why}", pair[0], pair[1]);
                mover = mover.opponent();
            }
            if dead && color != defender {
                let (_, after) = s.ask(&format!("owl_attack {target}"));
                assert!(
                    after.contains("empty"),
                    "{path}: {var}: the group stands ({after})"
                );
                kills += 1;
            }
            assert_eq!(s.finish(), 0);
        }
    }
    assert!(kills >= 20, "{kills} kill lines");
}

/// Under `--ko-rule basic`, `owl_attack`/`owl_defend` reply with GNU Go's codes from the
/// result under ordinary Go rules (2: a ko the mover wins taking first, 3: one needing
/// threats), and `dragon_status` with GNU Go's words; each reply is what `tsume solve`'s
/// go_result, go_moves and ko_threats_needed give for the same problem. Bundled problems
/// 27 (a ko Black starts at B5), 14 (a seki) and 03 (a plain kill or life).
#[test]
fn ko_codes_and_dragon_status_follow_the_go_result() {
    for (file, want) in [
        (
            "27_bent_four_shape_in_corner.sgf",
            ["2 B5", "1 B5", "critical B5 B5"],
        ),
        ("14_seki_one_eye_each.sgf", ["0", "1 PASS", "alive"]),
        (
            "03_bent_three_corner.sgf",
            ["1 A7", "1 A7", "critical A7 A7"],
        ),
    ] {
        let path = repo_root().join("problems").join(file);
        let path = path.to_str().unwrap_or_default();
        let v = tsume_tests::tsume(&["solve", path, "--json"]).json();
        let target = v["target"]["gtp"].as_str().unwrap_or("?").to_string();
        // The reply `tsume solve`'s fields give, for each side moving first.
        let code = |c: &str| -> String {
            let s = v["results"]
                .as_array()
                .and_then(|r| r.iter().find(|s| s["to_move"] == c))
                .unwrap_or_else(|| panic!("{v}"));
            let attacks = v["attacker"] == c;
            let first = s["go_moves"][0]["gtp"].as_str().unwrap_or("pass");
            let first = if first == "pass" { "PASS" } else { first };
            let needs = &s["ko_threats_needed"][if attacks { "attacker" } else { "defender" }];
            match s["go_result"].as_str() {
                Some("dead") if attacks => format!("1 {first}"),
                Some("alive" | "seki") if !attacks => format!("1 {first}"),
                Some("ko") if needs == 0 => format!("2 {first}"),
                Some("ko") => format!("3 {first}"),
                _ => "0".to_string(),
            }
        };
        let attacker = v["attacker"].as_str().unwrap_or("?");
        let defender = v["defender"].as_str().unwrap_or("?");
        let r = session(
            &["--ko-rule", "basic"],
            &format!(
                "loadsgf {path}\nowl_attack {target}\nowl_defend {target}\n\
                 dragon_status {target}\n"
            ),
        );
        let replies: Vec<&str> = r[1..].iter().map(|x| x.text.as_str()).collect();
        assert_eq!(replies, want, "{file}");
        assert_eq!(replies[0], code(attacker), "{file}: {v}");
        assert_eq!(replies[1], code(defender), "{file}: {v}");
    }
    // Without the ko rule: the model's replies, 1 or 0 (problem 27 is alive there).
    let path = repo_root().join("problems/27_bent_four_shape_in_corner.sgf");
    let r = session(
        &[],
        &format!(
            "loadsgf {}\nowl_attack B4\ndragon_status B4\nlist_commands\n",
            path.to_str().unwrap_or_default()
        ),
    );
    assert_eq!((r[1].text.as_str(), r[2].text.as_str()), ("0", "alive"));
    assert!(r[3].text.lines().any(|l| l == "dragon_status"));
}
