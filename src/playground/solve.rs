//! The `solve` request: the spec solved as the command line would (first
//! solution, all, a count, a limit; an objective's improving or optimal
//! solutions), its solutions, progress and search tree as events.

use super::{Mode, PROGRESS_EVERY, SolveRequest};
use crate::host::Instant;
use crate::search::trace::Recorder;
use crate::search::tree::{End, Tree};
use crate::session::{Session, Solution, View};
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
        let message = format!(
            "a {what} spec is played, not solved: its requests are `guess`, `play`, `path` and `analyze`"
        );
        emit(json!({"event": "failed", "message": message}));
        return;
    }
    session.set_node_limit(request.node_limit);
    // The limit counts from the request, lowering included, as on the
    // command line.
    session.set_deadline(until);
    if request.tree {
        // Prunings too: the outline shows what each constraint pruned.
        let recorder = Recorder::new(TREE_EVENTS, true, session.lowered().model());
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
    let board = view.board(solution).unwrap_or(None);
    json!({
        "event": "solution",
        "text": text,
        "templated": view.templated(),
        "board": board,
        "values": view.json(solution),
        "objective": objective,
    })
}
