//! What a session's searches answer: a solution, a count, an optimum,
//! each an [`Answer`] that says whether a limit stopped it.

use crate::stop::Answer;

/// A full assignment: one value per model variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub(super) values: Vec<i64>,
}

impl Solution {
    /// Every model variable's value, by `VarId` index.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The solution of these values (for one kept apart, as `--unique`
    /// does to report a class it lost).
    pub(crate) fn from_values(values: Vec<i64>) -> Solution {
        Solution { values }
    }
}

/// How many solutions a search met: all of them, or those met before a
/// limit stopped it.
pub type Count = Answer<u64>;

/// The result of branch and bound: the best solution met and its
/// objective value (`None`: no solution was met); complete when the
/// search finished (`best` is optimal, or there is no solution at all).
pub type Optimum = Answer<Option<(Solution, i64)>>;
