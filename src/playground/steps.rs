//! The `steps` request: `solve steps` for the page's Steps panel, or, with
//! `hint`, `solve hint` from the givens the learner typed. Events: a
//! `steps-start` (every declared variable's known values once the clues
//! and givens are read, and what the clues gave), one `step` per step (as
//! `solve steps --json` prints it, each item with its UTF-16 range in the
//! spec, and each deduced variable's values after it, `left` in its
//! `deduces` entry), then a `steps-end` (how the
//! walk ended, the values left open); or a `steps-conflict` when the spec
//! with the givens has no solution (the items and givens that conflict).

use super::{StepsRequest, compiled, stop, utf16};
use crate::facts::{Fact, givens};
use crate::steps::{self, Ending, Settings, Stepper, Walk};
use serde_json::{Value, json};

pub(super) fn run(request: &StepsRequest, emit: &mut dyn FnMut(Value)) {
    let until = stop(&request.solve.run);
    let solve = &request.solve;
    let Some(session) = compiled(&solve.spec, &solve.set, solve, &until, emit) else {
        return;
    };
    let (lowered, sources) = (session.lowered().clone(), session.sources().clone());
    let mut givens = Vec::new();
    for text in &request.givens {
        match givens::parse(lowered.model(), text) {
            Ok(fact) => givens.push(fact),
            Err(message) => {
                emit(json!({"event": "failed", "message": format!("given `{text}`: {message}")}));
                return;
            }
        }
    }
    let settings = Settings {
        max_items: request.max_items.map(|k| k as usize),
        most: request.hint.then_some(1),
    };
    let text = sources.get(crate::source::SourceId(0)).text.clone();
    let mut stepper = match steps::walk(lowered, sources, givens.clone(), settings, &until) {
        Ok(Walk::Ready(stepper)) => stepper,
        Ok(Walk::NoSolution(why, stepper)) => {
            let text_of = |wanted: &[Fact]| -> Vec<&String> {
                (givens.iter().zip(&request.givens))
                    .filter(|(g, _)| wanted.contains(g))
                    .map(|(_, t)| t)
                    .collect()
            };
            // The board as the givens leave it, the wrong entries' cells
            // named, so that the page marks them.
            let words = stepper.words();
            let vars: Vec<Value> = (stepper.shown().iter())
                .map(|&x| json!({"name": words.name(x), "values": words.json_values(x, stepper.known(x))}))
                .collect();
            let wrong: Vec<&str> = why.givens.iter().map(|g| words.name(g.var)).collect();
            emit(json!({
                "event": "steps-conflict",
                "conflict": why.items,
                "said": why.said,
                "givens": text_of(&why.givens),
                "wrong": wrong,
                "vars": vars,
                "minimal": why.unproven_items.is_empty() && why.unproven_givens.is_empty(),
            }));
            return;
        }
        Ok(Walk::TooWide(message)) => {
            emit(json!({"event": "failed", "message": message}));
            return;
        }
        Err(_) => {
            emit(json!({"event": "steps-end", "stopped": true}));
            return;
        }
    };
    let words = stepper.words();
    let vars: Vec<Value> = (stepper.shown().iter())
        .map(|&x| json!({"name": words.name(x), "values": words.json_values(x, stepper.known(x))}))
        .collect();
    let start: Vec<Value> = (stepper.start().iter())
        .map(|(item, fact)| json!({"fact": words.fact_json(fact), "from": words.item(*item)}))
        .collect();
    emit(json!({"event": "steps-start", "vars": vars, "start": start}));
    let (number, stopped) = emit_steps(&mut stepper, &text, emit);
    let words = stepper.words();
    let (end, open) = match stepper.ending() {
        Ending::Solved => ("solved", Vec::new()),
        Ending::Open(open) => ("open", open),
        Ending::Stuck(open) => ("stuck", open),
        Ending::Conflict(_) => ("no solution", Vec::new()),
    };
    let open: Vec<Value> = (open.iter())
        .map(|(x, values)| json!({"var": words.name(*x), "in": words.json_values(*x, values)}))
        .collect();
    emit(
        json!({"event": "steps-end", "end": end, "open": open, "steps": number, "stopped": stopped}),
    );
}

/// One `step` event per step, each item with its UTF-16 range in `text`;
/// how many, and whether a limit stopped them.
fn emit_steps(stepper: &mut Stepper, text: &str, emit: &mut dyn FnMut(Value)) -> (usize, bool) {
    let mut number = 0;
    let stopped = loop {
        match stepper.next_step() {
            Ok(Some(step)) => {
                number += 1;
                let words = stepper.words();
                let mut json = words.step_json(number, &step);
                for (use_, &item) in json["uses"]
                    .as_array_mut()
                    .into_iter()
                    .flatten()
                    .zip(&step.uses)
                {
                    use_["text"] = json!(words.item(item));
                    if let Some(span) = use_.get("span").cloned() {
                        let (start, end) = (span["start"].as_u64(), span["end"].as_u64());
                        if let (Some(start), Some(end)) = (start, end) {
                            use_["from"] = json!(utf16(text, start as usize));
                            use_["to"] = json!(utf16(text, end as usize));
                        }
                    }
                }
                json["text"] = json!(words.step_text(number, &step));
                for (deduces, d) in
                    (json["deduces"].as_array_mut().into_iter().flatten()).zip(&step.deductions)
                {
                    deduces["left"] = words.json_values(d.var, &d.left);
                }
                emit(json!({"event": "step", "step": json}));
            }
            Ok(None) => break false,
            Err(_) => break true,
        }
    };
    (number, stopped)
}
