//! Checking a spec's symmetry breaking against the symmetries it declares,
//! on a small instance (`solve check-symmetry`). Every solution is found
//! without the breaking constraints; each declared group element must map
//! a solution to a solution (else the declaration is wrong); the solutions
//! fall into classes; and the search with the breaking constraints
//! (hand-written rules and `break = "lex-leader"`) must keep exactly one
//! solution of every class: a class with none is a wrong rule (solutions
//! lost), a class with two an incomplete one.
//!
//! With an objective the same holds of the optimal solutions: the optimum
//! is found without the breaking constraints, each declared element must
//! map an optimal solution to an optimal one, and the breaking constraints
//! must keep the optimum and one optimal solution per class.

use super::group::Canonicaliser;
use crate::diagnostic::{Diagnostic, Error};
use crate::driver::{self, Ask, Event, Query};
use crate::lowered::Lowered;
use crate::plans::symmetry::SymmetryPlan;
use crate::session::{Session, Solution};
use crate::source::Sources;
use crate::stop::Stop;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

/// At most this many values (solutions times variables) are kept.
const MAX_VALUES: usize = 50_000_000;

/// How many examples of each kind of failure a report keeps.
pub const EXAMPLES: usize = 3;

/// What the check found, with a few example solutions rendered as the
/// spec prints them.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The optimum without the breaking constraints (with an objective).
    pub optimum: Option<i64>,
    /// How many (optimal) solutions there are without the breaking
    /// constraints.
    pub solutions: usize,
    /// The names of the declared symmetries.
    pub names: Vec<String>,
    /// Set when a declared element maps a solution to a non-solution: the
    /// check stops there.
    pub not_symmetric: Option<NotSymmetric>,
    /// The classes of solutions under the declared symmetries.
    pub classes: usize,
    /// What the breaking constraints kept; `None` when the spec has none.
    pub breaking: Option<Breaking>,
}

/// Solutions that a declared symmetry maps to non-solutions.
#[derive(Clone, Debug, PartialEq)]
pub struct NotSymmetric {
    /// How many (solution, factor) pairs fail.
    pub count: usize,
    /// The first few: the symmetry's name and the solution.
    pub examples: Vec<(String, String)>,
}

/// The solutions the breaking constraints keep, class by class.
#[derive(Clone, Debug, PartialEq)]
pub struct Breaking {
    /// The optimum with them, when it differs from the one without: the
    /// check stops there.
    pub changed_optimum: Option<Option<i64>>,
    pub kept: usize,
    /// Classes that keep no solution: how many, and a few of their first
    /// solutions.
    pub lost: (usize, Vec<String>),
    /// Classes that keep more than one: how many, and a few of their
    /// first solutions with the number kept.
    pub twice: (usize, Vec<(String, usize)>),
}

impl Report {
    /// Whether the declarations and the breaking constraints agree.
    pub fn ok(&self) -> bool {
        self.not_symmetric.is_none()
            && self
                .breaking
                .as_ref()
                .is_none_or(|b| b.changed_optimum.is_none() && b.lost.0 == 0 && b.twice.0 == 0)
    }
}

/// Checks the breaking of `without` (the spec lowered with its
/// symmetries' group and without its breaking constraints);
/// `with_breaking` lowers it with them. Refused (an error) without a
/// declared symmetry, past `MAX_VALUES` values, or when a limit stops a search.
pub fn check(
    mut without: Lowered,
    sources: Sources,
    with_breaking: impl FnOnce() -> Result<(Lowered, Sources), Error>,
    stop: &Stop,
    threads: usize,
) -> Result<Report, Error> {
    let plan: SymmetryPlan = std::mem::take(&mut without.symmetry);
    if plan.is_empty() {
        return Err(refusal(
            "this spec's [symmetry] declares no symmetry to check the breaking against",
            "declare the group the rules break, e.g. `board = { grid = \"m\" }` (grid, rows, columns, values, reverse or map)",
        ));
    }
    let classes = plan
        .canonicaliser()
        .map_err(|m| refusal(m, "check the groups one at a time"))?;
    let unbroken_size = without.model().constraints.len();
    let mut session = Session::new(without, sources);
    session.set_stop(stop.clone());
    let (solutions, optimum) = all_solutions(&mut session)?;
    let keys: Vec<Vec<i64>> = solutions.iter().map(|s| plan.key_of(s.values())).collect();
    let mut report = Report {
        optimum,
        solutions: solutions.len(),
        names: plan.names().into_iter().map(String::from).collect(),
        not_symmetric: None,
        classes: 0,
        breaking: None,
    };

    let wrong = not_symmetric(&session, &plan, &solutions, &keys)?;
    if wrong.count > 0 {
        report.not_symmetric = Some(wrong);
        return Ok(report);
    }
    // Each class by its first solution in search order, named by its
    // smallest key.
    let mut class_of: HashMap<Vec<i64>, usize> = HashMap::new();
    let mut first_of: Vec<usize> = Vec::new();
    for (i, smallest) in smallest_keys(&classes, &keys, threads)
        .into_iter()
        .enumerate()
    {
        let _ = class_of.entry(smallest).or_insert_with(|| {
            first_of.push(i);
            first_of.len() - 1
        });
    }
    report.classes = first_of.len();

    let (with, sources) = with_breaking()?;
    if with.model().constraints.len() == unbroken_size {
        return Ok(report);
    }
    let mut broken = Session::new(with, sources);
    broken.set_stop(stop.clone());
    let (kept, kept_optimum) = all_solutions(&mut broken)?;
    let mut breaking = Breaking {
        changed_optimum: None,
        kept: kept.len(),
        lost: (0, Vec::new()),
        twice: (0, Vec::new()),
    };
    if kept_optimum != optimum {
        breaking.changed_optimum = Some(kept_optimum);
        report.breaking = Some(breaking);
        return Ok(report);
    }
    let mut per_class = vec![0usize; first_of.len()];
    let kept_keys: Vec<Vec<i64>> = kept.iter().map(|s| plan.key_of(s.values())).collect();
    for smallest in smallest_keys(&classes, &kept_keys, threads) {
        let Some(n) = class_of.get(&smallest).and_then(|&c| per_class.get_mut(c)) else {
            // Only possible if a breaking constraint let through what the
            // spec without them forbids: a bug in solve.
            return Err(refusal(
                "a solution kept with the breaking constraints is not a solution without them",
                "this is a bug in solve: please report it with the spec",
            ));
        };
        *n += 1;
    }
    tally(&session, &solutions, &first_of, &per_class, &mut breaking)?;
    report.breaking = Some(breaking);
    Ok(report)
}

/// The smallest key of each key's class, worked out on `threads` threads
/// (each a contiguous share of the keys). The group maps solutions to
/// solutions (checked before), so an orbit walked once serves all its
/// members a thread meets.
fn smallest_keys(classes: &Canonicaliser<'_>, keys: &[Vec<i64>], threads: usize) -> Vec<Vec<i64>> {
    let share = keys.len().div_ceil(threads.max(1)).max(1);
    let states = (0..threads.max(1))
        .map(|_| (HashMap::new(), Vec::new()))
        .collect();
    let shares = crate::pool::ordered(
        keys.len().div_ceil(share),
        states,
        &|(cache, smallest), k| {
            let part = &keys[k * share..((k + 1) * share).min(keys.len())];
            part.iter()
                .map(|key| {
                    let class = classes.canonical_cached(key, cache, smallest);
                    smallest[class].clone()
                })
                .collect::<Vec<Vec<i64>>>()
        },
        &|_| false,
        None,
    );
    shares.into_iter().flatten().collect()
}

/// The solutions some declared element maps to a non-solution.
fn not_symmetric(
    session: &Session,
    plan: &SymmetryPlan,
    solutions: &[Solution],
    keys: &[Vec<i64>],
) -> Result<NotSymmetric, Error> {
    let known: HashSet<&Vec<i64>> = keys.iter().collect();
    let mut wrong = NotSymmetric {
        count: 0,
        examples: Vec::new(),
    };
    let (mut image, mut filled) = (Vec::new(), Vec::new());
    for factor in &plan.factors {
        for (s, key) in solutions.iter().zip(keys) {
            let bad = factor
                .elements
                .iter()
                .any(|g| !g.apply(key, &mut image, &mut filled) || !known.contains(&image));
            if bad {
                wrong.count += 1;
                if wrong.examples.len() < EXAMPLES {
                    let shown = session.render(s)?.trim_end().to_string();
                    wrong.examples.push((factor.name.clone(), shown));
                }
            }
        }
    }
    Ok(wrong)
}

/// The classes that keep no solution or several, given how many each
/// keeps (`per_class`, in the order of `first_of`: each class's first
/// solution), with a few examples.
fn tally(
    session: &Session,
    solutions: &[Solution],
    first_of: &[usize],
    per_class: &[usize],
    breaking: &mut Breaking,
) -> Result<(), Error> {
    for (&i, &n) in first_of.iter().zip(per_class) {
        let (count, examples) = match n {
            1 => continue,
            0 => (&mut breaking.lost.0, None),
            _ => (&mut breaking.twice.0, Some(n)),
        };
        *count += 1;
        let shown = || -> Result<String, Error> {
            Ok(session.render(&solutions[i])?.trim_end().to_string())
        };
        match examples {
            None if breaking.lost.1.len() < EXAMPLES => breaking.lost.1.push(shown()?),
            Some(n) if breaking.twice.1.len() < EXAMPLES => breaking.twice.1.push((shown()?, n)),
            _ => {}
        }
    }
    Ok(())
}

/// Every solution (every optimal one, with an objective: then also the
/// optimum), or a limit's stop, or too many to keep.
fn all_solutions(session: &mut Session) -> Result<(Vec<Solution>, Option<i64>), Error> {
    let vars = session.lowered().model().vars.len().max(1);
    let mut found = Vec::new();
    let mut too_many = false;
    let query = Query::sequential(Ask::All { most: None });
    let outcome = driver::run(session, &query, &mut |event: Event<'_>| {
        if let Event::Solution(_, s) = event {
            if (found.len() + 1) * vars > MAX_VALUES {
                too_many = true;
                return ControlFlow::Break(());
            }
            found.push(s.clone());
        }
        ControlFlow::Continue(())
    })?;
    if too_many {
        return Err(refusal(
            format!(
                "more than {} solutions: too many to check one by one",
                found.len()
            ),
            "check a smaller instance: --set a smaller size",
        ));
    }
    if !outcome.is_complete() {
        return Err(stopped());
    }
    Ok((found, outcome.value().optimum.map(|(value, _)| value)))
}

fn stopped() -> Error {
    let d = Diagnostic::time_limit(
        "the search was stopped (time limit or Ctrl-C) before every solution was found",
    );
    Error::new(vec![d], &Sources::default())
}

fn refusal(message: impl Into<String>, help: &str) -> Error {
    let d = Diagnostic::bare(message).with_help(help);
    Error::new(vec![d], &Sources::default())
}
