//! `global_cardinality` by counting (the kind
//! `constraints::global_cardinality`), and at `domain` also by Régin's
//! flow ([`super::cardinality_flow`]).
//!
//! For value `k`, `sure[k]` views are fixed to it and `possible[k]` still
//! have it: `counts[k]` lies in between, a count at its `sure` end removes
//! the value from the other views, one at its `possible` end fixes every
//! view that has it. With distinct values, the counts add up to the views
//! that take one of the values, which lies between the views that must
//! and those that may: each count is narrowed by the others' bounds.
//! Nothing is kept between runs but scratch.

use super::cardinality_flow::{Caps, CardinalityFlow};
use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct Cardinality {
    xs: Vec<View>,
    values: Vec<i64>,
    counts: Vec<View>,
    /// The values' positions, sorted by value (for lookups).
    order: Vec<usize>,
    /// No value is listed twice: then the counts add up.
    distinct: bool,
    flow: Option<CardinalityFlow>,
    sure: Vec<i64>,
    possible: Vec<i64>,
    buffer: Vec<i64>,
}

/// Views that must (`sure`) and that may (`possible`) take a value
/// outside the list.
struct Outside {
    sure: i64,
    possible: i64,
}

impl Cardinality {
    pub(crate) fn new(xs: Vec<View>, values: Vec<i64>, counts: Vec<View>, flow: bool) -> Self {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by_key(|&k| values[k]);
        let distinct = order.windows(2).all(|w| values[w[0]] != values[w[1]]);
        let m = values.len();
        Cardinality {
            xs,
            values,
            counts,
            order,
            distinct,
            flow: flow.then(CardinalityFlow::default),
            sure: vec![0; m],
            possible: vec![0; m],
            buffer: Vec::new(),
        }
    }

    /// Where `w` is in `order` (a range of several if it is listed twice).
    fn positions(&self, w: i64) -> std::ops::Range<usize> {
        let start = self.order.partition_point(|&k| self.values[k] < w);
        let end = self.order.partition_point(|&k| self.values[k] <= w);
        start..end
    }

    /// `sure` and `possible` of every value, and of the values outside.
    fn tally(&mut self, store: &Store) -> Outside {
        self.sure.fill(0);
        self.possible.fill(0);
        let mut outside = Outside {
            sure: 0,
            possible: 0,
        };
        let m = self.values.len() as u64;
        let mut buffer = std::mem::take(&mut self.buffer);
        for &x in &self.xs {
            let fixed = i64::from(store.vfixed(x));
            if store.vsize(x) <= m {
                store.vvalues(x, &mut buffer);
                let mut listed = 0;
                for &w in &buffer {
                    let positions = self.positions(w);
                    listed += u64::from(!positions.is_empty());
                    for p in positions {
                        let k = self.order[p];
                        self.possible[k] += 1;
                        self.sure[k] += fixed;
                    }
                }
                if listed < buffer.len() as u64 {
                    outside.possible += 1;
                    outside.sure += fixed;
                }
            } else {
                // More values than the list has: some are outside it.
                outside.possible += 1;
                for (k, &w) in self.values.iter().enumerate() {
                    self.possible[k] += i64::from(store.vcontains(x, w));
                }
            }
        }
        self.buffer = buffer;
        outside
    }

    /// Each count within its value's tally and, with distinct values,
    /// within what the other counts leave.
    fn narrow_counts(&self, store: &mut Store, outside: &Outside) -> Result<(), Conflict> {
        for (k, &c) in self.counts.iter().enumerate() {
            let _ = store.vset_min(c, self.sure[k])?;
            let _ = store.vset_max(c, self.possible[k])?;
        }
        if !self.distinct {
            return Ok(());
        }
        let n = self.xs.len() as i64;
        let (least, most) = (n - outside.possible, n - outside.sure);
        let low: i64 = self.counts.iter().map(|&c| store.vmin(c)).sum();
        let high: i64 = self.counts.iter().map(|&c| store.vmax(c)).sum();
        if low > most || high < least {
            return Err(Conflict);
        }
        for &c in &self.counts {
            let (lo, hi) = (store.vmin(c), store.vmax(c));
            let _ = store.vset_min(c, least - (high - hi))?;
            let _ = store.vset_max(c, most - (low - lo))?;
        }
        Ok(())
    }

    /// Views settled by a count at either end of its tally.
    fn settle_views(&self, store: &mut Store) -> Result<(), Conflict> {
        for (k, &c) in self.counts.iter().enumerate() {
            let (w, sure, possible) = (self.values[k], self.sure[k], self.possible[k]);
            if sure == possible {
                continue;
            }
            if store.vmax(c) <= sure {
                for &x in &self.xs {
                    if !store.vfixed(x) {
                        let _ = store.vremove(x, w)?;
                    }
                }
            } else if store.vmin(c) >= possible {
                for &x in &self.xs {
                    if store.vcontains(x, w) {
                        let _ = store.vassign(x, w)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Propagator for Cardinality {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let xs = self.xs.iter().map(|x| (x.var, Change::Domain));
        let counts = self.counts.iter().map(|c| (c.var, Change::Bounds));
        xs.chain(counts).collect()
    }

    fn priority(&self) -> Priority {
        if self.flow.is_some() {
            Priority::Global
        } else {
            Priority::Linear
        }
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let outside = self.tally(store);
        self.narrow_counts(store, &outside)?;
        self.settle_views(store)?;
        if let Some(flow) = &mut self.flow {
            let caps = Caps::Counts {
                values: &self.values,
                counts: &self.counts,
            };
            flow.prune(store, &self.xs, caps)?;
        }
        let settled = self.xs.iter().all(|&x| store.vfixed(x));
        if !settled {
            return Ok(Status::Fix);
        }
        // Every view fixed (perhaps by this run): the counts are known.
        let _ = self.tally(store);
        for (k, &c) in self.counts.iter().enumerate() {
            let _ = store.vassign(c, self.sure[k])?;
        }
        Ok(Status::Subsumed)
    }
}
