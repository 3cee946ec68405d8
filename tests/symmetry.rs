//! Declared symmetries (`[symmetry] name = { grid | rows | columns | values
//! | reverse = EXPR }`), `break = "lex-leader"`, `--unique` and
//! `solve check-symmetry`.
//!
//! The oracles: the figures of PUZZLES.md for the shipped specs, and a
//! brute force written here for small models of every kind: every
//! assignment enumerated, each solution's orbit walked with a HashSet under
//! generators written as plain functions on the key (the declared
//! variables' values in declaration order), one class per smallest key;
//! the lex-leader set as the solutions no greater than their image under
//! each declared element (a grid's non-identity elements, the swaps of
//! neighbouring lines or values, the reversal).

use std::collections::{BTreeSet, HashMap, HashSet};

use serde_json::Value;

use crate::specs::brute_queens;
use crate::{Rng, TempSpec, count, for_each_permutation, int, json_solutions, solve};

// ---------------------------------------------------------------------
// Brute force
// ---------------------------------------------------------------------

/// The values of the declared variables, in declaration order.
type Key = Vec<i64>;

/// A group element acting on keys.
type Element = Box<dyn Fn(&[i64]) -> Key>;

/// Every assignment of `domains` that `ok` accepts, in lexicographic order.
fn assignments(domains: &[Vec<i64>], ok: &dyn Fn(&[i64]) -> bool) -> Vec<Key> {
    let mut found = Vec::new();
    let mut digits = vec![0usize; domains.len()];
    loop {
        let key: Key = digits.iter().zip(domains).map(|(&d, v)| v[d]).collect();
        if ok(&key) {
            found.push(key);
        }
        // The odometer: the last position turns fastest.
        let mut p = domains.len();
        loop {
            if p == 0 {
                return found;
            }
            p -= 1;
            digits[p] += 1;
            if digits[p] < domains[p].len() {
                break;
            }
            digits[p] = 0;
        }
    }
}

/// Each solution's class, as the smallest key of its orbit under the group
/// the elements generate. Asserts that every image of a solution is one
/// (the model's group really is a symmetry of it).
fn classes(solutions: &[Key], elements: &[&Element]) -> HashMap<Key, Key> {
    let known: HashSet<&Key> = solutions.iter().collect();
    let mut class: HashMap<Key, Key> = HashMap::new();
    for s in solutions {
        if class.contains_key(s) {
            continue;
        }
        let mut orbit: HashSet<Key> = HashSet::from([s.clone()]);
        let mut queue = vec![s.clone()];
        while let Some(k) = queue.pop() {
            for g in elements {
                let image = g(&k);
                assert!(
                    known.contains(&image),
                    "oracle: {image:?}, an image of the solution {k:?}, is not a solution"
                );
                if orbit.insert(image.clone()) {
                    queue.push(image);
                }
            }
        }
        let smallest = orbit.iter().min().expect("an orbit is never empty").clone();
        for k in orbit {
            let _ = class.insert(k, smallest.clone());
        }
    }
    class
}

/// The solutions no greater than their image under every element: what
/// lex-leader constraints for exactly these elements keep.
fn lex_leaders(solutions: &[Key], elements: &[&Element]) -> BTreeSet<Key> {
    solutions
        .iter()
        .filter(|k| elements.iter().all(|g| **k <= g(k)))
        .cloned()
        .collect()
}

/// The symmetries of a `rows x cols` rectangle other than the identity, as
/// maps of (row, column): seven for a square, three otherwise.
fn rectangle_maps(rows: usize, cols: usize) -> Vec<Vec<(usize, usize)>> {
    let mut maps = Vec::new();
    for transpose in [false, true] {
        if transpose && rows != cols {
            continue;
        }
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                if !(transpose || flip_rows || flip_cols) {
                    continue;
                }
                let map = (0..rows)
                    .flat_map(|i| (0..cols).map(move |j| (i, j)))
                    .map(|(i, j)| {
                        let (a, b) = if transpose { (j, i) } else { (i, j) };
                        (
                            if flip_rows { rows - 1 - a } else { a },
                            if flip_cols { cols - 1 - b } else { b },
                        )
                    })
                    .collect();
                maps.push(map);
            }
        }
    }
    maps
}

/// The non-identity symmetries of a rectangle of cells, each a key
/// position or a constant (`None`, which every symmetry must fix).
fn grid(cells: &[Vec<Option<usize>>]) -> Vec<Element> {
    let (rows, cols) = (cells.len(), cells[0].len());
    rectangle_maps(rows, cols)
        .into_iter()
        .map(|map| {
            let cells = cells.to_vec();
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for (cell, &(i2, j2)) in map.iter().enumerate() {
                    let (i, j) = (cell / cols, cell % cols);
                    match (cells[i][j], cells[i2][j2]) {
                        (Some(p), Some(q)) => out[q] = key[p],
                        (None, None) => {}
                        _ => panic!("oracle: a constant cell is moved onto a variable"),
                    }
                }
                out
            }) as Element
        })
        .collect()
}

/// The non-identity symmetries of the `rows x cols` board whose cell
/// (r, c) is the literal `key[c] == r` (a queen per column).
fn board(rows: usize, cols: usize) -> Vec<Element> {
    rectangle_maps(rows, cols)
        .into_iter()
        .map(|map| {
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for c in 0..cols {
                    let r = key[c] as usize;
                    let (r2, c2) = map[r * cols + c];
                    out[c2] = r2 as i64;
                }
                out
            }) as Element
        })
        .collect()
}

/// The swaps of neighbouring lines (each a list of key positions): they
/// generate every permutation of the lines.
fn line_swaps(lines: &[Vec<usize>]) -> Vec<Element> {
    (0..lines.len().saturating_sub(1))
        .map(|k| {
            let (a, b) = (lines[k].clone(), lines[k + 1].clone());
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for (&p, &q) in a.iter().zip(&b) {
                    out.swap(p, q);
                }
                out
            }) as Element
        })
        .collect()
}

/// The lines read backwards.
fn reversal(lines: &[Vec<usize>]) -> Vec<Element> {
    let lines = lines.to_vec();
    vec![Box::new(move |key: &[i64]| {
        let mut out = key.to_vec();
        for (i, line) in lines.iter().enumerate() {
            for (&p, &q) in line.iter().zip(&lines[lines.len() - 1 - i]) {
                out[q] = key[p];
            }
        }
        out
    })]
}

/// The swaps of neighbouring values at `positions`: they generate every
/// renaming of the values.
fn value_swaps(positions: &[usize], values: &[i64]) -> Vec<Element> {
    values
        .windows(2)
        .map(|pair| {
            let (a, b) = (pair[0], pair[1]);
            let positions = positions.to_vec();
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for &p in &positions {
                    out[p] = match key[p] {
                        v if v == a => b,
                        v if v == b => a,
                        v => v,
                    };
                }
                out
            }) as Element
        })
        .collect()
}

/// Key positions `offset..` of an `rows x cols` matrix, row by row.
fn matrix_rows(offset: usize, rows: usize, cols: usize) -> Vec<Vec<usize>> {
    (0..rows)
        .map(|i| (0..cols).map(|j| offset + i * cols + j).collect())
        .collect()
}

/// The same matrix column by column.
fn matrix_columns(offset: usize, rows: usize, cols: usize) -> Vec<Vec<usize>> {
    (0..cols)
        .map(|j| (0..rows).map(|i| offset + i * cols + j).collect())
        .collect()
}

/// The positions as grid cells.
fn as_cells(lines: &[Vec<usize>]) -> Vec<Vec<Option<usize>>> {
    lines
        .iter()
        .map(|l| l.iter().map(|&p| Some(p)).collect())
        .collect()
}

fn range(lo: i64, hi: i64) -> Vec<i64> {
    (lo..=hi).collect()
}

// ---------------------------------------------------------------------
// Running the solver
// ---------------------------------------------------------------------

/// The integers of a JSON value, arrays flattened row by row.
fn flatten(value: &Value, out: &mut Key) {
    match value {
        Value::Array(items) => items.iter().for_each(|v| flatten(v, out)),
        Value::Bool(b) => out.push(i64::from(*b)),
        v => out.push(int(v)),
    }
}

/// The key of a JSON solution: the named variables' values in order.
fn key_of(solution: &Value, names: &[&str]) -> Key {
    let mut key = Vec::new();
    for name in names {
        let value = solution
            .get(*name)
            .unwrap_or_else(|| panic!("no variable `{name}` in {solution}"));
        flatten(value, &mut key);
    }
    key
}

/// The keys of every solution `solve` prints with `--json`, asserting that
/// none is printed twice.
fn keys(args: &[&str], names: &[&str]) -> BTreeSet<Key> {
    let mut all = args.to_vec();
    all.push("--json");
    let solutions = json_solutions(&all);
    let keys: BTreeSet<Key> = solutions.iter().map(|s| key_of(s, names)).collect();
    assert_eq!(keys.len(), solutions.len(), "{args:?}: a solution twice");
    keys
}

/// `solve check-symmetry` on `args`: stdout and exit code.
fn check_symmetry(args: &[&str]) -> (String, i32) {
    let mut all = vec!["check-symmetry"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    assert!(
        code == 0 || code == 1,
        "{all:?}: exit {code}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    (stdout, code)
}

/// Asserts that `stdout` has a line equal to `line`.
fn has_line(stdout: &str, line: &str) {
    assert!(
        stdout.lines().any(|l| l == line),
        "no line {line:?} in:\n{stdout}"
    );
}

/// The number in the line starting with `prefix` (`lost: 3 class(es) ...`),
/// or `None` when there is no such line.
fn number_after(stdout: &str, prefix: &str) -> Option<usize> {
    let line = stdout.lines().find_map(|l| l.strip_prefix(prefix))?;
    let digits: String = line
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some(
        digits
            .parse()
            .unwrap_or_else(|_| panic!("no number after {prefix:?} in {line:?}")),
    )
}

/// Runs `solve` and asserts a spec error: exit 2, stderr containing `what`.
fn spec_error(args: &[&str], what: &str) {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 2,
        "{args:?}: expected exit 2\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        stderr.contains(what),
        "{args:?}: expected {what:?} in stderr:\n{stderr}"
    );
}

// ---------------------------------------------------------------------
// Models checked against the brute force
// ---------------------------------------------------------------------

/// A small spec with declared symmetries and its brute-force counterpart.
struct Model {
    label: String,
    /// The `[vars]` and `[constraints]` sections' lines.
    vars: String,
    constraints: String,
    /// The declared variables, in declaration order.
    names: Vec<&'static str>,
    /// Every solution's key, from the brute force.
    solutions: Vec<Key>,
    /// Each declaration: its `[symmetry]` line's name, the line, and the
    /// elements it stands for.
    groups: Vec<(&'static str, String, Vec<Element>)>,
}

impl Model {
    fn spec(&self, lex_leader: bool) -> String {
        let mut symmetry = String::new();
        if lex_leader {
            symmetry.push_str("break = \"lex-leader\"\n");
        }
        for (name, line, _) in &self.groups {
            symmetry.push_str(&format!("{name} = {line}\n"));
        }
        format!(
            "name = \"{}\"\n\n[vars]\n{}\n[constraints]\n{}\n[symmetry]\n{symmetry}",
            self.label, self.vars, self.constraints
        )
    }

    /// Checks every command of the feature against the brute force:
    /// `--unique` (count and solutions), `break = "lex-leader"` (count and
    /// solutions), and `check-symmetry`'s figures.
    fn check(&self) {
        let label = &self.label;
        let names = &self.names;
        let elements: Vec<&Element> = self.groups.iter().flat_map(|g| &g.2).collect();
        let class = classes(&self.solutions, &elements);
        let representatives: BTreeSet<Key> = class.values().cloned().collect();
        let leaders = lex_leaders(&self.solutions, &elements);
        assert!(
            representatives.is_subset(&leaders),
            "oracle: the smallest key of a class is below all its images"
        );
        assert!(
            !self.solutions.is_empty(),
            "{label}: pick a model with solutions"
        );

        let plain = TempSpec::new("symmetry-plain", &self.spec(false));
        let broken = TempSpec::new("symmetry-lex", &self.spec(true));
        let (plain, broken) = (plain.path(), broken.path());
        assert_eq!(
            count(&[plain]) as usize,
            self.solutions.len(),
            "{label}: declarations alone break nothing"
        );
        assert_eq!(
            count(&[plain, "--unique"]) as usize,
            representatives.len(),
            "{label}: --unique --count is the number of classes"
        );
        assert_eq!(
            keys(&[plain, "--unique", "--all"], names),
            representatives,
            "{label}: --unique keeps the smallest key of each class"
        );
        assert_eq!(
            count(&[broken, "--no-symmetry"]) as usize,
            self.solutions.len(),
            "{label}: --no-symmetry drops the generated constraints"
        );
        assert_eq!(
            count(&[broken, "--unique"]) as usize,
            representatives.len(),
            "{label}: --unique runs without the breaking constraints"
        );
        assert_eq!(
            keys(&[broken, "--all"], names),
            leaders,
            "{label}: lex-leader keeps the solutions below each element's image"
        );
        if self.groups.len() == 1 {
            assert_eq!(
                leaders, representatives,
                "{label}: lex-leader for one group keeps exactly the smallest of each class"
            );
        }

        // check-symmetry: the same figures, and the classes kept twice;
        // without breaking constraints, nothing to check them against.
        let (stdout, code) = check_symmetry(&[plain]);
        assert_eq!(code, 0, "{label}:\n{stdout}");
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with("no breaking constraints")),
            "{label}:\n{stdout}"
        );
        let mut kept: HashMap<&Key, usize> = HashMap::new();
        for k in &leaders {
            *kept.entry(&class[k]).or_default() += 1;
        }
        let twice = kept.values().filter(|&&n| n > 1).count();
        let (stdout, code) = check_symmetry(&[broken]);
        let group_names: Vec<&str> = self.groups.iter().map(|g| g.0).collect();
        has_line(
            &stdout,
            &format!(
                "solutions without the breaking constraints: {}",
                self.solutions.len()
            ),
        );
        has_line(
            &stdout,
            &format!(
                "classes under the declared symmetries ({}): {}",
                group_names.join(", "),
                representatives.len()
            ),
        );
        has_line(
            &stdout,
            &format!(
                "kept by the breaking constraints: {} solution(s)",
                leaders.len()
            ),
        );
        assert_eq!(number_after(&stdout, "lost:"), None, "{label}:\n{stdout}");
        if twice == 0 {
            has_line(&stdout, "every class keeps exactly one solution: ok");
            assert_eq!(code, 0, "{label}:\n{stdout}");
        } else {
            assert_eq!(
                number_after(&stdout, "kept more than once:"),
                Some(twice),
                "{label}:\n{stdout}"
            );
            assert_eq!(code, 1, "{label}:\n{stdout}");
        }
    }
}

/// Graph colouring with interchangeable colours; with `x`, a variable
/// outside the group declared first (`x <= 1` or the first and last
/// vertices share a colour, which no renaming changes).
fn colouring(
    label: &str,
    vertices: usize,
    edges: &[(usize, usize)],
    colours: i64,
    x: bool,
) -> Model {
    let offset = usize::from(x);
    let mut vars = String::new();
    let mut constraints = String::new();
    let mut domains = Vec::new();
    let mut names = Vec::new();
    if x {
        vars.push_str("x = \"0..2\"\n");
        constraints.push_str(&format!(
            "x_link = \"x <= 1 or c[0] == c[{}]\"\n",
            vertices - 1
        ));
        domains.push(range(0, 2));
        names.push("x");
    }
    vars.push_str(&format!(
        "c = {{ index = \"0..{}\", domain = \"1..{colours}\" }}\n",
        vertices - 1
    ));
    names.push("c");
    domains.extend(std::iter::repeat_n(range(1, colours), vertices));
    for (i, (a, b)) in edges.iter().enumerate() {
        constraints.push_str(&format!("e{i} = \"c[{a}] != c[{b}]\"\n"));
    }
    let edges = edges.to_vec();
    let ok = move |k: &[i64]| {
        edges.iter().all(|&(a, b)| k[offset + a] != k[offset + b])
            && (offset == 0 || k[0] <= 1 || k[1] == k[vertices])
    };
    let positions: Vec<usize> = (offset..offset + vertices).collect();
    Model {
        label: label.to_string(),
        vars,
        constraints,
        names,
        solutions: assignments(&domains, &ok),
        groups: vec![(
            "colours",
            "{ values = \"c\" }".to_string(),
            value_swaps(&positions, &range(1, colours)),
        )],
    }
}

/// Which groups a 0/1 matrix model declares.
#[derive(Clone, Copy, Debug)]
enum Lines {
    Rows,
    Columns,
    /// Columns, declared as the rows of the transposed matrix.
    ColumnsTransposed,
    Both,
}

/// A `rows x cols` 0/1 matrix, every row summing to `row_sum`, every column
/// to at most `col_max`; with `total`, a variable `t` declared first holding
/// the number of ones.
fn matrix(
    rows: usize,
    cols: usize,
    row_sum: i64,
    col_max: i64,
    total: bool,
    lines: Lines,
) -> Model {
    let (r1, c1) = (rows - 1, cols - 1);
    let offset = usize::from(total);
    let mut vars = String::new();
    let mut constraints = format!(
        "rows = \"forall(sum(m[i][j] for j in 0..{c1}) == {row_sum} for i in 0..{r1})\"\n\
         cols = \"forall(sum(m[i][j] for i in 0..{r1}) <= {col_max} for j in 0..{c1})\"\n"
    );
    let mut domains = Vec::new();
    let mut names = Vec::new();
    if total {
        vars.push_str(&format!("t = \"0..{}\"\n", rows * cols));
        constraints.push_str(&format!(
            "total = \"t == sum(m[i][j] for i in 0..{r1} for j in 0..{c1})\"\n"
        ));
        domains.push(range(0, (rows * cols) as i64));
        names.push("t");
    }
    vars.push_str(&format!(
        "m = {{ index = [\"0..{r1}\", \"0..{c1}\"], domain = \"0..1\" }}\n"
    ));
    names.push("m");
    domains.extend(std::iter::repeat_n(range(0, 1), rows * cols));
    let ok = move |k: &[i64]| {
        let m = |i: usize, j: usize| k[offset + i * cols + j];
        (0..rows).all(|i| (0..cols).map(|j| m(i, j)).sum::<i64>() == row_sum)
            && (0..cols).all(|j| (0..rows).map(|i| m(i, j)).sum::<i64>() <= col_max)
            && (offset == 0 || k[0] == k[1..].iter().sum::<i64>())
    };
    let by_rows = (
        "r",
        "{ rows = \"m\" }".to_string(),
        line_swaps(&matrix_rows(offset, rows, cols)),
    );
    let by_columns = (
        "c",
        "{ columns = \"m\" }".to_string(),
        line_swaps(&matrix_columns(offset, rows, cols)),
    );
    let groups = match lines {
        Lines::Rows => vec![by_rows],
        Lines::Columns => vec![by_columns],
        Lines::ColumnsTransposed => vec![(
            "c",
            format!("{{ rows = \"[[m[i][j] for i in 0..{r1}] for j in 0..{c1}]\" }}"),
            by_columns.2,
        )],
        Lines::Both => vec![by_rows, by_columns],
    };
    Model {
        label: format!(
            "{rows}x{cols} rows sum {row_sum}, columns <= {col_max}, {lines:?}, total {total}"
        ),
        vars,
        constraints,
        names,
        solutions: assignments(&domains, &ok),
        groups,
    }
}

impl Model {
    /// The same model over `bool` cells (0/1 is false/true): a declared
    /// `bool` variable is a cell as any other (README, Symmetry).
    fn over_bools(mut self) -> Model {
        assert!(self.vars.contains("domain = \"0..1\""), "{}", self.vars);
        self.vars = self.vars.replace("domain = \"0..1\"", "domain = \"bool\"");
        self.label += ", bool";
        self
    }
}

/// `rows x cols` 0/1 matrix with `ones` ones, no two orthogonally adjacent,
/// declared as a grid.
fn independent_sets(rows: usize, cols: usize, ones: i64) -> Model {
    let (r1, c1) = (rows - 1, cols - 1);
    let constraints = format!(
        "ones = \"sum(m[i][j] for i in 0..{r1} for j in 0..{c1}) == {ones}\"\n\
         across = \"forall(m[i][j] + m[i][j+1] <= 1 for i in 0..{r1} for j in 0..{})\"\n\
         down = \"forall(m[i][j] + m[i+1][j] <= 1 for i in 0..{} for j in 0..{c1})\"\n",
        c1 - 1,
        r1 - 1
    );
    let ok = move |k: &[i64]| {
        let m = |i: usize, j: usize| k[i * cols + j];
        k.iter().sum::<i64>() == ones
            && (0..rows).all(|i| (0..c1).all(|j| m(i, j) + m(i, j + 1) <= 1))
            && (0..r1).all(|i| (0..cols).all(|j| m(i, j) + m(i + 1, j) <= 1))
    };
    Model {
        label: format!("{rows}x{cols} independent sets of {ones}"),
        vars: format!("m = {{ index = [\"0..{r1}\", \"0..{c1}\"], domain = \"0..1\" }}\n"),
        constraints,
        names: vec!["m"],
        solutions: assignments(&vec![range(0, 1); rows * cols], &ok),
        groups: vec![(
            "square",
            "{ grid = \"m\" }".to_string(),
            grid(&as_cells(&matrix_rows(0, rows, cols))),
        )],
    }
}

// ---------------------------------------------------------------------
// The shipped specs
// ---------------------------------------------------------------------

/// `--unique --count` gives the PUZZLES.md figures: queens n = 4..10 up to
/// the board's symmetries, 880 magic squares of order 4, 1 of order 3, 6
/// magic rings of eight (48 without breaking).
#[test]
fn unique_counts_the_known_classes() {
    for (n, classes) in [(4, 1), (5, 2), (6, 1), (7, 6), (8, 12), (9, 46), (10, 92)] {
        let set = format!("n={n}");
        assert_eq!(
            count(&["specs/queens.toml", "--set", &set, "--unique"]),
            classes,
            "queens n={n} up to symmetry"
        );
    }
    assert_eq!(
        count(&["specs/magic.toml", "--set", "n=4", "--unique"]),
        880,
        "magic squares of order 4 up to symmetry"
    );
    assert_eq!(
        count(&["specs/magic.toml", "--set", "n=3", "--unique"]),
        1,
        "the Lo Shu square"
    );
    assert_eq!(
        count(&["specs/magic8.toml", "--unique"]),
        6,
        "magic rings of eight"
    );
    assert_eq!(
        count(&["specs/magic8.toml", "--no-symmetry"]),
        48,
        "magic rings of eight, all"
    );
}

/// `--unique` keeps, of each class of queens, the placement with the
/// smallest q: the brute force's 12 for n = 8; alone it prints the first of
/// `--all`, with `--limit` the first few.
#[test]
fn unique_keeps_the_smallest_queens_of_each_class() {
    let solutions: Vec<Key> = brute_queens(8).into_iter().collect();
    let elements = board(8, 8);
    let refs: Vec<&Element> = elements.iter().collect();
    let representatives: BTreeSet<Key> = classes(&solutions, &refs).into_values().collect();
    assert_eq!(representatives.len(), 12, "oracle: 12 classes of 8 queens");
    assert_eq!(
        keys(&["specs/queens.toml", "--unique", "--all"], &["q"]),
        representatives,
        "--unique --all: the smallest q of each class"
    );
    let all = json_solutions(&["specs/queens.toml", "--unique", "--all", "--json"]);
    let first = json_solutions(&["specs/queens.toml", "--unique", "--json"]);
    assert_eq!(
        first,
        all[..1],
        "--unique alone: the first of --unique --all"
    );
    let three = json_solutions(&["specs/queens.toml", "--unique", "--limit", "3", "--json"]);
    assert_eq!(three, all[..3], "--unique --limit 3: the first three");
}

/// The shipped specs' hand-written rules keep exactly one solution per
/// declared class: check-symmetry says ok, with the class counts of
/// PUZZLES.md; magic.toml declares its group without rules.
#[test]
fn check_symmetry_passes_on_the_shipped_specs() {
    let specs: [(&[&str], usize, usize); 6] = [
        (&["specs/queens.toml"], 92, 12),
        (&["specs/queens.toml", "--set", "n=6"], 4, 1),
        (&["specs/magic8.toml"], 48, 6),
        (&["specs/magic8-primes.toml"], 8, 1),
        (&["specs/magic9.toml"], 8, 1),
        (
            &[
                "specs/dominating-queens.toml",
                "--set",
                "n=4",
                "--no-objective",
            ],
            64903,
            8460,
        ),
    ];
    for (args, solutions, classes) in specs {
        let (stdout, code) = check_symmetry(args);
        assert_eq!(code, 0, "{args:?}:\n{stdout}");
        has_line(
            &stdout,
            &format!("solutions without the breaking constraints: {solutions}"),
        );
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with("classes under the declared symmetries (")
                    && l.ends_with(&format!("): {classes}"))),
            "{args:?}: {classes} classes expected:\n{stdout}"
        );
        has_line(
            &stdout,
            &format!("kept by the breaking constraints: {classes} solution(s)"),
        );
        has_line(&stdout, "every class keeps exactly one solution: ok");
    }
    let (stdout, code) = check_symmetry(&["specs/magic.toml"]);
    assert_eq!(code, 0, "{stdout}");
    has_line(&stdout, "classes under the declared symmetries (square): 1");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("no breaking constraints")),
        "magic.toml has no rules:\n{stdout}"
    );
}

/// dominating-queens on 4 x 4 (objective off): 64903 dominating sets in
/// 8460 classes under the square's symmetries, by brute force over the
/// 2^16 boards.
#[test]
fn dominating_sets_of_four_by_four_match_the_brute_force() {
    let n = 4usize;
    let dominated = |k: &[i64]| {
        (0..n * n).all(|cell| {
            let (r, c) = ((cell / n) as i64, (cell % n) as i64);
            (0..n * n).any(|q| {
                let (i, j) = ((q / n) as i64, (q % n) as i64);
                k[q] == 1 && (i == r || j == c || i - j == r - c || i + j == r + c)
            })
        })
    };
    let solutions = assignments(&vec![range(0, 1); n * n], &dominated);
    let elements = grid(&as_cells(&matrix_rows(0, n, n)));
    let refs: Vec<&Element> = elements.iter().collect();
    let representatives: HashSet<Key> = classes(&solutions, &refs).into_values().collect();
    assert_eq!(
        (solutions.len(), representatives.len()),
        (64903, 8460),
        "oracle"
    );
    let spec = |extra: &str| -> u64 {
        count(&[
            "specs/dominating-queens.toml",
            "--set",
            "n=4",
            "--no-objective",
            extra,
        ])
    };
    assert_eq!(spec("--no-symmetry"), 64903, "every dominating set");
    assert_eq!(
        spec("--unique"),
        8460,
        "--unique --no-objective: one dominating set per class"
    );

    // With the objective: the fewest queens, and the optimal boards up to
    // the square's symmetries (--unique, check-symmetry).
    let fewest = solutions
        .iter()
        .map(|k| k.iter().sum::<i64>())
        .min()
        .unwrap();
    let optimal: Vec<Key> = solutions
        .iter()
        .filter(|k| k.iter().sum::<i64>() == fewest)
        .cloned()
        .collect();
    let optimal_classes: HashSet<Key> = classes(&optimal, &refs).into_values().collect();
    let args = ["specs/dominating-queens.toml", "--set", "n=4"];
    let (stdout, stderr, code) = solve(&[args[0], args[1], args[2], "--unique", "--count"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        format!("optimal: {fewest}\n{}\n", optimal_classes.len())
    );
    let (stdout, code) = check_symmetry(&args);
    assert_eq!(code, 0, "{stdout}");
    has_line(
        &stdout,
        &format!("optimal without the breaking constraints: {fewest}"),
    );
    has_line(
        &stdout,
        &format!(
            "optimal solutions without the breaking constraints: {}",
            optimal.len()
        ),
    );
    has_line(
        &stdout,
        &format!(
            "classes under the declared symmetries (square): {}",
            optimal_classes.len()
        ),
    );
    has_line(&stdout, "every class keeps exactly one solution: ok");
}

// ---------------------------------------------------------------------
// Wrong rules and declarations
// ---------------------------------------------------------------------

/// queens.toml with its hand-written rules replaced by `rules`.
fn queens_with(rules: &str) -> TempSpec {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/queens.toml"))
        .expect("specs/queens.toml");
    let start = text.find("\nflip_rows").expect("queens.toml's first rule");
    let end = text.find("[search]").expect("queens.toml's [search]");
    let spec = format!("{}{rules}\n\n{}", &text[..=start], &text[end..]);
    assert!(
        spec.contains("{ grid = \"[[q[c] == r"),
        "the declaration stays"
    );
    TempSpec::new("symmetry-queens", &spec)
}

/// A breaking rule as a predicate on q.
type Rule = dyn Fn(&[i64]) -> bool;

/// (kept, lost, twice): how many n-queens placements satisfy `rule`, and
/// how many classes have none of them and more than one.
fn queens_rule(n: i64, rule: &Rule) -> (usize, usize, usize) {
    let solutions: Vec<Key> = brute_queens(n).into_iter().collect();
    let elements = board(n as usize, n as usize);
    let refs: Vec<&Element> = elements.iter().collect();
    let class = classes(&solutions, &refs);
    let mut kept: HashMap<&Key, usize> = class.values().map(|c| (c, 0)).collect();
    let mut total = 0;
    for s in solutions.iter().filter(|s| rule(s)) {
        *kept.get_mut(&class[s]).expect("a class") += 1;
        total += 1;
    }
    let lost = kept.values().filter(|&&k| k == 0).count();
    let twice = kept.values().filter(|&&k| k > 1).count();
    (total, lost, twice)
}

/// check-symmetry catches a rule that loses classes (`q[0] == 0`) and one
/// that keeps some twice (`q[0] < q[n-1]`), with the brute force's counts.
#[test]
fn check_symmetry_catches_wrong_and_incomplete_rules() {
    let cases: [(&str, &Rule); 2] = [
        ("first = \"q[0] == 0\"", &|q| q[0] == 0),
        ("first = \"q[0] < q[n-1]\"", &|q| q[0] < q[q.len() - 1]),
    ];
    for (rule, oracle) in cases {
        let spec = queens_with(rule);
        for n in [6, 8] {
            let (kept, lost, twice) = queens_rule(n, oracle);
            let set = format!("n={n}");
            let (stdout, code) = check_symmetry(&[spec.path(), "--set", &set]);
            let what = format!("{rule}, n={n}:\n{stdout}");
            has_line(
                &stdout,
                &format!("kept by the breaking constraints: {kept} solution(s)"),
            );
            let lost_line = number_after(&stdout, "lost:");
            let twice_line = number_after(&stdout, "kept more than once:");
            assert_eq!(lost_line, (lost > 0).then_some(lost), "{what}");
            assert_eq!(twice_line, (twice > 0).then_some(twice), "{what}");
            assert!(lost + twice > 0, "oracle: the rule is wrong at n={n}");
            assert_eq!(code, 1, "{what}");
            assert!(!stdout.contains(": ok"), "{what}");
        }
    }
    // The figures that make these cases what they claim to be.
    assert_eq!(
        queens_rule(6, &|q| q[0] == 0),
        (0, 1, 0),
        "n=6 loses its class"
    );
    assert_eq!(
        queens_rule(8, &|q| q[0] < q[7]),
        (46, 0, 12),
        "n=8 keeps all twice"
    );
}

/// A declaration that is not a symmetry of the solutions (the rows of a
/// magic square are not interchangeable: the diagonals change) is reported
/// with "not a symmetry" and exit 1.
#[test]
fn check_symmetry_catches_a_wrong_declaration() {
    let spec = TempSpec::new(
        "symmetry-magic-rows",
        r#"name = "magic 3 with a wrong symmetry"
[vars]
m = { index = ["0..2", "0..2"], domain = "1..9" }
[constraints]
distinct = "alldifferent(m[i][j] for i in 0..2 for j in 0..2)"
rows     = "forall(sum(m[i][j] for j in 0..2) == 15 for i in 0..2)"
columns  = "forall(sum(m[i][j] for i in 0..2) == 15 for j in 0..2)"
diagonal = "sum(m[i][i] for i in 0..2) == 15"
anti     = "sum(m[i][2-i] for i in 0..2) == 15"
[symmetry]
swap = { rows = "m" }
"#,
    );
    let (stdout, code) = check_symmetry(&[spec.path()]);
    assert_eq!(code, 1, "{stdout}");
    has_line(&stdout, "solutions without the breaking constraints: 8");
    assert!(
        stdout.lines().any(|l| l.starts_with("not a symmetry")),
        "{stdout}"
    );
    assert!(
        !stdout.contains("classes under"),
        "no classes of a wrong group:\n{stdout}"
    );
}

// ---------------------------------------------------------------------
// Every kind against the brute force
// ---------------------------------------------------------------------

/// values: the 5-cycle has 30 colourings with 3 colours, in 5 classes
/// (every colouring uses all three); random graphs, one with a variable
/// outside the group declared first.
#[test]
fn values_match_the_brute_force() {
    let cycle = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)];
    let model = colouring("C5", 5, &cycle, 3, false);
    assert_eq!(model.solutions.len(), 30, "oracle: colourings of C5");
    model.check();
    assert_eq!(
        count(&[TempSpec::new("c5", &model.spec(false)).path(), "--unique"]),
        5
    );
    let mut rng = Rng::new(11);
    for (k, (vertices, colours, x)) in [(6, 3, false), (6, 3, true), (5, 4, false), (6, 4, true)]
        .into_iter()
        .enumerate()
    {
        // Sparse graphs, drawn again until one has a colouring.
        let model = loop {
            let edges: Vec<(usize, usize)> = (0..vertices)
                .flat_map(|a| (a + 1..vertices).map(move |b| (a, b)))
                .filter(|_| rng.one_in(3))
                .collect();
            let label = format!("random graph {k}: {edges:?}");
            let model = colouring(&label, vertices, &edges, colours, x);
            if !model.solutions.is_empty() {
                break model;
            }
        };
        model.check();
    }
}

/// rows and columns of 0/1 matrices, each alone, columns declared as the
/// rows of the transposed matrix, and both together (their product; the
/// lex-leader constraints are then double-lex, which can keep a class
/// twice); fixed and random row sums and column bounds.
#[test]
fn rows_and_columns_match_the_brute_force() {
    for lines in [
        Lines::Rows,
        Lines::Columns,
        Lines::ColumnsTransposed,
        Lines::Both,
    ] {
        matrix(3, 4, 2, 2, false, lines).check();
    }
    matrix(3, 4, 2, 3, true, Lines::Both).check();
    matrix(3, 4, 2, 2, false, Lines::Both).over_bools().check();
    // Random sizes and sums, each kind twice; a column bound of at least
    // the average column sum leaves solutions.
    let mut rng = Rng::new(5);
    for lines in [Lines::Rows, Lines::Columns, Lines::Both].repeat(2) {
        let (rows, cols) = (rng.pick(&[2, 3, 4]), rng.pick(&[3, 4]));
        let row_sum = rng.range(1, cols as i64 - 1);
        let average = (rows as i64 * row_sum + cols as i64 - 1) / cols as i64;
        let col_max = rng.range(average, rows as i64);
        matrix(rows, cols, row_sum, col_max, rng.one_in(2), lines).check();
    }
}

/// reverse: a sequence over 0..2 without two equal neighbours summing to 5,
/// and a sequence of pairs (a[i], b[i]) read backwards.
#[test]
fn reverse_matches_the_brute_force() {
    let ok = |k: &[i64]| k.windows(2).all(|w| w[0] != w[1]) && k.iter().sum::<i64>() == 5;
    Model {
        label: "sequence".to_string(),
        vars: "s = { index = \"0..5\", domain = \"0..2\" }\n".to_string(),
        constraints: "steps = \"forall(s[i] != s[i+1] for i in 0..4)\"\n\
                      total = \"sum(s) == 5\"\n"
            .to_string(),
        names: vec!["s"],
        solutions: assignments(&vec![range(0, 2); 6], &ok),
        groups: vec![(
            "backwards",
            "{ reverse = \"s\" }".to_string(),
            reversal(&(0..6).map(|i| vec![i]).collect::<Vec<_>>()),
        )],
    }
    .check();

    // Key: a[0..3] then b[0..3]; the pairs interleave the two arrays.
    let ok = |k: &[i64]| {
        (0..4).all(|i| k[i] + k[4 + i] >= 1)
            && k[0] + k[3] == 1
            && k[..4].iter().sum::<i64>() == 2
            && k[4] + k[5] == k[6] + k[7]
    };
    Model {
        label: "pairs".to_string(),
        vars: "a = { index = \"0..3\", domain = \"0..1\" }\n\
               b = { index = \"0..3\", domain = \"0..1\" }\n"
            .to_string(),
        constraints: "cover = \"forall(a[i] + b[i] >= 1 for i in 0..3)\"\n\
                      ends = \"a[0] + a[3] == 1\"\n\
                      twos = \"sum(a) == 2\"\n\
                      halves = \"b[0] + b[1] == b[2] + b[3]\"\n"
            .to_string(),
        names: vec!["a", "b"],
        solutions: assignments(&vec![range(0, 1); 8], &ok),
        groups: vec![(
            "backwards",
            "{ reverse = \"[[a[i], b[i]] for i in 0..3]\" }".to_string(),
            reversal(&(0..4).map(|i| vec![i, 4 + i]).collect::<Vec<_>>()),
        )],
    }
    .check();
}

/// grid: independent sets of 0/1 squares (8 symmetries) and rectangles (4),
/// boards of literals `q[c] == r` (rooks, no two on diagonal neighbours, on
/// a square; rooks on a rectangle), and a ring whose centre is a constant.
#[test]
fn grid_matches_the_brute_force() {
    independent_sets(3, 3, 3).check();
    independent_sets(4, 4, 5).check();
    independent_sets(3, 4, 4).check();
    independent_sets(2, 3, 2).check();
    independent_sets(4, 4, 5).over_bools().check();

    let n = 5usize;
    let kings = |q: &[i64]| {
        q.iter().collect::<HashSet<_>>().len() == q.len()
            && q.windows(2).all(|w| (w[0] - w[1]).abs() != 1)
    };
    Model {
        label: "rooks apart".to_string(),
        vars: "q = { index = \"0..4\", domain = \"0..4\" }\n".to_string(),
        constraints: "rows = \"alldifferent(q)\"\n\
                      apart = \"forall(abs(q[c] - q[c+1]) != 1 for c in 0..3)\"\n"
            .to_string(),
        names: vec!["q"],
        solutions: assignments(&vec![range(0, 4); n], &kings),
        groups: vec![(
            "board",
            "{ grid = \"[[q[c] == r for c in 0..4] for r in 0..4]\" }".to_string(),
            board(n, n),
        )],
    }
    .check();

    // A 5 x 3 board: flipping the rows maps q[c] to 4 - q[c].
    let middle = |q: &[i64]| q.iter().collect::<HashSet<_>>().len() == 3 && q[1] != 2;
    Model {
        label: "rooks on 5 x 3".to_string(),
        vars: "q = { index = \"0..2\", domain = \"0..4\" }\n".to_string(),
        constraints: "rows = \"alldifferent(q)\"\nmiddle = \"q[1] != 2\"\n".to_string(),
        names: vec!["q"],
        solutions: assignments(&vec![range(0, 4); 3], &middle),
        groups: vec![(
            "board",
            "{ grid = \"[[q[c] == r for c in 0..2] for r in 0..4]\" }".to_string(),
            board(5, 3),
        )],
    }
    .check();

    // A B C / D _ E / F G H, every side summing to 3.
    let sides = |k: &[i64]| {
        let s = |a: usize, b: usize, c: usize| k[a] + k[b] + k[c];
        [s(0, 1, 2), s(0, 3, 5), s(2, 4, 7), s(5, 6, 7)] == [3; 4]
    };
    let cells = [
        [Some(0), Some(1), Some(2)],
        [Some(3), None, Some(4)],
        [Some(5), Some(6), Some(7)],
    ];
    Model {
        label: "ring".to_string(),
        vars: "x = { index = \"0..7\", domain = \"0..2\" }\n".to_string(),
        constraints: "top = \"x[0] + x[1] + x[2] == 3\"\n\
                      left = \"x[0] + x[3] + x[5] == 3\"\n\
                      right = \"x[2] + x[4] + x[7] == 3\"\n\
                      bottom = \"x[5] + x[6] + x[7] == 3\"\n"
            .to_string(),
        names: vec!["x"],
        solutions: assignments(&vec![range(0, 2); 8], &sides),
        groups: vec![(
            "ring",
            "{ grid = \"[[x[0], x[1], x[2]], [x[3], 0, x[4]], [x[5], x[6], x[7]]]\" }".to_string(),
            grid(&cells.map(|row| row.to_vec())),
        )],
    }
    .check();
}

/// Every Latin square of order n over 1..n, row by row.
fn latin_squares(n: usize) -> Vec<Key> {
    fn extend(n: usize, square: &mut Key, rows: &[Key], found: &mut Vec<Key>) {
        if square.len() == n * n {
            found.push(square.clone());
            return;
        }
        let row = square.len() / n;
        for r in rows {
            if (0..n).all(|j| (0..row).all(|i| square[i * n + j] != r[j])) {
                square.extend_from_slice(r);
                extend(n, square, rows, found);
                square.truncate(row * n);
            }
        }
    }
    let mut items: Vec<i64> = (1..=n as i64).collect();
    let mut rows = Vec::new();
    for_each_permutation(&mut items, &mut |p| rows.push(p.to_vec()));
    let mut found = Vec::new();
    extend(n, &mut Vec::new(), &rows, &mut found);
    found.sort();
    found
}

fn latin_constraints(n: usize) -> String {
    let m = n - 1;
    format!(
        "rows = \"forall(alldifferent(m[i][j] for j in 0..{m}) for i in 0..{m})\"\n\
         columns = \"forall(alldifferent(m[i][j] for i in 0..{m}) for j in 0..{m})\"\n"
    )
}

/// Several groups together (their product): a 3 x 3 grid coloured with
/// interchangeable colours 1..3 (grid + values), the Latin squares of
/// order 4 under rows, columns and values (576 squares, 2 isotopy
/// classes), and of order 3 under grid, rows and values, which do not
/// commute.
#[test]
fn products_of_groups_match_the_brute_force() {
    let proper = |k: &[i64]| {
        (0..3).all(|i| {
            (0..2).all(|j| k[i * 3 + j] != k[i * 3 + j + 1] && k[j * 3 + i] != k[j * 3 + 3 + i])
        })
    };
    let cells = matrix_rows(0, 3, 3);
    let all: Vec<usize> = (0..9).collect();
    Model {
        label: "coloured square".to_string(),
        vars: "m = { index = [\"0..2\", \"0..2\"], domain = \"1..3\" }\n".to_string(),
        constraints: "across = \"forall(m[i][j] != m[i][j+1] for i in 0..2 for j in 0..1)\"\n\
                      down = \"forall(m[i][j] != m[i+1][j] for i in 0..1 for j in 0..2)\"\n"
            .to_string(),
        names: vec!["m"],
        solutions: assignments(&vec![range(1, 3); 9], &proper),
        groups: vec![
            (
                "square",
                "{ grid = \"m\" }".to_string(),
                grid(&as_cells(&cells)),
            ),
            (
                "colours",
                "{ values = \"m\" }".to_string(),
                value_swaps(&all, &range(1, 3)),
            ),
        ],
    }
    .check();

    let latin4 = latin_squares(4);
    assert_eq!(latin4.len(), 576, "oracle: Latin squares of order 4");
    let model = Model {
        label: "Latin 4".to_string(),
        vars: "m = { index = [\"0..3\", \"0..3\"], domain = \"1..4\" }\n".to_string(),
        constraints: latin_constraints(4),
        names: vec!["m"],
        solutions: latin4,
        groups: vec![
            (
                "r",
                "{ rows = \"m\" }".to_string(),
                line_swaps(&matrix_rows(0, 4, 4)),
            ),
            (
                "c",
                "{ columns = \"m\" }".to_string(),
                line_swaps(&matrix_columns(0, 4, 4)),
            ),
            (
                "v",
                "{ values = \"m\" }".to_string(),
                value_swaps(&(0..16).collect::<Vec<_>>(), &range(1, 4)),
            ),
        ],
    };
    let spec = TempSpec::new("latin4", &model.spec(false));
    assert_eq!(
        count(&[spec.path(), "--unique"]),
        2,
        "isotopy classes of order 4"
    );
    model.check();

    let cells = matrix_rows(0, 3, 3);
    Model {
        label: "Latin 3".to_string(),
        vars: "m = { index = [\"0..2\", \"0..2\"], domain = \"1..3\" }\n".to_string(),
        constraints: latin_constraints(3),
        names: vec!["m"],
        solutions: latin_squares(3),
        groups: vec![
            (
                "square",
                "{ grid = \"m\" }".to_string(),
                grid(&as_cells(&cells)),
            ),
            ("r", "{ rows = \"m\" }".to_string(), line_swaps(&cells)),
            (
                "v",
                "{ values = \"m\" }".to_string(),
                value_swaps(&(0..9).collect::<Vec<_>>(), &range(1, 3)),
            ),
        ],
    }
    .check();
}

// ---------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------

/// A 2 x 2 spec with the `[symmetry]` lines given.
fn small_spec(symmetry: &str) -> TempSpec {
    TempSpec::new(
        "symmetry-error",
        &format!(
            "name = \"small\"\n[vars]\nq = {{ index = \"0..1\", domain = \"0..1\" }}\n\
             m = {{ index = [\"0..1\", \"0..1\"], domain = \"0..2\" }}\nx = \"0..5\"\n\
             [constraints]\na = \"q[0] != q[1]\"\n{symmetry}"
        ),
    )
}

/// `--unique` and check-symmetry need a declared group.
#[test]
fn unique_needs_a_declaration() {
    let none = small_spec("");
    spec_error(&[none.path(), "--unique", "--count"], "--unique");
    spec_error(&[none.path(), "--unique"], "--unique");
    let rule_only = small_spec("[symmetry]\nfirst = \"q[0] <= q[1]\"\n");
    spec_error(&[rule_only.path(), "--unique", "--all"], "--unique");
    spec_error(&["check-symmetry", none.path()], "declares no symmetry");
}

/// Bad declarations are spec errors (exit 2): a cell that is neither a
/// variable, a literal nor a constant; two kinds in one table; an unknown
/// key (with a suggestion when close, else the list of keys); values over different domains; a
/// ragged grid; a variable in two cells.
#[test]
fn bad_declarations_are_spec_errors() {
    let cases = [
        ("bad = { grid = \"[[q[0] + 1]]\" }", "a cell must be"),
        (
            "two = { grid = \"m\", rows = \"m\" }",
            "declares two groups",
        ),
        ("typo = { colums = \"m\" }", "did you mean `columns`"),
        ("typo = { gird = \"m\" }", "unknown key `gird`"),
        ("typo = { gird = \"m\" }", "did you mean `grid`"),
        (
            "typo = { sorted = \"m\" }",
            "grid, rows, columns, values, reverse",
        ),
        (
            "both = { grid = \"m\", rule = \"m[0][0] == 0\" }",
            "both a `rule`",
        ),
        ("vals = { values = \"[m[0][0], x]\" }", "share one domain"),
        (
            "ragged = { grid = \"[[m[0][0], m[0][1]], [m[1][0]]]\" }",
            "one length",
        ),
        (
            "twice = { grid = \"[[m[0][0], m[0][0]], [m[1][0], m[1][1]]]\" }",
            "in two cells",
        ),
        // `map`: a permutation of the cells, a one-to-one value map, the
        // right number of parameters, `index`/`value` only with `map`.
        ("m1 = { map = \"q\", index = \"(i) => 0\" }", "both to 0"),
        (
            "m2 = { map = \"q\", index = \"(i) => i + 1\" }",
            "sends 1 to 2, which is no cell",
        ),
        (
            "m3 = { map = \"m\", index = \"(i) => i\" }",
            "`index` takes 2 parameter(s)",
        ),
        (
            "m4 = { map = \"m\", index = \"(i, j) => j\" }",
            "an index of 2 integer(s)",
        ),
        (
            "m5 = { map = \"m\", value = \"(v) => v / 2\" }",
            "sends 0 and 1 both to 0",
        ),
        (
            "m6 = { map = \"m\", value = \"(v, w) => v\" }",
            "`value` takes 1 parameter",
        ),
        ("m7 = { map = \"m\" }", "maps nothing"),
        (
            "m8 = { rows = \"m\", index = \"(i) => i\" }",
            "`index` goes with `map`",
        ),
        (
            "m9 = { map = \"[q[0] == 1, q[1] == 1]\", index = \"(i) => 1 - i\" }",
            "found a literal",
        ),
        (
            "m10 = { map = \"[q[0], 1]\", index = \"(i) => 1 - i\" }",
            "moves the variable `q[0]` onto the constant 1",
        ),
        (
            "m11 = { map = \"[q[0], [q[1]]]\", index = \"(i) => i\" }",
            "at one depth",
        ),
        (
            "m12 = { map = \"q\", index = \"(i) => x\" }",
            "known before solving",
        ),
    ];
    for (line, what) in cases {
        let spec = small_spec(&format!("[symmetry]\n{line}\n"));
        spec_error(&[spec.path(), "--unique", "--count"], what);
        spec_error(&[spec.path(), "--count"], what);
    }
}

/// A board of literals for one value of 0/1 cells (`m[i][j] == 1`): the
/// literals of the other value move with them. Three ones on a 3x3 board:
/// C(9,3) = 84 boards in 16 classes (each counted here by brute force).
#[test]
fn literal_cells_of_one_value_move_the_others_too() {
    let spec = TempSpec::new(
        "symmetry-ones",
        "[vars]\nm = { index = [\"0..2\", \"0..2\"], domain = \"0..1\" }\n[constraints]\nthree = \"sum(m[i][j] for i in 0..2 for j in 0..2) == 3\"\n[symmetry]\ng = { grid = \"[[m[i][j] == 1 for j in 0..2] for i in 0..2]\" }\n",
    );
    let path = spec.path();
    let boards = assignments(&vec![range(0, 1); 9], &|k| k.iter().sum::<i64>() == 3);
    assert_eq!(boards.len(), 84);
    let square = grid(&as_cells(&matrix_rows(0, 3, 3)));
    let elements: Vec<&Element> = square.iter().collect();
    let classes = classes(&boards, &elements);
    let distinct: HashSet<&Key> = classes.values().collect();
    assert_eq!(distinct.len(), 16);
    assert_eq!(count(&[path, "--unique"]), 16);
}

/// `break = "lex-leader"` with nothing declared to break, and `--unique`
/// on a puzzle of moves: errors, not silent no-ops.
#[test]
fn lex_leader_without_declarations_and_unique_on_a_puzzle_are_errors() {
    let spec = TempSpec::new(
        "symmetry-nothing",
        "[vars]\nx = \"1..3\"\n[symmetry]\nbreak = \"lex-leader\"\n",
    );
    spec_error(&[spec.path(), "--count"], "declares none");
    spec_error(&["specs/water-jugs.toml", "--unique"], "--unique");
}

// ---------------------------------------------------------------------
// Symmetries written as functions: `map`
// ---------------------------------------------------------------------

/// The key positions `positions` permuted: the value at `positions[i]`
/// goes to `positions[to[i]]`, with `value` applied.
fn mapped(positions: &[usize], to: &[usize], value: fn(i64) -> i64) -> Element {
    let (positions, to) = (positions.to_vec(), to.to_vec());
    Box::new(move |key: &[i64]| {
        let mut out = key.to_vec();
        for (i, &p) in positions.iter().enumerate() {
            out[positions[to[i]]] = value(key[p]);
        }
        out
    })
}

/// Every non-identity power of the cell permutation `to`.
fn powers(positions: &[usize], to: &[usize]) -> Vec<Element> {
    let mut out = Vec::new();
    let mut power: Vec<usize> = to.to_vec();
    while power.iter().enumerate().any(|(i, &j)| i != j) {
        out.push(mapped(positions, &power, |v| v));
        power = power.iter().map(|&j| to[j]).collect();
        assert!(out.len() < 100, "not a permutation");
    }
    out
}

/// `map` against the brute force: a hexagon's rotation (the cells sent
/// through a table param; the six rotations, so lex-leader keeps one board
/// per class), a value complement, a ruler's mirror (cells reversed and
/// values complemented at once), and a transposition written with two
/// indices.
#[test]
fn maps_match_the_brute_force() {
    // Centre 0, ring 1..6; neighbours differ, 4 colours.
    let edges: Vec<(usize, usize)> = (1..=6).flat_map(|i| [(0, i), (i, i % 6 + 1)]).collect();
    let hex_edges = edges.clone();
    let rotation = [0, 2, 3, 4, 5, 6, 1];
    let positions: Vec<usize> = (0..7).collect();
    let list = edges
        .iter()
        .map(|(a, b)| format!("[{a}, {b}]"))
        .collect::<Vec<_>>()
        .join(", ");
    Model {
        label: "hexagon".to_string(),
        vars: "c = { index = \"0..6\", domain = \"1..4\" }\n".to_string(),
        constraints: format!("colour = \"forall(c[e[0]] != c[e[1]] for e in [{list}])\"\n"),
        names: vec!["c"],
        solutions: assignments(&vec![range(1, 4); 7], &move |k| {
            hex_edges.iter().all(|&(a, b)| k[a] != k[b])
        }),
        groups: vec![(
            "turn",
            "{ map = \"c\", index = \"(i) => [0, 2, 3, 4, 5, 6, 1][i]\" }".to_string(),
            powers(&positions, &rotation),
        )],
    }
    .check();

    // Four different values of 1..6 summing to 14: v -> 7 - v keeps both.
    Model {
        label: "complement".to_string(),
        vars: "x = { index = \"0..3\", domain = \"1..6\" }\n".to_string(),
        constraints: "diff = \"alldifferent(x)\"\nsum = \"sum(x) == 14\"\n".to_string(),
        names: vec!["x"],
        solutions: assignments(&vec![range(1, 6); 4], &|k| {
            k.iter().collect::<HashSet<_>>().len() == 4 && k.iter().sum::<i64>() == 14
        }),
        groups: vec![(
            "flip",
            "{ map = \"x\", value = \"(v) => 7 - v\" }".to_string(),
            vec![mapped(&[0, 1, 2, 3], &[0, 1, 2, 3], |v| 7 - v)],
        )],
    }
    .check();

    // Rulers of 4 marks within 0..7 starting at 0, all differences
    // distinct, ending at 7: the mirror x[i] -> 7 - x[3 - i].
    let ruler = |k: &[i64]| {
        let mut d = Vec::new();
        for i in 0..4 {
            for j in i + 1..4 {
                d.push(k[j] - k[i]);
            }
        }
        k[0] == 0
            && k[3] == 7
            && k.windows(2).all(|w| w[0] < w[1])
            && d.iter().collect::<HashSet<_>>().len() == d.len()
    };
    Model {
        label: "ruler".to_string(),
        vars: "x = { index = \"0..3\", domain = \"0..7\" }\n".to_string(),
        constraints: "ends = \"x[0] == 0 and x[3] == 7\"\n\
                      rising = \"forall(x[i] < x[i+1] for i in 0..2)\"\n\
                      apart = \"alldifferent(x[j] - x[i] for i in 0..3 for j in 0..3 if i < j)\"\n"
            .to_string(),
        names: vec!["x"],
        solutions: assignments(&vec![range(0, 7); 4], &ruler),
        groups: vec![(
            "mirror",
            "{ map = \"x\", index = \"(i) => 3 - i\", value = \"(v) => 7 - v\" }".to_string(),
            vec![mapped(&[0, 1, 2, 3], &[3, 2, 1, 0], |v| 7 - v)],
        )],
    }
    .check();

    // A 3x3 0/1 matrix with two ones, none on the anti-diagonal: the
    // transposition (r, c) -> (c, r) written as a map of two indices.
    let transpose: Vec<usize> = (0..9).map(|p| (p % 3) * 3 + p / 3).collect();
    Model {
        label: "transpose".to_string(),
        vars: "m = { index = [\"0..2\", \"0..2\"], domain = \"0..1\" }\n".to_string(),
        constraints: "two = \"sum(m[i][j] for i in 0..2 for j in 0..2) == 2\"\n\
                      anti = \"forall(m[i][2 - i] == 0 for i in 0..2)\"\n"
            .to_string(),
        names: vec!["m"],
        solutions: assignments(&vec![range(0, 1); 9], &|k| {
            k.iter().sum::<i64>() == 2 && k[2] == 0 && k[4] == 0 && k[6] == 0
        }),
        groups: vec![(
            "t",
            "{ map = \"m\", index = \"(r, c) => [c, r]\" }".to_string(),
            vec![mapped(&(0..9).collect::<Vec<_>>(), &transpose, |v| v)],
        )],
    }
    .check();
}

/// A map that is not a symmetry of the solutions (v -> 7 - v does not keep
/// a sum of 13) is caught by check-symmetry, exit 1.
#[test]
fn check_symmetry_catches_a_wrong_map() {
    let spec = TempSpec::new(
        "symmetry-wrong-map",
        "[vars]\nx = { index = \"0..3\", domain = \"1..6\" }\n[constraints]\ndiff = \"alldifferent(x)\"\nsum = \"sum(x) == 13\"\n[symmetry]\nflip = { map = \"x\", value = \"(v) => 7 - v\" }\n",
    );
    let (stdout, code) = check_symmetry(&[spec.path()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with("not a symmetry")),
        "{stdout}"
    );
}

// ---------------------------------------------------------------------
// Symmetry with an objective: the optimal solutions up to symmetry
// ---------------------------------------------------------------------

/// Golomb rulers of 5 marks by their 4 gaps (1..12 each): every sum of
/// consecutive gaps differs, the length (the gaps' sum) is minimised, and
/// reading the gaps backwards (the ruler's mirror) keeps both.
fn golomb(objective: &str, rules: &str) -> TempSpec {
    TempSpec::new(
        "symmetry-golomb",
        &format!(
            "[vars]\ng = {{ index = \"0..3\", domain = \"1..12\" }}\n\
             [constraints]\ndistinct = \"alldifferent(sum(g[k] for k in i..j) for i in 0..3 for j in 0..3 if i <= j)\"\n\
             [objective]\nminimize = \"{objective}\"\n\
             [symmetry]\nmirror = {{ reverse = \"g\" }}\n{rules}"
        ),
    )
}

/// The rulers by brute force, with their length.
fn golomb_rulers() -> Vec<Key> {
    assignments(&vec![range(1, 12); 4], &|g| {
        let mut sums = Vec::new();
        for i in 0..4 {
            for j in i..4 {
                sums.push(g[i..=j].iter().sum::<i64>());
            }
        }
        sums.iter().collect::<HashSet<_>>().len() == sums.len()
    })
}

/// `--unique` with an objective prints the optimal solutions up to
/// symmetry (each class's smallest), `check-symmetry` checks the breaking
/// against the optimal solutions, and a rule that changes the optimum is
/// caught (the brute force gives the shortest rulers and their classes).
#[test]
fn unique_and_check_symmetry_with_an_objective() {
    let rulers = golomb_rulers();
    let length = |g: &Key| g.iter().sum::<i64>();
    let shortest = rulers.iter().map(length).min().unwrap();
    assert_eq!(shortest, 11, "the shortest ruler of 5 marks (oracle)");
    let optimal: Vec<Key> = rulers
        .iter()
        .filter(|g| length(g) == shortest)
        .cloned()
        .collect();
    let mirror = reversal(&[vec![0], vec![1], vec![2], vec![3]]);
    let refs: Vec<&Element> = mirror.iter().collect();
    let representatives: BTreeSet<Key> = classes(&optimal, &refs).into_values().collect();

    let plain = golomb("sum(g)", "");
    let (stdout, stderr, code) = solve(&[plain.path(), "--unique", "--count"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, format!("optimal: 11\n{}\n", representatives.len()));
    // `optimal: V` first, then every representative.
    let all = json_solutions(&[plain.path(), "--unique", "--all", "--json"]);
    assert_eq!(all[0], serde_json::json!({ "optimal": 11 }));
    let printed: BTreeSet<Key> = all[1..].iter().map(|s| key_of(s, &["g"])).collect();
    assert_eq!(printed.len(), all.len() - 1, "a representative twice");
    assert_eq!(printed, representatives);
    // Without --all: one representative, then `optimal: V`.
    let first = json_solutions(&[plain.path(), "--unique", "--json"]);
    assert_eq!(first.len(), 2, "{first:?}");
    assert!(representatives.contains(&key_of(&first[0], &["g"])));
    assert_eq!(first[1], serde_json::json!({ "optimal": 11 }));

    let (stdout, code) = check_symmetry(&[plain.path()]);
    assert_eq!(code, 0, "{stdout}");
    has_line(&stdout, "optimal without the breaking constraints: 11");
    has_line(
        &stdout,
        &format!(
            "optimal solutions without the breaking constraints: {}",
            optimal.len()
        ),
    );
    has_line(
        &stdout,
        &format!(
            "classes under the declared symmetries (mirror): {}",
            representatives.len()
        ),
    );
    for rule in ["break = \"lex-leader\"", "ends = \"g[0] < g[3]\""] {
        let (stdout, code) = check_symmetry(&[golomb("sum(g)", rule).path()]);
        assert_eq!(code, 0, "{rule}: {stdout}");
        has_line(
            &stdout,
            &format!(
                "kept by the breaking constraints: {} optimal solution(s)",
                representatives.len()
            ),
        );
        has_line(&stdout, "every class keeps exactly one solution: ok");
    }
    // A rule that loses every shortest ruler: the optimum changes.
    let (stdout, code) = check_symmetry(&[golomb("sum(g)", "wrong = \"g[0] > 3\"").path()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("lost: the breaking constraints change the optimum: 11 without them"),
        "{stdout}"
    );
    // Every ruler, the objective ignored: all classes.
    let all: BTreeSet<Key> = classes(&rulers, &refs).into_values().collect();
    let (stdout, code) = check_symmetry(&[plain.path(), "--no-objective"]);
    assert_eq!(code, 0, "{stdout}");
    has_line(
        &stdout,
        &format!(
            "classes under the declared symmetries (mirror): {}",
            all.len()
        ),
    );

    // An objective the mirror does not keep: the shortest ruler with the
    // smallest last gap is [1, 3, 5, 2] reversed; its class's smallest
    // solution, [1, 3, 5, 2], is not optimal.
    let skewed = golomb("10 * sum(g) + g[3]", "");
    let (_, stderr, code) = solve(&[skewed.path(), "--unique", "--count"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--unique cannot trust the declared symmetries"),
        "{stderr}"
    );
    let (stdout, code) = check_symmetry(&[skewed.path()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with("not a symmetry")),
        "{stdout}"
    );
}
