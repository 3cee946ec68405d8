//! `inverse(f, invf)`: two permutations channelled, `f[i] == j` exactly
//! when `invf[j] == i`, with MiniZinc's index offsets (each list indexed
//! from its own first index, the values of one being indices of the
//! other). This file holds the kind's data, meaning, posting and both
//! exports; its propagator is `engine::propagators::channel`.
//!
//! Consistency, honestly:
//! - `propagate` and `bounds` (the default): channelling both ways, to its
//!   fixpoint: a value `j` leaves `f[i]` when `i` is not in `invf[j]`'s
//!   domain (or `j` is no index of `invf`), and the other way round. So a
//!   fixed `f[i] == j` fixes `invf[j] == i` and removes `j` from every
//!   other `f[k]`: alldifferent by value elimination on both sides comes
//!   with it. (Gecode's `channel` has the same two levels, `val` and
//!   `dom`.)
//! - `domain`: channelling plus Régin's alldifferent on `f`
//!   (`AllDifferentDomain`), to a common fixpoint. After channelling both
//!   sides describe one bipartite graph (positions of `f` against
//!   positions of `invf`), a solution is a perfect matching of it, and
//!   Régin's algorithm keeps exactly the edges in some maximum matching:
//!   every value left has a support, so this is domain consistency of the
//!   whole constraint. Alldifferent on `invf` too would add nothing (the
//!   same graph, transposed). Complete when no variable appears under two
//!   views across both lists; sound (a relaxation) when one does.

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::channel::{Channel, Side};
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// `f[i] - invf_base == j` exactly when `invf[j] - f_base == i`, for
/// every position `i` of `f` and `j` of `invf` (positions from 0): a
/// list's values are the other list's indices, which start at its base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inverse {
    pub f: Vec<View>,
    /// The first index of `f` (what `invf`'s values count from).
    pub f_base: i64,
    pub invf: Vec<View>,
    /// The first index of `invf` (what `f`'s values count from).
    pub invf_base: i64,
}

impl Primitive for Inverse {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["inverse"];

    fn kind(&self) -> &'static str {
        "inverse"
    }

    fn vars(&self) -> Vec<VarId> {
        self.f.iter().chain(&self.invf).map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        self.f.len() + self.invf.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let positions = |list: &[View], base: i64| -> Vec<i64> {
            list.iter()
                .map(|v| v.value(values[v.var.index()]) - base)
                .collect()
        };
        let f = positions(&self.f, self.invf_base);
        let invf = positions(&self.invf, self.f_base);
        let maps_back = |from: &[i64], to: &[i64]| {
            from.iter().enumerate().all(|(i, &j)| {
                usize::try_from(j)
                    .ok()
                    .and_then(|j| to.get(j))
                    .is_some_and(|&back| back == i as i64)
            })
        };
        maps_back(&f, &invf) && maps_back(&invf, &f)
    }

    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    /// Lists of different lengths have no bijection between them.
    fn propagator(&self, level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        if self.f.len() != self.invf.len() {
            return Err(Conflict);
        }
        if self.f.is_empty() {
            return Ok(None);
        }
        let matching = matches!(level, Consistency::Domain | Consistency::Probing);
        let side = |views: &[View], base: i64| Side {
            views: views.to_vec(),
            base,
        };
        Ok(Some(Box::new(Channel::new(
            side(&self.f, self.f_base),
            side(&self.invf, self.invf_base),
            matching,
        ))))
    }

    /// A list written out is indexed from 0: each list's values shift to
    /// the other's positions.
    fn spec(&self, names: &dyn SpecNames) -> String {
        format!(
            "inverse({}, {})",
            names.views(&shifted(&self.f, self.invf_base)),
            names.views(&shifted(&self.invf, self.f_base))
        )
    }

    /// MiniZinc's array literals are indexed from 1.
    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!(
            "inverse({}, {})",
            names.views(&shifted(&self.f, self.invf_base - 1)),
            names.views(&shifted(&self.invf, self.f_base - 1))
        )
    }
}

/// The views minus `base`.
fn shifted(list: &[View], base: i64) -> Vec<View> {
    list.iter()
        .map(|v| View {
            offset: v.offset - base,
            ..*v
        })
        .collect()
}
