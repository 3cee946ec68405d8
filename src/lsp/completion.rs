//! Completion: in an expression, the names in scope (params, variables,
//! functions, and the parameters and generator variables of the
//! expression being written), the builtins and the keywords; in
//! `[search]`, the strategies' and consistency levels' names.

use super::analysis::Analysis;
use super::symbols::Kind;
use crate::model::plan::{CONSISTENCIES, RESTARTS, VALUE_ORDERS, VAR_ORDERS};
use crate::spec::builtins;
use lsp_types::{CompletionItem, CompletionItemKind};

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "for", "in", "and", "or", "not", "true", "false",
];

/// The items offered at byte `offset`.
pub(super) fn complete(a: &Analysis, offset: usize) -> Vec<CompletionItem> {
    let mut items = Vec::new();
    if section_at(&a.text, offset) == Some("search") {
        let tables: [(&str, Vec<&str>); 4] = [
            ("variable order", VAR_ORDERS.iter().map(|t| t.0).collect()),
            ("value order", VALUE_ORDERS.iter().map(|t| t.0).collect()),
            ("consistency", CONSISTENCIES.iter().map(|t| t.0).collect()),
            ("restarts", RESTARTS.iter().map(|t| t.0).collect()),
        ];
        for (what, names) in tables {
            for name in names {
                items.push(item(name, CompletionItemKind::ENUM_MEMBER, what));
            }
        }
    }
    // The expression around the cursor: its locals.
    let root = a
        .symbols
        .roots
        .iter()
        .find(|s| s.start <= offset && offset <= s.end);
    for d in &a.symbols.defs {
        let local = matches!(d.kind, Kind::Parameter | Kind::Generator);
        let visible = !local
            || root.is_some_and(|r| r.start <= d.span.start && d.span.end <= r.end)
            || d.kind == Kind::Parameter && function_around(a, offset, d.owner.as_deref());
        if !visible || items.iter().any(|i: &CompletionItem| i.label == d.name) {
            continue;
        }
        let (kind, what) = match d.kind {
            Kind::Param => (CompletionItemKind::CONSTANT, "param"),
            Kind::Var => (CompletionItemKind::VARIABLE, "variable"),
            Kind::Function => (CompletionItemKind::FUNCTION, "function"),
            Kind::Parameter => (CompletionItemKind::VARIABLE, "parameter"),
            Kind::Generator => (CompletionItemKind::VARIABLE, "generator variable"),
        };
        items.push(item(&d.name, kind, what));
    }
    for b in builtins::BUILTINS {
        items.push(item(b.name, CompletionItemKind::FUNCTION, b.meaning));
    }
    for k in KEYWORDS {
        items.push(item(k, CompletionItemKind::KEYWORD, "keyword"));
    }
    items
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..Default::default()
    }
}

/// Whether `offset` is in the body of function `owner`.
fn function_around(a: &Analysis, offset: usize, owner: Option<&str>) -> bool {
    let Some(spec) = &a.spec else { return false };
    spec.functions.iter().any(|f| {
        Some(f.name.text.as_str()) == owner
            && f.name.span.start <= offset
            && offset <= f.body.span.end
    })
}

/// The TOML section the line at `offset` is in (`[search]` -> `search`).
fn section_at(text: &str, offset: usize) -> Option<&str> {
    let before = text.get(..offset.min(text.len()))?;
    before
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && !l.starts_with("[["))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim())
}
