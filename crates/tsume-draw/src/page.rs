//! The HTML page: one self-contained file (no network, no framework) that shows the
//! board and steps through the lines.
//!
//! The board's fixed layers are SVG written here; the stones of each step are data,
//! computed here by playing the lines with φ (the page knows no rule of Go), and a small
//! script draws them. The page opens at `#line=L&move=K` when the address says so.

use serde_json::{json, Value};
use svg::node::element::Group;
use svg::Document;
use tsume_board::Color;

use crate::figure::{figure, Line};
use crate::picture::legend_text;
use crate::scene::{DrawError, Scene, BLACK, WHITE};

/// The script: reads the data, draws the stones of a step, wires the buttons (plain
/// JavaScript, no library).
const SCRIPT: &str = include_str!("page.js");

const STYLE: &str = "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:16px;color:#1b1b1b;\
background:#fbfaf6}h1{font-size:20px;margin:0 0 8px}.facts p{margin:2px 0;font-size:14px}\
.main{display:flex;flex-wrap:wrap;gap:20px;margin-top:12px;align-items:flex-start}\
#board svg{display:block}.side{max-width:460px}.controls button{font-size:16px;min-width:44px;\
margin-right:4px;padding:4px 8px}#count{margin:0 8px;font-variant-numeric:tabular-nums}\
#line-title{font-weight:bold;margin:10px 0 4px}#note,#notes{margin:4px 0;min-height:1.2em}\
#notes{color:#555}h3{font-size:14px;margin:14px 0 4px}button.line{display:block;width:100%;\
text-align:left;margin:2px 0;padding:4px 6px;border:1px solid #bbb;background:#fff;\
font-size:13px;cursor:pointer}button.line[aria-pressed=true]{background:#ffe9a8;\
border-color:#a67c00}.legend{font-size:12px;color:#555;margin-top:12px}";

/// Escapes text for HTML.
fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The frames of a line: the start and the position after each move, with the
/// numbers, the move's note and the figure's notes ("7 at 3").
fn frames(
    scene: &Scene,
    line: &Line,
    live: &[usize],
    live_of: &[Option<usize>],
) -> Result<Vec<Value>, DrawError> {
    let name = |p| scene.point_name(p);
    (0..=line.steps.len())
        .map(|k| {
            scene.in_time()?;
            let f = figure(line, k, &name);
            let mut s = String::with_capacity(live.len());
            let mut nums = Vec::new();
            let mut cells = vec!['.'; live.len()];
            for p in f.position.board().points() {
                let Some(i) = live_of.get(p.index()).copied().flatten() else {
                    continue;
                };
                cells[i] = match f.position.color(p) {
                    Some(Color::Black) => 'b',
                    Some(Color::White) => 'w',
                    None => '.',
                };
                if let Some(n) = f.numbers[p.index()] {
                    nums.push(json!([i, n]));
                }
            }
            s.extend(cells);
            let note = if k == 0 {
                format!("{} to move", line.start.to_move().title())
            } else {
                let step = &line.steps[k - 1];
                let what = match step.mv {
                    tsume_board::Move::Pass => "pass".to_string(),
                    tsume_board::Move::Play(p) => name(p),
                };
                let mut t = format!("{k}. {} {what}", step.color.title());
                if !step.note.is_empty() {
                    t.push_str(&format!(" ({})", step.note));
                }
                if k == line.steps.len() && !line.end.is_empty() {
                    t.push_str(&format!(". {}", line.end));
                }
                t
            };
            Ok(json!({"s": s, "n": nums, "note": note, "notes": f.notes.join("; ")}))
        })
        .collect()
}

/// The page of a problem: `heading`, the `facts` (verdicts, the proof's size, the
/// checker's verdict), the board, and the lines to step through (at least the problem's
/// position: a line without moves stands for it when `lines` is empty).
///
/// # Errors
/// The scene's deadline passed (it is looked at between frames).
pub fn page_html(
    scene: &Scene,
    heading: &str,
    facts: &[String],
    lines: &[Line],
) -> Result<String, DrawError> {
    let shown: Vec<Line> = if lines.is_empty() {
        vec![Line {
            group: "Problem".to_string(),
            title: "the problem (no line to show)".to_string(),
            start: scene.start.clone(),
            steps: Vec::new(),
            end: String::new(),
        }]
    } else {
        lines.to_vec()
    };
    // The spots of the position in play, in its point order.
    let mut live = Vec::new();
    let mut live_of = vec![None; scene.start.board().len()];
    for p in scene.start.board().points() {
        if let Some(s) = scene.spot_in_play(p) {
            live_of[p.index()] = Some(live.len());
            live.push(s);
        }
    }
    let target = scene.target.and_then(|t| scene.spot_of[t.index()]);
    let mark = target.map_or(String::new(), |s| {
        let (x, y, k) = (scene.spots[s].x, scene.spots[s].y, scene.radius * 0.55);
        format!(
            "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            x,
            y - k,
            x - k * 0.87,
            y + k * 0.5,
            x + k * 0.87,
            y + k * 0.5
        )
    });
    let mut framed = Vec::with_capacity(shown.len());
    for l in &shown {
        framed.push(json!({
            "group": l.group,
            "title": l.title,
            "frames": frames(scene, l, &live, &live_of)?,
        }));
    }
    let data = json!({
        "spots": scene.spots.iter().map(|s| json!([s.x, s.y, s.name])).collect::<Vec<_>>(),
        "live": live,
        "r": scene.radius,
        "target": target,
        "mark": mark,
        "black": BLACK,
        "white": WHITE,
        "lines": framed,
    });
    // Inside a script element, "</" would end it: JSON allows "<\/".
    let data = serde_json::to_string(&data)
        .unwrap_or_default()
        .replace("</", "<\\/");
    let board = Document::new()
        .set("width", scene.width.round())
        .set("height", scene.height.round())
        .set("viewBox", (0, 0, scene.width.round(), scene.height.round()))
        .add(scene.base(true))
        .add(Group::new().set("id", "stones"))
        .add(scene.overlay());
    let mut list = String::new();
    let mut group = None;
    for (i, l) in shown.iter().enumerate() {
        if group != Some(&l.group) {
            list.push_str(&format!("<h3>{}</h3>\n", esc(&l.group)));
            group = Some(&l.group);
        }
        list.push_str(&format!(
            "<button class=\"line\" data-line=\"{i}\" aria-pressed=\"false\">{}</button>\n",
            esc(&l.title)
        ));
    }
    let facts_html: String = facts
        .iter()
        .map(|f| format!("<p>{}</p>\n", esc(f)))
        .collect();
    scene.in_time()?;
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
<div class=\"facts\">\n{facts_html}</div>\n<div class=\"main\">\n<div id=\"board\">\n{board}\n</div>\n\
<div class=\"side\">\n<div class=\"controls\"><button id=\"first\" title=\"start (Home)\">|&#9664;</button>\
<button id=\"prev\" title=\"back (&#8592;)\">&#9664;</button><span id=\"count\"></span>\
<button id=\"next\" title=\"forward (&#8594;)\">&#9654;</button><button id=\"last\" title=\"end (End)\">&#9654;|</button></div>\n\
<p id=\"line-title\"></p>\n<p id=\"note\"></p>\n<p id=\"notes\"></p>\n<div id=\"lines\">\n{list}</div>\n\
<p class=\"legend\">{legend}</p>\n</div>\n</div>\n\
<script type=\"application/json\" id=\"tsume-data\">{data}</script>\n<script>{SCRIPT}</script>\n</body>\n</html>\n",
        title = esc(heading),
        legend = esc(&legend_text(scene, true)),
    ))
}
