//! `--svg` and `--html`: the pictures of tsume-draw (docs/pictures.md) written to files.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::jobs::write;
use crate::Fail;
use tsume_solve::Solved;

/// `solve --svg` and `--html` for one solved problem, both drawn within `time_limit`
/// (`--time-limit`, counted from now, as a search's is). A picture that cannot be drawn
/// (a graph board too large, the time limit reached) is not written: one line on `err`
/// says so, and the answer stands.
pub(crate) fn solve_outputs(
    r: &Solved,
    svg: Option<&Path>,
    html: Option<&Path>,
    time_limit: Option<Duration>,
    err: &mut dyn Write,
) -> Result<(), Fail> {
    if svg.is_none() && html.is_none() {
        return Ok(());
    }
    // One scene (its layout) for both pictures.
    let deadline = time_limit.map(|t| Instant::now() + t);
    let scene = tsume_draw::Scene::of_problem_by(&r.problem, deadline);
    let pictures: [(Option<&Path>, DrawFn); 2] = [
        (svg, tsume_draw::solved_svg),
        (html, tsume_draw::solved_page),
    ];
    for (path, draw) in pictures {
        let Some(path) = path else { continue };
        match scene
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|s| draw(r, s))
        {
            Ok(text) => write(path, &text)?,
            Err(e) => {
                let _ = writeln!(err, "{}: not drawn: {e}", path.display());
            }
        }
    }
    Ok(())
}

/// A picture of a solved problem, drawn by a deadline.
type DrawFn = fn(&Solved, &tsume_draw::Scene) -> Result<String, tsume_draw::DrawError>;

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
