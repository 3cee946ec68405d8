//! The search over instances of mixed kinds: exactly the brute-force
//! solutions, each once, and again after returning to the root.

use super::generate::{Gen, Kind};
use super::instance::Instance;
use solve::engine::Engine;
use solve::model::Constraint;
use solve::model::VarId;
use solve::model::plan::{Consistency, Restarts, SearchPlan, ValueOrder, VarOrder};
use solve::search::{Limits, Outcome, Search};

/// Every kind at once, for the search test.
const KINDS: [Kind; 22] = [
    Gen::linear,
    Gen::all_different,
    Gen::element_const,
    Gen::element_var,
    Gen::clause,
    Gen::times,
    Gen::div,
    Gen::rem,
    Gen::abs,
    Gen::max,
    Gen::lex,
    Gen::table,
    Gen::table_wide,
    Gen::circuit,
    Gen::subcircuit,
    Gen::connected,
    Gen::regular,
    Gen::regular_arcs,
    Gen::count,
    Gen::global_cardinality,
    Gen::member,
    Gen::all_different_except,
];

/// All solutions found by a search over every variable.
fn search_all(
    engine: &mut Engine,
    num_vars: usize,
    var: VarOrder,
    value: ValueOrder,
    last_conflict: bool,
) -> Vec<Vec<i64>> {
    search_paused(engine, num_vars, var, value, last_conflict, None)
}

/// [`search_all`], paused every `pause` nodes and resumed at once.
fn search_paused(
    engine: &mut Engine,
    num_vars: usize,
    var: VarOrder,
    value: ValueOrder,
    last_conflict: bool,
    pause: Option<u64>,
) -> Vec<Vec<i64>> {
    let plan = SearchPlan {
        phases: Vec::new(),
        order: vec![],
        decision: (0..num_vars as u32).map(VarId).collect(),
        var,
        value,
        restarts: Restarts::NONE,
        last_conflict,
        seed: 7,
        consistency: Consistency::Propagate,
        objective: None,
        interleave: None,
        alone: false,
        projected: false,
        canonical_optimum: true,
    };
    let mut search = Search::new(engine, &plan, Limits::default(), Restarts::NONE);
    let mut found = Vec::new();
    loop {
        if let Some(nodes) = pause {
            search.pause_after(nodes);
        }
        match search.next() {
            Outcome::Solution => found.push(search.values()),
            Outcome::Exhausted => return found,
            Outcome::Stopped(_) => panic!("no limit was set, but one was reached"),
            Outcome::Paused => assert!(pause.is_some(), "paused unasked"),
        }
    }
}

/// 2-3 constraints of mixed kinds over 3-4 shared variables: the search
/// finds exactly the brute-force solutions, each once, and finds them again
/// after returning to the root.
#[test]
fn search_agrees_with_brute_force() {
    let mut g = Gen::new(99, 4);
    let (mut satisfiable, mut count) = (0, 0);
    for round in 0..1500 {
        g.reset(false);
        let n = 3 + g.rng.below(2);
        let booleans = 1 + g.rng.below(2);
        for i in 0..n {
            let _ = if i < booleans {
                g.new_bool()
            } else {
                g.new_int()
            };
        }
        g.shared = true;
        let m = 2 + g.rng.below(2);
        let constraints: Vec<Constraint> = (0..m)
            .map(|_| {
                let kind = g.rng.pick(&KINDS);
                kind(&mut g)
            })
            .collect();
        let levels: Vec<Option<Consistency>> = (0..m)
            .map(|_| match g.rng.below(7) {
                0 => Some(Consistency::Check),
                1 => Some(Consistency::Propagate),
                2 => Some(Consistency::Bounds),
                _ => None,
            })
            .collect();
        let consistency = if g.rng.one_in(4) {
            Consistency::Check
        } else {
            Consistency::Propagate
        };
        let var = g.rng.pick(&[
            VarOrder::Input,
            VarOrder::FirstFail,
            VarOrder::FirstFailRandom,
            VarOrder::DomWdeg,
            VarOrder::Activity,
        ]);
        let value = g.rng.pick(&[
            ValueOrder::Min,
            ValueOrder::Max,
            ValueOrder::Random,
            ValueOrder::Split,
        ]);
        let inst = Instance {
            domains: g.domains.clone(),
            constraints,
            levels,
        };
        let expected = inst.solutions();
        let mut engine = Engine::new(&inst.model(), consistency);
        let nv = inst.domains.len();
        let last_conflict = g.rng.one_in(2);
        let mut found = search_all(&mut engine, nv, var, value, last_conflict);
        // Paused and resumed every few nodes, the search is the same.
        let pause = 1 + g.rng.below(3) as u64;
        let paused = search_paused(&mut engine, nv, var, value, last_conflict, Some(pause));
        assert_eq!(paused, found, "paused every {pause} nodes");
        let context = || {
            format!(
                "round {round}, {consistency:?}, {var:?}, {value:?}, last conflict {last_conflict}:\n{}",
                inst.describe()
            )
        };
        for s in &found {
            assert!(
                inst.holds(s),
                "search returned {s:?}, which violates a constraint\n{}",
                context()
            );
        }
        found.sort();
        let before = found.len();
        found.dedup();
        assert_eq!(
            before,
            found.len(),
            "search returned a solution twice\n{}",
            context()
        );
        assert_eq!(
            found,
            expected,
            "search and brute force disagree ({} vs {} solutions)\n{}",
            found.len(),
            expected.len(),
            context()
        );
        // Back at the root, a second search finds the same solutions.
        let mut again = search_all(&mut engine, nv, VarOrder::Input, ValueOrder::Min, false);
        again.sort();
        assert_eq!(again, expected, "a second search disagrees\n{}", context());
        count += 1;
        if !expected.is_empty() {
            satisfiable += 1;
        }
    }
    assert!(
        satisfiable * 10 >= count,
        "poor coverage: {satisfiable} of {count} mixed instances have solutions"
    );
}
