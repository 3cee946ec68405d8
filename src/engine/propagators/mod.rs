//! One file per constraint propagator.

pub mod all_different;
pub mod arithmetic;
pub mod clause;
pub mod element;
pub mod lex;
pub mod linear;
