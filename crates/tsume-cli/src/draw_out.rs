//! `--svg` and `--html`: the pictures of tsume-draw (docs/pictures.md) written to files.

use std::path::Path;

use crate::jobs::write;
use crate::Fail;
use tsume_solve::Solved;

/// `solve --svg` and `--html` for one solved problem.
pub(crate) fn solve_outputs(
    r: &Solved,
    svg: Option<&Path>,
    html: Option<&Path>,
) -> Result<(), Fail> {
    if let Some(path) = svg {
        write(path, &tsume_draw::solved_svg(r))?;
    }
    if let Some(path) = html {
        write(path, &tsume_draw::solved_page(r))?;
    }
    Ok(())
}

/// `reduce --svg` (see [`tsume_draw::reduction_svg`]) written to `path`.
pub(crate) fn reduce_svg(
    cnf: &tsume_reduce::Cnf,
    formula: &Path,
    rail: bool,
    sgf: bool,
    path: &Path,
) -> Result<(), Fail> {
    let svg = tsume_draw::reduction_svg(cnf, formula, rail, sgf)
        .map_err(|e| Fail::input(format!("{}: cannot draw: {e}", path.display())))?;
    write(path, &svg)
}
