//! Hover: what the name under the cursor is. A param shows its value as
//! written; a variable its index and domain as written, that domain
//! evaluated (from the lowered model, there as soon as the change is
//! checked) and, when the worker has it, its domain after propagation at
//! the root (or that it is still being found); a function its
//! signature and body; a function's parameter or a generator variable
//! where it comes from; a builtin its documentation; a constraint's name
//! its rule and how many items it was lowered to.

use super::Doc;
use super::analysis::Analysis;
use super::symbols::Kind;
use super::worker::{declared_name, summary};
use solve::spec::builtins;
use solve::stop::Answer;

/// The hover's markdown for the name at byte `offset`, if any.
pub(super) fn hover(doc: &Doc, offset: usize) -> Option<String> {
    let a = &doc.analysis;
    let spec = a.spec.as_ref()?;
    let text = |span: solve::source::Span| a.text.get(span.start..span.end).unwrap_or("").trim();
    let on = |span: solve::source::Span| span.start <= offset && offset <= span.end;
    if let Some(c) = spec.constraints.iter().find(|c| on(c.name.span)) {
        return Some(constraint(a, &c.name.text, text(c.expr.span)));
    }
    if let Some(u) = a.symbols.use_at(offset)
        && u.def.is_none()
    {
        let b = builtins::lookup(&u.name)?;
        return Some(format!(
            "```\n{}(...)\n```\nbuiltin, {}: {}",
            b.name, b.arity, b.meaning
        ));
    }
    let d = &a.symbols.defs[a.symbols.def_at(offset)?];
    Some(match d.kind {
        Kind::Param => {
            let p = spec.params.iter().find(|p| p.name.text == d.name)?;
            format!("```\nparam {} = {}\n```", d.name, text(p.value.span))
        }
        Kind::Var => {
            let v = spec
                .vars
                .iter()
                .find(|v| v.name.text == d.name || v.aliases.iter().any(|n| n.text == d.name))?;
            let index: Vec<&str> = v.index.iter().map(|e| text(e.span)).collect();
            let domain = if v.is_boolean() {
                "bool"
            } else {
                text(v.domain.span)
            };
            let declared = if v.derived {
                format!("define = {domain}")
            } else {
                format!("domain {domain}")
            };
            let index = if index.is_empty() {
                String::new()
            } else {
                format!(" [{}]", index.join(", "))
            };
            let evaluated = evaluated(a, &v.name.text).map_or(String::new(), |e| {
                format!("\n\n{}: `{e}`", if v.derived { "bounds" } else { "domain" })
            });
            let root = match (&doc.domains, &doc.verdict) {
                _ if a.lowered.is_none() => String::new(),
                (Some(ds), _) => ds.get(&v.name.text).map_or(String::new(), |r| {
                    format!("\n\nafter propagation at the root: `{r}`")
                }),
                (None, None) => "\n\nafter propagation at the root: being found…".to_string(),
                (None, Some(Answer::Stopped { .. })) => format!(
                    "\n\npropagation at the root stopped after {} s",
                    super::worker::SOLVE_DEADLINE.as_secs()
                ),
                (None, Some(_)) => "\n\npropagation at the root fails: no solution".to_string(),
            };
            format!(
                "```\nvar {}{index}: {declared}\n```{evaluated}{root}",
                d.name
            )
        }
        Kind::Function => {
            let f = spec.functions.iter().find(|f| f.name.text == d.name)?;
            let params: Vec<&str> = f.params.iter().map(|p| p.text.as_str()).collect();
            format!(
                "```\n{}({}) => {}\n```",
                d.name,
                params.join(", "),
                text(f.body.span)
            )
        }
        Kind::Parameter => format!(
            "```\n{}\n```\nparameter of function `{}`",
            d.name,
            d.owner.as_deref().unwrap_or("?")
        ),
        Kind::Generator => format!("```\n{}\n```\ngenerator variable", d.name),
    })
}

/// The domain of the variable (or array) `name` as declared, evaluated:
/// the lowered model's, before any propagation. Cheap, and there as soon
/// as the document is checked (`None` when lowering did not finish).
fn evaluated(a: &Analysis, name: &str) -> Option<String> {
    let (lowered, _) = a.lowered.as_ref()?;
    let cells: Vec<&[(i64, i64)]> = (lowered.model.vars.iter())
        .filter(|v| !v.aux && declared_name(&v.name) == name)
        .map(|v| v.domain.0.as_slice())
        .collect();
    (!cells.is_empty()).then(|| summary(&cells))
}

/// A named constraint: its rule, and (once lowered) its items: one per
/// value of a top-level `forall`, or one for the whole rule.
fn constraint(a: &Analysis, name: &str, rule: &str) -> String {
    let items = a.lowered.as_ref().map(|(lowered, _)| {
        let posted: Vec<&solve::model::Posted> = lowered
            .model
            .constraints
            .iter()
            .filter(|p| p.origin == name && !p.definition)
            .collect();
        let mut items: Vec<&str> = posted.iter().map(|p| p.item.as_str()).collect();
        items.sort_unstable();
        items.dedup();
        (items.len(), posted.len())
    });
    let count = match items {
        Some((1, posted)) => format!("\n\n1 item ({posted} solver constraints)"),
        Some((n, posted)) => format!("\n\n{n} items ({posted} solver constraints)"),
        None => String::new(),
    };
    format!("```\nconstraint {name} = \"{rule}\"\n```{count}")
}
