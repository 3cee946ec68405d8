//! The scheduling globals of `solve`'s MiniZinc library:
//! `fzn_cumulative(s, d, r, b)`, `fzn_disjunctive(s, d)` and
//! `fzn_disjunctive_strict(s, d)`, declared native (without a body) so
//! that MiniZinc passes them through, each posted as one constraint of its
//! kind (`constraints::cumulative`, `constraints::disjunctive`). The
//! arrays may mix variables and numbers (MiniZinc passes `int` arrays
//! where the model has them).

use super::ast::Call;
use super::builder::{Builder, expected};
use crate::constraints::{Constraint, Cumulative, Disjunctive};
use crate::diagnostic::Diagnostic;

/// `fzn_cumulative(s, d, r, b)`: three arrays of one length.
pub(super) fn cumulative(b: &mut Builder, call: &Call) -> Result<Option<Constraint>, Diagnostic> {
    let a = &call.args;
    let (starts, durations) = (b.views(&a[0])?, b.views(&a[1])?);
    let requirements = b.views(&a[2])?;
    let capacity = b.view(&a[3])?;
    let n = starts.len();
    if durations.len() != n || requirements.len() != n {
        return Err(expected(
            format!(
                "three arrays of one length (found {n}, {} and {})",
                durations.len(),
                requirements.len()
            ),
            call.span,
        ));
    }
    Ok(Some(
        Cumulative {
            starts,
            durations,
            requirements,
            capacity,
        }
        .into(),
    ))
}

/// `fzn_disjunctive(s, d)` and `fzn_disjunctive_strict(s, d)`: two
/// arrays of one length.
pub(super) fn disjunctive(b: &mut Builder, call: &Call) -> Result<Option<Constraint>, Diagnostic> {
    let a = &call.args;
    let (starts, durations) = (b.views(&a[0])?, b.views(&a[1])?);
    if starts.len() != durations.len() {
        return Err(expected(
            format!(
                "two arrays of one length (found {} and {})",
                starts.len(),
                durations.len()
            ),
            call.span,
        ));
    }
    Ok(Some(
        Disjunctive {
            starts,
            durations,
            strict: call.name == "fzn_disjunctive_strict",
        }
        .into(),
    ))
}
