//! Arguments shared by several commands, and their checks.

use std::time::Duration;

use clap::Args;
use tsume_board::Color;
use tsume_prove::Limits;
use tsume_sgf::{LoadOptions, RegionSpec};

use crate::jobs::{parse_tree_index, TreeIndex};
use crate::Fail;

/// Where the problem is and what is in play: shared by `solve` and `check`.
#[derive(Args, Debug, Clone)]
pub struct AreaArgs {
    /// The area in play: auto (around the target up to the attacker's wall: the box of the target's cluster of stones (within three lines of each other; all stones where that area is open), sides near the edge taken to it, other sides grown by a line only beyond the defender's outermost stones; attacker walls joined to one virtual wall with two eyes, the outside; the defender groups across an attacker group of at most 3 liberties included, a capturing race), grown (the stones' box grown by a line on every side, the first versions' rule), tight (the stones' box not grown), board (everything), or a comma-separated list of points.
    #[arg(
        long,
        value_name = "auto|grown|tight|board|POINTS",
        default_value = "auto"
    )]
    pub region: String,
    /// Do not add the frame: by default the empty points of the area that are cut off from the rest of the board touch the outside's virtual wall, the attacker's, alive; without it they act as if on the board's edge.
    #[arg(long)]
    pub no_frame: bool,
    /// Keep the points that the attacker's walls joined to the outside seal off from the target (their eyes): by default they are left out, which shrinks the search; play there cannot reach the target unless the attacker fills its own wall's eyes until the wall can be captured.
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
            region: region_spec(&self.region),
            no_frame: self.no_frame,
            keep_sealed: self.keep_sealed,
        }
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
