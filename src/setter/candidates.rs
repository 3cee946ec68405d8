//! True candidates: for each declared variable, the values it takes in some
//! solution (`solve candidates`, and the end of a walk of `solve steps`). One search finds a first solution; then, for each variable,
//! searches restricted to its values not yet seen in any solution found,
//! each solution found marking every variable's values, until the search
//! proves the rest impossible. For a puzzle with one solution that is one
//! proof of uniqueness per variable.

use crate::model::{Model, VarId};
use crate::session::{Session, Stopped};
use crate::steps::values::{self, Values};

/// The most values a declared variable may have: `candidates` and `steps`
/// find values one at a time (a search or a step each).
pub const MOST_VALUES: u64 = 100_000;

/// The model's declared variables, in order.
pub fn declared(model: &Model) -> Vec<VarId> {
    (model.vars.iter().enumerate())
        .filter(|(_, v)| !v.aux)
        .map(|(i, _)| VarId(i as u32))
        .collect()
}

/// What is wrong when a declared variable has more than [`MOST_VALUES`]
/// values, for `who` (`steps explain`, `candidates are found for`).
pub fn too_wide(model: &Model, who: &str) -> Option<String> {
    let v = (model.vars.iter()).find(|v| !v.aux && v.domain.size() > MOST_VALUES)?;
    Some(format!(
        "`{}` has {} values: {who} variables of at most {MOST_VALUES} values, one value at a time",
        v.name,
        v.domain.size()
    ))
}

/// The values each variable of `vars` takes in some solution of `session`
/// with each variable narrowed to `known` (indexed by variable); `None`
/// when there is no solution.
pub fn candidates(
    session: &mut Session,
    vars: &[VarId],
    known: &[Values],
) -> Result<Option<Vec<Values>>, Stopped> {
    session.push();
    let found = within(session, vars, known);
    let _ = session.pop();
    found
}

fn within(
    session: &mut Session,
    vars: &[VarId],
    known: &[Values],
) -> Result<Option<Vec<Values>>, Stopped> {
    for &x in vars {
        if !session.narrow(x, &known[x.index()]) {
            return Ok(None);
        }
    }
    let Some(first) = session.first()? else {
        return Ok(None);
    };
    let mut seen: Vec<Vec<i64>> = vec![Vec::new(); known.len()];
    let mark = |seen: &mut Vec<Vec<i64>>, solution: &[i64]| {
        for &x in vars {
            seen[x.index()].push(solution[x.index()]);
        }
    };
    mark(&mut seen, first.values());
    for &x in vars {
        loop {
            let unseen = values::minus(&known[x.index()], &values::of(seen[x.index()].clone()));
            if unseen.is_empty() {
                break;
            }
            session.push();
            let found = if session.narrow(x, &unseen) {
                session.first()
            } else {
                Ok(None)
            };
            let _ = session.pop();
            match found? {
                Some(solution) => mark(&mut seen, solution.values()),
                None => break,
            }
        }
    }
    Ok(Some(seen.into_iter().map(values::of).collect()))
}
