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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use Known::{Disproven, Open, Proven};

    #[test]
    fn pn_dn_of_each_standing() {
        assert_eq!(pn_dn(Proven(3)), (0, INF));
        assert_eq!(pn_dn(Disproven(3)), (INF, 0));
        assert_eq!(pn_dn(Open(4, 7)), (4, 7));
    }

    #[test]
    fn combine_or_takes_min_pn_and_sums_dn() {
        assert_eq!(combine(true, &[Open(3, 2), Open(1, 5)], false), (1, 7));
        // A proven child proves the OR node; its dn (∞) saturates the sum.
        let vals = [Open(3, 2), Open(1, 5), Proven(2)];
        assert_eq!(combine(true, &vals, false), (0, INF));
        // Every child disproven: dn 0.
        assert_eq!(
            combine(true, &[Disproven(1), Disproven(4)], false),
            (INF, 0)
        );
        // Saturation: the sum stops at ∞.
        assert_eq!(
            combine(true, &[Open(1, INF - 1), Open(1, 5)], false),
            (1, INF)
        );
    }

    #[test]
    fn combine_and_sums_pn_and_takes_min_dn() {
        assert_eq!(combine(false, &[Open(3, 2), Open(1, 5)], false), (4, 2));
        assert_eq!(combine(false, &[Open(3, 2), Disproven(5)], false), (INF, 0));
        assert_eq!(combine(false, &[Proven(1), Proven(6)], false), (0, INF));
    }

    #[test]
    fn combine_without_children() {
        // No move for the attacker: disproven; none for the defender: proven.
        assert_eq!(combine(true, &[], false), (INF, 0));
        assert_eq!(combine(false, &[], false), (0, INF));
    }

    #[test]
    fn combine_weak_is_largest_plus_one_per_other_open_child() {
        // pn: 4 + 2 others (the sum would be 8); dn: the least, 1.
        let vals = [Open(3, 2), Open(1, 5), Open(4, 1)];
        assert_eq!(combine(false, &vals, true), (6, 1));
        // A proven child adds nothing to an AND node's pn.
        assert_eq!(combine(false, &[Open(3, 2), Proven(1)], true), (3, 2));
        // A disproven child saturates the sum, and ∞ stays ∞.
        assert_eq!(combine(false, &[Disproven(0), Open(3, 2)], true), (INF, 0));
        // At an OR node the weak rule applies to the dn.
        assert_eq!(combine(true, &[Open(1, 5), Open(2, 3)], true), (1, 6));
    }

    #[test]
    fn select_best_and_second() {
        assert_eq!(select(true, &[Open(3, 2), Open(1, 5), Open(2, 1)]), (1, 2));
        // AND nodes select by dn.
        assert_eq!(select(false, &[Open(3, 2), Open(1, 5)]), (0, 5));
        // First on ties; the tie is the second best.
        assert_eq!(select(true, &[Open(2, 1), Open(2, 9)]), (0, 2));
        // A single child: no second, ∞.
        assert_eq!(select(true, &[Open(5, 5)]), (0, INF));
        // Every child at ∞: the first, second ∞.
        assert_eq!(select(true, &[Disproven(0), Disproven(3)]), (0, INF));
    }

    #[test]
    fn eps_threshold_grows_the_second_by_a_quarter() {
        assert_eq!(eps_threshold(8, 3), 11); // 8 + 2 + 1
        assert_eq!(eps_threshold(3, 2), 4); // 3 + 0 + 1
        assert_eq!(eps_threshold(100, 7), 126); // 100 + 25 + 1
                                                // Never at or below the best's own number.
        assert_eq!(eps_threshold(2, 10), 11);
        // Capped at ∞.
        assert_eq!(eps_threshold(INF, 0), INF);
        assert_eq!(eps_threshold(INF - 1, INF), INF);
    }

    #[test]
    fn child_thresholds_by_hand() {
        // OR: pn threshold min(100, ε(8)) = 11; dn threshold 50 − 20 + 4 = 34.
        assert_eq!(
            child_thresholds(true, (100, 50), (3, 20), Open(3, 4), 8),
            (11, 34)
        );
        // AND: pn threshold 40 − 12 + 5 = 33; dn threshold min(100, ε(3)) = 4.
        assert_eq!(
            child_thresholds(false, (40, 100), (12, 2), Open(5, 2), 3),
            (33, 4)
        );
        // The node's own threshold bounds the child's.
        assert_eq!(
            child_thresholds(true, (5, 50), (3, 20), Open(3, 4), 8),
            (5, 34)
        );
        // thdn below dn: no slack left, the child's dn threshold is its own dn.
        assert_eq!(
            child_thresholds(true, (10, 3), (2, 5), Open(2, 1), 4),
            (6, 1)
        );
        // The root's thresholds (∞): the pn threshold stays ∞, the slack saturates.
        assert_eq!(
            child_thresholds(true, (INF, INF), (1, 7), Open(1, 2), INF),
            (INF, INF - 5)
        );
    }

    #[test]
    fn proof_need_by_hand() {
        // OR: the fastest proven child, plus this ply.
        assert_eq!(proof_need(true, &[Proven(3), Open(1, 1), Proven(5)]), 4);
        // AND: the slowest.
        assert_eq!(proof_need(false, &[Proven(3), Proven(5)]), 6);
        // A child in D₀.
        assert_eq!(proof_need(true, &[Proven(0)]), 1);
        // No child (the defender has no move): one ply.
        assert_eq!(proof_need(false, &[]), 1);
        // Saturates.
        assert_eq!(proof_need(true, &[Proven(u32::MAX)]), u32::MAX);
    }

    #[test]
    fn disproof_hold_by_hand() {
        // OR: the weakest hold, at least the children's plies, plus this ply.
        assert_eq!(disproof_hold(true, &[Disproven(3), Disproven(7)], 4), 5);
        // AND: the best disproven child.
        let vals = [Disproven(3), Open(2, 2), Disproven(9)];
        assert_eq!(disproof_hold(false, &vals, 4), 10);
        // For every α stays so, unless a weaker child bounds it.
        let forever = [Disproven(INF_HOLD), Disproven(INF_HOLD)];
        assert_eq!(disproof_hold(true, &forever, 2), INF_HOLD);
        assert_eq!(
            disproof_hold(true, &[Disproven(INF_HOLD), Disproven(2)], 2),
            3
        );
        assert_eq!(
            disproof_hold(false, &[Disproven(INF_HOLD), Disproven(5)], 2),
            INF_HOLD
        );
        // Arithmetic never reaches INF_HOLD.
        let long = [Disproven(INF_HOLD - 1)];
        assert_eq!(disproof_hold(true, &long, 2), INF_HOLD - 1);
        // No disproven child (no move for the attacker): the children's plies + 1.
        assert_eq!(disproof_hold(true, &[], 6), 7);
    }

    fn known() -> impl Strategy<Value = Known> {
        prop_oneof![
            (0u32..50).prop_map(Proven),
            prop_oneof![0u32..50, Just(INF_HOLD)].prop_map(Disproven),
            (1u64..1000, 1u64..1000).prop_map(|(a, b)| Open(a, b)),
            (1u64..INF, 1u64..INF).prop_map(|(a, b)| Open(a, b)),
        ]
    }

    fn swapped(k: Known) -> Known {
        match k {
            Proven(n) => Disproven(n),
            Disproven(n) => Proven(n),
            Open(a, b) => Open(b, a),
        }
    }

    proptest! {
        /// An OR node's numbers are an AND node's with pn and dn exchanged (df-pn's
        /// duality), and both stay within [0, ∞], under either rule.
        #[test]
        fn combine_is_dual_and_bounded(
            vals in prop::collection::vec(known(), 0..6),
            weak: bool,
        ) {
            let (pn, dn) = combine(true, &vals, weak);
            let dual: Vec<Known> = vals.iter().map(|&k| swapped(k)).collect();
            prop_assert_eq!(combine(false, &dual, weak), (dn, pn));
            prop_assert!(pn <= INF && dn <= INF);
            // pn = 0 exactly when a child is proven; the weak dn at most the sum.
            prop_assert_eq!(pn == 0, vals.iter().any(|k| matches!(k, Proven(_))));
            prop_assert!(dn <= combine(true, &vals, false).1);
        }

        /// The selected child has the least number, first on ties, and the second best
        /// is the least of the others'.
        #[test]
        fn select_picks_the_first_least(
            vals in prop::collection::vec(known(), 1..6),
            or_node: bool,
        ) {
            let key = |k: Known| if or_node { pn_dn(k).0 } else { pn_dn(k).1 };
            let (best, second) = select(or_node, &vals);
            let least = vals.iter().map(|&k| key(k)).min().unwrap_or(INF);
            prop_assert_eq!(key(vals[best]), least);
            prop_assert!(vals[..best].iter().all(|&k| key(k) > least));
            let others = vals.iter().enumerate().filter(|&(i, _)| i != best);
            prop_assert_eq!(second, others.map(|(_, &k)| key(k)).min().unwrap_or(INF));
        }

        /// df-pn's invariant: a node searched below its thresholds hands its selected
        /// (open) child thresholds the child is below, and no larger than its own on the
        /// side to move's number.
        #[test]
        fn child_is_below_its_thresholds(
            kids in prop::collection::vec((1u64..1000, 1u64..1000), 1..6),
            or_node: bool,
            slack in (1u64..1000, 1u64..1000),
            root: bool,
        ) {
            let vals: Vec<Known> = kids.iter().map(|&(a, b)| Open(a, b)).collect();
            let (pn, dn) = combine(or_node, &vals, false);
            let th = if root { (INF, INF) } else { (pn + slack.0, dn + slack.1) };
            let (best, second) = select(or_node, &vals);
            let (cpn, cdn) = child_thresholds(or_node, th, (pn, dn), vals[best], second);
            let (bpn, bdn) = pn_dn(vals[best]);
            prop_assert!(bpn < cpn && bdn < cdn);
            prop_assert!(cpn <= INF && cdn <= INF);
            if or_node {
                prop_assert!(cpn <= th.0);
            } else {
                prop_assert!(cdn <= th.1);
            }
        }
    }
}
