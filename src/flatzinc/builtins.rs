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

use super::ast::{Call, Expr};
use super::builder::{Builder, MAX_VALUE, expected};
use crate::constraints::{
    Abs, Clause, Constraint, Div, ElementConst, ElementVar, Linear, Max, Rem, Table, Times,
};
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::vocab::{Lit, Rel, VarId, View};

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

impl Poster<'_, '_> {
    fn span(&self) -> Span {
        self.call.span
    }

    fn args(&self) -> &[Expr] {
        &self.call.args
    }

    fn arity(&self, n: usize) -> Result<(), Diagnostic> {
        if self.call.args.len() == n {
            Ok(())
        } else {
            Err(Diagnostic::new(
                format!(
                    "`{}` takes {n} arguments, found {}",
                    self.call.name,
                    self.call.args.len()
                ),
                self.call.span,
            ))
        }
    }

    fn reif_arg(&mut self, mode: Mode, at: usize) -> Result<Option<Lit>, Diagnostic> {
        if mode == Mode::Hold {
            return Ok(None);
        }
        let e = self.call.args[at].clone();
        self.lit(&e).map(Some)
    }

    fn lit(&mut self, e: &Expr) -> Result<Lit, Diagnostic> {
        let var = self.b.var(e)?;
        Ok(Lit {
            var,
            positive: true,
        })
    }

    fn lits(&mut self, e: &Expr) -> Result<Vec<Lit>, Diagnostic> {
        Ok(self
            .b
            .vars(e)?
            .into_iter()
            .map(|var| Lit {
                var,
                positive: true,
            })
            .collect())
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
                let holds = self.b.aux("imp", 0, 1, self.span())?;
                let holds = Lit {
                    var: holds,
                    positive: true,
                };
                self.linear(terms, rel, rhs, Some(holds));
                self.add(Clause {
                    lits: vec![r.negate(), holds],
                    reif: None,
                });
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
        let a = self.args().to_vec();
        let r = self.lit(&a[n - 1])?;
        let t = if mode == Mode::Imp {
            let t = Lit {
                var: self.b.aux("imp", 0, 1, self.span())?,
                positive: true,
            };
            self.add(Clause {
                lits: vec![r.negate(), t],
                reif: None,
            });
            t
        } else {
            r
        };
        match base {
            "set_in" => {
                let x = self.b.view(&a[0])?;
                let set = self.b.set(&a[1])?;
                return self.set_in_reif(x, &set, t);
            }
            "bool_xor" => {
                let (x, y) = (self.b.view(&a[0])?, self.b.view(&a[1])?);
                return self.compare(vec![(1, x), (-1, y)], Cmp::Ne, 0, Mode::Reif, Some(t));
            }
            "bool_and" => {
                let xs = vec![self.lit(&a[0])?, self.lit(&a[1])?];
                self.add(and(xs, t));
            }
            "bool_or" => {
                let lits = vec![self.lit(&a[0])?, self.lit(&a[1])?];
                self.add(Clause {
                    lits,
                    reif: Some(t),
                });
            }
            "array_bool_and" => {
                let xs = self.lits(&a[0])?;
                self.add(and(xs, t));
            }
            "array_bool_or" => {
                let lits = self.lits(&a[0])?;
                self.add(Clause {
                    lits,
                    reif: Some(t),
                });
            }
            _ => {
                let mut lits = self.lits(&a[0])?;
                lits.extend(self.lits(&a[1])?.into_iter().map(Lit::negate));
                self.add(Clause {
                    lits,
                    reif: Some(t),
                });
            }
        }
        Ok(())
    }

    /// `r <-> x in set`: a range by its two bounds, other sets by the
    /// values' equalities.
    fn set_in_reif(&mut self, x: View, set: &[i64], r: Lit) -> Result<(), Diagnostic> {
        let span = self.span();
        let contiguous = set.windows(2).all(|w| w[1] == w[0] + 1);
        let mut lits = Vec::new();
        if contiguous && set.len() > 2 {
            let (lo, hi) = (set[0], set[set.len() - 1]);
            let below = Lit {
                var: self.b.aux("in", 0, 1, span)?,
                positive: true,
            };
            let above = Lit {
                var: self.b.aux("in", 0, 1, span)?,
                positive: true,
            };
            self.compare(vec![(1, x)], Cmp::Lt, lo, Mode::Reif, Some(below))?;
            self.compare(vec![(-1, x)], Cmp::Lt, -hi, Mode::Reif, Some(above))?;
            // r <-> not below and not above.
            self.add(and(vec![below.negate(), above.negate()], r));
            return Ok(());
        }
        for &v in set {
            let is = Lit {
                var: self.b.aux("in", 0, 1, span)?,
                positive: true,
            };
            self.compare(vec![(1, x)], Cmp::Eq, v, Mode::Reif, Some(is))?;
            lits.push(is);
        }
        self.add(Clause {
            lits,
            reif: Some(r),
        });
        Ok(())
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

    /// The builtins and globals asserted as they are.
    fn plain(&mut self, base: &str) -> Result<(), Diagnostic> {
        let a = self.args().to_vec();
        let span = self.span();
        match base {
            "int_plus" => {
                self.arity(3)?;
                let (x, y, z) = (
                    self.b.view(&a[0])?,
                    self.b.view(&a[1])?,
                    self.b.view(&a[2])?,
                );
                self.compare(vec![(1, x), (1, y), (-1, z)], Cmp::Eq, 0, Mode::Hold, None)
            }
            "int_abs" => {
                self.arity(2)?;
                let (x, z) = (self.b.view(&a[0])?, self.b.view(&a[1])?);
                self.add(Abs { x, z });
                Ok(())
            }
            "int_times" | "int_div" | "int_mod" => {
                self.arity(3)?;
                let (x, y, z) = (
                    self.b.view(&a[0])?,
                    self.b.view(&a[1])?,
                    self.b.view(&a[2])?,
                );
                match base {
                    "int_times" => self.add(Times { x, y, z }),
                    "int_div" => self.add(Div { x, y, z }),
                    _ => self.add(Rem { x, y, z }),
                }
                Ok(())
            }
            "int_max" | "int_min" => {
                self.arity(3)?;
                let xs = vec![self.b.view(&a[0])?, self.b.view(&a[1])?];
                let z = self.b.view(&a[2])?;
                self.max(xs, z, base == "int_min");
                Ok(())
            }
            "array_int_maximum" | "array_int_minimum" => {
                self.arity(2)?;
                let z = self.b.view(&a[0])?;
                let xs = self.b.views(&a[1])?;
                if xs.is_empty() {
                    return Err(expected("a non-empty array", span));
                }
                self.max(xs, z, base == "array_int_minimum");
                Ok(())
            }
            "int_pow" => {
                self.arity(3)?;
                self.pow()
            }
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
            "bool_and" | "bool_or" | "bool_xor" if a.len() == 3 => {
                self.reified_other(base, Mode::Reif)
            }
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
                let set = self.b.set(&a[1])?;
                self.set_in(x, &set)
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

    /// `x in set`: within its bounds, and off each gap.
    fn set_in(&mut self, x: View, set: &[i64]) -> Result<(), Diagnostic> {
        let (Some(&lo), Some(&hi)) = (set.first(), set.last()) else {
            self.fail();
            return Ok(());
        };
        self.compare(vec![(-1, x)], Cmp::Le, -lo, Mode::Hold, None)?;
        self.compare(vec![(1, x)], Cmp::Le, hi, Mode::Hold, None)?;
        for w in set.windows(2) {
            for gap in w[0] + 1..w[1] {
                self.compare(vec![(1, x)], Cmp::Ne, gap, Mode::Hold, None)?;
            }
        }
        Ok(())
    }

    /// `array_bool_xor(xs)`: an odd number of `xs` true, as
    /// `sum(xs) = 2k + 1`.
    fn odd(&mut self) -> Result<(), Diagnostic> {
        let span = self.span();
        let e = self.call.args[0].clone();
        let xs = self.b.views(&e)?;
        let half = (xs.len() as i64) / 2;
        let k = View::of(self.b.aux("half", 0, half, span)?);
        let mut terms: Vec<(i64, View)> = xs.into_iter().map(|x| (1, x)).collect();
        terms.push((-2, k));
        self.compare(terms, Cmp::Eq, 1, Mode::Hold, None)
    }

    /// `z = x ^ y` as a table of its allowed triples (`y >= 0`), refused
    /// when that table would be too large.
    fn pow(&mut self) -> Result<(), Diagnostic> {
        const MOST_ROWS: u64 = 100_000;
        let a = self.args().to_vec();
        let (x, y, z) = (
            self.b.view(&a[0])?,
            self.b.view(&a[1])?,
            self.b.view(&a[2])?,
        );
        let dx = self.b.model.domain(x.var).clone();
        let dy = self.b.model.domain(y.var).clone();
        if dx.size().saturating_mul(dy.size()) > MOST_ROWS {
            return Err(Diagnostic::new(
                format!(
                    "`int_pow` over {} x {} values: solve posts a power as the table of its values, and takes at most {MOST_ROWS} rows",
                    dx.size(),
                    dy.size()
                ),
                self.span(),
            ));
        }
        let mut rows = Vec::new();
        for bx in dx.values() {
            for by in dy.values() {
                let (vx, vy) = (x.value(bx), y.value(by));
                let power = u32::try_from(vy).ok().and_then(|e| vx.checked_pow(e));
                if let Some(p) = power.filter(|p| p.abs() <= MAX_VALUE) {
                    rows.push(vec![vx, vy, p]);
                }
            }
        }
        self.add(Table {
            xs: vec![x, y, z],
            rows,
        });
        Ok(())
    }
}

/// `r <-> (x1 and x2 and ...)`, as `not r <-> (not x1 or not x2 ...)`.
fn and(xs: Vec<Lit>, r: Lit) -> Clause {
    Clause {
        lits: xs.into_iter().map(Lit::negate).collect(),
        reif: Some(r.negate()),
    }
}
