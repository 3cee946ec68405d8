//! Uniqueness with a witness: a first solution, then a search for one
//! that differs from it on some declared variable (the first solution
//! forbidden). Two solutions are the witness that the puzzle is
//! ambiguous, and the declared variables where they differ say where.

use crate::facts::candidates::declared;
use crate::model::{Model, VarId};
use crate::session::{Session, Solution};
use crate::setter::Unanswered;

/// The name of the constraint that asks for another solution.
pub const DIFFERS: &str = "differs from the solution";

/// How many solutions a spec has, up to two.
#[derive(Clone, Debug)]
pub enum Uniqueness {
    None,
    Unique(Solution),
    /// Two solutions that differ on some declared variable.
    Several(Solution, Solution),
}

/// Whether `session` has no solution, one, or several (on its declared
/// variables: solutions that differ only in auxiliary variables count
/// once). What it adds is retracted before it returns.
pub fn unique(session: &mut Session) -> Result<Uniqueness, Unanswered> {
    let vars = declared(session.lowered().model());
    unique_over(session, &vars)
}

/// [`unique`] over `vars` only: solutions that agree on them count once
/// (`solve grade` asks over the player's variables, the ones its ladder
/// counts).
pub fn unique_over(session: &mut Session, vars: &[VarId]) -> Result<Uniqueness, Unanswered> {
    let Some(first) = session.first()? else {
        return Ok(Uniqueness::None);
    };
    let assignment: Vec<(VarId, i64)> = (vars.iter())
        .map(|&x| (x, first.values()[x.index()]))
        .collect();
    session.push();
    let second = session
        .forbid(DIFFERS, &assignment)
        .map_err(Unanswered::from)
        .and_then(|()| Ok(session.first()?));
    let _ = session.pop();
    Ok(match second? {
        Some(second) => Uniqueness::Several(first, second),
        None => Uniqueness::Unique(first),
    })
}

/// A solution's values of the declared variables, as a nogood forbids them.
pub fn assignment(model: &Model, solution: &Solution) -> Vec<(VarId, i64)> {
    (declared(model).into_iter())
        .map(|x| (x, solution.values()[x.index()]))
        .collect()
}

/// The declared variables on which `a` and `b` differ, in order.
pub fn differences(session: &Session, a: &Solution, b: &Solution) -> Vec<VarId> {
    declared(session.lowered().model())
        .into_iter()
        .filter(|x| a.values()[x.index()] != b.values()[x.index()])
        .collect()
}
