//! The setter's toolkit against a brute force: random 4x4 Latin squares
//! with random clues (a `forall` over a clue grid, one item per clue) and
//! a random extra rule; the oracle is the list of all 576 Latin squares of
//! order 4, built here by permutations, filtered by each rule's meaning
//! written as Rust. `solve unique` answers as the count does, and its
//! witness is two real solutions that differ where it says; `solve
//! redundant` lists exactly the clues whose removal leaves one solution;
//! `solve minimize` keeps clues that force the solution, each needed.

use crate::{Rng, TempSpec, solve};
use serde_json::Value;
use std::collections::BTreeSet;

pub(crate) type Grid = [i64; 16];

/// Every Latin square of order 4, rows of permutations of 1..4.
pub(crate) fn latin_squares() -> Vec<Grid> {
    let mut perms: Vec<[i64; 4]> = Vec::new();
    for a in 1..=4 {
        for b in 1..=4 {
            for c in 1..=4 {
                for d in 1..=4 {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| (0..i).all(|j| p[i] != p[j])) {
                        perms.push(p);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let rows = [r0, r1, r2, r3];
                    let columns_ok =
                        (0..4).all(|c| (0..4).all(|i| (0..i).all(|j| rows[i][c] != rows[j][c])));
                    if columns_ok {
                        let mut g = [0; 16];
                        for (r, row) in rows.iter().enumerate() {
                            g[4 * r..4 * r + 4].copy_from_slice(&row[..]);
                        }
                        out.push(g);
                    }
                }
            }
        }
    }
    out
}

/// A random puzzle: clues (cell, value) from one square, and an extra rule
/// `x[a] + x[b] <= bound`.
pub(crate) struct Puzzle {
    pub(crate) clues: Vec<(usize, i64)>,
    extra: (usize, usize, i64),
}

impl Puzzle {
    pub(crate) fn random(rng: &mut Rng, squares: &[Grid]) -> Puzzle {
        let solution = squares[rng.below(squares.len())];
        let mut cells: Vec<usize> = (0..16).collect();
        for i in (1..16).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        let k = 3 + rng.below(6);
        let mut clues: Vec<(usize, i64)> = cells[..k].iter().map(|&c| (c, solution[c])).collect();
        clues.sort_unstable();
        let (a, b) = (rng.below(16), rng.below(16));
        let extra = (a, b, solution[a] + solution[b] + rng.below(3) as i64);
        Puzzle { clues, extra }
    }

    pub(crate) fn spec(&self) -> String {
        latin_spec(4, &self.clues, self.extra)
    }

    /// The solutions with the clues `kept` (indices into `clues`).
    pub(crate) fn solutions<'a>(&self, squares: &'a [Grid], kept: &[usize]) -> Vec<&'a Grid> {
        let (a, b, bound) = self.extra;
        squares
            .iter()
            .filter(|g| g[a] + g[b] <= bound)
            .filter(|g| kept.iter().all(|&k| g[self.clues[k].0] == self.clues[k].1))
            .collect()
    }

    pub(crate) fn clue_name(&self, k: usize) -> String {
        let c = self.clues[k].0;
        format!("clues[r={}, c={}]", c / 4 + 1, c % 4 + 1)
    }

    pub(crate) fn holds(&self, g: &Grid) -> bool {
        let (a, b, bound) = self.extra;
        let latin = (0..4).all(|r| {
            (0..4).all(|i| {
                (0..i).all(|j| g[4 * r + i] != g[4 * r + j] && g[4 * i + r] != g[4 * j + r])
            })
        });
        latin && g[a] + g[b] <= bound && self.clues.iter().all(|&(c, v)| g[c] == v)
    }
}

/// An n x n Latin square spec: the clues `(cell, value)` (row-major, from
/// 0) as a `forall` over a clue grid, and `x[a] + x[b] <= bound`.
pub(crate) fn latin_spec(
    n: usize,
    clues: &[(usize, i64)],
    (a, b, bound): (usize, usize, i64),
) -> String {
    let mut grid = vec![vec![0i64; n]; n];
    for &(c, v) in clues {
        grid[c / n][c % n] = v;
    }
    format!(
        "[params]\npuzzle = {grid:?}\n\
         [vars]\nx = {{ index = [\"1..{n}\", \"1..{n}\"], domain = \"1..{n}\" }}\n\
         [constraints]\n\
         clues = \"forall(x[r][c] == puzzle[r - 1][c - 1] for r in 1..{n} for c in 1..{n} if puzzle[r - 1][c - 1] > 0)\"\n\
         rows = \"forall(alldifferent(x[r]) for r in 1..{n})\"\n\
         cols = \"forall(alldifferent([x[r][c] for r in 1..{n}]) for c in 1..{n})\"\n\
         extra = \"x[{}][{}] + x[{}][{}] <= {bound}\"\n",
        a / n + 1,
        a % n + 1,
        b / n + 1,
        b % n + 1
    )
}

fn grid(v: &Value) -> Grid {
    let rows = v["x"].as_array().expect("x is an array");
    let mut g = [0; 16];
    for (r, row) in rows.iter().enumerate() {
        for (c, x) in row.as_array().unwrap().iter().enumerate() {
            g[4 * r + c] = x.as_i64().unwrap();
        }
    }
    g
}

fn json(stdout: &str) -> Value {
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("bad JSON {stdout:?}: {e}"))
}

#[test]
fn unique_answers_as_the_brute_force_count_with_a_real_witness() {
    let squares = latin_squares();
    assert_eq!(squares.len(), 576, "the Latin squares of order 4");
    let mut rng = Rng::new(37);
    let mut seen = [0; 3];
    for _ in 0..40 {
        let puzzle = Puzzle::random(&mut rng, &squares);
        let all: Vec<usize> = (0..puzzle.clues.len()).collect();
        let n = puzzle.solutions(&squares, &all).len();
        let spec = TempSpec::new("unique", &puzzle.spec());
        let (stdout, stderr, code) = solve(&["unique", spec.path(), "--json"]);
        let answer = json(&stdout);
        match n {
            0 => unreachable!("the clues come from a solution"),
            1 => {
                assert_eq!(code, 0, "{stderr}");
                assert_eq!(answer["solutions"], 1);
                assert!(puzzle.holds(&grid(&answer["solution"])));
            }
            _ => {
                assert_eq!(code, 3, "{stderr}");
                let (a, b) = (grid(&answer["first"]), grid(&answer["second"]));
                assert!(puzzle.holds(&a) && puzzle.holds(&b) && a != b);
                let named: Vec<String> = answer["differ"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d["var"].as_str().unwrap().to_string())
                    .collect();
                let differ: Vec<String> = (0..16)
                    .filter(|&i| a[i] != b[i])
                    .map(|i| format!("x[{}][{}]", i / 4 + 1, i % 4 + 1))
                    .collect();
                assert_eq!(named, differ);
            }
        }
        seen[n.min(2)] += 1;
    }
    assert!(seen[1] > 0 && seen[2] > 0, "both answers drawn: {seen:?}");
}

/// The unique puzzles among random ones.
pub(crate) fn unique_puzzles(rng: &mut Rng, squares: &[Grid], wanted: usize) -> Vec<Puzzle> {
    let mut out = Vec::new();
    while out.len() < wanted {
        let mut puzzle = Puzzle::random(rng, squares);
        // More clues, so that most are unique and some needless.
        let solution = *puzzle.solutions(squares, &[0])[0];
        for (c, &v) in solution.iter().enumerate() {
            if rng.below(2) == 0 && !puzzle.clues.iter().any(|&(k, _)| k == c) {
                puzzle.clues.push((c, v));
            }
        }
        puzzle.clues.sort_unstable();
        let all: Vec<usize> = (0..puzzle.clues.len()).collect();
        if puzzle.solutions(squares, &all).len() == 1 {
            out.push(puzzle);
        }
    }
    out
}

#[test]
fn redundant_lists_exactly_the_clues_that_can_go_alone() {
    let squares = latin_squares();
    let mut rng = Rng::new(38);
    for puzzle in unique_puzzles(&mut rng, &squares, 20) {
        let n = puzzle.clues.len();
        let expected: Vec<String> = (0..n)
            .filter(|&k| {
                let kept: Vec<usize> = (0..n).filter(|&c| c != k).collect();
                puzzle.solutions(&squares, &kept).len() == 1
            })
            .map(|k| puzzle.clue_name(k))
            .collect();
        let spec = TempSpec::new("redundant", &puzzle.spec());
        let (stdout, stderr, code) = solve(&["redundant", spec.path(), "--group", "clues"]);
        assert_eq!(code, 0, "{stderr}");
        let listed: Vec<&str> = stdout.lines().collect();
        assert_eq!(listed, expected, "{}", puzzle.spec());
    }
}

#[test]
fn minimize_keeps_clues_that_force_the_solution_each_needed() {
    let squares = latin_squares();
    let mut rng = Rng::new(39);
    for puzzle in unique_puzzles(&mut rng, &squares, 20) {
        let spec = TempSpec::new("minimize", &puzzle.spec());
        let (stdout, stderr, code) = solve(&["minimize", spec.path(), "--group", "clues"]);
        assert_eq!(code, 0, "{stderr}");
        let kept: Vec<usize> = stdout
            .lines()
            .map(|name| {
                (0..puzzle.clues.len())
                    .find(|&k| puzzle.clue_name(k) == name)
                    .unwrap_or_else(|| panic!("`{name}` is not a clue"))
            })
            .collect();
        assert_eq!(
            puzzle.solutions(&squares, &kept).len(),
            1,
            "kept clues force it"
        );
        for &k in &kept {
            let fewer: Vec<usize> = kept.iter().copied().filter(|&c| c != k).collect();
            assert!(
                puzzle.solutions(&squares, &fewer).len() > 1,
                "{} was needless among {kept:?}",
                puzzle.clue_name(k)
            );
        }
    }
}

/// `--symmetric rotate180`: minimal by classes (a clue and its image),
/// and the clues that could still go alone are exactly those named, each
/// checked against the Latin squares; a puzzle whose clues are not
/// symmetric is said to be so, naming the clues whose image is blank.
#[test]
fn minimize_symmetric_says_which_clues_could_go_alone() {
    let squares = latin_squares();
    let mut rng = Rng::new(47);
    let (mut alone_seen, mut lopsided_seen) = (0, 0);
    for puzzle in unique_puzzles(&mut rng, &squares, 12) {
        let text = format!(
            "{}[generate]\nclues = \"puzzle\"\nfills = \"x\"\n",
            puzzle.spec()
        );
        let spec = TempSpec::new("minimize-symmetric", &text);
        let args = ["minimize", spec.path(), "--group", "clues"];
        let (stdout, stderr, code) =
            solve(&[&args[..], &["--symmetric", "rotate180", "--json"]].concat());
        assert_eq!(code, 0, "{stderr}");
        let answer = json(&stdout);
        let index = |name: &Value| {
            (0..puzzle.clues.len())
                .find(|&k| puzzle.clue_name(k) == name.as_str().unwrap())
                .unwrap()
        };
        let kept: Vec<usize> = answer["kept"]
            .as_array()
            .unwrap()
            .iter()
            .map(index)
            .collect();
        let alone: BTreeSet<usize> = answer["alone"]
            .as_array()
            .unwrap()
            .iter()
            .map(index)
            .collect();
        assert_eq!(puzzle.solutions(&squares, &kept).len(), 1, "{text}");
        let without = |gone: &[usize]| -> Vec<usize> {
            kept.iter().copied().filter(|k| !gone.contains(k)).collect()
        };
        let could_go: BTreeSet<usize> = (kept.iter().copied())
            .filter(|&k| puzzle.solutions(&squares, &without(&[k])).len() == 1)
            .collect();
        assert_eq!(alone, could_go, "{text}{stdout}");
        alone_seen += alone.len();
        // Without a whole class (a clue and the clue on its image) it is
        // not unique.
        let cell = |k: usize| puzzle.clues[k].0;
        for &k in &kept {
            let class: Vec<usize> = (kept.iter().copied())
                .filter(|&j| cell(j) == cell(k) || cell(j) == 15 - cell(k))
                .collect();
            assert!(
                puzzle.solutions(&squares, &without(&class)).len() > 1,
                "{text}"
            );
        }
        // The note names the clues whose image holds no clue.
        let lopsided: Vec<String> = (0..puzzle.clues.len())
            .filter(|&k| !puzzle.clues.iter().any(|c| c.0 == 15 - cell(k)))
            .map(|k| puzzle.clue_name(k))
            .collect();
        let (_, stderr, _) = solve(&[&args[..], &["--symmetric", "rotate180"]].concat());
        let noted = stderr.contains("are not closed under rotate180");
        assert_eq!(noted, !lopsided.is_empty(), "{text}{stderr}");
        assert!(
            lopsided.iter().all(|n| stderr.contains(n.as_str())),
            "{stderr}"
        );
        lopsided_seen += usize::from(noted);
    }
    assert!(
        alone_seen > 0 && lopsided_seen > 0,
        "{alone_seen} {lopsided_seen}"
    );
}

#[test]
fn the_clue_tools_refuse_what_they_cannot_answer() {
    let (_, stderr, code) = solve(&["minimize", "specs/sudoku.toml", "--group", "clue"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no constraint named `clue`") && stderr.contains("`clues`"),
        "{stderr}"
    );
    // Several solutions: every clue is needed, and the difference is shown.
    let (stdout, stderr, code) = solve(&[
        "redundant",
        "specs/queens.toml",
        "--set",
        "n=6",
        "--no-symmetry",
    ]);
    assert_eq!((stdout.as_str(), code), ("", 3), "{stderr}");
    assert!(
        stderr.contains("not unique: two solutions differ on"),
        "{stderr}"
    );
    let (stdout, _, code) = solve(&[
        "minimize",
        "specs/queens.toml",
        "--set",
        "n=3",
        "--group",
        "rows",
    ]);
    assert_eq!((stdout.as_str(), code), ("no solution\n", 1));
    // One level for every constraint is what grade and a graded generate vary.
    for command in [
        &["grade", "specs/sudoku.toml"][..],
        &["generate", "specs/sudoku.toml"],
    ] {
        for level in ["domain", "all=early", "rows=domain,check"] {
            let mut args = command.to_vec();
            args.extend(["--consistency", level]);
            let (_, stderr, code) = solve(&args);
            assert_eq!(code, 2, "{args:?}");
            assert!(stderr.contains("tries every level in turn"), "{stderr}");
        }
    }
    let (_, stderr, code) = solve(&[
        "explain",
        "specs/queens.toml",
        "--expect",
        "q[1]=2",
        "--expect",
        "q=[0,1,2,3,4,5,6,7]",
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("`q[1]` is expected twice, with different values"),
        "{stderr}"
    );
}

/// An item's name and its meaning on a 3x3 grid.
type Meant = (String, Box<dyn Fn(&[i64]) -> bool>);

/// A 3x3 grid's items by name, each with its meaning, for `--expect`.
fn small_items(clues: &[(usize, i64)], extra: (usize, usize, i64)) -> Vec<Meant> {
    let mut items: Vec<Meant> = Vec::new();
    for &(c, v) in clues {
        items.push((
            format!("clues[r={}, c={}]", c / 3 + 1, c % 3 + 1),
            Box::new(move |g: &[i64]| g[c] == v),
        ));
    }
    let distinct = |a: i64, b: i64, c: i64| a != b && b != c && a != c;
    for r in 0..3 {
        items.push((
            format!("rows[r={}]", r + 1),
            Box::new(move |g: &[i64]| distinct(g[3 * r], g[3 * r + 1], g[3 * r + 2])),
        ));
        items.push((
            format!("cols[c={}]", r + 1),
            Box::new(move |g: &[i64]| distinct(g[r], g[3 + r], g[6 + r])),
        ));
    }
    let (a, b, bound) = extra;
    items.push((
        "extra".into(),
        Box::new(move |g: &[i64]| g[a] + g[b] <= bound),
    ));
    items
}

#[test]
fn explain_expect_names_a_minimal_set_of_items_that_reject_the_values() {
    let grids: Vec<Vec<i64>> = (0..19683i64)
        .map(|n| (0..9).map(|i| (n / 3i64.pow(i)) % 3 + 1).collect())
        .collect();
    let mut rng = Rng::new(40);
    let (mut rejected, mut still) = (0, 0);
    for _ in 0..30 {
        let clues: Vec<(usize, i64)> = (0..rng.below(3))
            .map(|_| (rng.below(9), rng.range(1, 3)))
            .collect();
        let mut clues = clues;
        clues.sort_unstable();
        clues.dedup_by_key(|c| c.0);
        let extra = (rng.below(9), rng.below(9), rng.range(2, 6));
        let items = small_items(&clues, extra);
        let spec = TempSpec::new("expect", &latin_spec(3, &clues, extra));
        // Expected: a whole grid, or a few cells.
        let whole = rng.below(2) == 0;
        let expected: Vec<(usize, i64)> = if whole {
            (0..9).map(|c| (c, rng.range(1, 3))).collect()
        } else {
            let mut cells: Vec<(usize, i64)> = (0..1 + rng.below(4))
                .map(|_| (rng.below(9), rng.range(1, 3)))
                .collect();
            // One value per cell: two are refused (another test).
            cells.sort_unstable_by_key(|c| c.0);
            cells.dedup_by_key(|c| c.0);
            cells
        };
        let mut flags: Vec<String> = Vec::new();
        if whole {
            let rows: Vec<Vec<i64>> = (0..3)
                .map(|r| (0..3).map(|c| expected[3 * r + c].1).collect())
                .collect();
            flags.push(format!("x={rows:?}"));
        } else {
            flags.extend(
                expected
                    .iter()
                    .map(|&(c, v)| format!("x[{}][{}]={v}", c / 3 + 1, c % 3 + 1)),
            );
        }
        let fits = |g: &Vec<i64>| expected.iter().all(|&(c, v)| g[c] == v);
        let extends = |names: &[&str]| {
            grids.iter().any(|g| {
                fits(g)
                    && items
                        .iter()
                        .filter(|(n, _)| names.contains(&n.as_str()))
                        .all(|(_, m)| m(g))
            })
        };
        let mut args = vec!["explain", spec.path()];
        for f in &flags {
            args.extend(["--expect", f.as_str()]);
        }
        let (stdout, stderr, code) = solve(&args);
        let all: Vec<&str> = items.iter().map(|(n, _)| n.as_str()).collect();
        if extends(&all) {
            assert_eq!(code, 0, "{stderr}");
            continue;
        }
        assert_eq!(code, 1, "{flags:?}: {stdout}{stderr}");
        rejected += 1;
        let named: Vec<&str> = stdout.lines().collect();
        assert!(named.iter().all(|n| all.contains(n)), "{named:?}");
        assert!(
            !extends(&named),
            "{flags:?}: {named:?} do not reject the values"
        );
        for drop in &named {
            let fewer: Vec<&str> = named.iter().copied().filter(|n| n != drop).collect();
            assert!(
                extends(&fewer),
                "{flags:?}: {drop} is not needed in {named:?}"
            );
        }
        // What the sentence says of the rest is what the brute force finds
        // (round 3's explain-expect-false-claim: it said "without it they
        // extend to a solution" where they did not).
        let rest: Vec<&str> = all.iter().copied().filter(|n| !named.contains(n)).collect();
        let said = (
            stderr.contains("the expected values extend to a solution"),
            stderr.contains("the expected values still have no solution"),
        );
        assert_eq!(
            said,
            (extends(&rest), !extends(&rest)),
            "{flags:?}: {stderr}"
        );
        still += usize::from(said.1);
    }
    assert!(rejected > 5, "rejections drawn: {rejected}");
    assert!(still > 0, "no rejection where the rest reject them too");
}

/// The declared variables `--show-domains` leaves open at `level`.
fn open_at(file: &str, level: &str) -> usize {
    let (stdout, stderr, code) = solve(&[file, "--show-domains", "--consistency", level]);
    assert_eq!(code, 0, "{stderr}");
    // Hidato's positions and successors are its own (`shown = false`):
    // the grade counts the cells a player fills.
    let own = |l: &str| {
        file.contains("hidato") && ["pi[", "pj[", "succ["].iter().any(|h| l.starts_with(h))
    };
    stdout
        .lines()
        .filter(|l| l.contains(" in ") && !own(l))
        .count()
}

#[test]
fn the_grade_is_the_weakest_level_that_finishes_and_the_one_below_does_not() {
    let levels = ["check", "early", "propagate", "bounds", "domain", "probing"];
    let squares = latin_squares();
    let mut rng = Rng::new(42);
    let puzzles = unique_puzzles(&mut rng, &squares, 8);
    let temps: Vec<TempSpec> = (puzzles.iter())
        .map(|p| TempSpec::new("grade", &p.spec()))
        .collect();
    let mut files: Vec<&str> = temps.iter().map(TempSpec::path).collect();
    files.extend(["specs/sudoku.toml", "specs/hidato.toml", "specs/zebra.toml"]);
    let mut graded = BTreeSet::new();
    for file in files {
        let (stdout, stderr, code) = solve(&["grade", file, "--json", "--no-steps"]);
        assert_eq!(code, 0, "{stderr}");
        let answer = json(&stdout);
        let grade = answer["grade"].as_str().unwrap();
        let ladder = answer["ladder"].as_array().unwrap();
        for rung in ladder {
            let level = rung["level"].as_str().unwrap();
            assert_eq!(rung["open"], open_at(file, level), "{file} at {level}");
        }
        let at = levels.iter().position(|l| *l == grade);
        match at {
            Some(at) => {
                assert_eq!(open_at(file, grade), 0, "{file} finished at {grade}");
                if at > 0 {
                    assert!(open_at(file, levels[at - 1]) > 0, "{file} below {grade}");
                }
            }
            None => {
                assert_eq!(grade, "search");
                assert!(open_at(file, "probing") > 0, "{file}");
            }
        }
        let _ = graded.insert(grade.to_string());
    }
    assert!(graded.len() >= 2, "several grades drawn: {graded:?}");
}

/// A puzzle with several solutions gets no grade: `grade: null` and two
/// of its solutions (each one of the brute force's, differing exactly
/// where `differ` says), exit 3; one with none exits 1.
#[test]
fn a_puzzle_with_several_solutions_gets_no_grade_but_two_of_them() {
    let squares = latin_squares();
    let mut rng = Rng::new(7);
    let mut several = 0;
    while several < 6 {
        let puzzle = Puzzle::random(&mut rng, &squares);
        let all: Vec<usize> = (0..puzzle.clues.len()).collect();
        let solutions = puzzle.solutions(&squares, &all);
        let spec = TempSpec::new("grade-several", &puzzle.spec());
        let (stdout, stderr, code) = solve(&["grade", spec.path(), "--json", "--no-steps"]);
        if solutions.len() == 1 {
            assert_eq!(code, 0, "{stderr}");
            continue;
        }
        if solutions.is_empty() {
            assert_eq!(code, 1, "{stdout}{stderr}");
            continue;
        }
        let answer = json(&stdout);
        if answer["ladder"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["open"] == 0)
        {
            panic!(
                "a level finished a puzzle with {} solutions: {stdout}",
                solutions.len()
            );
        }
        assert_eq!(code, 3, "{stderr}");
        assert_eq!(answer["grade"], Value::Null, "{stdout}");
        assert_eq!(answer["score"], Value::Null, "{stdout}");
        let grid = |key: &str| -> Grid {
            let rows: Vec<Vec<i64>> = serde_json::from_value(answer[key]["x"].clone()).unwrap();
            let cells: Vec<i64> = rows.concat();
            cells.try_into().unwrap()
        };
        let (first, second) = (grid("first"), grid("second"));
        assert!(
            solutions.contains(&&first) && solutions.contains(&&second),
            "{stdout}"
        );
        let differ = answer["differ"].as_array().unwrap().len();
        assert_eq!(
            differ,
            (0..16).filter(|&k| first[k] != second[k]).count(),
            "{stdout}"
        );
        several += 1;
    }
}

/// The generated puzzles of `args` (`--json`), each with its `--set` text.
fn generated(args: &[&str]) -> Vec<Value> {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(code, 0, "{stderr}");
    stdout.lines().map(json).collect()
}

/// The number of solutions of `spec` with `sets`, by an order of its own.
pub(crate) fn count_other_order(spec: &str, sets: &[&str]) -> String {
    let mut args = vec![
        spec,
        "--count",
        "--no-symmetry",
        "--var",
        "input",
        "--value",
        "max",
    ];
    for set in sets {
        args.extend(["--set", set]);
    }
    let (stdout, stderr, _) = solve(&args);
    format!(
        "{}{}",
        stdout.trim(),
        if stdout.trim().is_empty() {
            stderr
        } else {
            String::new()
        }
    )
}

#[test]
fn generated_sudokus_are_unique_symmetric_and_of_the_grade_asked() {
    let puzzles = generated(&["generate", "specs/sudoku.toml", "--number", "100", "--json"]);
    assert_eq!(puzzles.len(), 100);
    let mut seeds = BTreeSet::new();
    for p in &puzzles {
        let set = p["set"].as_str().unwrap();
        assert!(seeds.insert(p["seed"].as_u64().unwrap()), "seeds differ");
        assert_eq!(count_other_order("specs/sudoku.toml", &[set]), "1", "{set}");
        // [generate] symmetry = "rotate180": a clue's opposite is a clue.
        let grid: Vec<Vec<i64>> = (p["puzzle"].as_array().unwrap().iter())
            .map(|r| {
                r.as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_i64().unwrap())
                    .collect()
            })
            .collect();
        for r in 0..9 {
            for c in 0..9 {
                assert_eq!(grid[r][c] == 0, grid[8 - r][8 - c] == 0, "{set}");
            }
        }
        let given = grid.iter().flatten().filter(|&&v| v > 0).count();
        assert_eq!(p["clues"], given);
        // grade = "domain": finished by propagation there, not at bounds.
        assert_eq!(p["grade"], "domain");
        let open = |level: &str| {
            let (stdout, _, _) = solve(&[
                "specs/sudoku.toml",
                "--set",
                set,
                "--show-domains",
                "--consistency",
                level,
            ]);
            stdout.lines().filter(|l| l.contains(" in ")).count()
        };
        assert_eq!(open("domain"), 0, "{set}");
        assert!(open("bounds") > 0, "{set}");
    }
    // A seed makes its puzzle again.
    let again = generated(&[
        "generate",
        "specs/sudoku.toml",
        "--seed",
        &puzzles[4]["seed"].to_string(),
        "--json",
    ]);
    assert_eq!(again[0]["set"], puzzles[4]["set"]);
}

#[test]
fn generated_hidatos_are_unique_and_each_clue_class_is_needed() {
    let puzzles = generated(&[
        "generate",
        "specs/hidato.toml",
        "--set",
        "r=4",
        "--number",
        "120",
        "--json",
    ]);
    for p in &puzzles {
        let set = p["set"].as_str().unwrap();
        assert_eq!(
            count_other_order("specs/hidato.toml", &["r=4", set]),
            "1",
            "{set}"
        );
        // No grade asked: a clue stays only when removing it breaks uniqueness.
        let grid: Vec<i64> = (p["puzzle"].as_array().unwrap().iter())
            .flat_map(|r| r.as_array().unwrap().iter().map(|v| v.as_i64().unwrap()))
            .collect();
        for (i, &v) in grid.iter().enumerate().filter(|(_, v)| **v > 0) {
            let mut fewer = grid.clone();
            fewer[i] = 0;
            let rows: Vec<Vec<i64>> = fewer.chunks(4).map(<[i64]>::to_vec).collect();
            let fewer = format!("puzzle={rows:?}").replace(' ', "");
            let count: u64 = count_other_order("specs/hidato.toml", &["r=4", &fewer])
                .parse()
                .unwrap();
            assert!(count >= 2, "{set} without {v}");
        }
    }
}

#[test]
fn a_generate_section_that_does_not_fit_the_spec_is_refused_at_its_place() {
    let spec = |section: &str| {
        format!(
            "[params]\npuzzle = [[1, 0], [0, 0]]\n[vars]\nx = {{ index = [\"1..2\", \"1..2\"], domain = \"1..2\" }}\ny = {{ index = \"1..2\", domain = \"1..2\" }}\n\
             [constraints]\nrows = \"forall(alldifferent(x[r]) for r in 1..2)\"\n[generate]\n{section}\n"
        )
    };
    let cases = [
        (
            "clues = \"puzle\"\nfills = \"x\"",
            "`puzle` is not a param of the spec",
            "did you mean `puzzle`?",
        ),
        (
            "clues = \"puzzle\"\nfills = \"y\"",
            "`y` is a list of 2 and the clues `puzzle` are 2 lists of 2",
            "same index ranges",
        ),
        (
            "clues = \"puzzle\"\nfills = \"z\"",
            "`z` is not a declared variable of the spec",
            "did you mean",
        ),
        (
            "clues = \"puzzle\"\nfills = \"x\"\nseed = 0",
            "expected an integer of at least 1, found 0",
            "",
        ),
        (
            "clues = \"puzzle\"\nfills = \"x\"\nsymmetry = \"rotate18\"",
            "unknown clue-pattern symmetry `rotate18`",
            "did you mean `rotate180`?",
        ),
        (
            "clues = \"puzzle\"\nfills = \"x\"\ngrade = \"hard\"",
            "unknown grade `hard`",
            "check, early, propagate, bounds, domain, probing, search",
        ),
        (
            "clues = \"puzzle\"\nfills = \"x\"\nblank = 1",
            "the blank 1 is a value of `x[1][1]`",
            "",
        ),
        (
            "clues = \"puzzle\"\nfills = \"x\"\ndraw = \"var=fast\"",
            "var",
            "",
        ),
        (
            "clues = \"puzzle\"",
            "[generate] needs `clues`, and `fills` or `derive`",
            "",
        ),
        (
            "clues = \"puzzle\"\nfills = \"x\"\nderive = \"[[1, 2], [2, 1]]\"",
            "`fills` and `derive` both say where the clues come from",
            "",
        ),
        (
            "clues = \"puzzle\"\nderive = \"[x[1][1], x[2][2]]\"",
            "`derive` gives a list of 2 and the clues `puzzle` are 2 lists of 2",
            "",
        ),
        (
            "clues = \"puzzle\"\nderive = \"[['a', 'b'], ['c', 'd']]\"",
            "`derive` gives no list of integers",
            "in the clues' shape",
        ),
        (
            "clues = \"puzzle\"\nderive = \"[[x[1][1] - 1, 1], [1, 1]]\"",
            "a derived clue may be 0, the blank: it could not be given",
            "`blank = -1`",
        ),
        (
            "clues = \"puzzle\"\nderive = \"[[x[1][1], w], [1, 2]]\"",
            "unknown name `w`",
            "",
        ),
        (
            "clues = \"puzzle\"\nfills = \"x\"\nshape = 2",
            "unknown key `shape`",
            "",
        ),
    ];
    for (section, message, help) in cases {
        let file = TempSpec::new("generate-bad", &spec(section));
        for command in [&["check", file.path()][..], &["generate", file.path()][..]] {
            let (_, stderr, code) = solve(command);
            assert_eq!(code, 2, "{section}: {stderr}");
            assert!(
                stderr.contains(message) && stderr.contains(help),
                "{section}: {stderr}"
            );
            let at = |line: u32| stderr.contains(&format!(".toml:{line}:"));
            assert!(
                (8..=11).any(at),
                "a place in the [generate] table: {stderr}"
            );
        }
    }
    let (_, stderr, code) = solve(&["generate", "specs/queens.toml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("has no [generate] section"), "{stderr}");
}

#[test]
fn candidates_count_the_solutions_of_each_value_up_to_the_cap() {
    let squares = latin_squares();
    let mut rng = Rng::new(43);
    for _ in 0..12 {
        let puzzle = Puzzle::random(&mut rng, &squares);
        let all: Vec<usize> = (0..puzzle.clues.len()).collect();
        let solutions = puzzle.solutions(&squares, &all);
        let spec = TempSpec::new("counts", &puzzle.spec());
        let (stdout, stderr, code) =
            solve(&["candidates", spec.path(), "--count-up-to", "3", "--json"]);
        assert_eq!(code, 0, "{stderr}");
        for (cell, line) in stdout.lines().enumerate() {
            let answer = json(line);
            assert_eq!(
                answer["var"],
                format!("x[{}][{}]", cell / 4 + 1, cell % 4 + 1)
            );
            let values: Vec<i64> = (1..=4)
                .filter(|&v| solutions.iter().any(|g| g[cell] == v))
                .collect();
            let counts: Vec<u64> = (values.iter())
                .map(|&v| (solutions.iter().filter(|g| g[cell] == v).count() as u64).min(3))
                .collect();
            assert_eq!(
                answer["values"],
                serde_json::json!(values),
                "{}",
                puzzle.spec()
            );
            assert_eq!(
                answer["counts"],
                serde_json::json!(counts),
                "{}",
                puzzle.spec()
            );
        }
    }
}

/// The shipped sudoku's clue grid.
fn sudoku_clues() -> Vec<Vec<i64>> {
    let text = std::fs::read_to_string("specs/sudoku.toml").unwrap();
    let table: toml::Table = text.parse().unwrap();
    (table["params"]["puzzle"].as_array().unwrap().iter())
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_integer().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn minimize_symmetric_keeps_a_closed_pattern_whose_every_pair_is_needed() {
    let (stdout, stderr, code) = solve(&[
        "minimize",
        "specs/sudoku.toml",
        "--group",
        "clues",
        "--symmetric",
        "rotate180",
        "--json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let kept: BTreeSet<(usize, usize)> = (json(&stdout)["kept"].as_array().unwrap().iter())
        .map(|n| {
            let d: Vec<usize> = (n.as_str().unwrap().split(|c: char| !c.is_ascii_digit()))
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            (d[0] - 1, d[1] - 1)
        })
        .collect();
    assert!(
        kept.iter().all(|&(r, c)| kept.contains(&(8 - r, 8 - c))),
        "closed: {kept:?}"
    );
    let full = sudoku_clues();
    let with = |cells: &BTreeSet<(usize, usize)>| {
        let grid: Vec<Vec<i64>> = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| {
                        if cells.contains(&(r, c)) {
                            full[r][c]
                        } else {
                            0
                        }
                    })
                    .collect()
            })
            .collect();
        format!("puzzle={grid:?}").replace(' ', "")
    };
    let unique = |cells: &BTreeSet<(usize, usize)>| {
        solve(&["unique", "specs/sudoku.toml", "--set", &with(cells)]).2
    };
    assert_eq!(unique(&kept), 0, "the kept clues force the solution");
    for &(r, c) in &kept {
        let mut fewer = kept.clone();
        let _ = fewer.remove(&(r, c));
        let _ = fewer.remove(&(8 - r, 8 - c));
        assert_eq!(unique(&fewer), 3, "the pair of ({r}, {c}) was needless");
    }
}

#[test]
fn a_count_is_never_cut_by_limit() {
    let (_, stderr, code) = solve(&["specs/queens.toml", "--count", "--limit", "2"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("'--count' cannot be used with '--limit"),
        "{stderr}"
    );
}

#[test]
fn without_alldifferent_the_ladder_skips_the_levels_that_are_propagate() {
    let spec = TempSpec::new(
        "sums",
        "[vars]\nx = { index = \"1..3\", domain = \"1..5\" }\n[constraints]\n\
         a = \"x[1] + x[2] == 3\"\nb = \"x[2] + x[3] == 7\"\nc = \"x[1] >= 1\"\n",
    );
    let (stdout, stderr, code) = solve(&["grade", spec.path(), "--json", "--no-steps"]);
    assert_eq!(code, 0, "{stderr}");
    let answer = json(&stdout);
    let levels: Vec<&str> = (answer["ladder"].as_array().unwrap().iter())
        .map(|r| r["level"].as_str().unwrap())
        .collect();
    assert_eq!(levels, ["check", "propagate"], "{stdout}");
    assert_eq!(answer["grade"], "propagate");
}

/// How many of `heights` are seen from its start (a taller one hides
/// those behind it).
fn seen(heights: [i64; 4]) -> i64 {
    let mut tallest = 0;
    let mut count = 0;
    for h in heights {
        if h > tallest {
            (tallest, count) = (h, count + 1);
        }
    }
    count
}

/// A square's skyscraper views, as `tests/readme/skyscrapers.toml` lays
/// them out: from the top of each column, the bottom, the left of each
/// row, the right.
fn views(g: &Grid) -> [[i64; 4]; 4] {
    let at = |r: usize, c: usize| g[4 * r + c];
    let (down, up) = ([0, 1, 2, 3], [3, 2, 1, 0]);
    [
        [0, 1, 2, 3].map(|c| seen(down.map(|r| at(r, c)))),
        [0, 1, 2, 3].map(|c| seen(up.map(|r| at(r, c)))),
        [0, 1, 2, 3].map(|r| seen(down.map(|c| at(r, c)))),
        [0, 1, 2, 3].map(|r| seen(up.map(|c| at(r, c)))),
    ]
}

/// How many Latin squares of order 4 show the skyscraper views `clues`
/// (0: no view).
pub(crate) fn skyscrapers_fitting(clues: &[[i64; 4]; 4]) -> usize {
    let agrees = |v: &[[i64; 4]; 4]| {
        (0..16).all(|k| clues[k / 4][k % 4] == 0 || clues[k / 4][k % 4] == v[k / 4][k % 4])
    };
    latin_squares()
        .iter()
        .map(views)
        .filter(|v| agrees(v))
        .count()
}

#[test]
fn derived_skyscraper_clues_make_unique_puzzles_whose_every_clue_is_needed() {
    let fits = skyscrapers_fitting;
    let spec = "tests/readme/skyscrapers.toml";
    let (stdout, stderr, code) = solve(&["generate", spec, "--number", "12", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    for line in stdout.lines() {
        let made = json(line);
        let mut clues = [[0; 4]; 4];
        for (side, row) in made["views"].as_array().unwrap().iter().enumerate() {
            for (i, v) in row.as_array().unwrap().iter().enumerate() {
                clues[side][i] = v.as_i64().unwrap();
            }
        }
        assert_eq!(fits(&clues), 1, "unique: {line}");
        let given = (0..16).filter(|&k| clues[k / 4][k % 4] != 0).count();
        assert_eq!(made["clues"], given as u64, "{line}");
        for k in (0..16).filter(|&k| clues[k / 4][k % 4] != 0) {
            let mut fewer = clues;
            fewer[k / 4][k % 4] = 0;
            assert!(fits(&fewer) > 1, "view {k} of {line} is needless");
        }
    }
}

#[test]
fn derived_clues_that_never_force_a_solution_say_so() {
    let spec = TempSpec::new(
        "derive-blank",
        "[params]\nhint = [0, 0]\n[vars]\nx = { index = \"1..2\", domain = \"1..2\" }\n\
         [constraints]\nd = \"x[1] != x[2]\"\n[generate]\nclues = \"hint\"\nderive = \"[1, 1]\"\n",
    );
    let (_, stderr, code) = solve(&["generate", spec.path()]);
    assert_eq!(code, 3, "{stderr}");
    assert!(
        stderr.contains("each solution drawn was still not the only one"),
        "{stderr}"
    );
    let (_, stderr, code) = solve(&[
        "minimize",
        spec.path(),
        "--group",
        "d",
        "--symmetric",
        "rotate180",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("a clue sits on no one cell"), "{stderr}");
}
