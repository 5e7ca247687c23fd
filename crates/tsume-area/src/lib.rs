//! The area in play of a life-and-death problem: the part of a whole board where the
//! target's fate is fought, cut out as a graph board of its own (Crăşmaru §2: a board is
//! any finite set T with a symmetric relation N, so an area cut out of a goban, with
//! private eye points added, is a board of the formalism).
//!
//! The rule reads a position and a target stone, nothing else: a problem file's board
//! (`tsume-sgf`) and a GTP board (`tsume gtp`) are cut the same way. It is stated here
//! and only here; `tsume solve --help`, `docs/cli.md` and [`RegionSpec::Auto`] point to
//! it, and `docs/design/area.md` says why each part is there.
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
//!   not the defender's stone beside it); no flood goes on beyond that step (on a whole
//!   game board it would take in everything). Then come the whole groups of the
//!   attacker's stones next to the region, and every pocket: a connected set of points
//!   not yet in the region that lies inside B and touches no point outside B (an eye of
//!   the wall, the inside of a group enclosed by the target). When B is the whole board
//!   (a small problem board), the largest such set is the outside and stays out. Empty
//!   points and stones outside the region are not in play. (A pocket of a wall joined
//!   to the outside is left out again below, "Sealed-off points": only the pockets of
//!   walls that can die matter.)
//! - `Grown`: as `Auto` without the race partners, and with B the stones' bounding box
//!   grown by one line on every side (clipped to the board): the rule of the first
//!   versions. On open corners the one-line strip it adds beyond the attacker's outer
//!   stones is where most of the search goes.
//! - `Tight`: as `Grown` with B not grown: sides within two lines of the edge moved to
//!   it, the others at the outermost stones whatever their colour.
//! - `Points(list)`: the listed points (GTP or SGF names), each listed stone bringing
//!   its whole group.
//!
//! # The outside
//! Every rule but `Board`: one virtual attacker stone named `outside`, with two private
//! eyes `eye1@outside`, `eye2@outside` (empty points adjacent to it only), stands for
//! the rest of the board, which is the attacker's. Every **attacker** group of the
//! region that has a neighbour outside the region (it touches the outside: the wall of
//! an enclosed problem) is joined to it by an edge from one of its stones: it is then
//! unconditionally alive, as a wall connected to the outside is meant to be.
//!
//! One wall for the whole outside, not two private eyes for each attacker group: the
//! groups are as safe either way, and joined through the outside they are as connected
//! as in the real position; but every eye point is a move the attacker may play (filling
//! its own eye, useless and searched all the same), so one pair of eyes instead of one
//! per wall takes 2 moves per wall out of every attacker node. Defender groups touching
//! the outside (possible only with `Points`) are not joined: their outside liberties are
//! simply not in play. If the resulting position breaks Theorem 2 (a group without a
//! liberty), the cut fails. When the region is the whole board and nothing touches the
//! outside, the position in play is the board itself (a grid).
//!
//! # The frame
//! Off with [`AreaOptions::no_frame`]: the empty points of the region that have a
//! neighbour on the board outside the region (the strip along a box side, a gap in a
//! wall) touch `outside` too, as in a tsumego frame. Without it those points act as if
//! on the board's edge, where the defender makes eyes against an edge the real board
//! does not have, and the attacker's stones there cannot connect out.
//!
//! # Sealed-off points
//! Kept with [`AreaOptions::keep_sealed`]: once the walls are joined to the outside, the
//! points of the region that the target cannot reach without crossing a stone of a
//! joined wall (a wall's own eyes inside the area, with whatever stands in them) are
//! left out, and so are the joined walls that touch none of the rest. A joined wall has
//! the outside's two eyes, so the defender can never capture it, and such a point
//! touches nothing but the wall and other such points: a stone played there changes no
//! liberty of the target or of anything near it, and the play there is a pass for the
//! target's fate. The one difference is the attacker's own: filling its wall's eyes
//! there (and the outside's) until the defender can capture the wall, which takes that
//! many more moves with the points kept. That is the same judgement the outside's
//! virtual wall makes for the wall's eyes beyond the area: the attacker does not destroy
//! its own wall. `tests/tests/sealed.rs` compares both ways.
//!
//! # What the cut changes
//! A cut area is a device of the search, not a change of the question. [`Area::changes`]
//! says what a cut changed of the board as given: a wall joined to `outside` that Benson's
//! test does not call alive on the whole board (the cut makes it safe; the board may
//! capture it), and an area point next to a board point outside the area that is not a
//! stone of such an alive attacker group (the frame's virtual wall stands where the board
//! has an empty point, a defender stone or a wall that can die). With no change the area
//! is sealed by unconditionally alive attacker groups and an answer on it is the board's;
//! otherwise it holds for the area as cut only, and the loader says so in a note.
//!
//! The lab notebook (`docs/experiments/`) has the figures behind each part: "The default
//! area", "One virtual wall for the whole outside", "Points sealed off by the joined
//! walls left out of the area", "The target's cluster bounds the area".
//!
//! # Example
//! ```
//! use tsume_area::{Area, AreaOptions, RegionSpec};
//! use tsume_board::{Color, Position};
//! // A white corner group on a 7x7 board (straight three), Black to play.
//! let full = Position::from_diagram(
//!     ". . . O X . .
//!      O O O O X . .
//!      X X X X X . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .",
//!     Color::Black,
//! )
//! .unwrap();
//! let target = full.board().parse_point("bb").unwrap();
//! let mut notes = Vec::new();
//! let area = Area::cut(&full, target, &RegionSpec::Auto, AreaOptions::default(), &mut notes)
//!     .unwrap();
//! // In play: the eye space A7 B7 C7, the 5 white and 7 black stones; the black wall
//! // touches the rest of the board, so it is joined to the outside's virtual wall
//! // (one stone and its two eyes).
//! assert_eq!(area.region().len(), 15);
//! assert_eq!(area.virtual_eyes().len(), 2);
//! assert_eq!(area.outside_walls().len(), 1);
//! assert_eq!(area.position().board().len(), 18);
//! assert_eq!(area.to_full(area.target()), Some(target));
//! ```
#![deny(missing_docs)]

mod cut;
mod region;

use std::fmt;

use tsume_board::{Point, Position};

/// Which part of the board is in play (the [crate docs](crate) state each rule).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum RegionSpec {
    /// The area around the target, ending at the attacker's wall, with the other side
    /// of a capturing race: the rule of the [crate docs](crate).
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
    /// the outermost stones.
    Tight,
}

/// How the area meets the rest of the board (the crate docs' "The frame" and
/// "Sealed-off points"); the default is the rule as shipped.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct AreaOptions {
    /// Leave out the frame: empty points of the area cut off from the rest of the board
    /// then act as if on the board's edge.
    pub no_frame: bool,
    /// Keep the points that walls joined to the outside seal off from the target (left
    /// out by default: play there cannot reach the target unless the attacker destroys
    /// its own wall).
    pub keep_sealed: bool,
}

/// Why an area could not be cut.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AreaError {
    /// The target is an empty point (named `C3 (cc)`).
    TargetEmpty(String),
    /// The region is malformed, leaves out the target, or leaves a group without a
    /// liberty.
    BadRegion(String),
}

impl fmt::Display for AreaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AreaError::TargetEmpty(p) => write!(f, "the target {p} is an empty point, not a stone"),
            AreaError::BadRegion(e) => write!(f, "bad region: {e}"),
        }
    }
}

impl std::error::Error for AreaError {}

/// The area in play cut out of a whole board: the region's points and the position in
/// play built from them, with its virtual points (see the [crate docs](crate)).
#[derive(Clone, Debug)]
pub struct Area {
    region: Vec<Point>,
    position: Position,
    target: Point,
    map: Vec<Option<Point>>,
    virtual_eyes: Vec<(Point, Point)>,
    outside: Option<Point>,
    outside_walls: Vec<Point>,
    frame_points: Vec<Point>,
}

impl Area {
    /// The area of `spec` around the stone `target` of the whole board `full`; notes on
    /// how it was cut (what was left out, which walls were joined to the outside, the
    /// frame) are pushed to `notes`, one line each.
    ///
    /// # Errors
    /// [`AreaError`]: the target is empty, a listed point is no point of the board or
    /// the list leaves out the target, or the area leaves a group without a liberty.
    pub fn cut(
        full: &Position,
        target: Point,
        spec: &RegionSpec,
        options: AreaOptions,
        notes: &mut Vec<String>,
    ) -> Result<Area, AreaError> {
        let region = region::region(full, target, spec, notes)?;
        cut::build(full, target, region, options, notes)
    }

    /// The whole board in play as it is (a graph file, or `Board` with nothing cut off):
    /// no virtual points.
    pub fn whole(full: &Position, target: Point) -> Area {
        let board = full.board();
        Area {
            region: board.points().collect(),
            position: full.clone(),
            target,
            map: board.points().map(Some).collect(),
            virtual_eyes: Vec::new(),
            outside: None,
            outside_walls: Vec::new(),
            frame_points: Vec::new(),
        }
    }

    /// The same area with the ko rule on or off in the position in play.
    #[must_use]
    pub fn with_ko_rule(mut self, on: bool) -> Area {
        self.position = self.position.with_ko_rule(on);
        self
    }

    /// The points of the whole board in play, in index order.
    pub fn region(&self) -> &[Point] {
        &self.region
    }

    /// The position in play: the region as a board of its own.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The target in [`Area::position`].
    pub fn target(&self) -> Point {
        self.target
    }

    /// For each point of the position in play, the point of the whole board (None for
    /// the virtual points: `outside` and its eyes).
    pub fn map(&self) -> &[Option<Point>] {
        &self.map
    }

    /// The virtual eye points of the position in play, with the stone each touches
    /// (`outside`): none, or two.
    pub fn virtual_eyes(&self) -> &[(Point, Point)] {
        &self.virtual_eyes
    }

    /// The virtual attacker stone `outside` of the position in play, if any.
    pub fn outside(&self) -> Option<Point> {
        self.outside
    }

    /// One stone of the position in play for each attacker group joined to `outside`
    /// (the groups touching the outside), in index order.
    pub fn outside_walls(&self) -> &[Point] {
        &self.outside_walls
    }

    /// The frame: the empty points of the position in play cut off from the rest of the
    /// board, which touch `outside` (none with [`AreaOptions::no_frame`]), in index order.
    pub fn frame_points(&self) -> &[Point] {
        &self.frame_points
    }

    /// What the cut changed of the board as given `full` (the position it was cut from),
    /// one line each; empty when nothing: then the area is sealed by attacker groups
    /// that Benson's test calls alive on the board, so no play outside reaches it, and
    /// a proof on the area is a proof on the board. Otherwise a proof holds for the
    /// area as cut only. Changes: a wall joined to the outside's virtual wall that is
    /// not Benson-alive on the board (the cut makes it safe: on the board it may be
    /// captured); an area point next to a board point outside the area that is not a
    /// stone of such a group (the frame's virtual wall stands where the board has an
    /// empty point, a defender stone or a wall that can die; a defender stone's
    /// liberties outside are not in play).
    pub fn changes(&self, full: &Position) -> Vec<String> {
        let board = full.board();
        let Some(attacker) = full
            .color(self.to_full(self.target).unwrap_or(self.target))
            .map(tsume_board::Color::opponent)
        else {
            return Vec::new();
        };
        if self.outside.is_none() && self.region.len() == board.len() {
            return Vec::new();
        }
        let alive = tsume_board::benson::unconditionally_alive(full, attacker);
        let mut inr = vec![false; board.len()];
        for &p in &self.region {
            inr[p.index()] = true;
        }
        let mut out = Vec::new();
        let weak_walls: Vec<String> = self
            .outside_walls
            .iter()
            .filter_map(|&w| self.to_full(w))
            .filter(|f| !alive[f.index()])
            .map(|f| board.label(f))
            .collect();
        if !weak_walls.is_empty() {
            out.push(format!(
                "{} {attacker} {} joined to the outside's virtual wall, safe in the area, \
                 not Benson-alive on the board: {}",
                weak_walls.len(),
                if weak_walls.len() == 1 {
                    "wall"
                } else {
                    "walls"
                },
                weak_walls.join(", ")
            ));
        }
        let mut open: Vec<String> = Vec::new();
        // A board point outside the area that is a stone of a Benson-alive attacker
        // group: the outside's virtual wall stands for it exactly.
        let sealed = |q: Point| full.color(q) == Some(attacker) && alive[q.index()];
        for &p in &self.region {
            let beyond = board
                .neighbors(p)
                .iter()
                .any(|&q| !inr[q.index()] && !sealed(q));
            // Attacker stones touching the outside are the walls above.
            if beyond && full.color(p) != Some(attacker) {
                open.push(board.label(p));
            }
        }
        if !open.is_empty() {
            let shown: Vec<&str> = open.iter().take(8).map(String::as_str).collect();
            out.push(format!(
                "{} {} of the area next to the board outside it where it is not a \
                 Benson-alive {attacker} wall: {}{}",
                open.len(),
                if open.len() == 1 { "point" } else { "points" },
                shown.join(", "),
                if open.len() > shown.len() {
                    ", ..."
                } else {
                    ""
                }
            ));
        }
        out
    }

    /// The whole-board point for a point of the position in play (None for the virtual
    /// points).
    pub fn to_full(&self, p: Point) -> Option<Point> {
        self.map.get(p.index()).copied().flatten()
    }

    /// The point of the position in play for a whole-board point, if it is in play.
    pub fn from_full(&self, p: Point) -> Option<Point> {
        self.map
            .iter()
            .position(|&q| q == Some(p))
            .map(Point::from_index)
    }
}

#[cfg(test)]
mod tests;
