//! A 3-SAT instance drawn (`tsume reduce --svg`): the formula, and the board `reduce`
//! writes for it.

use std::path::Path;

use crate::{problem_svg, DrawError, Scene};

/// `reduce --svg`: the drawing of what `reduce` writes: design D6's grid (`rail`, as
/// `--grid` writes it), the square-grid SGF (`sgf`), or else (and where no grid draws
/// the formula) the graph board of design D2 with its gadgets named.
///
/// # Errors
/// A board that cannot be drawn.
pub fn reduction_svg(
    cnf: &tsume_reduce::Cnf,
    formula: &Path,
    rail: bool,
    sgf: bool,
) -> Result<String, DrawError> {
    let file_name = formula.file_name().map_or_else(
        || formula.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let clauses: Vec<String> = cnf
        .clauses
        .iter()
        .map(|c| {
            let lits: Vec<String> = c
                .iter()
                .map(|&l| {
                    if l > 0 {
                        format!("u{l}")
                    } else {
                        format!("¬u{}", -l)
                    }
                })
                .collect();
            format!("({})", lits.join(" ∨ "))
        })
        .collect();
    let mut facts = vec![
        format!("formula: {}", clauses.join(" ∧ ")),
        "White to move; the target Λ lives iff the formula is satisfiable".to_string(),
    ];
    // A picture of a grid over this many points would be unreadable and huge: the
    // graph board of design D2 is drawn instead, with a line saying so.
    const MAX_DRAWN_POINTS: usize = 40_000;
    let grid_scene = if rail || sgf {
        match tsume_reduce::grid::draw(cnf) {
            Ok(d) => {
                let (w, h) = d.grid.size();
                if w * h > MAX_DRAWN_POINTS {
                    facts.push(format!(
                        "the square grid is {w}×{h}, too large to draw: the graph board of \
                         design D2 instead"
                    ));
                    None
                } else if sgf && d.grid.fits_sgf() {
                    Some(Scene::of_sgf_grid(
                        &d.grid.to_sgf(),
                        &format!("{file_name}: design {} on a grid", d.grid.design()),
                    ))
                } else {
                    d.grid.to_graph_text().ok().map(|text| {
                        let file = tsume_board::parse_graph(&text)
                            .map_err(|e| DrawError(e.to_string()))?;
                        Scene::of_graph_file(
                            &file,
                            &format!("{file_name}: design {} on a grid", d.grid.design()),
                        )
                    })
                }
            }
            Err(_) => None,
        }
    } else {
        None
    };
    let scene = match grid_scene {
        Some(s) => s?,
        None => {
            if rail || sgf {
                facts.push("no grid draws this formula: the graph board of design D2".to_string());
            }
            let inst = tsume_reduce::reduce(cnf);
            Scene::of_graph_file(&inst.graph, &format!("{file_name}: design D2"))?
        }
    };
    problem_svg(&scene, &[], &facts)
}
