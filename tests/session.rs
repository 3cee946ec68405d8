//! The library API: one lowered spec solved many times through a
//! `Session`. Oracles: counts of the same session before any push (every
//! shipped spec), brute-force scoring of bulls and cows written here, and
//! the first-consistent guess sequences of PUZZLES.md section 3.

use solve::Lowered;
use solve::session::Session;
use std::collections::BTreeSet;
use std::time::Duration;

fn shipped(name: &str) -> Session {
    shipped_with(name, &[])
}

fn shipped_with(name: &str, overrides: &[&str]) -> Session {
    let path = format!("{}/specs/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    Session::from_text(&path, &text, overrides).unwrap_or_else(|e| panic!("{e}"))
}

/// Every solution as its JSON text, as a set.
fn solution_set(session: &mut Session) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    let mut solutions = session.solutions();
    while let Some(s) = solutions.next() {
        let _ = set.insert(solutions.view().json(&s).to_string());
    }
    assert!(!solutions.stopped());
    set
}

/// Every shipped spec, with params small enough to enumerate every solution
/// (every dominated board, not only the optimal ones, for the last).
const SHIPPED: [(&str, &[&str]); 7] = [
    ("queens.toml", &[]),
    ("magic9.toml", &[]),
    ("magic8.toml", &[]),
    ("magic8-primes.toml", &[]),
    ("magic.toml", &[]),
    ("moo.toml", &[]),
    ("dominating-queens.toml", &["n=4"]),
];

#[test]
fn lowered_specs_are_plain_data_that_can_cross_threads() {
    fn plain<T: Clone + Send + 'static>() {}
    plain::<Lowered>();
    fn send<T: Send>() {}
    send::<Session>();
}

/// On every shipped spec: a constraint added after a push removes the first
/// solution (and maybe more); the pop gives back exactly the solution set.
#[test]
fn push_and_pop_restore_the_solution_set_of_every_shipped_spec() {
    for (name, overrides) in SHIPPED {
        let mut session = shipped_with(name, overrides);
        let before = solution_set(&mut session);
        assert!(!before.is_empty(), "{name}");
        let first = session.first().unwrap().expect("a solution");
        let var = &session.lowered().model().vars[0].name.clone();
        let value = first.values()[0];
        for round in 0..2 {
            session.push();
            session
                .add_constraint("cut", &format!("{var} != {value}"))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let cut = solution_set(&mut session);
            assert!(cut.len() < before.len(), "{name}: {var} != {value}");
            assert!(cut.is_subset(&before), "{name}");
            assert!(session.pop());
            assert_eq!(solution_set(&mut session), before, "{name}, round {round}");
        }
        assert!(!session.pop(), "{name}: no level left to pop");
    }
}

/// A rejected constraint leaves nothing posted, whether the error is in its
/// names or in the middle of lowering it (after part of it was posted).
#[test]
fn a_failing_add_constraint_leaves_the_count_unchanged() {
    let mut session = shipped("queens.toml");
    let constraints = session.lowered().model().constraints.len();
    let vars = session.lowered().model().vars.len();
    let before = session.count().into_value();
    assert_eq!(before, 12);
    for bad in [
        "q[0] == undefined",
        "q[0] == 1 and",
        // The first conjunct lowers and posts; the second fails: nothing stays.
        "q[0] == 1 and q[1] + q[2] == 3 and q[99] == 2",
        "(q[0] - q[1]) * 3 == q[2] and len(5) == 1",
    ] {
        assert!(session.add_constraint("bad", bad).is_err(), "{bad}");
        assert_eq!(session.lowered().model().constraints.len(), constraints);
        assert_eq!(session.lowered().model().vars.len(), vars);
        assert_eq!(session.count().into_value(), before, "{bad}");
    }
    // A good constraint after the failures counts as in a fresh session.
    session.add_constraint("good", "q[0] == 0").unwrap();
    let mut fresh = shipped("queens.toml");
    fresh.add_constraint("good", "q[0] == 0").unwrap();
    let expected = fresh.count().into_value();
    assert!(expected > 0 && expected < before);
    assert_eq!(session.count().into_value(), expected);
}

fn score(secret: &[i64], guess: &[i64]) -> (usize, usize) {
    let bulls = (0..4).filter(|&i| secret[i] == guess[i]).count();
    let common = guess.iter().filter(|g| secret.contains(g)).count();
    (bulls, common - bulls)
}

/// The first-consistent guesser, played by adding each answer to one
/// session: no re-reading and no re-lowering of the spec.
fn play(session: &mut Session, secret: [i64; 4]) -> Vec<String> {
    let mut guesses = Vec::new();
    session.push();
    loop {
        let first = session.first().unwrap().expect("the secret is consistent");
        let code = session.value(&first, "code").unwrap();
        let guess: Vec<i64> = code
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        guesses.push(guess.iter().map(i64::to_string).collect::<String>());
        if guess == secret {
            break;
        }
        let (b, c) = score(&secret, &guess);
        let g = format!("{guess:?}");
        let text = format!("bulls(code, {g}) == {b} and cows(code, {g}) == {c}");
        session.add_constraint("answer", &text).unwrap();
    }
    assert!(session.pop());
    guesses
}

#[test]
fn the_guesser_plays_several_games_in_one_session() {
    let mut session = shipped("moo.toml");
    // PUZZLES.md section 3: the first-consistent sequences.
    assert_eq!(
        play(&mut session, [7, 4, 1, 2]),
        ["0123", "1045", "2354", "3406", "3517", "5207", "7412"]
    );
    let again = play(&mut session, [9, 8, 7, 6]);
    assert_eq!(again.last().unwrap(), "9876");
    // Each game's answers were popped: the next game starts from 5040 codes.
    assert_eq!(session.count().into_value(), 5040);
    assert_eq!(
        play(&mut session, [7, 4, 1, 2]),
        ["0123", "1045", "2354", "3406", "3517", "5207", "7412"]
    );
}

#[test]
fn optimise_finds_the_side_sums_of_the_ring() {
    let text = std::fs::read_to_string(format!("{}/specs/magic8.toml", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    // PUZZLES.md: the side sums of the ring of eight are 12..15.
    for (sense, expected) in [("maximize", 15), ("minimize", 12)] {
        let spec = format!("{text}\n[objective]\n{sense} = \"S\"\n");
        let mut session = Session::from_text("ring.toml", &spec, &[]).unwrap();
        let mut values = Vec::new();
        let optimum = session
            .optimise(|_, _, v| {
                values.push(v);
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
        assert!(optimum.is_complete());
        assert_eq!(optimum.into_value().map(|(_, v)| v), Some(expected));
        // Each improving solution is strictly better than the one before.
        assert!(values.windows(2).all(|w| w[0] != w[1]));
        assert_eq!(values.last(), Some(&expected));
    }
}

/// A time limit is an interruption: it never reads as "no solution".
#[test]
fn a_time_limit_stops_without_claiming_no_solution() {
    // Pigeonhole: 8 different values in 0..6. Value elimination needs a
    // search to see there is none.
    let spec = "[vars]\nx = { index = \"0..7\", domain = \"0..6\" }\n\
                [constraints]\nall = \"alldifferent(x)\"\n";
    let mut session = Session::from_text("t.toml", spec, &[]).unwrap();
    session.set_time_limit(Some(Duration::ZERO));
    assert!(session.first().is_err());
    let count = session.count();
    assert!(!count.is_complete());
    session.set_time_limit(None);
    assert_eq!(session.first(), Ok(None));
}

/// The same plan gives the same search, search after search: dom/wdeg's
/// failure weights start from none each time.
#[test]
fn searches_repeat_exactly_under_dom_wdeg() {
    let mut session = shipped_with("magic.toml", &["n=5"]);
    let text = std::fs::read_to_string(format!("{}/specs/magic.toml", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let spec = text
        .replace("\"first-fail\"", "\"dom-wdeg\"")
        .replace("\"geometric\"", "\"none\"");
    assert_ne!(spec, text);
    let mut wdeg = Session::from_text("magic-wdeg.toml", &spec, &["n=5"]).unwrap();
    for s in [&mut session, &mut wdeg] {
        let first = s.first().unwrap().expect("a square");
        let again = s.first().unwrap().expect("a square");
        assert_eq!(first, again);
    }
}

/// A node limit is one budget for the rest of the session, like the time
/// limit: a second search does not start afresh.
#[test]
fn the_node_limit_is_one_budget_for_the_session() {
    let mut session = shipped("queens.toml");
    let full = session.stats().nodes;
    let _ = session.count();
    let one_count = session.stats().nodes - full;
    session.set_node_limit(Some(one_count + one_count / 2));
    assert!(session.count().is_complete());
    assert!(
        !session.count().is_complete(),
        "the second count must run out"
    );
}

/// A front end without a spec (a FlatZinc reader) builds a `Lowered` from
/// a model made by hand: three variables, an alldifferent and a linear
/// constraint. It counts what brute force counts, prints its solutions as
/// `name = value` lines, and refuses a constraint written as text (no
/// names to read it with) while a nogood is added as usual.
#[test]
fn a_model_without_a_spec_solves_counts_and_prints() {
    use solve::constraints::{AllDifferent, Linear};
    use solve::model::plan::{Consistency, Restarts, SearchPlan, ValueOrder, VarOrder};
    use solve::model::{Constraint, IntervalSet, Model, Posted, Rel, View};
    use solve::output::OutputPlan;
    use solve::source::Sources;

    let mut model = Model::default();
    let vars: Vec<_> = ["x", "y", "z"]
        .into_iter()
        .map(|name| model.new_var(name, IntervalSet::range(1, 4), false))
        .collect();
    let posted = |name: &str, constraint| Posted {
        constraint,
        origin: name.to_string(),
        item: String::new(),
        definition: false,
        consistency: None,
    };
    let views = vars.iter().map(|&x| View::of(x)).collect();
    model.constraints.push(posted(
        "different",
        Constraint::AllDifferent(AllDifferent(views)),
    ));
    // x + 2y - z <= 5
    let terms = vec![(1, vars[0]), (2, vars[1]), (-1, vars[2])];
    let linear = Constraint::Linear(Linear {
        terms,
        rel: Rel::Le,
        rhs: 5,
        reif: None,
    });
    model.constraints.push(posted("linear", linear));
    let plan = SearchPlan {
        phases: Vec::new(),
        order: Vec::new(),
        decision: vars.clone(),
        var: VarOrder::Input,
        value: ValueOrder::Min,
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
    let output = OutputPlan::for_model(&model);
    let lowered = Lowered::from_model(model, output, plan);

    let mut brute = 0;
    for x in 1..=4i64 {
        for y in 1..=4 {
            for z in 1..=4 {
                if x != y && y != z && x != z && x + 2 * y - z <= 5 {
                    brute += 1;
                }
            }
        }
    }
    let mut session = Session::new(lowered, Sources::default());
    let count = session.count();
    assert!(count.is_complete());
    assert_eq!(count.into_value(), brute);

    let first = session.first().unwrap().expect("a solution");
    let text = session.view().render(&first).unwrap();
    assert_eq!(text.trim_end(), "x = 1\ny = 2\nz = 3");

    let refused = session.add_constraint("more", "x < y").unwrap_err();
    assert!(
        refused.to_string().contains("built without a spec"),
        "{refused}"
    );
    let nogood: Vec<_> = vars
        .iter()
        .zip(first.values())
        .map(|(&x, &v)| (x, v))
        .collect();
    session.forbid("not the first", &nogood).unwrap();
    assert_eq!(session.count().into_value(), brute - 1);
}
