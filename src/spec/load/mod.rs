//! TOML text to [`Spec`]: the structure is read with toml's spanned document
//! tree, every expression string is parsed, and every unknown key, section or
//! heuristic name is an error (never silently ignored).

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::engine::clock::Clock;
use crate::model::plan::{CONSISTENCIES, Sense, VALUE_ORDERS, VAR_ORDERS};
use crate::source::{SourceId, Sources, Span};
use crate::spec::ast::{
    Assignment, ClueSource, ConstraintDecl, Expr, ExprKind, Function, GameDecl, GenerateDecl,
    INVALID_MOVES, MAP_KEYS, MoveDecl, ObjectiveDecl, OutputDecl, Param, PhaseDecl, PuzzleDecl,
    SYMMETRY_BREAKS, SYMMETRY_KINDS, SearchSettings, Spec, SymmetryDecl, SymmetryKind,
    TemplatePart, Var,
};
use crate::spec::experiments::{self, Experiment};
use crate::spec::origin::{Name, Origin};
use crate::spec::parser::{parse_expr, parse_function};
use crate::spec::setting;
use crate::stop::Stop;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

mod declarations;
mod game;
mod generate;
mod moves;
mod output;
mod overrides;
mod search;
mod strings;
mod symmetry;

pub use output::parse_template;
pub use overrides::apply_overrides;

/// How a move's `next` is written.
const NEXT_HELP: &str = "the next value of each state variable (or element) that changes: `next = { cell = \"[...]\", \"peg[d]\" = \"b\" }`";

const SECTIONS: [&str; 15] = [
    "name",
    "description",
    "params",
    "vars",
    "functions",
    "constraints",
    "symmetry",
    "search",
    "objective",
    "game",
    "puzzle",
    "moves",
    "experiments",
    "generate",
    "output",
];

/// Reads the spec held in `sources[id]`.
pub fn load(sources: &Sources, id: SourceId) -> Result<Spec, Vec<Diagnostic>> {
    load_until(sources, id, &Stop::default())
}

/// Reads the spec held in `sources[id]`, stopping as `stop` says (a spec of
/// 200,000 constraints takes about a second to parse: `--time-limit`
/// covers reading too).
pub fn load_until(sources: &Sources, id: SourceId, stop: &Stop) -> Result<Spec, Vec<Diagnostic>> {
    let file = sources.get(id);
    let loader = Loader {
        text: &file.text,
        id,
        errors: Vec::new(),
        clock: Clock::new(stop),
        stop: stop.clone(),
        stopped: false,
    };
    loader.run()
}

struct Loader<'t> {
    text: &'t str,
    id: SourceId,
    errors: Vec<Diagnostic>,
    /// Read before each expression is parsed.
    clock: Clock,
    /// What the clock reads, to say what stopped it.
    stop: Stop,
    /// The deadline passed: nothing more is parsed.
    stopped: bool,
}

type Item<'a, 'i> = (
    &'a Spanned<std::borrow::Cow<'i, str>>,
    &'a Spanned<DeValue<'i>>,
);

impl<'t> Loader<'t> {
    pub(super) fn span(&self, range: std::ops::Range<usize>) -> Span {
        Span::new(self.id, range.start, range.end)
    }

    pub(super) fn run(mut self) -> Result<Spec, Vec<Diagnostic>> {
        let document = match DeTable::parse(self.text) {
            Ok(doc) => doc,
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
                if let Some((at, message, help)) =
                    super::habits::toml_mistake(self.text, span.start)
                {
                    return Err(vec![
                        Diagnostic::new(format!("invalid TOML: {message}"), self.span(at))
                            .with_help(help),
                    ]);
                }
                let message = e.message().trim_end().replace('\n', "; ");
                return Err(vec![Diagnostic::new(
                    format!("invalid TOML: {message}"),
                    self.span(span.start..span.end.max(span.start + 1)),
                )]);
            }
        };
        let mut spec = Spec::default();
        for (key, value) in document.get_ref().iter() {
            match key.get_ref().as_ref() {
                "name" => spec.name = self.string(value).map(|(s, _)| s),
                "description" => spec.description = self.string(value).map(|(s, _)| s),
                "params" => spec.params = self.entries(value, Self::param),
                "vars" => spec.vars = self.entries(value, Self::var),
                "functions" => spec.functions = self.entries(value, Self::function),
                "constraints" => {
                    spec.constraints
                        .extend(self.entries(value, |l, item| l.constraint(item, false)));
                }
                "symmetry" => self.symmetry(value, &mut spec),
                "search" => (spec.search, spec.run) = self.search(value),
                "objective" => spec.objective = self.objective(value),
                "game" => spec.game = self.game(value),
                "puzzle" => spec.puzzle = self.puzzle(value),
                "moves" => spec.moves = self.entries(value, Self::move_decl),
                "experiments" => {
                    spec.experiments = self.entries(value, |l, (k, v)| {
                        let name = l.name(k);
                        let (text, origin) = l.string(v)?;
                        match setting::configuration(&text, &origin) {
                            Ok(settings) => Some(Experiment { name, settings }),
                            Err(d) => {
                                l.errors.push(d);
                                None
                            }
                        }
                    });
                }
                "generate" => spec.generate = self.generate(value),
                "output" => spec.output = self.output(value),
                other => self.unknown(key, "section or key", other, &SECTIONS),
            }
        }
        let constraints: Vec<&str> = spec
            .constraints
            .iter()
            .map(|c| c.name.text.as_str())
            .collect();
        self.errors
            .extend(experiments::check(&spec.experiments, &constraints));
        if self.stopped {
            Err(vec![Diagnostic::stopped(
                "while the spec was being read",
                self.stop.cause(),
            )])
        } else if self.errors.is_empty() {
            Ok(spec)
        } else {
            Err(self.errors)
        }
    }

    pub(super) fn unknown(
        &mut self,
        key: &Spanned<std::borrow::Cow<'_, str>>,
        what: &str,
        name: &str,
        known: &[&str],
    ) {
        let mut d = Diagnostic::new(format!("unknown {what} `{name}`"), self.span(key.span()));
        d = match did_you_mean(name, known.iter().copied()) {
            Some(s) => d.with_help(format!("did you mean `{s}`?")),
            None => d.with_help(format!("expected one of: {}", known.join(", "))),
        };
        self.errors.push(d);
    }

    pub(super) fn error(&mut self, message: impl Into<String>, range: std::ops::Range<usize>) {
        self.errors.push(Diagnostic::new(message, self.span(range)));
    }

    pub(super) fn name(&self, key: &Spanned<std::borrow::Cow<'_, str>>) -> Name {
        Name {
            text: key.get_ref().to_string(),
            span: self.span(key.span()),
        }
    }

    /// Runs `each` over the entries of a section that must be a table.
    pub(super) fn entries<T>(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        mut each: impl FnMut(&mut Self, Item<'_, '_>) -> Option<T>,
    ) -> Vec<T> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error(
                format!("expected a table, found {}", value.get_ref().type_str()),
                value.span(),
            );
            return Vec::new();
        };
        table.iter().filter_map(|item| each(self, item)).collect()
    }

    pub(super) fn string(&mut self, value: &Spanned<DeValue<'_>>) -> Option<(String, Origin)> {
        match value.get_ref() {
            DeValue::String(s) => Some((s.to_string(), self.origin(value.span(), s))),
            other => {
                self.error(
                    format!("expected a string, found {}", other.type_str()),
                    value.span(),
                );
                None
            }
        }
    }

    /// Maps a TOML string's content onto the file: by an offset when it is
    /// byte-exact, byte by byte when it has escapes.
    pub(super) fn origin(&self, range: std::ops::Range<usize>, content: &str) -> Origin {
        let whole = self.span(range.clone());
        let raw = &self.text[range.clone()];
        let delimiter = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            3
        } else {
            1
        };
        let mut start = range.start + delimiter;
        let end = range.end.saturating_sub(delimiter).max(start);
        if delimiter == 3 {
            if self.text[start..].starts_with("\r\n") {
                start += 2;
            } else if self.text[start..].starts_with('\n') {
                start += 1;
            }
        }
        let raw = self.text.get(start..end).unwrap_or_default();
        if raw == content {
            return Origin::exact(whole, start);
        }
        // A basic string with escapes: each byte read mapped to its text.
        let basic = self.text[range].starts_with('"');
        Origin {
            offsets: basic
                .then(|| strings::offsets(raw, start, content))
                .flatten(),
            ..Origin::whole(whole)
        }
    }

    /// Whether the deadline has passed (or Ctrl-C came): then every later
    /// expression is skipped and the run ends with the time limit alone.
    pub(super) fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.clock.passed() {
            self.stopped = true;
        }
        self.stopped
    }

    pub(super) fn expr(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Expr> {
        if self.out_of_time() {
            return None;
        }
        let (text, origin) = self.string(value)?;
        match parse_expr(&text, origin) {
            Ok(e) => Some(e),
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    /// A param value: an expression string, or a plain TOML integer,
    /// boolean or array. Inside an array a string is a text, not an
    /// expression: `["red", "green"]` is data.
    pub(super) fn literal(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Expr> {
        match value.get_ref() {
            DeValue::String(_) => self.expr(value),
            _ => self.data(value),
        }
    }

    /// A plain TOML value as an expression: strings are texts.
    pub(super) fn data(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Expr> {
        let span = self.span(value.span());
        let kind = match value.get_ref() {
            DeValue::String(s) => ExprKind::Str(s.to_string()),
            DeValue::Integer(i) => {
                match i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()) {
                    Ok(n) => ExprKind::Int(n),
                    Err(_) => {
                        self.error("integer is too large for 64 bits", value.span());
                        return None;
                    }
                }
            }
            DeValue::Boolean(b) => ExprKind::Bool(*b),
            DeValue::Array(items) => {
                let items: Vec<Option<Expr>> = items.iter().map(|v| self.data(v)).collect();
                ExprKind::List(items.into_iter().collect::<Option<Vec<_>>>()?)
            }
            other => {
                self.error(
                    format!(
                        "expected an integer, a boolean, an array or an expression string, found {}",
                        other.type_str()
                    ),
                    value.span(),
                );
                return None;
            }
        };
        Some(Expr { kind, span })
    }

    /// `index = "lo..hi"` or `index = ["lo..hi", "lo..hi"]`, into `out`;
    /// false when a range did not parse.
    pub(super) fn index_ranges(&mut self, v: &Spanned<DeValue<'_>>, out: &mut Vec<Expr>) -> bool {
        let mut ok = true;
        match v.get_ref() {
            DeValue::Array(dims) => {
                for d in dims.iter() {
                    match self.expr(d) {
                        Some(e) => out.push(e),
                        None => ok = false,
                    }
                }
                if dims.is_empty() || dims.len() > 2 {
                    self.error(
                        "`index` takes one range or an array of two ranges",
                        v.span(),
                    );
                }
            }
            DeValue::String(text) if top_level_comma(text).is_some() => {
                // `"0..8,0..8"`: two ranges in one string.
                let at = top_level_comma(text).unwrap_or(0);
                let (first, second) = (text[..at].trim(), text[at + 1..].trim());
                self.errors.push(
                    Diagnostic::new(
                        "`index` is one range, or a list of two ranges for a 2-D array",
                        self.span(v.span()),
                    )
                    .with_help(format!("write `index = [\"{first}\", \"{second}\"]`")),
                );
                ok = false;
            }
            _ => match self.expr(v) {
                Some(e) => out.push(e),
                None => ok = false,
            },
        }
        ok
    }
}

/// The byte of the first `,` of `text` outside brackets.
fn top_level_comma(text: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}
