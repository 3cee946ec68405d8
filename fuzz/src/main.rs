//! The fuzzer of `solve`, on stable Rust: spec texts from mutated shipped
//! specs and from a grammar-aware generator go through the whole library
//! pipeline in-process (load, names, lowering, a bounded solve, output,
//! and for small specs `explain`, `steps`, `unique` and the count at
//! `probing`), each case with a wall-clock bound and a memory bound. A case fails when it panics, overruns its time (the
//! pipeline's own deadline plus slack), or allocates beyond the memory
//! bound; each failure is written to `fuzz/failures/` as a spec with the
//! reason in a comment, ready to become a regression test in
//! `fuzz/regressions/`.
//!
//! Usage: `fuzz/run.sh SECONDS [SEED]` (or `solve-fuzz SECONDS [SEED]`);
//! `solve-fuzz --emit N SEED DIR` writes N generated specs that lower and
//! whose solutions can be counted quickly (for scripts/minizinc-compare.sh).

mod generate;
mod memory;
mod mutate;
mod puzzle;
mod rng;

use rng::Rng;
use solve::Options;
use solve::diagnostic::DiagnosticKind;
use solve::session::Session;
use solve::source::Sources;
use solve::stop::Stop;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::time::{Duration, Instant};

thread_local! {
    static IN_CASE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Games played and specs whose declared symmetries canonicalised
/// solutions, for the last line.
static GAMES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
static DECLARED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

#[global_allocator]
static ALLOCATOR: memory::Counting = memory::Counting;

/// Each case's own deadline (lowering and search).
const CASE_DEADLINE: Duration = Duration::from_millis(50);
/// A case taking longer than this has ignored its deadline: a failure.
const CASE_WALL: Duration = Duration::from_secs(3);
/// A case allocating more than this at once has escaped the size budget.
const CASE_BYTES: usize = 1536 << 20;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).is_some_and(|a| a == "--emit") {
        let count = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
        let seed = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
        let dir = PathBuf::from(args.get(4).map_or("emitted", String::as_str));
        emit(count, seed, &dir);
        return;
    }
    let seconds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let corpus = shipped_specs(&root.join("specs"));
    // A panic inside a case is caught and reported with the case; one
    // outside (in the fuzzer itself) is reported as usual.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !IN_CASE.get() {
            default_hook(info);
        }
    }));
    let mut rng = Rng::new(seed);
    let failures_dir = root.join("fuzz").join("failures");
    let _ = std::fs::create_dir_all(&failures_dir);
    // One file per seed: fuzzers running side by side keep their own.
    let last_case = failures_dir.join(format!("last-case-{seed}.toml"));
    let end = Instant::now() + Duration::from_secs(seconds);
    let (mut cases, mut failures, mut solved) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    while Instant::now() < end {
        puzzle::new_case();
        let text = if rng.below(40) == 0 {
            puzzle::lattice(&mut rng)
        } else if rng.below(8) == 0 {
            puzzle::spec(&mut rng)
        } else if rng.below(2) == 0 {
            let base = rng.below(corpus.len() as u64) as usize;
            mutate::mutate(&mut rng, &corpus[base])
        } else {
            generate::spec(&mut rng)
        };
        let overrides = generate::overrides(&mut rng);
        cases += 1;
        // Should the case abort the process (an allocation over the hard
        // cap), it is left here to reproduce.
        let _ = std::fs::write(
            &last_case,
            case_file(&text, &overrides, "aborted the fuzzer"),
        );
        match run_case(&text, &overrides) {
            Ok(true) => solved += 1,
            Ok(false) => {}
            Err(reason) => {
                failures += 1;
                let path = save_failure(&root, &text, &overrides, &reason);
                eprintln!("FAILURE ({reason}): {}", path.display());
            }
        }
    }
    let _ = std::fs::remove_file(&last_case);
    let rate = cases as f64 / started.elapsed().as_secs_f64();
    println!(
        "fuzz: seed {seed}: {cases} cases ({rate:.0}/s), {solved} lowered and solved, {failures} failures"
    );
    println!("fuzz: {}", puzzle::summary());
    println!(
        "fuzz: games: {} played; declared symmetries: {} specs canonicalised",
        GAMES.load(std::sync::atomic::Ordering::Relaxed),
        DECLARED.load(std::sync::atomic::Ordering::Relaxed)
    );
    std::process::exit(i32::from(failures > 0));
}

/// One case through the pipeline; `Ok(true)` when it got as far as a
/// search, `Err` with the reason when it failed.
fn run_case(text: &str, overrides: &[String]) -> Result<bool, String> {
    memory::reset_peak();
    let started = Instant::now();
    IN_CASE.set(true);
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| pipeline(text, overrides)));
    IN_CASE.set(false);
    let elapsed = started.elapsed();
    let peak = memory::peak();
    match result {
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(format!("panic: {message}"))
        }
        Ok(_) if elapsed > CASE_WALL => Err(format!("took {:.1} s", elapsed.as_secs_f64())),
        Ok(_) if peak > CASE_BYTES => Err(format!("allocated {} MB", peak >> 20)),
        Ok(solved) => Ok(solved),
    }
}

fn pipeline(text: &str, overrides: &[String]) -> bool {
    let deadline = Instant::now() + CASE_DEADLINE;
    let mut sources = Sources::default();
    let id = sources.add("fuzz.toml", text);
    // The declared symmetries are built too, under the case's deadline.
    let options = Options {
        stop: Stop::at(Some(deadline)),
        symmetries: true,
        ..Options::default()
    };
    let (lowered, run) = match solve::compile(&mut sources, id, overrides, &options) {
        Ok(compiled) => (compiled.lowered, compiled.run),
        Err(diagnostics) => {
            // Rendering must cope with every span the stages produce.
            let _ = solve::diagnostic::Error::new(diagnostics, &sources).to_string();
            return false;
        }
    };
    if lowered.puzzle.is_some() {
        puzzle::search(&lowered, &sources, deadline);
    }
    let small = lowered.model().constraints.len() <= 40;
    let dump = solve::export::spec::export(&lowered, &run, "fuzz.toml");
    let copy = small.then(|| (lowered.clone(), sources.clone()));
    let game = lowered
        .game
        .is_some()
        .then(|| (lowered.clone(), sources.clone()));
    let mut session = bounded(lowered, sources, deadline);
    if session.objective().is_some() {
        let _ = session.optimise(|view, solution, _| {
            let _ = view.render(solution);
            std::ops::ControlFlow::Continue(())
        });
    } else if let Ok(Some(solution)) = session.first() {
        let _ = session.render(&solution);
        let _ = session.json(&solution);
    }
    let count = session.count();
    if small && count.is_complete() {
        dumped_count(&dump, *count.value(), deadline);
        probed_count(text, overrides, *count.value(), deadline);
    }
    symmetries(&mut session);
    if let Some((lowered, sources)) = copy {
        let complete = count.is_complete().then_some(*count.value());
        unique(lowered.clone(), sources.clone(), complete, deadline);
        let steps = (lowered.clone(), sources.clone());
        let _ = solve::explain::explain(lowered, sources, &Stop::at(Some(deadline)));
        walk(steps.0, steps.1, deadline);
    }
    if let Some((lowered, sources)) = game {
        play(lowered, sources, deadline);
    }
    true
}

/// `solve steps` under the case's deadline: each step found is said as
/// text and as JSON.
fn walk(lowered: solve::lowered::Lowered, sources: Sources, deadline: Instant) {
    let stop = Stop::at(Some(deadline));
    let settings = solve::steps::Settings::default();
    let Ok(solve::steps::Walk::Ready(mut stepper)) =
        solve::steps::walk(lowered, sources, Vec::new(), settings, &stop)
    else {
        return;
    };
    let mut number = 0;
    while let Ok(Some(step)) = stepper.next_step() {
        number += 1;
        let words = stepper.words();
        let _ = (
            words.step_text(number, &step),
            words.step_json(number, &step),
        );
    }
    let _ = stepper.ending();
}

/// A session whose searches stop at the case's deadline or after 5,000
/// nodes.
fn bounded(lowered: solve::lowered::Lowered, sources: Sources, deadline: Instant) -> Session {
    let mut session = Session::new(lowered, sources);
    session.set_stop(Stop::at(Some(deadline)).with_nodes(Some(5_000)));
    session
}

/// `--consistency probing` removes only values of no solution: where its
/// count finishes, it is the count.
fn probed_count(text: &str, overrides: &[String], expected: u64, deadline: Instant) {
    let mut sources = Sources::default();
    let id = sources.add("fuzz.toml", text);
    let mut options = Options {
        stop: Stop::at(Some(deadline)),
        ..Options::default()
    };
    options.search.consistency = Some(solve::model::plan::Consistency::Probing);
    let Ok(solve::compile::Compiled { lowered, .. }) =
        solve::compile(&mut sources, id, overrides, &options)
    else {
        return;
    };
    let mut session = bounded(lowered, sources, deadline);
    let count = session.count();
    if count.is_complete() {
        assert_eq!(*count.value(), expected, "probing changed the count");
    }
}

/// `solve unique` agrees with the count (which counts solutions that
/// differ only in auxiliary variables apart: at least as many).
fn unique(
    lowered: solve::lowered::Lowered,
    sources: Sources,
    count: Option<u64>,
    deadline: Instant,
) {
    use solve::setter::unique::{Uniqueness, differences, unique};
    let mut session = Session::new(lowered, sources);
    session.set_stop(Stop::at(Some(deadline)));
    let Ok(answer) = unique(&mut session) else {
        return;
    };
    match (answer, count) {
        (Uniqueness::None, Some(n)) => assert_eq!(n, 0, "unique found none"),
        (Uniqueness::Unique(_), Some(n)) => assert!(n >= 1, "unique found one of {n}"),
        (Uniqueness::Several(a, b), n) => {
            assert!(
                !differences(&session, &a, &b).is_empty(),
                "a witness that does not differ"
            );
            assert!(n.is_none_or(|n| n >= 2), "unique found two of {n:?}");
        }
        _ => {}
    }
}

/// `--dump-model` is a spec of its own with the same solutions: it loads,
/// and where both counts finish they agree.
fn dumped_count(dump: &str, expected: u64, deadline: Instant) {
    let mut sources = Sources::default();
    let id = sources.add("dump.toml", dump);
    let options = Options {
        stop: Stop::at(Some(deadline)),
        ..Options::default()
    };
    let lowered = match solve::compile(&mut sources, id, &[], &options) {
        Ok(compiled) => compiled.lowered,
        Err(diagnostics)
            if diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::Stopped) =>
        {
            return;
        }
        // A model whose values reach past what a spec may declare (an
        // auxiliary domain beyond +-2^40, a constant near +-2^62) cannot
        // always be written back (README, How it works: Dump).
        Err(diagnostics)
            if diagnostics
                .iter()
                .any(|d| d.message.contains("out of range") || d.message.contains("too large")) =>
        {
            return;
        }
        Err(diagnostics) => panic!(
            "the dump does not load: {}\n{dump}",
            solve::diagnostic::Error::new(diagnostics, &sources)
        ),
    };
    let mut session = bounded(lowered, sources, deadline);
    let count = session.count();
    if count.is_complete() {
        assert_eq!(
            *count.value(),
            expected,
            "the dump counts otherwise:\n{dump}"
        );
    }
}

/// Declared symmetries: the first solutions canonicalised (as `--unique`
/// does); a traced search rendered as text and as a tree.
fn symmetries(session: &mut Session) {
    let plan = session.lowered().symmetry.clone();
    if let Ok(classes) = plan.canonicaliser()
        && !plan.is_empty()
    {
        let _ = DECLARED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut solutions = session.solutions();
        for solution in solutions.by_ref().take(20) {
            let key = plan.key_of(solution.values());
            let smallest = classes.canonical(&key);
            assert!(smallest <= key, "a canonical key above its solution's");
            assert_eq!(classes.is_canonical(solution.values()), smallest == key);
        }
    }
    let model = session.lowered().model().clone();
    session.set_recorder(Some(solve::search::trace::Recorder::new(200, true, &model)));
    let _ = session.first();
    if let Some(recorder) = session.recorder() {
        let _ = recorder.text(&model, 200);
        let tree = solve::search::tree::Tree::new(recorder, &model);
        let _ = tree.dot();
        let _ = tree.svg();
    }
    session.set_recorder(None);
}

/// A spec with a `[game]`: the codes, a game of each strategy against the
/// last code (the look-ahead ones on larger games too: under the case's
/// deadline), and every secret, from the spec's opening and from the
/// first code.
fn play(lowered: solve::Lowered, sources: Sources, deadline: Instant) {
    let mut session = Session::new(lowered, sources);
    session.set_stop(Stop::at(Some(deadline)));
    session.set_node_limit(Some(20_000));
    let Ok(mut game) = solve::game::Game::new(session) else {
        return;
    };
    let _ = GAMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let last = game.len() - 1;
    for opening in [None, Some(0)] {
        if let Some(first) = opening {
            game.set_opening(first);
        }
        for &(_, strategy) in solve::game::STRATEGIES {
            if let Ok(moves) = game.play(last, strategy) {
                assert_eq!(
                    moves.last().map(|m| m.0),
                    Some(last),
                    "the game ends on the secret"
                );
                if let Some(first) = game.opening() {
                    assert_eq!(moves[0].0, first, "the opening is the first guess");
                }
                for (_, answer) in &moves {
                    let _ = game.show(answer);
                }
            }
        }
        if game.len() <= 300 {
            let _ = game.play_all(solve::game::Strategy::First, &mut |_, _| {});
            let _ = game.play_all(solve::game::Strategy::Minimax, &mut |_, _| {});
        }
    }
}

/// Writes `count` generated specs that lower and count completely within
/// small limits (no objective: their solutions are compared by count).
fn emit(count: usize, seed: u64, dir: &std::path::Path) {
    std::fs::create_dir_all(dir).expect("the output folder");
    let mut rng = Rng::new(seed);
    let mut written = 0;
    while written < count {
        let text = generate::spec(&mut rng);
        let mut sources = Sources::default();
        let id = sources.add("emit.toml", text.as_str());
        let options = Options {
            no_objective: true,
            ..Options::default()
        };
        let Ok(solve::compile::Compiled { lowered, .. }) =
            solve::compile(&mut sources, id, &[], &options)
        else {
            continue;
        };
        // Small, and within 32 bits: Gecode's integers (the peer the
        // emitted specs are compared with) are 32-bit.
        let small = i64::from(i32::MIN + 1)..=i64::from(i32::MAX);
        let model = lowered.model();
        if model.vars.len() > 40
            || model.vars.iter().any(|v| {
                !(v.domain.min().is_some_and(|lo| small.contains(&lo))
                    && v.domain.max().is_some_and(|hi| small.contains(&hi)))
            })
        {
            continue;
        }
        let mut session = Session::new(lowered, sources);
        session.set_node_limit(Some(100_000));
        if !session.count().is_complete() {
            continue;
        }
        let path = dir.join(format!("random-{seed}-{written:05}.toml"));
        std::fs::write(&path, &text).expect("write a spec");
        written += 1;
    }
}

fn shipped_specs(dir: &std::path::Path) -> Vec<String> {
    let mut specs: Vec<String> = std::fs::read_dir(dir)
        .expect("the specs folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .collect();
    specs.sort();
    assert!(!specs.is_empty(), "no shipped specs to mutate");
    specs
}

fn save_failure(root: &std::path::Path, text: &str, overrides: &[String], reason: &str) -> PathBuf {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let path = root
        .join("fuzz")
        .join("failures")
        .join(format!("{hash:016x}.toml"));
    let _ = std::fs::write(&path, case_file(text, overrides, reason));
    path
}

/// A failing case as a spec file: the reason and the `--set` overrides in
/// comments, then the text.
fn case_file(text: &str, overrides: &[String], reason: &str) -> String {
    format!(
        "# fuzz failure: {}\n# overrides: {}\n{text}",
        reason.replace('\n', " "),
        overrides.join(" ")
    )
}
