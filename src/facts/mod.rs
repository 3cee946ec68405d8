//! What is known of a puzzle's values, the vocabulary that explanations,
//! steps and the setter share: a [`Fact`] (the values one variable may
//! still take), sets of values (`values`), a player's givens as written
//! ([`givens`]), and the true candidates, the values the solutions take
//! ([`candidates`]: where a walk of steps ends, and `solve candidates`).

pub mod candidates;
pub mod givens;
pub(crate) mod values;

pub use values::Values;

use crate::model::VarId;

/// A known domain: one variable's values that are still possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub var: VarId,
    pub values: Values,
}
