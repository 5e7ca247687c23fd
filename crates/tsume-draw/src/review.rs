//! A problem file's solution tree as judged by proof (`tsume check --html`): each of the
//! file's lines to step through, each move with its judgement.

use std::time::Instant;

use tsume_board::Move;
use tsume_solve::review::{claim_str, Review};

use crate::{page_html, Line, Scene, Step};

/// `tsume check --html`: the page of the file's lines, each move with its judgement,
/// the review's text report above the board, drawn by `deadline`.
///
/// # Errors
/// A graph board too large to draw ([`crate::MAX_DRAWN_GRAPH_POINTS`]), or the deadline
/// passed.
pub fn review_page(r: &Review, deadline: Option<Instant>) -> Result<String, crate::DrawError> {
    let p = &r.problem;
    let lines: Vec<Line> = r
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
                let t = r.move_text(i);
                let note = t
                    .split_once('(')
                    .and_then(|(_, rest)| rest.strip_suffix(')'))
                    .unwrap_or(&t);
                steps.push(Step {
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
            Line {
                group: "The file's lines".to_string(),
                title: format!("line {}: marked {marked}; {verdict}", k + 1),
                start: p.position().with_to_move(first),
                steps,
                end: format!("judged {}", claim_str(l.judged)),
            }
        })
        .collect();
    let facts: Vec<String> = r.text().lines().map(str::to_string).collect();
    page_html(
        &Scene::of_problem_by(p, deadline)?,
        &p.label(),
        &facts,
        &lines,
    )
}
