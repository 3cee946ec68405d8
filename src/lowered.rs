//! The result of lowering: the flat model, its search plan, its output
//! plan and the extensions' plans (plain data, `crate::plans`), that can
//! be cloned and sent to another thread. With it, in a compact form
//! ([`Later`]), what a constraint added later needs (the names in scope,
//! the functions, the caches of shared definitions), so that constraints
//! can be added without re-reading or re-lowering the spec, and retracted
//! again by truncating to a [`ModelMark`].
//!
//! A front end without a spec (a FlatZinc reader) builds one from a model
//! alone ([`Lowered::from_model`]): it solves, counts and prints like any
//! other; nogoods and bounds are added to it as usual, and a constraint
//! written as text is refused (there are no names to read it with).

use crate::diagnostic::Diagnostic;
use crate::lower::value::R;
use crate::lower::{Later, Lowerer, ModelMark, Scope};
use crate::model::plan::SearchPlan;
use crate::model::{Model, Posted, VarId};
use crate::output::OutputPlan;
use crate::plans::game::GamePlan;
use crate::plans::generate::GeneratePlan;
use crate::plans::puzzle::PuzzlePlan;
use crate::plans::symmetry::SymmetryPlan;
use crate::source::{Sources, Span};
use crate::spec::names::{Names, check_constraint};
use crate::spec::origin::Origin;
use crate::spec::parser::parse_expr;

/// A lowered spec.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub model: Model,
    pub plan: SearchPlan,
    pub output: OutputPlan,
    /// From `[game]`.
    pub game: Option<GamePlan>,
    /// From `[puzzle]` and `[moves]`.
    pub puzzle: Option<PuzzlePlan>,
    /// From `[generate]`.
    pub generate: Option<GeneratePlan>,
    /// The symmetries `[symmetry]` declares.
    pub symmetry: SymmetryPlan,
    /// The spec's named constraints as written, for explanations.
    pub constraints: Vec<ConstraintInfo>,
    /// The names a constraint added later may use (`None`: built from a
    /// model alone, without a spec, see [`Lowered::from_model`]).
    pub(crate) names: Option<Names>,
    /// What lowering a constraint added later resumes from.
    pub(crate) later: Later,
}

/// A named constraint of the spec as written: where its rule is, what a
/// step of `solve steps` using one of its items costs, and how it says
/// one of them.
#[derive(Clone, Debug)]
pub struct ConstraintInfo {
    pub name: String,
    pub span: Span,
    pub weight: u64,
    pub say: Option<String>,
}

impl Lowered {
    /// A lowered model built without a spec (a front end such as a
    /// FlatZinc reader): `model`, how its solutions print (`output`, e.g.
    /// [`OutputPlan::for_model`]) and how it is searched (`plan`); no
    /// extension plan, no named constraint as written.
    pub fn from_model(model: Model, output: OutputPlan, plan: SearchPlan) -> Lowered {
        Lowered {
            model,
            plan,
            output,
            game: None,
            puzzle: None,
            generate: None,
            symmetry: SymmetryPlan::default(),
            constraints: Vec::new(),
            names: None,
            later: Later::default(),
        }
    }

    /// The named constraint `name` as written (`None` for one added later,
    /// such as a hint's givens or the objective's bound).
    pub fn constraint_info(&self, name: &str) -> Option<&ConstraintInfo> {
        self.constraints.iter().find(|c| c.name == name)
    }

    pub fn model(&self) -> &Model {
        &self.model
    }

    pub fn mark(&self) -> ModelMark {
        self.later.mark(&self.model)
    }

    /// Drops everything added since `mark` (see `Later::truncate`).
    pub fn truncate(&mut self, mark: ModelMark) {
        self.later.truncate(&mut self.model, mark);
    }

    /// Appends a constraint built by the caller (the objective's bound).
    pub(crate) fn add_posted(&mut self, posted: Posted) {
        self.model.constraints.push(posted);
    }

    /// Lowers more into the model: `body` runs on the lowering resumed
    /// where it ended. Atomic: on an error nothing of it stays.
    pub(crate) fn extend<T>(&mut self, body: impl FnOnce(&mut Lowerer) -> R<T>) -> R<T> {
        let mark = self.mark();
        let model = std::mem::take(&mut self.model);
        let mut l = Lowerer::resume(model, std::mem::take(&mut self.later));
        let result = body(&mut l);
        (self.model, self.later) = l.finish();
        if result.is_err() {
            self.truncate(mark);
        }
        result
    }

    /// Adds "not all of `assignment`" (some variable of it takes another
    /// value) as the constraint `name`: a solution excluded, so that the
    /// next search finds another. Atomic, like [`Lowered::add_constraint`].
    pub fn add_nogood(
        &mut self,
        sources: &mut Sources,
        name: &str,
        assignment: &[(VarId, i64)],
    ) -> R<()> {
        let id = sources.add(name, name);
        let span = Span::new(id, 0, name.len());
        self.extend(|l| l.scoped(Scope::origin(name), |l| l.nogood(assignment, span)))
    }

    /// Parses `text` (an expression over the spec's names, a source of its
    /// own in `sources` for messages) and adds it to the model as the
    /// constraint `name`. Atomic: on an error nothing of it stays.
    pub fn add_constraint(&mut self, sources: &mut Sources, name: &str, text: &str) -> R<()> {
        let id = sources.add(name, text);
        let origin = Origin::exact(Span::new(id, 0, text.len()), 0);
        let Some(names) = &self.names else {
            return Err(Diagnostic::new(
                format!(
                    "`{name}` cannot be added as text: this model was built without a spec, so no name can be read in it"
                ),
                Span::new(id, 0, text.len()),
            ));
        };
        let e = parse_expr(text, origin)?;
        check_constraint(names, &e).map_err(|mut errors| errors.remove(0))?;
        self.extend(|l| l.scoped(Scope::origin(name), |l| l.post(&e)))
    }
}
