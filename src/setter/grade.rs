//! A grade: the weakest consistency level at which propagation alone, at
//! the root and with no search, finishes the puzzle (every declared
//! variable fixed, to a solution), on the ladder `check < early <
//! propagate < bounds < domain < probing`; and, from the step-by-step
//! explanations, the largest and the summed cost of the steps. On a model
//! with no alldifferent, `early` and `bounds` are `propagate` and the
//! ladder skips them; so is `domain` unless the model has a cage (an item
//! of arithmetic that `domain` makes domain consistent with a table, see
//! `lower::cages`).

use crate::diagnostic::Error;
use crate::facts::candidates::shown;
use crate::lowered::Lowered;
use crate::model::Constraint;
use crate::model::plan::{CONSISTENCIES, Consistency};
use crate::session::Session;
use crate::setter::Unanswered;
use crate::setter::human::{self, Solved};
use crate::setter::rules::{self, Rules};
use crate::source::Sources;
use crate::steps::{Ending, Settings, Walk, walk};
use crate::stop::Cause;
use crate::stop::Stop;

/// The ladder, weakest first.
pub const LADDER: [Consistency; 6] = [
    Consistency::Check,
    Consistency::Early,
    Consistency::Propagate,
    Consistency::Bounds,
    Consistency::Domain,
    Consistency::Probing,
];

/// A level's name as specs write it.
pub fn level_name(level: Consistency) -> &'static str {
    (CONSISTENCIES.iter())
        .find(|(_, c)| *c == level)
        .map_or("?", |(n, _)| n)
}

/// What root propagation at one level leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// It fails: the puzzle has no solution.
    Fails,
    /// This many declared variables stay open (0: finished).
    Open(usize),
}

/// The ladder climbed: each level tried, weakest first, up to the first
/// that finishes the puzzle (or all of them).
#[derive(Clone, Debug)]
pub struct Grade {
    pub rungs: Vec<(Consistency, Left)>,
    /// Whether the model has an alldifferent: without one, `early` and
    /// `bounds` are `propagate` (only alldifferent has propagators of its
    /// own at those levels) and are not climbed.
    pub distinct: bool,
    /// Whether the model has a cage (see `lower::cages`): without one (and
    /// without an alldifferent), `domain` is `propagate` too.
    pub cages: bool,
    /// What a sudoku book's techniques make of the root domains at
    /// `propagate`, when that level leaves something open (see
    /// [`super::human`]; `None`: no alldifferent, or not climbed).
    pub techniques: Option<Solved>,
}

/// The level that stands for `level` on a model with (`distinct`) or
/// without an alldifferent, and with (`cages`) or without a cage.
pub fn standing_for(level: Consistency, distinct: bool, cages: bool) -> Consistency {
    match level {
        Consistency::Early | Consistency::Bounds if !distinct => Consistency::Propagate,
        Consistency::Domain if !distinct && !cages => Consistency::Propagate,
        level => level,
    }
}

impl Grade {
    /// The weakest level that finishes the puzzle; `None`: no level does
    /// (a search is needed), or propagation proves there is no solution.
    pub fn level(&self) -> Option<Consistency> {
        (self.rungs.iter())
            .find(|(_, left)| *left == Left::Open(0))
            .map(|&(level, _)| level)
    }
}

/// Climbs the ladder: `lower(level)` gives the spec lowered with every
/// constraint at `level` (the levels the spec gives its constraints set
/// aside); `stop` stops it.
pub fn grade(
    mut lower: impl FnMut(Consistency) -> Result<(Lowered, Sources), Error>,
    stop: &Stop,
) -> Result<Grade, Unanswered> {
    let mut rungs = Vec::new();
    let (mut distinct, mut cages) = (true, true);
    let mut techniques = None;
    for level in LADDER {
        if standing_for(level, distinct, cages) != level {
            continue;
        }
        let (lowered, sources) = lower(level)?;
        if level == LADDER[0] {
            distinct = (lowered.model().constraints.iter())
                .any(|p| matches!(p.constraint, Constraint::AllDifferent(_)));
            cages = crate::lower::cages::has_cages(lowered.model());
        }
        let left = if level == Consistency::Propagate {
            let rules = || lower(Consistency::Domain);
            let (left, found) = left_and_techniques(lowered, sources, rules, stop)?;
            techniques = found;
            left
        } else {
            left_open(lowered, sources, stop)?
        };
        rungs.push((level, left));
        // Finished, or no solution at all: no stronger level says more.
        if matches!(left, Left::Fails | Left::Open(0)) {
            break;
        }
    }
    Ok(Grade {
        rungs,
        distinct,
        cages,
        techniques,
    })
}

/// What root propagation leaves open. A level that fixes every shown (the player's)
/// variable finishes the puzzle only if those values are a solution: a
/// search then confirms it (the auxiliary variables follow).
pub fn left_open(lowered: Lowered, sources: Sources, stop: &Stop) -> Result<Left, Cause> {
    left_open_at(lowered, sources, stop).map(|(left, _)| left)
}

/// [`left_open`], and when it leaves some variable open, what a sudoku
/// book's techniques make of the root domains (see [`human`]), with the
/// rules read alone from `rules`' lowering (the spec at `domain`, asked
/// for only then; see [`super::rules`]).
pub fn left_and_techniques(
    lowered: Lowered,
    sources: Sources,
    rules: impl FnOnce() -> Result<(Lowered, Sources), Error>,
    stop: &Stop,
) -> Result<(Left, Option<Solved>), Unanswered> {
    let units = human::units(lowered.model());
    let mut on = vec![false; lowered.model().vars.len()];
    units.iter().flatten().for_each(|&i| on[i] = true);
    // The names the rules' lowering must agree on, and that lowering asked
    // for, only when the spec has rules to read (a sudoku has none).
    let names: Vec<String> = match rules::may_have_rules(lowered.model()) {
        true => (lowered.model().vars.iter())
            .map(|v| v.name.clone())
            .collect(),
        false => Vec::new(),
    };
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let some_rules = !names.is_empty() && !rules::readable(lowered.model(), &on, &names).is_empty();
    let (left, domains) = left_open_at(lowered, sources, stop)?;
    let techniques = match (domains, left) {
        (Some(domains), Left::Open(1..)) if !units.is_empty() => {
            let mut rules = match some_rules {
                true => {
                    let (lowered, sources) = rules()?;
                    Some(Rules::new(lowered, sources, stop, &on, &names))
                }
                false => None,
            };
            let solved = human::solve(&units, &domains, rules.as_mut());
            if stop.passed() {
                return Err(stop.fired().into());
            }
            solved
        }
        _ => None,
    };
    Ok((left, techniques))
}

/// [`left_open`], and the root domains when it does not fail.
#[expect(clippy::type_complexity, reason = "a pair of two plain results")]
fn left_open_at(
    lowered: Lowered,
    sources: Sources,
    stop: &Stop,
) -> Result<(Left, Option<Vec<Vec<(i64, i64)>>>), Cause> {
    let vars = shown(lowered.model());
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let domains = session.root_domains();
    if stop.passed() {
        return Err(stop.fired());
    }
    let Some(domains) = domains else {
        return Ok((Left::Fails, None));
    };
    let open = (vars.iter())
        .filter(|x| !matches!(domains[x.index()][..], [(lo, hi)] if lo == hi))
        .count();
    if open == 0 && session.first()?.is_none() {
        return Ok((Left::Fails, None));
    }
    Ok((Left::Open(open), Some(domains)))
}

/// The steps' grade: how many steps, the largest step's cost and the sum,
/// when the steps finish the puzzle (`None` when they stop first).
pub fn step_costs(
    lowered: Lowered,
    sources: Sources,
    stop: &Stop,
) -> Result<Option<(usize, u64, u64)>, Cause> {
    let Walk::Ready(mut stepper) = walk(lowered, sources, Vec::new(), Settings::default(), stop)?
    else {
        return Ok(None);
    };
    let mut costs = Vec::new();
    while let Some(step) = stepper.next_step()? {
        costs.push(step.cost);
    }
    if stepper.ending() != Ending::Solved {
        return Ok(None);
    }
    let largest = costs.iter().copied().max().unwrap_or(0);
    Ok(Some((costs.len(), largest, costs.iter().sum())))
}
