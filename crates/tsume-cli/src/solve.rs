//! `tsume solve`: the jobs, the library's answers, the outputs.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use clap::Args;
use rayon::prelude::*;
use tsume_board::Color;
use tsume_sgf::LoadOptions;
use tsume_solve::{Sides, DEFAULT_EXACT_POSITIONS, DEFAULT_FOREVER_POSITIONS, DEFAULT_MAX_TREE};

use crate::args::{AreaArgs, BudgetArgs, KoRuleArg, SearchArgs, ToMove};
use crate::jobs::{expand, jobs, write, Job};
use crate::report::SolveJson;
use crate::{Fail, EXIT_FAILURE, EXIT_OK};
use tsume_solve::Solved;

/// Arguments of `tsume solve`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Solve life-and-death problems given as SGF or tsume-graph files (or folders of them).

For each problem tsume finds the group in question (the target: --target, else a TR/MA/SQ/CR
mark, else inferred and printed), the area in play (--region) and answers Can_kill with each
side moving first (a mark on several groups asks the RZS question instead: docs/cli.md), then names the status: dead (the attacker wins even moving second),
alive (the defender wins even moving second) or unsettled (whoever moves first wins).

\"alive\" holds within the depth bound α unless it is marked \"for every α\" (Benson's
unconditional life, the exact retrograde solver, or a closed strategy: a ko retaken
forever, a seki); \"dead\" holds for α and every larger bound. Each proof or disproof is
replayed by an independent checker (--no-check skips it). A search out of budget
(--max-nodes, --time-limit) answers unknown, with what a smaller bound did prove.

The rules are Crăşmaru's model (no ko rule: a ko may be retaken at once, so a group that
dies only through a ko is alive); --ko-rule basic plays ordinary Go's ko instead. To check
a file's own solution lines and their marks, use `tsume check`."
)]
pub struct SolveArgs {
    /// SGF or tsume-graph files, or folders (every *.sgf and *.graph inside, subfolders
    /// too); `-` reads standard input (named `<stdin>` in the output).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
    /// The group in question: a stone of it, GTP (C3) or SGF (cc) style, or a graph point name.
    #[arg(long, value_name = "POINT")]
    pub target: Option<String>,
    /// Who moves first: B, W, or both (one search each, run at once; the status needs both).
    #[arg(
        long,
        value_name = "B|W|both",
        default_value = "both",
        ignore_case = true,
        hide_possible_values = true
    )]
    pub to_move: ToMove,
    /// α: the attacker must bring the target into D₀ (one liberty, the attacker to move) within α+1 plies [default: 4 × empty points + 12, at most 250].
    #[arg(long, value_name = "α", value_parser = crate::numbers::depth)]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub area: AreaArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// List every winning first move, not just one; with checking on, each first move's
    /// outcome (the listed ones win, the others lose) is shown by a checked tree of its own.
    #[arg(long)]
    pub all_moves: bool,
    /// Print one JSON object (schema in docs/cli.md).
    #[arg(long)]
    pub json: bool,
    /// Write the problem with the proof trees as SGF variations (one file only).
    #[arg(long, value_name = "FILE")]
    pub sgf_out: Option<std::path::PathBuf>,
    /// Write the proof trees as JSON (one file only).
    #[arg(long, value_name = "FILE")]
    pub tree_out: Option<std::path::PathBuf>,
    /// Draw the problem and each side's winning line as SVG (one file only; docs/pictures.md).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Write a self-contained HTML page that steps through each side's line and the
    /// refutations of the wrong first moves (with --all-moves) (one file only).
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
    /// Skip replaying proofs through the independent checker.
    #[arg(long)]
    pub no_check: bool,
    /// Largest proof tree to build and replay through the checker, in nodes; a larger
    /// proof still gives its (exact) verdict, with "checked": null and the reason.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TREE, value_parser = crate::numbers::budget)]
    pub max_tree: usize,
    /// Settle "alive for every α" with the exact solver when at most this many positions are reachable (0: off).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_EXACT_POSITIONS, value_parser = crate::numbers::budget)]
    pub exact: usize,
    /// Settle "alive for every α" by closing the defender's strategy (ko, seki) into at most this many positions (0: off).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FOREVER_POSITIONS, value_parser = crate::numbers::budget)]
    pub forever: usize,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub ko_rule: KoRuleArg,
    /// Skip the result under ordinary Go rules (dead, alive, seki, ko: searches with
    /// each side the ko master, run only where the model's proof repeats a position;
    /// docs/cli.md). The model's verdict is the same either way.
    #[arg(long)]
    pub no_go: bool,
    /// No progress line and no board diagram.
    #[arg(long, short)]
    pub quiet: bool,
}

/// What `solve` (and `bench`, `gtp`) asks: how to load, the rules, the library's
/// settings, and whether to show progress.
#[derive(Clone)]
pub(crate) struct Settings {
    pub load: LoadOptions,
    /// The basic ko rule (`--ko-rule basic`).
    pub ko_rule: bool,
    pub progress: bool,
    pub solve: tsume_solve::Settings,
}

pub(crate) fn settings(a: &SolveArgs) -> Result<Settings, Fail> {
    let sides = a.to_move.color();
    let check = !a.no_check;
    Ok(Settings {
        load: a.area.load_options(a.target.clone(), sides),
        ko_rule: a.ko_rule.basic(),
        progress: !a.quiet && !a.json && std::io::stderr().is_terminal(),
        solve: tsume_solve::Settings {
            sides: sides.map_or(Sides::Both, Sides::One),
            depth: a.depth,
            limits: a.budget.limits()?,
            all_moves: a.all_moves,
            want_tree: check || a.sgf_out.is_some() || a.tree_out.is_some() || a.html.is_some(),
            max_tree: a.max_tree,
            check,
            check_first_moves: true,
            exact: a.exact,
            forever: a.forever,
            tuning: a.search.tuning(),
            go: !a.no_go,
        },
    })
}

/// Loads and solves one job.
pub(crate) fn solve_job(job: &Job, stdin: Option<&str>, s: &Settings) -> Result<Solved, Fail> {
    solve_loaded(job.problem(&s.load, stdin)?, s)
}

/// Solves a loaded problem.
fn solve_loaded(mut problem: tsume_sgf::Problem, s: &Settings) -> Result<Solved, Fail> {
    if s.ko_rule {
        problem = problem.with_ko_rule(true);
    }
    let bars = s.progress.then(|| Spinners {
        label: problem.label(),
        several: s.solve.sides == Sides::Both,
        multi: indicatif::MultiProgress::new(),
        bars: Mutex::new(Vec::new()),
    });
    let watcher = bars.as_ref().map(|b| b as &dyn tsume_solve::Watcher);
    let report = tsume_solve::answer_with(problem.position(), problem.target(), &s.solve, watcher)
        .map_err(|e| Fail::input(format!("{}: {e}", problem.label())))?;
    Ok(Solved { problem, report })
}

/// A spinner per search on a terminal, with its node count and rate.
struct Spinners {
    label: String,
    /// Both players' searches run at once: their spinners share the terminal.
    several: bool,
    multi: indicatif::MultiProgress,
    bars: Mutex<Vec<(Color, indicatif::ProgressBar)>>,
}

impl tsume_solve::Watcher for Spinners {
    fn start(&self, to_move: Color) -> Option<tsume_prove::Progress> {
        let b = indicatif::ProgressBar::new_spinner();
        let b = if self.several { self.multi.add(b) } else { b };
        b.set_message(format!("{}: {} to move", self.label, to_move.name()));
        if let Ok(mut bars) = self.bars.lock() {
            bars.push((to_move, b.clone()));
        }
        Some(Arc::new(move |st: &tsume_prove::Stats| {
            let bound = st
                .bound
                .map_or_else(|| "no bound".to_string(), |r| format!("bound {r} plies"));
            b.set_message(format!(
                "{} nodes, {:.0} k/s, depth {}, {bound}",
                st.nodes,
                st.nodes_per_second() / 1000.0,
                st.max_depth
            ));
            b.tick();
        }))
    }

    fn finish(&self, to_move: Color) {
        if let Ok(bars) = self.bars.lock() {
            for (_, b) in bars.iter().filter(|(c, _)| *c == to_move) {
                b.finish_and_clear();
            }
        }
    }
}

/// `tsume solve`; `stdin` is standard input's text when a file is `-`.
pub(crate) fn run(
    a: &SolveArgs,
    stdin: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    run_jobs(a, stdin, out, err).unwrap_or_else(|f| {
        let _ = writeln!(err, "{}", f.message);
        f.code
    })
}

/// [`run`], a failure returned.
fn run_jobs(
    a: &SolveArgs,
    stdin: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32, Fail> {
    let named = |f: Fail| Fail {
        message: format!("tsume solve: {}", f.message),
        ..f
    };
    let s = settings(a).map_err(named)?;
    let files = expand(&a.files).map_err(named)?;
    let jobs = jobs(&files, a.area.index, stdin);
    let single = jobs.len() == 1 && !a.files[0].is_dir();
    let outputs = [&a.sgf_out, &a.tree_out, &a.svg, &a.html];
    if !single && outputs.iter().any(|o| o.is_some()) {
        return Err(named(Fail::input(
            "--sgf-out, --tree-out, --svg and --html take a single problem file",
        )));
    }
    if !single {
        return Ok(several(&jobs, stdin, s, a.json, out, err));
    }
    let problem = match jobs[0].load(&s.load, stdin) {
        Err(e) => match e.kind {
            // A mark on several groups: the RZS benchmark's question (crate::solve_rzs).
            tsume_sgf::LoadErrorKind::SeveralMarked { stones, .. } => {
                if outputs.iter().any(|o| o.is_some()) {
                    return Err(named(Fail::input(format!(
                        "{}: several crucial groups are marked; --sgf-out, --tree-out, --svg and --html take one target (give --target)",
                        jobs[0].label()
                    ))));
                }
                if a.no_check || a.all_moves {
                    // Said, not silently dropped: this question checks every tree and
                    // names one first move.
                    let _ = writeln!(
                        err,
                        "note: {}: several crucial groups are marked: the RZS question checks every tree and names one first move (--no-check and --all-moves do not apply)",
                        jobs[0].label()
                    );
                }
                return crate::solve_rzs::run(
                    &jobs[0], stdin, &s.load, &s.solve, a.json, stones, out,
                )
                .map_err(named);
            }
            _ => return Err(Fail::input(e.to_string())),
        },
        Ok(p) => p,
    };
    let solved = solve_loaded(problem, &s)?;
    if let Some(path) = &a.sgf_out {
        // SGF draws grids only: a graph board's points would be written as letters
        // that no reader (tsume included) takes back.
        if solved.problem.full().board().grid_info().is_none() {
            return Err(named(Fail::input(format!(
                "--sgf-out: {} is a graph board, which SGF cannot hold; --tree-out writes its tree",
                solved.problem.label()
            ))));
        }
        write(path, &tsume_solve::sgf_out::write(&solved))?;
    }
    crate::draw_out::solve_outputs(
        &solved,
        a.svg.as_deref(),
        a.html.as_deref(),
        s.solve.limits.time_limit,
        err,
    )?;
    if let Some(path) = &a.tree_out {
        let written = || -> std::io::Result<()> {
            let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
            tsume_solve::json::write_trees(&solved, &mut w)?;
            w.flush()
        };
        written().map_err(|e| Fail::input(format!("{}: {e}", path.display())))?;
    }
    if a.json {
        let one_side = match s.solve.sides {
            Sides::One(c) => Some(c),
            Sides::Both => None,
        };
        crate::report::print(out, &SolveJson::new(&solved, one_side));
    } else {
        let _ = write!(out, "{}", tsume_solve::text::report(&solved, !a.quiet));
    }
    if let Some(e) = solved.report.rejected() {
        let _ = writeln!(
            err,
            "{}: the checker rejected a proof: {e}",
            solved.problem.label()
        );
        return Ok(EXIT_FAILURE);
    }
    Ok(EXIT_OK)
}

/// Several problems: solved in parallel, printed in order (`render::table`).
fn several(
    jobs: &[Job],
    stdin: Option<&str>,
    s: Settings,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    // On a terminal, one progress line counts the problems done (a collection of a
    // thousand takes a while).
    let bar = s.progress.then(|| {
        let b = indicatif::ProgressBar::new(jobs.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{pos}/{len} problems solved, {elapsed} [{wide_bar}] {eta} left",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let quiet = Settings {
        progress: false,
        ..s
    };
    let results: Vec<Result<Solved, Fail>> = jobs
        .par_iter()
        .map(|j| {
            let r = solve_job(j, stdin, &quiet);
            if let Some(b) = &bar {
                b.inc(1);
            }
            r
        })
        .collect();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    crate::render::table(jobs, &results, json, out, err)
}
