//! `tsume solve`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use rayon::prelude::*;
use tsume_board::{Color, Move, Point, Position};
use tsume_prove::{Answer, Limits, Options, PnRule, Tuning, Verdict};
use tsume_sgf::{LoadOptions, Problem, RegionSpec, TargetSource};

use crate::{Fail, EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};

/// Arguments of `tsume solve`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Solve life-and-death problems given as SGF or tsume-graph files (or folders of them).

For each problem tsume finds the group in question (the target: --target, else a TR/MA/SQ/CR
mark, else inferred and printed), the area in play (--region) and answers Can_kill with each
side moving first, then names the status: dead (the attacker wins even moving second),
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
    pub files: Vec<PathBuf>,
    /// The group in question: a stone of it, GTP (C3) or SGF (cc) style, or a graph point name.
    #[arg(long, value_name = "POINT")]
    pub target: Option<String>,
    /// Who moves first: B, W, or both (one search each, run at once; the status needs both).
    #[arg(long, value_name = "B|W|both", default_value = "both")]
    pub to_move: String,
    /// α: the attacker must bring the target into D₀ (one liberty, the attacker to move) within α+1 plies [default: 4 × empty points + 12, at most 250].
    #[arg(long, value_name = "α")]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub area: AreaArgs,
    /// Stop each search after this many node expansions (answer: unknown, with what a
    /// smaller bound of the deepening proved, if anything: "black cannot kill within 8
    /// plies", checked like any answer).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop each search after this many seconds (answer: unknown).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Transposition table size per search, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 256)]
    pub tt_mb: usize,
    /// List every winning first move, not just one; with checking on, each first move's
    /// outcome (the listed ones win, the others lose) is shown by a checked tree of its own.
    #[arg(long)]
    pub all_moves: bool,
    /// Print one JSON object (schema in docs/cli.md).
    #[arg(long)]
    pub json: bool,
    /// Write the problem with the proof trees as SGF variations (one file only).
    #[arg(long, value_name = "FILE")]
    pub sgf_out: Option<PathBuf>,
    /// Write the proof trees as JSON (one file only).
    #[arg(long, value_name = "FILE")]
    pub tree_out: Option<PathBuf>,
    /// Draw the problem and each side's winning line as SVG (one file only; docs/pictures.md).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write a self-contained HTML page that steps through each side's line and the
    /// refutations of the wrong first moves (with --all-moves) (one file only).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Skip replaying proofs through the independent checker.
    #[arg(long)]
    pub no_check: bool,
    /// Largest proof tree to build and replay through the checker, in nodes; a larger
    /// proof still gives its (exact) verdict, with "checked": null and the reason.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TREE)]
    pub max_tree: usize,
    /// Settle "alive for every α" with the exact solver when at most this many positions are reachable (0: off).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_EXACT_POSITIONS)]
    pub exact: usize,
    /// Settle "alive for every α" by closing the defender's strategy (ko, seki) into at most this many positions (0: off).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FOREVER_POSITIONS)]
    pub forever: usize,
    /// How proof numbers add up where every child must be solved: sum (df-pn as published) or weak (the largest child's + one per other open child: sometimes far fewer nodes where positions recur by many paths, as on the 3-SAT instances that are alive, often more elsewhere).
    #[arg(long, value_name = "sum|weak", default_value = "sum")]
    pub pn: String,
    /// Search once at α instead of deepening the bound (the default deepens: 8, 16, 32, … plies, each with a share of nodes, then α; it stops early on a kill or on a ko or seki that closes for every α).
    #[arg(long)]
    pub no_deepen: bool,
    /// Deepen the bound: the default, kept so that scripts written when it was an option still run.
    #[arg(long, hide = true, conflicts_with = "no_deepen")]
    pub deepen: bool,
    /// Skip the first search without a depth bound (the default runs it first with a share of the nodes: a repetition counts as the defender's, its kills are kept, its survivals count only when closed and checked for every α; then the bounded search as above).
    #[arg(long)]
    pub no_unbounded: bool,
    /// Order the defender's moves by liberties, as the first versions did, instead of by the learned score of the lab notebook (docs/experiments/) (same verdicts; for comparisons).
    #[arg(long)]
    pub no_learned_order: bool,
    /// The ko rule: none (Crăşmaru's model, the default: a ko may be retaken at once, so a group that lives by retaking a ko forever is alive) or basic (outside the model: a move that captures one stone with a single stone left in atari forbids the opponent to retake on the very next move, as in ordinary Go without ko threats; positions then include the forbidden point, and the proofs are checked under the same rule).
    #[arg(long, value_name = "none|basic", default_value = "none")]
    pub ko_rule: String,
    /// No progress line and no board diagram.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `--max-tree`'s default: the largest proof tree built and checked, in nodes.
pub(crate) const DEFAULT_MAX_TREE: usize = 2_000_000;

/// `--forever`'s default: positions a closed strategy may have.
pub(crate) const DEFAULT_FOREVER_POSITIONS: usize = 100_000;

/// `--exact`'s default: positions the exact solver may enumerate to settle "alive for
/// every α" (`check` uses it too).
pub(crate) const DEFAULT_EXACT_POSITIONS: usize = 50_000;

/// Where the problem is and what is in play: shared by `solve` and `check`.
#[derive(Args, Debug, Clone)]
pub struct AreaArgs {
    /// The area in play: auto (around the target, ending at the attacker's wall, with the other side of a capturing race), grown (the stones' box grown by a line on every side, the first versions' rule), tight (the stones' box not grown), board (everything), or a comma-separated list of points. The rule is stated in one place: tsume-area's docs (crates/tsume-area/src/lib.rs; docs/cli.md, "The problem's area").
    #[arg(
        long,
        value_name = "auto|grown|tight|board|POINTS",
        default_value = "auto"
    )]
    pub region: String,
    /// Do not add the frame: the area's empty points cut off from the rest of the board then act as if on the board's edge instead of touching the outside's virtual wall (the rule: see --region).
    #[arg(long)]
    pub no_frame: bool,
    /// Keep the points that the attacker's walls joined to the outside seal off from the target (their eyes), which are left out by default (the rule: see --region).
    #[arg(long)]
    pub keep_sealed: bool,
    /// Which game tree of an SGF file holding several (a collection of problems in one
    /// file): N from 0, or `all` for each one in turn, as if each were a file of its own.
    #[arg(long, value_name = "N|all", default_value = "0", value_parser = parse_tree_index)]
    pub index: TreeIndex,
}

/// `--index`: one game tree of each file, or all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeIndex {
    /// The game tree with this number (from 0).
    One(usize),
    /// Every game tree of each file.
    All,
}

fn parse_tree_index(text: &str) -> Result<TreeIndex, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(TreeIndex::All);
    }
    text.parse()
        .map(TreeIndex::One)
        .map_err(|_| format!("expected a game tree's number (from 0) or all, got '{text}'"))
}

/// The file name that stands for standard input.
pub(crate) const STDIN: &str = "-";

/// The name standard input goes by in messages and in the JSON's `file`.
pub(crate) const STDIN_NAME: &str = "<stdin>";

/// Whether `path` is `-`, standard input.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN
}

/// A file's name in messages (`<stdin>` for `-`).
fn file_name(path: &Path) -> String {
    if is_stdin(path) {
        STDIN_NAME.to_string()
    } else {
        path.display().to_string()
    }
}

/// One problem to solve or check: a file, and which of its game trees.
#[derive(Clone)]
pub(crate) struct Job {
    pub path: PathBuf,
    pub index: usize,
    /// The file's game trees when `--index all` split it into several jobs, else None.
    pub of: Option<usize>,
    /// The file's text parsed once, shared by the jobs of its game trees (`--index
    /// all`); None: the job reads its file itself.
    pub sgf: Option<Arc<tsume_sgf::SgfText>>,
}

impl Job {
    /// The file's name (`<stdin>` for `-`).
    pub fn name(&self) -> String {
        file_name(&self.path)
    }

    /// The file's name, with the game tree's number when the file was split.
    pub fn label(&self) -> String {
        tsume_sgf::tree_label(&self.name(), self.index, self.of.unwrap_or(1))
    }

    /// Standard input's text when this job reads it.
    fn stdin<'a>(&self, stdin: Option<&'a str>) -> Option<&'a str> {
        stdin.filter(|_| is_stdin(&self.path))
    }

    /// The job's problem, loaded with `opts` but the job's game tree (`stdin`: standard
    /// input's text, for `-`).
    pub fn problem(&self, opts: &LoadOptions, stdin: Option<&str>) -> Result<Problem, Fail> {
        let opts = LoadOptions {
            index: self.index,
            ..opts.clone()
        };
        match (&self.sgf, self.stdin(stdin)) {
            (Some(t), _) => t.problem(&opts),
            (None, Some(text)) => tsume_sgf::parse_problem(text, STDIN_NAME, &opts),
            (None, None) => tsume_sgf::load_problem(&self.path, &opts),
        }
        .map_err(|e| Fail::input(e.to_string()))
    }

    /// The job's solution tree (`tsume check`), as [`Job::problem`].
    pub fn solution_tree(&self, stdin: Option<&str>) -> Result<tsume_sgf::SolutionTree, Fail> {
        match (&self.sgf, self.stdin(stdin)) {
            (Some(t), _) => t.solution_tree(self.index),
            (None, Some(text)) => tsume_sgf::parse_solution_tree(text, STDIN_NAME, self.index),
            (None, None) => tsume_sgf::load_solution_tree(&self.path, self.index),
        }
        .map_err(|e| Fail::input(e.to_string()))
    }

    /// Whether the job's file is a graph board, which has no variations to check.
    pub fn is_graph(&self, stdin: Option<&str>) -> bool {
        self.path.extension().is_some_and(|e| e == "graph")
            || self.stdin(stdin).is_some_and(tsume_sgf::is_graph_text)
    }
}

/// How many jobs, named as problems where `--index all` split a file, else as files
/// (the summaries of `solve` and `check`).
pub(crate) fn counted_jobs(jobs: &[Job]) -> String {
    if jobs.iter().any(|j| j.of.is_some()) {
        tsume_board::counted(jobs.len(), "problem", "problems")
    } else {
        tsume_board::counted(jobs.len(), "file", "files")
    }
}

/// The problems of `files` under `--index`: each file once with tree N, or, with `all`,
/// each of its game trees, the file parsed once for all of them (parsing it again per
/// game tree cost more than solving a collection's small problems). A file that cannot
/// be read or parsed, or a graph file, stays one job, whose load then says what is
/// wrong; `stdin` is standard input's text, for `-`.
pub(crate) fn jobs(files: &[PathBuf], index: TreeIndex, stdin: Option<&str>) -> Vec<Job> {
    let mut out = Vec::new();
    for f in files {
        let one = |index| Job {
            path: f.clone(),
            index,
            of: None,
            sgf: None,
        };
        if let TreeIndex::One(i) = index {
            out.push(one(i));
            continue;
        }
        let text = match stdin.filter(|_| is_stdin(f)) {
            Some(t) => Some(std::borrow::Cow::Borrowed(t)),
            None if f.extension().is_some_and(|e| e == "graph") => None,
            None => std::fs::read_to_string(f).ok().map(std::borrow::Cow::Owned),
        };
        let parsed = text
            .filter(|t| !tsume_sgf::is_graph_text(t))
            .and_then(|t| tsume_sgf::SgfText::parse(&t, &file_name(f)).ok());
        let Some(parsed) = parsed else {
            out.push(one(0));
            continue;
        };
        let n = parsed.game_trees();
        let sgf = Some(Arc::new(parsed));
        out.extend((0..n.max(1)).map(|i| Job {
            of: (n > 1).then_some(n),
            sgf: sgf.clone(),
            ..one(i)
        }));
    }
    out
}

impl AreaArgs {
    /// For the commands that read one game tree (`check-proof`, `gtp`): `--index all`
    /// refused, naming the commands that take it.
    pub(crate) fn one_tree(&self) -> Result<(), Fail> {
        match self.index {
            TreeIndex::One(_) => Ok(()),
            TreeIndex::All => Err(Fail::input(
                "--index all: only solve and check go through every game tree of a file; give a number",
            )),
        }
    }

    /// The loader's options, with the target and player to move given.
    pub(crate) fn load_options(
        &self,
        target: Option<String>,
        to_move: Option<Color>,
    ) -> LoadOptions {
        LoadOptions {
            index: match self.index {
                TreeIndex::One(i) => i,
                TreeIndex::All => 0,
            },
            target,
            to_move,
            region: region_spec(&self.region),
            no_frame: self.no_frame,
            keep_sealed: self.keep_sealed,
        }
    }
}

/// The answer for one player moving first.
pub(crate) struct Side {
    pub to_move: Color,
    pub answer: Answer,
    /// The checker's verdict on the tree: what it found, or the rejection.
    pub check: Option<Result<Checked, String>>,
    /// For an unknown verdict, the checker's verdict on the disproof behind
    /// `answer.survives` (the attacker cannot kill within that many plies).
    pub survives_check: Option<Result<Checked, String>>,
    /// With `--all-moves` and a winning player to move: every first move's outcome
    /// (the listed ones win, the others lose) shown by a checked tree of its own. The
    /// root's tree shows one winning move only.
    pub moves_check: Option<MovesCheck>,
}

/// What checking every first move one by one gave.
pub(crate) enum MovesCheck {
    /// Every outcome shown by a checked tree: how many trees.
    Checked(usize),
    /// A move's own search ran out of budget or its tree was too large: not shown,
    /// nothing contradicted.
    Unsettled(String),
    /// A move's outcome is not the one listed, or its tree was rejected: a failure.
    Rejected(String),
}

/// What the checker found in a tree it accepted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checked {
    /// Nodes of the tree.
    pub nodes: usize,
    /// No line of the tree plays into a position met before on it (no ko retaken), so
    /// the claim holds under a ko rule too (`tsume_proof::CheckReport::repetition_free`).
    pub repetition_free: bool,
    /// The tree is a disproof for every α (its root's `remaining` is `None`), so it
    /// checks an "alive for every α" too, not only "alive within α".
    pub every_alpha: bool,
}

/// One solved problem.
pub(crate) struct Report {
    pub problem: Problem,
    pub depth: u32,
    pub sides: Vec<Side>,
}

impl Report {
    pub fn defender(&self) -> Color {
        self.problem
            .position()
            .color(self.problem.target())
            .unwrap_or(Color::White)
    }

    /// dead / alive / unsettled from both orders of play, if both were searched.
    pub fn status(&self) -> Option<&'static str> {
        let attacker = self.defender().opponent();
        let first = |c: Color| {
            self.sides
                .iter()
                .find(|s| s.to_move == c)
                .map(|s| s.answer.verdict)
        };
        let (a, d) = (first(attacker)?, first(attacker.opponent())?);
        Some(match (a, d) {
            (Verdict::Dead, Verdict::Dead) => "dead",
            (Verdict::Alive, Verdict::Alive) => "alive",
            (Verdict::Dead, Verdict::Alive) => "unsettled",
            (Verdict::Alive, Verdict::Dead) => "inconsistent",
            _ => "unknown",
        })
    }

    /// A check that failed, if any.
    pub fn rejected(&self) -> Option<&str> {
        self.sides
            .iter()
            .find_map(|s| match (&s.check, &s.survives_check, &s.moves_check) {
                (Some(Err(e)), _, _)
                | (_, Some(Err(e)), _)
                | (_, _, Some(MovesCheck::Rejected(e))) => Some(e.as_str()),
                _ => None,
            })
    }

    /// GTP and SGF names of a move of the position in play, on the whole board.
    pub fn move_names(&self, m: Move) -> (String, String) {
        move_names(&self.problem, m)
    }

    pub fn expected_status(&self) -> Option<String> {
        // The files state their answers under Crăşmaru's model, without a ko rule.
        if self.problem.position().ko_rule() {
            return None;
        }
        let text = self.problem.expected()?;
        let i = text.find("status=")?;
        let rest = &text[i + "status=".len()..];
        let word: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        (!word.is_empty()).then_some(word)
    }
}

pub(crate) fn parse_color(s: &str) -> Result<Option<Color>, Fail> {
    match s.to_ascii_lowercase().as_str() {
        "both" | "" => Ok(None),
        "b" | "black" => Ok(Some(Color::Black)),
        "w" | "white" => Ok(Some(Color::White)),
        _ => Err(Fail::input(format!(
            "--to-move: expected B, W or both, got '{s}'"
        ))),
    }
}

pub(crate) fn region_spec(s: &str) -> RegionSpec {
    match s.to_ascii_lowercase().as_str() {
        "auto" => RegionSpec::Auto,
        "board" | "all" | "whole" => RegionSpec::Board,
        "tight" => RegionSpec::Tight,
        "grown" => RegionSpec::Grown,
        _ => RegionSpec::Points(
            s.split([',', ' '])
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect(),
        ),
    }
}

/// The problem files named: files as given, folders expanded to their *.sgf and
/// *.graph files (sorted).
pub(crate) fn expand(files: &[PathBuf]) -> Result<Vec<PathBuf>, Fail> {
    let mut out = Vec::new();
    for f in files {
        if f.is_dir() {
            let before = out.len();
            problem_files(f, &mut out)?;
            if out.len() == before {
                return Err(Fail::input(format!(
                    "{}: no .sgf or .graph file in this folder or below",
                    f.display()
                )));
            }
        } else {
            out.push(f.clone());
        }
    }
    Ok(out)
}

/// The problem files of a folder and its subfolders (a collection such as Cho's
/// elementary/intermediate/advanced), in name order, each folder's files before its
/// subfolders'.
fn problem_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Fail> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| Fail::input(format!("{}: {e}", dir.display())))?;
    // Real folders only are entered (a link to a folder is not: no loops).
    let mut paths: Vec<(PathBuf, bool)> = entries
        .filter_map(Result::ok)
        .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
        .collect();
    paths.sort();
    let files = paths.iter().filter(|(_, dir)| !dir).map(|(p, _)| p.clone());
    let dirs: Vec<PathBuf> = paths
        .iter()
        .filter(|(_, dir)| *dir)
        .map(|(p, _)| p.clone())
        .collect();
    out.extend(files.into_iter().filter(|p| {
        p.extension()
            .is_some_and(|e| e == "sgf" || e == "graph" || e == "SGF")
    }));
    for d in dirs {
        problem_files(&d, out)?;
    }
    Ok(())
}

#[derive(Clone)]
pub(crate) struct Settings {
    pub load: LoadOptions,
    pub sides: Option<Color>,
    pub depth: Option<u32>,
    pub limits: Limits,
    pub all_moves: bool,
    pub want_tree: bool,
    pub max_tree: usize,
    pub check: bool,
    pub exact: usize,
    pub forever: usize,
    pub progress: bool,
    pub tuning: Tuning,
    /// The basic ko rule (`--ko-rule basic`).
    pub ko_rule: bool,
}

/// `--ko-rule`: whether the basic ko rule holds.
pub(crate) fn parse_ko_rule(text: &str) -> Result<bool, Fail> {
    match text {
        "none" => Ok(false),
        "basic" => Ok(true),
        other => Err(Fail::input(format!(
            "--ko-rule: expected none or basic, got \"{other}\""
        ))),
    }
}

/// A search's budget from `--max-nodes`, `--time-limit` and `--tt-mb`, checked.
pub(crate) fn limits(
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    tt_mb: usize,
) -> Result<Limits, Fail> {
    let time_limit = match time_limit {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(Fail::input(format!(
                "--time-limit: expected a positive number of seconds, got {t}"
            )))
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    if tt_mb == 0 {
        return Err(Fail::input("--tt-mb: must be at least 1"));
    }
    Ok(Limits {
        max_nodes,
        time_limit,
        tt_mb,
        stop: Some(crate::interrupt_flag()),
    })
}

pub(crate) fn settings(a: &SolveArgs) -> Result<Settings, Fail> {
    let sides = parse_color(&a.to_move)?;
    Ok(Settings {
        load: a.area.load_options(a.target.clone(), sides),
        sides,
        depth: a.depth,
        limits: limits(a.max_nodes, a.time_limit, a.tt_mb)?,
        all_moves: a.all_moves,
        want_tree: !a.no_check || a.sgf_out.is_some() || a.tree_out.is_some() || a.html.is_some(),
        max_tree: a.max_tree,
        check: !a.no_check,
        exact: a.exact,
        forever: a.forever,
        ko_rule: parse_ko_rule(&a.ko_rule)?,
        tuning: Tuning {
            deepen: !a.no_deepen,
            unbounded: !a.no_unbounded,
            learned_order: !a.no_learned_order,
            pn_rule: match a.pn.as_str() {
                "sum" => PnRule::Sum,
                "weak" => PnRule::Weak,
                other => {
                    return Err(Fail::input(format!(
                        "--pn: expected sum or weak, got \"{other}\""
                    )))
                }
            },
            ..Tuning::default()
        },
        progress: !a.quiet && !a.json && std::io::stderr().is_terminal(),
    })
}

/// GTP and SGF names of a move of the position in play, on the whole board (a graph
/// board's point name twice).
pub(crate) fn move_names(problem: &Problem, m: Move) -> (String, String) {
    match m {
        Move::Pass => ("pass".to_string(), String::new()),
        Move::Play(p) => match problem.to_full(p) {
            Some(f) => {
                let b = problem.full().board();
                (b.gtp(f), b.sgf(f))
            }
            None => {
                let n = problem.position().board().name(p).to_string();
                (n.clone(), n)
            }
        },
    }
}

/// Loads and solves one job.
pub(crate) fn solve_job(job: &Job, stdin: Option<&str>, s: &Settings) -> Result<Report, Fail> {
    solve_problem(job.problem(&s.load, stdin)?, s)
}

/// Solves a loaded problem.
fn solve_problem(mut problem: Problem, s: &Settings) -> Result<Report, Fail> {
    if s.ko_rule {
        problem = problem.with_ko_rule(true);
    }
    let depth = s
        .depth
        .unwrap_or_else(|| tsume_prove::default_depth(problem.position()));
    let defender = problem
        .position()
        .color(problem.target())
        .ok_or_else(|| Fail::input(format!("{}: the target point is empty", problem.label())))?;
    // Both sides at once when both are asked for (the default): two independent
    // searches, each with its own table, so on two cores the status takes the time of
    // the longer one instead of the sum. The order of the report stays fixed.
    let sides = match s.sides {
        Some(c) => vec![solve_side(&problem, depth, c, s, None)?],
        None => {
            let bars = s.progress.then(indicatif::MultiProgress::new);
            let (attacker, defender) = rayon::join(
                || solve_side(&problem, depth, defender.opponent(), s, bars.as_ref()),
                || solve_side(&problem, depth, defender, s, bars.as_ref()),
            );
            vec![attacker?, defender?]
        }
    };
    Ok(Report {
        problem,
        depth,
        sides,
    })
}

/// Solves `problem` with `to_move` moving first (its progress spinner added to `bars`
/// when several run at once).
pub(crate) fn solve_side(
    problem: &Problem,
    depth: u32,
    to_move: Color,
    s: &Settings,
    bars: Option<&indicatif::MultiProgress>,
) -> Result<Side, Fail> {
    // The player to move as asked; a forbidden point (the ko rule) stays forbidden only
    // for the player it was forbidden to.
    let pos = if problem.position().to_move() == to_move {
        problem.position().clone()
    } else {
        problem.position().with_to_move(to_move)
    };
    let bar = s.progress.then(|| {
        let b = indicatif::ProgressBar::new_spinner();
        let b = match bars {
            Some(m) => m.add(b),
            None => b,
        };
        b.set_message(format!("{}: {} to move", problem.label(), to_move.name()));
        b
    });
    let progress: Option<tsume_prove::Progress> = bar.clone().map(|b| {
        Arc::new(move |st: &tsume_prove::Stats| {
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
        }) as tsume_prove::Progress
    });
    let opts = Options {
        depth,
        limits: s.limits.clone(),
        all_moves: s.all_moves,
        want_tree: s.want_tree,
        max_tree_nodes: s.max_tree,
        exact_positions: s.exact,
        forever_nodes: s.forever,
        progress,
        tuning: s.tuning.clone(),
    };
    let mut answer = tsume_prove::solve(&pos, problem.target(), &opts)
        .map_err(|e| Fail::input(format!("{}: {e}", problem.label())))?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let check = if s.check {
        answer
            .tree
            .as_ref()
            .map(|t| check_tree(&pos, problem.target(), answer.verdict, depth + 1, t))
    } else {
        None
    };
    let survives_check = match (&answer.survives_tree, answer.survives) {
        (Some(t), Some(h)) if s.check => {
            Some(check_tree(&pos, problem.target(), Verdict::Alive, h, t))
        }
        (None, Some(_)) if s.check => {
            // No tree to check it by (over `--max-tree`, or the table had lost too
            // much of it): not said at all, as a proof we cannot show.
            answer.survives = None;
            None
        }
        _ => None,
    };
    let moves_check = (s.check && s.all_moves && answer.all_moves && depth > 0)
        .then(|| check_first_moves(&pos, problem.target(), depth, &opts, &answer))
        .flatten();
    Ok(Side {
        to_move,
        answer,
        check,
        survives_check,
        moves_check,
    })
}

/// Every first move of a winning player to move, solved and checked on its own: each
/// listed move must leave a position the mover wins, each other move one the opponent
/// wins, each shown by a tree the checker accepts (one per distinct position; a move
/// that captures the target wins by the rule itself). `None` where there is nothing
/// beyond the root's tree to show (the player to move loses: the root's tree answers
/// all its moves).
fn check_first_moves(
    pos: &Position,
    target: Point,
    depth: u32,
    opts: &Options,
    answer: &tsume_prove::Answer,
) -> Option<MovesCheck> {
    let mover_attacks = pos.color(target) != Some(pos.to_move());
    let mover_wins = (answer.verdict == Verdict::Dead) == mover_attacks;
    if answer.verdict == Verdict::Unknown || !mover_wins {
        return None;
    }
    let child_opts = Options {
        depth: depth - 1,
        all_moves: false,
        want_tree: true,
        progress: None,
        ..opts.clone()
    };
    // By position (stones, player, ko ban): a move to a position already shown needs no
    // tree of its own.
    let mut seen: std::collections::HashMap<Position, Verdict> = std::collections::HashMap::new();
    let mut trees = 0;
    for (m, child) in pos.successors() {
        let name = match m {
            Move::Pass => "pass",
            Move::Play(x) => pos.board().name(x),
        };
        let wins = answer.moves.contains(&m);
        if child.color(target).is_none() {
            // The capture: the attacker's win by D₀ at the root.
            if wins && mover_attacks {
                continue;
            }
            return Some(MovesCheck::Rejected(format!(
                "{name} captures the group but is not listed"
            )));
        }
        // The verdict the move must leave: the mover's win if listed, else the other's.
        let want = if wins == mover_attacks {
            Verdict::Dead
        } else {
            Verdict::Alive
        };
        // The tree read off the root search's table, where it gave one: checked like
        // any other (a tree of another verdict, or one the checker rejects, is a failure).
        let shared = answer
            .move_trees
            .iter()
            .find(|(mv, _)| *mv == m)
            .and_then(|(_, t)| t.as_ref());
        if let Some(t) = shared {
            if let Err(e) = check_tree(&child, target, want, depth, t) {
                return Some(MovesCheck::Rejected(format!("after {name}: {e}")));
            }
            seen.insert(child, want);
            trees += 1;
            continue;
        }
        if let Some(&v) = seen.get(&child) {
            if v != want {
                return Some(MovesCheck::Rejected(format!(
                    "{name} leaves a position already shown {v}"
                )));
            }
            continue;
        }
        let a = match tsume_prove::solve(&child, target, &child_opts) {
            Ok(a) => a,
            Err(e) => return Some(MovesCheck::Rejected(format!("{name}: {e}"))),
        };
        if a.verdict == Verdict::Unknown {
            return Some(MovesCheck::Unsettled(format!(
                "after {name}: unknown ({})",
                a.reason.map(|r| r.to_string()).unwrap_or_default()
            )));
        }
        if a.verdict != want {
            return Some(MovesCheck::Rejected(format!(
                "after {name}: {} where {} was said",
                a.verdict, want
            )));
        }
        let Some(t) = &a.tree else {
            return Some(MovesCheck::Unsettled(format!(
                "after {name}: no tree ({})",
                a.reason.map(|r| r.to_string()).unwrap_or_default()
            )));
        };
        if let Err(e) = check_tree(&child, target, want, depth, t) {
            return Some(MovesCheck::Rejected(format!("after {name}: {e}")));
        }
        seen.insert(child, want);
        trees += 1;
    }
    Some(MovesCheck::Checked(trees))
}

/// Replays the tree with the checker of `tsume-proof` and checks that it claims `verdict`
/// for `bound` plies: a proof needing at most that many, or a disproof holding for at
/// least that many (α + 1 for the answer; `survives` for an unknown answer's partial
/// result).
pub(crate) fn check_tree(
    pos: &Position,
    target: Point,
    verdict: Verdict,
    bound: u32,
    tree: &tsume_proof::Tree,
) -> Result<Checked, String> {
    let report = tsume_proof::check(pos, target, tree).map_err(|e| e.to_string())?;
    let root = tree.root().ok_or("empty tree")?.remaining;
    let checked = Checked {
        nodes: report.nodes,
        repetition_free: report.repetition_free,
        every_alpha: tree.claim == tsume_proof::Claim::Alive && root.is_none(),
    };
    match (verdict, tree.claim) {
        (Verdict::Dead, tsume_proof::Claim::Dead) => {
            if root.is_some_and(|r| r <= bound) {
                Ok(checked)
            } else {
                Err(format!("the proof needs {root:?} plies, more than {bound}"))
            }
        }
        (Verdict::Alive, tsume_proof::Claim::Alive) => {
            if root.is_none_or(|r| r >= bound) {
                Ok(checked)
            } else {
                Err(format!(
                    "the disproof holds for {root:?} plies, fewer than {bound}"
                ))
            }
        }
        (v, c) => Err(format!("the answer is {v} but the tree claims {c:?}")),
    }
}

/// `tsume solve`; `stdin` is standard input's text when a file is `-`.
pub(crate) fn run(
    a: &SolveArgs,
    stdin: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let s = match settings(a) {
        Ok(s) => s,
        Err(f) => {
            let _ = writeln!(err, "tsume solve: {}", f.message);
            return f.code;
        }
    };
    let files = match expand(&a.files) {
        Ok(f) => f,
        Err(f) => {
            let _ = writeln!(err, "tsume solve: {}", f.message);
            return f.code;
        }
    };
    let jobs = jobs(&files, a.area.index, stdin);
    let single = jobs.len() == 1 && !a.files[0].is_dir();
    let outputs = [&a.sgf_out, &a.tree_out, &a.svg, &a.html];
    if !single && outputs.iter().any(|o| o.is_some()) {
        let _ = writeln!(
            err,
            "tsume solve: --sgf-out, --tree-out, --svg and --html take a single problem file"
        );
        return EXIT_BAD_INPUT;
    }
    if single {
        let report = match solve_job(&jobs[0], stdin, &s) {
            Ok(r) => r,
            Err(f) => {
                let _ = writeln!(err, "{}", f.message);
                return f.code;
            }
        };
        if let Some(path) = &a.sgf_out {
            let text = crate::sgf_out::write(&report);
            if let Err(e) = std::fs::write(path, text) {
                let _ = writeln!(err, "{}: {e}", path.display());
                return EXIT_BAD_INPUT;
            }
        }
        if let Err(f) = crate::draw_out::solve_outputs(&report, a.svg.as_deref(), a.html.as_deref())
        {
            let _ = writeln!(err, "{}", f.message);
            return f.code;
        }
        if let Some(path) = &a.tree_out {
            let trees: Vec<serde_json::Value> = report
                .sides
                .iter()
                .filter_map(|side| {
                    let t = side.answer.tree.as_ref()?;
                    let pos = report.problem.position().with_to_move(side.to_move);
                    Some(serde_json::json!({
                        "to_move": side.to_move.letter().to_string(),
                        "tree": tsume_proof::to_json(&pos, report.problem.target(), t),
                    }))
                })
                .collect();
            let text = serde_json::to_string_pretty(&trees).unwrap_or_default();
            if let Err(e) = std::fs::write(path, text) {
                let _ = writeln!(err, "{}: {e}", path.display());
                return EXIT_BAD_INPUT;
            }
        }
        if a.json {
            let v = crate::render::json(&report, s.sides);
            crate::print_json(out, &v);
        } else {
            let _ = write!(out, "{}", crate::render::human(&report, !a.quiet));
        }
        if let Some(e) = report.rejected() {
            let _ = writeln!(
                err,
                "{}: the checker rejected a proof: {e}",
                report.problem.label()
            );
            return EXIT_FAILURE;
        }
        return EXIT_OK;
    }
    // Several problems: solved in parallel, printed in order; on a terminal, one
    // progress line counts the problems done (a collection of a thousand takes a while).
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
    let results: Vec<Result<Report, Fail>> = jobs
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
    crate::render::table(&jobs, &results, a.json, out, err)
}

impl Report {
    pub fn target_source(&self) -> String {
        match self.problem.target_source() {
            TargetSource::Option => "option".to_string(),
            TargetSource::Mark => "mark".to_string(),
            TargetSource::Inferred(how) => format!("inferred: {how}"),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    /// A straight three on the edge, Black to kill (the middle point kills, the other
    /// moves do not): every first move's outcome is checked; a list that leaves out the
    /// killing move, or adds a move that does not kill, is refused, naming the move.
    #[test]
    fn first_moves_are_checked_one_by_one() {
        let pos = Position::from_diagram(
            ". . . o x .
             o o o o x .
             x x x x x .
             . . . . . .",
            Color::Black,
        )
        .unwrap();
        let target = pos.board().parse_point("D4").unwrap();
        let depth = 12;
        let opts = Options {
            depth,
            all_moves: true,
            want_tree: true,
            ..Options::default()
        };
        let answer = tsume_prove::solve(&pos, target, &opts).unwrap();
        assert_eq!(answer.verdict, Verdict::Dead);
        assert!(answer.all_moves);
        let Some(MovesCheck::Checked(n)) = check_first_moves(&pos, target, depth, &opts, &answer)
        else {
            panic!("every first move checked");
        };
        assert!(n >= 2, "{n} trees");
        // The trees come from the root search's table; without them every move is solved
        // again on its own, with the same outcome.
        assert!(!answer.move_trees.is_empty());
        let mut bare = answer.clone();
        bare.move_trees.clear();
        assert!(matches!(
            check_first_moves(&pos, target, depth, &opts, &bare),
            Some(MovesCheck::Checked(m)) if m == n
        ));

        let mut fewer = answer.clone();
        let dropped = fewer.moves.remove(0);
        let Some(MovesCheck::Rejected(e)) = check_first_moves(&pos, target, depth, &opts, &fewer)
        else {
            panic!("a winning move left out, not refused");
        };
        let Move::Play(x) = dropped else {
            panic!("a pass kills?")
        };
        assert!(e.contains(pos.board().name(x)), "{e}");

        let mut more = answer.clone();
        let extra = pos
            .legal_moves()
            .map(Move::Play)
            .find(|m| !answer.moves.contains(m))
            .unwrap();
        more.moves.push(extra);
        assert!(matches!(
            check_first_moves(&pos, target, depth, &opts, &more),
            Some(MovesCheck::Rejected(_))
        ));

        // The losing side (White after the kill): the root's tree answers all its
        // moves, nothing more to show.
        let after = pos.play(answer.moves[0]);
        let lost = tsume_prove::solve(
            &after,
            target,
            &Options {
                depth: depth - 1,
                ..opts.clone()
            },
        )
        .unwrap();
        assert_eq!(lost.verdict, Verdict::Dead);
        assert!(lost.moves.is_empty());
        assert!(check_first_moves(&after, target, depth - 1, &opts, &lost).is_none());
    }
}
