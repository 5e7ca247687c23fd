//! `tsume status`'s text report: a [`Report`] as lines, with the caller's names of points
//! (the CLI names them on the whole board), as [`crate::json`] does for the JSON.

use std::fmt::Write as _;

use tsume_board::Point;

use crate::json::{codes, step_name};
use crate::{Report, Status};

/// The report of the string at `x` of the problem `label`, under the basic ko rule
/// with `ko_rule`, each point named by `name`: Cassandra's pass, J2003's steps, whether
/// they agree.
pub fn report(
    label: &str,
    x: Point,
    r: &Report,
    ko_rule: bool,
    name: &dyn Fn(Point) -> String,
) -> String {
    let mut out = String::new();
    let c = &r.cassandra;
    let j = &r.j2003;
    let list = |p: &[Point]| p.iter().map(|&p| name(p)).collect::<Vec<_>>().join(" ");
    let bounded = |n: &[(Point, bool)]| {
        let b: Vec<String> = n
            .iter()
            .filter(|(_, b)| *b)
            .map(|&(p, _)| name(p))
            .collect();
        if b.is_empty() {
            String::new()
        } else {
            format!(" (bounded by the strings at {})", b.join(" "))
        }
    };
    let _ = writeln!(
        out,
        "{label}: the string at {} ({}, {}), {} moving first, {}",
        name(x),
        r.player.name(),
        tsume_board::counted(r.string.len(), "stone", "stones"),
        r.first.title(),
        if ko_rule {
            "basic ko rule"
        } else {
            "no ko rule (Crăşmaru's model)"
        }
    );
    let _ = writeln!(
        out,
        "  Cassandra's single pass: {} {}{}",
        c.status.code(),
        c.status.name(),
        if c.status == Status::A {
            String::new()
        } else {
            format!(", forced within {} plies", c.plies)
        }
    );
    let line: Vec<String> = c
        .line
        .iter()
        .map(|m| m.point().map_or_else(|| "pass".to_string(), name))
        .collect();
    let _ = writeln!(
        out,
        "    line: {}{}",
        line.join(" "),
        if c.line_repeats {
            " … (the position repeats: infinite play)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        out,
        "    local-2: {}{}",
        list(&c.local2.points),
        bounded(&c.local2.neighbours)
    );
    let bound = r.depth.unwrap_or(j.limit.from);
    let steps: Vec<&str> = j
        .limit
        .steps_at(bound)
        .iter()
        .map(|&v| step_name(v))
        .collect();
    let verdict = match (j.status, r.depth) {
        (Some(s), Some(d)) => format!("{} {} at bound {d}", s.code(), s.name()),
        (Some(s), None) => format!(
            "{} {}, at every bound from {} on",
            s.code(),
            s.name(),
            j.limit.settled_from().unwrap_or(0)
        ),
        (None, _) if j.local2.is_err() => {
            "no conclusion: local-2 is undefined, and without it the steps give neither A nor B2"
                .to_string()
        }
        (None, _) => format!(
            "no conclusion: from bound {} on it repeats {} (period {})",
            j.limit.from,
            codes(j.limit.cycle()).join(" "),
            j.limit.period
        ),
    };
    let _ = writeln!(out, "  J2003's steps:           {verdict}");
    let _ = writeln!(
        out,
        "    steps 1, 2, 3 at bound {bound}: {}",
        steps.join(", ")
    );
    let _ = match &j.local2 {
        Ok(l) => writeln!(
            out,
            "    local-2: {}{}",
            list(&l.points),
            bounded(&l.neighbours)
        ),
        Err(p) => writeln!(
            out,
            "    local-2: undefined (whether the string at {} bounds it changes with the bound)",
            name(*p)
        ),
    };
    let _ = match j.status {
        Some(s) if s == c.status => writeln!(out, "  The evaluations agree."),
        Some(s) => writeln!(
            out,
            "  The evaluations differ: Cassandra {}, J2003 {}.",
            c.status.code(),
            s.code()
        ),
        None => writeln!(
            out,
            "  The evaluations differ: Cassandra {}, J2003 none.",
            c.status.code()
        ),
    };
    let _ = writeln!(out, "  ({} states of hypothetical play)", r.states);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{status, Options};
    use tsume_board::{Color, Position};

    #[test]
    fn a_report_names_the_string_both_statuses_and_their_agreement() {
        // The crate's example: a White stone between two empty points is uncapturable.
        let p = Position::from_diagram(". o .", Color::Black).unwrap();
        let x = p.board().parse_point("B1").unwrap();
        let r = status(&p, x, &Options::default()).unwrap();
        let name = |q: Point| format!("<{}>", p.board().name(q));
        let text = report("line.graph", x, &r, false, &name);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            format!(
                "line.graph: the string at {} (white, 1 stone), Black moving first, no ko rule (Crăşmaru's model)",
                name(x)
            )
        );
        assert_eq!(lines[1], "  Cassandra's single pass: A uncapturable");
        assert!(
            lines[4].starts_with("  J2003's steps:           A uncapturable, at every bound from")
        );
        assert_eq!(lines[lines.len() - 2], "  The evaluations agree.");
        assert_eq!(
            lines[lines.len() - 1],
            format!("  ({} states of hypothetical play)", r.states)
        );
        assert!(report("f", x, &r, true, &name)
            .lines()
            .next()
            .unwrap()
            .ends_with("basic ko rule"));
    }
}
