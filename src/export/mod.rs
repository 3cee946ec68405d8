//! Export: the lowered model written in another modelling language, so any
//! solver of that language can solve it and check `solve`'s answers.

pub mod minizinc;
pub mod spec;
