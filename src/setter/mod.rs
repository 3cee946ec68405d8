//! The setter's toolkit: what a person making a puzzle asks of its rules,
//! for any genre written as a spec. Each is a client of
//! [`crate::session::Session`] (push, pop, a search, a solution forbidden)
//! and of QuickXplain ([`crate::explain`]):
//!
//! - [`crate::facts::candidates`]: the values each variable takes in some
//!   solution (shared with steps, so it sits below both);
//! - [`unique`]: one solution, none, or two that differ (a witness);
//! - [`redundant`]: the clues whose removal keeps the solution unique;
//! - [`minimize`]: a subset-minimal set of clues that still forces it;
//! - [`grade`]: the weakest consistency level whose propagation finishes
//!   the puzzle, and the steps' costs;
//! - [`human`]: the techniques of a sudoku book over the alldifferents,
//!   with [`rules`] (one clue, cage or run read alone);
//! - [`score`]: the grade's number, from the ladder and those techniques;
//! - [`generate`]: new puzzles, steered by [`steer`] (`--grade`,
//!   `--symmetry`).

mod clues;
pub mod forcing;
pub mod generate;
pub mod grade;
pub mod human;
pub(crate) mod lower;
pub mod minimize;
pub mod redundant;
pub mod rules;
pub mod score;
pub mod steer;
pub mod unique;

use crate::diagnostic::Error;
use crate::stop::Cause;

/// Why a setter's question has no answer.
#[derive(Debug)]
pub enum Unanswered {
    /// A limit stopped a search: this one.
    Stopped(Cause),
    /// Adding a constraint failed (the model outgrew its budget).
    Error(Error),
}

impl From<Cause> for Unanswered {
    fn from(cause: Cause) -> Unanswered {
        Unanswered::Stopped(cause)
    }
}

impl From<Error> for Unanswered {
    fn from(e: Error) -> Unanswered {
        Unanswered::Error(e)
    }
}
