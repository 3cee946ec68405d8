//! Scores per variable that rise on an event and decay by a constant
//! factor at every tick, for the learning orders that read them:
//! - activity (Michel and Van Hentenryck, 2012): a rise whenever
//!   propagation narrows the variable, a tick per node ([`ACTIVITY_DECAY`]);
//! - accumulated failure count (AFC, Boussemart et al.'s weights with
//!   Gecode's decay): a rise whenever a propagator of the variable fails,
//!   a tick per failure ([`AFC_DECAY`]), starting from the variable's degree.
//!
//! Decay is not applied to every score at every tick: the amount added
//! grows instead (by `1 / decay` per tick), which orders the scores the
//! same way, and all scores and the amount are scaled down together
//! before they overflow (the order again unchanged), as SAT solvers keep
//! their VSIDS scores.

/// The factor an activity keeps per node.
pub(crate) const ACTIVITY_DECAY: f64 = 0.999;

/// The factor a failure count keeps per failure (Gecode's default for
/// `afc_size_max` in free search).
pub(crate) const AFC_DECAY: f64 = 0.99;

/// Past this amount, every score and the amount are scaled down.
const RESCALE_ABOVE: f64 = 1e100;

#[derive(Clone, Debug)]
pub(crate) struct Decaying {
    /// Whether events should raise scores (only an order that reads them).
    on: bool,
    scores: Vec<f64>,
    /// What one event adds now.
    bump: f64,
    /// The factor every score keeps per tick.
    decay: f64,
}

impl Decaying {
    pub(crate) fn new(decay: f64) -> Decaying {
        Decaying {
            on: false,
            scores: Vec::new(),
            bump: 1.0,
            decay,
        }
    }

    pub(crate) fn add_var(&mut self) {
        self.scores.push(0.0);
    }

    pub(crate) fn truncate(&mut self, vars: usize) {
        self.scores.truncate(vars);
    }

    /// Starts counting (or not) from `start(var)`: a new search.
    pub(crate) fn reset(&mut self, on: bool, start: impl Fn(usize) -> f64) {
        self.on = on;
        for (var, s) in self.scores.iter_mut().enumerate() {
            *s = start(var);
        }
        self.bump = 1.0;
    }

    /// Counts (or not) from the scores as they are.
    pub(crate) fn switch(&mut self, on: bool) {
        self.on = on;
    }

    pub(crate) fn is_on(&self) -> bool {
        self.on
    }

    /// An event on `var`: propagation narrowed it (activity), or one of
    /// its propagators failed (AFC).
    #[inline]
    pub(crate) fn raise(&mut self, var: usize) {
        self.scores[var] += self.bump;
    }

    /// One more tick: older events count for less.
    pub(crate) fn age(&mut self) {
        self.bump /= self.decay;
        if self.bump > RESCALE_ABOVE {
            for s in &mut self.scores {
                *s /= RESCALE_ABOVE;
            }
            self.bump /= RESCALE_ABOVE;
        }
    }

    pub(crate) fn score(&self, var: usize) -> f64 {
        self.scores[var]
    }
}

#[cfg(test)]
mod tests {
    use super::{ACTIVITY_DECAY, AFC_DECAY, Decaying};

    /// Ageing and rescaling keep the order of the scores: a narrowing
    /// long ago counts for less than one now, and scores stay finite.
    #[test]
    fn later_narrowings_weigh_more_and_scores_stay_finite() {
        let mut a = Decaying::new(ACTIVITY_DECAY);
        a.add_var();
        a.add_var();
        a.reset(true, |_| 0.0);
        a.raise(0);
        a.raise(0);
        for _ in 0..1000 {
            a.age();
        }
        a.raise(1);
        // 2 old narrowings against 1 made 1,000 nodes later: 2 < 1/0.999^1000 = 2.7.
        assert!(a.score(1) > a.score(0));
        for _ in 0..1_000_000 {
            a.age();
        }
        a.raise(0);
        assert!(a.score(0).is_finite() && a.score(0) > a.score(1));
    }

    /// A failure count starts at the degree and decays per failure: a
    /// variable of degree 3 that never fails falls behind one of degree
    /// 1 whose propagators keep failing.
    #[test]
    fn failure_counts_start_at_the_degree_and_decay() {
        let mut a = Decaying::new(AFC_DECAY);
        a.add_var();
        a.add_var();
        let degree = [3.0, 1.0];
        a.reset(true, |v| degree[v]);
        assert!(a.score(0) > a.score(1));
        for _ in 0..200 {
            a.raise(1);
            a.age();
        }
        assert!(a.score(1) > a.score(0));
        assert_eq!(a.score(0), 3.0, "untouched scores keep their scale");
    }
}
