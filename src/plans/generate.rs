//! `[generate]` lowered: plain data for `solve generate`. The clue param's
//! name and shape, the variables its cells fill (row-major), the blank,
//! the clue pattern's symmetry, the grade wanted and the first seed. What
//! the setter does with it is the setter's (`src/setter/`).

use crate::model::VarId;
use crate::model::plan::Consistency;
use crate::spec::pattern::Pattern;

/// The grade a generated puzzle must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Propagation at this level finishes it, and at the level below not.
    Level(Consistency),
    /// No level's propagation finishes it.
    Search,
    /// Its score (see `setter::score`) is in `lo..=hi`.
    Score { lo: u32, hi: u32 },
}

/// `[generate]`, checked against the spec.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratePlan {
    /// The param that holds the clues.
    pub clues: String,
    /// Its rows and columns (one row for a list).
    pub rows: usize,
    pub cols: usize,
    /// Whether it is a list of lists (else one list).
    pub nested: bool,
    /// The variables its cells fill, row-major (`fills`); empty when the
    /// clues are derived.
    pub cells: Vec<VarId>,
    /// Whether the clues are computed from a solution (`derive`).
    pub derives: bool,
    /// The derived clues as expressions over the model's variables,
    /// row-major: lowered only when asked (to draw a full solution, see
    /// [`crate::Options::derive_clues`]), else empty.
    pub derived: Vec<crate::lower::value::LinExpr>,
    pub blank: i64,
    pub pattern: Pattern,
    pub grade: Option<Wanted>,
    pub seed: u64,
    /// The search settings a full solution is drawn with.
    pub draw: crate::spec::settings::SearchSettings,
}
