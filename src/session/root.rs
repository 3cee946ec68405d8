//! Narrowing domains and propagating at the root, inside a level that
//! [`Session::pop`] undoes: what a step-by-step explanation does to ask
//! "what follows from these constraints and these known domains?".

use super::Session;
use crate::model::VarId;
use crate::model::plan::{Phase, Restarts, ValueOrder, VarOrder};

impl Session {
    /// Narrows `var` to the values of `intervals` (sorted, disjoint) at the
    /// current root level; false when no value is left. Call it after a
    /// [`Session::push`]: the matching pop restores the domain.
    pub(crate) fn narrow(&mut self, var: VarId, intervals: &[(i64, i64)]) -> bool {
        self.narrowed.push(var, intervals);
        let store = self.engine.store_mut();
        let (Some(first), Some(last)) = (intervals.first(), intervals.last()) else {
            return false;
        };
        if store.set_bounds(var, first.0, last.1).is_err() {
            return false;
        }
        for gap in intervals.windows(2) {
            let holes: Vec<i64> = (gap[0].1 + 1..gap[1].0)
                .filter(|&v| store.contains(var, v))
                .collect();
            if store.remove_values(var, &holes).is_err() {
                return false;
            }
        }
        true
    }

    /// Propagates what is posted at the root to its fixpoint; false on a
    /// conflict. The domains stay narrowed until the level is popped.
    pub(crate) fn propagate_root(&mut self) -> bool {
        self.engine.schedule_all();
        self.engine.propagate().is_ok()
    }

    /// Propagates only what changed at the open level: the constraints
    /// posted and the domains narrowed since the level below was left at
    /// its fixpoint (by [`Session::propagate_root`]); false on a conflict.
    /// The same fixpoint as `propagate_root` without running every
    /// propagator of the levels below again, which is what a question
    /// about a few constraints costs when thousands are posted beneath it.
    /// Call it only when the level below is at its fixpoint.
    pub(crate) fn propagate_level(&mut self) -> bool {
        self.engine.propagate().is_ok()
    }

    /// `var`'s domain now, as sorted disjoint intervals.
    pub(crate) fn domain_now(&self, var: VarId) -> Vec<(i64, i64)> {
        self.engine.store().intervals(var)
    }

    /// A mark of the domains' changes so far, for [`Session::changed_since`].
    pub(crate) fn changes_mark(&self) -> usize {
        self.engine.store().trail_len()
    }

    /// The variables whose domain changed since `mark` at the open level
    /// (each once, in no order).
    pub(crate) fn changed_since(&self, mark: usize) -> Vec<VarId> {
        let store = self.engine.store();
        let mut vars: Vec<VarId> = (mark..store.trail_len())
            .filter_map(|at| store.trailed_var(at))
            .collect();
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    /// How many values `var` has now (cheaper than its intervals).
    pub(crate) fn domain_size(&self, var: VarId) -> u64 {
        self.engine.store().size(var)
    }

    /// Later searches decide `vars` only (smallest domain over failures
    /// first), alone (no second search in turn) and never restart: a node
    /// where they are fixed, at a fixpoint, counts as a solution, so that a search over a few
    /// constraints fails within their variables, not once per value of the
    /// others, and ends there rather than deciding every other variable.
    ///
    /// For a session whose other constraints are definitions only, which
    /// hold for some value of their auxiliary variables whatever the rest
    /// is (`explain::items`): what such a leaf leaves open then extends to
    /// a solution. Its values of the open variables are their minimums,
    /// not a solution's.
    pub(crate) fn decide_only(&mut self, vars: Vec<VarId>) {
        let plan = &mut self.lowered.plan;
        plan.phases = vec![Phase {
            vars,
            var: VarOrder::DomWdeg,
            value: ValueOrder::Min,
        }];
        plan.projected = true;
        plan.restarts = Restarts::NONE;
        plan.interleave = None;
    }
}

/// The domains narrowed at the open levels ([`Session::narrow`]), in
/// order, their intervals end to end in one list (no allocation per
/// narrowing): with the constraints posted, what a second search taking
/// turns must copy.
#[derive(Debug, Default)]
pub(super) struct Narrowings {
    /// Each narrowing's variable and where its intervals end.
    ends: Vec<(VarId, usize)>,
    intervals: Vec<(i64, i64)>,
}

impl Narrowings {
    fn push(&mut self, var: VarId, intervals: &[(i64, i64)]) {
        self.intervals.extend_from_slice(intervals);
        self.ends.push((var, self.intervals.len()));
    }

    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The first `len` narrowings only.
    pub(super) fn truncate(&mut self, len: usize) {
        self.ends.truncate(len);
        self.intervals
            .truncate(self.ends.last().map_or(0, |&(_, end)| end));
    }

    /// Each narrowing: its variable and its intervals.
    pub(super) fn iter(&self) -> impl Iterator<Item = (VarId, &[(i64, i64)])> {
        let mut start = 0;
        self.ends.iter().map(move |&(var, end)| {
            let intervals = &self.intervals[start..end];
            start = end;
            (var, intervals)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrowings_come_back_in_order_and_truncate_whole() {
        let mut n = Narrowings::default();
        n.push(VarId(2), &[(1, 3), (5, 5)]);
        n.push(VarId(0), &[(7, 7)]);
        n.push(VarId(2), &[(1, 1)]);
        n.truncate(2);
        let seen: Vec<(VarId, Vec<(i64, i64)>)> = n.iter().map(|(v, i)| (v, i.to_vec())).collect();
        assert_eq!(
            seen,
            vec![(VarId(2), vec![(1, 3), (5, 5)]), (VarId(0), vec![(7, 7)])]
        );
        n.truncate(0);
        assert_eq!((n.len(), n.iter().count(), n.intervals.len()), (0, 0, 0));
    }
}
