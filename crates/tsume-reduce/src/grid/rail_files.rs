//! Design D6's grid written out: the SGF and the graph board of the square grid.

use super::error::GridError;
use super::rail::{RailCell, RailLayout};

impl RailLayout {
    /// The grid as a graph board file (tsume-graph format): `grid W H` with SGF point
    /// names up to 52 × 52, beyond it the grid's points (named `column,row` from 0) and
    /// edges; the stones, the labels of [`RailLayout::to_sgf`], White to move, Λ the
    /// target, and comments with the formula and the notes.
    ///
    /// # Errors
    /// None for a layout of this module (a board of its size always exists); an
    /// internal error otherwise, never a panic.
    pub fn to_graph_text(&self) -> Result<String, GridError> {
        let (w, h) = (self.width, self.height);
        let mut header = format!(
            "# 3-SAT instance (design D6, the Black rail, on a {w} x {h} square grid): White \
             to move; the target Λ (label L) lives iff the formula is satisfiable\n# formula \
             drawn: {}\n",
            crate::dimacs::to_dimacs(&self.cnf)
                .replace('\n', " ")
                .trim_end()
        );
        for n in &self.notes {
            header.push_str(&format!("# note: {}\n", n.replace('\n', " ")));
        }
        super::sgf::grid_graph_text(
            (w, h),
            |x, y| self.cells[y][x].stone(),
            &self.labels(),
            self.target,
            &header,
        )
    }

    /// The labels of the groups and points (x, y, text), as [`RailLayout::to_sgf`]
    /// writes them.
    fn labels(&self) -> Vec<(usize, usize, String)> {
        let mut lb: Vec<(usize, usize, String)> = Vec::new();
        let mut labelled = std::collections::BTreeSet::new();
        for (y, row) in self.cells.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let label = match c {
                    RailCell::Lambda if (x, y) == self.target => Some("L".to_string()),
                    RailCell::LambdaEye => Some("e".into()),
                    RailCell::BigE => Some("E".into()),
                    RailCell::G => Some("g".into()),
                    RailCell::A(v) => Some(format!("A{v}")),
                    RailCell::B(v) => Some(format!("B{v}")),
                    RailCell::Private(j) => Some(format!("p{j}")),
                    RailCell::Clause(j) if labelled.insert(("k", j as u32)) => {
                        Some(format!("k{j}"))
                    }
                    RailCell::Piece(i) if labelled.insert(("o", i)) => Some(format!("o{i}")),
                    _ => None,
                };
                if let Some(l) = label {
                    lb.push((x, y, l));
                }
            }
        }
        lb
    }

    /// The SGF text: `SZ`, `AB`, `AW`, `PL[W]`, `TR` on Λ, `LB` labels, a `C` comment.
    pub fn to_sgf(&self) -> String {
        let lb = self.labels();
        let formula = self
            .cnf
            .clauses
            .iter()
            .enumerate()
            .map(|(j, c)| format!("k{}: {}", j + 1, super::sgf::clause_text(c)))
            .collect::<Vec<_>>()
            .join(" ∧ ");
        let comment = format!(
            "3-SAT instance (tsume-reduce, design D6, the Black rail, on a grid): White to \
             move; the target Λ (the White group marked with a triangle, label L) lives iff \
             the formula is satisfiable.\nFormula: {formula}.\nThe whole board is the problem \
             (GC says region=board): `tsume solve FILE.sgf --to-move W`.\nLabels: L = Λ, e its \
             eye, E its second-eye point; o<i> = the pieces of the gate Ω (Black), which \
             Black's answers join; A<v> / B<v> = White's choice u<v> true / false, each next \
             to two pieces; k<j> = clause group j (White; a true literal's White stone joins \
             it to a White wall or to a second clause, each with a private eye), p<j> its \
             private liberty; g = the last piece's liberties. White sets the variables from \
             the left: a choice Black does not answer lets White cut Ω."
        );
        super::sgf::grid_sgf(
            (self.width, self.height),
            |x, y| self.cells[y][x].stone(),
            &comment,
            &self.notes,
            self.target,
            &lb,
        )
    }
}
