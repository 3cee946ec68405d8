//! `cumulative(s, d, r, b)`: tasks on a resource of capacity `b`, task
//! `i` running over `[s_i, s_i + d_i)` and using `r_i` of it; at every
//! time the running tasks use at most `b`. MiniZinc's meaning
//! (`std/fzn_cumulative.mzn`): a task of duration or requirement 0 uses
//! nothing, durations and requirements are at least 0 (MiniZinc asserts
//! it; here a negative one is no solution) and so is the capacity once
//! there is a task. Any of `s`, `d`, `r`, `b` may be variables.
//!
//! Its propagator is time-tabling at every level (the compulsory parts'
//! profile; `engine::propagators::cumulative`). Energetic reasoning and
//! edge finding are left out: see that file's doc for why.

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::cumulative;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// Tasks `(starts[i], durations[i], requirements[i])` never use more
/// than `capacity` at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cumulative {
    pub starts: Vec<View>,
    pub durations: Vec<View>,
    pub requirements: Vec<View>,
    pub capacity: View,
}

impl Primitive for Cumulative {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["cumulative"];

    fn kind(&self) -> &'static str {
        "cumulative"
    }

    fn vars(&self) -> Vec<VarId> {
        let lists = [&self.starts, &self.durations, &self.requirements];
        lists
            .into_iter()
            .flatten()
            .chain([&self.capacity])
            .map(|v| v.var)
            .collect()
    }

    fn size(&self) -> usize {
        3 * self.starts.len() + 1
    }

    fn holds(&self, values: &[i64]) -> bool {
        let value = |v: &View| i128::from(v.value(values[v.var.index()]));
        let tasks: Vec<(i128, i128, i128)> = (0..self.starts.len())
            .map(|i| {
                (
                    value(&self.starts[i]),
                    value(&self.durations[i]),
                    value(&self.requirements[i]),
                )
            })
            .collect();
        let b = value(&self.capacity);
        if tasks.is_empty() {
            return true;
        }
        if b < 0 || tasks.iter().any(|&(_, d, r)| d < 0 || r < 0) {
            return false;
        }
        // The use only rises where a task starts.
        let running = |t: i128| -> i128 {
            tasks
                .iter()
                .filter(|&&(s, d, _)| s <= t && t < s + d)
                .map(|t| t.2)
                .sum()
        };
        tasks
            .iter()
            .filter(|t| t.1 > 0)
            .all(|&(s, _, _)| running(s) <= b)
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        if self.starts.is_empty() {
            return Ok(None);
        }
        Ok(Some(Box::new(cumulative::Cumulative::new(
            self.starts.clone(),
            self.durations.clone(),
            self.requirements.clone(),
            self.capacity,
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!(
            "cumulative({}, {}, {}, {})",
            names.views(&self.starts),
            names.views(&self.durations),
            names.views(&self.requirements),
            names.view(self.capacity)
        )
    }

    /// MiniZinc's `cumulative` asserts, while flattening, that no
    /// duration or requirement can be below 0: one that may be is
    /// written `max(0, v)` beside `v >= 0` (the same meaning).
    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        let mut guards = Vec::new();
        let durations = names.at_least_zero(&self.durations, &mut guards);
        let requirements = names.at_least_zero(&self.requirements, &mut guards);
        let call = format!(
            "cumulative({}, {durations}, {requirements}, {})",
            names.views(&self.starts),
            names.view(self.capacity)
        );
        if guards.is_empty() {
            call
        } else {
            format!("forall([{}]) /\\ {call}", guards.join(", "))
        }
    }
}
