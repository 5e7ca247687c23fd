//! Text diagrams of grid positions, for tests, examples and the terminal.
//!
//! Parsing accepts one row per line, top row first: `X`, `x`, `B` or `#` for Black,
//! `O`, `o` or `W` for White, `.`, `+` or `-` for an empty point. Spaces and the
//! parentheses of the seed's line notation `( x - o o - )` are ignored, so
//! `"( x - o o - )"` is a 1×5 line.

use std::fmt;
use std::sync::Arc;

use crate::board::Board;
use crate::position::{Color, Configuration, IllegalPosition, Position};

/// A diagram that could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum DiagramError {
    /// No row at all.
    Empty,
    /// A character that is no stone and no empty point (line from 1, character).
    BadChar(usize, char),
    /// Rows of different lengths (line from 1, its length, the first row's length).
    Ragged(usize, usize, usize),
    /// A side over 52.
    TooLarge,
    /// The configuration breaks Theorem 2.
    Illegal(IllegalPosition),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Empty => write!(f, "empty diagram"),
            DiagramError::BadChar(l, c) => write!(f, "line {l}: unexpected character {c:?}"),
            DiagramError::Ragged(l, n, w) => {
                write!(f, "line {l}: {n} points, but the first row has {w}")
            }
            DiagramError::TooLarge => write!(f, "diagram larger than 52x52"),
            DiagramError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DiagramError {}

/// Reads a diagram into a grid board and a configuration.
///
/// # Errors
/// [`DiagramError`] for an empty, ragged or oversized diagram or an unknown character.
pub fn parse_diagram(text: &str) -> Result<(Arc<Board>, Configuration), DiagramError> {
    let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        let mut row = Vec::new();
        for c in line.chars() {
            match c {
                'X' | 'x' | 'B' | '#' => row.push(Some(Color::Black)),
                'O' | 'o' | 'W' => row.push(Some(Color::White)),
                '.' | '+' | '-' => row.push(None),
                ' ' | '\t' | '(' | ')' => {}
                _ => return Err(DiagramError::BadChar(lineno + 1, c)),
            }
        }
        if row.is_empty() {
            continue;
        }
        if let Some(first) = rows.first() {
            if first.len() != row.len() {
                return Err(DiagramError::Ragged(lineno + 1, row.len(), first.len()));
            }
        }
        rows.push(row);
    }
    let width = rows.first().ok_or(DiagramError::Empty)?.len();
    let board = Board::grid(width as u32, rows.len() as u32).map_err(|_| DiagramError::TooLarge)?;
    let cells = rows.into_iter().flatten().collect();
    Ok((Arc::new(board), Configuration::from_cells(cells)))
}

impl Position {
    /// A position from a diagram (see the [module docs](crate::diagram)).
    ///
    /// # Errors
    /// [`DiagramError`], including [`DiagramError::Illegal`] for a group without liberty.
    ///
    /// # Examples
    /// ```
    /// use tsume_board::{Color, Move, Position};
    /// // On a 1×5 line, Black plays the right end and captures two stones.
    /// let p = Position::from_diagram("( - x o o - )", Color::Black).unwrap();
    /// let q = p.play(Move::Play(p.board().parse_point("ea").unwrap()));
    /// assert_eq!(q, Position::from_diagram("( - x - - x )", Color::White).unwrap());
    /// ```
    pub fn from_diagram(text: &str, to_move: Color) -> Result<Position, DiagramError> {
        let (board, config) = parse_diagram(text)?;
        Position::new(board, &config, to_move).map_err(DiagramError::Illegal)
    }
}

/// The position as a diagram: on grids with GTP coordinates (`X` Black, `O` White,
/// `.` empty), on other boards one line per point with its neighbours.
pub fn render(pos: &Position) -> String {
    render_marked(pos, &[])
}

/// As [`render`], drawing the points in `marks` with the given characters instead.
pub fn render_marked(pos: &Position, marks: &[(crate::Point, char)]) -> String {
    use std::fmt::Write;
    let board = pos.board();
    let stone = |p| match pos.color(p) {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '.',
    };
    let mark = |p| {
        marks
            .iter()
            .find(|(q, _)| *q == p)
            .map_or_else(|| stone(p), |&(_, c)| c)
    };
    let mut out = String::new();
    match board.grid_info() {
        Some(g) => {
            let gtp_letters = g.width <= 25;
            let header: String = (0..g.width)
                .map(|x| {
                    if gtp_letters {
                        format!(" {}", crate::coord::gtp_column(x).unwrap_or('?'))
                    } else {
                        format!(" {}", crate::coord::sgf_letter(x))
                    }
                })
                .collect();
            let _ = writeln!(out, "   {header}");
            for y in 0..g.height {
                let label = if gtp_letters {
                    format!("{:>3}", g.height - y)
                } else {
                    format!("{:>3}", crate::coord::sgf_letter(y))
                };
                let _ = write!(out, "{label}");
                for x in 0..g.width {
                    if let Some(p) = board.point_at(x, y) {
                        let _ = write!(out, " {}", mark(p));
                    }
                }
                let _ = writeln!(out);
            }
        }
        None => {
            for p in board.points() {
                let nbs: Vec<&str> = board.neighbors(p).iter().map(|&q| board.name(q)).collect();
                let _ = writeln!(out, "{} {} -- {}", mark(p), board.name(p), nbs.join(" "));
            }
        }
    }
    let _ = write!(out, "{} to move", pos.to_move());
    out
}

/// A count with its noun for messages: `counted(1, "stone", "stones")` is "1 stone",
/// `counted(3, "stone", "stones")` "3 stones".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
/// A position prints as its diagram (the board, the player to move).
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", render(self))
    }
}
