//! `solve`: a declarative puzzle-spec interpreter.
//!
//! ```text
//!  spec.toml ──load──▶ Spec ──names──▶ CheckedSpec ──compile (passes)──▶ Lowered
//!   (toml + pest)    (spec::load)     (spec::names)      (compile)       (lowered)
//!                                                                           │
//!   a model built without a spec ──Lowered::from_model──────────────────────┤
//!                                                                           │
//!                                          Session ◀────────────────────────┘
//!                                (session: engine + search policy; push/pop)
//!                                    │                              │
//!   driver: first / all / count / best ──▶ parallel ──▶ search    explain
//!   (one Query, Events to a Sink)         (parts, queue)         (QuickXplain)
//!                                    │
//!   faces: cli, lsp, playground ◀────┘ (text / JSON: output)
//! ```
//!
//! Every face makes one stop token ([`stop::Stop`]: a deadline, a node
//! budget, a cancel flag; it records which of them fired) and hands it to
//! reading, lowering and the session.
//!
//! The modules in layers, bottom to top: each uses only the layers below
//! it (`tests/layout.rs` holds the layering and checks it, with no cycle
//! of modules and none of files inside a folder).
//! - Foundations: [`source`] (positions), [`random`] (a seeded generator
//!   with no global state), [`host`] (the clock and the threads, native or
//!   in a browser); [`stop`] (the stop token: a deadline, a node budget and a cancel flag, and which of them fired), `pool` (one ordered work pool over
//!   those threads), [`discard`] (freeing a huge model after its error is
//!   reported); [`diagnostic`] (rustc-style error messages).
//! - `vocab`: the words every layer speaks (variables, views, literals,
//!   domains, consistency levels). [`engine`]: domains, trail, propagators
//!   and the fixpoint loop. [`constraints`]: the primitive constraint
//!   kinds, one home each (its meaning, inference, posting and both
//!   exports behind one trait; one list makes the enum and every
//!   dispatch). [`model`]: the flat model, the search plan, networks and
//!   their forward inference. [`search`]: depth-first search with a
//!   configurable branching order.
//! - The language: [`spec`] (the TOML format and the expression language,
//!   `grammar/expr.pest`, the name checker, the search settings);
//!   [`flatzinc`] (FlatZinc, `grammar/flatzinc.pest`, read as plain data:
//!   the front end through which `solve` becomes a MiniZinc solver);
//!   [`mod@lower`] (the expression language's partial evaluator and its
//!   passes: params, vars, constraints, plan); [`plans`] (the extensions'
//!   plans as plain data: game, puzzle, generate, symmetry); [`output`]
//!   (solutions as text and JSON).
//! - [`lowered`]: the plain product, which names no extension.
//!   [`session`]: the library API, a lowered spec solved many times.
//!   [`parallel`]: the search split into parts solved on every core, the
//!   answers those of one thread. [`driver`]: the one answer to "first,
//!   all, a count or the best, maybe of one part, maybe up to symmetry",
//!   as events for a face to print; a cluster's parts and their merge.
//! - The rooms, one per extension, above the driver (a DAG among
//!   themselves): [`facts`] (what is known of the values: facts, givens,
//!   true candidates); [`explain`] (a minimal set of constraints with no
//!   solution), [`export`] (the model as a spec or as MiniZinc),
//!   [`symmetry`] (declared symmetries, lex-leader, canonical forms,
//!   check-symmetry, `--unique`), [`game`] (`[game]`: answers,
//!   strategies, statistics); [`steps`] (how each value follows, step by
//!   step), [`moves`] (`[puzzle]` and `[moves]`: packed states, bfs,
//!   iddfs, A*, analysis); [`setter`] (what a puzzle setter asks:
//!   uniqueness, needless and minimal clues, a grade, new puzzles).
//! - [`mod@compile`]: the pipeline as a list of passes, the rooms'
//!   lowering among them. [`experiment`]: `[experiments]` and `--try`,
//!   `solve compare`'s rows (each a spec compiled again).
//! - The faces: [`playground`] (the browser playground's requests and
//!   events). The other two are the binary's, not the library's
//!   (`src/main.rs`, with the `cli` feature): `src/cli/` the command line
//!   and `src/lsp/` the editor's language server, clients of [`driver`]
//!   and [`session::Session`].

pub mod compile;
pub mod constraints;
pub mod diagnostic;
pub mod discard;
pub mod driver;
pub mod engine;
pub mod experiment;
pub mod explain;
pub mod export;
pub mod facts;
pub mod flatzinc;
pub mod game;
pub mod host;
pub mod lower;
pub mod lowered;
pub mod model;
pub mod moves;
pub mod output;
pub mod parallel;
pub mod plans;
pub mod playground;
pub(crate) mod pool;
pub mod random;
pub mod search;
pub mod session;
pub mod setter;
pub mod source;
pub mod spec;
pub mod steps;
pub mod stop;
pub mod symmetry;
pub(crate) mod union_find;
pub(crate) mod vocab;

pub use compile::{compile, lower};
pub use lower::Options;
pub use lowered::Lowered;
