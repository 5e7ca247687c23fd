//! A scene: the board a problem is drawn on (a window of a grid, or a graph laid out),
//! where its position in play sits on it, and the layers drawn from it.

use std::sync::Arc;

use svg::node::element::{Circle, Group, Line as SvgLine, Polygon, Rectangle, Text, Title};
use tsume_board::{Board, Color, GraphFile, Point, Position};
use tsume_sgf::Problem;

use crate::layout::{layout, Gadget};

/// Distance between two lines of a grid, in SVG units.
pub(crate) const SPACING: f64 = 30.0;
/// The wood of the board.
pub(crate) const WOOD: &str = "#dcb35c";
/// Black and white stones (the browser test reads these colours back).
pub(crate) const BLACK: &str = "#141414";
pub(crate) const WHITE: &str = "#f7f7f2";
/// The grey laid over the points not in play.
const GREY: &str = "#7d7d7d";
/// The outside's virtual wall.
const WALL: &str = "#2460c8";
/// The target's mark.
const MARK: &str = "#d0311f";

/// A drawn point.
#[derive(Clone, Debug)]
pub(crate) struct Spot {
    /// The point of the board drawn.
    pub point: Point,
    pub x: f64,
    pub y: f64,
    /// Its name on the board (GTP on grids).
    pub name: String,
}

#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// A window of a grid: columns x0..=x1, rows y0..=y1; `open` sides (top, right,
    /// bottom, left) are cut from a larger board.
    Board {
        x0: u32,
        y0: u32,
        x1: u32,
        y1: u32,
        width: u32,
        height: u32,
        open: [bool; 4],
    },
    /// Nodes and edges (spot indices; faint: an edge to a big wall).
    Graph { edges: Vec<(usize, usize, bool)> },
}

/// What is drawn of a problem, whatever the moves.
#[derive(Clone, Debug)]
pub struct Scene {
    pub(crate) board: Arc<Board>,
    /// The position in play at the start.
    pub(crate) start: Position,
    /// The board's stones at the start (the stones outside the area in play are drawn
    /// from it).
    pub(crate) full: Position,
    pub(crate) spots: Vec<Spot>,
    /// For each point of the board, its spot.
    pub(crate) spot_of: Vec<Option<usize>>,
    /// For each spot, whether it is in play.
    pub(crate) in_play: Vec<bool>,
    /// For each point of the position in play, the board's point (None: virtual).
    pub(crate) map: Vec<Option<Point>>,
    /// The target, on the board.
    pub(crate) target: Option<Point>,
    /// Where the outside's virtual wall joins: a spot and the point beyond it (x, y).
    pub(crate) joins: Vec<(usize, (f64, f64))>,
    /// Short labels of spots.
    pub(crate) labels: Vec<(usize, String)>,
    pub(crate) gadgets: Vec<(Vec<usize>, String)>,
    pub(crate) kind: Kind,
    pub(crate) width: f64,
    pub(crate) height: f64,
    pub(crate) radius: f64,
    /// The name of the problem (file and game tree).
    pub(crate) title: String,
}

/// Why a scene could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawError(pub String);

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DrawError {}

impl Scene {
    /// The scene of a loaded problem: its whole board (a window of it around the area in
    /// play on a large grid), the area in play, the target and where the outside's
    /// virtual wall joins.
    pub fn of_problem(problem: &Problem) -> Scene {
        let board = problem.full.board().clone();
        let in_region: Vec<bool> = {
            let mut v = vec![false; board.len()];
            for &p in &problem.region {
                v[p.index()] = true;
            }
            v
        };
        let mut scene = Scene::new(
            &problem.full,
            &problem.position,
            in_region,
            problem.map.clone(),
            Some(problem.target_full),
            &[],
            format!("Problem: {}", title_of(problem)),
        );
        scene.joins = joins(problem, &scene);
        scene
    }

    /// The scene of a graph board file (a 3-SAT instance): every point in play, the
    /// file's labels (design D2's points get its gadgets' names and boxes).
    ///
    /// # Errors
    /// A position that breaks Theorem 2 (the file's loader refuses it first).
    pub fn of_graph_file(file: &GraphFile, title: &str) -> Result<Scene, DrawError> {
        let pos = file.position().map_err(|e| DrawError(e.to_string()))?;
        let n = file.board.len();
        let map = (0..n).map(|i| Some(Point::from_index(i))).collect();
        let short: Vec<(Point, String)> = file
            .labels
            .iter()
            .filter(|(_, t)| t.chars().count() <= 4)
            .cloned()
            .collect();
        let mut scene = Scene::new(
            &pos,
            &pos,
            vec![true; n],
            map,
            file.target,
            &file.labels,
            title,
        );
        if scene.labels.is_empty() {
            scene.labels = short
                .into_iter()
                .filter_map(|(p, t)| Some((scene.spot_of[p.index()]?, t)))
                .collect();
        }
        Ok(scene)
    }

    /// The scene of an SGF square grid written by tsume-reduce (the whole board in
    /// play, Λ marked with `TR`, the gadgets labelled with `LB`).
    ///
    /// # Errors
    /// SGF the loader refuses, named `name`.
    pub fn of_sgf_grid(text: &str, name: &str) -> Result<Scene, DrawError> {
        let opts = tsume_sgf::LoadOptions {
            region: tsume_sgf::RegionSpec::Board,
            ..tsume_sgf::LoadOptions::default()
        };
        let problem = tsume_sgf::parse_sgf_problem(text, name, &opts)
            .map_err(|e| DrawError(e.to_string()))?;
        let mut scene = Scene::of_problem(&problem);
        let board = scene.board.clone();
        scene.labels = sgf_labels(text)
            .into_iter()
            .filter_map(|(x, y, t)| Some((scene.spot_of[board.point_at(x, y)?.index()]?, t)))
            .collect();
        Ok(scene)
    }

    fn new(
        full: &Position,
        start: &Position,
        in_region: Vec<bool>,
        map: Vec<Option<Point>>,
        target: Option<Point>,
        labels: &[(Point, String)],
        title: impl Into<String>,
    ) -> Scene {
        let board = full.board().clone();
        let mut spots = Vec::new();
        let mut spot_of = vec![None; board.len()];
        let mut gadgets_out = Vec::new();
        let mut labels_out = Vec::new();
        let (kind, width, height, radius) = match board.grid_info() {
            Some(g) if !g.diagonal => {
                let (x0, y0, x1, y1) = window(&board, &in_region);
                let open = [y0 > 0, x1 + 1 < g.width, y1 + 1 < g.height, x0 > 0];
                // Room for the row numbers on the left and the letters below.
                let (left, top) = (SPACING * 1.3, SPACING * 0.8);
                for y in y0..=y1 {
                    for x in x0..=x1 {
                        let Some(p) = board.point_at(x, y) else {
                            continue;
                        };
                        spot_of[p.index()] = Some(spots.len());
                        spots.push(Spot {
                            point: p,
                            x: left + f64::from(x - x0) * SPACING,
                            y: top + f64::from(y - y0) * SPACING,
                            name: board.gtp(p),
                        });
                    }
                }
                let w = left + f64::from(x1 - x0) * SPACING + SPACING * 0.8;
                let h = top + f64::from(y1 - y0) * SPACING + SPACING * 1.3;
                let kind = Kind::Board {
                    x0,
                    y0,
                    x1,
                    y1,
                    width: g.width,
                    height: g.height,
                    open,
                };
                (kind, w, h, SPACING * 0.47)
            }
            _ => {
                let lay = layout(&board, labels);
                let unit = 58.0;
                let (mut minx, mut miny) = (f64::MAX, f64::MAX);
                let (mut maxx, mut maxy) = (f64::MIN, f64::MIN);
                for &(x, y) in &lay.at {
                    minx = minx.min(x);
                    miny = miny.min(y);
                    maxx = maxx.max(x);
                    maxy = maxy.max(y);
                }
                // A force layout's edges are about one unit long; grids are spaced by one.
                let pad = unit * 0.9;
                for p in board.points() {
                    let (x, y) = lay.at[p.index()];
                    spot_of[p.index()] = Some(spots.len());
                    spots.push(Spot {
                        point: p,
                        x: pad + (x - minx) * unit,
                        y: pad + (y - miny) * unit,
                        name: match board.grid_info() {
                            Some(_) => board.gtp(p),
                            None => board.name(p).to_string(),
                        },
                    });
                }
                let mut edges = Vec::new();
                for p in board.points() {
                    for &q in board.neighbors(p) {
                        if p < q {
                            let faint = lay.faint.contains(&p) || lay.faint.contains(&q);
                            if let (Some(a), Some(b)) = (spot_of[p.index()], spot_of[q.index()]) {
                                edges.push((a, b, faint));
                            }
                        }
                    }
                }
                for Gadget { points, label } in lay.gadgets {
                    let s = points.iter().filter_map(|p| spot_of[p.index()]).collect();
                    gadgets_out.push((s, label));
                }
                for (p, t) in lay.labels {
                    if let Some(s) = spot_of[p.index()] {
                        labels_out.push((s, t));
                    }
                }
                // No names of its own: each point's name.
                if labels_out.is_empty() && labels.is_empty() {
                    labels_out = spots
                        .iter()
                        .enumerate()
                        .map(|(i, s)| (i, s.name.clone()))
                        .collect();
                }
                let w = pad * 2.0 + (maxx - minx).max(0.0) * unit;
                let h = pad * 2.0 + (maxy - miny).max(0.0) * unit;
                (Kind::Graph { edges }, w, h, unit * 0.22)
            }
        };
        let in_play = spots.iter().map(|s| in_region[s.point.index()]).collect();
        Scene {
            board,
            start: start.clone(),
            full: full.clone(),
            spots,
            spot_of,
            in_play,
            map,
            target,
            joins: Vec::new(),
            labels: labels_out,
            gadgets: gadgets_out,
            kind,
            width,
            height,
            radius,
            title: title.into(),
        }
    }

    /// The spot of a point of the position in play (None: a virtual point, or not drawn).
    pub(crate) fn spot_in_play(&self, p: Point) -> Option<usize> {
        let f = self.map.get(p.index()).copied().flatten()?;
        self.spot_of.get(f.index()).copied().flatten()
    }

    /// The name of a point of the position in play, as the whole board names it (GTP
    /// on grids).
    pub fn point_name(&self, p: Point) -> String {
        match self.map.get(p.index()).copied().flatten() {
            Some(f) => match self.board.grid_info() {
                Some(_) => self.board.gtp(f),
                None => self.board.name(f).to_string(),
            },
            None => "an eye of the outside (virtual)".to_string(),
        }
    }

    /// The layers under the stones: the wood or paper, lines or edges, star points,
    /// coordinates, the grey over the points not in play with their stones, gadget boxes,
    /// and (if `joins`) the outside's virtual wall where it joins.
    pub(crate) fn base(&self, with_joins: bool) -> Group {
        let mut g = Group::new().set("class", "base");
        let r = self.radius;
        match &self.kind {
            Kind::Board {
                x0,
                y0,
                x1,
                y1,
                width,
                height,
                open,
            } => {
                let first = &self.spots[0];
                let (ax, ay) = (first.x, first.y);
                let bx = ax + f64::from(x1 - x0) * SPACING;
                let by = ay + f64::from(y1 - y0) * SPACING;
                let m = SPACING * 0.55;
                g = g.add(
                    Rectangle::new()
                        .set("class", "wood")
                        .set("x", ax - m)
                        .set("y", ay - m)
                        .set("width", bx - ax + 2.0 * m)
                        .set("height", by - ay + 2.0 * m)
                        .set("fill", WOOD),
                );
                let ext = SPACING * 0.5;
                for x in *x0..=*x1 {
                    let cx = ax + f64::from(x - x0) * SPACING;
                    let edge = x == 0 || x + 1 == *width;
                    g = g.add(grid_line(
                        cx,
                        ay - if open[0] { ext } else { 0.0 },
                        cx,
                        by + if open[2] { ext } else { 0.0 },
                        edge,
                    ));
                }
                for y in *y0..=*y1 {
                    let cy = ay + f64::from(y - y0) * SPACING;
                    let edge = y == 0 || y + 1 == *height;
                    g = g.add(grid_line(
                        ax - if open[3] { ext } else { 0.0 },
                        cy,
                        bx + if open[1] { ext } else { 0.0 },
                        cy,
                        edge,
                    ));
                }
                for (sx, sy) in star_points(*width, *height) {
                    if (*x0..=*x1).contains(&sx) && (*y0..=*y1).contains(&sy) {
                        g = g.add(
                            Circle::new()
                                .set("class", "star")
                                .set("cx", ax + f64::from(sx - x0) * SPACING)
                                .set("cy", ay + f64::from(sy - y0) * SPACING)
                                .set("r", 3.2)
                                .set("fill", "#222"),
                        );
                    }
                }
                // Coordinates: letters below, numbers on the left (GTP: A1 bottom left).
                for x in *x0..=*x1 {
                    let name = tsume_board::coord::gtp_column(x)
                        .map_or_else(|| x.to_string(), |c| c.to_string());
                    g = g.add(text(
                        ax + f64::from(x - x0) * SPACING,
                        by + SPACING * 0.95,
                        &name,
                        "coord col",
                        12.0,
                        "#333",
                    ));
                }
                for y in *y0..=*y1 {
                    g = g.add(text(
                        ax - SPACING * 0.95,
                        ay + f64::from(y - y0) * SPACING,
                        &(height - y).to_string(),
                        "coord row",
                        12.0,
                        "#333",
                    ));
                }
                // The points not in play, greyed.
                for (s, spot) in self.spots.iter().enumerate() {
                    if !self.in_play[s] {
                        g = g.add(
                            Rectangle::new()
                                .set("class", "out")
                                .set("x", spot.x - SPACING / 2.0)
                                .set("y", spot.y - SPACING / 2.0)
                                .set("width", SPACING)
                                .set("height", SPACING)
                                .set("fill", GREY)
                                .set("fill-opacity", 0.55),
                        );
                    }
                }
            }
            Kind::Graph { edges } => {
                g = g.add(
                    Rectangle::new()
                        .set("class", "paper")
                        .set("x", 0)
                        .set("y", 0)
                        .set("width", self.width)
                        .set("height", self.height)
                        .set("rx", 8)
                        .set("fill", "#efe3c2"),
                );
                for (spots, label) in &self.gadgets {
                    g = g.add(self.gadget_box(spots, label));
                }
                for &(a, b, faint) in edges {
                    let (p, q) = (&self.spots[a], &self.spots[b]);
                    let mut l = SvgLine::new()
                        .set("class", if faint { "edge faint" } else { "edge" })
                        .set("x1", p.x)
                        .set("y1", p.y)
                        .set("x2", q.x)
                        .set("y2", q.y)
                        .set("stroke", if faint { "#9c8a64" } else { "#3a3a3a" })
                        .set("stroke-width", if faint { 0.8 } else { 1.6 });
                    if faint {
                        l = l.set("stroke-dasharray", "3 3");
                    }
                    g = g.add(l);
                }
                for (s, spot) in self.spots.iter().enumerate() {
                    g = g.add(
                        Circle::new()
                            .set("class", if self.in_play[s] { "node" } else { "node out" })
                            .set("cx", spot.x)
                            .set("cy", spot.y)
                            .set("r", r * 0.42)
                            .set("fill", "#c9a24f")
                            .set("stroke", "#3a3a3a")
                            .set("stroke-width", 1),
                    );
                }
            }
        }
        // Stones not in play: from the board's start, faded (they never move).
        for (s, spot) in self.spots.iter().enumerate() {
            if self.in_play[s] {
                continue;
            }
            if let Some(c) = self.full.color(spot.point) {
                g = g.add(stone(spot, c, r, "stone out").set("opacity", 0.45));
            }
        }
        if with_joins {
            // A dashed link from the stone or point to the board beyond the area, ending
            // in a small diamond: the virtual wall.
            for &(s, (tx, ty)) in &self.joins {
                let spot = &self.spots[s];
                let (dx, dy) = (tx - spot.x, ty - spot.y);
                let len = (dx * dx + dy * dy).sqrt().max(1e-6);
                let (ux, uy) = (dx / len, dy / len);
                let k = r * 0.42;
                g = g
                    .add(
                        SvgLine::new()
                            .set("class", "join")
                            .set("x1", spot.x + ux * r * 0.9)
                            .set("y1", spot.y + uy * r * 0.9)
                            .set("x2", tx)
                            .set("y2", ty)
                            .set("stroke", WALL)
                            .set("stroke-width", 4)
                            .set("stroke-dasharray", "6 3"),
                    )
                    .add(
                        Polygon::new()
                            .set("class", "wall")
                            .set(
                                "points",
                                format!(
                                    "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                                    tx,
                                    ty - k,
                                    tx + k,
                                    ty,
                                    tx,
                                    ty + k,
                                    tx - k,
                                    ty
                                ),
                            )
                            .set("fill", WALL),
                    );
            }
        }
        g
    }

    /// A gadget's box: a rounded rectangle around its points, its name above.
    fn gadget_box(&self, spots: &[usize], label: &str) -> Group {
        let r = self.radius;
        let xs = spots.iter().map(|&s| self.spots[s].x);
        let ys = spots.iter().map(|&s| self.spots[s].y);
        let (minx, maxx) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (miny, maxy) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
        let pad = r * 1.6;
        Group::new()
            .set("class", "gadget")
            .add(
                Rectangle::new()
                    .set("x", minx - pad)
                    .set("y", miny - pad)
                    .set("width", maxx - minx + 2.0 * pad)
                    .set("height", maxy - miny + 2.0 * pad)
                    .set("rx", 9)
                    .set("fill", "#fff8e6")
                    .set("fill-opacity", 0.7)
                    .set("stroke", "#8a6d2f")
                    .set("stroke-width", 1),
            )
            .add(
                text(
                    minx - pad + 4.0,
                    miny - pad - 6.0,
                    label,
                    "gadget-name",
                    11.0,
                    "#5a4318",
                )
                .set("text-anchor", "start"),
            )
    }

    /// The layer over the stones: short labels, with a patch of wood under a label on
    /// an empty point of a board.
    pub(crate) fn overlay(&self) -> Group {
        let mut g = Group::new().set("class", "labels");
        for (s, t) in &self.labels {
            let spot = &self.spots[*s];
            let on_board = matches!(self.kind, Kind::Board { .. });
            if on_board {
                let fill = match self.full.color(spot.point) {
                    Some(Color::Black) => "#ffffff",
                    Some(Color::White) => "#000000",
                    None => "#000000",
                };
                if self.full.color(spot.point).is_none() {
                    g = g.add(
                        Rectangle::new()
                            .set("x", spot.x - SPACING * 0.32)
                            .set("y", spot.y - SPACING * 0.26)
                            .set("width", SPACING * 0.64)
                            .set("height", SPACING * 0.52)
                            .set("fill", WOOD),
                    );
                }
                g = g.add(text(spot.x, spot.y, t, "label", 11.0, fill));
            } else {
                g = g.add(
                    text(
                        spot.x + self.radius * 0.9,
                        spot.y - self.radius * 0.9,
                        t,
                        "label",
                        12.0,
                        "#1f1f7a",
                    )
                    .set("text-anchor", "start")
                    .set("font-weight", "bold"),
                );
            }
        }
        g
    }

    /// The stones of a position in play, numbered as `numbers` says, the target marked
    /// while its stone stands.
    pub(crate) fn stones(&self, pos: &Position, numbers: Option<&[Option<u32>]>) -> Group {
        let mut g = Group::new().set("class", "stones");
        let r = self.radius;
        for p in pos.board().points() {
            let (Some(s), Some(c)) = (self.spot_in_play(p), pos.color(p)) else {
                continue;
            };
            let spot = &self.spots[s];
            let class = match c {
                Color::Black => "stone black",
                Color::White => "stone white",
            };
            g = g.add(stone(spot, c, r, class));
            if let Some(n) = numbers.and_then(|ns| ns.get(p.index()).copied().flatten()) {
                g = g.add(number(spot, c, r, n));
            }
        }
        if let Some(t) = self.target {
            let standing = self
                .map
                .iter()
                .position(|&f| f == Some(t))
                .and_then(|i| pos.color(Point::from_index(i)));
            if let (Some(c), Some(s)) = (standing, self.spot_of[t.index()]) {
                g = g.add(target_mark(&self.spots[s], c, r));
            }
        }
        g
    }
}

/// A problem's name in a picture: its file's name without the folders, and its game
/// tree in a collection.
fn title_of(problem: &Problem) -> String {
    let base = std::path::Path::new(&problem.file).file_name().map_or_else(
        || problem.file.clone(),
        |n| n.to_string_lossy().into_owned(),
    );
    tsume_sgf::tree_label(&base, problem.game_tree, problem.game_trees)
}

/// A line of the grid (thicker on the board's edge).
fn grid_line(x1: f64, y1: f64, x2: f64, y2: f64, edge: bool) -> SvgLine {
    SvgLine::new()
        .set("class", if edge { "line edge" } else { "line" })
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("stroke", "#2b2b2b")
        .set("stroke-width", if edge { 2.0 } else { 1.0 })
}

/// Centred text.
pub(crate) fn text(x: f64, y: f64, t: &str, class: &str, size: f64, fill: &str) -> Text {
    Text::new(t)
        .set("class", class)
        .set("x", x)
        .set("y", y)
        .set("font-size", size)
        .set("font-family", "DejaVu Sans, Arial, sans-serif")
        .set("text-anchor", "middle")
        .set("dominant-baseline", "central")
        .set("fill", fill)
}

/// A stone: a circle named by its point (`data-point`), its colour in `class`.
pub(crate) fn stone(spot: &Spot, c: Color, r: f64, class: &str) -> Circle {
    let (fill, stroke) = match c {
        Color::Black => (BLACK, "#000"),
        Color::White => (WHITE, "#444"),
    };
    Circle::new()
        .set("class", class)
        .set("data-point", spot.name.as_str())
        .set("cx", spot.x)
        .set("cy", spot.y)
        .set("r", r)
        .set("fill", fill)
        .set("stroke", stroke)
        .set("stroke-width", 1)
}

/// A move number on a stone.
pub(crate) fn number(spot: &Spot, c: Color, r: f64, n: u32) -> Text {
    let size = if n >= 100 { r * 0.78 } else { r * 0.98 };
    let fill = match c {
        Color::Black => "#ffffff",
        Color::White => "#000000",
    };
    text(spot.x, spot.y, &n.to_string(), "num", size, fill)
}

/// The target's mark: a triangle on its stone.
pub(crate) fn target_mark(spot: &Spot, _c: Color, r: f64) -> Polygon {
    let k = r * 0.55;
    let pts = format!(
        "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
        spot.x,
        spot.y - k,
        spot.x - k * 0.87,
        spot.y + k * 0.5,
        spot.x + k * 0.87,
        spot.y + k * 0.5
    );
    Polygon::new()
        .set("class", "target")
        .set("points", pts)
        .set("fill", "none")
        .set("stroke", MARK)
        .set("stroke-width", 2.2)
        .add(Title::new("the target"))
}

/// The window of a grid drawn for a problem: the area in play and a line around it, the
/// sides within three lines of the edge taken to it; the whole board when that is most
/// of it.
fn window(board: &Board, in_region: &[bool]) -> (u32, u32, u32, u32) {
    let Some(g) = board.grid_info() else {
        return (0, 0, 0, 0);
    };
    let whole = (0, 0, g.width - 1, g.height - 1);
    let pts: Vec<(u32, u32)> = board
        .points()
        .filter(|p| in_region[p.index()])
        .filter_map(|p| board.xy(p))
        .collect();
    if pts.is_empty() {
        return whole;
    }
    let x0 = pts.iter().map(|p| p.0).min().unwrap_or(0).saturating_sub(1);
    let y0 = pts.iter().map(|p| p.1).min().unwrap_or(0).saturating_sub(1);
    let x1 = (pts.iter().map(|p| p.0).max().unwrap_or(0) + 1).min(g.width - 1);
    let y1 = (pts.iter().map(|p| p.1).max().unwrap_or(0) + 1).min(g.height - 1);
    let x0 = if x0 <= 3 { 0 } else { x0 };
    let y0 = if y0 <= 3 { 0 } else { y0 };
    let x1 = if x1 + 4 >= g.width { g.width - 1 } else { x1 };
    let y1 = if y1 + 4 >= g.height { g.height - 1 } else { y1 };
    if 4 * (x1 - x0 + 1) >= 3 * g.width && 4 * (y1 - y0 + 1) >= 3 * g.height {
        return whole;
    }
    (x0, y0, x1, y1)
}

/// Star points: on boards of 9 lines or more, the third line (fourth from 13), the
/// centre of an odd board, the sides' middles from 15 lines.
fn star_points(w: u32, h: u32) -> Vec<(u32, u32)> {
    if w < 9 || h < 9 {
        return Vec::new();
    }
    let e = if w.min(h) >= 13 { 3 } else { 2 };
    let axis = |n: u32, other: u32| {
        let mut v = vec![e, n - 1 - e];
        if n % 2 == 1 && (n >= 15 || n == other) {
            v.push(n / 2);
        }
        v
    };
    let (xs, ys) = (axis(w, h), axis(h, w));
    let mut out = Vec::new();
    for &x in &xs {
        for &y in &ys {
            let middle_x = w % 2 == 1 && x == w / 2;
            let middle_y = h % 2 == 1 && y == h / 2;
            // Below 15 lines only the corners' points and the centre.
            if w.max(h) < 15 && middle_x != middle_y {
                continue;
            }
            out.push((x, y));
        }
    }
    out
}

/// Where the outside's virtual wall joins the area: every stone of an attacker group
/// joined to it, and every frame point, drawn as a link to each of its neighbours on
/// the board outside the area (the rest of the board, which the virtual wall stands for).
fn joins(problem: &Problem, scene: &Scene) -> Vec<(usize, (f64, f64))> {
    let Some(outside) = problem.outside else {
        return Vec::new();
    };
    let pos = &problem.position;
    let mut points: Vec<Point> = Vec::new();
    for &q in pos.board().neighbors(outside) {
        match pos.color(q) {
            Some(_) => points.extend(pos.group(q)),
            None => points.push(q),
        }
    }
    points.sort();
    points.dedup();
    let board = &scene.board;
    let mut out = Vec::new();
    for p in points {
        let (Some(f), Some(s)) = (problem.to_full(p), scene.spot_in_play(p)) else {
            continue;
        };
        let spot = &scene.spots[s];
        for &n in board.neighbors(f) {
            if problem.region.contains(&n) {
                continue;
            }
            let (Some((fx, fy)), Some((nx, ny))) = (board.xy(f), board.xy(n)) else {
                continue;
            };
            let dx = f64::from(nx) - f64::from(fx);
            let dy = f64::from(ny) - f64::from(fy);
            out.push((s, (spot.x + dx * SPACING, spot.y + dy * SPACING)));
        }
    }
    out
}

/// The `LB` labels of an SGF text's first node: (column, row, text).
fn sgf_labels(text: &str) -> Vec<(u32, u32, String)> {
    let Ok(nodes) = sgf_parse::go::parse(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for node in nodes.iter().take(1) {
        for prop in node.properties() {
            if let sgf_parse::go::Prop::LB(set) = prop {
                for (p, t) in set {
                    out.push((u32::from(p.x), u32::from(p.y), t.to_string()));
                }
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_the_usual_boards() {
        assert_eq!(star_points(19, 19).len(), 9);
        assert!(star_points(19, 19).contains(&(3, 3)) && star_points(19, 19).contains(&(9, 9)));
        assert_eq!(star_points(13, 13).len(), 5);
        assert!(star_points(13, 13).contains(&(3, 9)) && star_points(13, 13).contains(&(6, 6)));
        assert_eq!(star_points(9, 9).len(), 5);
        assert!(star_points(9, 9).contains(&(2, 6)) && star_points(9, 9).contains(&(4, 4)));
        assert!(star_points(7, 5).is_empty());
    }
}
