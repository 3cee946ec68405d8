//! Variable activity for activity-based search (Michel and Van Hentenryck,
//! 2012): a score per variable that rises whenever propagation narrows its
//! domain and decays by a constant factor at every node.
//!
//! Decay is not applied to every score at every node: the amount added
//! grows instead (by `1 / DECAY` per node), which orders the scores the
//! same way, and all scores and the amount are scaled down together
//! before they overflow (the order again unchanged), as SAT solvers keep
//! their VSIDS scores.

/// The factor every score keeps per node.
const DECAY: f64 = 0.999;

/// Past this amount, every score and the amount are scaled down.
const RESCALE_ABOVE: f64 = 1e100;

#[derive(Clone, Debug)]
pub(crate) struct Activity {
    /// Whether propagation should raise scores (only `activity` reads them).
    on: bool,
    scores: Vec<f64>,
    /// What one narrowing adds now.
    bump: f64,
}

impl Activity {
    pub(crate) fn new() -> Activity {
        Activity {
            on: false,
            scores: Vec::new(),
            bump: 1.0,
        }
    }

    pub(crate) fn add_var(&mut self) {
        self.scores.push(0.0);
    }

    pub(crate) fn truncate(&mut self, vars: usize) {
        self.scores.truncate(vars);
    }

    /// Starts counting (or not) from nothing: a new search.
    pub(crate) fn reset(&mut self, on: bool) {
        self.on = on;
        self.scores.fill(0.0);
        self.bump = 1.0;
    }

    /// Counts (or not) from the scores as they are.
    pub(crate) fn switch(&mut self, on: bool) {
        self.on = on;
    }

    pub(crate) fn is_on(&self) -> bool {
        self.on
    }

    /// Propagation narrowed `var`.
    #[inline]
    pub(crate) fn narrowed(&mut self, var: usize) {
        self.scores[var] += self.bump;
    }

    /// One more node: older narrowings count for less.
    pub(crate) fn age(&mut self) {
        self.bump /= DECAY;
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
    use super::Activity;

    /// Ageing and rescaling keep the order of the scores: a narrowing
    /// long ago counts for less than one now, and scores stay finite.
    #[test]
    fn later_narrowings_weigh_more_and_scores_stay_finite() {
        let mut a = Activity::new();
        a.add_var();
        a.add_var();
        a.reset(true);
        a.narrowed(0);
        a.narrowed(0);
        for _ in 0..1000 {
            a.age();
        }
        a.narrowed(1);
        // 2 old narrowings against 1 made 1,000 nodes later: 2 < 1/0.999^1000 = 2.7.
        assert!(a.score(1) > a.score(0));
        for _ in 0..1_000_000 {
            a.age();
        }
        a.narrowed(0);
        assert!(a.score(0).is_finite() && a.score(0) > a.score(1));
    }
}
