//! `global_cardinality(xs, values, counts)`: for each `k`, exactly
//! `counts[k]` of the views equal `values[k]` (views may take other values
//! too: MiniZinc's `closed` form narrows the views to `values` before it
//! posts this, its `low_up` form gives each count a variable ranging over
//! the bounds).
//!
//! Consistency, honestly:
//! - `propagate` and `bounds` (the default): counting
//!   (`engine::propagators::cardinality`): each count within the views
//!   fixed to its value and those that still have it, a count at either
//!   end settles the views, and the counts together cannot exceed the
//!   views (nor fall short of them when every view must take one of the
//!   values). As strong as one `count` per value plus their sum, which is
//!   MiniZinc's decomposition.
//! - `domain`: counting, then Régin's flow (`cardinality_flow`): a value
//!   stays in a view only if some assignment of all views meets every
//!   count's current bounds and gives it that value, which is domain
//!   consistency on the views for fixed counts (Régin 1996). The counts
//!   themselves are narrowed by counting only.

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::cardinality::Cardinality;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// `counts[k] == |{i : xs[i] == values[k]}|` for every `k`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalCardinality {
    pub xs: Vec<View>,
    pub values: Vec<i64>,
    pub counts: Vec<View>,
}

impl Primitive for GlobalCardinality {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["global_cardinality"];

    fn kind(&self) -> &'static str {
        "global_cardinality"
    }

    fn vars(&self) -> Vec<VarId> {
        self.xs.iter().chain(&self.counts).map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        self.xs.len() + 2 * self.values.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let at = |v: View| v.value(values[v.var.index()]);
        self.values.iter().zip(&self.counts).all(|(&w, &c)| {
            let n = self.xs.iter().filter(|&&x| at(x) == w).count();
            at(c) == n as i64
        })
    }

    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    fn propagator(&self, level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        if self.values.is_empty() {
            return Ok(None);
        }
        let flow = matches!(level, Consistency::Domain | Consistency::Probing);
        Ok(Some(Box::new(Cardinality::new(
            self.xs.clone(),
            self.values.clone(),
            self.counts.clone(),
            flow,
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!(
            "global_cardinality({}, {}, {})",
            names.views(&self.xs),
            integers(&self.values),
            names.views(&self.counts)
        )
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!(
            "global_cardinality({}, {}, {})",
            names.views(&self.xs),
            integers(&self.values),
            names.views(&self.counts)
        )
    }
}

/// `[1, 2, 3]`: a list of integers in both languages.
fn integers(values: &[i64]) -> String {
    let items: Vec<String> = values.iter().map(|&v| super::text::number(v)).collect();
    format!("[{}]", items.join(", "))
}
