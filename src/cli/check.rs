//! `solve check FILE`: the spec read, checked and lowered (every
//! declared symmetry and `[experiments]` entry too), without solving.

use super::{EXIT_FOUND, Params, Run, SpecArgs, add_spec, compare, lower, options, output};
use solve::source::Sources;
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve check` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    params: Params,
}

pub(super) fn run(args: &CheckArgs) -> Run {
    let file = &args.file;
    // Every declaration is built, so that a wrong one is reported here.
    let args = SpecArgs {
        params: args.params.clone(),
        symmetries: true,
        ..SpecArgs::default()
    };
    let mut sources = Sources::default();
    let id = add_spec(file, &mut sources)?;
    let mut options = options(&mut sources, &args, false, &Stop::default())?;
    // And `[generate] derive`, which only generate lowers otherwise.
    options.derive_clues = true;
    let (lowered, sources) = lower(sources, id, &args.params.set, &options)?;
    let lowered = lowered.lowered;
    // The [experiments] entries that only lowering can check.
    compare::check_experiments(&sources, id, &args, &options)?;
    let model = lowered.model();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut out = output::Printer::new(false);
    out.line(&format!(
        "{}: ok ({}, {} after lowering)",
        file.display(),
        plural(model.vars.len(), "variable"),
        plural(model.constraints.len(), "constraint")
    ));
    out.finish(EXIT_FOUND)
}
