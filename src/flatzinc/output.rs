//! What a FlatZinc solver prints, as `minizinc` reads it back: each
//! output variable as `x = 5;`, each output array as `q = array1d(1..3,
//! [1, 2, 3]);` (`array2d(1..2, 1..3, ...)` and so on for the index sets
//! of its `output_array` annotation), `----------` after each solution and
//! a line saying how the search ended.

use super::ast::{Domain, ExprKind, FznModel};
use crate::source::Span;

/// One thing a solution prints: a variable or an array of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    pub name: String,
    /// The index sets of an array (`output_array([1..2, 1..3])`); empty
    /// for a variable.
    pub dims: Vec<(i64, i64)>,
    /// Its elements: a variable's own name or a value written in place.
    pub items: Vec<Item>,
    /// Booleans print `true`/`false`.
    pub boolean: bool,
}

/// An element of what is printed.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A variable, by name (a variable declared with no value of its own,
    /// or defined as another one).
    Var(String),
    Int(i64),
    Bool(bool),
}

/// How a search ended, as its last line says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every solution was printed, or the last is proven optimal.
    Complete,
    Unsatisfiable,
    /// Stopped (limit or signal) before any solution.
    Unknown,
    /// Stopped after a solution: nothing more is said.
    Stopped,
}

/// What the model prints: its variables annotated `output_var` and its
/// arrays annotated `output_array`, in the order declared.
pub fn printed(model: &FznModel) -> Result<Vec<Printed>, (String, Span)> {
    let mut out = Vec::new();
    for var in &model.vars {
        let boolean = var.domain == Domain::Bool;
        if let Some(array) = var.annotations.iter().find(|a| a.is("output_array")) {
            let dims = match array.args.first().map(|a| &a.kind) {
                Some(ExprKind::Array(ranges)) => ranges
                    .iter()
                    .map(|r| match r.kind {
                        ExprKind::Range(lo, hi) => Ok((lo, hi)),
                        _ => Err(("an index set `lo..hi`".to_string(), r.span)),
                    })
                    .collect::<Result<Vec<_>, _>>()?,
                _ => return Err(("a list of index sets".to_string(), array.span)),
            };
            let items = match var.value.as_ref().map(|v| &v.kind) {
                Some(ExprKind::Array(items)) => items
                    .iter()
                    .map(|i| {
                        item(&i.kind).ok_or_else(|| ("a variable or a value".to_string(), i.span))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
                _ => return Err(("the array's elements".to_string(), var.span)),
            };
            out.push(Printed {
                name: var.name.clone(),
                dims,
                items,
                boolean,
            });
        } else if var.annotations.iter().any(|a| a.is("output_var")) {
            let own = Item::Var(var.name.clone());
            let item = match var.value.as_ref().map(|v| &v.kind) {
                Some(ExprKind::Int(v)) => Item::Int(*v),
                Some(ExprKind::Bool(b)) => Item::Bool(*b),
                _ => own,
            };
            out.push(Printed {
                name: var.name.clone(),
                dims: Vec::new(),
                items: vec![item],
                boolean,
            });
        }
    }
    Ok(out)
}

fn item(kind: &ExprKind) -> Option<Item> {
    match kind {
        ExprKind::Name(n) => Some(Item::Var(n.clone())),
        ExprKind::Int(v) => Some(Item::Int(*v)),
        ExprKind::Bool(b) => Some(Item::Bool(*b)),
        _ => None,
    }
}

/// One solution's lines, `----------` last; `value` gives a variable's
/// value by name (booleans as 0 and 1).
pub fn solution(printed: &[Printed], value: impl Fn(&str) -> i64) -> String {
    let mut text = String::new();
    for p in printed {
        let shown: Vec<String> = p
            .items
            .iter()
            .map(|item| {
                let v = match item {
                    Item::Var(name) => value(name),
                    Item::Int(v) => *v,
                    Item::Bool(b) => i64::from(*b),
                };
                if p.boolean {
                    (v != 0).to_string()
                } else {
                    v.to_string()
                }
            })
            .collect();
        if p.dims.is_empty() {
            text.push_str(&format!("{} = {};\n", p.name, shown.join(", ")));
        } else {
            let dims: Vec<String> = p
                .dims
                .iter()
                .map(|(lo, hi)| format!("{lo}..{hi}"))
                .collect();
            text.push_str(&format!(
                "{} = array{}d({}, [{}]);\n",
                p.name,
                p.dims.len(),
                dims.join(", "),
                shown.join(", ")
            ));
        }
    }
    text.push_str("----------\n");
    text
}

/// The line that ends the output, if any.
pub fn ending(ending: Ending) -> Option<&'static str> {
    match ending {
        Ending::Complete => Some("=========="),
        Ending::Unsatisfiable => Some("=====UNSATISFIABLE====="),
        Ending::Unknown => Some("=====UNKNOWN====="),
        Ending::Stopped => None,
    }
}
