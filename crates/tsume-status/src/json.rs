//! `tsume status --json`: a string's status as `#[derive(Serialize)]` types, built from a
//! [`Report`] with the caller's names of points (the CLI names them on the whole board).

use serde::Serialize;
use tsume_board::{Move, Point};

use crate::{Report, Status, Value};

/// `tsume status --json`: the question, then the answer.
#[derive(Serialize, Debug)]
pub struct StatusJson {
    /// The problem's file (and game tree).
    pub file: String,
    /// The string's point, named on the whole board.
    pub point: String,
    /// `none` or `basic`.
    pub ko_rule: &'static str,
    /// `--depth`, else null.
    pub depth: Option<u32>,
    /// The answer.
    #[serde(flatten)]
    pub result: StatusResult,
}

/// A string's status, or why there is none.
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum StatusResult {
    /// Out of budget: `status` is `"unknown"`.
    Unknown {
        /// `"unknown"`.
        status: &'static str,
        /// Why.
        reason: String,
    },
    /// Both evaluations.
    Settled(Box<StatusSettled>),
}

/// Both evaluations of a string's status ([`Report`]).
#[derive(Serialize, Debug)]
pub struct StatusSettled {
    /// The string's owner: `black` or `white`.
    pub player: &'static str,
    /// Who moved first: `black` or `white`.
    pub first: &'static str,
    /// The string's points.
    pub string: Vec<String>,
    /// States of hypothetical play built.
    pub states: usize,
    /// Cassandra's single pass.
    pub cassandra: CassandraJson,
    /// J2003's steps.
    pub j2003: J2003Json,
    /// Whether the two evaluations give the same status.
    pub agree: bool,
}

/// Cassandra's single pass.
#[derive(Serialize, Debug)]
pub struct CassandraJson {
    /// `A`, `B2`, `B31` or `B32`.
    pub status: &'static str,
    /// The status's name.
    pub name: &'static str,
    /// The plies within which the status is forced.
    pub plies: u32,
    /// A line of best play.
    pub line: Vec<String>,
    /// Whether the line's position repeats (infinite play).
    pub line_repeats: bool,
    /// local-2's points.
    pub local2: Vec<String>,
    /// The strings that bound local-2.
    pub bounded_by: Vec<String>,
}

/// J2003's steps.
#[derive(Serialize, Debug)]
pub struct J2003Json {
    /// The conclusion; null when there is none.
    pub status: Option<&'static str>,
    /// The conclusion's name.
    pub name: Option<&'static str>,
    /// The bound from which the conclusion holds at every bound.
    pub settled_from: Option<u32>,
    /// The bound from which the folds repeat.
    pub repeats_from: u32,
    /// Their period.
    pub period: u32,
    /// The conclusions of one period.
    pub cycle: Vec<&'static str>,
    /// The steps' values at the bound shown.
    pub steps: StepsJson,
    /// local-2's points, when defined.
    pub local2: Option<Vec<String>>,
    /// The string whose bounding local-2 changes with the bound, when undefined.
    pub local2_undefined_by: Option<String>,
    /// The strings that bound local-2.
    pub bounded_by: Option<Vec<String>>,
}

/// The three steps' values at one bound (`irrelevant`: the leaf was cut).
#[derive(Serialize, Debug)]
pub struct StepsJson {
    /// The bound.
    pub bound: u32,
    /// Step 1's value.
    pub step1: &'static str,
    /// Step 2's value.
    pub step2: &'static str,
    /// Step 3's value.
    pub step3: &'static str,
}

/// A step's value: a status's code, or `irrelevant` for a cut leaf.
pub fn step_name(v: Value) -> &'static str {
    match v {
        Value::Is(s) => s.code(),
        Value::Cut => "irrelevant",
    }
}

/// The codes of `s`.
pub fn codes(s: &[Status]) -> Vec<&'static str> {
    s.iter().map(|s| s.code()).collect()
}

impl StatusSettled {
    /// Both evaluations of `r`, each point named by `name`.
    pub fn new(r: &Report, name: &dyn Fn(Point) -> String) -> StatusSettled {
        let names = |points: &[Point]| -> Vec<String> { points.iter().map(|&p| name(p)).collect() };
        let move_name = |m: Move| m.point().map_or_else(|| "pass".to_string(), name);
        let bounded_by = |n: &[(Point, bool)]| -> Vec<String> {
            n.iter()
                .filter(|(_, b)| *b)
                .map(|&(p, _)| name(p))
                .collect()
        };
        let c = &r.cassandra;
        let j = &r.j2003;
        let bound = r.depth.unwrap_or(j.limit.from);
        let steps = j.limit.steps_at(bound);
        StatusSettled {
            player: r.player.name(),
            first: r.first.name(),
            string: names(&r.string),
            states: r.states,
            cassandra: CassandraJson {
                status: c.status.code(),
                name: c.status.name(),
                plies: c.plies,
                line: c.line.iter().map(|&m| move_name(m)).collect(),
                line_repeats: c.line_repeats,
                local2: names(&c.local2.points),
                bounded_by: bounded_by(&c.local2.neighbours),
            },
            j2003: J2003Json {
                status: j.status.map(Status::code),
                name: j.status.map(Status::name),
                settled_from: j.limit.settled_from(),
                repeats_from: j.limit.from,
                period: j.limit.period,
                cycle: codes(j.limit.cycle()),
                steps: StepsJson {
                    bound,
                    step1: step_name(steps[0]),
                    step2: step_name(steps[1]),
                    step3: step_name(steps[2]),
                },
                local2: j.local2.as_ref().ok().map(|l| names(&l.points)),
                local2_undefined_by: j.local2.as_ref().err().map(|&p| name(p)),
                bounded_by: j.local2.as_ref().ok().map(|l| bounded_by(&l.neighbours)),
            },
            agree: r.agree(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{status, Options};
    use tsume_board::{Color, Position};

    #[test]
    fn a_settled_status_names_its_points_by_the_callers_names() {
        // The crate's example: a White stone between two empty points is uncapturable.
        let p = Position::from_diagram(". o .", Color::Black).unwrap();
        let x = p.board().parse_point("B1").unwrap();
        let r = status(&p, x, &Options::default()).unwrap();
        let name = |q: Point| format!("<{}>", p.board().name(q));
        let s = StatusSettled::new(&r, &name);
        assert_eq!((s.player, s.first), ("white", "black"));
        assert_eq!(s.string, [name(x)]);
        assert!(s.string[0].starts_with('<'));
        assert_eq!((s.cassandra.status, s.j2003.status), ("A", Some("A")));
        assert!(s.agree);
        assert!(s.cassandra.local2.contains(&name(x)));
        assert_eq!(step_name(Value::Cut), "irrelevant");
    }
}
