//! `solve fzn FILE.fzn`: `solve` as a FlatZinc solver, the executable
//! `minizinc --solver solve` runs. It reads the file
//! (`solve::flatzinc`), searches on the driver like every other face and
//! prints what `minizinc` reads back: each solution's output variables
//! and `----------`, then `==========` when the search is complete,
//! `=====UNSATISFIABLE=====` or `=====UNKNOWN=====`, and with `-s` the
//! statistics as `%%%mzn-stat:` lines.
//!
//! A time limit or a signal (SIGTERM, SIGINT: what `minizinc` sends past
//! its limit) ends the run with what was printed, exit 0, as FlatZinc
//! solvers do; a file that cannot be read or built is an error (exit 2).
//! `solve fzn --install DIR` writes the solver configuration and the
//! library for `minizinc`.

use super::output::note;
use super::{EXIT_ERROR, EXIT_FOUND, Run};
use solve::diagnostic::{Diagnostic, Error};
use solve::driver::{self, Ask, Event, Query};
use solve::flatzinc::output::{self as fzn_output, Ending};
use solve::flatzinc::{BuildOptions, Built, OwnSearch, library};
use solve::lowered::Lowered;
use solve::output::OutputPlan;
use solve::session::Session;
use solve::source::Sources;
use solve::stop::{Cancel, Stop};
use std::io::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, clap::Args)]
pub(crate) struct FznArgs {
    /// The FlatZinc file, as `minizinc -c --solver solve` writes it.
    #[arg(required_unless_present = "install")]
    file: Option<PathBuf>,
    /// Every solution (satisfaction); every improving solution
    /// (optimisation).
    #[arg(short = 'a', long = "all-solutions")]
    all: bool,
    /// Print each improving solution of an optimisation, not only the
    /// last.
    #[arg(short = 'i', long = "intermediate")]
    intermediate: bool,
    /// At most N solutions (satisfaction).
    #[arg(short = 'n', long = "num-solutions", value_name = "N")]
    solutions: Option<u64>,
    /// Ignore the search annotations: solve's own order.
    #[arg(short = 'f', long = "free-search")]
    free: bool,
    /// Print statistics as `%%%mzn-stat:` lines.
    #[arg(short = 's', long = "statistics")]
    statistics: bool,
    /// Stop after this many milliseconds (what was found is printed).
    #[arg(short = 't', long = "time-limit", value_name = "MS")]
    time_limit: Option<u64>,
    /// Search on N threads (default 1).
    #[arg(short = 'p', long = "parallel", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=solve::spec::settings::MOST_THREADS))]
    threads: u64,
    /// The seed of random choices (`indomain_random`, restarts).
    #[arg(short = 'r', long = "random-seed", value_name = "SEED")]
    seed: Option<u64>,
    /// Solve's own search for what the annotations leave undecided
    /// (everything with -f): `KEY=VALUE` items as `--try` takes them,
    /// e.g. `--search "var=dom-wdeg last_conflict=on restart=luby"`
    /// (keys: var, value, restart, restart_scale, last_conflict, seed,
    /// consistency, interleave).
    #[arg(long, value_name = "SETTINGS")]
    search: Option<String>,
    /// A second search taken in turn with solve's own on the same thread,
    /// for a first solution or an optimum: `on` (AFC, last-conflict,
    /// geometric restarts), `off`, or its `KEY=VALUE` items (var, value,
    /// restart, restart_scale, last_conflict, slice: the nodes of a turn).
    /// By default `on` where solve's own order decides everything and
    /// `--search` does not change it.
    #[arg(long, value_name = "SETTINGS")]
    interleave: Option<String>,
    /// Say on stderr how the model was read and built.
    #[arg(short = 'v', long = "verbose")]
    verbose: bool,
    /// Write solve's solver configuration (`solve.msc`) and MiniZinc
    /// library to DIR (default: ~/.minizinc/solvers, where `minizinc`
    /// looks), for `minizinc --solver solve`.
    #[arg(long, value_name = "DIR", num_args = 0..=1, default_missing_value = "")]
    install: Option<PathBuf>,
}

/// The seed of random choices when `-r` is not given.
const DEFAULT_SEED: u64 = 1;

pub(super) fn run(args: &FznArgs, started: Instant, cancel: &Arc<Cancel>) -> Run {
    if let Some(dir) = &args.install {
        return install(dir);
    }
    let file = args
        .file
        .as_ref()
        .expect("clap requires a file without --install");
    let (built, sources) = read(file, args)?;
    let Built {
        model,
        plan,
        printed,
        notes,
        vars,
    } = built;
    for n in &notes {
        note(&format!("solve: note: {n}"));
    }
    let read = started.elapsed();
    if args.verbose {
        note(&format!(
            "solve: read and built in {:.3} s: {} variables, {} constraints",
            read.as_secs_f64(),
            model.vars.len(),
            model.constraints.len()
        ));
    }
    let objective = plan.objective.is_some();
    let output = OutputPlan::for_model(&model);
    let mut session = Session::new(Lowered::from_model(model, output, plan), sources);
    let at = args
        .time_limit
        .map(|ms| started + Duration::from_millis(ms));
    session.set_stop(Stop::new(at, Some(Arc::clone(cancel))));
    let ask = match (objective, args.all, args.solutions) {
        (false, true, _) => Ask::All { most: None },
        (false, false, Some(n)) => Ask::All { most: Some(n) },
        _ => Ask::First,
    };
    let query = Query {
        ask,
        spread: super::spread(args.threads as usize),
        classes: None,
        progress: None,
    };
    let intermediate = args.intermediate || args.all;
    let mut out = std::io::stdout().lock();
    let mut failed: Option<std::io::Error> = None;
    let mut sink = |event: Event<'_>| {
        let solution = match event {
            Event::Solution(_, s) => s,
            Event::Improved(_, s, _) if intermediate => s,
            Event::Optimum(_, s, _) | Event::BestFound(_, s, _) if !intermediate => s,
            _ => return ControlFlow::Continue(()),
        };
        let text = fzn_output::solution(&printed, |name| solution.values()[vars[name].index()]);
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let answer = driver::run(&mut session, &query, &mut sink)?;
    if let Some(e) = failed {
        return written(Err(e));
    }
    let (complete, found) = (answer.is_complete(), answer.value().found);
    let ending = match ask {
        _ if found == 0 && complete => Ending::Unsatisfiable,
        _ if found == 0 => Ending::Unknown,
        _ if !complete => Ending::Stopped,
        Ask::All { most: Some(n) } if found >= n => Ending::Stopped,
        Ask::First if !objective => Ending::Stopped,
        _ => Ending::Complete,
    };
    let mut text = if args.statistics {
        statistics(&session, read, started.elapsed() - read)
    } else {
        String::new()
    };
    if let Some(line) = fzn_output::ending(ending) {
        text.push_str(line);
        text.push('\n');
    }
    written(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}

/// Reads and builds the FlatZinc file.
fn read(file: &Path, args: &FznArgs) -> Result<(Built, Sources), Error> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| super::usage(format!("cannot read `{}`: {e}", file.display())))?;
    let mut sources = Sources::default();
    let id = sources.add(file.display().to_string(), &text);
    let fail = |d: Diagnostic, sources: &Sources| Error::new(vec![d], sources);
    let parsing = Instant::now();
    let fzn = solve::flatzinc::parse(&text, id).map_err(|d| fail(d, &sources))?;
    if args.verbose {
        note(&format!(
            "solve: parsed in {:.3} s",
            parsing.elapsed().as_secs_f64()
        ));
    }
    let search = match &args.search {
        Some(text) => solve::spec::choices::configuration(text, "--search", &mut sources)?,
        None => Default::default(),
    };
    if search.order.is_some() || search.phases.is_some() || !search.consistency_for.is_empty() {
        return Err(super::usage(
            "`--search`: `order`, `phase` and named consistencies need a spec's names; FlatZinc takes var, value, restart, restart_scale, last_conflict, seed and consistency",
        ));
    }
    let options = BuildOptions {
        free_search: args.free,
        seed: args.seed.unwrap_or(DEFAULT_SEED),
        search: OwnSearch {
            var: search.var,
            value: search.value,
            restart: search.restart,
            restart_scale: search.restart_scale,
            last_conflict: search.last_conflict,
            seed: search.seed,
            consistency: search.consistency,
            interleave: match &args.interleave {
                Some(text) => {
                    solve::spec::choices::SearchChoices {
                        interleave: Some(text.clone()),
                        ..Default::default()
                    }
                    .settings(&mut sources)?
                    .interleave
                }
                None => search.interleave,
            },
        },
    };
    let built = solve::flatzinc::build(&fzn, options).map_err(|d| fail(d, &sources))?;
    Ok((built, sources))
}

/// `-s`: the search's figures as `%%%mzn-stat:` lines, then
/// `%%%mzn-stat-end` (times in seconds).
fn statistics(session: &Session, read: Duration, searched: Duration) -> String {
    let stats = session.stats();
    let model = session.lowered().model();
    let lines = [
        format!("nodes={}", stats.nodes),
        format!("failures={}", stats.failures),
        format!("solutions={}", stats.solutions),
        format!("restarts={}", stats.restarts),
        format!("propagations={}", session.propagations()),
        format!("variables={}", model.vars.len()),
        format!("propagators={}", model.constraints.len()),
        format!("initTime={:.4}", read.as_secs_f64()),
        format!("solveTime={:.4}", searched.as_secs_f64()),
    ];
    let mut text: String = lines
        .iter()
        .map(|line| format!("%%%mzn-stat: {line}\n"))
        .collect();
    text.push_str("%%%mzn-stat-end\n");
    text
}

/// The exit code after writing: a closed pipe is no error.
fn written(result: std::io::Result<()>) -> Run {
    match result {
        Ok(()) => Ok(EXIT_FOUND),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(EXIT_FOUND),
        Err(e) => {
            note(&format!("error: cannot write the output: {e}"));
            Ok(EXIT_ERROR)
        }
    }
}

/// `--install DIR`: `DIR/solve.msc`, the library in `DIR/solve/mznlib/`
/// and the script `DIR/solve/fzn-solve` that runs this executable's
/// `solve fzn`.
fn install(dir: &Path) -> Run {
    let default;
    let dir = if dir.as_os_str().is_empty() {
        let home = std::env::var_os("HOME")
            .ok_or_else(|| super::usage("--install: no DIR given and HOME is not set"))?;
        default = PathBuf::from(home).join(".minizinc").join("solvers");
        &default
    } else {
        dir
    };
    let exe = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .map_err(|e| super::usage(format!("--install: cannot tell where solve is: {e}")))?;
    let io = |what: &Path, e: std::io::Error| {
        super::usage(format!("--install: cannot write `{}`: {e}", what.display()))
    };
    let lib = dir.join("solve").join("mznlib");
    std::fs::create_dir_all(&lib).map_err(|e| io(&lib, e))?;
    for (name, text) in library::FILES {
        let path = lib.join(name);
        std::fs::write(&path, text).map_err(|e| io(&path, e))?;
    }
    let script = dir.join("solve").join("fzn-solve");
    let quoted = exe.display().to_string().replace('\'', r"'\''");
    std::fs::write(&script, format!("#!/bin/sh\nexec '{quoted}' fzn \"$@\"\n"))
        .map_err(|e| io(&script, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| io(&script, e))?;
    }
    let msc = dir.join("solve.msc");
    let config = library::msc("solve/fzn-solve", "solve/mznlib", env!("CARGO_PKG_VERSION"));
    std::fs::write(&msc, config).map_err(|e| io(&msc, e))?;
    println!("wrote {}", msc.display());
    println!(
        "wrote {} library files to {}",
        library::FILES.len(),
        lib.display()
    );
    if args_default(dir) {
        println!("use: minizinc --solver solve model.mzn [data.dzn]");
    } else {
        println!(
            "use: MZN_SOLVER_PATH={} minizinc --solver solve model.mzn [data.dzn]",
            dir.display()
        );
    }
    Ok(EXIT_FOUND)
}

/// Whether `dir` is where `minizinc` looks without being told.
fn args_default(dir: &Path) -> bool {
    std::env::var_os("HOME")
        .is_some_and(|home| dir == PathBuf::from(home).join(".minizinc").join("solvers"))
}
