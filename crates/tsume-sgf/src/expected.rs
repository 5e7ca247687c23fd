//! The machine-readable answer of the problem collection (`problems/README.md`):
//! `GC[tsume: status=dead|alive|unsettled; to_move=B|W; kill=C3|D4; live=...; target=C3]`.

use tsume_board::Color;

/// The combinatorial class of a problem.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExpectedStatus {
    /// The attacker wins moving second too.
    Dead,
    /// The defender wins moving second too.
    Alive,
    /// Whoever moves first wins.
    Unsettled,
}

/// An expected answer stated in a problem file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Expected {
    /// The class.
    pub status: ExpectedStatus,
    /// Who moves in the problem as posed.
    pub to_move: Option<Color>,
    /// The attacker's killing first moves (GTP), when given.
    pub kill: Vec<String>,
    /// The defender's living first moves (GTP), when given.
    pub live: Vec<String>,
    /// The target stone (GTP), when given.
    pub target: Option<String>,
}

/// The area a `tsume:` text asks for with a `region=` key (`board`, `auto` or `tight`),
/// whatever its other keys: generated problems whose whole board is in play (the 3-SAT
/// grids) say `GC[tsume: region=board]`, so that the default `--region auto` does not
/// cut them down.
pub fn region_hint(text: &str) -> Option<crate::RegionSpec> {
    let rest = text.trim().strip_prefix("tsume:")?;
    rest.split(';').find_map(|field| {
        let (key, value) = field.split_once('=')?;
        if key.trim() != "region" {
            return None;
        }
        match value.trim() {
            "board" => Some(crate::RegionSpec::Board),
            "auto" => Some(crate::RegionSpec::Auto),
            "tight" => Some(crate::RegionSpec::Tight),
            "grown" => Some(crate::RegionSpec::Grown),
            _ => None,
        }
    })
}

/// Parses a `tsume:` answer; `None` if the text is not in that format or has no valid
/// `status`. Unknown keys are ignored.
pub fn parse_expected(text: &str) -> Option<Expected> {
    let rest = text.trim().strip_prefix("tsume:")?;
    let mut status = None;
    let mut out = Expected {
        status: ExpectedStatus::Dead,
        to_move: None,
        kill: Vec::new(),
        live: Vec::new(),
        target: None,
    };
    let list = |v: &str| -> Vec<String> {
        v.split('|')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    for field in rest.split(';') {
        let Some((key, value)) = field.split_once('=') else {
            continue;
        };
        let value = value.trim();
        match key.trim() {
            "status" => {
                status = match value {
                    "dead" => Some(ExpectedStatus::Dead),
                    "alive" => Some(ExpectedStatus::Alive),
                    "unsettled" => Some(ExpectedStatus::Unsettled),
                    _ => return None,
                }
            }
            "to_move" => out.to_move = Some(Color::from_letter(value)?),
            "kill" => out.kill = list(value),
            "live" => out.live = list(value),
            "target" => out.target = Some(value.to_string()),
            _ => {}
        }
    }
    out.status = status?;
    Some(out)
}
