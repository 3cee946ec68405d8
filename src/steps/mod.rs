//! Step-by-step explanations: how each value of a puzzle follows, one
//! small deduction at a time (after Bogaerts, Gamba and Guns, "A framework
//! for step-wise explaining how to solve constraint satisfaction problems",
//! AIJ 2021, and Espasa et al., "Using small MUSes to explain how to solve
//! pen and paper puzzles", 2021).
//!
//! A *step* names the constraint items it uses (`crate::explain::items`),
//! the facts it uses (the known domains of some variables: what earlier
//! steps or the player's givens established) and what it deduces: values
//! variables cannot take, one [`Deduction`] per variable. It is a
//! placement or a named elimination: what its items make of the same
//! facts is one step ("7 is already in row 6: these cells lose 7"), each
//! value first found with the facts it needs alone, and named by its
//! structure ([`technique`]). Every step is *sound* (its items and facts
//! alone imply each deduction) and *minimal* (without any one item or
//! fact some deduction no longer follows): both are checked by complete searches
//! over the step's items and facts alone, so they hold logically, not only
//! for the propagators that found the step. A minimality check has a node
//! budget; a step whose check ran out keeps the piece and says it is not
//! proven minimal ([`Step::minimal`]). Every step removes at least one
//! value still possible: a step found on earlier domains is found again
//! on the domains of the moment it is taken.
//!
//! Cheapest steps first, placements first among steps of one cost
//! (`finder`): one item propagated alone on the known domains at its
//! consistency level; then two or three items sharing
//! variables; then, when propagation of small groups finds nothing, a
//! conflict found by QuickXplain over every item and fact with the negated
//! deduction (`fallback`), which always finds a step while a value that no
//! solution takes is left. The sequence ends when the known domains are the
//! values the solutions take ([`crate::facts::candidates`]): for a puzzle with one
//! solution, that solution.

mod chain;
mod fallback;
mod finder;
mod fold;
pub mod say;
mod state;
mod stepper;
pub mod technique;
mod witness;

pub use chain::{Chain, Link};
pub use fallback::WhyNone;
pub use state::Stepper;
pub use stepper::{Ending, Walk, walk, walk_to_conflict, walk_toward};
pub use technique::Technique;

use crate::facts::{Fact, Values};
use crate::model::VarId;

/// How steps are searched for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The most items a step may combine (`--max-items`); `None`: as many
    /// as the fallback needs.
    pub max_items: Option<usize>,
    /// Stop after this many steps (`hint`: 1).
    pub most: Option<usize>,
}

/// A deduction found by propagating `items`, not yet made minimal.
#[derive(Clone, Debug)]
struct Candidate {
    items: Vec<usize>,
    var: VarId,
    removed: Values,
}

/// How a step was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Its items propagated on its facts.
    Propagation,
    /// A conflict of its items and facts with the negated deduction
    /// (QuickXplain; each check a complete search).
    Conflict,
}

/// How a walk to a conflict ends when the variable left with no value is
/// hidden (`shown = false`): the items and shown facts behind it, which
/// have no solution together (see [`Stepper::clash`]); what the player
/// reads in place of that variable's last step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash {
    pub uses: Vec<usize>,
    pub facts: Vec<Fact>,
    /// The items' weights plus the number of facts.
    pub cost: u64,
    /// Whether every item and fact was shown needed (as [`Step::minimal`]).
    pub minimal: bool,
}

/// What a step shows of one variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The variable it narrows.
    pub var: VarId,
    /// The values it shows `var` cannot take.
    pub removed: Values,
    /// `var`'s values after it.
    pub left: Values,
    /// Whether it alone fixes `var`: it removes every value of `var`'s
    /// domain but one (else a value left alone was fixed by earlier steps
    /// too: `x ≠ 2, so x = 7`).
    pub decides: bool,
}

impl Deduction {
    /// Whether `var` has one value left after it.
    pub fn fixes(&self) -> bool {
        matches!(self.left[..], [(lo, hi)] if lo == hi)
    }
}

/// One step, with what it uses: a placement or a named elimination. The
/// removals its items make from the same facts are one step ("7 is
/// already in row 6: x[6][1], x[6][2], ... ≠ 7"), each variable one
/// [`Deduction`], in the order of the variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The items it uses: indices into `Walk::items`.
    pub uses: Vec<usize>,
    /// The facts it uses (each a domain known before the step).
    pub facts: Vec<Fact>,
    /// What it shows, one variable each (never empty).
    pub deductions: Vec<Deduction>,
    /// The items' weights plus the number of facts.
    pub cost: u64,
    pub method: Method,
    /// Whether every item and fact was shown needed; false when a check
    /// without one ran out of its node budget (it is then kept, so the
    /// step stays sound, and says it is not proven minimal).
    pub minimal: bool,
    /// What it uses, named from its structure (see [`technique`]).
    pub technique: Technique,
    /// A step by contradiction: how the assumed value runs into a clash
    /// (see [`Chain`]), when its items alone, one at a time, show it.
    pub chain: Option<Chain>,
}

impl Step {
    /// Whether it leaves some variable one value: a placement.
    pub fn places(&self) -> bool {
        self.deductions.iter().any(Deduction::fixes)
    }

    /// Whether it removes every one of `values` from `var`.
    fn removes(&self, var: VarId, values: &Values) -> bool {
        (self.deductions.iter())
            .any(|d| d.var == var && crate::facts::values::minus(values, &d.removed).is_empty())
    }
}
