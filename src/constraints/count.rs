//! `count(xs, value) == count`: how many of the views equal the value,
//! itself a view (a fixed one for a constant). The number is a function
//! of the list and the value, so lowering makes it an auxiliary variable
//! (a definition, like a sum) and every comparison of a count, reified or
//! not, is a comparison of that variable: one kind serves `count_eq`,
//! `count_le`, ... and their reifications. The propagator is
//! `engine::propagators::count`.
//!
//! Consistency, honestly: with a fixed value and no variable twice among
//! the views and the count, the propagator is domain consistent (every
//! value left has a solution giving it), at every level; with a variable
//! value it prunes the value's candidates that cannot meet the count's
//! bounds, and the views only once the value is fixed (as Gecode's
//! `count` with a variable value).

use super::Primitive;
use super::known::{Known, Step, output};
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::count::CountProp;
use crate::engine::store::Conflict;
use crate::vocab::{VarId, View};

/// `count == |{i : xs[i] == value}|`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub xs: Vec<View>,
    pub value: View,
    pub count: View,
}

impl Count {
    fn spec_text(&self, names: &dyn SpecNames) -> String {
        format!(
            "count({}, {})",
            names.views(&self.xs),
            names.view(self.value)
        )
    }
}

impl Primitive for Count {
    fn kind(&self) -> &'static str {
        "count"
    }

    fn vars(&self) -> Vec<VarId> {
        let mut vars: Vec<VarId> = self.xs.iter().map(|v| v.var).collect();
        vars.push(self.value.var);
        vars.push(self.count.var);
        vars
    }

    fn size(&self) -> usize {
        self.xs.len() + 2
    }

    fn holds(&self, values: &[i64]) -> bool {
        let at = |v: View| v.value(values[v.var.index()]);
        let value = at(self.value);
        let n = self.xs.iter().filter(|&&x| at(x) == value).count();
        at(self.count) == n as i64
    }

    fn infer(&self, k: &mut Known<'_>) -> Step {
        let Some(value) = k.view(self.value) else {
            return Step::Waiting;
        };
        let mut n = 0;
        for &x in &self.xs {
            match k.view(x) {
                Some(v) => n += i64::from(v == value),
                None => return Step::Waiting,
            }
        }
        k.set_view(self.count, n)
    }

    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        let ins = known[self.value.var.index()] && self.xs.iter().all(|x| known[x.var.index()]);
        output(ins, self.count.var, known)
    }

    fn propagator(
        &self,
        _level: crate::vocab::Consistency,
    ) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(CountProp::new(
            self.xs.clone(),
            self.value,
            self.count,
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!("{} == {}", names.view(self.count), self.spec_text(names))
    }

    fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        names.function_definition(self.count, self.spec_text(names), false)
    }

    /// MiniZinc's `count_eq` (std since 2.0, `globals.mzn`).
    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!(
            "count_eq({}, {}, {})",
            names.views(&self.xs),
            names.view(self.value),
            names.view(self.count)
        )
    }

    const MINIZINC_INCLUDES: &'static [&'static str] = &["count"];
}
