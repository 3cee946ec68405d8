//! `connected(active, ...)`: the nodes whose 0/1 view is 1 form one
//! connected piece of an undirected graph (none at all counts as
//! connected). The graph is an edge list over node numbers (a grid's
//! neighbourhood, or the spec's own edges; see `lower::graphs`).
//!
//! A run looks at the graph without the nodes known out (view 0): the
//! nodes known in (view 1) must lie in one of its components, else it
//! fails; every node outside that component goes out. Then, from a node
//! known in, a depth-first walk finds the cut vertices (Tarjan's low
//! links): an open node whose removal would separate nodes known in from
//! one another must be in. This is the pruning of the connectivity
//! propagators of cspuz and of Gecode-based pencil-puzzle solvers; it
//! finds a Nurikabe wall's or a loop's only way through at once. Linear
//! in the nodes and edges per run; reused buffers; iterative walks.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::model::{VarId, View};

#[derive(Debug)]
pub struct Connected {
    pub nodes: Vec<View>,
    /// Node `i`'s neighbours are `adjacent[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    adjacent: Vec<usize>,
    scratch: Scratch,
}

#[derive(Debug, Default)]
struct Scratch {
    /// Per node: 0 out, 1 in, 2 open.
    state: Vec<u8>,
    /// Component of each node not out (`NONE` for the nodes out).
    component: Vec<usize>,
    todo: Vec<usize>,
    /// The cut-vertex walk: discovery order, low link, nodes known in in
    /// the walk's subtree, the parent, and the stack of (node, next edge).
    order: Vec<usize>,
    low: Vec<usize>,
    inside: Vec<usize>,
    walk: Vec<(usize, usize)>,
    parent: Vec<usize>,
    /// The cut nodes found, set in after the walk.
    must: Vec<usize>,
}

const NONE: usize = usize::MAX;
const OUT: u8 = 0;
const IN: u8 = 1;
const OPEN: u8 = 2;

impl Connected {
    /// `edges` between node numbers below `nodes.len()` (checked by the
    /// lowering), in either direction, repeated or not.
    pub fn new(nodes: Vec<View>, edges: &[(u32, u32)]) -> Connected {
        let n = nodes.len();
        let mut degree = vec![0; n + 1];
        for &(a, b) in edges {
            if a != b {
                degree[a as usize] += 1;
                degree[b as usize] += 1;
            }
        }
        let mut start = vec![0; n + 1];
        for i in 0..n {
            start[i + 1] = start[i] + degree[i];
        }
        let mut fill = start.clone();
        let mut adjacent = vec![0; start[n]];
        for &(a, b) in edges {
            let (a, b) = (a as usize, b as usize);
            if a != b {
                adjacent[fill[a]] = b;
                fill[a] += 1;
                adjacent[fill[b]] = a;
                fill[b] += 1;
            }
        }
        Connected {
            nodes,
            start,
            adjacent,
            scratch: Scratch::default(),
        }
    }

    /// Each node's state, and the components of the nodes not out;
    /// returns the component of the nodes in (`None`: no node is in), or
    /// a conflict when they lie in two.
    fn components(&mut self, store: &Store) -> Result<Option<usize>, Conflict> {
        let n = self.nodes.len();
        let s = &mut self.scratch;
        s.state.clear();
        for &x in &self.nodes {
            s.state.push(if store.vmin(x) >= 1 {
                IN
            } else if store.vmax(x) <= 0 {
                OUT
            } else {
                OPEN
            });
        }
        s.component.clear();
        s.component.resize(n, NONE);
        let mut inside = None;
        for root in 0..n {
            if s.state[root] == OUT || s.component[root] != NONE {
                continue;
            }
            s.component[root] = root;
            s.todo.clear();
            s.todo.push(root);
            while let Some(i) = s.todo.pop() {
                if s.state[i] == IN && *inside.get_or_insert(root) != root {
                    return Err(Conflict);
                }
                for &j in &self.adjacent[self.start[i]..self.start[i + 1]] {
                    if s.state[j] != OUT && s.component[j] == NONE {
                        s.component[j] = root;
                        s.todo.push(j);
                    }
                }
            }
        }
        Ok(inside)
    }

    /// The open nodes that separate nodes known in: a walk from `root`
    /// (a node in) over the nodes of its component; each is set in.
    fn cut_vertices(&mut self, store: &mut Store, root: usize) -> Result<(), Conflict> {
        let n = self.nodes.len();
        let total_in = self.scratch.state.iter().filter(|&&s| s == IN).count();
        let s = &mut self.scratch;
        s.order.clear();
        s.order.resize(n, NONE);
        s.low.clear();
        s.low.resize(n, 0);
        s.inside.clear();
        s.inside.resize(n, 0);
        s.parent.clear();
        s.parent.resize(n, NONE);
        s.walk.clear();
        let mut counter = 0;
        s.order[root] = counter;
        s.low[root] = counter;
        counter += 1;
        s.inside[root] = 1;
        s.walk.push((root, self.start[root]));
        s.must.clear();
        while let Some(&mut (v, ref mut edge)) = s.walk.last_mut() {
            if *edge < self.start[v + 1] {
                let w = self.adjacent[*edge];
                *edge += 1;
                if s.state[w] == OUT {
                    continue;
                }
                if s.order[w] == NONE {
                    s.order[w] = counter;
                    s.low[w] = counter;
                    counter += 1;
                    s.parent[w] = v;
                    s.inside[w] = usize::from(s.state[w] == IN);
                    s.walk.push((w, self.start[w]));
                } else if w != s.parent[v] {
                    s.low[v] = s.low[v].min(s.order[w]);
                }
                continue;
            }
            let _ = s.walk.pop();
            let p = s.parent[v];
            if p == NONE {
                continue;
            }
            s.low[p] = s.low[p].min(s.low[v]);
            s.inside[p] += s.inside[v];
            // v's subtree hangs on p alone: p separates the nodes in below
            // it from those elsewhere (the root's side holds the root).
            if s.low[v] >= s.order[p]
                && s.state[p] == OPEN
                && s.inside[v] > 0
                && s.inside[v] < total_in
            {
                s.must.push(p);
            }
        }
        for k in 0..self.scratch.must.len() {
            let p = self.scratch.must[k];
            let _ = store.vset_min(self.nodes[p], 1)?;
        }
        Ok(())
    }
}

impl Propagator for Connected {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.nodes.iter().map(|v| (v.var, Change::Fixed)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let Some(inside) = self.components(store)? else {
            return Ok(Status::Fix);
        };
        for i in 0..self.nodes.len() {
            if self.scratch.state[i] == OPEN && self.scratch.component[i] != inside {
                let _ = store.vset_max(self.nodes[i], 0)?;
                self.scratch.state[i] = OUT;
            }
        }
        let root = (0..self.nodes.len())
            .find(|&i| self.scratch.state[i] == IN)
            .expect("a node in");
        self.cut_vertices(store, root)?;
        Ok(Status::Fix)
    }
}
