//! `solve generate` steered from the command line: every seed its own
//! puzzle, each proven unique by an independent count (`solve --count` on
//! its `--set` line, in another search order) and of the grade asked (its
//! score recomputed by `solve grade`), the symmetry asked kept, and bad
//! `--grade` / `--symmetry` values refused with the valid ones listed.

use crate::solve;
use serde_json::Value;
use std::collections::BTreeSet;

/// The puzzles `solve generate` prints as JSON, and its stderr.
fn generated(args: &[&str]) -> (Vec<Value>, String) {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    let puzzles = (stdout.lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (puzzles, stderr)
}

/// The number of solutions with `set`, by an order of its own (the
/// sudoku's through tests/setter.rs's count in another order).
fn count(set: &str) -> String {
    crate::setter::count_other_order("specs/sudoku.toml", &[set])
}

/// `solve grade`'s score of the puzzle `set`.
fn score(set: &str) -> u64 {
    let (stdout, stderr, code) = solve(&[
        "grade",
        "specs/sudoku.toml",
        "--set",
        set,
        "--no-steps",
        "--json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let graded: Value = serde_json::from_str(stdout.trim()).unwrap();
    graded["score"].as_u64().unwrap()
}

fn grid(p: &Value) -> Vec<Vec<i64>> {
    (p["puzzle"].as_array().unwrap().iter())
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn every_seed_makes_a_puzzle_of_its_own() {
    // Seeds 1 to 12 one process each, at the spec's grade (domain): when
    // a seed whose first draw missed the grade went on to the next seed,
    // seeds 2 and 3 (5 and 6...) made the same puzzle.
    let mut seen = BTreeSet::new();
    for seed in 1..=12 {
        let seed = seed.to_string();
        let (puzzles, _) = generated(&["generate", "specs/sudoku.toml", "--seed", &seed, "--json"]);
        let set = puzzles[0]["set"].as_str().unwrap().to_string();
        assert_eq!(puzzles[0]["seed"].to_string(), seed);
        assert!(
            seen.insert(set.clone()),
            "seed {seed} made an earlier seed's puzzle"
        );
        assert_eq!(count(&set), "1", "{set}");
    }
}

#[test]
fn a_score_range_and_a_symmetry_from_the_command_line() {
    // QQWing's simple (20..29: propagation finishes it), mirrored.
    let (puzzles, stderr) = generated(&[
        "generate",
        "specs/sudoku.toml",
        "--grade",
        "20..29",
        "--symmetry",
        "mirror",
        "--number",
        "3",
        "--json",
    ]);
    assert_eq!(puzzles.len(), 3);
    assert!(!stderr.contains("again"), "{stderr}");
    for p in &puzzles {
        let set = p["set"].as_str().unwrap();
        assert_eq!(count(set), "1", "{set}");
        let s = score(set);
        assert!((20..=29).contains(&s), "score {s}: {set}");
        assert_eq!(p["score"], s);
        let g = grid(p);
        for row in &g {
            for c in 0..9 {
                assert_eq!(row[c] == 0, row[8 - c] == 0, "not mirrored: {set}");
            }
        }
    }
    // QQWing's intermediate and expert: pairs or intersections (40..49),
    // probing (70..79).
    for range in ["40..49", "70..79"] {
        let (lo, hi) = range.split_once("..").unwrap();
        let (lo, hi): (u64, u64) = (lo.parse().unwrap(), hi.parse().unwrap());
        let (puzzles, _) =
            generated(&["generate", "specs/sudoku.toml", "--grade", range, "--json"]);
        let set = puzzles[0]["set"].as_str().unwrap();
        assert_eq!(count(set), "1", "{set}");
        let s = score(set);
        assert!((lo..=hi).contains(&s), "score {s} outside {range}: {set}");
    }
}

#[test]
fn bad_grades_and_symmetries_are_refused_with_the_valid_ones() {
    for (args, says) in [
        (
            ["--grade", "hard"],
            "expected one of check, early, propagate",
        ),
        (["--grade", "50..40"], "is empty"),
        (["--grade", "10..95"], "is not a score"),
        (["--symmetry", "spiral"], "expected one of none, rotate180"),
    ] {
        let mut all = vec!["generate", "specs/sudoku.toml"];
        all.extend(args);
        let (stdout, stderr, code) = solve(&all);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn a_grade_not_reached_in_the_time_limit_says_so() {
    let (_, stderr, code) = solve(&[
        "generate",
        "specs/sudoku.toml",
        "--grade",
        "search",
        "--time-limit",
        "1",
    ]);
    assert_eq!(code, 3, "{stderr}");
    assert!(
        stderr.contains("before puzzle 1 of grade search was made")
            || stderr.contains("no puzzle of grade search"),
        "{stderr}"
    );
}

/// A grid genre with clues outside it gets the techniques' grades too:
/// Skyscrapers made at 30..39 (singles and clues read against the heights
/// placed) and 40..49 (a clue read from the candidates, or a pair), each
/// unique by trying every Latin square and scored in range by `solve
/// grade` (no such puzzle could be made when the techniques read only
/// the alldifferents).
#[test]
fn skyscrapers_are_made_at_the_techniques_grades() {
    let spec = "tests/readme/skyscrapers.toml";
    for (range, rungs) in [
        ("30..39", ["hidden single", "rule on placed values"]),
        ("40..49", ["pair / intersection", "rule on candidates"]),
    ] {
        let (lo, hi) = range.split_once("..").unwrap();
        let (lo, hi): (u64, u64) = (lo.parse().unwrap(), hi.parse().unwrap());
        let (puzzles, _) = generated(&[
            "generate", spec, "--grade", range, "--number", "2", "--json",
        ]);
        assert_eq!(puzzles.len(), 2);
        for p in &puzzles {
            let views: [[i64; 4]; 4] = serde_json::from_value(p["views"].clone()).unwrap();
            assert_eq!(crate::setter::skyscrapers_fitting(&views), 1, "{p}");
            let set = p["set"].as_str().unwrap();
            let (stdout, stderr, code) =
                solve(&["grade", spec, "--set", set, "--no-steps", "--json"]);
            assert_eq!(code, 0, "{stderr}");
            let graded: Value = serde_json::from_str(stdout.trim()).unwrap();
            let s = graded["score"].as_u64().unwrap();
            assert!((lo..=hi).contains(&s), "score {s} outside {range}: {set}");
            assert!(
                rungs.contains(&graded["rung"].as_str().unwrap()),
                "{graded}"
            );
        }
    }
}
