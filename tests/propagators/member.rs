//! `member(xs, y)`: sound against the brute force at every level, and
//! domain consistent (every value left has a solution giving it, every
//! value a solution gives is kept) when no variable appears twice, which
//! MiniZinc's decomposition is not: instances where `y` loses values
//! while two or more items can still equal it are counted too.

use super::generate::Gen;
use super::harness::{N, domain_consistent, run};
use super::instance::Instance;
use solve::constraints::Member;
use solve::model::plan::Consistency;
use solve::model::{Constraint, View};

#[test]
fn member_matches_brute_force() {
    run("member", 51, N, 5, Gen::member, Consistency::Propagate);
    run("member", 52, N, 5, Gen::member, Consistency::Domain);
    run("member", 53, N, 5, Gen::member, Consistency::Check);
}

#[test]
fn member_keeps_exactly_the_supported_values() {
    let mut g = Gen::new(54, usize::MAX);
    let (count, mut y_pruned_among_several) = (1500, 0);
    for _ in 0..count {
        g.reset(false);
        let n = 1 + g.rng.below(4);
        let view = |g: &mut Gen| View {
            var: g.new_int(),
            scale: g.rng.pick(&[-1, 1, 1, 2]),
            offset: g.rng.range(-1, 1),
        };
        let xs: Vec<View> = (0..n).map(|_| view(&mut g)).collect();
        let y = view(&mut g);
        let inst = Instance {
            domains: g.domains.clone(),
            constraints: vec![Constraint::Member(Member { xs: xs.clone(), y })],
            levels: vec![None],
        };
        let Some(after) = domain_consistent(&inst) else {
            continue;
        };
        // The decomposition narrows `y` only when one equality is left.
        let can_equal = |x: &View| {
            let values =
                |v: &View, d: &[i64]| -> Vec<i64> { d.iter().map(|&a| v.value(a)).collect() };
            let (dx, dy) = (
                values(x, &inst.domains[x.var.index()]),
                values(&y, &inst.domains[y.var.index()]),
            );
            dx.iter().any(|a| dy.contains(a))
        };
        if xs.iter().filter(|x| can_equal(x)).count() >= 2
            && after[y.var.index()] != inst.domains[y.var.index()]
        {
            y_pruned_among_several += 1;
        }
    }
    assert!(
        y_pruned_among_several * 10 >= count,
        "only {y_pruned_among_several} instances narrowed y with several items able to equal it"
    );
}
