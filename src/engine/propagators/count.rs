//! `count == |{i : xs[i] == value}|` (the kind `constraints::count`).
//!
//! For a candidate value `w`, `sure(w)` views are fixed to `w` and
//! `possible(w)` still have it: the count lies in `[sure, possible]`.
//! With the value fixed to `v` that bounds the count, and the count's
//! bounds act back: a count at most `sure(v)` removes `v` from every open
//! view, a count at least `possible(v)` fixes every view that still has
//! `v`. With the value open, each candidate whose interval misses the
//! count's bounds leaves the value, and the count gets the hull of the
//! candidates' intervals, one pass over the views per candidate; a value
//! with more candidates than [`MOST_CANDIDATES`] only bounds the count by
//! the list's length until it narrows.
//!
//! A value fixed when posted (a constant, the usual case) is counted
//! incrementally, as Gecode's `count` drops the views it is done with:
//! the views still open for it (that have the value and are not fixed)
//! are the first `open` of `xs`, a trailed length, and `sure` is trailed
//! too. A run swaps each view it settles behind the open ones and
//! shortens them; backtracking lengthens them again, and since views are
//! only ever swapped within the open part, the first `open` views are
//! then again exactly those open at that node (in another order). In a
//! magic sequence each view soon has few values left, so a run reads a
//! few views instead of all.
//!
//! Such a count also listens to its views' changes (`notify`): one still
//! open that keeps the value and is not fixed changes neither `sure` nor
//! `possible`, so it does not wake the propagator. In a magic sequence of
//! length n a change of one view then wakes the few counts of the values
//! it lost, not all n.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{CellId, Change, Conflict, Store};
use crate::vocab::{VarId, View};

/// The most candidates of an open value that are each counted.
const MOST_CANDIDATES: u64 = 256;

#[derive(Debug)]
pub(crate) struct CountProp {
    /// The views, the open ones first when `settled` is in use.
    xs: Vec<View>,
    value: View,
    count: View,
    candidates: Vec<i64>,
    /// For a value fixed when posted: the trailed number of open views
    /// and of views fixed to the value.
    settled: Option<(CellId, CellId)>,
    /// Per view as posted (its position in the subscriptions): where it
    /// is in `xs` now, and whether its variable is also the value's, the
    /// count's or another view's (its changes then always wake).
    place: Vec<u32>,
    shared: Vec<bool>,
    /// Per position of `xs`: the view's position as posted.
    posted: Vec<u32>,
}

impl CountProp {
    pub(crate) fn new(xs: Vec<View>, value: View, count: View) -> CountProp {
        let n = xs.len();
        let mut seen = std::collections::HashMap::new();
        for x in &xs {
            *seen.entry(x.var).or_insert(0) += 1;
        }
        let shared = (xs.iter())
            .map(|x| seen[&x.var] > 1 || x.var == value.var || x.var == count.var)
            .collect();
        CountProp {
            xs,
            value,
            count,
            candidates: Vec::new(),
            settled: None,
            place: (0..n as u32).collect(),
            shared,
            posted: (0..n as u32).collect(),
        }
    }

    /// The value fixed when posted: the views still open for it first,
    /// and how many are fixed to it, brought up to date.
    fn settle(&mut self, store: &mut Store, v: i64, (open, sure): (CellId, CellId)) -> (i64, i64) {
        let mut len = store.cell(open) as usize;
        let mut fixed = store.cell(sure);
        let mut i = 0;
        while i < len {
            let x = self.xs[i];
            let has = store.vcontains(x, v);
            if has && !store.vfixed(x) {
                i += 1;
                continue;
            }
            fixed += i64::from(has);
            len -= 1;
            self.xs.swap(i, len);
            self.posted.swap(i, len);
            self.place[self.posted[i] as usize] = i as u32;
            self.place[self.posted[len] as usize] = len as u32;
        }
        store.set_cell(open, len as i64);
        store.set_cell(sure, fixed);
        (fixed, fixed + len as i64)
    }

    /// How many views are fixed to `w`, and how many still have it.
    fn tally(&self, store: &Store, w: i64) -> (i64, i64) {
        let (mut sure, mut possible) = (0, 0);
        for &x in &self.xs {
            if store.vcontains(x, w) {
                possible += 1;
                sure += i64::from(store.vfixed(x));
            }
        }
        (sure, possible)
    }

    /// The value fixed to `v`: the count within `[sure, possible]`, and
    /// the views settled where the count's bounds meet one end.
    fn fixed_value(&mut self, store: &mut Store, v: i64) -> PropResult {
        let (sure, possible) = match self.settled {
            Some(cells) => self.settle(store, v, cells),
            None => self.tally(store, v),
        };
        let _ = store.vset_min(self.count, sure)?;
        let _ = store.vset_max(self.count, possible)?;
        if sure == possible {
            return Ok(Status::Subsumed);
        }
        // Only the first views can still be open when they are tracked.
        let open = match self.settled {
            Some((open, _)) => store.cell(open) as usize,
            None => self.xs.len(),
        };
        if store.vmax(self.count) == sure {
            for &x in &self.xs[..open] {
                if !store.vfixed(x) {
                    let _ = store.vremove(x, v)?;
                }
            }
        } else if store.vmin(self.count) == possible {
            for &x in &self.xs[..open] {
                if store.vcontains(x, v) {
                    let _ = store.vassign(x, v)?;
                }
            }
        } else {
            return Ok(Status::Fix);
        }
        // The views just settled (perhaps the count's own variable among
        // them) wake this propagator again, to count them.
        Ok(Status::Fix)
    }

    /// The value open: its candidates that cannot meet the count leave.
    fn open_value(&mut self, store: &mut Store) -> Result<(), Conflict> {
        if store.vsize(self.value) > MOST_CANDIDATES {
            let _ = store.vset_min(self.count, 0)?;
            let _ = store.vset_max(self.count, self.xs.len() as i64)?;
            return Ok(());
        }
        let mut candidates = std::mem::take(&mut self.candidates);
        store.vvalues(self.value, &mut candidates);
        let (lo, hi) = (store.vmin(self.count), store.vmax(self.count));
        let (mut least, mut most) = (i64::MAX, i64::MIN);
        let mut result = Ok(());
        for &w in &candidates {
            let (sure, possible) = self.tally(store, w);
            if possible < lo || sure > hi {
                if let Err(e) = store.vremove(self.value, w) {
                    result = Err(e);
                    break;
                }
            } else {
                least = least.min(sure);
                most = most.max(possible);
            }
        }
        self.candidates = candidates;
        result?;
        let _ = store.vset_min(self.count, least)?;
        let _ = store.vset_max(self.count, most)?;
        Ok(())
    }
}

impl Propagator for CountProp {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let mut subs: Vec<(VarId, Change)> =
            self.xs.iter().map(|x| (x.var, Change::Domain)).collect();
        subs.push((self.value.var, Change::Domain));
        subs.push((self.count.var, Change::Bounds));
        subs
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn initialise(&mut self, store: &mut Store) {
        if store.vfixed(self.value) {
            let open = store.new_cell(self.xs.len() as i64);
            self.settled = Some((open, store.new_cell(0)));
        }
    }

    /// Listens when the value is fixed and the open views are tracked.
    fn listens(&self) -> bool {
        self.settled.is_some()
    }

    /// An open view's change matters once it loses the value or is fixed.
    fn notify(&mut self, store: &Store, local: usize, _change: Change) -> bool {
        let Some((open, _)) = self.settled else {
            return true;
        };
        if local >= self.place.len() || self.shared[local] {
            return true;
        }
        let at = self.place[local] as usize;
        if at >= store.cell(open) as usize {
            // Settled already: counted, whatever happens to it now.
            return false;
        }
        let x = self.xs[at];
        store.vfixed(x) || !store.vcontains(x, store.vvalue(self.value))
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        if !store.vfixed(self.value) {
            self.open_value(store)?;
            if !store.vfixed(self.value) {
                return Ok(Status::Fix);
            }
        }
        let v = store.vvalue(self.value);
        self.fixed_value(store, v)
    }
}
