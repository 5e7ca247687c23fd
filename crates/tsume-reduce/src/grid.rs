//! Output on a square grid (issue 5, part 3(b)): not implemented.

use std::fmt;

use crate::dimacs::Cnf;

/// Why no square-grid SGF was produced.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum GridError {
    /// The grid layout is not implemented; the graph board is the available output.
    NotImplemented,
    /// The formula's variable–clause graph (with the hubs of design D1) is not planar.
    NotPlanar,
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::NotImplemented => write!(
                f,
                "no square-grid SGF: the grid layout of the design-D1 gadgets is not implemented \
                 (it needs wires for the hubs L, q, z, w and a planar formula or a crossover); \
                 write the graph board instead (e.g. `-o out.graph`), which encodes every formula"
            ),
            GridError::NotPlanar => write!(
                f,
                "no square-grid SGF: the formula's incidence graph is not planar; \
                 write the graph board instead (e.g. `-o out.graph`)"
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// A square-grid SGF of the instance of `cnf`. Not available yet: always
/// [`GridError::NotImplemented`], whose message points to the graph board.
///
/// # Errors
/// Always, see above.
pub fn to_grid_sgf(cnf: &Cnf) -> Result<String, GridError> {
    let _ = cnf;
    Err(GridError::NotImplemented)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_output_is_an_honest_error() {
        let e = to_grid_sgf(&Cnf::default()).err();
        assert_eq!(e, Some(GridError::NotImplemented));
        assert!(e
            .map(|e| e.to_string())
            .unwrap_or_default()
            .contains("graph board"));
    }
}
