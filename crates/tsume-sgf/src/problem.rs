//! A loaded problem: the whole board, the target, the area in play and what the file
//! says besides its stones.

use fxhash::FxHashSet;
use tsume_area::Area;
use tsume_board::{Color, Point, Position};

use crate::error::tree_label;
use crate::TargetSource;

/// A loaded problem: what [`crate::load_problem`] and its siblings return.
#[derive(Clone, Debug)]
pub struct Problem {
    pub(crate) file: String,
    pub(crate) full: Position,
    pub(crate) target_full: Point,
    pub(crate) area: Area,
    pub(crate) to_move_given: Option<Color>,
    pub(crate) target_source: TargetSource,
    pub(crate) comment: Option<String>,
    pub(crate) expected: Option<String>,
    pub(crate) notes: Vec<String>,
    pub(crate) game_tree: usize,
    pub(crate) game_trees: usize,
}

impl Problem {
    /// The file name (or the name given).
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The whole board, with the player to move.
    pub fn full(&self) -> &Position {
        &self.full
    }

    /// The target on the whole board.
    pub fn target_full(&self) -> Point {
        self.target_full
    }

    /// The area in play ([`tsume_area`]'s docs state the rule).
    pub fn area(&self) -> &Area {
        &self.area
    }

    /// The position in play: the region as a board of its own (see [`tsume_area`]).
    pub fn position(&self) -> &Position {
        self.area.position()
    }

    /// The target in [`Problem::position`].
    pub fn target(&self) -> Point {
        self.area.target()
    }

    /// The points of [`Problem::full`] in play, in index order.
    pub fn region(&self) -> &[Point] {
        self.area.region()
    }

    /// For each point of [`Problem::position`], the point of [`Problem::full`] (None for
    /// the virtual points: `outside` and its eyes).
    pub fn map(&self) -> &[Option<Point>] {
        self.area.map()
    }

    /// The virtual eye points of [`Problem::position`], with the stone each touches
    /// (`outside`): none, or two.
    pub fn virtual_eyes(&self) -> &[(Point, Point)] {
        self.area.virtual_eyes()
    }

    /// The virtual attacker stone `outside` of [`Problem::position`], if any.
    pub fn outside(&self) -> Option<Point> {
        self.area.outside()
    }

    /// One stone of [`Problem::position`] for each attacker group joined to `outside`
    /// (the groups touching the outside), in index order.
    pub fn outside_walls(&self) -> &[Point] {
        self.area.outside_walls()
    }

    /// The frame: the empty points of [`Problem::position`] cut off from the rest of the
    /// board, which touch `outside` (none with [`crate::LoadOptions::no_frame`]), in
    /// index order.
    pub fn frame_points(&self) -> &[Point] {
        self.area.frame_points()
    }

    /// The player to move as the file says (`PL` or the root sequence's moves).
    pub fn to_move_given(&self) -> Option<Color> {
        self.to_move_given
    }

    /// How the target was chosen.
    pub fn target_source(&self) -> &TargetSource {
        &self.target_source
    }

    /// The root comment `C`.
    pub fn comment(&self) -> Option<&str> {
        self.comment.as_deref()
    }

    /// The expected answer as the file states it: `GC`, else the root comment.
    pub fn expected(&self) -> Option<&str> {
        self.expected.as_deref()
    }

    /// Notes on how the problem was read and the area cut, one line each.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Which game tree of the file this is (from 0).
    pub fn game_tree(&self) -> usize {
        self.game_tree
    }

    /// How many game trees the file holds (1 for a graph file or a position given
    /// whole).
    pub fn game_trees(&self) -> usize {
        self.game_trees
    }

    /// The same problem with the ko rule on or off in the position in play (a file's
    /// board is read without it).
    #[must_use]
    pub fn with_ko_rule(mut self, on: bool) -> Problem {
        self.area = self.area.with_ko_rule(on);
        self
    }

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

    /// The whole-board point for a point of [`Problem::position`] (None for the virtual
    /// points).
    pub fn to_full(&self, p: Point) -> Option<Point> {
        self.area.to_full(p)
    }

    /// The point of [`Problem::position`] for a whole-board point, if it is in play.
    pub fn from_full(&self, p: Point) -> Option<Point> {
        self.area.from_full(p)
    }

    /// What the cut changed of the board as given, one line each (empty: a proof on
    /// the area is a proof on the board): [`tsume_area::Area::changes`].
    pub fn changes(&self) -> Vec<String> {
        self.area.changes(&self.full)
    }

    /// The whole board with the region marked: `X`/`O` stones and `.` empty points in
    /// play, `x`/`o`/`-` for stones and points not in play, `@` the target stone;
    /// then a legend line.
    pub fn region_diagram(&self) -> String {
        let board = self.full.board();
        let region = self.region();
        let in_region: FxHashSet<Point> = region.iter().copied().collect();
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
            region.len()
        ));
        if region.len() < board.len() {
            out.push_str(" (x o - not in play)");
        }
        if !self.outside_walls().is_empty() {
            let stones: Vec<String> = self
                .outside_walls()
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
