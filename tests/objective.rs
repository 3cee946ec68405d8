//! Optimisation (`[objective]` with `minimize` or `maximize`): the improving
//! solutions, the final `optimal: V` line, `--count` and `--all` over the
//! optimal solutions only, `--json`, `best found: V (not proven optimal)`
//! with exit code 3 under a limit, `--no-objective`, and the spec errors.
//! Oracles: PUZZLES.md (ring side sums 12..15, 8 rings with each extreme
//! sum), OEIS A075458 (minimum dominating queens), Spencer's lower bound
//! ceil((n-1)/2) for it, and brute-force enumerations written here.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::{Rng, TempSpec, count, int, json_solutions, scalar, solve, square_symmetry};

const RING: &str = include_str!("../specs/magic8.toml");
const QUEENS: &str = "specs/dominating-queens.toml";
/// OEIS A075458 for n = 4..=9.
const DOMINATING: [(usize, i64); 6] = [(4, 2), (5, 3), (6, 3), (7, 4), (8, 5), (9, 5)];

/// Runs `solve`, asserts the exit code, returns stdout.
fn run(args: &[&str], code: i32) -> String {
    let (stdout, stderr, got) = solve(args);
    assert_eq!(got, code, "solve {args:?}\n{stdout}\nstderr:\n{stderr}");
    stdout
}

/// The text before the last line (trailing blank lines dropped), the last line.
fn split_last(text: &str) -> (&str, &str) {
    let text = text.trim_end();
    let (body, last) = text.rsplit_once('\n').unwrap_or(("", text));
    (body.trim_end(), last)
}

/// Solution blocks separated by blank lines.
fn blocks(body: &str) -> Vec<&str> {
    let all = body.split("\n\n");
    all.filter(|b| !b.trim().is_empty()).collect()
}

/// The value of a last line `optimal: V`.
fn optimal(last: &str) -> i64 {
    let value = last.strip_prefix("optimal: ");
    let value = value.and_then(|v| v.parse().ok());
    value.unwrap_or_else(|| panic!("not `optimal: V`: {last:?}"))
}

/// `--count` output: `optimal: V` on the first line, the count on the
/// last (as without an objective).
fn count_and_optimal(args: &[&str]) -> (u64, i64) {
    let stdout = run(args, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "solve {args:?}: {stdout}");
    let n = lines[1].parse().ok();
    let n = n.unwrap_or_else(|| panic!("solve {args:?}: no count:\n{stdout}"));
    (n, optimal(lines[0]))
}

/// `--json` output: the solution objects and V from `{"optimal": V}`: the
/// first line with `--all` (before the optimal solutions), else the last
/// (after the improving ones).
fn json_optimal(args: &[&str]) -> (Vec<Value>, i64) {
    let mut lines = json_solutions(args);
    let last = if args.contains(&"--all") {
        lines.remove(0)
    } else {
        lines.pop().expect("no output")
    };
    let object = last.as_object().filter(|o| o.len() == 1);
    let value = object.and_then(|o| o.get("optimal"));
    let value = value.unwrap_or_else(|| panic!("not {{\"optimal\": V}}: {last}"));
    (lines, int(value))
}

/// Asserts that `values` improve strictly (decrease when minimising),
/// except that the last may repeat the one before: the optimal solution
/// printed last is the first in depth-first order (the same whatever the
/// threads or, under first-fail, the first of the search with the
/// objective fixed), which may come after the optimal one that branch and
/// bound met first (docs/optimisation.md).
fn assert_improving(values: &[i64], minimize: bool, what: &str) {
    let strictly = match values {
        [.., a, b] if a == b => &values[..values.len() - 1],
        _ => values,
    };
    let improving = |w: &[i64]| (w[1] < w[0]) == minimize && w[1] != w[0];
    let ok = strictly.windows(2).all(improving);
    assert!(ok, "{what}: not improving: {values:?}");
}

// ------------------------------------------------------- the ring of eight

/// The side sum S of a ring block `A B C / D _ E / F G H (sum S)`, checked
/// against the rules of the ring.
fn ring_sum(block: &str) -> i64 {
    let numbers = block.split(|ch: char| !ch.is_ascii_digit());
    let v: Vec<i64> = numbers.filter_map(|t| t.parse().ok()).collect();
    assert_eq!(v.len(), 9, "not a ring: {block:?}");
    let mut cells = v[..8].to_vec();
    cells.sort_unstable();
    assert_eq!(cells, (1..=8).collect::<Vec<_>>(), "{block}");
    for side in [[0, 1, 2], [0, 3, 5], [2, 4, 7], [5, 6, 7]] {
        assert_eq!(side.map(|i| v[i]).iter().sum::<i64>(), v[8], "{block}");
    }
    v[8]
}

/// The ring spec with `[objective] KEY = "S"` appended.
fn ring_spec(key: &str) -> TempSpec {
    TempSpec::new(key, &format!("{RING}\n[objective]\n{key} = \"S\"\n"))
}

#[test]
fn ring_side_sum_is_maximised_to_15_and_minimised_to_12() {
    for (key, best, minimize) in [("maximize", 15, false), ("minimize", 12, true)] {
        let spec = ring_spec(key);
        for extra in [None, Some("--no-symmetry")] {
            let mut args: Vec<&str> = [spec.path()].into_iter().chain(extra).collect();
            let stdout = run(&args, 0);
            let (body, last) = split_last(&stdout);
            assert_eq!(optimal(last), best, "{args:?}");
            let sums: Vec<i64> = blocks(body).into_iter().map(ring_sum).collect();
            assert_eq!(sums.last(), Some(&best), "{args:?}");
            assert_improving(&sums, minimize, key);

            args.push("--json");
            let (solutions, value) = json_optimal(&args);
            let sums: Vec<i64> = solutions.iter().map(|s| scalar(s, "S")).collect();
            assert_eq!((sums.last(), value), (Some(&best), best), "{args:?}");
            assert_improving(&sums, minimize, key);
        }
    }
}

#[test]
fn ring_count_and_all_cover_the_optimal_rings_only() {
    for (key, best) in [("maximize", 15), ("minimize", 12)] {
        let spec = ring_spec(key);
        // PUZZLES.md: 8 rings with side sum 12 and 8 with 15, 1 of each up to symmetry.
        assert_eq!(count_and_optimal(&[spec.path(), "--count"]), (1, best));
        let args = [spec.path(), "--count", "--no-symmetry"];
        assert_eq!(count_and_optimal(&args), (8, best));

        let stdout = run(&[spec.path(), "--all", "--no-symmetry"], 0);
        let (first, rest) = stdout.split_once('\n').expect("two lines at least");
        let (rest, count_line) = split_last(rest);
        assert_eq!((count_line, optimal(first)), ("8 solutions", best));
        let rings = blocks(rest);
        let sums: Vec<i64> = rings.iter().map(|b| ring_sum(b)).collect();
        assert_eq!(sums, [best; 8], "{stdout}");
        assert_eq!(rings.iter().collect::<BTreeSet<_>>().len(), 8, "{stdout}");

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

/// Parses a board printed as rows of `Q` and `.`, checks that it is n x n
/// and dominated, and returns its number of queens.
fn board_queens(block: &str, n: usize) -> i64 {
    let lines = block.lines().map(str::split_whitespace);
    let rows: Vec<Vec<&str>> = lines.map(Iterator::collect).collect();
    let square = rows.len() == n && rows.iter().all(|r| r.len() == n);
    assert!(square, "not {n} x {n}:\n{block}");
    let squares = (0..n * n).map(|s| (s / n, s % n));
    let queens: Vec<(usize, usize)> = squares.filter(|&(r, c)| rows[r][c] == "Q").collect();
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
    // n = 9 is the slowest: about 120,000 nodes (a second in a release build).
    for (n, best) in DOMINATING {
        let set = format!("n={n}");
        let stdout = run(&[QUEENS, "--set", &set], 0);
        let (body, last) = split_last(&stdout);
        assert_eq!(optimal(last), best, "n = {n}");
        let queens: Vec<i64> = blocks(body).iter().map(|b| board_queens(b, n)).collect();
        assert_eq!(queens.last(), Some(&best), "n = {n}");
        assert_improving(&queens, true, &set);
    }
    let (boards, value) = json_optimal(&[QUEENS, "--set", "n=6", "--json"]);
    let board = boards.last().and_then(|b| b.get("board"));
    let rows = board.and_then(Value::as_array).expect("a 2-D `board`");
    let rows = rows.iter().map(|r| r.as_array().expect("rows"));
    assert_eq!((rows.flatten().map(int).sum::<i64>(), value), (3, 3));
}

/// Brute force: the minimum dominating sets of the n x n board (n <= 7), as
/// bit masks of the squares r * n + c.
fn minimum_dominating_sets(n: usize) -> Vec<u64> {
    /// Adds to `out` every (set, covered) extending `set` by k squares >= from.
    fn go(masks: &[u64], k: usize, from: usize, set: (u64, u64), out: &mut Vec<(u64, u64)>) {
        if k == 0 {
            return out.push(set);
        }
        for s in from..masks.len() {
            let next = (set.0 | (1 << s), set.1 | masks[s]);
            go(masks, k - 1, s + 1, next, out);
        }
    }
    let on = |s: usize, i, j| covers(s / n, s % n, i, j);
    let bits = |i, j| (0..n * n).filter(move |&s| on(s, i, j));
    let mask = |i, j| bits(i, j).fold(0, |m, s| m | (1u64 << s));
    let masks: Vec<u64> = (0..n * n).map(|s| mask(s / n, s % n)).collect();
    let full = (1u64 << (n * n)) - 1;
    (1..=n)
        .map(|k| {
            let mut out = Vec::new();
            go(&masks, k, 0, (0, 0), &mut out);
            let dominating = out.into_iter().filter(|s| s.1 == full);
            dominating.map(|s| s.0).collect::<Vec<_>>()
        })
        .find(|sets| !sets.is_empty())
        .expect("n queens dominate")
}

/// n = 4..7 with symmetry breaking, 4..6 without (7 x 7 without takes about
/// 110,000 nodes: the count must visit every 4-queen board).
#[test]
fn dominating_queens_count_is_the_number_of_optimal_boards() {
    for &(n, best) in &DOMINATING[..4] {
        let sets = minimum_dominating_sets(n);
        assert_eq!(sets[0].count_ones() as i64, best, "brute force, n = {n}");
        // Up to symmetry: one board per orbit of the 8 symmetries of the square.
        let image = |set: u64, k| {
            let squares = (0..n * n).filter(|s| (set >> s) & 1 == 1);
            squares.fold(0u64, |m, s| {
                let (r, c) = square_symmetry(n as i64, k, (s / n) as i64, (s % n) as i64);
                m | (1 << (r as usize * n + c as usize))
            })
        };
        let canonical = |&s: &u64| (0..8).map(|k| image(s, k)).min().unwrap();
        let orbits: BTreeSet<u64> = sets.iter().map(canonical).collect();
        let set = format!("n={n}");
        let args = [QUEENS, "--set", &set, "--count", "--no-symmetry"];
        let expected = (orbits.len() as u64, best);
        assert_eq!(count_and_optimal(&args[..4]), expected, "{args:?}");
        if n <= 6 {
            let expected = (sets.len() as u64, best);
            assert_eq!(count_and_optimal(&args), expected, "{args:?}");
        }
    }
}

#[test]
fn limits_report_the_best_found_and_exit_3() {
    for (n, limit) in [(12, ["--node-limit", "200"]), (14, ["--time-limit", "1"])] {
        let set = format!("n={n}");
        // One thread: a short limit on a loaded machine must still leave
        // the sequential search time to find a first solution.
        let stdout = run(&[QUEENS, "--set", &set, limit[0], limit[1], "-j", "1"], 3);
        let (body, last) = split_last(&stdout);
        let value = last.strip_prefix("best found: ");
        let value = value.and_then(|v| v.strip_suffix(" (not proven optimal)"));
        let value: i64 = value.and_then(|v| v.parse().ok()).expect(last);
        // At least ceil((n-1)/2) = floor(n/2) queens (Spencer's bound, in
        // Weakley 1995); the last board printed has V of them.
        let range = n as i64 / 2..=(n * n) as i64;
        assert!(range.contains(&value), "{limit:?}: {value}");
        let last_board = blocks(body).last().map(|b| board_queens(b, n));
        assert_eq!(last_board, Some(value), "{limit:?}");
    }
    // Stopped before the first solution: exit 3 as well, and no optimum claimed.
    let stdout = run(&[QUEENS, "--set", "n=12", "--node-limit", "1"], 3);
    assert!(!stdout.contains("optimal:"), "{stdout}");
}

// ------------------------------------------------- random specs, brute force

/// A constraint `LHS OP BOUND` over x0, x1, ...: the left-hand side is
/// `a * xi + b * xj` (kind 0), `abs(xi - xj)` (1) or `min(xi, xj) + xk` (2).
/// Fields: kind, a, b, OP (0..3: `<=`, `==`, `!=`, `>=`), BOUND, i, j, k.
struct Rule([i64; 5], [usize; 3]);

impl Rule {
    fn random(rng: &mut Rng, vars: usize) -> Rule {
        let p = [(0, 2), (-2, 2), (-2, 2), (0, 3), (-3, 3)].map(|(lo, hi)| rng.range(lo, hi));
        Rule(p, [(); 3].map(|()| rng.range(0, vars as i64 - 1) as usize))
    }

    fn text(&self) -> String {
        let Rule([kind, a, b, op, bound], [i, j, k]) = *self;
        let lhs = match kind {
            0 => format!("{a} * x{i} + {b} * x{j}"),
            1 => format!("abs(x{i} - x{j})"),
            _ => format!("min(x{i}, x{j}) + x{k}"),
        };
        format!("{lhs} {} {bound}", ["<=", "==", "!=", ">="][op as usize])
    }

    fn holds(&self, x: &[i64]) -> bool {
        let Rule([kind, a, b, op, bound], [i, j, k]) = *self;
        let lhs = match kind {
            0 => a * x[i] + b * x[j],
            1 => (x[i] - x[j]).abs(),
            _ => x[i].min(x[j]) + x[k],
        };
        [lhs <= bound, lhs == bound, lhs != bound, lhs >= bound][op as usize]
    }
}

#[test]
fn random_objectives_agree_with_brute_force() {
    let mut rng = Rng::new(1);
    let (mut feasible, mut infeasible) = (0, 0);
    for case in 0..40 {
        let vars = rng.range(3, 4) as usize;
        let ends: Vec<[i64; 2]> = (0..vars)
            .map(|_| [rng.range(-2, 3), rng.range(-2, 3)])
            .collect();
        let lows: Vec<i64> = ends.iter().map(|e| e[0].min(e[1])).collect();
        let highs: Vec<i64> = ends.iter().map(|e| e[0].max(e[1])).collect();
        let rules = (0..rng.range(1, 2)).map(|_| Rule::random(&mut rng, vars));
        let rules: Vec<Rule> = rules.collect();
        let coef: Vec<i64> = (0..vars).map(|_| rng.range(-3, 3)).collect();
        let key = ["minimize", "maximize"][rng.range(0, 1) as usize];
        let minimize = key == "minimize";

        let mut text = String::from("[vars]\n");
        for (v, (lo, hi)) in lows.iter().zip(&highs).enumerate() {
            text += &format!("x{v} = \"{lo}..{hi}\"\n");
        }
        text += "[constraints]\n";
        for (c, rule) in rules.iter().enumerate() {
            text += &format!("c{c} = \"{}\"\n", rule.text());
        }
        let terms = coef.iter().enumerate().map(|(v, a)| format!("{a} * x{v}"));
        let objective = terms.collect::<Vec<_>>().join(" + ");
        text += &format!("[objective]\n{key} = \"{objective}\"\n");
        let what = format!("case {case}:\n{text}");
        let value = |x: &[i64]| -> i64 {
            let feasible = rules.iter().all(|r| r.holds(x));
            assert!(feasible, "{what}\ninfeasible solution {x:?}");
            coef.iter().zip(x).map(|(a, v)| a * v).sum()
        };

        // Brute force over the cartesian product of the domains.
        let mut solutions: Vec<(Vec<i64>, i64)> = Vec::new();
        let mut x = lows.clone();
        loop {
            if rules.iter().all(|r| r.holds(&x)) {
                solutions.push((x.clone(), value(&x)));
            }
            let Some(v) = (0..vars).find(|&v| x[v] < highs[v]) else {
                break;
            };
            x[v] += 1;
            x[..v].copy_from_slice(&lows[..v]);
        }
        let values = solutions.iter().map(|s| s.1);
        let best = if minimize { values.min() } else { values.max() };

        let spec = TempSpec::new(&format!("objective-{case}"), &text);
        let Some(best) = best else {
            infeasible += 1;
            assert_eq!(run(&[spec.path()], 1).trim(), "no solution", "{what}");
            let _ = run(&[spec.path(), "--count"], 1);
            continue;
        };
        feasible += 1;
        let optima = solutions.iter().filter(|s| s.1 == best);
        let optima: BTreeSet<&Vec<i64>> = optima.map(|s| &s.0).collect();
        let var = |s: &Value, v| scalar(s, &format!("x{v}"));
        let assignment = |s: &Value| (0..vars).map(|v| var(s, v)).collect::<Vec<_>>();

        // The first solution, improved until optimal.
        let (printed, reported) = json_optimal(&[spec.path(), "--json"]);
        let improving: Vec<i64> = printed.iter().map(|s| value(&assignment(s))).collect();
        assert_eq!((improving.last(), reported), (Some(&best), best), "{what}");
        assert_improving(&improving, minimize, &what);

        // --count: the optimal solutions only; --no-objective: all of them.
        let counted = count_and_optimal(&[spec.path(), "--count"]);
        assert_eq!(counted, (optima.len() as u64, best), "{what}");
        let all = count(&[spec.path(), "--no-objective"]);
        assert_eq!(all, solutions.len() as u64, "{what}");

        // --all --json: exactly the optimal solutions, then {"optimal": V}.
        let (all, reported) = json_optimal(&[spec.path(), "--all", "--json"]);
        let got: Vec<Vec<i64>> = all.iter().map(assignment).collect();
        assert_eq!((got.len(), reported), (optima.len(), best), "{what}");
        assert_eq!(got.iter().collect::<BTreeSet<_>>(), optima, "{what}");
    }
    let mix = format!("{feasible} feasible, {infeasible} infeasible");
    assert!(feasible >= 10 && infeasible >= 3, "{mix}");
}

// ------------------------------------------------------------------ errors

#[test]
fn objective_section_errors_exit_2() {
    let vars = "[vars]\nx = \"0..3\"\ny = \"0..3\"\n";
    let both: &[&str] = &["minimize", "maximize"];
    let cases = [
        ("both", "minimize = \"x\"\nmaximize = \"y\"\n", both),
        ("neither", "", both),
        ("unknown-key", "minimise = \"x\"\n", &["minimise"]),
    ];
    for (label, keys, words) in cases {
        let spec = TempSpec::new(label, &format!("{vars}[objective]\n{keys}"));
        for args in [vec![spec.path()], vec!["check", spec.path()]] {
            let (stdout, stderr, code) = solve(&args);
            let named = words.iter().all(|w| stderr.contains(w));
            assert_eq!(code, 2, "{label} {args:?}\n{stdout}\nstderr:\n{stderr}");
            assert!(stderr.starts_with("error: ") && named, "{label}: {stderr}");
        }
    }
}

/// With an objective and no solution at all, `--count` and `--all` answer
/// as they do without one: `0` and `0 solutions`, exit 1.
#[test]
fn no_solution_with_an_objective_counts_zero() {
    let spec = TempSpec::new(
        "unsat-objective",
        "[vars]\nx = \"0..3\"\ny = \"0..3\"\n[constraints]\nc = \"x + y > 6\"\n[objective]\nmaximize = \"x\"\n",
    );
    let (stdout, _, code) = solve(&[spec.path(), "--count"]);
    assert_eq!((stdout.as_str(), code), ("0\n", 1));
    let (stdout, _, code) = solve(&[spec.path(), "--all"]);
    assert_eq!((stdout.as_str(), code), ("0 solutions\n", 1));
    let (stdout, _, code) = solve(&[spec.path()]);
    assert_eq!((stdout.as_str(), code), ("no solution\n", 1));
}
