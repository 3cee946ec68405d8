//! Depth-first search with propagation at every node.
//!
//! Binary branching: the left branch assigns `x = v`, the right branch
//! removes `v` from `x`. Every left branch is a checkpoint; backtracking
//! restores the trail to it. Solutions come one at a time from
//! [`Search::next`], so callers can print, count or stop as they go.

pub mod branch;

use crate::engine::Engine;
use crate::engine::store::Checkpoint;
use crate::model::VarId;
use branch::Brancher;
use std::time::{Duration, Instant};

/// When to stop searching (solutions are limited by the caller).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    pub failures: u64,
    pub solutions: u64,
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
    value: i64,
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
    root: Checkpoint,
    stack: Vec<Frame>,
    state: State,
    started: Instant,
    pub stats: Stats,
}

impl<'e> Search<'e> {
    pub fn new(engine: &'e mut Engine, brancher: Brancher, limits: Limits) -> Search<'e> {
        let root = engine.store.checkpoint();
        Search {
            engine,
            brancher,
            limits,
            root,
            stack: Vec::new(),
            state: State::Start,
            started: Instant::now(),
            stats: Stats::default(),
        }
    }

    pub fn propagations(&self) -> u64 {
        self.engine.propagations
    }

    fn limit_reached(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.stats.nodes >= n)
            || self.limits.time.is_some_and(|t| {
                // Reading the clock is cheap enough every 256 nodes.
                self.stats.nodes.is_multiple_of(256) && self.started.elapsed() >= t
            })
    }

    /// The solution just found: one value per model variable. Counting
    /// never calls this, so the search loop itself allocates nothing.
    pub fn values(&self) -> Vec<i64> {
        let store = &self.engine.store;
        (0..store.num_vars() as u32)
            .map(|i| store.min(VarId(i)))
            .collect()
    }

    /// Runs until the next solution, the end, or a limit.
    #[expect(
        clippy::should_implement_trait,
        reason = "returns an Outcome, not an Option"
    )]
    pub fn next(&mut self) -> Outcome {
        loop {
            match self.state {
                State::Done => return Outcome::Exhausted,
                State::Start => {
                    self.engine.schedule_all();
                    self.state = if self.engine.propagate().is_ok() {
                        State::Descend
                    } else {
                        self.stats.failures += 1;
                        State::Done
                    };
                }
                State::Descend => {
                    let Some(var) = self.brancher.select(&self.engine.store) else {
                        self.stats.solutions += 1;
                        self.state = State::Backtrack;
                        return Outcome::Solution;
                    };
                    if self.limit_reached() {
                        return Outcome::LimitReached;
                    }
                    self.stats.nodes += 1;
                    let value = self.brancher.value(&self.engine.store, var);
                    let checkpoint = self.engine.store.checkpoint();
                    self.stack.push(Frame {
                        checkpoint,
                        var,
                        value,
                    });
                    let ok = self.engine.store.assign(var, value).is_ok()
                        && self.engine.propagate().is_ok();
                    if !ok {
                        self.stats.failures += 1;
                        self.state = State::Backtrack;
                    }
                }
                State::Backtrack => {
                    let Some(frame) = self.stack.pop() else {
                        self.state = State::Done;
                        continue;
                    };
                    self.engine.store.restore(frame.checkpoint);
                    let ok = self.engine.store.remove(frame.var, frame.value).is_ok()
                        && self.engine.propagate().is_ok();
                    if ok {
                        self.state = State::Descend;
                    } else {
                        self.stats.failures += 1;
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
