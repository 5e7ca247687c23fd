//! A ko's details ([`super::go_result`]): who wins under the basic rule with no threats,
//! the external threats each side needs, and the mover's moves that start the ko it needs
//! the fewest threats for.

use std::time::Instant;

use tsume_board::{Color, KoRule, Point, Position};

use super::{left, search, GoAnswer, GoResult, KoDetail, Searched, Threats, MAX_THREATS};
use crate::{Move, Options, Verdict};

/// A ko: who wins with no threats, the threats each side needs, and the mover's moves
/// that start the ko it needs the fewest threats for.
pub(super) fn ko_detail(
    p: &Position,
    target: Point,
    opts: &Options,
    deadline: Option<Instant>,
    basic: Option<Searched>,
    fallback: Vec<Move>,
    out: &mut GoAnswer,
) {
    let Some(defender) = p.color(target) else {
        return;
    };
    let attacker = defender.opponent();
    let mover = p.to_move();
    let mut detail = KoDetail {
        winner_without_threats: None,
        attacker_threats: Threats::Unknown,
        defender_threats: Threats::Unknown,
    };
    let mut nodes = 0;
    // A disproof within the bound only says nothing of longer kills: unknown here.
    let basic = basic.unwrap_or_else(|| {
        search(
            p,
            target,
            KoRule::Basic,
            [0, 0],
            &left(opts, deadline),
            &mut nodes,
        )
    });
    let winner = match basic.verdict {
        Verdict::Dead => Some(attacker),
        Verdict::Alive if basic.every_alpha => Some(defender),
        _ => None,
    };
    detail.winner_without_threats = winner;
    let mut mover_moves = Vec::new();
    if let Some(winner) = winner {
        out.evidence.extend(basic.evidence.clone());
        let loser = winner.opponent();
        // Whether `side` wins under the basic rule with `k` threats and the other side
        // `other` (a disproof within the bound only: unknown).
        let try_threats = |side: Color, k: u8, other: u8, nodes: &mut u64| {
            let mut t = [0, 0];
            t[side.index()] = k;
            t[side.opponent().index()] = other;
            let s = search(p, target, KoRule::Basic, t, &left(opts, deadline), nodes);
            let wins = match s.verdict {
                Verdict::Dead => Some(side == attacker),
                Verdict::Alive if s.every_alpha => Some(side == defender),
                _ => None,
            };
            (wins, s)
        };
        // The loser's least number of threats (more never hurt). Where the loser is the
        // defender, the most counted first: the defender losing even with that many is
        // the result dead, asked before any count, in one search (issue 49: threats
        // counted only for an answer that is a ko); where it is the attacker (a ko
        // whatever the count), 1 first, the most common, then the most counted. Then
        // the ones between, counted up. The winner's best ko is the one it still wins
        // with the loser holding the most threats tried. (Threats being monotone, each
        // order gives the same answer from some of the same searches; tests/go.rs holds
        // the counts to the exact oracle's.)
        let mut needed: Option<u8> = None;
        let mut more_than = false;
        let mut best_for_winner = basic.moves.clone();
        let mut found: Option<(u8, Searched)> = None;
        let most_first = loser == defender && MAX_THREATS > 1;
        // With `most`: the search with the most threats counted, if made already.
        let mut most: Option<(Option<bool>, Searched)> =
            most_first.then(|| try_threats(loser, MAX_THREATS, 0, &mut nodes));
        let loses_with_most = most.as_ref().is_some_and(|(w, _)| *w == Some(false));
        let (w1, s1) = if loses_with_most {
            (Some(false), None)
        } else {
            let (w, s) = try_threats(loser, 1, 0, &mut nodes);
            (w, Some(s))
        };
        match w1 {
            Some(true) => found = s1.map(|s| (1, s)),
            Some(false) if MAX_THREATS > 1 => {
                if let Some(s1) = s1 {
                    best_for_winner = s1.moves;
                }
                let (wm, sm) = match most.take() {
                    Some(m) => m,
                    None => try_threats(loser, MAX_THREATS, 0, &mut nodes),
                };
                match wm {
                    Some(true) => {
                        found = Some((MAX_THREATS, sm));
                        for k in 2..MAX_THREATS {
                            let (wk, sk) = try_threats(loser, k, 0, &mut nodes);
                            match wk {
                                Some(true) => {
                                    found = Some((k, sk));
                                    break;
                                }
                                Some(false) => best_for_winner = sk.moves,
                                // Not known below: the least count is not known.
                                None => {
                                    found = None;
                                    break;
                                }
                            }
                        }
                    }
                    Some(false) => {
                        // The loser cannot win even with the most threats counted.
                        best_for_winner = sm.moves;
                        more_than = true;
                        out.evidence.extend(sm.evidence);
                    }
                    None => {}
                }
            }
            Some(false) => {
                if let Some(s1) = s1 {
                    best_for_winner = s1.moves;
                }
            }
            None => {}
        }
        if let Some((k, s)) = found {
            needed = Some(k);
            if loser == mover {
                mover_moves.clone_from(&s.moves);
            }
            out.evidence.extend(s.evidence);
        }
        if winner == mover {
            mover_moves = best_for_winner;
        }
        let loser_needs = match (needed, more_than) {
            (Some(k), _) => Threats::Needs(k),
            (None, true) => Threats::MoreThan(MAX_THREATS),
            (None, false) => Threats::Unknown,
        };
        if winner == attacker {
            detail.attacker_threats = Threats::Needs(0);
            detail.defender_threats = loser_needs;
        } else {
            detail.defender_threats = Threats::Needs(0);
            detail.attacker_threats = loser_needs;
        }
    }
    out.nodes += nodes;
    // Without the mover's least-threat search, its moves as the master start a ko too.
    out.moves = if mover_moves.is_empty() {
        fallback
    } else {
        mover_moves
    };
    out.ko = Some(detail);
    out.note = "the attacker kills as the ko master, not against it: a ko".into();
    // A ko the defender cannot win with the most threats counted: the defender lives
    // only by retaking for ever, paying a threat each time, which no real game allows.
    // Dead, with the kill against that many threats checked (docs/design/ko-results.md).
    if detail.defender_threats == Threats::MoreThan(MAX_THREATS) {
        out.result = GoResult::Dead;
        out.note = format!(
            "dead: the attacker kills even if the defender has {MAX_THREATS} external ko \
             threats; with unlimited threats the defender could only retake for ever"
        );
        if mover == defender {
            out.moves.clear();
        }
    }
}
