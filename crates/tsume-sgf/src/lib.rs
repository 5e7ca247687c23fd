//! Loading life-and-death problems: SGF files (and `tsume-graph` files) to a
//! [`Problem`]: the whole board, the group in question (the target), the player to
//! move, and the board actually in play — the problem's area as a graph board
//! (Crăşmaru §2: a board is any finite set T with a symmetric relation N, so an area
//! cut out of a goban, with private eye points added, is a board of the formalism).
//!
//! # SGF
//! - `SZ[n]` or `SZ[w:h]` (columns:rows, 1 to 52 each; default 19), `GM` must be 1.
//! - `AB`, `AW`, `AE`, `PL` and the moves `B`/`W` of the game tree's **root sequence**
//!   (the nodes before its first variation) are applied in order, the moves with φ
//!   ([`Position::play_in_place`]: a move on an occupied point or a suicide is a
//!   pass). Variations are taken as solutions and ignored; the problem is the position
//!   at the end of the root sequence. `B[tt]` is a pass on boards up to 19×19.
//! - Several game trees (a collection of problems in one file): [`LoadOptions::index`]
//!   picks one (from 0); the problem knows which ([`Problem::game_tree`],
//!   [`Problem::label`]), a note says how many the file holds, and an error inside one
//!   names it. [`SgfText`] parses a file once and loads each of its game trees.
//!
//! # Who moves
//! [`LoadOptions::to_move`], else the file (the last `PL`, or the opponent of the last
//! move of the root sequence), else Black.
//!
//! # The target
//! 1. [`LoadOptions::target`] (`C3` GTP style or `cc` SGF style);
//! 2. else a mark on a stone: `TR`, else `MA`, else `SQ`, else `CR` (the first of these
//!    kinds that marks a stone; marks on empty points are ignored). If that kind marks
//!    stones of several groups, loading fails and asks for a target;
//! 3. else inferred. The defender (whose group is in question) is, in this order:
//!    - the colour the file's text names, in `GN`, `C` or `GC` (not a `tsume:` line):
//!      a colour followed (with at most four of "to", "play", "move", "first", "and"
//!      between) by a verb of life ("live", "lives", "survive", "save") or of death
//!      ("kill", "kills", "capture"): "Black to live" and "White to move and kill" both
//!      make Black the defender;
//!    - else the enclosed colour, from the stones: the only colour on the board if the
//!      other has no stone; on a problem drawn in a corner or on a
//!      side of a larger board (the stones' bounding box covers less than half of it),
//!      the colour whose stones lie nearer the board's edges on average; otherwise the
//!      colour a smaller share of whose liberties lie in the largest empty region (the
//!      open board);
//!    - else (a tie) the colour not to move, or White when that is unknown.
//!
//!    The player to move does not choose the defender: a problem's mover attacks in a
//!    kill and defends in a life. Among the defender's groups that are not
//!    unconditionally alive (Benson; all of them if every one is), the target is the
//!    largest, ties broken by fewer liberties, then by the first stone in scan order
//!    (rows from the top, left to right). When the defender has other groups of three
//!    stones or more wholly outside the area (a board holding several problems, four
//!    corners on one goban), a note names them and points to `--target`. [`TargetSource::Inferred`] says how it was
//!    chosen. Measured with the marks removed and the player to move as the problem
//!    poses it (`tests/tests/inference.rs`, which fails if the figures fall): the
//!    inferred group is the one in question in 44 of d180cf's 52 problems (whose own
//!    targets are marked), in 44 of the collection's 46, and in 1107 of the 1278 Cho
//!    rows (whose targets the corpus's makers inferred, by edge distance and GNU Go).
//!    The earlier rule, "the player to move attacks", got 30, 32 and 637: every problem
//!    where the defender moves first got the wrong colour (the lab notebook (docs/experiments/),
//!    2026-11-26, 20:40).
//!
//! # The region ([`RegionSpec`])
//! - `Board`: the whole board as it is.
//! - `Auto` (default): let B be the bounding box of the target's cluster: the target's
//!   stones, then every stone within three lines (both ways) of a stone already in, to
//!   closure. In a problem file every stone is in it; on a whole game board it is the
//!   fight around the target, not the game (GNU Go's positions). If the area built from
//!   it (below) is open, more than half of its edge (its points with a neighbour outside
//!   it) being empty points, the target's fate is an escape that no part of the board
//!   settles, and B is the bounding box of all stones instead. Each side of B that
//!   lies within two lines of the board's edge moves to the edge; any other side grows
//!   by one line only if a defender stone lies on it (the defender may need the room),
//!   and stays at the outermost stones if they are all the attacker's (they are the
//!   wall: the area ends there). The region is the set of points reached from the
//!   target through empty points and stones of the target's colour inside B. An attacker
//!   group it reaches with at most 3 liberties may be captured in a race: its liberties
//!   inside B join, and so do the defender groups on its other side (inside B), with
//!   their liberties inside B, and one step further the defender groups next to those
//!   liberties, with theirs (else such a liberty would touch the attacker's outside,
//!   not the defender's stone beside it: Cho's intermediate problem 167 was killed so);
//!   no flood goes on beyond that step (on a whole game board it would take in
//!   everything). Then
//!   come the whole groups of the attacker's stones next to the region, and
//!   every pocket: a connected set of points not yet in the region that lies inside B
//!   and touches no point outside B (an eye of the wall, the inside of a group enclosed
//!   by the target). When B is the whole board (a small problem board), the largest
//!   such set is the outside and stays out. Empty points and stones outside the region
//!   are not in play. (A pocket of a wall joined to the outside is left out again below,
//!   "Sealed-off points": only the pockets of walls that can die matter.)
//! - `Grown`: as `Auto` without the race partners, and with B the stones' bounding box
//!   grown by one line on every side (clipped to the board): the rule of the first
//!   versions. On open corners the one-line strip it adds beyond the attacker's outer
//!   stones is where most of the search goes (Cho's elementary problem 616: more than
//!   40 M nodes undecided with the strip, 27 k without); the lab notebook (docs/experiments/) has the figures.
//! - `Tight`: as `Grown` with B not grown: sides within two lines of the edge moved to
//!   it, the others at the outermost stones whatever their colour.
//! - `Points(list)`: the listed points (GTP or SGF names), each listed stone bringing
//!   its whole group.
//!
//! **The outside** (every rule but `Board`): one virtual attacker stone named `outside`,
//! with two private eyes `eye1@outside`, `eye2@outside` (empty points adjacent to it
//! only), stands for the rest of the board, which is the attacker's. Every **attacker**
//! group of the region that has a neighbour outside the region (it touches the outside:
//! the wall of an enclosed problem) is joined to it by an edge from one of its stones:
//! it is then unconditionally alive, as a wall connected to the outside is meant to be.
//! **The frame** (off with [`LoadOptions::no_frame`]): the empty points of the region
//! that have a neighbour on the board outside the region (the strip along a box side, a
//! gap in a wall) touch `outside` too, as in a tsumego frame. Without it those points act
//! as if on the board's edge, where the defender makes eyes against an edge the real
//! board does not have, and the attacker's stones there cannot connect out.
//!
//! **Sealed-off points** (kept with [`LoadOptions::keep_sealed`]): once the walls are
//! joined to the outside, the points of the region that the target cannot reach without
//! crossing a stone of a joined wall (a wall's own eyes inside the area, with whatever
//! stands in them) are left out, and so are the joined walls that touch none of the rest.
//! A joined wall has the outside's two eyes, so the defender can never capture it, and
//! such a point touches nothing but the wall and other such points: a stone played there
//! changes no liberty of the target or of anything near it, and the play there is a pass
//! for the target's fate. The one difference is the attacker's own: filling its wall's
//! eyes there (and the outside's) until the defender can capture the wall, which takes
//! that many more moves with the points kept. That is the same judgement the outside's
//! virtual wall makes for the wall's eyes beyond the area: the attacker does not destroy
//! its own wall. Both ways agree on the small problems and on the d180cf rows of
//! `tests/tests/sealed.rs`; d180cf's `gop/585` (a wall eye of two points) takes 0.35 M
//! nodes instead of 1.35 M.
//!
//! One wall for the whole outside, not two private eyes for each attacker group: the
//! groups are as safe either way, and joined through the outside they are as connected
//! as in the real position; but every eye point is a move the attacker may play (filling
//! its own eye, useless and searched all the same), so one pair of eyes instead of one
//! per wall takes 2 moves per wall out of every attacker node (Cho every 20th at 1 M
//! nodes a row: 28 rows answered instead of 27, and 43 % fewer nodes on the 27 both
//! answer). Defender groups touching the outside (possible only with `Points`) are not
//! joined: their outside liberties are simply not in play. If the resulting position
//! breaks Theorem 2 (a group without a liberty), loading fails. When the region is the
//! whole board and nothing touches the outside, the position in play is the board
//! itself (a grid).
//!
//! # Example
//! ```
//! use tsume_sgf::{parse_sgf_problem, LoadOptions, TargetSource};
//! // A white corner group on a 7x7 board (straight three), Black to play.
//! let sgf = "(;SZ[7]PL[B]AW[da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec]TR[bb])";
//! let p = parse_sgf_problem(sgf, "example.sgf", &LoadOptions::default()).unwrap();
//! assert_eq!(p.target_source, TargetSource::Mark);
//! // In play: the eye space A7 B7 C7, the 5 white and 7 black stones; the black wall
//! // touches the rest of the board, so it is joined to the outside's virtual wall
//! // (one stone and its two eyes).
//! assert_eq!(p.region.len(), 15);
//! assert_eq!(p.virtual_eyes.len(), 2);
//! assert_eq!(p.outside_walls.len(), 1);
//! assert_eq!(p.position.board().len(), 18);
//! println!("{}", p.region_diagram());
//! ```
//!
//! # Graph files
//! A file named `*.graph`, or whose text starts with `tsume-graph`, is read with
//! [`tsume_board::parse_graph`]: target and player to move from the file (overridden
//! by the options), region = the whole graph.
#![deny(missing_docs)]

mod error;
mod expected;
mod scan;
mod solution;

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;

use fxhash::FxHashSet;
use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, SgfParseError, SgfProp};
use tsume_board::{
    counted, Board, Color, Configuration, Move, Played, Point, Position, MAX_GRID_SIDE,
};

pub use error::{LoadError, LoadErrorKind};
pub use expected::{parse_expected, region_hint, Expected, ExpectedStatus};
pub use solution::{
    comment_marks, load_solution_tree, parse_solution_tree, Mark, SolutionNode, SolutionTree,
};

/// Which part of the board is in play.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum RegionSpec {
    /// The area around the target, ending at the attacker's wall: each side of the
    /// bounding box of the target's cluster (stones within three lines of each other,
    /// from the target; all stones if that area is open) that lies within two lines of
    /// the board's edge moves to the edge; any other side grows by one line only if a
    /// defender stone lies on it, and stays at the outermost stones if they are all the
    /// attacker's. An attacker group
    /// next to the area with at most 3 liberties brings in the defender's groups on its
    /// other side with their liberties (a capturing race). See the crate docs;
    /// the lab notebook (docs/experiments/) ("The default area") has its figures.
    #[default]
    Auto,
    /// The whole board.
    Board,
    /// These points (GTP `C3` or SGF `cc` names).
    Points(Vec<String>),
    /// The first versions' rule: the stones' bounding box grown by one line on every
    /// side, no race partners.
    Grown,
    /// As `Grown`, but the box is not grown: each side of the stones' bounding box that
    /// lies within two lines of the board's edge moves to the edge, the others stay at
    /// the outermost stones (so more of the attacker's outer stones become walls with
    /// virtual eyes, and the area is smaller). the lab notebook (docs/experiments/) ("The default area") has its
    /// figures on Cho's problems.
    Tight,
}

/// How to load a problem.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LoadOptions {
    /// Which game tree of the file (from 0).
    pub index: usize,
    /// The target stone (`C3` or `cc`), overriding marks and inference.
    pub target: Option<String>,
    /// The player to move, overriding the file.
    pub to_move: Option<Color>,
    /// The region in play.
    pub region: RegionSpec,
    /// Leave out the frame: empty points of the area cut off from the rest of the board
    /// then act as if on the board's edge (see the crate docs).
    pub no_frame: bool,
    /// Keep the points that walls joined to the outside seal off from the target (left
    /// out by default: play there cannot reach the target unless the attacker destroys
    /// its own wall; see the crate docs).
    pub keep_sealed: bool,
}

/// How the target was chosen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TargetSource {
    /// Given by [`LoadOptions::target`].
    Option,
    /// A `TR`/`MA`/`SQ`/`CR` mark in the file (or the `target` line of a graph file).
    Mark,
    /// Inferred; the text says how.
    Inferred(String),
}

/// A loaded problem.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The file name (or the name given).
    pub file: String,
    /// The whole board, with the player to move.
    pub full: Position,
    /// The target on the whole board.
    pub target_full: Point,
    /// The position in play: the region as a board of its own (see the crate docs).
    pub position: Position,
    /// The target in `position`.
    pub target: Point,
    /// The player to move as the file says (`PL` or the root sequence's moves).
    pub to_move_given: Option<Color>,
    /// How the target was chosen.
    pub target_source: TargetSource,
    /// The points of `full` in play, in index order.
    pub region: Vec<Point>,
    /// The root comment `C`.
    pub comment: Option<String>,
    /// The expected answer as the file states it: `GC`, else the root comment.
    pub expected: Option<String>,
    /// For each point of `position`, the point of `full` (None for the virtual points:
    /// `outside` and its eyes).
    pub map: Vec<Option<Point>>,
    /// The virtual eye points of `position`, with the stone of `position` each touches
    /// (`outside`): none, or two.
    pub virtual_eyes: Vec<(Point, Point)>,
    /// The virtual attacker stone `outside` of `position`, if any (see the module docs).
    pub outside: Option<Point>,
    /// One stone of `position` for each attacker group joined to `outside` (the groups
    /// touching the outside), in index order.
    pub outside_walls: Vec<Point>,
    /// The frame: the empty points of `position` cut off from the rest of the board,
    /// which touch `outside` (none with [`LoadOptions::no_frame`]), in index order.
    pub frame_points: Vec<Point>,
    /// Notes on how the region was built, one line each.
    pub notes: Vec<String>,
    /// Which game tree of the file this is (from 0).
    pub game_tree: usize,
    /// How many game trees the file holds (1 for a graph file or a position given
    /// whole).
    pub game_trees: usize,
}

impl Problem {
    /// The file's name, and the game tree's number when the file holds several (a
    /// collection of problems in one SGF file): `set.sgf, game tree 3`.
    pub fn label(&self) -> String {
        tree_label(&self.file, self.game_tree, self.game_trees)
    }

    /// The colour of the target's group (the defender).
    pub fn defender(&self) -> Color {
        self.full.color(self.target_full).unwrap_or(Color::White)
    }

    /// The attacker: the opponent of the target's colour.
    pub fn attacker(&self) -> Color {
        self.defender().opponent()
    }

    /// The whole-board point for a point of `position` (None for virtual eyes).
    pub fn to_full(&self, p: Point) -> Option<Point> {
        self.map.get(p.index()).copied().flatten()
    }

    /// The point of `position` for a whole-board point, if it is in play.
    pub fn from_full(&self, p: Point) -> Option<Point> {
        self.map
            .iter()
            .position(|&q| q == Some(p))
            .map(Point::from_index)
    }

    /// The whole board with the region marked: `X`/`O` stones and `.` empty points in
    /// play, `x`/`o`/`-` for stones and points not in play, `@` the target stone;
    /// then a legend line.
    pub fn region_diagram(&self) -> String {
        let board = self.full.board();
        let in_region: FxHashSet<Point> = self.region.iter().copied().collect();
        let mut marks: Vec<(Point, char)> = Vec::new();
        for p in board.points() {
            if p == self.target_full {
                marks.push((p, '@'));
            } else if !in_region.contains(&p) {
                let c = match self.full.color(p) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '-',
                };
                marks.push((p, c));
            }
        }
        let mut out = tsume_board::diagram::render_marked(&self.full, &marks);
        out.push_str(&format!(
            "\n@ target ({}), {} points in play",
            board.gtp(self.target_full),
            self.region.len()
        ));
        if self.region.len() < board.len() {
            out.push_str(" (x o - not in play)");
        }
        if !self.outside_walls.is_empty() {
            let stones: Vec<String> = self
                .outside_walls
                .iter()
                .filter_map(|&s| self.to_full(s))
                .map(|s| board.gtp(s))
                .collect();
            out.push_str(&format!(
                "; the groups at {} joined to the outside's virtual wall (two eyes)",
                stones.join(", ")
            ));
        }
        out
    }
}

/// Loads a problem from an SGF or `tsume-graph` file.
///
/// # Errors
/// [`LoadError`] naming the file and what is wrong.
pub fn load_problem(path: &Path, opts: &LoadOptions) -> Result<Problem, LoadError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| LoadError {
        file: name.clone(),
        kind: LoadErrorKind::Io(e.to_string()),
    })?;
    if is_graph_file(path, &text) {
        parse_graph_problem(&text, &name, opts)
    } else {
        parse_sgf_problem(&text, &name, opts)
    }
}

/// Loads a problem from text that did not come from a named file (standard input):
/// `tsume-graph` when [`is_graph_text`], else SGF; `name` is used in messages.
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_problem(text: &str, name: &str, opts: &LoadOptions) -> Result<Problem, LoadError> {
    if is_graph_text(text) {
        parse_graph_problem(text, name, opts)
    } else {
        parse_sgf_problem(text, name, opts)
    }
}

/// A `tsume-graph` file: by its extension or its text ([`is_graph_text`]).
fn is_graph_file(path: &Path, text: &str) -> bool {
    path.extension().is_some_and(|e| e == "graph") || is_graph_text(text)
}

/// Whether `text` is in the `tsume-graph` format: its first line that is not blank or a
/// `#` comment starts with `tsume-graph` (SGF starts with `(`).
pub fn is_graph_text(text: &str) -> bool {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with("tsume-graph"))
}

/// Loads a problem from a `tsume-graph` text (region = the whole graph).
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_graph_problem(
    text: &str,
    name: &str,
    opts: &LoadOptions,
) -> Result<Problem, LoadError> {
    let err = LoadError::in_file(name);
    let gf =
        tsume_board::parse_graph(text).map_err(|e| err(LoadErrorKind::Graph(e.to_string())))?;
    let to_move = opts.to_move.or(gf.to_move).unwrap_or(Color::Black);
    let full = Position::new(Arc::clone(&gf.board), &gf.config, to_move)
        .map_err(|e| err(LoadErrorKind::Illegal(e.to_string())))?;
    let (target, source) = match (&opts.target, gf.target) {
        (Some(t), _) => (parse_target(&full, t).map_err(err)?, TargetSource::Option),
        (None, Some(t)) => {
            if full.color(t).is_none() {
                return Err(err(LoadErrorKind::TargetEmpty(gf.board.name(t).into())));
            }
            (t, TargetSource::Mark)
        }
        (None, None) => {
            let known = opts.to_move.or(gf.to_move);
            let (t, why) = infer_target(&full, known, None).map_err(err)?;
            (t, TargetSource::Inferred(why))
        }
    };
    if matches!(opts.region, RegionSpec::Points(_)) {
        return Err(err(LoadErrorKind::BadRegion(
            "a graph file is played whole: use the default region".into(),
        )));
    }
    let n = full.board().len();
    Ok(Problem {
        file: name.to_string(),
        position: full.clone(),
        full,
        target_full: target,
        target,
        to_move_given: gf.to_move,
        target_source: source,
        region: gf.board.points().collect(),
        comment: None,
        expected: None,
        map: (0..n).map(|i| Some(Point::from_index(i))).collect(),
        virtual_eyes: Vec::new(),
        outside: None,
        outside_walls: Vec::new(),
        frame_points: Vec::new(),
        notes: gf
            .labels
            .iter()
            .map(|(p, l)| format!("{}: {l}", gf.board.name(*p)))
            .collect(),
        game_tree: 0,
        game_trees: 1,
    })
}

/// The marks that can name the target, in order of preference.
const MARK_KINDS: [&str; 4] = ["TR", "MA", "SQ", "CR"];

/// Loads a problem from SGF text; `name` is used in error messages.
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_sgf_problem(text: &str, name: &str, opts: &LoadOptions) -> Result<Problem, LoadError> {
    SgfText::parse(text, name)?.problem(opts)
}

/// An SGF text parsed once, its game trees loaded on demand: a collection of problems
/// in one file is read once, not once per problem.
pub struct SgfText {
    parsed: Parsed,
    name: String,
}

impl SgfText {
    /// Parses `text`; `name` is used in messages.
    ///
    /// # Errors
    /// [`LoadError`] naming `name`: unbalanced or malformed SGF.
    pub fn parse(text: &str, name: &str) -> Result<SgfText, LoadError> {
        Ok(SgfText {
            parsed: parse_trees(text, name)?,
            name: name.to_string(),
        })
    }

    /// How many game trees (problems) the text holds.
    pub fn game_trees(&self) -> usize {
        self.parsed.trees.len()
    }

    /// Game tree `opts.index` as a problem: what [`parse_sgf_problem`] gives.
    ///
    /// # Errors
    /// As [`parse_sgf_problem`], naming the game tree when the text holds several.
    pub fn problem(&self, opts: &LoadOptions) -> Result<Problem, LoadError> {
        problem_of(&self.parsed, &self.name, opts)
    }

    /// The solution tree of game tree `index`: what [`parse_solution_tree`] gives.
    ///
    /// # Errors
    /// As [`parse_solution_tree`], naming the game tree when the text holds several.
    pub fn solution_tree(&self, index: usize) -> Result<SolutionTree, LoadError> {
        solution::solution_of(&self.parsed, &self.name, index)
    }
}

/// A file's `name` for game tree `index` of the `count` it holds, in messages and
/// listings: the tree named when there are several (`set.sgf, game tree 3`).
pub fn tree_label(name: &str, index: usize, count: usize) -> String {
    if count > 1 {
        format!("{name}, game tree {index}")
    } else {
        name.to_string()
    }
}

/// [`parse_sgf_problem`] on a parsed text.
fn problem_of(parsed: &Parsed, name: &str, opts: &LoadOptions) -> Result<Problem, LoadError> {
    let root = root_of(parsed, name, opts.index, opts.to_move, None)?;
    let tree = tree_label(name, opts.index, parsed.trees.len());
    let err = LoadError::in_file(&tree);
    let full = root.full;
    // The target.
    let (target_full, source) = if let Some(t) = &opts.target {
        (parse_target(&full, t).map_err(err)?, TargetSource::Option)
    } else if let Some(t) = marked_target(&full, &root.marks).map_err(err)? {
        (t, TargetSource::Mark)
    } else {
        let texts = [&root.game_name, &root.comment, &root.game_comment];
        let stated = texts
            .iter()
            .find_map(|t| t.as_deref().and_then(stated_defender));
        let (t, why) =
            infer_target(&full, opts.to_move.or(root.file_to_move), stated).map_err(err)?;
        (t, TargetSource::Inferred(why))
    };
    let from_file = FromFile {
        to_move: root.file_to_move,
        expected: root.game_comment.or_else(|| root.comment.clone()),
        comment: root.comment,
        notes: root.notes,
        game_trees: parsed.trees.len(),
    };
    finish_problem(full, name, opts, target_full, source, from_file)
}

/// The whole board of an SGF game tree, with no target and no region (GTP's
/// `loadsgf`): the setup and the moves of the root sequence (as [`parse_sgf_problem`]
/// reads them) or, with `before_move` = n, of the main line up to move n, not played,
/// applied with φ (a move on an occupied point or a suicide acts as a pass, and says so
/// in the notes returned). The player to move: `PL`, else the colour of the move after
/// the last one played, else Black.
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_sgf_position(
    text: &str,
    name: &str,
    index: usize,
    before_move: Option<usize>,
) -> Result<SgfPosition, LoadError> {
    let root = parse_root(text, name, index, None, before_move)?;
    let expected = root.game_comment.or(root.comment);
    Ok(SgfPosition {
        position: root.full,
        notes: root.notes,
        region: expected
            .as_deref()
            .and_then(region_hint)
            .filter(|r| *r != RegionSpec::Auto),
    })
}

/// A whole board read from SGF ([`parse_sgf_position`]).
#[derive(Clone, Debug)]
pub struct SgfPosition {
    /// The board, with the player to move.
    pub position: Position,
    /// Notes on the moves played (a move on an occupied point or a suicide, which acts
    /// as a pass).
    pub notes: Vec<String>,
    /// The area the file asks for (`GC[tsume: region=board]`, as the 3-SAT grids do),
    /// if other than the default.
    pub region: Option<RegionSpec>,
}

/// A problem on the whole board `full` (its player to move as given), with the
/// target and the region of `opts` (the target is required: no marks to read, and an
/// inferred one comes from the stones as in [`parse_sgf_problem`]); `name` names it in
/// messages. GTP's analysis commands build their problems this way.
///
/// # Errors
/// [`LoadError`] naming `name`: a bad target or region.
pub fn problem_from_position(
    full: Position,
    name: &str,
    opts: &LoadOptions,
) -> Result<Problem, LoadError> {
    let err = LoadError::in_file(name);
    let (target_full, source) = match &opts.target {
        Some(t) => (parse_target(&full, t).map_err(err)?, TargetSource::Option),
        None => {
            let (t, why) = infer_target(&full, opts.to_move, None).map_err(err)?;
            (t, TargetSource::Inferred(why))
        }
    };
    let full = match opts.to_move {
        Some(c) => full.with_to_move(c),
        None => full,
    };
    finish_problem(full, name, opts, target_full, source, FromFile::default())
}

/// What the root of an SGF game tree holds.
struct Root {
    full: Position,
    file_to_move: Option<Color>,
    comment: Option<String>,
    game_comment: Option<String>,
    /// `GN`, the problem's name ("Black to live" on many sites).
    game_name: Option<String>,
    marks: Vec<(usize, Point)>,
    notes: Vec<String>,
}

/// An SGF text parsed: its game trees, and the nodes of each one's root sequence.
pub(crate) struct Parsed {
    pub(crate) trees: Vec<GameTree>,
    pub(crate) root_lengths: Vec<usize>,
}

/// Parses an SGF text (after [`scan::scan`]); `name` is used in messages.
pub(crate) fn parse_trees(text: &str, name: &str) -> Result<Parsed, LoadError> {
    let err = LoadError::in_file(name);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let scanned = scan::scan(text).map_err(|e| err(LoadErrorKind::Unbalanced(e)))?;
    let trees = sgf_parse::parse(&scanned.text).map_err(|e| err(syntax_error(e)))?;
    Ok(Parsed {
        trees,
        root_lengths: scanned.root_lengths,
    })
}

fn parse_root(
    text: &str,
    name: &str,
    index: usize,
    to_move_opt: Option<Color>,
    before_move: Option<usize>,
) -> Result<Root, LoadError> {
    root_of(
        &parse_trees(text, name)?,
        name,
        index,
        to_move_opt,
        before_move,
    )
}

/// The root of game tree `index` of a parsed text (see [`parse_sgf_position`] for
/// `before_move`).
fn root_of(
    parsed: &Parsed,
    name: &str,
    index: usize,
    to_move_opt: Option<Color>,
    before_move: Option<usize>,
) -> Result<Root, LoadError> {
    let opts_index = index;
    let err = LoadError::in_file(name);
    let trees = &parsed.trees;
    let root_lengths = &parsed.root_lengths;
    let count = trees.len();
    let tree = trees.get(opts_index).ok_or_else(|| {
        err(LoadErrorKind::NoSuchTree {
            index: opts_index,
            count,
        })
    })?;
    // In a file of several problems, what is wrong is named with its game tree.
    let tree_name = tree_label(name, opts_index, count);
    let err = LoadError::in_file(&tree_name);
    let root = match tree {
        GameTree::GoGame(node) => node,
        GameTree::Unknown(node) => {
            let gm = node
                .get_property("GM")
                .map(|p| p.to_string())
                .unwrap_or_default();
            let gm = gm
                .trim_start_matches("GM[")
                .trim_end_matches(']')
                .to_string();
            return Err(err(LoadErrorKind::NotGo(gm)));
        }
    };
    let root_len = root_lengths.get(opts_index).copied().unwrap_or(1).max(1);

    // Board size from the root.
    let (width, height) = board_size(root).map_err(err)?;
    let board = Arc::new(
        Board::grid(width, height).map_err(|e| err(LoadErrorKind::BadSize(e.to_string())))?,
    );
    let n = board.len();
    let at = |prop: &str, p: &go::Point| -> Result<Point, LoadError> {
        board.point_at(p.x as u32, p.y as u32).ok_or_else(|| {
            err(LoadErrorKind::OffBoard {
                prop: prop.to_string(),
                point: sgf_point(p),
                width,
                height,
            })
        })
    };

    let mut config = Configuration::empty(n);
    let mut file_to_move: Option<Color> = None;
    let mut comment = None;
    let mut game_comment = None;
    let mut game_name = None;
    let mut marks: Vec<(usize, Point)> = Vec::new();
    let mut move_notes = Vec::new();
    // The root sequence, or with `before_move` the main line up to that move.
    let take = if before_move.is_some() {
        usize::MAX
    } else {
        root_len
    };
    let mut moves_seen = 0;
    for (node_no, node) in root.main_variation().take(take).enumerate() {
        let mut black: Vec<Point> = Vec::new();
        let mut white: Vec<Point> = Vec::new();
        let mut mv: Option<(Color, Option<Point>)> = None;
        let mut pl = None;
        for prop in node.properties() {
            match prop {
                Prop::AB(set) => {
                    for p in sorted(set) {
                        black.push(at("AB", &p)?);
                    }
                }
                Prop::AW(set) => {
                    for p in sorted(set) {
                        white.push(at("AW", &p)?);
                    }
                }
                Prop::AE(set) => {
                    for p in sorted(set) {
                        config.set(at("AE", &p)?, None);
                    }
                }
                Prop::PL(c) => pl = Some(color_of(c)),
                Prop::B(_) | Prop::W(_) => mv = sgf_move(prop, &board).map_err(err)?,
                Prop::TR(set) | Prop::MA(set) | Prop::SQ(set) | Prop::CR(set) => {
                    let id = prop.identifier();
                    let kind = MARK_KINDS.iter().position(|k| *k == id).unwrap_or(0);
                    for p in sorted(set) {
                        marks.push((kind, at(&id, &p)?));
                    }
                }
                Prop::C(t) if node_no == 0 => comment = Some(t.text.clone()),
                Prop::GN(t) if node_no == 0 => game_name = Some(t.text.clone()),
                Prop::GC(t) if node_no == 0 => game_comment = Some(t.text.clone()),
                Prop::Invalid(id, values) => {
                    let used = [
                        "B", "W", "AB", "AW", "AE", "PL", "TR", "MA", "SQ", "CR", "SZ",
                    ];
                    if used.contains(&id.as_str()) {
                        return Err(err(LoadErrorKind::BadValue {
                            prop: id.clone(),
                            value: values.join("]["),
                        }));
                    }
                }
                _ => {}
            }
        }
        if let Some(&p) = black.iter().find(|p| white.contains(p)) {
            return Err(err(LoadErrorKind::BothColors(point_label(&board, p))));
        }
        for &p in &black {
            config.set(p, Some(Color::Black));
        }
        for &p in &white {
            config.set(p, Some(Color::White));
        }
        let stop = mv.is_some() && before_move.is_some_and(|n| moves_seen + 1 >= n);
        if stop {
            // The move not played is the next player's.
            file_to_move = mv.take().map(|(c, _)| c);
        } else if mv.is_some() {
            moves_seen += 1;
        }
        if let Some((c, point)) = mv {
            let mut pos = Position::new(Arc::clone(&board), &config, c).map_err(|e| {
                err(LoadErrorKind::Illegal(format!(
                    "before the move of node {}: {e}",
                    node_no + 1
                )))
            })?;
            // φ: a move on an occupied point or a suicide leaves the stones unchanged.
            let played = pos.play_in_place(point.map_or(Move::Pass, Move::Play));
            if let (Some(x), Played::Occupied | Played::Suicide) = (point, played) {
                move_notes.push(format!(
                    "node {}: {}[{}] is {}, which acts as a pass under these rules",
                    node_no + 1,
                    c.letter(),
                    point_label(&board, x),
                    if played == Played::Occupied {
                        "on an occupied point"
                    } else {
                        "a suicide"
                    }
                ));
            }
            config = pos.configuration();
            file_to_move = Some(c.opponent());
        }
        if stop {
            break;
        }
        if pl.is_some() {
            file_to_move = pl;
        }
    }

    let to_move = to_move_opt.or(file_to_move).unwrap_or(Color::Black);
    let full = Position::new(Arc::clone(&board), &config, to_move)
        .map_err(|e| err(LoadErrorKind::Illegal(e.to_string())))?;
    Ok(Root {
        full,
        file_to_move,
        comment,
        game_comment,
        game_name,
        marks,
        notes: move_notes,
    })
}

/// What a problem takes from its file besides the stones (nothing for GTP's boards).
#[derive(Default)]
struct FromFile {
    /// The player to move as the file says.
    to_move: Option<Color>,
    comment: Option<String>,
    expected: Option<String>,
    /// Notes on the moves of the root sequence.
    notes: Vec<String>,
    /// The game trees in the file (0 read as 1: a problem built from a position).
    game_trees: usize,
}

/// The problem on `full` with its target chosen: the region of `opts` (or the one the
/// file's comment asks for), cut out as a board of its own.
fn finish_problem(
    full: Position,
    name: &str,
    opts: &LoadOptions,
    target_full: Point,
    source: TargetSource,
    from_file: FromFile,
) -> Result<Problem, LoadError> {
    let FromFile {
        to_move: file_to_move,
        comment,
        expected,
        notes: mut move_notes,
        game_trees,
    } = from_file;
    let game_trees = game_trees.max(1);
    if game_trees > 1 {
        // A collection in one file: say which problem this is, and how to get the others.
        move_notes.insert(
            0,
            format!(
                "the file holds {game_trees} game trees (problems); this is game tree {} \
                 (from 0; --index N picks another, --index all solves each)",
                opts.index
            ),
        );
    }
    let tree = tree_label(name, opts.index, game_trees);
    let err = LoadError::in_file(&tree);
    let board = Arc::clone(full.board());
    let mut problem = Problem {
        file: name.to_string(),
        position: full.clone(),
        full,
        target_full,
        target: target_full,
        to_move_given: file_to_move,
        target_source: source,
        region: Vec::new(),
        expected,
        comment,
        map: Vec::new(),
        virtual_eyes: Vec::new(),
        outside: None,
        outside_walls: Vec::new(),
        frame_points: Vec::new(),
        notes: move_notes,
        game_tree: opts.index,
        game_trees,
    };
    // A file may ask for its area (`GC[tsume: region=board]`); an explicit option wins.
    let hinted = match (
        &opts.region,
        problem.expected.as_deref().and_then(region_hint),
    ) {
        (RegionSpec::Auto, Some(h)) if h != RegionSpec::Auto => {
            problem.notes.push(format!(
                "region: {} (the file's GC asks for it; --region overrides)",
                match h {
                    RegionSpec::Board => "the whole board",
                    _ => "tight",
                }
            ));
            Some(h)
        }
        _ => None,
    };
    let mut auto = |rule| auto_region(&problem.full, target_full, rule, &mut problem.notes);
    let region: Vec<Point> = match hinted.as_ref().unwrap_or(&opts.region) {
        RegionSpec::Board => board.points().collect(),
        RegionSpec::Auto => auto(AreaRule::Walled),
        RegionSpec::Grown => auto(AreaRule::Grown),
        RegionSpec::Tight => auto(AreaRule::Tight),
        RegionSpec::Points(list) => listed_region(&problem.full, target_full, list).map_err(err)?,
    };
    build_region(&mut problem, region, !opts.no_frame, !opts.keep_sealed).map_err(err)?;
    if matches!(problem.target_source, TargetSource::Inferred(_)) {
        if let Some(note) = other_problems(&problem) {
            problem.notes.push(note);
        }
    }
    Ok(problem)
}

/// For an inferred target: the defender's groups of three stones or more wholly outside
/// the area in play that are not unconditionally alive (a board holding several
/// problems, four corners on one goban), as a note naming them and how to choose; None
/// if there are none.
fn other_problems(problem: &Problem) -> Option<String> {
    let full = &problem.full;
    let board = full.board();
    let defender = full.color(problem.target_full)?;
    let mut in_play = vec![false; board.len()];
    for &p in &problem.region {
        in_play[p.index()] = true;
    }
    let alive = tsume_board::benson::unconditionally_alive(full, defender);
    let mut others = Vec::new();
    for p in board.points() {
        if full.color(p) != Some(defender) || full.group(p).any(|q| q < p) {
            continue;
        }
        // Groups of one or two stones outside a wall are a problem's outside support
        // (a ladder breaker, an escape), not problems of their own.
        let outside = full.group_size(p) >= 3 && full.group(p).all(|q| !in_play[q.index()]);
        if outside && !alive.get(p.index()).copied().unwrap_or(false) {
            others.push(format!(
                "{} ({})",
                board.gtp(p),
                counted(full.group_size(p), "stone", "stones")
            ));
        }
    }
    if others.is_empty() {
        return None;
    }
    let shown = others.len().min(4);
    Some(format!(
        "the board holds other {defender} groups outside the area, perhaps other problems: at {}{}; --target names the group in question",
        others[..shown].join(", "),
        if others.len() > shown { ", …" } else { "" }
    ))
}

fn syntax_error(e: SgfParseError) -> LoadErrorKind {
    match e {
        SgfParseError::UnexpectedGameTreeEnd | SgfParseError::UnexpectedEndOfData => {
            LoadErrorKind::Unbalanced(format!("{e} (unbalanced parentheses or brackets?)"))
        }
        SgfParseError::InvalidGameType => LoadErrorKind::NotGo("?".into()),
        _ => LoadErrorKind::Syntax(e.to_string()),
    }
}

fn sorted(set: &std::collections::HashSet<go::Point>) -> Vec<go::Point> {
    let mut v: Vec<go::Point> = set.iter().copied().collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

/// The move of a `B` or `W` property: its colour and point (None for a pass: `B[]`, or
/// `B[tt]` on boards up to 19×19); None for any other property.
fn sgf_move(prop: &Prop, board: &Board) -> Result<Option<(Color, Option<Point>)>, LoadErrorKind> {
    let (c, id, m) = match prop {
        Prop::B(m) => (Color::Black, "B", m),
        Prop::W(m) => (Color::White, "W", m),
        _ => return Ok(None),
    };
    let (width, height) = board.grid_info().map_or((0, 0), |g| (g.width, g.height));
    let point =
        match m {
            go::Move::Pass => None,
            go::Move::Move(p) if p.x == 19 && p.y == 19 && width <= 19 && height <= 19 => None,
            go::Move::Move(p) => Some(board.point_at(p.x as u32, p.y as u32).ok_or_else(|| {
                LoadErrorKind::OffBoard {
                    prop: id.to_string(),
                    point: sgf_point(p),
                    width,
                    height,
                }
            })?),
        };
    Ok(Some((c, point)))
}

fn sgf_point(p: &go::Point) -> String {
    let l = |i: u8| tsume_board::coord::sgf_letter(i as u32);
    format!("{}{}", l(p.x), l(p.y))
}

fn color_of(c: &sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// `C3 (cc)` on grids up to 25 columns, else the SGF name.
fn point_label(board: &Board, p: Point) -> String {
    let (g, s) = (board.gtp(p), board.sgf(p));
    if g == s {
        g
    } else {
        format!("{g} ({s})")
    }
}

fn board_size(root: &sgf_parse::SgfNode<Prop>) -> Result<(u32, u32), LoadErrorKind> {
    for prop in root.properties() {
        match prop {
            Prop::SZ((w, h)) => {
                let (w, h) = (*w as u32, *h as u32);
                if w == 0 || h == 0 {
                    return Err(LoadErrorKind::BadSize(format!("{w}:{h}")));
                }
                if w > MAX_GRID_SIDE || h > MAX_GRID_SIDE {
                    return Err(LoadErrorKind::BoardTooLarge(if w == h {
                        w.to_string()
                    } else {
                        format!("{w}:{h}")
                    }));
                }
                return Ok((w, h));
            }
            Prop::Invalid(id, values) if id == "SZ" => {
                let text = values.join(":");
                // Numbers too large for the parser's u8.
                let nums: Vec<Option<u64>> = values
                    .first()
                    .map(|v| v.split(':').map(|s| s.trim().parse().ok()).collect())
                    .unwrap_or_default();
                if !nums.is_empty() && nums.len() <= 2 && nums.iter().all(Option::is_some) {
                    return Err(LoadErrorKind::BoardTooLarge(text));
                }
                return Err(LoadErrorKind::BadSize(text));
            }
            _ => {}
        }
    }
    Ok((19, 19))
}

fn parse_target(full: &Position, text: &str) -> Result<Point, LoadErrorKind> {
    let board = full.board();
    let p = board
        .parse_point(text.trim())
        .map_err(|e| LoadErrorKind::BadTarget(e.to_string()))?;
    if full.color(p).is_none() {
        return Err(LoadErrorKind::TargetEmpty(point_label(board, p)));
    }
    Ok(p)
}

/// The target named by marks: the first mark kind (TR, MA, SQ, CR) that marks a stone.
fn marked_target(
    full: &Position,
    marks: &[(usize, Point)],
) -> Result<Option<Point>, LoadErrorKind> {
    let board = full.board();
    for (kind, kind_name) in MARK_KINDS.iter().enumerate() {
        let stones: Vec<Point> = marks
            .iter()
            .filter(|(k, p)| *k == kind && full.color(*p).is_some())
            .map(|&(_, p)| p)
            .collect();
        let Some(&first) = stones.first() else {
            continue;
        };
        let mut groups: Vec<Point> = stones.iter().filter_map(|&p| full.group_id(p)).collect();
        groups.sort();
        groups.dedup();
        if groups.len() > 1 {
            let names: Vec<String> = stones.iter().map(|&p| board.gtp(p)).collect();
            return Err(LoadErrorKind::NoTarget(format!(
                "{} marks stones of {} groups ({}): give the target explicitly",
                kind_name,
                groups.len(),
                names.join(", ")
            )));
        }
        return Ok(Some(first));
    }
    Ok(None)
}

/// Distance of a grid point to the nearest board edge (0 on the first line).
fn edge_distance(board: &Board, p: Point) -> u32 {
    match (board.grid_info(), board.xy(p)) {
        (Some(g), Some((x, y))) => x.min(y).min(g.width - 1 - x).min(g.height - 1 - y),
        _ => 0,
    }
}

/// The defender a problem's text states: "Black to live", "White to play and kill",
/// "black lives" (a colour, then a verb of life or death with at most four of "to",
/// "play", "plays", "move", "moves", "first", "and" between), with the words that tell
/// it; None when no such phrase is found. `tsume:` lines (the collection's answers) are skipped.
fn stated_defender(text: &str) -> Option<(Color, String)> {
    for line in text.lines() {
        if line.trim_start().starts_with("tsume:") {
            continue;
        }
        let lower = line.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        for (i, w) in words.iter().enumerate() {
            let colour = match *w {
                "black" => Color::Black,
                "white" => Color::White,
                _ => continue,
            };
            // "to", "play", "move", "first", "and" may come between the colour and the
            // verb ("White to move and kill", "Black plays first and lives").
            let mut j = i + 1;
            while j < words.len()
                && j <= i + 4
                && matches!(
                    words[j],
                    "to" | "play" | "plays" | "move" | "moves" | "first" | "and"
                )
            {
                j += 1;
            }
            let Some(&verb) = words.get(j) else { continue };
            let defends = match verb {
                "live" | "lives" | "living" | "survive" | "survives" | "save" | "saves" => true,
                "kill" | "kills" | "capture" | "captures" => false,
                _ => continue,
            };
            let phrase = words[i..=j].join(" ");
            let defender = if defends { colour } else { colour.opponent() };
            return Some((defender, phrase));
        }
    }
    None
}

/// The colour whose life is in question, from the stones alone: the only colour on the
/// board if one is missing; on a problem drawn in a corner or on a side of a larger board (the stones' bounding box covers less than half
/// of it), the colour whose stones lie nearer the edges on average (the attacker's wall
/// stands outside the group it encloses); otherwise the colour whose liberties open
/// less onto the largest empty region, the open board (the share of its liberties
/// there is lower: the enclosed side). None on a tie.
fn enclosed_colour(full: &Position) -> Option<(Color, String)> {
    let board = full.board();
    let stones: Vec<(Point, Color)> = board
        .points()
        .filter_map(|p| full.color(p).map(|c| (p, c)))
        .collect();
    // Stones of one colour only: that colour's group is the one in question.
    let first = stones.first()?.1;
    if stones.iter().all(|&(_, c)| c == first) {
        return Some((first, format!("only {first} has stones")));
    }
    if let Some(g) = board.grid_info() {
        let xy: Vec<(u32, u32)> = stones.iter().filter_map(|&(p, _)| board.xy(p)).collect();
        let (x0, x1) = (xy.iter().map(|q| q.0).min(), xy.iter().map(|q| q.0).max());
        let (y0, y1) = (xy.iter().map(|q| q.1).min(), xy.iter().map(|q| q.1).max());
        if let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) {
            let local = 2 * u64::from(x1 - x0 + 1) * u64::from(y1 - y0 + 1)
                < u64::from(g.width) * u64::from(g.height);
            if local {
                let mut sum = [0u64; 2];
                let mut cnt = [0u64; 2];
                for &(p, c) in &stones {
                    sum[c.index()] += u64::from(edge_distance(board, p));
                    cnt[c.index()] += 1;
                }
                // Compared as sums over counts, without division.
                let (b, w) = (
                    u128::from(sum[0]) * u128::from(cnt[1]),
                    u128::from(sum[1]) * u128::from(cnt[0]),
                );
                if cnt[0] > 0 && cnt[1] > 0 && b != w {
                    let d = if b < w { Color::Black } else { Color::White };
                    return Some((
                        d,
                        format!("the stones are a local problem of the board, and {d}'s lie nearer its edges"),
                    ));
                }
            }
        }
    }
    // The empty regions; the largest is the open board.
    let n = board.len();
    let mut region = vec![u32::MAX; n];
    let mut sizes: Vec<u32> = Vec::new();
    let mut stack = Vec::new();
    for p in board.points() {
        if full.color(p).is_some() || region[p.index()] != u32::MAX {
            continue;
        }
        let r = sizes.len() as u32;
        region[p.index()] = r;
        stack.push(p);
        let mut size = 0;
        while let Some(q) = stack.pop() {
            size += 1;
            for &u in board.neighbors(q) {
                if full.color(u).is_none() && region[u.index()] == u32::MAX {
                    region[u.index()] = r;
                    stack.push(u);
                }
            }
        }
        sizes.push(size);
    }
    let open = (0..sizes.len()).max_by_key(|&r| (sizes[r], std::cmp::Reverse(r)))? as u32;
    let mut libs = [0u64; 2];
    let mut outside = [0u64; 2];
    for p in board.points() {
        if full.color(p).is_some() {
            continue;
        }
        for c in [Color::Black, Color::White] {
            if board.neighbors(p).iter().any(|&u| full.color(u) == Some(c)) {
                libs[c.index()] += 1;
                outside[c.index()] += u64::from(region[p.index()] == open);
            }
        }
    }
    if libs[0] == 0 || libs[1] == 0 {
        return None;
    }
    // share(Black) < share(White), without division.
    let (b, w) = (outside[0] * libs[1], outside[1] * libs[0]);
    if b == w {
        return None;
    }
    let d = if b < w { Color::Black } else { Color::White };
    Some((
        d,
        format!("fewer of {d}'s liberties open onto the largest empty area, so {d} is the enclosed side"),
    ))
}

/// The target rule of the crate docs.
fn infer_target(
    full: &Position,
    to_move: Option<Color>,
    stated: Option<(Color, String)>,
) -> Result<(Point, String), LoadErrorKind> {
    let board = full.board();
    let (defender, why_colour) = if let Some((d, phrase)) = stated {
        (d, format!("the file says \"{phrase}\", so {d} defends"))
    } else if let Some((d, why)) = enclosed_colour(full) {
        (d, format!("{why}; {d} defends"))
    } else {
        match to_move {
            Some(c) => (
                c.opponent(),
                format!("{c} moves, so {} defends", c.opponent()),
            ),
            None => (
                Color::White,
                "nothing tells the colours apart, so White defends".to_string(),
            ),
        }
    };
    let alive = tsume_board::benson::unconditionally_alive(full, defender);
    let mut groups: Vec<(usize, usize, Point, bool)> = Vec::new();
    for p in board.points() {
        // The first stone in scan order of each group.
        if full.color(p) != Some(defender) || full.group(p).any(|q| q < p) {
            continue;
        }
        groups.push((
            full.liberty_count(p),
            full.group_size(p),
            p,
            alive.get(p.index()).copied().unwrap_or(false),
        ));
    }
    let all_alive = groups.iter().all(|g| g.3);
    let best = groups
        .iter()
        .filter(|g| all_alive || !g.3)
        .min_by_key(|g| (std::cmp::Reverse(g.1), g.0, g.2));
    match best {
        Some(&(libs, size, p, _)) => Ok((
            p,
            format!(
                "{why_colour}; its group at {} is the largest ({}, {}) of its {}{}",
                board.gtp(p),
                counted(size, "stone", "stones"),
                counted(libs, "liberty", "liberties"),
                counted(groups.len(), "group", "groups"),
                if all_alive {
                    ""
                } else {
                    " not unconditionally alive"
                }
            ),
        )),
        None => Err(LoadErrorKind::NoTarget(format!(
            "{defender} (the defender) has no stone"
        ))),
    }
}

/// An attacker group next to the area with at most this many liberties may be captured
/// in a race: its liberties and the defender groups on its other side join the area
/// (`Auto`).
const RACE_LIBERTIES: usize = 3;

/// How [`auto_region`] bounds the area.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum AreaRule {
    /// [`RegionSpec::Grown`].
    Grown,
    /// [`RegionSpec::Tight`].
    Tight,
    /// [`RegionSpec::Auto`]: ends at the attacker's wall, with race partners.
    Walled,
}

/// Stones this close (in lines, both ways: the Chebyshev distance) to a stone of the
/// target's cluster join it ([`local_cluster`]).
const CLUSTER_REACH: u32 = 3;

/// The target's cluster: its stones, then every stone within [`CLUSTER_REACH`] lines of a
/// stone already in, to closure. A problem file's stones are one cluster; on a whole board
/// the cluster is the fight around the target, not every stone of the game.
fn local_cluster(full: &Position, target: Point) -> Vec<bool> {
    let board = full.board();
    let mut inc = vec![false; board.len()];
    let stones: Vec<(Point, u32, u32)> = board
        .points()
        .filter(|&p| full.color(p).is_some())
        .filter_map(|p| board.xy(p).map(|(x, y)| (p, x, y)))
        .collect();
    let mut queue: Vec<Point> = full.group(target).collect();
    for &p in &queue {
        inc[p.index()] = true;
    }
    while let Some(p) = queue.pop() {
        let Some((x, y)) = board.xy(p) else { continue };
        for &(q, qx, qy) in &stones {
            if !inc[q.index()] && x.abs_diff(qx) <= CLUSTER_REACH && y.abs_diff(qy) <= CLUSTER_REACH
            {
                inc[q.index()] = true;
                queue.push(q);
            }
        }
    }
    inc
}

/// A cluster's area is enclosed when at most half of its edge (its points with a
/// neighbour on the board outside it) is empty points: (empty edge points, edge points).
/// Where more is open, the question is whether the target escapes, which a part of the
/// board cannot answer, and [`auto_region`] takes the box of all stones instead.
fn open_edge(full: &Position, region: &[Point]) -> (usize, usize) {
    let board = full.board();
    let mut inr = vec![false; board.len()];
    for &p in region {
        inr[p.index()] = true;
    }
    let (mut edge, mut open) = (0usize, 0usize);
    for &p in region {
        if on_edge(board, p, |q| inr[q.index()]) {
            edge += 1;
            open += usize::from(full.color(p).is_none());
        }
    }
    (open, edge)
}

/// Whether the region's point `p` has a neighbour on the board outside the region
/// (`in_region` says which points are in): its edge, where walls touch the outside and
/// the frame is.
fn on_edge(board: &Board, p: Point, in_region: impl Fn(Point) -> bool) -> bool {
    board.neighbors(p).iter().any(|&q| !in_region(q))
}

/// The `Auto`, `Grown` and `Tight` regions of the crate docs, in index order.
fn auto_region(
    full: &Position,
    target: Point,
    rule: AreaRule,
    notes: &mut Vec<String>,
) -> Vec<Point> {
    if rule == AreaRule::Walled {
        let local = local_cluster(full, target);
        let board = full.board();
        let stones = board.points().filter(|&p| full.color(p).is_some());
        let (mut near, mut far) = (0usize, 0usize);
        for p in stones {
            if local[p.index()] {
                near += 1;
            } else {
                far += 1;
            }
        }
        if far > 0 {
            let region = region_in_box(full, target, rule, Some(&local));
            let (open, edge) = open_edge(full, &region);
            if 2 * open <= edge {
                notes.push(format!(
                    "area: the box of the target's cluster ({near} stones within three lines \
                     of each other); {far} stones farther away are not in play"
                ));
                return region;
            }
            notes.push(format!(
                "area: the target's cluster ({near} stones) is open ({open} of the {edge} \
                 points on its area's edge are empty: the group may run away), so the box \
                 of all stones is in play; --region gives the area by hand"
            ));
        }
    }
    region_in_box(full, target, rule, None)
}

/// The region of [`auto_region`] inside the box of the stones marked in `local` (all
/// stones when `None`).
fn region_in_box(
    full: &Position,
    target: Point,
    rule: AreaRule,
    local: Option<&[bool]>,
) -> Vec<Point> {
    let board = full.board();
    let n = board.len();
    let defender = full.color(target);
    // The bounding box of the stones (of the target's cluster when `local` is given),
    // then grown or snapped by the rule.
    let mut bbox: Option<(u32, u32, u32, u32)> = None;
    for p in board.points() {
        if full.color(p).is_some() && local.is_none_or(|l| l[p.index()]) {
            if let Some((x, y)) = board.xy(p) {
                bbox = Some(match bbox {
                    None => (x, y, x, y),
                    Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
                });
            }
        }
    }
    if let (Some((x0, y0, x1, y1)), Some(g)) = (bbox, board.grid_info()) {
        // Grown: one line on every side. Tight: sides near an edge snap to it. Walled
        // (`Auto`): sides near an edge snap to it, the others grow by one line where a
        // defender stone lies on them.
        let (w, h) = (g.width, g.height);
        let defender_on = |side: &dyn Fn(u32, u32) -> bool| {
            board
                .points()
                .any(|p| full.color(p) == defender && board.xy(p).is_some_and(|(x, y)| side(x, y)))
        };
        let lo = |v: u32, grow: bool| match v {
            0..=2 => 0,
            _ => v - u32::from(grow),
        };
        let hi = |v: u32, m: u32, grow: bool| {
            if m - 1 - v <= 2 {
                m - 1
            } else {
                v + u32::from(grow)
            }
        };
        bbox = Some(match rule {
            AreaRule::Grown => (
                x0.saturating_sub(1),
                y0.saturating_sub(1),
                (x1 + 1).min(w - 1),
                (y1 + 1).min(h - 1),
            ),
            AreaRule::Tight => (
                lo(x0, false),
                lo(y0, false),
                hi(x1, w, false),
                hi(y1, h, false),
            ),
            AreaRule::Walled => (
                lo(x0, defender_on(&|x, _| x == x0)),
                lo(y0, defender_on(&|_, y| y == y0)),
                hi(x1, w, defender_on(&|x, _| x == x1)),
                hi(y1, h, defender_on(&|_, y| y == y1)),
            ),
        });
    }
    let in_box = |p: Point| -> bool {
        match (bbox, board.xy(p)) {
            (Some((x0, y0, x1, y1)), Some((x, y))) => x >= x0 && y >= y0 && x <= x1 && y <= y1,
            _ => true,
        }
    };
    let mut inr = vec![false; n];
    let mut queue: VecDeque<Point> = full.group(target).collect();
    for &p in &queue {
        inr[p.index()] = true;
    }
    let mut attackers: Vec<Point> = Vec::new();
    while let Some(p) = queue.pop_front() {
        for &q in board.neighbors(p) {
            if inr[q.index()] || !in_box(q) {
                continue;
            }
            let c = full.color(q);
            if c.is_none() || c == defender {
                inr[q.index()] = true;
                queue.push_back(q);
            } else {
                attackers.push(q);
            }
        }
    }
    if rule == AreaRule::Walled {
        // The other side of a capturing race: each defender group touching an attacker
        // group next to the area joins it with its liberties inside the box (one step,
        // no flood beyond them, so that a whole board does not come in).
        let mut groups: Vec<Point> = Vec::new();
        let mut partners: Vec<Point> = Vec::new();
        for &a in &attackers {
            let Some(g) = full.group_id(a) else { continue };
            if groups.contains(&g) {
                continue;
            }
            groups.push(g);
            if full.liberty_count(a) > RACE_LIBERTIES {
                continue;
            }
            // Its liberties inside the box join too (no flood beyond them), so that a
            // weak stone of the wall whose liberty lay outside the flood is not made
            // safe by the virtual eyes of a group touching the outside.
            for l in full.liberties(a) {
                if in_box(l) {
                    inr[l.index()] = true;
                }
            }
            for s in full.group(a) {
                for &q in board.neighbors(s) {
                    if !inr[q.index()] && in_box(q) && full.color(q) == defender {
                        for t in full.group(q) {
                            inr[t.index()] = true;
                            partners.push(t);
                        }
                    }
                }
            }
        }
        // The partners' liberties join, with the attacker stones next to them (walls)
        // and, one step further, the defender groups next to them with their own
        // liberties: a partner's liberty touching a defender stone is not the edge of
        // the area (cut there, it would touch the attacker's outside), and no flood goes
        // on beyond that step.
        let mut ring = partners;
        for step in 0..2 {
            let around: Vec<Point> = ring
                .iter()
                .flat_map(|&s| board.neighbors(s).iter().copied())
                .filter(|&q| in_box(q))
                .collect();
            let mut next: Vec<Point> = Vec::new();
            for q in around {
                match full.color(q) {
                    Some(c) if Some(c) != defender => attackers.push(q),
                    Some(_) => {}
                    // A liberty (it may be in already: the wall's liberties are).
                    None => {
                        inr[q.index()] = true;
                        for &r in board.neighbors(q) {
                            if !in_box(r) || inr[r.index()] {
                                continue;
                            }
                            match full.color(r) {
                                Some(c) if Some(c) != defender => attackers.push(r),
                                Some(_) if step == 0 => {
                                    for t in full.group(r) {
                                        inr[t.index()] = true;
                                        next.push(t);
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
            ring = next;
        }
    }
    for a in attackers {
        if !inr[a.index()] {
            for s in full.group(a) {
                inr[s.index()] = true;
            }
        }
    }
    // Pockets: a connected set of points not in the region that lies inside the box
    // and touches no point outside it is enclosed by the region: it joins the region.
    // When the box is the whole board nothing lies outside it: then the largest such
    // set is the outside of the problem and stays out.
    let mut seen = inr.clone();
    let mut enclosed: Vec<Vec<Point>> = Vec::new();
    let mut any_open = false;
    for start in board.points() {
        if seen[start.index()] {
            continue;
        }
        let mut component = vec![start];
        let mut closed = in_box(start);
        seen[start.index()] = true;
        let mut i = 0;
        while i < component.len() {
            let p = component[i];
            i += 1;
            for &q in board.neighbors(p) {
                if !in_box(q) {
                    closed = false;
                }
                if !seen[q.index()] {
                    seen[q.index()] = true;
                    component.push(q);
                }
            }
        }
        if closed {
            enclosed.push(component);
        } else {
            any_open = true;
        }
    }
    if !any_open {
        // The largest component (the first of them on a tie) is the outside.
        if let Some(k) = (0..enclosed.len()).max_by_key(|&k| (enclosed[k].len(), usize::MAX - k)) {
            enclosed.swap_remove(k);
        }
    }
    for component in enclosed {
        for p in component {
            inr[p.index()] = true;
        }
    }
    board.points().filter(|p| inr[p.index()]).collect()
}

fn listed_region(
    full: &Position,
    target: Point,
    list: &[String],
) -> Result<Vec<Point>, LoadErrorKind> {
    let board = full.board();
    let mut inr = vec![false; board.len()];
    for name in list {
        let p = board
            .parse_point(name.trim())
            .map_err(|e| LoadErrorKind::BadRegion(e.to_string()))?;
        inr[p.index()] = true;
        for s in full.group(p) {
            inr[s.index()] = true;
        }
    }
    if !inr[target.index()] {
        return Err(LoadErrorKind::BadRegion(format!(
            "the target {} is not in the region",
            point_label(board, target)
        )));
    }
    Ok(board.points().filter(|p| inr[p.index()]).collect())
}

/// The attacker groups of the region touching the outside (one stone of each, in region
/// order) and their group ids: the walls joined to the outside's virtual wall.
fn joined_walls(
    full: &Position,
    region: &[Point],
    index: &[Option<usize>],
    attacker: Color,
) -> (Vec<Point>, FxHashSet<Point>) {
    let board = full.board();
    let mut wall_stones: Vec<Point> = Vec::new();
    let mut groups: FxHashSet<Point> = FxHashSet::default();
    for &p in region {
        if full.color(p) != Some(attacker) {
            continue;
        }
        let Some(g) = full.group_id(p) else { continue };
        if groups.contains(&g) {
            continue;
        }
        if on_edge(board, p, |q| index[q.index()].is_some()) {
            groups.insert(g);
            wall_stones.push(p);
        }
    }
    (wall_stones, groups)
}

/// The region without what the joined walls seal off from the target (module docs): the
/// points reached from the target through the region without crossing a stone of a
/// joined wall, and the whole joined walls next to them, in region order.
fn sealed_off(
    full: &Position,
    region: &[Point],
    index: &[Option<usize>],
    joined: &FxHashSet<Point>,
    target: Point,
) -> Vec<Point> {
    let board = full.board();
    let is_wall = |p: Point| full.group_id(p).is_some_and(|g| joined.contains(&g));
    let mut reach = vec![false; board.len()];
    let mut walls: FxHashSet<Point> = FxHashSet::default();
    let mut queue = VecDeque::from([target]);
    reach[target.index()] = true;
    while let Some(p) = queue.pop_front() {
        for &q in board.neighbors(p) {
            if reach[q.index()] || index[q.index()].is_none() {
                continue;
            }
            if is_wall(q) {
                walls.extend(full.group_id(q));
                continue;
            }
            reach[q.index()] = true;
            queue.push_back(q);
        }
    }
    region
        .iter()
        .copied()
        .filter(|&p| reach[p.index()] || full.group_id(p).is_some_and(|g| walls.contains(&g)))
        .collect()
}

/// Builds `problem.position` from the region's points: the induced graph board, plus
/// the outside's virtual wall with two eyes, joined to each attacker group touching the
/// outside and (with the frame) next to the empty points cut off from the board.
fn build_region(
    problem: &mut Problem,
    mut region: Vec<Point>,
    frame: bool,
    seal: bool,
) -> Result<(), LoadErrorKind> {
    let full = &problem.full;
    let board = full.board();
    let n = board.len();
    let attacker = full
        .color(problem.target_full)
        .map(Color::opponent)
        .ok_or_else(|| LoadErrorKind::TargetEmpty(point_label(board, problem.target_full)))?;
    let mut index: Vec<Option<usize>> = vec![None; n];
    for (i, &p) in region.iter().enumerate() {
        index[p.index()] = Some(i);
    }
    if index[problem.target_full.index()].is_none() {
        return Err(LoadErrorKind::BadRegion(
            "the target is not in the region".into(),
        ));
    }
    let (mut wall_stones, seen_groups) = joined_walls(full, &region, &index, attacker);
    // What the joined walls seal off from the target is left out (module docs).
    let kept = seal.then(|| sealed_off(full, &region, &index, &seen_groups, problem.target_full));
    if let Some(kept) = kept.filter(|k| k.len() < region.len()) {
        let left = region.len() - kept.len();
        problem.notes.push(format!(
            "{left} {} of the area left out: sealed off from the target by {attacker} walls \
             joined to the outside (a wall's eyes: play there cannot reach the target)",
            if left == 1 { "point" } else { "points" }
        ));
        for &p in &region {
            index[p.index()] = None;
        }
        region = kept;
        for (i, &p) in region.iter().enumerate() {
            index[p.index()] = Some(i);
        }
        wall_stones.retain(|&p| index[p.index()].is_some());
    }
    // Empty points of the region cut off from a neighbour on the board: the frame.
    let framed: Vec<Point> = if frame {
        region
            .iter()
            .copied()
            .filter(|&p| {
                full.color(p).is_none() && on_edge(board, p, |q| index[q.index()].is_some())
            })
            .collect()
    } else {
        Vec::new()
    };
    if region.len() == n && wall_stones.is_empty() && framed.is_empty() {
        problem.region = region;
        problem.position = full.clone();
        problem.target = problem.target_full;
        problem.map = board.points().map(Some).collect();
        problem.virtual_eyes.clear();
        problem.outside = None;
        problem.outside_walls.clear();
        problem.frame_points.clear();
        return Ok(());
    }
    // The index in the position of a point of the region (every caller's point is one).
    let at = |p: Point| index[p.index()].unwrap_or(0);
    let gtp_names = board.grid_info().is_some_and(|g| g.width <= 25);
    let label = |p: Point| {
        if gtp_names {
            board.gtp(p)
        } else {
            board.name(p).to_string()
        }
    };
    let mut names: Vec<String> = region.iter().map(|&p| label(p)).collect();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for (i, &p) in region.iter().enumerate() {
        for &q in board.neighbors(p) {
            if let Some(j) = index[q.index()] {
                if i < j {
                    edges.push((i, j));
                }
            }
        }
    }
    let mut map: Vec<Option<Point>> = region.iter().map(|&p| Some(p)).collect();
    let mut cells: Vec<Option<Color>> = region.iter().map(|&p| full.color(p)).collect();
    let mut eyes: Vec<(usize, usize)> = Vec::new();
    // A virtual point (not on the board): its name, colour and neighbours; its index.
    let mut add_point = |name: String, color: Option<Color>, next_to: &[usize]| {
        let e = names.len();
        names.push(name);
        edges.extend(next_to.iter().map(|&j| (j, e)));
        map.push(None);
        cells.push(color);
        e
    };
    // The outside's virtual wall (module docs): next to one stone of each attacker
    // group touching the outside and to the framed points.
    let next_to: Vec<usize> = wall_stones.iter().chain(&framed).map(|&p| at(p)).collect();
    let outside = (!next_to.is_empty()).then(|| {
        let f = add_point("outside".to_string(), Some(attacker), &next_to);
        for k in 1..=2 {
            eyes.push((add_point(format!("eye{k}@outside"), None, &[f]), f));
        }
        f
    });
    for &s in &wall_stones {
        problem.notes.push(format!(
            "{attacker} group at {} touches the outside: joined to the outside's virtual \
             wall (two eyes)",
            label(s)
        ));
    }
    if !framed.is_empty() {
        let (what, verb) = if framed.len() == 1 {
            ("empty point of the area is", "it touches")
        } else {
            ("empty points of the area are", "they touch")
        };
        problem.notes.push(format!(
            "{} {what} cut off from the rest of the board: {verb} the outside's virtual \
             {attacker} wall (the frame)",
            framed.len()
        ));
    }
    let rboard =
        Arc::new(Board::from_edges(names, &edges).map_err(|e| {
            LoadErrorKind::BadRegion(format!("cannot build the region's board: {e}"))
        })?);
    let position = Position::new(rboard, &Configuration::from_cells(cells), full.to_move())
        .map_err(|e| LoadErrorKind::BadRegion(format!("the region leaves an {e}")))?;
    // The board's ko rule, and its forbidden point if in the area, hold in the area too
    // (a GTP board under `--ko-rule basic` has them; a file's board has neither).
    let ban = full
        .ko_ban()
        .and_then(|b| index[b.index()])
        .map(Point::from_index);
    let position = position.with_ko_rule(full.ko_rule()).with_ko_ban(ban);
    let target = at(problem.target_full);
    problem.region = region;
    problem.position = position;
    problem.target = Point::from_index(target);
    problem.map = map;
    problem.virtual_eyes = eyes
        .into_iter()
        .map(|(e, s)| (Point::from_index(e), Point::from_index(s)))
        .collect();
    problem.outside = outside.map(Point::from_index);
    let in_position =
        |ps: &[Point]| -> Vec<Point> { ps.iter().map(|&p| Point::from_index(at(p))).collect() };
    problem.outside_walls = in_position(&wall_stones);
    problem.frame_points = in_position(&framed);
    Ok(())
}

#[cfg(test)]
mod tests;
