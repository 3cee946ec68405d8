//! `solve`: a declarative puzzle-spec interpreter.
//!
//! ```text
//!  spec.toml ──load──▶ Spec ──names──▶ checked Spec ──lower──▶ Program (Model + plan)
//!    (toml + pest)      (spec::load)    (spec::names)          (lower::program)
//!                                                                   │
//!          text / JSON ◀──render── solutions ◀──search── Engine ◀──post
//!          (Program::render)       (search)              (engine)
//! ```
//!
//! - [`source`], [`diagnostic`]: positions and rustc-style error messages.
//! - [`spec`]: the TOML format and the expression language (`grammar/expr.pest`).
//! - [`lower`]: partial evaluation of a spec into a flat [`model::Model`].
//! - [`engine`]: domains, trail, propagators and the fixpoint loop.
//! - [`search`]: depth-first search with a configurable branching order.
//! - [`cli`]: the command line.

pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod lower;
pub mod model;
pub mod search;
pub mod source;
pub mod spec;

use diagnostic::Diagnostic;
use lower::program::{Options, Program};
use source::{SourceId, Sources};

/// Loads, checks and lowers the spec in `sources[id]`, with `--set` overrides.
pub fn compile(
    sources: &mut Sources,
    id: SourceId,
    overrides: &[String],
    options: &Options,
) -> Result<Program, Vec<Diagnostic>> {
    let mut spec = spec::load::load(sources, id)?;
    spec::load::apply_overrides(&mut spec, sources, overrides)?;
    spec::names::check(&spec)?;
    Program::new(&spec, options).map_err(|d| vec![d])
}
