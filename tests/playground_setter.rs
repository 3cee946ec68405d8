//! The playground's Setter panel answers as the brute force and the
//! command line do: `unique` on random 4x4 Latin puzzles (the 576 Latin
//! squares of `setter.rs` are the oracle), its cells two real solutions
//! that differ exactly where it says, drawn as the Solve panel draws them
//! (queens' board); `candidates` the union of the
//! solutions' values and their counts; `redundant` the clues whose
//! removal leaves one solution; `generate` the very puzzle `solve
//! generate --json` makes from the same seed; and the WebAssembly module
//! answers them as the library.

use crate::playground::{events, node, wasm_events};
use crate::setter::{Grid, Puzzle, latin_spec, latin_squares, unique_puzzles};
use crate::{Rng, solve};
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// The one event a setter's request answers with.
fn answer(request: &Value) -> Value {
    let got = events(request);
    assert_eq!(got.len(), 1, "one event: {got:?}");
    got[0].clone()
}

/// `x[r][c]` (from 1) of cell `i` (row-major, from 0) of a 4x4 grid.
fn name(i: usize) -> String {
    format!("x[{}][{}]", i / 4 + 1, i % 4 + 1)
}

/// The grid of key `key` (`first`, `second`) of an event's cells.
fn grid(event: &Value, key: &str) -> Grid {
    let mut g = [0; 16];
    let cells = event["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 16, "one cell per declared variable");
    for (i, cell) in cells.iter().enumerate() {
        assert_eq!(cell["name"], name(i).as_str());
        g[i] = cell[key]
            .as_i64()
            .unwrap_or_else(|| panic!("{key} in {cell}"));
    }
    g
}

/// A 4x4 Latin square with two clues: many solutions (the extra rule
/// `x[1][1] + x[1][2] <= 8` always holds).
fn two_clues() -> String {
    latin_spec(4, &[(0, 1), (5, 2)], (0, 1, 8))
}

#[test]
fn unique_answers_as_the_brute_force_with_two_real_solutions() {
    let squares = latin_squares();
    let mut rng = Rng::new(3701);
    let mut seen = [0; 3];
    for _ in 0..25 {
        let puzzle = Puzzle::random(&mut rng, &squares);
        let all: Vec<usize> = (0..puzzle.clues.len()).collect();
        let n = puzzle.solutions(&squares, &all).len();
        let event = answer(&json!({"op": "unique", "spec": puzzle.spec()}));
        assert_eq!(event["event"], "uniqueness");
        let first = grid(&event, "first");
        assert!(puzzle.holds(&first), "{event}");
        if n == 1 {
            assert_eq!(event["answer"], "unique");
            assert_eq!(event["differ"], json!([]));
        } else {
            assert_eq!(event["answer"], "several");
            let second = grid(&event, "second");
            assert!(puzzle.holds(&second) && first != second, "{event}");
            let differ: Vec<String> = (0..16)
                .filter(|&i| first[i] != second[i])
                .map(name)
                .collect();
            assert_eq!(event["differ"], json!(differ));
        }
        seen[n.min(2)] += 1;
    }
    assert!(seen[1] > 0 && seen[2] > 0, "both answers drawn: {seen:?}");
}

/// `unique`'s solutions are drawn as the Solve panel's `solution` events
/// are: queens' `[output] board`, 8 rows of 8 with a queen in each column
/// (not `q` as one row), two boards that differ where the two `q` do.
#[test]
fn unique_draws_its_solutions_as_the_solve_panel_does() {
    let queens = std::fs::read_to_string("specs/queens.toml").unwrap();
    let event = answer(&json!({"op": "unique", "spec": queens, "set": ["n=8"]}));
    assert_eq!(event["answer"], "several", "{event}");
    let solutions = event["solutions"].as_array().expect("solutions");
    assert_eq!(solutions.len(), 2);
    let solve = events(&json!({"op": "solve", "spec": queens, "set": ["n=8"], "mode": "first"}));
    for (k, s) in solutions.iter().enumerate() {
        // The fields of a `solution` event, the spec's board among them.
        for key in ["text", "templated", "board", "values"] {
            assert!(
                s.get(key).is_some() && solve[0].get(key).is_some(),
                "{key} in {s}"
            );
        }
        let q = s["values"]["q"].as_array().expect("q");
        let board = s["board"].as_array().expect("a board");
        assert_eq!(board.len(), 8, "rows");
        for (r, row) in board.iter().enumerate() {
            let row = row.as_array().expect("a row");
            assert_eq!(row.len(), 8, "columns");
            for (c, cell) in row.iter().enumerate() {
                assert_eq!(
                    cell,
                    &json!(if q[c] == json!(r) { "♛" } else { "" }),
                    "solution {k}, square {r}, {c}"
                );
            }
        }
    }
    assert_ne!(solutions[0]["board"], solutions[1]["board"]);
    // Queens n = 6: one solution, one board of 6 rows.
    let event = answer(&json!({"op": "unique", "spec": queens, "set": ["n=6"]}));
    assert_eq!(event["answer"], "unique", "{event}");
    assert_eq!(
        event["solutions"][0]["board"].as_array().map(Vec::len),
        Some(6)
    );
}

#[test]
fn candidates_are_the_union_of_the_solutions_with_their_counts() {
    let squares = latin_squares();
    let mut rng = Rng::new(3702);
    for _ in 0..8 {
        let puzzle = Puzzle::random(&mut rng, &squares);
        let all: Vec<usize> = (0..puzzle.clues.len()).collect();
        let solutions = puzzle.solutions(&squares, &all);
        let cap = 3;
        let request = json!({"op": "candidates", "spec": puzzle.spec(), "count_up_to": cap});
        let event = answer(&request);
        assert_eq!(
            (&event["event"], &event["answer"]),
            (&json!("candidates"), &json!("found"))
        );
        for (i, cell) in event["cells"].as_array().unwrap().iter().enumerate() {
            assert_eq!(cell["name"], name(i).as_str());
            let values: BTreeSet<i64> = solutions.iter().map(|g| g[i]).collect();
            let counts: Vec<u64> = (values.iter())
                .map(|&v| (solutions.iter().filter(|g| g[i] == v).count() as u64).min(cap))
                .collect();
            assert_eq!(cell["values"], json!(values), "{}", name(i));
            assert_eq!(cell["counts"], json!(counts), "{}", name(i));
        }
    }
}

#[test]
fn needless_clues_are_those_whose_removal_keeps_one_solution() {
    let squares = latin_squares();
    let mut rng = Rng::new(3703);
    for puzzle in unique_puzzles(&mut rng, &squares, 6) {
        let all: Vec<usize> = (0..puzzle.clues.len()).collect();
        let needless: Vec<String> = (all.iter())
            .filter(|&&k| {
                let kept: Vec<usize> = all.iter().copied().filter(|&j| j != k).collect();
                puzzle.solutions(&squares, &kept).len() == 1
            })
            .map(|&k| puzzle.clue_name(k))
            .collect();
        let request = json!({"op": "redundant", "spec": puzzle.spec(), "group": "clues"});
        let event = answer(&request);
        assert_eq!(event["event"], "redundant", "{event}");
        assert_eq!(event["clues"], puzzle.clues.len());
        let named: Vec<&str> = (event["needless"].as_array().unwrap().iter())
            .map(|n| n["name"].as_str().unwrap())
            .collect();
        assert_eq!(named, needless);
        // Each needless clue fixes its own cell, and the cells are the
        // solution's.
        for n in event["needless"].as_array().unwrap() {
            let cell = n["name"]
                .as_str()
                .unwrap()
                .replace("clues[r=", "x[")
                .replace(", c=", "][");
            assert_eq!(n["vars"], json!([cell]), "{n}");
        }
        assert!(puzzle.holds(&grid(&event, "first")));
    }
}

#[test]
fn redundant_on_a_puzzle_with_two_solutions_shows_them() {
    let two = two_clues();
    let event = answer(&json!({"op": "redundant", "spec": two}));
    assert_eq!(
        (&event["event"], &event["answer"]),
        (&json!("uniqueness"), &json!("several"))
    );
    let unknown = answer(&json!({"op": "redundant", "spec": two, "group": "clue"}));
    assert_eq!(unknown["event"], "failed");
    let message = unknown["message"].as_str().unwrap();
    assert!(
        message.contains("no constraint named `clue`") && message.contains("did you mean `clues`?"),
        "{message}"
    );
}

#[test]
fn generate_makes_the_puzzle_solve_generate_makes_from_the_seed() {
    // The clues fill cells (sudoku) or are derived from the solution
    // (skyscraper views).
    for (path, param, seed) in [
        ("specs/sudoku.toml", "puzzle", 3_u64),
        ("specs/sudoku.toml", "puzzle", 11),
        ("tests/readme/skyscrapers.toml", "views", 4),
    ] {
        let text = std::fs::read_to_string(path).expect("the spec");
        let seed_text = seed.to_string();
        let (out, err, code) = solve(&["generate", path, "--seed", &seed_text, "--json"]);
        assert_eq!(code, 0, "{err}");
        let cli: Value = serde_json::from_str(out.trim()).expect("one JSON object");
        let event = answer(&json!({"op": "generate", "spec": text, "seed": seed}));
        assert_eq!(event["event"], "generated", "{event}");
        for key in ["seed", "clues", "grade", "set"] {
            assert_eq!(event[key], cli[key], "{path}: {key}");
        }
        assert_eq!(event["rows"], cli[param]);
        assert_eq!(event["blank"], 0);
    }
    // A spec with no [generate] section says what to add.
    let queens = std::fs::read_to_string("specs/queens.toml").unwrap();
    let event = answer(&json!({"op": "generate", "spec": queens}));
    assert_eq!(event["event"], "failed");
    assert!(
        event["message"].as_str().unwrap().contains("[generate]"),
        "{event}"
    );
}

#[test]
fn setter_requests_refuse_keys_of_other_questions() {
    for (request, says) in [
        (
            json!({"op": "unique", "spec": "", "group": "g"}),
            "unknown key `group`",
        ),
        (
            json!({"op": "candidates", "spec": "", "count_up_to": 0}),
            "`count_up_to` is at least 1",
        ),
        (
            json!({"op": "generate", "spec": "", "seed": 0}),
            "`seed` is at least 1",
        ),
        (
            json!({"op": "redundant", "spec": "", "seed": 2}),
            "unknown key `seed`",
        ),
    ] {
        let event = answer(&request);
        assert_eq!(event["event"], "failed", "{request}");
        assert!(event["message"].as_str().unwrap().contains(says), "{event}");
    }
}

#[test]
fn the_webassembly_module_answers_the_setter_as_the_library() {
    if !node() {
        return;
    }
    let sudoku = std::fs::read_to_string("specs/sudoku.toml").unwrap();
    let two = two_clues();
    let requests = [
        json!({"op": "unique", "spec": two}),
        json!({"op": "candidates", "spec": two, "count_up_to": 2}),
        json!({"op": "redundant", "spec": sudoku, "group": "clues"}),
        json!({"op": "generate", "spec": sudoku, "seed": 5}),
    ];
    let wasm = wasm_events(&requests);
    for (request, got) in requests.iter().zip(wasm) {
        assert_eq!(got, events(request), "{}", request["op"]);
    }
}
