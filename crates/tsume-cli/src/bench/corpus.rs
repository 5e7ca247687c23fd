//! `tsume bench --corpus`: the rows of `answers.tsv` solved, judged and put in words by
//! `tsume-corpus`.

use super::*;
use tsume_corpus::Outcome;

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
        region: a.region.region.clone(),
        no_frame: a.region.no_frame,
        keep_sealed: a.region.keep_sealed,
        no_marked_region: a.region.no_marked_region,
        limits: a.budget.clamped(),
        tuning: a.search.tuning(),
        ko_rule: a.ko_rule.basic(),
        confirm_first_moves: a.confirm_first_moves,
    };
    let outcomes: Vec<Outcome> = pool.install(|| {
        rows.par_iter()
            .map(|r| tsume_corpus::solve_row(dir, r, &opts))
            .collect()
    });
    if let Some(path) = &a.rows_out {
        if let Err(f) = crate::jobs::write(path, &tsume_corpus::rows_tsv(&rows, &outcomes)) {
            let _ = writeln!(err, "{}", f.message);
            return f.code;
        }
    }
    let sources = tsume_corpus::summarize(&rows, &outcomes);
    if a.json {
        crate::report::print(
            out,
            &tsume_corpus::CorpusSummary {
                sources,
                rzs: tsume_corpus::rzs_totals(&rows, &outcomes),
            },
        );
        return EXIT_OK;
    }
    let _ = write!(
        out,
        "{}",
        tsume_corpus::text::table(&rows, &outcomes, &sources, a.confirm_first_moves)
    );
    EXIT_OK
}
