//! A literal transcription of Crăşmaru's procedure `Can_kill` (§3), exponential: for
//! tests only.

use tsume_board::{Point, Position};

/// Whether the group of `x` is in D₀: it has exactly one liberty and its opponent is to
/// move (Crăşmaru §3, definition of D₀); under the basic ko rule, that liberty is not
/// the forbidden recapture.
pub fn in_d0(p: &Position, x: Point) -> bool {
    p.in_d0(x)
}

/// `Can_kill(p, x, 0)` with the bound α, exactly as the paper writes it.
///
/// # Panics
/// If `x` is empty in `p` (the procedure is defined for groups only).
pub fn can_kill(p: &Position, x: Point, alpha: u32) -> bool {
    assert!(p.color(x).is_some(), "Can_kill needs a stone at x");
    can_kill_at(p, x, 0, alpha)
}

fn can_kill_at(p: &Position, x: Point, depth: u32, alpha: u32) -> bool {
    // if G_p^x ∈ D₀ then return TRUE
    if in_d0(p, x) {
        return true;
    }
    // if depth > α then return FALSE
    if depth > alpha {
        return false;
    }
    let defender = p.color(x);
    // Ψ(p): the distinct successors, pass included.
    let succ = p.successors();
    if defender != Some(p.to_move()) {
        // The attacker needs one successor that kills.
        succ.iter()
            .any(|(_, q)| can_kill_at(q, x, depth + 1, alpha))
    } else {
        // The defender dies only if every successor kills.
        succ.iter()
            .all(|(_, q)| can_kill_at(q, x, depth + 1, alpha))
    }
}
