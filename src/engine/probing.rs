//! The `probing` level: singleton tests. A value is tried (the variable
//! assigned it at a checkpoint), propagated, and removed when that fails;
//! tests repeat until a whole round removes nothing. Sound, since a value
//! whose assignment propagation refutes is in no solution; stronger than
//! any single propagator, and paid for with one propagation per value.
//!
//! - [`Probe`]: one item's propagators (at `Domain`), tried on their own.
//! - [`Engine::probe_all`]: spec-wide, every variable's values tried
//!   through the whole network at every node (singleton arc consistency).
//!
//! Variables of more than [`MOST_PROBED`] values are not tried: a test per
//! value of a huge domain costs more than the search it would save.

use super::Engine;
use super::propagator::{Priority, PropResult, Propagator, Status};
use super::store::{Change, Conflict, Store};
use crate::vocab::VarId;

/// The largest domain whose values are tried one by one.
pub(crate) const MOST_PROBED: u64 = 1_000;

/// One item at `Probing`: its propagators run together to their joint
/// fixpoint, then each value of each of their variables is tried through
/// them alone.
#[derive(Debug)]
pub(crate) struct Probe {
    inners: Vec<Box<dyn Propagator>>,
    vars: Vec<VarId>,
    /// Scratch: the sizes of `vars` before a round of the inners.
    sizes: Vec<u64>,
    values: Vec<i64>,
}

impl Probe {
    pub(crate) fn new(inners: Vec<Box<dyn Propagator>>) -> Probe {
        let mut vars: Vec<VarId> = (inners.iter())
            .flat_map(|p| p.subscriptions())
            .map(|(v, _)| v)
            .collect();
        vars.sort_unstable();
        vars.dedup();
        Probe {
            inners,
            vars,
            sizes: Vec::new(),
            values: Vec::new(),
        }
    }

    /// Runs the inners until none changes a domain; true when every one is
    /// subsumed (the item holds whatever happens below).
    fn settle(&mut self, store: &mut Store) -> Result<bool, Conflict> {
        loop {
            self.sizes.clear();
            self.sizes.extend(self.vars.iter().map(|&x| store.size(x)));
            let mut subsumed = true;
            for inner in &mut self.inners {
                // The engine's notices never reach an inner propagator.
                inner.notify_all();
                subsumed &= inner.propagate(store)? == Status::Subsumed;
            }
            let same = (self.vars.iter().zip(&self.sizes)).all(|(&x, &n)| store.size(x) == n);
            if same {
                return Ok(subsumed);
            }
            if store.must_stop() {
                return Err(Conflict);
            }
        }
    }

    /// Whether assigning `v` to `x` and settling fails (the store comes
    /// back as it was, with the changes still to be seen).
    fn fails(&mut self, store: &mut Store, x: VarId, v: i64) -> bool {
        let pending = std::mem::take(&mut store.changes);
        let checkpoint = store.checkpoint();
        let failed = store.assign(x, v).is_err() || self.settle(store).is_err();
        store.restore(checkpoint);
        store.changes = pending;
        failed
    }
}

impl Propagator for Probe {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        // A test's outcome can turn on any value removed.
        self.vars.iter().map(|&x| (x, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        // A run ends at its own fixpoint.
        true
    }

    fn initialise(&mut self, store: &mut Store) {
        for inner in &mut self.inners {
            inner.initialise(store);
        }
    }

    fn members(&self) -> usize {
        self.inners.len()
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        loop {
            if self.settle(store)? {
                return Ok(Status::Subsumed);
            }
            let mut removed = false;
            for i in 0..self.vars.len() {
                let x = self.vars[i];
                let size = store.size(x);
                if size <= 1 || size > MOST_PROBED {
                    continue;
                }
                self.values.clear();
                self.values.extend(store.domain(x).values());
                for j in 0..self.values.len() {
                    let v = self.values[j];
                    if store.contains(x, v) && self.fails(store, x, v) {
                        if store.stop_seen {
                            return Err(Conflict);
                        }
                        let _ = store.remove(x, v)?;
                        removed = true;
                    }
                }
            }
            if !removed {
                return Ok(Status::Fix);
            }
        }
    }
}

impl Engine {
    /// Spec-wide probing, after a fixpoint: each value of each variable
    /// (of at most [`MOST_PROBED`] values) assigned at a checkpoint and
    /// propagated through every propagator; a value that fails is removed
    /// and propagated; rounds repeat until one removes nothing. A variable
    /// in no propagator is skipped: no value of it can fail.
    pub(super) fn probe_all(&mut self) -> Result<(), Conflict> {
        let mut values = Vec::new();
        loop {
            let mut removed = false;
            for i in 0..self.store.num_vars() {
                let x = VarId(i as u32);
                let size = self.store.size(x);
                if size <= 1 || size > MOST_PROBED || self.degrees[i] == 0 {
                    continue;
                }
                values.clear();
                values.extend(self.store.domain(x).values());
                for &v in &values {
                    if !self.store.contains(x, v) {
                        continue;
                    }
                    // A test is not what a trace shows; the propagation
                    // of a removal is.
                    let tracing = self.tracing.take();
                    let checkpoint = self.store.checkpoint();
                    let failed = self.store.assign(x, v).is_err() || self.fixpoint().is_err();
                    self.store.restore(checkpoint);
                    self.tracing = tracing;
                    if self.interrupted {
                        return Err(Conflict);
                    }
                    if failed {
                        let _ = self.store.remove(x, v)?;
                        self.fixpoint()?;
                        removed = true;
                    }
                }
            }
            if !removed {
                return Ok(());
            }
        }
    }
}
