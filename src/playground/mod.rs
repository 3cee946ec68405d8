//! What the browser playground asks of the library: a request as JSON,
//! answered by events as JSON values, one at a time, as the work goes on.
//! Plain computation with no clock but [`crate::host`]'s and no threads,
//! so it runs the same natively (tested) and in the page's worker
//! (`web/wasm`, the WebAssembly module, is this behind a C ABI).
//!
//! Requests (`op`):
//! - `check`: `{spec, set}` → one `diagnostics` event: the messages the
//!   command line would print, each with its span in the spec (UTF-16
//!   offsets, as the editor counts) and its help line.
//! - `solve`: `{spec, set, mode, limit, search, no_symmetry, time_limit}`
//!   → `solution` events (text, values, objective), `progress` events
//!   while counting, then one `done` event (count, complete, nodes,
//!   failures, milliseconds, optimum); or a `diagnostics` event when the
//!   spec has errors. `mode` is `first`, `all`, `count` or `limit`;
//!   `search` holds the command line's search choices as texts; with
//!   `tree`, a `tree` event (the nodes and their SVG drawing) comes
//!   before `done`.
//! - `about`: the version and the names of the search choices.

mod request;

use crate::diagnostic::Error;
use crate::host::Instant;
use crate::search::trace::Recorder;
use crate::search::tree::{End, Tree};
use crate::session::{Session, Solution, View};
use crate::source::{SourceId, Sources};
pub use request::{Mode, Request, SolveRequest};
use serde_json::{Value, json};
use std::ops::ControlFlow;
use std::time::Duration;

/// Answers one request (its JSON text), telling `emit` each event.
pub fn handle(request: &str, emit: &mut dyn FnMut(Value)) {
    match Request::parse(request) {
        Err(message) => emit(json!({"event": "failed", "message": message})),
        Ok(Request::Check { spec, set }) => {
            let until = deadline(Some(CHECK_SECONDS));
            let diagnostics = match compile(&spec, &set, &SolveRequest::default(), until) {
                Ok(_) => Vec::new(),
                Err((error, sources, id)) => diagnostics(&error, &sources, id),
            };
            emit(json!({"event": "diagnostics", "diagnostics": diagnostics}));
        }
        Ok(Request::About) => {
            use crate::model::plan::{CONSISTENCIES, RESTARTS, VALUE_ORDERS, VAR_ORDERS};
            emit(json!({
                "event": "about",
                "version": env!("CARGO_PKG_VERSION"),
                "var": names(VAR_ORDERS),
                "value": names(VALUE_ORDERS),
                "consistency": names(CONSISTENCIES),
                "restart": names(RESTARTS),
            }));
        }
        Ok(Request::Solve(solve)) => {
            let until = deadline(solve.time_limit);
            match compile(&solve.spec, &solve.set, &solve, until) {
                Err((error, sources, id)) => {
                    emit(
                        json!({"event": "diagnostics", "diagnostics": diagnostics(&error, &sources, id)}),
                    );
                }
                Ok(session) => run(session, &solve, until, emit),
            }
        }
    }
}

/// How long a check may lower a spec (a check runs at every pause in
/// typing; a huge `--set` value must not hold up the next one).
const CHECK_SECONDS: f64 = 5.0;

/// The spec lowered with the request's choices, or its errors with the
/// sources they point into and the spec's own source.
fn compile(
    spec: &str,
    set: &[String],
    request: &SolveRequest,
    until: Option<Instant>,
) -> Result<Session, (Error, Sources, SourceId)> {
    let mut sources = Sources::default();
    let id = sources.add("spec.toml", spec);
    let search = match request.search.settings(&mut sources) {
        Ok(search) => search,
        Err(e) => return Err((e, sources, id)),
    };
    let options = crate::Options {
        no_symmetry: request.no_symmetry,
        search,
        deadline: until,
        ..crate::Options::default()
    };
    match crate::compile(&mut sources, id, set, &options) {
        Ok(lowered) => Ok(Session::new(lowered, sources)),
        Err(d) => Err((Error::new(d, &sources), sources, id)),
    }
}

fn deadline(limit: Option<f64>) -> Option<Instant> {
    let limit = Duration::try_from_secs_f64(limit?).ok()?;
    Instant::now().checked_add(limit)
}

/// Each diagnostic as JSON: the message, the help line, the whole text
/// the command line prints, and where it points when that is the spec.
fn diagnostics(error: &Error, sources: &Sources, spec: SourceId) -> Vec<Value> {
    error
        .diagnostics
        .iter()
        .map(|d| {
            let mut v = json!({
                "message": d.message,
                "help": d.help,
                "rendered": d.render(sources),
            });
            if let Some(span) = d.span {
                let file = sources.get(span.source);
                let (line, column) = file.line_col(span.start);
                v["source"] = json!(file.name);
                v["line"] = json!(line);
                v["column"] = json!(column);
                if span.source == spec {
                    v["from"] = json!(utf16(&file.text, span.start));
                    v["to"] = json!(utf16(&file.text, span.end.max(span.start)));
                }
            }
            v
        })
        .collect()
}

/// The names of a table of choices.
fn names<T>(table: &[(&'static str, T)]) -> Vec<&'static str> {
    table.iter().map(|(n, _)| *n).collect()
}

/// The UTF-16 offset of byte `at` of `text` (where the editor counts).
fn utf16(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    let at = (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    text[..at].encode_utf16().count()
}

/// Events of the search the tree shows at most (as `--tree`).
const TREE_EVENTS: usize = 10_000;

/// The search tree: its nodes (parent, depth, decision, how it ended)
/// and its drawing.
fn tree_event(tree: &Tree) -> Value {
    let nodes: Vec<Value> = tree
        .nodes
        .iter()
        .map(|n| {
            let (end, by) = match &n.end {
                End::Open => ("open", json!(null)),
                End::Failed(by) => ("failed", json!(by)),
                End::Solution(k) => ("solution", json!(k)),
            };
            json!({"parent": n.parent, "depth": n.depth, "decision": n.decision, "end": end, "by": by})
        })
        .collect();
    json!({"event": "tree", "nodes": nodes, "cut": tree.cut, "svg": tree.svg()})
}

/// How often a count reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Solves as the request asks, telling `emit` the solutions and the end.
fn run(
    mut session: Session,
    request: &SolveRequest,
    until: Option<Instant>,
    emit: &mut dyn FnMut(Value),
) {
    let lowered = session.lowered();
    if lowered.game.is_some() || lowered.puzzle.is_some() {
        let what = if lowered.game.is_some() {
            "[game]"
        } else {
            "[puzzle]"
        };
        let message =
            format!("a {what} spec is played, not solved: the playground does not play it yet");
        emit(json!({"event": "failed", "message": message}));
        return;
    }
    session.set_node_limit(request.node_limit);
    // The limit counts from the request, lowering included, as on the
    // command line.
    session.set_deadline(until);
    if request.tree {
        let recorder = Recorder::new(TREE_EVENTS, false, session.lowered().model());
        session.set_recorder(Some(recorder));
    }
    let started = Instant::now();
    let ms = move || started.elapsed().as_secs_f64() * 1000.0;
    let mut done = json!({"event": "done"});
    // With an objective, all, count and limit are of the optimal solutions.
    let counting = request.mode != Mode::First;
    if session.objective().is_some() {
        // As on the command line: improving solutions and the optimum, or
        // with count and all, the optimal solutions.
        let optimum = session.optimise(|view, solution, value| {
            if !counting {
                emit(solution_event(view, solution, Some(value)));
            }
            ControlFlow::Continue(())
        });
        let optimum = match optimum {
            Ok(o) => o,
            Err(e) => {
                emit(json!({"event": "failed", "message": e.to_string()}));
                return;
            }
        };
        let value = optimum.best.as_ref().map(|(_, v)| *v);
        done["optimum"] = json!(value);
        done["complete"] = json!(optimum.proven);
        match (counting, optimum.best, optimum.proven) {
            (true, Some((_, value)), true) => {
                session.push();
                if let Err(e) = session.fix_objective(value) {
                    emit(json!({"event": "failed", "message": e.to_string()}));
                    return;
                }
                let (count, complete) = satisfy(&mut session, request, &ms, emit);
                // A limit in this second search keeps the optimum found: it
                // is one of the optimal solutions.
                done["count"] = json!(if complete { count } else { count.max(1) });
                done["complete"] = json!(complete);
                let _ = session.pop();
            }
            (true, Some((best, value)), false) => {
                // A limit stopped the search: the best found is told.
                emit(solution_event(session.view(), &best, Some(value)));
                done["count"] = json!(1);
            }
            (true, None, _) => done["count"] = json!(0),
            (false, _, _) => done["count"] = json!(session.stats().solutions),
        }
    } else {
        let (count, complete) = satisfy(&mut session, request, &ms, emit);
        done["count"] = json!(count);
        done["complete"] = json!(complete);
    }
    if let Some(recorder) = session.recorder() {
        emit(tree_event(&Tree::new(recorder, session.lowered().model())));
    }
    let stats = session.stats();
    done["nodes"] = json!(stats.nodes);
    done["failures"] = json!(stats.failures);
    done["ms"] = json!(ms());
    emit(done);
}

/// Counts or lists the solutions as the mode asks; returns how many were
/// found and whether the search answered (no limit cut it first).
fn satisfy(
    session: &mut Session,
    request: &SolveRequest,
    ms: &dyn Fn() -> f64,
    emit: &mut dyn FnMut(Value),
) -> (u64, bool) {
    if request.mode == Mode::Count {
        let mut progress = |count, stats: crate::search::Stats| {
            emit(json!({"event": "progress", "count": count, "nodes": stats.nodes, "ms": ms()}));
        };
        let count = session.count_watching(PROGRESS_EVERY, &mut progress);
        return (count.solutions, count.complete);
    }
    if request.mode == Mode::First || request.limit == Some(1) {
        // The plan's restarts apply, as on the command line.
        return match session.first() {
            Ok(Some(solution)) => {
                emit(solution_event(session.view(), &solution, None));
                (1, true)
            }
            Ok(None) => (0, true),
            Err(_stopped) => (0, false),
        };
    }
    // A first solution returned above: a limit, or every solution.
    let most = (request.mode == Mode::Limit).then(|| request.limit.unwrap_or(1));
    let mut index = 0;
    let mut solutions = session.solutions();
    while most.is_none_or(|m| index < m) {
        let Some(solution) = solutions.next() else {
            break;
        };
        emit(solution_event(solutions.view(), &solution, None));
        index += 1;
    }
    // A first solution or a limit met is an answer; a limit of time or
    // nodes before them is not.
    (index, !solutions.stopped())
}

fn solution_event(view: View<'_>, solution: &Solution, objective: Option<i64>) -> Value {
    let text = view.render(solution).unwrap_or_else(|e| e.to_string());
    json!({"event": "solution", "text": text, "values": view.json(solution), "objective": objective})
}
