//! The state of building a FlatZinc model: the parameters' values, the
//! model variable or array each name stands for, the model so far; and
//! how an argument of a constraint call is read (a number, a set, a
//! variable, an array of them), with the errors of what does not fit.

use super::ast::{Domain, Expr, ExprKind, FznModel, ParType, VarDecl};
use crate::constraints::Constraint;
use crate::diagnostic::Diagnostic;
use crate::model::{IntervalSet, Model, Posted, VarId, View};
use crate::source::Span;
use crate::vocab::Consistency;
use std::collections::HashMap;

/// The range an unbounded `var int` gets: Gecode's integer limits, so a
/// model that runs on Gecode runs here with the same bounds.
pub const UNBOUNDED: (i64, i64) = (-2_147_483_646, 2_147_483_646);

/// What a value of a variable may reach: +-2^62, so that a propagator
/// may add two of them in 64 bits (as for a spec).
pub(crate) const MAX_VALUE: i64 = 1 << 62;

/// The most values a set parameter or literal may list (a set is a
/// list of its values).
pub(crate) const MOST_SET_VALUES: i64 = 10_000_000;

/// The largest domain a `:: domain` annotation is honoured over.
const MOST_DOMAIN_VALUES: u64 = 1_000_000;

/// A parameter's value.
#[derive(Clone, Debug)]
pub(super) enum Par {
    Int(i64),
    Set(Vec<i64>),
    Ints(Vec<i64>),
    Sets(Vec<Vec<i64>>),
}

/// An argument as the builtins read it: a number (or a truth value as
/// 0/1), a variable, or an array of either.
#[derive(Clone, Debug)]
pub(super) enum Arg {
    Int(i64),
    Var(VarId),
    Array(Vec<Arg>),
}

/// Building state: the names in scope and the model so far.
pub(super) struct Builder {
    pub(super) model: Model,
    params: HashMap<String, Par>,
    /// Variables by name (an array: its elements).
    names: HashMap<String, Arg>,
    /// One model variable per constant used where a variable is wanted.
    constants: HashMap<i64, VarId>,
    /// Which constraint call is being posted, for `Posted::item`.
    pub(super) item: usize,
}

impl Builder {
    pub(super) fn new() -> Builder {
        Builder {
            model: Model::default(),
            params: HashMap::new(),
            names: HashMap::new(),
            constants: HashMap::new(),
            item: 0,
        }
    }

    /// Evaluates a parameter's declaration.
    pub(super) fn param(&mut self, p: &super::ast::ParDecl) -> Result<(), Diagnostic> {
        if self.params.contains_key(&p.name) {
            return Err(Diagnostic::new(
                format!("`{}` is declared twice", p.name),
                p.span,
            ));
        }
        let value = self.par_value(p.ty, p.array.is_some(), &p.value)?;
        let _ = self.params.insert(p.name.clone(), value);
        Ok(())
    }

    /// Gives each variable its model variable (one per class of equated
    /// variables, over the intersection of their domains) and each array
    /// its elements.
    pub(super) fn declare(
        &mut self,
        fzn: &FznModel,
        aliased: &super::alias::Classes,
    ) -> Result<(), Diagnostic> {
        let mut class_var: HashMap<usize, VarId> = HashMap::new();
        let mut unsatisfiable = false;
        let mut seen: HashMap<&str, ()> = HashMap::new();
        for decl in &fzn.vars {
            if self.params.contains_key(&decl.name) || seen.insert(&decl.name, ()).is_some() {
                return Err(Diagnostic::new(
                    format!("`{}` is declared twice", decl.name),
                    decl.span,
                ));
            }
        }
        for (i, decl) in fzn.vars.iter().enumerate() {
            if decl.array.is_some() {
                continue;
            }
            let class = aliased.class_of(i);
            let domain = domain_of(decl)?;
            let x = match class_var.get(&class) {
                Some(&x) => {
                    let joined = self.model.domain(x).intersect(&domain);
                    if joined.is_empty() {
                        unsatisfiable = true;
                    } else {
                        self.model.vars[x.index()].domain = joined;
                    }
                    x
                }
                None => {
                    let x = self.model.new_var(decl.name.clone(), domain, false);
                    self.model.vars[x.index()].boolean = decl.domain == Domain::Bool;
                    let _ = class_var.insert(class, x);
                    x
                }
            };
            let _ = self.names.insert(decl.name.clone(), Arg::Var(x));
        }
        // Values given in place (`var 1..9: x = 5;`) and arrays.
        for decl in &fzn.vars {
            match (&decl.value, decl.array) {
                (Some(value), None) => {
                    let x = self.var(&Expr {
                        kind: ExprKind::Name(decl.name.clone()),
                        span: decl.span,
                    })?;
                    if let Some(v) = self.constant_of(value)? {
                        let domain = self.model.domain(x);
                        if !domain.contains(v) {
                            unsatisfiable = true;
                        } else {
                            self.model.vars[x.index()].domain = IntervalSet::range(v, v);
                        }
                    }
                }
                (Some(value), Some(_)) => {
                    let ExprKind::Array(items) = &value.kind else {
                        return Err(expected("the array's elements `[...]`", value.span));
                    };
                    let items = (items.iter())
                        .map(|e| self.arg(e))
                        .collect::<Result<Vec<_>, _>>()?;
                    let _ = self.names.insert(decl.name.clone(), Arg::Array(items));
                }
                (None, Some(n)) => {
                    // An array of fresh variables, its elements unnamed.
                    let domain = domain_of(decl)?;
                    let items = (1..=n)
                        .map(|k| {
                            Arg::Var(self.model.new_var(
                                format!("{}[{k}]", decl.name),
                                domain.clone(),
                                false,
                            ))
                        })
                        .collect();
                    let _ = self.names.insert(decl.name.clone(), Arg::Array(items));
                }
                (None, None) => {}
            }
        }
        if unsatisfiable {
            // A domain left empty: the model has no solution, which the
            // search says (an empty clause fails at the root).
            self.post_at(
                Constraint::Clause(crate::constraints::Clause {
                    lits: Vec::new(),
                    reif: None,
                }),
                "domain",
            );
        }
        Ok(())
    }

    /// A parameter's value (arrays of ints, bools or sets).
    fn par_value(&self, ty: ParType, array: bool, e: &Expr) -> Result<Par, Diagnostic> {
        if ty == ParType::Float {
            return Err(float(e.span));
        }
        Ok(match (array, ty) {
            (false, ParType::SetOfInt) => Par::Set(self.set(e)?),
            (false, _) => Par::Int(self.int(e)?),
            (true, ParType::SetOfInt) => Par::Sets(
                self.array_items(e)?
                    .iter()
                    .map(|e| self.set(e))
                    .collect::<Result<_, _>>()?,
            ),
            (true, _) => Par::Ints(self.ints(e)?),
        })
    }

    fn array_items<'e>(&self, e: &'e Expr) -> Result<&'e [Expr], Diagnostic> {
        match &e.kind {
            ExprKind::Array(items) => Ok(items),
            _ => Err(expected("an array literal `[...]`", e.span)),
        }
    }

    /// A number or truth value known while building.
    pub(super) fn int(&self, e: &Expr) -> Result<i64, Diagnostic> {
        match &e.kind {
            ExprKind::Int(v) => Ok(*v),
            ExprKind::Bool(b) => Ok(i64::from(*b)),
            ExprKind::Name(n) => match self.params.get(n) {
                Some(Par::Int(v)) => Ok(*v),
                Some(_) => Err(expected("a number", e.span)),
                None if self.names.contains_key(n) => {
                    Err(expected("a parameter (a number), not a variable", e.span))
                }
                None => Err(unknown(n, e.span)),
            },
            ExprKind::Element(n, k) => match self.params.get(n) {
                Some(Par::Ints(vs)) => element_of(vs, *k, e.span).copied(),
                _ => Err(expected("an element of an array of numbers", e.span)),
            },
            ExprKind::Float(_) => Err(float(e.span)),
            _ => Err(expected("a number", e.span)),
        }
    }

    /// An array of numbers known while building.
    pub(super) fn ints(&self, e: &Expr) -> Result<Vec<i64>, Diagnostic> {
        match &e.kind {
            ExprKind::Name(n) => match self.params.get(n) {
                Some(Par::Ints(vs)) => Ok(vs.clone()),
                _ => Err(expected("an array of numbers", e.span)),
            },
            ExprKind::Array(items) => items.iter().map(|e| self.int(e)).collect(),
            _ => Err(expected("an array of numbers", e.span)),
        }
    }

    /// A set of numbers known while building, sorted, without repeats.
    pub(super) fn set(&self, e: &Expr) -> Result<Vec<i64>, Diagnostic> {
        match &e.kind {
            ExprKind::Set(vs) => Ok(vs.clone()),
            ExprKind::Range(lo, hi) => {
                if hi.saturating_sub(*lo) >= MOST_SET_VALUES {
                    return Err(expected(
                        format!(
                            "a set of at most {MOST_SET_VALUES} numbers (sets are listed value by value)"
                        ),
                        e.span,
                    ));
                }
                Ok((*lo..=*hi).collect())
            }
            ExprKind::Name(n) => match self.params.get(n) {
                Some(Par::Set(vs)) => Ok(vs.clone()),
                _ => Err(expected("a set of numbers", e.span)),
            },
            ExprKind::Element(n, k) => match self.params.get(n) {
                Some(Par::Sets(sets)) => element_of(sets, *k, e.span).cloned(),
                _ => Err(expected("an element of an array of sets", e.span)),
            },
            _ => Err(expected("a set of numbers", e.span)),
        }
    }

    /// Whether `e` is a value known while building, and which.
    fn constant_of(&self, e: &Expr) -> Result<Option<i64>, Diagnostic> {
        Ok(match &e.kind {
            ExprKind::Int(v) => Some(*v),
            ExprKind::Bool(b) => Some(i64::from(*b)),
            ExprKind::Name(n) if self.params.contains_key(n) => Some(self.int(e)?),
            ExprKind::Element(n, _) if self.params.contains_key(n) => Some(self.int(e)?),
            ExprKind::Element(..) => match self.arg(e)? {
                Arg::Int(v) => Some(v),
                _ => None,
            },
            _ => None,
        })
    }

    /// An argument: a number, a variable or an array of these.
    pub(super) fn arg(&self, e: &Expr) -> Result<Arg, Diagnostic> {
        match &e.kind {
            ExprKind::Int(v) => Ok(Arg::Int(*v)),
            ExprKind::Bool(b) => Ok(Arg::Int(i64::from(*b))),
            ExprKind::Name(n) => match (self.names.get(n), self.params.get(n)) {
                (Some(arg), _) => Ok(arg.clone()),
                (None, Some(Par::Int(v))) => Ok(Arg::Int(*v)),
                (None, Some(Par::Ints(vs))) => {
                    Ok(Arg::Array(vs.iter().map(|&v| Arg::Int(v)).collect()))
                }
                (None, Some(_)) => Err(expected(
                    "a number, a variable or an array of them, not a set",
                    e.span,
                )),
                (None, None) => Err(unknown(n, e.span)),
            },
            ExprKind::Element(n, k) => match self.names.get(n) {
                Some(Arg::Array(items)) => element_of(items, *k, e.span).cloned(),
                Some(_) => Err(expected(format!("`{n}` to be an array"), e.span)),
                None => self.int(e).map(Arg::Int),
            },
            ExprKind::Array(items) => Ok(Arg::Array(
                items
                    .iter()
                    .map(|e| self.arg(e))
                    .collect::<Result<_, _>>()?,
            )),
            ExprKind::Float(_) => Err(float(e.span)),
            ExprKind::Set(_) | ExprKind::Range(..) | ExprKind::String(_) | ExprKind::Call(_) => {
                Err(expected("a number or a variable", e.span))
            }
        }
    }

    /// The variable declared as `name` (`None` for an array or no
    /// variable).
    pub(super) fn var_named(&self, name: &str) -> Option<VarId> {
        match self.names.get(name) {
            Some(Arg::Var(x)) => Some(*x),
            _ => None,
        }
    }

    /// A single variable (a number becomes a fixed variable).
    pub(super) fn var(&mut self, e: &Expr) -> Result<VarId, Diagnostic> {
        match self.arg(e)? {
            Arg::Var(x) => Ok(x),
            Arg::Int(v) => self.constant(v, e.span),
            _ => Err(expected("a variable or a number", e.span)),
        }
    }

    pub(super) fn view(&mut self, e: &Expr) -> Result<View, Diagnostic> {
        self.var(e).map(View::of)
    }

    /// An array of variables (numbers become fixed variables).
    pub(super) fn vars(&mut self, e: &Expr) -> Result<Vec<VarId>, Diagnostic> {
        let Arg::Array(items) = self.arg(e)? else {
            return Err(expected("an array of variables", e.span));
        };
        items
            .into_iter()
            .map(|a| match a {
                Arg::Var(x) => Ok(x),
                Arg::Int(v) => self.constant(v, e.span),
                _ => Err(expected("an array of variables or numbers", e.span)),
            })
            .collect()
    }

    pub(super) fn views(&mut self, e: &Expr) -> Result<Vec<View>, Diagnostic> {
        Ok(self.vars(e)?.into_iter().map(View::of).collect())
    }

    /// The fixed variable of `value`, one per value.
    pub(super) fn constant(&mut self, value: i64, span: Span) -> Result<VarId, Diagnostic> {
        if !(-MAX_VALUE..=MAX_VALUE).contains(&value) {
            return Err(out_of_range(value, span));
        }
        if let Some(&x) = self.constants.get(&value) {
            return Ok(x);
        }
        let x = self.model.new_var(
            format!("_const{value}"),
            IntervalSet::range(value, value),
            true,
        );
        let _ = self.constants.insert(value, x);
        Ok(x)
    }

    /// A fresh auxiliary variable over `lo..hi`.
    pub(super) fn aux(
        &mut self,
        what: &str,
        lo: i64,
        hi: i64,
        span: Span,
    ) -> Result<VarId, Diagnostic> {
        if lo < -MAX_VALUE || hi > MAX_VALUE {
            return Err(Diagnostic::new(
                format!(
                    "arithmetic overflow: {what} may reach {lo}..{hi}, beyond the solver's limit of +-2^62"
                ),
                span,
            ));
        }
        let n = self.model.vars.len();
        Ok(self
            .model
            .new_var(format!("_{what}{n}"), IntervalSet::range(lo, hi), true))
    }

    /// Adds `constraint` for `call`, at the level its annotation asks
    /// (`:: domain`, `:: bounds`) when its kind has that level (an
    /// annotation is a hint, not a rule).
    pub(super) fn add(&mut self, constraint: Constraint, call: &super::ast::Call) {
        let mut level = None;
        for a in &call.annotations {
            level = match a.name.as_str() {
                "domain" => Some(Consistency::Domain),
                "bounds" | "boundsZ" | "boundsR" => Some(Consistency::Bounds),
                "value_propagation" => Some(Consistency::Propagate),
                _ => level,
            };
        }
        // Domain consistency over a domain of millions of values would
        // take their memory: the annotation is a hint, and is not taken.
        let huge = || {
            (constraint.vars().iter()).any(|x| self.model.domain(*x).size() > MOST_DOMAIN_VALUES)
        };
        let supported =
            level.filter(|&l| constraint.supports(l) && !(l == Consistency::Domain && huge()));
        self.post_at(constraint, &call.name);
        if let Some(posted) = self.model.constraints.last_mut() {
            posted.consistency = supported;
        }
    }

    /// Adds `constraint`, from the call being posted.
    pub(super) fn post_at(&mut self, constraint: Constraint, origin: &str) {
        self.model.constraints.push(Posted {
            constraint,
            origin: origin.to_string(),
            item: format!("[{}]", self.item + 1),
            definition: false,
            consistency: None,
        });
    }
}

/// A declared variable's domain.
fn domain_of(decl: &VarDecl) -> Result<IntervalSet, Diagnostic> {
    let check = |v: i64| {
        if (-MAX_VALUE..=MAX_VALUE).contains(&v) {
            Ok(v)
        } else {
            Err(out_of_range(v, decl.span))
        }
    };
    match &decl.domain {
        Domain::Bool => Ok(IntervalSet::range(0, 1)),
        Domain::Int => Ok(IntervalSet::range(UNBOUNDED.0, UNBOUNDED.1)),
        Domain::Range(lo, hi) => Ok(IntervalSet::range(check(*lo)?, check(*hi)?)),
        Domain::Set(vs) => Ok(IntervalSet::from_values(
            vs.iter().map(|&v| check(v)).collect::<Result<_, _>>()?,
        )),
        Domain::Float => Err(float(decl.span)),
        Domain::SetOfInt => Err(Diagnostic::new(
            "set variables are not supported: the solver's library turns them into Booleans (`include \"nosets.mzn\"`); compile with `minizinc --solver solve`",
            decl.span,
        )),
    }
}

/// Element `k` (from 1) of `items`.
fn element_of<T>(items: &[T], k: i64, span: Span) -> Result<&T, Diagnostic> {
    usize::try_from(k - 1)
        .ok()
        .and_then(|i| items.get(i))
        .ok_or_else(|| {
            Diagnostic::new(
                format!("index {k} is outside the array's 1..{}", items.len()),
                span,
            )
        })
}

pub(super) fn expected(what: impl std::fmt::Display, span: Span) -> Diagnostic {
    Diagnostic::new(format!("expected {what}"), span)
}

fn unknown(name: &str, span: Span) -> Diagnostic {
    Diagnostic::new(format!("unknown name `{name}`"), span)
        .with_kind(crate::diagnostic::DiagnosticKind::UnknownName)
}

fn float(span: Span) -> Diagnostic {
    Diagnostic::new(
        "float variables and values are not supported: solve is an integer and Boolean solver",
        span,
    )
}

pub(super) fn out_of_range(value: i64, span: Span) -> Diagnostic {
    Diagnostic::new(
        format!("value out of range: {value} is beyond the solver's limit of +-2^62"),
        span,
    )
}
