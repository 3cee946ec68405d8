//! The propagation engine: a store of domains, the propagators posted from a
//! model, and the fixpoint loop that runs them until nothing changes.
//!
//! The engine grows with its model: after a search has returned to the root,
//! [`Engine::sync`] posts the variables and constraints added to the model
//! since, without re-posting the others (the bulls-and-cows guesser adds one
//! answer at a time this way).

pub mod domain;
pub mod post;
pub mod propagator;
pub mod propagators;
pub mod queue;
pub mod store;
pub mod view;

use crate::model::Model;
use crate::spec::ast::Consistency;
use propagator::{Propagator, Status};
use queue::{PropagatorId, Queue};
use store::{Change, Conflict, Store};

#[derive(Debug)]
pub struct Engine {
    pub store: Store,
    propagators: Vec<Box<dyn Propagator>>,
    /// The store cell saying whether each propagator is still active (1) or subsumed (0).
    active: Vec<store::CellId>,
    /// Each propagator's queue priority, read on every wake.
    priorities: Vec<propagator::Priority>,
    /// Whether each propagator is idempotent (its own changes need not wake it).
    idempotent: Vec<bool>,
    /// Per variable: who to wake, on which change.
    watchers: Vec<Vec<(PropagatorId, Change)>>,
    queue: Queue,
    consistency: Consistency,
    posted_constraints: usize,
    /// A constraint failed at the root: no solution, whatever the search does.
    root_failed: bool,
    pub propagations: u64,
    /// Each propagator's variables, for failure weights.
    propagator_vars: Vec<Vec<crate::model::VarId>>,
    /// Per variable: its degree plus the failures of its propagators (dom/wdeg).
    weights: Vec<u64>,
    /// Whether failures should update `weights` (only dom/wdeg reads them).
    pub track_weights: bool,
    /// A time limit that propagation itself respects (a single fixpoint on
    /// huge domains can take long).
    pub deadline: Option<std::time::Instant>,
    /// Propagation stopped at the deadline, not at a real conflict.
    pub interrupted: bool,
    changes: Vec<(crate::model::VarId, Change)>,
}

impl Engine {
    pub fn new(model: &Model, consistency: Consistency) -> Engine {
        let mut engine = Engine {
            store: Store::default(),
            propagators: Vec::new(),
            active: Vec::new(),
            priorities: Vec::new(),
            idempotent: Vec::new(),
            watchers: Vec::new(),
            queue: Queue::default(),
            consistency,
            posted_constraints: 0,
            root_failed: false,
            propagations: 0,
            propagator_vars: Vec::new(),
            weights: Vec::new(),
            track_weights: false,
            deadline: None,
            interrupted: false,
            changes: Vec::new(),
        };
        engine.sync(model);
        engine
    }

    /// Posts what `model` has gained since the last sync. Call at the root only.
    pub fn sync(&mut self, model: &Model) {
        for info in &model.vars[self.store.num_vars()..] {
            if info.domain.is_empty() {
                self.root_failed = true;
                let _ = self.store.add_var(&crate::model::IntervalSet::range(0, 0));
            } else {
                let _ = self.store.add_var(&info.domain);
            }
            self.watchers.push(Vec::new());
            self.weights.push(0);
        }
        for posted in &model.constraints[self.posted_constraints..] {
            match post::create(
                &posted.constraint,
                posted.consistency.unwrap_or(self.consistency),
            ) {
                Ok(Some(p)) => self.add(p),
                Ok(None) => {}
                Err(Conflict) => self.root_failed = true,
            }
        }
        self.posted_constraints = model.constraints.len();
    }

    fn add(&mut self, mut propagator: Box<dyn Propagator>) {
        propagator.initialise(&mut self.store);
        let id = PropagatorId(self.propagators.len() as u32);
        let subscriptions = propagator.subscriptions();
        let mut vars: Vec<_> = subscriptions.iter().map(|&(v, _)| v).collect();
        vars.sort_unstable();
        vars.dedup();
        for &var in &vars {
            self.weights[var.index()] += 1;
        }
        for (var, change) in subscriptions {
            self.store.listen(var, change);
            let list = &mut self.watchers[var.index()];
            // One watch per variable, on the weakest change asked for.
            // (A propagator's watches are added together: only the last can be its own.)
            match list.last_mut() {
                Some(entry) if entry.0 == id => entry.1 = entry.1.min(change),
                _ => list.push((id, change)),
            }
        }
        self.active.push(self.store.new_cell(1));
        self.priorities.push(propagator.priority());
        self.idempotent.push(propagator.idempotent());
        self.queue.grow(self.propagators.len() + 1);
        self.queue.push(id, propagator.priority());
        self.propagators.push(propagator);
        self.propagator_vars.push(vars);
    }

    /// A variable's weight for dom/wdeg: its degree plus the failures of the
    /// propagators it is in.
    pub fn weight(&self, var: crate::model::VarId) -> u64 {
        self.weights[var.index()]
    }

    /// Queues every active propagator (a search starts from the root this way,
    /// since restoring the root undid the previous root propagation).
    pub fn schedule_all(&mut self) {
        for (i, p) in self.propagators.iter().enumerate() {
            if self.store.cell(self.active[i]) == 1 {
                self.queue.push(PropagatorId(i as u32), p.priority());
            }
        }
    }

    /// Runs propagators until none has anything left to do.
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        if self.root_failed {
            return Err(Conflict);
        }
        // The propagator that made the pending changes, if it need not hear
        // of its own changes.
        let mut quiet: Option<PropagatorId> = None;
        loop {
            std::mem::swap(&mut self.changes, &mut self.store.changes);
            for &(var, change) in &self.changes {
                for &(id, needed) in &self.watchers[var.index()] {
                    // Subsumed propagators are skipped when popped, not here.
                    if change >= needed && Some(id) != quiet {
                        self.queue.push(id, self.priorities[id.0 as usize]);
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
            if self.propagations.is_multiple_of(4096)
                && self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
            {
                self.interrupted = true;
                self.queue.clear();
                self.store.changes.clear();
                return Err(Conflict);
            }
            quiet = self.idempotent[id.0 as usize].then_some(id);
            match self.propagators[id.0 as usize].propagate(&mut self.store) {
                Ok(Status::Fix) => {}
                Ok(Status::Subsumed) => self.store.set_cell(self.active[id.0 as usize], 0),
                Err(Conflict) => {
                    if self.track_weights {
                        for &var in &self.propagator_vars[id.0 as usize] {
                            self.weights[var.index()] += 1;
                        }
                    }
                    self.queue.clear();
                    self.store.changes.clear();
                    return Err(Conflict);
                }
            }
        }
    }
}
