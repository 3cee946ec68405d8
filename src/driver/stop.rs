//! Why a run ended before its answer was whole: a signal, the time limit
//! or the node limit.

use crate::engine::deadline;
use crate::host::Instant;
use crate::session::Session;

/// What stopped a run early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C, SIGTERM or SIGHUP: the words that say which.
    Signal(&'static str),
    TimeLimit,
    NodeLimit,
}

impl Stop {
    /// Why `session`'s search stopped: a signal, its deadline passed, or
    /// else its node limit.
    pub fn of(session: &Session) -> Stop {
        if deadline::interrupted() {
            Stop::Signal(deadline::stop_cause())
        } else if session.deadline().is_some_and(|d| Instant::now() >= d)
            || session.nodes_left().is_none()
        {
            Stop::TimeLimit
        } else {
            Stop::NodeLimit
        }
    }

    /// The words a message says it in: "the time limit ran out".
    pub fn says(self) -> &'static str {
        match self {
            Stop::Signal(words) => words,
            Stop::TimeLimit => "the time limit ran out",
            Stop::NodeLimit => "the node limit was reached",
        }
    }
}
