//! Which variable to try next and in which value order: an explicit order
//! list first, then the spec's heuristic over the declared variables, then
//! any auxiliary variable lowering introduced.

use crate::engine::store::Store;
use crate::model::VarId;
use crate::spec::ast::{ValueOrder, VarOrder};

#[derive(Clone, Debug)]
pub struct Brancher {
    /// Tried first, in this order.
    pub order: Vec<VarId>,
    /// The spec's variables, in declaration order.
    pub decision: Vec<VarId>,
    /// Everything else (auxiliary variables), tried last in input order.
    pub rest: Vec<VarId>,
    pub var: VarOrder,
    pub value: ValueOrder,
}

impl Brancher {
    /// The next variable to branch on, or `None` when every one is fixed.
    pub fn select(&self, store: &Store) -> Option<VarId> {
        if let Some(&x) = self.order.iter().find(|&&x| !store.is_fixed(x)) {
            return Some(x);
        }
        let open = self
            .decision
            .iter()
            .copied()
            .filter(|&x| !store.is_fixed(x));
        let chosen = match self.var {
            VarOrder::Input => open.into_iter().next(),
            // Smallest domain; ties go to the earlier variable.
            VarOrder::FirstFail => open.min_by_key(|&x| store.size(x)),
        };
        chosen.or_else(|| self.rest.iter().copied().find(|&x| !store.is_fixed(x)))
    }

    pub fn value(&self, store: &Store, x: VarId) -> i64 {
        match self.value {
            ValueOrder::Min => store.min(x),
            ValueOrder::Max => store.max(x),
        }
    }
}
