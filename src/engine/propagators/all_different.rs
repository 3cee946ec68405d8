//! All views take different values, by value elimination: the value of every
//! fixed view is removed from the others, until no new view becomes fixed.
//! (Bounds consistency with Hall intervals comes with the speed work.)

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Store};
use crate::model::{VarId, View};

#[derive(Debug)]
pub struct AllDifferent {
    pub views: Vec<View>,
}

impl Propagator for AllDifferent {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.views.iter().map(|v| (v.var, Change::Fixed)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        loop {
            let mut again = false;
            let mut all_fixed = true;
            for i in 0..self.views.len() {
                let vi = self.views[i];
                if !store.vfixed(vi) {
                    all_fixed = false;
                    continue;
                }
                let value = store.vvalue(vi);
                for (j, &vj) in self.views.iter().enumerate() {
                    if j != i && store.vremove(vj, value)? && store.vfixed(vj) {
                        again = true;
                    }
                }
            }
            if all_fixed {
                return Ok(Status::Subsumed);
            }
            if !again {
                return Ok(Status::Fix);
            }
        }
    }
}
