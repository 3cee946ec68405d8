//! `solve FILE --part K/N`: one part of a run cut into N for a cluster.
//! Without `--json` the part prints as a whole run would (its solutions,
//! its count); with `--json` it prints one result line for `solve merge`.

use super::SolveArgs;
use super::output::Printer;
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run};
use crate::diagnostic::Error;
use crate::parallel::cluster::{Mode, PartOf, PartResult, Shown, fingerprint};
use crate::parallel::{self, Seek, Spread, split};
use crate::session::{Session, Solution, View};
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

/// Subproblems per part a cluster split aims at: a part is a contiguous
/// range of them, so uneven subproblems even out.
const SUBPROBLEMS_PER_PART: usize = 4;

/// Most subproblems a cluster split aims at (unless there are more
/// parts): every machine computes the whole split, about 14 ms at 2,048
/// subproblems and 60 ms at 8,192 for queens n = 16, and that is paid
/// once per part; past a few hundred parts the scheduler's queue evens
/// the parts out (scripts/simulate-cluster.sh measures both).
const MOST_SUBPROBLEMS: usize = 4_096;

/// The subproblems of part `of`: the search split into 4 N subproblems
/// (at most 4,096, at least N) in depth-first order (the same on every
/// machine), this part's contiguous range of them.
pub(super) fn spread(session: &mut Session, of: PartOf, threads: usize) -> Spread {
    let parts = of.parts as usize;
    let target = (parts * SUBPROBLEMS_PER_PART).min(MOST_SUBPROBLEMS.max(parts));
    let all = split::split(session, vec![Vec::new()], target, session.nodes_left());
    // Every machine branches the split's nodes; part 0 counts them, so
    // the merged nodes are those of the whole search.
    if of.part == 0 {
        session.add_elsewhere(all.stats, 0, 0, 1);
    }
    Spread {
        from: all.parts[of.range(all.parts.len())].to_vec(),
        cut: all.stopped,
        ..super::spread(threads)
    }
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
/// the search with the objective fixed to `value` when the variable order
/// reads the domains (see [`Shown::key`]).
fn shown_optimal(
    session: &mut Session,
    found: &[Solution],
    value: i64,
) -> Result<Vec<Shown>, Error> {
    let mut all = found
        .iter()
        .map(|s| shown(session.view(), s))
        .collect::<Result<Vec<_>, _>>()?;
    if session.lowered().plan.reads_domains() {
        session.push();
        session.fix_objective(value)?;
        for (shown, s) in all.iter_mut().zip(found) {
            shown.key = session.path_to(s);
        }
        let _ = session.pop();
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
    let mode = match (args.all, args.count, objective.is_some()) {
        (true, _, _) => Mode::All,
        (_, true, _) => Mode::Count,
        (_, _, true) => Mode::Best,
        _ => Mode::First,
    };
    let mut solutions = Vec::new();
    let mut best = None;
    let (count, complete) = match (objective.is_some(), mode) {
        (false, Mode::Count) => {
            let c = parallel::count(session, spread, &mut |_, _| {});
            (c.solutions, c.complete)
        }
        (false, _) => {
            let seek = if mode == Mode::All {
                Seek::All(u64::MAX)
            } else {
                Seek::First
            };
            let mut error = None;
            let stopped = parallel::solutions(session, spread, seek, &mut |view, s| {
                match shown(view, s) {
                    Ok(s) => solutions.push(s),
                    Err(e) => error = Some(e),
                }
                if error.is_some() || seek == Seek::First {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if let Some(e) = error {
                return Err(e);
            }
            (solutions.len() as u64, !stopped)
        }
        (true, _) => {
            let optimum =
                parallel::optimise(session, spread, &mut |_, _, _| ControlFlow::Continue(()))?;
            match optimum.best {
                None => (0, optimum.proven),
                Some((s, value)) => {
                    best = Some(value);
                    if optimum.proven && matches!(mode, Mode::All | Mode::Count) {
                        optimal_in_part(session, spread, value, mode, &mut solutions)?
                    } else {
                        solutions.extend(shown_optimal(session, &[s], value)?);
                        (1, optimum.proven)
                    }
                }
            }
        }
    };
    let result = PartResult {
        fingerprint: run_fingerprint(args),
        spec: args
            .file
            .as_ref()
            .map(|f| f.display().to_string())
            .unwrap_or_default(),
        of,
        mode,
        minimize: objective.map(|o| o.sense == crate::model::plan::Sense::Minimize),
        count,
        complete,
        nodes: session.stats().nodes,
        seconds: started.elapsed().as_secs_f64(),
        best,
        solutions,
    };
    let mut out = Printer::new(false);
    out.line(&result.line());
    let code = if !complete {
        EXIT_LIMIT
    } else if count == 0 {
        EXIT_NONE
    } else {
        EXIT_FOUND
    };
    out.finish(code)
}

/// The part's solutions of its best value `value`: counted, and listed
/// with `--all` (the first one kept with `--count`, for the merged best).
fn optimal_in_part(
    session: &mut Session,
    spread: &Spread,
    value: i64,
    mode: Mode,
    solutions: &mut Vec<Shown>,
) -> Result<(u64, bool), Error> {
    let mut count = 0;
    let mut kept = Vec::new();
    session.push();
    session.fix_objective(value)?;
    let stopped = parallel::solutions(session, spread, Seek::All(u64::MAX), &mut |_, s| {
        count += 1;
        if mode == Mode::All || kept.is_empty() {
            kept.push(s.clone());
        }
        ControlFlow::Continue(())
    });
    let _ = session.pop();
    solutions.extend(shown_optimal(session, &kept, value)?);
    Ok((count, !stopped))
}
