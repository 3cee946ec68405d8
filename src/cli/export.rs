//! `solve export --minizinc FILE`: the lowered model as MiniZinc.

use super::{EXIT_FOUND, Params, Run, SpecArgs, compile, output};
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve export` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct ExportArgs {
    /// The spec file.
    file: PathBuf,
    /// As a MiniZinc model (the one language supported).
    #[arg(long, required = true)]
    minizinc: bool,
    #[command(flatten)]
    params: Params,
    /// Drop the [symmetry] section.
    #[arg(long)]
    no_symmetry: bool,
    /// Ignore the [objective] section.
    #[arg(long)]
    no_objective: bool,
}

pub(super) fn run(args: &ExportArgs) -> Run {
    // `--minizinc` is required: the one language there is so far.
    debug_assert!(args.minizinc);
    let file = &args.file;
    let spec = SpecArgs {
        params: args.params.clone(),
        no_symmetry: args.no_symmetry,
        ..SpecArgs::default()
    };
    let (lowered, _) = compile(file, &spec, args.no_objective, &Stop::default())?;
    let mut out = output::Printer::new(false);
    out.text(&solve::export::minizinc::export(
        &lowered,
        &file.display().to_string(),
    ));
    out.finish(EXIT_FOUND)
}
