//! The command line's choices that override a spec's search settings and
//! sections, read by the lowering passes.

use crate::model::plan::{Consistency, RestartPolicy, ValueOrder, VarOrder};
use crate::spec::ast::Name;

/// Command-line choices that override the spec.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub no_symmetry: bool,
    /// Ignore the `[objective]` section.
    pub no_objective: bool,
    pub order: Option<Vec<Name>>,
    /// `--phase`: replaces the spec's phases and order (as `--order` does).
    pub phases: Option<Vec<crate::spec::ast::PhaseDecl>>,
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
    /// `--consistency LEVEL` (or `all=LEVEL`): every constraint.
    pub consistency: Option<Consistency>,
    /// `--consistency NAME=LEVEL`: one named constraint (the last wins).
    pub consistency_for: Vec<(Name, Consistency)>,
    pub restart: Option<RestartPolicy>,
    pub restart_scale: Option<u64>,
    pub seed: Option<u64>,
    /// Build the declared symmetries' group elements into
    /// [`Lowered::symmetry`] (for `--unique` and `check-symmetry`); without
    /// it the plan is empty unless lex-leader breaking needs it.
    pub symmetries: bool,
    /// When the run must stop: lowering stops too (a time-limit error).
    pub deadline: Option<std::time::Instant>,
}
