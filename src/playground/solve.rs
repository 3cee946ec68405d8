//! The `solve` request: the spec solved as the command line would (first
//! solution, all, a count, a limit; an objective's improving or optimal
//! solutions), its solutions, progress and search tree as events.

use super::{PROGRESS_EVERY, SolveRequest};
use crate::driver::{self, Ask, Event, Query};
use crate::host::Instant;
use crate::search::trace::Recorder;
use crate::search::tree::{End, Tree};
use crate::session::{Session, Solution, View};
use crate::stop::Stop;
use serde_json::{Value, json};
use std::ops::ControlFlow;

/// Events of the search the tree shows at most: decisions, failures,
/// solutions and prunings (`--tree` keeps 10,000 without the prunings).
const TREE_EVENTS: usize = 30_000;

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
            json!({"parent": n.parent, "depth": n.depth, "decision": n.decision, "left": n.left, "end": end, "by": by, "prunings": n.prunings})
        })
        .collect();
    json!({"event": "tree", "nodes": nodes, "cut": tree.cut, "svg": tree.svg()})
}

/// Solves as the request asks, telling `emit` the solutions and the end.
pub(super) fn run(
    mut session: Session,
    request: &SolveRequest,
    until: &Stop,
    emit: &mut dyn FnMut(Value),
) {
    let lowered = session.lowered();
    if lowered.game.is_some() || lowered.puzzle.is_some() {
        let what = if lowered.game.is_some() {
            "[game]"
        } else {
            "[puzzle]"
        };
        let message = format!(
            "a {what} spec is played, not solved: its requests are `guess`, `play`, `path` and `analyze`"
        );
        emit(json!({"event": "failed", "message": message}));
        return;
    }
    // The time limit counts from the request, lowering included, as on
    // the command line.
    session.set_stop(until.with_nodes(request.run.node_limit));
    if request.tree {
        // Prunings too: the outline shows what each constraint pruned.
        let recorder = Recorder::new(TREE_EVENTS, true, session.lowered().model());
        session.set_recorder(Some(recorder));
    }
    let started = Instant::now();
    let ms = move || started.elapsed().as_secs_f64() * 1000.0;
    let query = Query {
        progress: Some(PROGRESS_EVERY),
        ..Query::sequential(request.ask)
    };
    // Every solution told is one the page shows; with an objective the
    // best found under a limit is shown too when many were asked.
    let mut shown = 0;
    let outcome = driver::run(&mut session, &query, &mut |event: Event<'_>| {
        let solution = match event {
            Event::Solution(view, solution) => solution_event(view, solution, None),
            Event::Improved(view, solution, value) => solution_event(view, solution, Some(value)),
            Event::BestFound(view, solution, value) if request.ask != Ask::First => {
                solution_event(view, solution, Some(value))
            }
            Event::Progress { solutions, nodes } => {
                emit(json!({"event": "progress", "count": solutions, "nodes": nodes, "ms": ms()}));
                return ControlFlow::Continue(());
            }
            _ => return ControlFlow::Continue(()),
        };
        shown += 1;
        emit(solution);
        ControlFlow::Continue(())
    });
    let answer = match outcome {
        Ok(answer) => answer,
        Err(e) => {
            emit(json!({"event": "failed", "message": e.to_string()}));
            return;
        }
    };
    let outcome = answer.value();
    let mut done = json!({
        "event": "done",
        "count": if request.ask == Ask::Count { outcome.found } else { shown },
        "complete": answer.is_complete(),
    });
    if session.objective().is_some() {
        done["optimum"] = json!(outcome.optimum.map(|(value, _)| value));
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

/// A solution's event: [`drawn`], with its objective's value.
fn solution_event(view: View<'_>, solution: &Solution, objective: Option<i64>) -> Value {
    let mut event = drawn(view, solution);
    event["event"] = json!("solution");
    event["objective"] = json!(objective);
    event
}

/// A solution as every panel draws it: its `text` as the command line
/// prints it (`cut` when the time limit cut the template short: the text
/// is then the `name = value` lines, and the page says so; `templated`
/// when the spec's template made it), the spec's `board` (`null` without
/// one), its `drawing` as SVG when the board declares layers (regions,
/// givens, styles, lines: docs/boards.md) and each declared variable's
/// value (`values`). The Solve panel's
/// `solution` events and the Setter's solutions are this, so that the
/// page has one way to draw a solution.
pub(super) fn drawn(view: View<'_>, solution: &Solution) -> Value {
    let (text, cut) = match view.printed(solution) {
        Ok(printed) => (printed.text, printed.cut),
        Err(e) => (e.to_string(), false),
    };
    let board = view.board(solution).unwrap_or(None);
    let mut drawn = json!({
        "text": text,
        "cut": cut,
        "templated": view.templated() && !cut,
        "board": board,
        "values": view.json(solution),
    });
    // A board declared with its layers, drawn as `solve draw --svg`
    // draws it (the page shows it in place of the cells); absent
    // otherwise, so that a solution's fields are as they were.
    if let Some(svg) = view.drawing_svg(solution) {
        drawn["drawing"] = json!(svg);
    }
    drawn
}
