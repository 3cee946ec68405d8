//! Depth-first search with propagation at every node, and restarts.
//!
//! Binary branching: the left branch takes the brancher's choice (`x = v`
//! or `x <= v`), the right branch its negation. Every left branch is a
//! checkpoint; backtracking restores the trail to it. Solutions come one at a
//! time from [`Search::next`], so callers can print, count or stop as they go.
//!
//! With a restart policy, a run that has failed `scale * luby(i)` (or
//! `scale * 1.5^i`) times goes back to the root and starts again; random
//! value orders and dom/wdeg weights then take it somewhere else. A run that
//! exhausts its tree within its budget proves there is no solution.

pub mod branch;

use crate::engine::Engine;
use crate::engine::store::Checkpoint;
use crate::model::VarId;
use crate::spec::ast::RestartPolicy;
use branch::{Brancher, Choice};
use std::time::{Duration, Instant};

/// When to stop searching (solutions are limited by the caller).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

/// When to restart: a policy and its failure budget scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Restarts {
    pub policy: RestartPolicy,
    pub scale: u64,
}

impl Restarts {
    pub const NONE: Restarts = Restarts {
        policy: RestartPolicy::None,
        scale: 100,
    };

    /// Failures allowed in run `i` (from 1), or `None` for no limit.
    fn budget(&self, i: u64) -> Option<u64> {
        match self.policy {
            RestartPolicy::None => None,
            RestartPolicy::Luby => Some(self.scale.saturating_mul(luby(i))),
            RestartPolicy::Geometric => {
                let factor = 1.5f64.powi(i.min(200) as i32 - 1);
                Some((self.scale as f64 * factor).min(u64::MAX as f64 / 2.0) as u64)
            }
        }
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1).
pub fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    pub failures: u64,
    pub solutions: u64,
    pub restarts: u64,
}

/// What one call to [`Search::next`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution: read it with [`Search::values`] before the next call.
    Solution,
    /// No more solutions.
    Exhausted,
    /// A limit stopped the search.
    LimitReached,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    checkpoint: Checkpoint,
    var: VarId,
    choice: Choice,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Descend,
    Backtrack,
    Done,
}

#[derive(Debug)]
pub struct Search<'e> {
    engine: &'e mut Engine,
    brancher: Brancher,
    limits: Limits,
    restarts: Restarts,
    /// Before root propagation: what the engine is left at when dropped.
    root: Checkpoint,
    /// After root propagation: where a restart goes back to.
    propagated_root: Option<Checkpoint>,
    /// Failures left in this run before a restart.
    budget: Option<u64>,
    stack: Vec<Frame>,
    state: State,
    started: Instant,
    pub stats: Stats,
}

impl<'e> Search<'e> {
    pub fn new(
        engine: &'e mut Engine,
        brancher: Brancher,
        limits: Limits,
        restarts: Restarts,
    ) -> Search<'e> {
        engine.track_weights = brancher.var == crate::spec::ast::VarOrder::DomWdeg;
        let started = Instant::now();
        engine.deadline = limits.time.map(|t| started + t);
        engine.interrupted = false;
        let root = engine.store.checkpoint();
        Search {
            engine,
            brancher,
            limits,
            restarts,
            root,
            propagated_root: None,
            budget: restarts.budget(1),
            stack: Vec::new(),
            state: State::Start,
            started,
            stats: Stats::default(),
        }
    }

    pub fn propagations(&self) -> u64 {
        self.engine.propagations
    }

    /// The solution just found: one value per model variable. Counting
    /// never calls this, so the search loop itself allocates nothing.
    pub fn values(&self) -> Vec<i64> {
        let store = &self.engine.store;
        (0..store.num_vars() as u32)
            .map(|i| store.min(VarId(i)))
            .collect()
    }

    fn limit_reached(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.stats.nodes >= n)
            || self.limits.time.is_some_and(|t| {
                // Reading the clock is cheap enough every 256 nodes.
                self.stats.nodes.is_multiple_of(256) && self.started.elapsed() >= t
            })
    }

    /// Counts a failure; when the run's budget is spent, restarts.
    fn fail(&mut self) {
        self.stats.failures += 1;
        self.state = State::Backtrack;
        let Some(left) = self.budget.as_mut() else {
            return;
        };
        *left = left.saturating_sub(1);
        if *left == 0 {
            self.stats.restarts += 1;
            self.budget = self.restarts.budget(self.stats.restarts + 1);
            self.stack.clear();
            self.engine.store.restore(
                self.propagated_root
                    .expect("restarts happen after the root"),
            );
            self.state = State::Descend;
        }
    }

    /// Applies the left (`true`) or right branch of a choice and propagates.
    fn apply(&mut self, var: VarId, choice: Choice, left: bool) -> bool {
        let store = &mut self.engine.store;
        let narrowed = match (choice, left) {
            (Choice::Assign(v), true) => store.assign(var, v),
            (Choice::Assign(v), false) => store.remove(var, v),
            (Choice::AtMost(v), true) => store.set_max(var, v),
            (Choice::AtMost(v), false) => store.set_min(var, v + 1),
        };
        narrowed.is_ok() && self.engine.propagate().is_ok()
    }

    /// Runs until the next solution, the end, or a limit.
    #[expect(
        clippy::should_implement_trait,
        reason = "returns an Outcome, not an Option"
    )]
    pub fn next(&mut self) -> Outcome {
        loop {
            if self.engine.interrupted {
                return Outcome::LimitReached;
            }
            match self.state {
                State::Done => return Outcome::Exhausted,
                State::Start => {
                    self.engine.schedule_all();
                    if self.engine.propagate().is_ok() {
                        self.propagated_root = Some(self.engine.store.checkpoint());
                        self.state = State::Descend;
                    } else {
                        self.stats.failures += 1;
                        self.state = State::Done;
                    }
                }
                State::Descend => {
                    let Some(var) = self.brancher.select(self.engine) else {
                        self.stats.solutions += 1;
                        self.state = State::Backtrack;
                        return Outcome::Solution;
                    };
                    if self.limit_reached() {
                        return Outcome::LimitReached;
                    }
                    self.stats.nodes += 1;
                    let choice = self.brancher.choice(self.engine, var);
                    let checkpoint = self.engine.store.checkpoint();
                    self.stack.push(Frame {
                        checkpoint,
                        var,
                        choice,
                    });
                    if !self.apply(var, choice, true) {
                        self.fail();
                    }
                }
                State::Backtrack => {
                    let Some(frame) = self.stack.pop() else {
                        self.state = State::Done;
                        continue;
                    };
                    self.engine.store.restore(frame.checkpoint);
                    if self.apply(frame.var, frame.choice, false) {
                        self.state = State::Descend;
                    } else {
                        self.fail();
                    }
                }
            }
        }
    }
}

impl Drop for Search<'_> {
    /// Leaves the engine at the root, ready for more constraints.
    fn drop(&mut self) {
        self.engine.store.restore(self.root);
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
