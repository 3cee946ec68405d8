//! QuickXplain (Junker, 2004): a minimal subset of candidate elements that,
//! with a background, has no solution, in O(k log(n/k)) satisfiability
//! checks for a conflict of k elements out of n. What an element is (a
//! group of constraints, a known domain) and how it is posted is the
//! caller's: [`Conflicts`]. Each check may be given a node budget; one that
//! runs out counts as "has a solution", which keeps the result a conflict
//! (only proven conflicts ever drop an element) but may keep elements it
//! does not need: `conflict.rs`, above it, proves or removes them afterwards.
//! A caller that only wants a conflict cheaper than one it has may stop
//! the run once the members found already cost more ([`Conflicts::enough`]).

use crate::stop::Cause;

/// Elements that can be posted on top of a background, at levels that
/// [`Conflicts::push`] opens and [`Conflicts::pop`] retracts.
pub(crate) trait Conflicts {
    fn push(&mut self);
    fn pop(&mut self);
    /// Posts element `element` at the current level.
    fn post(&mut self, element: usize);
    /// Whether what is posted has a solution, by a search of at most
    /// `nodes` nodes (`u64::MAX`: no bound): `None` when it ran out first.
    fn satisfiable(&mut self, nodes: u64) -> Result<Option<bool>, Cause>;
    /// The nodes the checks answered so far searched (a check that ran out
    /// is not counted).
    fn nodes(&self) -> u64;
    /// Whether a conflict holding `found` (members for certain) is already
    /// worse than the caller wants: the run then stops (see [`Run`]).
    fn enough(&self, _found: &[usize]) -> bool {
        false
    }
}

/// A run of QuickXplain: each check's node budget, how many checks ran
/// out of it (each counted as "has a solution"), and the members found so
/// far: every element a call returns alone is in the result.
#[derive(Default)]
pub(crate) struct Run {
    pub nodes: u64,
    pub unknown: usize,
    pub found: Vec<usize>,
    /// [`Conflicts::enough`] said so: the run stopped, its result partial.
    pub given_up: bool,
}

impl Run {
    /// Whether what is posted has a solution; unknown counts as yes.
    fn satisfiable(&mut self, c: &mut impl Conflicts) -> Result<bool, Cause> {
        let answer = c.satisfiable(self.nodes)?;
        self.unknown += usize::from(answer.is_none());
        Ok(answer != Some(false))
    }
}

/// A subset of `candidates` that, with what is posted (the background),
/// has no solution; the background plus all candidates must have none. It
/// is minimal when no check ran out of nodes (`run.unknown` stays 0).
/// Earlier candidates are preferred: the subset is the one whose elements
/// come first. `background_grew`: whether the background changed since it
/// was last known to have a solution (else it is not re-checked).
pub(crate) fn quickxplain(
    c: &mut impl Conflicts,
    run: &mut Run,
    background_grew: bool,
    candidates: &[usize],
) -> Result<Vec<usize>, Cause> {
    if run.given_up || (background_grew && !run.satisfiable(c)?) {
        return Ok(Vec::new());
    }
    if candidates.len() == 1 {
        run.found.push(candidates[0]);
        run.given_up = c.enough(&run.found);
        return Ok(candidates.to_vec());
    }
    let (first, second) = candidates.split_at(candidates.len() / 2);
    let in_second = with_posted(c, first, |c| quickxplain(c, run, true, second))?;
    let in_first = with_posted(c, &in_second, |c| {
        quickxplain(c, run, !in_second.is_empty(), first)
    })?;
    Ok([in_first, in_second].concat())
}

/// Runs `f` with `elements` posted at a new level, then retracts them.
pub(crate) fn with_posted<C: Conflicts, T>(
    c: &mut C,
    elements: &[usize],
    f: impl FnOnce(&mut C) -> Result<T, Cause>,
) -> Result<T, Cause> {
    c.push();
    for &e in elements {
        c.post(e);
    }
    let result = f(c);
    c.pop();
    result
}
