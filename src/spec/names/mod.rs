//! Name resolution before any evaluation: every name used in an expression
//! must be visible where it is used, every call must match its arity.
//! Reports all such errors at once, each with a did-you-mean.
//!
//! What is visible: params see earlier params; variable domains and index
//! ranges see params; functions see params, variables, earlier functions and
//! their own parameters; constraints and the output template see everything.
//! Generator variables (`for i in ...`) are visible in the clauses after them
//! and in the head.

mod sections;

use super::habits::{habit_name, minizinc_function};
use crate::diagnostic::{Diagnostic, DiagnosticKind, did_you_mean};
use crate::source::Span;
use crate::spec::ast::{ClueSource, Expr, ExprKind, Function, GameDecl, Spec, TemplatePart};
use crate::spec::builtins::{self, Arity};
use crate::spec::origin::Name;
use crate::spec::walk::{Visit, walk};
use sections::{check_game, check_puzzle};
use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Param,
    Var,
    Function(usize),
}

/// How many arguments a builtin takes.
fn builtin_arity(name: &str) -> Option<Arity> {
    builtins::lookup(name).map(|b| b.arity)
}

struct Scope {
    globals: HashMap<String, Kind>,
    /// Every name the spec defines, visible here or not.
    everything: HashMap<String, Kind>,
    locals: Vec<String>,
    errors: Vec<Diagnostic>,
    /// Checking a game's answer or its `show` template, which see params
    /// and the functions that read no variable, never the variables.
    in_game: bool,
    /// Checking a param's value, which sees earlier params and the
    /// functions of them.
    in_params: bool,
}

/// Whether every global name `f` reads is a param already `known` or one
/// of the `callable` functions (a name the spec does not define is a
/// local of `f`'s body, or a mistake its own check reports).
fn reads_only_known(
    f: &Function,
    known: &HashMap<String, Kind>,
    everything: &HashMap<String, Kind>,
    callable: &[&str],
) -> bool {
    let params: Vec<&str> = f.params.iter().map(|p| p.text.as_str()).collect();
    let mut ok = true;
    f.body.visit_names(&mut |n| {
        if params.contains(&n) {
            return;
        }
        ok &= match everything.get(n) {
            None => true,
            Some(Kind::Param) => known.contains_key(n),
            Some(Kind::Function(_)) => callable.contains(&n),
            Some(Kind::Var) => false,
        };
    });
    ok
}

/// Every name the spec defines, with its kind.
fn definitions(spec: &Spec) -> HashMap<String, Kind> {
    let mut names = HashMap::new();
    for p in &spec.params {
        let _ = names.insert(p.name.text.clone(), Kind::Param);
    }
    for v in &spec.vars {
        for n in std::iter::once(&v.name).chain(&v.aliases) {
            let _ = names.insert(n.text.clone(), Kind::Var);
        }
    }
    for f in &spec.functions {
        let _ = names.insert(f.name.text.clone(), Kind::Function(f.params.len()));
    }
    names
}

/// A spec whose names and call arities have all been checked: the only
/// input lowering accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedSpec(Spec);

impl CheckedSpec {
    pub fn spec(&self) -> &Spec {
        &self.0
    }

    /// The names a constraint added later may use.
    pub fn names(&self) -> Names {
        Names(definitions(&self.0))
    }
}

/// The spec's global names and what each is (a param, a variable, a
/// function): what a constraint added later is checked against.
#[derive(Clone, Debug, Default)]
pub struct Names(HashMap<String, Kind>);

/// Checks every name and call arity in `spec`.
pub fn check(spec: Spec) -> Result<CheckedSpec, Vec<Diagnostic>> {
    let errors = errors(&spec);
    if errors.is_empty() {
        Ok(CheckedSpec(spec))
    } else {
        Err(errors)
    }
}

fn errors(spec: &Spec) -> Vec<Diagnostic> {
    let mut scope = Scope {
        everything: definitions(spec),
        globals: HashMap::new(),
        locals: Vec::new(),
        errors: Vec::new(),
        in_game: false,
        in_params: false,
    };
    check_params(&mut scope, spec);
    for var in &spec.vars {
        if !var.is_boolean() && !var.derived {
            scope.expr(&var.domain);
        }
        for index in &var.index {
            scope.index(index);
        }
    }
    for var in &spec.vars {
        scope.define(&var.name, Kind::Var);
        for alias in &var.aliases {
            if !is_identifier(&alias.text) {
                scope.errors.push(Diagnostic::new(
                    format!("`{}` is not a valid name", alias.text),
                    alias.span,
                )
                .with_help("a name is a letter or `_` followed by letters, digits and `_`, and not a keyword"));
            }
            scope.define(alias, Kind::Var);
        }
    }
    // A derived variable's expression sees every variable (and the
    // functions, defined below, are not needed by it).
    for var in spec.vars.iter().filter(|v| v.derived) {
        scope.expr(&var.domain);
    }
    for function in &spec.functions {
        for (i, p) in function.params.iter().enumerate() {
            if function.params[..i].iter().any(|q| q.text == p.text) {
                scope.errors.push(Diagnostic::new(
                    format!("parameter `{}` appears twice", p.text),
                    p.span,
                ));
            }
        }
        scope.locals = function.params.iter().map(|p| p.text.clone()).collect();
        scope.expr(&function.body);
        scope.locals.clear();
        scope.define(&function.name, Kind::Function(function.params.len()));
    }
    for constraint in &spec.constraints {
        scope.expr(&constraint.expr);
    }
    for symmetry in &spec.symmetries {
        scope.expr(&symmetry.expr);
        // A map's functions see their parameters, params and functions.
        for f in symmetry.index.iter().chain(&symmetry.value) {
            scope.locals = f.params.iter().map(|p| p.text.clone()).collect();
            scope.expr(&f.body);
            scope.locals.clear();
        }
    }
    check_search_order(&mut scope, spec);
    if let Some(objective) = &spec.objective {
        scope.expr(&objective.expr);
    }
    for part in spec.output.template.iter().flatten() {
        if let TemplatePart::Expr(e) = part {
            scope.expr(e);
        }
    }
    for e in spec.output.board.iter().flat_map(|b| b.exprs()) {
        scope.expr(e);
    }
    if let Some(game) = &spec.game {
        scope.expr(&game.code);
        scope.expr(&game.win);
        if let Some(opening) = &game.opening {
            scope.expr(opening);
        }
        check_game(&mut scope, spec, game);
    }
    check_puzzle(&mut scope, spec);
    if let Some(ClueSource::Derive(derive)) = spec.generate.as_ref().map(|g| &g.source) {
        scope.expr(derive);
    }
    scope.errors
}

/// The params in order: each sees the params before it, and the functions
/// that read only those (a param may call them: evaluated once, on
/// constants).
fn check_params(scope: &mut Scope, spec: &Spec) {
    let mut callable: Vec<&str> = Vec::new();
    for param in &spec.params {
        for f in &spec.functions {
            let name = f.name.text.as_str();
            if !callable.contains(&name)
                && reads_only_known(f, &scope.globals, &scope.everything, &callable)
            {
                callable.push(name);
                let _ = scope
                    .globals
                    .insert(name.to_string(), Kind::Function(f.params.len()));
            }
        }
        scope.in_params = true;
        scope.expr(&param.value);
        for index in &param.index {
            scope.index(index);
        }
        scope.in_params = false;
        scope.define(&param.name, Kind::Param);
    }
    for name in callable {
        let _ = scope.globals.remove(name);
    }
}

/// The names of `[search]`'s order and phases: declared variables, or
/// expressions over them (an element, a slice, a comprehension).
fn check_search_order(scope: &mut Scope, spec: &Spec) {
    let phases = spec.search.phases.iter().flatten().flat_map(|p| &p.vars);
    for name in spec.search.order.iter().flatten().chain(phases) {
        if !is_identifier(&name.text) {
            // An element or a slice (`x[n]`, `x[0..3]`): an expression.
            match order_expr(name) {
                Ok(e) => scope.expr(&e),
                Err(d) => scope.errors.push(d),
            }
        } else if scope.globals.get(&name.text) != Some(&Kind::Var) {
            let vars = spec
                .vars
                .iter()
                .flat_map(|v| std::iter::once(&v.name).chain(&v.aliases))
                .map(|n| n.text.as_str());
            scope.unknown(name, "variable", vars);
        }
    }
}

impl Scope {
    fn define(&mut self, name: &Name, kind: Kind) {
        if builtin_arity(&name.text).is_some() {
            self.errors.push(Diagnostic::new(
                format!(
                    "`{}` is a builtin function and cannot be redefined",
                    name.text
                ),
                name.span,
            ));
        } else if self.globals.contains_key(&name.text) {
            self.errors.push(Diagnostic::new(
                format!("`{}` is defined more than once", name.text),
                name.span,
            ));
        }
        let _ = self.globals.insert(name.text.clone(), kind);
    }

    fn unknown<'a>(&mut self, name: &Name, what: &str, candidates: impl Iterator<Item = &'a str>) {
        // Defined in the spec, but not visible here: say why.
        let why = match self.everything.get(&name.text) {
            Some(Kind::Var) if self.in_game => Some(
                "is a variable: a game's answer is computed from its secret and guess alone (and params)",
            ),
            Some(Kind::Function(_)) if self.in_params => Some(
                "reads a variable, or a param defined after this one: a param may call only the functions of earlier params",
            ),
            Some(Kind::Function(_)) if self.in_game => Some(
                "reads the spec's variables: a game's answer may call only functions of their arguments and params",
            ),
            Some(Kind::Param) => {
                Some("is a param defined later: a param can only use earlier params")
            }
            Some(Kind::Var) => {
                Some("is a variable: params, domains and index ranges must be known before solving")
            }
            Some(Kind::Function(_)) => Some(
                "is this function or a later one: a function can only call functions defined before it",
            ),
            None => None,
        };
        if let Some(why) = why {
            self.errors
                .push(Diagnostic::new(format!("`{}` {why}", name.text), name.span));
            return;
        }
        let candidates: Vec<&str> = candidates.collect();
        let mut d = Diagnostic::new(format!("unknown {what} `{}`", name.text), name.span);
        if what == "name" {
            d = d.with_kind(DiagnosticKind::UnknownName);
        }
        if let Some(help) = minizinc_function(&name.text).filter(|_| what == "function") {
            d = d.with_help(help);
        } else if let Some(s) = did_you_mean(&name.text, candidates) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        self.errors.push(d);
    }

    /// The names a value can be read from here (not functions: `abc` is
    /// not a misspelt `abs`).
    fn visible(&self) -> Vec<String> {
        self.locals
            .iter()
            .cloned()
            .chain(
                self.globals
                    .iter()
                    .filter(|(_, k)| !matches!(k, Kind::Function(_)))
                    .map(|(n, _)| n.clone()),
            )
            .collect()
    }

    /// An `index` range: as any expression, and an unknown bare name there
    /// is most likely a text meant as an index (`index = ["a", "b"]`
    /// reads as two dimensions, `a` and `b`).
    fn index(&mut self, e: &Expr) {
        let before = self.errors.len();
        self.expr(e);
        if let (ExprKind::Name(name), Some(d)) = (&e.kind, self.errors.get_mut(before))
            && d.kind == DiagnosticKind::UnknownName
        {
            d.help = Some(format!(
                "a TOML list in `index` gives one range per dimension; to index by texts, write the list as one expression, `index = \"['{name}', ...]\"`, or name a param that lists them"
            ));
        }
    }

    /// Checks the names of `e` (the walk shared with the editor's
    /// symbols: [`walk`]).
    fn expr(&mut self, e: &Expr) {
        walk(self, e);
    }

    /// A call of `f` with `count` arguments: a function (the spec's or a
    /// builtin) called with as many as it takes.
    fn call(&mut self, f: &Name, count: usize, span: Span) {
        let arity = match (self.globals.get(&f.text), builtin_arity(&f.text)) {
            (Some(Kind::Function(n)), _) => Some(Arity::exactly(*n)),
            (Some(_), _) if !self.locals.contains(&f.text) => {
                self.errors.push(Diagnostic::new(
                    format!("`{}` is not a function", f.text),
                    f.span,
                ));
                None
            }
            (_, Some(arity)) => Some(arity),
            _ => {
                let callable: Vec<String> = self
                    .globals
                    .iter()
                    .filter(|(_, k)| matches!(k, Kind::Function(_)))
                    .map(|(n, _)| n.clone())
                    .chain(builtins::names().map(str::to_string))
                    .collect();
                self.unknown(f, "function", callable.iter().map(String::as_str));
                None
            }
        };
        if let Some(arity) = arity
            && !arity.admits(count)
        {
            self.errors.push(Diagnostic::new(
                format!("`{}` takes {arity}, found {count}", f.text),
                span,
            ));
        }
    }
}

impl Visit for Scope {
    fn name(&mut self, n: &str, span: Span) {
        if self.locals.iter().any(|l| l == n) {
            return;
        }
        match self.globals.get(n) {
            Some(Kind::Param | Kind::Var) => {}
            Some(Kind::Function(_)) => self.errors.push(Diagnostic::new(
                format!("`{n}` is a function: call it with arguments"),
                span,
            )),
            None => {
                let name = Name {
                    text: n.to_string(),
                    span,
                };
                let visible = self.visible();
                if let Some(help) = habit_name(n) {
                    self.errors.push(
                        Diagnostic::new(format!("unknown name `{n}`"), span)
                            .with_kind(DiagnosticKind::UnknownName)
                            .with_help(help),
                    );
                } else if builtin_arity(n).is_some() {
                    self.errors.push(Diagnostic::new(
                        format!("`{n}` is a builtin function: call it with arguments"),
                        span,
                    ));
                } else {
                    self.unknown(&name, "name", visible.iter().map(String::as_str));
                }
            }
        }
    }

    fn call(&mut self, f: &Name, count: usize, span: Span) {
        Scope::call(self, f, count, span);
    }

    fn bind(&mut self, name: &Name) {
        self.locals.push(name.text.clone());
    }

    fn unbind(&mut self, count: usize) {
        self.locals.truncate(self.locals.len() - count);
    }
}

/// Checks one more constraint against a spec that passed [`check`] (for
/// constraints added after lowering): every name of the spec is visible.
pub fn check_constraint(names: &Names, e: &Expr) -> Result<(), Vec<Diagnostic>> {
    let globals = names.0.clone();
    let mut scope = Scope {
        everything: globals.clone(),
        globals,
        locals: Vec::new(),
        errors: Vec::new(),
        in_game: false,
        in_params: false,
    };
    scope.expr(e);
    if scope.errors.is_empty() {
        Ok(())
    } else {
        Err(scope.errors)
    }
}

/// A name as the expression language reads it.
/// An entry of the search order that is not a plain name, parsed (its
/// spans point at the whole entry).
pub fn order_expr(name: &Name) -> Result<Expr, Diagnostic> {
    let origin = crate::spec::origin::Origin::whole(name.span);
    crate::spec::parser::parse_expr(&name.text, origin)
}

pub fn is_identifier(s: &str) -> bool {
    const KEYWORDS: [&str; 10] = [
        "and", "or", "not", "if", "then", "else", "for", "in", "true", "false",
    ];
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&s)
}
