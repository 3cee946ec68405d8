//! `sum(coef * var) rel rhs`, or reified: `reif <-> (sum rel rhs)`. The
//! workhorse: sums, comparisons and their truth values all lower to it.

use super::Primitive;
use super::known::{Known, Step, checked};
use super::text::{MiniZincNames, SpecNames, negated};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::linear;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, Lit, Rel, VarId, View};

/// `sum(coef * var) rel rhs`, or with `reif`: `reif <-> (sum rel rhs)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linear {
    pub terms: Vec<(i64, VarId)>,
    pub rel: Rel,
    pub rhs: i64,
    pub reif: Option<Lit>,
}

impl Linear {
    /// As `(x, v, lit)` with `lit <-> x == v`, a reified (dis)equality of
    /// one variable with a value it can equal, which can join the other
    /// literals of `x` in one `ValueChannel` (see `post::group`); `None`
    /// for anything else, or at a level that wraps its propagator.
    pub(super) fn value_literal(&self, consistency: Consistency) -> Option<(VarId, i64, Lit)> {
        let wrapped = matches!(consistency, Consistency::Check | Consistency::Probing);
        let (&[(a, x)], Some(lit)) = (&self.terms[..], self.reif) else {
            return None;
        };
        if wrapped || a == 0 || self.rhs % a != 0 || lit.var == x {
            return None;
        }
        match self.rel {
            Rel::Eq => Some((x, self.rhs / a, lit)),
            Rel::Ne => Some((x, self.rhs / a, lit.negate())),
            Rel::Le => None,
        }
    }
}

impl Primitive for Linear {
    fn kind(&self) -> &'static str {
        match self.reif {
            None => "a linear constraint",
            Some(_) => "a reified linear constraint",
        }
    }

    fn vars(&self) -> Vec<VarId> {
        self.terms
            .iter()
            .map(|t| t.1)
            .chain(self.reif.iter().map(|r| r.var))
            .collect()
    }

    fn size(&self) -> usize {
        self.terms.len() + 1
    }

    fn holds(&self, values: &[i64]) -> bool {
        let sum: i64 = self.terms.iter().map(|&(a, x)| a * values[x.index()]).sum();
        let truth = self.rel.holds(sum, self.rhs);
        match self.reif {
            None => truth,
            Some(r) => r.holds(values[r.var.index()]) == truth,
        }
    }

    /// The one value its last open term must take, or its truth once
    /// every term is known.
    #[inline]
    fn infer(&self, k: &mut Known<'_>) -> Step {
        let Linear {
            terms,
            rel,
            rhs,
            reif,
        } = self;
        let mut sum: i64 = 0;
        let mut open = None;
        let mut unknown = 0;
        for &(a, x) in terms {
            if k.known[x.index()] {
                sum = sum.wrapping_add(a.wrapping_mul(k.values[x.index()]));
            } else {
                unknown += 1;
                open = Some((a, x));
            }
        }
        let truth = match reif {
            None => Some(true),
            Some(r) => k.lit(*r),
        };
        match (unknown, truth) {
            (0, _) => {
                let holds = rel.holds(sum, *rhs);
                match reif {
                    None => checked(holds),
                    Some(r) => k.set_lit(*r, holds),
                }
            }
            // The one value that makes `sum == rhs` true.
            (1, Some(t)) if (*rel == Rel::Eq) == t && *rel != Rel::Le => {
                let (a, x) = open.expect("one open term");
                let rest = rhs.wrapping_sub(sum);
                if rest % a != 0 {
                    return Step::Violated;
                }
                k.set_view(View::of(x), rest / a)
            }
            _ => Step::Waiting,
        }
    }

    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        let is = |x: VarId| known[x.index()];
        let unknown: Vec<VarId> = self
            .terms
            .iter()
            .map(|&(_, x)| x)
            .filter(|&x| !is(x))
            .collect();
        match (self.reif, &unknown[..]) {
            (Some(r), []) => Some((!is(r.var)).then_some(r.var)),
            (None, []) => Some(None),
            (None, [x])
                if self.rel == Rel::Eq && self.terms.iter().filter(|t| t.1 == *x).count() == 1 =>
            {
                Some(Some(*x))
            }
            _ => None,
        }
    }

    /// Every level but `early` (alldifferent's). At `domain` an equation
    /// over few variables gets its combinations as a table with its item
    /// (`lower::cages`); an inequality or a disequality is domain
    /// consistent as it is: the values of one variable an inequality
    /// leaves lie on one side of a threshold its bounds reasoning reaches,
    /// and a disequality removes a value only once every other variable
    /// is fixed, when no other support is left.
    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    /// An equation over two variables or more, a reified comparison (an
    /// inequality's bounds are its supports).
    fn bounds_only(&self) -> bool {
        self.reif.is_some() || (self.rel == Rel::Eq && self.terms.len() >= 2)
    }

    /// A constant one is decided here.
    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        if self.terms.is_empty() && self.reif.is_none() {
            return if self.rel.holds(0, self.rhs) {
                Ok(None)
            } else {
                Err(Conflict)
            };
        }
        let c = self.clone();
        Ok(Some(Box::new(linear::Linear::new(
            c.terms, c.rel, c.rhs, c.reif,
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        let truth = names.linear(&self.terms, self.rel, self.rhs);
        match self.reif {
            None => truth,
            Some(r) => format!("{} <-> ({truth})", names.lit(r)),
        }
    }

    /// A reified one defines its literal's variable; an equation
    /// `a * x + rest == rhs` with `x` the newest open auxiliary variable
    /// and `a` = +-1 defines `x = a * (rhs - rest)`.
    fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        let Linear {
            terms,
            rel,
            rhs,
            reif,
        } = self;
        if let Some(r) = reif {
            let truth = names.linear(terms, *rel, *rhs);
            return Some((r.var, negated(truth, r.positive), true));
        }
        if *rel != Rel::Eq {
            return None;
        }
        let &(a, x) = terms
            .iter()
            .filter(|(_, x)| names.open(*x))
            .max_by_key(|(_, x)| *x)?;
        if a.abs() != 1 {
            return None;
        }
        let rest: Vec<(i64, VarId)> = terms
            .iter()
            .filter(|(_, y)| *y != x)
            .map(|&(b, y)| (-a * b, y))
            .collect();
        Some((x, format!("({})", names.sum(&rest, a * rhs)), false))
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        let sum: Vec<String> = self
            .terms
            .iter()
            .map(|&(a, x)| format!("{a} * {}", names.var(x)))
            .collect();
        let sum = if sum.is_empty() {
            "0".to_string()
        } else {
            sum.join(" + ")
        };
        let op = match self.rel {
            Rel::Le => "<=",
            Rel::Eq => "=",
            Rel::Ne => "!=",
        };
        names.reified(format!("({sum} {op} {})", self.rhs), self.reif)
    }
}
