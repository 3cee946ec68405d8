//! Name resolution before any evaluation: every name used in an expression
//! must be visible where it is used, every call must match its arity.
//! Reports all such errors at once, each with a did-you-mean.
//!
//! What is visible: params see earlier params; variable domains and index
//! ranges see params; functions see params, variables, earlier functions and
//! their own parameters; constraints and the output template see everything.
//! Generator variables (`for i in ...`) are visible in the clauses after them
//! and in the head.

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::spec::ast::{Clause, Expr, ExprKind, Name, Spec, TemplatePart};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Param,
    Var,
    Function(usize),
}

/// How many arguments a builtin takes: (min, max).
pub fn builtin_arity(name: &str) -> Option<(usize, usize)> {
    Some(match name {
        "abs" | "sum" | "count" | "forall" | "exists" | "len" => (1, 1),
        "min" | "max" | "alldifferent" => (1, usize::MAX),
        "lex_less" | "lex_lesseq" | "join" => (2, 2),
        _ => return None,
    })
}

const BUILTINS: [&str; 12] = [
    "join",
    "abs",
    "sum",
    "count",
    "forall",
    "exists",
    "len",
    "min",
    "max",
    "alldifferent",
    "lex_less",
    "lex_lesseq",
];

struct Scope {
    globals: HashMap<String, Kind>,
    locals: Vec<String>,
    errors: Vec<Diagnostic>,
}

/// Checks every name and call arity in `spec`.
pub fn check(spec: &Spec) -> Result<(), Vec<Diagnostic>> {
    let mut scope = Scope {
        globals: HashMap::new(),
        locals: Vec::new(),
        errors: Vec::new(),
    };
    for param in &spec.params {
        scope.expr(&param.value);
        scope.define(&param.name, Kind::Param);
    }
    for var in &spec.vars {
        scope.expr(&var.domain);
        for index in &var.index {
            scope.expr(index);
        }
    }
    for var in &spec.vars {
        scope.define(&var.name, Kind::Var);
        for alias in &var.aliases {
            scope.define(alias, Kind::Var);
        }
    }
    for function in &spec.functions {
        scope.locals = function.params.iter().map(|p| p.text.clone()).collect();
        scope.expr(&function.body);
        scope.locals.clear();
        scope.define(&function.name, Kind::Function(function.params.len()));
    }
    for constraint in &spec.constraints {
        scope.expr(&constraint.expr);
    }
    for name in &spec.search.order {
        if scope.globals.get(&name.text) != Some(&Kind::Var) {
            let vars = spec
                .vars
                .iter()
                .flat_map(|v| std::iter::once(&v.name).chain(&v.aliases))
                .map(|n| n.text.as_str());
            scope.unknown(name, "variable", vars);
        }
    }
    for part in spec.template.iter().flatten() {
        if let TemplatePart::Expr(e) = part {
            scope.expr(e);
        }
    }
    if scope.errors.is_empty() {
        Ok(())
    } else {
        Err(scope.errors)
    }
}

impl Scope {
    fn define(&mut self, name: &Name, kind: Kind) {
        if self.globals.contains_key(&name.text) || builtin_arity(&name.text).is_some() {
            self.errors.push(Diagnostic::new(
                format!("`{}` is defined more than once", name.text),
                name.span,
            ));
        }
        let _ = self.globals.insert(name.text.clone(), kind);
    }

    fn unknown<'a>(&mut self, name: &Name, what: &str, candidates: impl Iterator<Item = &'a str>) {
        let candidates: Vec<&str> = candidates.collect();
        let mut d = Diagnostic::new(format!("unknown {what} `{}`", name.text), name.span);
        if let Some(s) = did_you_mean(&name.text, candidates) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        self.errors.push(d);
    }

    fn visible(&self) -> Vec<String> {
        self.locals
            .iter()
            .cloned()
            .chain(self.globals.keys().cloned())
            .chain(BUILTINS.iter().map(|s| s.to_string()))
            .collect()
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) => {}
            ExprKind::Name(n) => {
                if self.locals.iter().any(|l| l == n) {
                    return;
                }
                match self.globals.get(n) {
                    Some(Kind::Param | Kind::Var) => {}
                    Some(Kind::Function(_)) => self.errors.push(Diagnostic::new(
                        format!("`{n}` is a function: call it with arguments"),
                        e.span,
                    )),
                    None => {
                        let name = Name {
                            text: n.clone(),
                            span: e.span,
                        };
                        let visible = self.visible();
                        if builtin_arity(n).is_some() {
                            self.errors.push(Diagnostic::new(
                                format!("`{n}` is a builtin function: call it with arguments"),
                                e.span,
                            ));
                        } else {
                            self.unknown(&name, "name", visible.iter().map(String::as_str));
                        }
                    }
                }
            }
            ExprKind::Unary(_, x) => self.expr(x),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::If(c, t, f) => {
                self.expr(c);
                self.expr(t);
                self.expr(f);
            }
            ExprKind::List(xs) | ExprKind::Set(xs) => xs.iter().for_each(|x| self.expr(x)),
            ExprKind::Call(f, args) => {
                let arity = match (self.globals.get(&f.text), builtin_arity(&f.text)) {
                    (Some(Kind::Function(n)), _) => Some((*n, *n)),
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
                            .chain(BUILTINS.iter().map(|s| s.to_string()))
                            .collect();
                        self.unknown(f, "function", callable.iter().map(String::as_str));
                        None
                    }
                };
                if let Some((lo, hi)) = arity
                    && (args.len() < lo || args.len() > hi)
                {
                    {
                        let expected = match (lo, hi) {
                            (lo, hi) if lo == hi => format!("{lo} argument{}", plural(lo)),
                            (lo, _) => format!("at least {lo} argument{}", plural(lo)),
                        };
                        self.errors.push(Diagnostic::new(
                            format!("`{}` takes {expected}, found {}", f.text, args.len()),
                            e.span,
                        ));
                    }
                }
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Comprehension(head, clauses) => {
                let depth = self.locals.len();
                for clause in clauses {
                    match clause {
                        Clause::For(name, source) => {
                            self.expr(source);
                            self.locals.push(name.text.clone());
                        }
                        Clause::If(cond) => self.expr(cond),
                    }
                }
                self.expr(head);
                self.locals.truncate(depth);
            }
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
