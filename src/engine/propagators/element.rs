//! `result == array[index]`, for an array of constants (domain consistent)
//! and for an array of variables (bounds on the result, supports for the
//! index, equality once the index is fixed).

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Store};
use crate::vocab::{VarId, View};

/// Result domains larger than this are narrowed by bounds only.
const SMALL: u64 = 4096;

#[derive(Debug)]
pub(crate) struct ElementConst {
    pub index: View,
    pub values: Vec<i64>,
    pub result: View,
    pub scratch: Vec<i64>,
    pub supported: Vec<i64>,
}

impl Propagator for ElementConst {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        vec![
            (self.index.var, Change::Domain),
            (self.result.var, Change::Domain),
        ]
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let _ = store.vset_min(self.index, 0)?;
        let _ = store.vset_max(self.index, self.values.len() as i64 - 1)?;
        store.vvalues(self.index, &mut self.scratch);
        self.supported.clear();
        for &i in &self.scratch {
            let v = self.values[i as usize];
            if store.vcontains(self.result, v) {
                self.supported.push(v);
            } else {
                let _ = store.vremove(self.index, i)?;
            }
        }
        self.supported.sort_unstable();
        self.supported.dedup();
        let (Some(&lo), Some(&hi)) = (self.supported.first(), self.supported.last()) else {
            return Err(crate::engine::store::Conflict);
        };
        let _ = store.vset_min(self.result, lo)?;
        let _ = store.vset_max(self.result, hi)?;
        if store.vsize(self.result) <= SMALL {
            store.vvalues(self.result, &mut self.scratch);
            for &r in &self.scratch {
                if self.supported.binary_search(&r).is_err() {
                    let _ = store.vremove(self.result, r)?;
                }
            }
        }
        // Re-read both: narrowing the result may have narrowed the index too
        // when they share a variable.
        if store.vfixed(self.index) && store.vfixed(self.result) {
            let i = store.vvalue(self.index);
            let inside = (0..self.values.len() as i64).contains(&i);
            if !inside || self.values[i as usize] != store.vvalue(self.result) {
                return Err(crate::engine::store::Conflict);
            }
            return Ok(Status::Subsumed);
        }
        Ok(Status::Fix)
    }
}

#[derive(Debug)]
pub(crate) struct ElementVar {
    pub index: View,
    pub array: Vec<View>,
    pub result: View,
    pub scratch: Vec<i64>,
}

impl ElementVar {
    /// Could `array[i]` equal `result`?
    fn compatible(store: &Store, a: View, r: View) -> bool {
        if store.vmax(a) < store.vmin(r) || store.vmin(a) > store.vmax(r) {
            return false;
        }
        if store.vfixed(a) {
            return store.vcontains(r, store.vvalue(a));
        }
        if store.vfixed(r) {
            return store.vcontains(a, store.vvalue(r));
        }
        true
    }

    /// `a == r` once the index is fixed: bounds both ways, values when small.
    fn equal(&mut self, store: &mut Store, a: View, r: View) -> PropResult {
        loop {
            let mut changed = store.vset_min(r, store.vmin(a))?;
            changed |= store.vset_max(r, store.vmax(a))?;
            changed |= store.vset_min(a, store.vmin(r))?;
            changed |= store.vset_max(a, store.vmax(r))?;
            for (from, to) in [(a, r), (r, a)] {
                if store.vsize(to) <= SMALL {
                    store.vvalues(to, &mut self.scratch);
                    for &v in &self.scratch {
                        if !store.vcontains(from, v) {
                            changed |= store.vremove(to, v)?;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        Ok(if store.vfixed(a) && store.vfixed(r) {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }
}

impl Propagator for ElementVar {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let mut subs = vec![
            (self.index.var, Change::Domain),
            (self.result.var, Change::Domain),
        ];
        subs.extend(self.array.iter().map(|a| (a.var, Change::Domain)));
        subs
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let _ = store.vset_min(self.index, 0)?;
        let _ = store.vset_max(self.index, self.array.len() as i64 - 1)?;
        store.vvalues(self.index, &mut self.scratch);
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for k in 0..self.scratch.len() {
            let i = self.scratch[k];
            let a = self.array[i as usize];
            if Self::compatible(store, a, self.result) {
                lo = lo.min(store.vmin(a));
                hi = hi.max(store.vmax(a));
            } else {
                let _ = store.vremove(self.index, i)?;
            }
        }
        if store.vfixed(self.index) {
            let a = self.array[store.vvalue(self.index) as usize];
            return self.equal(store, a, self.result);
        }
        let _ = store.vset_min(self.result, lo)?;
        let _ = store.vset_max(self.result, hi)?;
        Ok(Status::Fix)
    }
}
