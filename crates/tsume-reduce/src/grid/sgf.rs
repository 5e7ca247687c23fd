//! The SGF text of a drawn grid, shared by both designs.

pub(crate) fn sgf_coord(x: usize, y: usize) -> String {
    tsume_board::coord::sgf_name(x as u32, y as u32)
}

/// A clause as text: `(u1 ∨ ¬u2)`.
pub(crate) fn clause_text(c: &[i32]) -> String {
    let lits: Vec<String> = c.iter().map(|&l| crate::reduce::lit_name(l)).collect();
    format!("({})", lits.join(" ∨ "))
}

/// The SGF of a generated grid (both designs): `SZ`, the comment `C` with `notes`, `GC`
/// naming the whole board as the area with White to move, `PL[W]`, `AB`/`AW` from
/// `stone(x, y)`, `TR` on `target` and the `LB` labels.
pub(crate) fn grid_sgf(
    (width, height): (usize, usize),
    stone: impl Fn(usize, usize) -> Option<tsume_board::Color>,
    comment: &str,
    notes: &[String],
    target: (usize, usize),
    labels: &[(usize, usize, String)],
) -> String {
    let mut ab = Vec::new();
    let mut aw = Vec::new();
    for y in 0..height {
        for x in 0..width {
            match stone(x, y) {
                Some(tsume_board::Color::Black) => ab.push(sgf_coord(x, y)),
                Some(tsume_board::Color::White) => aw.push(sgf_coord(x, y)),
                None => {}
            }
        }
    }
    let mut comment = comment.to_string();
    for n in notes {
        comment.push_str(&format!("\nNote: {n}"));
    }
    let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]AP[tsume-reduce]");
    if width == height {
        out.push_str(&format!("SZ[{width}]"));
    } else {
        out.push_str(&format!("SZ[{width}:{height}]"));
    }
    out.push_str(&format!("C[{}]", tsume_board::coord::sgf_escape(&comment)));
    // The whole board is in play: tsume's loader reads this instead of inferring an area.
    out.push_str("GC[tsume: region=board; to_move=W]");
    out.push_str("PL[W]");
    for (prop, list) in [("AB", &ab), ("AW", &aw)] {
        if !list.is_empty() {
            out.push_str(prop);
            for p in list {
                out.push_str(&format!("[{p}]"));
            }
        }
    }
    let (tx, ty) = target;
    out.push_str(&format!("TR[{}]", sgf_coord(tx, ty)));
    out.push_str("LB");
    for (x, y, l) in labels {
        out.push_str(&format!(
            "[{}:{}]",
            sgf_coord(*x, *y),
            tsume_board::coord::sgf_escape(l)
        ));
    }
    out.push_str(")\n");
    out
}
