//! The generators of the scheduling kinds, `cumulative` and
//! `disjunctive`: two to four tasks over a small horizon, starts as
//! variables (now and then a shifted or negated view, or one variable for
//! two tasks), durations and requirements mostly fixed (some 0), now and
//! then variables over a few small values (0 among them), and a fixed or
//! variable capacity. Kept to a few hundred assignments each, so that the
//! brute force stays quick.

use super::generate::Gen;
use solve::constraints::{Cumulative, Disjunctive};
use solve::model::{Constraint, VarId, View};

impl Gen {
    fn var_over(&mut self, domain: Vec<i64>) -> VarId {
        self.domains.push(domain);
        VarId(self.domains.len() as u32 - 1)
    }

    /// A start: a new variable over part of `0..=horizon` (one time in
    /// eight an earlier start again, one in six a view of it).
    fn start(&mut self, horizon: i64, earlier: &[View]) -> View {
        if !earlier.is_empty() && self.rng.one_in(8) {
            return self.rng.pick(earlier);
        }
        let all: Vec<i64> = (0..=horizon).collect();
        let domain = loop {
            let d: Vec<i64> = all
                .iter()
                .copied()
                .filter(|_| !self.rng.one_in(3))
                .collect();
            if !d.is_empty() {
                break d;
            }
        };
        let x = self.var_over(domain);
        if self.rng.one_in(6) {
            let scale = self.rng.pick(&[1, -1]);
            let offset = if scale < 0 {
                horizon
            } else {
                self.rng.range(-1, 1)
            };
            View {
                var: x,
                scale,
                offset,
            }
        } else {
            View::of(x)
        }
    }

    /// A duration or requirement: fixed (0 now and then) or, one time in
    /// `variable`, a variable over two or three values of `0..=top`.
    fn amount(&mut self, top: i64, variable: usize) -> View {
        if self.rng.one_in(variable) {
            let mut d: Vec<i64> = (0..=top).filter(|_| !self.rng.one_in(2)).collect();
            if d.len() < 2 {
                d = vec![0, top];
            }
            return View::of(self.var_over(d));
        }
        let v = if self.rng.one_in(6) {
            0
        } else {
            self.rng.range(1, top)
        };
        View::of(self.var_over(vec![v]))
    }

    /// `cumulative` over two to four tasks.
    pub(super) fn cumulative(&mut self) -> Constraint {
        let n = 2 + self.rng.below(3);
        let horizon = if n == 4 { 3 } else { 4 };
        let mut starts = Vec::new();
        for _ in 0..n {
            let s = self.start(horizon, &starts);
            starts.push(s);
        }
        let variable = if n == 4 { 12 } else { 5 };
        let durations = (0..n).map(|_| self.amount(3, variable)).collect();
        let requirements = (0..n).map(|_| self.amount(3, variable)).collect();
        let capacity = if self.rng.one_in(5) {
            View::of(self.var_over(vec![1, 2, 3]))
        } else {
            let c = self.rng.range(1, 4);
            View::of(self.var_over(vec![c]))
        };
        Constraint::Cumulative(Cumulative {
            starts,
            durations,
            requirements,
            capacity,
        })
    }

    /// `disjunctive` (strict one time in two) over two to four tasks.
    pub(super) fn disjunctive(&mut self) -> Constraint {
        let n = 2 + self.rng.below(3);
        let horizon = if n == 4 { 5 } else { 6 };
        let mut starts = Vec::new();
        for _ in 0..n {
            let s = self.start(horizon, &starts);
            starts.push(s);
        }
        let variable = if n == 4 { 8 } else { 4 };
        let durations = (0..n).map(|_| self.amount(3, variable)).collect();
        Constraint::Disjunctive(Disjunctive {
            starts,
            durations,
            strict: self.rng.one_in(2),
        })
    }
}
