//! `result == array[index]` (index from 0), over constants
//! ([`ElementConst`]) or variables ([`ElementVar`]): the family shares
//! its exports' shape.

use super::Primitive;
use super::known::{Known, Step, output};
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::element;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// `result == values[index]` (index from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementConst {
    pub index: View,
    pub values: Vec<i64>,
    pub result: View,
}

/// `result == array[index]` (index from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementVar {
    pub index: View,
    pub array: Vec<View>,
    pub result: View,
}

fn val(values: &[i64], v: View) -> i64 {
    v.value(values[v.var.index()])
}

impl Primitive for ElementConst {
    fn kind(&self) -> &'static str {
        "element"
    }

    fn vars(&self) -> Vec<VarId> {
        vec![self.index.var, self.result.var]
    }

    fn size(&self) -> usize {
        self.values.len() + 2
    }

    fn holds(&self, values: &[i64]) -> bool {
        let i = val(values, self.index);
        i >= 0
            && (i as usize) < self.values.len()
            && self.values[i as usize] == val(values, self.result)
    }

    fn infer(&self, k: &mut Known<'_>) -> Step {
        match k.view(self.index) {
            Some(i) => match usize::try_from(i).ok().and_then(|i| self.values.get(i)) {
                Some(&v) => k.set_view(self.result, v),
                None => Step::Violated,
            },
            None => Step::Waiting,
        }
    }

    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        output(known[self.index.var.index()], self.result.var, known)
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(element::ElementConst {
            index: self.index,
            values: self.values.clone(),
            result: self.result,
            scratch: Vec::new(),
            supported: Vec::new(),
        })))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!("{} == {}", names.view(self.result), self.spec_text(names))
    }

    fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        names.function_definition(self.result, self.spec_text(names), false)
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        let items: Vec<String> = self.values.iter().map(i64::to_string).collect();
        minizinc_element(
            names,
            self.index,
            &format!("[{}]", items.join(", ")),
            self.result,
            self.values.len(),
        )
    }
}

impl ElementConst {
    /// `[values][index]`. A value beyond what a spec may let meet a
    /// variable (+-2^62) can never be the result's: it is written as the
    /// value just above the result's range, which it cannot take either,
    /// so the same indices stay excluded.
    fn spec_text(&self, names: &dyn SpecNames) -> String {
        let result = self.result;
        let d = names.domain(result.var);
        let ends = [d.min().unwrap_or(0), d.max().unwrap_or(0)].map(|x| result.value(x));
        let above = ends[0].max(ends[1]).saturating_add(1);
        let items: Vec<String> = self
            .values
            .iter()
            .map(|&v| {
                if v.unsigned_abs() >= 1 << 62 {
                    above
                } else {
                    v
                }
                .to_string()
            })
            .collect();
        format!("[{}][{}]", items.join(", "), names.view(self.index))
    }
}

impl Primitive for ElementVar {
    fn kind(&self) -> &'static str {
        "element"
    }

    fn vars(&self) -> Vec<VarId> {
        [self.index.var, self.result.var]
            .into_iter()
            .chain(self.array.iter().map(|v| v.var))
            .collect()
    }

    fn size(&self) -> usize {
        self.array.len() + 2
    }

    fn holds(&self, values: &[i64]) -> bool {
        let i = val(values, self.index);
        i >= 0
            && (i as usize) < self.array.len()
            && val(values, self.array[i as usize]) == val(values, self.result)
    }

    fn infer(&self, k: &mut Known<'_>) -> Step {
        match k.view(self.index) {
            Some(i) => match usize::try_from(i).ok().and_then(|i| self.array.get(i)) {
                Some(&item) => match (k.view(item), k.view(self.result)) {
                    (Some(v), _) => k.set_view(self.result, v),
                    (None, Some(r)) => k.set_view(item, r),
                    (None, None) => Step::Waiting,
                },
                None => Step::Violated,
            },
            None => Step::Waiting,
        }
    }

    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        let ins = known[self.index.var.index()] && self.array.iter().all(|v| known[v.var.index()]);
        output(ins, self.result.var, known)
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(element::ElementVar {
            index: self.index,
            array: self.array.clone(),
            result: self.result,
            scratch: Vec::new(),
        })))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!("{} == {}", names.view(self.result), self.spec_text(names))
    }

    fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        names.function_definition(self.result, self.spec_text(names), false)
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        minizinc_element(
            names,
            self.index,
            &names.views(&self.array),
            self.result,
            self.array.len(),
        )
    }
}

impl ElementVar {
    fn spec_text(&self, names: &dyn SpecNames) -> String {
        format!("{}[{}]", names.views(&self.array), names.view(self.index))
    }
}

/// `result == array[index]`, index from 0, in MiniZinc's 1-based arrays:
/// in range, and equal.
fn minizinc_element(
    names: &dyn MiniZincNames,
    index: View,
    array: &str,
    result: View,
    len: usize,
) -> String {
    let i = names.view(index);
    format!(
        "{i} >= 0 /\\ {i} <= {} /\\ {} = {array}[{i} + 1]",
        len - 1,
        names.view(result)
    )
}
