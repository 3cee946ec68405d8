//! The driver: each model counted by the solver (the binary or the
//! library, `solver.rs`) under several search options and against the
//! brute force, its dump counted back, the tally and the reports of
//! disagreements.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::model::{Model, random_options};
use super::solver::Solver;
use super::threads::check_threads_keep_the_order;
use super::{steps, unique};
use crate::{Rng, TempSpec};

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
    /// Models whose runs went through the binary (the others in process).
    pub(super) binary_models: AtomicUsize,
    /// Dumps counted back (one per model).
    pub(super) dumps: AtomicUsize,
    /// Dumps whose count stopped at the node limit (counted again).
    pub(super) dumps_cut: AtomicUsize,
    pub(super) unsat: AtomicUsize,
    /// `--unique` runs against the brute force's classes, and those
    /// among them that must be refused (a declaration that is no symmetry).
    pub(super) unique: AtomicUsize,
    pub(super) unique_refused: AtomicUsize,
    /// Models run through MiniZinc (`minizinc.rs`).
    pub(super) minizinc: AtomicUsize,
    pub(super) failures: Mutex<Vec<String>>,
}

/// Nodes a dump's count may take before it is counted again with
/// `--consistency propagate`. The dumps of these models mostly take a few
/// hundred nodes; under `consistency = "check"` some took 10^8 (their
/// auxiliary variables are declared variables there, searched with no
/// propagation), and the count must not depend on the level anyway.
pub(super) const DUMP_NODE_LIMIT: u64 = 1_000_000;

/// Dumps the model with `opts` and counts the dump (with its own
/// `[search]`; past [`DUMP_NODE_LIMIT`] nodes, again with `--consistency
/// propagate`): a report unless the dump's count is `expected` (the
/// brute-force count of what was dumped).
fn check_dump(
    (index, seed, text): (u64, u64, &str),
    solver: Solver,
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
    let says = solver.says();
    let dump = match solver.dump(path, text, opts) {
        Ok(dump) => dump,
        Err(message) => {
            return Some(format!(
                "model {index} (DIFFERENTIAL_SEED={seed}): `solve {command}`{says} failed: {message}\n\
                 --- spec ---\n{text}---"
            ));
        }
    };
    let file = TempSpec::new("differential-dump", &dump);
    let mut counted = "`solve --count` of the dump".to_string();
    let got = match solver.limited_count(file.path(), &dump, DUMP_NODE_LIMIT) {
        Ok(Some(n)) => Ok(n),
        Ok(None) => {
            let _ = tally.dumps_cut.fetch_add(1, Ordering::Relaxed);
            counted = format!(
                "`solve --count --consistency propagate` of the dump, \
                 `solve --count` having stopped at {DUMP_NODE_LIMIT} nodes"
            );
            let opts = ["--consistency".into(), "propagate".into()];
            solver.count(file.path(), &dump, &opts)
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
        "model {index} (DIFFERENTIAL_SEED={seed}): the dump of `solve {command}`{says} counts \
         {got} ({counted}), brute force {expected}\n\
         --- spec ---\n{text}--- dump ---\n{dump}---"
    ))
}

fn model_rng(seed: u64, index: u64) -> Rng {
    Rng::new(
        seed.wrapping_mul(0xA24B_AED4_963E_E407) ^ (index + 1).wrapping_mul(0x9FB2_1C65_1E98_DF25),
    )
}

/// Generates model `index` and compares the counts, through the binary
/// for one model in `binary_every` (see [`Solver::of_model`]); returns a
/// report of every disagreement.
pub(super) fn check_model(seed: u64, index: u64, binary_every: u64, tally: &Tally) -> Vec<String> {
    let solver = Solver::of_model(index, binary_every);
    if solver == Solver::Binary {
        let _ = tally.binary_models.fetch_add(1, Ordering::Relaxed);
    }
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
                solver,
                file.path(),
                &opts,
                expected,
                tally,
            ));
        }
        let got = solver.count(file.path(), &text, &opts);
        let _ = tally.runs.fetch_add(1, Ordering::Relaxed);
        if got == Ok(expected) {
            continue;
        }
        let got = match got {
            Ok(n) => n.to_string(),
            Err(message) => format!("an error: {message}"),
        };
        let mut report = format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): `solve {}`{} gave {got}, brute force {expected}\n--- spec ---\n{text}---",
            ["--count"]
                .into_iter()
                .chain(opts.iter().map(String::as_str))
                .chain([file.path()])
                .collect::<Vec<_>>()
                .join(" "),
            solver.says()
        );
        // Which constraint disagrees on its own, to help minimise.
        if model.items.len() > 1 {
            for k in 0..model.items.len() {
                let single = model.only(k);
                let single_text = single.text();
                let single_file = TempSpec::new("differential-item", &single_text);
                let want = single.brute_force(|item| !no_symmetry || !item.symmetry);
                let have = solver.count(single_file.path(), &single_text, &opts);
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
    for failure in super::minizinc::check(index, &model, &text, expected, tally) {
        failures.push(format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): {failure}"
        ));
    }
    if let Some(failure) = unique::check(&model, &text, solver, &mut rng, tally) {
        failures.push(format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): {failure}"
        ));
    }
    if let Some(failure) = steps::check(&model, &text, &mut rng) {
        failures.push(format!(
            "model {index} (DIFFERENTIAL_SEED={seed}): {failure}"
        ));
    }
    let _ = tally.models.fetch_add(1, Ordering::Relaxed);
    failures
}
