//! What a session searched: its statistics summed over every search, with
//! what the threads of its parallel runs searched for it, and the probe
//! that forgets a search that ran too long to stay sequential (but hands
//! what it learned to the threads that take over).

use super::Session;
use crate::engine::Learned;
use crate::search::Stats;
use crate::stop::Cause;

impl Session {
    /// Statistics summed over every search of this session.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Propagator runs over every search of this session (and of the
    /// threads it ran).
    pub fn propagations(&self) -> u64 {
        self.engine.propagations() + self.propagations_elsewhere - self.propagations_forgotten
    }

    /// What this session's searches learned so far: dom/wdeg's failure
    /// weights and the variables' activities.
    pub fn learned(&self) -> Learned {
        self.engine.learned()
    }

    /// Later searches start from `learned` and carry what each learns to
    /// the next (a thread's parts of a parallel run), instead of starting
    /// from nothing.
    pub fn carry_learning(&mut self, learned: &Learned) {
        self.engine.carry_learning(learned);
    }

    /// Runs `run` with at most `nodes` more nodes (within the session's
    /// own node limit): its result when it ended before spending them all,
    /// else `None`, and then its work is forgotten (statistics as before),
    /// as if it had not run. A parallel search first tries this way, so a
    /// small search stays the sequential one, figures and all.
    ///
    /// The probe is a token of its own (the run's deadline and cancel
    /// flag, a budget of `nodes`): its node limit firing is not the run's.
    pub fn within<T>(&mut self, nodes: u64, run: impl FnOnce(&mut Session) -> T) -> Option<T> {
        if self.stop.nodes_left().is_some_and(|left| left <= nodes) {
            return Some(run(self));
        }
        let (stats, propagations) = (self.stats, self.propagations());
        let probe = self.stop.with_nodes(Some(nodes));
        let run_stop = std::mem::replace(&mut self.stop, probe);
        let result = run(self);
        let probe = std::mem::replace(&mut self.stop, run_stop);
        let used = self.stats.nodes - stats.nodes;
        if used < nodes {
            self.stop.charge(used);
            if let Some(cause) = probe.reason().filter(|c| *c != Cause::NodeLimit) {
                self.stop.fire(cause);
            }
            return Some(result);
        }
        self.stats = stats;
        self.propagations_forgotten += self.propagations() - propagations;
        None
    }

    /// Whether what is posted has a solution, by a search of at most
    /// `nodes` nodes (`u64::MAX`: no bound of its own): `None` when it ran
    /// out first.
    pub fn satisfiable_within(&mut self, nodes: u64) -> Result<Option<bool>, Cause> {
        if nodes == u64::MAX {
            return Ok(Some(self.first()?.is_some()));
        }
        match self.within(nodes, |session| session.first()) {
            Some(found) => Ok(Some(found?.is_some())),
            None => Ok(None),
        }
    }

    /// Adds what other sessions searched on this one's behalf (the
    /// threads of a parallel run, in `parts` parts, on `threads` threads)
    /// to its statistics.
    pub fn add_elsewhere(&mut self, stats: Stats, propagations: u64, parts: u64, threads: usize) {
        self.threads = self.threads.max(threads);
        self.stats.nodes += stats.nodes;
        self.stats.failures += stats.failures;
        self.stats.solutions += stats.solutions;
        self.stats.restarts += stats.restarts;
        self.propagations_elsewhere += propagations;
        self.parts = Some(self.parts.unwrap_or(0) + parts);
    }

    /// The parts the parallel runs of this session were cut into, if any
    /// ran.
    pub fn parts(&self) -> Option<u64> {
        self.parts
    }

    /// The most threads a parallel run of this session started (0 when
    /// none ran).
    pub fn threads(&self) -> usize {
        self.threads
    }
}
