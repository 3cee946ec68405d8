//! A player's partial state, as `solve hint --given` and `--state` read it:
//! `x[1][2]=3` (the variable is 3) or `x[1][2]!=3,5` (it is neither), a
//! variable named as `--trace` and the steps name it, a value as the
//! solutions print it (`4`, `true`, `red` or `'red'` for a text).

use super::{Fact, values};
use crate::diagnostic::did_you_mean;
use crate::model::{Model, VarId};

/// Reads one given; the error says what was expected.
pub fn parse(model: &Model, text: &str) -> Result<Fact, String> {
    let (name, values, equal) = match (text.split_once("!="), text.split_once('=')) {
        (Some((name, values)), _) => (name, values, false),
        (None, Some((name, values))) => (name, values, true),
        (None, None) => {
            return Err(format!(
                "expected VARIABLE=VALUE or VARIABLE!=VALUE,..., found `{text}`"
            ));
        }
    };
    let var = variable(model, name.trim())?;
    let mut read = Vec::new();
    for value in values.split(',') {
        read.push(value_of(model, var, value.trim())?);
    }
    if equal && read.len() != 1 {
        return Err(format!(
            "`{}` is one value: write `{}!=A,B` to rule several out",
            name.trim(),
            name.trim()
        ));
    }
    let domain = &model.vars[var.index()].domain.0;
    let values = if equal {
        values::of(read)
    } else {
        values::minus(domain, &values::of(read))
    };
    Ok(Fact { var, values })
}

fn variable(model: &Model, name: &str) -> Result<VarId, String> {
    let declared = || model.vars.iter().filter(|v| !v.aux && !v.hidden);
    if let Some(i) = model.vars.iter().position(|v| !v.aux && v.name == name) {
        if model.vars[i].hidden {
            return Err(format!(
                "`{name}` is the model's own (`shown = false`, or beside a board of other cells): a given names a variable the steps show"
            ));
        }
        return Ok(VarId(i as u32));
    }
    let mut message = format!("unknown variable `{name}`");
    if let Some(near) = did_you_mean(name, declared().map(|v| v.name.as_str())) {
        message.push_str(&format!(" (did you mean `{near}`?)"));
    } else if let Some(first) = declared().next() {
        message.push_str(&format!(
            " (a variable is named as the steps name it, e.g. `{}`)",
            first.name
        ));
    }
    Err(message)
}

pub(crate) fn value_of(model: &Model, var: VarId, text: &str) -> Result<i64, String> {
    let info = &model.vars[var.index()];
    let value = if info.text {
        let bare = text.trim_matches(|c| c == '\'' || c == '"');
        model.texts.code(bare)
    } else if info.boolean {
        match text {
            "true" => Some(1),
            "false" => Some(0),
            _ => None,
        }
    } else {
        text.parse::<i64>().ok()
    };
    match value {
        Some(v) if info.domain.contains(v) => Ok(v),
        Some(_) => Err(format!(
            "`{text}` is not a value of `{}`, whose values are {}",
            info.name,
            model.values_text(var, &info.domain.0)
        )),
        None => Err(format!(
            "`{text}` is not a value of `{}`: expected {}",
            info.name,
            if info.text {
                "one of its texts"
            } else if info.boolean {
                "true or false"
            } else {
                "an integer"
            }
        )),
    }
}
