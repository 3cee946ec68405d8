//! The pipeline from a spec file to a [`Lowered`] model, as a list of
//! passes. Each pass lives in a file of its own that says what it does;
//! the extensions' passes live in their rooms. [`Session::from_text`] runs
//! the whole pipeline on a text.
//!
//! load (`spec::load`) -> names (`spec::names`) -> params -> vars ->
//! constraints -> symmetry -> plan -> game -> moves -> generate -> output
//!
//! What comes out ([`Compiled`]) is the model and, beside it, the spec's
//! run settings (`[search] threads`): a face merges its own over them; the
//! model does not carry them.

use crate::diagnostic::{Diagnostic, Error};
use crate::lower::value::R;
use crate::lower::{self, Lowerer, Options};
use crate::lowered::{ConstraintInfo, Lowered};
use crate::plans::generate::GeneratePlan;
use crate::session::Session;
use crate::source::{SourceId, Sources};
use crate::spec::names::CheckedSpec;
use crate::spec::settings::RunSettings;
use crate::{game, moves, output, setter, spec, symmetry};

/// A compiled spec: its lowered model and the run settings it gives.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub lowered: Lowered,
    /// `[search] threads` (the spec gives no limit).
    pub run: RunSettings,
}

/// Loads, checks and lowers the spec in `sources[id]`, with `--set` overrides.
pub fn compile(
    sources: &mut Sources,
    id: SourceId,
    overrides: &[String],
    options: &Options,
) -> Result<Compiled, Vec<Diagnostic>> {
    let mut spec = spec::load::load_until(sources, id, &options.stop)?;
    spec::load::apply_overrides(&mut spec, sources, overrides)?;
    let checked = spec::names::check(spec)?;
    let lowered = lower(&checked, options).map_err(|d| vec![d])?;
    Ok(Compiled {
        lowered,
        run: checked.spec().run,
    })
}

/// The spec's `[generate]` plan from its declarations alone (params and
/// variables; no constraint lowered), so that `solve generate` can size
/// the clue param before any constraint reads it: with `--set r=7`, the
/// spec's own 5x5 clue grid no longer fits, and is replaced anyway.
pub fn generate_plan(
    sources: &mut Sources,
    id: SourceId,
    overrides: &[String],
    options: &Options,
) -> Result<Option<GeneratePlan>, Vec<Diagnostic>> {
    let mut spec = spec::load::load_until(sources, id, &options.stop)?;
    spec::load::apply_overrides(&mut spec, sources, overrides)?;
    let checked = spec::names::check(spec)?;
    let spec = checked.spec();
    let mut l = Lowerer::new(&options.stop);
    let declarations = (|| {
        let params = lower::params::lower_params(&mut l, spec)?;
        let vars = lower::vars::declare_vars(&mut l, spec)?;
        setter::lower::lower_generate(spec, &params, &vars, &l.model, false, None)
    })();
    declarations.map_err(|d| vec![d])
}

/// Lowers a spec whose names have been checked.
pub fn lower(checked: &CheckedSpec, options: &Options) -> R<Lowered> {
    let mut l = Lowerer::new(&options.stop);
    match passes(&mut l, checked, options) {
        Ok(lowered) => Ok(lowered),
        Err(error) => {
            // A model stopped by the time limit or the size budget can be
            // huge: the error reaches the user before it is freed.
            let large = l.model.vars.len() > 100_000;
            crate::discard::discard(l, large);
            Err(error)
        }
    }
}

fn passes(l: &mut Lowerer, checked: &CheckedSpec, options: &Options) -> R<Lowered> {
    let spec = checked.spec();
    let params = lower::params::lower_params(l, spec)?;
    let vars = lower::vars::declare_vars(l, spec)?;
    lower::constraints::post_constraints(l, spec, options)?;
    let derived = match options.derive_clues {
        true => setter::lower::derive_clues(l, spec)?,
        false => None,
    };
    let symmetry = symmetry::lower::lower_symmetry(l, spec, &vars.key, options)?;
    lower::sums::post_on_sums(&mut l.model);
    let plan = lower::plan::search_plan(l, spec, options, &vars)?;
    lower::cages::tabulate(&mut l.model, plan.consistency);
    // What the engine builds from the model beside it, by the plan's levels.
    let (model, budget) = l.model_and_budget();
    budget.value_graphs(model, plan.consistency)?;
    let game = game::lower::lower_game(l, spec, &params)?;
    let puzzle = moves::lower::lower_moves(l, spec, &params, &vars)?;
    let generate = setter::lower::lower_generate(spec, &params, &vars, &l.model, true, derived)?;
    let output = output::lower_output(l, spec, params, vars)?;
    game::lower::check_show(&output, game.as_ref())?;
    let (model, later) = std::mem::take(l).finish();
    Ok(Lowered {
        model,
        plan,
        output,
        game,
        puzzle,
        generate,
        symmetry,
        constraints: spec
            .constraints
            .iter()
            .map(|c| ConstraintInfo {
                name: c.name.text.clone(),
                span: c.expr.span,
                weight: c.weight,
                say: c.say.as_ref().map(|(text, _)| text.clone()),
            })
            .collect(),
        names: Some(checked.names()),
        later,
    })
}

impl Session {
    /// Loads, checks and lowers a spec given as text, with `--set` style
    /// overrides (`"n=12"`): the whole pipeline, here so that the session
    /// does not depend on it (and `game`, which holds sessions, may be a
    /// pass of it).
    pub fn from_text(name: &str, text: &str, overrides: &[&str]) -> Result<Session, Error> {
        let mut sources = Sources::default();
        let id = sources.add(name, text);
        let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        match compile(&mut sources, id, &overrides, &Options::default()) {
            Ok(compiled) => Ok(Session::new(compiled.lowered, sources)),
            Err(diagnostics) => Err(Error::new(diagnostics, &sources)),
        }
    }
}
