//! The board: a finite set of points T with a symmetric neighbour relation N
//! (Crăşmaru §2, "Let T be a nonempty finite set, which we call the board, and
//! N ⊂ T × T a symmetric binary relation").

use std::fmt;

use fxhash::FxHashMap;
use petgraph::graph::UnGraph;

use crate::coord::{self, CoordError};
use crate::zobrist;
use crate::Color;

/// A point of a [`Board`].
///
/// Index convention: points are numbered `0..board.len()`. On a rectangular grid the
/// point at column `x`, row `y` (both from 0, row 0 at the top as in SGF) has index
/// `y * width + x`. A `Point` is only meaningful for the board that produced it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(transparent)]
pub struct Point(pub(crate) u32);

impl Point {
    /// The point's index, in `0..board.len()`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The point with this index. The caller must make sure `index < board.len()`
    /// of the board it is used with; functions given an out-of-range point panic.
    #[inline]
    pub fn from_index(index: usize) -> Point {
        Point(index as u32)
    }
}

/// The geometry of a rectangular board, when it has one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grid {
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
    /// Whether diagonal neighbours are adjacent too (the 8-neighbour relation).
    pub diagonal: bool,
}

/// Largest side of a rectangular board (SGF letters `a`–`z`, `A`–`Z`).
pub const MAX_GRID_SIDE: u32 = 52;

/// Why a board could not be built.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum BoardError {
    /// The board has no point.
    Empty,
    /// A grid side is 0 or larger than [`MAX_GRID_SIDE`].
    BadSize {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
    },
    /// Two points have the same name.
    DuplicateName(String),
    /// An edge joins a point to itself.
    SelfLoop(String),
    /// An edge names a point index that does not exist.
    UnknownPoint(usize),
    /// More points than a `Point` index can hold.
    TooLarge(usize),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(f, "the board has no point"),
            BoardError::BadSize { width, height } => write!(
                f,
                "board size {width}x{height} is not supported (each side must be 1 to {MAX_GRID_SIDE})"
            ),
            BoardError::DuplicateName(n) => write!(f, "duplicate point \"{n}\""),
            BoardError::SelfLoop(n) => write!(f, "point \"{n}\" is joined to itself"),
            BoardError::UnknownPoint(i) => write!(f, "an edge names point {i}, which does not exist"),
            BoardError::TooLarge(n) => write!(f, "{n} points is more than a board can hold"),
        }
    }
}

impl std::error::Error for BoardError {}

/// A finite board T with a symmetric, irreflexive neighbour relation N.
///
/// The relation is stored as a compact adjacency array (CSR): the neighbours of point
/// `p` are `adj[start[p]..start[p + 1]]`, sorted by index. Boards are immutable and
/// cheap to share behind an `Arc`.
#[derive(Clone)]
pub struct Board {
    start: Vec<u32>,
    adj: Vec<Point>,
    names: Vec<String>,
    by_name: FxHashMap<String, Point>,
    grid: Option<Grid>,
    keys: Vec<[u64; 2]>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("points", &self.len())
            .field("edges", &self.edge_count())
            .field("grid", &self.grid)
            .finish()
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.start == other.start
            && self.adj == other.adj
            && self.names == other.names
            && self.grid == other.grid
    }
}
impl Eq for Board {}

impl Board {
    /// A `width × height` grid with the usual 4-neighbour relation (1×n lines included).
    ///
    /// # Errors
    /// [`BoardError::BadSize`] if a side is 0 or above [`MAX_GRID_SIDE`].
    pub fn grid(width: u32, height: u32) -> Result<Board, BoardError> {
        Board::make_grid(width, height, false)
    }

    /// A `width × height` grid where diagonal neighbours are adjacent too (the
    /// 8-neighbour relation of Jin Bai Kim's *On the Game of Go*).
    ///
    /// # Errors
    /// [`BoardError::BadSize`] if a side is 0 or above [`MAX_GRID_SIDE`].
    pub fn grid_with_diagonals(width: u32, height: u32) -> Result<Board, BoardError> {
        Board::make_grid(width, height, true)
    }

    /// A 1×n line.
    ///
    /// # Errors
    /// [`BoardError::BadSize`] if `n` is 0 or above [`MAX_GRID_SIDE`].
    pub fn line(n: u32) -> Result<Board, BoardError> {
        Board::grid(n, 1)
    }

    fn make_grid(width: u32, height: u32, diagonal: bool) -> Result<Board, BoardError> {
        if width == 0 || height == 0 || width > MAX_GRID_SIDE || height > MAX_GRID_SIDE {
            return Err(BoardError::BadSize { width, height });
        }
        let (w, h) = (width as i64, height as i64);
        let mut lists = Vec::with_capacity((w * h) as usize);
        let mut names = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                let mut nb = Vec::with_capacity(8);
                for dy in -1i64..=1 {
                    for dx in -1i64..=1 {
                        let orthogonal = (dx == 0) != (dy == 0);
                        let diag = dx != 0 && dy != 0;
                        if !(orthogonal || (diagonal && diag)) {
                            continue;
                        }
                        let (nx, ny) = (x + dx, y + dy);
                        if nx >= 0 && ny >= 0 && nx < w && ny < h {
                            nb.push((ny * w + nx) as usize);
                        }
                    }
                }
                lists.push(nb);
                names.push(coord::sgf_name(x as u32, y as u32));
            }
        }
        let mut board = Board::from_lists(names, lists)?;
        board.grid = Some(Grid {
            width,
            height,
            diagonal,
        });
        Ok(board)
    }

    /// A board from point names and an undirected edge list (pairs of indices into
    /// `names`). Duplicate edges are merged.
    ///
    /// # Errors
    /// An empty board, a duplicate name, a self-loop or an index out of range.
    pub fn from_edges(names: Vec<String>, edges: &[(usize, usize)]) -> Result<Board, BoardError> {
        let n = names.len();
        let mut lists = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a >= n {
                return Err(BoardError::UnknownPoint(a));
            }
            if b >= n {
                return Err(BoardError::UnknownPoint(b));
            }
            if a == b {
                return Err(BoardError::SelfLoop(names[a].clone()));
            }
            lists[a].push(b);
            lists[b].push(a);
        }
        Board::from_lists(names, lists)
    }

    /// A board from an undirected `petgraph` graph whose node weights are the point
    /// names. Parallel edges are merged.
    ///
    /// # Errors
    /// An empty graph, a duplicate name or a self-loop.
    pub fn from_petgraph<E>(graph: &UnGraph<String, E>) -> Result<Board, BoardError> {
        let names: Vec<String> = graph.node_weights().cloned().collect();
        let edges: Vec<(usize, usize)> = graph
            .edge_indices()
            .filter_map(|e| graph.edge_endpoints(e))
            .map(|(a, b)| (a.index(), b.index()))
            .collect();
        Board::from_edges(names, &edges)
    }

    /// The board as a `petgraph` graph (node weights are point names, node `i` is point `i`).
    pub fn to_petgraph(&self) -> UnGraph<String, ()> {
        let mut g = UnGraph::with_capacity(self.len(), self.edge_count());
        for name in &self.names {
            g.add_node(name.clone());
        }
        for p in self.points() {
            for &q in self.neighbors(p) {
                if p < q {
                    g.add_edge(
                        petgraph::graph::NodeIndex::new(p.index()),
                        petgraph::graph::NodeIndex::new(q.index()),
                        (),
                    );
                }
            }
        }
        g
    }

    fn from_lists(names: Vec<String>, mut lists: Vec<Vec<usize>>) -> Result<Board, BoardError> {
        let n = names.len();
        if n == 0 {
            return Err(BoardError::Empty);
        }
        if n >= u32::MAX as usize / 2 {
            return Err(BoardError::TooLarge(n));
        }
        let mut by_name = FxHashMap::default();
        for (i, name) in names.iter().enumerate() {
            if by_name.insert(name.clone(), Point(i as u32)).is_some() {
                return Err(BoardError::DuplicateName(name.clone()));
            }
        }
        let mut start = Vec::with_capacity(n + 1);
        let mut adj = Vec::new();
        start.push(0u32);
        for (i, list) in lists.iter_mut().enumerate() {
            list.sort_unstable();
            list.dedup();
            for &j in list.iter() {
                if j == i {
                    return Err(BoardError::SelfLoop(names[i].clone()));
                }
                adj.push(Point(j as u32));
            }
            start.push(adj.len() as u32);
        }
        let keys = (0..n).map(zobrist::point_keys).collect();
        Ok(Board {
            start,
            adj,
            names,
            by_name,
            grid: None,
            keys,
        })
    }

    /// Number of points |T|.
    #[inline]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Always false: a board has at least one point.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Number of edges (unordered neighbour pairs).
    pub fn edge_count(&self) -> usize {
        self.adj.len() / 2
    }

    /// All points, in index order.
    pub fn points(&self) -> impl ExactSizeIterator<Item = Point> + Clone {
        (0..self.len() as u32).map(Point)
    }

    /// The neighbours of `p`, sorted by index.
    ///
    /// # Panics
    /// If `p` is not a point of this board.
    #[inline]
    pub fn neighbors(&self, p: Point) -> &[Point] {
        let i = p.index();
        &self.adj[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// Whether `p N q`.
    pub fn are_neighbors(&self, p: Point, q: Point) -> bool {
        self.neighbors(p).binary_search(&q).is_ok()
    }

    /// The grid geometry, if the board is rectangular.
    pub fn grid_info(&self) -> Option<Grid> {
        self.grid
    }

    /// The point's name: SGF coordinates (`aa`) on grids, the given name on graph boards.
    pub fn name(&self, p: Point) -> &str {
        &self.names[p.index()]
    }

    /// The point with this name, if any.
    pub fn point_named(&self, name: &str) -> Option<Point> {
        self.by_name.get(name).copied()
    }

    /// The point at column `x`, row `y` (from 0, row 0 at the top), on a grid board.
    pub fn point_at(&self, x: u32, y: u32) -> Option<Point> {
        let g = self.grid?;
        (x < g.width && y < g.height).then(|| Point(y * g.width + x))
    }

    /// Column and row of `p` (from 0, row 0 at the top), on a grid board.
    pub fn xy(&self, p: Point) -> Option<(u32, u32)> {
        let g = self.grid?;
        Some((p.0 % g.width, p.0 / g.width))
    }

    /// `p` in GTP notation (`A1` bottom left, columns skip `I`) on grids; its name elsewhere.
    pub fn gtp(&self, p: Point) -> String {
        match (self.grid, self.xy(p)) {
            (Some(g), Some((x, y))) => {
                coord::gtp_name(x, y, g.height).unwrap_or_else(|| self.name(p).to_string())
            }
            _ => self.name(p).to_string(),
        }
    }

    /// `p` in SGF notation (`aa` top left) on grids; its name elsewhere.
    pub fn sgf(&self, p: Point) -> String {
        match self.xy(p) {
            Some((x, y)) => coord::sgf_name(x, y),
            None => self.name(p).to_string(),
        }
    }

    /// `p` for messages: `C3 (cc)` on grids, the SGF name alone beyond GTP's 25
    /// columns, its name on graph boards.
    pub fn label(&self, p: Point) -> String {
        let (g, s) = (self.gtp(p), self.sgf(p));
        if g == s {
            g
        } else {
            format!("{g} ({s})")
        }
    }

    /// Parses a point given as GTP (`C3`), SGF (`cc`) or, on graph boards, a point name.
    ///
    /// # Errors
    /// [`CoordError`] naming the text when it is no point of this board.
    pub fn parse_point(&self, text: &str) -> Result<Point, CoordError> {
        if let Some(g) = self.grid {
            if let Some((x, y)) = coord::parse_gtp(text, g.height) {
                return self
                    .point_at(x, y)
                    .ok_or_else(|| CoordError::off_board(text, g.width, g.height));
            }
            if let Some((x, y)) = coord::parse_sgf(text) {
                return self
                    .point_at(x, y)
                    .ok_or_else(|| CoordError::off_board(text, g.width, g.height));
            }
            return Err(CoordError::malformed(text));
        }
        self.point_named(text)
            .ok_or_else(|| CoordError::unknown_name(text))
    }

    #[inline]
    pub(crate) fn keys(&self, p: Point) -> &[u64; 2] {
        &self.keys[p.index()]
    }

    /// The Zobrist key a stone of `color` on `p` contributes to [`Position::hash`]
    /// (combined with XOR).
    ///
    /// [`Position::hash`]: crate::Position::hash
    #[inline]
    pub fn zobrist_key(&self, p: Point, color: Color) -> u64 {
        self.keys(p)[color.index()]
    }

    /// The twin classes of the neighbour relation, each of at least two points, sorted:
    /// points with the same neighbours (N(p) = N(q), never adjacent to each other) or
    /// the same closed neighbourhoods (N(p) ∪ {p} = N(q) ∪ {q}, all adjacent). Any
    /// permutation of a class, fixing every other point, is an automorphism of the board,
    /// so positions that differ only by such a permutation play alike (φ commutes with
    /// it). A point is in at most one class: a false twin of p adjacent to a true twin of
    /// p would be adjacent to p.
    pub fn twin_classes(&self) -> Vec<Vec<Point>> {
        let mut open: FxHashMap<Vec<Point>, Vec<Point>> = FxHashMap::default();
        let mut closed: FxHashMap<Vec<Point>, Vec<Point>> = FxHashMap::default();
        for p in self.points() {
            let n = self.neighbors(p).to_vec();
            let mut c = n.clone();
            let at = c.binary_search(&p).unwrap_or_else(|i| i);
            c.insert(at, p);
            open.entry(n).or_default().push(p);
            closed.entry(c).or_default().push(p);
        }
        let mut out: Vec<Vec<Point>> = open
            .into_values()
            .chain(closed.into_values())
            .filter(|c| c.len() >= 2)
            .collect();
        out.sort();
        out
    }
}
