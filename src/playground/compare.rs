//! The `compare` request: the spec counted under several configurations
//! (`solve compare`), each swept value's rows sent as soon as counted.

use super::{CompareRequest, error_event, stop};
use crate::diagnostic::Error;
use crate::experiment::compare::{Budget, Row, compare, configs, sweep};
use crate::host::Instant;
use crate::source::Sources;
use crate::spec::load::load;
use serde_json::{Value, json};

/// Emits a `rows` event per swept value, then `done` (whether every count
/// finished, whether a row is flagged); or the spec's `diagnostics`.
pub(super) fn run(request: &CompareRequest, emit: &mut dyn FnMut(Value)) {
    let until = stop(&request.run);
    let started = Instant::now();
    let mut sources = Sources::default();
    let id = sources.add("spec.toml", request.spec.as_str());
    let spec = match load(&sources, id) {
        Ok(spec) => spec,
        Err(d) => {
            let error = Error::new(d, &sources);
            emit(error_event(&error, &sources, id));
            return;
        }
    };
    let configs = match configs(&mut sources, &request.tries, &spec.experiments) {
        Ok(configs) => configs,
        Err(error) => {
            emit(error_event(&error, &sources, id));
            return;
        }
    };
    let params: Vec<Option<(String, i64)>> = match request.sweep.as_deref().map(sweep) {
        None => vec![None],
        Some(Ok((name, values))) => values
            .into_iter()
            .map(|v| Some((name.clone(), v)))
            .collect(),
        Some(Err(message)) => {
            emit(json!({"event": "failed", "message": format!("sweep: {message}")}));
            return;
        }
    };
    // Every solution is counted, as `solve compare` counts them.
    let base = crate::Options {
        no_objective: true,
        stop: until.clone(),
        ..crate::Options::default()
    };
    let budget = Budget {
        stop: until,
        spread: crate::parallel::Spread::threads(1),
    };
    let mut on_block = |block: &[Row]| {
        let rows: Vec<Value> = block.iter().map(Row::json).collect();
        emit(json!({"event": "rows", "rows": rows}));
    };
    let set = &request.set;
    match compare(
        (&sources, id),
        set,
        &base,
        &configs,
        &params,
        budget,
        &mut on_block,
    ) {
        Ok(rows) => emit(json!({
            "event": "done",
            "complete": rows.iter().all(|r| r.complete),
            "mismatch": rows.iter().any(|r| r.mismatch),
            "ms": started.elapsed().as_secs_f64() * 1000.0,
        })),
        Err(error) => emit(error_event(&error, &sources, id)),
    }
}
