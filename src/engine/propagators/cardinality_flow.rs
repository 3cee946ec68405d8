//! `global_cardinality` at the `domain` level: Régin's flow (1996). The
//! views send one unit each to a value they have, a value receives
//! between its count's bounds (a value not listed: anything; for
//! `alldifferent_except`, [`Caps::AtMostOneExcept`], at most one unless
//! excepted): a solution
//! is a feasible flow, and a view keeps a value only if some feasible flow
//! sends it there, which holds when the edge carries the flow found or
//! its ends lie in one strongly connected component of the residual
//! graph. Domain consistency on the views for the counts' current bounds;
//! complete when no variable appears under two views (else a sound
//! relaxation).
//!
//! The flow is found in two phases: every view matched within the upper
//! bounds (augmenting paths), then each value below its lower bound fed
//! by moving views along alternating paths from values above theirs.
//! The last flow is a hint for the next run (scratch: nothing depends on
//! it being current). A graph of more than [`MOST_EDGES`] edges (a
//! `var int` listed value by value) is left to counting.

use super::digraph::Digraph;
use crate::engine::store::{Conflict, Store};
use crate::vocab::View;

/// The largest value graph the flow is built for.
const MOST_EDGES: u64 = 1 << 20;

const NONE: usize = usize::MAX;

#[derive(Debug, Default)]
pub(crate) struct CardinalityFlow {
    /// Every value some view has, sorted: the value nodes.
    universe: Vec<i64>,
    low: Vec<i64>,
    up: Vec<i64>,
    flow: Vec<i64>,
    /// View `i`'s value nodes are `edges[first[i]..first[i + 1]]`, value
    /// `v`'s views `holders[first_holder[v]..first_holder[v + 1]]`.
    edges: Vec<u32>,
    first: Vec<usize>,
    holders: Vec<u32>,
    first_holder: Vec<usize>,
    /// The value node each view sends its unit to.
    assign: Vec<usize>,
    /// The value each view had in the last flow.
    hint: Vec<Option<i64>>,
    /// The residual graph.
    graph: Digraph,
    /// Search marks and paths.
    seen: Vec<bool>,
    via: Vec<usize>,
    queue: Vec<usize>,
    /// In `feed`: the value each view on a path moves to.
    to: Vec<usize>,
    /// Scratch of `build` (where each value's holders go next) and of
    /// `remove_unsupported` (the residual graph's arcs): kept so that a
    /// run allocates nothing once the sizes have been met.
    fill: Vec<usize>,
    arcs: Vec<(u32, u32)>,
    buffer: Vec<i64>,
}

/// What each value may receive.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Caps<'a> {
    /// `values[k]` between `counts[k]`'s bounds; a value not listed,
    /// anything.
    Counts {
        values: &'a [i64],
        counts: &'a [View],
    },
    /// At most one view, except the listed values (sorted): anything.
    AtMostOneExcept(&'a [i64]),
}

impl CardinalityFlow {
    /// Removes every value of a view that no feasible flow gives it.
    pub(crate) fn prune(
        &mut self,
        store: &mut Store,
        xs: &[View],
        caps: Caps<'_>,
    ) -> Result<(), Conflict> {
        let edges: u64 = xs.iter().map(|&x| store.vsize(x)).sum();
        if edges > MOST_EDGES {
            return Ok(());
        }
        self.build(store, xs, caps);
        self.start_from_hint(xs.len());
        for i in 0..xs.len() {
            if self.assign[i] == NONE && !self.augment_from_view(i) {
                return Err(Conflict);
            }
        }
        for v in 0..self.universe.len() {
            while self.flow[v] < self.low[v] {
                if !self.feed(v) {
                    return Err(Conflict);
                }
            }
        }
        for (i, hint) in self.hint.iter_mut().enumerate() {
            *hint = Some(self.universe[self.assign[i]]);
        }
        self.remove_unsupported(store, xs)
    }

    /// The value graph and each value's bounds.
    fn build(&mut self, store: &Store, xs: &[View], caps: Caps<'_>) {
        let n = xs.len();
        self.universe.clear();
        for &x in xs {
            store.vvalues(x, &mut self.buffer);
            self.universe.extend_from_slice(&self.buffer);
        }
        self.universe.sort_unstable();
        self.universe.dedup();
        let u = self.universe.len();
        self.low.clear();
        self.low.resize(u, 0);
        self.up.clear();
        match caps {
            Caps::Counts { values, counts } => {
                self.up.resize(u, n as i64);
                for (&w, &c) in values.iter().zip(counts) {
                    if let Ok(v) = self.universe.binary_search(&w) {
                        self.low[v] = self.low[v].max(store.vmin(c));
                        self.up[v] = self.up[v].min(store.vmax(c));
                    }
                }
            }
            Caps::AtMostOneExcept(except) => {
                let cap = |w: &i64| {
                    if except.binary_search(w).is_ok() {
                        n as i64
                    } else {
                        1
                    }
                };
                self.up.extend(self.universe.iter().map(cap));
            }
        }
        self.edges.clear();
        self.first.clear();
        self.first.push(0);
        self.first_holder.clear();
        self.first_holder.resize(u + 1, 0);
        for &x in xs {
            store.vvalues(x, &mut self.buffer);
            for w in &self.buffer {
                let v = self.universe.binary_search(w).expect("collected above");
                self.edges.push(v as u32);
                self.first_holder[v + 1] += 1;
            }
            self.first.push(self.edges.len());
        }
        for v in 0..u {
            self.first_holder[v + 1] += self.first_holder[v];
        }
        self.fill.clear();
        self.fill.extend_from_slice(&self.first_holder);
        self.holders.clear();
        self.holders.resize(self.edges.len(), 0);
        for i in 0..n {
            for k in self.first[i]..self.first[i + 1] {
                let v = self.edges[k] as usize;
                self.holders[self.fill[v]] = i as u32;
                self.fill[v] += 1;
            }
        }
        if self.hint.len() != n {
            self.hint = vec![None; n];
        }
    }

    fn values_of(&self, i: usize) -> &[u32] {
        &self.edges[self.first[i]..self.first[i + 1]]
    }

    /// Each view back at its last value where that is still possible.
    fn start_from_hint(&mut self, n: usize) {
        self.flow.clear();
        self.flow.resize(self.universe.len(), 0);
        self.assign.clear();
        self.assign.resize(n, NONE);
        for i in 0..n {
            let Some(w) = self.hint[i] else { continue };
            let Ok(v) = self.universe.binary_search(&w) else {
                continue;
            };
            if self.flow[v] < self.up[v] && self.values_of(i).contains(&(v as u32)) {
                self.assign[i] = v;
                self.flow[v] += 1;
            }
        }
    }

    /// Phase one: view `start` matched, moving others along an
    /// alternating path to a value below its upper bound.
    fn augment_from_view(&mut self, start: usize) -> bool {
        let (n, u) = (self.assign.len(), self.universe.len());
        self.seen.clear();
        self.seen.resize(n + u, false);
        self.via.clear();
        self.via.resize(u, NONE);
        self.queue.clear();
        self.queue.push(start);
        self.seen[start] = true;
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head];
            head += 1;
            for k in self.first[i]..self.first[i + 1] {
                let v = self.edges[k] as usize;
                if self.seen[n + v] {
                    continue;
                }
                self.seen[n + v] = true;
                self.via[v] = i;
                if self.flow[v] < self.up[v] {
                    // Each view on the path moves to the value it reached.
                    self.flow[v] += 1;
                    let mut v = v;
                    loop {
                        let i = self.via[v];
                        let old = std::mem::replace(&mut self.assign[i], v);
                        if i == start {
                            return true;
                        }
                        v = old;
                    }
                }
                for h in self.first_holder[v]..self.first_holder[v + 1] {
                    let j = self.holders[h] as usize;
                    if self.assign[j] == v && !self.seen[j] {
                        self.seen[j] = true;
                        self.queue.push(j);
                    }
                }
            }
        }
        false
    }

    /// Phase two: one more unit into value `target`, moving views along an
    /// alternating path from a value above its lower bound.
    fn feed(&mut self, target: usize) -> bool {
        let (n, u) = (self.assign.len(), self.universe.len());
        self.seen.clear();
        self.seen.resize(n + u, false);
        self.via.clear();
        self.via.resize(u, NONE);
        self.to.clear();
        self.to.resize(n, NONE);
        self.queue.clear();
        self.queue.push(target);
        self.seen[n + target] = true;
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for h in self.first_holder[v]..self.first_holder[v + 1] {
                let i = self.holders[h] as usize;
                let w = self.assign[i];
                if w == v || self.seen[n + w] {
                    continue;
                }
                self.seen[n + w] = true;
                self.via[w] = i;
                self.to[i] = v;
                if self.flow[w] > self.low[w] {
                    self.flow[w] -= 1;
                    self.flow[target] += 1;
                    let mut w = w;
                    loop {
                        let i = self.via[w];
                        self.assign[i] = self.to[i];
                        if self.to[i] == target {
                            return true;
                        }
                        w = self.to[i];
                    }
                }
                self.queue.push(w);
            }
        }
        false
    }

    /// Removes the edges that lie on no cycle of the residual graph and
    /// carry no flow.
    fn remove_unsupported(&mut self, store: &mut Store, xs: &[View]) -> Result<(), Conflict> {
        let (n, u) = (xs.len(), self.universe.len());
        let sink = (n + u) as u32;
        let mut arcs = std::mem::take(&mut self.arcs);
        arcs.clear();
        for i in 0..n {
            for &v in self.values_of(i) {
                let node = (n + v as usize) as u32;
                if self.assign[i] == v as usize {
                    arcs.push((node, i as u32));
                } else {
                    arcs.push((i as u32, node));
                }
            }
        }
        for v in 0..u {
            let node = (n + v) as u32;
            if self.flow[v] < self.up[v] {
                arcs.push((node, sink));
            }
            if self.flow[v] > self.low[v] {
                arcs.push((sink, node));
            }
        }
        self.graph.set_edges(n + u + 1, &arcs);
        self.arcs = arcs;
        let component = self.graph.components(store).ok_or(Conflict)?;
        for (i, &x) in xs.iter().enumerate() {
            for k in self.first[i]..self.first[i + 1] {
                let v = self.edges[k] as usize;
                if self.assign[i] != v && component[i] != component[n + v] {
                    let _ = store.vremove(x, self.universe[v])?;
                }
            }
        }
        Ok(())
    }
}
