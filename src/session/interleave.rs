//! Two searches of one model in turn on one thread, for a first solution
//! or an optimum: the plan's own search and its `interleave` arm (a
//! portfolio without threads, [`crate::model::plan::Arm`]).
//!
//! Each search keeps its own engine, tree and what it learned; they take
//! turns of [`SLICE`] nodes, the plan's own search first, and the second
//! engine is built only when the first turn did not settle the question.
//! Neither search loses work at a switch, so the pair is never slower than
//! the better of the two by more than about twice its nodes. The turns are
//! counted in nodes, not time: the answer is the same on every run.
//!
//! The first solution either meets is the answer; for an optimum each
//! solution either finds bounds both, and either search exhausting its
//! tree proves the last solution optimal (or that there is none).

use super::{Session, Solution, Solutions, View};
use crate::model::plan::{Arm, Objective, ROBUST_ARM};
use crate::search::Outcome;
use crate::search::shared::Shared;
use crate::stop::{Cause, Stop};
use std::ops::ControlFlow;

/// How a turn ended.
enum Turn {
    /// A solution: every model variable's value.
    Found(Vec<i64>),
    /// The search's tree is exhausted (`None`) or a limit stopped it.
    Over(Option<Cause>),
    /// The slice is spent.
    Paused,
}

/// One turn of `solutions`' search, `slice` nodes long.
fn turn(solutions: &mut Solutions<'_>, slice: u64) -> Turn {
    solutions.search.pause_after(slice);
    match solutions.search.next() {
        Outcome::Solution => {
            let values = solutions.search.values();
            solutions.check(&values);
            Turn::Found(values)
        }
        Outcome::Exhausted => Turn::Over(None),
        Outcome::Stopped(cause) => {
            solutions.stopped = Some(cause);
            Turn::Over(Some(cause))
        }
        Outcome::Paused => Turn::Paused,
    }
}

/// What the second search's session copies from the first.
struct Ground {
    arm: Arm,
    stop: Stop,
    below: Option<(Vec<crate::search::Decision>, usize)>,
    shared: Option<Shared>,
}

impl Ground {
    /// A session over the model of `first`'s search with the constraints
    /// it posted and the domains it narrowed, searching by the arm.
    fn twin(&self, first: &Solutions<'_>) -> Session {
        let mut lowered = first.view.lowered.clone();
        lowered.plan = lowered.plan.with_arm(self.arm);
        let mut twin = Session::with_constraints(lowered, first.view.sources.clone(), |_| false);
        twin.post_model_constraints(first.posted);
        for (var, intervals) in first.narrowed.iter() {
            // Narrowed in the first session too: an empty domain there
            // ended the question before any search.
            let _ = twin.narrow(var, intervals);
        }
        twin.stop = self.stop.clone();
        twin.below = self.below.clone();
        twin.shared = self.shared.clone();
        twin
    }
}

impl Session {
    fn ground(&self, arm: Arm) -> Ground {
        Ground {
            arm,
            stop: self.stop.clone(),
            below: self.below.clone(),
            shared: self.shared.clone(),
        }
    }

    /// Adds the second search's statistics to this session's.
    fn absorb(&mut self, twin: Option<Session>) {
        if let Some(twin) = twin {
            self.stats.nodes += twin.stats.nodes;
            self.stats.failures += twin.stats.failures;
            self.stats.solutions += twin.stats.solutions;
            self.stats.restarts += twin.stats.restarts;
            self.propagations_elsewhere += twin.propagations();
        }
    }

    /// The plan's search for a turn and, unless that settled the question,
    /// the second search's session built and the two in turn (the second
    /// first) until one settles it: what `turn` said settled it. Each
    /// search is `prepare`d once.
    fn in_turns<T>(
        &mut self,
        ground: &Ground,
        prepare: impl Fn(&mut Solutions<'_>),
        mut turn: impl FnMut(&mut Solutions<'_>) -> Option<T>,
    ) -> T {
        let restarts = self.lowered.plan.restarts;
        let (ended, second) = {
            let mut mine = self.search(restarts);
            prepare(&mut mine);
            match turn(&mut mine) {
                Some(ended) => (ended, None),
                None => {
                    let mut second = ground.twin(&mine);
                    let ended = {
                        let mut theirs = second.search(ground.arm.restarts);
                        prepare(&mut theirs);
                        loop {
                            if let Some(ended) = turn(&mut theirs) {
                                break ended;
                            }
                            if let Some(ended) = turn(&mut mine) {
                                break ended;
                            }
                        }
                    };
                    (ended, Some(second))
                }
            }
        };
        self.absorb(second);
        ended
    }

    /// Runs `f` with each first solution searched in turn with
    /// [`ROBUST_ARM`], unless the plan takes turns already or was told to
    /// search alone (`interleave = "off"`): for questions
    /// whose answer is the same whichever solution a search meets (which
    /// values the solutions take), so that no spec's own order makes them
    /// slow. The roster's (specs/roster.toml) under its default
    /// first-fail: 13 s, in turn 0.09 s.
    pub fn in_turn_with_robust<T>(&mut self, f: impl FnOnce(&mut Session) -> T) -> T {
        let own = self.lowered.plan.interleave;
        if !self.lowered.plan.alone {
            self.lowered.plan.interleave = own.or(Some(ROBUST_ARM));
        }
        let result = f(self);
        self.lowered.plan.interleave = own;
        result
    }

    /// [`Session::first_where`] with the plan's search and `arm` in turn.
    pub(super) fn first_interleaved(
        &mut self,
        arm: Arm,
        keep: &dyn Fn(&[i64]) -> bool,
    ) -> Result<Option<Solution>, Cause> {
        let ground = self.ground(arm);
        self.in_turns(
            &ground,
            |_| {},
            |search| first_kept(search, keep, arm.slice),
        )
    }

    /// [`Session::optimise`] with the plan's search and `arm` in turn: the
    /// best solution found, what stopped the search if a limit did, and
    /// whether `improved` broke it off.
    pub(super) fn optimise_interleaved(
        &mut self,
        arm: Arm,
        objective: Objective,
        improved: &mut dyn FnMut(View<'_>, &Solution, i64) -> ControlFlow<()>,
    ) -> (Option<(Solution, i64)>, Option<Cause>, bool) {
        let ground = self.ground(arm);
        let mut race = Race {
            objective,
            slice: arm.slice,
            part: self.below.as_ref().map_or(0, |b| b.1),
            shared: ground.shared.clone(),
            best: None,
            improved,
        };
        let shared = ground.shared.is_some();
        let prepare = |search: &mut Solutions<'_>| {
            if shared {
                search.search.share_bound(objective);
            }
        };
        let ended = self.in_turns(&ground, prepare, |search| race.turn(search));
        (race.best, ended.0, ended.1)
    }
}

/// One turn of `solutions`' search for a first solution `keep` accepts:
/// the answer, or `None` when the slice is spent.
fn first_kept(
    solutions: &mut Solutions<'_>,
    keep: &dyn Fn(&[i64]) -> bool,
    slice: u64,
) -> Option<Result<Option<Solution>, Cause>> {
    loop {
        match turn(solutions, slice) {
            Turn::Found(values) if keep(&values) => return Some(Ok(Some(Solution { values }))),
            Turn::Found(_) => {}
            Turn::Over(None) => return Some(Ok(None)),
            Turn::Over(Some(cause)) => return Some(Err(cause)),
            Turn::Paused => return None,
        }
    }
}

/// Branch and bound shared by the two searches.
struct Race<'a> {
    objective: Objective,
    slice: u64,
    /// This session's part of a parallel run (orders the incumbent).
    part: usize,
    /// The threads' incumbent, if any.
    shared: Option<Shared>,
    best: Option<(Solution, i64)>,
    improved: &'a mut dyn FnMut(View<'_>, &Solution, i64) -> ControlFlow<()>,
}

impl Race<'_> {
    /// One turn of `solutions`' search, bound by the best solution either
    /// search found so far: `None` when the slice is spent, else what
    /// ended the search (a limit's cause, and whether `improved` broke it
    /// off).
    fn turn(&mut self, solutions: &mut Solutions<'_>) -> Option<(Option<Cause>, bool)> {
        let objective = self.objective;
        if let Some((_, best)) = &self.best {
            solutions.search.require_better(objective, *best);
        }
        loop {
            let values = match turn(solutions, self.slice) {
                Turn::Found(values) => values,
                Turn::Over(cause) => return Some((cause, false)),
                Turn::Paused => return None,
            };
            let value = values[objective.var.index()];
            // A search resumed at a node propagated before the other's
            // last bound may meet a solution that is no better.
            if (self.best.as_ref()).is_some_and(|b| !objective.improves(value, b.1)) {
                continue;
            }
            if let Some(shared) = &self.shared {
                let _ = shared.incumbent.offer(objective.sense, value, self.part);
            }
            let solution = Solution { values };
            let broken = (self.improved)(solutions.view, &solution, value).is_break();
            solutions.search.require_better(objective, value);
            self.best = Some((solution, value));
            if broken {
                return Some((None, true));
            }
        }
    }
}
