//! A scene: the board a problem is drawn on (a window of a grid, or a graph laid out),
//! where its position in play sits on it, and the layers drawn from it.

use std::sync::Arc;
use std::time::Instant;

use tsume_board::{Board, GraphFile, Point, Position};
use tsume_sgf::Problem;

use crate::layout::{layout, Gadget};

/// Distance between two lines of a grid, in SVG units.
pub(crate) const SPACING: f64 = 30.0;
/// The wood of the board.
pub(crate) const WOOD: &str = "#dcb35c";
/// Black and white stones (the browser test reads these colours back).
pub(crate) const BLACK: &str = "#141414";
pub(crate) const WHITE: &str = "#f7f7f2";

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
    /// When drawing must be done by (`--time-limit`), if ever.
    pub(crate) deadline: Option<Instant>,
}

/// The most points of a graph board a picture draws (grids are drawn as a window of
/// at most 52×52): above it a picture is not drawn (its layout is linear in the points,
/// its SVG tens of megabytes and unreadable).
pub const MAX_DRAWN_GRAPH_POINTS: usize = 10_000;

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
        Scene::problem_by(problem, None)
    }

    /// [`Scene::of_problem`] drawn by `deadline`, on a board it draws.
    ///
    /// # Errors
    /// A graph board of more than [`MAX_DRAWN_GRAPH_POINTS`] points, or the deadline passed
    /// while the scene was laid out.
    pub fn of_problem_by(problem: &Problem, deadline: Option<Instant>) -> Result<Scene, DrawError> {
        let board = problem.full().board();
        if board.grid_info().is_none_or(|g| g.diagonal) && board.len() > MAX_DRAWN_GRAPH_POINTS {
            return Err(DrawError(format!(
                "a graph board of {} points, more than the {MAX_DRAWN_GRAPH_POINTS} a picture draws",
                board.len()
            )));
        }
        let scene = Scene::problem_by(problem, deadline);
        scene.in_time()?;
        Ok(scene)
    }

    fn problem_by(problem: &Problem, deadline: Option<Instant>) -> Scene {
        let board = problem.full().board().clone();
        let in_region: Vec<bool> = {
            let mut v = vec![false; board.len()];
            for &p in problem.region() {
                v[p.index()] = true;
            }
            v
        };
        let mut scene = Scene::new(
            problem.full(),
            problem.position(),
            (in_region, problem.map().to_vec()),
            Some(problem.target_full()),
            &[],
            format!("Problem: {}", title_of(problem)),
            deadline,
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
            (vec![true; n], map),
            file.target,
            &file.labels,
            title,
            None,
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

    /// The scene of `full` with `start` in play: `area` says which points of `full` are
    /// in the region in play, and which point of `full` each point of `start` is.
    fn new(
        full: &Position,
        start: &Position,
        area: (Vec<bool>, Vec<Option<Point>>),
        target: Option<Point>,
        labels: &[(Point, String)],
        title: impl Into<String>,
        deadline: Option<Instant>,
    ) -> Scene {
        let (in_region, map) = area;
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
                let lay = layout(&board, labels, deadline);
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
            deadline,
        }
    }

    /// Whether drawing is still within its deadline.
    ///
    /// # Errors
    /// The deadline passed.
    pub(crate) fn in_time(&self) -> Result<(), DrawError> {
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(DrawError(
                "the time limit was reached while drawing".to_string(),
            )),
            _ => Ok(()),
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
}

/// A problem's name in a picture: its file's name without the folders, and its game
/// tree in a collection.
fn title_of(problem: &Problem) -> String {
    let base = std::path::Path::new(problem.file())
        .file_name()
        .map_or_else(
            || problem.file().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
    tsume_sgf::tree_label(&base, problem.game_tree(), problem.game_trees())
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

/// Where the outside's virtual wall joins the area: every stone of an attacker group
/// joined to it, and every frame point, drawn as a link to each of its neighbours on
/// the board outside the area (the rest of the board, which the virtual wall stands for).
fn joins(problem: &Problem, scene: &Scene) -> Vec<(usize, (f64, f64))> {
    let Some(outside) = problem.outside() else {
        return Vec::new();
    };
    let pos = problem.position();
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
            if problem.region().contains(&n) {
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
