//! 3-SAT → life and death (Crăşmaru 1998, §4), design D1 on a graph board.
#![deny(missing_docs)]

pub mod dimacs;
pub mod grid;
pub mod reduce;

pub use dimacs::{
    is_satisfiable, normalize, parse_dimacs, random_3cnf, to_dimacs, Cnf, DimacsError,
    DimacsErrorKind,
};
pub use grid::{to_grid_sgf, GridError};
pub use reduce::{
    reduce, reduce_with, try_reduce, BuildError, GraphBuilder, Instance, ReduceOptions,
};
