//! Alldifferent at the `domain` level: domain consistency by Régin's
//! matching algorithm (1994). A value stays in a view's domain only if some
//! assignment of all the views to distinct values gives it to that view:
//! the edge belongs to a maximum matching of the variable-value graph,
//! which holds when it is in the current matching, when its ends lie in one
//! strongly connected component of the residual graph (an alternating
//! cycle), or when its value can be reached from a free value (an even
//! alternating path).
//!
//! Complete when no variable appears under two views; sound (a
//! relaxation) when one does.
//!
//! Incremental in the matching: the one found last time is the start of
//! the next search and only the views it no longer fits are re-matched
//! (it is a hint kept in scratch: nothing depends on it being current).

use super::digraph::Digraph;
use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct AllDifferentDomain {
    views: Vec<View>,
    /// Scratch, reused between runs: the values, sorted.
    values: Vec<i64>,
    /// Scratch: a value's number by its offset from the least (dense
    /// graphs only).
    slot: Vec<u32>,
    /// Scratch: one view's values.
    buffer: Vec<i64>,
    /// Scratch: the residual graph, its edges, the nodes reached from a
    /// free value and the search's queue.
    graph: Digraph,
    arcs: Vec<(u32, u32)>,
    reached: Vec<bool>,
    queue: Vec<usize>,
    /// The value graph: view `i`'s values, as indices into `values`, are
    /// `edges[first[i]..first[i + 1]]` (one array: 4 bytes an edge, so a
    /// large graph stays small).
    edges: Vec<u32>,
    first: Vec<usize>,
    /// The value each view had in the last matching, as a value (not an
    /// index: the indices change from run to run).
    hint: Vec<Option<i64>>,
    match_var: Vec<usize>,
    match_val: Vec<usize>,
    /// Values visited by the current augmenting search: those stamped
    /// with `stamp` (a new search takes a new stamp, clearing nothing).
    seen: Vec<u32>,
    stamp: u32,
    /// No variable is under two views: then one run reaches its own
    /// fixpoint (otherwise a removal through one view changes another).
    distinct: bool,
    /// The views the last run removed values from (for a propagator that
    /// runs this one inside it and mirrors its removals).
    pruned: Vec<u32>,
}

const NONE: usize = usize::MAX;
const NONE32: u32 = u32::MAX;
/// The widest span of values numbered through an offset table.
const DENSE_SPAN: i64 = 1 << 16;

impl AllDifferentDomain {
    pub(crate) fn new(views: Vec<View>) -> AllDifferentDomain {
        let n = views.len();
        let mut vars: Vec<VarId> = views.iter().map(|v| v.var).collect();
        vars.sort_unstable();
        vars.dedup();
        AllDifferentDomain {
            distinct: vars.len() == n,
            views,
            values: Vec::new(),
            slot: Vec::new(),
            buffer: Vec::new(),
            graph: Digraph::default(),
            arcs: Vec::new(),
            reached: Vec::new(),
            queue: Vec::new(),
            edges: Vec::new(),
            first: Vec::new(),
            hint: vec![None; n],
            pruned: Vec::new(),
            match_var: Vec::new(),
            match_val: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
        }
    }

    /// The values of all views (sorted) and each view's edges; `false`
    /// when the run must stop. Values within a span of a few times the
    /// views' number are numbered through an offset table (no sort, no
    /// search), others by sorting and binary search.
    /// The views the last successful run removed values from.
    pub(crate) fn pruned(&self) -> &[u32] {
        &self.pruned
    }

    fn value_graph(&mut self, store: &mut Store) -> bool {
        // Every view's values once, in `buffer`, view `i`'s at
        // `first[i]..first[i + 1]`; then each numbered into `edges`.
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        self.buffer.clear();
        self.first.clear();
        for &v in &self.views {
            if store.must_stop() {
                return false;
            }
            self.first.push(self.buffer.len());
            lo = lo.min(store.vmin(v));
            hi = hi.max(store.vmax(v));
            store.vvalues_into(v, &mut self.buffer);
        }
        self.first.push(self.buffer.len());
        let span = hi.saturating_sub(lo).saturating_add(1);
        // (No views: no span, `lo` above `hi`.)
        let dense = (1..=(8 * self.views.len() as i64 + 64).min(DENSE_SPAN)).contains(&span);
        self.values.clear();
        self.edges.clear();
        if dense {
            self.slot.clear();
            self.slot.resize(span as usize, NONE32);
            for &v in &self.buffer {
                self.slot[(v - lo) as usize] = 0;
            }
            for (k, slot) in self.slot.iter_mut().enumerate() {
                if *slot == 0 {
                    *slot = self.values.len() as u32;
                    self.values.push(lo + k as i64);
                }
            }
            let slot = &self.slot;
            self.edges
                .extend(self.buffer.iter().map(|&v| slot[(v - lo) as usize]));
        } else {
            self.values.extend_from_slice(&self.buffer);
            self.values.sort_unstable();
            self.values.dedup();
            let values = &self.values;
            self.edges.extend(
                self.buffer
                    .iter()
                    .map(|v| values.binary_search(v).expect("a value of the graph") as u32),
            );
        }
        true
    }

    /// The residual graph of the matching into `graph` (views `0..n`,
    /// values `n..n + m`): a matched edge view -> value, an unmatched one
    /// value -> view.
    fn residual(&mut self) {
        let (n, m) = (self.views.len(), self.values.len());
        self.arcs.clear();
        for i in 0..n {
            for k in self.first[i]..self.first[i + 1] {
                let v = self.edges[k] as usize;
                let (x, value) = (i as u32, (n + v) as u32);
                self.arcs.push(if self.match_var[i] == v {
                    (x, value)
                } else {
                    (value, x)
                });
            }
        }
        self.graph.set_edges(n + m, &self.arcs);
    }

    fn edges_of(&self, i: usize) -> &[u32] {
        &self.edges[self.first[i]..self.first[i + 1]]
    }

    /// A maximum matching of the value graph into `match_var` and
    /// `match_val`, starting from the last one where it still fits, then
    /// a free value of each view's own where there is one; `Some(false)`
    /// when some view has no value of its own, `None` when the run must
    /// stop.
    fn maximum_matching(&mut self, store: &mut Store) -> Option<bool> {
        let (n, m) = (self.views.len(), self.values.len());
        self.match_var.clear();
        self.match_var.resize(n, NONE);
        self.match_val.clear();
        self.match_val.resize(m, NONE);
        for i in 0..n {
            if let Some(v) = self.hint[i]
                && let Ok(j) = self.values.binary_search(&v)
                && self.match_val[j] == NONE
                && self.edges_of(i).contains(&(j as u32))
            {
                self.match_var[i] = j;
                self.match_val[j] = i;
            }
        }
        for i in 0..n {
            if self.match_var[i] == NONE
                && let Some(&j) = self
                    .edges_of(i)
                    .iter()
                    .find(|&&j| self.match_val[j as usize] == NONE)
            {
                self.match_var[i] = j as usize;
                self.match_val[j as usize] = i;
            }
        }
        self.seen.resize(m, 0);
        for i in 0..n {
            if self.match_var[i] == NONE {
                if store.must_stop() {
                    return None;
                }
                self.next_stamp();
                if !self.augment(i) {
                    return Some(false);
                }
            }
        }
        for i in 0..n {
            self.hint[i] = Some(self.values[self.match_var[i]]);
        }
        Some(true)
    }

    /// A stamp no value of `seen` holds.
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }

    /// Tries to match view `i` by an augmenting path (depth first).
    fn augment(&mut self, i: usize) -> bool {
        // Iteratively: a stack of (view, next edge to try).
        let mut stack: Vec<(usize, usize)> = vec![(i, self.first[i])];
        let mut path: Vec<(usize, usize)> = Vec::new();
        while let Some(&mut (x, ref mut k)) = stack.last_mut() {
            if *k == self.first[x + 1] {
                let _ = stack.pop();
                let _ = path.pop();
                continue;
            }
            let v = self.edges[*k] as usize;
            *k += 1;
            if self.seen[v] == self.stamp {
                continue;
            }
            self.seen[v] = self.stamp;
            path.push((x, v));
            let owner = self.match_val[v];
            if owner == NONE {
                // Flip the path: every view on it takes its next value.
                for &(x, v) in &path {
                    self.match_var[x] = v;
                    self.match_val[v] = x;
                }
                return true;
            }
            stack.push((owner, self.first[owner]));
        }
        false
    }
}

impl Propagator for AllDifferentDomain {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.views.iter().map(|v| (v.var, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let n = self.views.len();
        // The value graph. With a variable under two views this is a
        // relaxation (the views are matched independently): still sound,
        // and the check once everything is fixed is exact.
        if !self.value_graph(store) {
            return Err(Conflict);
        }
        let m = self.values.len();
        if m < n {
            return Err(Conflict);
        }
        if !self.maximum_matching(store).ok_or(Conflict)? {
            return Err(Conflict);
        }
        // The residual graph on nodes 0..n (views) and n..n+m (values):
        // a matched edge view -> value, an unmatched one value -> view.
        self.residual();
        // Values reachable from a free value (even alternating paths).
        let reached = &mut self.reached;
        reached.clear();
        reached.resize(n + m, false);
        let queue = &mut self.queue;
        queue.clear();
        queue.extend((0..m).filter(|&v| self.match_val[v] == NONE).map(|v| n + v));
        for &q in queue.iter() {
            reached[q] = true;
        }
        while let Some(u) = queue.pop() {
            for &w in self.graph.successors(u) {
                if !reached[w as usize] {
                    reached[w as usize] = true;
                    queue.push(w as usize);
                }
            }
        }
        let component = self.graph.components(store).ok_or(Conflict)?;
        // Remove every edge in no maximum matching.
        self.pruned.clear();
        for i in 0..n {
            let mut pruned = false;
            for k in self.first[i]..self.first[i + 1] {
                let v = self.edges[k] as usize;
                let keep = self.match_var[i] == v
                    || component[i] == component[n + v]
                    || self.reached[n + v];
                if !keep {
                    let _ = store.vremove(self.views[i], self.values[v])?;
                    pruned = true;
                }
            }
            if pruned {
                self.pruned.push(i as u32);
            }
        }
        if !(0..n).all(|i| store.vfixed(self.views[i])) {
            return Ok(Status::Fix);
        }
        // Everything fixed, possibly by this run's own removals (through a
        // variable under two views): the values must now be distinct.
        let buffer = &mut self.buffer;
        buffer.clear();
        buffer.extend(self.views.iter().map(|&v| store.vvalue(v)));
        buffer.sort_unstable();
        if buffer.windows(2).any(|w| w[0] == w[1]) {
            return Err(Conflict);
        }
        Ok(Status::Subsumed)
    }
}
