//! The result of lowering: the flat model, its search plan and its output
//! plan, plain data that can be cloned and sent to another thread. It keeps
//! what lowering knew (params, functions, the definitions it shares), so
//! that constraints can be added later without re-reading or re-lowering
//! the spec, and retracted again by truncating to a [`ModelMark`].

use super::Lowerer;
use super::value::R;
use crate::model::game::GamePlan;
use crate::model::plan::{Consistency, RestartPolicy, SearchPlan, ValueOrder, VarOrder};
use crate::model::puzzle::PuzzlePlan;
use crate::model::symmetry::SymmetryPlan;
use crate::model::{Model, Posted};
use crate::output::OutputPlan;
use crate::source::{Sources, Span};
use crate::spec::ast::Name;
use crate::spec::names::{CheckedSpec, check_constraint};
use crate::spec::parser::{Origin, parse_expr};

/// Command-line choices that override the spec.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub no_symmetry: bool,
    /// Ignore the `[objective]` section.
    pub no_objective: bool,
    pub order: Option<Vec<Name>>,
    /// `--phase`: replaces the spec's phases and order (as `--order` does).
    pub phases: Option<Vec<crate::spec::ast::PhaseDecl>>,
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
    /// `--consistency LEVEL` (or `all=LEVEL`): every constraint.
    pub consistency: Option<Consistency>,
    /// `--consistency NAME=LEVEL`: one named constraint (the last wins).
    pub consistency_for: Vec<(Name, Consistency)>,
    pub restart: Option<RestartPolicy>,
    pub restart_scale: Option<u64>,
    pub seed: Option<u64>,
    /// Build the declared symmetries' group elements into
    /// [`Lowered::symmetry`] (for `--unique` and `check-symmetry`); without
    /// it the plan is empty unless lex-leader breaking needs it.
    pub symmetries: bool,
    /// When the run must stop: lowering stops too (a time-limit error).
    pub deadline: Option<std::time::Instant>,
}

/// A lowered spec.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub plan: SearchPlan,
    pub output: OutputPlan,
    /// From `[game]`.
    pub game: Option<GamePlan>,
    /// From `[puzzle]` and `[moves]`.
    pub puzzle: Option<PuzzlePlan>,
    /// The symmetries `[symmetry]` declares.
    pub symmetry: SymmetryPlan,
    /// The spec, to check the names of constraints added later.
    pub(super) spec: CheckedSpec,
    /// The lowering state, which owns the model.
    pub(super) lowerer: Lowerer,
}

impl Lowerer {
    /// The model's size now, to truncate it back to.
    pub(super) fn mark(&self) -> ModelMark {
        ModelMark {
            vars: self.model.vars.len(),
            constraints: self.model.constraints.len(),
            spent: self.budget.spent(),
        }
    }

    /// Drops every variable and constraint added since `mark`, and every
    /// shared definition (cached comparison, constant) over a dropped
    /// variable, so later constraints cannot refer to them.
    pub(super) fn truncate(&mut self, mark: ModelMark) {
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

/// The size of a model at some moment, to truncate it back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelMark {
    vars: usize,
    constraints: usize,
    spent: super::budget::Spent,
}

impl Lowered {
    pub(super) fn new(
        spec: CheckedSpec,
        lowerer: Lowerer,
        plans: super::declare::Plans,
    ) -> Lowered {
        Lowered {
            plan: plans.plan,
            output: plans.output,
            game: plans.game,
            puzzle: plans.puzzle,
            symmetry: plans.symmetry,
            spec,
            lowerer,
        }
    }

    pub fn model(&self) -> &Model {
        &self.lowerer.model
    }

    pub fn mark(&self) -> ModelMark {
        self.lowerer.mark()
    }

    /// Drops everything added since `mark` (see [`Lowerer::truncate`]).
    pub fn truncate(&mut self, mark: ModelMark) {
        self.lowerer.truncate(mark);
    }

    /// Appends a constraint built by the caller (the objective's bound).
    pub(crate) fn add_posted(&mut self, posted: Posted) {
        self.lowerer.model.constraints.push(posted);
    }

    /// Parses `text` (an expression over the spec's names, a source of its
    /// own in `sources` for messages) and adds it to the model as the
    /// constraint `name`. Atomic: on an error nothing of it stays.
    pub fn add_constraint(&mut self, sources: &mut Sources, name: &str, text: &str) -> R<()> {
        let id = sources.add(name, text);
        let origin = Origin {
            whole: Span::new(id, 0, text.len()),
            content_start: Some(0),
        };
        let e = parse_expr(text, origin)?;
        check_constraint(&self.spec, &e).map_err(|mut errors| errors.remove(0))?;
        let mark = self.mark();
        let result = self
            .lowerer
            .scoped(super::Scope::origin(name), |l| l.post(&e));
        if result.is_err() {
            self.truncate(mark);
        }
        result
    }
}
