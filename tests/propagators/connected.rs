//! `connected` over 0/1 nodes of random graphs: sound against the brute
//! force (the harness), and the pruning it promises checked by a search
//! of its own: after propagation every node not out lies with the nodes
//! in, and no open node separates nodes in (setting it out leaves them
//! connected through the nodes not out).

use super::generate::Gen;
use super::harness::{N, domains, run};
use super::instance::Instance;
use solve::constraints::Connected;
use solve::engine::Engine;
use solve::model::plan::Consistency;
use solve::model::{Constraint, View};

#[test]
fn connected_matches_brute_force() {
    run(
        "connected",
        30,
        N,
        6,
        Gen::connected,
        Consistency::Propagate,
    );
}

/// Whether the nodes `in_` reach one another through the nodes `usable`
/// and the edges `open` (those whose link is not out).
fn joined(edges: &[(u32, u32)], open: &[bool], usable: &[bool], in_: &[usize]) -> bool {
    let Some(&first) = in_.first() else {
        return true;
    };
    let mut seen = vec![false; usable.len()];
    seen[first] = true;
    let mut todo = vec![first];
    while let Some(i) = todo.pop() {
        for (e, &(a, b)) in edges.iter().enumerate() {
            let (a, b) = (a as usize, b as usize);
            for (x, y) in [(a, b), (b, a)] {
                if open[e] && x == i && usable[y] && !seen[y] {
                    seen[y] = true;
                    todo.push(y);
                }
            }
        }
    }
    in_.iter().all(|&i| seen[i])
}

#[test]
fn connected_leaves_no_node_apart_and_no_cut_node_or_bridge_open() {
    let mut g = Gen::new(31, 6);
    let (mut pruned, mut linked) = (0, 0);
    for _ in 0..4000 {
        g.reset(false);
        let constraint = g.connected();
        let Constraint::Connected(Connected {
            nodes,
            edges,
            links,
            ..
        }) = constraint.clone()
        else {
            unreachable!("connected")
        };
        let inst = Instance {
            domains: g.domains.clone(),
            levels: vec![None],
            constraints: vec![constraint],
        };
        let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
        if engine.propagate().is_err() {
            continue;
        }
        let left = domains(&engine);
        pruned += usize::from(left != inst.domains);
        linked += usize::from(left != inst.domains && !links.is_empty());
        let value = |v: View, x: i64| v.scale * x + v.offset;
        let can = |v: View, want: i64| left[v.var.index()].iter().any(|&x| value(v, x) == want);
        let n = nodes.len();
        let out: Vec<bool> = nodes.iter().map(|&v| !can(v, 1)).collect();
        let in_: Vec<usize> = (0..n).filter(|&i| !can(nodes[i], 0)).collect();
        let usable: Vec<bool> = out.iter().map(|o| !o).collect();
        let open: Vec<bool> = (0..edges.len())
            .map(|e| links.get(e).is_none_or(|&l| can(l, 1)))
            .collect();
        assert!(joined(&edges, &open, &usable, &in_), "{left:?}");
        for i in (0..n).filter(|&i| !out[i]) {
            // Every node not out reaches the nodes in.
            let mut with = in_.clone();
            with.push(i);
            assert!(
                joined(&edges, &open, &usable, &with),
                "node {i} apart: {left:?} {edges:?}"
            );
            // An open node is no cut node between nodes in.
            if !in_.contains(&i) {
                let mut without = usable.clone();
                without[i] = false;
                assert!(
                    joined(&edges, &open, &without, &in_),
                    "node {i} separates: {left:?} {edges:?}"
                );
            }
        }
        for (e, &link) in links.iter().enumerate() {
            let (a, b) = (edges[e].0 as usize, edges[e].1 as usize);
            if !can(link, 0) {
                // A link in has its ends in.
                assert!(in_.contains(&a) && in_.contains(&b), "{left:?} {edges:?}");
            } else if can(link, 1) {
                // An open link has no end out and is no bridge.
                assert!(!out[a] && !out[b], "link {e} open to a node out: {left:?}");
                let mut without = open.clone();
                without[e] = false;
                assert!(
                    joined(&edges, &without, &usable, &in_),
                    "link {e} a bridge: {left:?} {edges:?}"
                );
            }
        }
    }
    assert!(
        pruned > 300 && linked > 100,
        "pruned {pruned}, {linked} with links"
    );
}

/// A loop's or a path's rule on cycles (`whole_cycles`): on the same
/// instances it removes at least what plain `connected` does (its extra
/// removals are checked sound by the brute force above), and it does
/// remove more: the edges that would close a cycle too early.
#[test]
fn whole_cycles_prune_beyond_connected() {
    let mut g = Gen::new(32, 6);
    let (mut tried, mut more) = (0, 0);
    for _ in 0..4000 {
        g.reset(false);
        let Constraint::Connected(mut c) = g.connected() else {
            unreachable!("connected")
        };
        if c.links.is_empty() {
            continue;
        }
        let mut left = Vec::new();
        for whole in [false, true] {
            c.whole_cycles = whole;
            let inst = Instance {
                domains: g.domains.clone(),
                levels: vec![None],
                constraints: vec![Constraint::Connected(c.clone())],
            };
            let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
            left.push(engine.propagate().ok().map(|_| domains(&engine)));
        }
        tried += 1;
        match (&left[0], &left[1]) {
            (Some(plain), Some(whole)) => {
                for (p, w) in plain.iter().zip(whole) {
                    assert!(w.iter().all(|x| p.contains(x)), "{plain:?} {whole:?}");
                }
                more += usize::from(plain != whole);
            }
            (Some(_), None) => more += 1,
            (None, whole) => assert!(whole.is_none(), "plain fails, whole does not"),
        }
    }
    assert!(tried > 1000 && more > 10, "{more} of {tried} pruned more");
}
