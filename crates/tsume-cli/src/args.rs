//! Arguments shared by several commands, and their checks.

use std::time::Duration;

use clap::{Args, ValueEnum};
use tsume_board::Color;
use tsume_prove::{Limits, PnRule};
use tsume_sgf::{LoadOptions, RegionSpec};

use crate::jobs::{parse_tree_index, TreeIndex};
use crate::Fail;

/// Where the problem is and what is in play: shared by `solve` and `check`.
#[derive(Args, Debug, Clone)]
pub struct AreaArgs {
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
    /// Which game tree of an SGF file holding several (a collection of problems in one
    /// file): N from 0, or `all` for each one in turn, as if each were a file of its own.
    #[arg(long, value_name = "N|all", default_value = "0", value_parser = parse_tree_index)]
    pub index: TreeIndex,
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
            region: self.region.clone(),
            no_frame: self.no_frame,
            keep_sealed: self.keep_sealed,
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

impl KoRule {
    /// Whether the basic ko rule holds.
    pub fn basic(self) -> bool {
        self == KoRule::Basic
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
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Transposition table size per search, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 256)]
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
