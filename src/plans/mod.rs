//! The extensions' plans as plain data, what `Lowered` carries for them:
//! lowered from `[game]`, `[puzzle]` and `[moves]`, `[generate]` and
//! `[symmetry]` by their rooms, and read there. They sit below the product
//! (`src/lowered.rs`) so that the product names no extension; their
//! lowering and their behaviour stay in their rooms (`src/game/`,
//! `src/moves/`, `src/setter/`, `src/symmetry/`).

pub(crate) mod game;
pub mod generate;
pub(crate) mod puzzle;
pub(crate) mod symmetry;
