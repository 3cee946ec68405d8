//! `member(xs, y)`: `y` equals some item of `xs` (MiniZinc's `member` on
//! an array of integers; no item: never). The propagator is
//! `engine::propagators::member`.
//!
//! Consistency, honestly: domain consistent at every level when no
//! variable appears twice among the items and `y` (a sound relaxation
//! when one does): `y` keeps the values some item can take, and an item
//! that alone can equal `y` is narrowed to `y`'s values. MiniZinc's
//! decomposition (a clause over reified equalities) narrows neither
//! until every other equality is false (Gecode's library has `member`
//! native too).

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::member::Member as MemberProp;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// `y == xs[i]` for some `i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub xs: Vec<View>,
    pub y: View,
}

impl Primitive for Member {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["member"];

    fn kind(&self) -> &'static str {
        "member"
    }

    fn vars(&self) -> Vec<VarId> {
        let mut vars: Vec<VarId> = self.xs.iter().map(|v| v.var).collect();
        vars.push(self.y.var);
        vars
    }

    fn size(&self) -> usize {
        self.xs.len() + 1
    }

    fn holds(&self, values: &[i64]) -> bool {
        let at = |v: View| v.value(values[v.var.index()]);
        let y = at(self.y);
        self.xs.iter().any(|&x| at(x) == y)
    }

    /// Domain consistent at every level, so `domain` is offered too.
    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    /// No item: nothing for `y` to equal.
    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        if self.xs.is_empty() {
            return Err(Conflict);
        }
        Ok(Some(Box::new(MemberProp::new(self.xs.clone(), self.y))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!("member({}, {})", names.views(&self.xs), names.view(self.y))
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!("member({}, {})", names.views(&self.xs), names.view(self.y))
    }
}
