//! Players, moves and configurations f: T → {B, W, 0} (Crăşmaru §2), and the error of a
//! configuration that is no legal position.

use std::fmt;

use crate::board::Point;

/// A player, S* = {B, W}.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Color {
    /// Black, B.
    Black,
    /// White, W.
    White,
}

impl Color {
    /// x̄, the other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// Parses `B`/`W` (also `b`, `w`, `black`, `white`).
    pub fn from_letter(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// "Black" or "White", for the start of a sentence.
    pub fn title(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    #[inline]
    pub(super) fn code(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a point of T or `pass` (T* = T ∪ {pass}).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Move {
    /// Hand the turn over.
    Pass,
    /// Place a stone on this point (a pass if the point is occupied or the move is suicide).
    Play(Point),
}

impl Move {
    /// The point, unless a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Play(p) => Some(p),
        }
    }
}

/// What φ did with a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Played {
    /// `pass`: φ((f, a), pass) = (f, ā).
    Pass,
    /// A move on an occupied point: the same as a pass.
    Occupied,
    /// A suicide (no capture, no liberty): the same as a pass.
    Suicide,
    /// Under a ko rule only ([`Position::with_ko`]): the ko recapture the rule forbids
    /// on this move ([`Position::ko_ban`]), to a player with no ko threat left: the same
    /// as a pass.
    Banned,
    /// A stone was placed and `captured` opposing stones were removed.
    Stone {
        /// Number of stones removed.
        captured: u32,
    },
}

impl Played {
    /// Whether the configuration is unchanged (pass, occupied point or suicide).
    pub fn is_pass(self) -> bool {
        !matches!(self, Played::Stone { .. })
    }
}

/// A configuration f: T → {B, W, 0}, freely buildable (it need not be legal).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Configuration {
    cells: Vec<Option<Color>>,
}

impl Configuration {
    /// The empty configuration f₀ on `len` points.
    pub fn empty(len: usize) -> Configuration {
        Configuration {
            cells: vec![None; len],
        }
    }

    /// A configuration from one entry per point.
    pub fn from_cells(cells: Vec<Option<Color>>) -> Configuration {
        Configuration { cells }
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no points at all.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// f(p).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.index()]
    }

    /// Sets f(p).
    pub fn set(&mut self, p: Point, c: Option<Color>) {
        self.cells[p.index()] = c;
    }

    /// All entries, indexed by point.
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }
}

/// A configuration refused by [`Position::new`]: some groups have no liberty, so the
/// position is not in G(p₀) (Theorem 2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalPosition {
    /// One entry per group without a liberty: its colour and the name of one of its
    /// points (GTP on grids).
    pub groups: Vec<(Color, String)>,
    /// Set instead when the configuration does not have one entry per point.
    pub size_mismatch: Option<(usize, usize)>,
}

impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((got, want)) = self.size_mismatch {
            return write!(f, "configuration has {got} points but the board has {want}");
        }
        write!(f, "illegal position: ")?;
        for (i, (c, name)) in self.groups.iter().enumerate() {
            if i > 0 {
                write!(
                    f,
                    "{}",
                    if i + 1 == self.groups.len() {
                        " and "
                    } else {
                        ", "
                    }
                )?;
            }
            write!(f, "{c} group at {name}")?;
        }
        let verb = if self.groups.len() == 1 {
            "has"
        } else {
            "have"
        };
        write!(f, " {verb} no liberties (Theorem 2)")
    }
}

impl std::error::Error for IllegalPosition {}
