//! User-facing errors: a message, a span and an optional help line, rendered
//! once at the boundary in the style of rustc.
//!
//! Every mistake in a spec or on the command line becomes a [`Diagnostic`];
//! bugs are panics, never diagnostics.

use crate::source::{Sources, Span};
use std::fmt::Write as _;

/// Characters of a source line shown at most.
const SHOWN: usize = 160;

/// Errors about the user's input, rendered against their sources: what the
/// library's public API returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub diagnostics: Vec<Diagnostic>,
    rendered: String,
}

impl Error {
    pub fn new(diagnostics: Vec<Diagnostic>, sources: &Sources) -> Error {
        let rendered = diagnostics.iter().map(|d| d.render(sources)).collect();
        Error {
            diagnostics,
            rendered,
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.rendered.trim_end())
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The run's time limit ran out: not a mistake in the input.
    pub fn is_time_limit(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.kind == DiagnosticKind::Stopped)
    }
}

/// What a [`Diagnostic`] is about, for code that tells them apart (never
/// by their words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagnosticKind {
    /// A mistake in the input.
    #[default]
    Mistake,
    /// A name no scope declares (a mistake too).
    UnknownName,
    /// Not a mistake: the spec is too large for the budget of items or
    /// memory.
    TooLarge,
    /// Not a mistake: the run's time limit ran out, or it was cancelled
    /// (exit 3).
    Stopped,
}

/// One error message about the user's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub span: Option<Span>,
    pub help: Option<String>,
    pub kind: DiagnosticKind,
    /// The calls of functions the error happened in, innermost first:
    /// each function's name and where it was called.
    pub calls: Vec<(String, Span)>,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span: Some(span),
            help: None,
            kind: DiagnosticKind::Mistake,
            calls: Vec::new(),
        }
    }

    /// An error with no position (a missing file, say).
    pub fn bare(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span: None,
            help: None,
            kind: DiagnosticKind::Mistake,
            calls: Vec::new(),
        }
    }

    /// The run's time limit ran out before the answer (exit code 3).
    pub fn time_limit(message: impl Into<String>) -> Diagnostic {
        Diagnostic::bare(message).with_kind(DiagnosticKind::Stopped)
    }

    /// Whether a limit or a cancel stopped the run (not a mistake).
    pub fn is_stopped(&self) -> bool {
        self.kind == DiagnosticKind::Stopped
    }

    pub fn with_kind(mut self, kind: DiagnosticKind) -> Diagnostic {
        self.kind = kind;
        self
    }

    /// The run stopped `while` doing something (exit code 3): by the time
    /// limit, or by Ctrl-C, said as such (`cause`: [`Stop::cause`]).
    ///
    /// [`Stop::cause`]: crate::stop::Stop::cause
    pub fn stopped(while_: &str, cause: &str) -> Diagnostic {
        Diagnostic::time_limit(format!("{cause} {while_}"))
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// `error: ...`, ` --> file:line:col`, the source line and carets.
    pub fn render(&self, sources: &Sources) -> String {
        let mut out = format!("error: {}\n", self.message);
        if let Some(span) = self.span {
            let file = sources.get(span.source);
            let (line, col) = file.line_col(span.start);
            let text = file.line_text(line);
            let gutter = " ".repeat(line.to_string().len());
            let _ = writeln!(out, "{gutter}--> {}:{line}:{col}", file.name);
            let _ = writeln!(out, "{gutter} |");
            // Carets cover the span on its first line, at least one character.
            let line_chars = text.chars().count();
            let (end_line, end_col) = file.line_col(span.end);
            let last = if end_line == line {
                end_col.min(line_chars + 1)
            } else {
                line_chars + 1
            };
            // A very long line is shown as a window around the span.
            let skip = col
                .saturating_sub(SHOWN / 2)
                .min(line_chars.saturating_sub(SHOWN));
            let shown: String = text.chars().skip(skip).take(SHOWN).collect();
            let (before, after) = (
                if skip > 0 { "..." } else { "" },
                if skip + SHOWN < line_chars { "..." } else { "" },
            );
            let _ = writeln!(out, "{line} | {before}{shown}{after}");
            let width = last
                .saturating_sub(col)
                .max(1)
                .min(SHOWN + 1 - (col - skip).min(SHOWN));
            let _ = writeln!(
                out,
                "{gutter} | {}{}",
                " ".repeat(before.len() + col - 1 - skip),
                "^".repeat(width)
            );
        }
        if let Some(help) = &self.help {
            let pad = match self.span {
                Some(span) => {
                    let (line, _) = sources.get(span.source).line_col(span.start);
                    " ".repeat(line.to_string().len())
                }
                None => String::new(),
            };
            let _ = writeln!(out, "{pad} = help: {help}");
        }
        for (name, at) in &self.calls {
            let file = sources.get(at.source);
            let (line, col) = file.line_col(at.start);
            let _ = writeln!(
                out,
                "  = note: in the call of `{name}` at {}:{line}:{col}",
                file.name
            );
        }
        out
    }
}

/// `n` and the noun that counts it, singular for one: `counted(1,
/// "constraint")` is "1 constraint", `counted(3, "constraint")` is "3
/// constraints" (an `s` added; [`counted_as`] for other plurals). Every
/// count a message or an answer says goes through here or
/// [`counted_as`].
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `n` and `one` or `many` as it is 1 or not: `counted_as(2, "guess",
/// "guesses")`.
pub fn counted_as(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The closest of `candidates` to `name`, if one is close enough to suggest.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = edit_distance(name, candidate);
        let limit = (name.chars().count().max(candidate.chars().count()) / 3).max(1);
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Edits (insert, delete, replace, or swap two neighbouring letters) from
/// `a` to `b`: `gird` is one edit from `grid`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the optimal-string-alignment table.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let mut d = (previous[j - 1] + usize::from(a[i - 1] != b[j - 1]))
                .min(previous[j] + 1)
                .min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        before = std::mem::replace(&mut previous, row);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(edit_distance("gird", "grid"), 1);
        assert_eq!(edit_distance("colums", "columns"), 1);
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(edit_distance("", "ab"), 2);
        assert_eq!(did_you_mean("gird", ["grid", "rows"]), Some("grid"));
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("nn", ["n", "digits"]), Some("n"));
        assert_eq!(
            did_you_mean("histroy", ["history", "digits"]),
            Some("history")
        );
        assert_eq!(did_you_mean("zzz", ["history", "digits"]), None);
    }

    #[test]
    fn long_lines_are_shown_around_the_span() {
        let mut sources = Sources::default();
        let text = format!("c = \"{}zz{}\"", "x + ".repeat(200), " + x".repeat(200));
        let id = sources.add("x.toml", text.clone());
        let start = text.find("zz").unwrap();
        let rendered =
            Diagnostic::new("unknown name `zz`", Span::new(id, start, start + 2)).render(&sources);
        let lines: Vec<&str> = rendered.lines().collect();
        assert!(lines[3].len() < SHOWN + 16, "{}", lines[3]);
        let caret = lines[4].find('^').unwrap();
        assert_eq!(&lines[3][caret..caret + 2], "zz");
    }

    #[test]
    fn renders_caret_under_span() {
        let mut sources = Sources::default();
        let id = sources.add("x.toml", "a = 1\ntop = \"A + nn\"\n");
        let d = Diagnostic::new("unknown name `nn`", Span::new(id, 17, 19))
            .with_help("did you mean `n`?");
        assert_eq!(
            d.render(&sources),
            "error: unknown name `nn`\n --> x.toml:2:12\n  |\n2 | top = \"A + nn\"\n  |            ^^\n  = help: did you mean `n`?\n"
        );
    }
}
