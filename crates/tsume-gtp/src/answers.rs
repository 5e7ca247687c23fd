//! The engine's answers: the problem cut around a target, the certified searches behind
//! `owl_attack`, `owl_defend`, `dragon_status` and `genmove`, and GNU Go's reply codes.

use super::*;

impl Engine {
    /// `genmove`'s move for `color` about the group of `tsume_target`: a winning first
    /// move, proven; a pass once the group is captured (nothing left to play for);
    /// None (resign) when `color` loses whatever it plays.
    pub(super) fn best_move(&self, color: Color) -> Result<Option<Move>, String> {
        let t = self
            .target
            .ok_or("no group in question: name one with tsume_target VERTEX first")?;
        if self.pos.color(t.point) != Some(t.defender) {
            return Ok(Some(Move::Pass));
        }
        let (problem, depth) = self.problem(t.point)?;
        let played = self.history.len().saturating_sub(t.plies) as u32;
        let depth = depth.max(t.depth.saturating_sub(played));
        let side = self.search(&problem, depth, color)?;
        winning_move(&problem, &side)
    }

    /// The problem of the target's group on the current board, and its α.
    pub(super) fn problem(&self, target: Point) -> Result<(Problem, u32), String> {
        let mut opts = self.settings.load.clone();
        opts.target = Some(self.pos.board().gtp(target));
        if let (RegionSpec::Auto, Some(hint)) = (&opts.region, &self.region_hint) {
            opts.region = hint.clone();
        }
        // The area keeps the board's ko rule and forbidden point (tsume-sgf).
        let problem = problem_from_position(self.pos.clone(), "gtp", &opts)
            .map_err(|e| e.kind.to_string())?;
        let depth = self
            .settings
            .solve
            .depth
            .unwrap_or_else(|| tsume_prove::default_depth(problem.position()));
        Ok((problem, depth))
    }

    /// One search with `to_move` first, checked; an unknown or rejected answer is an
    /// error reply.
    pub(super) fn search(
        &self,
        problem: &Problem,
        depth: u32,
        to_move: Color,
    ) -> Result<Side, String> {
        let [side] = self.answer(&self.settings, problem, depth, Sides::One(to_move))?;
        Ok(side)
    }

    /// The results under ordinary Go rules with `sides` moving first (the attacker's
    /// first for both): the model's searches on the area without a ko rule, checked,
    /// then `tsume_prove::go`'s where their proofs repeat a position; an unknown result
    /// is an error reply.
    pub(super) fn go_answer<const N: usize>(
        &self,
        problem: &Problem,
        depth: u32,
        sides: Sides,
    ) -> Result<[GoAnswer; N], String> {
        let model = problem.clone().with_ko_rule(false);
        let mut settings = self.settings.clone();
        settings.solve.go = true;
        let found: [Side; N] = self.answer(&settings, &model, depth, sides)?;
        let mut out = Vec::with_capacity(N);
        for side in found {
            let go = side.go.ok_or("no result under ordinary Go rules")?;
            if go.result == GoResult::Unknown {
                return Err(format!("unknown: {} ({} nodes)", go.note, go.nodes));
            }
            out.push(go);
        }
        out.try_into()
            .map_err(|_| "the searches of the wrong sides".to_string())
    }

    /// The two searches, the attacker's first, each as [`Engine::search`].
    pub(super) fn search_both(
        &self,
        settings: &Settings,
        problem: &Problem,
        depth: u32,
    ) -> Result<[Side; 2], String> {
        self.answer(settings, problem, depth, Sides::Both)
    }

    /// The library's answer with `sides` moving first, each side checked as
    /// [`Engine::search`] says; N: how many sides.
    pub(super) fn answer<const N: usize>(
        &self,
        settings: &Settings,
        problem: &Problem,
        depth: u32,
        sides: Sides,
    ) -> Result<[Side; N], String> {
        let s = tsume_solve::Settings {
            sides,
            depth: Some(depth),
            ..settings.solve.clone()
        };
        let report = tsume_solve::answer(problem.position(), problem.target(), &s)
            .map_err(|e| format!("{}: {e}", problem.label()))?;
        for side in &report.sides {
            verified(side)?;
        }
        report
            .sides
            .try_into()
            .map_err(|_| "the searches of the wrong sides".to_string())
    }
}

/// A side's answer as a reply: an unknown or rejected answer is an error.
pub(super) fn verified(side: &Side) -> Result<(), String> {
    if let Some(Err(e)) = &side.check {
        return Err(format!("proof rejected by the checker: {e}"));
    }
    if side.answer.verdict == Verdict::Unknown {
        return Err(format!(
            "unknown: {} ({} nodes)",
            side.answer.reason.as_ref().map_or_else(
                || "the search ran out of budget".to_string(),
                ToString::to_string
            ),
            side.answer.stats.nodes
        ));
    }
    Ok(())
}

/// GNU Go's owl code for `mover` moving first, from the result under ordinary Go rules,
/// with the move on the whole board: 1 (wins outright), 2 (wins a ko it wins taking
/// first: it needs no external threat), 3 (wins a ko needing threats), 0 (loses).
pub(super) fn owl_code(
    problem: &Problem,
    go: &GoAnswer,
    mover: Color,
) -> Result<(u8, Move), String> {
    let attacks = mover != problem.defender();
    let code = match go.result {
        GoResult::Dead => u8::from(attacks),
        GoResult::Alive | GoResult::Seki => u8::from(!attacks),
        GoResult::Ko => {
            let needed = go.ko.map_or(Threats::Unknown, |k| {
                if attacks {
                    k.attacker_threats
                } else {
                    k.defender_threats
                }
            });
            if needed == Threats::Needs(0) {
                2
            } else {
                3
            }
        }
        GoResult::Unknown => return Err(format!("unknown: {}", go.note)),
    };
    if code == 0 {
        return Ok((0, Move::Pass));
    }
    let m = go.moves.first().copied().unwrap_or(Move::Pass);
    Ok((code, problem_move(problem, m)?))
}

/// The first winning move of the player who moved first in `side`, on the whole board
/// (a pass when the player wins without one listed: a defender alive as it stands), or
/// None when that player loses.
pub(super) fn winning_move(problem: &Problem, side: &Side) -> Result<Option<Move>, String> {
    let wins = match side.answer.verdict {
        Verdict::Dead => side.to_move != problem.defender(),
        Verdict::Alive => side.to_move == problem.defender(),
        Verdict::Unknown => false,
    };
    if !wins {
        return Ok(None);
    }
    match side.answer.moves.first() {
        Some(&m) => problem_move(problem, m).map(Some),
        None => Ok(Some(Move::Pass)),
    }
}

/// A move of the problem's area as a move of the whole board; an error for a move on a
/// virtual point of the area (the outside's wall and its eyes), which the board does
/// not have.
pub(super) fn problem_move(problem: &Problem, m: Move) -> Result<Move, String> {
    match m {
        Move::Pass => Ok(Move::Pass),
        Move::Play(p) => problem.to_full(p).map(Move::Play).ok_or_else(|| {
            format!(
                "the winning move is {}, a virtual point of the area, not on the board",
                problem.position().board().name(p)
            )
        }),
    }
}
