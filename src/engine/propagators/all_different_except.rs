//! The views take pairwise different values, except the listed ones
//! (`alldifferent_except(xs, S)`; MiniZinc's `alldifferent_except_0` is
//! `S = {0}`): a value of `S` may be taken by any number of views.
//!
//! By value elimination, `all_different.rs`'s with the excepted values
//! shared: the value of every fixed view, unless excepted, is removed from
//! the others; the views kept permuted so that the first `done` (a trailed
//! cell) are fixed and propagated. At `domain` also Régin's flow (`cardinality_flow`, each
//! value at most one view unless excepted): every value left has a
//! solution giving it, when no variable appears under two views.

use super::all_different::eliminate_fixed;
use super::cardinality_flow::{Caps, CardinalityFlow};
use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{CellId, Change, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct AllDifferentExcept {
    /// The views, permuted as they are fixed (see the module's doc).
    views: Vec<View>,
    /// The excepted values, sorted.
    except: Vec<i64>,
    done: CellId,
    /// At `domain`: the flow, over the views in their first order (its
    /// hints are by position).
    flow: Option<(CardinalityFlow, Vec<View>)>,
}

impl AllDifferentExcept {
    /// `except` sorted, without repeats.
    pub(crate) fn new(views: Vec<View>, except: Vec<i64>, flow: bool) -> Self {
        debug_assert!(except.windows(2).all(|w| w[0] < w[1]));
        AllDifferentExcept {
            flow: flow.then(|| (CardinalityFlow::default(), views.clone())),
            views,
            except,
            done: CellId(u32::MAX),
        }
    }
}

impl Propagator for AllDifferentExcept {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let change = if self.flow.is_some() {
            Change::Domain
        } else {
            Change::Fixed
        };
        self.views.iter().map(|v| (v.var, change)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        self.flow.is_none()
    }

    fn initialise(&mut self, store: &mut Store) {
        self.done = store.new_cell(0);
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let except = &self.except;
        let shared = |value: i64| except.binary_search(&value).is_ok();
        let done = eliminate_fixed(store, &mut self.views, self.done, shared)?;
        if done == self.views.len() {
            return Ok(Status::Subsumed);
        }
        if let Some((flow, views)) = &mut self.flow {
            flow.prune(store, views, Caps::AtMostOneExcept(&self.except))?;
        }
        Ok(Status::Fix)
    }
}
