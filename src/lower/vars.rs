//! Lowering pass that declares the `[vars]`: each declaration becomes
//! model variables (an array of them for an `index`, printed by name and
//! index), and each `define` a variable with its expression's bounds,
//! defined equal to it, once every other variable exists.

use super::index::{IndexRange, index_range};
use super::value::{Array, LinExpr, R, Value, type_error};
use super::{Lowerer, MAX_DOMAIN, Scope};
use crate::diagnostic::Diagnostic;
use crate::model::{IntervalSet, VarId};
use crate::source::Span;
use crate::spec::ast::{ExprKind, Spec};
use std::sync::Arc;

/// What the declarations made, for the passes after this one.
#[derive(Debug, Default)]
pub(crate) struct Declared {
    /// Every declared name (aliases of `names` too) and its value.
    pub declared: Vec<(String, Value)>,
    /// The names the output prints, in declaration order.
    pub printed: Vec<String>,
    /// The variables a search decides (declared and defined), in order.
    pub decision: Vec<VarId>,
    /// The declared (not defined) variables: what symmetries act on.
    pub key: Vec<VarId>,
}

/// Declares every variable of `spec`, then its defined ones.
pub(crate) fn declare_vars(l: &mut Lowerer, spec: &Spec) -> R<Declared> {
    let mut declared = Vec::new();
    let mut printed = Vec::new();
    let mut decision = Vec::new();
    for var in spec.vars.iter().filter(|v| !v.derived) {
        let first = l.model.vars.len();
        // `domain = "bool"`: 0..1, read and printed as false/true.
        let (domain, kind) = if var.is_boolean() {
            (IntervalSet::range(0, 1), Kind::Bool)
        } else {
            let domain_value = l.eval(&var.domain)?;
            domain_of(l, &domain_value, var.domain.span)?
        };
        if domain.is_empty() {
            return Err(Diagnostic::new(
                format!("variable `{}` has an empty domain", var.name.text),
                var.domain.span,
            ));
        }
        let mut dims = Vec::new();
        for index in &var.index {
            dims.push(index_range(l, index)?);
        }
        // In 128 bits: index ranges may be as wide as i64 allows.
        let cells: i128 = dims
            .iter()
            .map(|d| (i128::from(d.hi) - i128::from(d.lo) + 1).max(0))
            .product();
        if cells > 1_000_000 {
            return Err(Diagnostic::new(
                format!(
                    "array `{}` would have {cells} variables; at most 1000000 are allowed",
                    var.name.text
                ),
                var.index[0].span,
            ));
        }
        l.budget
            .declare(&l.model, cells as u64, &domain, var.name.span)?;
        let value = make_vars(
            l,
            &var.name.text,
            (&dims, &domain, kind),
            &mut Vec::new(),
            &mut decision,
        );
        if !var.aliases.is_empty() {
            let Value::List(a) = &value else {
                unreachable!("aliases need an array")
            };
            if a.items.len() != var.aliases.len() {
                return Err(Diagnostic::new(
                    format!(
                        "`names` has {} but the array has {}",
                        crate::diagnostic::counted(var.aliases.len() as u64, "name"),
                        crate::diagnostic::counted(a.items.len() as u64, "element")
                    ),
                    var.aliases[0]
                        .span
                        .to(var.aliases[var.aliases.len() - 1].span),
                ));
            }
            for (alias, item) in var.aliases.iter().zip(&a.items) {
                l.define_global(alias.text.clone(), item.clone());
                declared.push((alias.text.clone(), item.clone()));
            }
        }
        l.define_global(var.name.text.clone(), value.clone());
        declared.push((var.name.text.clone(), value));
        printed.push(var.name.text.clone());
        hide(l, spec, var, first);
    }
    // The declared variables' values are what symmetries act on.
    let key = decision.clone();
    // Derived variables, once every other variable exists: a variable with
    // the bounds of its expression, defined equal to it (so no domain
    // typed by hand can cut solutions off when a param changes).
    for var in spec.vars.iter().filter(|v| v.derived) {
        let first = l.model.vars.len();
        let value = l.scoped(Scope::origin(&var.name.text), |l| {
            let dims = var
                .index
                .iter()
                .map(|index| index_range(l, index))
                .collect::<R<Vec<_>>>()?;
            let defined = l.defined(&var.domain)?;
            shape_defined(l, var, &dims, &defined, &mut Vec::new(), &mut decision)
        })?;
        l.define_global(var.name.text.clone(), value.clone());
        declared.push((var.name.text.clone(), value));
        printed.push(var.name.text.clone());
        hide(l, spec, var, first);
    }
    Ok(Declared {
        declared,
        printed,
        decision,
        key,
    })
}

/// The variable an `[output]` board's cells name (`cells = "x"`): then
/// the board is the player's, and the other variables are the model's
/// own unless they say `shown = true`.
fn board_variable(spec: &Spec) -> Option<&str> {
    let board = spec.output.board.as_ref()?;
    match &board.cells.kind {
        ExprKind::Name(n) if spec.vars.iter().any(|v| v.name.text == *n) => Some(n),
        _ => None,
    }
}

/// Marks the variables made for `var` (from index `first` on) hidden when
/// they are not the player's: `shown = false`, or by default beside a
/// board of another variable's cells.
fn hide(l: &mut Lowerer, spec: &Spec, var: &crate::spec::ast::Var, first: usize) {
    let shown = var
        .shown
        .unwrap_or_else(|| board_variable(spec).is_none_or(|b| b == var.name.text));
    if !shown {
        for info in &mut l.model.vars[first..] {
            info.hidden = true;
        }
    }
}

/// What a declared variable's values are, underneath integers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    /// `domain = "bool"`: read and printed as false/true.
    Bool,
    /// A domain listing texts: printed as text.
    Text,
}

fn domain_of(l: &mut Lowerer, v: &Value, span: Span) -> R<(IntervalSet, Kind)> {
    let set = match v {
        Value::Range(lo, hi) => IntervalSet::range(*lo, *hi),
        Value::Set(s) => IntervalSet::from_values((**s).clone()),
        Value::List(_) => {
            let items = l.flat_items(v, span)?;
            let texts = items.iter().filter(|i| matches!(i, Value::Str(_))).count();
            if texts > 0 && texts < items.len() {
                return Err(Diagnostic::new(
                    "a domain lists integers or texts, not both",
                    span,
                ));
            }
            let mut values = Vec::new();
            for item in items {
                values.push(match &item {
                    Value::Str(t) => l.model.texts.intern(t),
                    other => l.int(other, span)?,
                });
            }
            if texts > 0 {
                return Ok((IntervalSet::from_values(values), Kind::Text));
            }
            IntervalSet::from_values(values)
        }
        other => {
            return Err(super::value::type_error(
                "a domain (a range, set or list of integers)",
                other,
                span,
            ));
        }
    };
    if let (Some(lo), Some(hi)) = (set.min(), set.max())
        && (lo < -MAX_DOMAIN || hi > MAX_DOMAIN)
    {
        return Err(Diagnostic::new(
            format!("domain {lo}..{hi} is too large: values must lie within -2^40..2^40"),
            span,
        ));
    }
    Ok((set, Kind::Int))
}

/// Creates the variables of a (possibly multi-dimensional) declaration.
/// The shape of a declaration: its index ranges, its domain, and whether
/// it is boolean.
type Shape<'a> = (&'a [IndexRange], &'a IntervalSet, Kind);

fn make_vars(
    l: &mut Lowerer,
    name: &str,
    (dims, domain, kind): Shape<'_>,
    prefix: &mut Vec<String>,
    decision: &mut Vec<VarId>,
) -> Value {
    let Some((&IndexRange { lo, hi, by_text }, rest)) = dims.split_first() else {
        let full = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{name}[{}]", prefix.join("]["))
        };
        let x = l.model.new_var(full, domain.clone(), false);
        l.model.vars[x.index()].text = kind == Kind::Text;
        l.model.vars[x.index()].boolean = kind == Kind::Bool;
        decision.push(x);
        if kind == Kind::Bool {
            return Value::Lit(crate::model::Lit {
                var: x,
                positive: true,
            });
        }
        return Value::Lin(Arc::new(LinExpr::var(x)));
    };
    let mut items = Vec::new();
    for i in lo..=hi {
        prefix.push(match l.model.texts.text(i) {
            Some(t) if by_text => format!("\"{t}\""),
            _ => i.to_string(),
        });
        items.push(make_vars(l, name, (rest, domain, kind), prefix, decision));
        let _ = prefix.pop();
    }
    Value::List(Arc::new(Array {
        base: lo,
        items,
        by_text,
    }))
}

/// `d = { index = "0..n-1", define = "[...]" }`: the value of the
/// expression as derived variables, one per element, shaped as the index
/// ranges say (a list per dimension, each as long as its range); a scalar
/// without `index`.
fn shape_defined(
    l: &mut Lowerer,
    var: &crate::spec::ast::Var,
    dims: &[IndexRange],
    v: &Value,
    prefix: &mut Vec<String>,
    decision: &mut Vec<VarId>,
) -> R<Value> {
    let span = var.domain.span;
    let name = &var.name.text;
    let Some((&IndexRange { lo, hi, by_text }, rest)) = dims.split_first() else {
        if let Value::List(a) = v {
            let help = if var.index.is_empty() {
                format!(
                    "an array of defined variables declares its index: `{name} = {{ index = \"0..{}\", define = \"...\" }}`",
                    a.items.len().saturating_sub(1)
                )
            } else {
                "give `index` one range per dimension of the list".to_string()
            };
            return Err(Diagnostic::new(
                format!(
                    "`{name}` is defined by a list of {}, where a number was expected",
                    crate::diagnostic::counted(a.items.len() as u64, "item")
                ),
                span,
            )
            .with_help(help));
        }
        let full = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{name}[{}]", prefix.join("]["))
        };
        let x = l.derived(full, v, span)?;
        decision.push(x);
        return Ok(Value::Lin(Arc::new(LinExpr::var(x))));
    };
    let Value::List(a) = v else {
        return Err(type_error("a list (the array's elements)", v, span));
    };
    let wanted = (i128::from(hi) - i128::from(lo) + 1).max(0);
    if a.items.len() as i128 != wanted {
        return Err(Diagnostic::new(
            format!(
                "`{name}`'s index {lo}..{hi} has {wanted} elements, and its `define` gives a list of {}",
                a.items.len()
            ),
            span,
        ));
    }
    let mut items = Vec::with_capacity(a.items.len());
    for (i, item) in (lo..=hi).zip(&a.items) {
        prefix.push(match l.model.texts.text(i) {
            Some(t) if by_text => format!("\"{t}\""),
            _ => i.to_string(),
        });
        items.push(shape_defined(l, var, rest, item, prefix, decision)?);
        let _ = prefix.pop();
    }
    Ok(Value::List(Arc::new(Array {
        base: lo,
        items,
        by_text,
    })))
}
