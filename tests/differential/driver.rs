//! The driver: each model counted by the solver under several search
//! options and against the brute force, its dump counted back, the tally
//! and the reports of disagreements.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::model::{Model, random_options};
use super::threads::check_threads_keep_the_order;
use super::unique;
use crate::{Rng, TempSpec, count, solve};

pub(super) fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a number")),
        Err(_) => default,
    }
}

#[derive(Default)]
pub(super) struct Tally {
    pub(super) models: AtomicUsize,
    pub(super) runs: AtomicUsize,
    /// Dumps counted back (one per model).
    pub(super) dumps: AtomicUsize,
    /// Dumps whose count stopped at the node limit (counted again).
    pub(super) dumps_cut: AtomicUsize,
    pub(super) unsat: AtomicUsize,
    /// `--unique` runs against the brute force's classes, and those
    /// among them that must be refused (a declaration that is no symmetry).
    pub(super) unique: AtomicUsize,
    pub(super) unique_refused: AtomicUsize,
    pub(super) failures: Mutex<Vec<String>>,
}

/// The count `solve --count` prints for the spec with `opts`, or the
/// message of the harness's panic (a spec error, a wrong exit code, a crash).
fn solver_count(path: &str, opts: &[String]) -> Result<u64, String> {
    let mut args = vec![path];
    args.extend(opts.iter().map(String::as_str));
    catch_unwind(AssertUnwindSafe(|| count(&args))).map_err(panic_message)
}

/// The message of a panic caught from the harness.
pub(super) fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".to_string())
}

/// The text `solve --dump-model` prints for the spec with `opts`, or why
/// there is none (a non-zero exit, a crash).
fn solver_dump(path: &str, opts: &[String]) -> Result<String, String> {
    let mut args = vec!["--dump-model", path];
    args.extend(opts.iter().map(String::as_str));
    match catch_unwind(AssertUnwindSafe(|| solve(&args))) {
        Ok((stdout, _, 0)) => Ok(stdout),
        Ok((_, stderr, code)) => Err(format!("exit {code}\nstderr:\n{stderr}")),
        Err(payload) => Err(panic_message(payload)),
    }
}

/// Nodes a dump's count may take before it is counted again with
/// `--consistency propagate`. The dumps of these models mostly take a few
/// hundred nodes; under `consistency = "check"` some took 10^8 (their
/// auxiliary variables are declared variables there, searched with no
/// propagation), and the count must not depend on the level anyway.
pub(super) const DUMP_NODE_LIMIT: u64 = 1_000_000;

/// `solve --count --node-limit N` of `path`: the count, `None` when the
/// limit stopped the search (exit 3), or why there is none (a spec error,
/// a crash, a count with the wrong exit code).
fn limited_count(path: &str, limit: u64) -> Result<Option<u64>, String> {
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

/// Dumps the model with `opts` and counts the dump (with its own
/// `[search]`; past [`DUMP_NODE_LIMIT`] nodes, again with `--consistency
/// propagate`): a report unless the dump's count is `expected` (the
/// brute-force count of what was dumped).
fn check_dump(
    (index, seed, text): (u64, u64, &str),
    path: &str,
    opts: &[String],
    expected: u64,
    tally: &Tally,
) -> Option<String> {
    let _ = tally.dumps.fetch_add(1, Ordering::Relaxed);
    let command = ["--dump-model"]
        .into_iter()
        .chain(opts.iter().map(String::as_str))
        .chain([path])
        .collect::<Vec<_>>()
        .join(" ");
    let dump = match solver_dump(path, opts) {
        Ok(dump) => dump,
        Err(message) => {
            return Some(format!(
                "model {index} (DIFFERENTIAL_SEED={seed}): `solve {command}` failed: {message}\n\
                 --- spec ---\n{text}---"
            ));
        }
    };
    let file = TempSpec::new("differential-dump", &dump);
    let mut counted = "`solve --count` of the dump".to_string();
    let got = match limited_count(file.path(), DUMP_NODE_LIMIT) {
        Ok(Some(n)) => Ok(n),
        Ok(None) => {
            let _ = tally.dumps_cut.fetch_add(1, Ordering::Relaxed);
            counted = format!(
                "`solve --count --consistency propagate` of the dump, \
                 `solve --count` having stopped at {DUMP_NODE_LIMIT} nodes"
            );
            solver_count(file.path(), &["--consistency".into(), "propagate".into()])
        }
        Err(message) => Err(message),
    };
    if got == Ok(expected) {
        return None;
    }
    let got = match got {
        Ok(n) => n.to_string(),
        Err(message) => format!("an error: {message}"),
    };
    Some(format!(
        "model {index} (DIFFERENTIAL_SEED={seed}): the dump of `solve {command}` counts {got} \
         ({counted}), brute force {expected}\n\
         --- spec ---\n{text}--- dump ---\n{dump}---"
    ))
}

fn model_rng(seed: u64, index: u64) -> Rng {
    Rng::new(
        seed.wrapping_mul(0xA24B_AED4_963E_E407) ^ (index + 1).wrapping_mul(0x9FB2_1C65_1E98_DF25),
    )
}

/// Generates model `index` and compares the counts; returns a report of
/// every disagreement.
pub(super) fn check_model(seed: u64, index: u64, tally: &Tally) -> Vec<String> {
    let mut rng = model_rng(seed, index);
    let model = Model::random(&mut rng);
    let text = model.text();
    if std::env::var_os("DIFFERENTIAL_PRINT").is_some() {
        eprintln!("model {index}:\n{text}");
    }
    let file = TempSpec::new("differential", &text);
    let expected = model.brute_force(|_| true);
    let mut runs: Vec<Vec<String>> = vec![Vec::new()];
    for _ in 0..4 {
        runs.push(random_options(&mut rng, &model.shape));
    }
    if model.has_symmetry() {
        let mut opts = random_options(&mut rng, &model.shape);
        opts.push("--no-symmetry".to_string());
        runs.push(opts);
    }
    if expected == 0 {
        let _ = tally.unsat.fetch_add(1, Ordering::Relaxed);
    }
    let mut failures = Vec::new();
    // The run whose model is dumped: each in turn, over the models.
    let dumped = index as usize % runs.len();
    for (r, opts) in runs.into_iter().enumerate() {
        let no_symmetry = opts.iter().any(|o| o == "--no-symmetry");
        let expected = if no_symmetry {
            model.brute_force(|item| !item.symmetry)
        } else {
            expected
        };
        if r == dumped {
            failures.extend(check_dump(
                (index, seed, &text),
                file.path(),
                &opts,
                expected,
                tally,
            ));
        }
        let got = solver_count(file.path(), &opts);
        let _ = tally.runs.fetch_add(1, Ordering::Relaxed);
        if got == Ok(expected) {
            continue;
        }
        let got = match got {
            Ok(n) => n.to_string(),
            Err(message) => format!("an error: {message}"),
        };
        let mut report = format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): `solve {}` gave {got}, brute force {expected}\n--- spec ---\n{text}---",
            ["--count"]
                .into_iter()
                .chain(opts.iter().map(String::as_str))
                .chain([file.path()])
                .collect::<Vec<_>>()
                .join(" ")
        );
        // Which constraint disagrees on its own, to help minimise.
        if model.items.len() > 1 {
            for k in 0..model.items.len() {
                let single = model.only(k);
                let single_file = TempSpec::new("differential-item", &single.text());
                let want = single.brute_force(|item| !no_symmetry || !item.symmetry);
                let have = solver_count(single_file.path(), &opts);
                let have = match have {
                    Ok(n) => n.to_string(),
                    Err(_) => "an error".to_string(),
                };
                report.push_str(&format!(
                    "\nitem {k} alone: solve {have}, brute force {want}"
                ));
            }
        }
        failures.push(report);
    }
    failures.extend(check_threads_keep_the_order(
        index,
        &model,
        file.path(),
        &text,
    ));
    if let Some(failure) = unique::check(&model, &text, &mut rng, tally) {
        failures.push(format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): {failure}"
        ));
    }
    let _ = tally.models.fetch_add(1, Ordering::Relaxed);
    failures
}
