//! Every first move's outcome, shown by a checked tree of its own (`--all-moves`).

use tsume_board::{Move, Point, Position};
use tsume_prove::{Options, Verdict};

use crate::check_tree;

/// What checking every first move one by one gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovesCheck {
    /// Every outcome shown by a checked tree: how many trees.
    Checked(usize),
    /// A move's own search ran out of budget or its tree was too large: not shown,
    /// nothing contradicted.
    Unsettled(String),
    /// A move's outcome is not the one listed, or its tree was rejected: a failure.
    Rejected(String),
}

/// Every first move of a winning player to move, solved and checked on its own: each
/// listed move must leave a position the mover wins, each other move one the opponent
/// wins, each shown by a tree the checker accepts (one per distinct position; a move
/// that captures the target wins by the rule itself). `None` where there is nothing
/// beyond the root's tree to show (the player to move loses: the root's tree answers
/// all its moves).
pub(crate) fn check_first_moves(
    pos: &Position,
    target: Point,
    depth: u32,
    opts: &Options,
    answer: &tsume_prove::Answer,
) -> Option<MovesCheck> {
    let mover_attacks = pos.color(target) != Some(pos.to_move());
    let mover_wins = (answer.verdict == Verdict::Dead) == mover_attacks;
    if answer.verdict == Verdict::Unknown || !mover_wins {
        return None;
    }
    let child_opts = Options {
        depth: depth - 1,
        all_moves: false,
        want_tree: true,
        progress: None,
        ..opts.clone()
    };
    // By position (stones, player, ko ban): a move to a position already shown needs no
    // tree of its own.
    let mut seen: std::collections::HashMap<Position, Verdict> = std::collections::HashMap::new();
    let mut trees = 0;
    for (m, child) in pos.successors() {
        let name = match m {
            Move::Pass => "pass",
            Move::Play(x) => pos.board().name(x),
        };
        let wins = answer.moves.contains(&m);
        if child.color(target).is_none() {
            // The capture: the attacker's win by D₀ at the root.
            if wins && mover_attacks {
                continue;
            }
            return Some(MovesCheck::Rejected(format!(
                "{name} captures the group but is not listed"
            )));
        }
        // The verdict the move must leave: the mover's win if listed, else the other's.
        let want = if wins == mover_attacks {
            Verdict::Dead
        } else {
            Verdict::Alive
        };
        // The tree read off the root search's table, where it gave one: checked like
        // any other (a tree of another verdict, or one the checker rejects, is a failure).
        let shared = answer
            .move_trees
            .iter()
            .find(|(mv, _)| *mv == m)
            .and_then(|(_, t)| t.as_ref());
        if let Some(t) = shared {
            if let Err(e) = check_tree(&child, target, want, depth, t) {
                return Some(MovesCheck::Rejected(format!("after {name}: {e}")));
            }
            seen.insert(child, want);
            trees += 1;
            continue;
        }
        if let Some(&v) = seen.get(&child) {
            if v != want {
                return Some(MovesCheck::Rejected(format!(
                    "{name} leaves a position already shown {v}"
                )));
            }
            continue;
        }
        let a = match tsume_prove::solve(&child, target, &child_opts) {
            Ok(a) => a,
            Err(e) => return Some(MovesCheck::Rejected(format!("{name}: {e}"))),
        };
        if a.verdict == Verdict::Unknown {
            return Some(MovesCheck::Unsettled(format!(
                "after {name}: unknown ({})",
                a.reason
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default()
            )));
        }
        if a.verdict != want {
            return Some(MovesCheck::Rejected(format!(
                "after {name}: {} where {} was said",
                a.verdict, want
            )));
        }
        let Some(t) = &a.tree else {
            return Some(MovesCheck::Unsettled(format!(
                "after {name}: no tree ({})",
                a.reason
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default()
            )));
        };
        if let Err(e) = check_tree(&child, target, want, depth, t) {
            return Some(MovesCheck::Rejected(format!("after {name}: {e}")));
        }
        seen.insert(child, want);
        trees += 1;
    }
    Some(MovesCheck::Checked(trees))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use tsume_board::Color;

    /// A straight three on the edge, Black to kill (the middle point kills, the other
    /// moves do not): every first move's outcome is checked; a list that leaves out the
    /// killing move, or adds a move that does not kill, is refused, naming the move.
    #[test]
    fn first_moves_are_checked_one_by_one() {
        let pos = Position::from_diagram(
            ". . . o x .
             o o o o x .
             x x x x x .
             . . . . . .",
            Color::Black,
        )
        .unwrap();
        let target = pos.board().parse_point("D4").unwrap();
        let depth = 12;
        let opts = Options {
            depth,
            all_moves: true,
            want_tree: true,
            ..Options::default()
        };
        let answer = tsume_prove::solve(&pos, target, &opts).unwrap();
        assert_eq!(answer.verdict, Verdict::Dead);
        assert!(answer.all_moves);
        let Some(MovesCheck::Checked(n)) = check_first_moves(&pos, target, depth, &opts, &answer)
        else {
            panic!("every first move checked");
        };
        assert!(n >= 2, "{n} trees");
        // The trees come from the root search's table; without them every move is solved
        // again on its own, with the same outcome.
        assert!(!answer.move_trees.is_empty());
        let mut bare = answer.clone();
        bare.move_trees.clear();
        assert!(matches!(
            check_first_moves(&pos, target, depth, &opts, &bare),
            Some(MovesCheck::Checked(m)) if m == n
        ));

        let mut fewer = answer.clone();
        let dropped = fewer.moves.remove(0);
        let Some(MovesCheck::Rejected(e)) = check_first_moves(&pos, target, depth, &opts, &fewer)
        else {
            panic!("a winning move left out, not refused");
        };
        let Move::Play(x) = dropped else {
            panic!("a pass kills?")
        };
        assert!(e.contains(pos.board().name(x)), "{e}");

        let mut more = answer.clone();
        let extra = pos
            .legal_moves()
            .map(Move::Play)
            .find(|m| !answer.moves.contains(m))
            .unwrap();
        more.moves.push(extra);
        assert!(matches!(
            check_first_moves(&pos, target, depth, &opts, &more),
            Some(MovesCheck::Rejected(_))
        ));

        // The losing side (White after the kill): the root's tree answers all its
        // moves, nothing more to show.
        let after = pos.play(answer.moves[0]);
        let lost = tsume_prove::solve(
            &after,
            target,
            &Options {
                depth: depth - 1,
                ..opts.clone()
            },
        )
        .unwrap();
        assert_eq!(lost.verdict, Verdict::Dead);
        assert!(lost.moves.is_empty());
        assert!(check_first_moves(&after, target, depth - 1, &opts, &lost).is_none());
    }
}
