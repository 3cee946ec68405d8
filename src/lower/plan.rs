//! Lowering pass that gathers the search plan: the phases and order (the
//! command line's replacing the spec's), the variable and value orders,
//! restarts, seed, consistency, and the objective as one variable.

use super::options::Options;
use super::value::{R, Value};
use super::vars::Declared;
use super::{Lowerer, Scope};
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::model::VarId;
use crate::model::plan::{
    Consistency, DEFAULT_LAST_CONFLICT, DEFAULT_OPTIMUM_INTERLEAVE, DEFAULT_OPTIMUM_VAR_ORDER,
    DEFAULT_VAR_ORDER, Objective, RestartPolicy, Restarts, SearchPlan, ValueOrder, VarOrder,
};
use crate::spec::ast::Spec;

/// The search plan of `spec` under `options`.
pub(crate) fn search_plan(
    l: &mut Lowerer,
    spec: &Spec,
    options: &Options,
    vars: &Declared,
) -> R<SearchPlan> {
    let declared = &vars.declared;
    let search = spec.search.then(&options.search);
    let order = search_vars(l, search.order.as_deref().unwrap_or_default(), declared)?;
    let default_value = search.value.unwrap_or(ValueOrder::Min);
    // A game's codes and a puzzle's positions are enumerated in their own
    // order (a strategy's "first consistent code" is the smallest).
    let default_var = if spec.game.is_some() || spec.puzzle.is_some() {
        VarOrder::Input
    } else {
        DEFAULT_VAR_ORDER
    };
    let mut phases = Vec::new();
    for p in search.phases.iter().flatten() {
        phases.push(crate::model::plan::Phase {
            vars: search_vars(l, &p.vars, declared)?,
            var: p.var.unwrap_or(VarOrder::Input),
            value: p.value.unwrap_or(default_value),
        });
    }
    let objective = match &spec.objective {
        Some(decl) if !options.no_objective => Some(Objective {
            sense: decl.sense,
            var: l.scoped(Scope::origin("objective"), |l| l.objective_var(&decl.expr))?,
        }),
        _ => None,
    };
    // Branch and bound learns (dom/wdeg) and takes turns with a second
    // search unless the spec or the command line names a search of its
    // own.
    let optimum_default =
        objective.is_some() && !search.names_an_order() && default_var == DEFAULT_VAR_ORDER;
    let interleave = match search.interleave {
        Some(arm) => arm,
        None if optimum_default => DEFAULT_OPTIMUM_INTERLEAVE,
        None => None,
    };
    let var = match search.var {
        Some(var) => var,
        None if optimum_default && search.interleave.is_none() => DEFAULT_OPTIMUM_VAR_ORDER,
        None => default_var,
    };
    Ok(SearchPlan {
        phases,
        order,
        decision: vars.decision.clone(),
        var,
        value: default_value,
        restarts: Restarts {
            policy: search.restart.unwrap_or(RestartPolicy::None),
            scale: search.restart_scale.unwrap_or(100),
        },
        last_conflict: search.last_conflict.unwrap_or(DEFAULT_LAST_CONFLICT),
        seed: search.seed.unwrap_or(1),
        consistency: search.consistency.unwrap_or(Consistency::Propagate),
        objective,
        interleave,
        alone: matches!(search.interleave, Some(None)),
        canonical_optimum: true,
        projected: false,
    })
}

fn collect_vars(v: &Value, out: &mut Vec<VarId>) {
    match v {
        Value::Lin(e) => out.extend(e.terms.iter().map(|&(_, x)| x)),
        Value::Lit(l) => out.push(l.var),
        Value::List(a) => a.items.iter().for_each(|i| collect_vars(i, out)),
        _ => {}
    }
}

/// The variables `names` (of `order` or a phase) stand for, in order: a
/// declared name, or an expression over the declared variables (an
/// element, a slice, a comprehension).
fn search_vars(
    l: &mut Lowerer,
    names: &[crate::spec::origin::Name],
    declared: &[(String, Value)],
) -> R<Vec<VarId>> {
    let mut order = Vec::new();
    for name in names {
        if !crate::spec::names::is_identifier(&name.text) {
            // `x[n]`, `x[0..3]`: the declared variables the expression names.
            let e = crate::spec::names::order_expr(name)?;
            let v = l.eval(&e)?;
            let first = order.len();
            collect_vars(&v, &mut order);
            let declared_only = order[first..].iter().all(|x| !l.model.vars[x.index()].aux);
            if order.len() == first || !declared_only {
                return Err(Diagnostic::new(
                    format!(
                        "`{}` in the search order is not a variable or a list of declared variables",
                        name.text
                    ),
                    name.span,
                )
                .with_help("use names, elements with known indices, slices and comprehensions: `x`, `x[n]`, `x[0..3]`, `[m[r][c] for r in 0..2]`"));
            }
            continue;
        }
        let Some((_, v)) = declared.iter().find(|(n, _)| *n == name.text) else {
            let mut d = Diagnostic::new(
                format!("unknown variable `{}` in the search order", name.text),
                name.span,
            );
            if let Some(s) = did_you_mean(&name.text, declared.iter().map(|(n, _)| n.as_str())) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            return Err(d);
        };
        collect_vars(v, &mut order);
    }
    Ok(order)
}
