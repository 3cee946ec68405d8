//! What a session's searches answer: a solution, a count, an optimum,
//! or that a limit stopped them.

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

/// A node or time limit stopped the search before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// How many solutions a search met, and whether it met them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub solutions: u64,
    /// False when a limit stopped the count.
    pub complete: bool,
}

/// The result of branch and bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The best solution met and its objective value (`None`: no solution
    /// was met).
    pub best: Option<(Solution, i64)>,
    /// True when the search finished: `best` is optimal, or there is no
    /// solution at all.
    pub proven: bool,
}
