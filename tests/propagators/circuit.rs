//! Circuit and subcircuit over successor variables: at `propagate` (the
//! chains of fixed successors) and at `domain` (the strongly connected
//! components of the domains too), sound against the brute force.

use super::generate::Gen;
use super::harness::{N, domains, run};
use super::instance::Instance;
use solve::constraints::Circuit;
use solve::engine::Engine;
use solve::model::Constraint;
use solve::model::plan::Consistency;

#[test]
fn circuit_matches_brute_force() {
    run("circuit", 14, N, 4, Gen::circuit, Consistency::Propagate);
    run("circuit", 15, N, 4, Gen::circuit, Consistency::Domain);
}

#[test]
fn subcircuit_matches_brute_force() {
    run(
        "subcircuit",
        16,
        N,
        4,
        Gen::subcircuit,
        Consistency::Propagate,
    );
    run("subcircuit", 17, N, 4, Gen::subcircuit, Consistency::Domain);
}

#[test]
fn circuits_on_random_graphs_match_brute_force() {
    run(
        "circuit graph",
        18,
        N,
        6,
        Gen::circuit_graph,
        Consistency::Propagate,
    );
    run(
        "circuit graph",
        19,
        N,
        6,
        Gen::circuit_graph,
        Consistency::Domain,
    );
}

/// Whether `to` can be reached from `from` along the edges `i -> succ`
/// (self-loops aside) of `domains` (node `i`'s successors as values from
/// `base`): a plain closure, another algorithm than the propagator's.
fn reaches(domains: &[Vec<i64>], base: i64, from: usize, to: usize) -> bool {
    let mut seen = vec![false; domains.len()];
    let mut todo = vec![from];
    while let Some(i) = todo.pop() {
        for &v in &domains[i] {
            let j = (v - base) as usize;
            if j != i && !seen[j] {
                seen[j] = true;
                todo.push(j);
            }
        }
    }
    seen[to]
}

#[test]
fn at_domain_every_edge_left_lies_on_a_cycle_of_the_graph() {
    let mut g = Gen::new(20, 6);
    let (mut failed, mut pruned) = (0, 0);
    for _ in 0..2000 {
        g.reset(false);
        let constraint = g.circuit_graph();
        let Constraint::Circuit(Circuit { base, sub, .. }) = constraint else {
            unreachable!("a circuit")
        };
        let inst = Instance {
            domains: g.domains.clone(),
            levels: vec![None],
            constraints: vec![constraint],
        };
        let mut engine = Engine::new(&inst.model(), Consistency::Domain);
        if engine.propagate().is_err() {
            failed += 1;
            continue;
        }
        let left = domains(&engine);
        pruned += usize::from(left != inst.domains);
        let n = left.len();
        for i in 0..n {
            for &v in &left[i] {
                let j = (v - base) as usize;
                // An edge used by a cycle: j leads back to i.
                assert!(
                    j == i || reaches(&left, base, j, i),
                    "{i} -> {j} in {left:?}"
                );
            }
            let must = !left[i].contains(&(base + i as i64));
            for k in 0..n {
                let k_must = !sub || !left[k].contains(&(base + k as i64));
                if must && k_must && k != i {
                    assert!(
                        reaches(&left, base, i, k),
                        "{i} and {k} on one cycle: {left:?}"
                    );
                }
            }
        }
    }
    assert!(
        failed > 100 && pruned > 100,
        "failed {failed}, pruned {pruned}"
    );
}
