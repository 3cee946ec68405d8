//! From a read FlatZinc model to the flat model `solve` searches: the
//! parameters evaluated, every variable given a model variable (those the
//! model equates, `bool2int(b, i)`, `int_eq(x, y)` and `var int: y = x`,
//! share one, so a Boolean's integer is a view of it), the constraint
//! calls posted by [`super::builtins`], the solve item and its
//! annotations turned into a search plan by [`super::search`]. Plain data
//! out ([`Built`]): the face above makes it a `Lowered` and prints with
//! [`super::output`].

use super::ast::{FznModel, Goal};
use super::builder::Builder;
use super::output::{self, Printed};
use crate::diagnostic::Diagnostic;
use crate::model::plan::{Objective, SearchPlan, Sense};
use crate::model::{Model, VarId};
use std::collections::HashMap;

pub use super::builder::UNBOUNDED;
pub use super::search::{BuildOptions, OwnSearch};

/// A FlatZinc model made ready to search.
#[derive(Clone, Debug)]
pub struct Built {
    pub model: Model,
    pub plan: SearchPlan,
    /// What each solution prints.
    pub printed: Vec<Printed>,
    /// What was built otherwise than written (a search choice searched as
    /// the nearest `solve` has, an annotation not used), once each.
    pub notes: Vec<String>,
    /// The model variable of each FlatZinc variable, by name.
    pub vars: HashMap<String, VarId>,
}

/// Builds `fzn` for search.
pub fn build(fzn: &FznModel, options: BuildOptions) -> Result<Built, Diagnostic> {
    let mut b = Builder::new();
    for p in &fzn.params {
        b.param(p)?;
    }
    let aliased = super::alias::classes(fzn);
    b.declare(fzn, &aliased)?;
    for (i, call) in fzn.constraints.iter().enumerate() {
        if aliased.absorbed.contains(&i) {
            continue;
        }
        b.item = i;
        super::builtins::post(&mut b, call)?;
    }
    let objective = match &fzn.solve.goal {
        Goal::Satisfy => None,
        Goal::Minimize(e) => Some((Sense::Minimize, e)),
        Goal::Maximize(e) => Some((Sense::Maximize, e)),
    };
    let objective = match objective {
        None => None,
        Some((sense, e)) => Some(Objective {
            sense,
            var: b.var(e)?,
        }),
    };
    let (plan, notes) = super::search::plan(&mut b, fzn, options, objective)?;
    let printed = output::printed(fzn)
        .map_err(|(what, span)| Diagnostic::new(format!("expected {what}"), span))?;
    let vars = (fzn.vars.iter())
        .filter_map(|v| Some((v.name.clone(), b.var_named(&v.name)?)))
        .collect();
    Ok(Built {
        model: b.model,
        plan,
        printed,
        notes,
        vars,
    })
}
