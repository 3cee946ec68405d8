//! Water jugs.

use super::*;

pub(super) type Jugs = (i64, i64);

pub(super) const SMALL: i64 = 3;
pub(super) const LARGE: i64 = 5;
pub(super) const JUG_MOVES: [&str; 6] = [
    "fill_a", "fill_b", "empty_a", "empty_b", "pour_ab", "pour_ba",
];

/// A move by its name: fill a jug from the tap, empty it into the sink,
/// pour one into the other until the first is empty or the second full. A
/// move that changes nothing is not a move.
pub(super) fn jug_move(&(a, b): &Jugs, name: &str) -> Option<Jugs> {
    let next = match name {
        "fill_a" => (SMALL, b),
        "fill_b" => (a, LARGE),
        "empty_a" => (0, b),
        "empty_b" => (a, 0),
        "pour_ab" => {
            let q = a.min(LARGE - b);
            (a - q, b + q)
        }
        "pour_ba" => {
            let q = b.min(SMALL - a);
            (a + q, b - q)
        }
        _ => return None,
    };
    (next != (a, b)).then_some(next)
}

pub(super) fn jug_moves(jugs: &Jugs) -> Vec<(String, Jugs)> {
    JUG_MOVES
        .iter()
        .filter_map(|m| jug_move(jugs, m).map(|t| (m.to_string(), t)))
        .collect()
}

pub(super) fn jugs_read(text: &str) -> Jugs {
    let (a, b) = text
        .split_once(',')
        .unwrap_or_else(|| panic!("not `a,b`: {text:?}"));
    (a.parse().expect("litres"), b.parse().expect("litres"))
}

pub(super) fn four_litres(&(a, b): &Jugs) -> bool {
    a == 4 || b == 4
}

/// `solve specs/water-jugs.toml` from `0,0`: every move replayed by the
/// simulation written here, ending with a jug holding 4 litres, in the
/// fewest moves of this file's breadth-first search (6); `--count` equal
/// to its number of shortest move sequences. `solve analyze`: the 24
/// positions (a, b) and everything else equal to this file's backward
/// search; with a target no jug can hold (`--set target=9`), text and
/// `--json` report nothing solvable.
#[test]
pub(super) fn water_jugs_solution_and_analysis() {
    let (length, ways) =
        fewest_moves((0, 0), jug_moves, four_litres).expect("4 litres can be measured");
    assert_eq!(length, 6);
    let printed = one_solution(&["specs/water-jugs.toml"]);
    assert_eq!(printed.start, "0,0");
    let end = replay(&printed, jugs_read, jug_move);
    assert!(four_litres(&end), "ends at {end:?}: no jug holds 4 litres");
    assert_eq!(printed.moves.len(), length);
    assert_eq!(u128::from(count(&["specs/water-jugs.toml"])), ways);

    let positions: Vec<Jugs> = (0..=SMALL)
        .flat_map(|a| (0..=LARGE).map(move |b| (a, b)))
        .collect();
    let moves = |s: &Jugs| jug_moves(s).into_iter().map(|(_, t)| t).collect();
    let dist = distances_to_goal(&positions, moves, four_litres);
    let oracle = summary(&positions, &dist, |(a, b)| format!("{a},{b}"));
    assert_eq!(oracle.positions, 24);
    assert_eq!(analyze(&["specs/water-jugs.toml"]), oracle.printed());

    // No jug can hold 9 litres: nothing is solvable, `longest -` (null in
    // JSON), no hardest position, an empty histogram.
    let none = vec![None; positions.len()];
    let oracle = summary(&positions, &none, |(a, b)| format!("{a},{b}"));
    assert_eq!((oracle.solvable, oracle.longest), (0, None));
    let args = ["specs/water-jugs.toml", "--set", "target=9"];
    assert_eq!(analyze(&args), oracle);
    let (stdout, stderr, code) = solve(&["analyze", args[0], args[1], args[2], "--json"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(read_json_analysis(&stdout), oracle);
}
