//! A directed graph in one array (compressed rows: the successors of
//! node `u` are `succ[first[u]..first[u + 1]]`) and its strongly connected
//! components: the residual graphs of the matching and flow propagators
//! (`all_different_domain`, `cardinality_flow`) are read through it. A
//! propagator keeps one as scratch and refills it each run, so that the
//! graph and Tarjan's arrays are allocated once, not per run.

use crate::engine::store::Store;

#[derive(Debug, Default)]
pub(crate) struct Digraph {
    pub succ: Vec<u32>,
    pub first: Vec<usize>,
    /// Tarjan's scratch.
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    calls: Vec<(usize, usize)>,
    component: Vec<usize>,
}

impl Digraph {
    /// Becomes the graph of `nodes` nodes and these edges `(from, to)`.
    pub(crate) fn set_edges(&mut self, nodes: usize, edges: &[(u32, u32)]) {
        self.first.clear();
        self.first.resize(nodes + 1, 0);
        for &(from, _) in edges {
            self.first[from as usize + 1] += 1;
        }
        for u in 0..nodes {
            self.first[u + 1] += self.first[u];
        }
        // Each edge at its row's next free place (`index` as the cursor).
        self.index.clear();
        self.index.extend_from_slice(&self.first[..nodes]);
        self.succ.clear();
        self.succ.resize(edges.len(), 0);
        for &(from, to) in edges {
            self.succ[self.index[from as usize]] = to;
            self.index[from as usize] += 1;
        }
    }

    pub(crate) fn successors(&self, u: usize) -> &[u32] {
        &self.succ[self.first[u]..self.first[u + 1]]
    }

    /// Tarjan's strongly connected components (iterative): the component
    /// of every node; `None` when the run must stop.
    pub(crate) fn components(&mut self, store: &mut Store) -> Option<&[usize]> {
        let n = self.first.len() - 1;
        let unseen = usize::MAX;
        self.index.clear();
        self.index.resize(n, unseen);
        self.low.clear();
        self.low.resize(n, 0);
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        self.component.clear();
        self.component.resize(n, unseen);
        self.stack.clear();
        let (mut next_index, mut next_component) = (0, 0);
        for root in 0..n {
            if self.index[root] != unseen {
                continue;
            }
            if store.must_stop() {
                return None;
            }
            self.calls.clear();
            self.calls.push((root, self.first[root]));
            self.index[root] = next_index;
            self.low[root] = next_index;
            next_index += 1;
            self.stack.push(root);
            self.on_stack[root] = true;
            while let Some(&mut (u, ref mut k)) = self.calls.last_mut() {
                if *k < self.first[u + 1] {
                    let w = self.succ[*k] as usize;
                    *k += 1;
                    if self.index[w] == unseen {
                        self.index[w] = next_index;
                        self.low[w] = next_index;
                        next_index += 1;
                        self.stack.push(w);
                        self.on_stack[w] = true;
                        self.calls.push((w, self.first[w]));
                    } else if self.on_stack[w] {
                        self.low[u] = self.low[u].min(self.index[w]);
                    }
                    continue;
                }
                let _ = self.calls.pop();
                if let Some(&(parent, _)) = self.calls.last() {
                    self.low[parent] = self.low[parent].min(self.low[u]);
                }
                if self.low[u] == self.index[u] {
                    loop {
                        let w = self.stack.pop().expect("on the stack");
                        self.on_stack[w] = false;
                        self.component[w] = next_component;
                        if w == u {
                            break;
                        }
                    }
                    next_component += 1;
                }
            }
        }
        Some(&self.component)
    }
}
