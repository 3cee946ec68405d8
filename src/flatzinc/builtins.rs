//! The FlatZinc builtins of MiniZinc 2.6.4 and the globals `solve`'s
//! MiniZinc library declares native, each posted as the primitive
//! constraints of `crate::constraints`: comparisons, sums and their
//! reifications as [`Linear`], Boolean connectives as [`Clause`]s,
//! arithmetic as its own kinds, element and the globals as theirs.
//!
//! A half reification (`int_le_imp(x, y, r)`: `r -> x <= y`) is posted as
//! a full one of a fresh literal `b` and the clause `not r or b`, never as
//! the full reification of `r` (which would force the comparison false
//! when `r` is).

use super::ast::{Call, Expr, ExprKind};
use super::builder::{Builder, MAX_VALUE, expected};
use crate::constraints::{
    Abs, Clause, Constraint, Div, ElementConst, ElementVar, Linear, Max, Rem, Times,
};
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::vocab::{IntervalSet, Lit, Rel, VarId, View};

/// A comparison as FlatZinc names it.
#[derive(Clone, Copy)]
enum Cmp {
    Eq,
    Ne,
    Le,
    Lt,
}

/// How a comparison is asserted: as is, reified (`_reif`: `r <-> c`) or
/// half-reified (`_imp`: `r -> c`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Hold,
    Reif,
    Imp,
}

/// Posts one constraint call.
pub(super) fn post(b: &mut Builder, call: &Call) -> Result<(), Diagnostic> {
    let (base, mode) = if let Some(base) = call.name.strip_suffix("_reif") {
        (base, Mode::Reif)
    } else if let Some(base) = call.name.strip_suffix("_imp") {
        (base, Mode::Imp)
    } else {
        (call.name.as_str(), Mode::Hold)
    };
    let cmp = |s: &str| match s {
        "eq" => Some(Cmp::Eq),
        "ne" => Some(Cmp::Ne),
        "le" => Some(Cmp::Le),
        "lt" => Some(Cmp::Lt),
        _ => None,
    };
    let a = &call.args;
    let mut p = Poster { b, call };
    if let Some(op) = base
        .strip_prefix("int_lin_")
        .or_else(|| base.strip_prefix("bool_lin_"))
        .and_then(cmp)
    {
        let n = if mode == Mode::Hold { 3 } else { 4 };
        p.arity(n)?;
        let coefs = p.b.ints(&a[0])?;
        let xs = p.b.views(&a[1])?;
        if coefs.len() != xs.len() {
            return Err(expected(
                format!(
                    "as many coefficients ({}) as variables ({})",
                    coefs.len(),
                    xs.len()
                ),
                call.span,
            ));
        }
        let mut terms: Vec<(i64, View)> = coefs.into_iter().zip(xs).collect();
        // bool_lin_eq's right-hand side may be a variable.
        let rhs = p.b.view(&a[2])?;
        terms.push((-1, rhs));
        let reif = p.reif_arg(mode, 3)?;
        return p.compare(terms, op, 0, mode, reif);
    }
    if let Some(op) = base
        .strip_prefix("int_")
        .or_else(|| base.strip_prefix("bool_"))
        .and_then(cmp)
    {
        let n = if mode == Mode::Hold { 2 } else { 3 };
        p.arity(n)?;
        let (x, y) = (p.b.view(&a[0])?, p.b.view(&a[1])?);
        let reif = p.reif_arg(mode, 2)?;
        return p.compare(vec![(1, x), (-1, y)], op, 0, mode, reif);
    }
    if mode != Mode::Hold {
        return p.reified_other(base, mode);
    }
    p.plain(base)
}

/// Posts one call's constraints.
struct Poster<'b, 'c> {
    b: &'b mut Builder,
    call: &'c Call,
}

impl<'c> Poster<'_, 'c> {
    fn span(&self) -> Span {
        self.call.span
    }

    /// The call's arguments, borrowed from the call rather than from the
    /// poster, so that posting may go on while they are read.
    fn args(&self) -> &'c [Expr] {
        &self.call.args
    }

    fn arity(&self, n: usize) -> Result<(), Diagnostic> {
        super::globals::arity(self.call, n)
    }

    fn reif_arg(&mut self, mode: Mode, at: usize) -> Result<Option<Lit>, Diagnostic> {
        if mode == Mode::Hold {
            return Ok(None);
        }
        let e = &self.args()[at];
        self.lit(e).map(Some)
    }

    fn lit(&mut self, e: &Expr) -> Result<Lit, Diagnostic> {
        Ok(positive(self.b.var(e)?))
    }

    fn lits(&mut self, e: &Expr) -> Result<Vec<Lit>, Diagnostic> {
        Ok(self.b.vars(e)?.into_iter().map(positive).collect())
    }

    /// A fresh auxiliary literal.
    fn fresh(&mut self, what: &str) -> Result<Lit, Diagnostic> {
        Ok(positive(self.b.aux(what, 0, 1, self.span())?))
    }

    /// A fresh literal `r` implies (`not r or t`): what a half
    /// reification reifies.
    fn implied(&mut self, r: Lit) -> Result<Lit, Diagnostic> {
        let t = self.fresh("imp")?;
        self.add(Clause {
            lits: vec![r.negate(), t],
            reif: None,
        });
        Ok(t)
    }

    fn add(&mut self, c: impl Into<Constraint>) {
        self.b.add(c.into(), self.call);
    }

    /// `false`: the model has no solution.
    fn fail(&mut self) {
        self.add(Clause {
            lits: Vec::new(),
            reif: None,
        });
    }

    /// `sum(terms) op rhs`, as asserted by `mode` with `reif`.
    fn compare(
        &mut self,
        terms: Vec<(i64, View)>,
        op: Cmp,
        rhs: i64,
        mode: Mode,
        reif: Option<Lit>,
    ) -> Result<(), Diagnostic> {
        let (rel, terms, rhs) = match op {
            Cmp::Eq => (Rel::Eq, terms, rhs),
            Cmp::Ne => (Rel::Ne, terms, rhs),
            Cmp::Le => (Rel::Le, terms, rhs),
            Cmp::Lt => (Rel::Le, terms, rhs - 1),
        };
        let (terms, rhs) = self.normalise(terms, rhs)?;
        match (mode, reif) {
            (Mode::Imp, Some(r)) => {
                let holds = self.implied(r)?;
                self.linear(terms, rel, rhs, Some(holds));
            }
            (_, reif) => self.linear(terms, rel, rhs, reif),
        }
        Ok(())
    }

    /// Views expanded, terms over one variable merged, fixed variables
    /// moved to the right-hand side; refused when a sum could overflow.
    fn normalise(
        &mut self,
        terms: Vec<(i64, View)>,
        mut rhs: i64,
    ) -> Result<(Vec<(i64, VarId)>, i64), Diagnostic> {
        let span = self.span();
        let overflow = || {
            Diagnostic::new(
                "arithmetic overflow: this sum may go beyond the solver's limit of +-2^62",
                span,
            )
        };
        let mut merged: Vec<(i64, VarId)> = Vec::with_capacity(terms.len());
        let mut position = std::collections::HashMap::new();
        for (a, v) in terms {
            let coef = a.checked_mul(v.scale).ok_or_else(overflow)?;
            let shift = a.checked_mul(v.offset).ok_or_else(overflow)?;
            rhs = rhs.checked_sub(shift).ok_or_else(overflow)?;
            let domain = self.b.model.domain(v.var);
            if let (Some(lo), Some(hi)) = (domain.min(), domain.max())
                && lo == hi
            {
                rhs = rhs
                    .checked_sub(coef.checked_mul(lo).ok_or_else(overflow)?)
                    .ok_or_else(overflow)?;
                continue;
            }
            match position.get(&v.var) {
                Some(&i) => {
                    let t: &mut (i64, VarId) = &mut merged[i];
                    t.0 = t.0.checked_add(coef).ok_or_else(overflow)?;
                }
                None => {
                    let _ = position.insert(v.var, merged.len());
                    merged.push((coef, v.var));
                }
            }
        }
        merged.retain(|t| t.0 != 0);
        let mut reach = rhs.unsigned_abs();
        for &(a, x) in &merged {
            let d = self.b.model.domain(x);
            let most = d
                .min()
                .unwrap_or(0)
                .unsigned_abs()
                .max(d.max().unwrap_or(0).unsigned_abs());
            reach = a
                .unsigned_abs()
                .checked_mul(most)
                .and_then(|t| reach.checked_add(t))
                .ok_or_else(overflow)?;
        }
        if reach > MAX_VALUE as u64 {
            return Err(overflow());
        }
        Ok((merged, rhs))
    }

    /// Posts a normalised linear constraint (an empty one is a truth).
    fn linear(&mut self, terms: Vec<(i64, VarId)>, rel: Rel, rhs: i64, reif: Option<Lit>) {
        if terms.is_empty() {
            let truth = rel.holds(0, rhs);
            match reif {
                None if truth => {}
                None => self.fail(),
                Some(r) => self.add(Clause {
                    lits: vec![if truth { r } else { r.negate() }],
                    reif: None,
                }),
            }
            return;
        }
        self.add(Linear {
            terms,
            rel,
            rhs,
            reif,
        });
    }

    /// `r <-> (x in s)` or `r -> (x in s)`, and the Boolean
    /// connectives, reified or half-reified: the constraint holds of a
    /// literal `t` (`r` itself, or a fresh literal with `r -> t`).
    fn reified_other(&mut self, base: &str, mode: Mode) -> Result<(), Diagnostic> {
        let n = match base {
            "set_in" | "bool_and" | "bool_or" | "bool_xor" | "bool_clause" => 3,
            "array_bool_and" | "array_bool_or" => 2,
            _ => return Err(self.unknown()),
        };
        self.arity(n)?;
        let a = self.args();
        let r = self.lit(&a[n - 1])?;
        let t = if mode == Mode::Imp {
            self.implied(r)?
        } else {
            r
        };
        let lits = match base {
            "set_in" => {
                let x = self.b.view(&a[0])?;
                let set = self.intervals(&a[1])?;
                return self.set_in_reif(x, &set, t);
            }
            "bool_xor" => {
                let (x, y) = (self.b.view(&a[0])?, self.b.view(&a[1])?);
                return self.compare(vec![(1, x), (-1, y)], Cmp::Ne, 0, Mode::Reif, Some(t));
            }
            "bool_and" | "array_bool_and" => {
                let xs = if base == "bool_and" {
                    vec![self.lit(&a[0])?, self.lit(&a[1])?]
                } else {
                    self.lits(&a[0])?
                };
                self.add(and(xs, t));
                return Ok(());
            }
            "bool_or" => vec![self.lit(&a[0])?, self.lit(&a[1])?],
            "array_bool_or" => self.lits(&a[0])?,
            _ => {
                let mut lits = self.lits(&a[0])?;
                lits.extend(self.lits(&a[1])?.into_iter().map(Lit::negate));
                lits
            }
        };
        self.add(Clause {
            lits,
            reif: Some(t),
        });
        Ok(())
    }

    /// `r <-> x in set`: `r` is one of the literals of `x` within each
    /// interval of the set (as many as intervals, not values).
    fn set_in_reif(&mut self, x: View, set: &IntervalSet, r: Lit) -> Result<(), Diagnostic> {
        let domain = self.b.model.domain(x.var);
        let bounds = (domain.min().unwrap_or(0), domain.max().unwrap_or(0));
        let set = set.intersect(&IntervalSet::range(bounds.0, bounds.1));
        let mut lits = Vec::new();
        for &interval in &set.0 {
            lits.push(self.within(x, interval, bounds)?);
        }
        self.add(Clause {
            lits,
            reif: Some(r),
        });
        Ok(())
    }

    /// A literal of `a <= x <= b`, where `x` lies within `lo..hi`: an
    /// equality for one value, else the bounds `x` may cross.
    fn within(
        &mut self,
        x: View,
        (a, b): (i64, i64),
        (lo, hi): (i64, i64),
    ) -> Result<Lit, Diagnostic> {
        let inside = self.fresh("in")?;
        if a == b {
            self.compare(vec![(1, x)], Cmp::Eq, a, Mode::Reif, Some(inside))?;
            return Ok(inside);
        }
        let mut outside = Vec::new();
        if a > lo {
            outside.push(self.fresh("in")?);
            let below = outside.last().copied();
            self.compare(vec![(1, x)], Cmp::Lt, a, Mode::Reif, below)?;
        }
        if b < hi {
            outside.push(self.fresh("in")?);
            let above = outside.last().copied();
            self.compare(vec![(-1, x)], Cmp::Lt, -b, Mode::Reif, above)?;
        }
        // not inside <-> below or above.
        self.add(Clause {
            lits: outside,
            reif: Some(inside.negate()),
        });
        Ok(inside)
    }

    fn unknown(&self) -> Diagnostic {
        Diagnostic::new(
            format!(
                "unknown FlatZinc constraint `{}`: not a builtin of MiniZinc 2.6 nor a global of solve's library (was the model compiled with `minizinc --solver solve`?)",
                self.call.name
            ),
            self.call.span,
        )
    }

    /// The arithmetic builtins, posted (`false`: `base` is not one).
    fn arithmetic(&mut self, base: &str) -> Result<bool, Diagnostic> {
        let a = self.args();
        let arity = match base {
            "int_abs" | "array_int_maximum" | "array_int_minimum" => 2,
            "int_plus" | "int_times" | "int_div" | "int_mod" | "int_max" | "int_min" => 3,
            _ => return Ok(false),
        };
        self.arity(arity)?;
        if let Some(kind) = base.strip_prefix("array_int_") {
            let z = self.b.view(&a[0])?;
            let xs = self.b.views(&a[1])?;
            if xs.is_empty() {
                return Err(expected("a non-empty array", self.span()));
            }
            self.max(xs, z, kind == "minimum");
            return Ok(true);
        }
        let x = self.b.view(&a[0])?;
        let y = self.b.view(&a[1])?;
        if base == "int_abs" {
            self.add(Abs { x, z: y });
            return Ok(true);
        }
        let z = self.b.view(&a[2])?;
        match base {
            "int_plus" => {
                self.compare(vec![(1, x), (1, y), (-1, z)], Cmp::Eq, 0, Mode::Hold, None)?;
            }
            "int_times" => self.add(Times { x, y, z }),
            "int_div" => self.add(Div { x, y, z }),
            "int_mod" => self.add(Rem { x, y, z }),
            _ => self.max(vec![x, y], z, base == "int_min"),
        }
        Ok(true)
    }

    /// The builtins and globals asserted as they are.
    fn plain(&mut self, base: &str) -> Result<(), Diagnostic> {
        if self.arithmetic(base)? {
            return Ok(());
        }
        let a = self.args();
        match base {
            "array_int_element" | "array_bool_element" => {
                self.arity(3)?;
                let index = self.index(&a[0])?;
                let values = self.b.ints(&a[1])?;
                let result = self.b.view(&a[2])?;
                self.add(ElementConst {
                    index,
                    values,
                    result,
                });
                Ok(())
            }
            "array_var_int_element" | "array_var_bool_element" => {
                self.arity(3)?;
                let index = self.index(&a[0])?;
                let array = self.b.views(&a[1])?;
                let result = self.b.view(&a[2])?;
                self.add(ElementVar {
                    index,
                    array,
                    result,
                });
                Ok(())
            }
            "bool2int" => {
                self.arity(2)?;
                let (x, y) = (self.b.view(&a[0])?, self.b.view(&a[1])?);
                self.compare(vec![(1, x), (-1, y)], Cmp::Eq, 0, Mode::Hold, None)
            }
            "bool_not" => {
                self.arity(2)?;
                let (x, y) = (self.b.view(&a[0])?, self.b.view(&a[1])?);
                self.compare(vec![(1, x), (1, y)], Cmp::Eq, 1, Mode::Hold, None)
            }
            "bool_and" | "bool_or" => self.reified_other(base, Mode::Reif),
            "bool_xor" if a.len() == 3 => self.reified_other(base, Mode::Reif),
            "bool_xor" => {
                self.arity(2)?;
                let (x, y) = (self.b.view(&a[0])?, self.b.view(&a[1])?);
                self.compare(vec![(1, x), (-1, y)], Cmp::Ne, 0, Mode::Hold, None)
            }
            "array_bool_and" | "array_bool_or" => self.reified_other(base, Mode::Reif),
            "array_bool_xor" => {
                self.arity(1)?;
                self.odd()
            }
            "bool_clause" => {
                self.arity(2)?;
                let mut lits = self.lits(&a[0])?;
                lits.extend(self.lits(&a[1])?.into_iter().map(Lit::negate));
                self.add(Clause { lits, reif: None });
                Ok(())
            }
            "set_in" => {
                self.arity(2)?;
                let x = self.b.view(&a[0])?;
                let set = self.intervals(&a[1])?;
                self.set_in(x, &set);
                Ok(())
            }
            _ => match super::globals::post(self.b, self.call) {
                Some(posted) => posted,
                None => Err(self.unknown()),
            },
        }
    }

    /// `z = max(xs)`, or `min` as `-z = max(-xs)`.
    fn max(&mut self, xs: Vec<View>, z: View, min: bool) {
        if !min {
            self.add(Max { xs, z });
            return;
        }
        let neg = |v: View| View {
            var: v.var,
            scale: -v.scale,
            offset: -v.offset,
        };
        self.add(Max {
            xs: xs.into_iter().map(neg).collect(),
            z: neg(z),
        });
    }

    /// A FlatZinc index (from 1) as an element constraint's (from 0).
    fn index(&mut self, e: &Expr) -> Result<View, Diagnostic> {
        let v = self.b.view(e)?;
        Ok(View {
            offset: v.offset - 1,
            ..v
        })
    }

    /// A set argument as intervals: a range `lo..hi` written in place is
    /// kept whole (never listed value by value); values no variable may
    /// take are left out.
    fn intervals(&self, e: &Expr) -> Result<IntervalSet, Diagnostic> {
        let set = match e.kind {
            ExprKind::Range(lo, hi) => IntervalSet::range(lo, hi),
            _ => IntervalSet::from_values(self.b.set(e)?),
        };
        Ok(set.intersect(&IntervalSet::range(-MAX_VALUE, MAX_VALUE)))
    }

    /// `x in set`: the domain of `x` narrowed to the set (one step, what
    /// a constraint per gap would take as many), or no solution when
    /// nothing is left.
    fn set_in(&mut self, x: View, set: &IntervalSet) {
        debug_assert_eq!(x, View::of(x.var), "the builder's views are variables");
        let narrowed = self.b.model.domain(x.var).intersect(set);
        if narrowed.is_empty() {
            self.fail();
        } else {
            self.b.model.vars[x.var.index()].domain = narrowed;
        }
    }

    /// `array_bool_xor(xs)`: an odd number of `xs` true, as
    /// `sum(xs) = 2k + 1`.
    fn odd(&mut self) -> Result<(), Diagnostic> {
        let span = self.span();
        let e = &self.args()[0];
        let xs = self.b.views(e)?;
        let half = (xs.len() as i64) / 2;
        let k = View::of(self.b.aux("half", 0, half, span)?);
        let mut terms: Vec<(i64, View)> = xs.into_iter().map(|x| (1, x)).collect();
        terms.push((-2, k));
        self.compare(terms, Cmp::Eq, 1, Mode::Hold, None)
    }
}

fn positive(var: VarId) -> Lit {
    Lit {
        var,
        positive: true,
    }
}

/// `r <-> (x1 and x2 and ...)`, as `not r <-> (not x1 or not x2 ...)`.
fn and(xs: Vec<Lit>, r: Lit) -> Clause {
    Clause {
        lits: xs.into_iter().map(Lit::negate).collect(),
        reif: Some(r.negate()),
    }
}
