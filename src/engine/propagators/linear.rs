//! `sum(a_i * x_i) rel c` with bounds reasoning, and its reified form
//! `r <-> (sum rel c)` (so `count(a[i] == g[i] ...) == 2` propagates).
//!
//! `<=` narrows each term by the slack left by the others' minimums; `==` is
//! both directions of `<=` until neither narrows; `!=` waits until one
//! variable is left and removes the single value that would make it equal.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::engine::view::{div_ceil, div_floor};
use crate::vocab::{Lit, Rel, VarId};

#[derive(Debug)]
pub(crate) struct Linear {
    terms: Vec<(i64, VarId)>,
    rel: Rel,
    rhs: i64,
    reif: Option<Lit>,
    /// Scratch for `==`: each term's (min, max), read once a run.
    spans: Vec<(i64, i64)>,
}

/// Does the relation hold / fail / remain open in the current domains?
#[derive(Debug, PartialEq, Eq)]
enum Truth {
    True,
    False,
    Open,
}

impl Linear {
    /// The terms of a variable named twice are merged: the propagation
    /// below counts on each variable occurring once.
    pub(crate) fn new(
        mut terms: Vec<(i64, VarId)>,
        rel: Rel,
        rhs: i64,
        reif: Option<Lit>,
    ) -> Linear {
        let mut vars: Vec<VarId> = terms.iter().map(|&(_, x)| x).collect();
        vars.sort_unstable();
        vars.dedup();
        if vars.len() < terms.len() {
            terms = vars
                .into_iter()
                .map(|x| {
                    let same = terms.iter().filter(|t| t.1 == x);
                    // Coefficients are under 2^62 (the front end's limit).
                    (same.fold(0i64, |a, t| a.saturating_add(t.0)), x)
                })
                .filter(|&(a, _)| a != 0)
                .collect();
        }
        Linear {
            spans: Vec::with_capacity(terms.len()),
            terms,
            rel,
            rhs,
            reif,
        }
    }

    /// `(min, max)` of `a * x`.
    #[inline]
    fn term_span(store: &Store, a: i64, x: VarId) -> (i64, i64) {
        let (min, max) = store.bounds(x);
        if a >= 0 {
            (a * min, a * max)
        } else {
            (a * max, a * min)
        }
    }

    fn term_min(store: &Store, a: i64, x: VarId) -> i64 {
        if a >= 0 {
            a * store.min(x)
        } else {
            a * store.max(x)
        }
    }

    fn term_max(store: &Store, a: i64, x: VarId) -> i64 {
        if a >= 0 {
            a * store.max(x)
        } else {
            a * store.min(x)
        }
    }

    fn bounds(&self, store: &Store) -> (i64, i64) {
        self.terms.iter().fold((0, 0), |(lo, hi), &(a, x)| {
            (
                lo + Self::term_min(store, a, x),
                hi + Self::term_max(store, a, x),
            )
        })
    }

    fn truth(&self, store: &Store, rel: Rel) -> Truth {
        let (lo, hi) = self.bounds(store);
        let c = self.rhs;
        match rel {
            Rel::Le if hi <= c => Truth::True,
            Rel::Le if lo > c => Truth::False,
            Rel::Le => Truth::Open,
            Rel::Eq | Rel::Ne => {
                let eq = if c < lo || c > hi {
                    Truth::False
                } else if lo == hi {
                    Truth::True
                } else if let [(a, x)] = self.terms[..] {
                    // One variable: exact membership, not just bounds.
                    if c % a != 0 || !store.contains(x, c / a) {
                        Truth::False
                    } else {
                        Truth::Open
                    }
                } else {
                    Truth::Open
                };
                match (rel, eq) {
                    (Rel::Ne, Truth::True) => Truth::False,
                    (Rel::Ne, Truth::False) => Truth::True,
                    (_, t) => t,
                }
            }
        }
    }

    /// Narrows `a * x` to `[lo, hi]`; returns whether `x` changed.
    fn narrow_term(
        store: &mut Store,
        a: i64,
        x: VarId,
        lo: i64,
        hi: i64,
    ) -> Result<bool, Conflict> {
        // Unit coefficients (most sums) need no division.
        if a == 1 {
            store.set_bounds(x, lo, hi)
        } else if a == -1 {
            store.set_bounds(x, -hi, -lo)
        } else if a > 0 {
            store.set_bounds(x, div_ceil(lo, a), div_floor(hi, a))
        } else {
            store.set_bounds(x, div_ceil(hi, a), div_floor(lo, a))
        }
    }

    /// `sum(sign * a_i * x_i) <= c`, in one pass: narrowing a term's maximum
    /// never changes the others' minimums.
    fn less_eq(&self, store: &mut Store, sign: i64, c: i64) -> Result<(), Conflict> {
        let lo: i64 = self
            .terms
            .iter()
            .map(|&(a, x)| Self::term_min(store, sign * a, x))
            .sum();
        let slack = c - lo;
        if slack < 0 {
            return Err(Conflict);
        }
        for &(a, x) in &self.terms {
            let a = sign * a;
            let (min, max) = (Self::term_min(store, a, x), Self::term_max(store, a, x));
            // Most terms fit in the slack: no division, no store call.
            if max - min > slack {
                let _ = Self::narrow_term(store, a, x, i64::MIN / 2, min + slack)?;
            }
        }
        Ok(())
    }

    /// `sum(a_i * x_i) == c`: both bounds per pass, until a pass narrows
    /// nothing. Returns whether the sum is fixed (the constraint is entailed).
    /// Each variable occurs once, so narrowing a term moves no other term:
    /// the terms' spans are read once and re-read only where narrowed.
    fn equal(&mut self, store: &mut Store, c: i64) -> Result<bool, Conflict> {
        self.spans.clear();
        let (mut lo, mut hi) = (0, 0);
        for &(a, x) in &self.terms {
            let (min, max) = Self::term_span(store, a, x);
            (lo, hi) = (lo + min, hi + max);
            self.spans.push((min, max));
        }
        loop {
            if lo > c || hi < c {
                return Err(Conflict);
            }
            if lo == hi {
                return Ok(true);
            }
            let (up, down) = (c - lo, hi - c);
            let mut changed = false;
            // The sum's new bounds, gathered on the way.
            let (mut next_lo, mut next_hi) = (0, 0);
            for (&(a, x), span) in self.terms.iter().zip(self.spans.iter_mut()) {
                let (min, max) = *span;
                if (max - min > up || max - min > down)
                    && Self::narrow_term(store, a, x, max - down, min + up)?
                {
                    changed = true;
                    *span = Self::term_span(store, a, x);
                }
                next_lo += span.0;
                next_hi += span.1;
            }
            if !changed {
                return Ok(false);
            }
            (lo, hi) = (next_lo, next_hi);
        }
    }

    fn enforce(&mut self, store: &mut Store, rel: Rel) -> PropResult {
        match rel {
            Rel::Le => {
                self.less_eq(store, 1, self.rhs)?;
                let (_, hi) = self.bounds(store);
                Ok(if hi <= self.rhs {
                    Status::Subsumed
                } else {
                    Status::Fix
                })
            }
            Rel::Eq => Ok(if self.equal(store, self.rhs)? {
                Status::Subsumed
            } else {
                Status::Fix
            }),
            Rel::Ne => {
                let mut open = None;
                let mut fixed_sum = 0;
                for &(a, x) in &self.terms {
                    if store.is_fixed(x) {
                        fixed_sum += a * store.min(x);
                    } else if open.is_some() {
                        return Ok(Status::Fix);
                    } else {
                        open = Some((a, x));
                    }
                }
                match open {
                    None if fixed_sum == self.rhs => Err(Conflict),
                    None => Ok(Status::Subsumed),
                    Some((a, x)) => {
                        let rest = self.rhs - fixed_sum;
                        if rest % a == 0 {
                            let _ = store.remove(x, rest / a)?;
                        }
                        Ok(Status::Subsumed)
                    }
                }
            }
        }
    }

    /// `not (sum rel c)` as a relation on the same sum: `<=` becomes `>= c+1`.
    fn enforce_negation(&mut self, store: &mut Store) -> PropResult {
        match self.rel {
            Rel::Le => {
                self.less_eq(store, -1, -(self.rhs + 1))?;
                let (lo, _) = self.bounds(store);
                Ok(if lo > self.rhs {
                    Status::Subsumed
                } else {
                    Status::Fix
                })
            }
            Rel::Eq => self.enforce(store, Rel::Ne),
            Rel::Ne => self.enforce(store, Rel::Eq),
        }
    }
}

impl Propagator for Linear {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let on = match (self.rel, self.reif) {
            // One-variable (dis)equalities decide their literal by membership.
            (Rel::Eq | Rel::Ne, Some(_)) if self.terms.len() == 1 => Change::Domain,
            // A plain disequality prunes only once one term is left open;
            // a reified one also decides its literal from the bounds (the
            // sum's range leaving out the constant), so it hears of them.
            (Rel::Ne, None) => Change::Fixed,
            _ => Change::Bounds,
        };
        let mut subs: Vec<(VarId, Change)> = self.terms.iter().map(|&(_, x)| (x, on)).collect();
        if let Some(r) = self.reif {
            subs.push((r.var, Change::Fixed));
        }
        subs
    }

    fn priority(&self) -> Priority {
        if self.terms.len() <= 2 {
            Priority::Cheap
        } else {
            Priority::Linear
        }
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let Some(r) = self.reif else {
            return self.enforce(store, self.rel);
        };
        if store.is_fixed(r.var) {
            return if r.holds(store.min(r.var)) {
                self.enforce(store, self.rel)
            } else {
                self.enforce_negation(store)
            };
        }
        match self.truth(store, self.rel) {
            Truth::True => {
                let _ = store.assign(r.var, i64::from(r.positive))?;
                Ok(Status::Subsumed)
            }
            Truth::False => {
                let _ = store.assign(r.var, i64::from(!r.positive))?;
                Ok(Status::Subsumed)
            }
            Truth::Open => Ok(Status::Fix),
        }
    }
}
