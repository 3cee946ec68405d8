//! Calls in value context: builtins (`abs`, `min`, `max`, `sum`, `count`,
//! `forall`, `exists`, `len`, `alldifferent`) and user functions, which are
//! expanded where they are called.

use super::Lowerer;
use super::eval::{bool_value, no_text};
use super::scope::Scope;
use super::value::{BoolVal, LinExpr, R, Value, type_error};
use crate::constraints::{Abs, Max};
use crate::diagnostic::Diagnostic;
use crate::model::{Constraint, Rel, View};
use crate::source::Span;
use crate::spec::ast::{Expr, ExprKind};
use crate::spec::builtins::{self, Builtin, Usage};
use std::sync::Arc;

/// Most calls remembered (each one a constant value).
const MEMO_ENTRIES: usize = 100_000;

/// A piece of a constant value, as a key: the arguments of a call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum KeyPart {
    Int(i64),
    Bool(bool),
    Str(Arc<str>),
    Range(i64, i64),
    /// A set, or a list (its base and whether texts index it) of the
    /// parts that follow, up to its `End`.
    Set,
    List(i64, bool),
    End,
}

/// `v` as key parts, if it is a constant.
fn key_of(v: &Value, out: &mut Vec<KeyPart>) -> bool {
    match v {
        Value::Int(i) => out.push(KeyPart::Int(*i)),
        Value::Bool(b) => out.push(KeyPart::Bool(*b)),
        Value::Str(s) => out.push(KeyPart::Str(s.clone())),
        Value::Range(lo, hi) => out.push(KeyPart::Range(*lo, *hi)),
        Value::Set(s) => {
            out.push(KeyPart::Set);
            out.extend(s.iter().map(|&i| KeyPart::Int(i)));
            out.push(KeyPart::End);
        }
        Value::List(a) => {
            out.push(KeyPart::List(a.base, a.by_text));
            for item in &a.items {
                if !key_of(item, out) {
                    return false;
                }
            }
            out.push(KeyPart::End);
        }
        Value::Lin(_) | Value::Lit(_) => return false,
    }
    true
}

impl Lowerer {
    pub(super) fn call(&mut self, name: &str, args: &[Expr], span: Span) -> R<Value> {
        if let Some(f) = self.functions.get(name).cloned() {
            // A boolean call is the nearest boolean context of its arguments.
            let mark = self.guards.len();
            let v = self.call_function(name, &f, args, span)?;
            return Ok(match v {
                Value::Bool(_) | Value::Lit(_) => {
                    let b = self.boolean(&v, span)?;
                    bool_value(self.guarded_by(mark, b))
                }
                other => other,
            });
        }
        let Some(info) = builtins::lookup(name) else {
            return Err(Diagnostic::new(format!("unknown function `{name}`"), span));
        };
        match info.builtin {
            Builtin::Abs => self.abs_value(&args[0], span),
            Builtin::Min | Builtin::Max => self.min_max(info.builtin == Builtin::Max, args, span),
            Builtin::Count if args.len() == 2 => self.global_value(info.builtin, args, span),
            Builtin::Table
            | Builtin::GlobalCardinality
            | Builtin::Increasing
            | Builtin::Decreasing => self.global_value(info.builtin, args, span),
            Builtin::Sum | Builtin::Count => {
                self.sum_value(info.builtin == Builtin::Count, args, span)
            }
            Builtin::Product => {
                // Multiplied in turn, as `a * b * c` is: constants fold,
                // variables make the products `*` makes.
                let mut total = Value::Int(1);
                for (v, s) in self.aggregate_items(args)? {
                    no_text(&v, s)?;
                    total = self.arithmetic(
                        crate::spec::ast::BinaryOp::Mul,
                        &total,
                        &v,
                        span,
                        s,
                        span,
                    )?;
                }
                Ok(total)
            }
            Builtin::Forall | Builtin::Exists => {
                let lits = self.aggregate_bools(args)?;
                Ok(bool_value(if info.builtin == Builtin::Forall {
                    self.and(lits)
                } else {
                    self.or(lits)
                }))
            }
            Builtin::Len => self.len_value(&args[0], span),
            Builtin::Chars
            | Builtin::Words
            | Builtin::Require
            | Builtin::Int
            | Builtin::IndexSet
            | Builtin::Reverse
            | Builtin::Row
            | Builtin::Col => self.list_builtin(info.builtin, args, span),
            Builtin::AllDifferent => self.alldifferent_value(args, span),
            Builtin::Join => self.join_value(args),
            Builtin::LexLess
            | Builtin::LexLessEq
            | Builtin::Circuit
            | Builtin::Subcircuit
            | Builtin::Inverse
            | Builtin::Connected
            | Builtin::SingleLoop
            | Builtin::SinglePath
            | Builtin::Regular
            | Builtin::NonogramLine
            | Builtin::Cumulative
            | Builtin::Disjunctive
            | Builtin::DisjunctiveStrict
            | Builtin::Member
            | Builtin::AllDifferentExcept0
            | Builtin::AllDifferentExcept => {
                debug_assert_eq!(info.usage, Usage::Constraint);
                Err(Diagnostic::new(
                    format!(
                        "`{name}` can only be a constraint of its own, not part of an expression"
                    ),
                    span,
                ))
            }
        }
    }

    /// `abs(x)`: a constant, or a variable with the bounds of |x|.
    fn abs_value(&mut self, arg: &Expr, span: Span) -> R<Value> {
        let v = self.eval(arg)?;
        no_text(&v, arg.span)?;
        if let Value::Int(i) = v {
            return i
                .checked_abs()
                .map(Value::Int)
                .ok_or_else(|| super::value::overflow(span));
        }
        let l = self.lin(&v, arg.span)?;
        let (lo, hi) = self.bounds(&l, span)?;
        let x = self.view(&l, span)?;
        let top = i64::try_from(lo.unsigned_abs().max(hi.unsigned_abs()))
            .map_err(|_| super::value::overflow(span))?;
        let bottom = if lo > 0 {
            lo
        } else if hi < 0 {
            -hi
        } else {
            0
        };
        let (z, result) = self.result_var("abs", bottom, top, span)?;
        self.post_constraint(Constraint::Abs(Abs { x, z }));
        Ok(result)
    }

    /// `sum(...)`, or `count(...)` of booleans: one linear expression.
    fn sum_value(&mut self, count: bool, args: &[Expr], span: Span) -> R<Value> {
        let mut terms = Vec::new();
        if count {
            for b in self.aggregate_bools(args)? {
                terms.push(self.lin(&bool_value(b), span)?);
            }
        } else {
            for (v, s) in self.aggregate_items(args)? {
                no_text(&v, s)?;
                terms.push(self.lin(&v, s)?);
            }
        }
        let total = LinExpr::sum(terms.iter().map(|t| (1, t)), span)?;
        Ok(match total.as_constant() {
            Some(c) => Value::Int(c),
            None => Value::Lin(Arc::new(total)),
        })
    }

    /// `len(xs)`: the number of items of a list, range or set, or of
    /// characters of a text (as `chars` splits it).
    fn len_value(&mut self, arg: &Expr, span: Span) -> R<Value> {
        let v = self.eval(arg)?;
        match &v {
            Value::List(a) => Ok(Value::Int(a.items.len() as i64)),
            Value::Str(text) => Ok(Value::Int(text.chars().count() as i64)),
            Value::Set(s) => Ok(Value::Int(s.len() as i64)),
            Value::Range(lo, hi) => i64::try_from((i128::from(*hi) - i128::from(*lo) + 1).max(0))
                .map(Value::Int)
                .map_err(|_| super::value::overflow(span)),
            other => Err(type_error("a list, range, set or text", other, arg.span)),
        }
    }

    /// `alldifferent(...)` inside an expression: the conjunction of pairwise
    /// differences, itself the nearest boolean context of its items.
    fn alldifferent_value(&mut self, args: &[Expr], span: Span) -> R<Value> {
        let mark = self.guards.len();
        let items = self.aggregate_items(args)?;
        let mut lins = Vec::new();
        for (v, s) in &items {
            lins.push(self.lin(v, *s)?);
        }
        let mut pairs = Vec::new();
        for i in 0..lins.len() {
            for j in i + 1..lins.len() {
                let d = lins[i].add_scaled(-1, &lins[j], span)?;
                pairs.push(self.reify_compare(Rel::Ne, d, span)?);
            }
        }
        let all = self.and(pairs);
        Ok(bool_value(self.guarded_by(mark, all)))
    }

    /// `join(xs, separator)`, for output: the items as text.
    fn join_value(&mut self, args: &[Expr]) -> R<Value> {
        let list = self.eval(&args[0])?;
        let separator = match self.eval(&args[1])? {
            Value::Str(s) => s,
            other => return Err(type_error("a text", &other, args[1].span)),
        };
        let mut parts = Vec::new();
        for item in self.flat_items(&list, args[0].span)? {
            parts.push(match item {
                Value::Int(i) => i.to_string(),
                Value::Bool(b) => b.to_string(),
                Value::Str(s) => s.to_string(),
                other => {
                    return Err(type_error("integers or strings", &other, args[0].span));
                }
            });
        }
        Ok(Value::Str(parts.join(&separator).into()))
    }

    /// The items of a boolean aggregate, each its own boolean context when
    /// written as a generator or a list literal.
    fn aggregate_bools(&mut self, args: &[Expr]) -> R<Vec<BoolVal>> {
        let mut out = Vec::new();
        for arg in args {
            match &arg.kind {
                ExprKind::Comprehension(head, clauses) => {
                    self.comprehension(head, clauses, &mut |l, h| {
                        out.push(l.eval_bool(h)?);
                        Ok(())
                    })?;
                }
                ExprKind::List(items) => {
                    for item in items {
                        out.push(self.eval_bool(item)?);
                    }
                }
                _ => {
                    let v = self.eval(arg)?;
                    if !matches!(v, Value::List(_)) && args.len() == 1 {
                        return Err(type_error("a list", &v, arg.span));
                    }
                    let items = match v {
                        Value::List(_) => self.flat_items(&v, arg.span)?,
                        other => vec![other],
                    };
                    for item in items {
                        out.push(self.boolean(&item, arg.span)?);
                    }
                }
            }
        }
        Ok(out)
    }

    /// A user function's value. A call on constant arguments whose value
    /// is a constant, made without posting anything, is remembered: the
    /// next such call (an automaton or a table built by a function, asked
    /// for at every row) costs a lookup, not a new expansion.
    fn call_function(
        &mut self,
        name: &str,
        f: &crate::spec::ast::Function,
        args: &[Expr],
        span: Span,
    ) -> R<Value> {
        let mut values = Vec::with_capacity(args.len());
        let mut key = Vec::new();
        let mut constant = true;
        for arg in args {
            let v = self.eval(arg)?;
            constant = constant && key_of(&v, &mut key);
            values.push(v);
        }
        let key = constant.then(|| (name.to_string(), key));
        if let Some(v) = key.as_ref().and_then(|k| self.memo.get(k)) {
            return Ok(v.clone());
        }
        let before = (
            self.guards.len(),
            self.model.vars.len(),
            self.model.constraints.len(),
        );
        let bound = f
            .params
            .iter()
            .map(|p| p.text.clone())
            .zip(values)
            .collect();
        let v = self
            .scoped(Scope::keep().locals(bound), |l| l.eval(&f.body))
            .map_err(|mut d| {
                // An error in the body names the call that reached it.
                if d.span
                    .is_some_and(|s| f.body.span.start <= s.start && s.end <= f.body.span.end)
                    || !d.calls.is_empty()
                {
                    d.calls.push((name.to_string(), span));
                }
                d
            })?;
        let untouched = before
            == (
                self.guards.len(),
                self.model.vars.len(),
                self.model.constraints.len(),
            );
        if let Some(key) = key
            && untouched
            && self.memo.len() < MEMO_ENTRIES
            && key_of(&v, &mut Vec::new())
        {
            let _ = self.memo.insert(key, v.clone());
        }
        Ok(v)
    }

    /// Binds the arguments to the parameters (and nothing else: functions
    /// see globals, never their caller's locals), then runs `body`.
    pub(super) fn apply<T>(
        &mut self,
        f: &crate::spec::ast::Function,
        args: &[Expr],
        body: &mut dyn FnMut(&mut Lowerer, &Expr) -> R<T>,
    ) -> R<T> {
        let mut bound = Vec::new();
        for (param, arg) in f.params.iter().zip(args) {
            bound.push((param.text.clone(), self.eval(arg)?));
        }
        self.scoped(Scope::keep().locals(bound), |l| body(l, &f.body))
    }

    fn min_max(&mut self, is_max: bool, args: &[Expr], span: Span) -> R<Value> {
        let items = self.aggregate_items(args)?;
        if items.is_empty() {
            return Err(Diagnostic::new("min and max need at least one value", span));
        }
        let mut lins = Vec::new();
        for (v, s) in &items {
            no_text(v, *s)?;
            lins.push(self.lin(v, *s)?);
        }
        if let Some(cs) = lins
            .iter()
            .map(LinExpr::as_constant)
            .collect::<Option<Vec<i64>>>()
        {
            let v = if is_max {
                cs.iter().max()
            } else {
                cs.iter().min()
            };
            return Ok(Value::Int(*v.expect("non-empty")));
        }
        // min(xs) = -max(-xs): one propagator serves both.
        let sign = if is_max { 1 } else { -1 };
        let (mut lo, mut hi) = (i64::MIN, i64::MIN);
        let mut views = Vec::new();
        for l in &lins {
            let l = l.scale(sign, span)?;
            let (a, b) = self.bounds(&l, span)?;
            lo = lo.max(a);
            hi = hi.max(b);
            views.push(self.view(&l, span)?);
        }
        let (lo, hi) = if is_max { (lo, hi) } else { (-hi, -lo) };
        let (z, result) = self.result_var(if is_max { "max" } else { "min" }, lo, hi, span)?;
        let z = View { scale: sign, ..z };
        self.post_constraint(Constraint::Max(Max { xs: views, z }));
        Ok(result)
    }
}
