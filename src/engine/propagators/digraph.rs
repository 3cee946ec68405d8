//! A directed graph in one array (compressed rows: the successors of
//! node `u` are `succ[first[u]..first[u + 1]]`) and its strongly connected
//! components: the residual graphs of the matching and flow propagators
//! (`all_different_domain`, `cardinality_flow`) are read through it.

use crate::engine::store::Store;

pub(crate) struct Digraph {
    pub succ: Vec<u32>,
    pub first: Vec<usize>,
}

impl Digraph {
    /// The graph of `nodes` nodes and these edges `(from, to)`.
    pub(crate) fn from_edges(nodes: usize, edges: &[(u32, u32)]) -> Digraph {
        let mut first = vec![0; nodes + 1];
        for &(from, _) in edges {
            first[from as usize + 1] += 1;
        }
        for u in 0..nodes {
            first[u + 1] += first[u];
        }
        let mut next = first.clone();
        let mut succ = vec![0; edges.len()];
        for &(from, to) in edges {
            succ[next[from as usize]] = to;
            next[from as usize] += 1;
        }
        Digraph { succ, first }
    }

    pub(crate) fn successors(&self, u: usize) -> &[u32] {
        &self.succ[self.first[u]..self.first[u + 1]]
    }

    /// Tarjan's strongly connected components (iterative): the component
    /// of every node; `None` when the run must stop.
    pub(crate) fn components(&self, store: &mut Store) -> Option<Vec<usize>> {
        let n = self.first.len() - 1;
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut component = vec![usize::MAX; n];
        let (mut next_index, mut next_component) = (0, 0);
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            if store.must_stop() {
                return None;
            }
            let mut calls: Vec<(usize, usize)> = vec![(root, self.first[root])];
            index[root] = next_index;
            low[root] = next_index;
            next_index += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (u, ref mut k)) = calls.last_mut() {
                if *k < self.first[u + 1] {
                    let w = self.succ[*k] as usize;
                    *k += 1;
                    if index[w] == usize::MAX {
                        index[w] = next_index;
                        low[w] = next_index;
                        next_index += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        calls.push((w, self.first[w]));
                    } else if on_stack[w] {
                        low[u] = low[u].min(index[w]);
                    }
                    continue;
                }
                let _ = calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent] = low[parent].min(low[u]);
                }
                if low[u] == index[u] {
                    loop {
                        let w = stack.pop().expect("on the stack");
                        on_stack[w] = false;
                        component[w] = next_component;
                        if w == u {
                            break;
                        }
                    }
                    next_component += 1;
                }
            }
        }
        Some(component)
    }
}
