//! Known values, as inference (`model::infer`) sees them, and what one
//! look at a constraint gave: the words of [`super::Primitive::infer`].

use crate::vocab::{Lit, VarId, View};

/// What one look at a constraint gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Every variable of it is known and it holds.
    Done,
    /// It fixed at least one variable.
    Fixed,
    /// It cannot fix anything yet.
    Waiting,
    /// It cannot hold with the known values.
    Violated,
}

/// Known values: `values[x]` is meaningful where `known[x]`.
#[derive(Debug)]
pub struct Known<'a> {
    pub values: &'a mut [i64],
    pub known: &'a mut [bool],
}

impl Known<'_> {
    pub fn view(&self, v: View) -> Option<i64> {
        let i = v.var.index();
        self.known[i].then(|| v.value(self.values[i]))
    }

    pub fn lit(&self, l: Lit) -> Option<bool> {
        let i = l.var.index();
        self.known[i].then(|| l.holds(self.values[i]))
    }

    /// Makes the view equal `target`: Fixed, or Done when it already was,
    /// or Violated (no integer value of the variable gives `target`).
    pub fn set_view(&mut self, v: View, target: i64) -> Step {
        let i = v.var.index();
        if self.known[i] {
            return if v.value(self.values[i]) == target {
                Step::Done
            } else {
                Step::Violated
            };
        }
        let Some(shifted) = target.checked_sub(v.offset) else {
            return Step::Violated;
        };
        if v.scale == 0 || shifted % v.scale != 0 {
            return Step::Violated;
        }
        self.values[i] = shifted / v.scale;
        self.known[i] = true;
        Step::Fixed
    }

    pub fn set_lit(&mut self, l: Lit, truth: bool) -> Step {
        self.set_view(l.view(), i64::from(truth))
    }
}

/// Done when it holds, else Violated.
pub(crate) fn checked(done: bool) -> Step {
    if done { Step::Done } else { Step::Violated }
}

/// [`super::Primitive::ready`] of a function `out == f(ins)`: waits for
/// its inputs, then fixes `out` unless it is known already.
pub(crate) fn output(ins: bool, out: VarId, known: &[bool]) -> Option<Option<VarId>> {
    if !ins {
        None
    } else if known[out.index()] {
        Some(None)
    } else {
        Some(Some(out))
    }
}
