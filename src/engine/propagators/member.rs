//! `member(xs, y)`: some view of `xs` equals `y`, domain consistent when
//! no variable appears twice among them (else a sound relaxation).
//!
//! A view `x` is a candidate while its domain meets `y`'s. Then:
//! - no candidate: no solution;
//! - `y` keeps only the values some candidate has (its other values have
//!   no `x` to equal);
//! - one candidate alone must equal `y`: it keeps only `y`'s values (and
//!   `y` already has only its values, by the rule above).
//!
//! Every value left has a support: a value of `y` the candidate that has
//! it; a value of a candidate, with two or more candidates, the other one
//! (which can equal `y` while this one takes anything), and with one
//! candidate, `y` taking that value. MiniZinc's decomposition
//! (`exists(i)(x[i] == y)`, reified equalities under one clause) prunes
//! `y` only once all but one equality is false.
//!
//! A domain of more than [`MOST_VALUES`] values (a `var int` with no
//! bounds) is read by its bounds only: `y` between the candidates' least
//! and greatest values, a lone candidate within `y`'s bounds.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

/// The largest domain read value by value.
const MOST_VALUES: u64 = 1 << 16;

#[derive(Debug)]
pub(crate) struct Member {
    xs: Vec<View>,
    y: View,
    /// Scratch: whether each view is a candidate (and, while `y`'s
    /// values are read, whether it has one of them), and values read.
    candidate: Vec<bool>,
    met: Vec<bool>,
    values: Vec<i64>,
    unsupported: Vec<i64>,
}

impl Member {
    pub(crate) fn new(xs: Vec<View>, y: View) -> Self {
        Member {
            candidate: vec![false; xs.len()],
            met: vec![false; xs.len()],
            xs,
            y,
            values: Vec::new(),
            unsupported: Vec::new(),
        }
    }

    /// Candidates by bounds, and `y` within theirs.
    fn by_bounds(&mut self, store: &mut Store) -> Result<(), Conflict> {
        let (lo, hi) = (store.vmin(self.y), store.vmax(self.y));
        let (mut least, mut most) = (i64::MAX, i64::MIN);
        for (i, &x) in self.xs.iter().enumerate() {
            let (a, b) = (store.vmin(x), store.vmax(x));
            self.candidate[i] = a <= hi && lo <= b;
            if self.candidate[i] {
                least = least.min(a);
                most = most.max(b);
            }
        }
        if least > most {
            return Err(Conflict);
        }
        let _ = store.vset_min(self.y, least)?;
        let _ = store.vset_max(self.y, most)?;
        Ok(())
    }

    /// Each value of `y` kept only where a candidate has it; the
    /// candidates narrowed to those that have one of `y`'s values.
    fn by_values(&mut self, store: &mut Store) -> Result<(), Conflict> {
        store.vvalues(self.y, &mut self.values);
        self.met.fill(false);
        self.unsupported.clear();
        for &v in &self.values {
            let mut supported = false;
            for (i, &x) in self.xs.iter().enumerate() {
                if self.candidate[i] && store.vcontains(x, v) {
                    supported = true;
                    self.met[i] = true;
                }
            }
            if !supported {
                self.unsupported.push(v);
            }
        }
        std::mem::swap(&mut self.candidate, &mut self.met);
        for &v in &self.unsupported {
            let _ = store.vremove(self.y, v)?;
        }
        Ok(())
    }

    /// The lone candidate `x` narrowed to `y`'s values.
    fn equal(&mut self, store: &mut Store, x: View) -> Result<(), Conflict> {
        let _ = store.vset_min(x, store.vmin(self.y))?;
        let _ = store.vset_max(x, store.vmax(self.y))?;
        if store.vsize(x) > MOST_VALUES {
            return Ok(());
        }
        store.vvalues(x, &mut self.values);
        for &v in &self.values {
            if !store.vcontains(self.y, v) {
                let _ = store.vremove(x, v)?;
            }
        }
        Ok(())
    }
}

impl Propagator for Member {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let views = self.xs.iter().chain(std::iter::once(&self.y));
        views.map(|v| (v.var, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        self.by_bounds(store)?;
        if store.vsize(self.y) <= MOST_VALUES {
            self.by_values(store)?;
        }
        let mut candidates = (0..self.xs.len()).filter(|&i| self.candidate[i]);
        let Some(first) = candidates.next() else {
            return Err(Conflict);
        };
        if candidates.next().is_none() {
            self.equal(store, self.xs[first])?;
        }
        if store.vfixed(self.y) {
            let y = store.vvalue(self.y);
            let equal = |x: &View| store.vfixed(*x) && store.vvalue(*x) == y;
            if self.xs.iter().any(equal) {
                return Ok(Status::Subsumed);
            }
        }
        Ok(Status::Fix)
    }
}
