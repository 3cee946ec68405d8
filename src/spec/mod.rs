//! The spec front end: TOML and expression strings to a checked [`ast::Spec`].

pub mod ast;
pub mod builtins;
pub mod choices;
pub mod experiments;
pub mod habits;
pub mod load;
pub mod names;
pub mod origin;
pub mod parser;
pub mod pattern;
pub mod schema;
pub mod sentence;
pub mod setting;
pub mod settings;
pub mod walk;
