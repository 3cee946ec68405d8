//! The parts' ordering: solutions heard from parts in any order are
//! given in part order, and nothing after a part a limit cut.

use super::InOrder;
use super::queue::{Event, Flow};
use crate::random::Rng;
use crate::session::Solution;
use crate::stop::Stop;
use std::ops::ControlFlow;

/// Parts finish in any order and their solutions come interleaved:
/// what is given is the solutions in part order, as one thread meets
/// them, and after a part a limit cut, nothing.
#[test]
fn parts_heard_in_any_order_give_their_solutions_in_part_order() {
    let mut rng = Rng::new(9);
    for _ in 0..500 {
        let parts = 1 + rng.below(6) as usize;
        let sizes: Vec<usize> = (0..parts).map(|_| rng.below(4) as usize).collect();
        let cut = (rng.below(3) == 0).then(|| rng.below(parts as u64) as usize);
        // Each part's events in its own order, the parts interleaved.
        let mut pending: Vec<Vec<Event>> = (0..parts)
            .map(|p| {
                let mut events: Vec<Event> = (0..sizes[p])
                    .map(|i| Event::Solution(Solution::from_values(vec![(p * 10 + i) as i64])))
                    .collect();
                events.push(Event::Done {
                    solutions: sizes[p] as u64,
                    complete: cut != Some(p),
                    nodes: 0,
                });
                events.reverse();
                events
            })
            .collect();
        let flow = Flow::new(64, Stop::default());
        let mut order = InOrder::default();
        let mut given = Vec::new();
        while pending.iter().any(|e| !e.is_empty()) {
            let p = loop {
                let p = rng.below(parts as u64) as usize;
                if !pending[p].is_empty() {
                    break p;
                }
            };
            order.hear(p, pending[p].pop().unwrap());
            let _ = order.drain(&flow, &mut |s| {
                given.push(s.values()[0]);
                ControlFlow::Continue(())
            });
        }
        let last = cut.unwrap_or(parts - 1);
        let expected: Vec<i64> = (0..=last)
            .flat_map(|p| (0..sizes[p]).map(move |i| (p * 10 + i) as i64))
            .collect();
        assert_eq!(given, expected, "sizes {sizes:?}, cut {cut:?}");
        assert_eq!(order.given, expected.len() as u64);
        assert_eq!(order.whole(), cut.is_none());
    }
}

/// The parts proved a value whose solution nobody reported (the whole
/// search's, stopped before it was heard): it is found again, the first
/// in depth-first order with the objective fixed to it (x + y = 3: x = 0,
/// y = 3 under first-fail, smallest value first); a value already heard
/// is left as it is.
#[test]
fn a_proven_value_nobody_reported_is_found_again() {
    let text = "[vars]\nx = \"0..3\"\ny = \"0..3\"\n[constraints]\nenough = \"x + y >= 3\"\n\
                [objective]\nminimize = \"x + y\"\n";
    let mut session = crate::session::Session::from_text("sum.toml", text, &[]).unwrap();
    let spread = super::Spread::threads(1);
    let shared = crate::search::shared::Shared::default();
    let mut best = None;
    super::found_again(&mut session, &spread, &shared, &mut best).unwrap();
    assert!(best.is_none(), "nothing proven, nothing found");
    let _ = shared
        .incumbent
        .offer(crate::model::plan::Sense::Minimize, 3, 2);
    super::found_again(&mut session, &spread, &shared, &mut best).unwrap();
    let (found, value, _) = best.clone().expect("found again");
    assert_eq!((&found.values()[..2], value), (&[0, 3][..], 3));
    let heard = Some((Solution::from_values(vec![3, 0]), 3, 1));
    let mut kept = heard.clone();
    super::found_again(&mut session, &spread, &shared, &mut kept).unwrap();
    assert_eq!(kept, heard);
}
