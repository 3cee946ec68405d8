//! The command line: flags, output modes, statistics and exit codes.
//!
//! Exit codes: 0 solution(s) found (or a valid spec for `check`), 1 proven
//! no solution, 2 usage, spec or I/O error, 3 a node or time limit stopped
//! the search before it finished what was asked.

use crate::diagnostic::Diagnostic;
use crate::engine::Engine;
use crate::lower::program::{Options, Program};
use crate::search::{Limits, Outcome, Restarts, Search};
use crate::source::{Sources, Span};
use crate::spec::ast::Name;
use crate::spec::load::{CONSISTENCIES, RESTARTS, VALUE_ORDERS, VAR_ORDERS, choices};
use std::io::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub const EXIT_FOUND: u8 = 0;
pub const EXIT_NONE: u8 = 1;
pub const EXIT_ERROR: u8 = 2;
pub const EXIT_LIMIT: u8 = 3;

const EXAMPLES: &str = "\
Examples:
  solve specs/magic8.toml                      first solution
  solve specs/magic8.toml --all                every solution, then a count
  solve specs/queens.toml --set n=12 --count   number of solutions for n = 12
  solve specs/magic9.toml --no-symmetry --all  without symmetry breaking
  solve specs/magic.toml --set n=4 --var input --value max
  solve specs/moo.toml --set 'history=[[0,1,2,3,0,2]]' --count
  solve specs/queens.toml --consistency check --count   generate-and-test
  solve check specs/queens.toml                validate without solving

Exit codes:
  0  solution(s) found (check: the spec is valid)
  1  proven: no solution
  2  usage, spec or I/O error
  3  a node or time limit stopped the search before it finished";

/// Solve a puzzle described by a spec file.
#[derive(Debug, clap::Parser)]
#[command(
    name = "solve",
    version,
    about = "Solve a puzzle described by a TOML spec file (a constraint-propagating backtracking solver).",
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Validate a spec (syntax, names, types, domains) without solving it.
    Check {
        /// The spec file.
        file: PathBuf,
        /// Override a param: NAME=VALUE, the value an expression (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The spec file (TOML).
    pub file: Option<PathBuf>,
    /// Print every solution, a blank line between them, then `N solutions`.
    #[arg(long)]
    pub all: bool,
    /// Print only the number of solutions.
    #[arg(long, conflicts_with = "json")]
    pub count: bool,
    /// Stop after N solutions (prints them as --all does).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Override a param: NAME=VALUE, the value an expression, e.g. n=12 or 'history=[[0,1,2,3,0,2]]' (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Drop the [symmetry] section.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Variables to try first, comma-separated (overrides [search] order).
    #[arg(long, value_name = "A,B,...")]
    pub order: Option<String>,
    /// Variable order after the explicit order (overrides [search] var).
    #[arg(long, value_name = "NAME", value_parser = choices(VAR_ORDERS))]
    pub var: Option<String>,
    /// Value order (overrides [search] value).
    #[arg(long, value_name = "NAME", value_parser = choices(VALUE_ORDERS))]
    pub value: Option<String>,
    /// Restart policy for a first-solution search (overrides [search] restart).
    #[arg(long, value_name = "NAME", value_parser = choices(RESTARTS))]
    pub restart: Option<String>,
    /// Failures in the first run before a restart (overrides [search] restart_scale; default 100).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub restart_scale: Option<u64>,
    /// Seed of the random choices (overrides [search] seed; default 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub seed: Option<u64>,
    /// `propagate` (default) or `check` (test constraints only on full assignments: generate-and-test).
    #[arg(long, value_name = "NAME", value_parser = choices(CONSISTENCIES))]
    pub consistency: Option<String>,
    /// Print one JSON object per solution, one per line: every variable by name.
    #[arg(long)]
    pub json: bool,
    /// Print nodes, failures, propagations, solutions and time to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Stop the search after N nodes (exit 3 if it had not finished).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Stop the search after this many seconds (exit 3 if it had not finished).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Print the lowered model (variables and constraints) instead of solving.
    #[arg(long)]
    pub dump_model: bool,
}

/// Runs the command; returns the exit code.
pub fn run(cli: &Cli) -> u8 {
    let mut sources = Sources::default();
    let result = match &cli.command {
        Some(Command::Check { file, set }) => check(&mut sources, file, set),
        None => solve(&mut sources, &cli.solve),
    };
    match result {
        Ok(code) => code,
        Err(diagnostics) => {
            let mut err = std::io::stderr().lock();
            for d in diagnostics {
                let _ = write!(err, "{}", d.render(&sources));
            }
            EXIT_ERROR
        }
    }
}

type Run = Result<u8, Vec<Diagnostic>>;

fn read(sources: &mut Sources, file: &PathBuf) -> Result<crate::source::SourceId, Vec<Diagnostic>> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        vec![Diagnostic::bare(format!(
            "cannot read `{}`: {e}",
            file.display()
        ))]
    })?;
    Ok(sources.add(file.display().to_string(), text))
}

fn check(sources: &mut Sources, file: &PathBuf, set: &[String]) -> Run {
    let id = read(sources, file)?;
    let program = crate::compile(sources, id, set, &Options::default())?;
    let model = program.model();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    println!(
        "{}: ok ({}, {} after lowering)",
        file.display(),
        plural(model.vars.len(), "variable"),
        plural(model.constraints.len(), "constraint")
    );
    Ok(EXIT_FOUND)
}

fn pick<T: Copy>(table: &[(&str, T)], name: &Option<String>) -> Option<T> {
    let name = name.as_deref()?;
    table.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// `--order A,C,F` as names pointing into their own source.
fn order_names(sources: &mut Sources, text: &str) -> Vec<Name> {
    let id = sources.add("--order", text.to_string());
    let mut names = Vec::new();
    let mut offset = 0;
    for part in text.split(',') {
        let trimmed = part.trim();
        let start = offset + (part.len() - part.trim_start().len());
        if !trimmed.is_empty() {
            names.push(Name {
                text: trimmed.to_string(),
                span: Span::new(id, start, start + trimmed.len()),
            });
        }
        offset += part.len() + 1;
    }
    names
}

fn solve(sources: &mut Sources, args: &SolveArgs) -> Run {
    let Some(file) = &args.file else {
        return Err(vec![
            Diagnostic::bare("no spec file given").with_help("try `solve --help`"),
        ]);
    };
    let id = read(sources, file)?;
    let options = Options {
        no_symmetry: args.no_symmetry,
        order: args.order.as_deref().map(|o| order_names(sources, o)),
        var: pick(VAR_ORDERS, &args.var),
        value: pick(VALUE_ORDERS, &args.value),
        consistency: pick(CONSISTENCIES, &args.consistency),
        restart: pick(RESTARTS, &args.restart),
        restart_scale: args.restart_scale,
        seed: args.seed,
    };
    let program = crate::compile(sources, id, &args.set, &options)?;
    if args.dump_model {
        print!("{}", program.model());
        return Ok(EXIT_FOUND);
    }
    if let Some(t) = args.time_limit
        && !(t.is_finite() && t >= 0.0)
    {
        return Err(vec![Diagnostic::bare(format!(
            "--time-limit must be a number of seconds, found {t}"
        ))]);
    }
    let limits = Limits {
        nodes: args.node_limit,
        time: match args.time_limit.map(Duration::try_from_secs_f64) {
            Some(Ok(t)) => Some(t),
            Some(Err(_)) => {
                return Err(vec![Diagnostic::bare(
                    "--time-limit is out of range: give a number of seconds",
                )]);
            }
            None => None,
        },
    };
    let started = Instant::now();
    let mut engine = Engine::new(program.model(), program.consistency);
    // Restarts serve a search for one solution: an enumeration restarted
    // would meet its solutions again, so it runs without them.
    let one = !(args.all || args.count || args.limit.is_some_and(|n| n > 1));
    let restarts = if one {
        program.restarts()
    } else {
        Restarts::NONE
    };
    let mut search = Search::new(&mut engine, program.brancher(), limits, restarts);
    let code = report(&program, &mut search, args)?;
    if args.stats {
        eprintln!("nodes: {}", search.stats.nodes);
        eprintln!("failures: {}", search.stats.failures);
        eprintln!("propagations: {}", search.propagations());
        eprintln!("solutions: {}", search.stats.solutions);
        eprintln!("restarts: {}", search.stats.restarts);
        eprintln!("time: {:.3} s", started.elapsed().as_secs_f64());
    }
    Ok(code)
}

/// Runs the search and prints what `args` asks for.
fn report(program: &Program, search: &mut Search<'_>, args: &SolveArgs) -> Run {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let many = args.all || args.count || args.limit.is_some();
    let wanted = if many {
        args.limit.unwrap_or(u64::MAX)
    } else {
        1
    };
    let mut found = 0u64;
    let mut limited = false;
    while found < wanted {
        match search.next() {
            Outcome::Solution => {
                found += 1;
                if args.count && !cfg!(debug_assertions) {
                    continue;
                }
                let values = search.values();
                self_check(program, &values);
                if args.count {
                    continue;
                }
                let text = if args.json {
                    format!("{}\n", program.json(&values))
                } else {
                    let separator = if found > 1 { "\n" } else { "" };
                    format!(
                        "{separator}{}",
                        program.render(&values).map_err(|d| vec![d])?
                    )
                };
                if out.write_all(text.as_bytes()).is_err() {
                    return Ok(EXIT_FOUND); // The reader went away (e.g. `| head`).
                }
            }
            Outcome::Exhausted => break,
            Outcome::LimitReached => {
                limited = true;
                break;
            }
        }
    }
    let _ = if args.count {
        writeln!(out, "{found}")
    } else if many && !args.json {
        let s = if found == 1 { "" } else { "s" };
        let blank = if found > 0 { "\n" } else { "" };
        writeln!(out, "{blank}{found} solution{s}")
    } else if found == 0 && !limited {
        if args.json {
            eprintln!("no solution");
            Ok(())
        } else {
            writeln!(out, "no solution")
        }
    } else {
        Ok(())
    };
    let _ = out.flush();
    if limited {
        let what = if found == 0 {
            "before a solution was found".to_string()
        } else {
            format!("after {found} solution(s); the search is incomplete")
        };
        eprintln!("solve: stopped by the search limit {what}");
        return Ok(EXIT_LIMIT);
    }
    Ok(if found == 0 { EXIT_NONE } else { EXIT_FOUND })
}

/// Checks a solution against every constraint's meaning: always before it
/// is printed, and for every counted solution in debug builds.
fn self_check(program: &Program, values: &[i64]) {
    for posted in &program.model().constraints {
        assert!(
            posted.constraint.holds(values),
            "solution violates [{}] {:?}",
            posted.origin,
            posted.constraint
        );
    }
}
