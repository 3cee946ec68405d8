//! An instance: constraints over variables with explicit small domains,
//! its model for the engine and its brute-force solutions.

use solve::model::plan::Consistency;
use solve::model::{Constraint, IntervalSet, Model, Posted};

/// A set of constraints over variables with explicit small domains.
#[derive(Clone, Debug)]
pub(super) struct Instance {
    pub(super) domains: Vec<Vec<i64>>,
    pub(super) constraints: Vec<Constraint>,
    /// Each constraint's own consistency (`Posted::consistency`), if any.
    pub(super) levels: Vec<Option<Consistency>>,
}

impl Instance {
    fn model_with(&self, domains: &[Vec<i64>]) -> Model {
        let mut model = Model::default();
        for (i, d) in domains.iter().enumerate() {
            let _ = model.new_var(format!("x{i}"), IntervalSet::from_values(d.clone()), false);
        }
        for (c, &level) in self.constraints.iter().zip(&self.levels) {
            model.constraints.push(Posted {
                constraint: c.clone(),
                origin: "propagator test".to_string(),
                item: String::new(),
                definition: false,
                consistency: level,
            });
        }
        model
    }

    pub(super) fn model(&self) -> Model {
        self.model_with(&self.domains)
    }

    /// The model with every variable fixed to `values`.
    pub(super) fn fixed_model(&self, values: &[i64]) -> Model {
        let fixed: Vec<Vec<i64>> = values.iter().map(|&v| vec![v]).collect();
        self.model_with(&fixed)
    }

    pub(super) fn holds(&self, values: &[i64]) -> bool {
        self.constraints.iter().all(|c| c.holds(values))
    }

    /// Every full assignment of the domains, in lexicographic order.
    pub(super) fn assignments(&self) -> Vec<Vec<i64>> {
        let mut out = vec![Vec::new()];
        for d in &self.domains {
            let mut next = Vec::with_capacity(out.len() * d.len());
            for prefix in &out {
                for &v in d {
                    let mut a = prefix.clone();
                    a.push(v);
                    next.push(a);
                }
            }
            out = next;
        }
        out
    }

    pub(super) fn solutions(&self) -> Vec<Vec<i64>> {
        self.assignments()
            .into_iter()
            .filter(|a| self.holds(a))
            .collect()
    }

    /// How big the instance is, to keep the smallest failing one.
    pub(super) fn weight(&self) -> usize {
        self.domains.iter().map(Vec::len).sum::<usize>() + 4 * self.domains.len()
    }

    pub(super) fn describe(&self) -> String {
        let mut s = String::new();
        for (i, d) in self.domains.iter().enumerate() {
            s.push_str(&format!("  x{i} (VarId({i})) in {d:?}\n"));
        }
        for (c, level) in self.constraints.iter().zip(&self.levels) {
            s.push_str(&format!("  {c:?}"));
            if let Some(level) = level {
                s.push_str(&format!(" (consistency {level:?})"));
            }
            s.push('\n');
        }
        s
    }
}
