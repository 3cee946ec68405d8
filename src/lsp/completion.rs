//! Completion: in an expression, the names in scope (params, variables,
//! functions, and the parameters and generator variables of the
//! expression being written), the builtins and the keywords. Where a
//! setting is written, what its key takes, and nothing else: in
//! `[search]` the variable orders for `var`, the value orders for
//! `value`, the restart policies for `restart`, the consistency levels
//! (and the constraints' names, for `NAME=LEVEL`) for `consistency`, the
//! variables and params for `order` and a phase's `vars`, the keys where
//! a key is written; a constraint's `consistency` its levels; an
//! `[experiments]` item (`var=...`) as in `[search]`.

use super::analysis::Analysis;
use super::place::{Place, place_at, section_at};
use super::symbols::Kind;
use lsp_types::{CompletionItem, CompletionItemKind};
use solve::model::plan::{CONSISTENCIES, RESTARTS, VALUE_ORDERS, VAR_ORDERS};
use solve::spec::builtins;
use solve::spec::setting::{KEYS, RESERVED, table_keys};

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "for", "in", "and", "or", "not", "true", "false",
];

/// The items offered at byte `offset`.
pub(super) fn complete(a: &Analysis, offset: usize) -> Vec<CompletionItem> {
    let in_expression = a
        .symbols
        .roots
        .iter()
        .any(|s| s.start <= offset && offset <= s.end);
    if !in_expression
        && let Some(items) = setting(a, section_at(&a.text, offset), place_at(&a.text, offset))
    {
        return items;
    }
    names(a, offset)
}

/// What a setting's key takes, or the keys, where one is written; `None`
/// elsewhere (an expression: the names).
fn setting(a: &Analysis, section: Option<&str>, place: Place<'_>) -> Option<Vec<CompletionItem>> {
    let key = |name: &str, about: &str| item(name, CompletionItemKind::PROPERTY, about);
    match (section, place) {
        (_, Place::Other) => Some(Vec::new()),
        (Some("search"), Place::Key { within: None }) => Some(
            table_keys()
                .into_iter()
                .map(|name| {
                    let about = (KEYS.iter())
                        .find(|k| k.name == name || name == "phases" && k.name == "phase")
                        .map_or("", |k| k.about);
                    key(name, about)
                })
                .chain([key("threads", "threads to search with")])
                .collect(),
        ),
        (Some("search"), Place::Key { within: Some(_) }) => Some(vec![
            key("vars", "the phase's variables"),
            key("var", "the phase's variable order"),
            key("value", "the phase's value order"),
        ]),
        (Some("search"), Place::Value { key, string }) => values(a, key, string, true),
        (Some("constraints" | "symmetry"), Place::Value { key, string })
            if key == "consistency" =>
        {
            values(a, key, string, false)
        }
        (
            Some("experiments"),
            Place::Value {
                string: Some(s), ..
            },
        ) => {
            // The item being written: `var=fir` or `consistency=c=dom`.
            let item_text = if s.ends_with(char::is_whitespace) {
                ""
            } else {
                s.split_whitespace().next_back().unwrap_or("")
            };
            match item_text.split_once('=') {
                Some((key, value)) => values(a, key, Some(value), true),
                None => Some(
                    (RESERVED.iter())
                        .map(|r| item(r, CompletionItemKind::KEYWORD, "configuration item"))
                        .chain(KEYS.iter().map(|k| {
                            let mut i = key(&format!("{}=", k.name), k.about);
                            i.detail = Some(format!("{}={}: {}", k.name, k.form, k.about));
                            i
                        }))
                        .collect(),
                ),
            }
        }
        _ => None,
    }
}

/// What the setting `key` takes; `string` is the part of its string
/// before the cursor (`None`: no string opened yet, the items are
/// quoted); `named`: a consistency may name its constraint (`NAME=LEVEL`).
fn values(
    a: &Analysis,
    key: &str,
    string: Option<&str>,
    named: bool,
) -> Option<Vec<CompletionItem>> {
    let choice = |table: Vec<&str>, what: &str| -> Vec<CompletionItem> {
        table
            .into_iter()
            .map(|name| {
                let mut i = item(name, CompletionItemKind::ENUM_MEMBER, what);
                if string.is_none() {
                    i.insert_text = Some(format!("\"{name}\""));
                }
                i
            })
            .collect()
    };
    Some(match key {
        "var" => choice(VAR_ORDERS.iter().map(|t| t.0).collect(), "variable order"),
        "value" => choice(VALUE_ORDERS.iter().map(|t| t.0).collect(), "value order"),
        "restart" => choice(RESTARTS.iter().map(|t| t.0).collect(), "restart policy"),
        "consistency" => {
            let mut items = choice(
                CONSISTENCIES.iter().map(|t| t.0).collect(),
                "consistency level",
            );
            // `NAME=LEVEL,...`: a constraint's name where a level may be.
            let part = string.unwrap_or("").rsplit(',').next().unwrap_or("");
            if named && !part.contains('=') {
                let spec = a.spec.iter().flat_map(|s| &s.constraints);
                items.extend(spec.filter(|c| !c.symmetry).map(|c| {
                    let mut i = item(
                        &c.name.text,
                        CompletionItemKind::REFERENCE,
                        "constraint: NAME=LEVEL",
                    );
                    i.insert_text = Some(format!("{}=", c.name.text));
                    i
                }));
            }
            items
        }
        "order" | "vars" => (a.symbols.defs.iter())
            .filter(|d| matches!(d.kind, Kind::Var | Kind::Param))
            .map(|d| {
                let (kind, what) = if d.kind == Kind::Var {
                    (CompletionItemKind::VARIABLE, "variable")
                } else {
                    (CompletionItemKind::CONSTANT, "param")
                };
                item(&d.name, kind, what)
            })
            .collect(),
        "seed" | "restart_scale" | "threads" => Vec::new(),
        _ => return None,
    })
}

/// The names in scope at `offset`, the builtins and the keywords.
fn names(a: &Analysis, offset: usize) -> Vec<CompletionItem> {
    let mut items: Vec<CompletionItem> = Vec::new();
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
        if !visible || items.iter().any(|i| i.label == d.name) {
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
