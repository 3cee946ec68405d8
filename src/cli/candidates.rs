//! `solve candidates FILE`: for each declared variable, the values it takes
//! in some solution (its true candidates), one line each.
//!
//! Exit codes: 0 when the spec has a solution, 1 when it has none, 3 when
//! a limit stopped the searches.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit};
use crate::diagnostic::{Diagnostic, Error};
use crate::engine::stop::Stop;
use crate::session::{Session, Stopped};
use crate::steps::Fact;
use crate::steps::say::Words;
use serde_json::json;
use std::path::PathBuf;

/// What `solve candidates` takes.
#[derive(Debug, clap::Args)]
pub struct CandidatesArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// One JSON object per variable: `{"var": "x[1][2]", "values": [...]}`.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &CandidatesArgs, stop: &Stop) -> Run {
    // The values of solutions, not of optima.
    let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
    let model = lowered.model();
    let declared = crate::setter::candidates::declared(model);
    if let Some(message) = crate::setter::candidates::too_wide(model, "candidates are found for") {
        let d = Diagnostic::bare(message).with_help("declare a smaller domain");
        return Err(Error::new(vec![d], &sources));
    }
    let domains: Vec<_> = model.vars.iter().map(|v| v.domain.0.clone()).collect();
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let mut out = Printer::new(args.json);
    let found = match crate::setter::candidates::candidates(&mut session, &declared, &domains) {
        Ok(found) => found,
        Err(Stopped) => {
            note(&format!(
                "solve: {} before the candidates were complete",
                stop.cause()
            ));
            return out.finish(EXIT_LIMIT);
        }
    };
    let Some(values) = found else {
        out.line("no solution");
        return out.finish(EXIT_NONE);
    };
    let words = Words {
        lowered: session.lowered(),
        sources: session.sources(),
        items: &[],
    };
    for &var in &declared {
        let values = values[var.index()].clone();
        if args.json {
            let list = words.json_values(var, &values);
            out.line(&json!({ "var": words.name(var), "values": list }).to_string());
        } else {
            out.line(&words.fact(&Fact { var, values }));
        }
    }
    out.finish(EXIT_FOUND)
}
