//! A [`Stop`] token checked often enough and cheaply: the clock is read
//! once per a number of events (nodes, propagator runs) that adapts so
//! that reads come about every 100 microseconds, whether an event takes 50
//! nanoseconds (a small propagator) or 50 milliseconds (alldifferent's
//! bounds reasoning on 8,000 variables). At the same moments the token's
//! cancel flag is read (Ctrl-C, SIGTERM, SIGHUP: a batch job's scheduler,
//! `timeout`), and so is a run's own stop flag (the threads of a parallel
//! run stop together). The token records what fired; a run's own flag is
//! not a cause (whoever raised it fired one, or the answer was whole).
//!
//! A search reads one clock: the engine's store holds it, and the search
//! asks the store between nodes as the propagators do between steps.

use crate::host::Instant;
use crate::stop::Stop;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Aimed-for time between two clock reads.
const INTERVAL: Duration = Duration::from_micros(100);
/// Most events between two clock reads.
const MOST_EVENTS: u32 = 4096;

/// How long the printing of what a stopped run found may go on past its
/// deadline or its signal: the solution being printed and those found
/// before the stop are written, then the count, well within the 30 s a
/// batch scheduler leaves between SIGTERM and SIGKILL.
pub(crate) const PRINT_GRACE: Duration = Duration::from_secs(1);

/// Nothing passes it.
impl Default for Clock {
    fn default() -> Clock {
        Clock::new(&Stop::default())
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Clock {
    stop: Stop,
    /// Set by another thread to stop this search too.
    run: Option<Arc<AtomicBool>>,
    /// Events between clock reads now, and events left until the next.
    every: u32,
    left: u32,
    last: Instant,
}

impl Clock {
    /// Passed at `stop`'s deadline or once it is cancelled.
    pub(crate) fn new(stop: &Stop) -> Clock {
        Clock::with_stop(stop, None)
    }

    /// As [`Clock::new`], and once `run` (a run's own flag) is set.
    pub(crate) fn with_stop(stop: &Stop, run: Option<Arc<AtomicBool>>) -> Clock {
        Clock {
            stop: stop.clone(),
            run,
            every: 1,
            left: 1,
            last: Instant::now(),
        }
    }

    /// One event; whether the deadline has passed or the run was
    /// cancelled (read now and then).
    #[inline]
    pub(crate) fn passed(&mut self) -> bool {
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
        self.stop.passed_at(now) || self.run.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
