//! All views take different values, at every level of its own: value
//! elimination (`propagate`, grouped with alldifferents over shifts of
//! the same variables, see [`super::post::group`]), `early` (fail on two
//! fixed views equal), `bounds` (Hall intervals) and `domain` (Régin's
//! matching); each propagator is a file of `engine::propagators`.

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::{
    all_different, all_different_bounds::AllDifferentBounds,
    all_different_domain::AllDifferentDomain, all_different_early::AllDifferentEarly,
};
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// All views take different values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllDifferent(pub Vec<View>);

impl AllDifferent {
    /// The sorted variables of one that can join a group: value
    /// elimination, views of scale 1 or -1, no variable twice.
    pub(super) fn shifted_vars(&self, consistency: Consistency) -> Option<Vec<VarId>> {
        let views = &self.0;
        if consistency != Consistency::Propagate
            || views.len() < 2
            || views.iter().any(|v| v.scale != 1 && v.scale != -1)
        {
            return None;
        }
        let mut vars: Vec<VarId> = views.iter().map(|v| v.var).collect();
        vars.sort_unstable();
        let distinct = vars.windows(2).all(|w| w[0] != w[1]);
        distinct.then_some(vars)
    }
}

impl Primitive for AllDifferent {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["alldifferent"];

    fn kind(&self) -> &'static str {
        "alldifferent"
    }

    fn vars(&self) -> Vec<VarId> {
        self.0.iter().map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        self.0.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let mut seen: Vec<i64> = self
            .0
            .iter()
            .map(|v| v.value(values[v.var.index()]))
            .collect();
        seen.sort_unstable();
        seen.windows(2).all(|w| w[0] != w[1])
    }

    fn supports(&self, _level: Consistency) -> bool {
        true
    }

    fn propagator(&self, level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        let views = self.0.clone();
        Ok(Some(match level {
            Consistency::Bounds => Box::new(AllDifferentBounds::new(views)),
            Consistency::Domain | Consistency::Probing => Box::new(AllDifferentDomain::new(views)),
            Consistency::Early => Box::new(AllDifferentEarly {
                views,
                seen: Vec::new(),
            }),
            Consistency::Check | Consistency::Propagate => {
                Box::new(all_different::AllDifferent::new(views))
            }
        }))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!("alldifferent({})", names.views(&self.0))
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!("alldifferent({})", names.views(&self.0))
    }
}
