//! Alldifferent at the `early` level: it fails as soon as two fixed views
//! take the same value, and prunes nothing (the articles' "test as each
//! queen is placed": between generate-and-test and propagation).

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct AllDifferentEarly {
    pub views: Vec<View>,
    /// Scratch: the fixed values of one run.
    pub seen: Vec<i64>,
}

impl Propagator for AllDifferentEarly {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.views.iter().map(|v| (v.var, Change::Fixed)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        self.seen.clear();
        for &v in &self.views {
            if store.vfixed(v) {
                self.seen.push(store.vvalue(v));
            }
        }
        self.seen.sort_unstable();
        if self.seen.windows(2).any(|w| w[0] == w[1]) {
            return Err(Conflict);
        }
        Ok(if self.seen.len() == self.views.len() {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }
}
