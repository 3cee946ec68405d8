//! The propagator contract.
//!
//! A propagator is created from a model constraint (see `engine::post`),
//! subscribes to the changes it needs on its variables, and is run by the
//! engine's fixpoint loop whenever one of them happens.
//!
//! - `propagate` removes values that cannot be part of any solution of its
//!   constraint (soundness), and must fail or return `Subsumed`/`Fix`
//!   correctly once every variable is fixed (checking).
//! - It may leave work undone: the changes it makes wake it again.
//! - Its state may not depend on anything backtracking cannot see: keep
//!   only scratch buffers in `self`, everything else comes from the store.

use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::VarId;
use std::fmt::Debug;

/// The result of one propagation run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Nothing more to do until a subscribed change happens.
    Fix,
    /// The constraint holds whatever happens below this node: retire until backtrack.
    Subsumed,
}

pub(crate) type PropResult = Result<Status, Conflict>;

/// Cheap propagators run first; the queue is ordered by this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    Cheap = 0,
    Linear = 1,
    Global = 2,
}

pub trait Propagator: Debug + Send {
    /// Called once when posted: each variable with the weakest change that
    /// should wake this propagator.
    fn subscriptions(&self) -> Vec<(VarId, Change)>;

    /// Where this propagator goes in the queue.
    fn priority(&self) -> Priority;

    /// True when a run always leaves the propagator at its own fixpoint, so
    /// the changes it makes need not wake it again. The default is false.
    fn idempotent(&self) -> bool {
        false
    }

    /// True when the propagator hears each change of its variables through
    /// `notify` (an advisor, as Gecode says) rather than only being woken.
    /// Read once, after `initialise`. The default is false.
    fn listens(&self) -> bool {
        false
    }

    /// Called, when `listens`, for each change of the variable at position
    /// `local` of `subscriptions()` (its first position, for a variable
    /// subscribed twice), after it happened and before the propagator is
    /// queued. Returns whether to queue it: false when the change cannot
    /// matter. Backtracking is never heard of: what a propagator keeps
    /// from these calls must stay true of a superset of what changed since
    /// its last run at a fixpoint (a list of variables to look at, say).
    fn notify(&mut self, _store: &Store, _local: usize, _change: Change) -> bool {
        true
    }

    /// Called, when `listens`, where the engine lost track of changes (the
    /// domains went back to before a fixpoint, at a restart from the
    /// root): the next run must look at every variable. A propagator that
    /// runs another inside it (`CheckOnly`, `probing::Probe`) calls this
    /// before each inner run, since the engine's notices never reach the
    /// inner one. The default does nothing.
    fn notify_all(&mut self) {}

    /// Called once when posted, before the first `propagate`: allocate
    /// trailed state in the store here. The default does nothing.
    fn initialise(&mut self, _store: &mut Store) {}

    /// Called when woken (and once right after posting). Must return
    /// `Err(Conflict)` when the constraint cannot hold in the current domains
    /// and every variable is fixed; may return it earlier.
    fn propagate(&mut self, store: &mut Store) -> PropResult;

    /// How many model constraints this propagator runs (more than one for
    /// a group made at posting, see `engine::post::group`).
    fn members(&self) -> usize {
        1
    }

    /// A trace's way to run a group: member `member`'s part alone, to its
    /// own fixpoint, so each pruning can be named by its constraint. The
    /// engine runs the members in turn until none prunes, then
    /// `propagate`. A propagator of one constraint runs as usual.
    fn propagate_member(&mut self, store: &mut Store, _member: usize) -> PropResult {
        self.propagate(store)
    }
}

/// `Consistency::Check`: runs the inner propagator only once every variable
/// is fixed, which turns propagation into generate-and-test.
#[derive(Debug)]
pub(crate) struct CheckOnly {
    pub inner: Box<dyn Propagator>,
    pub vars: Vec<VarId>,
}

impl Propagator for CheckOnly {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.vars.iter().map(|&v| (v, Change::Fixed)).collect()
    }

    fn priority(&self) -> Priority {
        self.inner.priority()
    }

    fn initialise(&mut self, store: &mut Store) {
        self.inner.initialise(store);
    }

    fn idempotent(&self) -> bool {
        // Checking a full assignment changes nothing.
        true
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        if self.vars.iter().all(|&v| store.is_fixed(v)) {
            self.inner.notify_all();
            self.inner.propagate(store)
        } else {
            Ok(Status::Fix)
        }
    }
}
