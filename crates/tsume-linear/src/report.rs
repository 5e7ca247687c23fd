//! `tsume linear`'s runs and their text: a state solved ([`solve`], a [`LinearJson`])
//! and seed 000's theorem checked at both ends ([`PruningCheck`]); [`crate::json`]
//! holds their JSON types.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use crate::json::{end_name, LinearJson, LinearVerifyJson, VerifyEndJson};
use crate::solver::{Options, SolveError, Solver, Start};
use crate::verify::{self, End, Report};
use crate::{LinePosition, Player};

/// `start` solved with `to_move` to play, timed; stopped by `stop` or the node limit:
/// `value` null.
///
/// # Errors
/// The solver's, but [`SolveError::Stopped`].
pub fn solve(
    start: &LinePosition,
    to_move: Player,
    options: Options,
    stop: Option<Arc<AtomicBool>>,
) -> Result<LinearJson, SolveError> {
    let n = start.len();
    let prune = options.prune;
    let mut solver = Solver::new(n, options);
    if let Some(flag) = stop {
        solver.set_stop_flag(flag);
    }
    let clock = Instant::now();
    let result = solver.solve(&Start::position(start.clone(), to_move));
    let seconds = clock.elapsed().as_secs_f64();
    let json = |value, pv, nodes, pv_nodes| LinearJson {
        n,
        position: start.to_string(),
        to_move: to_move.letter().to_string(),
        value,
        pv,
        nodes,
        pv_nodes,
        seconds,
        prune,
    };
    match result {
        Ok(s) => Ok(json(
            Some(s.value),
            s.pv.iter()
                .map(|(p, m)| format!("{}:{m}", p.letter()))
                .collect(),
            s.nodes,
            s.pv_nodes,
        )),
        Err(SolveError::Stopped { nodes }) => Ok(json(None, Vec::new(), nodes, 0)),
        Err(e) => Err(e),
    }
}

impl LinearJson {
    /// The answer in words: the value and the principal variation, or unknown.
    pub fn text(&self) -> String {
        let (n, start) = (self.n, &self.position);
        let Some(value) = self.value else {
            return format!(
                "1×{n} {start}: unknown (stopped after {} nodes)\n",
                self.nodes
            );
        };
        format!(
            "1×{n} {start}, {} to move: value {value:+} (Black's area minus White's)\n\
             principal variation: {}\n\
             nodes {} (+{} for the variation), {:.2} s, pruning {}\n",
            self.to_move,
            self.pv.join(" "),
            self.nodes,
            self.pv_nodes,
            self.seconds,
            if self.prune {
                "on (seed 000's rule, narrow form: checked, not proven)"
            } else {
                "off"
            }
        )
    }
}

/// The smallest n whose rule check walks at random: up to 1×6 the depth-first walk
/// reaches every instance within 100 000 states (1×6 has 72 495).
pub const RULE_WALKS_FROM: usize = 7;

/// Seed 000's theorem and the narrow rule `--prune` uses, each checked at both ends.
#[derive(Debug, Clone)]
pub struct PruningCheck {
    /// The line's cells.
    pub n: usize,
    /// Every state reachable from the empty board (n ≤ 4), else `samples` random ones.
    pub exhaustive: bool,
    /// States sampled beyond exhaustive reach (and instances of the rule checked).
    pub samples: u64,
    /// The random sample's seed.
    pub seed: u64,
    /// The theorem, per end.
    pub theorem: Vec<(End, Report)>,
    /// The rule, per end.
    pub rule: Vec<(End, Report)>,
    /// Whether the rule was checked on random walks (from `seed`; n ≥ [`RULE_WALKS_FROM`])
    /// rather than on the first `samples` states of a depth-first walk, which covers
    /// every instance up to 1×6 but only one corner of the tree beyond.
    pub rule_random: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl PruningCheck {
    /// The theorem on every state reachable from the empty 1×n line for n ≤ 4, else on
    /// `samples` random states (from `seed`); the rule on the first `samples` states
    /// where it applies (of a depth-first walk, or of random walks from `seed` for
    /// n ≥ [`RULE_WALKS_FROM`]). `solver`: the solvers' options (table, memory budget; pruning
    /// is turned off).
    pub fn run(n: usize, samples: u64, seed: u64, solver: Options) -> PruningCheck {
        let clock = Instant::now();
        let exhaustive = n <= 4;
        let rule_seed = (n >= RULE_WALKS_FROM).then_some(seed);
        let ends = [End::Near, End::Far];
        let theorem = ends
            .iter()
            .map(|&end| {
                let r = if exhaustive {
                    verify::exhaustive(n, end).0
                } else {
                    verify::sample(n, end, samples, seed, solver, false)
                };
                (end, r)
            })
            .collect();
        let rule = ends
            .iter()
            .map(|&end| {
                let r = verify::rule_instances(n, end, samples, rule_seed, solver);
                (end, r)
            })
            .collect();
        PruningCheck {
            n,
            exhaustive,
            samples,
            seed,
            theorem,
            rule,
            rule_random: rule_seed.is_some(),
            seconds: clock.elapsed().as_secs_f64(),
        }
    }

    /// Whether both held everywhere checked.
    pub fn holds(&self) -> bool {
        !self
            .theorem
            .iter()
            .chain(&self.rule)
            .any(|(_, r)| r.failures > 0)
    }

    /// `tsume linear N --verify-pruning --json`.
    pub fn json(&self) -> LinearVerifyJson {
        let ends = |v: &[(End, Report)]| v.iter().map(|(e, r)| VerifyEndJson::new(*e, r)).collect();
        LinearVerifyJson {
            n: self.n,
            exhaustive: self.exhaustive,
            theorem: ends(&self.theorem),
            rule: ends(&self.rule),
            rule_random: self.rule_random,
            holds: self.holds(),
            seconds: self.seconds,
        }
    }

    /// The counts per end, the counterexamples, and whether both hold.
    pub fn text(&self) -> String {
        let n = self.n;
        let mut out = String::new();
        let how = if self.exhaustive {
            "every state reachable from the empty board".to_string()
        } else {
            format!("{} random states (seed {})", self.samples, self.seed)
        };
        let _ = writeln!(out, "1×{n}: seed 000's theorem, on {how}:");
        end_lines(&mut out, &self.theorem, true);
        let walk = if self.rule_random {
            format!("random walks (seed {})", self.seed)
        } else {
            "a depth-first walk".to_string()
        };
        let _ = writeln!(
            out,
            "1×{n}: the rule --prune uses (end cells empty in the whole history, the mover's own stone), on {walk}:"
        );
        end_lines(&mut out, &self.rule, false);
        let _ = writeln!(
            out,
            "{} ({:.1} s)",
            if self.holds() { "holds" } else { "FAILS" },
            self.seconds
        );
        out
    }
}

/// A line per end of a check, with its counterexample if any (`swaps`: the count of
/// swapped histories not valid too).
fn end_lines(out: &mut String, ends: &[(End, Report)], swaps: bool) {
    for (end, r) in ends {
        let _ = write!(
            out,
            "  {} end: {} states, {} comparisons, {} failures",
            end_name(*end),
            r.states,
            r.checked,
            r.failures
        );
        if r.unknown > 0 {
            let _ = write!(out, ", {} not made (a value out of budget)", r.unknown);
        }
        if swaps {
            let _ = write!(out, " ({} swapped histories not valid)", r.invalid_swaps);
        }
        out.push('\n');
        if let Some(c) = &r.counterexample {
            let _ = writeln!(out, "  counterexample: {c}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solved_line_and_a_stopped_one_in_words() {
        // 1×3: Black takes the centre and White can never play (the crate's example).
        let s = solve(&LinePosition::empty(3), Player::X, Options::default(), None).unwrap();
        assert_eq!(s.value, Some(3));
        let text = s.text();
        assert!(
            text.starts_with("1×3 ---, x to move: value +3 (Black's area minus White's)\n"),
            "{text}"
        );
        assert!(text.contains(&format!("principal variation: {}\n", s.pv.join(" "))));
        let stopped = LinearJson {
            value: None,
            nodes: 50,
            ..s
        };
        assert_eq!(
            stopped.text(),
            "1×3 ---: unknown (stopped after 50 nodes)\n"
        );
    }

    #[test]
    fn the_check_holds_on_three_cells_at_both_ends() {
        let c = PruningCheck::run(
            3,
            100,
            1,
            Options {
                table_bits: 10,
                ..Options::default()
            },
        );
        assert!(c.exhaustive && c.holds());
        let j = c.json();
        assert_eq!((j.theorem.len(), j.rule.len(), j.holds), (2, 2, true));
        let text = c.text();
        assert!(
            text.starts_with("1×3: seed 000's theorem, on every state reachable"),
            "{text}"
        );
        assert_eq!(text.matches(" end: ").count(), 4, "{text}");
        // The theorem's lines count the swapped histories not valid; the rule's do not.
        for (end, r) in &c.theorem {
            let line = format!(
                "  {} end: {} states, {} comparisons, {} failures ({} swapped histories not valid)\n",
                end_name(*end),
                r.states,
                r.checked,
                r.failures,
                r.invalid_swaps
            );
            assert!(text.contains(&line), "{line}{text}");
        }
        for (end, r) in &c.rule {
            let line = format!(
                "  {} end: {} states, {} comparisons, {} failures\n",
                end_name(*end),
                r.states,
                r.checked,
                r.failures
            );
            assert!(text.contains(&line), "{line}{text}");
        }
        assert!(
            text.lines().last().unwrap().starts_with("holds ("),
            "{text}"
        );
    }
}
