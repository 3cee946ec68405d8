//! `solve FILE --part K/N`: one part of a run cut into N for a cluster.
//! Without `--json` the part prints as a whole run would (its solutions,
//! its count); with `--json` it prints one result line for `solve merge`.

use super::SolveArgs;
use super::output::Printer;
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run};
use solve::diagnostic::Error;
use solve::driver::part::{PartOf, PartResult, Shown, fingerprint};
use solve::driver::{self, Ask, Event, Query};
use solve::parallel::Spread;
use solve::session::{Session, Solution, View};
use std::ops::ControlFlow;
use std::time::Instant;

/// The part `--part` names, if any, checked against the flags it cannot
/// go with.
pub(super) fn part_of(args: &SolveArgs) -> Result<Option<PartOf>, Error> {
    let Some(text) = &args.part else {
        if args.parts.is_some() {
            return Err(super::usage(
                "--parts N needs --part K: which part to solve",
            ));
        }
        return Ok(None);
    };
    let of = PartOf::parse(text, args.parts).map_err(super::usage)?;
    for (flag, given) in [
        ("--unique", args.unique),
        ("--limit", args.limit.is_some()),
        ("--trace", args.trace.is_some()),
        ("--tree", args.tree.is_some()),
    ] {
        if given {
            return Err(super::usage(format!(
                "--part cannot go with {flag}: a part is a share of one whole search"
            )));
        }
    }
    Ok(Some(of))
}

/// The subproblems of part `of` (see [`driver::part::spread`]).
pub(super) fn spread(session: &mut Session, of: PartOf, threads: usize) -> Spread {
    driver::part::spread(session, of, super::spread(threads))
}

/// The fingerprint of a run: the spec's text and every flag that shapes
/// the search or what it looks for.
pub(super) fn run_fingerprint(args: &SolveArgs) -> String {
    let text = args
        .file
        .as_ref()
        .and_then(|f| std::fs::read(f).ok())
        .unwrap_or_default();
    let flags = format!("{:?} {}", args.spec, args.no_objective);
    fingerprint(&[&text, flags.as_bytes()])
}

fn shown(view: View<'_>, s: &Solution) -> Result<Shown, Error> {
    Ok(Shown {
        json: view.json(s),
        text: view.render(s)?,
        key: None,
    })
}

/// Solutions of the objective's value `value` shown, each with its path in
/// the static search with the objective fixed to `value` when branch and
/// bound may meet them out of its order (see [`Shown::key`]).
fn shown_optimal(
    session: &mut Session,
    found: &[Solution],
    value: i64,
) -> Result<Vec<Shown>, Error> {
    let mut all = found
        .iter()
        .map(|s| shown(session.view(), s))
        .collect::<Result<Vec<_>, _>>()?;
    if session.lowered().plan.meets_optima_out_of_order() {
        session.at_optimum(value, |session| {
            for (shown, s) in all.iter_mut().zip(found) {
                shown.key = session.path_to(s);
            }
            Ok(())
        })?;
    }
    Ok(all)
}

/// `--part K/N --json`: solves the part and prints its result line.
pub(super) fn result_line(
    session: &mut Session,
    args: &SolveArgs,
    of: PartOf,
    spread: &Spread,
    started: Instant,
) -> Run {
    let objective = session.objective();
    let ask = if args.all {
        Ask::All { most: None }
    } else if args.count {
        Ask::Count
    } else {
        Ask::First
    };
    let query = Query {
        ask,
        spread: spread.clone(),
        classes: None,
        progress: None,
    };
    // The solutions the part reports: those listed, or the best (the
    // first optimal one, kept with a count for the merged best).
    let mut solutions = Vec::new();
    let mut best = None;
    let outcome = driver::run(session, &query, &mut |event: Event<'_>| {
        match event {
            Event::Solution(_, s) => solutions.push(s.clone()),
            // Listed, the optimal solutions follow the optimum.
            Event::Optimum(_, _, value) if matches!(ask, Ask::All { .. }) => best = Some(value),
            Event::Optimum(_, s, value) | Event::BestFound(_, s, value) => {
                solutions = vec![s.clone()];
                best = Some(value);
            }
            _ => {}
        }
        ControlFlow::Continue(())
    })?;
    let solutions = match best {
        Some(value) => shown_optimal(session, &solutions, value)?,
        None => solutions
            .iter()
            .map(|s| shown(session.view(), s))
            .collect::<Result<_, _>>()?,
    };
    let result = PartResult {
        fingerprint: run_fingerprint(args),
        spec: args
            .file
            .as_ref()
            .map(|f| f.display().to_string())
            .unwrap_or_default(),
        of,
        ask,
        minimize: objective.map(|o| o.sense == solve::model::plan::Sense::Minimize),
        count: outcome.value().found,
        complete: outcome.is_complete(),
        nodes: session.stats().nodes,
        seconds: started.elapsed().as_secs_f64(),
        best,
        solutions,
    };
    let mut out = Printer::new(false);
    out.line(&result.line());
    let code = if !outcome.is_complete() {
        EXIT_LIMIT
    } else if outcome.value().found == 0 {
        EXIT_NONE
    } else {
        EXIT_FOUND
    };
    out.finish(code)
}
