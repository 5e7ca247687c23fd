//! The reduction (Crăşmaru §4) checked against a SAT solver: each formula's instance
//! solved with White to move, Λ alive iff the formula is satisfiable (varisat decides
//! it), every tree replayed by the checker; with `grid`, the square-grid SGF of the
//! formula (tsume-reduce's `any_grid`) solved on the whole grid as well. The rows are
//! `tsume verify-reduction --json`'s types.

use std::fmt;

use serde::Serialize;
use tsume_board::{Color, Point, Position};
use tsume_prove::{Limits, Verdict};
use tsume_reduce::dimacs::{is_satisfiable, random_3cnf, random_monotone_3cnf, Cnf};
use tsume_reduce::grid::any_grid;
use tsume_reduce::reduce;

/// How each instance is searched.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// α [default: the instance's default α].
    pub depth: Option<u32>,
    pub limits: Limits,
    /// Also solve the formula's square grid, when it has one.
    pub grid: bool,
    /// Build each tree and replay it through the checker.
    pub check: bool,
}

/// Why a formula could not be verified (a failure of ours: the instance or its grid
/// is broken, or the search failed).
#[derive(Debug)]
pub enum VerifyError {
    /// The instance's stones break Theorem 2.
    NotLegal(String),
    /// The search failed.
    Solve(String),
    /// The square grid failed: it does not load, or the checker rejects its tree.
    Grid(String),
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::NotLegal(e) => write!(f, "the instance is not a legal position: {e}"),
            VerifyError::Solve(e) | VerifyError::Grid(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for VerifyError {}

/// `tsume verify-reduction --json`.
#[derive(Serialize, Debug)]
pub struct VerifySummary {
    pub formulas: Vec<VerifyRow>,
    pub disagreements_or_unknown: usize,
    pub clause_sets: Option<u64>,
}

/// One formula verified.
#[derive(Serialize, Debug)]
pub struct VerifyRow {
    pub formula: String,
    pub variables: u32,
    pub clauses: usize,
    pub points: usize,
    pub empty_points: usize,
    pub groups: usize,
    pub satisfiable: bool,
    pub verdict: &'static str,
    pub exact: bool,
    /// Whether the verdicts agree with the SAT solver (a rejected tree: false; unknown:
    /// null).
    pub agree: Option<bool>,
    /// Whether the checker accepted the tree; null when none was built (unknown, over
    /// the tree limit, or not asked for).
    pub checked: Option<bool>,
    pub nodes: u64,
    pub seconds: f64,
    pub grid: Option<VerifyGrid>,
    /// Why the checker rejected the tree (not in the JSON).
    #[serde(skip)]
    pub check_error: Option<String>,
}

impl VerifyRow {
    /// Λ's verdict, `alive(α)` for a life shown within α only.
    pub fn life(&self) -> &'static str {
        match (self.verdict, self.exact) {
            ("alive", true) => "alive",
            ("alive", false) => "alive(α)",
            ("dead", _) => "dead",
            _ => "unknown",
        }
    }
}

impl VerifyRow {
    /// The table's header ([`VerifyRow::line`]'s columns).
    pub fn header() -> String {
        format!(
            "{:<36} {:>6} {:>6} {:>6} {:>11} {:>6} {:>8} {:>10} {:>9}",
            "formula", "points", "empty", "sat", "Λ", "agree", "checked", "nodes", "seconds"
        )
    }

    /// The row in words, with the grid's verdict on a line of its own.
    pub fn line(&self) -> String {
        let mut line = format!(
            "{:<36} {:>6} {:>6} {:>6} {:>11} {:>6} {:>8} {:>10} {:>9.3}",
            self.formula,
            self.points,
            self.empty_points,
            if self.satisfiable { "yes" } else { "no" },
            self.life(),
            match self.agree {
                Some(true) => "yes",
                Some(false) => "NO",
                None => "?",
            },
            match self.checked {
                Some(true) => "yes",
                Some(false) => "NO",
                None => "-",
            },
            self.nodes,
            self.seconds
        );
        if let Some(g) = &self.grid {
            line.push_str(&format!(
                "\n{:<36} square grid ({}): {}, {} nodes",
                "", g.design, g.verdict, g.nodes
            ));
        }
        line
    }
}

impl VerifySummary {
    /// The rows, counted (`clause_sets`: the formulas the rows stand for, up to renaming).
    pub fn new(formulas: Vec<VerifyRow>, clause_sets: Option<u64>) -> VerifySummary {
        VerifySummary {
            disagreements_or_unknown: formulas.iter().filter(|r| r.agree != Some(true)).count(),
            formulas,
            clause_sets,
        }
    }

    /// The counts in words.
    pub fn text(&self) -> String {
        let (n, bad) = (self.formulas.len(), self.disagreements_or_unknown);
        let mut text = format!(
            "{n} formulas: {} agree, {bad} disagree or unknown\n",
            n - bad
        );
        if let Some(sets) = self.clause_sets {
            text.push_str(&format!(
                "(one formula per class of renamings: {sets} clause sets in all)\n"
            ));
        }
        text
    }
}

/// The square grid's verdict with `grid`.
#[derive(Serialize, Debug)]
pub struct VerifyGrid {
    pub verdict: &'static str,
    pub nodes: u64,
    pub design: &'static str,
}

/// Every formula over `vars` variables with 1 to `clauses` distinct clauses of at most
/// `width` literals, one per class of renamings, each named by its clauses
/// (`(-1 2)(3)`).
pub fn up_to_renaming(vars: u32, clauses: usize, width: usize) -> Vec<(String, Cnf)> {
    tsume_reduce::formulas_up_to_renaming(vars, 1..=clauses, width)
        .into_iter()
        .map(|(cnf, _)| {
            let name = cnf
                .clauses
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    c.sort_by_key(|l| l.unsigned_abs());
                    let lits: Vec<String> = c.iter().map(i32::to_string).collect();
                    format!("({})", lits.join(" "))
                })
                .collect::<String>();
            (name, cnf)
        })
        .collect()
}

/// `count` random 3-CNF formulas (monotone clauses with `monotone`) with seeds from
/// `seed` on, each named by its kind, size and seed, made one at a time as the iterator
/// is read.
pub fn random(
    vars: u32,
    clauses: usize,
    count: usize,
    seed: u64,
    monotone: bool,
) -> impl Iterator<Item = (String, Cnf)> {
    (0..count).map(move |k| {
        let seed = seed.wrapping_add(k as u64);
        let (kind, cnf) = if monotone {
            ("monotone", random_monotone_3cnf(vars, clauses, seed))
        } else {
            ("random", random_3cnf(vars, clauses, seed))
        };
        (format!("{kind} v{vars} c{clauses} seed {seed}"), cnf)
    })
}

/// An instance solved, White to move, its tree checked with `check`: α is `depth`, else
/// the default α of `pos`; the prover's defaults otherwise.
fn solve_instance(
    opts: &VerifyOptions,
    pos: &Position,
    target: Point,
) -> Result<tsume_solve::Side, String> {
    let settings = tsume_solve::Settings {
        sides: tsume_solve::Sides::One(Color::White),
        depth: opts.depth,
        limits: opts.limits.clone(),
        want_tree: opts.check,
        check: opts.check,
        check_first_moves: false,
        exact: 0,
        // The reduction's verdict is the model's.
        go: false,
        ..tsume_solve::Settings::default()
    };
    let mut report = tsume_solve::answer(pos, target, &settings).map_err(|e| e.to_string())?;
    Ok(report.sides.remove(0))
}

/// The verdict on the square-grid SGF of `cnf` (whole board, White to move), with its
/// nodes and the grid's design, its tree checked with `check` (a rejected tree is an
/// error); None when the formula has no grid.
fn solve_grid(
    cnf: &Cnf,
    opts: &VerifyOptions,
) -> Result<Option<(Verdict, u64, &'static str)>, String> {
    let Ok(layout) = any_grid(cnf) else {
        return Ok(None);
    };
    let lo = tsume_sgf::LoadOptions {
        to_move: Some(Color::White),
        region: tsume_sgf::RegionSpec::Board,
        ..tsume_sgf::LoadOptions::default()
    };
    let p = tsume_sgf::parse_sgf_problem(&layout.to_sgf(), "grid.sgf", &lo)
        .map_err(|e| format!("the grid does not load: {e}"))?;
    let side = solve_instance(opts, p.position(), p.target())?;
    if let Some(Err(e)) = &side.check {
        return Err(format!("the checker rejects the grid's tree: {e}"));
    }
    Ok(Some((
        side.answer.verdict,
        side.answer.stats.nodes,
        layout.design(),
    )))
}

/// Whether a verdict on Λ (White to move) agrees with satisfiability: alive iff
/// satisfiable; None when unknown.
fn agrees(v: Verdict, sat: bool) -> Option<bool> {
    match v {
        Verdict::Alive => Some(sat),
        Verdict::Dead => Some(!sat),
        Verdict::Unknown => None,
    }
}

/// The formula `cnf` (named `name`) verified: its instance solved and compared with the
/// SAT solver, and its grid too with `grid`.
pub fn verify(name: &str, cnf: &Cnf, opts: &VerifyOptions) -> Result<VerifyRow, VerifyError> {
    let inst = reduce(cnf);
    let sat = is_satisfiable(cnf);
    let pos = inst
        .position()
        .map_err(|e| VerifyError::NotLegal(e.to_string()))?
        .with_to_move(Color::White);
    let side = solve_instance(opts, &pos, inst.target()).map_err(VerifyError::Solve)?;
    // The proof or disproof replayed by the independent checker: Some(false) is a
    // failure of ours, counted with the disagreements; None when no tree was built
    // (an unknown answer, or a tree over 2 000 000 nodes).
    let check_error = side.check.as_ref().and_then(|c| c.as_ref().err().cloned());
    let checked = side.check.as_ref().map(Result::is_ok);
    let ans = side.answer;
    let mut agree = agrees(ans.verdict, sat);
    if checked == Some(false) {
        agree = Some(false);
    }
    let grid = if opts.grid {
        solve_grid(cnf, opts).map_err(VerifyError::Grid)?
    } else {
        None
    };
    if let Some((v, _, _)) = grid {
        // The grid must agree with the SAT solver as well.
        agree = match (agree, agrees(v, sat)) {
            (Some(x), Some(y)) => Some(x && y),
            (Some(false), _) | (_, Some(false)) => Some(false),
            _ => None,
        };
    }
    Ok(VerifyRow {
        formula: name.to_string(),
        variables: cnf.vars,
        clauses: cnf.clauses.len(),
        points: inst.points,
        empty_points: inst.empty_points,
        groups: inst.groups,
        satisfiable: sat,
        verdict: ans.verdict.as_str(),
        exact: ans.exact,
        agree,
        checked,
        nodes: ans.stats.nodes,
        seconds: ans.stats.seconds,
        grid: grid.map(|(v, nodes, design)| VerifyGrid {
            verdict: v.as_str(),
            nodes,
            design,
        }),
        check_error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> VerifyOptions {
        VerifyOptions {
            depth: None,
            limits: Limits {
                max_nodes: Some(200_000),
                ..Limits::default()
            },
            grid: false,
            check: true,
        }
    }

    #[test]
    fn satisfiable_lives_and_unsatisfiable_dies_checked() {
        // u1: satisfiable; u1 ∧ ¬u1: not. The verdicts are the SAT solver's, each
        // tree accepted by the checker.
        let sat = verify("sat", &Cnf::new(1, &[&[1]]), &opts()).unwrap();
        assert!(sat.satisfiable);
        assert_eq!(
            (sat.verdict, sat.agree, sat.checked),
            ("alive", Some(true), Some(true))
        );
        let unsat = verify("unsat", &Cnf::new(1, &[&[1], &[-1]]), &opts()).unwrap();
        assert!(!unsat.satisfiable);
        assert_eq!(
            (unsat.verdict, unsat.life(), unsat.agree, unsat.checked),
            ("dead", "dead", Some(true), Some(true))
        );
        assert!(unsat.check_error.is_none() && unsat.grid.is_none());
    }

    #[test]
    fn rows_and_counts_in_words() {
        let sat = verify("sat", &Cnf::new(1, &[&[1]]), &opts()).unwrap();
        let line = sat.line();
        assert!(line.starts_with("sat "), "{line}");
        let cells: Vec<&str> = line.split_whitespace().collect();
        // formula, points, empty, sat, Λ, agree, checked, nodes, seconds.
        assert_eq!(cells.len(), VerifyRow::header().split_whitespace().count());
        assert_eq!(
            (cells[3], cells[4], cells[5], cells[6]),
            ("yes", "alive", "yes", "yes")
        );
        let mut unknown = verify("u", &Cnf::new(1, &[&[1]]), &opts()).unwrap();
        unknown.agree = None;
        let s = VerifySummary::new(vec![sat, unknown], Some(7));
        assert_eq!(s.disagreements_or_unknown, 1);
        assert_eq!(
            s.text(),
            "2 formulas: 1 agree, 1 disagree or unknown\n(one formula per class of renamings: 7 clause sets in all)\n"
        );
    }

    #[test]
    fn the_formulas_are_named_by_their_clauses_or_seeds() {
        let all = up_to_renaming(1, 2, 1);
        let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
        // Over one variable, one literal a clause: (1) and (1)(-1) up to renaming.
        assert_eq!(names, ["(1)", "(1)(-1)"]);
        let r: Vec<_> = random(3, 4, 2, 7, false).collect();
        assert_eq!(r.len(), 2);
        assert_eq!(r[1].0, "random v3 c4 seed 8");
        assert_eq!(r[1].1.clauses.len(), 4);
        assert!(random(3, 4, 1, 7, true).all(|(n, _)| n.starts_with("monotone")));
        // Made as they are read: the most formulas a count allows are not all made first.
        assert_eq!(random(3, 4, usize::MAX, 7, false).take(3).count(), 3);
    }
}
