//! `table(xs, rows)`: `xs` equals one of the rows. Generalised arc
//! consistency by scanning the rows: a row is alive while each of its
//! values is in its variable's domain; every value no live row uses is
//! removed. (O(rows x arity) per run; the buffers are reused, so a run
//! allocates nothing once they have grown.)

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct Table {
    pub xs: Vec<View>,
    pub rows: Vec<Vec<i64>>,
    /// Per position: the values of live rows (sorted, deduplicated).
    pub supported: Vec<Vec<i64>>,
    /// Scratch: a view's current values.
    pub values: Vec<i64>,
}

impl Table {
    pub(crate) fn new(xs: Vec<View>, rows: Vec<Vec<i64>>) -> Table {
        let supported = vec![Vec::new(); xs.len()];
        Table {
            xs,
            rows,
            supported,
            values: Vec::new(),
        }
    }
}

impl Propagator for Table {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.xs.iter().map(|v| (v.var, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        for s in &mut self.supported {
            s.clear();
        }
        let mut live = 0usize;
        for row in &self.rows {
            if self
                .xs
                .iter()
                .zip(row)
                .all(|(&x, &v)| store.vcontains(x, v))
            {
                live += 1;
                for (s, &v) in self.supported.iter_mut().zip(row) {
                    s.push(v);
                }
            }
        }
        if live == 0 {
            return Err(Conflict);
        }
        for (j, &x) in self.xs.iter().enumerate() {
            let s = &mut self.supported[j];
            s.sort_unstable();
            s.dedup();
            store.vvalues(x, &mut self.values);
            for &v in &self.values {
                if s.binary_search(&v).is_err() {
                    let _ = store.vremove(x, v)?;
                }
            }
        }
        // Every live row is still whole: one left means the values are set.
        Ok(if live == 1 {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }
}
