//! What the user expected, for `solve explain --expect`: `x=[[1,2],[2,1]]`
//! (a declared array or variable, its value written as JSON, a text also
//! bare: `colour=red`) or one variable as the steps name it
//! (`x[1][2]=3`). Each becomes facts: the expected values, to be given to
//! [`super::explain_given`].

use crate::facts::givens::{self, value_of};
use crate::facts::{Fact, values};
use crate::lower::value::Value;
use crate::lowered::Lowered;
use serde_json::Value as Json;

/// Reads one `--expect`; the error says what was expected.
pub fn parse(lowered: &Lowered, text: &str) -> Result<Vec<Fact>, String> {
    let Some((name, value)) = text.split_once('=').filter(|(n, _)| !n.ends_with('!')) else {
        return Err(format!(
            "expected NAME=VALUE (`x=[[1,2],[2,1]]` or `x[1][2]=3`), found `{text}`"
        ));
    };
    let (name, value) = (name.trim(), value.trim());
    let Some(symbolic) = lowered.output.declared(name) else {
        return Ok(vec![givens::parse(lowered.model(), text)?]);
    };
    // A bare word is a text: `colour=red` as well as `colour="red"`.
    let json = serde_json::from_str(value).unwrap_or_else(|_| Json::String(value.to_string()));
    let mut facts = Vec::new();
    pair(lowered, name, symbolic, &json, &mut facts)?;
    Ok(facts)
}

/// Matches a declared value's variables with the JSON written for it.
fn pair(
    lowered: &Lowered,
    at: &str,
    symbolic: &Value,
    json: &Json,
    facts: &mut Vec<Fact>,
) -> Result<(), String> {
    match (symbolic, json) {
        (Value::List(array), Json::Array(items)) if array.items.len() == items.len() => {
            for (i, (s, j)) in array.items.iter().zip(items).enumerate() {
                pair(
                    lowered,
                    &format!("{at}[{}]", i as i64 + array.base),
                    s,
                    j,
                    facts,
                )?;
            }
            Ok(())
        }
        (Value::List(array), _) => Err(format!(
            "`{at}` is a list of {} items: expected a JSON list of as many, found `{json}`",
            array.items.len()
        )),
        (symbolic, json) => {
            let var = symbolic.as_variable().ok_or_else(|| {
                format!("`{at}` is not a declared variable: an alias cannot be expected")
            })?;
            let text = match json {
                Json::String(s) => s.clone(),
                Json::Array(_) | Json::Object(_) | Json::Null => {
                    return Err(format!("`{at}` is one value, found `{json}`"));
                }
                other => other.to_string(),
            };
            let v = value_of(lowered.model(), var, &text)?;
            facts.push(Fact {
                var,
                values: values::of(vec![v]),
            });
            Ok(())
        }
    }
}
