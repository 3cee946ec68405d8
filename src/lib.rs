//! `solve`: a declarative puzzle-spec interpreter.
//!
//! ```text
//!  spec.toml ──load──▶ Spec ──names──▶ CheckedSpec ──compile (passes)──▶ Lowered
//!   (toml + pest)    (spec::load)     (spec::names)      (compile)       (lowered)
//!                                                                           │
//!                                          Session ◀────────────────────────┘
//!                                (session: engine + search policy; push/pop)
//!                                    │                              │
//!   driver: first / all / count / best ──▶ parallel ──▶ search    explain
//!   (one Query, Events to a Sink)         (parts, queue)         (QuickXplain)
//!                                    │
//!   faces: cli, playground, compare ◀┘ (text / JSON: output)
//! ```
//!
//! Every face makes one stop token (`engine::stop::Stop`: a deadline, a
//! node budget, a cancel flag) and hands it to reading, lowering and the
//! session.
//!
//! The core:
//! - [`source`], [`diagnostic`]: positions and rustc-style error messages.
//! - [`spec`]: the TOML format and the expression language
//!   (`grammar/expr.pest`), the name checker, the search settings.
//! - [`mod@compile`]: the pipeline as a list of passes; [`mod@lower`]: the
//!   expression language's partial evaluator and its passes (params, vars,
//!   constraints, plan); [`lowered`]: their product, plain data.
//! - [`model`]: the flat model, the search plan, networks and their
//!   forward inference.
//! - [`engine`]: domains, trail, propagators and the fixpoint loop.
//! - [`search`]: depth-first search with a configurable branching order.
//! - [`session`]: the library API: a lowered spec solved many times.
//! - [`parallel`]: the search split into parts solved on every core, the
//!   answers those of one thread.
//! - [`driver`]: the one answer to "first, all, a count or the best, maybe
//!   of one part, maybe up to symmetry", as events for a face to print;
//!   a cluster's parts and their merge.
//! - [`explain`]: a minimal set of constraints with no solution;
//!   [`steps`]: how each value follows, step by step; [`setter`]: what a
//!   puzzle setter asks (true candidates, uniqueness, needless and
//!   minimal clues, a grade, new puzzles).
//! - [`output`]: solutions as text and JSON; [`export`]: the model as a
//!   spec or as MiniZinc.
//! - The front ends are the binary's, not the library's (`src/main.rs`,
//!   with the `cli` feature): `src/cli/` the command line and `src/lsp/`
//!   the editor's server, clients of [`driver`] and [`session::Session`].
//!
//! The rooms, one per extension:
//! - [`symmetry`]: declared symmetries, lex-leader, canonical forms,
//!   check-symmetry, `--unique`.
//! - [`game`]: `[game]`: lowering, answers, strategies, statistics.
//! - [`moves`]: `[puzzle]` and `[moves]`: lowering, packed states, bfs,
//!   iddfs, A*, analysis.
//! - [`experiment`]: `[experiments]` and `--try`, `solve compare`'s rows.
//! - [`discard`]: freeing a huge model after its error is reported.
//! - [`host`]: the clock and the threads, native or in a browser;
//!   [`pool`]: one ordered work pool over those threads; [`random`]: a
//!   seeded generator with no global state.
//! - [`playground`]: the browser playground's requests and events.

pub mod compile;
pub mod diagnostic;
pub mod discard;
pub mod driver;
pub mod engine;
pub mod experiment;
pub mod explain;
pub mod export;
pub mod flatzinc;
pub mod game;
pub mod host;
pub mod lower;
pub mod lowered;
pub mod model;
pub mod moves;
pub mod output;
pub mod parallel;
pub mod playground;
pub mod pool;
pub mod random;
pub mod search;
pub mod session;
pub mod setter;
pub mod source;
pub mod spec;
pub mod steps;
pub mod symmetry;

pub use compile::{compile, lower};
pub use lower::Options;
pub use lowered::Lowered;
