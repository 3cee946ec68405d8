//! The flags more than one subcommand or module takes, declared once: the
//! params (`--set`), the time limit, the threads, how to read the spec and
//! search it, and the main command's own (`SolveArgs`, read by the
//! printing of solutions, of parts, of puzzles and of recordings). The
//! run's flags (`--threads`, `--time-limit`, `--node-limit`) become
//! `RunSettings`, checked and merged over the spec's as every face does.

use super::choices;
use solve::diagnostic::{Diagnostic, Error};
use solve::model::plan::{RESTARTS, VALUE_ORDERS, VAR_ORDERS};
use solve::source::Sources;
use solve::spec::settings::{self, BadSeconds, RunSettings};
use std::path::PathBuf;

/// `--set NAME=VALUE`, the params a run overrides: every subcommand that
/// reads a spec takes it.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct Params {
    /// Override a param: NAME=VALUE, the value an expression, e.g. n=12 or 'history=[[0,1,2,3,0,2]]' (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

/// `--time-limit SECONDS`: every subcommand that searches takes it.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub(crate) struct TimeLimit {
    /// Stop after this many seconds of the whole run: reading, lowering and search (exit 3 if it had not finished).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

impl TimeLimit {
    /// `--time-limit` as a run setting, checked.
    pub(crate) fn run(self) -> Result<RunSettings, Error> {
        let time_limit = match self.time_limit.map(settings::seconds) {
            None => None,
            Some(Ok(limit)) => Some(limit),
            Some(Err(why)) => return Err(bad_time_limit(why, self.time_limit)),
        };
        Ok(RunSettings {
            time_limit,
            ..RunSettings::default()
        })
    }
}

/// What the command line says of a time limit it refuses.
pub(crate) fn bad_time_limit(why: BadSeconds, given: Option<f64>) -> Error {
    let message = match why {
        BadSeconds::NotSeconds => format!(
            "--time-limit must be a number of seconds, found {}",
            given.unwrap_or_default()
        ),
        BadSeconds::OutOfRange => {
            "--time-limit is out of range: give a number of seconds".to_string()
        }
    };
    Error::new(vec![Diagnostic::bare(message)], &Sources::default())
}

/// `--threads N`: every subcommand whose search can be spread over the
/// cores takes it.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub(crate) struct Threads {
    /// Search with N threads (default: [search] threads, else every core the
    /// process may use).
    ///
    /// The answers do not depend on N: the same count, the same solutions
    /// printed in the same order (with static search orders), the same optimum.
    /// `--threads 1` is the sequential engine.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=solve::spec::settings::MOST_THREADS))]
    pub threads: Option<u64>,
}

impl Threads {
    /// The threads to use: this flag's, else the spec's (`[search]
    /// threads`), else every core.
    pub(crate) fn resolve(self, spec: &RunSettings) -> usize {
        let flags = RunSettings {
            threads: self.threads,
            ..RunSettings::default()
        };
        spec.then(&flags).threads()
    }
}

impl SolveArgs {
    /// The run's flags over the spec's settings: `--threads` over `[search]
    /// threads`, `--node-limit` (the time limit is the run's stop token
    /// already, from its start).
    pub(crate) fn run_over(&self, spec: &RunSettings) -> RunSettings {
        let flags = RunSettings {
            threads: self.threads.threads,
            node_limit: self.node_limit,
            time_limit: None,
        };
        spec.then(&flags)
    }
}

/// How to read the spec and search it: shared by solving and explaining.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct SpecArgs {
    #[command(flatten)]
    pub params: Params,
    /// Drop the [symmetry] section's breaking constraints (its rules and
    /// break = "lex-leader"); declared symmetries still serve `solve
    /// --unique`.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Variables to try first, comma-separated (overrides [search] order
    /// and phases).
    #[arg(long, value_name = "A,B,...")]
    pub order: Option<String>,
    /// A search phase: its variables (comma-separated names, elements,
    /// slices), then optionally `:VAR` and `:VALUE` orders, e.g.
    /// `--phase x:first-fail:min --phase p`; decided in turn before the
    /// other variables (repeatable; overrides [search] phases and order).
    #[arg(long = "phase", value_name = "VARS[:VAR[:VALUE]]")]
    pub phases: Vec<String>,
    /// Variable order after the explicit order (overrides [search] var).
    #[arg(long, value_name = "NAME", value_parser = choices(VAR_ORDERS))]
    pub var: Option<String>,
    /// Value order (overrides [search] value).
    #[arg(long, value_name = "NAME", value_parser = choices(VALUE_ORDERS))]
    pub value: Option<String>,
    /// Restart policy for a first-solution or optimising search (overrides [search] restart).
    #[arg(long, value_name = "NAME", value_parser = choices(RESTARTS))]
    pub restart: Option<String>,
    /// Failures in the first run before a restart (overrides [search] restart_scale; default 100).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub restart_scale: Option<u64>,
    /// After a value fails, choose its variable again while it is open,
    /// before the variable order's own choice (overrides [search]
    /// last_conflict).
    #[arg(long, value_name = "on|off", value_parser = ["on", "off"])]
    pub last_conflict: Option<String>,
    /// Seed of the random choices (overrides [search] seed; default 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub seed: Option<u64>,
    /// A second search taken in turn with the spec's on the same thread,
    /// for a first solution or an optimum (counts and --all search alone),
    /// and for the values solutions take (candidates, the start of steps),
    /// which take turns with `on` unless told `off`:
    /// `on` (AFC, last-conflict and geometric restarts), `off`, or its
    /// own items, e.g. `var=dom-wdeg,restart=luby` (var, value, restart,
    /// restart_scale, last_conflict, slice: nodes per turn, default 1000).
    /// Overrides [search] interleave. An [objective] with no search named
    /// searches dom-wdeg in turn with `on`; any search flag, this one
    /// included, replaces that whole default.
    #[arg(long, value_name = "on|off|ITEMS")]
    pub interleave: Option<String>,
    /// How hard constraints work: LEVEL for all of them, or NAME=LEVEL for one
    /// named constraint (comma-separated, repeatable; `all=LEVEL` is LEVEL).
    ///
    /// Levels: check (test once all its variables are fixed:
    /// generate-and-test), early (fail as soon as fixed variables violate it;
    /// alldifferent only), propagate (the default), bounds (alldifferent also
    /// prunes bounds by Hall intervals), domain (alldifferent: domain
    /// consistency by Régin's matching), probing (each value tried and
    /// removed when propagation refutes it: one constraint's propagators, or
    /// spec-wide the whole network at every node).
    #[arg(long, value_name = "[NAME=]LEVEL")]
    pub consistency: Vec<String>,
    /// Build the declared symmetries' group elements (set by `--unique`,
    /// `check-symmetry` and `check`; lex-leader breaking builds them too):
    /// a run that does not use them does not pay for them.
    #[arg(skip)]
    pub symmetries: bool,
}

// The main command, `solve FILE`: what to find and how to print it.
#[derive(Debug, clap::Args)]
pub(crate) struct SolveArgs {
    /// The spec file (TOML).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub spec: SpecArgs,
    /// Print every solution, a blank line between them, then `N solutions`
    /// (with an [objective]: every optimal solution); stopped by a limit or
    /// a signal, `at least N solutions (stopped: WHY)`, exit 3.
    #[arg(long)]
    pub all: bool,
    /// Print only the number of solutions (with an [objective]: of optimal solutions).
    /// A count is of every solution: --limit does not cut it (they conflict).
    /// Stopped by a limit or a signal, it prints `at least N (stopped: WHY)`
    /// (`{"at_least": N, "stopped": WHY}` with --json), never the bare N, and
    /// exits 3.
    #[arg(long, conflicts_with = "limit")]
    pub count: bool,
    /// Stop after N solutions (prints them as --all does).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Ignore the [objective] section: solve for any solution.
    #[arg(long)]
    pub no_objective: bool,
    /// Print one JSON object per solution, one per line: every variable by name.
    #[arg(long)]
    pub json: bool,
    /// Print nodes, failures, propagations, solutions and time to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Stop the search after N nodes (exit 3 if it had not finished).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    #[command(flatten)]
    pub time: TimeLimit,
    #[command(flatten)]
    pub threads: Threads,
    /// Solve one part of the search cut into N (for a cluster: every machine
    /// computes the same parts), as K/N or K with --parts N, K from 0.
    ///
    /// With --json, print one result line for `solve merge`.
    #[arg(long, value_name = "K/N")]
    pub part: Option<String>,
    /// The number of parts --part K counts from.
    #[arg(long, value_name = "N")]
    pub parts: Option<u64>,
    /// One solution per symmetry class of the symmetries the spec declares in
    /// [symmetry] (grid, rows, columns, values, reverse, map): the search runs
    /// without the breaking constraints and keeps each solution that is the
    /// smallest of its class; with --count, --all, --limit.
    ///
    /// With an [objective]: one optimal solution per class. The search runs
    /// on one thread.
    #[arg(long, conflicts_with = "show_domains")]
    pub unique: bool,
    /// Print the first N events of the search on stderr: each decision,
    /// what each named constraint pruned (declared variables only), each
    /// failure and the constraint that caused it, solutions, restarts.
    ///
    /// The search runs on one thread.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub trace: Option<u64>,
    /// Write the search tree (its first 10,000 events): edges are decisions,
    /// red boxes failures (named by the constraint), green nodes solutions.
    ///
    /// A FILE ending in .svg gets a drawing (no Graphviz needed; a tree of
    /// more than 400 leaves is said to be too wide instead); one ending in
    /// .dot gets Graphviz DOT (`dot -Tpng FILE`). The search runs on one
    /// thread.
    #[arg(long, value_name = "FILE.svg|FILE.dot")]
    pub tree: Option<PathBuf>,
    /// Print the lowered model as a spec of this language (spec names, one
    /// constraint per line with its origin) instead of solving; `solve`
    /// runs it back to the same solutions.
    #[arg(long)]
    pub dump_model: bool,
    /// Print every declared variable's domain after propagation at the
    /// root (before any search decision), instead of solving.
    #[arg(long)]
    pub show_domains: bool,
    /// A puzzle of moves: the start position (overrides [puzzle] start),
    /// written in the spec's alphabet (BB_BBB) or as values (3,0).
    #[arg(long, value_name = "POSITION")]
    pub start: Option<String>,
    /// A puzzle of moves: reach this position instead of the spec's goal.
    #[arg(long, value_name = "POSITION")]
    pub goal: Option<String>,
    /// A puzzle of moves: bfs (fewest moves, the default), iddfs (the same
    /// in little memory) or astar (least cost, with the spec's heuristic).
    #[arg(long, value_name = "NAME", value_parser = choices(solve::moves::METHODS))]
    pub method: Option<String>,
}
