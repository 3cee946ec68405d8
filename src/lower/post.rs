//! Constraints at the root: what must hold is posted directly, without the
//! literal a value context would need. `a and b` posts both, `forall` posts
//! each item, a comparison posts one linear constraint, `alldifferent` and
//! `lex_less` post their global constraints; anything else is evaluated as
//! a boolean and asserted. A nogood (a solution forbidden) is posted here
//! too.

use super::eval::is_list;
use super::scope::Scope;
use super::value::{BoolVal, LinExpr, R, Value, type_error};
use super::{Lowerer, negate};
use crate::constraints::{AllDifferent, ElementConst, Lex};
use crate::diagnostic::Diagnostic;
use crate::model::{Constraint, Rel, VarId, View};
use crate::source::Span;
use crate::spec::ast::{BinaryOp, Clause, Expr, ExprKind, UnaryOp};
use crate::spec::builtins::{self, Builtin};

impl Lowerer {
    /// Posts `e` as a constraint that must hold, and with it every
    /// definedness guard its evaluation raised (the root is their nearest
    /// boolean context).
    pub(crate) fn post(&mut self, e: &Expr) -> R<()> {
        self.at_root(|l| l.post_inner(e))
    }

    /// Runs `body`, which posts constraints at the root, then asserts every
    /// definedness guard its evaluation raised.
    pub(crate) fn at_root(&mut self, body: impl FnOnce(&mut Lowerer) -> R<()>) -> R<()> {
        self.with_defining(false, |l| {
            let mark = l.guards.len();
            let result = body(l);
            let raised: Vec<BoolVal> = l.guards.drain(mark..).collect();
            if result.is_ok() {
                for guard in raised {
                    l.assert(guard);
                }
            }
            result
        })
    }

    fn post_inner(&mut self, e: &Expr) -> R<()> {
        let span = e.span;
        match &e.kind {
            ExprKind::Binary(BinaryOp::And, a, b) => {
                self.post(a)?;
                self.post(b)
            }
            ExprKind::Binary(
                op @ (BinaryOp::Eq
                | BinaryOp::Ne
                | BinaryOp::Lt
                | BinaryOp::Le
                | BinaryOp::Gt
                | BinaryOp::Ge),
                a,
                b,
            ) => self.post_comparison(*op, a, b, span),
            ExprKind::Binary(BinaryOp::In, a, b) => self.post_in(a, b, span),
            ExprKind::Unary(UnaryOp::Not, x) => {
                let b = negate(self.eval_bool(x)?);
                self.assert(b);
                Ok(())
            }
            ExprKind::If(c, t, f) => match self.eval_bool(c)? {
                BoolVal::Const(true) => self.post(t),
                BoolVal::Const(false) => self.post(f),
                // (c -> t) and (not c -> f): only the chosen branch must hold
                // (and be defined).
                c => {
                    let (when_true, when_false) = (self.eval_bool(t)?, self.eval_bool(f)?);
                    self.clause(vec![negate(c), when_true]);
                    self.clause(vec![c, when_false]);
                    Ok(())
                }
            },
            ExprKind::Call(f, args) => {
                if let Some(function) = self.functions.get(&f.text).cloned() {
                    return self.apply(&function, args, &mut |l, body| l.post(body));
                }
                match builtins::lookup(&f.text).map(|b| b.builtin) {
                    Some(Builtin::Forall) => self.post_forall(args),
                    Some(Builtin::Regular) => self.post_regular(args, e.span),
                    Some(Builtin::NonogramLine) => self.post_nonogram_line(args, e.span),
                    Some(Builtin::Cumulative) => self.post_cumulative(args),
                    Some(b @ (Builtin::Disjunctive | Builtin::DisjunctiveStrict)) => {
                        self.post_disjunctive(b, args)
                    }
                    Some(Builtin::Connected) => self.post_connected(args, e.span),
                    Some(Builtin::SingleLoop) => self.post_single_loop(args, e.span),
                    Some(Builtin::SinglePath) => self.post_single_path(args, e.span),
                    Some(
                        global @ (Builtin::Table
                        | Builtin::GlobalCardinality
                        | Builtin::Circuit
                        | Builtin::Subcircuit
                        | Builtin::Inverse
                        | Builtin::Member
                        | Builtin::AllDifferentExcept0
                        | Builtin::AllDifferentExcept
                        | Builtin::Increasing
                        | Builtin::Decreasing),
                    ) => self.post_global(global, args, e.span),
                    Some(Builtin::AllDifferent) => {
                        let items = self.aggregate_items(args)?;
                        let mut views = Vec::new();
                        for (v, s) in &items {
                            let l = self.lin(v, *s)?;
                            views.push(self.view(&l, *s)?);
                        }
                        if views.len() > 1 {
                            self.post_constraint(Constraint::AllDifferent(AllDifferent(views)));
                        }
                        Ok(())
                    }
                    Some(lex @ (Builtin::LexLess | Builtin::LexLessEq)) => {
                        self.post_lex(lex == Builtin::LexLess, &f.text, args, span)
                    }
                    _ => self.post_value(e),
                }
            }
            _ => self.post_value(e),
        }
    }

    /// `a op b` at the root: a linear constraint (lists compared item by
    /// item, or as wholes for `==`).
    fn post_comparison(&mut self, op: BinaryOp, a: &Expr, b: &Expr, span: Span) -> R<()> {
        let (x, y) = (self.eval(a)?, self.eval(b)?);
        if op == BinaryOp::Eq && (is_list(&x) || is_list(&y)) {
            return self.post_equal(&x, &y, a.span, b.span, span);
        }
        if is_list(&x) || is_list(&y) {
            let truth = self.list_comparison(op, &x, &y, a.span, b.span, span)?;
            self.assert(truth);
            return Ok(());
        }
        let (rel, diff) = self.comparison(op, &x, &y, a.span, b.span, span)?;
        match diff.as_constant() {
            Some(_) => {
                if self.reify_compare(rel, diff, span)? == BoolVal::Const(false) {
                    self.post_false();
                }
                Ok(())
            }
            None => self.linear(&diff, rel, None, span),
        }
    }

    /// `x in S` at the root: two bounds for a range, else an element
    /// constraint over the sorted values.
    fn post_in(&mut self, a: &Expr, b: &Expr, span: Span) -> R<()> {
        let (x, set) = (self.eval(a)?, self.eval(b)?);
        if let Some(found) = super::eval::text_member(&x, &set) {
            if !found {
                self.post_false();
            }
            return Ok(());
        }
        let x = self.lin(&x, a.span)?;
        if let Value::Range(lo, hi) = set {
            let lo_e = super::value::LinExpr::constant(lo).add_scaled(-1, &x, span)?;
            let hi_e = x.add_scaled(-1, &super::value::LinExpr::constant(hi), span)?;
            self.linear(&lo_e, Rel::Le, None, span)?;
            return self.linear(&hi_e, Rel::Le, None, span);
        }
        let mut values = Vec::new();
        for item in self.items(&set, b.span)? {
            values.push(self.int(&item, b.span)?);
        }
        // One position per value, so the position is determined by x.
        values.sort_unstable();
        values.dedup();
        if values.is_empty() {
            self.post_false();
            return Ok(());
        }
        // x in {v...}: x == values[i] for some i, domain consistent.
        if let Some(c) = x.as_constant() {
            if !values.contains(&c) {
                self.post_false();
            }
            return Ok(());
        }
        let result = self.view(&x, a.span)?;
        let i = self.aux(
            "pos",
            crate::model::IntervalSet::range(0, values.len() as i64 - 1),
            a.span,
        )?;
        self.post_constraint(Constraint::ElementConst(ElementConst {
            index: View::of(i),
            values,
            result,
        }));
        Ok(())
    }

    /// `lex_less(xs, ys)` or `lex_lesseq(xs, ys)` (`strict`).
    fn post_lex(&mut self, strict: bool, name: &str, args: &[Expr], span: Span) -> R<()> {
        let xs = self.view_list(&args[0])?;
        let ys = self.view_list(&args[1])?;
        if xs.len() != ys.len() {
            return Err(Diagnostic::new(
                format!(
                    "`{}` needs two lists of the same length, found {} and {}",
                    name,
                    xs.len(),
                    ys.len()
                ),
                span,
            ));
        }
        self.post_constraint(Constraint::Lex(Lex { xs, ys, strict }));
        Ok(())
    }

    /// `forall(...)` at the root: every item is a constraint of its own,
    /// named by its generator values (`[i=2, j=5]`, `[k=[[1, 1], [1, 2]]]`,
    /// `[h="red"]` as a variable's text index is, `[x=A]` for a variable) when each has a constant
    /// value or is one variable, else by its position (`[2]`).
    fn post_forall(&mut self, args: &[Expr]) -> R<()> {
        if let [arg] = args {
            let outer = self.item.clone();
            let item =
                |label: &dyn std::fmt::Display| Scope::keep().item(format!("{outer}[{label}]"));
            return match &arg.kind {
                ExprKind::Comprehension(head, clauses) => {
                    let generators = clauses
                        .iter()
                        .filter(|c| matches!(c, Clause::For(..)))
                        .count();
                    let mut position = 0;
                    self.comprehension(head, clauses, &mut |l, h| {
                        let bound = &l.locals[l.locals.len() - generators..];
                        let values: Option<Vec<String>> = bound
                            .iter()
                            .map(|(name, v)| Some(format!("{name}={}", l.label_value(v)?)))
                            .collect();
                        let label = values.map_or(position.to_string(), |v| v.join(", "));
                        position += 1;
                        l.scoped(item(&label), |l| l.post(h))
                    })
                }
                ExprKind::List(items) => items
                    .iter()
                    .enumerate()
                    .try_for_each(|(position, e)| self.scoped(item(&position), |l| l.post(e))),
                _ => self.post_aggregate(args),
            };
        }
        self.post_aggregate(args)
    }

    /// A generator value as an item's label writes it, as the language
    /// does: `3`, `true`, `"red"`, `1..4`, `{1, 3}`, `[[1, 1], [1, 2]]`, a
    /// variable by its name; `None` for an expression over variables.
    pub(super) fn label_value(&self, v: &Value) -> Option<String> {
        Some(match v {
            Value::Int(i) => i.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Str(t) => format!("\"{t}\""),
            Value::Range(lo, hi) => format!("{lo}..{hi}"),
            Value::Set(items) => {
                let items: Vec<String> = items.iter().map(i64::to_string).collect();
                format!("{{{}}}", items.join(", "))
            }
            Value::List(a) => {
                let items: Option<Vec<String>> =
                    a.items.iter().map(|v| self.label_value(v)).collect();
                format!("[{}]", items?.join(", "))
            }
            Value::Lin(e) => match (&e.terms[..], e.constant) {
                ([(1, x)], 0) => self.model.vars[x.index()].name.clone(),
                _ => return None,
            },
            Value::Lit(lit) if lit.positive => self.model.vars[lit.var.index()].name.clone(),
            Value::Lit(_) => return None,
        })
    }

    /// `forall(list)` at the root: each item asserted.
    fn post_aggregate(&mut self, args: &[Expr]) -> R<()> {
        for (v, s) in self.aggregate_items(args)? {
            let b = self.boolean(&v, s)?;
            self.assert(b);
        }
        Ok(())
    }

    /// Evaluates `e` as a boolean and asserts it.
    fn post_value(&mut self, e: &Expr) -> R<()> {
        let v = self.eval(e)?;
        let b = self.boolean(&v, e.span).map_err(|_| {
            Diagnostic::new(
                format!("a constraint must be a boolean, found {}", v.describe()),
                e.span,
            )
        })?;
        self.assert(b);
        Ok(())
    }

    /// `x == y` at the root, lists item by item (see `list_comparison`).
    fn post_equal(&mut self, x: &Value, y: &Value, xs: Span, ys: Span, span: Span) -> R<()> {
        match (x, y) {
            (Value::List(a), Value::List(b)) => {
                if a.items.len() != b.items.len() {
                    self.post_false();
                    return Ok(());
                }
                for (p, q) in a.items.iter().zip(&b.items) {
                    self.post_equal(p, q, xs, ys, span)?;
                }
                Ok(())
            }
            (Value::List(_), other) => Err(type_error("a list", other, ys)),
            (other, Value::List(_)) => Err(type_error("a list", other, xs)),
            _ => {
                let (rel, diff) = self.comparison(BinaryOp::Eq, x, y, xs, ys, span)?;
                match diff.as_constant() {
                    Some(c) if rel.holds(c, 0) => Ok(()),
                    Some(_) => {
                        self.post_false();
                        Ok(())
                    }
                    None => self.linear(&diff, rel, None, span),
                }
            }
        }
    }

    pub(super) fn assert(&mut self, b: BoolVal) {
        match b {
            BoolVal::Const(true) => {}
            BoolVal::Const(false) => self.post_false(),
            BoolVal::Lit(l) => self.post_lit(l),
        }
    }

    fn view_list(&mut self, e: &Expr) -> R<Vec<View>> {
        let v = self.eval(e)?;
        if !matches!(v, Value::List(_)) {
            return Err(type_error("a list", &v, e.span));
        }
        let mut views = Vec::new();
        for item in self.flat_items(&v, e.span)? {
            let l = self.lin(&item, e.span)?;
            views.push(self.view(&l, e.span)?);
        }
        Ok(views)
    }
}

impl Lowerer {
    /// "Not all of `assignment`": a clause of `x != v`, each a shared
    /// reified comparison (a definition, as any other).
    pub(crate) fn nogood(&mut self, assignment: &[(VarId, i64)], span: Span) -> R<()> {
        let mut lits = Vec::with_capacity(assignment.len());
        for &(x, v) in assignment {
            let e = LinExpr::var(x).add_scaled(1, &LinExpr::constant(-v), span)?;
            lits.push(self.with_defining(true, |l| l.reify_compare(Rel::Ne, e, span))?);
        }
        self.clause(lits);
        Ok(())
    }
}
