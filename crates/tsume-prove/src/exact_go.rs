//! The exact result under ordinary Go rules, by retrograde analysis over every position
//! reachable from p under each ko rule: the tests' oracle for [`crate::go`], independent
//! of the df-pn search, for problems small enough to enumerate.
//!
//! - `A`: the kill rank with the defender the ko master ([`KoRule::Master`]: the basic
//!   ko ban binds the attacker only); `B`: with the attacker the master. A kills: dead;
//!   B does not: alive or seki; A does not and B does: ko.
//! - Seki against alive: whether the defender can force the target unconditionally
//!   alive (Benson), the attacker the master resisting: the least fixpoint W of the
//!   positions where it can (a Benson position is in W; a defender's position with a
//!   successor in W; an attacker's position not in D₀ with every successor in W).
//!   Infinite play leaves a position out of W.
//! - For a ko: who wins under the basic rule with no threats, and the least number of
//!   external ko threats each side needs (the basic rule, that side may ignore the ban
//!   that many times), up to a cap; a ko the defender cannot win with the cap counts
//!   as dead, as [`crate::go`] reports it.

use fxhash::FxHashMap;
use tsume_board::{benson, Color, KoRule, Point, Position};

use crate::exact::{kill_rank, TooLarge};
use crate::go::GoResult;

/// The exact result of one player moving first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ExactGo {
    /// dead, alive, seki or ko (never unknown).
    pub result: GoResult,
    /// For a ko: whether the attacker wins it under the basic rule with no threats.
    pub attacker_wins_without_threats: Option<bool>,
    /// For a ko: the least number of external ko threats the attacker needs to kill, up
    /// to the cap (`None`: more than the cap).
    pub attacker_threats: Option<u8>,
    /// For a ko: the same for the defender to live.
    pub defender_threats: Option<u8>,
}

/// [`ExactGo`] for the player to move in `p` (its ko rule, if any, is replaced by each
/// rule in turn), threats counted up to `max_threats`.
///
/// # Errors
/// [`TooLarge`] when an enumeration reaches `max_positions`.
///
/// # Panics
/// If `x` is empty in `p`.
pub fn go_result(
    p: &Position,
    x: Point,
    max_positions: usize,
    max_threats: u8,
) -> Result<ExactGo, TooLarge> {
    #[allow(clippy::expect_used)]
    let defender = p.color(x).expect("the target point holds a stone");
    let attacker = defender.opponent();
    let mut out = ExactGo {
        result: GoResult::Unknown,
        attacker_wins_without_threats: None,
        attacker_threats: None,
        defender_threats: None,
    };
    if kill_rank(&p.with_ko(KoRule::Master(defender)), x, max_positions)?.is_some() {
        out.result = GoResult::Dead;
        return Ok(out);
    }
    let under_attacker = p.with_ko(KoRule::Master(attacker));
    if kill_rank(&under_attacker, x, max_positions)?.is_none() {
        out.result = if forces_unconditional(&under_attacker, x, max_positions)? {
            GoResult::Alive
        } else {
            GoResult::Seki
        };
        return Ok(out);
    }
    out.result = GoResult::Ko;
    let kills = |threats: [u8; 2]| -> Result<bool, TooLarge> {
        let q = p
            .with_ko(KoRule::Basic)
            .with_ko_threats(threats[0], threats[1]);
        Ok(kill_rank(&q, x, max_positions)?.is_some())
    };
    out.attacker_wins_without_threats = Some(kills([0, 0])?);
    for k in 0..=max_threats {
        let mut t = [0, 0];
        t[attacker.index()] = k;
        if kills(t)? {
            out.attacker_threats = Some(k);
            break;
        }
    }
    for k in 0..=max_threats {
        let mut t = [0, 0];
        t[defender.index()] = k;
        if !kills(t)? {
            out.defender_threats = Some(k);
            break;
        }
    }
    // A ko the defender cannot win with the most threats counted: dead (as
    // `crate::go` reports it).
    if out.defender_threats.is_none() {
        out.result = GoResult::Dead;
    }
    Ok(out)
}

/// Whether the defender (the colour on `x`) can force its group unconditionally alive
/// (Benson) from `p`, under `p`'s rule: `p` in the least fixpoint W described in the
/// module docs. D₀ positions (the attacker captures next) and Benson positions are not
/// expanded.
///
/// # Errors
/// [`TooLarge`] when more than `max_positions` positions are reachable.
///
/// # Panics
/// If `x` is empty in `p`.
pub fn forces_unconditional(
    p: &Position,
    x: Point,
    max_positions: usize,
) -> Result<bool, TooLarge> {
    #[allow(clippy::expect_used)]
    let defender: Color = p.color(x).expect("the target point holds a stone");
    let mut index: FxHashMap<Position, u32> = FxHashMap::default();
    let mut positions = vec![p.clone()];
    let mut succ: Vec<Vec<u32>> = Vec::new();
    let mut goal: Vec<bool> = Vec::new();
    index.insert(p.clone(), 0);
    let mut i = 0;
    while i < positions.len() {
        let q = positions[i].clone();
        let alive = benson::is_unconditionally_alive(&q, x);
        goal.push(alive);
        let mut out = Vec::new();
        if !alive && !q.in_d0(x) {
            for (_, r) in q.successors() {
                let next = positions.len() as u32;
                let j = *index.entry(r.clone()).or_insert(next);
                if j == next {
                    if positions.len() >= max_positions {
                        return Err(TooLarge { max_positions });
                    }
                    positions.push(r);
                }
                out.push(j);
            }
        }
        succ.push(out);
        i += 1;
    }
    let n = positions.len();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, s) in succ.iter().enumerate() {
        for &j in s {
            pred[j as usize].push(i as u32);
        }
    }
    // W from the Benson positions backwards: a defender's position joins with its first
    // successor in W, an attacker's (never a D₀ one: it has no successors to count
    // down) with its last.
    let mut won = goal.clone();
    let mut pending: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut stack: Vec<u32> = (0..n as u32).filter(|&i| goal[i as usize]).collect();
    while let Some(j) = stack.pop() {
        for &i in &pred[j as usize] {
            let i = i as usize;
            if won[i] {
                continue;
            }
            if positions[i].to_move() == defender {
                won[i] = true;
                stack.push(i as u32);
            } else {
                pending[i] -= 1;
                if pending[i] == 0 {
                    won[i] = true;
                    stack.push(i as u32);
                }
            }
        }
    }
    Ok(won[0])
}
