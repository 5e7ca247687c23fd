//! The SVG picture: the problem, then one figure per line, side by side, with captions
//! and a legend.

use svg::node::element::{Group, Rectangle};
use svg::Document;

use crate::figure::{diagrams, figure_of, Line};
use crate::layers::text;
use crate::scene::{DrawError, Kind, Scene};

/// Most diagrams a line is cut into ([`diagrams`]).
const MAX_DIAGRAMS: usize = 3;
/// Widest row of panels before the next row starts.
const MAX_ROW: f64 = 1500.0;
/// Caption text size and line height.
const FONT: f64 = 12.5;
const LEADING: f64 = 16.0;
const GAP: f64 = 26.0;

/// The words of `t` in lines of at most `width` units (a rough average glyph width).
pub(crate) fn wrap(t: &str, width: f64, size: f64) -> Vec<String> {
    let max = ((width / (size * 0.56)) as usize).max(12);
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in t.split_whitespace() {
        // A word longer than a line (a path) is cut.
        let chars: Vec<char> = word.chars().collect();
        let pieces: Vec<String> = chars.chunks(max).map(|c| c.iter().collect()).collect();
        for w in &pieces {
            let w = w.as_str();
            if !cur.is_empty() && cur.chars().count() + 1 + w.chars().count() > max {
                out.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(w);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// One panel: a title above, the board, a caption below.
struct Panel {
    group: Group,
    width: f64,
    height: f64,
}

fn panel(scene: &Scene, id: &str, title: &str, board: Group, caption: &[String]) -> Panel {
    let w = scene.width.max(220.0);
    let mut g = Group::new().set("class", "panel").set("data-panel", id);
    let mut y = 0.0;
    for l in wrap(title, w, 14.0) {
        g = g.add(
            text(0.0, y + 9.0, &l, "title", 14.0, "#111")
                .set("text-anchor", "start")
                .set("font-weight", "bold"),
        );
        y += 18.0;
    }
    y += 4.0;
    g = g.add(board.set("transform", format!("translate(0,{y:.1})")));
    y += scene.height + 4.0;
    for c in caption {
        for l in wrap(c, w, FONT) {
            g = g.add(text(0.0, y + 8.0, &l, "caption", FONT, "#222").set("text-anchor", "start"));
            y += LEADING;
        }
    }
    Panel {
        group: g,
        width: w,
        height: y,
    }
}

/// The picture of a problem and its lines: the problem (the area in play, the target,
/// the outside's virtual wall where it joins), then each line's figures (its moves
/// numbered, captures taken off, the moves a figure cannot show noted below it; a line
/// is cut into up to three diagrams where its own stones are taken, as books do), then
/// `facts` and a legend. A figure's panel is `line-I`, or `line-I-J` for the J-th
/// diagram of a line that is cut.
///
/// # Errors
/// The scene's deadline passed (it is looked at between panels).
pub fn problem_svg(scene: &Scene, lines: &[Line], facts: &[String]) -> Result<String, DrawError> {
    let mut panels = Vec::new();
    let start = scene.start.clone();
    let board = Group::new()
        .add(scene.base(true))
        .add(scene.stones(&start, None))
        .add(scene.overlay());
    let to_move = format!("{} to move", start.to_move().title());
    let first = if scene.joins.is_empty() {
        vec![to_move]
    } else {
        vec![to_move, "blue dashes: joined to the outside".to_string()]
    };
    panels.push(panel(scene, "problem", &scene.title, board, &first));
    for (i, line) in lines.iter().enumerate() {
        let name = |p| scene.point_name(p);
        let parts = diagrams(line, MAX_DIAGRAMS);
        for (j, &(from, to)) in parts.iter().enumerate() {
            scene.in_time()?;
            let f = figure_of(line, from, to, &name);
            let board = Group::new()
                .add(scene.base(false))
                .add(scene.stones(&f.position, Some(&f.numbers)))
                .add(scene.overlay());
            let mut caption = Vec::new();
            if !f.notes.is_empty() {
                caption.push(f.notes.join("; "));
            }
            if j + 1 == parts.len() && !line.end.is_empty() {
                caption.push(line.end.clone());
            }
            if line.steps.is_empty() {
                caption.push("no move to show".to_string());
            }
            let title = if j == 0 {
                line.title.clone()
            } else {
                format!("{}, continued: {}–{}", line.group, from + 1, to)
            };
            let id = if parts.len() == 1 {
                format!("line-{i}")
            } else {
                format!("line-{i}-{j}")
            };
            panels.push(panel(scene, &id, &title, board, &caption));
        }
    }
    // Rows of panels.
    let mut doc_w: f64 = 0.0;
    let mut y = 12.0;
    let mut x = 12.0;
    let mut row_h: f64 = 0.0;
    let mut placed = Group::new();
    for p in panels {
        if x > 12.0 && x + p.width > MAX_ROW {
            y += row_h + GAP;
            x = 12.0;
            row_h = 0.0;
        }
        placed = placed.add(
            p.group
                .set("transform", format!("translate({x:.1},{y:.1})")),
        );
        x += p.width + GAP;
        row_h = row_h.max(p.height);
        doc_w = doc_w.max(x);
    }
    y += row_h + 10.0;
    let mut legend = facts.to_vec();
    legend.push(legend_text(scene, !lines.is_empty()));
    let width = doc_w.max(320.0);
    for f in &legend {
        for l in wrap(f, width - 24.0, FONT) {
            placed = placed
                .add(text(12.0, y + 8.0, &l, "fact", FONT, "#222").set("text-anchor", "start"));
            y += LEADING;
        }
    }
    let height = y + 10.0;
    scene.in_time()?;
    Ok(Document::new()
        .set("width", width.round())
        .set("height", height.round())
        .set("viewBox", (0, 0, width.round(), height.round()))
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "#ffffff"),
        )
        .add(placed)
        .to_string())
}

/// What the marks mean.
pub(crate) fn legend_text(scene: &Scene, numbers: bool) -> String {
    let mut parts = vec!["red triangle: the target".to_string()];
    if matches!(scene.kind, Kind::Board { .. }) && scene.in_play.iter().any(|&p| !p) {
        parts.push("grey: not in play".to_string());
    }
    if !scene.joins.is_empty() {
        parts.push(
            "blue dashes: the area joins the outside there (one virtual attacker stone with two \
             eyes stands for the rest of the board)"
                .to_string(),
        );
    }
    if numbers {
        parts.push(
            "numbers: the order of the moves; \"7 at 3\": move 7 was played where 3 stands"
                .to_string(),
        );
    }
    parts.join(" · ")
}
