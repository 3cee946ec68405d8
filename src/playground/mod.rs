//! What the browser playground asks of the library: a request as JSON,
//! answered by events as JSON values, one at a time, as the work goes on.
//! Plain computation with no clock but [`crate::host`]'s and no threads,
//! so it runs the same natively (tested) and in the page's worker
//! (`web/wasm`, the WebAssembly module, is this behind a C ABI).
//!
//! Requests (`op`):
//! - `check`: `{spec, set}` → one `diagnostics` event: the messages the
//!   command line would print, each with its span in the spec (UTF-16
//!   offsets, as the editor counts) and its help line; with none, the
//!   spec's `kind` (`solve`, `game` or `puzzle`).
//! - `solve`: `{spec, set, mode, limit, search, no_symmetry, time_limit}`
//!   → `solution` events (text, values, objective), `progress` events
//!   while counting, then one `done` event (count, complete, nodes,
//!   failures, milliseconds, optimum); or a `diagnostics` event when the
//!   spec has errors. `mode` is `first`, `all`, `count` or `limit`;
//!   `search` holds the command line's search choices as texts; with
//!   `tree`, a `tree` event (the nodes, what was pruned at each, and
//!   their SVG drawing) comes before `done`.
//! - `explain`: as `solve` → an `explanation` event: `satisfiable`, or the
//!   `conflict`'s constraints with their spans in the spec (`explain.rs`).
//! - `steps`: as `explain`, with `givens`, `hint` and `max_items` →
//!   `steps-start`, one `step` per step, `steps-end` (`steps.rs`).
//! - `compare`: `{spec, set, tries, sweep, time_limit}` → a `rows` event
//!   per swept value (as `compare --json`), then `done` (`compare.rs`).
//! - `guess`: `{spec, set, secret, guesses, reveal}` → a `game` event, the
//!   answers to a person's guesses of the secret numbered `secret`;
//!   `play`: `{spec, set, secret | secret_index, all_secrets, strategy,
//!   opening, time_limit}` → the computer's `moves`, or `progress` then a
//!   `record` of every secret (`game.rs`).
//! - `path`: `{spec, set, start, time_limit}` → a `path` event, a shortest
//!   solution move by move; `analyze` → an `analysis` event (`puzzle.rs`).
//! - `unique`, `candidates` (with `count_up_to`), `redundant` (with
//!   `group`) and `generate` (with `seed`): as `explain`, answered as
//!   the command line's setter's toolkit answers (`setter.rs`).
//! - `layout`: as `explain` → a `layout` event: the puzzle as given
//!   drawn (SVG), and which variable each cell and segment of the board
//!   shows, each look with the given it stands for (`layout.rs`).
//! - `state`: as `explain`, with `ask` (`check`, `hint`, `candidates` or
//!   `solve`) and the player's `entries` (givens, `x[1][3]=4`) → a
//!   `state` event (`player.rs`).
//! - `about`: the version and the names of the search choices.

mod compare;
mod explain;
mod game;
mod kept;
mod layout;
mod player;
mod puzzle;
mod request;
mod setter;
mod solve;
mod steps;

use crate::diagnostic::Error;
use crate::host::Instant;
use crate::session::Session;
use crate::source::{SourceId, Sources};
use crate::spec::settings::RunSettings;
use crate::stop::Stop;
pub use request::{
    CompareRequest, GuessRequest, PlayRequest, PlayerAsk, PlayerRequest, PuzzleRequest, Request,
    SetterRequest, SetterTask, SolveRequest, StepsRequest,
};
use serde_json::{Value, json};
use std::time::Duration;

/// Answers one request (its JSON text), telling `emit` each event.
pub fn handle(request: &str, emit: &mut dyn FnMut(Value)) {
    match Request::parse(request) {
        Err(message) => emit(json!({"event": "failed", "message": message})),
        Ok(Request::Check { spec, set }) => {
            let until = stop(&RunSettings::within(CHECK_TIME));
            match compile(&spec, &set, &SolveRequest::default(), &until) {
                Ok(session) => {
                    let lowered = session.lowered();
                    let kind = if lowered.game.is_some() {
                        "game"
                    } else if lowered.puzzle.is_some() {
                        "puzzle"
                    } else {
                        "solve"
                    };
                    emit(json!({"event": "diagnostics", "diagnostics": [], "kind": kind}));
                }
                Err((error, sources, id)) => emit(error_event(&error, &sources, id)),
            }
        }
        Ok(Request::Explain(request)) => explain::run(&request, emit),
        Ok(Request::Steps(request)) => steps::run(&request, emit),
        Ok(Request::Setter(request)) => setter::run(&request, emit),
        Ok(Request::Compare(request)) => compare::run(&request, emit),
        Ok(Request::Guess(request)) => game::guess(&request, emit),
        Ok(Request::Play(request)) => game::play(&request, emit),
        Ok(Request::Path(request)) => puzzle::path(&request, emit),
        Ok(Request::Analyze(request)) => puzzle::analyze(&request, emit),
        Ok(Request::Layout(request)) => layout::run(&request, emit),
        Ok(Request::State(request)) => player::run(&request, emit),
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
            let until = stop(&solve.run);
            match compile(&solve.spec, &solve.set, &solve, &until) {
                Err((error, sources, id)) => emit(error_event(&error, &sources, id)),
                Ok(session) => solve::run(session, &solve, &until, emit),
            }
        }
    }
}

/// How long a check may lower a spec (a check runs at every pause in
/// typing; a huge `--set` value must not hold up the next one).
const CHECK_TIME: Duration = Duration::from_secs(5);

/// The spec lowered with the request's choices, or its errors with the
/// sources they point into and the spec's own source.
fn compile(
    spec: &str,
    set: &[String],
    request: &SolveRequest,
    until: &Stop,
) -> Result<Session, (Error, Sources, SourceId)> {
    let mut sources = Sources::default();
    let id = sources.add("spec.toml", spec);
    let options = match options(request, &mut sources, until) {
        Ok(options) => options,
        Err(e) => return Err((e, sources, id)),
    };
    match crate::compile(&mut sources, id, set, &options) {
        Ok(compiled) => Ok(Session::new(compiled.lowered, sources)),
        Err(d) => Err((Error::new(d, &sources), sources, id)),
    }
}

/// The spec lowered as [`compile`] does, or `None` once its errors have
/// gone to `emit` (every request that lowers the spec starts so).
fn compiled(
    spec: &str,
    set: &[String],
    request: &SolveRequest,
    until: &Stop,
    emit: &mut dyn FnMut(Value),
) -> Option<Session> {
    match compile(spec, set, request, until) {
        Ok(session) => Some(session),
        Err((error, sources, id)) => {
            emit(error_event(&error, &sources, id));
            None
        }
    }
}

/// The options of a request: its search choices (read into `sources`),
/// symmetry and stop.
fn options(
    request: &SolveRequest,
    sources: &mut Sources,
    until: &Stop,
) -> Result<crate::Options, Error> {
    Ok(crate::Options {
        no_symmetry: request.no_symmetry,
        search: request.search.settings(sources)?,
        stop: until.clone(),
        ..crate::Options::default()
    })
}

/// A request's stop token: its time limit, from now (its node limit is
/// the search's, `solve`'s alone).
fn stop(run: &RunSettings) -> Stop {
    run.stop(Instant::now(), None)
}

/// How often a long request reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The event of an error: a limit that stopped the reading or lowering is
/// `failed` with its message (not a mistake in the spec); anything else
/// is the spec's `diagnostics`.
fn error_event(error: &Error, sources: &Sources, spec: SourceId) -> Value {
    if error.is_time_limit() {
        return json!({"event": "failed", "message": error.to_string().trim()});
    }
    json!({"event": "diagnostics", "diagnostics": diagnostics(error, sources, spec)})
}

/// Each diagnostic as JSON: the message, the help line, the whole text
/// the command line prints, and where it points when that is the spec.
fn diagnostics(error: &Error, sources: &Sources, spec: SourceId) -> Vec<Value> {
    error
        .diagnostics
        .iter()
        .map(|d| {
            // A span into a source these sources do not hold (a `--set`
            // text that another copy of them added, as compare's lowering
            // does) has the rendering the error was made with.
            let held = d.span.filter(|s| (s.source.0 as usize) < sources.len());
            let rendered = match (d.span, held) {
                (Some(_), None) if error.diagnostics.len() == 1 => error.to_string(),
                (Some(_), None) => format!("error: {}", d.message),
                _ => d.render(sources),
            };
            let mut v = json!({
                "message": d.message,
                "help": d.help,
                "rendered": rendered,
            });
            if let Some(span) = held {
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
