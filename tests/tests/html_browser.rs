//! `tsume solve --html` in a real browser: headless Chromium (Debian's `chromium`)
//! loads the page, the test clicks a line and steps through it with the page's own
//! buttons (mouse events through the DevTools protocol), and at every step a screenshot's
//! pixels at the points in play (black stone, white stone or wood) must be the position
//! the prover's line reaches (`solve --json`'s `pv`, replayed here with φ). Without
//! Chromium the test says so in one line and passes as skipped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::BufRead;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tsume_board::{Color, Move, Position};
use tsume_sgf::{load_problem, LoadOptions};
use tsume_tests::{scratch_dir, tsume};

/// What a point shows on the screenshot.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Seen {
    Black,
    White,
    Empty,
}

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("chromium"))
        .find(|p| p.is_file())
}

/// Chromium under the DevTools protocol, over its websocket, one page attached.
struct Browser {
    child: Child,
    ws: tungstenite::WebSocket<TcpStream>,
    session: String,
    next: u64,
}

impl Browser {
    fn start(exe: &Path, profile: &Path, url: &str) -> Browser {
        let child = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                "--window-size=1200,900",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
        // Chromium writes its port and the browser's websocket path here.
        let port_file = profile.join("DevToolsActivePort");
        let t0 = Instant::now();
        let (port, path) = loop {
            if let Ok(f) = std::fs::File::open(&port_file) {
                let lines: Vec<String> = std::io::BufReader::new(f)
                    .lines()
                    .map_while(Result::ok)
                    .collect();
                if lines.len() >= 2 {
                    break (lines[0].clone(), lines[1].clone());
                }
            }
            assert!(
                t0.elapsed() < Duration::from_secs(60),
                "Chromium wrote no DevToolsActivePort"
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        let stream = TcpStream::connect(format!("127.0.0.1:{port}")).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let (ws, _) = tungstenite::client(format!("ws://127.0.0.1:{port}{path}"), stream)
            .unwrap_or_else(|e| panic!("websocket: {e}"));
        let mut b = Browser {
            child,
            ws,
            session: String::new(),
            next: 0,
        };
        let target = b.call("Target.createTarget", json!({"url": url}));
        let id = target["targetId"].as_str().unwrap().to_string();
        let attached = b.call(
            "Target.attachToTarget",
            json!({"targetId": id, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        b
    }

    /// Sends a command (to the page once attached) and waits for its answer.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        self.ws
            .send(tungstenite::Message::text(msg.to_string()))
            .unwrap();
        loop {
            let m = self.ws.read().unwrap_or_else(|e| panic!("{method}: {e}"));
            let Ok(text) = m.to_text() else { continue };
            let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            if v["id"] == json!(id) {
                assert!(v["error"].is_null(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
        }
    }

    /// Evaluates a JavaScript expression in the page: its value.
    fn eval(&mut self, expr: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expr, "returnByValue": true}),
        );
        assert!(
            r["exceptionDetails"].is_null(),
            "{expr}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    /// A mouse click at the centre of the element `selector` finds.
    fn click(&mut self, selector: &str) {
        let rect = self.eval(&format!(
            "(function(){{var r=document.querySelector({sel}).getBoundingClientRect();\
             return [r.left + r.width / 2, r.top + r.height / 2];}})()",
            sel = json!(selector)
        ));
        let (x, y) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// A screenshot: width, height and RGBA pixels.
    fn screenshot(&mut self) -> (usize, usize, Vec<u8>) {
        use base64::Engine as _;
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap())
            .unwrap();
        let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
        dec.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut reader = dec.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgba);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        buf.truncate(info.buffer_size());
        (info.width as usize, info.height as usize, buf)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the screenshot shows at each point in play: eight pixels around the centre
/// (at 0.7 of the stone's radius, between the lines and clear of a move number), the
/// colour most of them have.
fn seen_points(b: &mut Browser) -> Vec<(String, Seen)> {
    // The points in play, where the page draws them on the screen.
    let spots = b.eval(
        "(function(){var D=JSON.parse(document.getElementById('tsume-data').textContent);\
         var svg=document.querySelector('#board svg'),m=svg.getScreenCTM(),p=svg.createSVGPoint();\
         return D.live.map(function(i){var s=D.spots[i];p.x=s[0];p.y=s[1];var q=p.matrixTransform(m);\
         return [s[2],q.x,q.y,D.r*m.a];});})()",
    );
    let (w, h, px) = b.screenshot();
    spots
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let name = s[0].as_str().unwrap().to_string();
            let (x, y, r) = (
                s[1].as_f64().unwrap(),
                s[2].as_f64().unwrap(),
                s[3].as_f64().unwrap(),
            );
            let mut votes = [0; 3];
            for k in 0..8 {
                let a = std::f64::consts::PI * (0.125 + 0.25 * f64::from(k));
                let (sx, sy) = (x + 0.7 * r * a.cos(), y + 0.7 * r * a.sin());
                let (ix, iy) = (sx.round() as usize, sy.round() as usize);
                assert!(ix < w && iy < h, "{name} off the screenshot");
                let o = (iy * w + ix) * 4;
                let (r, g, b) = (px[o], px[o + 1], px[o + 2]);
                let v = if r.max(g).max(b) < 90 {
                    0
                } else if r.min(g).min(b) > 200 {
                    1
                } else {
                    2
                };
                votes[v] += 1;
            }
            let seen = if votes[0] >= 5 {
                Seen::Black
            } else if votes[1] >= 5 {
                Seen::White
            } else {
                Seen::Empty
            };
            (name, seen)
        })
        .collect()
}

/// The position in play as the screenshot must show it, by point name.
fn wanted(problem: &tsume_sgf::Problem, pos: &Position) -> Vec<(String, Seen)> {
    let board = problem.full().board();
    let mut out: Vec<(String, Seen)> = pos
        .board()
        .points()
        .filter_map(|p| {
            let f = problem.to_full(p)?;
            let s = match pos.color(p) {
                Some(Color::Black) => Seen::Black,
                Some(Color::White) => Seen::White,
                None => Seen::Empty,
            };
            Some((board.gtp(f), s))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_page_steps_through_a_line_in_chromium() {
    let Some(exe) = chromium() else {
        println!("skipped: no chromium on this machine (Debian: apt-get install chromium)");
        return;
    };
    let dir = scratch_dir();
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../problems/03_bent_three_corner.sgf");
    let page = dir.join("p.html");
    let file_s = file.to_str().unwrap();
    let run = tsume(&[
        "solve",
        file_s,
        "--all-moves",
        "--json",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.err);
    let v = run.json();
    // Black's line as the prover reports it, replayed here with φ.
    let black = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["to_move"] == "B")
        .unwrap();
    let problem = load_problem(&file, &LoadOptions::default()).unwrap();
    let full = problem.full().board();
    let moves: Vec<Move> = black["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| match m["gtp"].as_str().unwrap() {
            "pass" => Move::Pass,
            n => Move::Play(problem.from_full(full.parse_point(n).unwrap()).unwrap()),
        })
        .collect();
    assert!(moves.len() >= 5, "a line with captures: {moves:?}");
    let mut positions = vec![problem.position().with_to_move(Color::Black)];
    for &m in &moves {
        let next = positions.last().unwrap().play(m);
        positions.push(next);
    }

    let profile = dir.join("chromium-profile");
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let mut b = Browser::start(&exe, &profile, &url);
    let t0 = Instant::now();
    while b.eval("document.readyState === 'complete' && document.body.dataset.move !== undefined")
        != json!(true)
    {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the page did not load"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // The line of Black first, chosen by a click on its button.
    let index = b.eval(
        "Array.prototype.findIndex.call(document.querySelectorAll('button.line'),\
         function(e){return e.textContent.indexOf('Black first: Black kills') === 0;})",
    );
    let index = index.as_i64().unwrap();
    assert!(index >= 0, "no button for Black's line");
    b.click(&format!("button.line[data-line=\"{index}\"]"));
    assert_eq!(b.eval("document.body.dataset.move"), json!("0"));
    let mut seen = seen_points(&mut b);
    seen.sort();
    assert_eq!(seen, wanted(&problem, &positions[0]), "the start");
    for (k, want) in positions.iter().enumerate().skip(1) {
        b.click("#next");
        assert_eq!(b.eval("document.body.dataset.move"), json!(k.to_string()));
        let mut seen = seen_points(&mut b);
        seen.sort();
        assert_eq!(seen, wanted(&problem, want), "after move {k}");
    }
    // And back one move.
    b.click("#prev");
    let mut seen = seen_points(&mut b);
    seen.sort();
    assert_eq!(
        seen,
        wanted(&problem, &positions[positions.len() - 2]),
        "one move back"
    );
    drop(b);
    let _ = std::fs::remove_dir_all(&dir);
}
