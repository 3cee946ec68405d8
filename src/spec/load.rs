//! TOML text to [`Spec`]: the structure is read with toml's spanned document
//! tree, every expression string is parsed, and every unknown key, section or
//! heuristic name is an error (never silently ignored).

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::engine::deadline::Deadline;
use crate::experiment::config::{self, Experiment};
use crate::model::plan::{CONSISTENCIES, RESTARTS, Sense, VALUE_ORDERS, VAR_ORDERS};
use crate::source::{SourceId, Sources, Span};
use crate::spec::ast::{
    Assignment, ConstraintDecl, Expr, ExprKind, Function, GameDecl, INVALID_MOVES, MAP_KEYS,
    MoveDecl, Name, ObjectiveDecl, Param, PhaseDecl, PuzzleDecl, SYMMETRY_BREAKS, SYMMETRY_KINDS,
    SearchDecl, Spec, SymmetryDecl, SymmetryKind, TemplatePart, Var,
};
use crate::spec::parser::{Origin, parse_expr, parse_function};
use std::time::Instant;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// How a move's `next` is written.
const NEXT_HELP: &str = "the next value of each state variable (or element) that changes: `next = { cell = \"[...]\", \"peg[d]\" = \"b\" }`";

const SECTIONS: [&str; 14] = [
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
    "output",
];

/// Reads the spec held in `sources[id]`.
pub fn load(sources: &Sources, id: SourceId) -> Result<Spec, Vec<Diagnostic>> {
    load_until(sources, id, None)
}

/// Reads the spec held in `sources[id]`, stopping at `deadline` (a spec of
/// 200,000 constraints takes about a second to parse: `--time-limit`
/// covers reading too).
pub fn load_until(
    sources: &Sources,
    id: SourceId,
    deadline: Option<Instant>,
) -> Result<Spec, Vec<Diagnostic>> {
    let file = sources.get(id);
    let loader = Loader {
        text: &file.text,
        id,
        errors: Vec::new(),
        clock: deadline.map(|at| Deadline::new(Some(at))),
        stopped: false,
    };
    loader.run()
}

struct Loader<'t> {
    text: &'t str,
    id: SourceId,
    errors: Vec<Diagnostic>,
    /// Read before each expression is parsed.
    clock: Option<Deadline>,
    /// The deadline passed: nothing more is parsed.
    stopped: bool,
}

type Item<'a, 'i> = (
    &'a Spanned<std::borrow::Cow<'i, str>>,
    &'a Spanned<DeValue<'i>>,
);

impl<'t> Loader<'t> {
    fn span(&self, range: std::ops::Range<usize>) -> Span {
        Span::new(self.id, range.start, range.end)
    }

    fn run(mut self) -> Result<Spec, Vec<Diagnostic>> {
        let document = match DeTable::parse(self.text) {
            Ok(doc) => doc,
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
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
                "search" => spec.search = self.search(value),
                "objective" => spec.objective = self.objective(value),
                "game" => spec.game = self.game(value),
                "puzzle" => spec.puzzle = self.puzzle(value),
                "moves" => spec.moves = self.entries(value, Self::move_decl),
                "experiments" => {
                    spec.experiments = self.entries(value, |l, (k, v)| {
                        let name = l.name(k);
                        let (text, origin) = l.string(v)?;
                        match config::parse(&text, origin) {
                            Ok(settings) => Some(Experiment { name, settings }),
                            Err(d) => {
                                l.errors.push(d);
                                None
                            }
                        }
                    });
                }
                "output" => spec.template = self.output(value),
                other => self.unknown(key, "section or key", other, &SECTIONS),
            }
        }
        let constraints: Vec<&str> = spec
            .constraints
            .iter()
            .map(|c| c.name.text.as_str())
            .collect();
        self.errors
            .extend(config::check(&spec.experiments, &constraints));
        if self.stopped {
            Err(vec![Diagnostic::stopped("while the spec was being read")])
        } else if self.errors.is_empty() {
            Ok(spec)
        } else {
            Err(self.errors)
        }
    }

    fn unknown(
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

    fn error(&mut self, message: impl Into<String>, range: std::ops::Range<usize>) {
        self.errors.push(Diagnostic::new(message, self.span(range)));
    }

    fn name(&self, key: &Spanned<std::borrow::Cow<'_, str>>) -> Name {
        Name {
            text: key.get_ref().to_string(),
            span: self.span(key.span()),
        }
    }

    /// Runs `each` over the entries of a section that must be a table.
    fn entries<T>(
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

    fn string(&mut self, value: &Spanned<DeValue<'_>>) -> Option<(String, Origin)> {
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

    /// Maps a TOML string's content onto the file, when it is byte-exact.
    fn origin(&self, range: std::ops::Range<usize>, content: &str) -> Origin {
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
        let exact = self.text.get(start..end) == Some(content);
        Origin {
            whole,
            content_start: exact.then_some(start),
        }
    }

    /// Whether the deadline has passed (or Ctrl-C came): then every later
    /// expression is skipped and the run ends with the time limit alone.
    fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.clock.as_mut().is_some_and(Deadline::passed) {
            self.stopped = true;
        }
        self.stopped
    }

    fn expr(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Expr> {
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
    fn literal(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Expr> {
        match value.get_ref() {
            DeValue::String(_) => self.expr(value),
            _ => self.data(value),
        }
    }

    /// A plain TOML value as an expression: strings are texts.
    fn data(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Expr> {
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
    fn index_ranges(&mut self, v: &Spanned<DeValue<'_>>, out: &mut Vec<Expr>) -> bool {
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
            _ => match self.expr(v) {
                Some(e) => out.push(e),
                None => ok = false,
            },
        }
        ok
    }

    /// `name = VALUE`, or `name = { index = "1..5", value = VALUE }` for a
    /// list indexed like a variable array.
    fn param(&mut self, (key, value): Item<'_, '_>) -> Option<Param> {
        let name = self.name(key);
        let DeValue::Table(table) = value.get_ref() else {
            return Some(Param {
                name,
                value: self.literal(value)?,
                index: Vec::new(),
                default: None,
            });
        };
        let (mut list, mut index, mut ok) = (None, Vec::new(), true);
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "value" => list = self.literal(v),
                "index" => ok &= self.index_ranges(v, &mut index),
                other => self.unknown(k, "key", other, &["value", "index"]),
            }
        }
        if list.is_none() && ok && !table.contains_key("value") {
            self.error(
                format!("param `{}` has no `value`", name.text),
                value.span(),
            );
        }
        Some(Param {
            name,
            value: list?,
            index,
            default: None,
        })
    }

    fn var(&mut self, (key, value): Item<'_, '_>) -> Option<Var> {
        let name = self.name(key);
        let DeValue::Table(table) = value.get_ref() else {
            return Some(Var {
                name,
                domain: self.literal(value)?,
                index: Vec::new(),
                aliases: Vec::new(),
                derived: false,
            });
        };
        if let Some(define) = table.get("define") {
            let mut index = Vec::new();
            for (k, v) in table.iter() {
                if k.get_ref() == "index" {
                    let _ = self.index_ranges(v, &mut index);
                } else if k.get_ref() != "define" {
                    self.error(
                        format!(
                            "`{}` is defined by an expression: its domain comes from the expression, and it takes no `{}` (only `index`, for an array)",
                            name.text,
                            k.get_ref()
                        ),
                        k.span(),
                    );
                }
            }
            return Some(Var {
                name,
                domain: self.expr(define)?,
                index,
                aliases: Vec::new(),
                derived: true,
            });
        }
        let (mut domain, mut index, mut aliases) = (None, Vec::new(), Vec::new());
        let mut ok = true;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "domain" => domain = self.literal(v),
                "index" => ok &= self.index_ranges(v, &mut index),
                "names" => match v.get_ref() {
                    DeValue::Array(names) => {
                        for n in names.iter() {
                            match n.get_ref() {
                                DeValue::String(s) => aliases.push(Name {
                                    text: s.to_string(),
                                    span: self.span(n.span()),
                                }),
                                other => self.error(
                                    format!("expected a name (string), found {}", other.type_str()),
                                    n.span(),
                                ),
                            }
                        }
                    }
                    other => self.error(
                        format!("expected an array of names, found {}", other.type_str()),
                        v.span(),
                    ),
                },
                other => self.unknown(k, "key", other, &["domain", "index", "names", "define"]),
            }
        }
        let Some(domain) = domain else {
            if ok && !table.contains_key("domain") {
                self.error(
                    format!("variable `{}` has no `domain`", name.text),
                    value.span(),
                );
            }
            return None;
        };
        if !aliases.is_empty() && index.len() != 1 {
            self.error("`names` is only allowed on 1-D arrays", value.span());
        }
        Some(Var {
            name,
            domain,
            index,
            aliases,
            derived: false,
        })
    }

    fn function(&mut self, (key, value): Item<'_, '_>) -> Option<Function> {
        if self.out_of_time() {
            return None;
        }
        let name = self.name(key);
        let (text, origin) = self.string(value)?;
        match parse_function(&text, origin) {
            Ok((params, body)) => Some(Function { name, params, body }),
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    /// `name = "expr"`, or `name = { rule = "expr", consistency = "check" }`.
    fn constraint(&mut self, (key, value): Item<'_, '_>, symmetry: bool) -> Option<ConstraintDecl> {
        let name = self.name(key);
        let DeValue::Table(table) = value.get_ref() else {
            return Some(ConstraintDecl {
                name,
                expr: self.expr(value)?,
                symmetry,
                consistency: None,
            });
        };
        let (mut expr, mut consistency) = (None, None);
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "rule" => expr = self.expr(v),
                "consistency" => consistency = self.choice("consistency level", v, CONSISTENCIES),
                other => self.unknown(k, "key", other, &["rule", "consistency"]),
            }
        }
        if expr.is_none() && !table.contains_key("rule") {
            self.error(
                format!("constraint `{}` has no `rule`", name.text),
                value.span(),
            );
        }
        Some(ConstraintDecl {
            name,
            expr: expr?,
            symmetry,
            consistency,
        })
    }

    /// `[symmetry]`: breaking constraints (`name = "expr"` or a table
    /// with a `rule`), declared symmetries (`name = { grid = "expr" }`)
    /// and `break = "lex-leader"`.
    fn symmetry(&mut self, value: &Spanned<DeValue<'_>>, spec: &mut Spec) {
        let DeValue::Table(table) = value.get_ref() else {
            self.error(
                format!("expected a table, found {}", value.get_ref().type_str()),
                value.span(),
            );
            return;
        };
        for (key, value) in table.iter() {
            if key.get_ref() == "break" {
                if let Some(choice) = self.choice("symmetry breaking", value, SYMMETRY_BREAKS) {
                    spec.symmetry_break = Some((choice, self.span(value.span())));
                }
                continue;
            }
            let breaking = matches!(value.get_ref(), DeValue::String(s) if SYMMETRY_BREAKS.iter().any(|(n, _)| n == s));
            if breaking && did_you_mean(key.get_ref(), ["break"]).is_some() {
                self.unknown(key, "key", key.get_ref(), &["break"]);
                continue;
            }
            match value.get_ref() {
                DeValue::Table(t)
                    if t.contains_key("rule")
                        && SYMMETRY_KINDS.iter().any(|(k, _)| t.contains_key(*k)) =>
                {
                    self.error(
                        format!(
                            "`{}` has both a `rule` (a breaking constraint) and a declared symmetry: give each its own name",
                            key.get_ref()
                        ),
                        value.span(),
                    );
                }
                DeValue::Table(t) if !t.contains_key("rule") => {
                    if let Some(d) = self.symmetry_decl(key, value, t) {
                        spec.symmetries.push(d);
                    }
                }
                _ => spec.constraints.extend(self.constraint((key, value), true)),
            }
        }
    }

    /// `name = { grid = "EXPR" }`: exactly one kind of symmetry; `map`
    /// with its `index` and `value` functions (one of them at least).
    fn symmetry_decl(
        &mut self,
        key: &Spanned<std::borrow::Cow<'_, str>>,
        value: &Spanned<DeValue<'_>>,
        table: &DeTable<'_>,
    ) -> Option<SymmetryDecl> {
        let name = self.name(key);
        let mut found = None;
        let mut unknown = false;
        let (mut index, mut map_value) = (None, None);
        for (k, v) in table.iter() {
            if MAP_KEYS.contains(&k.get_ref().as_ref()) {
                if !table.contains_key("map") {
                    self.error(
                        format!(
                            "`{}` goes with `map` (a symmetry written as functions)",
                            k.get_ref()
                        ),
                        k.span(),
                    );
                    unknown = true;
                }
                let f = self.function((k, v));
                match k.get_ref().as_ref() {
                    "index" => index = f,
                    _ => map_value = f,
                }
                continue;
            }
            let Some(&(_, kind)) = SYMMETRY_KINDS.iter().find(|(n, _)| *n == k.get_ref()) else {
                let mut known: Vec<&str> = SYMMETRY_KINDS.iter().map(|(n, _)| *n).collect();
                known.push("rule");
                known.extend(MAP_KEYS);
                self.unknown(k, "key", k.get_ref(), &known);
                unknown = true;
                continue;
            };
            if found.is_some() {
                self.error(
                    format!(
                        "symmetry `{}` declares two groups: give each its own name",
                        name.text
                    ),
                    k.span(),
                );
                continue;
            }
            found = Some((kind, self.expr(v)));
        }
        let Some((kind, expr)) = found else {
            if unknown {
                return None;
            }
            let names: Vec<&str> = SYMMETRY_KINDS.iter().map(|(n, _)| *n).collect();
            self.errors.push(
                Diagnostic::new(
                    format!("symmetry `{}` declares nothing", name.text),
                    self.span(value.span()),
                )
                .with_help(format!(
                    "a breaking constraint has a `rule`; a declared symmetry one of: {}",
                    names.join(", ")
                )),
            );
            return None;
        };
        if kind == SymmetryKind::Map {
            for (f, arity) in [(&index, None), (&map_value, Some(1))] {
                if let (Some(f), Some(n)) = (f, arity)
                    && f.params.len() != n
                {
                    self.errors.push(
                        Diagnostic::new(
                            format!(
                                "`value` takes 1 parameter (a value), found {}",
                                f.params.len()
                            ),
                            f.name.span,
                        )
                        .with_help("write it as `(v) => ...`"),
                    );
                }
            }
            if !table.contains_key("index") && !table.contains_key("value") {
                self.errors.push(
                    Diagnostic::new(
                        format!("symmetry `{}` maps nothing", name.text),
                        self.span(value.span()),
                    )
                    .with_help("give `index = \"(i) => ...\"` (where the cell at index i goes) and/or `value = \"(v) => ...\"` (what a value becomes)"),
                );
                return None;
            }
        }
        Some(SymmetryDecl {
            name,
            kind,
            expr: expr?,
            index,
            value: map_value,
        })
    }

    /// One of the names in `options`, for the key `key`.
    fn choice<T: Copy>(
        &mut self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        options: &[(&str, T)],
    ) -> Option<T> {
        let (text, _) = self.string(value)?;
        if let Some((_, t)) = options.iter().find(|(name, _)| *name == text) {
            return Some(*t);
        }
        let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
        self.errors.push(
            Diagnostic::new(format!("unknown {key} `{text}`"), self.span(value.span()))
                .with_help(format!("expected one of: {}", names.join(", "))),
        );
        None
    }

    fn positive(&mut self, value: &Spanned<DeValue<'_>>) -> Option<u64> {
        let parsed = match value.get_ref() {
            DeValue::Integer(i) => {
                u64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok()
            }
            _ => None,
        };
        match parsed {
            Some(n) if n > 0 => Some(n),
            _ => {
                self.error("expected a positive integer", value.span());
                None
            }
        }
    }

    /// `phases = [{ vars = "x" | ["x", "y[0]"], var = "...", value = "..." }]`.
    fn phases(&mut self, value: &Spanned<DeValue<'_>>) -> Vec<PhaseDecl> {
        let DeValue::Array(items) = value.get_ref() else {
            self.error(
                "expected a list of phases: `phases = [{ vars = \"x\", var = \"first-fail\" }]`",
                value.span(),
            );
            return Vec::new();
        };
        let mut phases = Vec::new();
        for item in items.iter() {
            let DeValue::Table(table) = item.get_ref() else {
                self.error(
                    "expected a phase: `{ vars = \"x\", var = \"first-fail\", value = \"min\" }`",
                    item.span(),
                );
                continue;
            };
            let mut phase = PhaseDecl {
                vars: Vec::new(),
                var: None,
                value: None,
            };
            for (k, v) in table.iter() {
                match k.get_ref().as_ref() {
                    "vars" => match v.get_ref() {
                        DeValue::String(s) => phase.vars.push(Name {
                            text: s.to_string(),
                            span: self.span(v.span()),
                        }),
                        DeValue::Array(names) => {
                            for n in names.iter() {
                                match n.get_ref() {
                                    DeValue::String(s) => phase.vars.push(Name {
                                        text: s.to_string(),
                                        span: self.span(n.span()),
                                    }),
                                    _ => self.error("expected a variable (a string)", n.span()),
                                }
                            }
                        }
                        _ => self.error(
                            "expected the phase's variables: a string or a list of strings",
                            v.span(),
                        ),
                    },
                    "var" => phase.var = self.choice("variable order", v, VAR_ORDERS),
                    "value" => phase.value = self.choice("value order", v, VALUE_ORDERS),
                    other => self.unknown(k, "key", other, &["vars", "var", "value"]),
                }
            }
            if phase.vars.is_empty() {
                self.error(
                    "a phase needs `vars`: the variables it decides",
                    item.span(),
                );
            }
            phases.push(phase);
        }
        phases
    }

    fn search(&mut self, value: &Spanned<DeValue<'_>>) -> SearchDecl {
        let mut search = SearchDecl::default();
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [search]", value.span());
            return search;
        };
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "order" => match v.get_ref() {
                    DeValue::Array(items) => {
                        for item in items.iter() {
                            if let DeValue::String(s) = item.get_ref() {
                                search.order.push(Name {
                                    text: s.to_string(),
                                    span: self.span(item.span()),
                                });
                            } else {
                                self.error("expected a variable name (string)", item.span());
                            }
                        }
                    }
                    _ => self.error("expected an array of variable names", v.span()),
                },
                "phases" => search.phases = self.phases(v),
                "var" => search.var = self.choice("variable order", v, VAR_ORDERS),
                "value" => search.value = self.choice("value order", v, VALUE_ORDERS),
                "consistency" => {
                    search.consistency = self.choice("consistency level", v, CONSISTENCIES);
                }
                "restart" => search.restart = self.choice("restart policy", v, RESTARTS),
                "restart_scale" => search.restart_scale = self.positive(v),
                "seed" => search.seed = self.positive(v),
                goal @ ("maximize" | "minimize" | "maximise" | "minimise" | "objective") => {
                    self.errors.push(
                        Diagnostic::new(
                            format!("there is no `{goal}` key in [search]"),
                            self.span(k.span()),
                        )
                        .with_help(
                            "the best solution is asked for in an [objective] section: `[objective]` then `maximize = \"EXPR\"` (or `minimize`)",
                        ),
                    );
                }
                other => self.unknown(
                    k,
                    "key",
                    other,
                    &[
                        "phases",
                        "order",
                        "var",
                        "value",
                        "consistency",
                        "restart",
                        "restart_scale",
                        "seed",
                    ],
                ),
            }
        }
        if !search.phases.is_empty() && !search.order.is_empty() {
            self.error(
                "[search] gives both `phases` and `order`: `order = [...]` is one phase in input order; write it as a phase",
                value.span(),
            );
        }
        search
    }

    /// `[objective]`: exactly one of `minimize` and `maximize`.
    fn objective(&mut self, value: &Spanned<DeValue<'_>>) -> Option<ObjectiveDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [objective]", value.span());
            return None;
        };
        let mut found: Option<ObjectiveDecl> = None;
        for (k, v) in table.iter() {
            let sense = match k.get_ref().as_ref() {
                "minimize" => Sense::Minimize,
                "maximize" => Sense::Maximize,
                other => {
                    self.unknown(k, "key", other, &["minimize", "maximize"]);
                    continue;
                }
            };
            if found.is_some() {
                self.errors.push(
                    Diagnostic::new(
                        "[objective] has both `minimize` and `maximize`",
                        self.span(k.span()),
                    )
                    .with_help("give exactly one of them"),
                );
                continue;
            }
            if let Some(expr) = self.expr(v) {
                found = Some(ObjectiveDecl { sense, expr });
            }
        }
        if found.is_none() && table.is_empty() {
            self.error(
                "[objective] needs `minimize = \"EXPR\"` or `maximize = \"EXPR\"`",
                value.span(),
            );
        }
        found
    }

    /// `[game]`: `code`, `answer` and `win` required, `show` and
    /// `opening` optional.
    fn game(&mut self, value: &Spanned<DeValue<'_>>) -> Option<GameDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [game]", value.span());
            return None;
        };
        const KEYS: [&str; 5] = ["code", "answer", "win", "show", "opening"];
        let (mut code, mut answer, mut win, mut show) = (None, None, None, None);
        let mut opening = None;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "code" => code = self.expr(v),
                "answer" => {
                    answer = self.function((k, v));
                    if let Some(f) = &answer
                        && f.params.len() != 2
                    {
                        self.errors.push(
                            Diagnostic::new(
                                format!(
                                    "the answer takes 2 parameters (the secret and the guess), found {}",
                                    f.params.len()
                                ),
                                f.name.span,
                            )
                            .with_help("write it as `(secret, guess) => ...`"),
                        );
                    }
                }
                "win" => win = self.expr(v),
                "show" => show = self.template(v),
                "opening" => opening = self.expr(v),
                other => self.unknown(k, "key", other, &KEYS),
            }
        }
        let mut missing = Vec::new();
        for (key, absent) in [
            ("code", !table.contains_key("code")),
            ("answer", !table.contains_key("answer")),
            ("win", !table.contains_key("win")),
        ] {
            if absent {
                missing.push(format!("`{key}`"));
            }
        }
        if !missing.is_empty() {
            self.errors.push(
                Diagnostic::new(format!("[game] needs {}", missing.join(" and ")), self.span(value.span()))
                    .with_help("a game gives `code` (its variables), `answer = \"(secret, guess) => ...\"` and `win` (the answer that ends it)"),
            );
        }
        Some(GameDecl {
            code: code?,
            answer: answer?,
            win: win?,
            show,
            opening,
            span: self.span(value.span()),
        })
    }

    /// `[puzzle]`: `goal` required; `alphabet`, `start`, `heuristic` optional.
    fn puzzle(&mut self, value: &Spanned<DeValue<'_>>) -> Option<PuzzleDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [puzzle]", value.span());
            return None;
        };
        let (mut alphabet, mut start, mut goal, mut heuristic) = (None, None, None, None);
        let mut invalid = None;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "alphabet" => alphabet = self.plain_string(v),
                "start" => start = self.plain_string(v),
                "goal" => goal = self.expr(v),
                "heuristic" => heuristic = self.expr(v),
                "invalid" => invalid = self.choice("`invalid` setting", v, INVALID_MOVES),
                other => self.unknown(
                    k,
                    "key",
                    other,
                    &["alphabet", "start", "goal", "heuristic", "invalid"],
                ),
            }
        }
        if !table.contains_key("goal") {
            self.errors.push(
                Diagnostic::new("[puzzle] needs `goal`", self.span(value.span()))
                    .with_help("the goal is a condition over the state, e.g. `goal = \"forall(c != 1 for c in cell)\"`"),
            );
        }
        Some(PuzzleDecl {
            alphabet,
            start,
            goal: goal?,
            heuristic,
            invalid: invalid.unwrap_or_default(),
            span: self.span(value.span()),
        })
    }

    /// A string taken as it is (not an expression), with its span.
    fn plain_string(&mut self, value: &Spanned<DeValue<'_>>) -> Option<(String, Span)> {
        match value.get_ref() {
            DeValue::String(s) => Some((s.to_string(), self.span(value.span()))),
            other => {
                self.error(
                    format!("expected a string, found {}", other.type_str()),
                    value.span(),
                );
                None
            }
        }
    }

    /// `[moves.NAME]`: `for`, `when`, `next`, `cost`, `show`.
    fn move_decl(&mut self, (key, value): Item<'_, '_>) -> Option<MoveDecl> {
        let name = self.name(key);
        let DeValue::Table(table) = value.get_ref() else {
            self.error(
                format!("expected a table for the move `{}`", name.text),
                value.span(),
            );
            return None;
        };
        const KEYS: [&str; 5] = ["for", "when", "next", "cost", "show"];
        let mut next_failed = false;
        let mut decl = MoveDecl {
            name,
            params: Vec::new(),
            when: None,
            next: Vec::new(),
            cost: None,
            show: None,
        };
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "for" => {
                    decl.params = self.named_exprs(
                        v,
                        "the move's parameters and their ranges: `for = { p = \"0..n-1\" }`",
                    )
                }
                "when" => decl.when = self.expr(v),
                "next" => {
                    let before = self.errors.len();
                    decl.next = self.assignments(v);
                    next_failed = self.errors.len() > before;
                }
                "cost" => decl.cost = self.expr(v),
                "show" => decl.show = self.template(v),
                other => self.unknown(k, "key", other, &KEYS),
            }
        }
        if decl.next.is_empty() {
            if next_failed {
                // Its entries were refused with their own messages.
                return None;
            }
            self.errors.push(
                Diagnostic::new(
                    format!("the move `{}` has no `next`", decl.name.text),
                    self.span(value.span()),
                )
                .with_help("`next = { VAR = \"EXPR\" }` gives the state after the move"),
            );
            return None;
        }
        Some(decl)
    }

    /// A move's `next`: `{ cell = "EXPR", "peg[d]" = "EXPR", ... }` in
    /// order; a key with brackets is parsed as an indexed variable.
    fn assignments(&mut self, value: &Spanned<DeValue<'_>>) -> Vec<Assignment> {
        let DeValue::Table(table) = value.get_ref() else {
            let _ = self.named_exprs(value, NEXT_HELP);
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in table.iter() {
            let mut name = self.name(k);
            let mut index = Vec::new();
            if name.text.contains('[') {
                let origin = self.origin(k.span(), &name.text);
                let parsed = match parse_expr(&name.text, origin) {
                    Ok(e) => e,
                    Err(d) => {
                        self.errors.push(d);
                        continue;
                    }
                };
                let mut target = parsed;
                while let ExprKind::Index(a, i) = target.kind {
                    index.push(*i);
                    target = *a;
                }
                index.reverse();
                let ExprKind::Name(n) = target.kind else {
                    self.errors.push(
                        Diagnostic::new(
                            "expected a state variable or one element of it",
                            name.span,
                        )
                        .with_help(NEXT_HELP),
                    );
                    continue;
                };
                name.text = n;
            }
            if let Some(value) = self.expr(v) {
                out.push(Assignment { name, index, value });
            }
        }
        out
    }

    /// `{ name = "EXPR", ... }` in order.
    fn named_exprs(&mut self, value: &Spanned<DeValue<'_>>, what: &str) -> Vec<(Name, Expr)> {
        let DeValue::Table(table) = value.get_ref() else {
            self.errors.push(
                Diagnostic::new(
                    format!("expected a table, found {}", value.get_ref().type_str()),
                    self.span(value.span()),
                )
                .with_help(what.to_string()),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in table.iter() {
            let name = self.name(k);
            if let Some(e) = self.expr(v) {
                out.push((name, e));
            }
        }
        out
    }

    fn template(&mut self, v: &Spanned<DeValue<'_>>) -> Option<Vec<TemplatePart>> {
        let (text, origin) = self.string(v)?;
        match parse_template(&text, origin) {
            Ok(parts) => Some(parts),
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    fn output(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Vec<TemplatePart>> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [output]", value.span());
            return None;
        };
        let mut template = None;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "template" => template = self.template(v),
                other => self.unknown(k, "key", other, &["template"]),
            }
        }
        template
    }
}

/// Splits `text {expr} text` into parts; `{{` and `}}` are literal braces.
pub fn parse_template(text: &str, origin: Origin) -> Result<Vec<TemplatePart>, Diagnostic> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' if bytes.get(i + 1) == Some(&b'{') => {
                literal.push('{');
                i += 2;
            }
            b'}' if bytes.get(i + 1) == Some(&b'}') => {
                literal.push('}');
                i += 2;
            }
            b'{' => {
                let start = i + 1;
                let (mut depth, mut j, mut quoted) = (1, start, false);
                while j < bytes.len() && depth > 0 {
                    match bytes[j] {
                        b'\'' => quoted = !quoted,
                        b'{' if !quoted => depth += 1,
                        b'}' if !quoted => depth -= 1,
                        _ => {}
                    }
                    j += 1;
                }
                if depth > 0 {
                    return Err(Diagnostic::new(
                        "unclosed `{` in output template",
                        origin.whole,
                    ));
                }
                if !literal.is_empty() {
                    parts.push(TemplatePart::Text(std::mem::take(&mut literal)));
                }
                let sub = Origin {
                    whole: origin.whole,
                    content_start: origin.content_start.map(|s| s + start),
                };
                parts.push(TemplatePart::Expr(parse_expr(&text[start..j - 1], sub)?));
                i = j;
            }
            b'}' => {
                let span = match origin.content_start {
                    Some(s) => Span::new(origin.whole.source, s + i, s + i + 1),
                    None => origin.whole,
                };
                return Err(Diagnostic::new("unmatched `}` in output template", span)
                    .with_help("write `}}` for a literal brace"));
            }
            _ => {
                let ch = text[i..].chars().next().expect("char");
                literal.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    if !literal.is_empty() {
        parts.push(TemplatePart::Text(literal));
    }
    Ok(parts)
}

/// Applies `--set NAME=VALUE` overrides: each is its own source named `--set`.
pub fn apply_overrides(
    spec: &mut Spec,
    sources: &mut Sources,
    overrides: &[String],
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for text in overrides {
        let id = sources.add("--set", text.clone());
        let Some((name, value)) = text.split_once('=') else {
            errors.push(
                Diagnostic::new("expected NAME=VALUE", Span::new(id, 0, text.len().max(1)))
                    .with_help("for example `--set n=12`"),
            );
            continue;
        };
        let name_span = Span::new(id, 0, name.len().max(1));
        let name = name.trim();
        if name.is_empty() {
            errors.push(
                Diagnostic::new("missing param name before `=`", name_span)
                    .with_help("for example `--set n=12`"),
            );
            continue;
        }
        let Some(param) = spec.params.iter_mut().find(|p| p.name.text == name) else {
            let known: Vec<&str> = spec.params.iter().map(|p| p.name.text.as_str()).collect();
            let mut d = Diagnostic::new(format!("unknown param `{name}`"), name_span);
            d = match did_you_mean(name, known.iter().copied()) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None if known.is_empty() => d.with_help("this spec has no params"),
                None => d.with_help(format!("the params are: {}", known.join(", "))),
            };
            errors.push(d);
            continue;
        };
        let start = text.len() - value.len();
        let origin = Origin {
            whole: Span::new(id, start, text.len()),
            content_start: Some(start),
        };
        if value.trim().is_empty() {
            errors.push(Diagnostic::new(
                format!("missing value for `{name}`"),
                Span::new(id, start.saturating_sub(1), start),
            ));
            continue;
        }
        match parse_expr(value, origin) {
            Ok(e) => {
                let default = std::mem::replace(&mut param.value, e);
                let _ = param.default.get_or_insert(default);
            }
            Err(d) => errors.push(d),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
