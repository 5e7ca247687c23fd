//! The decision matrices of seed 002, as the evaluations apply them.
//!
//! A node's value is a [`Value`]: a status, or [`Value::Cut`], the seed's "irrelevant"
//! (J2003's steps 2 and 3 cut the leaves of the statuses found in the earlier steps; a
//! node all of whose variations were cut is cut too, and a cut variation is the identity
//! of both players' matrices). The tests compare every cell of every table of the seed
//! with [`combine`].

use crate::Status;

/// The value of a node of a variation tree under one evaluation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// A status.
    Is(Status),
    /// "irrelevant": every variation below was cut (J2003's steps 2 and 3).
    Cut,
}

/// Whose choice a node is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Chooser {
    /// The opponent of the string's owner: decision matrix "Opponent".
    Opponent,
    /// The string's owner: decision matrix "Player".
    Player,
}

/// One evaluation's set of decision matrices (seed 002).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rule {
    /// Cassandra's single pass, which is also J2003's step 1 ("Identify uncapturable"):
    /// the opponent takes the minimum, the player the maximum, over B32 < B31 < B2 < A.
    Cassandra,
    /// J2003's step 2 ("Identify capturable-1"): A leaves are cut; the opponent's
    /// minimum and the player's maximum over B32 < B31 < B2 (the seed's "(2)" tables;
    /// its 4×4 tables are the same with A standing for a cut variation).
    Step2,
    /// J2003's step 3 ("Identify capturable-2"): A and B2 leaves are cut; minimum and
    /// maximum over B32 < B31.
    Step3,
}

impl Rule {
    /// The value a leaf labelled `s` has under this rule: cut if its status was found
    /// by an earlier step ("To simplify evaluation we could cut all A-leaves now", and
    /// then all B2 leaves).
    #[inline]
    pub fn leaf(self, s: Status) -> Value {
        match (self, s) {
            (Rule::Step2 | Rule::Step3, Status::A) | (Rule::Step3, Status::B2) => Value::Cut,
            _ => Value::Is(s),
        }
    }

    /// The value of a sequence cut off unfinished at the depth bound: infinite play, in
    /// which the string is never captured (A; cut in steps 2 and 3).
    #[inline]
    pub fn horizon(self) -> Value {
        self.leaf(Status::A)
    }
}

/// The concluding result of a pair of variations with values `a` and `b` at a node where
/// `who` chooses (the decision matrices; for more variations, fold). A cut variation is
/// the identity; two cut variations give a cut node.
#[inline]
pub fn combine(who: Chooser, a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Cut, v) | (v, Value::Cut) => v,
        (Value::Is(x), Value::Is(y)) => Value::Is(match who {
            Chooser::Opponent => x.min(y),
            Chooser::Player => x.max(y),
        }),
    }
}
