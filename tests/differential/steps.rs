//! One model in six: `solve steps --json` must leave each variable exactly
//! the values it takes in some solution of the brute force (the walk's
//! deductions are the values common to all solutions, and no value a
//! solution takes is ever removed), every deduction of every step (a
//! step merges what one item makes from the same facts) must remove a
//! value still possible, and it exits 1 on a model with none.

use super::model::Model;
use crate::{Rng, TempSpec};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

/// Each position's variable name, as the steps name it (`None`: the
/// array's elements have names of their own, which the steps use).
fn names(model: &Model) -> Option<Vec<String>> {
    let mut names = model.shape.scalars.clone();
    if let Some(a) = &model.shape.array {
        if a.names.is_some() {
            return None;
        }
        for k in 0..a.len {
            names.push(match a.rows {
                Some(first) => format!(
                    "x[{}][{}]",
                    first + (k / a.cols()) as i64,
                    a.base + (k % a.cols()) as i64
                ),
                None => format!("x[{}]", a.base + k as i64),
            });
        }
    }
    Some(names)
}

fn ints(v: &Value) -> Vec<i64> {
    match v {
        Value::Array(a) => a.iter().filter_map(Value::as_i64).collect(),
        v => v.as_i64().into_iter().collect(),
    }
}

pub(super) fn check(model: &Model, text: &str, rng: &mut Rng) -> Option<String> {
    if !rng.one_in(6) {
        return None;
    }
    let names = names(model)?;
    let solutions = model.solutions(|_| true);
    let file = TempSpec::new("differential-steps", text);
    let (out, err, code) = crate::solve(&["steps", file.path(), "--json"]);
    let failure = |why: String| {
        Some(format!(
            "`solve steps --json`: {why}\n{out}{err}--- spec ---\n{text}---"
        ))
    };
    if solutions.is_empty() {
        return (code != 1)
            .then(|| failure(format!("exit {code}, the brute force has no solution")))
            .flatten();
    }
    if code != 0 && code != 3 {
        return failure(format!("exit {code}"));
    }
    let mut known: HashMap<&str, Vec<i64>> = (names.iter())
        .zip(model.domains())
        .map(|(n, d)| (n.as_str(), d.to_vec()))
        .collect();
    for line in out.lines() {
        let Ok(step) = serde_json::from_str::<Value>(line) else {
            return failure(format!("not JSON: {line}"));
        };
        for fact in step
            .get("start")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let values = ints(fact.get("is").or(fact.get("in"))?);
            known
                .get_mut(fact["var"].as_str()?)?
                .retain(|v| values.contains(v));
        }
        let Some(deduces) = step.get("deduces").and_then(Value::as_array) else {
            continue;
        };
        if deduces.is_empty() {
            return failure(format!("a step deduces nothing: {line}"));
        }
        for d in deduces {
            let cell = known.get_mut(d["var"].as_str()?)?;
            let before = cell.len();
            match (d.get("is"), d.get("not")) {
                (Some(is), _) => cell.retain(|v| Some(*v) == is.as_i64()),
                (_, Some(not)) => cell.retain(|v| !ints(not).contains(v)),
                _ => return failure(format!("a deduction says nothing: {line}")),
            }
            // Every deduction of a step removes a value still possible
            // (round 3's steps-repeat-deduction).
            if cell.len() == before {
                return failure(format!("a step removes no value still possible: {line}"));
            }
        }
    }
    for (k, name) in names.iter().enumerate() {
        let taken: BTreeSet<i64> = solutions.iter().map(|s| s[k]).collect();
        let left: BTreeSet<i64> = known[name.as_str()].iter().copied().collect();
        if left != taken {
            return failure(format!(
                "{name} keeps {left:?}, the solutions give it {taken:?}"
            ));
        }
    }
    None
}
