//! The open search space of a node, as the split of a parallel run
//! weighs its parts: the sum over every variable of log2 of its domain
//! size. Summed once at the propagated root; at a node below it, only the
//! variables the trail names since the root are read again, so opening a
//! part costs what its decisions changed, not the model's size (100,000
//! variables read at each of a split's 400 openings was most of the time
//! to a first solution).
//!
//! Each variable's log2 is rounded to a fixed point (2^-24), so that the
//! sum is exact and the same whichever way it is made up.

use crate::engine::store::{Checkpoint, Store};
use crate::model::VarId;

/// log2 units per 1.
const SCALE: f64 = (1u64 << 24) as f64;

fn log_size(size: u64) -> i64 {
    ((size as f64).log2() * SCALE).round() as i64
}

#[derive(Clone, Debug)]
pub(crate) struct Space {
    /// The trail position of the propagated root.
    root: usize,
    /// Per variable: its log2 size at the root.
    at_root: Vec<i64>,
    total: i64,
    /// Per variable: the reading that last counted it.
    counted: Vec<u32>,
    readings: u32,
}

impl Space {
    /// The space of `store` at the propagated root `root`, which it is at.
    pub(crate) fn at_root(store: &Store, root: Checkpoint) -> Space {
        debug_assert_eq!(store.trail_len(), root.position());
        let at_root: Vec<i64> = (0..store.num_vars() as u32)
            .map(|i| log_size(store.size(VarId(i))))
            .collect();
        Space {
            root: root.position(),
            total: at_root.iter().sum(),
            counted: vec![0; at_root.len()],
            at_root,
            readings: 0,
        }
    }

    /// The space of `store` now, at a node below the root.
    pub(crate) fn now(&mut self, store: &Store) -> f64 {
        self.readings = self.readings.wrapping_add(1);
        if self.readings == 0 {
            self.counted.fill(0);
            self.readings = 1;
        }
        let mut total = self.total;
        for at in self.root..store.trail_len() {
            let Some(x) = store.trailed_var(at) else {
                continue;
            };
            if self.counted[x.index()] != self.readings {
                self.counted[x.index()] = self.readings;
                total += log_size(store.size(x)) - self.at_root[x.index()];
            }
        }
        total as f64 / SCALE
    }
}
