//! The table's fallback for tables whose supports would not fit in
//! [`super::MOST_SUPPORT_WORDS`]: every run scans the rows. A row is alive
//! while each of its values is in its view's domain; every value no live
//! row uses is removed. O(rows x arity) per run and no memory beyond the
//! rows (the buffers are reused, so a run allocates nothing once they
//! have grown).

use crate::engine::propagator::{PropResult, Status};
use crate::engine::store::{Conflict, Store};
use crate::vocab::View;

#[derive(Debug)]
pub(super) struct Scan {
    xs: Vec<View>,
    rows: Vec<Vec<i64>>,
    /// Scratch, per position: the values of live rows (sorted, deduplicated).
    supported: Vec<Vec<i64>>,
    /// Scratch: a view's current values.
    values: Vec<i64>,
}

impl Scan {
    pub(super) fn new(xs: Vec<View>, rows: Vec<Vec<i64>>) -> Scan {
        let supported = vec![Vec::new(); xs.len()];
        Scan {
            xs,
            rows,
            supported,
            values: Vec::new(),
        }
    }

    pub(super) fn propagate(&mut self, store: &mut Store) -> PropResult {
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
        // Every live row is still whole (the rows were made consistent
        // for a variable at two positions): one left means the values are set.
        Ok(if live == 1 {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }
}
