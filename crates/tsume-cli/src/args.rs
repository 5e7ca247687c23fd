//! Arguments shared by several commands, and their checks.

use std::time::Duration;

use clap::{Args, ValueEnum};
use tsume_board::Color;
use tsume_prove::{Limits, PnRule, Tuning};
use tsume_sgf::{LoadOptions, RegionSpec};

use crate::jobs::{parse_tree_index, TreeIndex};
use crate::Fail;

/// Where the problem is and what is in play: shared by `solve`, `check`, `status`,
/// `check-proof` and `gtp`.
#[derive(Args, Debug, Clone)]
pub struct AreaArgs {
    #[command(flatten)]
    pub region: RegionArgs,
    /// Which game tree of an SGF file holding several (a collection of problems in one
    /// file): N from 0, or `all` for each one in turn, as if each were a file of its own.
    #[arg(long, value_name = "N|all", default_value = "0", value_parser = parse_tree_index)]
    pub index: TreeIndex,
}

/// The area in play: `--region`, `--no-frame`, `--keep-sealed` (also `bench`'s, for the
/// corpus's rows).
#[derive(Args, Debug, Clone)]
pub struct RegionArgs {
    /// The area in play: auto (around the target, ending at the attacker's wall, with the other side of a capturing race), grown (the stones' box grown by a line on every side, the first versions' rule), tight (the stones' box not grown), board (everything), or a comma-separated list of points. The rule is stated in one place: tsume-area's docs (crates/tsume-area/src/lib.rs; docs/cli.md, "The problem's area").
    #[arg(
        long,
        value_name = "auto|grown|tight|board|POINTS",
        default_value = "auto",
        value_parser = parse_region
    )]
    pub region: RegionSpec,
    /// Do not add the frame: the area's empty points cut off from the rest of the board then act as if on the board's edge instead of touching the outside's virtual wall (the rule: see --region).
    #[arg(long)]
    pub no_frame: bool,
    /// Keep the points that the attacker's walls joined to the outside seal off from the target (their eyes), which are left out by default (the rule: see --region).
    #[arg(long)]
    pub keep_sealed: bool,
    /// Do not read a file's MA marks as its region in play (a file marking 20 points or more with MA gives its region so, as the RZS benchmark's files do; --region other than auto overrides it too).
    #[arg(long)]
    pub no_marked_region: bool,
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
            region: self.region.region.clone(),
            no_frame: self.region.no_frame,
            keep_sealed: self.region.keep_sealed,
            no_marked_region: self.region.no_marked_region,
        }
    }
}

/// `--region`: a rule's name, else a list of points (which the loader reads).
pub(crate) fn parse_region(s: &str) -> Result<RegionSpec, String> {
    Ok(match s.to_ascii_lowercase().as_str() {
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
    })
}

/// A player: `--to-move` of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Player {
    #[value(name = "B", alias = "black")]
    B,
    #[value(name = "W", alias = "white")]
    W,
}

impl Player {
    pub fn color(self) -> Color {
        match self {
            Player::B => Color::Black,
            Player::W => Color::White,
        }
    }
}

/// Who moves first: `--to-move` of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ToMove {
    #[value(name = "B", alias = "black")]
    B,
    #[value(name = "W", alias = "white")]
    W,
    /// One search each.
    Both,
}

impl ToMove {
    /// The one player asked for; None for both.
    pub fn color(self) -> Option<Color> {
        match self {
            ToMove::B => Some(Color::Black),
            ToMove::W => Some(Color::White),
            ToMove::Both => None,
        }
    }
}

/// `--ko-rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KoRule {
    /// Crăşmaru's model: a ko may be retaken at once.
    None,
    /// Ordinary Go's ko, outside the model: no retake on the very next move.
    Basic,
}

/// `--ko-rule`, flattened into every command that takes it.
#[derive(Args, Debug, Clone, Copy)]
pub struct KoRuleArg {
    /// The ko rule: none (Crăşmaru's model, the default: a ko may be retaken at once, so a group that lives by retaking a ko forever is alive) or basic (ordinary Go's ko, outside the model: a move that captures one stone with a single stone left in atari forbids the opponent to retake on the very next move, as without ko threats; positions then include the forbidden point).
    #[arg(
        long,
        value_name = "none|basic",
        default_value = "none",
        hide_possible_values = true
    )]
    pub ko_rule: KoRule,
}

impl KoRuleArg {
    /// Whether the basic ko rule holds.
    pub fn basic(self) -> bool {
        self.ko_rule == KoRule::Basic
    }
}

/// The search's switches (`solve`, `bench`): `--pn`, `--no-deepen`, `--no-unbounded`,
/// `--no-learned-order`, `--zones`, `--posthoc-zones`, `--safe-leaves`,
/// `--bounded-life-zones`, `--attacker-pass-first`, `--eye-potential`.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// How proof numbers add up where every child must be solved: sum (df-pn as published) or weak (the largest child's + one per other open child: sometimes far fewer nodes where positions recur by many paths, as on the 3-SAT instances that are alive, often more elsewhere).
    #[arg(
        long,
        value_name = "sum|weak",
        default_value = "sum",
        hide_possible_values = true
    )]
    pub pn: Pn,
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
    /// Relevance zones with liberty budgets (an option, off by default): the defender's pass searched first, and its moves outside the zone of the pass's proof that keep the zone's liberty budgets answered by the same strategy, written in the tree as covered moves that the checker verifies (docs/design/relevance-zones.md).
    #[arg(long)]
    pub zones: bool,
    /// Post-hoc relevance zones, the RZS way (an option, off by default): once a defender's move is refuted with its move outside the refutation's zone, every sibling outside that zone is proven with it, no pass searched first; trees state each node's zone and write such moves as pruned with their witness, which the checker verifies (docs/design/post-hoc-zones.md). Life proofs the same way: an attacker's move refuted for every α outside its refutation's zone (a Benson leaf's: the alive blocks and their regions) refutes every attacker's move outside that zone.
    #[arg(long)]
    pub posthoc_zones: bool,
    /// Zone-keyed proof reuse (an option, off by default; implies --posthoc-zones): every node proven with a known post-hoc zone kept as a pattern, every expansion asking the patterns first, a position agreeing with a solved one on its zone proven at once; trees write such a node as a reuse of the node whose zone it borrows, which the checker verifies (docs/design/post-hoc-zones.md, "Reuse"). Kill proofs only.
    #[arg(long)]
    pub zone_table: bool,
    /// Safety under alternating play as a life leaf besides Benson's (an option, off by default): a group whose every eye region is vital or answerable (each intrusion answered by one liberty after which the region is vital) is alive for every α; trees write it as a `safe` leaf, which the checker verifies by the same test (docs/design/safety.md).
    #[arg(long)]
    pub safe_leaves: bool,
    /// Life zones for bounded disproofs too (an option, off by default; implies --posthoc-zones): a depth-limit leaf's zone is the target with two liberties, so in the deepening's bounded iterations an attacker's move refuted within the bound outside its refutation's zone refutes every attacker's move outside that zone within the same plies; bounded trees state the zones and write such moves as pruned, which the checker verifies (docs/design/post-hoc-zones.md, "Life proofs").
    #[arg(long)]
    pub bounded_life_zones: bool,
    /// The attacker's pass searched first at every attacker's node (an option, off by default; implies --posthoc-zones): the defender moving twice, whose refutation's zone then answers every attacker's move outside it (RZS's null move, after the fact; docs/experiments/bounded-life-zones.md).
    #[arg(long)]
    pub attacker_pass_first: bool,
    /// Initial proof and disproof numbers from eye potential (an option, off by default; after Kishimoto and Müller 2005): a new node's numbers from the target's liberties and the small enclosed regions next to its block (up to 7 points: 2 half-eyes for an empty one all of whose points are its liberties, 1 for another), so that the search deepens first where the defender is nearest two eyes or the attacker nearest breaking them, and the defender's moves ordered by the eye potential they make too; the verdicts are the same, only the order of the search changes (docs/experiments/eye-potential-in-the-initial-numbers.md).
    #[arg(long)]
    pub eye_potential: bool,
}

impl SearchArgs {
    /// The search as these switches set it.
    pub fn tuning(&self) -> Tuning {
        Tuning {
            deepen: !self.no_deepen,
            unbounded: !self.no_unbounded,
            learned_order: !self.no_learned_order,
            zones: self.zones,
            posthoc_zones: self.posthoc_zones
                || self.zone_table
                || self.bounded_life_zones
                || self.attacker_pass_first,
            bounded_life_zones: self.bounded_life_zones,
            attacker_pass_first: self.attacker_pass_first,
            zone_table: self.zone_table,
            safe_leaves: self.safe_leaves,
            eye_potential: self.eye_potential,
            pn_rule: self.pn.into(),
            ..Tuning::default()
        }
    }
}

/// `--pn`: how proof numbers add up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Pn {
    Sum,
    Weak,
}

impl From<Pn> for PnRule {
    fn from(p: Pn) -> PnRule {
        match p {
            Pn::Sum => PnRule::Sum,
            Pn::Weak => PnRule::Weak,
        }
    }
}

/// Each search's budget: `--max-nodes`, `--time-limit`, `--tt-mb` (the commands set
/// their own help and defaults with `mut_arg`).
#[derive(Args, Debug, Clone)]
pub struct BudgetArgs {
    /// Stop each search after this many node expansions (answer: unknown, with what a
    /// smaller bound of the deepening proved, if anything: "black cannot kill within 8
    /// plies", checked like any answer).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop each search after this many seconds (answer: unknown).
    #[arg(long, value_name = "SECONDS", value_parser = crate::numbers::seconds)]
    pub time_limit: Option<f64>,
    /// Transposition table size per search, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 256, value_parser = crate::numbers::tt_mb)]
    pub tt_mb: usize,
}

impl BudgetArgs {
    /// The budget, checked (a positive time, a table of at most 1 MiB).
    pub(crate) fn limits(&self) -> Result<Limits, Fail> {
        limits(self.max_nodes, self.time_limit, self.tt_mb)
    }

    /// The budget of the commands that run many searches one after the other (`bench`,
    /// `verify-reduction`): a time limit of at least a millisecond, the table's default
    /// size.
    pub(crate) fn clamped(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            time_limit: self
                .time_limit
                .map(|t| Duration::from_secs_f64(t.max(0.001))),
            // Ctrl-C stops these searches too (unknown answers, the report printed).
            stop: Some(crate::interrupt_flag()),
            ..Limits::default()
        }
    }
}

/// A search's budget from `--max-nodes`, `--time-limit` and `--tt-mb`, checked.
fn limits(max_nodes: Option<u64>, time_limit: Option<f64>, tt_mb: usize) -> Result<Limits, Fail> {
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

/// A player of `tsume linear`: x (Black) or o (White), as seed 000 writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LinePlayer {
    #[value(name = "x", alias = "b", alias = "black")]
    X,
    #[value(name = "o", alias = "w", alias = "white")]
    O,
}

impl LinePlayer {
    pub fn player(self) -> tsume_linear::Player {
        match self {
            LinePlayer::X => tsume_linear::Player::X,
            LinePlayer::O => tsume_linear::Player::O,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use clap::Parser;

    use super::*;
    use crate::{Cli, Command};

    /// The switches `solve` and `bench` share, flattened once, parse alike on both; left
    /// out, each takes its default.
    #[test]
    fn solve_and_bench_share_the_search_switches_the_ko_rule_and_the_region() {
        for cmd in ["solve", "bench"] {
            let parse = |extra: &[&str]| {
                let mut v = vec!["tsume", cmd];
                if cmd == "solve" {
                    v.push("p.sgf");
                }
                v.extend_from_slice(extra);
                match Cli::try_parse_from(v).unwrap().command {
                    Command::Solve(a) => (a.search, a.ko_rule, a.area.region),
                    Command::Bench(a) => (a.search, a.ko_rule, a.region),
                    _ => unreachable!(),
                }
            };
            let set = [
                "--ko-rule",
                "basic",
                "--pn",
                "weak",
                "--no-deepen",
                "--zones",
                "--posthoc-zones",
                "--zone-table",
                "--safe-leaves",
                "--bounded-life-zones",
                "--attacker-pass-first",
                "--eye-potential",
                "--region",
                "board",
                "--keep-sealed",
            ];
            let (search, ko, region) = parse(&set);
            let t = search.tuning();
            assert!(
                !t.deepen
                    && t.zones
                    && t.posthoc_zones
                    && t.zone_table
                    && t.safe_leaves
                    && t.bounded_life_zones
                    && t.attacker_pass_first
                    && t.eye_potential
                    && t.unbounded
                    && t.learned_order,
                "{cmd}"
            );
            assert_eq!(t.pn_rule, PnRule::Weak, "{cmd}");
            assert!(ko.basic(), "{cmd}");
            assert_eq!(region.region, RegionSpec::Board, "{cmd}");
            assert!(region.keep_sealed && !region.no_frame, "{cmd}");
            let (search, ko, region) = parse(&[]);
            let t = search.tuning();
            assert_eq!(
                (
                    t.deepen,
                    t.zones,
                    t.posthoc_zones,
                    t.zone_table,
                    t.safe_leaves,
                    t.eye_potential,
                    t.pn_rule
                ),
                (true, false, false, false, false, false, PnRule::Sum),
                "{cmd}"
            );
            assert!(!t.bounded_life_zones && !t.attacker_pass_first, "{cmd}");
            // Each of the two life-zone options alone turns post-hoc zones on.
            for flag in ["--bounded-life-zones", "--attacker-pass-first"] {
                let (search, _, _) = parse(&[flag]);
                assert!(search.tuning().posthoc_zones, "{cmd} {flag}");
            }
            assert!(!ko.basic() && region.region == RegionSpec::Auto, "{cmd}");
        }
    }
}
