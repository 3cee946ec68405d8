//! `disjunctive(s, d)` and `disjunctive_strict(s, d)`: tasks on a unary
//! resource, task `i` over `[s_i, s_i + d_i)`, no two overlapping.
//! MiniZinc's two meanings (`std/fzn_disjunctive.mzn`,
//! `fzn_disjunctive_strict.mzn`): strict, for every pair `s_i + d_i <=
//! s_j` or `s_j + d_j <= s_i` (a task of duration 0 is never strictly
//! inside another); not strict, the same except that a task of duration
//! 0 is anywhere. Durations are at least 0 in both. Starts and durations
//! may be variables.
//!
//! Its propagator, at every level: detectable precedences and edge
//! finding with the overload check on Vilím's Θ-Λ-tree
//! (`engine::propagators::disjunctive`).

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::disjunctive;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// Tasks `(starts[i], durations[i])` never overlap; with `strict`, a
/// task of duration 0 is not inside another either.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disjunctive {
    pub starts: Vec<View>,
    pub durations: Vec<View>,
    pub strict: bool,
}

impl Disjunctive {
    fn name(&self) -> &'static str {
        if self.strict {
            "disjunctive_strict"
        } else {
            "disjunctive"
        }
    }
}

impl Primitive for Disjunctive {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["disjunctive", "disjunctive_strict"];

    fn kind(&self) -> &'static str {
        self.name()
    }

    fn vars(&self) -> Vec<VarId> {
        self.starts
            .iter()
            .chain(&self.durations)
            .map(|v| v.var)
            .collect()
    }

    fn size(&self) -> usize {
        2 * self.starts.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let value = |v: &View| i128::from(v.value(values[v.var.index()]));
        let tasks: Vec<(i128, i128)> = self
            .starts
            .iter()
            .zip(&self.durations)
            .map(|(s, d)| (value(s), value(d)))
            .collect();
        if tasks.iter().any(|&(_, d)| d < 0) {
            return false;
        }
        tasks.iter().enumerate().all(|(i, &(si, di))| {
            tasks[i + 1..].iter().all(|&(sj, dj)| {
                (!self.strict && (di == 0 || dj == 0)) || si + di <= sj || sj + dj <= si
            })
        })
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        if self.starts.is_empty() {
            return Ok(None);
        }
        Ok(Some(Box::new(disjunctive::Disjunctive::new(
            self.starts.clone(),
            self.durations.clone(),
            self.strict,
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!(
            "{}({}, {})",
            self.name(),
            names.views(&self.starts),
            names.views(&self.durations)
        )
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!(
            "{}({}, {})",
            self.name(),
            names.views(&self.starts),
            names.views(&self.durations)
        )
    }
}
