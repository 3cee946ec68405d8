//! The FlatZinc front end (`solve::flatzinc`) through the library: every
//! builtin and native global it accepts, proven on random small models
//! against a brute-force enumeration with the meaning written here
//! (`builtins`, `globals`, over the models `random` writes); and what
//! these found wrong, case by case (`regressions`), on the harness that
//! runs a FlatZinc text to its solutions (`harness`). The fixtures beside
//! (`queens-globals`) are read by the reader's own tests.

mod builtins;
mod globals;
mod harness;
mod random;
mod regressions;
