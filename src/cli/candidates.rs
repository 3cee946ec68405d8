//! `solve candidates FILE`: for each declared variable, the values it takes
//! in some solution (its true candidates), one line each; with
//! `--count-up-to N`, how many solutions give each value, up to N.
//!
//! Exit codes: 0 when the spec has a solution, 1 when it has none, 3 when
//! a limit stopped the searches.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit};
use serde_json::json;
use solve::diagnostic::{Diagnostic, Error};
use solve::facts::Fact;
use solve::session::Session;
use solve::steps::say::Words;
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve candidates` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct CandidatesArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// One JSON object per variable: `{"var": "x[1][2]", "values": [...]}`
    /// (with --count-up-to, `"counts"` too, one per value).
    #[arg(long)]
    json: bool,
    /// Also count, for each candidate value, the solutions that give it,
    /// up to N (`x[1][2] ∈ {1: 3, 4: 10+}` with N = 10).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count_up_to: Option<u64>,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &CandidatesArgs, stop: &Stop) -> Run {
    // The values of solutions, not of optima.
    let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
    let model = lowered.model();
    let declared = solve::facts::candidates::shown(model);
    if let Some(message) = solve::facts::candidates::too_wide(model, "candidates are found for") {
        let d = Diagnostic::bare(message).with_help("declare a smaller domain");
        return Err(Error::new(vec![d], &sources));
    }
    let domains: Vec<_> = model.vars.iter().map(|v| v.domain.0.clone()).collect();
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let mut out = Printer::new(args.json);
    let found = match solve::facts::candidates::candidates(&mut session, &declared, &domains) {
        Ok(found) => found,
        Err(_) => {
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
    let counts = match args.count_up_to {
        None => None,
        Some(cap) => {
            match solve::facts::candidates::counts(&mut session, &declared, &values, cap) {
                Ok(counts) => Some((cap, counts)),
                Err(_) => {
                    note(&format!(
                        "solve: {} before the counts were complete",
                        stop.cause()
                    ));
                    return out.finish(EXIT_LIMIT);
                }
            }
        }
    };
    let words = Words {
        lowered: session.lowered(),
        sources: session.sources(),
        items: &[],
    };
    for &var in &declared {
        let values = values[var.index()].clone();
        let line = match (&counts, args.json) {
            (None, true) => {
                let list = words.json_values(var, &values);
                json!({ "var": words.name(var), "values": list }).to_string()
            }
            (None, false) => words.fact(&Fact { var, values }),
            (Some((_, counts)), true) => {
                let list = words.json_values(var, &values);
                let n = &counts[var.index()];
                json!({ "var": words.name(var), "values": list, "counts": n }).to_string()
            }
            (Some((cap, counts)), false) => {
                let each: Vec<String> = (values.iter())
                    .flat_map(|&(lo, hi)| lo..=hi)
                    .zip(&counts[var.index()])
                    .map(|(v, &n)| {
                        let plus = if n >= *cap { "+" } else { "" };
                        format!("{}: {n}{plus}", words.value(var, v))
                    })
                    .collect();
                format!("{} ∈ {{{}}}", words.name(var), each.join(", "))
            }
        };
        out.line(&line);
    }
    out.finish(EXIT_FOUND)
}
