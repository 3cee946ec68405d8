//! Expressions to values. Constants fold; anything over variables becomes a
//! linear expression, a literal, or an auxiliary variable defined by posted
//! constraints.

use super::budget::MAX_RANGE_ITEMS;
use super::value::{Array, BoolVal, LinExpr, R, Value, fold_arithmetic, overflow, type_error};
use super::{Lowerer, negate};
use crate::constraints::{Div, ElementConst, ElementVar, Rem, Times};
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::model::{Constraint, IntervalSet, Lit, Rel, View};
use crate::source::Span;
use crate::spec::ast::{BinaryOp, Clause, Expr, ExprKind, UnaryOp};
use std::sync::Arc;

impl Lowerer {
    pub(crate) fn lin(&self, v: &Value, span: Span) -> R<LinExpr> {
        match v {
            Value::Int(i) => Ok(LinExpr::constant(*i)),
            Value::Bool(b) => Ok(LinExpr::constant(i64::from(*b))),
            Value::Lin(e) => Ok((**e).clone()),
            Value::Lit(l) => {
                let view = l.view();
                Ok(LinExpr {
                    terms: vec![(view.scale, view.var)],
                    constant: view.offset,
                })
            }
            Value::Str(text) => Ok(LinExpr::constant(self.text_code(text, span)?)),
            other => Err(type_error("an integer", other, span)),
        }
    }

    /// The number of a text that an enum domain or an index lists: texts
    /// compare with variables, index arrays and fill tables as numbers.
    pub(super) fn text_code(&self, text: &str, span: Span) -> R<i64> {
        let texts = &self.model.texts;
        if let Some(code) = texts.code(text) {
            return Ok(code);
        }
        let d = Diagnostic::new(
            format!("the text \"{text}\" is not a value of any variable's domain or any index"),
            span,
        );
        Err(if texts.is_empty() {
            d.with_help("a variable takes texts when its domain lists them: `colour = { index = \"1..5\", domain = '[\"red\", \"green\", \"blue\"]' }`")
        } else {
            let known: Vec<String> = texts.all().iter().map(|t| format!("\"{t}\"")).collect();
            match crate::diagnostic::did_you_mean(text, texts.all().iter().map(|t| &**t)) {
                Some(s) => d.with_help(format!("did you mean \"{s}\"?")),
                None => d.with_help(format!("the texts of this spec are {}", known.join(", "))),
            }
        })
    }

    pub(super) fn boolean(&self, v: &Value, span: Span) -> R<BoolVal> {
        match v {
            Value::Bool(b) => Ok(BoolVal::Const(*b)),
            Value::Lit(l) => Ok(BoolVal::Lit(*l)),
            Value::Lin(e) => {
                // A 0/1 variable used as a boolean.
                if let [(a, var)] = e.terms[..] {
                    let d = self.model.domain(var);
                    let zero_one = d.min() >= Some(0) && d.max() <= Some(1);
                    if zero_one && a == 1 && e.constant == 0 {
                        return Ok(BoolVal::Lit(Lit {
                            var,
                            positive: true,
                        }));
                    }
                    if zero_one && a == -1 && e.constant == 1 {
                        return Ok(BoolVal::Lit(Lit {
                            var,
                            positive: false,
                        }));
                    }
                }
                Err(type_error("a boolean", v, span))
            }
            other => Err(type_error("a boolean", other, span)),
        }
    }

    pub(crate) fn int(&self, v: &Value, span: Span) -> R<i64> {
        match v {
            Value::Int(i) => Ok(*i),
            Value::Str(text) => self.text_code(text, span),
            Value::Lin(_) | Value::Lit(_) => Err(Diagnostic::new(
                format!(
                    "expected an integer known before solving, found {}",
                    v.describe()
                ),
                span,
            )),
            other => Err(type_error("an integer", other, span)),
        }
    }

    /// The items of a list, range or set.
    pub(crate) fn items(&self, v: &Value, span: Span) -> R<Vec<Value>> {
        match v {
            Value::List(a) => Ok(a.items.clone()),
            Value::Set(s) => Ok(s.iter().map(|&i| Value::Int(i)).collect()),
            Value::Range(lo, hi) => {
                if hi.saturating_sub(*lo) >= MAX_RANGE_ITEMS {
                    return Err(Diagnostic::new(
                        format!("range {lo}..{hi} is too large to iterate over"),
                        span,
                    ));
                }
                Ok((*lo..=*hi).map(Value::Int).collect())
            }
            other => Err(type_error("a list, range or set", other, span)),
        }
    }

    /// Items of a list, with nested lists flattened (for aggregates over 2-D arrays).
    pub(crate) fn flat_items(&self, v: &Value, span: Span) -> R<Vec<Value>> {
        let mut out = Vec::new();
        for item in self.items(v, span)? {
            match item {
                Value::List(_) => out.extend(self.flat_items(&item, span)?),
                other => out.push(other),
            }
        }
        Ok(out)
    }

    /// The arguments of an aggregate: one list argument, or the arguments themselves.
    pub(super) fn aggregate_items(&mut self, args: &[Expr]) -> R<Vec<(Value, Span)>> {
        let mut out = Vec::new();
        for arg in args {
            let v = self.eval(arg)?;
            match v {
                Value::List(_) | Value::Range(..) | Value::Set(_) => {
                    out.extend(
                        self.flat_items(&v, arg.span)?
                            .into_iter()
                            .map(|x| (x, arg.span)),
                    );
                }
                _ if args.len() == 1 => {
                    return Err(type_error("a list", &v, arg.span));
                }
                other => out.push((other, arg.span)),
            }
        }
        Ok(out)
    }

    /// Evaluates `e` in value context: what it posts defines auxiliary
    /// variables.
    pub(crate) fn eval(&mut self, e: &Expr) -> R<Value> {
        self.with_defining(true, |l| l.eval_value(e))
    }

    fn eval_value(&mut self, e: &Expr) -> R<Value> {
        let span = e.span;
        match &e.kind {
            ExprKind::Int(i) => Ok(Value::Int(*i)),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(s) => Ok(Value::Str(s.as_str().into())),
            ExprKind::Name(n) => self.lookup(n).cloned().ok_or_else(|| {
                Diagnostic::new(format!("unknown name `{n}`"), span)
                    .with_kind(DiagnosticKind::UnknownName)
            }),
            ExprKind::Unary(UnaryOp::Neg, x) => match self.eval(x)? {
                Value::Int(i) => i
                    .checked_neg()
                    .map(Value::Int)
                    .ok_or_else(|| overflow(span)),
                v => {
                    no_text(&v, x.span)?;
                    let l = self.lin(&v, x.span)?.scale(-1, span)?;
                    Ok(Value::Lin(Arc::new(l)))
                }
            },
            ExprKind::Unary(UnaryOp::Not, x) => Ok(bool_value(negate(self.eval_bool(x)?))),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span),
            ExprKind::If(c, t, f) => match self.eval_bool(c)? {
                BoolVal::Const(true) => self.eval(t),
                BoolVal::Const(false) => self.eval(f),
                BoolVal::Lit(l) => self.conditional(l, t, f, span),
            },
            ExprKind::Index(a, i) => {
                if let ExprKind::Index(grid, row) = &a.kind {
                    return self.grid_index(grid, row, i, a.span, span);
                }
                let array = self.eval(a)?;
                let index = self.eval(i)?;
                self.index(&array, &index, a.span, i.span, span)
            }
            ExprKind::Call(f, args) => self.call(&f.text, args, span),
            ExprKind::List(xs) => {
                let items = xs.iter().map(|x| self.eval(x)).collect::<R<Vec<_>>>()?;
                Ok(Value::list(items))
            }
            ExprKind::Set(xs) => {
                let mut items = Vec::new();
                for x in xs {
                    let v = self.eval(x)?;
                    items.push(self.int(&v, x.span)?);
                }
                items.sort_unstable();
                items.dedup();
                Ok(Value::Set(Arc::new(items)))
            }
            ExprKind::Comprehension(head, clauses) => {
                let mut items = Vec::new();
                self.comprehension(head, clauses, &mut |l, h| {
                    items.push(l.eval(h)?);
                    Ok(())
                })?;
                Ok(Value::list(items))
            }
        }
    }

    /// Runs `each` on the head for every binding the clauses produce.
    pub(super) fn comprehension(
        &mut self,
        head: &Expr,
        clauses: &[Clause],
        each: &mut dyn FnMut(&mut Lowerer, &Expr) -> R<()>,
    ) -> R<()> {
        let Some((first, rest)) = clauses.split_first() else {
            self.budget.item(&self.model, head.span)?;
            return each(self, head);
        };
        match first {
            Clause::For(name, source) => {
                let v = self.eval(source)?;
                for item in self.items(&v, source.span)? {
                    // The clock per binding, not only per item made: a
                    // filter that rejects every binding makes none.
                    self.budget.tick()?;
                    self.locals.push((name.text.clone(), item));
                    let result = self.comprehension(head, rest, each);
                    let _ = self.locals.pop();
                    result?;
                }
                Ok(())
            }
            Clause::If(cond) => {
                let v = self.eval(cond)?;
                match self.boolean(&v, cond.span)? {
                    BoolVal::Const(true) => self.comprehension(head, rest, each),
                    BoolVal::Const(false) => Ok(()),
                    BoolVal::Lit(_) => Err(Diagnostic::new(
                        "a comprehension filter must be known before solving",
                        cond.span,
                    )
                    .with_help("filter on params and generator variables; move conditions on variables into the head, e.g. `count(...)`")),
                }
            }
        }
    }

    fn binary(&mut self, op: BinaryOp, a: &Expr, b: &Expr, span: Span) -> R<Value> {
        use BinaryOp::*;
        match op {
            And | Or | Implies => {
                let x = self.eval_bool(a)?;
                // Short-circuit on constants, so `i > 0 and x[i-1] < x[i]` works.
                match (op, x) {
                    (And, BoolVal::Const(false)) => return Ok(Value::Bool(false)),
                    (Or, BoolVal::Const(true)) | (Implies, BoolVal::Const(false)) => {
                        return Ok(Value::Bool(true));
                    }
                    _ => {}
                }
                let y = self.eval_bool(b)?;
                Ok(bool_value(match op {
                    And => self.and(vec![x, y]),
                    Or => self.or(vec![x, y]),
                    _ => self.or(vec![negate(x), y]),
                }))
            }
            Iff => {
                let x = self.eval_bool(a)?;
                let y = self.eval_bool(b)?;
                let d = self.lin(&bool_value(x), a.span)?.add_scaled(
                    -1,
                    &self.lin(&bool_value(y), b.span)?,
                    span,
                )?;
                Ok(bool_value(self.reify_compare(Rel::Eq, d, span)?))
            }
            Range => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                Ok(Value::Range(self.int(&x, a.span)?, self.int(&y, b.span)?))
            }
            // A comparison is the nearest boolean context of its operands:
            // it is false where one of them is undefined.
            In => {
                let mark = self.guards.len();
                let (x, set) = (self.eval(a)?, self.eval(b)?);
                if let Some(found) = text_member(&x, &set) {
                    return Ok(Value::Bool(found));
                }
                let x = self.lin(&x, a.span)?;
                let truth = self.member(&x, &set, b.span, span)?;
                Ok(bool_value(self.guarded_by(mark, truth)))
            }
            Eq | Ne | Lt | Le | Gt | Ge => {
                let mark = self.guards.len();
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                let truth = if is_list(&x) || is_list(&y) {
                    self.list_comparison(op, &x, &y, a.span, b.span, span)?
                } else {
                    let (rel, diff) = self.comparison(op, &x, &y, a.span, b.span, span)?;
                    self.reify_compare(rel, diff, span)?
                };
                Ok(bool_value(self.guarded_by(mark, truth)))
            }
            Add | Sub | Mul | Div | Rem => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                no_text(&x, a.span)?;
                no_text(&y, b.span)?;
                self.arithmetic(op, &x, &y, a.span, b.span, span)
            }
            Pow => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                no_text(&x, a.span)?;
                no_text(&y, b.span)?;
                self.power(&x, &y, a.span, b.span, span)
            }
            Concat => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                let list = |v: &Value, s: Span| match v {
                    Value::List(_) | Value::Range(..) | Value::Set(_) => self.items(v, s),
                    other => Err(type_error("a list", other, s)
                        .with_help("`++` joins two lists: `[1, 2] ++ [3]`")),
                };
                let mut items = list(&x, a.span)?;
                items.extend(list(&y, b.span)?);
                Ok(Value::List(Arc::new(Array::new(items))))
            }
        }
    }

    /// `x ^ k`: `k` a constant at least 0; over a variable `x`, a product
    /// of auxiliary variables by repeated squaring (each bounded, so an
    /// overflow is an error, not a wrapped value).
    fn power(&mut self, x: &Value, k: &Value, xs: Span, ks: Span, span: Span) -> R<Value> {
        let k = match k {
            Value::Int(k) if *k >= 0 => *k,
            Value::Int(_) => {
                return Err(Diagnostic::new(
                    "the exponent of `^` must be at least 0",
                    ks,
                ));
            }
            other => {
                return Err(Diagnostic::new(
                    format!(
                        "the exponent of `^` must be an integer known before solving, found {}",
                        other.describe()
                    ),
                    ks,
                ));
            }
        };
        if let Value::Int(base) = x {
            return fold_arithmetic(BinaryOp::Pow, *base, k)
                .map(Value::Int)
                .ok_or_else(|| overflow(span));
        }
        let _ = self.lin(x, xs)?; // an integer, or a type error here
        let (mut result, mut square, mut k) = (Value::Int(1), x.clone(), k);
        while k > 0 {
            if k & 1 == 1 {
                result = self.arithmetic(BinaryOp::Mul, &result, &square, span, xs, span)?;
            }
            k >>= 1;
            if k > 0 {
                square = self.arithmetic(BinaryOp::Mul, &square, &square, xs, xs, span)?;
            }
        }
        Ok(result)
    }

    /// `x == y` or `x != y` where one side is a list: lists are equal when
    /// they have the same length and equal items in order (nested lists
    /// likewise); their index bases do not matter. Other comparisons of
    /// lists are type errors.
    pub(super) fn list_comparison(
        &mut self,
        op: BinaryOp,
        x: &Value,
        y: &Value,
        xs: Span,
        ys: Span,
        span: Span,
    ) -> R<BoolVal> {
        if !matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
            let (v, s) = if is_list(x) { (x, xs) } else { (y, ys) };
            return Err(type_error("an integer", v, s)
                .with_help("lists can be compared with `==` and `!=` only"));
        }
        let equal = self.lists_equal(x, y, xs, ys, span)?;
        Ok(if op == BinaryOp::Ne {
            negate(equal)
        } else {
            equal
        })
    }

    fn lists_equal(&mut self, x: &Value, y: &Value, xs: Span, ys: Span, span: Span) -> R<BoolVal> {
        match (x, y) {
            (Value::List(a), Value::List(b)) => {
                if a.items.len() != b.items.len() {
                    return Ok(BoolVal::Const(false));
                }
                let mut all = Vec::with_capacity(a.items.len());
                for (p, q) in a.items.iter().zip(&b.items) {
                    all.push(self.lists_equal(p, q, xs, ys, span)?);
                }
                Ok(self.and(all))
            }
            (Value::List(_), other) => Err(type_error("a list", other, ys)),
            (other, Value::List(_)) => Err(type_error("a list", other, xs)),
            _ => {
                let (rel, diff) = self.comparison(BinaryOp::Eq, x, y, xs, ys, span)?;
                self.reify_compare(rel, diff, span)
            }
        }
    }

    /// `x op y` as `rel` over `diff` (`diff rel 0`).
    pub(super) fn comparison(
        &self,
        op: BinaryOp,
        x: &Value,
        y: &Value,
        xs: Span,
        ys: Span,
        span: Span,
    ) -> R<(Rel, LinExpr)> {
        if let (Value::Str(p), Value::Str(q), BinaryOp::Eq | BinaryOp::Ne) = (x, y, op) {
            // Texts are equal when they read the same, numbered or not.
            let holds = (p == q) == (op == BinaryOp::Eq);
            return Ok((Rel::Eq, LinExpr::constant(i64::from(!holds))));
        }
        if matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
            self.text_in_domain(x, y, xs, ys)?;
        }
        let (x, y) = (self.lin(x, xs)?, self.lin(y, ys)?);
        let x_minus_y = x.add_scaled(-1, &y, span)?;
        let y_minus_x = y.add_scaled(-1, &x, span)?;
        let one = LinExpr::constant(1);
        Ok(match op {
            BinaryOp::Eq => (Rel::Eq, x_minus_y),
            BinaryOp::Ne => (Rel::Ne, x_minus_y),
            BinaryOp::Le => (Rel::Le, x_minus_y),
            BinaryOp::Lt => (Rel::Le, x_minus_y.add_scaled(1, &one, span)?),
            BinaryOp::Ge => (Rel::Le, y_minus_x),
            _ => (Rel::Le, y_minus_x.add_scaled(1, &one, span)?),
        })
    }

    /// `drink[3] == 'red'` where `drink` is over `tea, coffee, ...`: a text
    /// that the variable's declared domain does not list never equals it,
    /// which is a slip (another enum's text, a misspelling), not a
    /// constraint: an error naming the domain's texts.
    fn text_in_domain(&self, x: &Value, y: &Value, xs: Span, ys: Span) -> R<()> {
        for (text, other, span) in [(x, y, xs), (y, x, ys)] {
            let (Value::Str(text), Value::Lin(e)) = (text, other) else {
                continue;
            };
            let ([(1, var)], 0) = (&e.terms[..], e.constant) else {
                continue;
            };
            let declared = &self.model.vars[var.index()];
            if !declared.text {
                continue;
            }
            let code = self.text_code(text, span)?;
            let domain = self.model.domain(*var);
            if domain.contains(code) {
                continue;
            }
            let texts = &self.model.texts;
            let listed: Vec<&str> = domain
                .values()
                .filter_map(|c| texts.text(c).map(|t| &**t))
                .collect();
            let quoted: Vec<String> = listed.iter().map(|t| format!("\"{t}\"")).collect();
            let d = Diagnostic::new(
                format!(
                    "the text \"{text}\" is not a value of `{}`, whose domain is {}",
                    declared.name,
                    quoted.join(", ")
                ),
                span,
            );
            return Err(
                match crate::diagnostic::did_you_mean(text, listed.iter().copied()) {
                    Some(s) => d.with_help(format!("did you mean \"{s}\"?")),
                    None => d.with_help(
                        "a comparison with a text the variable cannot take is always false or always true: is it another variable's text?",
                    ),
                },
            );
        }
        Ok(())
    }

    /// `x in set` as a boolean.
    pub(super) fn member(
        &mut self,
        x: &LinExpr,
        set: &Value,
        set_span: Span,
        span: Span,
    ) -> R<BoolVal> {
        let values = match set {
            Value::Range(lo, hi) => {
                let above = self.reify_compare(
                    Rel::Le,
                    LinExpr::constant(*lo).add_scaled(-1, x, span)?,
                    span,
                )?;
                let below = self.reify_compare(
                    Rel::Le,
                    x.add_scaled(-1, &LinExpr::constant(*hi), span)?,
                    span,
                )?;
                return Ok(self.and(vec![above, below]));
            }
            Value::Set(s) => (**s).clone(),
            Value::List(_) => {
                let mut vs = Vec::new();
                for item in self.items(set, set_span)? {
                    vs.push(self.int(&item, set_span)?);
                }
                vs
            }
            other => return Err(type_error("a range, set or list", other, set_span)),
        };
        let mut options = Vec::new();
        for v in values {
            let d = x.add_scaled(-1, &LinExpr::constant(v), span)?;
            options.push(self.reify_compare(Rel::Eq, d, span)?);
        }
        Ok(self.or(options))
    }

    pub(super) fn arithmetic(
        &mut self,
        op: BinaryOp,
        x: &Value,
        y: &Value,
        xs: Span,
        ys: Span,
        span: Span,
    ) -> R<Value> {
        let (lx, ly) = (self.lin(x, xs)?, self.lin(y, ys)?);
        let value = |e: LinExpr| match e.as_constant() {
            Some(c) => Value::Int(c),
            None => Value::Lin(Arc::new(e)),
        };
        match op {
            BinaryOp::Add => Ok(value(lx.add_scaled(1, &ly, span)?)),
            BinaryOp::Sub => Ok(value(lx.add_scaled(-1, &ly, span)?)),
            BinaryOp::Mul => match (lx.as_constant(), ly.as_constant()) {
                (Some(a), Some(b)) => fold_arithmetic(op, a, b)
                    .map(Value::Int)
                    .ok_or_else(|| overflow(span)),
                (Some(k), None) => Ok(value(ly.scale(k, span)?)),
                (None, Some(k)) => Ok(value(lx.scale(k, span)?)),
                (None, None) => {
                    let (a, b) = (self.bounds(&lx, xs)?, self.bounds(&ly, ys)?);
                    let corners = [
                        a.0.checked_mul(b.0),
                        a.0.checked_mul(b.1),
                        a.1.checked_mul(b.0),
                        a.1.checked_mul(b.1),
                    ];
                    let corners: Vec<i64> = corners
                        .into_iter()
                        .collect::<Option<_>>()
                        .ok_or_else(|| overflow(span))?;
                    let (vx, vy) = (self.view(&lx, xs)?, self.view(&ly, ys)?);
                    let lo = *corners.iter().min().expect("4");
                    let hi = *corners.iter().max().expect("4");
                    let (z, result) = self.result_var("times", lo, hi, span)?;
                    self.post_constraint(Constraint::Times(Times { x: vx, y: vy, z }));
                    Ok(result)
                }
            },
            _ => {
                let rem = op == BinaryOp::Rem;
                if let (Some(a), Some(b)) = (lx.as_constant(), ly.as_constant()) {
                    if b == 0 {
                        return Err(Diagnostic::new("division by zero", ys));
                    }
                    return fold_arithmetic(op, a, b)
                        .map(Value::Int)
                        .ok_or_else(|| overflow(span));
                }
                let (a, b) = (self.bounds(&lx, xs)?, self.bounds(&ly, ys)?);
                let magnitude = |(lo, hi): (i64, i64)| {
                    i64::try_from(lo.unsigned_abs().max(hi.unsigned_abs()))
                        .map_err(|_| overflow(span))
                };
                let (big_x, big_y) = (magnitude(a)?, magnitude(b)?);
                let bound = if rem {
                    // (A divisor that can only be 0 leaves the bound at 0.)
                    big_x.min(big_y.max(1) - 1)
                } else {
                    big_x
                };
                let ly = self.defined_nonzero(&ly, ys)?;
                let (vx, vy) = (self.view(&lx, xs)?, self.view(&ly, ys)?);
                let (z, result) =
                    self.result_var(if rem { "rem" } else { "div" }, -bound, bound, span)?;
                self.post_constraint(if rem {
                    Constraint::Rem(Rem { x: vx, y: vy, z })
                } else {
                    Constraint::Div(Div { x: vx, y: vy, z })
                });
                Ok(result)
            }
        }
    }

    /// Evaluates a boolean operand: the nearest boolean context of anything
    /// undefined inside it, which makes it false there.
    pub(crate) fn eval_bool(&mut self, e: &Expr) -> R<BoolVal> {
        let mark = self.guards.len();
        let v = self.eval(e)?;
        let b = self.boolean(&v, e.span)?;
        Ok(self.guarded_by(mark, b))
    }

    /// `b` and every definedness guard raised since `mark` (which it consumes).
    pub(super) fn guarded_by(&mut self, mark: usize, b: BoolVal) -> BoolVal {
        if self.guards.len() == mark {
            return b;
        }
        let mut all: Vec<BoolVal> = self.guards.drain(mark..).collect();
        all.push(b);
        self.and(all)
    }

    /// `if l then t else f` with a condition decided by the search. Only the
    /// chosen branch needs to be defined.
    fn conditional(&mut self, l: Lit, t: &Expr, f: &Expr, span: Span) -> R<Value> {
        let c = BoolVal::Lit(l);
        let mark = self.guards.len();
        let tv = self.eval(t)?;
        let then_guard = self.guarded_by(mark, BoolVal::Const(true));
        let fv = self.eval(f)?;
        let else_guard = self.guarded_by(mark, BoolVal::Const(true));
        // Where the chosen branch is undefined, so is the conditional: its
        // guards go to the nearest enclosing boolean context, each under its
        // branch (a branch's own comparisons consumed theirs already). They
        // are not folded into a boolean result: `if c then p else x[i]`
        // compared with a number would read 0 where it is undefined.
        for (branch, guard) in [(c, then_guard), (negate(c), else_guard)] {
            if guard != BoolVal::Const(true) {
                let needed = self.or(vec![negate(branch), guard]);
                self.guards.push(needed);
            }
        }
        let is_bool = |v: &Value| matches!(v, Value::Bool(_) | Value::Lit(_));
        if let (Ok(tb), Ok(fb)) = (self.boolean(&tv, t.span), self.boolean(&fv, f.span))
            && (is_bool(&tv) || is_bool(&fv))
        {
            let when_true = self.and(vec![c, tb]);
            let when_false = self.and(vec![negate(c), fb]);
            return Ok(bool_value(self.or(vec![when_true, when_false])));
        }
        // Integers: element over [else, then] indexed by the condition.
        self.element_view(&Array::new(vec![fv, tv]), l.view(), span, span)
    }

    /// `a[index]` for a variable index (a view, already 0-based).
    pub(super) fn element_view(
        &mut self,
        a: &Array,
        index: View,
        array_span: Span,
        span: Span,
    ) -> R<Value> {
        if a.items.iter().any(|item| matches!(item, Value::List(_))) {
            return self.row_element(a, index, array_span, span);
        }
        let mut constants = Vec::new();
        let mut lins = Vec::new();
        for item in &a.items {
            let l = self.lin(item, array_span)?;
            if let Some(c) = l.as_constant() {
                constants.push(c);
            }
            lins.push(l);
        }
        if a.items.is_empty() {
            return Err(Diagnostic::new("cannot index an empty list", array_span));
        }
        if constants.len() == lins.len() {
            let domain = IntervalSet::from_values(constants.clone());
            let z = self.aux("elem", domain, span)?;
            self.post_constraint(Constraint::ElementConst(ElementConst {
                index,
                values: constants,
                result: View::of(z),
            }));
            return Ok(Value::Lin(Arc::new(LinExpr::var(z))));
        }
        let mut views = Vec::new();
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for l in &lins {
            let (a, b) = self.bounds(l, span)?;
            lo = lo.min(a);
            hi = hi.max(b);
            views.push(self.view(l, span)?);
        }
        let (z, result) = self.result_var("elem", lo, hi, span)?;
        self.post_constraint(Constraint::ElementVar(ElementVar {
            index,
            array: views,
            result: z,
        }));
        Ok(result)
    }

    /// `m[r]` with a variable `r` into a list of lists: the row, as a list
    /// whose item `j` is `m[r][j]`, an element over column `j` (so
    /// `m[r][c]` is an element over those, and deeper lists recurse).
    fn row_element(&mut self, a: &Array, index: View, array_span: Span, span: Span) -> R<Value> {
        let mut rows = Vec::new();
        for item in &a.items {
            match item {
                Value::List(row) => rows.push(row.clone()),
                other => return Err(type_error("a list (a row)", other, array_span)),
            }
        }
        let (base, width) = (rows[0].base, rows[0].items.len());
        if rows
            .iter()
            .any(|r| r.base != base || r.items.len() != width)
        {
            return Err(Diagnostic::new(
                "a list of lists indexed by a variable must have rows of one length",
                array_span,
            ));
        }
        let mut columns = Vec::with_capacity(width);
        for j in 0..width {
            let column = Array::new(rows.iter().map(|r| r.items[j].clone()).collect());
            columns.push(self.element_view(&column, index, array_span, span)?);
        }
        Ok(Value::List(Arc::new(Array {
            base,
            items: columns,
            by_text: rows[0].by_text,
        })))
    }

    pub(crate) fn index(
        &mut self,
        array: &Value,
        index: &Value,
        array_span: Span,
        index_span: Span,
        span: Span,
    ) -> R<Value> {
        let Value::List(a) = array else {
            return Err(type_error("a list to index", array, array_span));
        };
        let last = a.base + a.items.len() as i64 - 1;
        let out_of_range = |i: i64| {
            Diagnostic::new(
                format!(
                    "index {i} is out of range: valid indices are {}..{last}",
                    a.base
                ),
                index_span,
            )
        };
        // A list indexed by texts takes texts (or variables over them).
        let code;
        let index = match index {
            Value::Str(text) if a.by_text => {
                code = self.text_code(text, index_span)?;
                if code < a.base || code > last {
                    return Err(Diagnostic::new(
                        format!("\"{text}\" is not an index of this list"),
                        index_span,
                    ));
                }
                &Value::Int(code)
            }
            Value::Str(_) => {
                return Err(type_error("an integer index or a range", index, index_span)
                    .with_help("this list is indexed by numbers; a list is indexed by texts when its `index` lists them"));
            }
            Value::Int(_) | Value::Range(..) if a.by_text => {
                return Err(type_error("a text index", index, index_span).with_help(
                    "this list's `index` lists texts: index it by one, e.g. `a[\"red\"]`",
                ));
            }
            // A constant comparison indexes as 0 or 1, as a comparison
            // over variables does (and as `--dump-model` writes one).
            Value::Bool(b) if !a.by_text => {
                code = i64::from(*b);
                &Value::Int(code)
            }
            other => other,
        };
        match index {
            Value::Int(i) => {
                if *i < a.base || *i > last {
                    return Err(out_of_range(*i));
                }
                Ok(a.items[(*i - a.base) as usize].clone())
            }
            Value::Range(lo, hi) => {
                if hi < lo {
                    return Ok(Value::list(Vec::new()));
                }
                for i in [*lo, *hi] {
                    if i < a.base || i > last {
                        return Err(out_of_range(i));
                    }
                }
                let items = a.items[(lo - a.base) as usize..=(hi - a.base) as usize].to_vec();
                Ok(Value::List(Arc::new(Array::new(items))))
            }
            Value::Lin(_) | Value::Lit(_) => {
                let l = self.lin(index, index_span)?;
                let valid = (a.base, last);
                let l = self.defined_within(&l, valid, index_span)?;
                let mut view = self.view(&l, index_span)?;
                view.offset -= a.base;
                self.element_view(a, view, array_span, span)
            }
            other => Err(type_error("an integer index or a range", other, index_span)),
        }
    }
}

pub(crate) fn bool_value(b: BoolVal) -> Value {
    match b {
        BoolVal::Const(c) => Value::Bool(c),
        BoolVal::Lit(l) => Value::Lit(l),
    }
}

/// `'bob' in names` over a list of texts: by the texts themselves, which
/// need not be numbered (`None` when `x` or an item is not a text).
pub(super) fn text_member(x: &Value, set: &Value) -> Option<bool> {
    let (Value::Str(x), Value::List(list)) = (x, set) else {
        return None;
    };
    let mut found = false;
    for item in &list.items {
        let Value::Str(t) = item else { return None };
        found |= t == x;
    }
    Some(found)
}

/// Texts compare and index, but do not compute: `"red" + 1` is an error,
/// not the number underneath plus one.
pub(super) fn no_text(v: &Value, span: Span) -> R<()> {
    match v {
        Value::Str(_) => Err(type_error("an integer", v, span).with_help(
            "texts can be compared (`colour[h] == \"red\"`) and used as indices, not computed with",
        )),
        _ => Ok(()),
    }
}

pub(super) fn is_list(v: &Value) -> bool {
    matches!(v, Value::List(_))
}
