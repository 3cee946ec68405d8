//! One file per constraint propagator.

pub mod all_different;
pub mod all_different_bounds;
pub mod all_different_domain;
pub mod all_different_early;
pub mod all_different_group;
pub mod arithmetic;
pub mod circuit;
pub mod clause;
pub mod connected;
pub mod element;
pub mod lex;
pub mod linear;
pub mod regular;
pub mod table;
