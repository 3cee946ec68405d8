//! `solve check-symmetry FILE`: on a small instance, checks the spec's
//! symmetry breaking against the symmetries it declares. Every solution is
//! found without the breaking constraints; each declared group element
//! must map a solution to a solution (else the declaration is wrong); the
//! solutions fall into classes; and the search with the breaking
//! constraints (hand-written rules and `break = "lex-leader"`) must keep
//! exactly one solution of every class: a class with none is a wrong rule
//! (solutions lost), a class with two an incomplete one.
//!
//! With an `[objective]` (unless `--no-objective`) the same holds of the
//! optimal solutions: the optimum is found without the breaking
//! constraints, each declared element must map an optimal solution to an
//! optimal one, and the breaking constraints must keep the optimum and one
//! optimal solution per class.

use super::output::Printer;
use super::{EXIT_FOUND, EXIT_NONE, Run, SpecArgs, refusal};
use crate::diagnostic::{Diagnostic, Error};
use crate::session::{Session, Solution};
use crate::source::Sources;
use crate::symmetry::group::SymmetryPlan;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::Instant;

/// At most this many values (solutions times variables) are kept.
const MAX_VALUES: usize = 50_000_000;

/// How many examples of each kind of failure are printed.
const EXAMPLES: usize = 3;

/// Every solution (every optimal one, with an objective: then also the
/// optimum), or a limit's stop.
fn all_solutions(session: &mut Session) -> Result<(Vec<Solution>, Option<i64>), Error> {
    if session.objective().is_none() {
        return Ok((every_solution(session)?, None));
    }
    let optimum = session.optimise(|_, _, _| std::ops::ControlFlow::Continue(()))?;
    if !optimum.proven {
        return Err(stopped());
    }
    let Some((_, value)) = optimum.best else {
        return Ok((Vec::new(), None));
    };
    session.push();
    session.fix_objective(value)?;
    let found = every_solution(session);
    let _ = session.pop();
    Ok((found?, Some(value)))
}

fn stopped() -> Error {
    let d = Diagnostic::time_limit(
        "the search was stopped (time limit or Ctrl-C) before every solution was found",
    );
    Error::new(vec![d], &Sources::default())
}

/// Every solution of the session, or a limit's stop.
fn every_solution(session: &mut Session) -> Result<Vec<Solution>, Error> {
    let vars = session.lowered().model().vars.len().max(1);
    let mut found = Vec::new();
    let mut solutions = session.solutions();
    for s in solutions.by_ref() {
        if (found.len() + 1) * vars > MAX_VALUES {
            return Err(refusal(
                format!(
                    "more than {} solutions: too many to check one by one",
                    found.len()
                ),
                "check a smaller instance: --set a smaller size",
            ));
        }
        found.push(s);
    }
    if solutions.stopped() {
        return Err(stopped());
    }
    Ok(found)
}

pub(super) fn run(
    file: &PathBuf,
    spec: &SpecArgs,
    no_objective: bool,
    deadline: Option<Instant>,
) -> Run {
    let without = SpecArgs {
        no_symmetry: true,
        symmetries: true,
        ..spec.clone()
    };
    let with = SpecArgs {
        no_symmetry: false,
        ..spec.clone()
    };
    let (mut lowered, sources) = super::compile(file, &without, no_objective, deadline)?;
    let plan: SymmetryPlan = std::mem::take(&mut lowered.symmetry);
    if plan.is_empty() {
        return Err(refusal(
            "this spec's [symmetry] declares no symmetry to check the breaking against".to_string(),
            "declare the group the rules break, e.g. `board = { grid = \"m\" }` (grid, rows, columns, values, reverse or map)",
        ));
    }
    let classes = plan
        .canonicaliser()
        .map_err(|m| refusal(m, "check the groups one at a time"))?;
    let unbroken_size = lowered.model().constraints.len();
    let mut session = Session::new(lowered, sources);
    session.set_deadline(deadline);
    let (solutions, optimum) = all_solutions(&mut session)?;
    let keys: Vec<Vec<i64>> = solutions.iter().map(|s| plan.key_of(s.values())).collect();
    let known: HashSet<&Vec<i64>> = keys.iter().collect();
    let mut out = Printer::new(false);
    let names = plan.names().join(", ");
    // With an objective every figure is of the optimal solutions.
    let optimal = if optimum.is_some() { "optimal " } else { "" };
    if let Some(value) = optimum {
        out.line(&format!(
            "optimal without the breaking constraints: {value}"
        ));
    }
    out.line(&format!(
        "{optimal}solutions without the breaking constraints: {}",
        solutions.len()
    ));

    // Each declared element must map solutions to solutions.
    let mut wrong = 0usize;
    let (mut image, mut filled) = (Vec::new(), Vec::new());
    for factor in &plan.factors {
        for (s, key) in solutions.iter().zip(&keys) {
            let bad = factor
                .elements
                .iter()
                .any(|g| !g.apply(key, &mut image, &mut filled) || !known.contains(&image));
            if bad {
                wrong += 1;
                if wrong <= EXAMPLES {
                    out.line(&format!(
                        "\nsymmetry `{}` maps this {optimal}solution to one that is not {}:",
                        factor.name,
                        if optimum.is_some() {
                            "an optimal solution"
                        } else {
                            "a solution"
                        }
                    ));
                    out.line(session.render(s)?.trim_end());
                }
            }
        }
    }
    if wrong > 0 {
        let what = match optimum {
            Some(_) => {
                "optimal solution(s) are mapped to solutions that are not optimal or not solutions; a symmetry must keep the objective's value too"
            }
            None => "solution(s) are mapped to non-solutions",
        };
        out.line(&format!(
            "\nnot a symmetry: {wrong} {what}; the declaration is wrong for this instance"
        ));
        return out.finish(EXIT_NONE);
    }
    // Each class by its first solution in search order. The group maps
    // solutions to solutions (checked above), so an orbit walked once
    // serves all its members.
    let (mut cache, mut smallest) = (HashMap::new(), Vec::new());
    let mut first_of: Vec<usize> = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let class = classes.canonical_cached(key, &mut cache, &mut smallest);
        if class == first_of.len() {
            first_of.push(i);
        }
    }
    out.line(&format!(
        "classes under the declared symmetries ({names}): {}",
        first_of.len()
    ));

    let (lowered, sources) = super::compile(file, &with, no_objective, deadline)?;
    if lowered.model().constraints.len() == unbroken_size {
        out.line("no breaking constraints (rules in [symmetry] or break = \"lex-leader\"): nothing more to check");
        return out.finish(EXIT_FOUND);
    }
    let mut broken = Session::new(lowered, sources);
    broken.set_deadline(deadline);
    let (kept, kept_optimum) = all_solutions(&mut broken)?;
    if kept_optimum != optimum {
        let show = |v: Option<i64>| v.map_or_else(|| "no solution".to_string(), |v| v.to_string());
        out.line(&format!(
            "\nlost: the breaking constraints change the optimum: {} without them, {} with them (they are wrong)",
            show(optimum),
            show(kept_optimum)
        ));
        return out.finish(EXIT_NONE);
    }
    let mut per_class = vec![0usize; first_of.len()];
    for s in &kept {
        let key = plan.key_of(s.values());
        let class = classes.canonical_cached(&key, &mut cache, &mut smallest);
        if let Some(n) = per_class.get_mut(class) {
            *n += 1;
        } else {
            // Only possible if a breaking constraint let through what the
            // spec without them forbids: a bug in solve.
            return Err(refusal(
                "a solution kept with the breaking constraints is not a solution without them"
                    .to_string(),
                "this is a bug in solve: please report it with the spec",
            ));
        }
    }
    out.line(&format!(
        "kept by the breaking constraints: {} {optimal}solution(s)",
        kept.len()
    ));
    let firsts: Vec<(usize, usize)> = first_of
        .iter()
        .zip(&per_class)
        .map(|(&i, &n)| (i, n))
        .filter(|&(_, n)| n != 1)
        .collect();
    let lost: Vec<usize> = firsts.iter().filter(|f| f.1 == 0).map(|f| f.0).collect();
    let twice: Vec<(usize, usize)> = firsts.iter().filter(|f| f.1 > 1).copied().collect();
    if lost.is_empty() && twice.is_empty() {
        out.line("every class keeps exactly one solution: ok");
        return out.finish(EXIT_FOUND);
    }
    if !lost.is_empty() {
        out.line(&format!(
            "\nlost: {} class(es) keep no solution (the breaking constraints are wrong), e.g. the class of:",
            lost.len()
        ));
        for (k, &i) in lost.iter().take(EXAMPLES).enumerate() {
            if k > 0 {
                out.line("");
            }
            out.line(session.render(&solutions[i])?.trim_end());
        }
    }
    if !twice.is_empty() {
        out.line(&format!(
            "\nkept more than once: {} class(es) (the breaking is incomplete), e.g. the class of:",
            twice.len()
        ));
        for (k, &(i, n)) in twice.iter().take(EXAMPLES).enumerate() {
            if k > 0 {
                out.line("");
            }
            out.line(session.render(&solutions[i])?.trim_end());
            out.line(&format!("({n} solutions of this class kept)"));
        }
    }
    out.finish(EXIT_NONE)
}
