//! The small contexts through which a kind writes itself in another
//! language: the export module says what a variable is called (its name,
//! or the expression an inlined auxiliary variable stands for), a kind
//! writes the rest from the helpers here, shared by every kind.

use crate::vocab::{IntervalSet, Lit, Rel, VarId, View};
use std::fmt::Write as _;

/// What the spec export knows of the variables (see `export::spec`).
pub trait SpecNames {
    /// A variable as written: its reference (`q[3]`) or the expression
    /// it stands for.
    fn var(&self, x: VarId) -> String;

    /// For a variable written as an expression: whether that is a boolean.
    fn inlined(&self, x: VarId) -> Option<bool>;

    /// An auxiliary variable not yet written as an expression.
    fn open(&self, x: VarId) -> bool;

    fn domain(&self, x: VarId) -> &IntervalSet;
}

impl dyn SpecNames + '_ {
    pub fn view(&self, v: View) -> String {
        let x = self.var(v.var);
        match (v.scale, v.offset) {
            (1, 0) => x,
            (-1, 0) => format!("-{x}"),
            (1, c) => format!("({x} {} {})", sign(c), c.unsigned_abs()),
            (-1, c) => format!("({c} - {x})"),
            (a, 0) => format!("({a} * {x})"),
            (a, c) => format!("({a} * {x} {} {})", sign(c), c.unsigned_abs()),
        }
    }

    pub fn views(&self, vs: &[View]) -> String {
        let items: Vec<String> = vs.iter().map(|&v| self.view(v)).collect();
        format!("[{}]", items.join(", "))
    }

    /// A literal in a boolean context.
    pub fn lit(&self, l: Lit) -> String {
        let boolean = match self.inlined(l.var) {
            Some(boolean) => boolean,
            None => {
                let d = self.domain(l.var);
                d.min() >= Some(0) && d.max() <= Some(1)
            }
        };
        let x = self.var(l.var);
        match (boolean, l.positive) {
            (true, true) => x,
            (true, false) => format!("not {x}"),
            (false, positive) => format!("({x} == {})", i64::from(positive)),
        }
    }

    pub fn clause(&self, lits: &[Lit]) -> String {
        if lits.is_empty() {
            return "false".to_string();
        }
        let items: Vec<String> = lits.iter().map(|&l| self.lit(l)).collect();
        items.join(" or ")
    }

    /// `3 * x + y - 2 * z + c`.
    pub fn sum(&self, terms: &[(i64, VarId)], constant: i64) -> String {
        let mut out = String::new();
        for &(a, x) in terms {
            let x = self.var(x);
            let magnitude = a.unsigned_abs();
            let term = if magnitude == 1 {
                x
            } else {
                format!("{magnitude} * {x}")
            };
            if out.is_empty() {
                out = if a < 0 { format!("-{term}") } else { term };
            } else {
                let _ = write!(out, " {} {term}", sign(a));
            }
        }
        if out.is_empty() {
            return constant.to_string();
        }
        if constant != 0 {
            let _ = write!(out, " {} {}", sign(constant), constant.unsigned_abs());
        }
        out
    }

    pub fn linear(&self, terms: &[(i64, VarId)], rel: Rel, rhs: i64) -> String {
        // `x == 1` over a boolean reads as the boolean.
        if let [(1, x)] = terms
            && self.inlined(*x) == Some(true)
            && rel != Rel::Le
            && (rhs == 0 || rhs == 1)
        {
            return self.lit(Lit {
                var: *x,
                positive: (rhs == 1) == (rel == Rel::Eq),
            });
        }
        let op = match rel {
            Rel::Le => "<=",
            Rel::Eq => "==",
            Rel::Ne => "!=",
        };
        format!("{} {op} {rhs}", self.sum(terms, 0))
    }

    /// The definition `z == text` of a functional kind (`z == f(...)`):
    /// `z`'s variable when `z` is that variable, or its negation when
    /// `negatable` (min(xs) is posted as -max(-xs)).
    pub fn function_definition(
        &self,
        z: View,
        text: String,
        negatable: bool,
    ) -> Option<(VarId, String, bool)> {
        match (z.scale, z.offset) {
            (1, 0) => Some((z.var, text, false)),
            (-1, 0) if negatable => Some((z.var, format!("(-{text})"), false)),
            _ => None,
        }
    }
}

/// A constant as an expression: i64::MIN has no literal of its own.
pub(crate) fn number(v: i64) -> String {
    if v == i64::MIN {
        format!("({} - 1)", i64::MIN + 1)
    } else {
        v.to_string()
    }
}

fn sign(x: i64) -> char {
    if x < 0 { '-' } else { '+' }
}

/// `not (...)` unless positive.
pub(crate) fn negated(truth: String, positive: bool) -> String {
    if positive {
        format!("({truth})")
    } else {
        format!("(not ({truth}))")
    }
}

/// How the MiniZinc export names the variables (see `export::minizinc`).
pub trait MiniZincNames {
    fn var(&self, x: VarId) -> String;

    /// The least and greatest values of the variable's declared domain
    /// (`None`: empty).
    fn bounds(&self, x: VarId) -> Option<(i64, i64)>;
}

impl dyn MiniZincNames + '_ {
    pub fn view(&self, v: View) -> String {
        match (v.scale, v.offset) {
            (1, 0) => self.var(v.var),
            (1, c) => format!("({} + {c})", self.var(v.var)),
            (a, 0) => format!("({a} * {})", self.var(v.var)),
            (a, c) => format!("({a} * {} + {c})", self.var(v.var)),
        }
    }

    pub fn lit(&self, l: Lit) -> String {
        format!("({} = {})", self.var(l.var), i64::from(l.positive))
    }

    pub fn views(&self, vs: &[View]) -> String {
        let items: Vec<String> = vs.iter().map(|&v| self.view(v)).collect();
        format!("[{}]", items.join(", "))
    }

    /// Whether the view may be below 0 by its variable's declared domain.
    pub fn may_be_negative(&self, v: View) -> bool {
        self.bounds(v.var).is_some_and(|(lo, hi)| {
            let at = |x: i64| i128::from(v.scale) * i128::from(x) + i128::from(v.offset);
            at(lo).min(at(hi)) < 0
        })
    }

    /// `vs` for a global whose MiniZinc definition asserts that they are
    /// at least 0 (cumulative's durations): a view that may be below 0 as
    /// `max(0, v)`, its `v >= 0` added to `guards`.
    pub fn at_least_zero(&self, vs: &[View], guards: &mut Vec<String>) -> String {
        let items: Vec<String> = vs
            .iter()
            .map(|&v| {
                if self.may_be_negative(v) {
                    guards.push(format!("{} >= 0", self.view(v)));
                    format!("max(0, {})", self.view(v))
                } else {
                    self.view(v)
                }
            })
            .collect();
        format!("[{}]", items.join(", "))
    }

    /// `truth`, or `(r <-> truth)` with a reifying literal.
    pub fn reified(&self, truth: String, reif: Option<Lit>) -> String {
        match reif {
            None => truth,
            Some(r) => format!("({} <-> {truth})", self.lit(r)),
        }
    }
}
