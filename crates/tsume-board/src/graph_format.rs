//! A plain-text format for boards of any shape, with stones, labels, the player to move
//! and a target: what the reduction generator writes and `tsume solve` reads.
//!
//! One directive per line; `#` starts a comment; blank lines are ignored. Names are
//! any run of characters other than white space, `#` and `:`.
//!
//! ```text
//! tsume-graph 1            # optional first line: format and version
//! point a b c d            # declares points, in order (several per line)
//! edge a b                 # a N b (and so b N a)
//! edges c: a b d           # c N a, c N b, c N d
//! nbrs d: c                # d's neighbours, one direction; every nbrs pair must be
//!                          #   listed from both ends (else: asymmetric relation)
//! grid 9 9                 # instead of points and edges: a 9x9 grid, points named
//!                          #   aa..ii as in SGF; `grid 7 7 diagonal` for 8 neighbours
//! black a c                # stones
//! white d
//! label d Λ (target)       # free text for a point (rest of the line)
//! to-move W                # who moves (default B)
//! target d                 # the stone whose group is in question
//! ```
//!
//! Leniency: directives are lower case; `to_move` is accepted for `to-move`; a point may
//! be declared once only; an edge given twice is one edge. Refused, with the line: an
//! unknown directive, an edge naming an undeclared point, a self-loop, a duplicate point,
//! an asymmetric `nbrs` relation, a stone given two colours, a board with no point, and
//! a configuration breaking Theorem 2 (with the line placing a stone the error names). [`write_graph`] output reads back to an equal
//! [`GraphFile`].

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

use crate::board::{Board, BoardError, Point};
use crate::position::{Color, Configuration, IllegalPosition, Position};

/// The contents of a graph board file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GraphFile {
    /// The board.
    pub board: Arc<Board>,
    /// The stones.
    pub config: Configuration,
    /// Who moves, if the file says (`to-move`).
    pub to_move: Option<Color>,
    /// The target stone, if the file names one.
    pub target: Option<Point>,
    /// Free-text labels of points, in file order.
    pub labels: Vec<(Point, String)>,
}

impl GraphFile {
    /// The position, with Black to move if the file does not say.
    ///
    /// # Errors
    /// [`IllegalPosition`] if a group has no liberty.
    pub fn position(&self) -> Result<Position, IllegalPosition> {
        Position::new(
            Arc::clone(&self.board),
            &self.config,
            self.to_move.unwrap_or(Color::Black),
        )
    }
}

/// A graph file that could not be read: the line (from 1; 0 for the whole file) and
/// what is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GraphFormatError {
    /// Line number from 1, or 0 when the problem is the file as a whole.
    pub line: usize,
    /// What is wrong.
    pub kind: GraphErrorKind,
}

/// What is wrong in a graph file.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum GraphErrorKind {
    /// A directive this format does not have.
    UnknownDirective(String),
    /// A directive without the arguments it needs.
    MissingArgument(&'static str),
    /// A name that no `point` line declared.
    UnknownPoint(String),
    /// A point declared twice (and the line of its first declaration).
    DuplicatePoint(String, usize),
    /// An edge from a point to itself.
    SelfLoop(String),
    /// `nbrs a: b` without `nbrs b: … a`.
    Asymmetric(String, String),
    /// A point given both colours.
    TwoColors(String),
    /// Something that should be a number, a colour or a version is not.
    BadValue(String),
    /// Both `grid` and `point`/`edge` lines, or `grid` twice.
    GridAndPoints,
    /// The board could not be built.
    Board(BoardError),
    /// No point at all.
    Empty,
    /// The stones break Theorem 2.
    Illegal(IllegalPosition),
}

impl fmt::Display for GraphFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            GraphErrorKind::UnknownDirective(d) => write!(
                f,
                "unknown directive \"{d}\" (expected point, edge, edges, nbrs, grid, black, white, label, to-move, target)"
            ),
            GraphErrorKind::MissingArgument(what) => write!(f, "missing {what}"),
            GraphErrorKind::UnknownPoint(n) => write!(f, "unknown point \"{n}\""),
            GraphErrorKind::DuplicatePoint(n, first) => {
                write!(f, "duplicate point \"{n}\" (first defined on line {first})")
            }
            GraphErrorKind::SelfLoop(n) => write!(f, "edge joins \"{n}\" to itself"),
            GraphErrorKind::Asymmetric(a, b) => write!(
                f,
                "asymmetric neighbour relation: \"{a}\" lists \"{b}\" but \"{b}\" does not list \"{a}\""
            ),
            GraphErrorKind::TwoColors(n) => write!(f, "point \"{n}\" is both black and white"),
            GraphErrorKind::BadValue(v) => write!(f, "bad value \"{v}\""),
            GraphErrorKind::GridAndPoints => {
                write!(f, "a file has either one grid line or point/edge lines, not both")
            }
            GraphErrorKind::Board(e) => write!(f, "{e}"),
            GraphErrorKind::Empty => write!(f, "the board has no point"),
            GraphErrorKind::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GraphFormatError {}

fn err(line: usize, kind: GraphErrorKind) -> GraphFormatError {
    GraphFormatError { line, kind }
}

/// Reads a graph board file.
///
/// # Errors
/// [`GraphFormatError`] with the line and the offending name.
pub fn parse_graph(text: &str) -> Result<GraphFile, GraphFormatError> {
    let mut names: Vec<String> = Vec::new();
    // Keyed by name with std's hasher: FxHash maps names that share their first bytes to
    // few buckets (quadratic on 100,000 points).
    let mut declared: HashMap<String, (usize, usize)> = HashMap::new(); // name -> (index, line)
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut directed: Vec<(usize, usize, usize)> = Vec::new(); // (from, to, line)
    let mut grid: Option<(u32, u32, bool, usize)> = None;
    // Stones, labels, to-move and target are resolved once the points are known.
    let mut stones: Vec<(Color, String, usize)> = Vec::new();
    let mut labels: Vec<(String, String, usize)> = Vec::new();
    let mut to_move = None;
    let mut target: Option<(String, usize)> = None;

    let lookup = |declared: &HashMap<String, (usize, usize)>, name: &str, line: usize| {
        declared
            .get(name)
            .map(|&(i, _)| i)
            .ok_or_else(|| err(line, GraphErrorKind::UnknownPoint(name.to_string())))
    };

    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let (directive, rest) = content
            .split_once(char::is_whitespace)
            .map_or((content, ""), |(d, r)| (d, r.trim()));
        let args: Vec<&str> = rest.split_whitespace().collect();
        match directive {
            "tsume-graph" => {
                if args.first() != Some(&"1") {
                    return Err(err(line, GraphErrorKind::BadValue(rest.to_string())));
                }
            }
            "point" | "points" => {
                if grid.is_some() {
                    return Err(err(line, GraphErrorKind::GridAndPoints));
                }
                if args.is_empty() {
                    return Err(err(line, GraphErrorKind::MissingArgument("point name")));
                }
                for name in args {
                    if name.contains(':') {
                        return Err(err(line, GraphErrorKind::BadValue(name.to_string())));
                    }
                    if let Some(&(_, first)) = declared.get(name) {
                        return Err(err(
                            line,
                            GraphErrorKind::DuplicatePoint(name.to_string(), first),
                        ));
                    }
                    declared.insert(name.to_string(), (names.len(), line));
                    names.push(name.to_string());
                }
            }
            "edge" => {
                if args.len() != 2 {
                    return Err(err(
                        line,
                        GraphErrorKind::MissingArgument("two point names"),
                    ));
                }
                let a = lookup(&declared, args[0], line)?;
                let b = lookup(&declared, args[1], line)?;
                if a == b {
                    return Err(err(line, GraphErrorKind::SelfLoop(args[0].to_string())));
                }
                edges.push((a, b));
            }
            "edges" | "nbrs" => {
                let (from, list) = rest.split_once(':').ok_or(err(
                    line,
                    GraphErrorKind::MissingArgument("\"NAME:\" before the list"),
                ))?;
                let a = lookup(&declared, from.trim(), line)?;
                for name in list.split_whitespace() {
                    let b = lookup(&declared, name, line)?;
                    if a == b {
                        return Err(err(line, GraphErrorKind::SelfLoop(name.to_string())));
                    }
                    if directive == "edges" {
                        edges.push((a, b));
                    } else {
                        directed.push((a, b, line));
                    }
                }
            }
            "grid" => {
                if grid.is_some() || !names.is_empty() {
                    return Err(err(line, GraphErrorKind::GridAndPoints));
                }
                let num = |s: Option<&&str>| -> Result<u32, GraphFormatError> {
                    let s = s.ok_or(err(
                        line,
                        GraphErrorKind::MissingArgument("width and height"),
                    ))?;
                    s.parse()
                        .map_err(|_| err(line, GraphErrorKind::BadValue(s.to_string())))
                };
                let (w, h) = (num(args.first())?, num(args.get(1))?);
                let diagonal = match args.get(2) {
                    None => false,
                    Some(&"diagonal") => true,
                    Some(other) => {
                        return Err(err(line, GraphErrorKind::BadValue(other.to_string())))
                    }
                };
                let board = if diagonal {
                    Board::grid_with_diagonals(w, h)
                } else {
                    Board::grid(w, h)
                }
                .map_err(|e| err(line, GraphErrorKind::Board(e)))?;
                for p in board.points() {
                    declared.insert(board.name(p).to_string(), (p.index(), line));
                    names.push(board.name(p).to_string());
                }
                grid = Some((w, h, diagonal, line));
            }
            "black" | "white" => {
                let c = if directive == "black" {
                    Color::Black
                } else {
                    Color::White
                };
                for name in args {
                    stones.push((c, name.to_string(), line));
                }
            }
            "label" => {
                let (name, text) = rest.split_once(char::is_whitespace).ok_or(err(
                    line,
                    GraphErrorKind::MissingArgument("point name and label text"),
                ))?;
                labels.push((name.to_string(), text.trim().to_string(), line));
            }
            "to-move" | "to_move" => {
                let c = args
                    .first()
                    .ok_or(err(line, GraphErrorKind::MissingArgument("B or W")))?;
                to_move = Some(
                    Color::from_letter(c)
                        .ok_or_else(|| err(line, GraphErrorKind::BadValue(c.to_string())))?,
                );
            }
            "target" => {
                let n = args
                    .first()
                    .ok_or(err(line, GraphErrorKind::MissingArgument("point name")))?;
                target = Some((n.to_string(), line));
            }
            other => {
                return Err(err(
                    line,
                    GraphErrorKind::UnknownDirective(other.to_string()),
                ))
            }
        }
    }

    if names.is_empty() {
        return Err(err(0, GraphErrorKind::Empty));
    }
    // Each nbrs pair must be answered by its reverse: one set, so the check is linear.
    let pairs: HashSet<(usize, usize)> = directed.iter().map(|&(a, b, _)| (a, b)).collect();
    for &(a, b, line) in &directed {
        if !pairs.contains(&(b, a)) {
            return Err(err(
                line,
                GraphErrorKind::Asymmetric(names[a].clone(), names[b].clone()),
            ));
        }
        edges.push((a, b));
    }
    let board = match grid {
        Some((w, h, diagonal, line)) => {
            if !edges.is_empty() {
                return Err(err(line, GraphErrorKind::GridAndPoints));
            }
            if diagonal {
                Board::grid_with_diagonals(w, h)
            } else {
                Board::grid(w, h)
            }
        }
        None => Board::from_edges(names.clone(), &edges),
    }
    .map_err(|e| err(0, GraphErrorKind::Board(e)))?;
    let board = Arc::new(board);

    let mut config = Configuration::empty(board.len());
    let mut stone_line = vec![0; board.len()];
    for (c, name, line) in stones {
        let p = Point::from_index(lookup(&declared, &name, line)?);
        match config.get(p) {
            Some(old) if old != c => return Err(err(line, GraphErrorKind::TwoColors(name))),
            _ => {
                config.set(p, Some(c));
                stone_line[p.index()] = line;
            }
        }
    }
    let labels = labels
        .into_iter()
        .map(|(name, text, line)| Ok((Point::from_index(lookup(&declared, &name, line)?), text)))
        .collect::<Result<Vec<_>, GraphFormatError>>()?;
    let target = match target {
        Some((name, line)) => Some(Point::from_index(lookup(&declared, &name, line)?)),
        None => None,
    };
    Position::new(Arc::clone(&board), &config, to_move.unwrap_or(Color::Black)).map_err(|e| {
        // The first line placing a stone that the error names (one per group without
        // liberty).
        let line = e
            .groups
            .iter()
            .filter_map(|(_, name)| board.parse_point(name).ok())
            .map(|p| stone_line[p.index()])
            .min()
            .unwrap_or(0);
        err(line, GraphErrorKind::Illegal(e))
    })?;
    Ok(GraphFile {
        board,
        config,
        to_move,
        target,
        labels,
    })
}

/// Writes a graph board file that [`parse_graph`] reads back to an equal [`GraphFile`].
pub fn write_graph(file: &GraphFile) -> String {
    use std::fmt::Write;
    let board = &file.board;
    let mut out = String::from("tsume-graph 1\n");
    let _ = writeln!(
        out,
        "# {} points, {} edges",
        board.len(),
        board.edge_count()
    );
    match board.grid_info() {
        Some(g) => {
            let _ = writeln!(
                out,
                "grid {} {}{}",
                g.width,
                g.height,
                if g.diagonal { " diagonal" } else { "" }
            );
        }
        None => {
            for chunk in board.points().collect::<Vec<_>>().chunks(16) {
                let names: Vec<&str> = chunk.iter().map(|&p| board.name(p)).collect();
                let _ = writeln!(out, "point {}", names.join(" "));
            }
            for p in board.points() {
                let later: Vec<&str> = board
                    .neighbors(p)
                    .iter()
                    .filter(|&&q| q > p)
                    .map(|&q| board.name(q))
                    .collect();
                if !later.is_empty() {
                    let _ = writeln!(out, "edges {}: {}", board.name(p), later.join(" "));
                }
            }
        }
    }
    for (c, word) in [(Color::Black, "black"), (Color::White, "white")] {
        let pts: Vec<&str> = board
            .points()
            .filter(|&p| file.config.get(p) == Some(c))
            .map(|p| board.name(p))
            .collect();
        for chunk in pts.chunks(16) {
            let _ = writeln!(out, "{word} {}", chunk.join(" "));
        }
    }
    for (p, text) in &file.labels {
        let _ = writeln!(out, "label {} {}", board.name(*p), text.replace('#', "♯"));
    }
    if let Some(c) = file.to_move {
        let _ = writeln!(out, "to-move {}", c.letter());
    }
    if let Some(t) = file.target {
        let _ = writeln!(out, "target {}", board.name(t));
    }
    out
}
