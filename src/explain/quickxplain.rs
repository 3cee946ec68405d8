//! QuickXplain (Junker, 2004): a minimal subset of candidate elements that,
//! with a background, has no solution, in O(k log(n/k)) satisfiability
//! checks for a conflict of k elements out of n. What an element is (a
//! group of constraints, a known domain) and how it is posted is the
//! caller's: [`Conflicts`].

use crate::session::Stopped;

/// Elements that can be posted on top of a background, at levels that
/// [`Conflicts::push`] opens and [`Conflicts::pop`] retracts.
pub(crate) trait Conflicts {
    fn push(&mut self);
    fn pop(&mut self);
    /// Posts element `element` at the current level.
    fn post(&mut self, element: usize);
    /// Whether what is posted has a solution (a complete search).
    fn satisfiable(&mut self) -> Result<bool, Stopped>;
}

/// A minimal subset of `candidates` that, with what is posted (the
/// background), has no solution; the background plus all candidates must
/// have none. Earlier candidates are preferred: the subset is the one whose
/// elements come first. `background_grew`: whether the background changed
/// since it was last known to have a solution (else it is not re-checked).
pub(crate) fn quickxplain(
    c: &mut impl Conflicts,
    background_grew: bool,
    candidates: &[usize],
) -> Result<Vec<usize>, Stopped> {
    if background_grew && !c.satisfiable()? {
        return Ok(Vec::new());
    }
    if candidates.len() == 1 {
        return Ok(candidates.to_vec());
    }
    let (first, second) = candidates.split_at(candidates.len() / 2);
    let in_second = with_posted(c, first, |c| quickxplain(c, true, second))?;
    let in_first = with_posted(c, &in_second, |c| {
        quickxplain(c, !in_second.is_empty(), first)
    })?;
    Ok([in_first, in_second].concat())
}

/// Runs `f` with `elements` posted at a new level, then retracts them.
fn with_posted<C: Conflicts, T>(
    c: &mut C,
    elements: &[usize],
    f: impl FnOnce(&mut C) -> Result<T, Stopped>,
) -> Result<T, Stopped> {
    c.push();
    for &e in elements {
        c.post(e);
    }
    let result = f(c);
    c.pop();
    result
}
