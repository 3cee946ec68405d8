//! The Play tab's requests answered natively: the `layout` of a board
//! (which variable each cell and segment shows, read against the spec's
//! own params), and the `state` questions about a player's entries,
//! checked against brute force on a 4x4 sudoku: Check marks exactly a
//! set of entries that cannot stand together, each of them needed; a
//! Hint's placement holds in every solution with the entries; the
//! candidates are the values the solutions take; Solve the rest is a
//! solution that keeps the entries.

use crate::playground::events;
use serde_json::{Value, json};
use std::collections::BTreeSet;

fn spec(path: &str) -> String {
    std::fs::read_to_string(path).expect("a shipped spec")
}

/// The one event of a request (its last).
fn answer(request: Value) -> Value {
    let events = events(&request);
    assert_eq!(events.len(), 1, "{events:?}");
    events[0].clone()
}

/// A 4x4 sudoku (2x2 boxes) with two clues: many solutions.
const SMALL: &str = r#"
[params]
puzzle = [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 3, 0], [0, 0, 0, 0]]
[vars]
x = { index = ["1..4", "1..4"], domain = "1..4" }
[constraints]
clues = { rule = "forall(x[r][c] == puzzle[r - 1][c - 1] for r in 1..4 for c in 1..4 if puzzle[r - 1][c - 1] > 0)", say = "the clue in row {r}, column {c}" }
rows = { rule = "forall(alldifferent(x[r]) for r in 1..4)", say = "row {r} holds each digit once" }
columns = { rule = "forall(alldifferent([x[r][c] for r in 1..4]) for c in 1..4)", say = "column {c} holds each digit once" }
boxes = { rule = "forall(alldifferent([x[2 * b + i][2 * s + j] for i in 1..2 for j in 1..2]) for b in 0..1 for s in 0..1)", say = "box {b}, {s} holds each digit once" }
[output.board]
cells = "x"
regions = "[[(r - 1) / 2 * 2 + (c - 1) / 2 for c in 1..4] for r in 1..4]"
givens = "[[puzzle[r - 1][c - 1] > 0 for c in 1..4] for r in 1..4]"
"#;

type Grid = crate::Sudoku4;

/// Every solution of [`SMALL`]: the 4x4 sudokus that keep its clues.
fn solutions() -> Vec<Grid> {
    (crate::every_4x4_sudoku().into_iter())
        .filter(|g| g[0][0] == 1 && g[2][2] == 3)
        .collect()
}

/// An entry: row, column (from 1) and value.
type Entry = (usize, usize, u8);

fn text((r, c, v): Entry) -> String {
    format!("x[{r}][{c}]={v}")
}

fn keeps(g: &Grid, entries: &[Entry]) -> bool {
    entries.iter().all(|&(r, c, v)| g[r - 1][c - 1] == v)
}

fn state(ask: &str, entries: &[Entry]) -> Value {
    let texts: Vec<String> = entries.iter().copied().map(text).collect();
    answer(json!({"op": "state", "ask": ask, "spec": SMALL, "entries": texts}))
}

/// Sets of entries drawn by a fixed sequence (an LCG), on cells that are
/// not clues: some that can stand, some that cannot.
fn entry_sets() -> Vec<Vec<Entry>> {
    let mut seed: u64 = 12345;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut sets = Vec::new();
    for _ in 0..24 {
        let size = 2 + next(4) as usize;
        let mut set: Vec<Entry> = Vec::new();
        while set.len() < size {
            let (r, c) = (1 + next(4) as usize, 1 + next(4) as usize);
            if (r, c) == (1, 1) || (r, c) == (3, 3) || set.iter().any(|e| (e.0, e.1) == (r, c)) {
                continue;
            }
            set.push((r, c, 1 + next(4) as u8));
        }
        sets.push(set);
    }
    sets
}

#[test]
fn check_marks_a_minimal_set_of_entries_that_cannot_stand() {
    let all = solutions();
    assert!(all.len() > 10, "{} solutions", all.len());
    let (mut stood, mut fell) = (0, 0);
    for entries in entry_sets() {
        let got = state("check", &entries);
        assert_eq!(got["event"], "state", "{got}");
        let possible = all.iter().any(|g| keeps(g, &entries));
        assert_eq!(got["ok"], possible, "{entries:?}: {got}");
        if possible {
            stood += 1;
            continue;
        }
        fell += 1;
        let wrong: Vec<Entry> = (got["wrong"].as_array().expect("wrong").iter())
            .map(|t| {
                *entries
                    .iter()
                    .find(|&&e| text(e) == t.as_str().unwrap())
                    .expect("one of the entries")
            })
            .collect();
        assert!(!wrong.is_empty(), "{got}");
        assert!(
            !all.iter().any(|g| keeps(g, &wrong)),
            "{wrong:?} can stand together"
        );
        for i in 0..wrong.len() {
            let mut less = wrong.clone();
            let _ = less.remove(i);
            assert!(
                all.iter().any(|g| keeps(g, &less)),
                "{:?} is not needed in {wrong:?}",
                wrong[i]
            );
        }
        assert_eq!(got["minimal"], true);
        let vars: Vec<String> = wrong
            .iter()
            .map(|&(r, c, _)| format!("x[{r}][{c}]"))
            .collect();
        assert_eq!(got["vars"], json!(vars));
        // The rules they break, by the spec's sentences.
        let said = got["said"].as_array().expect("said");
        assert!(!said.is_empty(), "{got}");
        assert!(
            said.iter().all(|s| {
                let s = s.as_str().unwrap();
                s.contains("holds each digit once") || s.starts_with("the clue in row")
            }),
            "{got}"
        );
    }
    assert!(stood > 3 && fell > 3, "{stood} sets stood, {fell} fell");
}

#[test]
fn a_hint_places_what_every_solution_has_and_candidates_and_solve_agree() {
    let all = solutions();
    for entries in entry_sets() {
        let keeping: Vec<&Grid> = all.iter().filter(|g| keeps(g, &entries)).collect();
        if keeping.is_empty() {
            assert_eq!(state("hint", &entries)["ok"], false);
            continue;
        }
        let hint = state("hint", &entries);
        let place = hint["place"].as_array().expect("place");
        for p in place {
            let p = p.as_str().unwrap();
            let (r, c, v) = (
                p.as_bytes()[2] - b'0',
                p.as_bytes()[5] - b'0',
                p.as_bytes()[8] - b'0',
            );
            assert!(
                keeping
                    .iter()
                    .all(|g| g[r as usize - 1][c as usize - 1] == v),
                "{p} with {entries:?}"
            );
        }
        let open = (0..16).any(|i| {
            keeping
                .iter()
                .any(|g| g[i / 4][i % 4] != keeping[0][i / 4][i % 4])
        });
        assert!(
            !hint["steps"].as_array().unwrap().is_empty() || !open,
            "{hint}"
        );
        let candidates = state("candidates", &entries);
        for r in 1..=4 {
            for c in 1..=4 {
                let want: BTreeSet<String> = keeping
                    .iter()
                    .map(|g| g[r - 1][c - 1].to_string())
                    .collect();
                let got: BTreeSet<String> = (candidates["candidates"][format!("x[{r}][{c}]")]
                    .as_array()
                    .unwrap()
                    .iter())
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
                assert_eq!(got, want, "x[{r}][{c}] with {entries:?}");
            }
        }
        let solved = state("solve", &entries);
        let mut grid = [[0u8; 4]; 4];
        for e in solved["entries"].as_array().unwrap() {
            let e = e.as_str().unwrap().as_bytes();
            grid[(e[2] - b'1') as usize][(e[5] - b'1') as usize] = e[8] - b'0';
        }
        assert!(all.contains(&grid) && keeps(&grid, &entries), "{solved}");
    }
}

#[test]
fn the_layout_maps_each_blank_cell_of_sudoku_to_its_variable() {
    let text = spec("specs/sudoku.toml");
    let table: toml::Table = text.parse().unwrap();
    let puzzle = table["params"]["puzzle"].as_array().unwrap();
    let got = answer(json!({"op": "layout", "spec": text}));
    assert_eq!(got["event"], "layout", "{got}");
    assert!(got["svg"].as_str().unwrap().starts_with("<svg"));
    for (r, row) in puzzle.iter().enumerate() {
        for (c, clue) in row.as_array().unwrap().iter().enumerate() {
            let cell = &got["cells"][r][c];
            if clue.as_integer().unwrap() > 0 {
                assert!(cell.is_null(), "a clue at {r},{c}: {cell}");
                continue;
            }
            let var = format!("x[{}][{}]", r + 1, c + 1);
            assert_eq!(cell["kind"], "text");
            assert_eq!(cell["var"], var);
            for d in 1..=9 {
                assert_eq!(cell["typed"][d.to_string()], format!("{var}={d}"));
            }
        }
    }
}

#[test]
fn the_layout_shades_nurikabe_places_queens_and_draws_slitherlink_edges() {
    let nurikabe = answer(json!({"op": "layout", "spec": spec("specs/nurikabe.toml")}));
    let table: toml::Table = spec("specs/nurikabe.toml").parse().unwrap();
    let picture = table["params"]["picture"].as_array().unwrap();
    for (r, row) in picture.iter().enumerate() {
        for (c, ch) in row.as_str().unwrap().chars().enumerate() {
            let cell = &nurikabe["cells"][r][c];
            if ch != '.' {
                assert!(cell.is_null(), "{cell}");
                continue;
            }
            let var = format!("island[{}][{}]", r + 1, c + 1);
            assert_eq!(
                cell["states"],
                json!([{"given": format!("{var}=0"), "style": "shaded", "text": "#"}])
            );
            assert_eq!(cell["blank"]["given"], format!("{var}!=0"));
        }
    }
    let queens = answer(json!({"op": "layout", "spec": spec("specs/queens.toml"), "set": ["n=5"]}));
    for r in 0..5 {
        for c in 0..5 {
            let cell = &queens["cells"][r][c];
            assert_eq!(cell["var"], format!("q[{c}]"));
            assert_eq!(cell["states"][0]["given"], format!("q[{c}]={r}"));
        }
    }
    let text = spec("specs/slitherlink.toml");
    let table: toml::Table = text.parse().unwrap();
    let picture = table["params"]["picture"].as_array().unwrap();
    let (h, w) = (picture.len(), picture[0].as_str().unwrap().chars().count());
    let slitherlink = answer(json!({"op": "layout", "spec": text}));
    let segments = slitherlink["segments"].as_array().unwrap();
    let vars: BTreeSet<&str> = segments
        .iter()
        .map(|s| s["var"].as_str().unwrap())
        .collect();
    assert_eq!(vars.len(), segments.len());
    assert!(
        segments
            .iter()
            .all(|s| s["kind"] == "edge" && s["states"][0]["strokes"] == 1)
    );
    assert_eq!(segments.len(), (h + 1) * w + h * (w + 1));
}

#[test]
fn state_requests_refuse_bad_entries_and_asks() {
    let bad =
        answer(json!({"op": "state", "ask": "check", "spec": SMALL, "entries": ["y[1][1]=2"]}));
    assert_eq!(bad["event"], "failed");
    assert!(
        bad["message"]
            .as_str()
            .unwrap()
            .contains("unknown variable `y[1][1]`"),
        "{bad}"
    );
    let ask = answer(json!({"op": "state", "ask": "guess", "spec": SMALL}));
    assert!(
        ask["message"]
            .as_str()
            .unwrap()
            .contains("unknown ask `guess`"),
        "{ask}"
    );
    let none = answer(json!({"op": "layout", "spec": "[vars]\nx = { domain = \"1..3\" }\n"}));
    assert!(
        none["message"]
            .as_str()
            .unwrap()
            .contains("Play needs a board"),
        "{none}"
    );
}

/// A puzzle of [`SMALL`]'s rules whose clues (taken from one grid, cell
/// by cell, until that grid alone keeps them) leave one solution: the
/// solution, the clues, the spec.
fn one_solution_puzzle(grids: &[Grid]) -> (Grid, Vec<Entry>, String) {
    let goal = grids[grids.len() / 3];
    let mut clues: Vec<Entry> = Vec::new();
    for i in [0, 5, 10, 15, 3, 12, 6, 9, 1, 14, 2, 13] {
        if grids.iter().filter(|g| keeps(g, &clues)).count() == 1 {
            break;
        }
        clues.push((i / 4 + 1, i % 4 + 1, goal[i / 4][i % 4]));
    }
    assert_eq!(grids.iter().filter(|g| keeps(g, &clues)).count(), 1);
    let rows: Vec<String> = (0..4)
        .map(|r| {
            let row: Vec<String> = (0..4)
                .map(|c| {
                    let clue = clues.iter().any(|&(cr, cc, _)| (cr, cc) == (r + 1, c + 1));
                    (if clue { goal[r][c] } else { 0 }).to_string()
                })
                .collect();
            format!("[{}]", row.join(", "))
        })
        .collect();
    let unique = SMALL.replace(
        "[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 3, 0], [0, 0, 0, 0]]",
        &format!("[{}]", rows.join(", ")),
    );
    (goal, clues, unique)
}

/// A puzzle with one solution (the kept solution answers it, `kept.rs`):
/// Check, Hint, candidates and Solve agree with brute force, for entries
/// from the solution with a last one that may be wrong.
#[test]
fn a_puzzle_with_one_solution_answers_as_brute_force_does() {
    let grids = crate::every_4x4_sudoku();
    let (goal, clues, unique) = one_solution_puzzle(&grids);
    let ask = |ask: &str, entries: &[Entry]| {
        let texts: Vec<String> = entries.iter().copied().map(text).collect();
        answer(json!({"op": "state", "ask": ask, "spec": unique, "entries": texts}))
    };
    let (mut stood, mut fell) = (0, 0);
    for mut entries in entry_sets() {
        entries.retain(|e| !clues.iter().any(|c| (c.0, c.1) == (e.0, e.1)));
        let n = entries.len();
        for (i, e) in entries.iter_mut().enumerate() {
            if i + 1 < n {
                e.2 = goal[e.0 - 1][e.1 - 1];
            }
        }
        let keeping = keeps(&goal, &entries);
        let check = ask("check", &entries);
        assert_eq!(check["ok"], keeping, "{entries:?}: {check}");
        if !keeping {
            fell += 1;
            let wrong: Vec<Entry> = (check["wrong"].as_array().expect("wrong").iter())
                .map(|t| {
                    *entries
                        .iter()
                        .find(|&&e| text(e) == t.as_str().unwrap())
                        .unwrap()
                })
                .collect();
            assert!(!wrong.is_empty() && !keeps(&goal, &wrong), "{check}");
            for i in 0..wrong.len() {
                let mut less = wrong.clone();
                let _ = less.remove(i);
                assert!(
                    keeps(&goal, &less),
                    "{:?} not needed in {wrong:?}",
                    wrong[i]
                );
            }
            assert_eq!(ask("hint", &entries)["ok"], false);
            continue;
        }
        stood += 1;
        let hint = ask("hint", &entries);
        for p in hint["place"].as_array().expect("place") {
            let p = p.as_str().unwrap().as_bytes();
            let (r, c) = ((p[2] - b'1') as usize, (p[5] - b'1') as usize);
            assert_eq!(p[8] - b'0', goal[r][c], "{hint}");
        }
        let known = |i: usize| {
            clues
                .iter()
                .chain(&entries)
                .any(|e| (e.0 - 1) * 4 + e.1 - 1 == i)
        };
        let open = (0..16).any(|i| !known(i));
        assert!(
            !hint["steps"].as_array().unwrap().is_empty() || !open,
            "{hint}"
        );
        let candidates = ask("candidates", &entries);
        let solved = ask("solve", &entries);
        for (r, row) in goal.iter().enumerate() {
            for (c, value) in row.iter().enumerate() {
                let name = format!("x[{}][{}]", r + 1, c + 1);
                assert_eq!(candidates["candidates"][&name], json!([value.to_string()]));
                let entry = format!("{name}={value}");
                assert!(
                    solved["entries"]
                        .as_array()
                        .unwrap()
                        .contains(&json!(entry)),
                    "{solved}"
                );
            }
        }
    }
    assert!(stood > 3 && fell > 3, "{stood} sets stood, {fell} fell");
}
