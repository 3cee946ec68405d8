//! One version of a document, checked: the spec read and its names
//! resolved ([`Symbols`]), the diagnostics of the same pipeline as `solve
//! check` and the playground (load, names, lowering) at their exact spans,
//! plus a warning for each name declared and never used. Lowering runs
//! under a short deadline: a spec too large to lower at once still gets
//! the diagnostics of reading and names.

use super::symbols::{Kind, Symbols};
use super::text::{Encoding, LineIndex};
use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location, NumberOrString, Uri,
};
use solve::diagnostic::Diagnostic;
use solve::lowered::Lowered;
use solve::source::{SourceId, Sources};
use solve::spec::ast::Spec;
use solve::spec::settings::RunSettings;
use solve::stop::Stop;
use std::time::{Duration, Instant};

/// How long a change may spend lowering the spec for its diagnostics.
const LOWER_DEADLINE: Duration = Duration::from_millis(800);

#[derive(Debug)]
pub(super) struct Analysis {
    pub(super) text: String,
    pub(super) index: LineIndex,
    pub(super) spec: Option<Spec>,
    pub(super) symbols: Symbols,
    pub(super) diagnostics: Vec<lsp_types::Diagnostic>,
    /// The spec lowered (when it has no error and lowering finished in
    /// time), with its sources: what the domains and the lens solve.
    pub(super) lowered: Option<(Lowered, Sources)>,
}

impl Analysis {
    pub(super) fn new(uri: &Uri, text: String, encoding: Encoding) -> Analysis {
        let index = LineIndex::new(&text, encoding);
        let mut sources = Sources::default();
        let id = sources.add(uri.path().as_str(), &text);
        let mut errors = Vec::new();
        let (spec, lowered) = match solve::spec::load::load(&sources, id) {
            Err(d) => {
                errors = d;
                (None, None)
            }
            Ok(spec) => {
                let lowered = match solve::spec::names::check(spec.clone()) {
                    Err(d) => {
                        errors = d;
                        None
                    }
                    Ok(checked) => {
                        let options = solve::Options {
                            stop: Stop::at(Instant::now().checked_add(LOWER_DEADLINE)),
                            ..solve::Options::default()
                        };
                        match solve::lower(&checked, &options) {
                            Ok(lowered) => Some((lowered, sources.clone())),
                            Err(d) => {
                                // Out of time is not a mistake: no diagnostic.
                                if !d.is_stopped() {
                                    errors.push(d);
                                }
                                None
                            }
                        }
                    }
                };
                (Some(spec), lowered)
            }
        };
        let symbols = spec.as_ref().map(Symbols::of).unwrap_or_default();
        let mut analysis = Analysis {
            text,
            index,
            spec,
            symbols,
            diagnostics: Vec::new(),
            lowered,
        };
        analysis.diagnostics = errors
            .iter()
            .map(|d| analysis.diagnostic(uri, &sources, id, d))
            .collect();
        analysis.diagnostics.extend(analysis.unused());
        analysis
    }

    /// A document whose check panicked (a bug): one error that says so.
    pub(super) fn broken(uri: &Uri, text: String, encoding: Encoding) -> Analysis {
        let _ = uri;
        Analysis {
            index: LineIndex::new(&text, encoding),
            text,
            spec: None,
            symbols: Symbols::default(),
            diagnostics: vec![lsp_types::Diagnostic {
                severity: Some(DiagnosticSeverity::ERROR),
                source: Some("solve".to_string()),
                message: "solve lsp could not check this text (a bug; please report it)"
                    .to_string(),
                ..Default::default()
            }],
            lowered: None,
        }
    }

    /// The run settings the spec gives (`[search] threads`): the editor
    /// has no flags of its own to put over them.
    pub(super) fn run(&self) -> RunSettings {
        self.spec.as_ref().map(|spec| spec.run).unwrap_or_default()
    }

    fn range(&self, start: usize, end: usize) -> lsp_types::Range {
        self.index.range(&self.text, start, end)
    }

    /// An error as the client shows it: its message and help line, at its
    /// span, with the calls it happened in as related locations.
    fn diagnostic(
        &self,
        uri: &Uri,
        sources: &Sources,
        id: SourceId,
        d: &Diagnostic,
    ) -> lsp_types::Diagnostic {
        let here = d.span.filter(|s| s.source == id);
        let range = here.map_or_else(Default::default, |s| self.range(s.start, s.end));
        let mut message = d.message.clone();
        if let Some(help) = &d.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        if let (Some(span), None) = (d.span, here) {
            // A span into another source (never the case for a document).
            let file = sources.get(span.source);
            let (line, column) = file.line_col(span.start);
            message.push_str(&format!("\n  --> {}:{line}:{column}", file.name));
        }
        let related: Vec<DiagnosticRelatedInformation> = d
            .calls
            .iter()
            .filter(|(_, s)| s.source == id)
            .map(|(f, s)| DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), self.range(s.start, s.end)),
                message: format!("in the call of `{f}`"),
            })
            .collect();
        lsp_types::Diagnostic {
            range,
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some("solve".to_string()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            ..Default::default()
        }
    }

    /// A warning for each name declared and never used (a name starting
    /// with `_` is meant so). A variable counts as used when any
    /// expression names it. Conservative: a name written anywhere else in
    /// the text (a `say` template's `{i}`, a `[moves]` or `[game]`
    /// section, an order in `[search]`) is not reported.
    fn unused(&self) -> Vec<lsp_types::Diagnostic> {
        let s = &self.symbols;
        (0..s.defs.len())
            .filter(|&d| !s.defs[d].name.starts_with('_'))
            .filter(|&d| !s.uses.iter().any(|u| u.def == Some(d)))
            .filter(|&d| words(&self.text, &s.defs[d].name) <= 1)
            .filter(|&d| {
                // A variable's aliases name its items: used with it.
                let def = &s.defs[d];
                def.kind != Kind::Var
                    || !s.defs.iter().enumerate().any(|(o, other)| {
                        o != d
                            && other.kind == Kind::Var
                            && same_declaration(self.spec.as_ref(), &def.name, &other.name)
                            && s.uses.iter().any(|u| u.def == Some(o))
                    })
            })
            .map(|d| {
                let def = &s.defs[d];
                let what = match def.kind {
                    Kind::Param => "param",
                    Kind::Var => "variable",
                    Kind::Function => "function",
                    Kind::Parameter => "parameter",
                    Kind::Generator => "generator variable",
                };
                lsp_types::Diagnostic {
                    range: self.range(def.span.start, def.span.end),
                    severity: Some(DiagnosticSeverity::WARNING),
                    code: Some(NumberOrString::String("unused".to_string())),
                    source: Some("solve".to_string()),
                    message: format!(
                        "{what} `{}` is declared and never used\nhelp: remove it, or start its name with `_` if it is meant so",
                        def.name
                    ),
                    tags: Some(vec![DiagnosticTag::UNNECESSARY]),
                    ..Default::default()
                }
            })
            .collect()
    }
}

/// How many times `name` is written in `text` as a whole word.
pub(super) fn words(text: &str, name: &str) -> usize {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name)
        .filter(|&(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + name.len()..].chars().next();
            !before.is_some_and(word) && !after.is_some_and(word)
        })
        .count()
}

/// Whether `a` and `b` name one variable declaration (the array and one
/// of its aliases, or two aliases).
fn same_declaration(spec: Option<&Spec>, a: &str, b: &str) -> bool {
    spec.is_some_and(|spec| {
        spec.vars.iter().any(|v| {
            let names: Vec<&str> = std::iter::once(&v.name)
                .chain(&v.aliases)
                .map(|n| n.text.as_str())
                .collect();
            names.contains(&a) && names.contains(&b)
        })
    })
}
