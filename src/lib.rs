//! `solve`: a declarative puzzle-spec interpreter.
//!
//! ```text
//!  spec.toml ──load──▶ Spec ──names──▶ CheckedSpec ──lower──▶ Lowered { model, plan, output }
//!   (toml + pest)    (spec::load)     (spec::names)          (lower)
//!                                                                │
//!                                          Session ◀─────────────┘
//!                                (session: engine + search policy; push/pop)
//!                                    │               │                │
//!                     first / solutions / count   optimise        explain
//!                          (search over engine)  (branch and bound) (QuickXplain)
//!                                    │
//!                      text / JSON ◀─┘ (output)
//! ```
//!
//! - [`source`], [`diagnostic`]: positions and rustc-style error messages.
//! - [`spec`]: the TOML format and the expression language (`grammar/expr.pest`).
//! - [`lower`]: partial evaluation of a checked spec into [`lower::Lowered`]:
//!   a flat [`model::Model`], a [`model::plan::SearchPlan`] and an
//!   [`output::OutputPlan`], plain data.
//! - [`engine`]: domains, trail, propagators and the fixpoint loop.
//! - [`search`]: depth-first search with a configurable branching order.
//! - [`session`]: the library API: a lowered spec solved many times.
//! - [`explain`]: a minimal set of constraints with no solution.
//! - [`output`]: solutions as text and JSON.
//! - [`cli`]: the command line, a client of [`session::Session`].

pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod discard;
pub mod engine;
pub mod experiment;
pub mod explain;
pub mod export;
pub mod game;
pub mod lower;
pub mod lowered;
pub mod model;
pub mod moves;
pub mod output;
pub mod search;
pub mod session;
pub mod source;
pub mod spec;
pub mod symmetry;

pub use compile::{compile, lower};
pub use lower::Options;
pub use lowered::Lowered;
