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
//!
//! A search may start below a path of decisions (a part of a parallel
//! run, `src/parallel/`): it replays them at the root, exactly as
//! the search from the root would have taken them, and then never
//! backtracks above them. The parts of one split, in order, meet the
//! solutions of the whole search in its order.

pub(crate) mod branch;
mod opening;
pub(crate) mod ranking;
mod restart;
pub(crate) mod shared;
mod space;
pub mod trace;
pub mod tree;

use crate::engine::Engine;
use crate::engine::store::Checkpoint;
use crate::model::VarId;
use crate::model::plan::{Objective, Restarts, SearchPlan, Sense, VarOrder};
use crate::stop::{Cause, Stop};
use branch::{Brancher, Choice, Cursor};
pub use opening::Opening;
use restart::budget;
pub use restart::luby;
use shared::Shared;
use space::Space;
use trace::{Event, Recorder};

/// When to stop searching (solutions are limited by the caller).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The run's stop token: its deadline, node budget and cancel flag.
    pub stop: Stop,
    /// What the threads of a parallel run share: their stop flag and
    /// incumbent, and who waits for nodes.
    pub shared: Option<Shared>,
}

/// Nodes a search takes from the token's node budget at a time.
const NODES_CLAIMED: u64 = 256;

/// One step of a path from the root: the left branch of a choice (`x ==
/// v`, `x <= v`) or its right branch (the negation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub var: VarId,
    pub choice: Choice,
    pub left: bool,
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
    /// A limit stopped the search, this one (the cause its stop token
    /// recorded): nothing is proven about what was not searched.
    Stopped(Cause),
    /// The slice of nodes [`Search::pause_after`] gave is spent: the next
    /// call goes on from where this one stopped.
    Paused,
}

/// How a branch went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Fixpoint,
    Conflict,
    /// The deadline passed during propagation.
    Interrupted,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    checkpoint: Checkpoint,
    /// The brancher's cursors at this node.
    cursor: Cursor,
    var: VarId,
    choice: Choice,
    /// Decisions from the root to the node of this choice.
    depth: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Descend,
    Backtrack,
    Done,
    /// Stopped by the deadline; stays stopped.
    Interrupted,
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
    /// Branch and bound: every node must improve on this objective value.
    bound: Option<(Objective, i64)>,
    /// Failures left in this run before a restart.
    budget: Option<u64>,
    stack: Vec<Frame>,
    state: State,
    pub stats: Stats,
    /// Seeing the search: where its first events go.
    recorder: Option<&'e mut Recorder>,
    /// Decisions from the root to the current node (a right branch is a
    /// decision too, though it pushes no frame).
    depth: usize,
    /// The decisions replayed at the root: the search stays below them.
    path: Vec<Decision>,
    /// This search's part of a parallel run (orders the incumbent).
    part: usize,
    /// Branch and bound against the run's incumbent: the objective, and
    /// the incumbent's generation last read.
    shared_objective: Option<(Objective, u64)>,
    /// Nodes claimed from the token's budget so far.
    allowance: u64,
    /// [`Search::open`]: the decisions applied below the propagated root,
    /// each with the checkpoint taken before it.
    opened: Vec<(Decision, Checkpoint)>,
    /// The open search space at the propagated root, for the openings.
    space: Option<Space>,
    /// [`Search::pause_after`]: the node count at which to pause.
    pause_at: u64,
}

impl<'e> Search<'e> {
    /// A search of `engine`, branching as `plan` says, from the root.
    pub fn new(
        engine: &'e mut Engine,
        plan: &SearchPlan,
        limits: Limits,
        restarts: Restarts,
    ) -> Search<'e> {
        let brancher = Brancher::new(plan, engine.num_vars());
        engine.track_weights(brancher.phases.iter().any(|p| p.var == VarOrder::DomWdeg));
        engine.track_activity(brancher.phases.iter().any(|p| p.var == VarOrder::Activity));
        engine.track_afc(brancher.phases.iter().any(|p| p.var == VarOrder::Afc));
        let run = limits.shared.as_ref().map(|s| s.stop.clone());
        engine.set_stop(&limits.stop, run);
        let root = engine.store_mut().checkpoint();
        if let Some(shared) = limits.shared.as_ref() {
            shared.enter();
        }
        Search {
            engine,
            brancher,
            limits,
            restarts,
            root,
            propagated_root: None,
            bound: None,
            budget: budget(&restarts, 1),
            stack: Vec::new(),
            state: State::Start,
            stats: Stats::default(),
            recorder: None,
            depth: 0,
            path: Vec::new(),
            part: 0,
            shared_objective: None,
            allowance: 0,
            opened: Vec::new(),
            space: None,
            pause_at: u64::MAX,
        }
    }

    /// Searches only below `path` (decisions replayed at the root, in
    /// order), as part `part` of a parallel run. Before the first `next`.
    pub fn below(&mut self, path: Vec<Decision>, part: usize) {
        self.path = path;
        self.part = part;
    }

    /// Chooses by a tournament in every phase of a dynamic order with at
    /// least `vars` variables, by a scan in the others (`usize::MAX`:
    /// scans only, the reference the tournaments are tested against).
    /// Before the first `next`; the choices are the same either way.
    pub fn rank_from(&mut self, vars: usize) {
        self.brancher.rank_from(vars);
    }

    /// The work of choosing variables so far: variables read by scans,
    /// trail entries read and tournament matches played (what a test of
    /// the cost per node counts).
    pub fn selection_steps(&self) -> u64 {
        self.brancher.steps()
    }

    /// Branch and bound against the run's shared incumbent too: a solution
    /// must beat the best any thread found (see `shared::Incumbent`).
    pub fn share_bound(&mut self, objective: Objective) {
        self.shared_objective = Some((objective, u64::MAX));
    }

    /// Propagates the root, then replays the path.
    fn start(&mut self) {
        self.note(|| Some(Event::Root));
        self.engine.schedule_all();
        let mut step = self.propagate();
        for i in 0..self.path.len() {
            if step != Step::Fixpoint {
                break;
            }
            let d = self.path[i];
            step = self.apply(d.var, d.choice, d.left);
        }
        match step {
            Step::Fixpoint => {
                let root = self.engine.store_mut().checkpoint();
                self.propagated_root = Some(root);
                self.depth = self.path.len();
                self.state = State::Descend;
            }
            Step::Conflict => {
                self.stats.failures += 1;
                self.state = State::Done;
            }
            Step::Interrupted => self.state = State::Interrupted,
        }
    }

    /// Makes the next call to [`Search::next`] return [`Outcome::Paused`]
    /// once it has decided `nodes` more nodes (at a node, before its
    /// decision), unless it meets a solution or the end first; the call
    /// after that goes on from there, without pausing again unless told.
    pub fn pause_after(&mut self, nodes: u64) {
        self.pause_at = self.stats.nodes.saturating_add(nodes);
    }

    /// Records this search's events in `recorder` (until it is full).
    pub fn record(&mut self, recorder: &'e mut Recorder) {
        let on = recorder.open().then_some(recorder.pruning);
        self.engine.set_tracing(on);
        self.recorder = Some(recorder);
    }

    /// Gives an event (and what propagation recorded before it) to the
    /// recorder, if there is one: without one, a test of one field (the
    /// event is made only when it is recorded).
    #[inline(always)]
    fn note(&mut self, event: impl FnOnce() -> Option<Event>) {
        if self.recorder.is_some() {
            self.record_event(event());
        }
    }

    #[cold]
    #[inline(never)]
    fn record_event(&mut self, event: Option<Event>) {
        let Some(recorder) = self.recorder.as_deref_mut() else {
            return;
        };
        for traced in self.engine.take_traced() {
            recorder.push(Event::Propagation(traced));
        }
        if let Some(event) = event {
            recorder.push(event);
        }
        if !recorder.open() {
            self.engine.set_tracing(None);
        }
    }

    /// Branch and bound: from now on, only solutions whose objective is
    /// better than `best` (applied at every node from the next one on).
    pub fn require_better(&mut self, objective: Objective, best: i64) {
        self.bound = Some((objective, best));
    }

    /// Whether `var` is fixed at the node the search stands at (at a
    /// projected plan's leaf, some are not).
    pub fn is_fixed(&self, var: VarId) -> bool {
        self.engine.store().is_fixed(var)
    }

    /// The solution just found: one value per model variable (at a
    /// projected plan's leaf, an open variable's minimum). Counting never
    /// calls this, so the search loop itself allocates nothing.
    pub fn values(&self) -> Vec<i64> {
        let store = self.engine.store();
        (0..store.num_vars() as u32)
            .map(|i| store.min(VarId(i)))
            .collect()
    }

    /// Before a node: whether the node budget is spent (claiming more of
    /// it when this search's share is used), the deadline passed or the
    /// run cancelled; the token records which.
    fn limit_reached(&mut self) -> bool {
        if self.limits.stop.has_node_limit() && self.stats.nodes >= self.allowance {
            self.claim_nodes();
            if self.stats.nodes >= self.allowance {
                self.limits.stop.fire(Cause::NodeLimit);
                return true;
            }
        }
        self.engine.store_mut().must_stop()
    }

    /// Claims more nodes of the budget: a thread of a parallel run waits
    /// for nodes the others may give back once it is spent.
    #[cold]
    fn claim_nodes(&mut self) {
        let stop = &self.limits.stop;
        let mut got = stop.claim_nodes(NODES_CLAIMED);
        if got == 0
            && let Some(shared) = &self.limits.shared
        {
            let store = self.engine.store_mut();
            got = shared.wait_for_nodes(stop, NODES_CLAIMED, &mut || store.must_stop());
        }
        self.allowance += got;
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
            self.note(|| Some(Event::Restart));
            self.stats.restarts += 1;
            self.budget = budget(&self.restarts, self.stats.restarts + 1);
            self.stack.clear();
            self.depth = self.path.len();
            self.brancher.cursor = Cursor::default();
            let root = self
                .propagated_root
                .expect("restarts happen after the root");
            self.engine.store_mut().restore(root);
            self.state = State::Descend;
        }
    }

    /// Propagates to a fixpoint, with the objective bound if there is one.
    fn propagate(&mut self) -> Step {
        if let Some((objective, seen)) = self.shared_objective
            && let Some(shared) = &self.limits.shared
        {
            let now = shared.incumbent.generation();
            if now != seen {
                self.shared_objective = Some((objective, now));
                if let Some(v) = shared.incumbent.bound_for(objective.sense, self.part) {
                    let tighter = match (self.bound, objective.sense) {
                        (Some((_, b)), Sense::Minimize) => v.min(b),
                        (Some((_, b)), Sense::Maximize) => v.max(b),
                        (None, _) => v,
                    };
                    self.bound = Some((objective, tighter));
                }
            }
        }
        let bounded = match self.bound {
            None => Ok(false),
            Some((objective, best)) => {
                let store = self.engine.store_mut();
                match objective.sense {
                    Sense::Minimize => store.set_max(objective.var, best.saturating_sub(1)),
                    Sense::Maximize => store.set_min(objective.var, best.saturating_add(1)),
                }
            }
        };
        if bounded.is_err() {
            self.note(|| Some(Event::Failure));
            return Step::Conflict;
        }
        let step = match self.engine.propagate() {
            Ok(()) => Step::Fixpoint,
            Err(_) if self.engine.interrupted() => Step::Interrupted,
            Err(_) => Step::Conflict,
        };
        self.note(|| None);
        step
    }

    /// Applies the left (`true`) or right branch of a choice and propagates.
    fn apply(&mut self, var: VarId, choice: Choice, left: bool) -> Step {
        let store = self.engine.store_mut();
        let narrowed = match (choice, left) {
            (Choice::Assign(v), true) => store.assign(var, v),
            (Choice::Assign(v), false) => store.remove(var, v),
            (Choice::AtMost(v), true) => store.set_max(var, v),
            (Choice::AtMost(v), false) => store.set_min(var, v + 1),
        };
        if narrowed.is_err() {
            self.note(|| Some(Event::Failure));
            return Step::Conflict;
        }
        self.propagate()
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
                State::Interrupted => return Outcome::Stopped(self.limits.stop.fired()),
                State::Start => self.start(),
                State::Descend => {
                    if self.stats.nodes >= self.pause_at {
                        self.pause_at = u64::MAX;
                        return Outcome::Paused;
                    }
                    let Some(var) = self.brancher.select(self.engine) else {
                        self.note(|| Some(Event::Solution));
                        self.stats.solutions += 1;
                        self.state = State::Backtrack;
                        return Outcome::Solution;
                    };
                    if self.limit_reached() {
                        return Outcome::Stopped(self.limits.stop.fired());
                    }
                    self.stats.nodes += 1;
                    let choice = self.brancher.choice(self.engine, var);
                    let checkpoint = self.engine.store_mut().checkpoint();
                    self.depth += 1;
                    self.stack.push(Frame {
                        checkpoint,
                        cursor: self.brancher.cursor,
                        var,
                        choice,
                        depth: self.depth,
                    });
                    let depth = self.depth;
                    self.note(|| {
                        Some(Event::Decision {
                            depth,
                            var,
                            choice,
                            left: true,
                        })
                    });
                    match self.apply(var, choice, true) {
                        Step::Fixpoint => {}
                        Step::Conflict => {
                            self.brancher.failed(var);
                            self.fail();
                        }
                        Step::Interrupted => self.state = State::Interrupted,
                    }
                }
                State::Backtrack => {
                    let Some(frame) = self.stack.pop() else {
                        self.state = State::Done;
                        continue;
                    };
                    self.engine.store_mut().restore(frame.checkpoint);
                    self.brancher.cursor = frame.cursor;
                    self.depth = frame.depth;
                    self.note(|| {
                        Some(Event::Decision {
                            depth: frame.depth,
                            var: frame.var,
                            choice: frame.choice,
                            left: false,
                        })
                    });
                    match self.apply(frame.var, frame.choice, false) {
                        Step::Fixpoint => self.state = State::Descend,
                        Step::Conflict => self.fail(),
                        Step::Interrupted => self.state = State::Interrupted,
                    }
                }
            }
        }
    }
}

impl Drop for Search<'_> {
    /// Leaves the engine at the root, ready for more constraints.
    fn drop(&mut self) {
        (self.limits.stop).return_nodes(self.allowance.saturating_sub(self.stats.nodes));
        if let Some(shared) = &self.limits.shared {
            shared.leave();
        }
        if self.recorder.is_some() {
            self.note(|| None);
            self.engine.set_tracing(None);
        }
        self.engine.store_mut().restore(self.root);
    }
}
