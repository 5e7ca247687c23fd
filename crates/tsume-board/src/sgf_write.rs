//! Writing SGF (FF\[4\]): the one place that spells its syntax for every file tsume
//! writes (proof trees as variations, a checked file written back, the 3-SAT grids, the
//! proof checker's export). Each function returns a piece of SGF text; the caller
//! strings them together, opening a variation with `(` and closing it with `)`.
//!
//! ```
//! use tsume_board::{sgf_write, Color};
//!
//! let mut s = sgf_write::game("tsume", Some((5, 5)));
//! s += &sgf_write::setup([(Color::Black, "aa".to_string()), (Color::White, "ba".to_string())]);
//! s += &sgf_write::text("C", "a ] in a comment");
//! s += &sgf_write::move_node(Color::Black, "ab");
//! s += ")";
//! assert_eq!(s, "(;GM[1]FF[4]CA[UTF-8]AP[tsume]SZ[5]AB[aa]AW[ba]C[a \\] in a comment];B[ab])");
//! ```

use crate::coord::sgf_escape;
use crate::Color;

/// The start of a game tree and its root node: `(;GM[1]FF[4]CA[UTF-8]AP[app]` (`app`:
/// the program's name, and `:version` where the file should say it), then the board's
/// size, `SZ[w]` for a square and `SZ[w:h]` for a rectangle (nothing for a
/// board that is not a grid).
pub fn game(app: &str, size: Option<(usize, usize)>) -> String {
    let mut s = format!("(;GM[1]FF[4]CA[UTF-8]AP[{app}]");
    match size {
        Some((w, h)) if w == h => s += &format!("SZ[{w}]"),
        Some((w, h)) => s += &format!("SZ[{w}:{h}]"),
        None => {}
    }
    s
}

/// The setup stones: `AB[..][..]` then `AW[..]`, each colour's points (SGF names) in the
/// order given; nothing for a colour without stones.
pub fn setup(stones: impl IntoIterator<Item = (Color, String)>) -> String {
    let (mut black, mut white) = (String::new(), String::new());
    for (c, p) in stones {
        let list = if c == Color::Black {
            &mut black
        } else {
            &mut white
        };
        *list += &format!("[{p}]");
    }
    let mut s = String::new();
    for (id, list) in [("AB", black), ("AW", white)] {
        if !list.is_empty() {
            s += id;
            s += &list;
        }
    }
    s
}

/// A property with one value written as it is (a point, a number): `ID[value]`.
pub fn property(id: &str, value: &str) -> String {
    format!("{id}[{value}]")
}

/// A property with one text value, `]` and `\` escaped: `C[…]`, `GC[…]`.
pub fn text(id: &str, value: &str) -> String {
    format!("{id}[{}]", sgf_escape(value))
}

/// A move node: `;B[cc]`; an empty point name is a pass (`;W[]`).
pub fn move_node(c: Color, point: &str) -> String {
    format!(";{}[{point}]", c.letter())
}
