//! The SGF and graph-board text of a drawn grid, shared by both designs.

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
    use tsume_board::sgf_write;
    let stones = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter_map(|(x, y)| stone(x, y).map(|c| (c, sgf_coord(x, y))));
    let mut comment = comment.to_string();
    for n in notes {
        comment.push_str(&format!("\nNote: {n}"));
    }
    let mut out = sgf_write::game("tsume-reduce", Some((width, height)));
    out += &sgf_write::text("C", &comment);
    // The whole board is in play: tsume's loader reads this instead of inferring an area.
    out += &sgf_write::text("GC", "tsume: region=board; to_move=W");
    out += &sgf_write::property("PL", "W");
    out += &sgf_write::setup(stones);
    let (tx, ty) = target;
    out += &sgf_write::property("TR", &sgf_coord(tx, ty));
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

/// The grid as a graph board file (tsume-graph format): `grid W H` with SGF point names up
/// to 52 × 52, beyond it the grid's points (named `column,row` from 0) and edges; the
/// stones from `stone(x, y)`, the `labels`, White to move, the target, after `header`
/// (comment lines).
///
/// # Errors
/// None for a grid (a board of its size always exists); an internal error otherwise.
pub(crate) fn grid_graph_text(
    (w, h): (usize, usize),
    stone: impl Fn(usize, usize) -> Option<tsume_board::Color>,
    labels: &[(usize, usize, String)],
    target: (usize, usize),
    header: &str,
) -> Result<String, super::GridError> {
    use std::sync::Arc;
    use tsume_board::{Board, Configuration, GraphFile, Point};
    let board = if w <= 52 && h <= 52 {
        Board::grid(w as u32, h as u32)
    } else {
        let names = (0..w * h).map(|i| format!("{},{}", i % w, i / w)).collect();
        let mut edges = Vec::new();
        for i in 0..w * h {
            if i % w + 1 < w {
                edges.push((i, i + 1));
            }
            if i + w < w * h {
                edges.push((i, i + w));
            }
        }
        Board::from_edges(names, &edges)
    };
    let board =
        Arc::new(board.map_err(|e| super::GridError::Unsupported(format!("internal: {e}")))?);
    // Point (x, y) is index y·w + x in both boards.
    let config = Configuration::from_cells(
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| stone(x, y))
            .collect(),
    );
    let labels = labels
        .iter()
        .map(|(x, y, l)| (Point::from_index(y * w + x), l.clone()))
        .collect();
    let file = GraphFile {
        board,
        config,
        to_move: Some(tsume_board::Color::White),
        target: Some(Point::from_index(target.1 * w + target.0)),
        labels,
    };
    Ok(format!("{header}{}", tsume_board::write_graph(&file)))
}
