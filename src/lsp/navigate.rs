//! Go to definition, references and rename over the resolved names, and
//! "explain" for a spec with no solution: the smallest set of its named
//! constraints that has none, marked in the editor.

use super::Doc;
use lsp_types::{DiagnosticSeverity, Location, Range, TextEdit};
use serde_json::{Value, json};
use solve::explain::{Explanation, explain as why};
use solve::spec::builtins;
use solve::stop::Stop;
use std::time::{Duration, Instant};

/// How long "explain" may search for the conflict.
const EXPLAIN_DEADLINE: Duration = Duration::from_secs(5);

fn range(doc: &Doc, span: solve::source::Span) -> Range {
    doc.analysis
        .index
        .range(&doc.analysis.text, span.start, span.end)
}

/// A name's span without the quotes around it (an alias in `names = ["A",
/// "B"]` is spanned with its quotes: a rename keeps them).
fn unquoted(doc: &Doc, span: solve::source::Span) -> solve::source::Span {
    let text = doc.analysis.text.get(span.start..span.end).unwrap_or("");
    let quoted = text.len() >= 2
        && (text.starts_with('"') && text.ends_with('"')
            || text.starts_with('\'') && text.ends_with('\''));
    if quoted {
        solve::source::Span {
            start: span.start + 1,
            end: span.end - 1,
            ..span
        }
    } else {
        span
    }
}

pub(super) fn definition(doc: &Doc, offset: usize) -> Value {
    let s = &doc.analysis.symbols;
    match s.def_at(offset) {
        Some(d) => json!(Location::new(doc.uri.clone(), range(doc, s.defs[d].span))),
        None => Value::Null,
    }
}

pub(super) fn references(doc: &Doc, offset: usize, declaration: bool) -> Value {
    let s = &doc.analysis.symbols;
    let Some(d) = s.def_at(offset) else {
        return Value::Null;
    };
    let spans = s.occurrences(d).into_iter().skip(usize::from(!declaration));
    let locations: Vec<Location> = spans
        .map(|span| Location::new(doc.uri.clone(), range(doc, span)))
        .collect();
    json!(locations)
}

pub(super) fn prepare_rename(doc: &Doc, offset: usize) -> Value {
    let s = &doc.analysis.symbols;
    let Some(d) = s.def_at(offset) else {
        return Value::Null;
    };
    let here = s
        .occurrences(d)
        .into_iter()
        .find(|sp| sp.start <= offset && offset <= sp.end)
        .unwrap_or(s.defs[d].span);
    json!({"range": range(doc, unquoted(doc, here)), "placeholder": s.defs[d].name})
}

/// Every occurrence of the name at `offset` renamed, or why not.
pub(super) fn rename(doc: &Doc, offset: usize, new_name: &str) -> Result<Value, String> {
    let s = &doc.analysis.symbols;
    let d = s
        .def_at(offset)
        .ok_or("no name of the spec here to rename")?;
    if !solve::spec::names::is_identifier(new_name) {
        return Err(format!(
            "`{new_name}` is not a name: a letter or `_` followed by letters, digits and `_`, not a keyword"
        ));
    }
    if builtins::lookup(new_name).is_some() {
        return Err(format!("`{new_name}` is a builtin function"));
    }
    // Any name of the spec, global or local: a new name equal to one
    // could capture it, or be captured (`(k) => k + n` renamed `n` to `k`).
    if s.defs.iter().any(|o| o.name == new_name) {
        return Err(format!("`{new_name}` is already a name of the spec"));
    }
    let occurrences = s.occurrences(d);
    let old = &s.defs[d].name;
    // A name also written where the names are not followed (an order in
    // [search], [moves], [game], a `say` template) would be left behind.
    if super::analysis::words(&doc.analysis.text, old) > occurrences.len() {
        return Err(format!(
            "`{old}` is also written where rename does not follow it ([search] orders, [moves], [game], `say` templates): rename it by hand"
        ));
    }
    let edits: Vec<TextEdit> = occurrences
        .into_iter()
        .map(|span| TextEdit::new(range(doc, unquoted(doc, span)), new_name.to_string()))
        .collect();
    // The edit as JSON: lsp-types keys its map by `Uri`, which clippy
    // rightly calls a mutable key.
    Ok(json!({"changes": {doc.uri.as_str(): edits}}))
}

/// Why the spec has no solution: its conflicting constraints as
/// diagnostics (information, each at its `name = "..."`), and the
/// command's answer.
pub(super) fn explain(doc: &Doc) -> (Value, Vec<lsp_types::Diagnostic>) {
    let Some((lowered, sources)) = &doc.analysis.lowered else {
        return (
            json!({"explained": false, "why": "the spec has errors, or took too long to lower"}),
            Vec::new(),
        );
    };
    let stop = Stop::at(Instant::now().checked_add(EXPLAIN_DEADLINE));
    let declared = doc
        .analysis
        .spec
        .as_ref()
        .map(|s| s.constraints.clone())
        .unwrap_or_default();
    match why(lowered.clone(), sources.clone(), &stop) {
        Err(_) => (
            json!({"explained": false, "why": "stopped after 5 s"}),
            Vec::new(),
        ),
        Ok(Explanation::Satisfiable) => (
            json!({"explained": false, "why": "the spec has a solution"}),
            Vec::new(),
        ),
        Ok(Explanation::Conflict(found)) => {
            let (names, unproven) = (found.names, found.unproven);
            let marks = names
                .iter()
                .map(|name| {
                    // `no_attack[i=2, j=5]` is an item of `no_attack`.
                    let base = name.split('[').next().unwrap_or(name);
                    let at = declared.iter().find(|c| c.name.text == base).map_or(
                        Range::default(),
                        |c| {
                            doc.analysis.index.range(
                                &doc.analysis.text,
                                c.name.span.start,
                                c.expr.span.end,
                            )
                        },
                    );
                    lsp_types::Diagnostic {
                        range: at,
                        severity: Some(DiagnosticSeverity::INFORMATION),
                        source: Some("solve explain".to_string()),
                        message: if unproven.contains(name) {
                            format!(
                                "`{name}` is in the conflict: these constraints have no solution together (whether `{name}` is needed was not settled within the checks' budget)"
                            )
                        } else {
                            format!(
                                "`{name}` is in the conflict: these constraints have no solution together, and without `{name}` the others have one"
                            )
                        },
                        ..Default::default()
                    }
                })
                .collect();
            (json!({"explained": true, "conflict": names}), marks)
        }
    }
}
