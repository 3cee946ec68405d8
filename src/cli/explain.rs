//! `solve explain FILE`: for a spec with no solution, a minimal set of its
//! named constraints that already has none, one per line.

use super::output::{Printer, note};
use super::steps::{print_start, print_steps};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit};
use crate::engine::stop::Stop;
use crate::explain::{Explanation, explain};
use crate::lowered::Lowered;
use crate::source::Sources;
use crate::steps::{Ending, Settings, walk_to_conflict};
use std::path::PathBuf;

/// What `solve explain` takes.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// Then derive the conflict step by step inside the set found, as
    /// `solve steps` derives values, until a variable has no value left.
    #[arg(long)]
    steps: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &ExplainArgs, stop: &Stop) -> Run {
    let file = &args.file;
    // With the objective: where it is undefined (`10 / (x - 3)` at x = 3)
    // no solution counts, as for `solve`, and that is a constraint of its
    // own, named `objective`.
    let (lowered, sources) = super::compile(file, &args.spec, false, stop)?;
    let mut out = Printer::new(false);
    let kept = args.steps.then(|| (lowered.clone(), sources.clone()));
    let code = match explain(lowered, sources, stop) {
        Ok(Explanation::Satisfiable) => {
            out.line(&format!(
                "{} has a solution: there is no conflict to explain",
                file.display()
            ));
            EXIT_FOUND
        }
        Ok(Explanation::Conflict(names)) => {
            if names.is_empty() {
                note("the variables' domains alone have no solution");
            } else {
                note(&format!(
                    "these {} constraints have no solution together; without any one of them there is one:",
                    names.len()
                ));
            }
            for name in &names {
                out.line(name);
            }
            match kept {
                Some((lowered, sources)) => derive(&mut out, lowered, sources, &names, stop),
                None => EXIT_NONE,
            }
        }
        Err(_) => {
            note(&format!(
                "solve: {} before the explanation was complete",
                stop.cause()
            ));
            EXIT_LIMIT
        }
    };
    out.finish(code)
}

/// `--steps`: the conflict among `names` derived step by step.
fn derive(
    out: &mut Printer,
    lowered: Lowered,
    sources: Sources,
    names: &[String],
    stop: &Stop,
) -> u8 {
    let mut stepper = walk_to_conflict(lowered, sources, names, Settings::default(), stop);
    out.line("");
    print_start(out, false, &stepper);
    match print_steps(out, false, &mut stepper) {
        Ok(_) => {}
        Err(_) => {
            note(&format!(
                "solve: {} before the steps were complete",
                stop.cause()
            ));
            return EXIT_LIMIT;
        }
    }
    if let Ending::Conflict(var) = stepper.ending() {
        out.line(&format!(
            "so {} has no value left: these constraints have no solution together",
            stepper.words().name(var)
        ));
    }
    EXIT_NONE
}
