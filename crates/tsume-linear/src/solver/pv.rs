//! The principal variation of a solved state, read back from the table.

use super::Solver;
use crate::compact::NONE;
use crate::line::{Move, Player};

impl Solver {
    /// Follows optimal moves from a state of value `v` (for the player to move) to the
    /// end: at each step the first move whose child is proven to give `v` by a
    /// null-window search. Leaves the history as it found it.
    pub(super) fn principal_variation(
        &mut self,
        mut cur: u32,
        mut me: usize,
        mut passed: bool,
        mut v: i32,
    ) -> Vec<(Player, Move)> {
        let player = |me: usize| if me == 0 { Player::X } else { Player::O };
        let mut pv = Vec::new();
        let mut pushed = Vec::new();
        loop {
            let sign = if me == 0 { 1 } else { -1 };
            if passed && sign * self.t.score(cur) == v {
                pv.push((player(me), Move::Pass));
                break;
            }
            // The child of value v for `me`: its value for the opponent is -v, so a
            // search with window (-v, -v+1) returning ≤ -v proves it.
            let mut found = None;
            let mut candidates: Vec<Option<usize>> = vec![None];
            candidates.extend(self.order.iter().map(|&c| Some(c)));
            for m in candidates {
                match m {
                    None => {
                        if passed {
                            continue;
                        }
                        if self.search(cur, 1 - me, true, -v, -v + 1, 0) <= -v {
                            found = Some((Move::Pass, cur, true));
                        }
                    }
                    Some(c) => {
                        let nid = self.t.next_row(cur, me)[c];
                        if nid == NONE || self.is_seen(nid) {
                            continue;
                        }
                        self.push(nid);
                        let r = self.search(nid, 1 - me, false, -v, -v + 1, 0);
                        self.pop(nid);
                        if r <= -v {
                            found = Some((Move::Play(c), nid, false));
                        }
                    }
                }
                if found.is_some() {
                    break;
                }
            }
            let Some((m, nid, p)) = found else {
                break; // cannot happen when v is the exact value
            };
            pv.push((player(me), m));
            if let Move::Play(_) = m {
                self.push(nid);
                pushed.push(nid);
            }
            cur = nid;
            passed = p;
            me = 1 - me;
            v = -v;
        }
        for id in pushed.into_iter().rev() {
            self.pop(id);
        }
        pv
    }
}
