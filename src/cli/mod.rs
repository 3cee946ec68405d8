//! The command line: flags and subcommands, reading the spec, and exit
//! codes. Each subcommand is a thin client of [`solve::session::Session`]
//! (or of [`solve::explain`]) in a module of its own.
//!
//! Exit codes (`steps` and `hint` say theirs in `cli/steps.rs`): 0
//! solution(s) found (or a valid spec for `check`), 1 proven
//! no solution, 2 usage, spec or I/O error, 3 a node or time limit stopped
//! the search before it finished what was asked, 4 an internal error (a
//! bug in solve).

mod advice;
mod args;
mod candidates;
mod check;
mod clues;
mod compare;
mod draw;
mod explain;
mod export;
mod fzn;
mod generate;
mod grade;
mod merge;
mod moves;
mod output;
mod part;
mod play;
mod playground;
mod plot;
mod printing;
mod record;
mod solving;
mod steps;
mod symmetry;
mod unique;

pub(crate) use args::{Params, SolveArgs, SpecArgs, TimeLimit};

use solve::compile::Compiled;
use solve::diagnostic::{Diagnostic, Error};
use solve::lower::Options;
use solve::lowered::Lowered;
use solve::source::Sources;
use solve::spec::choices::SearchChoices;
use solve::stop::{Cancel, Stop};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

pub(crate) const EXIT_FOUND: u8 = 0;
pub(crate) const EXIT_NONE: u8 = 1;
pub(crate) const EXIT_ERROR: u8 = 2;
pub(crate) const EXIT_LIMIT: u8 = 3;
/// A bug in solve (a panic): never the user's mistake.
pub(crate) const EXIT_INTERNAL: u8 = 4;

/// Prints an internal error (a panic's message and place) on stderr.
pub(crate) fn report_internal_error(what: &str) {
    output::note(&format!(
        "internal error: {what}\nthis is a bug in solve, not in the spec: please report it with the spec and the command line"
    ));
}

const EXAMPLES: &str = "\
Examples:
  solve specs/magic8.toml                      first solution
  solve specs/magic8.toml --all                every solution, then a count
  solve specs/queens.toml --set n=12 --count   number of solutions for n = 12
  solve specs/magic9.toml --no-symmetry --all  without symmetry breaking
  solve specs/magic.toml --set n=4 --var input --value max
  solve specs/moo.toml --set 'history=[[0,1,2,3,0,2]]' --count
  solve specs/queens.toml --consistency check --count   generate-and-test
  solve specs/queens.toml --consistency diagonals=early,antidiagonals=early --count
  solve specs/dominating-queens.toml --set n=6  fewest queens ([objective])
  solve explain specs/queens.toml --set n=3     which constraints conflict
  solve steps specs/sudoku.toml                how each value follows, step by step
  solve hint specs/sudoku.toml --given 'x[1][3]=4'   the next step from a player's state
  solve candidates specs/queens.toml --set n=6  the values each variable takes in some solution
  solve unique specs/sudoku.toml               one solution, or two and where they differ
  solve draw specs/sudoku.toml --svg s.svg     the puzzle as given, drawn for paper (--solution: solved)
  solve redundant specs/sudoku.toml --group clues    clues that can go, each alone
  solve minimize specs/sudoku.toml --group clues     a minimal set of clues that still forces it
  solve grade specs/sudoku.toml                the weakest level whose propagation finishes it
  solve generate specs/sudoku.toml --seed 7    a new sudoku, as a grid and a --set line
  solve check specs/queens.toml                validate without solving
  solve specs/magic.toml --set n=4 --unique --count   one square per symmetry class
  solve check-symmetry specs/queens.toml --set n=6   do the rules keep one per class?
  solve export --minizinc specs/magic8.toml > ring.mzn   for another solver
  solve fzn --install                          solve as a MiniZinc solver: minizinc --solver solve m.mzn
  solve fzn -a model.fzn                       every solution of a FlatZinc model
  solve play specs/moo.toml                    guess the computer's secret code
  solve play specs/moo.toml --all-secrets --strategy minimax
  solve specs/flipit.toml --start B_WBBBB --set n=7   shortest solution of a puzzle
  solve analyze specs/flipit.toml --set n=8    every position's distance to the goal
  solve compare specs/queens.toml --try 'consistency=diagonals=early,antidiagonals=early' --try default --sweep n=6..10

Exit codes:
  0  solution(s) found (check: the spec is valid; explain: it has a solution; play: won;
     steps: every value follows; hint: a step; unique: one solution)
  1  proven: no solution (play: the guesses ran out before the secret was found;
     check-symmetry: the breaking loses or repeats a class, or a symmetry is wrong)
  2  usage, spec or I/O error
  3  a node or time limit, or Ctrl-C, stopped the search before it finished
     (steps: values stay open; hint: nothing more follows; unique, redundant,
     minimize: several solutions)
  4  internal error (a bug in solve: please report it; compare: configurations disagree)";

/// Solve a puzzle described by a spec file.
#[derive(Debug, clap::Parser)]
#[command(
    name = "solve",
    version,
    about = "Solve a puzzle described by a TOML spec file (a constraint-propagating backtracking solver).",
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Validate a spec (syntax, names, types, domains) without solving it.
    Check(check::CheckArgs),
    /// For a spec with no solution: print a minimal set of its named
    /// constraints that already has none (one per line; an item of a top-level
    /// `forall` as NAME[i=2, j=5] or NAME[2]). Checks search a bounded number
    /// of nodes: a member they could not prove needed is named on stderr.
    ///
    /// Exit 1 after printing, 0 if the spec has a solution, 3 when the time
    /// limit stopped the checks (what was found is printed).
    Explain(explain::ExplainArgs),
    /// How each value follows, one small step at a time: the constraint items
    /// a step uses, the facts it uses (earlier steps, or the givens), what it
    /// deduces and its cost, cheapest steps first, until every value common to
    /// all solutions is derived.
    ///
    /// Each step is sound (its items and facts alone imply it) and minimal
    /// (without any one of them it no longer follows). Exit 0 when every
    /// variable's value follows, 3 when values stay open (several solutions,
    /// --max-items, a limit), 1 when there is no solution.
    Steps(steps::StepsArgs),
    /// For each declared variable, the values it takes in some solution (its
    /// true candidates), one line each (`x ∈ {1, 3}`, `y = 4`).
    ///
    /// Exit 0 when the spec has a solution, 1 when it has none.
    Candidates(candidates::CandidatesArgs),
    /// Whether the spec has exactly one solution: it prints the solution,
    /// or two solutions and the declared variables where they differ
    /// (`x[1][2] = 3 or 5`).
    ///
    /// Exit 0 unique, 1 no solution, 3 several (or a limit stopped it).
    Unique(unique::UniqueArgs),
    /// For a unique puzzle: the clue items (the items of --group, default
    /// every item) that can each be dropped alone with the solution still
    /// unique, one per line.
    ///
    /// Exit 0 answered, 1 no solution, 3 several solutions (every clue is
    /// then needed).
    Redundant(clues::RedundantArgs),
    /// For a unique puzzle: a subset-minimal set of the items of --group
    /// that still forces the solution (dropping any one of them lets
    /// another solution in), one per line; by QuickXplain.
    ///
    /// Exit 0 answered, 1 no solution, 3 several solutions.
    Minimize(clues::MinimizeArgs),
    /// How hard a puzzle is: the weakest consistency level (check < early <
    /// propagate < bounds < domain < probing) whose propagation alone, with
    /// no search, finishes it, each level's open variables, and the steps'
    /// costs (as `solve steps --stats`). A puzzle with several solutions
    /// gets no grade: two of its solutions and where they differ.
    ///
    /// Exit 0 graded, 1 no solution, 3 several solutions.
    Grade(grade::GradeArgs),
    /// New puzzles of a spec with a [generate] section: a random full
    /// solution, then its clues removed in shuffled symmetry classes while
    /// the puzzle stays unique (and, with a grade wanted, finished by
    /// propagation at that level), printed as a grid and as a `--set` line.
    ///
    /// --seed N is the first seed (default: [generate] seed); the same seed
    /// makes the same puzzle. Exit 0 made, 1 no solution with every clue
    /// blank, 3 no seed gave the grade wanted.
    Generate(generate::GenerateArgs),
    /// The next step from a player's state (--given, --state): the cheapest
    /// deduction, or why the state has no solution: a minimal set of the
    /// player's entries that cannot all stand, then the rules they break.
    ///
    /// Exit 0 with a step, 3 when nothing more follows, 1 when the state has
    /// no solution.
    Hint(steps::HintArgs),
    /// Play the guessing game of a spec's [game] section.
    ///
    /// Without --secret the computer picks a secret (random; --seed N repeats a
    /// choice) and answers your guesses, one per line on stdin (exit 0 when you
    /// win, 1 when the input ends first). With --secret CODE it guesses that
    /// code itself; with --all-secrets it plays every secret.
    Play(play::PlayArgs),
    /// For a puzzle of moves ([puzzle] and [moves]): every position (the
    /// spec's solutions), how many can reach the goal, the longest
    /// shortest solution, the positions that need it and the histogram of
    /// distances.
    Analyze(moves::AnalyzeArgs),
    /// Count the spec's solutions under several configurations and print one
    /// aligned row each: solutions, nodes, failures, propagations, time.
    ///
    /// Configurations that cannot change the solutions (all but no-symmetry)
    /// must agree: a disagreement is flagged (exit 4). Counts a time limit cut
    /// short are marked +.
    Compare(compare::CompareArgs),
    /// Check the symmetry breaking on a small instance: find every solution
    /// without the [symmetry] rules, check that each declared symmetry maps
    /// solutions to solutions, group them into classes, and check that the
    /// rules (and break = "lex-leader") keep exactly one solution of each
    /// class.
    ///
    /// With an [objective], the same of the optimal solutions (and the rules
    /// must keep the optimum). Exit 0 when they do, 1 when not.
    CheckSymmetry(symmetry::CheckSymmetryArgs),
    /// Draw the spec's board as the puzzle is drawn ([output] board with
    /// its layers: regions, givens, styles, clues outside, lines): the
    /// puzzle as given (what propagation fixes at the root, no search),
    /// or with --solution the first solution; in the terminal, or as SVG
    /// with --svg OUT.svg, for paper.
    ///
    /// Exit 0 drawn, 1 no solution, 2 no board (or the file cannot be
    /// written), 3 a limit stopped the search for the solution.
    Draw(draw::DrawArgs),
    /// Print the spec format as a JSON Schema, for TOML editors that read
    /// one (taplo / Even Better TOML: see docs/command-line.md).
    Schema,
    /// Write the lowered model in another modelling language on stdout,
    /// for another solver to check: `solve export --minizinc FILE > m.mzn`
    /// then `minizinc -a m.mzn` lists the solutions `solve --all` finds
    /// (every model variable, auxiliary ones included).
    Export(export::ExportArgs),
    /// Put together the result lines of every part of a run cut for a cluster
    /// (`solve FILE --part K/N --json`, one line per part, in any order) and
    /// print what one run on one machine prints: the count, the solutions in
    /// order, the optimum.
    ///
    /// A part missing or given twice is named (exit 3); parts of another spec,
    /// other --set values or other flags are refused (exit 2).
    Merge(merge::MergeArgs),
    /// Serve the playground on localhost: a page where a spec is written
    /// (checked as you type), solved in the browser (WebAssembly, in a
    /// worker a Stop button ends) and its solutions drawn as boards.
    Playground(playground::PlaygroundArgs),
    /// Run a FlatZinc model (`minizinc -c --solver solve` writes one):
    /// solve as a MiniZinc solver, with the standard flags and output.
    /// `solve fzn --install` sets it up for `minizinc --solver solve`.
    ///
    /// Exit 0 when the search ran (whatever it found, a limit or a signal
    /// included), 2 when the file cannot be read or built (a syntax error,
    /// an unknown constraint, float variables, overflow).
    Fzn(fzn::FznArgs),
    /// Serve the Language Server Protocol on stdin and stdout, for an
    /// editor: diagnostics as you type, hover with domains after
    /// propagation, go to definition, references, rename, completion,
    /// coloured expressions, and a lens that says whether the spec has one
    /// solution, several or none. Set it up in your editor as the book's
    /// chapter "In your editor" says (docs/editors.md).
    Lsp,
}

/// Runs the command; `cancel` is raised by a signal (Ctrl-C, SIGTERM,
/// SIGHUP) to stop it as a limit would. Returns the exit code.
pub(crate) fn run(cli: &Cli, cancel: Arc<Cancel>) -> u8 {
    let started = Instant::now();
    let result = match &cli.command {
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Schema) => {
            let mut out = output::Printer::new(false);
            let text = serde_json::to_string_pretty(&solve::spec::schema::schema())
                .expect("a JSON value prints");
            out.line(&text);
            out.finish(EXIT_FOUND)
        }
        Some(Command::Export(args)) => export::run(args),
        Some(Command::Merge(args)) => merge::run(args),
        Some(Command::Fzn(args)) => fzn::run(args, started, &cancel),
        Some(Command::Playground(args)) => playground::run(args, &cancel),
        Some(Command::Lsp) => crate::lsp::run_stdio()
            .map(|()| EXIT_FOUND)
            .map_err(|e| usage(format!("solve lsp: {e}"))),
        Some(Command::Play(args)) => {
            stop(started, args.time, &cancel).and_then(|s| play::run(args, &s))
        }
        Some(Command::Compare(args)) => {
            stop(started, args.time, &cancel).and_then(|s| compare::run(args, &s))
        }
        Some(Command::Analyze(args)) => {
            stop(started, args.time, &cancel).and_then(|s| moves::analyze(args, &s))
        }
        Some(Command::CheckSymmetry(args)) => {
            stop(started, args.time, &cancel).and_then(|s| symmetry::run(args, &s))
        }
        Some(Command::Steps(args)) => {
            stop(started, args.time, &cancel).and_then(|s| steps::run_steps(args, &s))
        }
        Some(Command::Candidates(args)) => {
            stop(started, args.time, &cancel).and_then(|s| candidates::run(args, &s))
        }
        Some(Command::Draw(args)) => {
            stop(started, args.time, &cancel).and_then(|s| draw::run(args, &s))
        }
        Some(Command::Unique(args)) => {
            stop(started, args.time, &cancel).and_then(|s| unique::run(args, &s))
        }
        Some(Command::Redundant(args)) => {
            stop(started, args.time, &cancel).and_then(|s| clues::run_redundant(args, &s))
        }
        Some(Command::Minimize(args)) => {
            stop(started, args.time, &cancel).and_then(|s| clues::run_minimize(args, &s))
        }
        Some(Command::Grade(args)) => {
            stop(started, args.time, &cancel).and_then(|s| grade::run(args, &s))
        }
        Some(Command::Generate(args)) => {
            stop(started, args.time, &cancel).and_then(|s| generate::run(args, &s))
        }
        Some(Command::Hint(args)) => {
            stop(started, args.steps.time, &cancel).and_then(|s| steps::run_hint(args, &s))
        }
        Some(Command::Explain(args)) => {
            stop(started, args.time, &cancel).and_then(|s| explain::run(args, &s))
        }
        None => stop(started, cli.solve.time, &cancel)
            .and_then(|s| solving::run(&cli.solve, started, &s)),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            output::note(&error.to_string());
            if error.is_time_limit() {
                EXIT_LIMIT
            } else {
                EXIT_ERROR
            }
        }
    }
}

type Run = Result<u8, Error>;

/// What the command line could not run: `--help` and `--version` print to
/// stdout (exit 0, or 2 when stdout cannot take it, as for every other
/// output: a full disk is an error, a closed pipe is not); a usage error
/// prints to stderr (exit 2).
pub(crate) fn parse_failure(e: &clap::Error) -> u8 {
    use clap::error::ErrorKind as Kind;
    use std::io::{IsTerminal as _, Write as _};
    if !matches!(e.kind(), Kind::DisplayHelp | Kind::DisplayVersion) {
        let args: Vec<String> = std::env::args().skip(1).collect();
        match advice::advice(e, &args) {
            Some(a) => output::note(&format!("error: {}\n  = help: {}", a.message, a.help)),
            None => {
                let _ = e.print();
            }
        }
        return EXIT_ERROR;
    }
    let text = if std::io::stdout().is_terminal() {
        e.render().ansi().to_string()
    } else {
        e.render().to_string()
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => EXIT_FOUND,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_FOUND,
        Err(e) => {
            output::note(&format!("error: cannot write the output: {e}"));
            EXIT_ERROR
        }
    }
}

/// A usage error that points at no file.
fn usage(message: impl Into<String>) -> Error {
    Error::new(vec![Diagnostic::bare(message)], &Sources::default())
}

/// A usage error that points at no file, with a help line.
fn refusal(message: impl Into<String>, help: impl Into<String>) -> Error {
    let d = Diagnostic::bare(message).with_help(help);
    Error::new(vec![d], &Sources::default())
}

/// The names of a table's choices, for the command line's value parser.
fn choices<T>(table: &[(&'static str, T)]) -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(table.iter().map(|(name, _)| *name))
}

fn pick<T: Copy>(table: &[(&str, T)], name: &Option<String>) -> Option<T> {
    let name = name.as_deref()?;
    table.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Reads and lowers `file` with the command line's choices.
fn compile(
    file: &PathBuf,
    args: &SpecArgs,
    no_objective: bool,
    stop: &Stop,
) -> Result<(Lowered, Sources), Error> {
    compiled(file, args, no_objective, stop).map(|(c, sources)| (c.lowered, sources))
}

/// [`compile`], with the run settings the spec gives (its threads).
fn compiled(
    file: &PathBuf,
    args: &SpecArgs,
    no_objective: bool,
    stop: &Stop,
) -> Result<(Compiled, Sources), Error> {
    let mut sources = Sources::default();
    let id = add_spec(file, &mut sources)?;
    let options = options(&mut sources, args, no_objective, stop)?;
    lower(sources, id, &args.params.set, &options)
}

/// The command line's choices as lowering options (`--consistency` and
/// `--order` texts become sources of their own, for messages).
fn options(
    sources: &mut Sources,
    args: &SpecArgs,
    no_objective: bool,
    stop: &Stop,
) -> Result<Options, Error> {
    let search = SearchChoices {
        order: args.order.clone(),
        phases: args.phases.clone(),
        var: args.var.clone(),
        value: args.value.clone(),
        consistency: args.consistency.clone(),
        restart: args.restart.clone(),
        restart_scale: args.restart_scale,
        last_conflict: args.last_conflict.clone(),
        seed: args.seed,
        interleave: args.interleave.clone(),
    }
    .settings(sources)?;
    Ok(Options {
        no_symmetry: args.no_symmetry,
        no_objective,
        search,
        symmetries: args.symmetries,
        derive_clues: false,
        stop: stop.clone(),
    })
}

/// Lowers the spec `id` of `sources` with `options`.
fn lower(
    mut sources: Sources,
    id: solve::source::SourceId,
    set: &[String],
    options: &Options,
) -> Result<(Compiled, Sources), Error> {
    match solve::compile(&mut sources, id, set, options) {
        Ok(compiled) => Ok((compiled, sources)),
        Err(diagnostics) => Err(Error::new(diagnostics, &sources)),
    }
}

/// Reads `file` into `sources`.
fn add_spec(file: &PathBuf, sources: &mut Sources) -> Result<solve::source::SourceId, Error> {
    let text = read_spec(file).map_err(|message| {
        let mut d = Diagnostic::bare(format!("cannot read `{}`: {message}", file.display()));
        if let Some(near) = file_nearby(file) {
            d = d.with_help(format!("did you mean `{}`?", near.display()));
        }
        Error::new(vec![d], sources)
    })?;
    Ok(sources.add(file.display().to_string(), text))
}

/// For a spec file that does not exist: the file of its folder whose name
/// is nearest (`queen.toml` → `queens.toml`), if one is near enough.
fn file_nearby(file: &std::path::Path) -> Option<PathBuf> {
    if file.exists() {
        return None;
    }
    let name = file.file_name()?.to_str()?;
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let names: Vec<String> = std::fs::read_dir(&folder)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    let near = solve::diagnostic::did_you_mean(name, names.iter().map(String::as_str))?;
    Some(file.with_file_name(near))
}

/// Largest spec file read (a spec is a page of text; this stops a device
/// such as /dev/urandom from being read without end).
const MAX_SPEC_BYTES: u64 = 8 << 20;

/// The spec's text: UTF-8, at most `MAX_SPEC_BYTES`.
fn read_spec(file: &PathBuf) -> Result<String, String> {
    use std::io::Read as _;
    let reader = std::fs::File::open(file).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    let _ = reader
        .take(MAX_SPEC_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SPEC_BYTES {
        return Err(format!(
            "the file is larger than {} MB: is it a spec?",
            MAX_SPEC_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| "the file is not UTF-8 text".to_string())
}

/// `--time-limit SECONDS`, counted from `started`, as a deadline.
/// How a search of the command line is spread over `threads` threads: its
/// first nodes alone as the library's default, or as many as
/// `SOLVE_ALONE_NODES` says (the tests set 0 to spread even the smallest
/// search). The environment is read here, by the binary, not by the
/// library.
fn spread(threads: usize) -> solve::parallel::Spread {
    let alone = std::env::var("SOLVE_ALONE_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(solve::parallel::ALONE_NODES);
    solve::parallel::Spread::threads(threads).alone(alone)
}

/// The most positions a puzzle's search or analysis keeps:
/// `SOLVE_MAX_STATES`, or the library's [`solve::moves::MAX_STATES`] (a
/// documented knob for tests and for machines with more memory).
fn max_states() -> usize {
    std::env::var("SOLVE_MAX_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(solve::moves::MAX_STATES)
}

/// The run's stop token: `--time-limit` counted from `started`, and the
/// signals' `cancel`.
fn stop(started: Instant, limit: TimeLimit, cancel: &Arc<Cancel>) -> Result<Stop, Error> {
    let run = limit.run()?;
    let at = run
        .deadline(started)
        .map_err(|why| args::bad_time_limit(why, limit.time_limit))?;
    Ok(Stop::new(at, Some(Arc::clone(cancel))))
}
