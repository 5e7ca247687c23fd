//! `tsume linear --json`: a solved state and seed 000's theorem checked, as
//! `#[derive(Serialize)]` types.

use serde::Serialize;

use crate::verify::{format_line, End, Report};

/// `tsume linear --json`: a solved (or unknown) 1×n state.
#[derive(Serialize, Debug)]
pub struct LinearJson {
    /// The line's cells.
    pub n: usize,
    /// The start, written as in seed 000 (`x-oo-`).
    pub position: String,
    /// `x` or `o`.
    pub to_move: String,
    /// Black's area minus White's under perfect play; null when the search stopped.
    pub value: Option<i32>,
    /// The principal variation, `x:3 o:pass …` (cells from 1).
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes spent extracting the principal variation.
    pub pv_nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Whether the narrow form of seed 000's rule pruned the search.
    pub prune: bool,
}

/// `tsume linear N --verify-pruning --json`.
#[derive(Serialize, Debug)]
pub struct LinearVerifyJson {
    /// The line's cells.
    pub n: usize,
    /// Every reachable state (n ≤ 4), else a random sample.
    pub exhaustive: bool,
    /// The theorem as stated, per end.
    pub theorem: Vec<VerifyEndJson>,
    /// The narrow rule `--prune` uses, per end.
    pub rule: Vec<VerifyEndJson>,
    /// Whether the rule was checked on random walks (n ≥ 7) rather than a depth-first
    /// walk.
    pub rule_random: bool,
    /// Whether both held everywhere checked.
    pub holds: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One end's check ([`Report`]).
#[derive(Serialize, Debug)]
pub struct VerifyEndJson {
    /// `near` (cells 0, 1) or `far` (cells n−1, n−2).
    pub end: &'static str,
    /// States visited or sampled.
    pub states: u64,
    /// Comparisons made.
    pub checked: u64,
    /// Comparisons where the theorem failed.
    pub failures: u64,
    /// Comparisons not made: a value out of the solver's budget (absent when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub unknown: u64,
    /// States meeting the hypothesis whose swapped history is not a legal game.
    pub not_valid: u64,
    /// The shortest failure found.
    pub counterexample: Option<CounterexampleJson>,
}

/// A state where the theorem fails: S⁰ and S¹ with their lines from the empty board.
#[derive(Serialize, Debug)]
pub struct CounterexampleJson {
    /// S⁰'s line.
    pub line: String,
    /// S¹'s line (cells swapped).
    pub swapped_line: String,
    /// S⁰'s position.
    pub position0: String,
    /// S¹'s position.
    pub position1: String,
    /// The player to move.
    pub to_move: String,
    /// The player x of the theorem.
    pub x: String,
    /// x's value in S⁰.
    pub mu0: i32,
    /// x's value in S¹.
    pub mu1: i32,
}

/// `near` (cells 0 and 1) or `far` (cells n−1 and n−2).
pub fn end_name(e: End) -> &'static str {
    match e {
        End::Near => "near",
        End::Far => "far",
    }
}

impl VerifyEndJson {
    /// The check of `end`.
    pub fn new(end: End, r: &Report) -> VerifyEndJson {
        VerifyEndJson {
            end: end_name(end),
            states: r.states,
            checked: r.checked,
            failures: r.failures,
            unknown: r.unknown,
            not_valid: r.invalid_swaps,
            counterexample: r.counterexample.as_ref().map(|c| CounterexampleJson {
                line: format_line(&c.line),
                swapped_line: format_line(&c.swapped),
                position0: c.position0.to_string(),
                position1: c.position1.to_string(),
                to_move: c.to_move.letter().to_string(),
                x: c.x.letter().to_string(),
                mu0: c.mu0,
                mu1: c.mu1,
            }),
        }
    }
}

/// Whether a count is 0 (serde's `skip_serializing_if`).
fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify;

    #[test]
    fn an_end_check_keeps_its_counts() {
        // 1×3, every reachable state: the report's counts carried over unchanged.
        let (r, _) = verify::exhaustive(3, End::Far);
        let j = VerifyEndJson::new(End::Far, &r);
        assert_eq!(j.end, "far");
        assert_eq!(
            (j.states, j.checked, j.failures, j.not_valid),
            (r.states, r.checked, r.failures, r.invalid_swaps)
        );
        assert!(j.states > 0);
        assert_eq!(j.counterexample.is_some(), r.counterexample.is_some());
        assert_eq!(end_name(End::Near), "near");
    }
}
