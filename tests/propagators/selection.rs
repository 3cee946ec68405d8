//! Choosing the variable to branch on by tournament (a long phase of
//! first-fail, first-fail-random or dom/wdeg) against the plain scan of
//! every open variable: on random models with phases, every variable and
//! value order, restarts and dom/wdeg weights, the two searches are the
//! same decision for decision. And the work of a choice does not grow
//! with the number of variables already fixed.

use super::generate::{Gen, Kind};
use super::instance::Instance;
use solve::constraints::Linear;
use solve::engine::Engine;
use solve::model::plan::{
    Consistency, Phase, RestartPolicy, Restarts, SearchPlan, ValueOrder, VarOrder,
};
use solve::model::{Constraint, IntervalSet, Model, Posted, Rel, VarId};
use solve::search::trace::{Event, Recorder};
use solve::search::{Limits, Outcome, Search, Stats};
use solve::stop::Stop;

/// Kinds that prune and fail often enough to move dom/wdeg's weights.
const KINDS: [Kind; 7] = [
    Gen::linear,
    Gen::all_different,
    Gen::clause,
    Gen::element_const,
    Gen::table,
    Gen::max,
    Gen::count,
];

const VAR_ORDERS: [VarOrder; 6] = [
    VarOrder::Input,
    VarOrder::FirstFail,
    VarOrder::FirstFailRandom,
    VarOrder::DomWdeg,
    VarOrder::Activity,
    VarOrder::Afc,
];

const VALUE_ORDERS: [ValueOrder; 4] = [
    ValueOrder::Min,
    ValueOrder::Max,
    ValueOrder::Random,
    ValueOrder::Split,
];

/// A search's events (decisions, failures, solutions, restarts), its
/// solutions and its figures, with tournaments in every dynamic phase of
/// at least `rank_from` variables (`usize::MAX`: scans only).
fn run(model: &Model, plan: &SearchPlan, rank_from: usize) -> (Vec<Event>, Vec<Vec<i64>>, Stats) {
    let mut engine = Engine::new(model, plan.consistency);
    let mut recorder = Recorder::new(usize::MAX, false, model);
    let limits = Limits {
        stop: Stop::default().with_nodes(Some(3_000)),
        shared: None,
    };
    let mut search = Search::new(&mut engine, plan, limits, plan.restarts);
    search.rank_from(rank_from);
    search.record(&mut recorder);
    let mut solutions = Vec::new();
    while solutions.len() < 40 && search.next() == Outcome::Solution {
        solutions.push(search.values());
    }
    let stats = search.stats;
    drop(search);
    (recorder.events, solutions, stats)
}

/// A random plan over `n` variables: up to two phases, an order list and
/// the declared rest, each in a random order of its own.
fn plan(g: &mut Gen, n: usize) -> SearchPlan {
    let mut vars: Vec<VarId> = (0..n as u32).map(VarId).collect();
    for i in (1..n).rev() {
        vars.swap(i, g.rng.below(i + 1));
    }
    let cut = |g: &mut Gen, vars: &mut Vec<VarId>| {
        let k = g.rng.below(vars.len() + 1);
        vars.drain(..k).collect::<Vec<_>>()
    };
    let phases: Vec<Phase> = (0..g.rng.below(3))
        .map(|_| Phase {
            vars: cut(g, &mut vars),
            var: g.rng.pick(&VAR_ORDERS),
            value: g.rng.pick(&VALUE_ORDERS),
        })
        .collect();
    let order = if g.rng.one_in(3) {
        cut(g, &mut vars)
    } else {
        Vec::new()
    };
    let restarts = match g.rng.below(3) {
        0 => Restarts {
            policy: RestartPolicy::Luby,
            scale: 1 + g.rng.below(6) as u64,
        },
        1 => Restarts {
            policy: RestartPolicy::Geometric,
            scale: 1 + g.rng.below(6) as u64,
        },
        _ => Restarts::NONE,
    };
    SearchPlan {
        phases,
        order,
        decision: vars,
        var: g.rng.pick(&VAR_ORDERS),
        value: g.rng.pick(&VALUE_ORDERS),
        restarts,
        last_conflict: g.rng.one_in(3),
        seed: g.rng.below(1000) as u64,
        consistency: g.rng.pick(&[Consistency::Propagate, Consistency::Check]),
        objective: None,
        interleave: None,
        alone: false,
        projected: false,
        canonical_optimum: true,
    }
}

#[test]
fn tournaments_choose_what_the_scan_chooses() {
    let mut g = Gen::new(51, 24);
    let (mut decisions, mut restarts, mut weighted) = (0, 0, 0);
    for round in 0..400 {
        g.reset(false);
        let n = 6 + g.rng.below(19);
        for _ in 0..n {
            let _ = g.new_int();
        }
        g.shared = true;
        let m = 2 + g.rng.below(8);
        let constraints: Vec<Constraint> = (0..m)
            .map(|_| {
                let kind = g.rng.pick(&KINDS);
                kind(&mut g)
            })
            .collect();
        let inst = Instance {
            domains: g.domains.clone(),
            constraints,
            levels: vec![None; m],
        };
        let model = inst.model();
        let plan = plan(&mut g, n);
        let scanned = run(&model, &plan, usize::MAX);
        let ranked = run(&model, &plan, 0);
        assert!(
            scanned == ranked,
            "round {round}: the tournaments chose otherwise than the scan\n{plan:?}\n{}",
            inst.describe()
        );
        for event in &scanned.0 {
            match event {
                Event::Decision { left: true, .. } => decisions += 1,
                Event::Restart => restarts += 1,
                _ => {}
            }
        }
        let dynamic = |o: VarOrder| matches!(o, VarOrder::DomWdeg | VarOrder::Activity);
        if (dynamic(plan.var) || plan.phases.iter().any(|p| dynamic(p.var)))
            && scanned.2.failures > 0
        {
            weighted += 1;
        }
    }
    assert!(decisions > 20_000, "only {decisions} decisions compared");
    assert!(restarts > 100, "only {restarts} restarts");
    assert!(
        weighted > 30,
        "only {weighted} searches moved dom/wdeg's weights"
    );
}

/// `n` variables of 0..9 in pairs that must differ (`x[2i] != x[2i+1]`):
/// under first-fail each decision leaves its partner one value short,
/// the smallest domain, decided next.
fn pairs(n: usize) -> Model {
    let mut model = Model::default();
    let vars: Vec<VarId> = (0..n)
        .map(|i| model.new_var(format!("x{i}"), IntervalSet::range(0, 9), false))
        .collect();
    for pair in vars.chunks(2) {
        model.constraints.push(Posted {
            constraint: Constraint::Linear(Linear {
                terms: vec![(1, pair[0]), (-1, pair[1])],
                rel: Rel::Ne,
                rhs: 0,
                reif: None,
            }),
            origin: "pairs".to_string(),
            item: String::new(),
            definition: false,
            consistency: None,
        });
    }
    model
}

/// Selection steps and propagations per node to the first solution of
/// [`pairs`] under `var` (values from the top: each choice is undone by
/// nothing, the dive is the whole search).
fn work_per_node(n: usize, var: VarOrder) -> (f64, f64, u64) {
    let model = pairs(n);
    let plan = SearchPlan {
        phases: Vec::new(),
        order: Vec::new(),
        decision: (0..n as u32).map(VarId).collect(),
        var,
        value: ValueOrder::Max,
        restarts: Restarts::NONE,
        last_conflict: false,
        seed: 1,
        consistency: Consistency::Propagate,
        objective: None,
        interleave: None,
        alone: false,
        projected: false,
        canonical_optimum: true,
    };
    let mut engine = Engine::new(&model, Consistency::Propagate);
    let mut search = Search::new(&mut engine, &plan, Limits::default(), Restarts::NONE);
    assert_eq!(search.next(), Outcome::Solution);
    let values = search.values();
    assert!(
        values.chunks(2).all(|p| p[0] != p[1]),
        "{n}: not a solution"
    );
    let nodes = search.stats.nodes;
    let steps = search.selection_steps() as f64 / nodes as f64;
    drop(search);
    (steps, engine.propagations() as f64 / nodes as f64, nodes)
}

/// Ten times the variables, not ten times the work per node: the scan
/// read every open variable at each (the 20,000-variable search read
/// 10,000 per node), a tournament plays O(log n) matches per changed
/// variable, so the ratio stays under 2 (log2 of 20,000 against 2,000
/// is 1.3); the propagations per node do not move. (Both are long
/// enough to be ranked by default.)
#[test]
fn the_work_of_a_choice_does_not_grow_with_the_fixed_variables() {
    for var in [
        VarOrder::FirstFail,
        VarOrder::DomWdeg,
        VarOrder::Activity,
        VarOrder::FirstFailRandom,
    ] {
        let (small_steps, small_calls, small_nodes) = work_per_node(1_000, var);
        let (large_steps, large_calls, large_nodes) = work_per_node(10_000, var);
        assert_eq!(
            (small_nodes, large_nodes),
            (1_000, 10_000),
            "{var:?}: one node per variable"
        );
        assert!(
            large_steps < 2.0 * small_steps,
            "{var:?}: {small_steps:.1} selection steps per node on 2,000 variables, {large_steps:.1} on 20,000"
        );
        assert!(
            large_calls < 1.1 * small_calls,
            "{var:?}: {small_calls:.2} propagations per node on 2,000 variables, {large_calls:.2} on 20,000"
        );
    }
}
