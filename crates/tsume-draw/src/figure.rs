//! Lines of play and the book figure of a line: the position at its end, numbers on the
//! stones it placed, and the notes for the moves the figure cannot show.

use tsume_board::{Color, Move, Played, Point, Position};

/// One move of a line: who plays, what, and a note for the reader (a judgement, or
/// nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The player of the move.
    pub color: Color,
    /// The move, on the board of the line's position (the area in play).
    pub mv: Move,
    /// A note shown with the move (may be empty).
    pub note: String,
}

/// A line of play from a position: a principal variation, a refutation, or one of a
/// problem file's own variations.
#[derive(Clone, Debug)]
pub struct Line {
    /// The group the line belongs to in the page's list ("Black first", "Refutations").
    pub group: String,
    /// What the line is ("Black kills at B7").
    pub title: String,
    /// The position it starts from (the area in play, the first mover to move).
    pub start: Position,
    /// The moves.
    pub steps: Vec<Step>,
    /// What the end of the line means ("the group is captured"; may be empty).
    pub end: String,
}

impl Line {
    /// A line whose moves alternate, the player to move of `start` first.
    pub fn alternating(
        group: impl Into<String>,
        title: impl Into<String>,
        start: Position,
        moves: &[Move],
        end: impl Into<String>,
    ) -> Line {
        let mut c = start.to_move();
        let steps = moves
            .iter()
            .map(|&mv| {
                let s = Step {
                    color: c,
                    mv,
                    note: String::new(),
                };
                c = c.opponent();
                s
            })
            .collect();
        Line {
            group: group.into(),
            title: title.into(),
            start,
            steps,
            end: end.into(),
        }
    }

    /// The position after the first `k` moves (all of them when `k` is larger).
    pub fn position_after(&self, k: usize) -> Position {
        let mut pos = self.start.clone();
        for s in self.steps.iter().take(k) {
            play(&mut pos, s);
        }
        pos
    }
}

/// Plays a step on `pos` with φ, the step's player to move (a colour may play twice in
/// a problem file's line): what φ did.
pub(crate) fn play(pos: &mut Position, s: &Step) -> Played {
    if pos.to_move() != s.color {
        *pos = pos.with_to_move(s.color);
    }
    pos.play_in_place(s.mv)
}

/// The figure of a line's first moves, drawn the way Go books draw a line: the position
/// at the end (captured stones taken off), each stone the line placed that still stands
/// marked with its move number, and a note for every move the figure cannot show.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The position after the moves.
    pub position: Position,
    /// For each point of the position's board, the number shown on its stone.
    pub numbers: Vec<Option<u32>>,
    /// The moves not shown by a number of their own, in order: "7 at 3" (played where
    /// the stone numbered 3 stands), "4 at C4, captured" (its stone was taken and the
    /// point is empty), "5 pass", "6 at D4: a pass (occupied point)".
    pub notes: Vec<String>,
    /// The point of the last move, if it placed a stone.
    pub last: Option<Point>,
}

/// The figure of the first `k` moves of `line` (all when `k` is larger); `name` names a
/// point for the notes.
///
/// The number on a point is that of the first move of the last run of moves of one
/// colour played there: in a ko the same player retakes the same point, so "7 at 3" is
/// noted and 3 stays; a point where the other colour played in between shows the later
/// stone, the colour that stands there.
pub fn figure(line: &Line, k: usize, name: &dyn Fn(Point) -> String) -> Figure {
    figure_of(line, 0, k, name)
}

/// The figure of moves `from + 1 ..= to` of `line`, from the position after `from`
/// moves (numbered from `from + 1`, as a book's next diagram continues a line).
pub fn figure_of(line: &Line, from: usize, to: usize, name: &dyn Fn(Point) -> String) -> Figure {
    let mut pos = line.position_after(from);
    let n = pos.board().len();
    // Per point, the numbered moves played there, in order.
    let mut history: Vec<Vec<(u32, Color)>> = vec![Vec::new(); n];
    let mut passes: Vec<(u32, String)> = Vec::new();
    let mut last = None;
    for (i, s) in line.steps.iter().enumerate().take(to).skip(from) {
        let num = i as u32 + 1;
        let played = play(&mut pos, s);
        last = None;
        match (s.mv, played) {
            (Move::Pass, _) => passes.push((num, format!("{num} pass"))),
            (Move::Play(x), Played::Stone { .. }) => {
                history[x.index()].push((num, s.color));
                last = Some(x);
            }
            (Move::Play(x), p) => {
                let why = match p {
                    Played::Occupied => "occupied point",
                    Played::Suicide => "suicide",
                    Played::Banned => "ko ban",
                    _ => "no stone",
                };
                passes.push((num, format!("{num} at {}: a pass ({why})", name(x))));
            }
        }
    }
    let mut numbers = vec![None; n];
    let mut notes = passes;
    for (i, h) in history.iter().enumerate() {
        let Some(&(_, last_color)) = h.last() else {
            continue;
        };
        let p = Point::from_index(i);
        if pos.color(p) != Some(last_color) {
            // Taken off: every move there is a note.
            for &(num, _) in h {
                notes.push((num, format!("{num} at {}, captured", name(p))));
            }
            continue;
        }
        let run = h.len() - h.iter().rev().take_while(|(_, c)| *c == last_color).count();
        let shown = h[run].0;
        numbers[i] = Some(shown);
        for &(num, _) in h.iter().filter(|(num, _)| *num != shown) {
            notes.push((num, format!("{num} at {shown}")));
        }
    }
    notes.sort();
    Figure {
        position: pos,
        numbers,
        notes: notes.into_iter().map(|(_, t)| t).collect(),
        last,
    }
}

/// Where a book would start a new diagram: the line cut before each move that captures a
/// stone the current diagram numbered (so the key moves stay on the board), at most
/// `max` diagrams (the last one takes the rest, its captures noted). Ranges of moves
/// `(from, to)`: moves `from + 1 ..= to`.
pub fn diagrams(line: &Line, max: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut pos = line.start.clone();
    let mut from = 0;
    let mut placed: Vec<Point> = Vec::new();
    for (i, s) in line.steps.iter().enumerate() {
        let mut next = pos.clone();
        play(&mut next, s);
        let takes = placed
            .iter()
            .any(|&p| pos.color(p).is_some() && next.color(p).is_none());
        if takes && i > from && out.len() + 1 < max.max(1) {
            out.push((from, i));
            from = i;
            placed.clear();
        }
        if let Move::Play(x) = s.mv {
            if next.color(x).is_some() {
                placed.push(x);
            }
        }
        pos = next;
    }
    out.push((from, line.steps.len()));
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn name(pos: &Position) -> impl Fn(Point) -> String + '_ {
        |p| pos.board().gtp(p)
    }

    /// The ko on a line of problem 35: Black B1 captures A1, White A1 retakes, and
    /// again. The retakes at the same point by the same player are "N at M", the stones
    /// taken and not replaced are "N at X, captured"; the figure is the position at the
    /// end.
    #[test]
    fn a_retaken_ko_is_noted_the_way_books_do() {
        let start = Position::from_diagram("( o . o o . o )", Color::Black).unwrap();
        let b = start.board().clone();
        let (a1, b1) = (b.parse_point("A1").unwrap(), b.parse_point("B1").unwrap());
        let moves = [
            Move::Play(b1),
            Move::Play(a1),
            Move::Play(b1),
            Move::Play(a1),
        ];
        let line = Line::alternating("g", "t", start.clone(), &moves, "");
        // Check the captures really happen (the test's premise).
        let after1 = line.position_after(1);
        assert_eq!(after1.color(a1), None, "Black B1 captures A1");
        let after2 = line.position_after(2);
        assert_eq!(after2.color(b1), None, "White A1 captures B1");
        let f = figure(&line, 4, &name(&start));
        // End: White A1 (moves 2 and 4), B1 empty (Black 1 and 3 captured).
        assert_eq!(f.position, line.position_after(4));
        assert_eq!(f.numbers[a1.index()], Some(2));
        assert_eq!(f.numbers[b1.index()], None);
        assert_eq!(
            f.notes,
            vec!["1 at B1, captured", "3 at B1, captured", "4 at 2"]
        );
        assert_eq!(f.last, Some(a1));
        // Three moves: Black B1 stands (1 and 3 there), A1 empty (2 captured).
        let f3 = figure(&line, 3, &name(&start));
        assert_eq!(f3.numbers[b1.index()], Some(1));
        assert_eq!(f3.notes, vec!["2 at A1, captured", "3 at 1"]);
    }

    /// The ko line cut where a numbered stone is taken: 1 (Black B1), then 2 takes it,
    /// 3 takes 2, 4 takes 3; at most three diagrams, the last taking the rest.
    #[test]
    fn a_line_is_cut_where_its_stones_are_taken() {
        let start = Position::from_diagram("( o . o o . o )", Color::Black).unwrap();
        let b = start.board().clone();
        let (a1, b1) = (b.parse_point("A1").unwrap(), b.parse_point("B1").unwrap());
        let moves = [
            Move::Play(b1),
            Move::Play(a1),
            Move::Play(b1),
            Move::Play(a1),
        ];
        let line = Line::alternating("g", "t", start.clone(), &moves, "");
        assert_eq!(diagrams(&line, 9), vec![(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert_eq!(diagrams(&line, 3), vec![(0, 1), (1, 2), (2, 4)]);
        let f = figure_of(&line, 1, 2, &name(&start));
        assert_eq!(f.numbers[a1.index()], Some(2));
        assert_eq!(f.position, line.position_after(2));
    }

    /// Passes and moves that φ turns into passes are notes; other stones are numbered
    /// where they stand.
    #[test]
    fn passes_and_plain_moves() {
        let start = Position::from_diagram(". . .\n. x .\n. . .", Color::White).unwrap();
        let b = start.board().clone();
        let p = |s: &str| Move::Play(b.parse_point(s).unwrap());
        let line = Line::alternating("g", "t", start.clone(), &[p("A1"), Move::Pass, p("B2")], "");
        let f = figure(&line, 9, &name(&start));
        assert_eq!(f.numbers[b.parse_point("A1").unwrap().index()], Some(1));
        assert_eq!(f.notes, vec!["2 pass", "3 at B2: a pass (occupied point)"]);
        assert_eq!(f.last, None);
        assert_eq!(f.position.stone_count(), 2);
    }
}
