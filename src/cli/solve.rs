//! `solve FILE`: the first solution, every solution, a count, or (with an
//! `[objective]`) each improving solution and the optimum, printed as the
//! flags ask.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SolveArgs};
use crate::diagnostic::Error;
use crate::parallel::{self, Seek, Spread};
use crate::session::{Session, Solution};
use crate::symmetry::group::{Canonicaliser, Representatives};
use crate::symmetry::unique;
use std::io::IsTerminal as _;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

pub(super) fn run(args: &SolveArgs, started: Instant, deadline: Option<Instant>) -> Run {
    let Some(file) = &args.file else {
        return Err(super::refusal("no spec file given", "try `solve --help`"));
    };
    // `--unique` keeps one solution per class itself: breaking constraints
    // would only hide whether the declared group is right.
    let spec_args = super::SpecArgs {
        no_symmetry: args.spec.no_symmetry || args.unique,
        symmetries: args.unique,
        ..args.spec.clone()
    };
    let (mut lowered, sources) = super::compile(file, &spec_args, args.no_objective, deadline)?;
    let mut out = Printer::new(args.json);
    if args.dump_model {
        out.text(&crate::export::spec::export(
            &lowered,
            &file.display().to_string(),
        ));
        return out.finish(EXIT_FOUND);
    }
    let part = super::part::part_of(args)?;
    if lowered.puzzle.is_some() {
        if part.is_some() {
            return Err(super::usage(
                "--part cuts the search of a spec's variables, and this spec is a puzzle of moves (its search is a breadth-first search of positions)",
            ));
        }
        return super::moves::run(args, &lowered, sources, deadline);
    }
    if let Some(flag) = [
        ("--start", args.start.is_some()),
        ("--goal", args.goal.is_some()),
        ("--method", args.method.is_some()),
    ]
    .iter()
    .find_map(|&(f, given)| given.then_some(f))
    {
        return Err(super::usage(format!(
            "{flag} is for a puzzle of moves, and this spec has no [puzzle] section"
        )));
    }
    // The session has no use for the declared groups: `--unique` takes them.
    let symmetry = std::mem::take(&mut lowered.symmetry);
    let unique = if args.unique {
        Some(unique::classes(&symmetry)?)
    } else {
        None
    };
    let mut session = Session::new(lowered, sources);
    session.set_node_limit(args.node_limit);
    session.set_deadline(deadline);
    if args.show_domains {
        return show_domains(&mut session, out);
    }
    super::record::start(&mut session, args)?;
    // One sequential search is what --trace, --tree and --unique describe.
    let threads = if args.trace.is_some() || args.tree.is_some() || args.unique {
        1
    } else {
        args.threads.resolve(session.lowered().plan.threads)
    };
    let spread = match part {
        None => super::spread(threads),
        Some(of) => super::part::spread(&mut session, of, threads),
    };
    if let Some(of) = part.filter(|_| args.json) {
        return super::part::result_line(&mut session, args, of, &spread, started);
    }
    let code = if session.objective().is_some() {
        optimise(&mut session, &mut out, args, unique.as_ref(), &spread)?
    } else if let Some(classes) = &unique {
        satisfy_unique(&mut session, &mut out, args, classes)?
    } else {
        satisfy(&mut session, &mut out, args, &spread)?
    };
    let code = out.finish(code)?;
    super::record::show(&session, args)?;
    if args.stats {
        print_stats(&session, code, threads, started);
    }
    // The process ends now: a large model is freed while it exits.
    let large = session.lowered().model().vars.len() > 100_000;
    crate::discard::discard(session, large);
    Ok(code)
}

/// `--stats`: the search's figures on stderr (summed over the threads,
/// with the number of parts, when the search was spread).
fn print_stats(session: &Session, code: u8, threads: usize, started: Instant) {
    if code == EXIT_LIMIT {
        note("partial statistics (the search was stopped):");
    }
    let stats = session.stats();
    note(&format!("nodes: {}", stats.nodes));
    note(&format!("failures: {}", stats.failures));
    note(&format!("propagations: {}", session.propagations()));
    note(&format!("solutions: {}", stats.solutions));
    note(&format!("restarts: {}", stats.restarts));
    if let Some(parts) = session.parts() {
        // The threads that searched: fewer parts than threads, or the
        // machine's limits, may start fewer than asked.
        let started = session.threads();
        let threads = if started < threads {
            format!("{started} of {threads} asked")
        } else {
            started.to_string()
        };
        note(&format!("threads: {threads}, parts: {parts}"));
    }
    note(&format!("time: {:.3} s", started.elapsed().as_secs_f64()));
}

fn stopped(session: &Session, found: u64) -> u8 {
    let what = if found == 0 {
        "before a solution was found".to_string()
    } else {
        format!("after {found} solution(s); the search is incomplete")
    };
    note(&format!("solve: {} {what}", stop_reason(session)));
    EXIT_LIMIT
}

/// Why a search stopped early: a signal, the time limit (its deadline
/// has passed), or else the node limit.
fn stop_reason(session: &Session) -> &'static str {
    let deadline = session.deadline();
    if crate::engine::deadline::interrupted() || deadline.is_some_and(|d| Instant::now() >= d) {
        crate::engine::deadline::stop_cause()
    } else if session.nodes_left().is_some() {
        "the node limit was reached"
    } else {
        "the time limit ran out"
    }
}

/// `--count`, with a progress line on a terminal once it has run a second.
fn count(session: &mut Session, spread: &Spread) -> crate::session::Count {
    if !std::io::stderr().is_terminal() {
        return parallel::count(session, spread, &mut |_, _| {});
    }
    let started = Instant::now();
    let mut shown = false;
    let mut show = |line: String| {
        if started.elapsed() >= Duration::from_secs(1) {
            shown = true;
            eprint!("\r{line} ");
        }
    };
    let count = if spread.is_sequential() {
        session.count_watching(Duration::from_millis(250), &mut |n, stats| {
            let seconds = started.elapsed().as_secs_f64();
            show(format!(
                "{n} solutions so far, {:.0} nodes/s",
                stats.nodes as f64 / seconds
            ));
        })
    } else {
        parallel::count(session, spread, &mut |n, nodes| {
            let seconds = started.elapsed().as_secs_f64();
            show(format!(
                "{n} solutions so far, {:.0} nodes/s",
                nodes as f64 / seconds
            ));
        })
    };
    if shown {
        eprint!("\r\x1b[K");
    }
    count
}

/// No objective: the first solution, `--all`, `--limit N` or `--count`.
fn satisfy(session: &mut Session, out: &mut Printer, args: &SolveArgs, spread: &Spread) -> Run {
    if args.count {
        let count = count(session, spread);
        out.count(count.solutions);
        return Ok(finish(session, count.solutions, !count.complete));
    }
    if !args.all && args.limit.is_none_or(|n| n == 1) {
        // One solution: the search may restart.
        let mut first = None;
        let stopped_early = parallel::solutions(session, spread, Seek::First, &mut |_, s| {
            first = Some(s.clone());
            ControlFlow::Break(())
        });
        return Ok(match first {
            Some(solution) => {
                out.solution(session.view(), &solution)?;
                if args.limit.is_some() {
                    out.solution_count(1);
                }
                EXIT_FOUND
            }
            None if stopped_early => stopped(session, 0),
            None => {
                if args.limit.is_some() && !args.json {
                    out.line("0 solutions");
                } else {
                    out.no_solution();
                }
                EXIT_NONE
            }
        });
    }
    let wanted = args.limit.unwrap_or(u64::MAX);
    let (found, incomplete) = enumerate(session, out, wanted, spread, &mut |_| true)?;
    out.solution_count(found);
    Ok(finish(session, found, incomplete))
}

/// Prints up to `wanted` solutions that `keep` accepts, in the order of
/// the sequential search; returns how many and whether a limit stopped
/// the search.
fn enumerate(
    session: &mut Session,
    out: &mut Printer,
    wanted: u64,
    spread: &Spread,
    keep: &mut dyn FnMut(&[i64]) -> bool,
) -> Result<(u64, bool), Error> {
    let (mut found, mut late) = (0, false);
    let mut error = None;
    let stopped_early = parallel::solutions(session, spread, Seek::All(wanted), &mut |view, s| {
        if keep(s.values()) {
            match out.solution(view, s) {
                Ok(()) => found += 1,
                // Printing what a stopped run found ran out of its grace:
                // the solutions printed are the answer, counted as such.
                Err(e) if e.is_time_limit() => late = true,
                Err(e) => error = Some(e),
            }
        }
        if found >= wanted || late || error.is_some() || out.failed() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok((found, stopped_early || late)),
    }
}

/// `--unique`: the first, every (`--all`, `--limit N`) or the number
/// (`--count`) of solutions that are the smallest of their class.
fn satisfy_unique(
    session: &mut Session,
    out: &mut Printer,
    args: &SolveArgs,
    classes: &Canonicaliser<'_>,
) -> Run {
    // Every class met must have its representative among the solutions;
    // when one does not, the declared group is wrong and --unique says so
    // rather than lose the class (checked once the enumeration is whole).
    let mut representatives = Representatives::default();
    let mut keep = |values: &[i64]| representatives.keep(classes, values);
    if args.count {
        let mut n = 0;
        let mut solutions = session.solutions();
        for s in solutions.by_ref() {
            n += u64::from(keep(s.values()));
        }
        let incomplete = solutions.stopped();
        drop(solutions);
        if !incomplete {
            unique::no_class_lost(session, classes, &representatives)?;
        }
        out.count(n);
        return Ok(finish(session, n, incomplete));
    }
    if !args.all && args.limit.is_none() {
        // One representative: the search may restart.
        return Ok(
            match session.first_where(|values| classes.is_canonical(values)) {
                Ok(Some(solution)) => {
                    out.solution(session.view(), &solution)?;
                    EXIT_FOUND
                }
                Ok(None) => {
                    // No representative: then there must be no solution.
                    if let Ok(Some(solution)) = session.first() {
                        return Err(unique::lost_class(session, classes, Some(&solution)));
                    }
                    out.no_solution();
                    EXIT_NONE
                }
                Err(_) => stopped(session, 0),
            },
        );
    }
    let wanted = args.limit.unwrap_or(u64::MAX);
    let one = super::spread(1);
    let (found, incomplete) = enumerate(session, out, wanted, &one, &mut keep)?;
    if !incomplete && found < wanted {
        unique::no_class_lost(session, classes, &representatives)?;
    }
    out.solution_count(found);
    Ok(finish(session, found, incomplete))
}

/// With an objective: branch and bound, printing each improving solution
/// and last `optimal: V`; with `--all`, `--count` or `--limit`, first
/// `optimal: V`, then the optimal solutions (found again with the objective
/// fixed to the optimum), printed or counted as without an objective.
/// With `--unique` (`classes`), the optimal solutions up to symmetry: no
/// improving solution is printed, then as `--unique` does without an
/// objective (the first representative and `optimal: V` last, or
/// `optimal: V` first and every representative).
fn optimise(
    session: &mut Session,
    out: &mut Printer,
    args: &SolveArgs,
    classes: Option<&Canonicaliser<'_>>,
    spread: &Spread,
) -> Run {
    let many = args.all || args.count || args.limit.is_some();
    let quiet = many || classes.is_some();
    let mut failed = None;
    let optimum = parallel::optimise(session, spread, &mut |view, solution, _| {
        if !quiet {
            match out.solution(view, solution) {
                // Each improving solution is written out at once: they are
                // few, and the best so far is what a killed run must keep.
                Ok(()) => out.flush(),
                Err(e) => failed = Some(e),
            }
        }
        if failed.is_some() || out.failed() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    if out.failed() {
        return Ok(EXIT_FOUND);
    }
    let Some((best, value)) = optimum.best else {
        if !optimum.proven {
            return Ok(stopped(session, 0));
        }
        if args.count {
            out.count(0);
        } else if many && !args.json {
            out.line("0 solutions");
        } else {
            out.no_solution();
        }
        return Ok(EXIT_NONE);
    };
    if !optimum.proven {
        if many && !args.count && classes.is_none() {
            out.solution(session.view(), &best)?;
        }
        out.summary(
            &format!("best found: {value} (not proven optimal)"),
            serde_json::json!({ "best_found": value, "proven": false }),
        );
        note(&format!(
            "solve: {} before the optimum was proven",
            stop_reason(session)
        ));
        return Ok(EXIT_LIMIT);
    }
    let optimal = |out: &mut Printer| {
        out.summary(
            &format!("optimal: {value}"),
            serde_json::json!({ "optimal": value }),
        );
    };
    if let Some(classes) = classes {
        // The optimal solutions' classes, each by its smallest solution.
        if many {
            optimal(out);
        }
        session.push();
        session.fix_objective(value)?;
        let code = satisfy_unique(session, out, args, classes);
        let _ = session.pop();
        let code = code?;
        if !many && code == EXIT_FOUND {
            optimal(out);
        }
        return Ok(code);
    }
    if !many {
        optimal(out);
        return Ok(EXIT_FOUND);
    }
    // The optimum is proven: said first, then its solutions counted or
    // printed as without an objective, the count last.
    optimal(out);
    optimal_solutions(session, out, args, (&best, value), spread)
}

/// The solutions of optimum `value` (`best` is one of them), counted or
/// printed as without an objective, the count last.
fn optimal_solutions(
    session: &mut Session,
    out: &mut Printer,
    args: &SolveArgs,
    (best, value): (&Solution, i64),
    spread: &Spread,
) -> Run {
    session.push();
    session.fix_objective(value)?;
    // A limit in this second search keeps the optimal solution the first
    // one found: it is counted, and printed unless it already was.
    let (found, incomplete) = if args.count {
        let count = parallel::count(session, spread, &mut |_, _| {});
        let found = if count.complete {
            count.solutions
        } else {
            count.solutions.max(1)
        };
        out.count(found);
        (found, !count.complete)
    } else {
        let wanted = args.limit.unwrap_or(u64::MAX);
        let printed_best = std::cell::Cell::new(false);
        let (mut found, incomplete) = enumerate(session, out, wanted, spread, &mut |s| {
            printed_best.set(printed_best.get() || s == best.values());
            true
        })?;
        if incomplete && !printed_best.get() && found < wanted {
            out.solution(session.view(), best)?;
            found += 1;
        }
        out.solution_count(found);
        (found, incomplete)
    };
    let _ = session.pop();
    Ok(if incomplete {
        stopped(session, found)
    } else {
        EXIT_FOUND
    })
}

fn finish(session: &Session, found: u64, incomplete: bool) -> u8 {
    if incomplete {
        stopped(session, found)
    } else if found == 0 {
        EXIT_NONE
    } else {
        EXIT_FOUND
    }
}

/// `--show-domains`: `name in {1..3, 5}` per declared variable (`name = 4`
/// once fixed), after root propagation; exit 1 when that already fails.
fn show_domains(session: &mut Session, mut out: Printer) -> Run {
    let Some(domains) = session.root_domains() else {
        out.line("no solution: propagation at the root already fails");
        return out.finish(EXIT_NONE);
    };
    let model = session.lowered().model();
    for (i, (info, d)) in model.vars.iter().zip(&domains).enumerate() {
        if info.aux {
            continue;
        }
        let values = model.values_text(crate::model::VarId(i as u32), d);
        let text = match d[..] {
            [(lo, hi)] if lo == hi => format!("{} = {values}", info.name),
            _ => format!("{} in {values}", info.name),
        };
        out.line(&text);
    }
    out.finish(EXIT_FOUND)
}
