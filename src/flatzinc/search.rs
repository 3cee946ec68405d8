//! The solve item's annotations as a search plan: `int_search`,
//! `bool_search` and `seq_search` become phases, `restart_*` the
//! restarts. Selections `solve` lacks are searched as the nearest it has
//! (the table below, also in the book), each said once in a note.
//!
//! Without annotations (or with `-f`) the search branches on the model's
//! own variables (neither `is_defined_var` nor `var_is_introduced`) with
//! `solve`'s default order, then fixes whatever is left in input order.

use super::ast::{Annotation, ExprKind, FznModel};
use super::builder::{Builder, expected};
use crate::diagnostic::Diagnostic;
use crate::model::VarId;
use crate::model::plan::{
    Arm, Consistency, DEFAULT_VAR_ORDER, Objective, Phase, ROBUST_ARM, RestartPolicy, Restarts,
    SearchPlan, ValueOrder, VarOrder,
};

/// How to build: what the search plan takes from the command line.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// `-f`: ignore the search annotations.
    pub free_search: bool,
    /// `-r`: the seed of random choices.
    pub seed: u64,
    /// `--search`: solve's own order (what the annotations leave, or
    /// everything with `-f`) otherwise than by default.
    pub search: OwnSearch,
}

/// Solve's own search as `--search` gives it; `None` where it says
/// nothing (the default stands).
#[derive(Clone, Copy, Debug, Default)]
pub struct OwnSearch {
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
    pub restart: Option<RestartPolicy>,
    pub restart_scale: Option<u64>,
    pub last_conflict: Option<bool>,
    pub seed: Option<u64>,
    pub consistency: Option<Consistency>,
    /// `--interleave`: the second search taken in turn (`Some(None)`:
    /// none).
    pub interleave: Option<Option<Arm>>,
}

/// Whether solve's own order (free search, or no search annotation) uses
/// last-conflict reasoning: yes. On the first instance of each of the 30
/// problems of the MiniZinc benchmark suite with `-f`, first-fail with
/// last-conflict solved 26 within 10 s against first-fail's 25, with a
/// geometric mean time of 0.60 s against 0.98 s, level with dom/wdeg with
/// last-conflict and ahead of dom/wdeg, activity and every restarted
/// candidate (docs/performance.md, "The default search";
/// `python3 bench/defaults.py`). MiniZinc makes no promise that the
/// answer is the same for any thread count, which it would cost a spec.
pub const FREE_LAST_CONFLICT: bool = true;

/// FlatZinc's variable selections and the order `solve` searches each
/// with (`true`: the same; `false`: the nearest).
pub const VARIABLE_SELECTIONS: &[(&str, VarOrder, bool)] = &[
    ("input_order", VarOrder::Input, true),
    ("first_fail", VarOrder::FirstFail, true),
    ("dom_w_deg", VarOrder::DomWdeg, true),
    ("most_constrained", VarOrder::FirstFail, false),
    ("occurrence", VarOrder::DomWdeg, false),
    ("max_regret", VarOrder::FirstFail, false),
    ("anti_first_fail", VarOrder::Input, false),
    ("smallest", VarOrder::Input, false),
    ("largest", VarOrder::Input, false),
];

/// FlatZinc's value selections and the order `solve` tries values in.
pub const VALUE_SELECTIONS: &[(&str, ValueOrder, bool)] = &[
    ("indomain_min", ValueOrder::Min, true),
    ("indomain_max", ValueOrder::Max, true),
    ("indomain_random", ValueOrder::Random, true),
    ("indomain_split", ValueOrder::Split, true),
    ("indomain", ValueOrder::Min, true),
    ("indomain_median", ValueOrder::Split, false),
    ("indomain_middle", ValueOrder::Split, false),
    ("indomain_interval", ValueOrder::Split, false),
    ("indomain_reverse_split", ValueOrder::Max, false),
];

/// The plan of `fzn`, with notes for what was searched otherwise than
/// annotated.
pub(super) fn plan(
    b: &mut Builder,
    fzn: &FznModel,
    options: BuildOptions,
    objective: Option<Objective>,
) -> Result<(SearchPlan, Vec<String>), Diagnostic> {
    let own = &options.search;
    let mut plan = SearchPlan {
        phases: Vec::new(),
        order: Vec::new(),
        decision: own_vars(b, fzn),
        var: own.var.unwrap_or(DEFAULT_VAR_ORDER),
        value: own.value.unwrap_or(ValueOrder::Min),
        restarts: Restarts {
            policy: own.restart.unwrap_or(Restarts::NONE.policy),
            scale: own.restart_scale.unwrap_or(Restarts::NONE.scale),
        },
        last_conflict: false,
        seed: own.seed.unwrap_or(options.seed),
        consistency: own.consistency.unwrap_or(Consistency::Propagate),
        objective,
        interleave: None,
        alone: matches!(own.interleave, Some(None)),
        canonical_optimum: false,
        projected: false,
    };
    let mut notes = Vec::new();
    if !options.free_search {
        for a in &fzn.solve.annotations {
            annotation(b, a, &mut plan, &mut notes)?;
        }
    }
    // Last-conflict would choose before the annotated phases: only where
    // solve's own order decides everything.
    plan.last_conflict = own
        .last_conflict
        .unwrap_or(FREE_LAST_CONFLICT && plan.phases.is_empty());
    // Likewise the second search ([`ROBUST_ARM`]): only for solve's own
    // order, as it is by default unless asked.
    let chosen = own.var.is_some()
        || own.value.is_some()
        || own.restart.is_some()
        || own.last_conflict.is_some();
    plan.interleave = match own.interleave {
        Some(arm) => arm,
        None if plan.phases.is_empty() && !chosen => Some(ROBUST_ARM),
        None => None,
    };
    // Each note said once, in the order first met.
    let mut said = std::collections::HashSet::new();
    notes.retain(|n| said.insert(n.clone()));
    Ok((plan, notes))
}

/// The declared variables that are the model's own, once each, in order.
fn own_vars(b: &mut Builder, fzn: &FznModel) -> Vec<VarId> {
    let mut seen = vec![false; b.model.vars.len()];
    let mut out = Vec::new();
    for decl in &fzn.vars {
        let introduced =
            (decl.annotations.iter()).any(|a| a.is("is_defined_var") || a.is("var_is_introduced"));
        if decl.array.is_some() || introduced {
            continue;
        }
        if let Some(x) = b.var_named(&decl.name)
            && !std::mem::replace(&mut seen[x.index()], true)
        {
            out.push(x);
        }
    }
    out
}

fn annotation(
    b: &mut Builder,
    a: &Annotation,
    plan: &mut SearchPlan,
    notes: &mut Vec<String>,
) -> Result<(), Diagnostic> {
    match a.name.as_str() {
        "seq_search" | "warm_start_array" => {
            let Some(ExprKind::Array(items)) = a.args.first().map(|e| &e.kind) else {
                return Err(expected("a list of search annotations", a.span));
            };
            // The annotations of a sequence, or the warm starts of an
            // array, each read as one.
            for item in items {
                match &item.kind {
                    ExprKind::Call(inner) => annotation(b, inner, plan, notes)?,
                    _ => return Err(expected("a search annotation", item.span)),
                }
            }
        }
        "int_search" | "bool_search" => {
            if a.args.len() < 3 {
                return Err(expected(
                    format!("`{}(variables, selection, choice, strategy)`", a.name),
                    a.span,
                ));
            }
            let vars = b.vars(&a.args[0])?;
            let var = selection(&a.args[1].kind, VARIABLE_SELECTIONS, notes).ok_or_else(|| {
                expected("a variable selection such as `first_fail`", a.args[1].span)
            })?;
            let value = selection(&a.args[2].kind, VALUE_SELECTIONS, notes)
                .ok_or_else(|| expected("a value choice such as `indomain_min`", a.args[2].span))?;
            plan.phases.push(Phase { vars, var, value });
        }
        "restart_luby" | "restart_geometric" | "restart_constant" | "restart_linear" => {
            let scale = match a.args.last() {
                Some(e) => b.int(e)?,
                None => return Err(expected("the restarts' scale", a.span)),
            };
            let policy = if a.name == "restart_geometric" {
                RestartPolicy::Geometric
            } else {
                RestartPolicy::Luby
            };
            if a.name != "restart_luby" && a.name != "restart_geometric" {
                notes.push(format!("`{}` is searched as `restart_luby`", a.name));
            }
            plan.restarts = Restarts {
                policy,
                scale: u64::try_from(scale.max(1)).unwrap_or(1),
            };
        }
        "restart_none" => plan.restarts = Restarts::NONE,
        "warm_start" | "int_warm_start" | "bool_warm_start" => {
            notes.push(format!("`{}` is not used by solve", a.name));
        }
        // Other solvers' annotations are theirs (FlatZinc lets a solver
        // ignore what it does not know); said once.
        other => notes.push(format!("the annotation `{other}` is not used by solve")),
    }
    Ok(())
}

/// The order a selection names (a note when it is the nearest only).
fn selection<T: Copy>(
    kind: &ExprKind,
    table: &[(&str, T, bool)],
    notes: &mut Vec<String>,
) -> Option<T> {
    let name = match kind {
        ExprKind::Name(n) => n.as_str(),
        ExprKind::Call(a) if a.args.is_empty() => a.name.as_str(),
        _ => return None,
    };
    let &(_, order, exact) = table.iter().find(|(n, ..)| *n == name)?;
    if !exact {
        notes.push(format!(
            "the search choice `{name}` is searched as solve's nearest (see the book)"
        ));
    }
    Some(order)
}
