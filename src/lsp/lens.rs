//! What the solver says over the spec: a code lens on its first line
//! ("1 solution · unique", "2+ solutions", "no solution — explain", or
//! that the search is under way or stopped) with "count" and
//! "candidates" beside it, and an inlay hint after each
//! variable's name with its domain after propagation at the root. Both
//! come from the worker's last job for the document's current version.

use super::analysis::Analysis;
use super::commands::{CANDIDATES, COUNT};
use super::symbols::Kind;
use super::worker::{Domains, SOLVE_DEADLINE, Verdict};
use lsp_types::{CodeLens, Command, InlayHint, InlayHintKind, InlayHintLabel, Range, Uri};

/// The command that shows why a spec has no solution.
pub(super) const EXPLAIN: &str = "solve.explain";

/// The lens over the spec, from the worker's verdict (`None`: not yet).
pub(super) fn lens(a: &Analysis, uri: &Uri, verdict: Option<&Verdict>) -> Vec<CodeLens> {
    let top = Range::default();
    let (title, command) = match (&a.lowered, verdict) {
        (None, _) if a.spec.is_none() || !a.diagnostics.is_empty() => {
            if a.diagnostics
                .iter()
                .any(|d| d.severity == Some(lsp_types::DiagnosticSeverity::ERROR))
            {
                ("fix the errors to solve".to_string(), None)
            } else {
                ("not solved: lowering took too long".to_string(), None)
            }
        }
        (None, _) => ("not solved: lowering took too long".to_string(), None),
        (Some(_), None) => ("solving…".to_string(), None),
        (Some(_), Some(Verdict::Unique)) => ("1 solution · unique".to_string(), None),
        (Some(_), Some(Verdict::Several)) => ("2+ solutions".to_string(), None),
        (Some(_), Some(Verdict::None)) => (
            "no solution — explain".to_string(),
            Some(serde_json::json!(uri.as_str())),
        ),
        (Some(_), Some(Verdict::Stopped(n))) => (
            format!(
                "{}stopped after {} s",
                match n {
                    0 => String::new(),
                    n => format!("{n} solution so far · "),
                },
                SOLVE_DEADLINE.as_secs()
            ),
            None,
        ),
    };
    let mut lenses = vec![CodeLens {
        range: top,
        command: Some(Command {
            title,
            command: if command.is_some() { EXPLAIN } else { "" }.to_string(),
            arguments: command.map(|c| vec![c]),
        }),
        data: None,
    }];
    if a.lowered.is_some() {
        for (title, name) in [("count", COUNT), ("candidates", CANDIDATES)] {
            lenses.push(CodeLens {
                range: top,
                command: Some(Command {
                    title: title.to_string(),
                    command: name.to_string(),
                    arguments: Some(vec![serde_json::json!(uri.as_str())]),
                }),
                data: None,
            });
        }
    }
    lenses
}

/// A hint after each variable's name: its domain after root propagation.
pub(super) fn hints(a: &Analysis, domains: Option<&Domains>) -> Vec<InlayHint> {
    let Some(domains) = domains else {
        return Vec::new();
    };
    a.symbols
        .defs
        .iter()
        .filter(|d| d.kind == Kind::Var)
        .filter_map(|d| {
            let domain = domains.get(&d.name)?;
            Some(InlayHint {
                position: a.index.position(&a.text, d.span.end),
                label: InlayHintLabel::String(format!(": {domain}")),
                kind: Some(InlayHintKind::TYPE),
                text_edits: None,
                tooltip: None,
                padding_left: Some(false),
                padding_right: Some(true),
                data: None,
            })
        })
        .collect()
}
