//! The walk from the known domains to the values the solutions take: how
//! it starts (the givens, the target), and each next step, cheapest first:
//! the queue of steps found by the last search, then steps found by
//! propagation ([`super::finder`]), then by a conflict
//! ([`super::fallback`]). Its state is [`Stepper`] (`state.rs`).

use super::state::Stepper;
use super::{Candidate, Settings, Step, fallback, finder};
use crate::facts::Fact;
use crate::facts::candidates;
use crate::facts::values::{self, Values};
use crate::lowered::Lowered;
use crate::model::VarId;
use crate::session::Session;
use crate::source::Sources;
use crate::stop::Cause;
use crate::stop::Stop;
use std::collections::BTreeSet;

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
    /// A walk to a conflict: this variable has no value left (a hidden
    /// one: see [`Stepper::clash`]).
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

/// A walk as [`walk`] starts it when the values the solutions take with
/// the givens are known already (`target`, for each variable; a caller
/// that knows the only solution with them), so no search finds them.
pub fn walk_toward(
    lowered: Lowered,
    sources: Sources,
    givens: Vec<Fact>,
    settings: Settings,
    stop: &Stop,
    target: Vec<Values>,
) -> Walk {
    if let Some(message) = candidates::too_wide(lowered.model(), "steps explain") {
        return Walk::TooWide(message);
    }
    let mut stepper = Stepper::new(lowered, sources, settings, stop, |_| true);
    for g in &givens {
        let known = &mut stepper.known[g.var.index()];
        *known = values::both(known, &g.values);
    }
    stepper.target = target;
    Walk::Ready(Box::new(stepper))
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
    // No solution takes any value: every value is to be removed. Steps
    // show the player's variables, as any walk's do; one that empties a
    // hidden variable ends on a clash (`Stepper::clash`).
    stepper.target = vec![Vec::new(); stepper.known.len()];
    stepper
}

impl Stepper {
    /// The next step shown, cheapest first; `None` when no step is left
    /// (see [`Stepper::ending`]). Steps on hidden variables alone are
    /// taken on the way, folded into those that use them (`fold`).
    pub fn next_step(&mut self) -> Result<Option<Step>, Cause> {
        loop {
            if self.settings.most.is_some_and(|most| self.told >= most) {
                return Ok(None);
            }
            let Some(step) = self.find_step()? else {
                return Ok(None);
            };
            let shown = self.fold(&step)?;
            self.take(&step);
            if let Some(shown) = shown {
                self.told += 1;
                return Ok(Some(shown));
            }
        }
    }

    /// The next step, cheapest first, not yet taken.
    fn find_step(&mut self) -> Result<Option<Step>, Cause> {
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
                    return Ok(Some(step));
                }
                continue;
            }
            let found = finder::propagation_candidates(self)?;
            if !found.is_empty() {
                // Made minimal all at once, then taken cheapest first.
                let mut settled: Vec<(Candidate, Step)> = Vec::new();
                for candidate in found {
                    // Removed already by a step of the same items on no
                    // fact, which no step of these items undercuts.
                    let covered = settled.iter().any(|(_, step)| {
                        step.uses == candidate.items
                            && step.facts.is_empty()
                            && step.removes(candidate.var, &candidate.removed)
                    });
                    if covered {
                        continue;
                    }
                    if let Some(step) = finder::settle(self, candidate.clone())? {
                        // Candidates of one item and the same facts merge
                        // into one step.
                        if !settled.iter().any(|(_, other)| *other == step) {
                            settled.push((candidate, step));
                        }
                    }
                }
                // Among steps of one cost, placements first. (None is left
                // only when no candidate follows from what is known alone,
                // which the definitions never give: then the fallback.)
                if !settled.is_empty() {
                    settled.sort_by_key(|(_, step)| (step.cost, !step.places()));
                    self.pending = settled.into();
                    self.settled = self.taken;
                    continue;
                }
            }
            return fallback::conflict_step(self);
        }
    }

    /// Where the walk stands: call it once [`Stepper::next_step`] gave
    /// `None`.
    pub fn ending(&self) -> Ending {
        let keeping = |which: &dyn Fn(VarId) -> bool| -> Vec<(VarId, Values)> {
            (self.shown.iter().copied())
                .filter(|&x| which(x))
                .map(|x| (x, self.known[x.index()].clone()))
                .collect()
        };
        if let Some(var) = self.emptied() {
            Ending::Conflict(var)
        } else if !self.done() {
            Ending::Stuck(keeping(&|x| self.open(x)))
        } else if self
            .shown
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

    /// Whether the walk is over: every shown variable keeps the values
    /// the solutions take (the hidden ones need not), or one has none.
    fn done(&self) -> bool {
        !self.shown.iter().any(|&x| self.open(x)) || self.emptied().is_some()
    }

    /// A variable with no value left, a shown one first: the walk derived
    /// a conflict.
    fn emptied(&self) -> Option<VarId> {
        let empty = |x: &VarId| self.known[x.index()].is_empty();
        (self.shown.iter().copied().find(empty))
            .or_else(|| self.declared.iter().copied().find(empty))
    }

    fn take(&mut self, step: &Step) {
        self.taken += 1;
        for d in &step.deductions {
            let known = &self.known[d.var.index()];
            debug_assert!(
                values::minus(&d.removed, known).is_empty() && !d.removed.is_empty(),
                "a step removes values still possible"
            );
            self.known[d.var.index()] = values::minus(known, &d.removed);
            self.changed[d.var.index()] = self.taken;
        }
    }
}

impl Stepper {
    /// The next placement and why: the steps up to the first that leaves
    /// a variable one value, less those it does not need (a step is
    /// needed when it narrows a variable that a needed step knows, or
    /// the variable the placement fixes). With no placement left before
    /// the walk ends, the next step alone (an elimination), if any.
    pub fn next_placement(&mut self) -> Result<Vec<Step>, Cause> {
        let mut taken: Vec<Step> = Vec::new();
        while let Some(step) = self.next_step()? {
            let places = step.places();
            taken.push(step);
            if places {
                break;
            }
        }
        let Some(placement) = taken.pop() else {
            return Ok(Vec::new());
        };
        if !placement.places() {
            taken.push(placement);
            taken.truncate(1);
            return Ok(taken);
        }
        let mut needed: BTreeSet<VarId> = (placement.deductions.iter())
            .filter(|d| d.fixes())
            .map(|d| d.var)
            .chain(placement.facts.iter().map(|f| f.var))
            .collect();
        let mut chain = vec![placement];
        for step in taken.into_iter().rev() {
            if step.deductions.iter().any(|d| needed.contains(&d.var)) {
                needed.extend(step.facts.iter().map(|f| f.var));
                chain.push(step);
            }
        }
        chain.reverse();
        Ok(chain)
    }
}
