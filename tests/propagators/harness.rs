//! The harness: properties 1-5 of the module doc checked on one instance,
//! a failing instance shrunk, and many random instances of a kind run.

use super::generate::{Gen, Kind};
use super::instance::Instance;
use solve::engine::Engine;
use solve::model::plan::Consistency;
use solve::model::{Constraint, VarId};

pub(super) fn domains(engine: &Engine) -> Vec<Vec<i64>> {
    (0..engine.store().num_vars() as u32)
        .map(|i| engine.store().domain(VarId(i)).values().collect())
        .collect()
}

/// Root propagation at `domain` against the instance's solutions: it
/// fails exactly when there is none, and every value it keeps is given by
/// some solution while every value a solution gives is kept. The domains
/// after it, or `None` when there is no solution.
pub(super) fn domain_consistent(inst: &Instance) -> Option<Vec<Vec<i64>>> {
    let solutions = inst.solutions();
    let mut engine = Engine::new(&inst.model(), Consistency::Domain);
    let root = engine.propagate();
    if solutions.is_empty() {
        assert!(
            root.is_err(),
            "no solution, but root propagation passed: {}",
            inst.describe()
        );
        return None;
    }
    assert!(root.is_ok(), "{}", inst.describe());
    let after = domains(&engine);
    for (i, d) in after.iter().enumerate() {
        for v in d {
            assert!(
                solutions.iter().any(|s| s[i] == *v),
                "x{i} keeps {v}, which no solution gives it: {}",
                inst.describe()
            );
        }
        for s in &solutions {
            assert!(
                d.contains(&s[i]),
                "x{i} lost {}, which a solution gives it: {}",
                s[i],
                inst.describe()
            );
        }
    }
    Some(after)
}

/// Properties 1-5 for one instance; `Err` says which one failed and how.
fn check(inst: &Instance, consistency: Consistency) -> Result<(), String> {
    let solutions = inst.solutions();
    let mut engine = Engine::new(&inst.model(), consistency);
    let root = engine.propagate();
    if root.is_err() {
        if let Some(s) = solutions.first() {
            return Err(format!("root propagation failed, but {s:?} is a solution"));
        }
    } else {
        let after = domains(&engine);
        for (i, d) in after.iter().enumerate() {
            if d.iter().any(|v| !inst.domains[i].contains(v)) {
                return Err(format!("x{i} gained values: {d:?}"));
            }
        }
        for s in &solutions {
            for (i, d) in after.iter().enumerate() {
                if !d.contains(&s[i]) {
                    return Err(format!(
                        "unsound: x{i} = {} removed, but {s:?} is a solution (x{i} left with {d:?})",
                        s[i]
                    ));
                }
            }
        }
        let check_only = inst
            .levels
            .iter()
            .all(|level| level.unwrap_or(consistency) == Consistency::Check);
        if check_only && after != inst.domains {
            return Err(format!("Check consistency pruned the domains to {after:?}"));
        }
        if engine.propagate().is_err() {
            return Err("a second propagate() failed".to_string());
        }
        if domains(&engine) != after {
            return Err(format!(
                "a second propagate() changed the domains from {after:?} to {:?}",
                domains(&engine)
            ));
        }
        // Every propagator again, on the narrowed domains: still sound.
        let cp = engine.store_mut().checkpoint();
        engine.schedule_all();
        let again = engine.propagate();
        if let Some(s) = solutions.first()
            && again.is_err()
        {
            return Err(format!(
                "re-running every propagator failed, but {s:?} is a solution"
            ));
        }
        if again.is_ok() {
            let narrowed = domains(&engine);
            for s in &solutions {
                for (i, d) in narrowed.iter().enumerate() {
                    if !d.contains(&s[i]) {
                        return Err(format!(
                            "unsound on re-run: x{i} = {} removed, but {s:?} is a solution \
                             (x{i} left with {d:?})",
                            s[i]
                        ));
                    }
                }
            }
        }
        engine.store_mut().restore(cp);
        if domains(&engine) != after {
            return Err("restore did not give back the propagated root".to_string());
        }
        from_scratch_changes_nothing(&mut engine, "the propagated root")?;
        removal_descent(inst, &mut engine)?;
    }
    let n = inst.domains.len();
    for (k, a) in inst.assignments().iter().enumerate() {
        let holds = inst.holds(a);
        // A fresh engine over the fixed domains.
        let mut leaf = Engine::new(&inst.fixed_model(a), consistency);
        let accepted = leaf.propagate().is_ok();
        if accepted != holds {
            return Err(format!(
                "leaf {a:?}: holds is {holds}, but a fresh engine with these fixed domains {}",
                if accepted { "accepts it" } else { "rejects it" }
            ));
        }
        // Assigning it variable by variable below the propagated root.
        if root.is_err() {
            continue;
        }
        let cp = engine.store_mut().checkpoint();
        let mut ok = true;
        for j in 0..n {
            let i = if k % 2 == 0 { j } else { n - 1 - j };
            if engine.store_mut().assign(VarId(i as u32), a[i]).is_err()
                || engine.propagate().is_err()
            {
                ok = false;
                break;
            }
        }
        engine.store_mut().restore(cp);
        if ok != holds {
            return Err(format!(
                "leaf {a:?}: holds is {holds}, but assigning it variable by variable at the \
                 propagated root {}",
                if ok { "succeeds" } else { "fails" }
            ));
        }
    }
    Ok(())
}

/// At a fixpoint reached incrementally (each propagator woken only by the
/// changes it subscribed to), running every propagator again from scratch
/// must change nothing: otherwise some propagator missed a change it needed
/// to hear of (a missing subscription).
fn from_scratch_changes_nothing(engine: &mut Engine, at: &str) -> Result<(), String> {
    let before = domains(engine);
    let cp = engine.store_mut().checkpoint();
    engine.schedule_all();
    let again = engine.propagate();
    let after = domains(engine);
    engine.store_mut().restore(cp);
    match again {
        Err(_) => Err(format!(
            "at {at} ({before:?}), a fixpoint, running every propagator from scratch fails"
        )),
        Ok(()) if after != before => Err(format!(
            "at {at}, a fixpoint, running every propagator from scratch narrows {before:?} \
             to {after:?}: a propagator missed a change (a missing subscription?)"
        )),
        Ok(()) => Ok(()),
    }
}

/// Removes values one by one from the inside and the edges of the
/// domains (domain and bounds events, no assignment), propagating after
/// each; at every fixpoint on the way, a from-scratch run changes nothing.
fn removal_descent(inst: &Instance, engine: &mut Engine) -> Result<(), String> {
    let cp = engine.store_mut().checkpoint();
    let mut result = Ok(());
    'descent: for (i, values) in inst.domains.iter().enumerate() {
        for (k, &v) in values.iter().enumerate() {
            let x = VarId(i as u32);
            if k % 2 == 1 || engine.store().size(x) <= 1 || !engine.store().contains(x, v) {
                continue;
            }
            if engine.store_mut().remove(x, v).is_err() || engine.propagate().is_err() {
                break 'descent;
            }
            let at = format!("x{i} != {v} in the removal descent");
            if let Err(e) = from_scratch_changes_nothing(engine, &at) {
                result = Err(e);
                break 'descent;
            }
        }
    }
    engine.store_mut().restore(cp);
    result
}

/// Removes values from the domains while the instance still fails.
fn shrink(mut inst: Instance, consistency: Consistency) -> (Instance, String) {
    let mut message = check(&inst, consistency).expect_err("a failing instance");
    loop {
        let mut smaller = false;
        for i in 0..inst.domains.len() {
            let mut k = 0;
            while k < inst.domains[i].len() {
                if inst.domains[i].len() == 1 {
                    break;
                }
                let mut candidate = inst.clone();
                let _ = candidate.domains[i].remove(k);
                match check(&candidate, consistency) {
                    Err(m) => {
                        inst = candidate;
                        message = m;
                        smaller = true;
                    }
                    Ok(()) => k += 1,
                }
            }
        }
        if !smaller {
            return (inst, message);
        }
    }
}

/// Runs `count` random instances of one kind; panics with the smallest
/// failing instance (shrunk). Also asserts that a fair share of instances
/// have solutions and (with propagation) get pruned, so the instances are
/// not all trivial.
pub(super) fn run(
    name: &str,
    seed: u64,
    count: usize,
    max_vars: usize,
    kind: Kind,
    consistency: Consistency,
) {
    run_many(name, seed, count, max_vars, |g| vec![kind(g)], consistency);
}

/// [`run`] for instances of several constraints, made by `kind`.
pub(super) fn run_many(
    name: &str,
    seed: u64,
    count: usize,
    max_vars: usize,
    kind: impl Fn(&mut Gen) -> Vec<Constraint>,
    consistency: Consistency,
) {
    let mut g = Gen::new(seed, max_vars);
    let mut worst: Option<(Instance, Consistency)> = None;
    let mut failures = 0;
    let (mut satisfiable, mut pruned) = (0, 0);
    for k in 0..count {
        g.reset(false);
        let constraints = kind(&mut g);
        // Check is asked for either for the whole engine or, every other
        // time, for the constraint alone (`Posted::consistency`).
        let (consistency, level) = match consistency {
            Consistency::Check if k % 2 == 1 => (Consistency::Propagate, Some(Consistency::Check)),
            c => (c, None),
        };
        let inst = Instance {
            domains: g.domains.clone(),
            levels: vec![level; constraints.len()],
            constraints,
        };
        if check(&inst, consistency).is_err() {
            failures += 1;
            if worst
                .as_ref()
                .is_none_or(|(w, _)| inst.weight() < w.weight())
            {
                worst = Some((inst, consistency));
            }
            continue;
        }
        if !inst.solutions().is_empty() {
            satisfiable += 1;
            let mut engine = Engine::new(&inst.model(), consistency);
            if engine.propagate().is_ok() && domains(&engine) != inst.domains {
                pruned += 1;
            }
        }
    }
    if let Some((inst, consistency)) = worst {
        let (small, message) = shrink(inst, consistency);
        panic!(
            "{name} ({consistency:?}): {failures} of {count} random instances fail; \
             smallest after shrinking:\n{}=> {message}",
            small.describe()
        );
    }
    assert!(
        satisfiable * 10 >= count,
        "{name}: poor coverage, {satisfiable} of {count} instances have solutions"
    );
    if consistency != Consistency::Check {
        assert!(
            pruned * 20 >= count,
            "{name}: poor coverage, only {pruned} of {count} instances were pruned at all"
        );
    }
}

pub(super) const N: usize = 1500;

/// Constraints that posting runs as one group (`engine::post::group`) reach
/// the same fixpoint as the same constraints posted apart (one batch
/// each): at the root, and after each assignment of every variable in
/// turn, last first, to its least value; and they fail together.
pub(super) fn same_as_apart(seed: u64, kind: impl Fn(&mut Gen) -> Vec<Constraint>) {
    let mut g = Gen::new(seed, 4);
    let (mut compared, mut fewer_runs) = (0, 0);
    for _ in 0..N {
        g.reset(false);
        let constraints = kind(&mut g);
        let inst = Instance {
            domains: g.domains.clone(),
            levels: vec![None; constraints.len()],
            constraints,
        };
        let model = inst.model();
        let mut grouped = Engine::new(&model, Consistency::Propagate);
        let mut apart = Engine::empty(Consistency::Propagate);
        for info in &model.vars {
            let _ = apart.add_var(&info.domain);
        }
        for (i, posted) in model.constraints.iter().enumerate() {
            apart.post_all(&[(i, posted)]);
        }
        let mut steps = vec![(grouped.propagate().is_ok(), apart.propagate().is_ok())];
        // A group runs once where its members run one each: the test
        // compares a group, not two engines of the same propagators.
        fewer_runs += usize::from(grouped.propagations() < apart.propagations());
        for i in (0..inst.domains.len()).rev() {
            if !(steps.last().expect("root").0) {
                break;
            }
            assert_eq!(domains(&grouped), domains(&apart), "{}", inst.describe());
            let x = VarId(i as u32);
            let v = grouped.store().min(x);
            let a = grouped.store_mut().assign(x, v).is_ok() && grouped.propagate().is_ok();
            let b = apart.store_mut().assign(x, v).is_ok() && apart.propagate().is_ok();
            steps.push((a, b));
        }
        for (a, b) in &steps {
            assert_eq!(
                a,
                b,
                "grouped and apart disagree on failure\n{}",
                inst.describe()
            );
        }
        compared += steps.len();
    }
    assert!(compared > 2 * N, "poor coverage: {compared} steps compared");
    assert!(
        fewer_runs > N / 4,
        "posting grouped too few: {fewer_runs} of {N} instances ran fewer propagators"
    );
}
