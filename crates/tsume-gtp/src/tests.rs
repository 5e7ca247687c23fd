//! The engine driven through [`run`]: GTP's framing, the stop flag cleared after each
//! command, a read error. The commands' answers are checked end to end against the
//! bundled problems' stated answers (tests/tests/gtp_cli.rs).

use std::io::{BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::*;

fn settings(stop: Option<Arc<AtomicBool>>) -> Settings {
    let mut solve = tsume_solve::Settings {
        go: false,
        ..tsume_solve::Settings::default()
    };
    solve.limits.stop = stop;
    Settings {
        load: LoadOptions::default(),
        ko_rule: false,
        solve,
    }
}

/// The replies to `input`, each without its closing blank line.
fn replies(s: Settings, input: &str) -> Vec<String> {
    let mut out = Vec::new();
    let r = run(s, &mut input.as_bytes(), &mut out);
    assert!(r.is_ok(), "{r:?}");
    let text = String::from_utf8(out).expect("utf-8");
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    text.split_terminator("\n\n").map(str::to_string).collect()
}

#[test]
fn framing_ids_comments_and_quit() {
    // GTP 2 §2.5–2.6: ids echoed, comments and empty lines ignored, tabs are spaces,
    // control characters dropped, nothing read after quit.
    let r = replies(
        settings(None),
        "1 name\n# a comment\n\n2 no_such_command\nknown_command\tplay\r\n\
         3 known_command frobnicate # trailing\n7 quit\nname\n",
    );
    assert_eq!(
        r,
        ["=1 tsume", "?2 unknown command", "= true", "=3 false", "=7"]
    );
    assert!(replies(settings(None), "").is_empty());
}

#[test]
fn play_undo_and_refusals_follow_gtp() {
    let r = replies(
        settings(None),
        "boardsize 3\nplay B B2\nplay W B2\nundo\nundo\nundo\nboardsize 26\nplay B Z9\n",
    );
    assert_eq!(
        r,
        [
            "=",
            "=",
            "? illegal move (occupied)",
            "=",
            "? cannot undo",
            "? cannot undo",
            "? unacceptable size",
            "? invalid vertex \"Z9\" (the board is 3x3)"
        ]
    );
}

/// Lines read one by one; `flag` is set as line `stop_at` starts to be read, as a
/// Ctrl-C between two commands would.
struct Script {
    lines: Vec<Vec<u8>>,
    i: usize,
    at: usize,
    stop_at: usize,
    flag: Arc<AtomicBool>,
}

impl Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let b = self.fill_buf()?;
            let n = b.len().min(buf.len());
            buf[..n].copy_from_slice(&b[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Script {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let Some(line) = self.lines.get(self.i) else {
            return Ok(&[]);
        };
        if self.i == self.stop_at && self.at == 0 {
            self.flag.store(true, Ordering::SeqCst);
        }
        Ok(&line[self.at..])
    }
    fn consume(&mut self, n: usize) {
        self.at += n;
        if self.lines.get(self.i).is_some_and(|l| self.at >= l.len()) {
            self.i += 1;
            self.at = 0;
        }
    }
}

#[test]
fn a_stop_flag_stops_one_command_then_is_cleared() {
    // A search long enough to meet the flag (it is looked at every 1024 nodes).
    let load = format!(
        "loadsgf {}/../../problems/46_straight_j_group.sgf",
        env!("CARGO_MANIFEST_DIR")
    );
    let ask = [
        &load,
        "showboard",
        "tsume_area C4",
        "owl_attack C4",
        "tsume_status C4",
    ];
    let fresh = replies(settings(None), &(ask.join("\n") + "\n"));
    let flag = Arc::new(AtomicBool::new(false));
    let mut input = Script {
        lines: ask.iter().map(|l| format!("{l}\n").into_bytes()).collect(),
        i: 0,
        at: 0,
        stop_at: 3,
        flag: flag.clone(),
    };
    let mut out = Vec::new();
    let r = run(settings(Some(flag.clone())), &mut input, &mut out);
    assert!(r.is_ok(), "{r:?}");
    let text = String::from_utf8(out).expect("utf-8");
    let stopped: Vec<&str> = text.split_terminator("\n\n").collect();
    assert_eq!(stopped[..3], fresh[..3]);
    // The flag set before the search stops it: an error reply, not a guess.
    assert!(fresh[3].starts_with("= 1 "), "{fresh:?}");
    assert!(stopped[3].starts_with("? unknown"), "{stopped:?}");
    // Cleared after that command: the next one answers as an engine never stopped.
    assert!(!flag.load(Ordering::SeqCst));
    assert_eq!(stopped[4], fresh[4]);
}

/// A reader that fails.
struct Broken;

impl Read for Broken {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("broken pipe"))
    }
}

impl BufRead for Broken {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        Err(std::io::Error::other("broken pipe"))
    }
    fn consume(&mut self, _: usize) {}
}

#[test]
fn a_read_error_is_typed() {
    let mut out = Vec::new();
    let r = run(settings(None), &mut Broken, &mut out);
    assert!(
        matches!(&r, Err(Error::Read(e)) if e.to_string() == "broken pipe"),
        "{r:?}"
    );
    assert!(out.is_empty());
}
