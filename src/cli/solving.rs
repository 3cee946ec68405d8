//! `solve FILE`: the first solution, every solution, a count, or (with an
//! `[objective]`) each improving solution and the optimum, printed as the
//! flags ask.

use super::output::{Printer, note};
use super::printing::Printing;
use super::{EXIT_FOUND, EXIT_NONE, Run, SolveArgs};
use solve::compile::Compiled;
use solve::driver::{self, Ask, Classes, Query};
use solve::session::Session;
use solve::stop::Stop;
use solve::symmetry::unique;
use std::io::IsTerminal as _;
use std::time::{Duration, Instant};

pub(super) fn run(args: &SolveArgs, started: Instant, stop: &Stop) -> Run {
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
    let (Compiled { mut lowered, run }, sources) =
        super::compiled(file, &spec_args, args.no_objective, stop)?;
    let mut out = Printer::new(args.json);
    if args.dump_model {
        out.text(&solve::export::spec::export(
            &lowered,
            &run,
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
        return super::moves::run(args, &lowered, sources, stop);
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
    let run = args.run_over(&run);
    session.set_stop(stop.with_nodes(run.node_limit));
    if args.show_domains {
        return show_domains(&mut session, out);
    }
    super::record::start(&mut session, args)?;
    // One sequential search is what --trace, --tree and --unique describe.
    let threads = if args.trace.is_some() || args.tree.is_some() || args.unique {
        1
    } else {
        run.threads()
    };
    let spread = match part {
        None => super::spread(threads),
        Some(of) => super::part::spread(&mut session, of, threads),
    };
    if let Some(of) = part.filter(|_| args.json) {
        return super::part::result_line(&mut session, args, of, &spread, started);
    }
    let ask = if args.count {
        Ask::Count
    } else if args.all || args.limit.is_some() {
        Ask::All { most: args.limit }
    } else {
        Ask::First
    };
    let query = Query {
        ask,
        spread,
        classes: unique.as_ref().map(|c| c as &dyn Classes),
        // A progress line, on a terminal only.
        progress: std::io::stderr()
            .is_terminal()
            .then_some(Duration::from_millis(250)),
    };
    let mut printing = Printing::new(&mut out, ask, args.json, args.unique);
    let outcome = driver::run(&mut session, &query, &mut printing)?;
    let complete = outcome.is_complete();
    let code = printing.finish(outcome)?;
    let code = out.finish(code)?;
    super::record::show(&session, args)?;
    if args.stats {
        print_stats(&session, complete, threads, started);
    }
    // The process ends now: a large model is freed while it exits.
    let large = session.lowered().model().vars.len() > 100_000;
    solve::discard::discard(session, large);
    Ok(code)
}

/// `--stats`: the search's figures on stderr (summed over the threads,
/// with the number of parts, when the search was spread); partial when a
/// limit stopped the search (not when it cut a template short alone).
fn print_stats(session: &Session, complete: bool, threads: usize, started: Instant) {
    if !complete {
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
        let values = model.values_text(solve::model::VarId(i as u32), d);
        let text = match d[..] {
            [(lo, hi)] if lo == hi => format!("{} = {values}", info.name),
            _ => format!("{} in {values}", info.name),
        };
        out.line(&text);
    }
    out.finish(EXIT_FOUND)
}
