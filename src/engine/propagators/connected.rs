//! `connected(active, ...)`: the nodes whose 0/1 view is 1 form one
//! connected piece of an undirected graph (none at all counts as
//! connected). The graph is an edge list over node numbers (a grid's
//! neighbourhood, or the spec's own edges; see `lower::graphs`). Its
//! edges are either there whenever both ends are in (the subgraph the
//! nodes induce), or each has a 0/1 view of its own (`links`, as in
//! MiniZinc's `connected(from, to, ns, es)`): then the nodes and links at
//! 1 form a connected subgraph, and a link at 1 has both its ends in.
//!
//! A run first applies the links' rule (a link in sets its ends in, an
//! end out sets the link out). It then looks at the graph without the
//! nodes known out and the links known out, in one depth-first walk from
//! a node known in: the nodes known in (view 1) must all lie in the
//! walk's component, else it fails; every node outside it goes out; and
//! the walk's low links (Tarjan's) give the cut vertices and bridges: an
//! open node, or an open link, whose removal would separate nodes known
//! in from one another must be in. This is the pruning of the
//! connectivity propagators of cspuz and of Gecode-based pencil-puzzle
//! solvers; it finds a Nurikabe wall's or a loop's only way through at
//! once. Linear in the nodes and edges per run, one pass over each and
//! one walk; reused buffers; iterative walks.
//!
//! For a loop or a path (`whole_cycles`: every cycle of links in passes
//! through every node in), the links in are grouped into pieces
//! (union-find): an open link between two nodes of one piece that is a
//! tree would close a cycle along the tree's path between them, and is
//! set out unless that cycle takes in every node in (the piece is a
//! chain, the link joins its two ends, and no node in lies elsewhere): a
//! Slitherlink's small loop, or a Numberlink path turning back on itself,
//! is refused before it is drawn. A piece already holding a cycle while
//! nodes in lie outside it fails.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::union_find::root as find;
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct Connected {
    pub nodes: Vec<View>,
    /// One 0/1 view per edge, or none (the induced subgraph).
    pub links: Vec<View>,
    /// The edges' ends, by edge number.
    ends: Vec<(usize, usize)>,
    /// Node `i`'s (neighbour, edge number) pairs are
    /// `adjacent[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    adjacent: Vec<(usize, usize)>,
    /// Every cycle of links in passes through every node in.
    whole_cycles: bool,
    scratch: Scratch,
}

#[derive(Debug, Default)]
struct Scratch {
    /// Per node: 0 out, 1 in, 2 open.
    state: Vec<u8>,
    /// Per edge, with links: 0 out, 1 in, 2 open.
    link: Vec<u8>,
    /// The cut-vertex walk: discovery order (`NONE`: not reached), low
    /// link, nodes known in in the walk's subtree, the parent, and the
    /// stack of (node, next edge).
    order: Vec<usize>,
    low: Vec<usize>,
    inside: Vec<usize>,
    walk: Vec<(usize, usize)>,
    parent: Vec<usize>,
    /// The cut nodes and bridges found, set in after the walk.
    must: Vec<usize>,
    bridges: Vec<usize>,
    /// The pieces of the links in (union-find): each node's parent, and per
    /// piece root its nodes, its links in and its most links in at a node.
    piece: Vec<usize>,
    piece_nodes: Vec<usize>,
    piece_links: Vec<usize>,
    piece_branch: Vec<usize>,
    /// Per node, its links in.
    degree_in: Vec<usize>,
}

const NONE: usize = usize::MAX;

const OUT: u8 = 0;
const IN: u8 = 1;
const OPEN: u8 = 2;

/// Sets a link's end in. Mostly it is in already (a loop's degrees say so
/// first), so it is read before it is narrowed.
fn set_in(store: &mut Store, node: View) -> Result<(), Conflict> {
    if store.vmin(node) < 1 {
        let _ = store.vset_min(node, 1)?;
    }
    Ok(())
}

impl Connected {
    /// `edges` between node numbers below `nodes.len()` (checked by the
    /// lowering), in either direction, repeated or not; `links` empty or
    /// one per edge.
    pub(crate) fn new(
        nodes: Vec<View>,
        edges: &[(u32, u32)],
        links: Vec<View>,
        whole_cycles: bool,
    ) -> Connected {
        debug_assert!(links.is_empty() || links.len() == edges.len());
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
        let mut adjacent = vec![(0, 0); start[n]];
        for (e, &(a, b)) in edges.iter().enumerate() {
            let (a, b) = (a as usize, b as usize);
            if a != b {
                adjacent[fill[a]] = (b, e);
                fill[a] += 1;
                adjacent[fill[b]] = (a, e);
                fill[b] += 1;
            }
        }
        Connected {
            nodes,
            links,
            ends: edges
                .iter()
                .map(|&(a, b)| (a as usize, b as usize))
                .collect(),
            start,
            adjacent,
            whole_cycles: whole_cycles && !edges.is_empty(),
            scratch: Scratch::default(),
        }
    }

    /// The links' rule: a link in has both ends in; a link with an end out
    /// is out. Each link's state is left in `scratch.link`.
    fn tie_links(&mut self, store: &mut Store) -> Result<(), Conflict> {
        let s = &mut self.scratch;
        s.link.clear();
        for (e, &x) in self.links.iter().enumerate() {
            let (a, b) = self.ends[e];
            let state = if store.vmin(x) >= 1 {
                set_in(store, self.nodes[a])?;
                set_in(store, self.nodes[b])?;
                IN
            } else if store.vmax(x) <= 0 {
                OUT
            } else if store.vmax(self.nodes[a]) <= 0 || store.vmax(self.nodes[b]) <= 0 {
                let _ = store.vset_max(x, 0)?;
                OUT
            } else {
                OPEN
            };
            s.link.push(state);
        }
        Ok(())
    }

    /// Each node's state, left in `scratch.state`; returns how many are in.
    fn read_nodes(&mut self, store: &Store) -> usize {
        let s = &mut self.scratch;
        s.state.clear();
        let mut total_in = 0;
        for &x in &self.nodes {
            s.state.push(if store.vmin(x) >= 1 {
                total_in += 1;
                IN
            } else if store.vmax(x) <= 0 {
                OUT
            } else {
                OPEN
            });
        }
        total_in
    }

    /// A walk from `root` (a node in) over the nodes of its component:
    /// fails when a node in lies outside it, sets every open node outside
    /// it out, and sets in the open nodes and links that separate nodes in.
    fn cut_vertices(
        &mut self,
        store: &mut Store,
        root: usize,
        total_in: usize,
    ) -> Result<(), Conflict> {
        let n = self.nodes.len();
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
        s.bridges.clear();
        let mut counter = 0;
        s.order[root] = counter;
        s.low[root] = counter;
        counter += 1;
        s.inside[root] = 1;
        s.walk.push((root, self.start[root]));
        s.must.clear();
        while let Some(&mut (v, ref mut edge)) = s.walk.last_mut() {
            if *edge < self.start[v + 1] {
                let (w, e) = self.adjacent[*edge];
                *edge += 1;
                let usable = self.links.is_empty() || s.link[e] != OUT;
                if !usable || s.state[w] == OUT {
                    continue;
                }
                if s.order[w] == NONE {
                    s.order[w] = counter;
                    s.low[w] = counter;
                    counter += 1;
                    // The tree edge is remembered by number: a second edge
                    // between the same two nodes is a way back.
                    s.parent[w] = e;
                    s.inside[w] = usize::from(s.state[w] == IN);
                    s.walk.push((w, self.start[w]));
                } else if e != s.parent[v] {
                    s.low[v] = s.low[v].min(s.order[w]);
                }
                continue;
            }
            let _ = s.walk.pop();
            let e = s.parent[v];
            if e == NONE {
                continue;
            }
            let p = if self.ends[e].0 == v {
                self.ends[e].1
            } else {
                self.ends[e].0
            };
            s.low[p] = s.low[p].min(s.low[v]);
            s.inside[p] += s.inside[v];
            let separates = s.inside[v] > 0 && s.inside[v] < total_in;
            // v's subtree hangs on p alone: p separates the nodes in below
            // it from those elsewhere (the root's side holds the root).
            if separates && s.low[v] >= s.order[p] && s.state[p] == OPEN {
                s.must.push(p);
            }
            // ... and on this edge alone: its link is a bridge.
            if separates && s.low[v] > s.order[p] && !self.links.is_empty() && s.link[e] == OPEN {
                s.bridges.push(e);
            }
        }
        // The nodes in are all in the root's component, and the open nodes
        // outside it cannot join them.
        if s.inside[root] < total_in {
            return Err(Conflict);
        }
        for i in 0..n {
            if s.state[i] == OPEN && s.order[i] == NONE {
                let _ = store.vset_max(self.nodes[i], 0)?;
                s.state[i] = OUT;
            }
        }
        for k in 0..self.scratch.must.len() {
            let p = self.scratch.must[k];
            let _ = store.vset_min(self.nodes[p], 1)?;
        }
        for k in 0..self.scratch.bridges.len() {
            let e = self.scratch.bridges[k];
            let (a, b) = self.ends[e];
            let _ = store.vset_min(self.links[e], 1)?;
            set_in(store, self.nodes[a])?;
            set_in(store, self.nodes[b])?;
        }
        Ok(())
    }
}

impl Connected {
    /// The loops' and paths' rule: an open link that would close a cycle
    /// missing some node in is set out (and left out in `scratch.link`);
    /// a cycle of links in that misses a node in fails.
    fn no_short_cycle(&mut self, store: &mut Store, total_in: usize) -> Result<(), Conflict> {
        let n = self.nodes.len();
        let s = &mut self.scratch;
        s.piece.clear();
        s.piece.extend(0..n);
        s.degree_in.clear();
        s.degree_in.resize(n, 0);
        let mut any_in = false;
        for (e, &(a, b)) in self.ends.iter().enumerate() {
            if s.link[e] == IN && a != b {
                any_in = true;
                s.degree_in[a] += 1;
                s.degree_in[b] += 1;
                let (ra, rb) = (find(&mut s.piece, a), find(&mut s.piece, b));
                s.piece[ra] = rb;
            }
        }
        // No link in: no piece holds two nodes, so no link closes a cycle.
        if !any_in {
            return Ok(());
        }
        s.piece_nodes.clear();
        s.piece_nodes.resize(n, 0);
        s.piece_links.clear();
        s.piece_links.resize(n, 0);
        s.piece_branch.clear();
        s.piece_branch.resize(n, 0);
        for i in 0..n {
            // Roots no longer move: each node points at its own from here.
            let r = find(&mut s.piece, i);
            s.piece[i] = r;
            s.piece_nodes[r] += 1;
            // Each link in is counted at both its ends.
            s.piece_links[r] += s.degree_in[i];
            s.piece_branch[r] = s.piece_branch[r].max(s.degree_in[i]);
        }
        for i in 0..n {
            // A piece with a cycle (all its nodes are in: a link in sets
            // its ends in) is one cycle through every node in, or two
            // nodes alone; anything else has a cycle that misses one.
            let (nodes, links) = (s.piece_nodes[i], s.piece_links[i] / 2);
            let one_cycle = links == nodes && s.piece_branch[i] <= 2;
            if s.piece[i] == i && links >= nodes && (nodes < total_in || (nodes > 2 && !one_cycle))
            {
                return Err(Conflict);
            }
        }
        for (e, &(a, b)) in self.ends.iter().enumerate() {
            if s.link[e] != OPEN || a == b {
                continue;
            }
            let r = s.piece[a];
            if r != s.piece[b] || s.piece_links[r] / 2 + 1 != s.piece_nodes[r] {
                continue;
            }
            // The cycle the link would close is whole only through a chain
            // from one end to the other that holds every node in.
            let whole = s.piece_branch[r] <= 2
                && s.degree_in[a] == 1
                && s.degree_in[b] == 1
                && s.piece_nodes[r] == total_in;
            if !whole {
                let _ = store.vset_max(self.links[e], 0)?;
                s.link[e] = OUT;
            }
        }
        Ok(())
    }
}

impl Propagator for Connected {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.nodes
            .iter()
            .chain(&self.links)
            .map(|v| (v.var, Change::Fixed))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        self.tie_links(store)?;
        let total_in = self.read_nodes(store);
        // No node in: nothing is connected yet, and nothing to walk.
        if total_in == 0 {
            return Ok(Status::Fix);
        }
        if self.whole_cycles && !self.links.is_empty() {
            self.no_short_cycle(store, total_in)?;
        }
        let root = self.scratch.state.iter().position(|&x| x == IN);
        self.cut_vertices(store, root.expect("a node in"), total_in)?;
        Ok(Status::Fix)
    }
}
