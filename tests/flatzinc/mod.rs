//! The FlatZinc front end (`solve::flatzinc`) through the library: what
//! the builder got wrong, case by case (`regressions`), on the harness
//! that runs a FlatZinc text to its solutions (`harness`).

mod harness;
mod regressions;
