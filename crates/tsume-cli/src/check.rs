//! `tsume check`: a problem file's own solution tree (its variations and their marks)
//! set against proofs, for problem authors.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Value};
use tsume_board::{Color, Move, Played, Point, Position};
use tsume_prove::{Limits, Options, Verdict};
use tsume_sgf::{Mark, Problem, SolutionNode};

use crate::solve::{check_tree, expand, move_names, parse_color, parse_ko_rule, AreaArgs, Job};
use crate::{Fail, EXIT_FAILURE, EXIT_OK};

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
  tsume check problem.sgf --all-moves --sgf-out checked.sgf   duals, and an annotated copy"
)]
pub struct CheckArgs {
    /// SGF files, or folders (every *.sgf inside, subfolders too); `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The group in question (see `tsume solve --help`).
    #[arg(long, value_name = "POINT")]
    pub target: Option<String>,
    /// The problem's side, who plays first [default: the file's PL, else the first variation's first move].
    #[arg(long, value_name = "B|W")]
    pub to_move: Option<String>,
    #[command(flatten)]
    pub area: AreaArgs,
    /// α at the problem's position; each move spends a ply [default: as `tsume solve`].
    #[arg(long, value_name = "α")]
    pub depth: Option<u32>,
    /// Node expansions per search (one search per move of the tree) before answering unknown.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    pub max_nodes: u64,
    /// Seconds per search before answering unknown.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Transposition table per search, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub tt_mb: usize,
    /// The ko rule, none or basic (see `tsume solve --help`).
    #[arg(long, value_name = "none|basic", default_value = "none")]
    pub ko_rule: String,
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

/// A position of the tree, proven.
#[derive(Clone, Debug)]
struct Eval {
    /// Who wins; None when not known (a search out of budget, a move not followed).
    winner: Option<Color>,
    /// The winning first moves of the player to move, when it wins (one, or every one at
    /// the root).
    moves: Vec<Move>,
    /// Whether `moves` lists every winning move.
    all_moves: bool,
    /// The target has been captured (the attacker has won; nothing after is followed).
    captured: bool,
    nodes: u64,
    seconds: f64,
    /// Why unknown, or that the target was captured.
    note: Option<String>,
    /// The checker's rejection, if it rejected the tree.
    rejected: Option<String>,
}

impl Eval {
    /// A position not proven, and why.
    fn unknown(note: String) -> Eval {
        Eval {
            winner: None,
            moves: Vec::new(),
            all_moves: false,
            captured: false,
            nodes: 0,
            seconds: 0.0,
            note: Some(note),
            rejected: None,
        }
    }
}

/// What one move of the file does, for the reader.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Judgement {
    /// The side's move keeps the win.
    Wins,
    /// The side's move throws the win away.
    Fails,
    /// The opponent's move after a failed move keeps the side lost.
    Refutes,
    /// The opponent's move after a failed move lets the side win again.
    Misses,
    /// The opponent's move where the side was winning (it stays winning).
    Answers,
    /// Not known (budget, or a move outside the area in play, or after one).
    Unknown,
}

impl Judgement {
    fn as_str(self) -> &'static str {
        match self {
            Judgement::Wins => "wins",
            Judgement::Fails => "fails",
            Judgement::Refutes => "refutes",
            Judgement::Misses => "misses",
            Judgement::Answers => "answers",
            Judgement::Unknown => "unknown",
        }
    }
}

/// One move of the tree, flattened.
struct Flat {
    parent: Option<usize>,
    /// The side the node's line is judged for: who plays its first move.
    side: Color,
    color: Color,
    /// The whole-board point (None: a pass).
    point: Option<Point>,
    /// The position after the move, in play; None when it cannot be followed.
    after: Option<Position>,
    /// Why the move is not followed, if it is not.
    not_followed: Option<String>,
    /// A move on an occupied point or a suicide: a pass under these rules (φ).
    as_pass: Option<&'static str>,
    ply: u32,
    marks: Vec<Mark>,
    setup: bool,
    leaf: bool,
    /// The file's comment and other properties, to write the tree back.
    comment: Option<String>,
    properties: String,
}

/// The claim of a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Claim {
    Right,
    Wrong,
}

/// The whole report on one file.
struct FileReport {
    problem: Problem,
    /// The file's root sequence, as SGF nodes.
    root_sgf: String,
    side: Color,
    depth: u32,
    root: Eval,
    /// The root with the opponent to move, when a line starts with its move.
    root_opponent: Option<Eval>,
    flat: Vec<Flat>,
    evals: Vec<Eval>,
    judgements: Vec<Judgement>,
    lines: Vec<Line>,
    marked: bool,
    missing: Vec<Move>,
}

struct Line {
    /// Indices into `flat`, root first.
    path: Vec<usize>,
    claim: Option<Claim>,
    judged: Option<Claim>,
    /// The first move of the side that fails (index into `path`).
    mistake: Option<usize>,
    agrees: Option<bool>,
    /// A reply in the line that misses the refutation (index into `path`).
    missed: Option<usize>,
}

impl FileReport {
    fn errors(&self) -> usize {
        self.lines
            .iter()
            .filter(|l| l.agrees == Some(false) || l.missed.is_some())
            .count()
    }

    /// Every proven position: the root (each side to move) and each move's.
    fn all_evals(&self) -> impl Iterator<Item = &Eval> {
        std::iter::once(&self.root)
            .chain(self.root_opponent.as_ref())
            .chain(&self.evals)
    }

    fn rejected(&self) -> Option<&str> {
        self.all_evals().find_map(|e| e.rejected.as_deref())
    }

    fn question(&self) -> &'static str {
        if self.side == self.problem.attacker() {
            "kill"
        } else {
            "live"
        }
    }

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

    /// The proven position before move `i`.
    fn before(&self, i: usize) -> Option<&Eval> {
        position_before(
            &self.flat[i],
            self.side,
            &self.root,
            self.root_opponent.as_ref(),
            &self.evals,
        )
    }

    /// For a move of its line's side: the side's other winning moves there (every one
    /// when that position was searched for all, else the one found first, if any).
    fn alternatives(&self, i: usize) -> Vec<Move> {
        let f = &self.flat[i];
        let Some(before) = self.before(i).filter(|_| f.color == f.side) else {
            return Vec::new();
        };
        if before.winner != Some(f.side) {
            return Vec::new();
        }
        before
            .moves
            .iter()
            .copied()
            .filter(|&m| {
                let full = match m {
                    Move::Pass => None,
                    Move::Play(x) => self.problem.to_full(x),
                };
                full != f.point
            })
            .collect()
    }

    /// "kills" or "lives", for `c`.
    fn goal(&self, c: Color) -> &'static str {
        if c == self.problem.attacker() {
            "kills"
        } else {
            "lives"
        }
    }

    fn total_nodes(&self) -> u64 {
        self.all_evals().map(|e| e.nodes).sum()
    }

    fn total_seconds(&self) -> f64 {
        self.all_evals().map(|e| e.seconds).sum()
    }
}

struct Ctx<'a> {
    problem: &'a Problem,
    depth: u32,
    opts: Options,
    check: bool,
}

impl Ctx<'_> {
    fn winner_of(&self, v: Verdict) -> Option<Color> {
        match v {
            Verdict::Dead => Some(self.problem.attacker()),
            Verdict::Alive => Some(self.problem.defender()),
            Verdict::Unknown => None,
        }
    }

    /// Proves who wins `pos` (the player to move is set), `ply` plies after the problem.
    fn evaluate(&self, pos: &Position, ply: u32, all_moves: bool) -> Eval {
        let target = self.problem.target();
        if pos.color(target) != Some(self.problem.defender()) {
            return Eval {
                winner: self.winner_of(Verdict::Dead),
                moves: Vec::new(),
                all_moves: true,
                captured: true,
                nodes: 0,
                seconds: 0.0,
                note: Some("the target is captured".to_string()),
                rejected: None,
            };
        }
        let depth = self.depth.saturating_sub(ply);
        let opts = Options {
            depth,
            all_moves,
            want_tree: self.check,
            ..self.opts.clone()
        };
        match tsume_prove::solve(pos, target, &opts) {
            Ok(a) => {
                let rejected = match (&a.tree, self.check) {
                    (Some(t), true) => check_tree(pos, target, a.verdict, depth + 1, t).err(),
                    _ => None,
                };
                Eval {
                    winner: self.winner_of(a.verdict),
                    all_moves: a.all_moves,
                    captured: false,
                    moves: a.moves,
                    nodes: a.stats.nodes,
                    seconds: a.stats.seconds,
                    note: (a.verdict == Verdict::Unknown).then(|| {
                        a.reason
                            .map_or_else(|| "out of budget".to_string(), |r| r.to_string())
                    }),
                    rejected,
                }
            }
            Err(e) => Eval::unknown(e.to_string()),
        }
    }
}

/// `pos` with `c` to play its move. When `c` is to move already the position is kept
/// as it is, with its ko ban (the basic ko rule); `with_to_move`, which drops the ban,
/// only where the file makes one colour play twice.
fn to_play(pos: &Position, c: Color) -> Position {
    if pos.to_move() == c {
        pos.clone()
    } else {
        pos.with_to_move(c)
    }
}

fn flatten(
    problem: &Problem,
    nodes: &[SolutionNode],
    parent: Option<usize>,
    before: Option<&Position>,
    ply: u32,
    out: &mut Vec<Flat>,
) {
    for n in nodes {
        let side = parent.map_or(n.color, |p| out[p].side);
        let mut as_pass = None;
        let (after, not_followed) = match before {
            None => (None, Some("after a move that is not followed".to_string())),
            Some(pos) if pos.color(problem.target()) != Some(problem.defender()) => {
                (None, Some("after the target's capture".to_string()))
            }
            Some(pos) => match n.point.map(|f| problem.from_full(f)) {
                Some(None) => (None, Some("outside the area in play".to_string())),
                Some(Some(x)) => {
                    let mut q = to_play(pos, n.color);
                    as_pass = match q.play_in_place(Move::Play(x)) {
                        Played::Occupied => Some("on an occupied point: a pass under these rules"),
                        Played::Suicide => Some("a suicide: a pass under these rules"),
                        Played::Banned => Some("a recapture the ko rule forbids: a pass"),
                        _ => None,
                    };
                    (Some(q), None)
                }
                None => (Some(to_play(pos, n.color).play(Move::Pass)), None),
            },
        };
        let i = out.len();
        out.push(Flat {
            parent,
            side,
            color: n.color,
            point: n.point,
            after,
            not_followed,
            as_pass,
            ply: ply + 1,
            marks: n.marks.clone(),
            setup: n.setup,
            leaf: n.children.is_empty(),
            comment: n.comment.clone(),
            properties: n.properties.clone(),
        });
        let next = out[i].after.clone();
        flatten(problem, &n.children, Some(i), next.as_ref(), ply + 1, out);
    }
}

/// The proven position before a move: its parent's, or the problem's with the mover to
/// move (the side's, or the opponent's when a line starts with the opponent).
fn position_before<'a>(
    f: &Flat,
    side: Color,
    root: &'a Eval,
    root_opponent: Option<&'a Eval>,
    evals: &'a [Eval],
) -> Option<&'a Eval> {
    match f.parent {
        Some(p) => Some(&evals[p]),
        None if f.color == side => Some(root),
        None => root_opponent,
    }
}

/// The claim a node's marks make about its line, for `side`.
fn claim_of(marks: &[Mark], mover: Color, side: Color) -> Option<Claim> {
    marks.iter().rev().find_map(|m| match *m {
        Mark::Right => Some(Claim::Right),
        Mark::Wrong => Some(Claim::Wrong),
        Mark::GoodFor(c) if c == side => Some(Claim::Right),
        Mark::GoodFor(_) => Some(Claim::Wrong),
        Mark::BadMove if mover == side => Some(Claim::Wrong),
        _ => None,
    })
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
    let given = match &a.to_move {
        Some(t) => parse_color(t)?,
        None => None,
    };
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
    let ctx = Ctx {
        problem: &problem,
        depth,
        opts: Options {
            limits: limits.clone(),
            exact_positions: crate::solve::DEFAULT_EXACT_POSITIONS,
            ..Options::default()
        },
        check: !a.no_check,
    };
    let mut flat = Vec::new();
    flatten(
        &problem,
        &tree,
        None,
        Some(problem.position()),
        0,
        &mut flat,
    );
    let opponent_first = flat.iter().any(|f| f.parent.is_none() && f.color != side);
    // Every winning move where the line's side is to move, if asked for.
    let all = a.all_moves;
    let (root, (root_opponent, evals)) = rayon::join(
        || ctx.evaluate(&problem.position().with_to_move(side), 0, true),
        || {
            rayon::join(
                || {
                    opponent_first.then(|| {
                        ctx.evaluate(&problem.position().with_to_move(side.opponent()), 0, all)
                    })
                },
                || {
                    flat.par_iter()
                        .map(|f| match &f.after {
                            Some(pos) => ctx.evaluate(pos, f.ply, all && f.color != f.side),
                            None => Eval::unknown(f.not_followed.clone().unwrap_or_default()),
                        })
                        .collect::<Vec<Eval>>()
                },
            )
        },
    );
    // Each move judged against the position before it.
    let judgements: Vec<Judgement> = flat
        .iter()
        .zip(&evals)
        .map(|(f, e)| {
            let before = position_before(f, side, &root, root_opponent.as_ref(), &evals)
                .and_then(|b| b.winner);
            let (mine, before, after) = (
                f.color == f.side,
                before.map(|c| c == f.side),
                e.winner.map(|c| c == f.side),
            );
            match (mine, before, after) {
                (_, _, None) => Judgement::Unknown,
                (true, _, Some(true)) => Judgement::Wins,
                (true, _, Some(false)) => Judgement::Fails,
                (false, Some(false), Some(false)) => Judgement::Refutes,
                (false, Some(false), Some(true)) => Judgement::Misses,
                (false, _, _) => Judgement::Answers,
            }
        })
        .collect();
    let marked = flat
        .iter()
        .any(|f| claim_of(&f.marks, f.color, f.side).is_some());
    let mut lines = Vec::new();
    for (leaf, f) in flat.iter().enumerate() {
        if !f.leaf {
            continue;
        }
        let mut path = vec![leaf];
        while let Some(p) = flat[*path.last().unwrap_or(&leaf)].parent {
            path.push(p);
        }
        path.reverse();
        let claim = if marked {
            path.iter()
                .rev()
                .find_map(|&i| claim_of(&flat[i].marks, flat[i].color, flat[i].side))
        } else {
            Some(Claim::Right)
        };
        // The line is judged up to its end, or up to the target's capture (moves
        // after it are not followed).
        let mut mistake = None;
        let mut unknown = false;
        let mut last = leaf;
        for (k, &i) in path.iter().enumerate() {
            match judgements[i] {
                Judgement::Fails => {
                    mistake = Some(k);
                    break;
                }
                Judgement::Unknown => {
                    unknown = true;
                    break;
                }
                _ => {}
            }
            if evals[i].captured {
                last = i;
                break;
            }
        }
        let end = evals[last].winner.map(|c| c == f.side);
        let judged = match (mistake, unknown, end) {
            (Some(_), _, _) => Some(Claim::Wrong),
            (None, true, _) | (None, false, None) => None,
            (None, false, Some(true)) => Some(Claim::Right),
            (None, false, Some(false)) => Some(Claim::Wrong),
        };
        let missed = path
            .iter()
            .position(|&i| judgements[i] == Judgement::Misses);
        let agrees = match (claim, judged) {
            (Some(c), Some(j)) => Some(c == j),
            _ => None,
        };
        lines.push(Line {
            path,
            claim,
            judged,
            mistake,
            agrees,
            missed,
        });
    }
    // Winning first moves that no right line plays.
    let shown: Vec<Option<Point>> = lines
        .iter()
        .filter(|l| l.claim == Some(Claim::Right))
        .filter_map(|l| l.path.first())
        .filter(|&&i| flat[i].color == side)
        .map(|&i| flat[i].point)
        .collect();
    // (A file without variations shows no solution to compare with.)
    let missing = root
        .moves
        .iter()
        .copied()
        .filter(|_| !flat.is_empty())
        .filter(|&m| {
            let full = match m {
                Move::Pass => None,
                Move::Play(x) => problem.to_full(x),
            };
            !shown.contains(&full)
        })
        .collect();
    Ok(FileReport {
        root_sgf: file.root_sgf,
        side,
        depth,
        root,
        root_opponent,
        judgements,
        lines,
        marked,
        missing,
        evals,
        flat,
        problem,
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

/// SGF text with `]` and `\\` escaped.
fn sgf_text(t: &str) -> String {
    t.replace('\\', "\\\\").replace(']', "\\]")
}

/// One SGF move node: `;B[cc]…C[…]`.
fn sgf_move(c: Color, sgf_point: &str, properties: &str, comment: &str) -> String {
    format!(
        ";{}[{sgf_point}]{properties}C[{}]",
        c.letter(),
        sgf_text(comment)
    )
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
                    "\ntsume: the line is {}; marked {}",
                    l.judged.map_or("not settled", |j| claim_str(Some(j))),
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

fn move_json(r: &FileReport, m: Move) -> Value {
    let (gtp, sgf) = r.name(m);
    json!({"gtp": gtp, "sgf": sgf})
}

fn to_json(r: &FileReport) -> Value {
    let p = &r.problem;
    let full = p.full().board();
    let winner = |w: Option<Color>| w.map(|c| c.letter().to_string());
    let lines: Vec<Value> = r
        .lines
        .iter()
        .map(|l| {
            let moves: Vec<Value> = l
                .path
                .iter()
                .map(|&i| {
                    let f = &r.flat[i];
                    let (gtp, sgf) = r.full_name(f.point);
                    let e = &r.evals[i];
                    json!({
                        "color": f.color.letter().to_string(),
                        "side": f.side.letter().to_string(),
                        "gtp": gtp,
                        "sgf": sgf,
                        "judgement": r.judgements[i].as_str(),
                        "winner_after": winner(e.winner),
                        "answer": e.moves.first().map(|&m| move_json(r, m)),
                        "alternatives": r.alternatives(i).iter().map(|&m| move_json(r, m)).collect::<Vec<_>>(),
                        "alternatives_complete": f.color == f.side && r.before(i).is_some_and(|b| b.all_moves),
                        "note": e.note,
                        "as_pass": f.as_pass,
                        "nodes": e.nodes,
                    })
                })
                .collect();
            json!({
                "moves": moves,
                "claim": l.claim.map(|c| claim_str(Some(c))),
                "judged": l.judged.map(|c| claim_str(Some(c))),
                "agrees": l.agrees,
                "mistake": l.mistake,
                "missed_refutation": l.missed,
            })
        })
        .collect();
    json!({
        "file": p.file(),
        "game_tree": p.game_tree(),
        "game_trees": p.game_trees(),
        "target": {"gtp": full.gtp(p.target_full()), "sgf": full.sgf(p.target_full())},
        "attacker": p.attacker().letter().to_string(),
        "side": r.side.letter().to_string(),
        "question": r.question(),
        "depth_bound": r.depth,
        "winner": winner(r.root.winner),
        "winning_first_moves": r.root.moves.iter().map(|&m| move_json(r, m)).collect::<Vec<_>>(),
        "missing_first_moves": r.missing.iter().map(|&m| move_json(r, m)).collect::<Vec<_>>(),
        "marked": r.marked,
        "lines": lines,
        "errors": r.errors(),
        "checked": r.rejected().is_none(),
        "nodes": r.total_nodes(),
        "seconds": r.total_seconds(),
    })
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
    let ko_rule = match parse_ko_rule(&a.ko_rule) {
        Ok(k) => k,
        Err(f) => return fail(err, f),
    };
    if let Some(t) = &a.to_move {
        match parse_color(t) {
            Ok(Some(_)) => {}
            Ok(None) => return fail(err, Fail::input("--to-move: expected B or W")),
            Err(f) => return fail(err, f),
        }
    }
    let limits = match crate::solve::limits(Some(a.max_nodes), a.time_limit, a.tt_mb) {
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
    let jobs = crate::solve::jobs(&files, a.area.index, stdin);
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
        let v = if single {
            objects.pop().unwrap_or(Value::Null)
        } else {
            json!({
                "problems": objects,
                "summary": {
                    "files": results.len(),
                    "errors": results.iter().flatten().map(FileReport::errors).sum::<usize>(),
                    "unreadable": results.iter().filter(|r| r.is_err()).count(),
                },
            })
        };
        if v != Value::Null {
            crate::print_json(out, &v);
        }
    } else if results.len() > 1 {
        let errors: usize = results.iter().flatten().map(FileReport::errors).sum();
        let bad = results.iter().filter(|r| r.is_err()).count();
        let _ = writeln!(
            out,
            "{} checked: {} against their marks or missing a refutation, {} that could not be read",
            crate::solve::counted_jobs(&jobs),
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
