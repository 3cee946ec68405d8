//! The `explain` request: for a spec with no solution, the minimal set of
//! its named constraints that already has none (`solve explain`), each
//! with where it is written in the spec, so that the editor marks it.

use super::{SolveRequest, compiled, stop, utf16};
use crate::explain::{Explanation, explain};
use crate::source::SourceId;
use crate::spec::load::load;
use serde_json::{Value, json};

/// An `explanation` event: `satisfiable`, or the `conflict`'s constraints
/// (name, and the UTF-16 range of its `name = "..."` when the spec's
/// [constraints] declares it), or `stopped` when a limit cut it short.
pub(super) fn run(request: &SolveRequest, emit: &mut dyn FnMut(Value)) {
    let until = stop(&request.run);
    let Some(session) = compiled(&request.spec, &request.set, request, &until, emit) else {
        return;
    };
    let sources = session.sources().clone();
    // compile() adds the spec first.
    let id = SourceId(0);
    let declared = load(&sources, id)
        .map(|s| s.constraints)
        .unwrap_or_default();
    let text = &sources.get(id).text;
    let lowered = session.lowered().clone();
    match explain(lowered, sources.clone(), &until) {
        Ok(Explanation::Satisfiable) => emit(json!({"event": "explanation", "satisfiable": true})),
        Ok(Explanation::Conflict(found)) => {
            let (names, unproven) = (found.names, found.unproven);
            let conflict: Vec<Value> = names
                .iter()
                .map(|name| {
                    // `no_attack[i=2, j=5]` is an item of `no_attack`.
                    let base = name.split('[').next().unwrap_or(name);
                    let mut v = json!({"name": name});
                    if let Some(c) = declared.iter().find(|c| c.name.text == base) {
                        let (start, end) = (c.name.span.start, c.expr.span.end);
                        v["from"] = json!(utf16(text, start));
                        v["to"] = json!(utf16(text, end.max(start)));
                        v["line"] = json!(sources.get(id).line_col(start).0);
                    }
                    v
                })
                .collect();
            emit(
                json!({"event": "explanation", "satisfiable": false, "conflict": conflict, "unproven": unproven}),
            );
        }
        Err(_) => emit(json!({"event": "explanation", "stopped": true})),
    }
}
