//! Minimal givens: a subset-minimal set of clue classes that still forces
//! the solution, by QuickXplain over the classes with "differs from the
//! solution somewhere" in the background: those checks have no solution
//! exactly when the clues kept force it. Every clue kept is needed: drop
//! its class and another solution appears. Earlier classes are kept in
//! preference to later ones, so an order (a shuffle) chooses among the
//! many minimal sets.

use crate::explain::conflict::{Budget, minimal_conflict};
use crate::setter::forcing::Forcing;
use crate::stop::Cause;

/// The clues kept (indices into `forcing.clues`, sorted), trying the
/// classes in the order `order` gives (indices into `forcing.classes`).
pub fn minimize(forcing: &mut Forcing, order: &[usize]) -> Result<Vec<usize>, Cause> {
    let kept = minimal_conflict(forcing, order, Budget::EXACT)?.members;
    let mut clues: Vec<usize> = kept
        .into_iter()
        .flat_map(|class| forcing.classes[class].clone())
        .collect();
    clues.sort_unstable();
    Ok(clues)
}
