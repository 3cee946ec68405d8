//! Experiments: the same spec solved under several configurations, to
//! see what a pruning or a trial order changes (`solve compare`).
//!
//! A configuration (`var=first-fail consistency=rows=domain no-symmetry`)
//! is read by `spec::setting`, the one parser of search settings, and an
//! `[experiments]` entry by `spec::experiments`, at load time so that
//! `solve check` reports a bad item with a caret.
//!
//! - `settings.rs`: a configuration applied to the lowering options.
//! - `compare.rs`: the comparison itself: one row per configuration (and
//!   per value of a swept param), counts checked against each other.

pub mod compare;
pub(crate) mod settings;
