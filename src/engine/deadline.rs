//! A deadline checked often enough and cheaply: the clock is read once per
//! a number of events (nodes, propagator runs) that adapts so that reads
//! come about every 100 microseconds, whether an event takes 50
//! nanoseconds (a small propagator) or 50 milliseconds (alldifferent's
//! bounds reasoning on 8,000 variables). At the same moments the process's
//! interrupt flag is read: Ctrl-C (and SIGTERM, SIGHUP: a batch job's
//! scheduler, `timeout`) stops a search like a deadline, and so does a
//! run's own stop flag (the threads of a parallel run stop together).

use crate::host::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

/// Set (by the command line's signal handler) to stop every search of the
/// process as a limit would.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The signal that set [`INTERRUPTED`] (0: none, or not a signal).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// The signals that stop a run: SIGINT (Ctrl-C), SIGTERM, SIGHUP.
pub const SIGINT: i32 = 2;
pub const SIGTERM: i32 = 15;
pub const SIGHUP: i32 = 1;

/// Whether the process was interrupted (Ctrl-C, SIGTERM, SIGHUP).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Stops every search of the process because `signal` came; true when an
/// earlier signal had already asked (then the caller ends the process).
pub fn interrupt(signal: i32) -> bool {
    let _ = SIGNAL.compare_exchange(0, signal, Ordering::Relaxed, Ordering::Relaxed);
    INTERRUPTED.swap(true, Ordering::Relaxed)
}

/// What stopped a run before its end: a signal, or else the time limit (a
/// node limit is said by the search's caller, which knows it).
pub fn stop_cause() -> &'static str {
    if !interrupted() {
        return "the time limit ran out";
    }
    match SIGNAL.load(Ordering::Relaxed) {
        SIGTERM => "terminated (SIGTERM)",
        SIGHUP => "hung up (SIGHUP)",
        _ => "interrupted (Ctrl-C)",
    }
}

/// Aimed-for time between two clock reads.
const INTERVAL: Duration = Duration::from_micros(100);
/// Most events between two clock reads.
const MOST_EVENTS: u32 = 4096;

/// How long the printing of what a stopped run found may go on past its
/// deadline or its signal: the solution being printed and those found
/// before the stop are written, then the count, well within the 30 s a
/// batch scheduler leaves between SIGTERM and SIGKILL.
pub const PRINT_GRACE: Duration = Duration::from_secs(1);

/// No deadline: only a signal passes it.
impl Default for Deadline {
    fn default() -> Deadline {
        Deadline::new(None)
    }
}

#[derive(Clone, Debug)]
pub struct Deadline {
    at: Option<Instant>,
    /// Whether a signal (the process's interrupt flag) passes it too.
    signals: bool,
    /// Set by another thread to stop this search too.
    stop: Option<Arc<AtomicBool>>,
    /// Events between clock reads now, and events left until the next.
    every: u32,
    left: u32,
    last: Instant,
}

impl Deadline {
    pub fn new(at: Option<Instant>) -> Deadline {
        Deadline::with_stop(at, None)
    }

    /// A deadline that `stop`, once set, passes too.
    pub fn with_stop(at: Option<Instant>, stop: Option<Arc<AtomicBool>>) -> Deadline {
        Deadline {
            at,
            signals: true,
            stop,
            every: 1,
            left: 1,
            last: Instant::now(),
        }
    }

    /// A deadline that only the clock passes: a signal does not.
    pub fn without_signals(at: Instant) -> Deadline {
        Deadline {
            signals: false,
            ..Deadline::new(Some(at))
        }
    }

    pub fn at(&self) -> Option<Instant> {
        self.at
    }

    /// One event; whether the deadline has passed or the process was
    /// interrupted (read now and then).
    #[inline]
    pub fn passed(&mut self) -> bool {
        self.left -= 1;
        if self.left > 0 {
            return false;
        }
        let now = Instant::now();
        self.every = if now - self.last < INTERVAL {
            (self.every * 2).min(MOST_EVENTS)
        } else {
            (self.every / 2).max(1)
        };
        self.left = self.every;
        self.last = now;
        (self.signals && interrupted())
            || self.at.is_some_and(|at| now >= at)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
