//! `alldifferent_except`: value elimination at `propagate` and `bounds`,
//! with Régin's flow at `domain`, sound against the brute force at every
//! level; at `domain` every value left has a solution giving it (no
//! variable twice), and some instances are pruned beyond value
//! elimination (which is what MiniZinc's decomposition reaches).

use super::generate::Gen;
use super::harness::{N, domain_consistent, domains, run};
use super::instance::Instance;
use solve::constraints::AllDifferentExcept;
use solve::engine::Engine;
use solve::model::plan::Consistency;
use solve::model::{Constraint, VarId, View};

#[test]
fn all_different_except_matches_brute_force() {
    let kind = Gen::all_different_except;
    run(
        "alldifferent_except",
        61,
        N,
        4,
        kind,
        Consistency::Propagate,
    );
    run("alldifferent_except", 62, N, 4, kind, Consistency::Bounds);
    run("alldifferent_except", 63, N, 4, kind, Consistency::Domain);
    run("alldifferent_except", 64, N, 4, kind, Consistency::Check);
}

#[test]
fn all_different_except_at_domain_keeps_exactly_the_supported_values() {
    let mut g = Gen::new(65, usize::MAX);
    let (count, mut beyond_elimination) = (1500, 0);
    for _ in 0..count {
        g.reset(false);
        // Values near each other, so that Hall sets (which value
        // elimination misses) are common.
        let n = 3 + g.rng.below(2);
        let xs: Vec<View> = (0..n)
            .map(|_| {
                let d: Vec<i64> = loop {
                    let d: Vec<i64> = (0..=3)
                        .filter(|&v| {
                            if v == 0 {
                                g.rng.one_in(2)
                            } else {
                                !g.rng.one_in(3)
                            }
                        })
                        .collect();
                    if !d.is_empty() {
                        break d;
                    }
                };
                g.domains.push(d);
                View {
                    var: VarId(g.domains.len() as u32 - 1),
                    scale: g.rng.pick(&[-1, 1, 1, 1]),
                    offset: g.rng.pick(&[-1, 0, 0, 0, 1]),
                }
            })
            .collect();
        let except = if g.rng.one_in(2) {
            vec![0]
        } else {
            vec![g.rng.range(-2, 3)]
        };
        let inst = Instance {
            domains: g.domains.clone(),
            constraints: vec![Constraint::AllDifferentExcept(AllDifferentExcept::new(
                xs, except,
            ))],
            levels: vec![None],
        };
        let Some(after) = domain_consistent(&inst) else {
            continue;
        };
        let mut eliminated = Engine::new(&inst.model(), Consistency::Propagate);
        if eliminated.propagate().is_err() || domains(&eliminated) != after {
            beyond_elimination += 1;
        }
    }
    assert!(
        beyond_elimination * 50 >= count,
        "only {beyond_elimination} instances pruned beyond value elimination"
    );
}
