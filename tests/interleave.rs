//! Two searches taken in turn on one thread (`SearchPlan::interleave`,
//! src/session/interleave.rs). Oracles: the side sums of PUZZLES.md's
//! ring of eight (12..15), and the plain search of the same spec (a
//! second algorithm) for which specs have a solution and what their
//! optimum is. Short turns (a node or a few) make both searches run on
//! these small specs; the second's restarts, which the plain search never
//! makes, show that it did.

use solve::model::plan::{Arm, RestartPolicy, Restarts, ValueOrder, VarOrder};
use solve::session::Session;
use std::ops::ControlFlow;

fn spec(name: &str) -> String {
    std::fs::read_to_string(format!("{}/specs/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// AFC with last-conflict and geometric restarts from one failure, in
/// turns of `slice` nodes.
fn arm(slice: u64) -> Arm {
    Arm {
        var: VarOrder::Afc,
        value: ValueOrder::Max,
        restarts: Restarts {
            policy: RestartPolicy::Geometric,
            scale: 1,
        },
        last_conflict: true,
        slice,
    }
}

/// `session`'s spec searched with `arm` interleaved.
fn interleaved(session: &Session, arm: Arm) -> Session {
    let mut lowered = session.lowered().clone();
    lowered.plan.interleave = Some(arm);
    Session::new(lowered, session.sources().clone())
}

/// Optimises, checking that each solution heard improves on the last:
/// the optimum, whether it is proven.
fn optimise(session: &mut Session) -> (Option<i64>, bool) {
    let mut heard: Vec<i64> = Vec::new();
    let optimum = session
        .optimise(|_, _, v| {
            heard.push(v);
            ControlFlow::Continue(())
        })
        .unwrap();
    let sense_up = heard.first() <= heard.last();
    assert!(
        heard
            .windows(2)
            .all(|w| if sense_up { w[0] < w[1] } else { w[0] > w[1] }),
        "each solution improves: {heard:?}"
    );
    let complete = optimum.is_complete();
    (optimum.into_value().map(|(_, v)| v), complete)
}

#[test]
fn the_ring_optima_are_those_of_the_puzzles_in_any_turns() {
    // PUZZLES.md: the side sums of the ring of eight are 12..15.
    for (sense, expected) in [("maximize", 15), ("minimize", 12)] {
        let text = format!("{}\n[objective]\n{sense} = \"S\"\n", spec("magic8.toml"));
        let plain = Session::from_text("ring.toml", &text, &[]).unwrap();
        for slice in [1, 3, 1000] {
            let mut session = interleaved(&plain, arm(slice));
            assert_eq!(
                optimise(&mut session),
                (Some(expected), true),
                "{sense}, slice {slice}"
            );
            if slice == 1 {
                assert!(session.stats().restarts > 0, "the second search ran");
            }
        }
    }
}

/// A first solution interleaved exists exactly when the plain search
/// finds one (every solution a session returns is checked against every
/// constraint), and an optimum is the plain search's, proven.
#[test]
fn interleaved_answers_are_the_plain_searches_answers() {
    let cases: [(&str, &[&str]); 9] = [
        ("queens.toml", &["n=3"]),
        ("queens.toml", &["n=8"]),
        ("magic9.toml", &[]),
        ("magic-sequence.toml", &[]),
        ("sudoku.toml", &[]),
        ("zebra.toml", &[]),
        ("dominating-queens.toml", &["n=5"]),
        ("jobshop.toml", &[]),
        ("roster.toml", &[]),
    ];
    for (name, set) in cases {
        let mut plain = Session::from_text(name, &spec(name), set).unwrap();
        for slice in [1, 2, 50] {
            let mut session = interleaved(&plain, arm(slice));
            let context = format!("{name} {set:?}, slice {slice}");
            if plain.objective().is_some() {
                let want = optimise(&mut plain);
                assert!(want.1, "{context}: the plain search proves its optimum");
                assert_eq!(optimise(&mut session), want, "{context}");
            } else {
                let want = plain.first().unwrap().is_some();
                let got = session.first().unwrap();
                assert_eq!(got.is_some(), want, "{context}");
            }
        }
    }
}

/// The two searches share the session's node budget: a limit stops them
/// both, and what stopped is said, never "no solution".
#[test]
fn a_node_limit_stops_both_searches() {
    // Pigeonhole: 8 different values in 0..6, which only a search sees.
    let text = "[vars]\nx = { index = \"0..7\", domain = \"0..6\" }\n\
                [constraints]\nall = \"alldifferent(x)\"\n";
    let plain = Session::from_text("pigeons.toml", text, &[]).unwrap();
    let mut session = interleaved(&plain, arm(5));
    session.set_node_limit(Some(2_000));
    assert!(session.first().is_err(), "a limit is not a proof");
    session.set_node_limit(None);
    let mut whole = interleaved(&plain, arm(5));
    assert_eq!(whole.first(), Ok(None));
    assert!(whole.stats().restarts > 0, "the second search ran");
}
