//! `circuit(succ)`: the successors form one cycle through every node
//! (node `i` is position `i` of the list, and its successor's value is the
//! index `base + j` of node `j`). Alldifferent is posted beside it; this
//! propagator removes self-loops and the values that would close a chain
//! of fixed successors into a cycle shorter than `n`, and fails on such a
//! cycle. (Linear in `n` per run; reused buffers.)

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::model::{VarId, View};

#[derive(Debug)]
pub struct Circuit {
    pub succ: Vec<View>,
    pub base: i64,
    /// Scratch: whether a node has a fixed predecessor, and whether a walk
    /// has met it.
    pub has_pred: Vec<bool>,
    pub seen: Vec<bool>,
    /// Scratch: `(node, value)` removals found by the chain walks, applied
    /// after them (a removal can fix a successor, which would change the
    /// chains under a walk).
    pub closing: Vec<(usize, i64)>,
}

impl Circuit {
    pub fn new(succ: Vec<View>, base: i64) -> Circuit {
        let n = succ.len();
        Circuit {
            succ,
            base,
            has_pred: vec![false; n],
            seen: vec![false; n],
            closing: Vec::new(),
        }
    }

    /// The fixed successor of node `i`, as a node number.
    fn next(&self, store: &Store, i: usize) -> Option<usize> {
        let x = self.succ[i];
        store
            .vfixed(x)
            .then(|| (store.vvalue(x) - self.base) as usize)
    }
}

impl Propagator for Circuit {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.succ.iter().map(|v| (v.var, Change::Fixed)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn initialise(&mut self, _store: &mut Store) {}

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let n = self.succ.len();
        if n == 0 {
            return Ok(Status::Subsumed);
        }
        let last = self.base + n as i64 - 1;
        for i in 0..n {
            let x = self.succ[i];
            let _ = store.vset_min(x, self.base)?;
            let _ = store.vset_max(x, last)?;
            if n > 1 {
                let _ = store.vremove(x, self.base + i as i64)?;
            }
        }
        self.has_pred.fill(false);
        self.seen.fill(false);
        for i in 0..n {
            if let Some(j) = self.next(store, i) {
                if self.has_pred[j] {
                    return Err(Conflict); // Two nodes lead to j.
                }
                self.has_pred[j] = true;
            }
        }
        // Each chain of fixed successors, from its first node: its last
        // node may not go back to the first unless the chain covers all.
        self.closing.clear();
        for start in 0..n {
            if self.has_pred[start] {
                continue;
            }
            let (mut end, mut length) = (start, 1);
            self.seen[start] = true;
            while let Some(j) = self.next(store, end) {
                end = j;
                length += 1;
                self.seen[j] = true;
            }
            if length < n {
                self.closing.push((end, self.base + start as i64));
            }
        }
        // What no chain met is on a cycle of fixed successors: it must be
        // the whole circuit.
        if let Some(first) = (0..n).find(|&i| !self.seen[i]) {
            let (mut node, mut length) = (first, 0);
            loop {
                length += 1;
                node = self.next(store, node).expect("a node on a fixed cycle");
                if node == first {
                    break;
                }
            }
            return if length == n {
                Ok(Status::Subsumed)
            } else {
                Err(Conflict)
            };
        }
        for &(end, value) in &self.closing {
            let _ = store.vremove(self.succ[end], value)?;
        }
        Ok(Status::Fix)
    }
}
