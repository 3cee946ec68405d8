//! The `state` request: the Play tab's questions about a player's
//! entries, each entry a given as `solve hint --given` reads it
//! (`x[1][3]=4`, `island[2][2]!=0`). One `state` event answers, `ask`
//! naming the question:
//! - `check`: `ok` when the entries can all stand (some solution has
//!   them); else `wrong`, the entries that cannot all stand together (a
//!   minimal set as `solve hint` finds it: each needed), their variables
//!   (`vars`), and the rules they break by their sentences (`said`);
//! - `hint`: the next placement and the steps it needs (`steps`, as the
//!   Steps panel's, each with its `text`), the entries that place it
//!   (`place`); or `end`, why nothing follows;
//! - `candidates`: each declared variable's values in some solution with
//!   the entries (`candidates`: name → value texts);
//! - `solve`: a solution with the entries, every declared variable as an
//!   entry (`entries`).
//!
//! `hint`, `candidates` and `solve` on entries that cannot all stand
//! answer as `check` does. Symmetry breaking is off: a player's solution
//! need not be the one a symmetry rule keeps.
//!
//! A puzzle with one solution (found once per spec, `kept.rs`) is
//! answered from it: no search for the entries, and a Hint's walk starts
//! with that solution as its target.

use super::{PlayerAsk, PlayerRequest, SolveRequest, compiled, kept, stop};
use crate::facts::candidates::{candidates, declared};
use crate::facts::{Fact, givens, values};
use crate::model::{Model, VarId};
use crate::session::Session;
use crate::steps::{self, Ending, Settings, Walk};
use crate::stop::Stop;
use serde_json::{Value, json};

pub(super) fn run(request: &PlayerRequest, emit: &mut dyn FnMut(Value)) {
    let until = stop(&request.solve.run);
    let solve = SolveRequest {
        no_symmetry: true,
        ..request.solve.clone()
    };
    let Some(mut session) = compiled(&solve.spec, &solve.set, &solve, &until, emit) else {
        return;
    };
    session.set_stop(until.clone());
    let mut facts = Vec::new();
    for text in &request.entries {
        match givens::parse(session.lowered().model(), text) {
            Ok(fact) => facts.push(fact),
            Err(message) => {
                return emit(
                    json!({"event": "failed", "message": format!("entry `{text}`: {message}")}),
                );
            }
        }
    }
    // A puzzle with one solution answers from it (see `kept.rs`): the
    // same answers, with no search for the entries.
    let only = kept::unique(&mut session, &solve.spec, &solve.set);
    let stands = |s: &[i64]| {
        facts
            .iter()
            .all(|f| values::contains(&f.values, s[f.var.index()]))
    };
    let target = only.as_ref().map(|s| solution_target(&session, s));
    let found = match only {
        Some(s) if stands(&s) => Ok(Some(s)),
        Some(_) => Ok(None),
        None => first_with(&mut session, &facts),
    };
    let answer = match found {
        Err(cause) => Err(cause.says().to_string()),
        Ok(None) => conflict(&session, request, facts, &until),
        Ok(Some(solution)) => match request.ask {
            PlayerAsk::Check => Ok(json!({"ok": true})),
            PlayerAsk::Solve => {
                let model = session.lowered().model();
                let entries: Vec<String> = (declared(model).into_iter())
                    .map(|x| entry(model, x, solution[x.index()]))
                    .collect();
                Ok(json!({"ok": true, "entries": entries}))
            }
            PlayerAsk::Candidates => found_candidates(&mut session, &facts, target),
            PlayerAsk::Hint => hint(&session, facts, &until, target),
        },
    };
    let mut event = match answer {
        Ok(answer) => answer,
        Err(message) => return emit(json!({"event": "failed", "message": message})),
    };
    event["event"] = json!("state");
    event["ask"] = json!(request.ask.name());
    emit(event);
}

/// The values the solutions take when `solution` is the only one: its
/// value for each declared variable, none for the others (as
/// [`candidates`] gives them).
fn solution_target(session: &Session, solution: &[i64]) -> Vec<values::Values> {
    let model = session.lowered().model();
    let mut target = vec![Vec::new(); model.vars.len()];
    for x in declared(model) {
        let v = solution[x.index()];
        target[x.index()] = vec![(v, v)];
    }
    target
}

/// `var=value` as the entries write it.
fn entry(model: &Model, var: VarId, value: i64) -> String {
    format!(
        "{}={}",
        model.vars[var.index()].name,
        model.values_text(var, &[(value, value)])
    )
}

/// A solution's values with the facts, or `None` when they cannot stand.
fn first_with(
    session: &mut Session,
    facts: &[Fact],
) -> Result<Option<Vec<i64>>, crate::stop::Cause> {
    session.push();
    let narrowed = facts.iter().all(|f| session.narrow(f.var, &f.values));
    let found = if narrowed { session.first() } else { Ok(None) };
    let _ = session.pop();
    Ok(found?.map(|s| s.values().to_vec()))
}

/// Why the entries cannot all stand: the walk of `solve hint` from them
/// finds the entries and rules that conflict.
fn conflict(
    session: &Session,
    request: &PlayerRequest,
    facts: Vec<Fact>,
    until: &Stop,
) -> Result<Value, String> {
    let (lowered, sources) = (session.lowered().clone(), session.sources().clone());
    let walk = steps::walk(lowered, sources, facts.clone(), Settings::default(), until)
        .map_err(|cause| cause.says().to_string())?;
    match walk {
        Walk::NoSolution(why, stepper) => {
            let words = stepper.words();
            let texts = |wanted: &[Fact]| -> Vec<&String> {
                (facts.iter().zip(&request.entries))
                    .filter(|(f, _)| wanted.contains(f))
                    .map(|(_, t)| t)
                    .collect()
            };
            let vars: Vec<&str> = why.givens.iter().map(|g| words.name(g.var)).collect();
            Ok(json!({
                "ok": false,
                "wrong": texts(&why.givens),
                "vars": vars,
                "said": why.said,
                "conflict": why.items,
                "minimal": why.unproven_items.is_empty() && why.unproven_givens.is_empty(),
            }))
        }
        Walk::TooWide(message) => Err(message),
        // A search the steps' budget settled otherwise: none is proven.
        Walk::Ready(_) => {
            Ok(json!({"ok": false, "wrong": [], "vars": [], "said": [], "conflict": []}))
        }
    }
}

/// Each declared variable's values in some solution with the facts.
fn found_candidates(
    session: &mut Session,
    facts: &[Fact],
    target: Option<Vec<values::Values>>,
) -> Result<Value, String> {
    let model = session.lowered().model().clone();
    let vars = declared(&model);
    let mut known: Vec<values::Values> = (model.vars.iter()).map(|v| v.domain.0.clone()).collect();
    for f in facts {
        known[f.var.index()] = values::both(&known[f.var.index()], &f.values);
    }
    let found = match target {
        Some(target) => Some(target),
        None => candidates(session, &vars, &known).map_err(|cause| cause.says().to_string())?,
    };
    let Some(found) = found else {
        return Ok(json!({"ok": false}));
    };
    let listed: serde_json::Map<String, Value> = (vars.iter())
        .map(|&x| {
            let texts: Vec<String> = (found[x.index()].iter())
                .flat_map(|&(lo, hi)| lo..=hi)
                .map(|v| model.values_text(x, &[(v, v)]))
                .collect();
            (model.vars[x.index()].name.clone(), json!(texts))
        })
        .collect();
    Ok(json!({"ok": true, "candidates": listed}))
}

/// The next placement from the facts and the steps it needs, as `solve
/// hint` finds it.
fn hint(
    session: &Session,
    facts: Vec<Fact>,
    until: &Stop,
    target: Option<Vec<values::Values>>,
) -> Result<Value, String> {
    let (lowered, sources) = (session.lowered().clone(), session.sources().clone());
    let walk = match target {
        Some(target) => {
            steps::walk_toward(lowered, sources, facts, Settings::default(), until, target)
        }
        None => steps::walk(lowered, sources, facts, Settings::default(), until)
            .map_err(|cause| cause.says().to_string())?,
    };
    let mut stepper = match walk {
        Walk::Ready(stepper) => stepper,
        Walk::TooWide(message) => return Err(message),
        Walk::NoSolution(..) => return Ok(json!({"ok": false, "wrong": [], "vars": []})),
    };
    let chain = stepper
        .next_placement()
        .map_err(|cause| cause.says().to_string())?;
    let words = stepper.words();
    let model = session.lowered().model();
    let mut place = Vec::new();
    let steps: Vec<Value> = (chain.iter().enumerate())
        .map(|(i, step)| {
            let mut json = words.step_json(i + 1, step);
            json["text"] = json!(words.step_text(i + 1, step));
            json
        })
        .collect();
    if let Some(last) = chain.last() {
        for d in last.deductions.iter().filter(|d| d.fixes()) {
            place.push(entry(model, d.var, d.left[0].0));
        }
    }
    let end = match (chain.is_empty(), stepper.ending()) {
        (false, _) => None,
        (true, Ending::Solved) => Some("nothing more follows: every value is known"),
        (true, Ending::Open(_)) => {
            Some("nothing more follows: the solutions differ on the values left")
        }
        (true, _) => Some("no step follows"),
    };
    Ok(json!({"ok": true, "steps": steps, "place": place, "end": end}))
}

impl PlayerAsk {
    /// The question's name, as the request writes it.
    pub fn name(self) -> &'static str {
        match self {
            PlayerAsk::Check => "check",
            PlayerAsk::Hint => "hint",
            PlayerAsk::Candidates => "candidates",
            PlayerAsk::Solve => "solve",
        }
    }
}
