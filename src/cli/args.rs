//! The flags more than one subcommand takes, declared once: the params
//! (`--set`), the time limit, and how to read the spec and search it.

use super::choices;
use crate::model::plan::{RESTARTS, VALUE_ORDERS, VAR_ORDERS};

/// `--set NAME=VALUE`, the params a run overrides: every subcommand that
/// reads a spec takes it.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Params {
    /// Override a param: NAME=VALUE, the value an expression, e.g. n=12 or 'history=[[0,1,2,3,0,2]]' (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

/// `--time-limit SECONDS`: every subcommand that searches takes it.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct TimeLimit {
    /// Stop after this many seconds of the whole run: reading, lowering and search (exit 3 if it had not finished).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

/// `--threads N`: every subcommand whose search can be spread over the
/// cores takes it.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct Threads {
    /// Search with N threads (default: [search] threads, else every core the
    /// process may use).
    ///
    /// The answers do not depend on N: the same count, the same solutions
    /// printed in the same order (with static search orders), the same optimum.
    /// `--threads 1` is the sequential engine.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
}

impl Threads {
    /// The threads to use: this flag's, else the spec's, else every core.
    pub fn resolve(self, spec: Option<u64>) -> usize {
        self.threads
            .or(spec)
            .map_or_else(crate::parallel::available_threads, |n| n as usize)
    }
}

/// How to read the spec and search it: shared by solving and explaining.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct SpecArgs {
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
    /// Seed of the random choices (overrides [search] seed; default 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub seed: Option<u64>,
    /// How hard constraints work: LEVEL for all of them, or NAME=LEVEL for one
    /// named constraint (comma-separated, repeatable; `all=LEVEL` is LEVEL).
    ///
    /// Levels: check (test once all its variables are fixed:
    /// generate-and-test), early (fail as soon as fixed variables violate it;
    /// alldifferent only), propagate (the default), bounds (alldifferent also
    /// prunes bounds by Hall intervals), domain (alldifferent: domain
    /// consistency by Régin's matching).
    #[arg(long, value_name = "[NAME=]LEVEL")]
    pub consistency: Vec<String>,
    /// Build the declared symmetries' group elements (set by `--unique`,
    /// `check-symmetry` and `check`; lex-leader breaking builds them too):
    /// a run that does not use them does not pay for them.
    #[arg(skip)]
    pub symmetries: bool,
}
