//! The FlatZinc front end: through the binary, `solve fzn` as `minizinc`
//! runs it (`cli`); through the library (`solve::flatzinc`), every
//! builtin and native global it accepts, proven on random small models
//! against a brute-force enumeration with the meaning written here
//! (`builtins`, `globals`, `scheduling`, over the models `random`
//! writes); search annotations, objectives and models with no solution
//! (`search`); bad FlatZinc, one error with its line and column each
//! (`errors`); and what these found wrong, case by case (`regressions`).
//! The fixtures beside (`queens-globals`) are read by the reader's own
//! tests.

mod builtins;
mod cli;
mod errors;
mod globals;
mod harness;
mod random;
mod regressions;
mod scheduling;
mod search;
