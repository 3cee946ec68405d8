//! Lowering pass helper: an `index` declaration (`"1..n"`, or a list of
//! texts) read as the range of positions of an array, shared by params
//! and variables.

use super::Lowerer;
use super::value::{R, Value};
use crate::diagnostic::Diagnostic;
use crate::spec::ast::Expr;

/// One dimension of an array: `lo..hi`, or the numbers of the texts it is
/// indexed by.
#[derive(Clone, Copy)]
pub(super) struct IndexRange {
    pub lo: i64,
    pub hi: i64,
    pub by_text: bool,
}

/// `index = "1..n"`, or a list of texts (`index = "colours"`): an array
/// indexed by texts takes `a["red"]`, and its positions are the texts'
/// numbers, so the texts must be listed in the order they were first
/// numbered, without a gap (the whole list, or a run of it).
pub(super) fn index_range(l: &mut Lowerer, index: &Expr) -> R<IndexRange> {
    let texts = match l.eval(index)? {
        Value::Range(lo, hi) => {
            return Ok(IndexRange {
                lo,
                hi,
                by_text: false,
            });
        }
        Value::List(a)
            if !a.items.is_empty() && a.items.iter().all(|i| matches!(i, Value::Str(_))) =>
        {
            a
        }
        other => {
            return Err(super::value::type_error(
                "an index range `lo..hi` or a list of texts",
                &other,
                index.span,
            ));
        }
    };
    let mut codes = Vec::with_capacity(texts.items.len());
    for item in &texts.items {
        let Value::Str(t) = item else { unreachable!() };
        codes.push(l.model.texts.intern(t));
    }
    if codes.windows(2).any(|w| w[1] != w[0] + 1) {
        let order: Vec<String> = (codes.iter().min().copied().unwrap_or(1)
            ..=*codes.iter().max().unwrap_or(&1))
            .filter_map(|c| l.model.texts.text(c).map(|t| format!("\"{t}\"")))
            .collect();
        return Err(Diagnostic::new(
            "an index of texts must list them in the order the spec first listed them, without a gap",
            index.span,
        )
        .with_help(format!("texts are numbered where they first appear; here the order is {}", order.join(", "))));
    }
    Ok(IndexRange {
        lo: codes[0],
        hi: codes[codes.len() - 1],
        by_text: true,
    })
}
