//! Alldifferent at every level (value elimination, bounds, domain), grouped
//! over shifts of the same variables, and complete at bounds and domain
//! consistency.

use super::generate::Gen;
use super::harness::{N, domain_consistent, domains, run, run_many, same_as_apart};
use super::instance::Instance;
use crate::Rng;
use solve::constraints::AllDifferent;
use solve::engine::Engine;
use solve::model::plan::Consistency;
use solve::model::{Constraint, VarId, View};

#[test]
fn all_different_matches_brute_force() {
    run(
        "all_different",
        2,
        N,
        4,
        Gen::all_different,
        Consistency::Propagate,
    );
}

/// Alldifferents over shifts of the same variables share one propagator
/// (`engine::post::group`): through the whole harness, and with the same
/// fixpoint as the same constraints posted apart (one batch each), at the
/// root and after each assignment of a random order.
#[test]
fn grouped_all_different_matches_brute_force_and_apart() {
    run_many(
        "grouped all_different",
        22,
        N,
        4,
        Gen::shifted_all_different,
        Consistency::Propagate,
    );
    same_as_apart(23, Gen::shifted_all_different);
}

/// `Consistency::Bounds`: alldifferent with Hall intervals on top.
#[test]
fn all_different_bounds_matches_brute_force() {
    run(
        "all_different_bounds",
        12,
        N,
        4,
        Gen::all_different,
        Consistency::Bounds,
    );
}

/// `Consistency::Domain`: alldifferent by Régin's matching, through the
/// whole harness (soundness, checking, incremental fixpoints).
#[test]
fn all_different_domain_matches_brute_force() {
    run(
        "all_different_domain",
        13,
        N,
        4,
        Gen::all_different,
        Consistency::Domain,
    );
}

/// Domain consistency is complete as well as sound: after root
/// propagation, every value left in a domain is taken by that variable in
/// some solution of the alldifferent (brute force); tight random instances
/// (n variables, values among n + 1) make the matching reasoning (Hall
/// sets of values) prune beyond value elimination.
#[test]
fn all_different_domain_leaves_only_supported_values() {
    let mut rng = Rng::new(14);
    let mut beyond_propagate = 0;
    let count = 600;
    for _ in 0..count {
        let n = rng.range(3, 6) as usize;
        let given: Vec<Vec<i64>> = (0..n)
            .map(|_| {
                loop {
                    let d: Vec<i64> = (0..=n as i64).filter(|_| rng.one_in(2)).collect();
                    if !d.is_empty() {
                        break d;
                    }
                }
            })
            .collect();
        let inst = Instance {
            domains: given,
            constraints: vec![Constraint::AllDifferent(AllDifferent(
                (0..n).map(|i| View::of(VarId(i as u32))).collect(),
            ))],
            levels: vec![None],
        };
        let Some(after) = domain_consistent(&inst) else {
            continue;
        };
        if prunes_beyond_value_elimination(&inst, &after) {
            beyond_propagate += 1;
        }
    }
    assert!(
        beyond_propagate * 30 >= count,
        "only {beyond_propagate} instances pruned beyond value elimination"
    );
}

/// Bounds consistency is complete: after root propagation of an
/// alldifferent over interval domains, each bound of each variable is
/// taken in some assignment of the others, each within its own bounds, all
/// different (found by bipartite matching, not by the propagator's Hall
/// intervals); and an instance with no such assignment fails at the root.
#[test]
fn all_different_bounds_leaves_supported_bounds() {
    let mut rng = Rng::new(18);
    let (count, mut beyond_propagate) = (800, 0);
    for _ in 0..count {
        let n = rng.range(2, 7) as usize;
        let given: Vec<Vec<i64>> = (0..n)
            .map(|_| {
                // Tight: n intervals of up to 4 values among n + 2.
                let lo = rng.range(-1, n as i64 - 1);
                (lo..=(lo + rng.range(0, 3)).min(n as i64)).collect()
            })
            .collect();
        let inst = Instance {
            domains: given.clone(),
            constraints: vec![Constraint::AllDifferent(AllDifferent(
                (0..n).map(|i| View::of(VarId(i as u32))).collect(),
            ))],
            levels: vec![None],
        };
        let intervals: Vec<(i64, i64)> = given.iter().map(|d| (d[0], d[d.len() - 1])).collect();
        let mut engine = Engine::new(&inst.model(), Consistency::Bounds);
        if engine.propagate().is_err() {
            assert!(
                !distinct_within(&intervals, None),
                "fails at the root, but the intervals have a distinct assignment: {}",
                inst.describe()
            );
            continue;
        }
        let after = domains(&engine);
        let bounds: Vec<(i64, i64)> = after.iter().map(|d| (d[0], d[d.len() - 1])).collect();
        for (i, &(lo, hi)) in bounds.iter().enumerate() {
            for b in [lo, hi] {
                assert!(
                    distinct_within(&bounds, Some((i, b))),
                    "x{i} keeps the bound {b}, which no assignment within the bounds \
                     {bounds:?} gives it: {}",
                    inst.describe()
                );
            }
        }
        if prunes_beyond_value_elimination(&inst, &after) {
            beyond_propagate += 1;
        }
    }
    assert!(
        beyond_propagate * 10 >= count,
        "only {beyond_propagate} instances pruned beyond value elimination"
    );
}

/// Whether `after` (a stronger level's fixpoint) is narrower than value
/// elimination's: the coverage check of the completeness tests.
fn prunes_beyond_value_elimination(inst: &Instance, after: &[Vec<i64>]) -> bool {
    let mut plain = Engine::new(&inst.model(), Consistency::Propagate);
    plain.propagate().is_ok() && domains(&plain) != after
}

/// Whether each variable can take a different value within its interval
/// (with `fixed = (i, v)`: variable `i` taking `v`), by augmenting paths.
fn distinct_within(intervals: &[(i64, i64)], fixed: Option<(usize, i64)>) -> bool {
    fn augment(
        i: usize,
        options: &[Vec<i64>],
        owner: &mut std::collections::HashMap<i64, usize>,
        seen: &mut Vec<i64>,
    ) -> bool {
        for &v in &options[i] {
            if seen.contains(&v) {
                continue;
            }
            seen.push(v);
            let free = match owner.get(&v) {
                None => true,
                Some(&j) => augment(j, options, owner, seen),
            };
            if free {
                let _ = owner.insert(v, i);
                return true;
            }
        }
        false
    }
    let options: Vec<Vec<i64>> = intervals
        .iter()
        .enumerate()
        .map(|(i, &(lo, hi))| match fixed {
            Some((j, v)) if j == i => vec![v],
            _ => (lo..=hi).collect(),
        })
        .collect();
    let mut owner = std::collections::HashMap::new();
    (0..options.len()).all(|i| augment(i, &options, &mut owner, &mut Vec::new()))
}
