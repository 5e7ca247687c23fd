//! `tsume bench --corpus`: the rows of `answers.tsv` solved, judged and put in words by
//! `tsume-corpus`.

use super::*;
use tsume_corpus::Outcome;

/// The search as `--no-deepen`, `--no-unbounded`, `--no-learned-order` and `--zones` set
/// it.
pub(super) fn tuning(a: &BenchArgs) -> Tuning {
    Tuning {
        deepen: !a.no_deepen,
        unbounded: !a.no_unbounded,
        learned_order: !a.no_learned_order,
        zones: a.zones,
        ..Tuning::default()
    }
}

pub(super) fn corpus(
    pool: &rayon::ThreadPool,
    dir: &Path,
    a: &BenchArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let rows = match tsume_corpus::read_rows(dir) {
        Ok(r) => tsume_corpus::select(r, a.source.as_deref(), a.every, a.limit),
        Err(e) => {
            let _ = writeln!(err, "tsume bench: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let opts = tsume_corpus::Options {
        region: a.region.clone(),
        no_frame: a.no_frame,
        keep_sealed: a.keep_sealed,
        limits: a.budget.clamped(),
        tuning: tuning(a),
        ko_rule: a.ko_rule.basic(),
        confirm_first_moves: a.confirm_first_moves,
    };
    let outcomes: Vec<Outcome> = pool.install(|| {
        rows.par_iter()
            .map(|r| tsume_corpus::solve_row(dir, r, &opts))
            .collect()
    });
    if let Some(path) = &a.rows_out {
        if let Err(e) = std::fs::write(path, tsume_corpus::rows_tsv(&rows, &outcomes)) {
            let _ = writeln!(err, "{}: {e}", path.display());
            return EXIT_BAD_INPUT;
        }
    }
    let sources = tsume_corpus::summarize(&rows, &outcomes);
    if a.json {
        crate::report::print(out, &tsume_corpus::CorpusSummary { sources });
        return EXIT_OK;
    }
    let _ = write!(
        out,
        "{}",
        tsume_corpus::text::table(&rows, &outcomes, &sources, a.confirm_first_moves)
    );
    EXIT_OK
}
