//! `count` and `global_cardinality`: sound against the brute force at
//! every level; `count` with a fixed value domain consistent at every
//! level, `global_cardinality` with fixed counts domain consistent at
//! `domain` (Régin's flow) and, there, pruning beyond counting.

use super::generate::Gen;
use super::harness::{N, domain_consistent, domains, run};
use super::instance::Instance;
use crate::Rng;
use solve::constraints::{Count, GlobalCardinality};
use solve::engine::Engine;
use solve::model::plan::Consistency;
use solve::model::{Constraint, VarId, View};

#[test]
fn count_matches_brute_force() {
    run("count", 61, N, 5, Gen::count, Consistency::Propagate);
    run("count", 62, N, 5, Gen::count, Consistency::Domain);
    run("count", 63, N, 5, Gen::count, Consistency::Check);
}

#[test]
fn global_cardinality_matches_brute_force() {
    let gcc = Gen::global_cardinality;
    run("global_cardinality", 64, N, 6, gcc, Consistency::Propagate);
    run("global_cardinality", 65, N, 6, gcc, Consistency::Domain);
    run("global_cardinality", 66, N, 6, gcc, Consistency::Check);
}

/// A random subset of `lo..=hi`, never empty.
fn subset(rng: &mut Rng, lo: i64, hi: i64) -> Vec<i64> {
    loop {
        let d: Vec<i64> = (lo..=hi).filter(|_| !rng.one_in(3)).collect();
        if !d.is_empty() {
            return d;
        }
    }
}

fn views(from: usize, n: usize) -> Vec<View> {
    (from..from + n)
        .map(|i| View::of(VarId(i as u32)))
        .collect()
}

#[test]
fn count_of_a_fixed_value_keeps_exactly_the_supported_values() {
    let mut rng = Rng::new(67);
    for _ in 0..600 {
        let n = rng.range(1, 4) as usize;
        let mut given: Vec<Vec<i64>> = (0..n).map(|_| subset(&mut rng, 0, 3)).collect();
        given.push(vec![rng.range(0, 3)]);
        given.push(subset(&mut rng, 0, n as i64 + 1));
        let inst = Instance {
            domains: given,
            constraints: vec![Constraint::Count(Count {
                xs: views(0, n),
                value: View::of(VarId(n as u32)),
                count: View::of(VarId(n as u32 + 1)),
            })],
            levels: vec![None],
        };
        // At every level the same: domain consistency checked at `domain`,
        // and `propagate` leaves the very same domains.
        let Some(after) = domain_consistent(&inst) else {
            continue;
        };
        let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
        assert!(engine.propagate().is_ok(), "{}", inst.describe());
        assert_eq!(domains(&engine), after, "{}", inst.describe());
    }
}

#[test]
fn global_cardinality_at_domain_keeps_exactly_the_supported_values() {
    let mut rng = Rng::new(68);
    let (count, mut beyond_counting) = (800, 0);
    for _ in 0..count {
        let n = rng.range(2, 5) as usize;
        let m = rng.range(1, 3) as usize;
        let mut values: Vec<i64> = (0..4).collect();
        for k in 0..m {
            let j = k + rng.below(4 - k);
            values.swap(k, j);
        }
        values.truncate(m);
        let mut given: Vec<Vec<i64>> = (0..n).map(|_| subset(&mut rng, 0, 4)).collect();
        // Fixed counts, so that the flow's bounds are the counts.
        given.extend((0..m).map(|_| vec![rng.range(0, 2)]));
        let inst = Instance {
            domains: given,
            constraints: vec![Constraint::GlobalCardinality(GlobalCardinality {
                xs: views(0, n),
                values,
                counts: views(n, m),
            })],
            levels: vec![None],
        };
        let Some(after) = domain_consistent(&inst) else {
            continue;
        };
        let mut counting = Engine::new(&inst.model(), Consistency::Propagate);
        if counting.propagate().is_err() || domains(&counting) != after {
            beyond_counting += 1;
        }
    }
    assert!(
        beyond_counting * 20 >= count,
        "only {beyond_counting} instances pruned beyond counting"
    );
}
