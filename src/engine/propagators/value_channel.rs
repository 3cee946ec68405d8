//! The literals `b_v <-> x == v` of one variable `x`, run as one
//! propagator (Gecode's `channel(x, bs)`, a value's literal for each value
//! that has one).
//!
//! Posting groups them (see `constraints::post::group`): a Nurikabe cell
//! `island[r][c]` has a literal for each island it may join, fourteen on
//! the shipped puzzle, each apart a propagator woken by every change of
//! the cell. As one, a change of the cell visits one watch instead of
//! fourteen. The fixpoint is the one the members reach apart (each is
//! domain consistent, and so is the whole): a literal true fixes `x`, a
//! literal false removes its value, a value gone makes its literal false,
//! and `x` fixed makes its value's literal true. A trace runs the members
//! one at a time (`propagate_member`) to name the one that pruned.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{Lit, VarId};

#[derive(Debug)]
pub(crate) struct ValueChannel {
    x: VarId,
    /// Each member: its value and its literal, `lit <-> x == value`.
    members: Vec<(i64, Lit)>,
    /// No literal's variable serves two members: then one pass each way
    /// reaches the fixpoint (else a literal decided for one member must
    /// still be carried to `x` for the other).
    distinct: bool,
}

impl ValueChannel {
    /// The members in posting order; no literal is over `x` itself.
    pub(crate) fn new(x: VarId, members: Vec<(i64, Lit)>) -> ValueChannel {
        debug_assert!(members.iter().all(|(_, lit)| lit.var != x));
        let mut vars: Vec<VarId> = members.iter().map(|(_, lit)| lit.var).collect();
        vars.sort_unstable();
        vars.dedup();
        ValueChannel {
            distinct: vars.len() == members.len(),
            x,
            members,
        }
    }

    /// A fixed literal's consequence for `x`.
    fn literal_to_var(store: &mut Store, x: VarId, value: i64, lit: Lit) -> Result<(), Conflict> {
        if store.is_fixed(lit.var) {
            if lit.holds(store.min(lit.var)) {
                let _ = store.assign(x, value)?;
            } else {
                let _ = store.remove(x, value)?;
            }
        }
        Ok(())
    }

    /// An open literal decided by `x`'s domain: false once its value is
    /// gone, true once `x` is fixed to it. Returns whether it decided it.
    fn var_to_literal(store: &mut Store, x: VarId, value: i64, lit: Lit) -> Result<bool, Conflict> {
        if store.is_fixed(lit.var) {
            Ok(false)
        } else if !store.contains(x, value) {
            store.assign(lit.var, i64::from(!lit.positive))
        } else if store.is_fixed(x) {
            store.assign(lit.var, i64::from(lit.positive))
        } else {
            Ok(false)
        }
    }

    /// Both ways until nothing changes: a literal shared by two members
    /// may be decided by one and then narrow `x` for the other.
    fn shared_literals(&self, store: &mut Store) -> Result<(), Conflict> {
        loop {
            let size = store.size(self.x);
            let mut decided = false;
            for &(value, lit) in &self.members {
                Self::literal_to_var(store, self.x, value, lit)?;
                decided |= Self::var_to_literal(store, self.x, value, lit)?;
            }
            if !decided && store.size(self.x) == size {
                return Ok(());
            }
        }
    }
}

impl Propagator for ValueChannel {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let mut subs = vec![(self.x, Change::Domain)];
        subs.extend(
            self.members
                .iter()
                .map(|&(_, lit)| (lit.var, Change::Fixed)),
        );
        subs
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }

    /// The literals first, then `x` on the literals: deciding a literal
    /// from `x`'s domain never narrows `x` again (with literals shared,
    /// a run repeats both until neither changes anything).
    fn idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        if self.distinct {
            for &(value, lit) in &self.members {
                Self::literal_to_var(store, self.x, value, lit)?;
            }
            for &(value, lit) in &self.members {
                let _ = Self::var_to_literal(store, self.x, value, lit)?;
            }
        } else {
            self.shared_literals(store)?;
        }
        // Fixed, `x` has decided every literal.
        Ok(if store.is_fixed(self.x) {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }

    fn members(&self) -> usize {
        self.members.len()
    }

    fn propagate_member(&mut self, store: &mut Store, member: usize) -> PropResult {
        let (value, lit) = self.members[member];
        Self::literal_to_var(store, self.x, value, lit)?;
        let _ = Self::var_to_literal(store, self.x, value, lit)?;
        Ok(Status::Fix)
    }
}
