//! The solver in process: `solve --count`, `--dump-model`, `--count
//! --node-limit` and `--unique --count` done through the library the way
//! the command line does them (`compile` and `options` in
//! src/cli/mod.rs, `run` in src/cli/solving.rs), with no process started.

use std::ops::ControlFlow;

use solve::Options;
use solve::compile::Compiled;
use solve::driver::{self, Ask, Classes, Event, Query};
use solve::parallel::{ALONE_NODES, Spread};
use solve::session::Session;
use solve::source::Sources;
use solve::spec::choices::SearchChoices;
use solve::stop::Stop;
use solve::symmetry::unique;

/// The command line's flags that the tester gives (see `random_options`).
#[derive(Debug, Default)]
struct Flags {
    choices: SearchChoices,
    no_symmetry: bool,
    threads: Option<usize>,
}

/// Reads the flags as clap does for `solve`; a flag it has no mapping for
/// is a mistake of the tester, not a disagreement.
fn flags(opts: &[String]) -> Flags {
    let mut flags = Flags::default();
    let mut opts = opts.iter();
    while let Some(flag) = opts.next() {
        if flag == "--no-symmetry" {
            flags.no_symmetry = true;
            continue;
        }
        let value = opts
            .next()
            .unwrap_or_else(|| panic!("{flag} without a value"))
            .clone();
        let number = |value: &str| -> u64 {
            value
                .parse()
                .unwrap_or_else(|_| panic!("{flag} {value}: not a number"))
        };
        let c = &mut flags.choices;
        match flag.as_str() {
            "--var" => c.var = Some(value),
            "--value" => c.value = Some(value),
            "--consistency" => c.consistency.push(value),
            "--restart" => c.restart = Some(value),
            "--restart-scale" => c.restart_scale = Some(number(&value)),
            "--seed" => c.seed = Some(number(&value)),
            "--last-conflict" => c.last_conflict = Some(value),
            "--order" => c.order = Some(value),
            "--threads" | "-j" => flags.threads = Some(number(&value) as usize),
            _ => panic!("{flag} has no in-process equivalent here"),
        }
    }
    flags
}

/// Reads and lowers `text` (named `name`, as the binary names a spec by
/// its path) with the flags' choices; `unique` as `--unique` does it
/// (declared groups built, breaking rules dropped). An error is the
/// binary's exit 2, rendered as it prints it.
fn compile(
    name: &str,
    text: &str,
    flags: &Flags,
    unique: bool,
) -> Result<(Compiled, Sources), String> {
    let mut sources = Sources::default();
    let id = sources.add(name, text);
    let search = flags
        .choices
        .settings(&mut sources)
        .map_err(|e| e.to_string())?;
    let options = Options {
        no_symmetry: flags.no_symmetry || unique,
        no_objective: false,
        search,
        symmetries: unique,
        ..Options::default()
    };
    match solve::compile(&mut sources, id, &[], &options) {
        Ok(compiled) => Ok((compiled, sources)),
        Err(diagnostics) => Err(solve::diagnostic::Error::new(diagnostics, &sources).to_string()),
    }
}

/// The count of a lowered spec as `solve --count` answers it: on the
/// threads of `--threads`, else of the spec, else every core (as
/// `Threads::resolve`); `--threads N` spreads the search from its first
/// node (the binary's `SOLVE_ALONE_NODES=0`), so that even these small
/// searches are counted in parallel. `None` when `nodes` stopped the
/// search (the binary's exit 3); `unique`: one sequential search of the
/// representatives (`--unique`).
fn count_lowered(
    (Compiled { mut lowered, run }, sources): (Compiled, Sources),
    flags: &Flags,
    nodes: Option<u64>,
    unique: bool,
) -> Result<Option<u64>, String> {
    let symmetry = std::mem::take(&mut lowered.symmetry);
    let classes = if unique {
        Some(unique::classes(&symmetry).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let spread = match flags.threads {
        _ if unique => Spread::threads(1),
        Some(threads) => Spread::threads(threads).alone(0),
        None => Spread::threads(run.threads()).alone(ALONE_NODES),
    };
    let mut session = Session::new(lowered, sources);
    session.set_stop(Stop::default().with_nodes(nodes));
    let query = Query {
        ask: Ask::Count,
        spread,
        classes: classes.as_ref().map(|c| c as &dyn Classes),
        progress: None,
    };
    let mut counts = Vec::new();
    let mut sink = |event: Event<'_>| {
        if let Event::Count(n) = event {
            counts.push(n);
        }
        ControlFlow::Continue(())
    };
    let outcome = driver::run(&mut session, &query, &mut sink).map_err(|e| e.to_string())?;
    if !outcome.is_complete() {
        return match nodes {
            Some(_) => Ok(None),
            None => Err(format!("the count stopped with no limit set: {outcome:?}")),
        };
    }
    match counts[..] {
        [n] if n == outcome.value().found => Ok(Some(n)),
        _ => Err(format!(
            "counted {counts:?} (one count expected), the outcome says {outcome:?}"
        )),
    }
}

/// `solve --count OPTS` of the spec `text`.
pub(super) fn count(name: &str, text: &str, opts: &[String]) -> Result<u64, String> {
    let flags = flags(opts);
    count_lowered(compile(name, text, &flags, false)?, &flags, None, false)?
        .ok_or_else(|| "stopped with no limit set".to_string())
}

/// `solve --count --node-limit LIMIT` of the spec `text`: `None` when the
/// limit stopped the search.
pub(super) fn limited_count(name: &str, text: &str, limit: u64) -> Result<Option<u64>, String> {
    let flags = Flags::default();
    count_lowered(
        compile(name, text, &flags, false)?,
        &flags,
        Some(limit),
        false,
    )
}

/// `solve --dump-model OPTS` of the spec `text`: the spec text of what
/// it lowers to.
pub(super) fn dump(name: &str, text: &str, opts: &[String]) -> Result<String, String> {
    let (Compiled { lowered, run }, _) = compile(name, text, &flags(opts), false)?;
    Ok(solve::export::spec::export(&lowered, &run, name))
}

/// `solve --unique --count` of the spec `text`, as the binary would end:
/// its stdout, stderr and exit code.
pub(super) fn unique_count(name: &str, text: &str) -> (String, String, i32) {
    let flags = Flags::default();
    match compile(name, text, &flags, true).and_then(|l| count_lowered(l, &flags, None, true)) {
        Ok(Some(n)) => (format!("{n}\n"), String::new(), i32::from(n == 0)),
        Ok(None) => (String::new(), "stopped with no limit set".to_string(), 3),
        Err(message) => (String::new(), message, 2),
    }
}
