//! The `path` and `analyze` requests: a `[puzzle]`'s shortest solution
//! move by move (breadth-first, as `solve FILE` with the default method),
//! and every position's distance to the goal (`solve analyze`).

use super::{PuzzleRequest, SolveRequest, compiled, stop};
use crate::host::Instant;
use crate::moves::{self, Puzzle, Target};
use crate::session::Session;
use serde_json::{Value, json};

/// The spec's puzzle and its session, or `None` once its errors were told.
fn puzzle(
    request: &PuzzleRequest,
    no_symmetry: bool,
    emit: &mut dyn FnMut(Value),
) -> Option<(Puzzle, Session)> {
    let until = stop(&request.run);
    let choices = SolveRequest {
        no_symmetry,
        ..SolveRequest::default()
    };
    let mut session = compiled(&request.spec, &request.set, &choices, &until, emit)?;
    session.set_stop(until.clone());
    match Puzzle::new(session.lowered(), session.sources().clone()) {
        Ok(mut p) => {
            p.set_stop(until.clone());
            Some((p, session))
        }
        Err(e) => {
            emit(json!({"event": "failed", "message": e.to_string()}));
            None
        }
    }
}

/// A `path` event: the start, then each move and the position after it
/// (`steps` is null when no sequence of moves reaches the goal); with the
/// spec's board of each position when it declares one (else null).
pub(super) fn path(request: &PuzzleRequest, emit: &mut dyn FnMut(Value)) {
    let Some((mut p, session)) = puzzle(request, false, emit) else {
        return;
    };
    let started = Instant::now();
    let result = (|| {
        let start = match &request.start {
            Some(text) => p.parse(text).map_err(|m| format!("start: {m}"))?,
            None => match p.start() {
                Some(s) => s.map_err(|e| e.to_string())?,
                None => {
                    return Err("no start position: give one, or `start` in [puzzle]".to_string());
                }
            },
        };
        if !p.is_valid(start).map_err(|e| e.to_string())? {
            return Err(p.not_a_position(session.lowered(), "start", start));
        }
        let paths =
            moves::shortest_all(&mut p, start, Target::Goal, Some(1)).map_err(|e| e.to_string())?;
        let board = |s| match p.board(s) {
            Ok(board) => Ok(board.map(|b| p.board_json(&b))),
            Err(e) => Err(e.to_string()),
        };
        let steps = match paths.first() {
            Some(path) => {
                let mut from = start;
                let mut steps = Vec::new();
                for &(m, to) in path {
                    steps.push(json!({
                        "move": p.move_text(m, from),
                        "position": p.format(to),
                        "board": board(to)?,
                    }));
                    from = to;
                }
                Some(steps)
            }
            None => None,
        };
        Ok(json!({
            "event": "path",
            "start": p.format(start),
            "start_board": board(start)?,
            "steps": steps,
            "expanded": p.expanded(),
            "ms": started.elapsed().as_secs_f64() * 1000.0,
        }))
    })();
    match result {
        Ok(event) => emit(event),
        Err(message) => emit(json!({"event": "failed", "message": message})),
    }
}

/// An `analysis` event: positions, solvable, longest, the hardest and the
/// histogram of distances (as `analyze --json`).
pub(super) fn analyze(request: &PuzzleRequest, emit: &mut dyn FnMut(Value)) {
    // Every position: symmetry rules pick representatives of solutions,
    // they do not say which states are positions.
    let Some((mut p, mut session)) = puzzle(request, true, emit) else {
        return;
    };
    let started = Instant::now();
    match moves::analyze(&mut p, &mut session, &crate::parallel::Spread::threads(1)) {
        Ok(a) => {
            let mut event = a.json(&p);
            event["event"] = json!("analysis");
            event["ms"] = json!(started.elapsed().as_secs_f64() * 1000.0);
            emit(event);
        }
        Err(e) => emit(json!({"event": "failed", "message": e.to_string()})),
    }
}
