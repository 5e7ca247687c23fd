//! Every `--json` output of `tsume`, as the types that make it (the schema documented
//! in docs/cli.md is these types): those of certified answers are the library's
//! (`tsume_solve::json`), the corpus's and `verify-reduction`'s (`tsume_corpus`),
//! `status`'s and `linear`'s (`tsume_status::json`, `tsume_linear::json`), `reduce`'s
//! (`tsume_reduce::written`), `bench`'s (`tsume_corpus`).
//! [`print`] writes one, its keys sorted.

use std::io::Write;

use serde::Serialize;

pub(crate) use tsume_solve::json::*;

/// Writes `value` as pretty-printed JSON, its object keys in alphabetical order, and a
/// newline.
pub(crate) fn print(out: &mut dyn Write, value: &impl Serialize) {
    // Through `serde_json::Value`, whose objects keep their keys sorted: the order
    // `tsume` has always printed.
    let v = serde_json::to_value(value).unwrap_or_default();
    let _ = writeln!(
        out,
        "{}",
        serde_json::to_string_pretty(&v).unwrap_or_default()
    );
}
