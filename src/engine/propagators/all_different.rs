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
use crate::engine::store::{CellId, Change, Conflict, Store};
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
        let done = eliminate_fixed(store, &mut self.views, self.done, |_| false)?;
        Ok(if done == self.views.len() {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }
}

/// Value elimination over `views` from the trailed prefix `done` on: each
/// view found fixed joins the prefix, and its value, unless `shared` (a
/// value any number of views may take), leaves the views after it.
/// Returns the prefix's new length, also stored in `done`.
pub(super) fn eliminate_fixed(
    store: &mut Store,
    views: &mut [View],
    done: CellId,
    shared: impl Fn(i64) -> bool,
) -> Result<usize, Conflict> {
    let n = views.len();
    let mut fixed = store.cell(done) as usize;
    let mut i = fixed;
    while i < n {
        if !store.vfixed(views[i]) {
            i += 1;
            continue;
        }
        views.swap(i, fixed);
        let value = store.vvalue(views[fixed]);
        fixed += 1;
        if !shared(value) {
            for &other in &views[fixed..] {
                let _ = store.vremove(other, value)?;
            }
        }
        // Removals may have fixed views already scanned: look again.
        i = fixed;
    }
    store.set_cell(done, fixed as i64);
    Ok(fixed)
}
