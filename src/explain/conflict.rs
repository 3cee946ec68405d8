//! A minimal conflict whose minimality is proven, or said to be unproven:
//! QuickXplain with a node budget per check (cheap, and always a conflict:
//! only a proven "no solution" drops an element), then, when a check ran
//! out, each member kept is checked alone with growing budgets: without
//! it, a solution proves it needed; none proves it not (it goes). What no
//! budget up to the most, or no time before the stop, settles stays
//! *unproven*, and every face says so rather than calling the set minimal.
//! A stop during the certification keeps what was found (a conflict, its
//! unproven members named); only a stop before any conflict was found is
//! an error.

use super::quickxplain::{Conflicts, Run, quickxplain, with_posted};
use crate::stop::Cause;

/// The node budgets of the checks: `first` for each of QuickXplain's and
/// the certification's first round, four times more each round after, and
/// `most` for the certification in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    pub first: u64,
    pub most: u64,
}

impl Budget {
    /// Every check a complete search: exact, however long it takes.
    pub(crate) const EXACT: Budget = Budget {
        first: u64::MAX,
        most: u64::MAX,
    };
}

/// A set of elements that, with the background, has no solution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Conflict {
    /// The elements, in the order of the candidates.
    pub members: Vec<usize>,
    /// The members not shown to be needed: the check without each ran out
    /// of nodes or time. Empty when the set is minimal.
    pub unproven: Vec<usize>,
    /// The search stopped as [`Conflicts::enough`] asked: `members` are
    /// those found by then (a part of a conflict, no conflict yet).
    pub given_up: bool,
}

impl Conflict {
    #[cfg(test)]
    pub(crate) fn minimal(&self) -> bool {
        self.unproven.is_empty()
    }
}

/// A conflict among `candidates` over what is posted (with which all of
/// them must have no solution), minimal unless it says which members it
/// could not prove needed.
pub(crate) fn minimal_conflict(
    c: &mut impl Conflicts,
    candidates: &[usize],
    budget: Budget,
) -> Result<Conflict, Cause> {
    let mut run = Run {
        nodes: budget.first,
        ..Run::default()
    };
    let members = quickxplain(c, &mut run, true, candidates)?;
    if run.given_up {
        return Ok(Conflict {
            members: run.found,
            unproven: Vec::new(),
            given_up: true,
        });
    }
    if run.unknown == 0 {
        // Every check was answered: QuickXplain's result is minimal.
        return Ok(Conflict {
            members,
            ..Conflict::default()
        });
    }
    Ok(certify(c, members, budget))
}

/// Checks each member of the conflict `members` alone, dropping those not
/// needed, in rounds of growing budgets while `budget.most` nodes last.
fn certify(c: &mut impl Conflicts, mut members: Vec<usize>, budget: Budget) -> Conflict {
    let mut unproven = members.clone();
    let (mut round, mut left) = (budget.first, budget.most);
    loop {
        for e in unproven.clone() {
            let nodes = round.min(left);
            if nodes == 0 {
                return Conflict {
                    members,
                    unproven,
                    given_up: false,
                };
            }
            let rest: Vec<usize> = members.iter().copied().filter(|&m| m != e).collect();
            let before = c.nodes();
            let answer = with_posted(c, &rest, |c| c.satisfiable(nodes));
            // A search that ran out is forgotten by the session: it spent all.
            let spent = match answer {
                Ok(None) => nodes,
                _ => c.nodes().saturating_sub(before),
            };
            left = left.saturating_sub(spent);
            match answer {
                Err(_) => {
                    return Conflict {
                        members,
                        unproven,
                        given_up: false,
                    };
                }
                // Without it no solution still: not needed. A member
                // proven needed stays needed in any smaller conflict.
                Ok(Some(false)) => {
                    members.retain(|&m| m != e);
                    unproven.retain(|&m| m != e);
                }
                Ok(Some(true)) => unproven.retain(|&m| m != e),
                Ok(None) => {}
            }
        }
        if unproven.is_empty() || left == 0 {
            return Conflict {
                members,
                unproven,
                given_up: false,
            };
        }
        round = round.saturating_mul(4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Elements as sets of the numbers 0..8 they forbid; a set of
    /// elements "has a solution" when some number is forbidden by none.
    /// A check "runs out" when more than `hard` elements are posted and the
    /// budget is below `cost`.
    struct Cover {
        forbids: Vec<Vec<u8>>,
        posted: Vec<usize>,
        marks: Vec<usize>,
        hard: usize,
        cost: u64,
        /// The most members a conflict may have (`Conflicts::enough`).
        most: usize,
    }

    impl Conflicts for Cover {
        fn push(&mut self) {
            self.marks.push(self.posted.len());
        }
        fn pop(&mut self) {
            let mark = self.marks.pop().expect("a level is open");
            self.posted.truncate(mark);
        }
        fn post(&mut self, element: usize) {
            self.posted.push(element);
        }
        fn nodes(&self) -> u64 {
            0
        }
        fn satisfiable(&mut self, nodes: u64) -> Result<Option<bool>, Cause> {
            if self.posted.len() > self.hard && nodes < self.cost {
                return Ok(None);
            }
            let free = (0..8u8).any(|v| self.posted.iter().all(|&e| !self.forbids[e].contains(&v)));
            Ok(Some(free))
        }
        fn enough(&self, found: &[usize]) -> bool {
            found.len() > self.most
        }
    }

    fn cover(hard: usize, cost: u64) -> Cover {
        Cover {
            // {0..3} and {4..7} together conflict; so do 2, 3 and 4.
            forbids: vec![
                vec![0, 1, 2, 3],
                vec![0, 1],
                vec![4, 5, 6, 7],
                vec![2, 3, 4, 5],
                vec![6, 7],
            ],
            posted: Vec::new(),
            marks: Vec::new(),
            hard,
            cost,
            most: usize::MAX,
        }
    }

    fn minimal(c: &mut Cover, members: &[usize]) -> bool {
        let all = |c: &mut Cover, s: &[usize]| {
            with_posted(c, s, |c| c.satisfiable(u64::MAX)).expect("no stop")
        };
        all(c, members) == Some(false)
            && (0..members.len()).all(|i| {
                let rest: Vec<usize> = [&members[..i], &members[i + 1..]].concat();
                all(c, &rest) == Some(true)
            })
    }

    #[test]
    fn exact_checks_give_a_minimal_conflict() {
        let mut c = cover(usize::MAX, 0);
        let found = minimal_conflict(&mut c, &[0, 1, 2, 3, 4], Budget::EXACT).expect("no stop");
        assert!(found.minimal());
        assert!(minimal(&mut c, &found.members), "{found:?}");
    }

    #[test]
    fn checks_that_run_out_are_certified_with_more_nodes() {
        let mut c = cover(1, 1_000);
        let budget = Budget {
            first: 10,
            most: 10_000,
        };
        let found = minimal_conflict(&mut c, &[0, 1, 2, 3, 4], budget).expect("no stop");
        assert!(found.minimal(), "{found:?}");
        assert!(minimal(&mut c, &found.members), "{found:?}");
    }

    #[test]
    fn what_no_budget_settles_is_named_and_still_a_conflict() {
        let mut c = cover(1, u64::MAX);
        let budget = Budget {
            first: 10,
            most: 1_000,
        };
        let found = minimal_conflict(&mut c, &[0, 1, 2, 3, 4], budget).expect("no stop");
        assert!(!found.minimal());
        assert!(found.unproven.iter().all(|u| found.members.contains(u)));
        let mut exact = cover(usize::MAX, 0);
        let answer = with_posted(&mut exact, &found.members, |c| c.satisfiable(u64::MAX));
        assert_eq!(answer, Ok(Some(false)), "{found:?} is a conflict");
    }

    #[test]
    fn a_run_stops_once_its_members_are_more_than_the_caller_wants() {
        let candidates = [4, 3, 2, 1, 0];
        let exact = minimal_conflict(&mut cover(usize::MAX, 0), &candidates, Budget::EXACT)
            .expect("no stop");
        assert!(!exact.given_up && exact.members.len() >= 2, "{exact:?}");
        for most in 0..=candidates.len() {
            let mut c = cover(usize::MAX, 0);
            c.most = most;
            let found = minimal_conflict(&mut c, &candidates, Budget::EXACT).expect("no stop");
            if exact.members.len() > most {
                // Stopped at the first member past the ceiling, each one
                // found a member of the whole run's conflict.
                assert!(found.given_up, "{most}: {found:?}");
                assert_eq!(found.members.len(), most + 1, "{found:?}");
                assert!(found.members.iter().all(|m| exact.members.contains(m)));
            } else {
                assert_eq!(found, exact, "{most}");
            }
        }
    }
}
