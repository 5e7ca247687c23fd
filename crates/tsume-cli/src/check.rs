//! `tsume check`: a problem file's own solution tree (its variations and their marks)
//! set against proofs, for problem authors.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use rayon::prelude::*;
use tsume_board::{sgf_write, Color, Move, Point};
use tsume_prove::Limits;
use tsume_solve::review::{review, Claim, Judgement, Review};

use crate::args::{AreaArgs, BudgetArgs, KoRule, Player};
use crate::jobs::{expand, Job};
use crate::report::{CheckJson, CheckSummary, Collection, LineJson, LineMoveJson, Named};
use crate::{Fail, EXIT_FAILURE, EXIT_OK};
use tsume_solve::move_names;

/// Arguments of `tsume check`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Check a problem file's solution tree by proof: every move of every variation, and
every line's mark.

The problem is the position at the end of the file's root sequence, as for `tsume solve`;
its side is the player to move (--to-move, else PL, else the first variation's first move):
Black to kill and White to live, or the reverse. Each variation is a line of play from
there. After every move of every line tsume proves who wins (a search per move, each
proof replayed by the checker) and says, for the side's moves, whether they keep the win
(wins) or throw it away (fails, with the opponent's answer that refutes them), and for
the opponent's moves, whether they refute a failed move (refutes) or miss it (misses,
with the side's move that wins again).

A line's mark is the last one on it: a comment with RIGHT, correct or success (right), or
wrong, incorrect or fail (wrong), GB or GW (good for that colour), BM on the side's move
(wrong). A file without any mark is read as one whose every line is a solution (the
d180cf and Cho collections). A line is right when every move of the side in it keeps the
win and it ends won; wrong when one of them fails.

It also lists the side's winning first moves that no right line of the file plays: a
second solution the author may want to show, or to remove by changing the problem.
--all-moves lists the side's other winning moves at every move (duals); --sgf-out
writes the file back with the judgements as comments and the missing refutations and
solutions as variations.

Exit status: 0 when every mark agrees with the proofs (unknown answers included, and
reported), 1 when a mark or a refutation disagrees or a proof is rejected, 2 on bad input.",
    after_help = "Examples:
  tsume check problem.sgf                  every line and mark of one problem
  tsume check collection/ --json           a folder: one object per file, and a summary
  tsume check problem.sgf --to-move W      the problem as White's (when the file has no PL)
  tsume check problem.sgf --all-moves --sgf-out checked.sgf   duals, and an annotated copy",
    mut_arg("max_nodes", |a| a
        .help("Node expansions per search (one search per move of the tree) before answering unknown")
        .default_value("2000000")),
    mut_arg("time_limit", |a| a.help("Seconds per search before answering unknown")),
    mut_arg("tt_mb", |a| a.help("Transposition table per search, in MiB").default_value("64"))
)]
pub struct CheckArgs {
    /// SGF files, or folders (every *.sgf inside, subfolders too); `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The group in question (see `tsume solve --help`).
    #[arg(long, value_name = "POINT")]
    pub target: Option<String>,
    /// The problem's side, who plays first [default: the file's PL, else the first variation's first move].
    #[arg(
        long,
        value_name = "B|W",
        ignore_case = true,
        hide_possible_values = true
    )]
    pub to_move: Option<Player>,
    #[command(flatten)]
    pub area: AreaArgs,
    /// α at the problem's position; each move spends a ply [default: as `tsume solve`].
    #[arg(long, value_name = "α", value_parser = crate::numbers::depth)]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// The ko rule, none or basic (see `tsume solve --help`).
    #[arg(
        long,
        value_name = "none|basic",
        default_value = "none",
        hide_possible_values = true
    )]
    pub ko_rule: KoRule,
    /// Skip replaying the proofs through the independent checker.
    #[arg(long)]
    pub no_check: bool,
    /// List, at every move of the side, every other winning move there (a dual), not
    /// only the first one found where the side's move fails.
    #[arg(long)]
    pub all_moves: bool,
    /// Write the file back with tsume's judgement in each move's comment, the
    /// refutations the file lacks and the other winning first moves added as
    /// variations (one file only).
    #[arg(long, value_name = "FILE")]
    pub sgf_out: Option<PathBuf>,
    /// Write a self-contained HTML page that steps through the file's lines, each move
    /// with its judgement (one file only; docs/pictures.md).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print JSON (one object for one file, `{"problems": [...], "summary": {...}}` for several; schema in docs/cli.md).
    #[arg(long)]
    pub json: bool,
}
/// The review of one file, with the file's root sequence to write it back.
struct FileReport {
    review: Review,
    /// The file's root sequence, as SGF nodes.
    root_sgf: String,
}

impl std::ops::Deref for FileReport {
    type Target = Review;
    fn deref(&self) -> &Review {
        &self.review
    }
}

impl FileReport {
    fn name(&self, m: Move) -> (String, String) {
        move_names(&self.problem, m)
    }

    fn full_name(&self, f: Option<Point>) -> (String, String) {
        match f {
            None => ("pass".to_string(), String::new()),
            Some(f) => {
                let b = self.problem.full().board();
                (b.gtp(f), b.sgf(f))
            }
        }
    }
}

fn check_file(
    job: &Job,
    stdin: Option<&str>,
    a: &CheckArgs,
    limits: &Limits,
    ko_rule: bool,
) -> Result<FileReport, Fail> {
    if job.is_graph(stdin) {
        return Err(Fail::input(format!(
            "{}: a graph file has no variations to check (tsume solve answers its question)",
            job.name()
        )));
    }
    let file = job.solution_tree(stdin)?;
    let tree = file.lines;
    let given = a.to_move.map(Player::color);
    let mut load = a.area.load_options(a.target.clone(), given);
    let mut problem = job.problem(&load, stdin)?;
    let side = match given.or(problem.to_move_given()) {
        Some(c) => c,
        None => {
            let Some(first) = tree.first() else {
                return Err(Fail::input(format!(
                    "{}: no player to move (no PL) and no variation to tell it; give --to-move",
                    problem.label()
                )));
            };
            // The target is inferred from the player to move: load again with it.
            load.to_move = Some(first.color);
            problem = job.problem(&load, stdin)?;
            first.color
        }
    };
    if ko_rule {
        problem = problem.with_ko_rule(true);
    }
    if problem.position().color(problem.target()).is_none() {
        return Err(Fail::input(format!(
            "{}: the target point is empty",
            problem.label()
        )));
    }
    let depth = a
        .depth
        .unwrap_or_else(|| tsume_prove::default_depth(problem.position()));
    // The prover's defaults but the exact solver's positions.
    let settings = tsume_solve::Settings {
        limits: limits.clone(),
        want_tree: !a.no_check,
        check: !a.no_check,
        max_tree: tsume_prove::Options::default().max_tree_nodes,
        // Each move of the lines is judged under the model; a ko is judged apart.
        go: false,
        ..tsume_solve::Settings::default()
    };
    Ok(FileReport {
        review: review(problem, &tree, side, depth, &settings, a.all_moves),
        root_sgf: file.root_sgf,
    })
}

fn move_text(r: &FileReport, i: usize) -> String {
    let f = &r.flat[i];
    let (gtp, _) = r.full_name(f.point);
    let e = &r.evals[i];
    let answer = e.moves.first().map(|&m| r.name(m).0);
    let opp = f.side.opponent();
    let alternatives: Vec<String> = r.alternatives(i).iter().map(|&m| r.name(m).0).collect();
    let others = alternatives.join(", ");
    let detail = match (r.judgements[i], answer) {
        (Judgement::Wins, _) if !others.is_empty() => format!("wins; also {others}"),
        (Judgement::Fails, Some(m)) if !others.is_empty() => format!(
            "fails: {} {} by {m}; {} {} by {others} instead",
            opp.title(),
            r.goal(opp),
            f.side.title(),
            r.goal(f.side)
        ),
        (Judgement::Fails, Some(m)) => format!("fails: {} {} by {m}", opp.title(), r.goal(opp)),
        (Judgement::Misses, Some(m)) => {
            format!("misses: {} {} by {m}", f.side.title(), r.goal(f.side))
        }
        (Judgement::Unknown, _) if f.after.is_none() => {
            format!("not followed: {}", e.note.as_deref().unwrap_or("?"))
        }
        (Judgement::Unknown, _) => {
            format!("unknown: {}", e.note.as_deref().unwrap_or("out of budget"))
        }
        (j, _) => j.as_str().to_string(),
    };
    let setup = if f.setup {
        ", then stones set up: not followed"
    } else {
        ""
    };
    let as_pass = f.as_pass.map_or(String::new(), |t| format!("{t}; "));
    format!("{} {gtp} ({as_pass}{detail}{setup})", f.color.letter())
}

fn claim_str(c: Option<Claim>) -> &'static str {
    match c {
        Some(Claim::Right) => "right",
        Some(Claim::Wrong) => "wrong",
        None => "unmarked",
    }
}

fn human(r: &FileReport) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let p = &r.problem;
    let full = p.full().board();
    let target = full.gtp(p.target_full());
    let _ = writeln!(
        s,
        "{}: {} to {}: the {} group at {target}; α = {}; {} in the file{}",
        p.label(),
        r.side.title(),
        r.question(),
        p.defender().name(),
        r.depth,
        tsume_board::counted(r.lines.len(), "line", "lines"),
        if r.marked {
            ""
        } else {
            " (none marked: each read as a solution)"
        }
    );
    let firsts: Vec<String> = r.root.moves.iter().map(|&m| r.name(m).0).collect();
    let _ = writeln!(
        s,
        "  {} to move: {}{}",
        r.side.title(),
        match r.root.winner {
            Some(c) if c == r.side => format!("{} {}", c.title(), r.goal(c)),
            Some(c) => format!(
                "{} {} whatever {} plays",
                c.title(),
                r.goal(c),
                r.side.name()
            ),
            None => format!(
                "unknown ({})",
                r.root.note.as_deref().unwrap_or("out of budget")
            ),
        },
        if firsts.is_empty() {
            String::new()
        } else {
            format!("; winning first moves: {}", firsts.join(", "))
        }
    );
    for (k, l) in r.lines.iter().enumerate() {
        let moves: Vec<String> = l.path.iter().map(|&i| move_text(r, i)).collect();
        let verdict = match (l.agrees, l.judged) {
            (Some(true), _) if l.ko => "agrees (a ko under ordinary Go rules)".to_string(),
            (Some(true), _) => "agrees".to_string(),
            (Some(false), Some(Claim::Right)) => "DISAGREES: the line is right".to_string(),
            (Some(false), _) => match l.mistake {
                Some(m) => format!(
                    "DISAGREES: {} fails",
                    r.full_name(r.flat[l.path[m]].point).0
                ),
                None => format!(
                    "DISAGREES: the line ends with {} winning",
                    r.flat[l.path[0]].side.opponent().name()
                ),
            },
            (None, Some(j)) => format!("the line is {}", claim_str(Some(j))),
            (None, None) => "not settled".to_string(),
        };
        let missed = match l.missed {
            Some(m) => format!(
                "; {} misses the refutation",
                r.full_name(r.flat[l.path[m]].point).0
            ),
            None => String::new(),
        };
        let marked = match l.claim {
            Some(c) => format!("marked {}", claim_str(Some(c))),
            None => "unmarked".to_string(),
        };
        let _ = writeln!(
            s,
            "  line {}: {} — {marked}: {verdict}{missed}",
            k + 1,
            moves.join(", "),
        );
    }
    if !r.missing.is_empty() {
        let names: Vec<String> = r.missing.iter().map(|&m| r.name(m).0).collect();
        let _ = writeln!(
            s,
            "  also winning, in no right line of the file: {}",
            names.join(", ")
        );
    }
    if r.lines.is_empty() {
        let _ = writeln!(
            s,
            "  no variations to check (the moves of a root sequence without variations are part of the problem); {} nodes",
            r.total_nodes()
        );
        return s;
    }
    let count = |a: Option<bool>| {
        r.lines
            .iter()
            .filter(|l| l.claim.is_some() && l.agrees == a)
            .count()
    };
    let unmarked = r.lines.iter().filter(|l| l.claim.is_none()).count();
    let missed = r.lines.iter().filter(|l| l.missed.is_some()).count();
    let _ = writeln!(
        s,
        "  summary: {}: {} agreeing with the marks, {} against them, {} not settled, {unmarked} unmarked{}; {} nodes",
        tsume_board::counted(r.lines.len(), "line", "lines"),
        count(Some(true)),
        count(Some(false)),
        count(None),
        if missed > 0 {
            format!("; {} missing a refutation", missed)
        } else {
            String::new()
        },
        r.total_nodes()
    );
    s
}

/// One SGF move node: `;B[cc]…C[…]`.
fn sgf_move(c: Color, sgf_point: &str, properties: &str, comment: &str) -> String {
    let (node, comment) = (
        sgf_write::move_node(c, sgf_point),
        sgf_write::text("C", comment),
    );
    format!("{node}{properties}{comment}")
}

/// The SGF point of a move of the position in play (None: not on the board, such as a
/// virtual eye point).
fn sgf_point_of(r: &FileReport, m: Move) -> Option<String> {
    match m {
        Move::Pass => Some(String::new()),
        Move::Play(x) => r
            .problem
            .to_full(x)
            .map(|f| r.problem.full().board().sgf(f)),
    }
}

/// The file written back: its root sequence, its lines with tsume's judgement appended
/// to each comment, the refutations it lacks and the other winning first moves added.
fn annotated_sgf(r: &FileReport) -> String {
    fn node(r: &FileReport, i: usize, out: &mut String) {
        let f = &r.flat[i];
        let mut comment = f.comment.clone().unwrap_or_default();
        if !comment.is_empty() {
            comment.push_str("\n\n");
        }
        comment.push_str("tsume: ");
        comment.push_str(&move_text(r, i));
        if f.leaf {
            if let Some(l) = r.lines.iter().find(|l| l.path.last() == Some(&i)) {
                comment.push_str(&format!(
                    "\ntsume: the line is {}{}; marked {}",
                    l.judged.map_or("not settled", |j| claim_str(Some(j))),
                    if l.ko {
                        " through a ko (under ordinary Go rules)"
                    } else {
                        ""
                    },
                    claim_str(l.claim)
                ));
            }
        }
        let point = f
            .point
            .map_or(String::new(), |p| r.problem.full().board().sgf(p));
        out.push_str(&sgf_move(f.color, &point, &f.properties, &comment));
        let mut kids: Vec<String> = Vec::new();
        for (k, c) in r.flat.iter().enumerate() {
            if c.parent == Some(i) {
                let mut t = String::new();
                node(r, k, &mut t);
                kids.push(t);
            }
        }
        // A failed move that the file does not refute: the refutation.
        let refuted = r
            .flat
            .iter()
            .enumerate()
            .any(|(k, c)| c.parent == Some(i) && r.judgements[k] == Judgement::Refutes);
        if r.judgements[i] == Judgement::Fails && !refuted {
            let opp = f.side.opponent();
            if let Some(p) = r.evals[i].moves.first().and_then(|&m| sgf_point_of(r, m)) {
                kids.push(sgf_move(
                    opp,
                    &p,
                    "",
                    &format!("tsume: the refutation: {} {}", opp.title(), r.goal(opp)),
                ));
            }
        }
        match kids.len() {
            0 => {}
            1 => out.push_str(&kids[0]),
            _ => {
                for k in kids {
                    out.push_str(&format!("({k})"));
                }
            }
        }
    }
    let mut tops: Vec<String> = Vec::new();
    for (k, f) in r.flat.iter().enumerate() {
        if f.parent.is_none() {
            let mut t = String::new();
            node(r, k, &mut t);
            tops.push(t);
        }
    }
    for &m in &r.missing {
        if let Some(p) = sgf_point_of(r, m) {
            tops.push(sgf_move(
                r.side,
                &p,
                "",
                &format!(
                    "tsume: also wins ({} {}), in no right line of the file",
                    r.side.title(),
                    r.goal(r.side)
                ),
            ));
        }
    }
    let mut out = format!("({}", r.root_sgf);
    for t in tops {
        out.push_str(&format!("\n({t})"));
    }
    out.push_str(")\n");
    out
}

fn named(r: &FileReport, m: Move) -> Named {
    Named::new(r.name(m))
}

fn to_json(r: &FileReport) -> CheckJson {
    let p = &r.problem;
    let full = p.full().board();
    let winner = |w: Option<Color>| w.map(|c| c.letter().to_string());
    let lines = r
        .lines
        .iter()
        .map(|l| {
            let moves = l
                .path
                .iter()
                .map(|&i| {
                    let f = &r.flat[i];
                    let e = &r.evals[i];
                    let (gtp, sgf) = r.full_name(f.point);
                    LineMoveJson {
                        color: f.color.letter().to_string(),
                        side: f.side.letter().to_string(),
                        gtp,
                        sgf,
                        judgement: r.judgements[i].as_str(),
                        winner_after: winner(e.winner),
                        answer: e.moves.first().map(|&m| named(r, m)),
                        alternatives: r.alternatives(i).iter().map(|&m| named(r, m)).collect(),
                        alternatives_complete: f.color == f.side
                            && r.before(i).is_some_and(|b| b.all_moves),
                        note: e.note.clone(),
                        as_pass: f.as_pass,
                        nodes: e.nodes,
                    }
                })
                .collect();
            LineJson {
                moves,
                claim: l.claim.map(|c| claim_str(Some(c))),
                judged: l.judged.map(|c| claim_str(Some(c))),
                agrees: l.agrees,
                mistake: l.mistake,
                missed_refutation: l.missed,
                through_ko: l.ko,
            }
        })
        .collect();
    CheckJson {
        file: p.file().to_string(),
        game_tree: p.game_tree(),
        game_trees: p.game_trees(),
        target: Named {
            gtp: full.gtp(p.target_full()),
            sgf: full.sgf(p.target_full()),
        },
        attacker: p.attacker().letter().to_string(),
        side: r.side.letter().to_string(),
        question: r.question(),
        depth_bound: r.depth,
        winner: winner(r.root.winner),
        winning_first_moves: r.root.moves.iter().map(|&m| named(r, m)).collect(),
        missing_first_moves: r.missing.iter().map(|&m| named(r, m)).collect(),
        marked: r.marked,
        lines,
        errors: r.errors(),
        checked: r.rejected().is_none(),
        nodes: r.total_nodes(),
        seconds: r.total_seconds(),
    }
}

/// `tsume check`; `stdin` is standard input's text when a file is `-`.
pub(crate) fn run(
    a: &CheckArgs,
    stdin: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let fail = |err: &mut dyn Write, f: Fail| {
        let _ = writeln!(err, "tsume check: {}", f.message);
        f.code
    };
    let ko_rule = a.ko_rule.basic();
    let limits = match a.budget.limits() {
        Ok(l) => l,
        Err(f) => return fail(err, f),
    };
    // Folders give their SGF files (a graph file has no variations).
    let files = match expand(&a.files) {
        Ok(f) => f
            .into_iter()
            .filter(|f| a.files.contains(f) || f.extension().is_none_or(|e| e != "graph"))
            .collect::<Vec<_>>(),
        Err(f) => return fail(err, f),
    };
    let jobs = crate::jobs::jobs(&files, a.area.index, stdin);
    let single = jobs.len() == 1 && !a.files[0].is_dir();
    if (a.sgf_out.is_some() || a.html.is_some()) && !single {
        return fail(
            err,
            Fail::input("--sgf-out and --html take a single problem file"),
        );
    }
    let results: Vec<Result<FileReport, Fail>> = jobs
        .par_iter()
        .map(|j| check_file(j, stdin, a, &limits, ko_rule))
        .collect();
    let mut code = EXIT_OK;
    let mut objects = Vec::new();
    for r in &results {
        match r {
            Err(f) => {
                let _ = writeln!(err, "{}", f.message);
                code = code.max(f.code);
            }
            Ok(rep) => {
                if let Some(e) = rep.rejected() {
                    let _ = writeln!(
                        err,
                        "{}: the checker rejected a proof: {e}",
                        rep.problem.label()
                    );
                    code = code.max(EXIT_FAILURE);
                }
                if rep.errors() > 0 {
                    code = code.max(EXIT_FAILURE);
                }
                if let Some(path) = &a.sgf_out {
                    if let Err(e) = std::fs::write(path, annotated_sgf(rep)) {
                        let _ = writeln!(err, "{}: {e}", path.display());
                        return crate::EXIT_BAD_INPUT;
                    }
                }
                if let Some(path) = &a.html {
                    if let Err(f) = crate::draw_out::write(path, &html_page(rep)) {
                        return fail(err, f);
                    }
                }
                if a.json {
                    objects.push(to_json(rep));
                } else {
                    let _ = write!(out, "{}", human(rep));
                }
            }
        }
    }
    if a.json {
        if !single {
            let summary = CheckSummary {
                files: results.len(),
                errors: results.iter().flatten().map(|r| r.errors()).sum(),
                unreadable: results.iter().filter(|r| r.is_err()).count(),
            };
            crate::report::print(
                out,
                &Collection {
                    problems: objects,
                    summary,
                },
            );
        } else if let Some(v) = objects.pop() {
            crate::report::print(out, &v);
        }
    } else if results.len() > 1 {
        let errors: usize = results.iter().flatten().map(|r| r.errors()).sum();
        let bad = results.iter().filter(|r| r.is_err()).count();
        let _ = writeln!(
            out,
            "{} checked: {} against their marks or missing a refutation, {} that could not be read",
            crate::jobs::counted_jobs(&jobs),
            tsume_board::counted(errors, "line", "lines"),
            bad
        );
    }
    code
}

/// `--html`: the page of the file's lines, each move with its judgement, the text
/// report above the board.
fn html_page(r: &FileReport) -> String {
    let p = &r.problem;
    let lines: Vec<tsume_draw::Line> = r
        .lines
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let first = l.path.first().map_or(r.side, |&i| r.flat[i].color);
            let mut steps = Vec::new();
            for &i in &l.path {
                let f = &r.flat[i];
                let mv = match f.point.map(|x| p.from_full(x)) {
                    None => Move::Pass,
                    Some(Some(x)) => Move::Play(x),
                    Some(None) => break,
                };
                if f.after.is_none() {
                    break;
                }
                // The judgement: move_text's words in brackets.
                let t = move_text(r, i);
                let note = t
                    .split_once('(')
                    .and_then(|(_, rest)| rest.strip_suffix(')'))
                    .unwrap_or(&t);
                steps.push(tsume_draw::Step {
                    color: f.color,
                    mv,
                    note: note.to_string(),
                });
            }
            let verdict = match l.agrees {
                Some(true) => "agrees",
                Some(false) => "DISAGREES",
                None => "not settled",
            };
            let marked = l.claim.map_or("unmarked", |c| claim_str(Some(c)));
            tsume_draw::Line {
                group: "The file's lines".to_string(),
                title: format!("line {}: marked {marked}; {verdict}", k + 1),
                start: p.position().with_to_move(first),
                steps,
                end: format!("judged {}", claim_str(l.judged)),
            }
        })
        .collect();
    let facts: Vec<String> = human(r).lines().map(str::to_string).collect();
    tsume_draw::page_html(
        &tsume_draw::Scene::of_problem(p),
        &p.label(),
        &facts,
        &lines,
    )
}
