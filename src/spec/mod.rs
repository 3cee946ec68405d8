//! The spec front end: TOML and expression strings to a checked [`ast::Spec`].

pub mod ast;
pub mod builtins;
pub mod choices;
pub(crate) mod experiments;
pub(crate) mod habits;
pub mod load;
pub mod names;
pub mod origin;
pub(crate) mod parser;
pub mod pattern;
pub mod schema;
pub(crate) mod sentence;
pub mod setting;
pub mod settings;
pub mod walk;
