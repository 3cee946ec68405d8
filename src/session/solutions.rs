//! The solutions of one search, met one at a time: each checked against
//! every posted constraint, the search's statistics added to the
//! session's when it ends.

use super::root::Narrowings;
use super::{Solution, View};
use crate::search::{Outcome, Search, Stats};
use crate::stop::Cause;

/// The solutions of one search; see [`super::Session::solutions`].
#[derive(Debug)]
pub struct Solutions<'s> {
    pub(super) search: Search<'s>,
    pub(super) view: View<'s>,
    pub(super) posted: &'s [usize],
    /// The domains the session narrowed (for a second search in turn).
    pub(super) narrowed: &'s Narrowings,
    pub(super) stats: &'s mut Stats,
    /// What stopped the search, when a limit did.
    pub(super) stopped: Option<Cause>,
}

impl<'s> Solutions<'s> {
    /// True when a limit ended the search early.
    pub fn stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// Which limit ended the search early (`None`: none did).
    pub fn cause(&self) -> Option<Cause> {
        self.stopped
    }

    /// Renders the solutions met.
    pub fn view(&self) -> View<'s> {
        self.view
    }

    /// Statistics of this search so far.
    pub fn stats(&self) -> Stats {
        self.search.stats
    }

    /// Panics when `values` violates a posted constraint: a solver bug.
    /// A projected plan's leaf (`Session::decide_only`) leaves variables
    /// open: only the constraints whose variables are all fixed are read.
    pub(super) fn check(&self, values: &[i64]) {
        let lowered = self.view.lowered;
        let constraints = &lowered.model().constraints;
        let projected = lowered.plan.projected;
        for &i in self.posted {
            let posted = &constraints[i];
            // Read first, for most hold: a list of its variables is made
            // only for one that does not, to see whether they are fixed.
            let fails = !posted.constraint.holds(values);
            assert!(
                !fails
                    || !projected
                    || !(posted.constraint.vars().iter()).all(|&x| self.search.is_fixed(x)),
                "solution violates [{}{}] {:?}",
                posted.origin,
                posted.item,
                posted.constraint
            );
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        loop {
            match self.search.next() {
                Outcome::Solution => {
                    let values = self.search.values();
                    self.check(&values);
                    return Some(Solution { values });
                }
                Outcome::Exhausted => return None,
                Outcome::Stopped(cause) => {
                    self.stopped = Some(cause);
                    return None;
                }
                // (Only a caller that asked for a pause hears of one.)
                Outcome::Paused => {}
            }
        }
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        let s = self.search.stats;
        self.stats.nodes += s.nodes;
        self.stats.failures += s.failures;
        self.stats.solutions += s.solutions;
        self.stats.restarts += s.restarts;
    }
}
