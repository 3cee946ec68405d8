//! Texts and lists as a puzzle's picture: `chars(t)` (a text's
//! characters, so that a region map or a clue grid is pasted as the
//! source draws it: `[chars(row) for row in picture]`), `words(t)` (a
//! text's words, for a picture whose cells are separated by spaces),
//! `int(t)` (a digit text's number), `require(cond, 'message')` (a
//! picture's rule checked, the spec's own words when it is broken), and the indices of a list whatever its origin:
//! `index_set(xs)` (its index range: a comprehension's `0..n-1`, a row of
//! an array declared `1..n` `1..n`), `reverse(xs)`, `row(m, i)` and
//! `col(m, j)` (a column of a list of lists, indexed as its rows are).
//! All take constant lists or lists of variables alike; each keeps the
//! indices a reader expects.

use super::Lowerer;
use super::value::{Array, R, Value, type_error};
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::spec::ast::Expr;
use crate::spec::builtins::Builtin;
use std::sync::Arc;

impl Lowerer {
    /// `require(cond, message)` (`cond` already evaluated): true, or the
    /// message as an error at the call; with a third argument, its value
    /// after the message.
    fn require(&mut self, cond: &Value, args: &[Expr], span: Span) -> R<Value> {
        let holds = match cond {
            Value::Bool(b) => *b,
            Value::Lit(_) => {
                return Err(Diagnostic::new(
                    "`require` needs a condition on params: this one is over variables",
                    args[0].span,
                )
                .with_help(
                    "a condition over variables is a constraint: write it in [constraints]",
                ));
            }
            other => return Err(type_error("a boolean", other, args[0].span)),
        };
        if holds {
            return Ok(Value::Bool(true));
        }
        let Value::Str(message) = self.eval(&args[1])? else {
            return Err(Diagnostic::new(
                "`require`'s message must be a text: `require(cond, 'each number twice')`",
                args[1].span,
            ));
        };
        let shown = match args.get(2) {
            Some(e) => {
                let v = self.eval(e)?;
                format!(
                    ": {}",
                    self.label_value(&v)
                        .unwrap_or_else(|| v.describe().to_string())
                )
            }
            None => String::new(),
        };
        Err(Diagnostic::new(format!("{message}{shown}"), span))
    }

    /// One of this file's builtins (see the module doc).
    pub(super) fn list_builtin(&mut self, builtin: Builtin, args: &[Expr], span: Span) -> R<Value> {
        let first = self.eval(&args[0])?;
        match builtin {
            Builtin::Chars => {
                if let (Value::Str(text), Some((last, split))) = (&first, &self.last_chars)
                    && text == last
                {
                    return Ok(split.clone());
                }
                let split = chars(&first, args[0].span)?;
                if let Value::Str(text) = first {
                    self.last_chars = Some((text, split.clone()));
                }
                Ok(split)
            }
            Builtin::Words => words(&first, args[0].span),
            Builtin::Require => self.require(&first, args, span),
            Builtin::Int => int(&first, args[0].span),
            Builtin::IndexSet => {
                let list = as_list(&first, args[0].span)?;
                if list.by_text {
                    return Err(Diagnostic::new(
                        "`index_set` of a list indexed by texts: its indices are texts, not a range",
                        args[0].span,
                    )
                    .with_help("loop over the texts of its index (`for c in colours`), or over its items"));
                }
                Ok(index_range(list))
            }
            Builtin::Reverse => {
                let list = as_list(&first, args[0].span)?;
                let items = list.items.iter().rev().cloned().collect();
                Ok(Value::List(Arc::new(Array {
                    base: list.base,
                    items,
                    by_text: list.by_text,
                })))
            }
            Builtin::Row | Builtin::Col => {
                let matrix = as_list(&first, args[0].span)?;
                let at = match self.eval(&args[1])? {
                    Value::Int(at) => at,
                    // A list indexed by texts: `row(cost, 'green')`.
                    Value::Str(text) => self.text_code(&text, args[1].span)?,
                    other => return Err(type_error("an index", &other, args[1].span)),
                };
                if builtin == Builtin::Row {
                    return item(matrix, at, args[1].span, "row").cloned();
                }
                let mut items = Vec::with_capacity(matrix.items.len());
                for row in &matrix.items {
                    let row = as_list(row, args[0].span)?;
                    items.push(item(row, at, args[1].span, "column")?.clone());
                }
                Ok(Value::List(Arc::new(Array {
                    base: matrix.base,
                    items,
                    by_text: matrix.by_text,
                })))
            }
            other => unreachable!("{other:?} is not a list builtin ({span:?})"),
        }
    }
}

/// `words(t)`: the words of a text (split at spaces), each a text,
/// indexed from 0.
fn words(value: &Value, span: Span) -> R<Value> {
    let Value::Str(text) = value else {
        return Err(type_error("a text (`words(\"10 . 3\")`)", value, span));
    };
    let items = text
        .split_whitespace()
        .map(|w| Value::Str(w.into()))
        .collect();
    Ok(Value::list(items))
}

/// `chars(t)`: the characters of a text, each a text, indexed from 0.
fn chars(value: &Value, span: Span) -> R<Value> {
    let Value::Str(text) = value else {
        return Err(type_error("a text (`chars(\"AAB\")`)", value, span));
    };
    let items = text
        .chars()
        .map(|c| Value::Str(c.to_string().into()))
        .collect();
    Ok(Value::list(items))
}

/// `int(t)`: the number a text of digits writes (`int('3')` is 3), an
/// integer as it is.
fn int(value: &Value, span: Span) -> R<Value> {
    match value {
        Value::Int(i) => Ok(Value::Int(*i)),
        Value::Str(text) => text.trim().parse::<i64>().map(Value::Int).map_err(|_| {
            Diagnostic::new(format!("`int` of '{text}', which writes no integer"), span).with_help(
                "`int` reads a text of digits, with a sign if any (`int('3')`, `int(\"-12\")`); a symbol that stands for no number needs a test first: `if c != '.' then int(c) else 0`",
            )
        }),
        other => Err(type_error("a text of digits or an integer", other, span)),
    }
}

fn as_list(value: &Value, span: Span) -> R<&Arc<Array>> {
    match value {
        Value::List(list) => Ok(list),
        other => Err(type_error("a list", other, span)),
    }
}

/// A list's index range, `base..base+len-1` (`0..-1` for an empty list).
fn index_range(list: &Array) -> Value {
    match list.items.len() {
        0 => Value::Range(0, -1),
        n => Value::Range(list.base, list.base + (n as i64 - 1)),
    }
}

/// Item `at` of `list`, by the list's own indices.
fn item<'a>(list: &'a Array, at: i64, span: Span, what: &str) -> R<&'a Value> {
    let k = at
        .checked_sub(list.base)
        .and_then(|k| usize::try_from(k).ok());
    k.and_then(|k| list.items.get(k)).ok_or_else(|| {
        let Value::Range(first, last) = index_range(list) else {
            unreachable!("a range")
        };
        Diagnostic::new(
            format!("no {what} {at}: the indices are {first}..{last}"),
            span,
        )
        .with_help("`index_set(xs)` gives a list's indices, whether it starts at 0 or 1")
    })
}
