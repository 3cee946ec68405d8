//! Values during lowering: constants (integers, booleans, strings, ranges,
//! sets, lists) and expressions over model variables (linear integer
//! expressions and boolean literals).

use crate::diagnostic::Diagnostic;
use crate::model::{Lit, VarId};
use crate::source::Span;
use crate::spec::ast::BinaryOp;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Str(Arc<str>),
    /// `lo..hi`, inclusive (empty when `hi < lo`).
    Range(i64, i64),
    /// Sorted, without duplicates.
    Set(Arc<Vec<i64>>),
    List(Arc<Array>),
    /// An integer expression over variables.
    Lin(Arc<LinExpr>),
    /// A boolean expression over variables.
    Lit(Lit),
}

/// A list; `base` is the index of its first item.
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    pub base: i64,
    pub items: Vec<Value>,
    /// Indexed by texts (`index = "colours"`): `a["red"]`, and the
    /// indices are the texts' numbers (see [`crate::model::texts`]).
    pub by_text: bool,
}

impl Array {
    pub fn new(items: Vec<Value>) -> Array {
        Array::from(0, items)
    }

    /// A list indexed by numbers from `base`.
    pub fn from(base: i64, items: Vec<Value>) -> Array {
        Array {
            base,
            items,
            by_text: false,
        }
    }
}

/// `sum(coef * var) + constant`, with each variable at most once.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LinExpr {
    pub terms: Vec<(i64, VarId)>,
    pub constant: i64,
}

/// A boolean known now, or a literal decided by the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoolVal {
    Const(bool),
    Lit(Lit),
}

pub(crate) type R<T> = Result<T, Diagnostic>;

/// `a op b` on integers, as lowering folds constants (division rounds
/// toward zero, `%` takes the sign of `a`, `^` wants `b >= 0`); `None`
/// where that is an error: an overflow, a division by zero.
pub(crate) fn fold_arithmetic(op: BinaryOp, a: i64, b: i64) -> Option<i64> {
    match op {
        BinaryOp::Add => a.checked_add(b),
        // As `a + (-1) * b`: `-i64::MIN` overflows even where `a - b` would not.
        BinaryOp::Sub => b.checked_neg().and_then(|nb| a.checked_add(nb)),
        BinaryOp::Mul => a.checked_mul(b),
        // i64::MIN % -1 is 0; only i64::MIN / -1 overflows.
        BinaryOp::Div if b != 0 => a.checked_div(b),
        BinaryOp::Rem if b != 0 => Some(a.wrapping_rem(b)),
        BinaryOp::Pow => u32::try_from(b).ok().and_then(|k| a.checked_pow(k)),
        _ => None,
    }
}

pub(crate) fn overflow(span: Span) -> Diagnostic {
    Diagnostic::new(
        "arithmetic overflow: the result does not fit in 64 bits",
        span,
    )
}

/// A value too large for the solver's variables (see `MAX_SUM`).
pub(crate) fn out_of_range(value: i64, span: Span) -> Diagnostic {
    Diagnostic::new(
        format!("value out of range: {value} is beyond the solver's limit of +-2^62 for what a constraint over variables can take"),
        span,
    )
    .with_help("constants alone may use all 64 bits; keep values that meet variables within +-4611686018427387903")
}

impl Value {
    /// The variable a declared scalar stands for (`x`, not `x + 1` nor
    /// `2 * x`; a boolean as its literal): `None` for anything else.
    pub fn as_variable(&self) -> Option<VarId> {
        match self {
            Value::Lin(e) if e.constant == 0 => match e.terms[..] {
                [(1, x)] => Some(x),
                _ => None,
            },
            Value::Lit(l) if l.positive => Some(l.var),
            _ => None,
        }
    }

    pub fn describe(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer",
            Value::Bool(_) => "a boolean",
            Value::Str(_) => "a text",
            Value::Range(..) => "a range",
            Value::Set(_) => "a set",
            Value::List(_) => "a list",
            Value::Lin(_) => "an integer expression over variables",
            Value::Lit(_) => "a boolean expression over variables",
        }
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Arc::new(Array::new(items)))
    }
}

pub(crate) fn type_error(expected: &str, found: &Value, span: Span) -> Diagnostic {
    Diagnostic::new(
        format!("expected {expected}, found {}", found.describe()),
        span,
    )
}

impl LinExpr {
    pub fn constant(c: i64) -> LinExpr {
        LinExpr {
            terms: Vec::new(),
            constant: c,
        }
    }

    pub fn var(x: VarId) -> LinExpr {
        LinExpr {
            terms: vec![(1, x)],
            constant: 0,
        }
    }

    /// `self + k * other`.
    pub fn add_scaled(&self, k: i64, other: &LinExpr, span: Span) -> R<LinExpr> {
        LinExpr::sum([(1, self), (k, other)], span)
    }

    /// `sum(k_i * e_i)`, with the terms sorted by variable and merged: one
    /// sort for the whole sum, not a search per term.
    pub fn sum<'a>(parts: impl IntoIterator<Item = (i64, &'a LinExpr)>, span: Span) -> R<LinExpr> {
        let mut terms = Vec::new();
        let mut constant: i64 = 0;
        for (k, e) in parts {
            for &(a, x) in &e.terms {
                terms.push((a.checked_mul(k).ok_or_else(|| overflow(span))?, x));
            }
            constant = e
                .constant
                .checked_mul(k)
                .and_then(|c| c.checked_add(constant))
                .ok_or_else(|| overflow(span))?;
        }
        terms.sort_by_key(|&(_, x)| x);
        let mut merged: Vec<(i64, VarId)> = Vec::with_capacity(terms.len());
        for (a, x) in terms {
            match merged.last_mut() {
                Some(last) if last.1 == x => {
                    last.0 = last.0.checked_add(a).ok_or_else(|| overflow(span))?;
                }
                _ => merged.push((a, x)),
            }
        }
        merged.retain(|&(a, _)| a != 0);
        Ok(LinExpr {
            terms: merged,
            constant,
        })
    }

    pub fn scale(&self, k: i64, span: Span) -> R<LinExpr> {
        LinExpr::default().add_scaled(k, self, span)
    }

    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }
}
