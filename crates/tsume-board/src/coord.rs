//! Coordinates of grid points: SGF style (`aa` is the top-left corner, letters `a`–`z`
//! then `A`–`Z` for boards up to 52 wide) and GTP style (`A1` is the bottom-left
//! corner; columns are `A`–`Z` without `I`, so at most 25 columns).

use std::fmt;

const GTP_COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A coordinate that names no point of the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CoordError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub kind: CoordErrorKind,
}

/// What is wrong with a coordinate.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum CoordErrorKind {
    /// Neither GTP (`C3`) nor SGF (`cc`).
    Malformed,
    /// Well formed, but outside the board.
    OffBoard {
        /// Columns of the board.
        width: u32,
        /// Rows of the board.
        height: u32,
    },
    /// No point of a graph board has this name.
    UnknownName,
}

impl CoordError {
    pub(crate) fn malformed(text: &str) -> CoordError {
        CoordError {
            text: text.to_string(),
            kind: CoordErrorKind::Malformed,
        }
    }
    pub(crate) fn off_board(text: &str, width: u32, height: u32) -> CoordError {
        CoordError {
            text: text.to_string(),
            kind: CoordErrorKind::OffBoard { width, height },
        }
    }
    pub(crate) fn unknown_name(text: &str) -> CoordError {
        CoordError {
            text: text.to_string(),
            kind: CoordErrorKind::UnknownName,
        }
    }
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            CoordErrorKind::Malformed => write!(
                f,
                "\"{}\" is not a point (expected GTP like C3 or SGF like cc)",
                self.text
            ),
            CoordErrorKind::OffBoard { width, height } => {
                write!(f, "point {} is off the {width}x{height} board", self.text)
            }
            CoordErrorKind::UnknownName => write!(f, "no point is named \"{}\"", self.text),
        }
    }
}

impl std::error::Error for CoordError {}

/// The SGF letter for a coordinate 0..52.
pub fn sgf_letter(i: u32) -> char {
    match i {
        0..=25 => (b'a' + i as u8) as char,
        26..=51 => (b'A' + (i - 26) as u8) as char,
        _ => '?',
    }
}

fn sgf_value(c: char) -> Option<u32> {
    match c {
        'a'..='z' => Some(c as u32 - 'a' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 26),
        _ => None,
    }
}

/// SGF name of column `x`, row `y` (row 0 at the top).
pub fn sgf_name(x: u32, y: u32) -> String {
    let mut s = String::with_capacity(2);
    s.push(sgf_letter(x));
    s.push(sgf_letter(y));
    s
}

/// An SGF text value with `]` and `\` escaped by a backslash.
pub fn sgf_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Parses SGF `xy` (two letters) into column and row.
pub fn parse_sgf(text: &str) -> Option<(u32, u32)> {
    let mut chars = text.chars();
    let x = sgf_value(chars.next()?)?;
    let y = sgf_value(chars.next()?)?;
    chars.next().is_none().then_some((x, y))
}

/// The GTP letter of column `x` (`I` skipped); `None` beyond 25 columns.
pub fn gtp_column(x: u32) -> Option<char> {
    GTP_COLUMNS.get(x as usize).map(|&c| c as char)
}

/// GTP name of column `x`, row `y` (row 0 at the top) on a board with `height` rows;
/// `None` beyond 25 columns.
pub fn gtp_name(x: u32, y: u32, height: u32) -> Option<String> {
    let col = *GTP_COLUMNS.get(x as usize)? as char;
    Some(format!("{col}{}", height - y))
}

/// Parses GTP `C3` (case-insensitive letter, `I` skipped) into column and row (row 0 at
/// the top) for a board with `height` rows. A well-formed row above the board gives
/// row `u32::MAX`, so that the caller reports it as off the board.
pub fn parse_gtp(text: &str, height: u32) -> Option<(u32, u32)> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let x = GTP_COLUMNS.iter().position(|&c| c as char == letter)? as u32;
    let digits: &str = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
        return None;
    }
    let row: u32 = digits.parse().ok()?;
    if row == 0 {
        return None;
    }
    if row > height {
        // Well formed but off the board: report as a row beyond the last.
        return Some((x, u32::MAX));
    }
    Some((x, height - row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_skips_i_and_counts_rows_from_the_bottom() {
        assert_eq!(gtp_name(0, 18, 19).as_deref(), Some("A1"));
        assert_eq!(gtp_name(8, 0, 19).as_deref(), Some("J19"));
        assert_eq!(parse_gtp("j19", 19), Some((8, 0)));
        assert_eq!(parse_gtp("C3", 5), Some((2, 2)));
        assert_eq!(parse_gtp("I3", 5), None);
        assert_eq!(parse_gtp("C0", 5), None);
    }

    #[test]
    fn sgf_uses_upper_case_beyond_26() {
        assert_eq!(sgf_name(0, 0), "aa");
        assert_eq!(sgf_name(26, 51), "AZ");
        assert_eq!(parse_sgf("AZ"), Some((26, 51)));
        assert_eq!(parse_sgf("a1"), None);
        assert_eq!(parse_sgf("abc"), None);
    }
}
