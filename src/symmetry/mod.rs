//! Symmetry, whole: the symmetries a spec's `[symmetry]` section declares
//! (`grid`, `rows`, `columns`, `values`, `reverse`, `map`), lowered into
//! groups of permutations of the declared variables' literals, and what is
//! done with them.
//!
//! - `lower.rs`: the lowering pass: declarations into group elements
//!   (`SymmetryPlan`, plain data); `element.rs`: the cells of a declared
//!   structure and the element that moves them; `kinds.rs`: the named groups' generators
//!   (grid, rows, columns, reverse, values); `map.rs`: the symmetry written as
//!   functions (`map`); `lex_leader.rs`: its breaking constraints
//!   (`break = "lex-leader"`).
//! - `group.rs`: what the group elements do, and canonical forms of solutions
//!   under it (the `group::Canonicaliser`); `matrix.rs`: the canonical
//!   form of a matrix whose rows and columns are both interchangeable;
//!   `sorter.rs`: which groups are sorted rather than walked.
//! - `check.rs`: `check-symmetry`, the breaking checked against the
//!   declarations on a small instance, as a [`check::Report`].
//! - `unique.rs`: `--unique`, one solution per class.

pub mod check;
mod element;
pub(crate) mod group;
mod kinds;
mod lex_leader;
pub(crate) mod lower;
mod map;
mod matrix;
mod sorter;
pub mod unique;
