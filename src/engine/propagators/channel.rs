//! The propagator of `inverse(f, invf)` (the kind `constraints::inverse`):
//! `f[i] == j` exactly when `invf[j] == i`, positions from 0 and each
//! list's values counted from the other's first index.
//!
//! Channelling keeps both lists one bipartite graph: `j` stays in `f[i]`
//! exactly when `i` stays in `invf[j]`. At `domain` Régin's alldifferent
//! on `f` (`AllDifferentDomain`) then keeps exactly the edges of some
//! perfect matching, and its removals are mirrored onto `invf`.
//!
//! Incremental, as Gecode's channel is: with no variable under two views
//! the propagator listens to its views' changes (`notify`) and a run
//! mirrors only the views changed since its last run, each in one pass
//! over the other list, instead of reading every value of every view.
//! The first run, and any after the engine lost track of changes, reads
//! everything. A variable under two views makes removals echo: then every
//! run channels to a common fixpoint by reading everything.

use super::all_different_domain::AllDifferentDomain;
use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

/// One list of the pair: its views and its first index (what the other
/// list's values count from).
#[derive(Debug)]
pub(crate) struct Side {
    pub views: Vec<View>,
    pub base: i64,
}

#[derive(Debug)]
pub(crate) struct Channel {
    f: Side,
    invf: Side,
    matching: Option<AllDifferentDomain>,
    /// No variable under two views: one pass each way reaches the
    /// channel's fixpoint, and a run leaves the whole constraint at its
    /// fixpoint (so it listens and is idempotent).
    distinct: bool,
    /// The views changed since the last run, by subscription position (`f`
    /// first, then `invf`), each once, unless `everything` is to be read.
    changed: Vec<u32>,
    marked: Vec<bool>,
    everything: bool,
}

impl Channel {
    /// `matching`: Régin's alldifferent on `f` too (the `domain` level).
    pub(crate) fn new(f: Side, invf: Side, matching: bool) -> Channel {
        let mut vars: Vec<VarId> = f.views.iter().chain(&invf.views).map(|v| v.var).collect();
        let size = vars.len();
        vars.sort_unstable();
        vars.dedup();
        Channel {
            matching: matching.then(|| AllDifferentDomain::new(f.views.clone())),
            distinct: vars.len() == size,
            changed: Vec::new(),
            marked: vec![false; size],
            everything: true,
            f,
            invf,
        }
    }

    /// The values left in every view of both lists.
    fn size(&self, store: &Store) -> u64 {
        let views = self.f.views.iter().chain(&self.invf.views);
        views.map(|&v| store.vsize(v)).sum()
    }

    /// Channels from every view that changed (every view, after
    /// `everything`) until no view is left to mirror (see `settle`).
    fn channel(&mut self, store: &mut Store) -> Result<(), Conflict> {
        if std::mem::take(&mut self.everything) {
            for local in 0..self.marked.len() {
                self.push(local);
            }
            self.clip(store).inspect_err(|_| self.forget())?;
        }
        self.settle(store).inspect_err(|_| self.forget())
    }

    /// Each list's values are positions of the other.
    fn clip(&self, store: &mut Store) -> Result<(), Conflict> {
        for (side, other) in [(&self.f, &self.invf), (&self.invf, &self.f)] {
            let last = other.base + other.views.len() as i64 - 1;
            for &x in &side.views {
                let _ = store.vset_min(x, other.base)?;
                let _ = store.vset_max(x, last)?;
            }
        }
        Ok(())
    }

    /// Mirrors each view on the list onto the other list until the list is
    /// empty; a view fixed to `j` fixes its partner `other[j]` (and that
    /// partner is mirrored in turn).
    fn settle(&mut self, store: &mut Store) -> Result<(), Conflict> {
        let n = self.f.views.len();
        while let Some(local) = self.changed.pop() {
            let local = local as usize;
            self.marked[local] = false;
            let (side, i, other, other_first) = if local < n {
                (&self.f, local, &self.invf, n)
            } else {
                (&self.invf, local - n, &self.f, 0)
            };
            mirror(store, side, i, other)?;
            let x = side.views[i];
            if store.vfixed(x) {
                let j = (store.vvalue(x) - other.base) as usize;
                if store.vassign(other.views[j], i as i64 + side.base)? {
                    self.push(other_first + j);
                }
            }
        }
        Ok(())
    }

    /// Puts the view at subscription position `local` on the list.
    fn push(&mut self, local: usize) {
        push(&mut self.marked, &mut self.changed, local);
    }

    /// Empties the list (after a conflict: backtracking undoes what is on
    /// it, and the node returned to was at this propagator's fixpoint).
    fn forget(&mut self) {
        for &local in &self.changed {
            self.marked[local as usize] = false;
        }
        self.changed.clear();
    }

    /// Subsumed once every view is fixed.
    fn status(&self, store: &Store) -> Status {
        let mut views = self.f.views.iter().chain(&self.invf.views);
        if views.all(|&v| store.vfixed(v)) {
            Status::Subsumed
        } else {
            Status::Fix
        }
    }
}

/// Puts `local` on the list of views to mirror, once.
fn push(marked: &mut [bool], changed: &mut Vec<u32>, local: usize) {
    if !marked[local] {
        marked[local] = true;
        changed.push(local as u32);
    }
}

/// `side[i]` changed: every `other[j]` whose value `i` lost its partner
/// `j` in `side[i]` loses it too.
fn mirror(store: &mut Store, side: &Side, i: usize, other: &Side) -> Result<(), Conflict> {
    let x = side.views[i];
    let back = i as i64 + side.base;
    for (j, &y) in other.views.iter().enumerate() {
        if store.vcontains(y, back) && !store.vcontains(x, j as i64 + other.base) {
            let _ = store.vremove(y, back)?;
        }
    }
    Ok(())
}

impl Propagator for Channel {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let views = self.f.views.iter().chain(&self.invf.views);
        views.map(|v| (v.var, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn listens(&self) -> bool {
        self.distinct
    }

    fn notify(&mut self, _store: &Store, local: usize, _change: Change) -> bool {
        if !self.everything {
            self.push(local);
        }
        true
    }

    fn notify_all(&mut self) {
        self.everything = true;
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        if !self.distinct {
            return self.propagate_shared(store);
        }
        self.channel(store)?;
        if let Some(matching) = &mut self.matching {
            // The matching leaves `f` domain consistent; mirroring its
            // removals onto `invf` makes both lists one graph again, so
            // nothing more can go.
            let _ = matching.propagate(store)?;
            for &i in matching.pruned() {
                push(&mut self.marked, &mut self.changed, i as usize);
            }
            self.settle(store).inspect_err(|_| self.forget())?;
        }
        Ok(self.status(store))
    }
}

impl Channel {
    /// A variable under two views: removals echo, so run to a common
    /// fixpoint, reading everything every time.
    fn propagate_shared(&mut self, store: &mut Store) -> PropResult {
        loop {
            let before = self.size(store);
            self.everything = true;
            self.channel(store)?;
            if let Some(matching) = &mut self.matching {
                let _ = matching.propagate(store)?;
            }
            if self.size(store) == before {
                return Ok(self.status(store));
            }
        }
    }
}
