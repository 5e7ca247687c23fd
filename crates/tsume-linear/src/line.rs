//! Cells, players, moves and positions of a 1×n line, written as in seed 000
//! (`x-oo-`: cell 0 first, `x` Black, `o` White, `-` empty).

use std::fmt;

/// The largest board the solver builds its tables for (3^n configurations are enumerated).
pub const MAX_N: usize = 12;

/// A player. `X` is Black and moves first on the empty board; `O` is White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Black, written `x`.
    X,
    /// White, written `o`.
    O,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// `x` or `o`.
    pub fn letter(self) -> char {
        match self {
            Player::X => 'x',
            Player::O => 'o',
        }
    }

    /// +1 for Black, −1 for White: turns a score (Black's area minus White's) into the
    /// player's own.
    pub fn sign(self) -> i32 {
        match self {
            Player::X => 1,
            Player::O => -1,
        }
    }

    /// Reads `x`/`b`/`black` or `o`/`w`/`white` (any case).
    pub fn parse(text: &str) -> Option<Player> {
        match text.to_ascii_lowercase().as_str() {
            "x" | "b" | "black" => Some(Player::X),
            "o" | "w" | "white" => Some(Player::O),
            _ => None,
        }
    }
}

/// A move: a pass or a stone on a cell (0-based, as in seed 000).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A pass.
    Pass,
    /// A stone on this cell.
    Play(usize),
}

impl fmt::Display for Move {
    /// `pass`, or the cell numbered from 1 as in Hayward's course notes (`x:4` is cell 3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => write!(f, "pass"),
            Move::Play(c) => write!(f, "{}", c + 1),
        }
    }
}

/// A position of the line: each cell empty or holding a player's stone. Any assignment
/// can be built; [`LinePosition::check_legal`] says whether every block has a liberty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LinePosition {
    cells: Vec<Option<Player>>,
}

/// Why a position string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// No cell at all.
    Empty,
    /// More cells than [`MAX_N`].
    TooLong {
        /// The number of cells read.
        len: usize,
    },
    /// A character that is not `x`, `o` or `-`.
    BadChar {
        /// The character.
        ch: char,
        /// Its cell (0-based), the cells read before it counted.
        cell: usize,
    },
    /// A block of stones with no liberty.
    NoLiberty {
        /// The block's colour.
        player: Player,
        /// Its first cell (0-based).
        from: usize,
        /// Its last cell (0-based).
        to: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "no cell: write the line as x, o and - (e.g. x-oo-)"),
            ParseError::TooLong { len } => {
                write!(f, "{len} cells: at most {MAX_N} are supported")
            }
            ParseError::BadChar { ch, cell } => write!(
                f,
                "cell {cell}: {ch:?} is not a cell (x Black, o White, - empty)"
            ),
            ParseError::NoLiberty { player, from, to } => write!(
                f,
                "cells {from}..{to}: the {} block has no liberty (illegal position)",
                player.letter()
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl LinePosition {
    /// The empty line of `n` cells.
    pub fn empty(n: usize) -> LinePosition {
        LinePosition {
            cells: vec![None; n],
        }
    }

    /// A position from its cells.
    pub fn from_cells(cells: Vec<Option<Player>>) -> LinePosition {
        LinePosition { cells }
    }

    /// Reads `x-oo-`: `x`, `o`, `-` (also `.`), spaces ignored; the position must be
    /// legal (every block has a liberty) and have 1 to [`MAX_N`] cells.
    ///
    /// # Errors
    /// [`ParseError`], naming the cell.
    pub fn parse(text: &str) -> Result<LinePosition, ParseError> {
        let mut cells = Vec::new();
        for ch in text.chars() {
            match ch {
                'x' | 'X' => cells.push(Some(Player::X)),
                'o' | 'O' => cells.push(Some(Player::O)),
                '-' | '.' => cells.push(None),
                c if c.is_whitespace() => {}
                c => {
                    return Err(ParseError::BadChar {
                        ch: c,
                        cell: cells.len(),
                    })
                }
            }
        }
        if cells.is_empty() {
            return Err(ParseError::Empty);
        }
        if cells.len() > MAX_N {
            return Err(ParseError::TooLong { len: cells.len() });
        }
        let p = LinePosition { cells };
        p.check_legal()?;
        Ok(p)
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the line has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The content of cell `i`.
    pub fn get(&self, i: usize) -> Option<Player> {
        self.cells[i]
    }

    /// The cells.
    pub fn cells(&self) -> &[Option<Player>] {
        &self.cells
    }

    /// Seed 000's x,y-interchange φ(i, j, P): the position with cells `i` and `j` swapped.
    pub fn interchange(&self, i: usize, j: usize) -> LinePosition {
        let mut cells = self.cells.clone();
        cells.swap(i, j);
        LinePosition { cells }
    }

    /// The line read from the other end.
    pub fn mirror(&self) -> LinePosition {
        let mut cells = self.cells.clone();
        cells.reverse();
        LinePosition { cells }
    }

    /// Ok if every block (maximal run of one colour) touches an empty cell.
    ///
    /// # Errors
    /// [`ParseError::NoLiberty`] for the first block without one.
    pub fn check_legal(&self) -> Result<(), ParseError> {
        let n = self.cells.len();
        let mut i = 0;
        while i < n {
            let Some(p) = self.cells[i] else {
                i += 1;
                continue;
            };
            let mut j = i;
            while j + 1 < n && self.cells[j + 1] == Some(p) {
                j += 1;
            }
            let left = i > 0 && self.cells[i - 1].is_none();
            let right = j + 1 < n && self.cells[j + 1].is_none();
            if !left && !right {
                return Err(ParseError::NoLiberty {
                    player: p,
                    from: i,
                    to: j,
                });
            }
            i = j + 1;
        }
        Ok(())
    }
}

impl fmt::Display for LinePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.cells {
            let ch = match c {
                None => '-',
                Some(p) => p.letter(),
            };
            write!(f, "{ch}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_round_trips_and_names_the_bad_cell() {
        let p = LinePosition::parse("x-oo-").unwrap();
        assert_eq!(p.to_string(), "x-oo-");
        assert_eq!(p.get(0), Some(Player::X));
        assert_eq!(p.get(1), None);
        assert_eq!(LinePosition::parse("x - o o -").unwrap(), p);
        assert_eq!(
            LinePosition::parse("x-q"),
            Err(ParseError::BadChar { ch: 'q', cell: 2 })
        );
        assert_eq!(LinePosition::parse(""), Err(ParseError::Empty));
        assert_eq!(
            LinePosition::parse("xo-"),
            Err(ParseError::NoLiberty {
                player: Player::X,
                from: 0,
                to: 0
            })
        );
        assert_eq!(
            LinePosition::parse("-oox"),
            Err(ParseError::NoLiberty {
                player: Player::X,
                from: 3,
                to: 3
            })
        );
        assert!(matches!(
            LinePosition::parse(&"-".repeat(MAX_N + 1)),
            Err(ParseError::TooLong { .. })
        ));
    }

    #[test]
    fn interchange_is_the_seeds_example() {
        // Seed 000: φ(0, 1, (x - o o -)) = (- x o o -).
        let p = LinePosition::parse("x-oo-").unwrap();
        assert_eq!(p.interchange(0, 1).to_string(), "-xoo-");
        assert_eq!(p.mirror().to_string(), "-oo-x");
    }
}
