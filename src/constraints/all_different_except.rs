//! `alldifferent_except(xs, S)`: the views take pairwise different
//! values, except the values of `S`, which any number may take
//! (MiniZinc's `all_different_except`; `alldifferent_except_0` is
//! `S = {0}`). The propagator is
//! `engine::propagators::all_different_except`.
//!
//! Consistency, honestly:
//! - `propagate` and `bounds` (the default): value elimination, the value
//!   of a fixed view (unless in `S`) leaves the others. MiniZinc 2.6.4's
//!   decomposition of bounded views, a `global_cardinality_low_up` over
//!   the values outside `S` with bounds 0..1 (native here, a count
//!   variable per value), prunes the same at this level.
//! - `domain`: value elimination and Régin's flow, each value outside `S`
//!   at most once: every value left has a solution giving it, when no
//!   variable appears under two views (else a sound relaxation).

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::all_different_except::AllDifferentExcept as Prop;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// The views' values outside `except` pairwise different.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllDifferentExcept {
    pub xs: Vec<View>,
    /// Sorted, without repeats.
    pub except: Vec<i64>,
}

impl AllDifferentExcept {
    /// `except` sorted and without repeats.
    pub fn new(xs: Vec<View>, mut except: Vec<i64>) -> Self {
        except.sort_unstable();
        except.dedup();
        AllDifferentExcept { xs, except }
    }

    fn only_zero(&self) -> bool {
        self.except == [0]
    }
}

impl Primitive for AllDifferentExcept {
    const MINIZINC_INCLUDES: &'static [&'static str] =
        &["all_different_except_0", "all_different_except"];

    fn kind(&self) -> &'static str {
        "alldifferent_except"
    }

    fn vars(&self) -> Vec<VarId> {
        self.xs.iter().map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        self.xs.len() + self.except.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let mut taken: Vec<i64> = self
            .xs
            .iter()
            .map(|v| v.value(values[v.var.index()]))
            .filter(|w| self.except.binary_search(w).is_err())
            .collect();
        taken.sort_unstable();
        taken.windows(2).all(|w| w[0] != w[1])
    }

    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    fn propagator(&self, level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        if self.xs.len() < 2 {
            return Ok(None);
        }
        let flow = matches!(level, Consistency::Domain | Consistency::Probing);
        Ok(Some(Box::new(Prop::new(
            self.xs.clone(),
            self.except.clone(),
            flow,
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        if self.only_zero() {
            return format!("alldifferent_except_0({})", names.views(&self.xs));
        }
        format!(
            "alldifferent_except({}, [{}])",
            names.views(&self.xs),
            list(&self.except)
        )
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        if self.only_zero() {
            return format!("alldifferent_except_0({})", names.views(&self.xs));
        }
        format!(
            "all_different_except({}, {{{}}})",
            names.views(&self.xs),
            list(&self.except)
        )
    }
}

/// The numbers separated by commas.
fn list(values: &[i64]) -> String {
    let words: Vec<String> = values.iter().map(i64::to_string).collect();
    words.join(", ")
}
