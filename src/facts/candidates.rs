//! True candidates: for each declared variable, the values it takes in some
//! solution (`solve candidates`, and the end of a walk of `solve steps`). One search finds a first solution; then, for each variable,
//! searches restricted to its values not yet seen in any solution found,
//! each solution found marking every variable's values, until the search
//! proves the rest impossible. A first search for a second solution
//! comes before them: for a puzzle with one solution it is the only proof
//! (of uniqueness), where one per variable was made before. Since any
//! solution serves, each search takes turns with a robust one
//! ([`crate::model::plan::ROBUST_ARM`]): a spec's order, made to find its
//! first solution, does not make these proofs slow.

use super::values::{self, Values};
use crate::model::{Model, VarId};
use crate::session::Session;
use crate::stop::Cause;

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

/// The player's variables: the declared ones less those the spec keeps
/// for itself (`shown = false`, or beside a board of other cells), the
/// only ones steps, hints and candidates show.
pub fn shown(model: &Model) -> Vec<VarId> {
    (model.vars.iter().enumerate())
        .filter(|(_, v)| !v.aux && !v.hidden)
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
) -> Result<Option<Vec<Values>>, Cause> {
    session.push();
    // Any solution serves: the spec's own search in turn with a robust one.
    let found = session.in_turn_with_robust(|session| within(session, vars, known));
    let _ = session.pop();
    found
}

fn within(
    session: &mut Session,
    vars: &[VarId],
    known: &[Values],
) -> Result<Option<Vec<Values>>, Cause> {
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
    // One search for a solution that differs from the first somewhere: a
    // puzzle with one solution is proven so at once, in place of one
    // proof per variable.
    if !vars.is_empty() {
        let first: Vec<(VarId, i64)> = (vars.iter())
            .map(|&x| (x, first.values()[x.index()]))
            .collect();
        session.push();
        let other = match session.forbid("another solution", &first) {
            Ok(()) => session.first(),
            Err(_) => Ok(None),
        };
        let _ = session.pop();
        match other? {
            Some(solution) => mark(&mut seen, solution.values()),
            None => return Ok(Some(seen.into_iter().map(values::of).collect())),
        }
    }
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

/// For each variable of `vars` and each of its `values`, how many
/// solutions give it that value, counted up to `cap` (solutions that
/// differ only in auxiliary variables count once): `counts[var][i]` for
/// the `i`-th value of `values[var]`, in order.
pub fn counts(
    session: &mut Session,
    vars: &[VarId],
    values: &[Values],
    cap: u64,
) -> Result<Vec<Vec<u64>>, Cause> {
    let model_vars = declared(session.lowered().model());
    let mut out = vec![Vec::new(); values.len()];
    for &x in vars {
        for v in (values[x.index()].iter()).flat_map(|&(lo, hi)| lo..=hi) {
            session.push();
            let n = if session.narrow(x, &[(v, v)]) {
                count_distinct(session, &model_vars, cap)
            } else {
                Ok(0)
            };
            let _ = session.pop();
            out[x.index()].push(n?);
        }
    }
    Ok(out)
}

/// Solutions distinct on `vars`, up to `cap`.
fn count_distinct(session: &mut Session, vars: &[VarId], cap: u64) -> Result<u64, Cause> {
    let mut seen = std::collections::HashSet::new();
    let mut solutions = session.solutions();
    for s in solutions.by_ref() {
        let key: Vec<i64> = vars.iter().map(|x| s.values()[x.index()]).collect();
        let _ = seen.insert(key);
        if seen.len() as u64 >= cap {
            return Ok(cap);
        }
    }
    if let Some(cause) = solutions.cause() {
        return Err(cause);
    }
    Ok(seen.len() as u64)
}
