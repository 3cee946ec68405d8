//! The two ways a model's runs reach the solver: the `solve` binary (a
//! process per run, its printed count and exit code checked) or the
//! library in process (`library.rs`); the same questions, the same
//! answers, any failure (a spec error, a wrong exit code, a panic) as a
//! message.

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::library;
use crate::{count, solve};

/// How the runs of one model reach the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Solver {
    Binary,
    Library,
}

impl Solver {
    /// The solver of model `index`: the binary for one model in `every`
    /// (none when `every` is 0), the library for the others.
    pub(super) fn of_model(index: u64, every: u64) -> Solver {
        if every != 0 && index.is_multiple_of(every) {
            Solver::Binary
        } else {
            Solver::Library
        }
    }

    /// What a report adds after the command a run stands for.
    pub(super) fn says(self) -> &'static str {
        match self {
            Solver::Binary => "",
            Solver::Library => " (in process)",
        }
    }

    /// The count `solve --count OPTS PATH` gives for the spec `text` at
    /// `path`, or why there is none.
    pub(super) fn count(self, path: &str, text: &str, opts: &[String]) -> Result<u64, String> {
        match self {
            Solver::Binary => {
                let mut args = vec![path];
                args.extend(opts.iter().map(String::as_str));
                catch_unwind(AssertUnwindSafe(|| count(&args))).map_err(panic_message)
            }
            Solver::Library => caught(|| library::count(path, text, opts)),
        }
    }

    /// The text `solve --dump-model OPTS PATH` prints, or why there is
    /// none (a non-zero exit, a crash).
    pub(super) fn dump(self, path: &str, text: &str, opts: &[String]) -> Result<String, String> {
        match self {
            Solver::Binary => {
                let mut args = vec!["--dump-model", path];
                args.extend(opts.iter().map(String::as_str));
                match catch_unwind(AssertUnwindSafe(|| solve(&args))) {
                    Ok((stdout, _, 0)) => Ok(stdout),
                    Ok((_, stderr, code)) => Err(format!("exit {code}\nstderr:\n{stderr}")),
                    Err(payload) => Err(panic_message(payload)),
                }
            }
            Solver::Library => caught(|| library::dump(path, text, opts)),
        }
    }

    /// `solve --count --node-limit LIMIT PATH`: the count, `None` when the
    /// limit stopped the search (exit 3), or why there is none (a spec
    /// error, a crash, a count with the wrong exit code).
    pub(super) fn limited_count(
        self,
        path: &str,
        text: &str,
        limit: u64,
    ) -> Result<Option<u64>, String> {
        match self {
            Solver::Binary => binary_limited_count(path, limit),
            Solver::Library => caught(|| library::limited_count(path, text, limit)),
        }
    }

    /// `solve --unique --count PATH`: its stdout, stderr and exit code (a
    /// panic in process as exit 101, as Rust ends a process).
    pub(super) fn unique_count(self, path: &str, text: &str) -> (String, String, i32) {
        match self {
            Solver::Binary => solve(&[path, "--unique", "--count"]),
            Solver::Library => catch_unwind(AssertUnwindSafe(|| library::unique_count(path, text)))
                .unwrap_or_else(|payload| (String::new(), panic_message(payload), 101)),
        }
    }
}

/// `run`'s answer, or its panic's message.
fn caught<T>(run: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(run))
        .map_err(|payload| format!("panicked: {}", panic_message(payload)))?
}

/// The message of a panic caught from the harness.
pub(super) fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".to_string())
}

/// [`Solver::limited_count`] by the binary.
fn binary_limited_count(path: &str, limit: u64) -> Result<Option<u64>, String> {
    let limit = limit.to_string();
    let args = ["--count", "--node-limit", limit.as_str(), path];
    let (stdout, stderr, code) =
        catch_unwind(AssertUnwindSafe(|| solve(&args))).map_err(panic_message)?;
    if code == 3 {
        return Ok(None);
    }
    let n: u64 = stdout.trim().parse().map_err(|_| {
        format!("solve {args:?}: exit {code}, expected a count, got {stdout:?}\nstderr:\n{stderr}")
    })?;
    if code != if n == 0 { 1 } else { 0 } {
        return Err(format!(
            "solve {args:?} printed {n}: wrong exit code {code}\nstderr:\n{stderr}"
        ));
    }
    Ok(Some(n))
}
