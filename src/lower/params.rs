//! Lowering pass that evaluates the `[params]`: each param becomes a
//! constant in scope for everything after it (functions are registered
//! first, since a param may call them), indexed lists are checked against
//! their index, and a `--set` value against the shape of the spec's own.

use super::Lowerer;
use super::index::{IndexRange, index_range};
use super::value::{Array, R, Value};
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::spec::ast::{Expr, Spec};
use std::collections::HashMap;
use std::sync::Arc;

/// Evaluates every param; returns them by name (the constants a later
/// pass may evaluate with: game answers, move networks, output).
pub(crate) fn lower_params(l: &mut Lowerer, spec: &Spec) -> R<HashMap<String, Value>> {
    // Params may call the functions of earlier params (names.rs checks it).
    l.functions = Arc::new(
        spec.functions
            .iter()
            .map(|f| (f.name.text.clone(), Arc::new(f.clone())))
            .collect(),
    );
    for param in &spec.params {
        let mut v = l.eval(&param.value)?;
        if !param.index.is_empty() {
            v = indexed(l, v, &param.index, &param.value)?;
        }
        if let Some(default) = &param.default {
            same_kind(l, &param.name.text, &v, default, param.value.span)?;
        }
        l.define_global(param.name.text.clone(), v);
    }
    Ok(l.globals().clone())
}

/// A param list indexed by its declared ranges (`index = "1..5"`, or two
/// ranges for a list of lists): every list has the length of its range.
fn indexed(l: &mut Lowerer, v: Value, index: &[Expr], value: &Expr) -> R<Value> {
    let Some((first, rest)) = index.split_first() else {
        return Ok(v);
    };
    let IndexRange { lo, hi, by_text } = index_range(l, first)?;
    let items = match &v {
        Value::List(a) => a.items.clone(),
        other => return Err(super::value::type_error("a list", other, value.span)),
    };
    let length = (i128::from(hi) - i128::from(lo) + 1).max(0);
    if length != items.len() as i128 {
        let range = if by_text {
            "the index".to_string()
        } else {
            format!("the index range {lo}..{hi}")
        };
        return Err(Diagnostic::new(
            format!(
                "{range} has {} but the list has {}",
                crate::diagnostic::counted(length as u64, "position"),
                crate::diagnostic::counted(items.len() as u64, "item")
            ),
            first.span,
        ));
    }
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(indexed(l, item, rest, value)?);
    }
    Ok(Value::List(Arc::new(Array {
        base: lo,
        items: out,
        by_text,
    })))
}

/// A `--set` value must have the shape of the spec's own value (an
/// integer, a boolean, a text, or a collection of items of one shape, to
/// any depth: `[[1], [2, 3]]` is a list of lists of integers), else the
/// error points at the `--set` text instead of at the first expression
/// the value would break.
fn same_kind(l: &mut Lowerer, name: &str, given: &Value, default: &Expr, span: Span) -> R<()> {
    // The spec's value may not evaluate with the overrides before it: then
    // there is nothing to compare with.
    let Ok(spec_value) = l.eval(default) else {
        return Ok(());
    };
    let (Some(expected), Some(found)) = (ParamShape::of(&spec_value), ParamShape::of(given)) else {
        return Ok(());
    };
    if expected.fits(&found) {
        return Ok(());
    }
    // A range is a list of integers to the shapes, and "a range" to the user.
    let found = match given {
        Value::Range(..) => given.describe().to_string(),
        _ => found.name(false),
    };
    Err(Diagnostic::new(
        format!(
            "param `{name}` takes {}, found {found}",
            expected.name(false),
        ),
        span,
    )
    .with_help(match spec_value {
        Value::Int(i) => format!("the spec gives `{name}` the value {i}"),
        other => format!("the spec gives `{name}` {}", other.describe()),
    }))
}

/// The shape of a param's value, for checking `--set` values.
#[derive(Clone, PartialEq, Eq)]
enum ParamShape {
    Int,
    Bool,
    Text,
    /// A range, set or list; the shape of its items when they have one
    /// (not when it is empty or its items differ).
    Collection(Option<Box<ParamShape>>),
}

impl ParamShape {
    /// `None` for values over variables, which params do not hold.
    fn of(v: &Value) -> Option<ParamShape> {
        Some(match v {
            Value::Int(_) => ParamShape::Int,
            Value::Bool(_) => ParamShape::Bool,
            Value::Str(_) => ParamShape::Text,
            Value::Range(..) | Value::Set(_) => {
                ParamShape::Collection(Some(Box::new(ParamShape::Int)))
            }
            Value::List(a) => {
                let mut items = a.items.iter().map(ParamShape::of);
                let first = items.next().flatten();
                let common = items.try_fold(first, |acc, s| match (acc, s) {
                    (Some(a), Some(b)) => a.merge(b).map(Some),
                    _ => None,
                });
                ParamShape::Collection(common.flatten().map(Box::new))
            }
            Value::Lin(_) | Value::Lit(_) => return None,
        })
    }

    /// The shape of two items of one list: an empty list takes the shape
    /// of a full one (`[[], [1]]` is a list of lists of integers).
    fn merge(self, other: ParamShape) -> Option<ParamShape> {
        match (self, other) {
            (ParamShape::Collection(None), ParamShape::Collection(b)) => {
                Some(ParamShape::Collection(b))
            }
            (ParamShape::Collection(a), ParamShape::Collection(None)) => {
                Some(ParamShape::Collection(a))
            }
            (ParamShape::Collection(Some(a)), ParamShape::Collection(Some(b))) => a
                .merge(*b)
                .map(|s| ParamShape::Collection(Some(Box::new(s)))),
            (a, b) if a == b => Some(a),
            _ => None,
        }
    }

    /// Whether a value of shape `found` may stand where the spec has this
    /// shape; an unknown item shape (an empty list) fits any.
    fn fits(&self, found: &ParamShape) -> bool {
        match (self, found) {
            (ParamShape::Collection(Some(a)), ParamShape::Collection(Some(b))) => a.fits(b),
            (ParamShape::Collection(_), ParamShape::Collection(_)) => true,
            (a, b) => a == b,
        }
    }

    fn name(&self, plural: bool) -> String {
        let (one, many) = match self {
            ParamShape::Int => ("an integer", "integers"),
            ParamShape::Bool => ("a boolean", "booleans"),
            ParamShape::Text => ("a text", "texts"),
            ParamShape::Collection(None) => ("a range, set or list", "lists"),
            ParamShape::Collection(Some(item)) => {
                let items = item.name(true);
                return if plural {
                    format!("lists of {items}")
                } else {
                    format!("a list of {items}")
                };
            }
        };
        if plural { many } else { one }.to_string()
    }
}
