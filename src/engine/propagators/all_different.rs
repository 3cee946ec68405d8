//! All views take different values, by value elimination: the value of every
//! fixed view is removed from the others. (Bounds consistency with Hall
//! intervals comes with the speed work.)
//!
//! Incremental: the views are kept permuted so that the first `done` of them
//! are fixed and already propagated, with `done` a trailed cell. A wake scans
//! only the rest, and each newly fixed view costs one pass over the unfixed
//! ones. Backtracking restores `done`; the permutation needs no undo, because
//! only positions at or after `done` are ever swapped.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{CellId, Change, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct AllDifferent {
    views: Vec<View>,
    done: CellId,
}

impl AllDifferent {
    pub(crate) fn new(views: Vec<View>) -> AllDifferent {
        AllDifferent {
            views,
            done: CellId(u32::MAX),
        }
    }
}

impl Propagator for AllDifferent {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.views.iter().map(|v| (v.var, Change::Fixed)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn initialise(&mut self, store: &mut Store) {
        self.done = store.new_cell(0);
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let n = self.views.len();
        let mut done = store.cell(self.done) as usize;
        let mut i = done;
        while i < n {
            if !store.vfixed(self.views[i]) {
                i += 1;
                continue;
            }
            self.views.swap(i, done);
            let value = store.vvalue(self.views[done]);
            done += 1;
            for &other in &self.views[done..] {
                let _ = store.vremove(other, value)?;
            }
            // Removals may have fixed views already scanned: look again.
            i = done;
        }
        store.set_cell(self.done, done as i64);
        Ok(if done == n {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }
}
