//! The stop token: what ends a run early, made once by each face and
//! handed to reading, lowering and the session: a deadline, a node budget
//! and a cancel flag (which the command line's signal thread raises for
//! Ctrl-C, SIGTERM and SIGHUP). Nothing here is process-wide: two runs in
//! one process (the playground's worker, the tests) have two tokens.

use crate::host::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// The signals that stop a run: SIGINT (Ctrl-C), SIGTERM, SIGHUP.
pub const SIGINT: i32 = 2;
pub const SIGTERM: i32 = 15;
pub const SIGHUP: i32 = 1;

/// A flag raised once to stop a run, with why.
#[derive(Debug, Default)]
pub struct Cancel {
    cancelled: AtomicBool,
    /// The signal that raised it (0: none, or not a signal).
    signal: AtomicI32,
}

impl Cancel {
    pub const fn new() -> Cancel {
        Cancel {
            cancelled: AtomicBool::new(false),
            signal: AtomicI32::new(0),
        }
    }

    /// Stops the run because `signal` came (0: not a signal); true when
    /// it was already stopped (then a signal's sender wants out at once).
    pub fn cancel(&self, signal: i32) -> bool {
        let _ = self
            .signal
            .compare_exchange(0, signal, Ordering::Relaxed, Ordering::Relaxed);
        self.cancelled.swap(true, Ordering::Relaxed)
    }

    pub fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Why: the words a message says it in.
    fn cause(&self) -> &'static str {
        match self.signal.load(Ordering::Relaxed) {
            SIGTERM => "terminated (SIGTERM)",
            SIGHUP => "hung up (SIGHUP)",
            SIGINT => "interrupted (Ctrl-C)",
            _ => "cancelled",
        }
    }
}

/// When a run stops before its end; the default never stops it.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    /// The time limit's deadline.
    pub at: Option<Instant>,
    /// The most nodes its searches may visit in all.
    pub nodes: Option<u64>,
    pub cancel: Option<Arc<Cancel>>,
}

impl Stop {
    /// A token with a deadline alone.
    pub fn at(at: Option<Instant>) -> Stop {
        Stop {
            at,
            ..Stop::default()
        }
    }

    /// Whether its cancel flag was raised.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.cancelled())
    }

    /// Whether the run must stop now: cancelled, or past the deadline.
    pub fn passed(&self) -> bool {
        self.cancelled() || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// What stopped a run that stopped without reaching a node limit: the
    /// signal or the cancel, or else the time limit.
    pub fn cause(&self) -> &'static str {
        match &self.cancel {
            Some(c) if c.cancelled() => c.cause(),
            _ => "the time limit ran out",
        }
    }

    /// The same deadline, not cancelled: a stopped run still prints what
    /// it found.
    pub fn clock_only(&self) -> Stop {
        Stop::at(self.at)
    }
}
