//! A session: one lowered spec and its propagation engine, solved as many
//! times as wanted in one process. The public library API.
//!
//! A session owns the search policy: [`Session::first`] uses the plan's
//! restarts (and its interleaved second search, `interleave`), enumerations ([`Session::solutions`], [`Session::count`]) never
//! do (a restarted enumeration would meet its solutions again), and
//! [`Session::optimise`] runs branch and bound. Constraints added with
//! [`Session::add_constraint`] go to the root; [`Session::push`] and
//! [`Session::pop`] bracket them, so a game or an explanation can try a
//! constraint and take it back without re-lowering anything. Every solution
//! returned is checked against every posted constraint; in debug builds so
//! is every counted one.
//!
//! ```
//! use solve::session::Session;
//!
//! let spec = r#"
//! [vars]
//! x = "1..9"
//! y = "1..9"
//! [constraints]
//! sum = "x + y == 10"
//! "#;
//! let mut session = Session::from_text("sum.toml", spec, &[]).unwrap();
//! assert_eq!(session.count().into_value(), 9);
//! session.push();
//! session.add_constraint("small", "x < 3").unwrap();
//! assert_eq!(session.count().into_value(), 2);
//! session.pop();
//! assert_eq!(session.count().into_value(), 9);
//! let first = session.first().unwrap().unwrap();
//! assert_eq!(session.value(&first, "x"), Some(serde_json::json!(1)));
//! ```

use crate::constraints::Linear;
use crate::diagnostic::{Diagnostic, Error};
use crate::engine::{Engine, EngineMark};
use crate::lower::ModelMark;
use crate::lowered::Lowered;
use crate::model::plan::{Objective, Restarts};
use crate::model::{Constraint, Posted, Rel, VarId};
use crate::search::branch::Choice;
use crate::search::shared::Shared;
use crate::search::trace::Recorder;
use crate::search::{Decision, Limits, Opening, Outcome, Search, Stats};
use crate::source::Sources;
use crate::stop::{Cause, Stop};
use std::ops::ControlFlow;

use crate::host::Instant;
use std::time::Duration;

mod answers;
#[cfg(test)]
mod compiled_output;
mod interleave;
mod root;
mod solutions;
mod stats;
mod view;

use root::Narrowings;

pub use answers::{Count, Optimum, Solution};
pub use solutions::Solutions;
pub use view::View;

/// How often to report a count's progress, and to whom.
type Watch<'w> = (Duration, &'w mut dyn FnMut(u64, Stats));

/// One push: the sizes to come back to.
#[derive(Clone, Copy, Debug)]
struct Level {
    model: ModelMark,
    engine: EngineMark,
    posted: usize,
    sources: usize,
    narrowed: usize,
}

#[derive(Debug)]
pub struct Session {
    lowered: Lowered,
    engine: Engine,
    /// The spec's sources, and each added constraint's text, for messages.
    sources: Sources,
    /// Indices of the model constraints posted in the engine.
    posted: Vec<usize>,
    /// The domains narrowed at the open levels.
    narrowed: Narrowings,
    /// Model constraints before this one have been considered for posting.
    synced: usize,
    levels: Vec<Level>,
    /// The run's stop token: its deadline, node budget and cancel flag.
    stop: Stop,
    stats: Stats,
    /// Where searches record their first events (`--trace`, `--tree`).
    recorder: Option<Recorder>,
    /// The searches search only below these decisions, as this part of a
    /// parallel run.
    below: Option<(Vec<Decision>, usize)>,
    /// What the searches share with other threads' sessions.
    shared: Option<Shared>,
    /// Propagations made by other sessions on this one's behalf (the
    /// threads of a parallel run), added to [`Session::propagations`].
    propagations_elsewhere: u64,
    /// Propagations of work forgotten ([`Session::within`]).
    propagations_forgotten: u64,
    /// The parts of the last parallel run (`--stats`).
    parts: Option<u64>,
    /// The most threads a parallel run started.
    threads: usize,
}

impl Session {
    /// A session with every constraint of `lowered` posted; `sources` are
    /// the texts its spans point into.
    pub fn new(lowered: Lowered, sources: Sources) -> Session {
        Session::with_constraints(lowered, sources, |_| true)
    }

    /// A session posting only the model constraints `keep` accepts (the
    /// others can be posted later with [`Session::post_model_constraints`]).
    pub(crate) fn with_constraints(
        lowered: Lowered,
        sources: Sources,
        keep: impl Fn(&Posted) -> bool,
    ) -> Session {
        let mut engine = Engine::empty(lowered.plan.consistency);
        for info in &lowered.model().vars {
            let _ = engine.add_var(&info.domain);
        }
        let batch: Vec<(usize, &Posted)> = (lowered.model().constraints.iter().enumerate())
            .filter(|(_, p)| keep(p))
            .collect();
        engine.post_all(&batch);
        let posted = batch.iter().map(|&(i, _)| i).collect();
        Session {
            synced: lowered.model().constraints.len(),
            lowered,
            engine,
            sources,
            posted,
            narrowed: Narrowings::default(),
            levels: Vec::new(),
            stop: Stop::default(),
            stats: Stats::default(),
            recorder: None,
            below: None,
            shared: None,
            propagations_elsewhere: 0,
            propagations_forgotten: 0,
            parts: None,
            threads: 0,
        }
    }

    /// The spec's sources, for messages that point into it.
    pub fn sources(&self) -> &Sources {
        &self.sources
    }

    pub fn lowered(&self) -> &Lowered {
        &self.lowered
    }

    /// Later searches search only below `path` (a part of a parallel run,
    /// number `part`); `None`: the whole tree again.
    pub fn set_below(&mut self, below: Option<(Vec<Decision>, usize)>) {
        self.below = below;
    }

    /// Later searches share a stop flag, node budget and incumbent with
    /// the other threads of a run; `None`: they share nothing.
    pub fn set_shared(&mut self, shared: Option<Shared>) {
        self.shared = shared;
    }

    /// Opens paths for `open`: for each, the first node below it, whether
    /// it fails, is a solution, or which choice the search would branch
    /// on (for splitting the search into parts). The root is propagated
    /// once for all of them; no node is counted.
    pub fn openings<T>(
        &mut self,
        open: impl FnOnce(&mut dyn FnMut(&[Decision]) -> Opening) -> T,
    ) -> T {
        let limits = self.limits();
        let mut search = Search::new(&mut self.engine, &self.lowered.plan, limits, Restarts::NONE);
        open(&mut |path| search.open(path))
    }

    /// Where `solution` lies in the search tree from the root as it is
    /// now: the branches from the root to it, `L` for a left branch (the
    /// choice holds) and `R` for a right one, so that solutions in
    /// depth-first order have their paths in text order. `None` when a
    /// limit stopped the walk (or the solution is not in the tree).
    pub fn path_to(&mut self, solution: &Solution) -> Option<String> {
        let values = solution.values();
        self.openings(|open| {
            let mut path: Vec<Decision> = Vec::new();
            loop {
                match open(&path) {
                    Opening::Solution => {
                        return Some(
                            path.iter()
                                .map(|d| if d.left { 'L' } else { 'R' })
                                .collect(),
                        );
                    }
                    Opening::Branch { var, choice, .. } => {
                        let value = values[var.index()];
                        let left = match choice {
                            Choice::Assign(v) => value == v,
                            Choice::AtMost(v) => value <= v,
                        };
                        path.push(Decision { var, choice, left });
                    }
                    Opening::Failed | Opening::Stopped(_) => return None,
                }
            }
        })
    }

    /// The searches from now on stop once they have visited `nodes` nodes
    /// in all: one budget for the rest of the session, like the deadline.
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.stop = self.stop.with_nodes(nodes);
    }

    /// Every later search stops once `limit` has passed from now: one
    /// budget for the rest of the session.
    pub fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.stop = (self.stop).with_deadline(limit.and_then(|t| Instant::now().checked_add(t)));
    }

    /// The run's stop token: its deadline, cancel flag and node budget.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Every later search stops as `stop` says (the command line's
    /// `--time-limit` counts from the start of the run; its node budget,
    /// when it has one, from now: a token without one keeps the node limit
    /// set before), and so does the work of a game's strategies.
    pub fn set_stop(&mut self, stop: Stop) {
        self.stop = if stop.has_node_limit() {
            stop
        } else {
            stop.with_budget_of(&self.stop)
        };
    }

    fn limits(&self) -> Limits {
        Limits {
            stop: self.stop.clone(),
            shared: self.shared.clone(),
        }
    }

    /// Opens a root level: what is added after it, [`Session::pop`] retracts.
    pub fn push(&mut self) {
        self.levels.push(Level {
            model: self.lowered.mark(),
            engine: self.engine.mark(),
            posted: self.posted.len(),
            sources: self.sources.len(),
            narrowed: self.narrowed.len(),
        });
    }

    /// Retracts everything added since the matching [`Session::push`];
    /// returns false (and does nothing) when no level is open.
    pub fn pop(&mut self) -> bool {
        let Some(level) = self.levels.pop() else {
            return false;
        };
        self.engine.truncate(level.engine);
        self.lowered.truncate(level.model);
        self.posted.truncate(level.posted);
        self.sources.truncate(level.sources);
        self.narrowed.truncate(level.narrowed);
        self.synced = self.synced.min(self.lowered.model().constraints.len());
        true
    }

    /// Adds the constraint `text` (an expression over the spec's names) at
    /// the root. Atomic: when it is rejected, nothing of it stays.
    pub fn add_constraint(&mut self, name: &str, text: &str) -> Result<(), Error> {
        self.lowered
            .add_constraint(&mut self.sources, name, text)
            .map_err(|d| Error::new(vec![d], &self.sources))?;
        self.sync();
        Ok(())
    }

    /// Adds "not all of `assignment`" at the root (see
    /// [`Lowered::add_nogood`]): with a solution's values, the next search
    /// finds a solution that differs from it somewhere.
    pub fn forbid(&mut self, name: &str, assignment: &[(VarId, i64)]) -> Result<(), Error> {
        self.lowered
            .add_nogood(&mut self.sources, name, assignment)
            .map_err(|d| Error::new(vec![d], &self.sources))?;
        self.sync();
        Ok(())
    }

    /// For a spec with a `[game]`: adds "the secret (the code's variables)
    /// gives `answer` to `guess`" at the root, lowered from the game's
    /// answer function. Atomic, like [`Session::add_constraint`].
    pub fn add_answer(&mut self, guess: &[i64], answer: &[i64]) -> Result<(), Error> {
        self.lowered
            .add_answer("answer", guess, answer)
            .map_err(|d| Error::new(vec![d], &self.sources))?;
        self.sync();
        Ok(())
    }

    /// Posts the model's new variables and constraints.
    fn sync(&mut self) {
        let model = self.lowered.model();
        for info in &model.vars[self.engine.num_vars()..] {
            let _ = self.engine.add_var(&info.domain);
        }
        let new = self.synced..model.constraints.len();
        let batch: Vec<(usize, &Posted)> = new.map(|i| (i, &model.constraints[i])).collect();
        self.engine.post_all(&batch);
        self.posted.extend(batch.iter().map(|&(i, _)| i));
        self.synced = model.constraints.len();
    }

    /// Posts model constraints left out when the session was made.
    pub(crate) fn post_model_constraints(&mut self, indices: &[usize]) {
        let model = self.lowered.model();
        let batch: Vec<(usize, &Posted)> = indices
            .iter()
            .map(|&i| (i, &model.constraints[i]))
            .collect();
        self.engine.post_all(&batch);
        self.posted.extend_from_slice(indices);
    }

    /// The first solution in the plan's search order (with its restarts).
    pub fn first(&mut self) -> Result<Option<Solution>, Cause> {
        self.first_where(|_| true)
    }

    /// The first solution `keep` accepts (its values over every model
    /// variable), with the plan's restarts: a restart may meet rejected
    /// solutions again, never miss an accepted one.
    pub fn first_where(
        &mut self,
        keep: impl Fn(&[i64]) -> bool,
    ) -> Result<Option<Solution>, Cause> {
        if let Some(arm) = self.lowered.plan.interleave {
            return self.first_interleaved(arm, &keep);
        }
        let restarts = self.lowered.plan.restarts;
        let mut solutions = self.search(restarts);
        let found = solutions.by_ref().find(|s| keep(s.values()));
        match found {
            Some(s) => Ok(Some(s)),
            None => solutions.stopped.map_or(Ok(None), Err),
        }
    }

    /// Every solution, one at a time, in the plan's search order. After the
    /// last, [`Solutions::stopped`] says whether a limit cut it short.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.search(Restarts::NONE)
    }

    fn search(&mut self, restarts: Restarts) -> Solutions<'_> {
        let limits = self.limits();
        let Session {
            lowered,
            engine,
            sources,
            posted,
            narrowed,
            stats,
            recorder,
            ..
        } = self;
        let mut search = Search::new(engine, &lowered.plan, limits, restarts);
        if let Some((path, part)) = &self.below {
            search.below(path.clone(), *part);
        }
        if let Some(recorder) = recorder {
            search.record(recorder);
        }
        Solutions {
            search,
            view: View { lowered, sources },
            posted,
            narrowed,
            stats,
            stopped: None,
        }
    }

    /// Makes the searches from now on record their first events in
    /// `recorder` (see [`crate::search::trace`]); `None` stops.
    pub fn set_recorder(&mut self, recorder: Option<Recorder>) {
        self.recorder = recorder;
    }

    /// The recorder, with what the searches recorded.
    pub fn recorder(&self) -> Option<&Recorder> {
        self.recorder.as_ref()
    }

    /// The number of solutions (allocating nothing per solution in release
    /// builds).
    pub fn count(&mut self) -> Count {
        self.count_inner(None)
    }

    /// [`Session::count`], telling `watch` the solutions so far and the
    /// search's statistics about every `every` (at a solution: a long
    /// stretch without one is not reported).
    pub fn count_watching(&mut self, every: Duration, watch: &mut dyn FnMut(u64, Stats)) -> Count {
        self.count_inner(Some((every, watch)))
    }

    fn count_inner(&mut self, mut watch: Option<Watch<'_>>) -> Count {
        let mut solutions = self.solutions();
        let mut n = 0;
        let mut last = Instant::now();
        loop {
            match solutions.search.next() {
                Outcome::Solution => {
                    n += 1;
                    if cfg!(debug_assertions) {
                        solutions.check(&solutions.search.values());
                    }
                    if let Some((every, w)) = &mut watch
                        && last.elapsed() >= *every
                    {
                        w(n, solutions.search.stats);
                        last = Instant::now();
                    }
                }
                Outcome::Exhausted => break,
                Outcome::Paused => {}
                Outcome::Stopped(cause) => {
                    solutions.stopped = Some(cause);
                    break;
                }
            }
        }
        Count::new(n, solutions.stopped)
    }

    /// Branch and bound on the spec's objective: each solution found must
    /// be better than the one before; `improved` hears of each and may stop
    /// the search (`ControlFlow::Break`: the optimum is then not proven).
    /// Uses the plan's restarts (the bound survives them).
    pub fn optimise(
        &mut self,
        mut improved: impl FnMut(View<'_>, &Solution, i64) -> ControlFlow<()>,
    ) -> Result<Optimum, Error> {
        let objective = self.require_objective()?;
        if let Some(arm) = self.lowered.plan.interleave {
            let (best, stopped, broken) = self.optimise_interleaved(arm, objective, &mut improved);
            let stopped = stopped.or_else(|| broken.then(|| self.stop.fired()));
            return Ok(Optimum::new(best, stopped));
        }
        let restarts = self.lowered.plan.restarts;
        let shared = self.shared.clone();
        let part = self.below.as_ref().map_or(0, |b| b.1);
        let mut solutions = self.search(restarts);
        if shared.is_some() {
            solutions.search.share_bound(objective);
        }
        let mut best = None;
        let mut broken = false;
        while let Some(solution) = solutions.next() {
            let value = solution.values[objective.var.index()];
            if let Some(shared) = &shared {
                let _ = shared.incumbent.offer(objective.sense, value, part);
            }
            broken = improved(solutions.view(), &solution, value).is_break();
            solutions.search.require_better(objective, value);
            best = Some((solution, value));
            if broken {
                break;
            }
        }
        // Cut by its listener, the optimum is not proven either.
        let stopped = solutions.stopped;
        drop(solutions);
        let stopped = stopped.or_else(|| broken.then(|| self.stop.fired()));
        Ok(Optimum::new(best, stopped))
    }

    /// Runs `f` with the objective required to equal `value` and the
    /// plan's search at an optimum ([`crate::model::plan::SearchPlan::at_optimum`]): to
    /// enumerate the optimal solutions once the optimum is known. The
    /// session is as before afterwards.
    pub fn at_optimum<T>(
        &mut self,
        value: i64,
        f: impl FnOnce(&mut Session) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let objective = self.require_objective()?;
        let depth = self.levels.len();
        self.push();
        let plan = self.lowered.plan.at_optimum();
        let plan = std::mem::replace(&mut self.lowered.plan, plan);
        self.lowered.add_posted(Posted {
            constraint: Constraint::Linear(Linear {
                terms: vec![(1, objective.var)],
                rel: Rel::Eq,
                rhs: value,
                reif: None,
            }),
            origin: "objective".to_string(),
            item: String::new(),
            definition: false,
            consistency: None,
        });
        self.sync();
        let result = f(self);
        self.lowered.plan = plan;
        while self.levels.len() > depth {
            let _ = self.pop();
        }
        result
    }

    /// Every variable's domain after propagation at the root, as sorted
    /// disjoint intervals; `None` when root propagation already fails. The
    /// engine is left as it was.
    pub fn root_domains(&mut self) -> Option<Vec<Vec<(i64, i64)>>> {
        let checkpoint = self.engine.store_mut().checkpoint();
        self.engine.schedule_all();
        let ok = self.engine.propagate().is_ok();
        let store = self.engine.store();
        let domains = ok.then(|| {
            (0..store.num_vars())
                .map(|i| store.intervals(VarId(i as u32)))
                .collect()
        });
        self.engine.store_mut().restore(checkpoint);
        domains
    }

    /// The spec's objective, if it has one (and it was not switched off).
    pub fn objective(&self) -> Option<Objective> {
        self.lowered.plan.objective
    }

    fn require_objective(&self) -> Result<Objective, Error> {
        self.objective().ok_or_else(|| {
            Error::new(
                vec![Diagnostic::bare("the spec has no [objective] section")],
                &self.sources,
            )
        })
    }

    /// What reads solutions: rendering, JSON, values by name.
    pub fn view(&self) -> View<'_> {
        View {
            lowered: &self.lowered,
            sources: &self.sources,
        }
    }

    /// A solution as text: see [`View::render`].
    pub fn render(&self, solution: &Solution) -> Result<String, Error> {
        self.view().render(solution)
    }

    /// A solution as printed: see [`View::printed`].
    pub fn printed(&self, solution: &Solution) -> Result<crate::output::Printed, Error> {
        self.view().printed(solution)
    }

    /// A solution as JSON: see [`View::json`].
    pub fn json(&self, solution: &Solution) -> serde_json::Value {
        self.view().json(solution)
    }

    /// One declared name's value: see [`View::value`].
    pub fn value(&self, solution: &Solution, name: &str) -> Option<serde_json::Value> {
        self.view().value(solution, name)
    }
}
