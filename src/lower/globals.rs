//! Global constraints beyond alldifferent and lex: `table`,
//! `global_cardinality`, `circuit`, `inverse`, `member`,
//! `alldifferent_except(_0)`, `increasing` / `decreasing` and
//! `count(xs, v)`. At the root each posts its own primitive (a table or
//! circuit propagator, linear constraints); inside an expression each is a
//! reified decomposition (a boolean over the same meaning), except
//! `circuit`, `inverse`, `member` and `alldifferent_except(_0)`,
//! constraints of their own only (like `lex_less`, see `call.rs`).

use super::Lowerer;
use super::eval::bool_value;
use super::value::{LinExpr, R, Value, type_error};
use crate::constraints::{
    AllDifferent, AllDifferentExcept, Circuit, Count, GlobalCardinality, Inverse, Member, Table,
};
use crate::diagnostic::Diagnostic;
use crate::model::{Constraint, Rel, View};
use crate::source::Span;
use crate::spec::ast::Expr;
use crate::spec::builtins::Builtin;
use crate::vocab::IntervalSet;

/// The arguments of `global_cardinality`: the items, the values and a
/// count per value.
struct Cardinalities {
    xs: Vec<LinExpr>,
    values: Vec<i64>,
    counts: Vec<LinExpr>,
}

impl Lowerer {
    /// A global in value context: its truth (or, for `count`, its number).
    pub(super) fn global_value(&mut self, builtin: Builtin, args: &[Expr], span: Span) -> R<Value> {
        let mark = self.guards.len();
        let truth = match builtin {
            Builtin::Count => return self.count_of(args, span),
            Builtin::Table => {
                let (xs, rows) = self.table_args(args)?;
                let mut alternatives = Vec::new();
                for row in rows {
                    let mut equal = Vec::new();
                    for (x, v) in xs.iter().zip(row) {
                        let d = x.add_scaled(-1, &LinExpr::constant(v), span)?;
                        equal.push(self.reify_compare(Rel::Eq, d, span)?);
                    }
                    alternatives.push(self.and(equal));
                }
                self.or(alternatives)
            }
            Builtin::GlobalCardinality => {
                let mut each = Vec::new();
                for (counted, c) in self.cardinalities(args, span)? {
                    let d = counted.add_scaled(-1, &c, span)?;
                    each.push(self.reify_compare(Rel::Eq, d, span)?);
                }
                self.and(each)
            }
            Builtin::Increasing | Builtin::Decreasing => {
                let mut each = Vec::new();
                for d in self.steps(builtin, args, span)? {
                    each.push(self.reify_compare(Rel::Le, d, span)?);
                }
                self.and(each)
            }
            other => unreachable!("{other:?} is no global of value context"),
        };
        Ok(bool_value(self.guarded_by(mark, truth)))
    }

    /// A global at the root, as its own primitive constraints.
    pub(super) fn post_global(&mut self, builtin: Builtin, args: &[Expr], span: Span) -> R<()> {
        match builtin {
            Builtin::Table => {
                let (xs, rows) = self.table_args(args)?;
                let mut views = Vec::new();
                for x in &xs {
                    views.push(self.view(x, span)?);
                }
                if rows.is_empty() {
                    self.post_false();
                } else {
                    self.post_constraint(Constraint::Table(Table { xs: views, rows }));
                }
            }
            Builtin::Circuit | Builtin::Subcircuit => {
                let (succ, base) = self.indexed_views(&args[0])?;
                if succ.len() > 1 {
                    self.post_constraint(Constraint::AllDifferent(AllDifferent(succ.clone())));
                }
                let sub = builtin == Builtin::Subcircuit;
                self.post_constraint(Constraint::Circuit(Circuit { succ, base, sub }));
            }
            Builtin::Inverse => {
                let (f, f_base) = self.indexed_views(&args[0])?;
                let (invf, invf_base) = self.indexed_views(&args[1])?;
                self.post_constraint(Constraint::Inverse(Inverse {
                    f,
                    f_base,
                    invf,
                    invf_base,
                }));
            }
            Builtin::AllDifferentExcept0 | Builtin::AllDifferentExcept => {
                let mut xs = Vec::new();
                for x in &self.int_items(&args[0])? {
                    xs.push(self.view(x, args[0].span)?);
                }
                let mut except = vec![0];
                if builtin == Builtin::AllDifferentExcept {
                    except.clear();
                    let listed = self.eval(&args[1])?;
                    for v in self.flat_items(&listed, args[1].span)? {
                        except.push(self.int(&v, args[1].span)?);
                    }
                }
                if xs.len() > 1 {
                    let c = AllDifferentExcept::new(xs, except);
                    self.post_constraint(Constraint::AllDifferentExcept(c));
                }
            }
            Builtin::Member => {
                let mut xs = Vec::new();
                for x in &self.int_items(&args[0])? {
                    xs.push(self.view(x, args[0].span)?);
                }
                let y = self.eval(&args[1])?;
                let y = self.lin(&y, args[1].span)?;
                let y = self.view(&y, args[1].span)?;
                if xs.is_empty() {
                    self.post_false();
                } else {
                    self.post_constraint(Constraint::Member(Member { xs, y }));
                }
            }
            Builtin::GlobalCardinality => {
                let Cardinalities { xs, values, counts } = self.cardinality_args(args)?;
                let mut views = Vec::with_capacity(xs.len());
                for x in &xs {
                    views.push(self.view(x, args[0].span)?);
                }
                let mut count_views = Vec::with_capacity(counts.len());
                for c in &counts {
                    count_views.push(self.view(c, args[2].span)?);
                }
                self.post_constraint(Constraint::GlobalCardinality(GlobalCardinality {
                    xs: views,
                    values,
                    counts: count_views,
                }));
            }
            Builtin::Increasing | Builtin::Decreasing => {
                for d in self.steps(builtin, args, span)? {
                    self.linear(&d, Rel::Le, None, span)?;
                }
            }
            other => unreachable!("{other:?} is no global of the root"),
        }
        Ok(())
    }

    /// A list argument's items as views, and its first index (a list's
    /// items may be the indices of another: `circuit`, `inverse`).
    fn indexed_views(&mut self, e: &Expr) -> R<(Vec<View>, i64)> {
        let list = self.eval(e)?;
        let Value::List(array) = &list else {
            return Err(type_error("a list", &list, e.span));
        };
        let base = array.base;
        let mut views = Vec::new();
        for item in self.flat_items(&list, e.span)? {
            let l = self.lin(&item, e.span)?;
            views.push(self.view(&l, e.span)?);
        }
        Ok((views, base))
    }

    /// The integers of a list argument.
    pub(super) fn int_items(&mut self, e: &Expr) -> R<Vec<LinExpr>> {
        let v = self.eval(e)?;
        let mut out = Vec::new();
        for item in self.flat_items(&v, e.span)? {
            out.push(self.lin(&item, e.span)?);
        }
        Ok(out)
    }

    /// `table(xs, rows)`: the expressions and the rows, each as long as xs.
    fn table_args(&mut self, args: &[Expr]) -> R<(Vec<LinExpr>, Vec<Vec<i64>>)> {
        let xs = self.int_items(&args[0])?;
        let table = self.eval(&args[1])?;
        let mut rows = Vec::new();
        for row in self.items(&table, args[1].span)? {
            let Value::List(_) = row else {
                return Err(type_error(
                    "a list of rows (lists of integers)",
                    &row,
                    args[1].span,
                ));
            };
            let mut values = Vec::new();
            for v in self.flat_items(&row, args[1].span)? {
                values.push(self.int(&v, args[1].span)?);
            }
            if values.len() != xs.len() {
                return Err(Diagnostic::new(
                    format!(
                        "`table` has {} but a row of {}",
                        crate::diagnostic::counted(xs.len() as u64, "variable"),
                        crate::diagnostic::counted(values.len() as u64, "value")
                    ),
                    args[1].span,
                ));
            }
            rows.push(values);
        }
        Ok((xs, rows))
    }

    /// `global_cardinality(xs, values, counts)`: per value, the number of
    /// items equal to it (a sum of literals) and its count.
    fn cardinalities(&mut self, args: &[Expr], span: Span) -> R<Vec<(LinExpr, LinExpr)>> {
        let Cardinalities { xs, values, counts } = self.cardinality_args(args)?;
        let mut out = Vec::new();
        for (v, c) in values.into_iter().zip(counts) {
            let counted = self.equal_count(&xs, &LinExpr::constant(v), span)?;
            out.push((counted, c));
        }
        Ok(out)
    }

    /// The items, the values and the counts of `global_cardinality`, as
    /// many counts as values.
    fn cardinality_args(&mut self, args: &[Expr]) -> R<Cardinalities> {
        let xs = self.int_items(&args[0])?;
        let values_list = self.eval(&args[1])?;
        let mut values = Vec::new();
        for v in self.flat_items(&values_list, args[1].span)? {
            values.push(self.int(&v, args[1].span)?);
        }
        let counts = self.int_items(&args[2])?;
        if counts.len() != values.len() {
            return Err(Diagnostic::new(
                format!(
                    "`global_cardinality` has {} but {}",
                    crate::diagnostic::counted(values.len() as u64, "value"),
                    crate::diagnostic::counted(counts.len() as u64, "count")
                ),
                args[2].span,
            ));
        }
        Ok(Cardinalities { xs, values, counts })
    }

    /// The number of `xs` equal to `v`: a sum of shared literals.
    fn equal_count(&mut self, xs: &[LinExpr], v: &LinExpr, span: Span) -> R<LinExpr> {
        let mut terms = Vec::new();
        for x in xs {
            let d = x.add_scaled(-1, v, span)?;
            let b = self.reify_compare(Rel::Eq, d, span)?;
            terms.push(self.lin(&bool_value(b), span)?);
        }
        LinExpr::sum(terms.iter().map(|t| (1, t)), span)
    }

    /// `count(xs, v)`: how many items equal `v` (which may be a variable).
    fn count_of(&mut self, args: &[Expr], span: Span) -> R<Value> {
        let list = self.eval(&args[0])?;
        let items = self.flat_items(&list, args[0].span)?;
        let v = self.eval(&args[1])?;
        if let Value::Str(text) = &v
            && items.iter().all(|i| matches!(i, Value::Str(_)))
        {
            // Texts counted as texts, numbered or not: `count(names, 'bob')`.
            let n = items
                .iter()
                .filter(|i| matches!(i, Value::Str(t) if t == text))
                .count();
            return Ok(Value::Int(n as i64));
        }
        let mut xs = Vec::with_capacity(items.len());
        for item in &items {
            xs.push(self.lin(item, args[0].span)?);
        }
        let v = self.lin(&v, args[1].span)?;
        if let Some(v) = v.as_constant()
            && let Some(known) = xs
                .iter()
                .map(LinExpr::as_constant)
                .collect::<Option<Vec<_>>>()
        {
            return Ok(Value::Int(known.iter().filter(|&&x| x == v).count() as i64));
        }
        // The number, an auxiliary variable defined by the count.
        let mut views = Vec::with_capacity(xs.len());
        for x in &xs {
            views.push(self.view(x, args[0].span)?);
        }
        let value = self.view(&v, args[1].span)?;
        let n = self.aux("count", IntervalSet::range(0, views.len() as i64), span)?;
        self.with_defining(true, |l| {
            l.post_constraint(Constraint::Count(Count {
                xs: views,
                value,
                count: View::of(n),
            }))
        });
        Ok(Value::Lin(std::sync::Arc::new(LinExpr::var(n))))
    }

    /// `increasing(xs)`: `x[i] - x[i+1]` for each step, to be `<= 0`
    /// (`decreasing`: `x[i+1] - x[i]`). Arguments are one list or the items.
    fn steps(&mut self, builtin: Builtin, args: &[Expr], span: Span) -> R<Vec<LinExpr>> {
        let items = self.aggregate_items(args)?;
        let mut xs = Vec::new();
        for (v, s) in &items {
            xs.push(self.lin(v, *s)?);
        }
        let sign = if builtin == Builtin::Increasing {
            1
        } else {
            -1
        };
        xs.windows(2)
            .map(|w| w[0].scale(sign, span)?.add_scaled(-sign, &w[1], span))
            .collect()
    }
}
