//! The result of lowering: the flat model, its search plan and its output
//! plan, plain data that can be cloned and sent to another thread. It keeps
//! what lowering knew (params, functions, the definitions it shares), so
//! that constraints can be added later without re-reading or re-lowering
//! the spec, and retracted again by truncating to a [`ModelMark`].

use crate::game::plan::GamePlan;
use crate::lower::value::R;
use crate::lower::{Lowerer, ModelMark, Scope};
use crate::model::plan::SearchPlan;
use crate::model::{Model, Posted};
use crate::moves::plan::PuzzlePlan;
use crate::output::OutputPlan;
use crate::source::{Sources, Span};
use crate::spec::names::{CheckedSpec, check_constraint};
use crate::spec::parser::{Origin, parse_expr};
use crate::symmetry::group::SymmetryPlan;

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
    pub(crate) spec: CheckedSpec,
    /// The lowering state, which owns the model.
    pub(crate) lowerer: Lowerer,
}

impl Lowered {
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
        let result = self.lowerer.scoped(Scope::origin(name), |l| l.post(&e));
        if result.is_err() {
            self.truncate(mark);
        }
        result
    }
}
