//! "Up to symmetry": what the driver needs of a declared group to keep
//! one solution per class (`symmetry::unique` implements it for
//! `--unique`), so that the driver does not depend on how classes are
//! worked out.

use crate::diagnostic::Error;
use crate::session::{Session, Solution};

/// The classes of the solutions under a group of symmetries.
pub trait Classes: std::fmt::Debug {
    /// Whether `values` is the representative (the smallest) of its class.
    fn is_representative(&self, values: &[i64]) -> bool;

    /// A watch over one enumeration that checks every class met has its
    /// representative among the solutions.
    fn watch(&self) -> Box<dyn Watch + '_>;

    /// The error when a solution exists and no representative does: the
    /// group is no symmetry of the solutions.
    fn lost(&self, session: &Session, solution: Option<&Solution>) -> Error;
}

/// Sees every solution of one enumeration.
pub trait Watch {
    /// Whether `values` is a representative (to keep), noting which
    /// representative it awaits when it is not.
    fn keep(&mut self, values: &[i64]) -> bool;

    /// After a whole enumeration: an error when a class met had no
    /// representative.
    fn none_lost(&self, session: &Session) -> Result<(), Error>;
}
