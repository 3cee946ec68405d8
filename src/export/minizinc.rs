//! The lowered model as a MiniZinc model: one `var` per model variable
//! (named `x0`, `x1`, ... by index, with the spec's name in a
//! comment), one `constraint` per posted primitive constraint (with its
//! spec constraint and item in a comment; the globals as MiniZinc's own:
//! `alldifferent`, `table`, `circuit`, `lex_less`, `regular`), the search phases as a
//! `seq_search` annotation, `solve satisfy` or the
//! objective, and an output of every variable (after `objective V` when
//! there is one), so that `minizinc -a` enumerates exactly the solutions
//! `solve --count --no-objective` counts.
//!
//! MiniZinc's `div` and `mod` truncate toward zero like ours; element and
//! lex use MiniZinc's 1-based arrays through explicit index arithmetic.

use crate::constraints::MINIZINC_INCLUDES;
use crate::constraints::text::MiniZincNames;
use crate::lowered::Lowered;
use crate::model::VarId;
use crate::model::plan::{SearchPlan, Sense, ValueOrder, VarOrder};
use std::fmt::Write as _;

/// The MiniZinc text of `lowered`; `source` names the spec in a comment.
pub fn export(lowered: &Lowered, source: &str) -> String {
    let model = lowered.model();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "% Exported by solve from {source}: the lowered model ({}, {}).",
        crate::diagnostic::counted(model.vars.len() as u64, "variable"),
        crate::diagnostic::counted(model.constraints.len() as u64, "constraint")
    );
    for include in MINIZINC_INCLUDES.iter().copied().flatten() {
        let _ = writeln!(out, "include \"{include}.mzn\";");
    }
    out.push('\n');
    for (i, v) in model.vars.iter().enumerate() {
        let _ = writeln!(out, "var {}: x{i};  % {}", domain(&v.domain.0), v.name);
    }
    out.push('\n');
    for posted in &model.constraints {
        let _ = writeln!(
            out,
            "constraint {};  % {}{}",
            posted.constraint.minizinc(&Names(model)),
            posted.origin,
            posted.item
        );
    }
    out.push('\n');
    let search = search(&lowered.plan, model.vars.len());
    match lowered.plan.objective {
        None => {
            let _ = writeln!(out, "solve {search}satisfy;");
        }
        Some(objective) => {
            let sense = match objective.sense {
                Sense::Minimize => "minimize",
                Sense::Maximize => "maximize",
            };
            let _ = writeln!(out, "solve {search}{sense} {};", var(objective.var));
        }
    }
    let mut shown: Vec<String> = (0..model.vars.len())
        .map(|i| format!("show(x{i})"))
        .collect();
    if let Some(objective) = lowered.plan.objective {
        shown.insert(0, format!("\"objective \" ++ show({})", var(objective.var)));
    }
    let _ = writeln!(out, "output [{}, \"\\n\"];", shown.join(", \" \", "));
    out
}

/// The search annotation `:: seq_search([...]) ` with one `int_search` per
/// phase the brancher decides in turn, so MiniZinc's solver branches as
/// `solve` does. `first-fail-random` has no MiniZinc name and becomes
/// `first_fail` (ties to the first variable); `activity` becomes
/// `dom_w_deg`, the standard's one learning order. Last-conflict has no
/// annotation and is left out.
fn search(plan: &SearchPlan, num_vars: usize) -> String {
    let phases: Vec<String> = plan
        .phases_over(num_vars)
        .iter()
        .map(|phase| {
            let var_order = match phase.var {
                VarOrder::Input => "input_order",
                VarOrder::FirstFail | VarOrder::FirstFailRandom => "first_fail",
                VarOrder::DomWdeg | VarOrder::Activity | VarOrder::Afc => "dom_w_deg",
            };
            let value_order = match phase.value {
                ValueOrder::Min => "indomain_min",
                ValueOrder::Max => "indomain_max",
                ValueOrder::Random => "indomain_random",
                ValueOrder::Split => "indomain_split",
            };
            let vars: Vec<String> = phase.vars.iter().map(|&x| var(x)).collect();
            format!(
                "int_search([{}], {var_order}, {value_order})",
                vars.join(", ")
            )
        })
        .collect();
    if phases.is_empty() {
        String::new()
    } else {
        format!(":: seq_search([\n    {}\n]) ", phases.join(",\n    "))
    }
}

fn domain(intervals: &[(i64, i64)]) -> String {
    match intervals {
        [(lo, hi)] => format!("{lo}..{hi}"),
        _ => {
            let parts: Vec<String> = intervals
                .iter()
                .map(|&(lo, hi)| format!("{lo}..{hi}"))
                .collect();
            parts.join(" union ")
        }
    }
}

fn var(x: VarId) -> String {
    format!("x{}", x.index())
}

/// Variables are named by index: `x0`, `x1`, ...
struct Names<'a>(&'a crate::model::Model);

impl MiniZincNames for Names<'_> {
    fn var(&self, x: VarId) -> String {
        var(x)
    }

    fn bounds(&self, x: VarId) -> Option<(i64, i64)> {
        let d = self.0.domain(x);
        d.min().zip(d.max())
    }
}
