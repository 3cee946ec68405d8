//! `circuit(succ)` and `subcircuit(succ)` over successor variables: node
//! `i` is position `i` of the list, and its successor's value is the index
//! `base + j` of node `j`. `circuit`: one cycle through every node.
//! `subcircuit` (MiniZinc's): the nodes not pointing to themselves form
//! one cycle, or none. Alldifferent is posted beside both.
//!
//! Every level removes what would close a chain of fixed successors too
//! early: for `circuit`, a self-loop and the edge back to the chain's
//! start unless the chain covers every node; for `subcircuit`, that edge
//! when a node outside the chain must be on the cycle (its self-loop
//! removed), and a cycle of fixed successors sends every other node to
//! itself. At `domain` (and `probing`) it also reasons on the graph of the
//! domains (edge `i -> j` while `j` is a value of `succ[i]`, self-loops
//! aside), as Gecode's circuit and the subcircuit propagators of
//! Francis and Stuckey do: two nodes on one cycle are strongly connected,
//! so an edge between two strongly connected components is removed; for
//! `circuit` more than one component fails; for `subcircuit` the nodes
//! that must be on the cycle lie in one component, and every node of the
//! others points to itself. A dead end of a Hamiltonian path (a region no
//! longer reachable) fails at once. Linear in the nodes and edges per run;
//! reused buffers.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct Circuit {
    pub succ: Vec<View>,
    pub base: i64,
    /// `subcircuit`: a node may point to itself (off the cycle).
    pub sub: bool,
    /// Reason on the strongly connected components of the domains.
    pub components: bool,
    scratch: Scratch,
}

/// Buffers a run reuses.
#[derive(Debug, Default)]
struct Scratch {
    /// Whether a node has a fixed predecessor, and whether a walk met it.
    has_pred: Vec<bool>,
    seen: Vec<bool>,
    /// `(node, value)` removals found by the chain walks, applied after
    /// them (a removal can fix a successor, which would change the chains
    /// under a walk).
    closing: Vec<(usize, i64)>,
    /// The graph of the domains: node `i`'s successors are
    /// `edges[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    edges: Vec<usize>,
    values: Vec<i64>,
    /// Tarjan's algorithm: visit order, low link, component, the stack.
    index: Vec<usize>,
    low: Vec<usize>,
    component: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    /// The depth-first walk: (node, next edge to follow).
    walk: Vec<(usize, usize)>,
}

const UNSEEN: usize = usize::MAX;

impl Circuit {
    pub(crate) fn new(succ: Vec<View>, base: i64, sub: bool, components: bool) -> Circuit {
        Circuit {
            succ,
            base,
            sub,
            components,
            scratch: Scratch::default(),
        }
    }

    /// The fixed successor of node `i`, as a node number.
    fn next(&self, store: &Store, i: usize) -> Option<usize> {
        let x = self.succ[i];
        store
            .vfixed(x)
            .then(|| (store.vvalue(x) - self.base) as usize)
    }

    /// Whether node `i` must be on the cycle.
    fn on_cycle(&self, store: &Store, i: usize) -> bool {
        !self.sub || !store.vcontains(self.succ[i], self.base + i as i64)
    }

    /// The chains of fixed successors (self-loops of `subcircuit` aside):
    /// the closing edges they forbid, or the whole answer when they hold a
    /// cycle.
    fn chains(&mut self, store: &mut Store) -> Result<Option<Status>, Conflict> {
        let n = self.succ.len();
        let s = &mut self.scratch;
        s.has_pred.clear();
        s.has_pred.resize(n, false);
        s.seen.clear();
        s.seen.resize(n, false);
        for i in 0..n {
            match self.next(store, i) {
                Some(j) if j == i && self.sub => {
                    // Off the cycle: on no chain, and no one's successor.
                    if self.scratch.has_pred[j] {
                        return Err(Conflict);
                    }
                    self.scratch.has_pred[j] = true;
                    self.scratch.seen[i] = true;
                }
                Some(j) => {
                    if self.scratch.has_pred[j] {
                        return Err(Conflict); // Two nodes lead to j.
                    }
                    self.scratch.has_pred[j] = true;
                }
                None => {}
            }
        }
        let mandatory = (0..n).filter(|&i| self.on_cycle(store, i)).count();
        self.scratch.closing.clear();
        for start in 0..n {
            if self.scratch.has_pred[start] || self.scratch.seen[start] {
                continue;
            }
            let (mut end, mut length, mut inside) = (start, 1, 0);
            self.scratch.seen[start] = true;
            inside += usize::from(self.on_cycle(store, start));
            while let Some(j) = self.next(store, end) {
                end = j;
                length += 1;
                self.scratch.seen[j] = true;
                inside += usize::from(self.on_cycle(store, j));
            }
            // Closing the chain leaves the others off the cycle: wrong for
            // circuit unless it covers every node, and for subcircuit when
            // a node outside it must be on the cycle.
            let too_short = if self.sub {
                length > 1 && inside < mandatory
            } else {
                length < n
            };
            if too_short {
                self.scratch.closing.push((end, self.base + start as i64));
            }
        }
        // What no chain met is on a cycle of fixed successors: the whole
        // circuit, or (subcircuit) the cycle, every other node off it.
        if let Some(first) = (0..n).find(|&i| !self.scratch.seen[i]) {
            let (mut node, mut length) = (first, 0);
            loop {
                length += 1;
                self.scratch.seen[node] = true;
                node = self.next(store, node).expect("a node on a fixed cycle");
                if node == first {
                    break;
                }
            }
            if !self.sub {
                return if length == n {
                    Ok(Some(Status::Subsumed))
                } else {
                    Err(Conflict)
                };
            }
            for i in 0..n {
                if !self.on_cycle_fixed(store, i, first) {
                    let _ = store.vassign(self.succ[i], self.base + i as i64)?;
                }
            }
            return Ok(Some(Status::Subsumed));
        }
        for k in 0..self.scratch.closing.len() {
            let (end, value) = self.scratch.closing[k];
            let _ = store.vremove(self.succ[end], value)?;
        }
        Ok(None)
    }

    /// Whether node `i` is on the fixed cycle through `first`.
    fn on_cycle_fixed(&self, store: &Store, i: usize, first: usize) -> bool {
        let mut node = first;
        loop {
            if node == i {
                return true;
            }
            node = self.next(store, node).expect("a node on a fixed cycle");
            if node == first {
                return false;
            }
        }
    }

    /// The graph of the domains, self-loops aside.
    fn graph(&mut self, store: &Store) {
        let n = self.succ.len();
        let s = &mut self.scratch;
        s.start.clear();
        s.edges.clear();
        for i in 0..n {
            s.start.push(s.edges.len());
            store.vvalues(self.succ[i], &mut s.values);
            for &v in &s.values {
                let j = (v - self.base) as usize;
                if j != i {
                    s.edges.push(j);
                }
            }
        }
        s.start.push(s.edges.len());
    }

    /// Tarjan's strongly connected components of the graph, iteratively:
    /// `component[i]` for each node; returns how many.
    fn components(&mut self) -> usize {
        let n = self.succ.len();
        let s = &mut self.scratch;
        s.index.clear();
        s.index.resize(n, UNSEEN);
        s.low.clear();
        s.low.resize(n, 0);
        s.component.clear();
        s.component.resize(n, UNSEEN);
        s.on_stack.clear();
        s.on_stack.resize(n, false);
        s.stack.clear();
        let (mut counter, mut count) = (0, 0);
        for root in 0..n {
            if s.index[root] != UNSEEN {
                continue;
            }
            s.walk.push((root, s.start[root]));
            s.index[root] = counter;
            s.low[root] = counter;
            counter += 1;
            s.stack.push(root);
            s.on_stack[root] = true;
            while let Some(&mut (node, ref mut edge)) = s.walk.last_mut() {
                if *edge < s.start[node + 1] {
                    let next = s.edges[*edge];
                    *edge += 1;
                    if s.index[next] == UNSEEN {
                        s.index[next] = counter;
                        s.low[next] = counter;
                        counter += 1;
                        s.stack.push(next);
                        s.on_stack[next] = true;
                        s.walk.push((next, s.start[next]));
                    } else if s.on_stack[next] {
                        s.low[node] = s.low[node].min(s.index[next]);
                    }
                    continue;
                }
                let _ = s.walk.pop();
                if let Some(&(parent, _)) = s.walk.last() {
                    s.low[parent] = s.low[parent].min(s.low[node]);
                }
                if s.low[node] == s.index[node] {
                    while let Some(member) = s.stack.pop() {
                        s.on_stack[member] = false;
                        s.component[member] = count;
                        if member == node {
                            break;
                        }
                    }
                    count += 1;
                }
            }
        }
        count
    }

    /// The components' pruning (see the module's doc).
    fn prune_components(&mut self, store: &mut Store) -> Result<(), Conflict> {
        let n = self.succ.len();
        self.graph(store);
        let count = self.components();
        if !self.sub && count > 1 {
            return Err(Conflict);
        }
        let mut cycle_component = None;
        for i in 0..n {
            if self.on_cycle(store, i) {
                let c = self.scratch.component[i];
                if *cycle_component.get_or_insert(c) != c {
                    return Err(Conflict);
                }
            }
        }
        for i in 0..n {
            let c = self.scratch.component[i];
            if cycle_component.is_some_and(|k| k != c) {
                // Off the cycle: its component holds no node that must be on it.
                let _ = store.vassign(self.succ[i], self.base + i as i64)?;
                continue;
            }
            for e in self.scratch.start[i]..self.scratch.start[i + 1] {
                let j = self.scratch.edges[e];
                if self.scratch.component[j] != c {
                    let _ = store.vremove(self.succ[i], self.base + j as i64)?;
                }
            }
        }
        Ok(())
    }
}

impl Propagator for Circuit {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        // Subcircuit: a node must be on the cycle once its self-loop goes.
        let change = if self.components || self.sub {
            Change::Domain
        } else {
            Change::Fixed
        };
        self.succ.iter().map(|v| (v.var, change)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let n = self.succ.len();
        if n == 0 {
            return Ok(Status::Subsumed);
        }
        let last = self.base + n as i64 - 1;
        for i in 0..n {
            let x = self.succ[i];
            let _ = store.vset_min(x, self.base)?;
            let _ = store.vset_max(x, last)?;
            if n > 1 && !self.sub {
                let _ = store.vremove(x, self.base + i as i64)?;
            }
        }
        if let Some(status) = self.chains(store)? {
            return Ok(status);
        }
        if self.components {
            self.prune_components(store)?;
        }
        Ok(Status::Fix)
    }
}
