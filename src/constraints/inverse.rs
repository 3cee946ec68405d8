//! `inverse(f, invf)`: two permutations channelled, `f[i] == j` exactly
//! when `invf[j] == i`, with MiniZinc's index offsets (each list indexed
//! from its own first index, the values of one being indices of the
//! other). The whole kind is this file: its data, meaning, posting, its
//! own propagator and both exports.
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
use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::propagators::all_different_domain::AllDifferentDomain;
use crate::engine::store::{Change, Conflict, Store};
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
        let matching = matches!(level, Consistency::Domain | Consistency::Probing)
            .then(|| AllDifferentDomain::new(self.f.clone()));
        Ok(Some(Box::new(Channel {
            inverse: self.clone(),
            matching,
            scratch: Vec::new(),
        })))
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

/// The propagator: channelling both ways, and at `domain` Régin's
/// matching on `f` (see the module's doc).
#[derive(Debug)]
struct Channel {
    inverse: Inverse,
    matching: Option<AllDifferentDomain>,
    scratch: Vec<i64>,
}

/// Removes from each `from[i]` the values `j` (counted from `to_base`)
/// whose `to[j]` cannot be `i` (counted from `from_base`).
fn channel(
    store: &mut Store,
    from: &[View],
    from_base: i64,
    to: &[View],
    to_base: i64,
    scratch: &mut Vec<i64>,
) -> Result<(), Conflict> {
    let last = to_base + to.len() as i64 - 1;
    for (i, &x) in from.iter().enumerate() {
        let _ = store.vset_min(x, to_base)?;
        let _ = store.vset_max(x, last)?;
        store.vvalues(x, scratch);
        let back = i as i64 + from_base;
        for &v in scratch.iter() {
            if !store.vcontains(to[(v - to_base) as usize], back) {
                let _ = store.vremove(x, v)?;
            }
        }
    }
    Ok(())
}

impl Channel {
    /// The values left in every view of both lists.
    fn size(&self, store: &Store) -> u64 {
        let i = &self.inverse;
        i.f.iter().chain(&i.invf).map(|&v| store.vsize(v)).sum()
    }
}

impl Propagator for Channel {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let i = &self.inverse;
        i.f.iter()
            .chain(&i.invf)
            .map(|v| (v.var, Change::Domain))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        loop {
            let before = self.size(store);
            let Inverse {
                f,
                f_base,
                invf,
                invf_base,
            } = &self.inverse;
            channel(store, f, *f_base, invf, *invf_base, &mut self.scratch)?;
            channel(store, invf, *invf_base, f, *f_base, &mut self.scratch)?;
            if let Some(matching) = &mut self.matching {
                let _ = matching.propagate(store)?;
            }
            if self.size(store) == before {
                break;
            }
        }
        let i = &self.inverse;
        if i.f.iter().chain(&i.invf).all(|&v| store.vfixed(v)) {
            return Ok(Status::Subsumed);
        }
        Ok(Status::Fix)
    }
}
