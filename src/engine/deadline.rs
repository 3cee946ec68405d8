//! A deadline checked often enough and cheaply: the clock is read once per
//! a number of events (nodes, propagator runs) that adapts so that reads
//! come about every 100 microseconds, whether an event takes 50
//! nanoseconds (a small propagator) or 50 milliseconds (alldifferent's
//! bounds reasoning on 8,000 variables). At the same moments the process's
//! interrupt flag is read: Ctrl-C stops a search like a deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set (by the command line's Ctrl-C handler) to stop every search of the
/// process as a limit would.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the process was interrupted (Ctrl-C).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// What stopped a run before its end: Ctrl-C, or else the time limit (a
/// node limit is said by the search's caller, which knows it).
pub fn stop_cause() -> &'static str {
    if interrupted() {
        "interrupted (Ctrl-C)"
    } else {
        "the time limit ran out"
    }
}

/// Aimed-for time between two clock reads.
const INTERVAL: Duration = Duration::from_micros(100);
/// Most events between two clock reads.
const MOST_EVENTS: u32 = 4096;

#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at: Option<Instant>,
    /// Events between clock reads now, and events left until the next.
    every: u32,
    left: u32,
    last: Instant,
}

impl Deadline {
    pub fn new(at: Option<Instant>) -> Deadline {
        Deadline {
            at,
            every: 1,
            left: 1,
            last: Instant::now(),
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
        interrupted() || self.at.is_some_and(|at| now >= at)
    }
}
