//! What lowering leaves for constraints added after it: a game's answers,
//! an objective's bound, `Lowered::add_constraint`. The names in scope and
//! the functions (shared, cloned by reference), the caches of constants
//! and reified comparisons (so that a later constraint reuses a literal
//! rather than adding a second one), and the budget spent so far. It is
//! the [`Lowerer`] less what only one expression's lowering needs (locals,
//! guards, the context of [`super::Scope`], the memo of function calls).

use super::budget::{Budget, Spent};
use super::value::Value;
use super::{Functions, Lowerer, ReifKey};
use crate::model::{Lit, Model, VarId};
use std::collections::HashMap;
use std::sync::Arc;

/// The lowering state a later constraint resumes from.
#[derive(Clone, Debug, Default)]
pub struct Later {
    globals: Arc<HashMap<String, Value>>,
    functions: Functions,
    constants: HashMap<i64, VarId>,
    reified: HashMap<ReifKey, Lit>,
    budget: Budget,
}

/// The size of a model at some moment, to truncate it back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelMark {
    vars: usize,
    constraints: usize,
    spent: Spent,
}

impl Lowerer {
    /// The end of lowering: the model, and what a later constraint needs.
    pub(crate) fn finish(self) -> (Model, Later) {
        let later = Later {
            globals: self.globals,
            functions: self.functions,
            constants: self.constants,
            reified: self.reified,
            budget: self.budget,
        };
        (self.model, later)
    }

    /// Lowering resumed on `model`, to add constraints to it.
    pub(crate) fn resume(model: Model, later: Later) -> Lowerer {
        Lowerer {
            model,
            globals: later.globals,
            functions: later.functions,
            constants: later.constants,
            reified: later.reified,
            budget: later.budget,
            ..Lowerer::default()
        }
    }
}

impl Lowerer {
    /// The model's size now, to truncate it back to.
    pub(crate) fn mark(&self) -> ModelMark {
        ModelMark {
            vars: self.model.vars.len(),
            constraints: self.model.constraints.len(),
            spent: self.budget.spent(),
        }
    }

    /// Drops everything added since `mark` (see [`Later::truncate`]).
    pub(crate) fn truncate(&mut self, mark: ModelMark) {
        let caches = (&mut self.constants, &mut self.reified, &mut self.budget);
        truncate(&mut self.model, caches, mark);
        self.guards.clear();
        self.locals.clear();
    }
}

impl Later {
    /// The params and declared variables by name.
    #[cfg(test)]
    pub(crate) fn globals(&self) -> &HashMap<String, Value> {
        &self.globals
    }

    #[cfg(test)]
    pub(crate) fn functions(&self) -> &Functions {
        &self.functions
    }

    /// The size of `model` now, to truncate it back to.
    pub(crate) fn mark(&self, model: &Model) -> ModelMark {
        ModelMark {
            vars: model.vars.len(),
            constraints: model.constraints.len(),
            spent: self.budget.spent(),
        }
    }

    /// Drops every variable and constraint of `model` added since `mark`,
    /// and every shared definition (cached comparison, constant) over a
    /// dropped variable, so later constraints cannot refer to them.
    pub(crate) fn truncate(&mut self, model: &mut Model, mark: ModelMark) {
        let caches = (&mut self.constants, &mut self.reified, &mut self.budget);
        truncate(model, caches, mark);
    }
}

type Caches<'a> = (
    &'a mut HashMap<i64, VarId>,
    &'a mut HashMap<ReifKey, Lit>,
    &'a mut Budget,
);

fn truncate(model: &mut Model, (constants, reified, budget): Caches<'_>, mark: ModelMark) {
    if model.vars.len() > mark.vars {
        constants.retain(|_, x| x.index() < mark.vars);
        // A cached literal is newer than the variables of its comparison.
        reified.retain(|_, lit| lit.var.index() < mark.vars);
    }
    model.vars.truncate(mark.vars);
    model.constraints.truncate(mark.constraints);
    budget.set_spent(mark.spent);
}
