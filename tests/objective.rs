//! Optimisation (`[objective]` with `minimize` or `maximize`): the improving
//! solutions, the final `optimal: V` line, `--count` and `--all` over the
//! optimal solutions only, `--json`, `best found: V (not proven optimal)`
//! with exit code 3 under a node or time limit, `--no-objective`, and the
//! spec errors. Oracles: PUZZLES.md (ring side sums 12..15, 8 rings per sum),
//! OEIS A075458 (minimum dominating queens), Spencer's lower bound
//! ceil((n-1)/2) for it, and brute-force enumerations written here.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::{TempSpec, count, int, json_solutions, scalar, solve, square_symmetry};

const RING: &str = include_str!("../specs/magic8.toml");
const QUEENS: &str = "specs/dominating-queens.toml";
/// OEIS A075458 for n = 4..=9.
const DOMINATING: [(usize, i64); 6] = [(4, 2), (5, 3), (6, 3), (7, 4), (8, 5), (9, 5)];

/// Runs `solve`, asserts the exit code, returns stdout.
fn run(args: &[&str], code: i32) -> String {
    let (stdout, stderr, got) = solve(args);
    assert_eq!(got, code, "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}");
    stdout
}

/// The text before the last line (trailing blank lines dropped) and the
/// last line.
fn split_last(text: &str) -> (&str, &str) {
    let text = text.trim_end();
    let (body, last) = text.rsplit_once('\n').unwrap_or(("", text));
    (body.trim_end(), last)
}

/// Splits output into the solution blocks (a blank line between them) and
/// the last line. A blank line before the last line is accepted or not.
fn split(stdout: &str) -> (Vec<String>, String) {
    let (body, last) = split_last(stdout);
    let blocks = body.split("\n\n").filter(|b| !b.trim().is_empty());
    (blocks.map(str::to_owned).collect(), last.to_owned())
}

/// `--count` output: the count on the first line, `optimal: V` on the last.
fn count_and_optimal(args: &[&str]) -> (u64, i64) {
    let stdout = run(args, 0);
    let first = stdout.lines().next().unwrap_or_default();
    let n = first.parse().unwrap_or_else(|_| panic!("solve {args:?}: no count first:\n{stdout}"));
    (n, optimal(split_last(&stdout).1))
}

/// The value of a last line `optimal: V`.
fn optimal(last: &str) -> i64 {
    let value = last.strip_prefix("optimal: ").unwrap_or_else(|| panic!("not `optimal: V`: {last:?}"));
    value.parse().unwrap_or_else(|_| panic!("bad value in {last:?}"))
}

/// A JSON line `{"optimal": V}`.
fn json_optimal(line: &Value) -> i64 {
    let object = line.as_object().filter(|o| o.len() == 1);
    int(object.and_then(|o| o.get("optimal")).unwrap_or_else(|| panic!("not {{\"optimal\": V}}: {line}")))
}

/// Asserts that `values` improve strictly (decrease when minimising).
fn assert_improving(values: &[i64], minimize: bool, what: &str) {
    for pair in values.windows(2) {
        let better = if minimize { pair[1] < pair[0] } else { pair[1] > pair[0] };
        assert!(better, "{what}: not strictly improving: {values:?}");
    }
}

// ------------------------------------------------------- the ring of eight

/// The nine numbers of a ring block `A B C / D _ E / F G H (sum S)`, checked
/// against the rules; returns S.
fn ring_sum(block: &str) -> i64 {
    let v: Vec<i64> = block.split(|ch: char| !ch.is_ascii_digit()).filter(|t| !t.is_empty()).map(|t| t.parse().unwrap()).collect();
    assert_eq!(v.len(), 9, "not a ring: {block:?}");
    let mut cells = v[..8].to_vec();
    cells.sort_unstable();
    assert_eq!(cells, (1..=8).collect::<Vec<_>>(), "{block}");
    let s = v[8];
    let sides = [v[0] + v[1] + v[2], v[0] + v[3] + v[5], v[2] + v[4] + v[7], v[5] + v[6] + v[7]];
    assert!(sides.iter().all(|&side| side == s), "{block}");
    s
}

#[test]
fn ring_side_sum_is_maximised_to_15_and_minimised_to_12() {
    for (key, best, minimize) in [("maximize", 15, false), ("minimize", 12, true)] {
        let spec = TempSpec::new(key, &format!("{RING}\n[objective]\n{key} = \"S\"\n"));
        for extra in [&[][..], &["--no-symmetry"][..]] {
            let mut args = vec![spec.path()];
            args.extend_from_slice(extra);
            let (blocks, last) = split(&run(&args, 0));
            assert_eq!(optimal(&last), best, "{key} {extra:?}");
            let sums: Vec<i64> = blocks.iter().map(|b| ring_sum(b)).collect();
            assert_eq!(sums.last(), Some(&best), "{key} {extra:?}: the last solution is optimal");
            assert_improving(&sums, minimize, key);

            args.push("--json");
            let lines = json_solutions(&args);
            let (last, solutions) = lines.split_last().expect("JSON lines");
            assert_eq!(json_optimal(last), best);
            let sums: Vec<i64> = solutions.iter().map(|s| scalar(s, "S")).collect();
            assert_eq!(sums.last(), Some(&best), "{key} {extra:?} --json");
            assert_improving(&sums, minimize, key);
        }
        // PUZZLES.md: 8 rings with side sum 12 and 8 with 15, 1 of each up to symmetry.
        for (extra, expected) in [(None, 1), (Some("--no-symmetry"), 8)] {
            let mut args = vec![spec.path(), "--count"];
            args.extend(extra);
            assert_eq!(count_and_optimal(&args), (expected, best), "{args:?}");
        }
        let stdout = run(&[spec.path(), "--all", "--no-symmetry"], 0);
        let (rest, last) = split_last(&stdout);
        let (rest, count_line) = split_last(rest);
        assert_eq!((count_line, optimal(last)), ("8 solutions", best), "{stdout}");
        let rings: Vec<&str> = rest.split("\n\n").collect();
        assert_eq!(rings.iter().map(|b| ring_sum(b)).collect::<Vec<_>>(), vec![best; 8]);
        assert_eq!(rings.iter().collect::<BTreeSet<_>>().len(), 8, "distinct rings");
        // --no-objective: plain satisfaction, all 48 rings, no `optimal:` line.
        assert_eq!(count(&[spec.path(), "--no-objective", "--no-symmetry"]), 48);
        let plain = run(&[spec.path(), "--no-objective"], 0);
        assert!(!plain.contains("optimal"), "{plain}");
        let _ = ring_sum(plain.trim_end());
    }
}

// ------------------------------------------------------- dominating queens

/// Whether a queen on (i, j) occupies or attacks the square (r, c).
fn covers(r: usize, c: usize, i: usize, j: usize) -> bool {
    i == r || j == c || i + c == r + j || i + j == r + c
}

/// For each square s = r * n + c, the squares its queen covers, as a bit
/// mask (n <= 7).
fn cover_masks(n: usize) -> Vec<u64> {
    let mask = |i, j| (0..n * n).filter(|&s| covers(s / n, s % n, i, j)).fold(0, |m, s| m | (1u64 << s));
    (0..n * n).map(|s| mask(s / n, s % n)).collect()
}

/// Parses a board printed as rows of `Q` and `.`; checks it is n x n and
/// dominated, returns its number of queens.
fn board_queens(block: &str, n: usize) -> i64 {
    let rows: Vec<Vec<&str>> = block.lines().map(|l| l.split_whitespace().collect()).collect();
    assert!(rows.len() == n && rows.iter().all(|r| r.len() == n), "not {n} x {n}:\n{block}");
    let queens: Vec<(usize, usize)> = (0..n * n).map(|s| (s / n, s % n)).filter(|&(r, c)| rows[r][c] == "Q").collect();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            assert!(["Q", "."].contains(cell), "{block}");
            let covered = queens.iter().any(|&(i, j)| covers(r, c, i, j));
            assert!(covered, "square ({r}, {c}) is not dominated:\n{block}");
        }
    }
    queens.len() as i64
}

#[test]
fn dominating_queens_optima_match_oeis_a075458() {
    // n = 9 is the slowest (about 120,000 nodes in a release build).
    for (n, best) in DOMINATING {
        let set = format!("n={n}");
        let (blocks, last) = split(&run(&[QUEENS, "--set", &set], 0));
        assert_eq!(optimal(&last), best, "n = {n}");
        let queens: Vec<i64> = blocks.iter().map(|b| board_queens(b, n)).collect();
        assert_eq!(queens.last(), Some(&best), "n = {n}: the last board has the optimum");
        assert_improving(&queens, true, &set);
    }
    let lines = json_solutions(&[QUEENS, "--set", "n=6", "--json"]);
    let (last, boards) = lines.split_last().expect("JSON lines");
    assert_eq!(json_optimal(last), 3);
    let board = boards.last().expect("a solution").get("board").and_then(Value::as_array).expect("a 2-D `board`");
    let total: i64 = board.iter().flat_map(|row| row.as_array().expect("rows").iter().map(int)).sum();
    assert_eq!(total, 3);
}

/// Brute force: the minimum dominating sets (as masks) of the n x n board.
fn minimum_dominating_sets(n: usize) -> Vec<u64> {
    fn go(covers: &[u64], full: u64, k: usize, from: usize, set: u64, cover: u64, out: &mut Vec<u64>) {
        if k == 0 {
            if cover == full {
                out.push(set);
            }
            return;
        }
        for s in from..covers.len() {
            go(covers, full, k - 1, s + 1, set | (1 << s), cover | covers[s], out);
        }
    }
    let covers = cover_masks(n);
    let full = (1u64 << (n * n)) - 1;
    (1..).find_map(|k| {
        let mut out = Vec::new();
        go(&covers, full, k, 0, 0, 0, &mut out);
        (!out.is_empty()).then_some(out)
    }).expect("the full board dominates")
}

/// n = 4..7 with symmetry breaking, 4..6 without (7 x 7 without takes about
/// 110,000 nodes: the count must look at every 4-queen board).
#[test]
fn dominating_queens_count_is_the_number_of_optimal_boards() {
    for &(n, best) in &DOMINATING[..4] {
        let sets = minimum_dominating_sets(n);
        assert_eq!(sets[0].count_ones() as i64, best, "brute force against OEIS, n = {n}");
        // Up to symmetry: one board per orbit of the 8 symmetries of the square.
        let image = |set: u64, k| {
            let squares = (0..n * n).filter(|s| (set >> s) & 1 == 1);
            squares.fold(0u64, |m, s| {
                let (r, c) = square_symmetry(n as i64, k, (s / n) as i64, (s % n) as i64);
                m | (1 << (r as usize * n + c as usize))
            })
        };
        let orbits: BTreeSet<u64> = sets.iter().map(|&s| (0..8).map(|k| image(s, k)).min().unwrap()).collect();
        let set = format!("n={n}");
        let mut runs = vec![(None, orbits.len())];
        if n <= 6 {
            runs.push((Some("--no-symmetry"), sets.len()));
        }
        for (extra, expected) in runs {
            let mut args = vec![QUEENS, "--set", &set, "--count"];
            args.extend(extra);
            assert_eq!(count_and_optimal(&args), (expected as u64, best), "{args:?}");
        }
    }
}

#[test]
fn limits_report_the_best_found_and_exit_3() {
    for limit in [["--node-limit", "200"], ["--time-limit", "0.3"]] {
        let n = if limit[0] == "--node-limit" { 12 } else { 14 };
        let set = format!("n={n}");
        let (blocks, last) = split(&run(&[QUEENS, "--set", &set, limit[0], limit[1]], 3));
        let value: i64 = last
            .strip_prefix("best found: ")
            .and_then(|rest| rest.strip_suffix(" (not proven optimal)"))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{limit:?}: not `best found: V (not proven optimal)`: {last:?}"));
        // At least ceil((n-1)/2) = floor(n/2) queens (Spencer's bound, in
        // Weakley 1995); the last board printed has V of them.
        assert!((n as i64 / 2..=(n * n) as i64).contains(&value), "{limit:?}: {value}");
        assert_eq!(blocks.last().map(|b| board_queens(b, n)), Some(value), "{limit:?}");
    }
    // Stopped before the first solution: exit 3 as well, and no optimum claimed.
    let stdout = run(&[QUEENS, "--set", "n=12", "--node-limit", "1"], 3);
    assert!(!stdout.contains("optimal:"), "{stdout}");
}

// ------------------------------------------------- random specs, brute force

/// xorshift64: deterministic random numbers for the generated specs.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

type Rule = Box<dyn Fn(&[i64]) -> bool>;

/// A random constraint over `vars` variables: its text and its meaning.
fn random_constraint(rng: &mut Rng, vars: usize) -> (String, Rule) {
    let [i, j, k] = [(); 3].map(|()| rng.below(vars as u64) as usize);
    let (a, b, bound) = (rng.range(-2, 2), rng.range(-2, 2), rng.range(-3, 3));
    let (lhs, value): (String, Box<dyn Fn(&[i64]) -> i64>) = match rng.below(3) {
        0 => (format!("{a} * x{i} + {b} * x{j}"), Box::new(move |x| a * x[i] + b * x[j])),
        1 => (format!("abs(x{i} - x{j})"), Box::new(move |x| (x[i] - x[j]).abs())),
        _ => (format!("min(x{i}, x{j}) + x{k}"), Box::new(move |x| x[i].min(x[j]) + x[k])),
    };
    let op = rng.below(4);
    let text = format!("{lhs} {} {bound}", ["<=", "==", "!=", ">="][op as usize]);
    let holds = move |x: &[i64]| {
        let v = value(x);
        [v <= bound, v == bound, v != bound, v >= bound][op as usize]
    };
    (text, Box::new(holds))
}

#[test]
fn random_objectives_agree_with_brute_force() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut feasible, mut infeasible) = (0, 0);
    for case in 0..40 {
        let vars = rng.range(3, 4) as usize;
        let domains: Vec<(i64, i64)> = (0..vars).map(|_| {
            let lo = rng.range(-2, 3);
            (lo, rng.range(lo, 3))
        }).collect();
        let rules: Vec<(String, Rule)> = (0..rng.range(1, 2)).map(|_| random_constraint(&mut rng, vars)).collect();
        let coef: Vec<i64> = (0..vars).map(|_| rng.range(-3, 3)).collect();
        let minimize = rng.below(2) == 0;
        let mut text = String::from("[vars]\n");
        for (v, (lo, hi)) in domains.iter().enumerate() {
            text += &format!("x{v} = \"{lo}..{hi}\"\n");
        }
        text += "[constraints]\n";
        for (c, (rule, _)) in rules.iter().enumerate() {
            text += &format!("c{c} = \"{rule}\"\n");
        }
        let objective: Vec<String> = coef.iter().enumerate().map(|(v, a)| format!("{a} * x{v}")).collect();
        let key = if minimize { "minimize" } else { "maximize" };
        text += &format!("[objective]\n{key} = \"{}\"\n", objective.join(" + "));

        // Brute force over the cartesian product of the domains.
        let mut solutions: Vec<(Vec<i64>, i64)> = Vec::new();
        let mut x: Vec<i64> = domains.iter().map(|d| d.0).collect();
        loop {
            if rules.iter().all(|(_, holds)| holds(&x)) {
                solutions.push((x.clone(), coef.iter().zip(&x).map(|(a, v)| a * v).sum()));
            }
            let Some(v) = (0..vars).find(|&v| x[v] < domains[v].1) else {
                break;
            };
            x[v] += 1;
            for (xw, d) in x.iter_mut().zip(&domains).take(v) {
                *xw = d.0;
            }
        }
        let values = solutions.iter().map(|s| s.1);
        let best = if minimize { values.min() } else { values.max() };

        let spec = TempSpec::new(&format!("objective-{case}"), &text);
        let what = format!("case {case}:\n{text}");
        let Some(best) = best else {
            infeasible += 1;
            assert_eq!(run(&[spec.path()], 1).trim(), "no solution", "{what}");
            let _ = run(&[spec.path(), "--count"], 1);
            continue;
        };
        feasible += 1;
        let optimal_set: BTreeSet<Vec<i64>> = solutions.iter().filter(|s| s.1 == best).map(|s| s.0.clone()).collect();
        let assignment = |s: &Value| (0..vars).map(|v| scalar(s, &format!("x{v}"))).collect::<Vec<i64>>();
        let meaning = |x: &[i64]| -> i64 {
            assert!(rules.iter().all(|(_, holds)| holds(x)), "{what}\ninfeasible solution {x:?}");
            coef.iter().zip(x).map(|(a, v)| a * v).sum()
        };

        // First solution, improved until optimal.
        let lines = json_solutions(&[spec.path(), "--json"]);
        let (last, printed) = lines.split_last().expect("JSON lines");
        assert_eq!(json_optimal(last), best, "{what}");
        let improving: Vec<i64> = printed.iter().map(|s| meaning(&assignment(s))).collect();
        assert_eq!(improving.last(), Some(&best), "{what}");
        assert_improving(&improving, minimize, &what);

        // --count: the optimal solutions only; --no-objective: all of them.
        let counted = count_and_optimal(&[spec.path(), "--count"]);
        assert_eq!(counted, (optimal_set.len() as u64, best), "{what}");
        assert_eq!(count(&[spec.path(), "--no-objective"]), solutions.len() as u64, "{what}");

        // --all --json: exactly the optimal solutions, then {"optimal": V}.
        let lines = json_solutions(&[spec.path(), "--all", "--json"]);
        let (last, all) = lines.split_last().expect("JSON lines");
        assert_eq!(json_optimal(last), best, "{what}");
        let got: Vec<Vec<i64>> = all.iter().map(assignment).collect();
        assert_eq!(got.len(), optimal_set.len(), "{what}\nno duplicates: {got:?}");
        assert_eq!(got.into_iter().collect::<BTreeSet<_>>(), optimal_set, "{what}");
    }
    assert!(feasible >= 10 && infeasible >= 3, "generator: {feasible} feasible, {infeasible} infeasible");
}

// ------------------------------------------------------------------ errors

#[test]
fn objective_section_errors_exit_2() {
    let vars = "[vars]\nx = \"0..3\"\ny = \"0..3\"\n";
    let cases = [
        ("both", "[objective]\nminimize = \"x\"\nmaximize = \"y\"\n", &["minimize", "maximize"][..]),
        ("neither", "[objective]\n", &["minimize", "maximize"][..]),
        ("unknown-key", "[objective]\nminimise = \"x\"\n", &["minimise"][..]),
    ];
    for (label, section, words) in cases {
        let spec = TempSpec::new(label, &format!("{vars}{section}"));
        for args in [vec![spec.path()], vec!["check", spec.path()]] {
            let (stdout, stderr, code) = solve(&args);
            assert_eq!(code, 2, "{label} {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}");
            assert!(stderr.starts_with("error: "), "{label}: {stderr}");
            for word in words {
                assert!(stderr.contains(word), "{label}: the message does not name `{word}`:\n{stderr}");
            }
        }
    }
}
