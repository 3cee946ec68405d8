//! The nodes whose 0/1 view is 1 form one connected piece of an
//! undirected graph, optionally through edges with 0/1 views of their own
//! (`connected`, and the loops and paths of `single_loop` and
//! `single_path`).

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::connected;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// The nodes whose 0/1 view is 1 form one connected piece of the
/// undirected graph of `edges` (node numbers, indices into `nodes`);
/// no node at 1 is connected too. With `links` (one 0/1 view per
/// edge; empty: every edge between two nodes at 1), only the edges
/// whose link is 1 join, and such an edge has both ends at 1.
///
/// With `whole_cycles` (the loops and paths, with links), every cycle of
/// links at 1 also passes through every node at 1 (an edge from a node
/// to itself is no cycle here): a loop closes only through all of its
/// nodes, a path never. Beside the degrees the lowering posts (0 or 2,
/// 1 at a path's ends) this holds anyway; it is said here so that the
/// propagator may remove an edge that would close a cycle too early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connected {
    pub nodes: Vec<View>,
    pub edges: Vec<(u32, u32)>,
    pub links: Vec<View>,
    pub whole_cycles: bool,
}

impl Primitive for Connected {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["connected"];

    fn kind(&self) -> &'static str {
        "connected"
    }

    fn vars(&self) -> Vec<VarId> {
        self.nodes
            .iter()
            .chain(&self.links)
            .map(|v| v.var)
            .collect()
    }

    fn size(&self) -> usize {
        self.nodes.len() + 2 * self.edges.len() + self.links.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let one = |x: &View| x.value(values[x.var.index()]) == 1;
        let on: Vec<bool> = self.nodes.iter().map(one).collect();
        // The edges that join: every one, or those whose link is 1
        // (and such a link's ends must be on).
        let mut joined = Vec::with_capacity(self.edges.len());
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            let ends = on[a as usize] && on[b as usize];
            match self.links.get(e).map(one) {
                Some(true) if !ends => return false,
                Some(false) => {}
                Some(true) | None if ends => joined.push((a, b)),
                _ => {}
            }
        }
        is_connected(&on, &joined) && (!self.whole_cycles || cycles_are_whole(&on, &joined))
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(connected::Connected::new(
            self.nodes.clone(),
            &self.edges,
            self.links.clone(),
            self.whole_cycles,
        ))))
    }

    /// A list written out is indexed from 0, as the node numbers.
    fn spec(&self, names: &dyn SpecNames) -> String {
        let pairs: Vec<String> = self
            .edges
            .iter()
            .map(|(a, b)| format!("[{a}, {b}]"))
            .collect();
        let links = if self.links.is_empty() {
            String::new()
        } else {
            format!(", {}", names.views(&self.links))
        };
        format!(
            "connected({}, [{}]{links})",
            names.views(&self.nodes),
            pairs.join(", ")
        )
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        minizinc_connected(names, &self.nodes, &self.edges, &self.links)
    }
}

/// MiniZinc's undirected `connected(from, to, ns, es)`, each edge in
/// exactly when both its ends are (nodes numbered from 1). MiniZinc's
/// asks for some node and cannot be reified; ours takes none as connected
/// too: an extra node, always in, hangs on the first node in (none: it is
/// alone, and connected).
fn minizinc_connected(
    names: &dyn MiniZincNames,
    nodes: &[View],
    edges: &[(u32, u32)],
    links: &[View],
) -> String {
    let n = nodes.len();
    let on: Vec<String> = nodes
        .iter()
        .map(|&x| format!("{} == 1", names.view(x)))
        .collect();
    let mut from: Vec<String> = Vec::new();
    let mut to: Vec<String> = Vec::new();
    let mut es: Vec<String> = Vec::new();
    for (e, &(a, b)) in edges.iter().enumerate() {
        from.push((a + 1).to_string());
        to.push((b + 1).to_string());
        es.push(match links.get(e) {
            Some(&x) => format!("{} == 1", names.view(x)),
            None => format!("({} /\\ {})", on[a as usize], on[b as usize]),
        });
    }
    for i in 0..n {
        from.push((n + 1).to_string());
        to.push((i + 1).to_string());
        let first = if i == 0 {
            on[0].clone()
        } else {
            format!("({} /\\ not exists([{}]))", on[i], on[..i].join(", "))
        };
        es.push(first);
    }
    format!(
        "connected([{}], [{}], [{}, true], [{}])",
        from.join(", "),
        to.join(", "),
        on.join(", "),
        es.join(", ")
    )
}

/// Whether every cycle of the `joined` edges (self-loops aside) passes
/// through every node `on`: they hold no cycle (a forest), or they are
/// one cycle through all of them, or two nodes alone joined by parallel
/// edges. Any other graph with a cycle has one that misses a node (a
/// chord of a cycle through all makes two shorter ones).
fn cycles_are_whole(on: &[bool], joined: &[(u32, u32)]) -> bool {
    let edges: Vec<(usize, usize)> = joined
        .iter()
        .filter(|(a, b)| a != b)
        .map(|&(a, b)| (a as usize, b as usize))
        .collect();
    let n_on = on.iter().filter(|&&o| o).count();
    // A forest: each edge joins two trees (union-find).
    let mut root: Vec<usize> = (0..on.len()).collect();
    use crate::union_find::root as find;
    let mut forest = true;
    for &(a, b) in &edges {
        let (ra, rb) = (find(&mut root, a), find(&mut root, b));
        forest &= ra != rb;
        root[ra] = rb;
    }
    if forest {
        return true;
    }
    let mut degree = vec![0; on.len()];
    for &(a, b) in &edges {
        degree[a] += 1;
        degree[b] += 1;
    }
    if n_on == 2 {
        return true;
    }
    // One cycle through all: connected (checked by the caller), each node
    // on of degree 2.
    edges.len() == n_on && (0..on.len()).all(|i| !on[i] || degree[i] == 2)
}

/// Whether the nodes that are `on` form one connected piece of the
/// undirected graph of `edges` (none on: true).
fn is_connected(on: &[bool], edges: &[(u32, u32)]) -> bool {
    let Some(first) = on.iter().position(|&o| o) else {
        return true;
    };
    let mut reached = vec![false; on.len()];
    reached[first] = true;
    // Grow the reached set along edges between nodes on until it stops.
    let mut grew = true;
    while grew {
        grew = false;
        for &(a, b) in edges {
            let (a, b) = (a as usize, b as usize);
            if on[a] && on[b] && reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                grew = true;
            }
        }
    }
    (0..on.len()).all(|i| !on[i] || reached[i])
}
