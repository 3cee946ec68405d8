//! The Setter panel's requests, `solve unique`, `candidates`, `redundant`
//! and `generate` for the page. Every answer names the declared
//! variables as the command line does (`x[1][2]`), so that the page draws
//! them as boards:
//! - `unique` → a `uniqueness` event: `answer` (`unique`, `none` or
//!   `several`), `cells` (each declared variable's `first` value, and its
//!   `second` when there are two solutions), `differ` (the names of
//!   the variables where the two differ) and `solutions` (the one or two
//!   solutions as the Solve panel's `solution` events draw them: the
//!   spec's `[output] board`, the values, the text);
//! - `candidates` → a `candidates` event: `answer` (`found` or `none`) and
//!   `cells` (each variable's `values`, with `count_up_to` their `counts`);
//! - `redundant` → a `redundant` event: the solution's `cells`, the number
//!   of `clues` and the `needless` ones (`name` and the `vars` they fix);
//!   a `uniqueness` event instead when the puzzle is not unique;
//! - `generate` → a `generated` event: `seed`, `clues` given, `grade`,
//!   the clue grid's `rows` (`blank` for a blank) and the `set` text.
//!
//! A limit that stops a search sends `stopped` (with what was asked).

use super::solve::drawn;
use super::{SetterRequest, SetterTask, SolveRequest, compiled, error_event, options, stop};
use crate::diagnostic::Error;
use crate::facts::candidates::{self, declared};
use crate::lowered::Lowered;
use crate::plans::generate::GeneratePlan;
use crate::session::{Session, Solution};
use crate::setter::Unanswered;
use crate::setter::forcing::{Setup, setup, unknown_group};
use crate::setter::generate::{self, Failed};
use crate::setter::grade::level_name;
use crate::setter::redundant::redundant;
use crate::setter::steer::wanted_name;
use crate::setter::unique::{Uniqueness, differences, unique};
use crate::source::{SourceId, Sources};
use crate::spec::settings::SearchSettings;
use crate::steps::say::Words;
use crate::stop::Stop;
use serde_json::{Value, json};

pub(super) fn run(request: &SetterRequest, emit: &mut dyn FnMut(Value)) {
    let until = stop(&request.solve.run);
    if let SetterTask::Generate { seed } = request.task {
        return make(&request.solve, seed, &until, emit);
    }
    let solve = &request.solve;
    let Some(session) = compiled(&solve.spec, &solve.set, solve, &until, emit) else {
        return;
    };
    let answer = match &request.task {
        SetterTask::Unique => uniqueness(session, &until),
        SetterTask::Candidates { count_up_to } => found_candidates(session, *count_up_to, &until),
        SetterTask::Redundant { group } => needless(session, group.as_deref(), &until),
        SetterTask::Generate { .. } => unreachable!("made above"),
    };
    match answer {
        Ok(event) => emit(event),
        Err(Unanswered::Stopped(_)) => emit(json!({"event": "stopped", "message": until.cause()})),
        Err(Unanswered::Error(e)) => emit(json!({"event": "failed", "message": e.to_string()})),
    }
}

fn words(session: &Session) -> Words<'_> {
    Words {
        lowered: session.lowered(),
        sources: session.sources(),
        items: &[],
    }
}

/// Each declared variable's name and its value in `first` (and `second`).
fn cells(session: &Session, first: &Solution, second: Option<&Solution>) -> Vec<Value> {
    let words = words(session);
    (declared(session.lowered().model()).into_iter())
        .map(|x| {
            let mut cell = json!({"name": words.name(x), "first": words.json_value(x, first.values()[x.index()])});
            if let Some(second) = second {
                cell["second"] = words.json_value(x, second.values()[x.index()]);
            }
            cell
        })
        .collect()
}

/// The `uniqueness` event of an answer.
fn uniqueness_event(session: &Session, answer: &Uniqueness) -> Value {
    match answer {
        Uniqueness::None => json!({"event": "uniqueness", "answer": "none"}),
        Uniqueness::Unique(s) => json!({
            "event": "uniqueness", "answer": "unique", "cells": cells(session, s, None), "differ": [],
            "solutions": [drawn(session.view(), s)],
        }),
        Uniqueness::Several(a, b) => {
            let words = words(session);
            let differ: Vec<&str> = (differences(session, a, b).into_iter())
                .map(|x| words.name(x))
                .collect();
            json!({
                "event": "uniqueness", "answer": "several", "cells": cells(session, a, Some(b)), "differ": differ,
                "solutions": [drawn(session.view(), a), drawn(session.view(), b)],
            })
        }
    }
}

fn uniqueness(mut session: Session, until: &Stop) -> Result<Value, Unanswered> {
    session.set_stop(until.clone());
    let answer = unique(&mut session)?;
    Ok(uniqueness_event(&session, &answer))
}

fn found_candidates(
    mut session: Session,
    count_up_to: Option<u64>,
    until: &Stop,
) -> Result<Value, Unanswered> {
    session.set_stop(until.clone());
    let model = session.lowered().model();
    if let Some(message) = candidates::too_wide(model, "candidates are found for") {
        return Ok(json!({"event": "failed", "message": message}));
    }
    let vars = declared(model);
    let domains: Vec<_> = model.vars.iter().map(|v| v.domain.0.clone()).collect();
    let Some(values) = candidates::candidates(&mut session, &vars, &domains)? else {
        return Ok(json!({"event": "candidates", "answer": "none"}));
    };
    let counts = match count_up_to {
        Some(cap) => Some(candidates::counts(&mut session, &vars, &values, cap)?),
        None => None,
    };
    let words = words(&session);
    let cells: Vec<Value> = (vars.iter())
        .map(|&x| {
            let mut cell =
                json!({"name": words.name(x), "values": words.json_values(x, &values[x.index()])});
            if let Some(counts) = &counts {
                cell["counts"] = json!(counts[x.index()]);
            }
            cell
        })
        .collect();
    Ok(json!({"event": "candidates", "answer": "found", "cells": cells, "cap": count_up_to}))
}

fn needless(session: Session, group: Option<&str>, until: &Stop) -> Result<Value, Unanswered> {
    let (lowered, sources) = (session.lowered().clone(), session.sources().clone());
    if let Some((message, help)) = group.and_then(|g| unknown_group(&lowered, g)) {
        return Ok(json!({"event": "failed", "message": format!("{message}: {help}")}));
    }
    let mut forcing = match setup(lowered, sources, group, until)? {
        Setup::Ready(forcing) => forcing,
        Setup::NoSolution => return Ok(uniqueness_event(&session, &Uniqueness::None)),
        Setup::Several(session, a, b) => {
            return Ok(uniqueness_event(&session, &Uniqueness::Several(a, b)));
        }
    };
    let found = redundant(&mut forcing)?;
    let words = words(&session);
    let needless: Vec<Value> = (found.iter())
        .map(|&c| {
            let clue = &forcing.clues[c];
            let vars: Vec<&str> = clue.scope.iter().map(|&x| words.name(x)).collect();
            json!({"name": clue.name, "vars": vars})
        })
        .collect();
    Ok(json!({
        "event": "redundant",
        "clues": forcing.clues.len(),
        "needless": needless,
        "cells": cells(&session, &forcing.solution, None),
    }))
}

/// `generate` from the spec's `[generate]` section, from `seed` (else its
/// own).
fn make(request: &SolveRequest, seed: Option<u64>, until: &Stop, emit: &mut dyn FnMut(Value)) {
    let plan = match plan(request, until) {
        Ok(Some(plan)) => plan,
        Ok(None) => {
            let message = "the spec has no [generate] section (the clue param and the variables it fills): see the book's chapter on making puzzles";
            return emit(json!({"event": "failed", "message": message}));
        }
        Err((error, sources, id)) => return emit(error_event(&error, &sources, id)),
    };
    let mut lower = |r: &generate::Request| -> Result<(Lowered, Sources), Error> {
        let mut asked = request.clone();
        asked.set.push(r.clues.clone());
        if let Some(level) = r.level {
            asked.search.consistency.push(level_name(level).to_string());
        }
        lowered(
            &asked,
            r.random.map(|seed| (&plan.draw, seed)),
            r.derive,
            until,
        )
    };
    let seed = seed.unwrap_or(plan.seed);
    match generate::generate(&plan, &mut lower, seed, until) {
        Ok(made) => {
            let rows: Vec<&[i64]> = made.clues.chunks(plan.cols).collect();
            emit(json!({
                "event": "generated",
                "seed": made.seed,
                "clues": made.given,
                "grade": made.grade.map_or("search", level_name),
                "rows": rows,
                "blank": plan.blank,
                "set": plan.set(&made.clues),
            }));
        }
        Err(Failed::NoSolution) => {
            emit(
                json!({"event": "failed", "message": "with every clue blank the spec has no solution"}),
            );
        }
        Err(Failed::NoGrade { tries }) => {
            let wanted = plan.grade.map_or("any".to_string(), wanted_name);
            let message = format!(
                "no puzzle of grade {wanted} from seed {seed} in {tries} draws: try another seed"
            );
            emit(json!({"event": "failed", "message": message}));
        }
        Err(Failed::NeverForced { tries }) => {
            let message = format!(
                "no puzzle from seed {seed} in {tries} draws: with every clue `derive` gives, each solution drawn was still not the only one"
            );
            emit(json!({"event": "failed", "message": message}));
        }
        Err(Failed::Unanswered(Unanswered::Stopped(_))) => {
            emit(json!({"event": "stopped", "message": until.cause()}));
        }
        Err(Failed::Unanswered(Unanswered::Error(e))) => {
            emit(json!({"event": "failed", "message": e.to_string()}));
        }
    }
}

/// The `[generate]` plan, read from the declarations alone.
fn plan(
    request: &SolveRequest,
    until: &Stop,
) -> Result<Option<GeneratePlan>, (Error, Sources, SourceId)> {
    let mut sources = Sources::default();
    let id = sources.add("spec.toml", &request.spec);
    let options = match options(request, &mut sources, until) {
        Ok(options) => options,
        Err(e) => return Err((e, sources, id)),
    };
    crate::compile::generate_plan(&mut sources, id, &request.set, &options)
        .map_err(|d| (Error::new(d, &sources), sources, id))
}

/// The spec lowered as `request` asks; to draw a solution, with the
/// draw's search settings over the request's and a seed, and `derive`
/// lowered when `derive_clues`.
fn lowered(
    request: &SolveRequest,
    draw: Option<(&SearchSettings, u64)>,
    derive_clues: bool,
    until: &Stop,
) -> Result<(Lowered, Sources), Error> {
    let mut sources = Sources::default();
    let id = sources.add("spec.toml", &request.spec);
    let mut options = options(request, &mut sources, until)?;
    options.derive_clues = derive_clues;
    if let Some((draw, seed)) = draw {
        options.search = options.search.then(draw);
        options.search.seed = Some(seed);
    }
    crate::compile(&mut sources, id, &request.set, &options)
        .map(|compiled| (compiled.lowered, sources.clone()))
        .map_err(|d| Error::new(d, &sources))
}
