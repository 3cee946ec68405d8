//! What the solver says over the spec: a code lens on its first line
//! ("1 solution · unique", "2+ solutions", "no solution — explain", or
//! that the search is under way or stopped) with "count" and
//! "candidates" beside it, and an inlay hint after each
//! variable's name with its domain after propagation at the root. Both
//! come from the worker's last job for the document's current version.
//!
//! Every lens runs a command the server advertises (an editor runs a
//! lens when it is clicked, and some, Neovim's, ask for one without a
//! command to be resolved): a verdict's lens shows the first solution, or
//! explains why there is none; a lens with nothing to run says at more
//! length what it means (`solve.status`).

use super::analysis::Analysis;
use super::commands::{CANDIDATES, COUNT, EXPLAIN, SOLUTION, STATUS};
use super::symbols::Kind;
use super::worker::{Domains, SOLVE_DEADLINE, Verdict};
use lsp_types::{CodeLens, Command, InlayHint, InlayHintKind, InlayHintLabel, Range, Uri};
use solve::stop::Answer;

/// The lenses over the spec, from the worker's verdict (`None`: not yet).
pub(super) fn lens(a: &Analysis, uri: &Uri, verdict: Option<&Verdict>) -> Vec<CodeLens> {
    let errors = a
        .diagnostics
        .iter()
        .any(|d| d.severity == Some(lsp_types::DiagnosticSeverity::ERROR));
    let (title, command) = match (&a.lowered, verdict) {
        (None, _) if errors => ("fix the errors to solve".to_string(), STATUS),
        (None, _) => ("not solved: lowering took too long".to_string(), STATUS),
        (Some(_), None) => ("solving…".to_string(), STATUS),
        (Some(_), Some(Answer::Complete(1))) => ("1 solution · unique".to_string(), SOLUTION),
        (Some(_), Some(Answer::Complete(0))) => ("no solution — explain".to_string(), EXPLAIN),
        (Some(_), Some(Answer::Complete(_))) => ("2+ solutions".to_string(), SOLUTION),
        (Some(_), Some(Answer::Stopped { partial: n, .. })) => (
            format!(
                "{}stopped after {} s",
                match n {
                    0 => String::new(),
                    n => format!("{n} solution so far · "),
                },
                SOLVE_DEADLINE.as_secs()
            ),
            SOLUTION,
        ),
    };
    let mut lenses = vec![(title, command)];
    if a.lowered.is_some() {
        lenses.push(("count".to_string(), COUNT));
        lenses.push(("candidates".to_string(), CANDIDATES));
    }
    lenses
        .into_iter()
        .map(|(title, command)| CodeLens {
            range: Range::default(),
            command: Some(Command {
                title,
                command: command.to_string(),
                arguments: Some(vec![serde_json::json!(uri.as_str())]),
            }),
            data: None,
        })
        .collect()
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
