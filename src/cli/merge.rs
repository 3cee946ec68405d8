//! `solve merge [FILES...]`: the result lines of every part of a run cut
//! with `--part K/N --json`, put together and printed as one run on one
//! machine prints them.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run};
use solve::diagnostic::{Diagnostic, Error};
use solve::driver::Ask;
use solve::driver::part::{MergeError, Merged, PartResult, merge};
use solve::source::Sources;
use std::io::Read as _;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub(crate) struct MergeArgs {
    /// Files of result lines (`solve FILE --part K/N --json`, one line
    /// each); none: standard input.
    pub files: Vec<PathBuf>,
    /// Print the solutions as JSON objects, one per line.
    #[arg(long)]
    pub json: bool,
}

fn failure(message: String) -> Error {
    Error::new(vec![Diagnostic::bare(message)], &Sources::default())
}

/// Reads every result line of `files` (or stdin).
fn read(files: &[PathBuf]) -> Result<Vec<PartResult>, Error> {
    let mut texts = Vec::new();
    if files.is_empty() {
        let mut text = String::new();
        let _ = std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| failure(format!("cannot read standard input: {e}")))?;
        texts.push(("<stdin>".to_string(), text));
    }
    for f in files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| failure(format!("cannot read `{}`: {e}", f.display())))?;
        texts.push((f.display().to_string(), text));
    }
    let mut results = Vec::new();
    for (name, text) in &texts {
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let result = PartResult::read(line).ok_or_else(|| {
                failure(format!(
                    "{name}:{}: not a part's result line (expected the one JSON line of `solve FILE --part K/N --json`)",
                    i + 1
                ))
            })?;
            results.push(result);
        }
    }
    Ok(results)
}

pub(super) fn run(args: &MergeArgs) -> Run {
    let merged = match merge(read(&args.files)?) {
        Ok(m) => m,
        Err(MergeError::Refused(why)) => return Err(failure(format!("cannot merge: {why}"))),
        Err(MergeError::Incomplete(why)) => {
            note(&format!("error: cannot merge: {why}"));
            return Ok(EXIT_LIMIT);
        }
    };
    let mut out = Printer::new(args.json);
    let code = print(&merged, &mut out);
    if !merged.complete {
        note("solve: a part was stopped by a limit; the merged answer is incomplete");
    }
    out.finish(code)
}

/// Prints the merged run as `solve FILE` prints the same flags.
fn print(m: &Merged, out: &mut Printer) -> u8 {
    let stopped = (!m.complete).then_some("a part was stopped by a limit");
    let show = |out: &mut Printer, n: usize| {
        for s in m.solutions.iter().take(n) {
            out.rendered(&s.json, &s.text);
        }
    };
    let optimal = |out: &mut Printer, v: i64| {
        if m.complete {
            out.summary(
                &format!("optimal: {v}"),
                serde_json::json!({ "optimal": v }),
            );
        } else {
            out.summary(
                &format!("best found: {v} (not proven optimal)"),
                serde_json::json!({ "best_found": v, "proven": false }),
            );
        }
    };
    let found = match (m.ask, m.best) {
        (Ask::Count, best) => {
            if let Some(v) = best {
                optimal(out, v);
            }
            out.count(m.count, stopped);
            m.count > 0
        }
        (Ask::All { .. }, best) => {
            if let Some(v) = best {
                optimal(out, v);
            }
            show(out, usize::MAX);
            out.solution_count(m.count, stopped);
            m.count > 0
        }
        (Ask::First, best) => {
            show(out, 1);
            if let Some(v) = best {
                optimal(out, v);
            } else if m.solutions.is_empty() && m.complete {
                out.no_solution();
            }
            !m.solutions.is_empty()
        }
    };
    if !m.complete {
        EXIT_LIMIT
    } else if found {
        EXIT_FOUND
    } else {
        EXIT_NONE
    }
}
