//! `solve unique FILE`: one solution, none, or two that differ, with the
//! declared variables where they differ.
//!
//! Exit codes: 0 unique, 1 no solution, 3 several solutions (or a limit
//! stopped the search, or cut a solution's template short: then a note on
//! stderr says so, and the verdict and the solutions are printed all the
//! same, a cut solution as `name = value` lines).

use super::output::{Printer, note, template_cut};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit};
use serde_json::json;
use solve::model::VarId;
use solve::session::{Session, Solution};
use solve::setter::Unanswered;
use solve::setter::unique::{Uniqueness, differences, unique};
use solve::steps::say::Words;
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve unique` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct UniqueArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// One JSON object: `{"solutions": 0|1|2, "solution": ...}` or, for
    /// two, `"first"`, `"second"` and `"differ"` (each differing variable
    /// with its two values).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &UniqueArgs, stop: &Stop) -> Run {
    let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let mut out = Printer::new(args.json);
    let answer = match unique(&mut session) {
        Ok(answer) => answer,
        Err(Unanswered::Stopped(_)) => {
            note(&format!(
                "solve: {} before uniqueness was decided",
                stop.cause()
            ));
            return out.finish(EXIT_LIMIT);
        }
        Err(Unanswered::Error(e)) => return Err(e),
    };
    match answer {
        Uniqueness::None => {
            if args.json {
                out.line(&json!({ "solutions": 0 }).to_string());
            } else {
                out.line("no solution");
            }
            out.finish(EXIT_NONE)
        }
        Uniqueness::Unique(solution) => {
            let cut = if args.json {
                let s = session.json(&solution);
                out.line(&json!({ "solutions": 1, "solution": s }).to_string());
                false
            } else {
                out.line("unique: one solution");
                out.line("");
                shown(&mut out, &session, &solution, false)?
            };
            out.finish(if cut { EXIT_LIMIT } else { EXIT_FOUND })
        }
        Uniqueness::Several(first, second) => {
            let differ = differences(&session, &first, &second);
            if args.json {
                out.line(&several_json(&session, &first, &second, &differ).to_string());
            } else {
                for line in difference_lines(&session, &first, &second, &differ) {
                    out.line(&line);
                }
                out.line("");
                out.line("first solution:");
                let cut = shown(&mut out, &session, &first, false)?;
                out.line("");
                out.line("second solution:");
                let _ = shown(&mut out, &session, &second, cut)?;
            }
            out.finish(EXIT_LIMIT)
        }
    }
}

/// A solution as `solve` prints it, its template cut short by the time
/// limit as there (the note once, when `cut` says it was not yet said);
/// whether the template was cut, then or before.
fn shown(
    out: &mut Printer,
    session: &Session,
    solution: &Solution,
    cut: bool,
) -> Result<bool, solve::diagnostic::Error> {
    let printed = session.printed(solution)?;
    out.line(printed.text.trim_end());
    if printed.cut && !cut {
        template_cut();
    }
    Ok(cut || printed.cut)
}

/// "not unique: two solutions differ on K variables", then each one with
/// its two values (`x[1][2] = 3 or 5`).
pub(super) fn difference_lines(
    session: &Session,
    first: &Solution,
    second: &Solution,
    differ: &[VarId],
) -> Vec<String> {
    let words = words(session);
    let mut lines = vec![format!(
        "not unique: two solutions differ on {} variable{}:",
        differ.len(),
        if differ.len() == 1 { "" } else { "s" }
    )];
    for &x in differ {
        lines.push(format!(
            "{} = {} or {}",
            words.name(x),
            words.value(x, first.values()[x.index()]),
            words.value(x, second.values()[x.index()])
        ));
    }
    lines
}

pub(super) fn several_json(
    session: &Session,
    first: &Solution,
    second: &Solution,
    differ: &[VarId],
) -> serde_json::Value {
    let words = words(session);
    let differ: Vec<_> = (differ.iter())
        .map(|&x| {
            let (a, b) = (first.values()[x.index()], second.values()[x.index()]);
            json!({ "var": words.name(x), "first": words.json_value(x, a), "second": words.json_value(x, b) })
        })
        .collect();
    json!({
        "solutions": 2,
        "first": session.json(first),
        "second": session.json(second),
        "differ": differ,
    })
}

fn words(session: &Session) -> Words<'_> {
    Words {
        lowered: session.lowered(),
        sources: session.sources(),
        items: &[],
    }
}
