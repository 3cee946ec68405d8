//! The FlatZinc front end (`solve fzn`), through the binary; the
//! fixtures of the reader's own tests (`src/flatzinc/tests.rs`) live here too.

mod cli;
