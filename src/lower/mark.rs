//! Marks of a model's size, to retract what was added after one: the
//! constraints a game's answers or an objective's bound add for a while.

use super::Lowerer;

/// The size of a model at some moment, to truncate it back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelMark {
    vars: usize,
    constraints: usize,
    spent: super::budget::Spent,
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

    /// Drops every variable and constraint added since `mark`, and every
    /// shared definition (cached comparison, constant) over a dropped
    /// variable, so later constraints cannot refer to them.
    pub(crate) fn truncate(&mut self, mark: ModelMark) {
        if self.model.vars.len() > mark.vars {
            self.constants.retain(|_, x| x.index() < mark.vars);
            // A cached literal is newer than the variables of its comparison.
            self.reified.retain(|_, lit| lit.var.index() < mark.vars);
        }
        self.model.vars.truncate(mark.vars);
        self.model.constraints.truncate(mark.constraints);
        self.budget.set_spent(mark.spent);
        self.guards.clear();
        self.locals.clear();
    }
}
