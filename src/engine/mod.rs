//! The propagation engine: a store of domains, the propagators posted from a
//! model, and the fixpoint loop that runs them until nothing changes.
//! It speaks `crate::vocab` only: which propagators a constraint kind
//! posts is the business of its home in the `constraints` module (a layer
//! above, where `Engine::new` and `Engine::post_all` are written).
//!
//! The engine grows and shrinks at the root: with no search running,
//! `Engine::post_all` adds constraints and [`Engine::truncate`] retracts
//! everything posted since an [`EngineMark`] (a session's push and pop).

pub(crate) mod clock;
pub(crate) mod decaying;
pub(crate) mod domain;
mod learning;
pub(crate) mod probing;
pub(crate) mod propagator;
pub(crate) mod propagators;
pub(crate) mod queue;
pub(crate) mod store;
pub(crate) mod view;

use crate::stop::Stop;
use crate::vocab::{Consistency, IntervalSet, VarId};
use clock::Clock;
use decaying::{ACTIVITY_DECAY, AFC_DECAY, Decaying};
pub use learning::Learned;
use propagator::{Propagator, Status};
use queue::{PropagatorId, Queue};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use store::{Change, Conflict, Store};

#[derive(Debug)]
pub struct Engine {
    store: Store,
    propagators: Vec<Box<dyn Propagator>>,
    /// The store cell saying whether each propagator is still active (1) or subsumed (0).
    active: Vec<store::CellId>,
    /// Whether each propagator is idempotent (its own changes need not wake it).
    idempotent: Vec<bool>,
    /// Whether each propagator hears its changes (`Propagator::notify`).
    listens: Vec<bool>,
    /// Per variable: who to wake, on which change (in posting order).
    watchers: Vec<Vec<Watch>>,
    queue: Queue,
    consistency: Consistency,
    /// A constraint failed at the root: no solution, whatever the search does.
    root_failed: bool,
    propagations: u64,
    /// Each propagator's variables, for failure weights.
    propagator_vars: Vec<Vec<VarId>>,
    /// Per variable: its degree (the propagators it is in).
    degrees: Vec<u64>,
    /// Per variable: the failures of its propagators in this search
    /// (dom/wdeg); every search starts from none, so the same plan gives
    /// the same search.
    failures: Vec<u64>,
    /// Whether failures should update `weights` (only dom/wdeg reads them).
    track_weights: bool,
    /// The variables whose weights (or activity) rose since the brancher
    /// last read them (once per failure of each of their propagators).
    reweighted: Vec<VarId>,
    /// Per variable: how often propagation narrowed it, lately (the
    /// `activity` order).
    activity: Decaying,
    /// Per variable: the failures of its propagators, decayed at every
    /// failure, from its degree (the `afc` order).
    afc: Decaying,
    /// A new search keeps the weights and activities learned so far
    /// instead of starting from none (a thread of a parallel run, from
    /// part to part).
    carry_learning: bool,
    /// Propagation stopped at the deadline (the store's, which propagation
    /// itself and long propagator runs respect), not at a real conflict.
    interrupted: bool,
    changes: Vec<(VarId, Change)>,
    /// Per propagator: the indices of the model constraints it was posted
    /// for (what a trace names), one per member of a group.
    owners: Vec<Vec<usize>>,
    /// While a trace is on: where propagators failed, and (if asked) what
    /// they pruned.
    tracing: Option<Tracing>,
}

/// A propagator's watch on one variable.
#[derive(Clone, Copy, Debug)]
struct Watch {
    id: PropagatorId,
    /// The weakest change that wakes it.
    change: Change,
    /// The variable's position in the propagator's subscriptions.
    local: u32,
    /// The propagator's queue priority and whether it listens, copied
    /// here: a change visits every watch of its variable, and reading
    /// them from the propagator's own entries cost two more cache lines
    /// a watch (a Nurikabe cell has some twenty watches).
    priority: propagator::Priority,
    listens: bool,
}

#[derive(Clone, Debug, Default)]
struct Tracing {
    pruning: bool,
    events: Vec<Traced>,
}

/// What propagation did, for a trace: named by the model constraint that
/// posted the propagator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Traced {
    /// `var`'s domain went from `before` to `after` (sorted intervals).
    Pruned {
        owner: usize,
        var: VarId,
        before: Vec<(i64, i64)>,
        after: Vec<(i64, i64)>,
    },
    /// The constraint found no support: a conflict.
    Failed { owner: usize },
}

/// The size of an engine at the root, to truncate it back to: what was
/// posted after it is retracted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineMark {
    vars: usize,
    propagators: usize,
    cells: usize,
    checkpoint: store::Checkpoint,
    root_failed: bool,
}

impl Engine {
    /// An engine with nothing posted; `consistency` is the level of
    /// constraints that do not set their own.
    pub fn empty(consistency: Consistency) -> Engine {
        Engine {
            store: Store::default(),
            propagators: Vec::new(),
            active: Vec::new(),
            idempotent: Vec::new(),
            listens: Vec::new(),
            watchers: Vec::new(),
            queue: Queue::default(),
            consistency,
            root_failed: false,
            propagations: 0,
            propagator_vars: Vec::new(),
            degrees: Vec::new(),
            failures: Vec::new(),
            track_weights: false,
            reweighted: Vec::new(),
            activity: Decaying::new(ACTIVITY_DECAY),
            afc: Decaying::new(AFC_DECAY),
            carry_learning: false,
            interrupted: false,
            changes: Vec::new(),
            owners: Vec::new(),
            tracing: None,
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The store, for narrowing domains by hand (tests, branching).
    pub fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }

    pub fn num_vars(&self) -> usize {
        self.store.num_vars()
    }

    /// Propagator runs so far.
    pub fn propagations(&self) -> u64 {
        self.propagations
    }

    /// Adds a variable (at the root). An empty domain makes the problem
    /// fail at the root.
    pub fn add_var(&mut self, domain: &IntervalSet) -> VarId {
        let x = if domain.is_empty() {
            self.root_failed = true;
            self.store.add_var(&IntervalSet::range(0, 0))
        } else {
            self.store.add_var(domain)
        };
        self.watchers.push(Vec::new());
        self.degrees.push(0);
        self.failures.push(0);
        self.activity.add_var();
        self.afc.add_var();
        x
    }

    /// The level of constraints that do not set their own.
    pub(crate) fn consistency(&self) -> Consistency {
        self.consistency
    }

    /// A constraint failed at posting: no solution, whatever the search
    /// does.
    pub(crate) fn fail_at_root(&mut self) {
        self.root_failed = true;
    }

    /// The engine's size now, at the root.
    pub fn mark(&mut self) -> EngineMark {
        EngineMark {
            vars: self.store.num_vars(),
            propagators: self.propagators.len(),
            cells: self.store.num_cells(),
            checkpoint: self.store.checkpoint(),
            root_failed: self.root_failed,
        }
    }

    /// Retracts every variable and propagator added since `mark`.
    pub fn truncate(&mut self, mark: EngineMark) {
        self.store.restore(mark.checkpoint);
        self.queue.clear();
        let retracted = self.propagator_vars.drain(mark.propagators..);
        for (vars, owners) in retracted.zip(&self.owners[mark.propagators..]) {
            for var in vars {
                let i = var.index();
                if i >= mark.vars {
                    continue;
                }
                self.degrees[i] -= owners.len() as u64;
                let list = &mut self.watchers[i];
                while list
                    .last()
                    .is_some_and(|w| w.id.0 as usize >= mark.propagators)
                {
                    let _ = list.pop();
                }
                let weakest = list.iter().map(|w| w.change).min();
                self.store.set_listened(var, weakest);
            }
        }
        self.propagators.truncate(mark.propagators);
        self.owners.truncate(mark.propagators);
        self.active.truncate(mark.propagators);
        self.idempotent.truncate(mark.propagators);
        self.listens.truncate(mark.propagators);
        self.notify_all();
        self.watchers.truncate(mark.vars);
        self.degrees.truncate(mark.vars);
        self.failures.truncate(mark.vars);
        self.activity.truncate(mark.vars);
        self.afc.truncate(mark.vars);
        self.store.truncate(mark.vars, mark.cells);
        self.root_failed = mark.root_failed;
    }

    /// Propagation once `stop` passes (or `run` is set) stops with
    /// [`Engine::interrupted`] set.
    pub fn set_stop(&mut self, stop: &Stop, run: Option<Arc<AtomicBool>>) {
        self.store.clock = Clock::with_stop(stop, run);
        self.store.stop_seen = false;
        self.interrupted = false;
    }

    /// Starts recording where propagation fails, and with `Some(true)`
    /// what it prunes too; `None` stops. See [`Engine::take_traced`].
    pub fn set_tracing(&mut self, pruning: Option<bool>) {
        self.tracing = pruning.map(|pruning| Tracing {
            pruning,
            events: Vec::new(),
        });
    }

    /// What was recorded since the last call.
    pub fn take_traced(&mut self) -> Vec<Traced> {
        self.tracing
            .as_mut()
            .map(|t| std::mem::take(&mut t.events))
            .unwrap_or_default()
    }

    /// Runs one propagator, recording where it fails and (if asked) what
    /// it prunes: the domains of its variables before against after.
    #[cold]
    #[inline(never)]
    fn propagate_traced(&mut self, id: PropagatorId) -> Result<Status, Conflict> {
        let pruning = self.tracing.as_ref().is_some_and(|t| t.pruning);
        if self.owners[id.0 as usize].len() > 1 {
            return self.propagate_members(id, pruning);
        }
        let vars = if pruning {
            &self.propagator_vars[id.0 as usize][..]
        } else {
            &[]
        };
        let before: Vec<(VarId, Vec<(i64, i64)>)> =
            vars.iter().map(|&x| (x, self.store.intervals(x))).collect();
        let owner = self.owners[id.0 as usize][0];
        let result = self.propagators[id.0 as usize].propagate(&mut self.store);
        self.trace_run(owner, result, before);
        result
    }

    /// Records a traced run of the constraint `owner`: its failure, or what
    /// it pruned (the domains `before` it against now).
    fn trace_run(
        &mut self,
        owner: usize,
        result: Result<Status, Conflict>,
        before: Vec<(VarId, Vec<(i64, i64)>)>,
    ) {
        let mut events = Vec::new();
        if result.is_err() {
            events.push(Traced::Failed { owner });
        } else {
            for (var, before) in before {
                let after = self.store.intervals(var);
                if after != before {
                    events.push(Traced::Pruned {
                        owner,
                        var,
                        before,
                        after,
                    });
                }
            }
        }
        if let Some(t) = &mut self.tracing {
            t.events.extend(events);
        }
    }

    /// A group traced: its members run one at a time, in turn, until none
    /// prunes (the order in which separate propagators would have run),
    /// each named in the trace by its own constraint; then the group's own
    /// run settles its state.
    #[cold]
    #[inline(never)]
    fn propagate_members(&mut self, id: PropagatorId, pruning: bool) -> Result<Status, Conflict> {
        let i = id.0 as usize;
        let vars = self.propagator_vars[i].clone();
        loop {
            let mut pruned = false;
            for member in 0..self.owners[i].len() {
                let sizes: Vec<u64> = vars.iter().map(|&x| self.store.size(x)).collect();
                let before: Vec<_> = vars
                    .iter()
                    .filter(|_| pruning)
                    .map(|&x| (x, self.store.intervals(x)))
                    .collect();
                let result = self.propagators[i].propagate_member(&mut self.store, member);
                self.trace_run(self.owners[i][member], result, before);
                let _ = result?;
                pruned |= vars
                    .iter()
                    .zip(&sizes)
                    .any(|(&x, &n)| self.store.size(x) != n);
            }
            if !pruned {
                return self.propagators[i].propagate(&mut self.store);
            }
        }
    }

    /// Whether the last failed propagation was stopped by the deadline
    /// rather than by a conflict.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Adds a propagator posted for the model constraints `owners`.
    pub(crate) fn add(&mut self, mut propagator: Box<dyn Propagator>, owners: Vec<usize>) {
        propagator.initialise(&mut self.store);
        let id = PropagatorId(self.propagators.len() as u32);
        let subscriptions = propagator.subscriptions();
        let mut vars: Vec<_> = subscriptions.iter().map(|&(v, _)| v).collect();
        vars.sort_unstable();
        vars.dedup();
        // A group counts once per member, as its constraints apart would.
        for &var in &vars {
            self.degrees[var.index()] += owners.len() as u64;
        }
        let (priority, listens) = (propagator.priority(), propagator.listens());
        for (local, (var, change)) in subscriptions.into_iter().enumerate() {
            self.store.listen(var, change);
            let list = &mut self.watchers[var.index()];
            // One watch per variable, on the weakest change asked for.
            // (A propagator's watches are added together: only the last can be its own.)
            match list.last_mut() {
                Some(watch) if watch.id == id => watch.change = watch.change.min(change),
                _ => list.push(Watch {
                    id,
                    change,
                    local: local as u32,
                    priority,
                    listens,
                }),
            }
        }
        self.active.push(self.store.new_cell(1));
        self.idempotent.push(propagator.idempotent());
        self.listens.push(listens);
        self.queue.grow(self.propagators.len() + 1);
        self.queue.push(id, priority);
        self.propagators.push(propagator);
        self.propagator_vars.push(vars);
        self.owners.push(owners);
    }

    /// Queues every active propagator (a search starts from the root this way,
    /// since restoring the root undid the previous root propagation).
    pub fn schedule_all(&mut self) {
        self.notify_all();
        for (i, p) in self.propagators.iter().enumerate() {
            if self.store.cell(self.active[i]) == 1 {
                self.queue.push(PropagatorId(i as u32), p.priority());
            }
        }
    }

    /// Tells every listening propagator that it must look at everything.
    fn notify_all(&mut self) {
        for (p, &listens) in self.propagators.iter_mut().zip(&self.listens) {
            if listens {
                p.notify_all();
            }
        }
    }

    /// Runs propagators until none has anything left to do; spec-wide
    /// `probing` then tries values until none fails (see `probing`).
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        self.fixpoint()?;
        if self.consistency == Consistency::Probing {
            self.probe_all()?;
        }
        Ok(())
    }

    /// Runs propagators until none has anything left to do.
    fn fixpoint(&mut self) -> Result<(), Conflict> {
        if self.root_failed {
            return Err(Conflict);
        }
        // The propagator that made the pending changes, if it need not hear
        // of its own changes.
        let mut quiet: Option<PropagatorId> = None;
        loop {
            std::mem::swap(&mut self.changes, &mut self.store.changes);
            if self.activity.is_on() {
                for &(var, _) in &self.changes {
                    self.activity.raise(var.index());
                    self.reweighted.push(var);
                }
            }
            for &(var, change) in &self.changes {
                for watch in &self.watchers[var.index()] {
                    let id = watch.id;
                    // Subsumed propagators are skipped when popped, not here.
                    if change < watch.change || Some(id) == quiet {
                        continue;
                    }
                    let heard = !watch.listens
                        || self.propagators[id.0 as usize].notify(
                            &self.store,
                            watch.local as usize,
                            change,
                        );
                    if heard {
                        self.queue.push(id, watch.priority);
                    }
                }
            }
            self.changes.clear();
            let Some(id) = self.queue.pop() else {
                return Ok(());
            };
            if self.store.cell(self.active[id.0 as usize]) == 0 {
                continue;
            }
            self.propagations += 1;
            if self.store.must_stop() {
                self.interrupted = true;
                self.queue.clear();
                self.store.changes.clear();
                return Err(Conflict);
            }
            quiet = self.idempotent[id.0 as usize].then_some(id);
            let result = if self.tracing.is_some() {
                self.propagate_traced(id)
            } else {
                self.propagators[id.0 as usize].propagate(&mut self.store)
            };
            match result {
                Ok(Status::Fix) => {}
                Ok(Status::Subsumed) => self.store.set_cell(self.active[id.0 as usize], 0),
                Err(Conflict) if self.store.stop_seen => {
                    self.interrupted = true;
                    self.queue.clear();
                    self.store.changes.clear();
                    return Err(Conflict);
                }
                Err(Conflict) => {
                    let vars = &self.propagator_vars[id.0 as usize];
                    if self.track_weights {
                        for &var in vars {
                            self.failures[var.index()] += 1;
                        }
                        self.reweighted.extend_from_slice(vars);
                    }
                    if self.afc.is_on() {
                        for &var in vars {
                            self.afc.raise(var.index());
                        }
                        self.afc.age();
                        self.reweighted.extend_from_slice(vars);
                    }
                    self.queue.clear();
                    self.store.changes.clear();
                    return Err(Conflict);
                }
            }
        }
    }
}
