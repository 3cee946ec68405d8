//! Why no solution: a minimal set of the spec's named constraints whose
//! conjunction already has no solution (a minimal unsatisfiable subset),
//! found by QuickXplain (Junker, 2004) over a session's push and pop.
//!
//! The unit of an explanation is a *group*: a named spec constraint, or one
//! item of a constraint written as a top-level `forall` (`no_attack[i=2,
//! j=5]`, `consistent[2]`). Only what a group asserts is ever retracted: the
//! definitions lowering introduced (a reified comparison, a sum's auxiliary
//! variable, a constant), which lowering shares between groups and which
//! hold for some value of their auxiliary variable whatever the rest is,
//! stay posted throughout. QuickXplain needs O(k log(n/k)) satisfiability
//! checks for a conflict of k groups out of n, each one a search from the
//! root; minimality is exact (dropping any one group leaves a problem with
//! a solution) because every check is complete.

use crate::engine::stop::Stop;
use crate::lowered::Lowered;
use crate::session::{Session, Stopped};
use crate::source::Sources;
use std::collections::HashMap;

/// What `explain` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// The spec has a solution: there is nothing to explain.
    Satisfiable,
    /// These groups (in spec order) have no solution together, and any
    /// one of them dropped leaves a problem with a solution. Empty when the
    /// variables' domains alone admit no solution.
    Conflict(Vec<String>),
}

/// A named group of assertions.
#[derive(Debug)]
struct Group {
    name: String,
    constraints: Vec<usize>,
}

/// Explains why `lowered` has no solution; it stops as `stop` says.
pub fn explain(lowered: Lowered, sources: Sources, stop: &Stop) -> Result<Explanation, Stopped> {
    let mut session = Session::with_constraints(lowered, sources, |p| p.definition);
    session.set_stop(stop.clone());
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for (i, posted) in session.lowered().model().constraints.iter().enumerate() {
        if posted.definition {
            continue;
        }
        let name = format!("{}{}", posted.origin, posted.item);
        match index.get(&name) {
            Some(&g) => groups[g].constraints.push(i),
            None => {
                let _ = index.insert(name.clone(), groups.len());
                groups.push(Group {
                    name,
                    constraints: vec![i],
                });
            }
        }
    }
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
    let mut conflict = explainer.quickxplain(true, &all)?;
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
    groups: &'a [Group],
}

impl Explainer<'_> {
    fn satisfiable(&mut self) -> Result<bool, Stopped> {
        Ok(self.session.first()?.is_some())
    }

    fn post(&mut self, groups: &[usize]) {
        for &g in groups {
            self.session
                .post_model_constraints(&self.groups[g].constraints);
        }
    }

    /// A minimal subset of `candidates` that, with what is posted (the
    /// background), has no solution; the background plus all candidates
    /// must have none. `background_grew`: whether the background changed
    /// since it was last known to have a solution (else it is not
    /// re-checked).
    fn quickxplain(
        &mut self,
        background_grew: bool,
        candidates: &[usize],
    ) -> Result<Vec<usize>, Stopped> {
        if background_grew && !self.satisfiable()? {
            return Ok(Vec::new());
        }
        if candidates.len() == 1 {
            return Ok(candidates.to_vec());
        }
        let (first, second) = candidates.split_at(candidates.len() / 2);
        let in_second = self.with_posted(first, |x| x.quickxplain(true, second))?;
        let in_first =
            self.with_posted(&in_second, |x| x.quickxplain(!in_second.is_empty(), first))?;
        Ok([in_first, in_second].concat())
    }

    /// Runs `f` with `groups` posted at a new root level, then retracts them.
    fn with_posted<T>(
        &mut self,
        groups: &[usize],
        f: impl FnOnce(&mut Self) -> Result<T, Stopped>,
    ) -> Result<T, Stopped> {
        self.session.push();
        self.post(groups);
        let result = f(self);
        let _ = self.session.pop();
        result
    }
}
