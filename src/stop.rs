//! The stop token: what ends a run early, made once by each face and
//! handed to reading, lowering and the session. It owns every limit of a
//! run: the deadline, the node budget (one counter that every search of
//! the run, on every thread, claims nodes from in chunks) and the cancel
//! flag, and it records which of them fired at the moment it fired (as
//! Gecode's `CombinedStop::reason`), so that nobody guesses the cause
//! afterwards. Nothing here is process-wide: two runs in one process (the
//! playground's worker, the tests) have two tokens.
//!
//! What a stopped run answers is said once too: [`Answer`], complete or
//! stopped with its cause and what was found before (as Pumpkin's
//! `SatisfactionResult`/`OptimisationResult` name the unknown).
//!
//! A foundation module: it knows nothing of the engine, the session or
//! the faces. Who cancels says why (the binary's signal thread: "terminated
//! (SIGTERM)"; the editor: "cancelled").

use crate::host::Instant;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// Which limit stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The cancel flag was raised: the words its raiser gave ("interrupted
    /// (Ctrl-C)", "cancelled").
    Cancelled(&'static str),
    TimeLimit,
    NodeLimit,
}

impl Cause {
    /// The words a message says it in: "the time limit ran out".
    pub fn says(self) -> &'static str {
        match self {
            Cause::Cancelled(words) => words,
            Cause::TimeLimit => "the time limit ran out",
            Cause::NodeLimit => "the node limit was reached",
        }
    }
}

/// What a question got: its whole answer, or what was found before a
/// limit stopped it, with which limit (nothing is proven about what was
/// not searched).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer<T> {
    Complete(T),
    Stopped { partial: T, cause: Cause },
}

impl<T> Answer<T> {
    /// `value`, complete unless `stopped` names a cause.
    pub fn new(value: T, stopped: Option<Cause>) -> Answer<T> {
        match stopped {
            None => Answer::Complete(value),
            Some(cause) => Answer::Stopped {
                partial: value,
                cause,
            },
        }
    }

    /// Nothing cut it short.
    pub fn is_complete(&self) -> bool {
        matches!(self, Answer::Complete(_))
    }

    /// What stopped it (`None`: it is complete).
    pub fn cause(&self) -> Option<Cause> {
        match self {
            Answer::Complete(_) => None,
            Answer::Stopped { cause, .. } => Some(*cause),
        }
    }

    /// The answer, whole or partial.
    pub fn value(&self) -> &T {
        match self {
            Answer::Complete(value) | Answer::Stopped { partial: value, .. } => value,
        }
    }

    pub fn into_value(self) -> T {
        match self {
            Answer::Complete(value) | Answer::Stopped { partial: value, .. } => value,
        }
    }

    /// The same completeness, of `f` of the value.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Answer<U> {
        let cause = self.cause();
        Answer::new(f(self.into_value()), cause)
    }
}

/// A flag raised once to stop a run, with why.
#[derive(Debug, Default)]
pub struct Cancel {
    /// Set once, by the first to cancel: why, in words.
    why: OnceLock<&'static str>,
}

impl Cancel {
    pub const fn new() -> Cancel {
        Cancel {
            why: OnceLock::new(),
        }
    }

    /// Stops the run, `why` said in words ("terminated (SIGTERM)"); true
    /// when it was already stopped (then a signal's sender wants out at
    /// once).
    pub fn cancel(&self, why: &'static str) -> bool {
        self.why.set(why).is_err()
    }

    pub fn cancelled(&self) -> bool {
        self.why.get().is_some()
    }

    fn why(&self) -> Option<&'static str> {
        self.why.get().copied()
    }
}

/// When a run stops before its end; the default never stops it. Clones
/// share the node budget, the cancel flag and the cause recorded.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    /// The time limit's deadline.
    at: Option<Instant>,
    /// Nodes its searches may still claim, in all (`None`: no node limit).
    nodes: Option<Arc<AtomicU64>>,
    cancel: Option<Arc<Cancel>>,
    /// What fired first, recorded when it fired.
    fired: Arc<OnceLock<Cause>>,
}

impl Stop {
    /// A token with a deadline and a cancel flag, no node limit.
    pub fn new(at: Option<Instant>, cancel: Option<Arc<Cancel>>) -> Stop {
        Stop {
            at,
            cancel,
            ..Stop::default()
        }
    }

    /// A token with a deadline alone.
    pub fn at(at: Option<Instant>) -> Stop {
        Stop::new(at, None)
    }

    /// This token with a node budget of its own (`None`: none), its cause
    /// not fired: its searches may visit `nodes` nodes in all.
    pub fn with_nodes(&self, nodes: Option<u64>) -> Stop {
        Stop {
            nodes: nodes.map(|n| Arc::new(AtomicU64::new(n))),
            fired: Arc::default(),
            ..self.clone()
        }
    }

    /// This token with `at` for its deadline, its cause not fired.
    pub fn with_deadline(&self, at: Option<Instant>) -> Stop {
        Stop {
            at,
            fired: Arc::default(),
            ..self.clone()
        }
    }

    /// This token with `other`'s node budget (shared with it).
    pub fn with_budget_of(self, other: &Stop) -> Stop {
        Stop {
            nodes: other.nodes.clone(),
            ..self
        }
    }

    /// The same token without its node budget (the work of a game's
    /// strategies, which the node limit does not bound).
    pub fn without_nodes(&self) -> Stop {
        Stop {
            nodes: None,
            ..self.clone()
        }
    }

    /// The same deadline, not cancelled: a stopped run still prints what
    /// it found.
    pub fn clock_only(&self) -> Stop {
        Stop::at(self.at)
    }

    /// The time limit's deadline.
    pub fn deadline(&self) -> Option<Instant> {
        self.at
    }

    /// Whether its cancel flag was raised.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.cancelled())
    }

    /// Whether the run must stop now: cancelled, or past the deadline
    /// (recording which).
    pub fn passed(&self) -> bool {
        self.passed_at(Instant::now())
    }

    /// [`Stop::passed`] with the clock read at `now`.
    pub fn passed_at(&self, now: Instant) -> bool {
        if let Some(why) = self.cancel.as_ref().and_then(|c| c.why()) {
            self.fire(Cause::Cancelled(why));
            true
        } else if self.at.is_some_and(|at| now >= at) {
            self.fire(Cause::TimeLimit);
            true
        } else {
            false
        }
    }

    /// Records `cause` as what stopped the run, unless another fired first.
    pub fn fire(&self, cause: Cause) {
        let _ = self.fired.set(cause);
    }

    /// What stopped the run, as recorded when it fired (`None`: nothing
    /// has).
    pub fn reason(&self) -> Option<Cause> {
        self.fired.get().copied()
    }

    /// What stopped the run: the cause recorded, or the time limit when
    /// none was (a search cut by its listener).
    pub fn fired(&self) -> Cause {
        self.reason().unwrap_or(Cause::TimeLimit)
    }

    /// The words for what stopped a run: the cause recorded, or, when
    /// none fired, the cancel's words or the time limit.
    pub fn cause(&self) -> &'static str {
        match self.reason() {
            Some(cause) => cause.says(),
            None => match self.cancel.as_ref().and_then(|c| c.why()) {
                Some(why) => why,
                None => Cause::TimeLimit.says(),
            },
        }
    }

    /// Nodes the searches may still claim (`None`: no node limit).
    pub fn nodes_left(&self) -> Option<u64> {
        self.nodes.as_ref().map(|n| n.load(Ordering::Relaxed))
    }

    /// Whether it has a node budget.
    pub fn has_node_limit(&self) -> bool {
        self.nodes.is_some()
    }

    /// Takes up to `wanted` nodes from the budget (less as it runs low, so
    /// that the nodes other threads hold unused stay few); 0 when it is
    /// spent, `wanted` when there is no budget.
    pub fn claim_nodes(&self, wanted: u64) -> u64 {
        let Some(left) = &self.nodes else {
            return wanted;
        };
        let mut got = 0;
        let _ = left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
            got = wanted.min(n / 16).max(n.min(1));
            Some(n - got)
        });
        got
    }

    /// Gives back nodes claimed and not used.
    pub fn return_nodes(&self, unused: u64) {
        if let Some(left) = &self.nodes {
            let _ = left.fetch_add(unused, Ordering::Relaxed);
        }
    }

    /// Takes `used` nodes from the budget, as far as it goes (nodes
    /// searched outside a search: a split's).
    pub fn charge(&self, used: u64) {
        if let Some(left) = &self.nodes {
            let _ = left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                Some(n.saturating_sub(used))
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_cause_to_fire_is_the_one_recorded() {
        let cancel = Arc::new(Cancel::new());
        let stop = Stop::new(
            Instant::now().checked_sub(std::time::Duration::from_secs(1)),
            Some(Arc::clone(&cancel)),
        );
        let clone = stop.clone();
        assert!(clone.passed());
        assert_eq!(stop.reason(), Some(Cause::TimeLimit));
        assert!(!cancel.cancel("cancelled"));
        assert!(cancel.cancel("terminated"));
        assert!(stop.passed());
        assert_eq!(stop.cause(), "the time limit ran out");
        assert_eq!(stop.with_deadline(None).cause(), "cancelled");
    }

    #[test]
    fn an_answer_names_its_cause_and_keeps_what_was_found() {
        let whole = Answer::new(3u64, None);
        assert!(whole.is_complete() && whole.cause().is_none());
        let cut = Answer::new(2u64, Some(Cause::NodeLimit)).map(|n| n + 1);
        assert!(!cut.is_complete());
        assert_eq!(cut.cause(), Some(Cause::NodeLimit));
        assert_eq!((*cut.value(), cut.into_value()), (3, 3));
    }

    #[test]
    fn the_node_budget_is_shared_and_claimed_in_chunks() {
        let stop = Stop::default().with_nodes(Some(100));
        let other = stop.clone();
        let got = stop.claim_nodes(256);
        assert!(got > 0 && got < 100);
        assert_eq!(other.nodes_left(), Some(100 - got));
        stop.return_nodes(got);
        other.charge(150);
        assert_eq!(stop.nodes_left(), Some(0));
        assert_eq!(stop.claim_nodes(256), 0);
        assert_eq!(stop.without_nodes().claim_nodes(256), 256);
    }
}
