//! Why a run ended before its answer was whole: a signal, the time limit
//! or the node limit.

use crate::session::Session;

/// What stopped a run early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Ctrl-C, SIGTERM or SIGHUP: the words that say which.
    Signal(&'static str),
    TimeLimit,
    NodeLimit,
}

impl Cause {
    /// Why `session`'s search stopped: its token was cancelled, its
    /// deadline passed, or else its node limit.
    pub fn of(session: &Session) -> Cause {
        let stop = session.stop();
        if stop.cancelled() {
            Cause::Signal(stop.cause())
        } else if stop.passed() || session.nodes_left().is_none() {
            Cause::TimeLimit
        } else {
            Cause::NodeLimit
        }
    }

    /// The words a message says it in: "the time limit ran out".
    pub fn says(self) -> &'static str {
        match self {
            Cause::Signal(words) => words,
            Cause::TimeLimit => "the time limit ran out",
            Cause::NodeLimit => "the node limit was reached",
        }
    }
}
