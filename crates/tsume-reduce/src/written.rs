//! What `tsume reduce` writes for a formula: the graph board of design D2, or (asked
//! for the grid, or for an SGF file) the square grid of [`crate::grid::draw`]: an SGF
//! where it fits 52×52 and the output is not `.graph`, else a grid-shaped graph board
//! (an OUT.sgf asked for is then written as OUT.graph, and a line says so). With the
//! file, its [`Report`] (`tsume reduce --json`'s type) and the same report in words.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;
use tsume_board::counted;

use crate::dimacs::Cnf;
use crate::grid::{draw, Drawing, GridError};
use crate::reduce::{reduce, Instance};
use crate::route::Stage;

/// A formula's instance as written.
#[derive(Debug)]
pub struct Written {
    /// The board: an SGF grid (`(;…`) or a graph board (tsume-graph format).
    pub text: String,
    /// The file to write it to (the one asked for, or OUT.graph for an OUT.sgf the grid
    /// does not fit); None: standard output.
    pub path: Option<PathBuf>,
    /// Why the board is not the one asked for, when it is not: a line for the user.
    pub note: Option<String>,
    /// The report, when written to a file.
    pub report: Option<Report>,
}

/// `tsume reduce --json`: the instance's size, the grid's and the route's stages.
#[derive(Serialize, Debug)]
pub struct Report {
    /// The formula's file.
    pub formula: String,
    /// The file written.
    pub output: String,
    /// The formula's variables.
    pub variables: u32,
    /// The formula's clauses.
    pub clauses: usize,
    /// The graph board of design D2: its sizes (points, empty_points, groups, edges,
    /// race_liberties, gate_liberties).
    #[serde(flatten)]
    pub d2: Instance,
    /// What the construction changed or decided (the grid's, when a grid is written).
    pub notes: Vec<String>,
    /// `W`.
    pub to_move: &'static str,
    /// `L` (Λ).
    pub target: &'static str,
    /// The square grid, when one is written.
    pub grid: Option<GridReport>,
    /// The route's stages, where the formula went through it to design D6's class.
    pub stages: Option<Vec<Stage>>,
    /// The command that solves the written file (a grid SGF names its area in its GC).
    pub solve: String,
}

/// A reduction's square grid.
#[derive(Serialize, Debug)]
pub struct GridReport {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Points without a stone.
    pub empty_points: usize,
    /// The design (`D2`, `D6`).
    pub design: &'static str,
    /// "sgf" or "graph": how the grid was written.
    pub format: &'static str,
}

/// The instance of `cnf` (read from the file `formula`), as a grid with `grid` or when
/// `output` ends in `.sgf`, for `output` (None: standard output).
///
/// # Errors
/// A grid too large for any file.
pub fn write(
    formula: &str,
    cnf: &Cnf,
    grid: bool,
    output: Option<&Path>,
) -> Result<Written, GridError> {
    let inst = reduce(cnf);
    let sgf = output
        .and_then(Path::extension)
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    // The square grid, drawn for every formula, else (over its size limit) the graph
    // board of design D2 with one line.
    let mut drawing: Option<Drawing> = None;
    let mut note: Option<String> = None;
    if grid || sgf {
        match draw(cnf) {
            Ok(d) => drawing = Some(d),
            Err(e) => {
                note = Some(format!(
                    "no square grid ({}): wrote the graph board of design D2",
                    e.short()
                ))
            }
        }
    }
    // The text, and whether it is the SGF (else a graph board).
    let (text, is_sgf_text) = match &drawing {
        Some(d) if d.grid.fits_sgf() && (sgf || output.is_none()) => (d.grid.to_sgf(), true),
        Some(d) => (d.grid.to_graph_text()?, false),
        None => (inst.to_graph_text(), false),
    };
    let Some(path) = output else {
        return Ok(Written {
            text,
            path: None,
            note,
            report: None,
        });
    };
    // An SGF asked for but a graph written: the file is named .graph, and the line says so.
    let path = if sgf && !is_sgf_text {
        let g = path.with_extension("graph");
        let why = match &drawing {
            Some(d) => format!(
                "the grid is {}×{}, over the SGF's 52×52: wrote it as a graph board",
                d.grid.size().0,
                d.grid.size().1
            ),
            None => note.take().unwrap_or_default(),
        };
        note = Some(format!("{}: {why} to {}", path.display(), g.display()));
        g
    } else {
        path.to_path_buf()
    };
    let file = path.display().to_string();
    let grid = drawing.as_ref().map(|d| &d.grid);
    let report = Report {
        formula: formula.to_string(),
        output: file.clone(),
        variables: cnf.vars,
        clauses: cnf.clauses.len(),
        notes: grid.map_or(&inst.notes[..], |g| g.notes()).to_vec(),
        to_move: "W",
        target: "L",
        grid: grid.map(|l| GridReport {
            width: l.size().0,
            height: l.size().1,
            empty_points: l.empty_points(),
            design: l.design(),
            format: if is_sgf_text { "sgf" } else { "graph" },
        }),
        stages: drawing.map(|d| d.stages).filter(|s| !s.is_empty()),
        solve: format!("tsume solve {file} --to-move W"),
        d2: inst,
    };
    Ok(Written {
        text,
        path: Some(path),
        note,
        report: Some(report),
    })
}

impl Report {
    /// The report in words: the sizes, who moves, the notes, the command that solves it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let (file, vars, clauses) = (
            &self.output,
            counted(self.variables as usize, "variable", "variables"),
            counted(self.clauses, "clause", "clauses"),
        );
        let _ = match &self.grid {
            Some(g) => writeln!(
                out,
                "{file}: {vars}, {clauses} → square grid {}×{}{}, {} empty points \
                 (design {} on a grid{}; the graph board of design D2 would have {})",
                g.width,
                g.height,
                if g.format == "sgf" {
                    ""
                } else {
                    " as a graph board"
                },
                g.empty_points,
                g.design,
                match &self.stages {
                    Some(st) => format!(
                        ", through the route to its class: {} crossing(s)",
                        st.iter().map(|s| s.crossings).sum::<usize>()
                    ),
                    None => String::new(),
                },
                self.d2.summary()
            ),
            None => writeln!(out, "{file}: {vars}, {clauses} → {}", self.d2.summary()),
        };
        let _ = writeln!(
            out,
            "White to move; the target Λ (point L) lives iff the formula is satisfiable."
        );
        for n in &self.notes {
            let _ = writeln!(out, "note: {n}");
        }
        let _ = writeln!(out, "solve with: {}", self.solve);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (u1 ∨ u2) ∧ (¬u1 ∨ ¬u2).
    fn formula() -> Cnf {
        Cnf::new(2, &[&[1, 2], &[-1, -2]])
    }

    #[test]
    fn the_graph_board_to_standard_output_has_no_report() {
        let w = write("f.cnf", &formula(), false, None).unwrap();
        assert_eq!(w.text, reduce(&formula()).to_graph_text());
        assert!(w.path.is_none() && w.note.is_none() && w.report.is_none());
    }

    #[test]
    fn a_graph_file_reports_design_d2_in_words_and_as_json_fields() {
        let w = write("f.cnf", &formula(), false, Some(Path::new("o.graph"))).unwrap();
        let inst = reduce(&formula());
        let r = w.report.unwrap();
        assert_eq!(w.path.as_deref(), Some(Path::new("o.graph")));
        assert_eq!(r.d2, inst);
        assert!(r.grid.is_none() && r.stages.is_none());
        let text = r.text();
        assert_eq!(
            text.lines().next().unwrap(),
            format!("o.graph: 2 variables, 2 clauses → {}", inst.summary())
        );
        assert!(
            text.ends_with("solve with: tsume solve o.graph --to-move W\n"),
            "{text}"
        );
    }

    #[test]
    fn an_sgf_asked_for_is_the_square_grid() {
        let w = write("f.cnf", &formula(), false, Some(Path::new("o.sgf"))).unwrap();
        assert!(w.text.starts_with("(;"), "{}", w.text);
        let r = w.report.unwrap();
        let g = r.grid.as_ref().unwrap();
        assert_eq!(g.format, "sgf");
        assert!(r
            .text()
            .contains(&format!("→ square grid {}×{}, ", g.width, g.height)));
    }
}
