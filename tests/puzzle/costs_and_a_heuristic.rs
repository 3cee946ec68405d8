//! Costs and a heuristic.

use super::*;

/// A counter from 0 to 18 within 0..20: +1 costs 1 (the default), +5 costs
/// 5, -2 costs 3. The fewest moves overshoot (four +5, one -2: 5 moves,
/// cost 23); the least cost does not (three +5, three +1: 6 moves, cost
/// 18). The heuristic |x - 18| never overestimates (no move costs less
/// than the distance it covers) and `w` = 0 turns it off.
pub(super) const COUNTER: &str = r#"
name = "Counter"

[params]
w = 1

[vars]
x = "0..20"

[puzzle]
start = "0"
goal = "x == 18"
heuristic = "w * abs(x - 18)"

[moves.inc1]
when = "x + 1 <= 20"
next = { x = "x + 1" }

[moves.inc5]
when = "x + 5 <= 20"
next = { x = "x + 5" }
cost = "5"

[moves.dec2]
when = "x >= 2"
next = { x = "x - 2" }
cost = "3"
"#;

/// The counter's moves: name, change, cost.
pub(super) const COUNTER_MOVES: [(&str, i64, i64); 3] =
    [("inc1", 1, 1), ("inc5", 5, 5), ("dec2", -2, 3)];

/// The counter's moves from `x`: name, next value, cost.
pub(super) fn counter_moves(x: i64) -> Vec<(&'static str, i64, i64)> {
    COUNTER_MOVES
        .into_iter()
        .map(|(m, d, c)| (m, x + d, c))
        .filter(|&(_, t, _)| (0..=20).contains(&t))
        .collect()
}

/// The least total cost from `start` to `goal`, by Dijkstra.
pub(super) fn least_cost(start: i64, goal: i64) -> i64 {
    let mut best: HashMap<i64, i64> = HashMap::from([(start, 0)]);
    let mut done = BTreeSet::new();
    loop {
        let (&x, &c) = best
            .iter()
            .filter(|(x, _)| !done.contains(*x))
            .min_by_key(|&(_, c)| c)
            .expect("the goal is reachable");
        if x == goal {
            return c;
        }
        let _ = done.insert(x);
        for (_, t, cost) in counter_moves(x) {
            let e = best.entry(t).or_insert(i64::MAX);
            *e = (*e).min(c + cost);
        }
    }
}

/// The total cost of a printed counter solution, replayed; it must end on
/// the goal 18.
pub(super) fn counter_cost(printed: &Printed) -> i64 {
    let step = |x: &i64, m: &str| {
        counter_moves(*x)
            .into_iter()
            .find(|&(name, _, _)| name == m)
            .map(|(_, t, _)| t)
    };
    let end = replay(printed, |t| t.parse::<i64>().expect("a number"), step);
    assert_eq!(end, 18, "does not end on the goal: {printed:?}");
    printed
        .moves
        .iter()
        .map(|(m, _)| {
            COUNTER_MOVES
                .iter()
                .find(|&&(name, _, _)| name == m)
                .map_or_else(|| panic!("unknown move {m}"), |&(_, _, c)| c)
        })
        .sum()
}

/// `--method astar` finds a plan of the least total cost (Dijkstra's, here
/// 18), with the heuristic and with it turned off (`--set w=0`); the
/// default breadth-first search finds the fewest moves (this file's
/// breadth-first search: 5), which cost more.
#[test]
pub(super) fn astar_finds_the_least_cost_and_bfs_the_fewest_moves() {
    let spec = TempSpec::new("counter", COUNTER);
    let cheapest = least_cost(0, 18);
    let by_name = |x: &i64| {
        counter_moves(*x)
            .into_iter()
            .map(|(m, t, _)| (m.to_owned(), t))
            .collect()
    };
    let (fewest, _) = fewest_moves(0, by_name, |&x| x == 18).expect("18 is reachable");
    assert_eq!((cheapest, fewest), (18, 5), "oracles");

    let bfs = one_solution(&[spec.path()]);
    assert_eq!(bfs.moves.len(), fewest, "bfs: {bfs:?}");
    assert!(
        counter_cost(&bfs) > cheapest,
        "the example does not tell costs from moves"
    );
    for w in ["w=1", "w=0"] {
        let args = [spec.path(), "--method", "astar", "--set", w];
        let astar = one_solution(&args);
        assert_eq!(counter_cost(&astar), cheapest, "solve {args:?}: {astar:?}");
    }
}
