//! Counter-examples the walk's checks found, kept so that a later check
//! one of them already answers needs no search.
//!
//! A check asks whether some items and facts (and a variable within some
//! values) have a solution; most of them do, and the search that says so
//! dives through every variable of the items (a board-wide path or
//! island item: a hundred nodes or more). The leaf it reaches fixes the
//! items' scope and links, and extends to a solution of the definitions
//! whatever the rest is (`explain::items`; the definitions are all the
//! walk's session holds and never change). So it answers, with no
//! search, any later question on some of the same items whose facts and
//! variable it fixed to values still in them. An answer from a witness
//! is the one a search would give, or a search that ran out of nodes
//! would have failed to give: walks keep their steps.

use crate::facts::values::{self, Values};
use crate::model::VarId;
use std::collections::VecDeque;

/// How many counter-examples are kept, the latest first: a check's
/// questions come in runs over one step's items and facts, so the latest
/// answer most, and each is checked in a few comparisons a fact.
const KEPT: usize = 64;

/// The counter-examples kept, and how many checks they answered.
#[derive(Debug, Default)]
pub(super) struct Witnesses {
    kept: VecDeque<Witness>,
    pub(super) answered: u64,
}

/// One counter-example: the items it satisfies (sorted) and the values
/// of the variables it fixed (sorted by variable).
#[derive(Debug)]
struct Witness {
    items: Vec<usize>,
    values: Vec<(VarId, i64)>,
}

impl Witness {
    fn value(&self, var: VarId) -> Option<i64> {
        (self.values.binary_search_by_key(&var, |&(x, _)| x))
            .ok()
            .map(|at| self.values[at].1)
    }

    /// Whether this satisfies `items`, with each of `facts` fixed
    /// to one of its known values and `within`'s variable to one of its.
    fn answers(
        &self,
        items: &[usize],
        facts: &[VarId],
        known: &[Values],
        within: Option<(VarId, &[(i64, i64)])>,
    ) -> bool {
        let holds = |var: VarId, values: &[(i64, i64)]| {
            self.value(var).is_some_and(|v| values::contains(values, v))
        };
        items.iter().all(|i| self.items.binary_search(i).is_ok())
            && facts.iter().all(|&f| holds(f, &known[f.index()]))
            && within.is_none_or(|(var, values)| holds(var, values))
    }
}

impl Witnesses {
    /// Whether a kept counter-example shows that `items` and the known
    /// domains of `facts` (and `within`) have a solution.
    pub(super) fn answer(
        &mut self,
        items: &[usize],
        facts: &[VarId],
        known: &[Values],
        within: Option<(VarId, &[(i64, i64)])>,
    ) -> bool {
        let found = (self.kept.iter()).position(|w| w.answers(items, facts, known, within));
        if let Some(at) = found {
            // Kept the latest first: one that answers is likely to again.
            let witness = self.kept.remove(at).expect("found");
            self.kept.push_front(witness);
            self.answered += 1;
        }
        found.is_some()
    }

    /// Keeps a counter-example for `items`: `values` of a projected leaf,
    /// where each of `fixed` is fixed.
    pub(super) fn keep(&mut self, items: &[usize], fixed: &[VarId], values: &[i64]) {
        let mut items = items.to_vec();
        items.sort_unstable();
        let mut values: Vec<(VarId, i64)> = fixed.iter().map(|&x| (x, values[x.index()])).collect();
        values.sort_unstable();
        values.dedup();
        self.kept.push_front(Witness { items, values });
        self.kept.truncate(KEPT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three variables; the witness fixed x0 = 2 and x1 = 5 for items 1
    /// and 3, and left x2 open.
    fn kept() -> Witnesses {
        let mut w = Witnesses::default();
        w.keep(&[3, 1], &[VarId(1), VarId(0)], &[2, 5, 0]);
        w
    }

    #[test]
    fn a_witness_answers_only_what_it_shows() {
        let known = vec![vec![(1, 3)], vec![(5, 5)], vec![(0, 9)]];
        let mut w = kept();
        assert!(w.answer(&[1], &[VarId(0)], &known, None));
        assert!(w.answer(
            &[3, 1],
            &[VarId(0), VarId(1)],
            &known,
            Some((VarId(1), &[(4, 6)]))
        ));
        // An item it was not found for, a value outside the variable's
        // known domain or `within`, a variable it left open: no answer.
        assert!(!w.answer(&[2], &[], &known, None));
        assert!(!w.answer(&[1], &[], &known, Some((VarId(0), &[(3, 9)]))));
        assert!(!w.answer(&[1], &[VarId(2)], &known, None));
        let narrower = vec![vec![(3, 3)], vec![(5, 5)], vec![(0, 9)]];
        assert!(!w.answer(&[1], &[VarId(0)], &narrower, None));
        assert_eq!(w.answered, 2);
    }

    #[test]
    fn only_the_latest_are_kept() {
        let mut w = Witnesses::default();
        for v in 0..KEPT as i64 + 1 {
            w.keep(&[0], &[VarId(0)], &[v]);
        }
        let known = |v| vec![vec![(v, v)]];
        assert!(!w.answer(&[0], &[VarId(0)], &known(0), None));
        assert!(w.answer(&[0], &[VarId(0)], &known(1), None));
        assert!(w.answer(&[0], &[VarId(0)], &known(KEPT as i64), None));
    }
}
