//! Why no solution: a minimal set of the spec's named constraint items
//! whose conjunction already has no solution (a minimal unsatisfiable
//! subset), found by QuickXplain (`quickxplain`) over a session's push
//! and pop. The unit is an `items::Item`: a named constraint, or one item
//! of a constraint written as a top-level `forall`; the definitions
//! lowering introduced stay posted throughout. Checks are searches from
//! the root with a node budget (`conflict`): what they find always has no
//! solution, and it is minimal (dropping any one item leaves a problem with
//! a solution) unless the explanation names the items it could not prove
//! needed within the budget or the time limit.

use crate::facts::Fact;
use crate::lowered::Lowered;
use crate::session::Session;
use crate::source::Sources;
use crate::stop::Cause;
use crate::stop::Stop;
use conflict::{Budget, Conflict, minimal_conflict};
use items::Item;
use quickxplain::Conflicts;

pub(crate) mod conflict;
pub mod expect;
pub(crate) mod items;
pub(crate) mod quickxplain;

/// The checks' budgets: most explanations are settled by the first; the
/// certification of the rest spends at most 300,000 nodes (seconds on a
/// sudoku), and a member it leaves open is named as unproven, so an
/// explanation always ends.
const BUDGET: Budget = Budget {
    first: 1_000,
    most: 300_000,
};

/// What `explain` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// The spec has a solution: there is nothing to explain.
    Satisfiable,
    /// These items have no solution together.
    Conflict(Conflicting),
}

/// Items with no solution together (with the values expected, if any).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conflicting {
    /// The items, in spec order: empty when the variables' domains alone
    /// admit no solution (or reject the values expected).
    pub names: Vec<String>,
    /// Those not proven needed (the checks without each ran out of nodes
    /// or time); any other one dropped leaves a problem with a solution.
    pub unproven: Vec<String>,
    /// With values expected: whether they extend to a solution once the
    /// items named are dropped (`None`: not settled within the budget).
    pub without: Option<bool>,
}

/// Explains why `lowered` has no solution; it stops as `stop` says.
pub fn explain(lowered: Lowered, sources: Sources, stop: &Stop) -> Result<Explanation, Cause> {
    explain_given(lowered, sources, &[], stop)
}

/// Explains why `lowered` has no solution where the variables take the
/// values `given` says (what a user expected: `solve explain --expect`):
/// the items that reject them. `Satisfiable` when they extend to a
/// solution.
pub fn explain_given(
    lowered: Lowered,
    sources: Sources,
    given: &[Fact],
    stop: &Stop,
) -> Result<Explanation, Cause> {
    let mut session = Session::with_constraints(lowered, sources, |p| p.definition);
    session.set_stop(stop.clone());
    for fact in given {
        if !session.narrow(fact.var, &fact.values) {
            // Outside the variable's domain: the domains alone reject it.
            return Ok(Explanation::Conflict(Conflicting::default()));
        }
    }
    let groups = items::items(session.lowered().model());
    let mut explainer = Explainer {
        session: &mut session,
        groups: &groups,
    };
    let all: Vec<usize> = (0..groups.len()).collect();
    if explainer.satisfiable_with(&all, u64::MAX)? == Some(true) {
        return Ok(Explanation::Satisfiable);
    }
    let conflict = match minimal_conflict(&mut explainer, &all, BUDGET) {
        Ok(conflict) => conflict,
        // Stopped before a smaller one was found: all of them (checked
        // above) is a conflict, none of it proven needed.
        Err(_) => Conflict {
            members: all.clone(),
            unproven: all.clone(),
            given_up: false,
        },
    };
    // Only a claim that was checked is made: without the items named, do
    // the values expected extend to a solution?
    let without = if given.is_empty() {
        None
    } else {
        let rest: Vec<usize> = (all.iter().copied())
            .filter(|g| !conflict.members.contains(g))
            .collect();
        explainer
            .satisfiable_with(&rest, BUDGET.most)
            .unwrap_or(None)
    };
    let names = |members: &[usize]| members.iter().map(|&g| groups[g].name.clone()).collect();
    Ok(Explanation::Conflict(Conflicting {
        names: names(&conflict.members),
        unproven: names(&conflict.unproven),
        without,
    }))
}

struct Explainer<'a> {
    session: &'a mut Session,
    groups: &'a [Item],
}

impl Explainer<'_> {
    fn post(&mut self, groups: &[usize]) {
        for &g in groups {
            self.session
                .post_model_constraints(&self.groups[g].constraints);
        }
    }

    /// Whether `groups` alone have a solution, within `nodes`.
    fn satisfiable_with(&mut self, groups: &[usize], nodes: u64) -> Result<Option<bool>, Cause> {
        self.session.push();
        self.post(groups);
        let answer = self.satisfiable(nodes);
        let _ = self.session.pop();
        answer
    }
}

impl Conflicts for Explainer<'_> {
    fn push(&mut self) {
        self.session.push();
    }

    fn pop(&mut self) {
        let _ = self.session.pop();
    }

    fn post(&mut self, element: usize) {
        Explainer::post(self, &[element]);
    }

    fn satisfiable(&mut self, nodes: u64) -> Result<Option<bool>, Cause> {
        self.session.satisfiable_within(nodes)
    }

    fn nodes(&self) -> u64 {
        self.session.stats().nodes
    }
}
