//! The command line's choices that override a spec's search settings and
//! sections, read by the lowering passes.

use crate::spec::settings::SearchSettings;

/// Command-line choices that override the spec.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub no_symmetry: bool,
    /// Ignore the `[objective]` section.
    pub no_objective: bool,
    /// The search settings that override `[search]` (the flags, a
    /// `--try` configuration, an `[experiments]` entry).
    pub search: SearchSettings,
    /// Build the declared symmetries' group elements into
    /// `Lowered::symmetry` (for `--unique` and `check-symmetry`); without
    /// it the plan is empty unless lex-leader breaking needs it.
    pub symmetries: bool,
    /// Lower `[generate] derive` into the model (its expressions in
    /// `GeneratePlan::derived`), to read a drawn solution's clues; other
    /// runs leave it out.
    pub derive_clues: bool,
    /// When the run must stop: lowering stops too (a time-limit error).
    pub stop: crate::stop::Stop,
}
