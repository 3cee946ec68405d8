//! The walk from the known domains to the values the solutions take: how
//! it starts (the givens, the target), and each next step, cheapest first:
//! the queue of steps found by the last search, then steps found by
//! propagation ([`super::finder`]), then by a conflict
//! ([`super::fallback`]). Its state is [`Stepper`] (`state.rs`).

use super::state::Stepper;
use super::{Settings, Step, fallback, finder};
use crate::facts::Fact;
use crate::facts::candidates;
use crate::facts::values::{self, Values};
use crate::lowered::Lowered;
use crate::model::VarId;
use crate::session::Session;
use crate::source::Sources;
use crate::stop::Cause;
use crate::stop::Stop;

/// Where a walk ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every declared variable's value was derived.
    Solved,
    /// Every value common to all solutions was derived; the solutions
    /// differ on these variables, each of which keeps these values.
    Open(Vec<(VarId, Values)>),
    /// No step within the bound on items (`--max-items`) was left: these
    /// variables keep values that no solution takes.
    Stuck(Vec<(VarId, Values)>),
    /// A walk to a conflict: this variable has no value left.
    Conflict(VarId),
}

/// How a walk starts.
#[derive(Debug)]
pub enum Walk {
    Ready(Box<Stepper>),
    /// The spec with the givens has no solution: why, and the walk as it
    /// would have started (what the givens make known, for a board).
    NoSolution(fallback::WhyNone, Box<Stepper>),
    /// A declared variable has too many values (see
    /// [`candidates::too_wide`]): what the message says.
    TooWide(String),
}

/// Starts a walk over `lowered` from `givens` (facts a player knows).
pub fn walk(
    lowered: Lowered,
    sources: Sources,
    givens: Vec<Fact>,
    settings: Settings,
    stop: &Stop,
) -> Result<Walk, Cause> {
    if let Some(message) = candidates::too_wide(lowered.model(), "steps explain") {
        return Ok(Walk::TooWide(message));
    }
    let mut full = Session::new(lowered.clone(), sources.clone());
    full.set_stop(stop.clone());
    let mut stepper = Stepper::new(lowered, sources, settings, stop, |_| true);
    for g in &givens {
        let known = &mut stepper.known[g.var.index()];
        *known = values::both(known, &g.values);
    }
    match candidates::candidates(&mut full, &stepper.declared, &stepper.known)? {
        Some(target) => {
            stepper.target = target;
            Ok(Walk::Ready(Box::new(stepper)))
        }
        None => {
            let s = &mut stepper;
            let why = fallback::why_none(&mut s.session, &s.items, &s.initial, &givens)?;
            Ok(Walk::NoSolution(why, Box::new(stepper)))
        }
    }
}

/// A walk over the items named `conflict` (a minimal set with no
/// solution, as `solve explain` finds it) that ends when a variable has
/// no value left: the conflict derived step by step.
pub fn walk_to_conflict(
    lowered: Lowered,
    sources: Sources,
    conflict: &[String],
    settings: Settings,
    stop: &Stop,
) -> Stepper {
    let mut stepper = Stepper::new(lowered, sources, settings, stop, |item| {
        conflict.contains(&item.name)
    });
    // No solution takes any value: every value is to be removed.
    stepper.target = vec![Vec::new(); stepper.known.len()];
    stepper
}

impl Stepper {
    /// The next step, cheapest first; `None` when no step is left (see
    /// [`Stepper::ending`]).
    pub fn next_step(&mut self) -> Result<Option<Step>, Cause> {
        if self.settings.most.is_some_and(|most| self.taken >= most) {
            return Ok(None);
        }
        loop {
            if self.done() {
                return Ok(None);
            }
            if self.session.stop().passed() {
                return Err(self.session.stop().fired());
            }
            if let Some((candidate, step)) = self.pending.pop_front() {
                // Taken as settled while nothing it was found on changed,
                // else settled again on what is known now (or dropped when
                // earlier steps removed its values).
                let step = if finder::stale(self, &candidate, self.settled) {
                    finder::settle(self, candidate)?
                } else {
                    Some(step)
                };
                if let Some(step) = step {
                    self.take(&step);
                    return Ok(Some(step));
                }
                continue;
            }
            let found = finder::propagation_candidates(self)?;
            if !found.is_empty() {
                // Made minimal all at once, then taken cheapest first.
                let mut settled = Vec::new();
                for candidate in found {
                    if let Some(step) = finder::settle(self, candidate.clone())? {
                        settled.push((candidate, step));
                    }
                }
                settled.sort_by_key(|(_, step)| (step.cost, values::size(&step.left) != 1));
                self.pending = settled.into();
                self.settled = self.taken;
                continue;
            }
            let Some(step) = fallback::conflict_step(self)? else {
                return Ok(None);
            };
            self.take(&step);
            return Ok(Some(step));
        }
    }

    /// Where the walk stands: call it once [`Stepper::next_step`] gave
    /// `None`.
    pub fn ending(&self) -> Ending {
        let keeping = |which: &dyn Fn(VarId) -> bool| -> Vec<(VarId, Values)> {
            (self.declared.iter().copied())
                .filter(|&x| which(x))
                .map(|x| (x, self.known[x.index()].clone()))
                .collect()
        };
        if let Some(var) = self.emptied() {
            Ending::Conflict(var)
        } else if !self.done() {
            Ending::Stuck(keeping(&|x| self.open(x)))
        } else if self
            .declared
            .iter()
            .all(|x| values::size(&self.known[x.index()]) == 1)
        {
            Ending::Solved
        } else {
            Ending::Open(keeping(&|x| values::size(&self.known[x.index()]) > 1))
        }
    }

    /// Whether `var` still has values that no solution takes.
    pub(super) fn open(&self, var: VarId) -> bool {
        self.known[var.index()] != self.target[var.index()]
    }

    fn done(&self) -> bool {
        !self.declared.iter().any(|&x| self.open(x)) || self.emptied().is_some()
    }

    /// A variable with no value left: the walk derived a conflict.
    fn emptied(&self) -> Option<VarId> {
        (self.declared.iter().copied()).find(|x| self.known[x.index()].is_empty())
    }

    fn take(&mut self, step: &Step) {
        let known = &self.known[step.var.index()];
        debug_assert!(
            values::minus(&step.removed, known).is_empty() && !step.removed.is_empty(),
            "a step removes values still possible"
        );
        self.known[step.var.index()] = values::minus(known, &step.removed);
        self.taken += 1;
        self.changed[step.var.index()] = self.taken;
    }
}
