//! tsume's answers measured against outside oracles.
//! - The public corpus's published answers (`answers.tsv`, read in place; its README
//!   gives the columns): each row solved ([`judge::solve_row`]), judged against its
//!   status and first moves, and summed per source and per bin of points in play
//!   ([`summary::summarize`]), for `tsume bench --corpus`;
//!   [`text::table`] puts it in words.
//! - A SAT solver on the reduction's instances ([`reduction::verify`]): `tsume
//!   verify-reduction`.
//! - The bundled problems timed ([`timing`]): `tsume bench` without a corpus.
//!
//! No printing, no clap; the JSON of these commands is these types.

pub mod answers;
pub mod judge;
pub mod reduction;
pub mod rzs;
pub mod summary;
pub mod text;
pub mod timing;

pub use answers::{read_rows, select, AnswersError, Row};
pub use judge::{solve_row, Options, Outcome};
pub use summary::{
    median, rows_tsv, rzs_totals, summarize, CorpusSummary, PointsBin, RzsTotals, SourceSummary,
};
