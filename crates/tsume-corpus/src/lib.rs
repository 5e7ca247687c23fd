//! tsume's answers measured against outside oracles.
//! - The public corpus's published answers (`answers.tsv`, read in place; its README
//!   gives the columns): each row solved ([`judge::solve_row`]), judged against its
//!   status and first moves, and summed per source and per bin of points in play
//!   ([`summary::summarize`]); `tsume bench --corpus` renders the result.
//! - A SAT solver on the reduction's instances ([`reduction::verify`]): `tsume
//!   verify-reduction`.
//!
//! No printing, no clap; the JSON of both commands is these types.

pub mod answers;
pub mod judge;
pub mod reduction;
pub mod summary;

pub use answers::{read_rows, select, AnswersError, Row};
pub use judge::{solve_row, Options, Outcome};
pub use summary::{median, rows_tsv, summarize, CorpusSummary, PointsBin, SourceSummary};
