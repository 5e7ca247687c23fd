//! The df-pn arithmetic (Nagai 2002): a node's proof and disproof numbers from its
//! children's, the child to search next and its thresholds, and the plies a solved node
//! needs or holds for. Pure functions of the children's standings.

use super::{Known, INF, INF_HOLD};

/// The thresholds of the child selected at a node with thresholds `th` and numbers `pn_dn`:
/// the 1+ε trick on the side to move's number, the node's own slack on the other.
#[inline]
pub(super) fn child_thresholds(
    or_node: bool,
    (thpn, thdn): (u64, u64),
    (pn, dn): (u64, u64),
    best: Known,
    second: u64,
) -> (u64, u64) {
    let (bpn, bdn) = pn_dn(best);
    if or_node {
        (
            thpn.min(eps_threshold(second, bpn)),
            thdn.saturating_sub(dn).saturating_add(bdn).min(INF),
        )
    } else {
        (
            thpn.saturating_sub(pn).saturating_add(bpn).min(INF),
            thdn.min(eps_threshold(second, bdn)),
        )
    }
}

/// Threshold for the selected child: just above the second best, grown by ε = 1/4 so
/// that the search does not flip between two siblings of nearly equal promise.
#[inline]
pub(super) fn eps_threshold(second: u64, best: u64) -> u64 {
    let grown = second.saturating_add(second / 4).saturating_add(1);
    grown.max(best.saturating_add(1)).min(INF)
}

#[inline]
pub(crate) fn pn_dn(k: Known) -> (u64, u64) {
    match k {
        Known::Proven(_) => (0, INF),
        Known::Disproven(_) => (INF, 0),
        Known::Open(pn, dn) => (pn, dn),
    }
}

/// (pn, dn) of a node from its children's: min over the children for the side to move,
/// sum for the other (or, with `weak`, the largest plus one per other open child).
#[inline]
pub(super) fn combine(or_node: bool, vals: &[Known], weak: bool) -> (u64, u64) {
    let mut min = INF;
    let mut sum: u64 = 0;
    let mut max: u64 = 0;
    let mut open: u64 = 0;
    for &v in vals {
        let (pn, dn) = pn_dn(v);
        let (a, b) = if or_node { (pn, dn) } else { (dn, pn) };
        min = min.min(a);
        sum = sum.saturating_add(b).min(INF);
        if b > 0 {
            max = max.max(b);
            open += 1;
        }
    }
    if weak && sum < INF {
        sum = max.saturating_add(open.saturating_sub(1)).min(INF);
    }
    if or_node {
        (min, sum)
    } else {
        (sum, min)
    }
}

/// The best child (least pn at OR nodes, least dn at AND nodes; first on ties) and the
/// second-best value.
#[inline]
pub(super) fn select(or_node: bool, vals: &[Known]) -> (usize, u64) {
    let mut best = 0;
    let mut best_v = INF + 1;
    let mut second = INF;
    for (i, &v) in vals.iter().enumerate() {
        let (pn, dn) = pn_dn(v);
        let x = if or_node { pn } else { dn };
        if x < best_v {
            second = best_v.min(INF);
            best_v = x;
            best = i;
        } else if x < second {
            second = x;
        }
    }
    (best, second)
}

/// Plies a proven node needs: 1 + the best proven child (OR) or the slowest child (AND).
#[inline]
pub(super) fn proof_need(or_node: bool, vals: &[Known]) -> u32 {
    let needs = vals.iter().filter_map(|v| match v {
        Known::Proven(k) => Some(*k),
        _ => None,
    });
    let k = if or_node { needs.min() } else { needs.max() };
    k.unwrap_or(0).saturating_add(1)
}

/// Plies a disproven node holds for: 1 + the weakest child (OR) or the best disproven
/// child (AND); a hold for every α stays so.
#[inline]
pub(super) fn disproof_hold(or_node: bool, vals: &[Known], child_rem: u32) -> u32 {
    let holds = vals.iter().filter_map(|v| match v {
        Known::Disproven(h) => Some((*h).max(child_rem)),
        _ => None,
    });
    let h = if or_node { holds.min() } else { holds.max() };
    match h {
        Some(INF_HOLD) => INF_HOLD,
        Some(h) => h.saturating_add(1).min(INF_HOLD - 1),
        None => child_rem + 1,
    }
}
