//! The file written back with the review: `tsume check --sgf-out`.

use tsume_board::{sgf_write, Color, Move};

use super::{claim_str, Judgement, Review};

/// One SGF move node: `;B[cc]…C[…]`.
fn sgf_move(c: Color, sgf_point: &str, properties: &str, comment: &str) -> String {
    let (node, comment) = (
        sgf_write::move_node(c, sgf_point),
        sgf_write::text("C", comment),
    );
    format!("{node}{properties}{comment}")
}

/// The SGF point of a move of the position in play (None: not on the board, such as a
/// virtual eye point).
fn sgf_point_of(r: &Review, m: Move) -> Option<String> {
    match m {
        Move::Pass => Some(String::new()),
        Move::Play(x) => r
            .problem
            .to_full(x)
            .map(|f| r.problem.full().board().sgf(f)),
    }
}

/// [`Review::annotated_sgf`].
fn annotated_sgf(r: &Review) -> String {
    fn node(r: &Review, i: usize, out: &mut String) {
        let f = &r.flat[i];
        let mut comment = f.comment.clone().unwrap_or_default();
        if !comment.is_empty() {
            comment.push_str("\n\n");
        }
        comment.push_str("tsume: ");
        comment.push_str(&r.move_text(i));
        if f.leaf {
            if let Some(l) = r.lines.iter().find(|l| l.path.last() == Some(&i)) {
                comment.push_str(&format!(
                    "\ntsume: the line is {}{}; marked {}",
                    l.judged.map_or("not settled", |j| claim_str(Some(j))),
                    if l.ko {
                        " through a ko (under ordinary Go rules)"
                    } else {
                        ""
                    },
                    claim_str(l.claim)
                ));
            }
        }
        let point = f
            .point
            .map_or(String::new(), |p| r.problem.full().board().sgf(p));
        out.push_str(&sgf_move(f.color, &point, &f.properties, &comment));
        let mut kids: Vec<String> = Vec::new();
        for (k, c) in r.flat.iter().enumerate() {
            if c.parent == Some(i) {
                let mut t = String::new();
                node(r, k, &mut t);
                kids.push(t);
            }
        }
        // A failed move that the file does not refute: the refutation.
        let refuted = r
            .flat
            .iter()
            .enumerate()
            .any(|(k, c)| c.parent == Some(i) && r.judgements[k] == Judgement::Refutes);
        if r.judgements[i] == Judgement::Fails && !refuted {
            let opp = f.side.opponent();
            if let Some(p) = r.evals[i].moves.first().and_then(|&m| sgf_point_of(r, m)) {
                kids.push(sgf_move(
                    opp,
                    &p,
                    "",
                    &format!("tsume: the refutation: {} {}", opp.title(), r.goal(opp)),
                ));
            }
        }
        match kids.len() {
            0 => {}
            1 => out.push_str(&kids[0]),
            _ => {
                for k in kids {
                    out.push_str(&format!("({k})"));
                }
            }
        }
    }
    let mut tops: Vec<String> = Vec::new();
    for (k, f) in r.flat.iter().enumerate() {
        if f.parent.is_none() {
            let mut t = String::new();
            node(r, k, &mut t);
            tops.push(t);
        }
    }
    for &m in &r.missing {
        if let Some(p) = sgf_point_of(r, m) {
            tops.push(sgf_move(
                r.side,
                &p,
                "",
                &format!(
                    "tsume: also wins ({} {}), in no right line of the file",
                    r.side.title(),
                    r.goal(r.side)
                ),
            ));
        }
    }
    let mut out = format!("({}", r.root_sgf);
    for t in tops {
        out.push_str(&format!("\n({t})"));
    }
    out.push_str(")\n");
    out
}

impl Review {
    /// The file written back: its root sequence, its lines with the judgement appended
    /// to each comment, the refutations it lacks and the other winning first moves added
    /// as variations.
    pub fn annotated_sgf(&self) -> String {
        annotated_sgf(self)
    }
}
