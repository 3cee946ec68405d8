//! `cumulative` (time-tabling) and `disjunctive` / `disjunctive_strict`
//! (detectable precedences and edge finding on the Θ-Λ-tree): sound
//! against the brute force at every level they support (`propagate`,
//! `bounds`, `check`, `probing`), with fixed and variable
//! durations, requirements and capacities; and the textbook cases where
//! each rule prunes what the weaker ones cannot.

use super::generate::Gen;
use super::harness::{N, domains, run};
use super::instance::Instance;
use solve::constraints::{Cumulative, Disjunctive};
use solve::engine::Engine;
use solve::model::plan::Consistency;
use solve::model::{Constraint, VarId, View};

#[test]
fn cumulative_matches_brute_force() {
    run(
        "cumulative",
        61,
        N,
        12,
        Gen::cumulative,
        Consistency::Propagate,
    );
    run(
        "cumulative",
        62,
        N / 2,
        12,
        Gen::cumulative,
        Consistency::Bounds,
    );
    run(
        "cumulative",
        63,
        N / 2,
        12,
        Gen::cumulative,
        Consistency::Check,
    );
}

#[test]
fn disjunctive_matches_brute_force() {
    run(
        "disjunctive",
        64,
        N,
        8,
        Gen::disjunctive,
        Consistency::Propagate,
    );
    run(
        "disjunctive",
        65,
        N / 2,
        8,
        Gen::disjunctive,
        Consistency::Bounds,
    );
    run(
        "disjunctive",
        66,
        N / 2,
        8,
        Gen::disjunctive,
        Consistency::Check,
    );
}

/// The variables `x0..` over `domains`, each task's start a variable and
/// its duration (and requirement) fixed: the domains after root
/// propagation.
fn propagated(domains_given: Vec<Vec<i64>>, constraint: Constraint) -> Option<Vec<Vec<i64>>> {
    let inst = Instance {
        domains: domains_given,
        constraints: vec![constraint],
        levels: vec![None],
    };
    let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
    engine.propagate().ok().map(|()| domains(&engine))
}

fn vars(from: u32, n: u32) -> Vec<View> {
    (from..from + n).map(|i| View::of(VarId(i))).collect()
}

/// Starts `x0..x(n-1)` over `windows`, then one fixed variable per value
/// of `fixed` (durations, requirements, capacity).
fn instance_domains(windows: &[(i64, i64)], fixed: &[i64]) -> Vec<Vec<i64>> {
    let mut d: Vec<Vec<i64>> = windows
        .iter()
        .map(|&(lo, hi)| (lo..=hi).collect())
        .collect();
    d.extend(fixed.iter().map(|&v| vec![v]));
    d
}

/// Edge finding: A and B (3 and 2 long) both end by 6; C (2 long, from
/// time 1) cannot run before both of them end, so it starts at 5 at the
/// earliest. No precedence is detectable (C's earliest end, 3, is no
/// later than A's and B's latest starts), so this is edge finding's alone.
#[test]
fn edge_finding_puts_a_task_after_a_set() {
    let d = instance_domains(&[(0, 3), (0, 4), (1, 18)], &[3, 2, 2]);
    let c = Constraint::Disjunctive(Disjunctive {
        starts: vars(0, 3),
        durations: vars(3, 3),
        strict: true,
    });
    let after = propagated(d, c).expect("a schedule exists");
    assert_eq!(after[2][0], 5, "C starts after A and B: {after:?}");
    assert_eq!(after[0], vec![0, 1, 2, 3]);
}

/// Detectable precedences: A (4 long) starts by 2 and C (3 long) cannot
/// end before 5 > 2, so A precedes C and C starts at 4 at the earliest;
/// mirrored, C ends by 12 and A must be done before C's latest start.
#[test]
fn detectable_precedences_order_two_tasks() {
    let d = instance_domains(&[(0, 2), (2, 9)], &[4, 3]);
    let c = Constraint::Disjunctive(Disjunctive {
        starts: vars(0, 2),
        durations: vars(2, 2),
        strict: false,
    });
    let after = propagated(d, c).expect("a schedule exists");
    assert_eq!(after[1], (4..=9).collect::<Vec<_>>());
}

/// Overload: three tasks of 2 within 0..5 cannot fit.
#[test]
fn overload_fails() {
    let d = instance_domains(&[(0, 3), (0, 3), (1, 3)], &[2, 2, 2]);
    let c = Constraint::Disjunctive(Disjunctive {
        starts: vars(0, 3),
        durations: vars(3, 3),
        strict: false,
    });
    assert_eq!(propagated(d, c), None);
}

/// Time-tabling: A (2 long, 2 units of a capacity of 2) starts at 3, so
/// it runs over 3..5 in every schedule; B (3 long, 1 unit, from 1) would
/// overlap that starting at 1 or 2, so it starts at 5 at the earliest.
#[test]
fn time_tabling_pushes_a_start_past_a_compulsory_part() {
    let d = instance_domains(&[(3, 3), (1, 8)], &[2, 3, 2, 1, 2]);
    let c = Constraint::Cumulative(Cumulative {
        starts: vars(0, 2),
        durations: vars(2, 2),
        requirements: vars(4, 2),
        capacity: View::of(VarId(6)),
    });
    let after = propagated(d, c).expect("a schedule exists");
    assert_eq!(after[1], (5..=8).collect::<Vec<_>>());
}
