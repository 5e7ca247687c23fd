//! Why no square grid was drawn.

use std::fmt;

/// Why no square-grid SGF was produced.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum GridError {
    /// The formula is outside the class the grid layout supports (see the module docs);
    /// the text says why. The graph board encodes every formula.
    Unsupported(String),
    /// The board would be wider than the 52 columns SGF coordinates allow.
    TooLarge {
        /// Columns needed.
        width: usize,
    },
    /// The route's grid would have more points than [`super::MAX_POINTS`] (at least).
    OverLimit {
        /// Points needed.
        points: usize,
    },
    /// Neither grid design draws the formula ([`super::any_grid`]): why not, for each.
    Neither {
        /// Why design D2's chain class does not hold it.
        chain: String,
        /// Why design D6 ([`super::rail`]) does not draw it.
        rail: String,
    },
}

impl GridError {
    /// The reason in a few words (without the advice of [`fmt::Display`]).
    pub fn short(&self) -> String {
        match self {
            GridError::Unsupported(why) => why.clone(),
            GridError::TooLarge { width } => format!("the layout needs {width} columns, over 52"),
            GridError::OverLimit { points } => format!(
                "the grid would have {points} points, over the limit of {}",
                super::MAX_POINTS
            ),
            GridError::Neither { chain, rail } => format!("{chain}; {rail}"),
        }
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Unsupported(why) => write!(
                f,
                "no square-grid SGF for this formula: {why}; the grid layout supports only \
                 the chain class (after normalising, dropping repeated clauses and simplifying \
                 to an equivalent formula with unit clauses and subsumption: clauses of at most \
                 2 literals, each literal in at most one clause, the 2-literal clauses forming \
                 paths between variables), and no planar drawing of this design does more: a \
                 literal in two clauses, a 3-literal clause or a cycle needs a crossing unless \
                 some literal occurs nowhere (see the tsume-reduce grid docs); \
                 write the graph board instead (e.g. `-o out.graph`), which encodes every formula"
            ),
            GridError::TooLarge { width } => write!(
                f,
                "no square-grid SGF: the layout needs {width} columns, more than the 52 SGF \
                 allows; write the graph board instead (e.g. `-o out.graph`)"
            ),
            GridError::OverLimit { .. } => write!(
                f,
                "no square grid: {}; write the graph board instead (e.g. `-o out.graph`)",
                self.short()
            ),
            GridError::Neither { chain, rail } => write!(
                f,
                "no square-grid SGF for this formula: it is not in design D2's chain class \
                 ({chain}: clauses of at most 2 literals, each literal in at most one clause, \
                 the 2-literal clauses forming paths between variables, after simplifying) \
                 nor in design D6's class ({rail}: every clause monotone once some variables \
                 are renamed, each literal in at most two clauses, the clauses above and \
                 below the variables each nesting without crossing in their order, at most \
                 four variables; see the tsume-reduce grid docs); write the graph board instead \
                 (e.g. `-o out.graph`), which encodes every formula"
            ),
        }
    }
}

impl std::error::Error for GridError {}
