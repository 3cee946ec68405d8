//! All views different, with bounds consistency on top of value
//! elimination: a Hall interval `[lo, hi]` holds exactly `hi - lo + 1` views
//! whose bounds lie inside it, so no other view can take a value there.
//! Chosen with `consistency = "bounds"`; O(n^2) per run (sort by upper bound,
//! then one sweep per distinct lower bound), so it pays on small, tight
//! arrays rather than on hundreds of wide domains.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::propagators::all_different::AllDifferent;
use crate::engine::store::{Change, Conflict, Store};
use crate::model::{VarId, View};

#[derive(Debug)]
pub struct AllDifferentBounds {
    values: AllDifferent,
    views: Vec<View>,
    /// (min, max) of each view, sorted by max.
    bounds: Vec<(i64, i64)>,
    /// The distinct lower bounds (kept between runs: no allocation per run).
    lows: Vec<i64>,
    halls: Vec<(i64, i64)>,
}

impl AllDifferentBounds {
    pub fn new(views: Vec<View>) -> AllDifferentBounds {
        AllDifferentBounds {
            values: AllDifferent::new(views.clone()),
            views,
            bounds: Vec::new(),
            lows: Vec::new(),
            halls: Vec::new(),
        }
    }

    /// Finds the Hall intervals (fails on an interval with too many views).
    fn find_halls(&mut self, store: &Store) -> Result<(), Conflict> {
        self.bounds.clear();
        self.bounds
            .extend(self.views.iter().map(|&v| (store.vmin(v), store.vmax(v))));
        self.bounds.sort_unstable_by_key(|&(_, hi)| hi);
        self.halls.clear();
        self.lows.clear();
        self.lows.extend(self.bounds.iter().map(|&(lo, _)| lo));
        self.lows.sort_unstable();
        self.lows.dedup();
        for &lo in &self.lows {
            let mut inside = 0i64;
            for &(min, max) in &self.bounds {
                if min < lo {
                    continue;
                }
                inside += 1;
                let width = max - lo + 1;
                if inside > width {
                    return Err(Conflict);
                }
                if inside == width {
                    self.halls.push((lo, max));
                }
            }
        }
        Ok(())
    }

    /// Pushes every view not inside a Hall interval out of it.
    fn prune(&mut self, store: &mut Store) -> Result<bool, Conflict> {
        let mut changed = false;
        for &(lo, hi) in &self.halls {
            for &v in &self.views {
                let (min, max) = (store.vmin(v), store.vmax(v));
                if min >= lo && max <= hi {
                    continue;
                }
                if min >= lo && min <= hi {
                    changed |= store.vset_min(v, hi + 1)?;
                }
                let max = store.vmax(v);
                if max >= lo && max <= hi {
                    changed |= store.vset_max(v, lo - 1)?;
                }
            }
        }
        Ok(changed)
    }
}

impl Propagator for AllDifferentBounds {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.views.iter().map(|v| (v.var, Change::Bounds)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn initialise(&mut self, store: &mut Store) {
        self.values.initialise(store);
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        loop {
            if self.values.propagate(store)? == Status::Subsumed {
                return Ok(Status::Subsumed);
            }
            self.find_halls(store)?;
            if !self.prune(store)? {
                return Ok(Status::Fix);
            }
        }
    }
}
