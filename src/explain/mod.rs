//! Why no solution: a minimal set of the spec's named constraint items
//! whose conjunction already has no solution (a minimal unsatisfiable
//! subset), found by QuickXplain ([`quickxplain`]) over a session's push
//! and pop. The unit is an [`items::Item`]: a named constraint, or one item
//! of a constraint written as a top-level `forall`; the definitions
//! lowering introduced stay posted throughout. Every check is a complete
//! search from the root, so minimality is exact: dropping any one item
//! leaves a problem with a solution.

use crate::engine::stop::Stop;
use crate::lowered::Lowered;
use crate::session::{Session, Stopped};
use crate::source::Sources;
use crate::steps::Fact;
use items::Item;
use quickxplain::{Conflicts, quickxplain};

pub mod expect;
pub mod items;
pub(crate) mod quickxplain;

/// What `explain` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// The spec has a solution: there is nothing to explain.
    Satisfiable,
    /// These items (in spec order) have no solution together, and any
    /// one of them dropped leaves a problem with a solution. Empty when the
    /// variables' domains alone admit no solution.
    Conflict(Vec<String>),
}

/// Explains why `lowered` has no solution; it stops as `stop` says.
pub fn explain(lowered: Lowered, sources: Sources, stop: &Stop) -> Result<Explanation, Stopped> {
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
) -> Result<Explanation, Stopped> {
    let mut session = Session::with_constraints(lowered, sources, |p| p.definition);
    session.set_stop(stop.clone());
    for fact in given {
        if !session.narrow(fact.var, &fact.values) {
            // Outside the variable's domain: the domains alone reject it.
            return Ok(Explanation::Conflict(Vec::new()));
        }
    }
    let groups = items::items(session.lowered().model());
    let mut explainer = Explainer {
        session: &mut session,
        groups: &groups,
    };
    let all: Vec<usize> = (0..groups.len()).collect();
    explainer.session.push();
    explainer.post(&all);
    let satisfiable = explainer.satisfiable();
    let _ = explainer.session.pop();
    if satisfiable? {
        return Ok(Explanation::Satisfiable);
    }
    let mut conflict = quickxplain(&mut explainer, true, &all)?;
    conflict.sort_unstable();
    Ok(Explanation::Conflict(
        conflict
            .into_iter()
            .map(|g| groups[g].name.clone())
            .collect(),
    ))
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

    fn satisfiable(&mut self) -> Result<bool, Stopped> {
        Ok(self.session.first()?.is_some())
    }
}
