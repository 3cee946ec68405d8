//! The driver's answers against a brute force over a small space: the
//! solutions of `x*y + z` over 1..4 each with x != y, optimal ones or all,
//! in the events' order.

use super::{Answer, Ask, Event, Outcome, Query, run};
use crate::parallel::Spread;
use crate::session::{Session, Solution, View};
use std::ops::ControlFlow;

const SPEC: &str = r#"
[vars]
x = "1..4"
y = "1..4"
z = "1..4"
[constraints]
apart = "x != y"
small = "x * y + z <= 11"
"#;

/// Every (x, y, z) the constraints allow, in lexicographic order (the
/// default search's order).
fn brute_force() -> Vec<[i64; 3]> {
    let mut all = Vec::new();
    for x in 1..=4 {
        for y in 1..=4 {
            for z in 1..=4 {
                if x != y && x * y + z <= 11 {
                    all.push([x, y, z]);
                }
            }
        }
    }
    all
}

/// A solution's `[x, y, z]`.
fn xyz(view: View<'_>, s: &Solution) -> String {
    let value = |name| view.value(s, name).and_then(|v| v.as_i64()).unwrap();
    format!("{:?}", [value("x"), value("y"), value("z")])
}

/// What a run told: each event as a line, and how it ended.
fn told(objective: Option<&str>, ask: Ask, threads: usize) -> (Vec<String>, Answer<Outcome>) {
    let text = match objective {
        Some(o) => format!("{SPEC}[objective]\n{o}\n"),
        None => SPEC.to_string(),
    };
    let mut session = Session::from_text("t.toml", &text, &[]).unwrap();
    let query = Query {
        spread: Spread::threads(threads).alone(0),
        ..Query::sequential(ask)
    };
    let mut lines = Vec::new();
    let outcome = run(&mut session, &query, &mut |event: Event<'_>| {
        lines.push(match event {
            Event::Solution(view, s) => format!("solution {}", xyz(view, s)),
            Event::Improved(view, s, v) => format!("improved {} {v}", xyz(view, s)),
            Event::Optimum(view, s, v) => format!("optimum {} {v}", xyz(view, s)),
            Event::BestFound(view, s, v) => format!("best found {} {v}", xyz(view, s)),
            Event::Count(n) => format!("count {n}"),
            Event::Progress { .. } => return ControlFlow::Continue(()),
        });
        ControlFlow::Continue(())
    })
    .unwrap();
    (lines, outcome)
}

#[test]
fn without_an_objective_first_all_and_count_are_the_brute_force_s() {
    let all = brute_force();
    for threads in [1, 2] {
        let (lines, outcome) = told(None, Ask::First, threads);
        assert_eq!(lines, [format!("solution {:?}", all[0])]);
        assert!(outcome.is_complete() && outcome.value().found == 1);
        let (lines, outcome) = told(None, Ask::All { most: None }, threads);
        let listed: Vec<String> = all.iter().map(|s| format!("solution {s:?}")).collect();
        assert_eq!(lines, listed);
        assert_eq!(outcome.value().found, all.len() as u64);
        let (lines, _) = told(None, Ask::All { most: Some(3) }, threads);
        assert_eq!(lines, listed[..3]);
        let (lines, outcome) = told(None, Ask::Count, threads);
        assert_eq!(lines, [format!("count {}", all.len())]);
        assert_eq!(outcome.value().found, all.len() as u64);
    }
}

#[test]
fn with_an_objective_the_optimum_comes_after_the_improving_or_before_the_optimal() {
    let all = brute_force();
    let value = |s: &[i64; 3]| s[0] * s[1] + s[2];
    let best = all.iter().map(value).max().unwrap();
    let optimal: Vec<&[i64; 3]> = all.iter().filter(|s| value(s) == best).collect();
    let first_optimal = format!("{:?}", optimal[0]);
    for threads in [1, 2] {
        let objective = Some("maximize = \"x * y + z\"");
        let (lines, outcome) = told(objective, Ask::First, threads);
        assert_eq!(
            lines.last(),
            Some(&format!("optimum {first_optimal} {best}"))
        );
        assert!(
            lines[..lines.len() - 1]
                .iter()
                .all(|l| l.starts_with("improved"))
        );
        assert_eq!(outcome.value().optimum, Some((best, true)));
        let (lines, outcome) = told(objective, Ask::All { most: None }, threads);
        let mut expected = vec![format!("optimum {first_optimal} {best}")];
        expected.extend(optimal.iter().map(|s| format!("solution {s:?}")));
        assert_eq!(lines, expected);
        assert_eq!(outcome.value().found, optimal.len() as u64);
        let (lines, _) = told(objective, Ask::Count, threads);
        assert_eq!(lines[1], format!("count {}", optimal.len()));
    }
}

#[test]
fn a_node_limit_in_the_branch_and_bound_leaves_the_best_found() {
    let text = format!("{SPEC}[objective]\nmaximize = \"x * y + z\"\n");
    let mut cut = 0;
    for nodes in 1..40 {
        let mut session = Session::from_text("t.toml", &text, &[]).unwrap();
        session.set_node_limit(Some(nodes));
        let mut best = None;
        let outcome = run(
            &mut session,
            &Query::sequential(Ask::Count),
            &mut |event: Event<'_>| {
                if let Event::BestFound(view, s, v) = event {
                    best = Some((xyz(view, s), v));
                }
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        let Some((values, v)) = best else {
            continue;
        };
        cut += 1;
        let [x, y, z]: [i64; 3] = serde_json::from_str(&values).unwrap();
        assert_eq!(x * y + z, v);
        assert!(!outcome.is_complete());
        assert_eq!(outcome.value().optimum, Some((v, false)));
        assert_eq!(outcome.cause(), Some(super::Cause::NodeLimit));
    }
    assert!(cut > 0, "no node limit stopped the search after a solution");
}

/// Two runs in one process have two tokens: cancelling one stops it (said
/// as its signal) and leaves the other whole.
#[test]
fn a_cancelled_token_stops_its_run_alone() {
    use crate::stop::{Cancel, Stop};
    use std::sync::Arc;
    let cancel = Arc::new(Cancel::new());
    assert!(!cancel.cancel("terminated (SIGTERM)"));
    let mut stopped = Session::from_text("t.toml", SPEC, &[]).unwrap();
    stopped.set_stop(Stop::new(None, Some(Arc::clone(&cancel))));
    let mut whole = Session::from_text("t.toml", SPEC, &[]).unwrap();
    whole.set_stop(Stop::new(None, Some(Arc::new(Cancel::new()))));
    let ask = Query::sequential(Ask::Count);
    let quiet = &mut |_: Event<'_>| ControlFlow::Continue(());
    let cut = run(&mut stopped, &ask, quiet).unwrap();
    assert!(!cut.is_complete());
    assert_eq!(
        cut.cause(),
        Some(super::Cause::Cancelled("terminated (SIGTERM)"))
    );
    let counted = run(&mut whole, &ask, quiet).unwrap();
    assert!(counted.is_complete());
    assert_eq!(counted.value().found, brute_force().len() as u64);
}

/// A limit that cuts the search for the optimal solutions after the
/// optimum is proven keeps the best: a cut count is at least 1, and a cut
/// list holds the best (the first optimal solution of the brute force).
#[test]
fn a_cut_search_of_the_optimal_solutions_keeps_the_best() {
    let text = format!("{SPEC}[objective]\nmaximize = \"x * y + z\"\n");
    let all = brute_force();
    let value = |s: &[i64; 3]| s[0] * s[1] + s[2];
    let optimum = all.iter().map(value).max().unwrap();
    let best = format!("{:?}", all.iter().find(|s| value(s) == optimum).unwrap());
    let mut cut = 0;
    for nodes in 1..200 {
        for ask in [Ask::Count, Ask::All { most: None }] {
            let mut session = Session::from_text("t.toml", &text, &[]).unwrap();
            session.set_node_limit(Some(nodes));
            let mut lines = Vec::new();
            let outcome = run(
                &mut session,
                &Query::sequential(ask),
                &mut |event: Event<'_>| {
                    match event {
                        Event::Solution(view, s) => lines.push(xyz(view, s)),
                        Event::Count(n) => lines.push(n.to_string()),
                        _ => {}
                    }
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            if outcome.is_complete() || outcome.value().optimum != Some((optimum, true)) {
                continue;
            }
            cut += 1;
            assert!(
                outcome.value().found >= 1,
                "{nodes} nodes, {ask:?}: {lines:?}"
            );
            match ask {
                Ask::Count => assert_ne!(lines, ["0"], "{nodes} nodes"),
                _ => assert!(lines.contains(&best), "{nodes}: {lines:?}"),
            }
        }
    }
    assert!(cut > 0, "no limit cut the search of the optimal solutions");
}
