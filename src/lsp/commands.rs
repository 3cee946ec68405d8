//! The lenses' commands beside "explain" (`navigate.rs`): `solve.solution`
//! shows the first solution as `solve` prints it (with an objective, the
//! best), `solve.count` counts the solutions as `solve --count` does
//! (with an objective, the optimal ones), both through the driver with
//! the spec's threads, and `solve.candidates` finds the values each
//! variable takes in some solution (`solve candidates`), each under a deadline;
//! `solve.status` says at more length what a lens with nothing to run
//! says ("solving…", "fix the errors to solve"). The answer goes to the
//! editor as a message (and as the command's result).

use super::Doc;
use solve::driver::{self, Ask, Event, Query};
use solve::parallel::Spread;
use solve::session::Session;
use solve::spec::settings::RunSettings;
use solve::stop::Stop;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

pub(super) const SOLUTION: &str = "solve.solution";
pub(super) const COUNT: &str = "solve.count";
pub(super) const CANDIDATES: &str = "solve.candidates";
pub(super) const STATUS: &str = "solve.status";
/// The command that shows why a spec has no solution (`navigate::explain`).
pub(super) const EXPLAIN: &str = "solve.explain";

/// Every command the server runs, as `initialize` advertises them: a
/// lens's command is always one of these.
pub(super) const ALL: &[&str] = &[SOLUTION, COUNT, CANDIDATES, STATUS, EXPLAIN];

/// How long a command may search.
const DEADLINE: Duration = Duration::from_secs(5);

/// Lines of candidates shown at most.
const SHOWN: usize = 40;

fn session(doc: &Doc) -> Option<(Session, Stop)> {
    let (lowered, sources) = doc.analysis.lowered.as_ref()?;
    let stop = Stop::at(Instant::now().checked_add(DEADLINE));
    let mut session = Session::new(lowered.clone(), sources.clone());
    session.set_stop(stop.clone());
    Some((session, stop))
}

/// `solve.solution`: the first solution in the spec's search order, as
/// `solve` prints it, or why there is none to show.
pub(super) fn solution(doc: &Doc) -> String {
    let Some((mut session, _)) = session(doc) else {
        return "no solution shown: the spec has errors, or took too long to lower".to_string();
    };
    let mut shown: Option<Result<String, String>> = None;
    let mut sink = |event: Event<'_>| {
        let (view, solution, label) = match event {
            Event::Solution(view, s) => (view, s, "first solution"),
            Event::Optimum(view, s, _) => (view, s, "best solution"),
            Event::BestFound(view, s, _) => (view, s, "best found, not proven"),
            _ => return ControlFlow::Continue(()),
        };
        shown = Some(match view.render(solution) {
            Ok(text) => Ok(format!("{label}:\n{}", text.trim_end())),
            Err(e) => Err(e.to_string()),
        });
        ControlFlow::Continue(())
    };
    let first = query(&doc.analysis.run(), Ask::First);
    let outcome = driver::run(&mut session, &first, &mut sink);
    match (outcome, shown) {
        (Err(e), _) => e.to_string(),
        (Ok(_), Some(Ok(text) | Err(text))) => text,
        (Ok(o), None) if o.is_complete() => "no solution".to_string(),
        (Ok(_), None) => format!("no solution found in {} s", DEADLINE.as_secs()),
    }
}

/// `ask` as the command line asks it: over the spec's threads (every core
/// when it names none), no progress.
fn query(run: &RunSettings, ask: Ask) -> Query<'static> {
    Query {
        ask,
        spread: Spread::threads(run.threads()),
        classes: None,
        progress: None,
    }
}

/// `solve.status`: what the lens over the spec means, at more length.
pub(super) fn status(doc: &Doc) -> String {
    let a = &doc.analysis;
    let errors: Vec<&lsp_types::Diagnostic> = (a.diagnostics.iter())
        .filter(|d| d.severity == Some(lsp_types::DiagnosticSeverity::ERROR))
        .collect();
    if let Some(first) = errors.first() {
        let message = first.message.lines().next().unwrap_or("");
        return format!(
            "{} error{} to fix before the spec is solved; the first, line {}: {message}",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" },
            first.range.start.line + 1,
        );
    }
    if a.lowered.is_none() {
        return "not solved as you type: lowering the spec took longer than the editor allows; \
                run `solve` on the file"
            .to_string();
    }
    match &doc.verdict {
        None => format!(
            "looking for two solutions (for {} s at most): the lens changes when done",
            super::worker::SOLVE_DEADLINE.as_secs()
        ),
        Some(_) => "the lens says what the search for two solutions found".to_string(),
    }
}

/// `solve.count`: "92 solutions", or how far it got.
pub(super) fn count(doc: &Doc) -> String {
    let Some((mut session, _)) = session(doc) else {
        return "not counted: the spec has errors, or took too long to lower".to_string();
    };
    let quiet = &mut |_: Event<'_>| ControlFlow::Continue(());
    let count = query(&doc.analysis.run(), Ask::Count);
    let c = match driver::run(&mut session, &count, quiet) {
        Ok(c) => c,
        Err(e) => return e.to_string(),
    };
    match (c.value().found, c.is_complete()) {
        (1, true) => "1 solution".to_string(),
        (n, true) => format!("{n} solutions"),
        (n, false) => format!(
            "at least {n} solutions (stopped after {} s)",
            DEADLINE.as_secs()
        ),
    }
}

/// `solve.candidates`: each declared variable's values in some solution.
pub(super) fn candidates(doc: &Doc) -> String {
    use solve::facts::candidates::{candidates, shown, too_wide};
    let Some((mut session, _)) = session(doc) else {
        return "no candidates: the spec has errors, or took too long to lower".to_string();
    };
    let model = session.lowered().model().clone();
    if let Some(message) = too_wide(&model, "candidates are found for") {
        return message;
    }
    let vars = shown(&model);
    let domains: Vec<_> = model.vars.iter().map(|v| v.domain.0.clone()).collect();
    match candidates(&mut session, &vars, &domains) {
        Err(_) => format!("stopped after {} s", DEADLINE.as_secs()),
        Ok(None) => "no solution".to_string(),
        Ok(Some(values)) => {
            let lines: Vec<String> = vars
                .iter()
                .map(|&x| {
                    let parts: Vec<String> = values[x.index()]
                        .iter()
                        .map(|&(a, b)| {
                            if a == b {
                                a.to_string()
                            } else {
                                format!("{a}..{b}")
                            }
                        })
                        .collect();
                    format!("{}: {{{}}}", model.vars[x.index()].name, parts.join(", "))
                })
                .collect();
            let more = lines.len().saturating_sub(SHOWN);
            let mut text = lines.into_iter().take(SHOWN).collect::<Vec<_>>().join("\n");
            if more > 0 {
                text.push_str(&format!("\n... and {more} more"));
            }
            text
        }
    }
}
