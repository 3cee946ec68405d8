//! FlatZinc in: the front end through which `solve` is a MiniZinc solver.
//! `minizinc --solver solve model.mzn` flattens a model to FlatZinc with
//! `solve`'s library of globals and runs `solve fzn FILE.fzn`; this
//! module reads that file (`parse`: pest, `grammar/flatzinc.pest`) into
//! plain data ([`ast`]).
//!
//! Why a grammar of our own rather than a FlatZinc crate: the crate
//! already parses its expression language with pest, FlatZinc's grammar
//! is some sixty lines, and MiniZinc 2.6.4 (Debian's) writes forms later
//! versions dropped (`var 1..9: x = 5;`, `var int: y :: output_var = x;`,
//! arrays mixing variables and literals, set-literal domains) that the
//! crates read only in part (`flatzinc` 0.3 fails on some predicate
//! declarations, `flatzinc-serde` on `var ... = value;`). Our own grammar
//! reads them all and gives every error the line and column of the file,
//! in the same diagnostics as a spec's.

mod alias;
pub mod ast;
pub mod build;
mod builder;
mod builtins;
mod globals;
pub mod library;
pub mod output;
pub mod parse;
mod scheduling;
pub mod search;

pub use ast::FznModel;
pub use build::{BuildOptions, Built, OwnSearch, build};
pub use parse::parse;

#[cfg(test)]
mod tests;
