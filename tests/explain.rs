//! `solve explain FILE`: for a spec without solutions it prints a minimal
//! unsatisfiable set of the named constraints of `[constraints]` and
//! `[symmetry]`, one name per line, and exits 1; a top-level
//! `forall(... for i in A for j in B if ...)` is split into items named
//! `NAME[i=2, j=5]` (integer generator values) or `NAME[K]` (0-based
//! position). A satisfiable spec gives exit 0 and `has a solution`, a bad
//! spec exit 2.
//!
//! Oracles, sharing no code with the interpreter:
//! - random small unsatisfiable specs: every constraint (and every forall
//!   item) is generated together with its spec text and its meaning as a
//!   Rust closure; a brute-force enumeration of all assignments checks that
//!   the printed set has no solution and that dropping any one member leaves
//!   one. The same sets are re-solved by the binary (`--count`, forall items
//!   written out as constraints of their own) and must give exactly the
//!   brute-force counts, which also checks that the spec text means what the
//!   closures say;
//! - bulls-and-cows histories whose only minimal conflict is known by hand
//!   (the consistent rows checked with a scoring function written here);
//! - queens n = 3: every printed name is one of the spec's, and the set is
//!   unsatisfiable and minimal when re-solved with `--count`.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use crate::{Rng, TempSpec, count, solve};

/// A constraint: its spec text and its meaning on an assignment of all the
/// variables (the scalars, then `x[0]`, `x[1]`, ...).
type Test = (String, Pred);
type Pred = Rc<dyn Fn(&[i64]) -> bool>;
/// The meaning of a term.
type Num = Rc<dyn Fn(&[i64]) -> i64>;
/// The meaning of a forall body, on (all variables, `x`, i, j).
type Body = Rc<dyn Fn(&[i64], &[i64], usize, usize) -> bool>;

fn pred(f: impl Fn(&[i64]) -> bool + 'static) -> Pred {
    Rc::new(f)
}

fn num(f: impl Fn(&[i64]) -> i64 + 'static) -> Num {
    Rc::new(f)
}

fn body(f: impl Fn(&[i64], &[i64], usize, usize) -> bool + 'static) -> Body {
    Rc::new(f)
}

const OPS: [&str; 6] = ["==", "!=", "<", "<=", ">", ">="];

fn compare(op: usize, a: i64, b: i64) -> bool {
    [a == b, a != b, a < b, a <= b, a > b, a >= b][op]
}

/// A random term over the variables `names` (at least two).
fn term(rng: &mut Rng, names: &[String], (lo, hi): (i64, i64)) -> (String, Num) {
    let i = rng.below(names.len());
    let j = (i + 1 + rng.below(names.len() - 1)) % names.len();
    let (x, y) = (&names[i], &names[j]);
    match rng.below(7) {
        0 | 1 => (x.clone(), num(move |v| v[i])),
        2 => (format!("{x} + {y}"), num(move |v| v[i] + v[j])),
        3 => (format!("{x} - {y}"), num(move |v| v[i] - v[j])),
        4 => (format!("2 * {x}"), num(move |v| 2 * v[i])),
        5 => (format!("abs({x} - {y})"), num(move |v| (v[i] - v[j]).abs())),
        _ => {
            let c = rng.range(lo, 2 * hi);
            (c.to_string(), num(move |_| c))
        }
    }
}

/// A random comparison of two terms.
fn comparison(rng: &mut Rng, names: &[String], dom: (i64, i64)) -> Test {
    let ((l, lf), (r, rf), op) = (term(rng, names, dom), term(rng, names, dom), rng.below(6));
    let text = format!("{l} {} {r}", OPS[op]);
    (text, pred(move |v| compare(op, lf(v), rf(v))))
}

/// A random top-level constraint: a comparison, a disjunction of two, or an
/// alldifferent of two or three distinct variables.
fn constraint(rng: &mut Rng, names: &[String], dom: (i64, i64)) -> Test {
    match rng.below(8) {
        0 => {
            let ((l, lf), (r, rf)) = (comparison(rng, names, dom), comparison(rng, names, dom));
            (format!("({l}) or ({r})"), pred(move |v| lf(v) || rf(v)))
        }
        1 => {
            let mut vars: Vec<usize> = (0..names.len()).collect();
            for k in (1..vars.len()).rev() {
                vars.swap(k, rng.below(k + 1));
            }
            vars.truncate(2 + rng.below(2));
            let list: Vec<&str> = vars.iter().map(|&k| names[k].as_str()).collect();
            let text = format!("alldifferent({})", list.join(", "));
            let distinct = move |v: &[i64]| vars.iter().map(|&k| v[k]).collect::<BTreeSet<_>>();
            let n = list.len();
            (text, pred(move |v| distinct(v).len() == n))
        }
        _ => comparison(rng, names, dom),
    }
}

/// A random forall over the array `x` of length `len` (at least 2), with
/// one generator `i` or two (`for i ... for j ... if i < j`): its text and its
/// items, each named as the contract says and written out (`i`, `j` replaced
/// by their values; no other name in a body has an `i` or a `j`).
fn forall(rng: &mut Rng, names: &[String], len: usize) -> (String, Vec<(String, Test)>) {
    let (op, s, c) = (rng.below(6), rng.below(names.len() - len), rng.range(-1, 3));
    let (o, sn) = (OPS[op], &names[s]);
    let (text, meaning): (String, Body) = match rng.below(8) {
        0 => ("x[i] != x[j]".into(), body(|_, x, i, j| x[i] != x[j])),
        1 => ("x[i] < x[j]".into(), body(|_, x, i, j| x[i] < x[j])),
        2 => {
            let m = body(|_, x, i, j| (x[i] - x[j]).abs() != (j - i) as i64);
            ("abs(x[i] - x[j]) != j - i".into(), m)
        }
        3 => {
            let m = body(move |_, x, i, _| compare(op, x[i], x[i + 1]));
            (format!("x[i] {o} x[i+1]"), m)
        }
        4 => (
            format!("x[i] {o} {c}"),
            body(move |_, x, i, _| compare(op, x[i], c)),
        ),
        5 => {
            let m = body(move |_, x, i, _| compare(op, x[i], i as i64));
            (format!("x[i] {o} i"), m)
        }
        6 => {
            let m = body(move |v, x, i, _| compare(op, x[i], v[s] + i as i64));
            (format!("x[i] {o} {sn} + i"), m)
        }
        _ => (
            format!("x[i] {o} {sn}"),
            body(move |v, x, i, _| compare(op, x[i], v[s])),
        ),
    };
    let two = text.contains('j');
    let hi = len - 1 - usize::from(text.contains("i+1"));
    let base = names.len() - len;
    let mut gens = format!("for i in 0..{hi}");
    let mut items = Vec::new();
    for i in 0..=hi {
        for j in if two { i + 1..=hi } else { 0..=0 } {
            let label = if two {
                format!("i={i}, j={j}")
            } else {
                format!("i={i}")
            };
            let written = text
                .replace('i', &i.to_string())
                .replace('j', &j.to_string());
            let m = meaning.clone();
            let item = (written, pred(move |v| m(v, &v[base..], i, j)));
            items.push((format!("each[{label}]"), item));
        }
    }
    if two {
        gens += &format!(" for j in 0..{hi} if i < j");
    }
    (format!("forall({text} {gens})"), items)
}

/// A generated spec: its text, its variables, and every unit an explanation
/// may name (a top-level constraint or an item of the forall).
struct Case {
    text: String,
    vars: String,
    names: Vec<String>,
    dom: (i64, i64),
    units: Vec<(String, Test)>,
}

impl Case {
    /// 2-4 scalars, or (2 times in 3) 1-3 scalars and an array `x` of 2-3
    /// elements with a forall over it; 3-7 named constraints in all, the
    /// last top-level one in `[symmetry]` half of the time.
    fn generate(rng: &mut Rng) -> Case {
        let dom = [(0, 3), (-2, 2), (0, 2)][rng.below(3)];
        let len = [0, 2, 3][rng.below(3)];
        let scalars = 1 + rng.below(3) + usize::from(len == 0);
        let mut names: Vec<String> = "abcd".chars().take(scalars).map(String::from).collect();
        let range = format!("\"{}..{}\"", dom.0, dom.1);
        let mut vars: String = names.iter().map(|n| format!("{n} = {range}\n")).collect();
        if len > 0 {
            names.extend((0..len).map(|k| format!("x[{k}]")));
            vars += &format!("x = {{ index = \"0..{}\", domain = {range} }}\n", len - 1);
        }
        let top = 3 + rng.below(5) - usize::from(len > 0);
        let mut units: Vec<(String, Test)> = (0..top)
            .map(|k| (format!("k{k}"), constraint(rng, &names, dom)))
            .collect();
        let lines: Vec<String> = units
            .iter()
            .map(|(n, c)| format!("{n} = \"{}\"\n", c.0))
            .collect();
        let split = top - rng.below(2);
        let mut constraints = lines[..split].concat();
        if len > 0 {
            let (text, items) = forall(rng, &names, len);
            constraints += &format!("each = \"{text}\"\n");
            units.extend(items);
        }
        let symmetry = lines[split..].concat();
        let text = format!("[vars]\n{vars}\n[constraints]\n{constraints}\n[symmetry]\n{symmetry}");
        Case {
            text,
            vars,
            names,
            dom,
            units,
        }
    }

    /// For every unit, whether it holds in each assignment of all the
    /// variables (enumerated in the same order for every unit).
    fn table(&self) -> Vec<Vec<bool>> {
        let (lo, hi) = self.dom;
        let size = (hi - lo + 1) as usize;
        let total = size.pow(self.names.len() as u32);
        let mut table = vec![Vec::with_capacity(total); self.units.len()];
        let mut v = vec![0; self.names.len()];
        for mut code in 0..total {
            for slot in v.iter_mut() {
                *slot = lo + (code % size) as i64;
                code /= size;
            }
            for (row, (_, (_, holds))) in table.iter_mut().zip(&self.units) {
                row.push(holds(&v));
            }
        }
        table
    }

    /// A spec with the same variables and only the given units, each a
    /// constraint of its own.
    fn subset_spec(&self, units: &[usize]) -> String {
        let line = |&u: &usize| format!("u{u} = \"{}\"\n", self.units[u].1.0);
        let constraints: String = units.iter().map(line).collect();
        format!("[vars]\n{}\n[constraints]\n{constraints}", self.vars)
    }
}

/// The number of assignments in which all `units` hold.
fn brute_count(table: &[Vec<bool>], units: &[usize]) -> u64 {
    let all = |&a: &usize| units.iter().all(|&u| table[u][a]);
    (0..table[0].len()).filter(all).count() as u64
}

/// The names printed by `solve explain ARGS`, which must exit 1 and print
/// one name per line: no blank line, no name twice.
fn explained(args: &[&str], context: &str) -> Vec<String> {
    let all = [&["explain"][..], args].concat();
    let (stdout, stderr, code) = solve(&all);
    let output = format!("solve {all:?}\nstdout:\n{stdout}\nstderr:\n{stderr}\n{context}");
    assert_eq!(code, 1, "expected exit 1: {output}");
    let names: Vec<String> = stdout.lines().map(|l| l.trim().to_string()).collect();
    let distinct: BTreeSet<&String> = names.iter().collect();
    assert!(
        !names.is_empty() && names.iter().all(|n| !n.is_empty()),
        "{output}"
    );
    assert_eq!(
        distinct.len(),
        names.len(),
        "a name printed twice: {output}"
    );
    names
}

/// `solve explain ARGS` must exit 0 and say `has a solution`.
fn has_solution(args: &[&str], context: &str) {
    let all = [&["explain"][..], args].concat();
    let (stdout, stderr, code) = solve(&all);
    let output = format!("solve {all:?}\nstdout:\n{stdout}\nstderr:\n{stderr}\n{context}");
    assert_eq!(code, 0, "expected exit 0: {output}");
    assert!(stdout.contains("has a solution"), "{output}");
}

/// `set` without each of its members in turn.
fn drop_each<T: Clone>(set: &[T]) -> Vec<Vec<T>> {
    (0..set.len())
        .map(|k| [&set[..k], &set[k + 1..]].concat())
        .collect()
}

#[test]
fn random_unsatisfiable_specs_get_minimal_explanations() {
    let mut rng = Rng::new(1);
    let (mut unsat, mut sat, mut items, mut pairs) = (0, 0, 0, 0);
    for attempt in 0..20_000 {
        if unsat == 60 {
            break;
        }
        let case = Case::generate(&mut rng);
        let table = case.table();
        let all: Vec<usize> = (0..case.units.len()).collect();
        let file = TempSpec::new("explain-random", &case.text);
        let context = format!("attempt {attempt}, spec:\n{}", case.text);
        if brute_count(&table, &all) > 0 {
            // A few satisfiable ones too.
            if sat < 5 {
                sat += 1;
                has_solution(&[file.path()], &context);
            }
            continue;
        }
        // Keep the conflicts between units: none unsatisfiable alone.
        if all.iter().any(|&u| brute_count(&table, &[u]) == 0) {
            continue;
        }
        unsat += 1;
        let index: HashMap<&str, usize> = case
            .units
            .iter()
            .enumerate()
            .map(|(k, u)| (u.0.as_str(), k))
            .collect();
        let printed = explained(&[file.path()], &context);
        let unknown = |n: &String| panic!("unknown name {n:?}\n{context}");
        let find = |n: &String| *index.get(n.as_str()).unwrap_or_else(|| unknown(n));
        let chosen: Vec<usize> = printed.iter().map(find).collect();
        items += usize::from(printed.iter().any(|n| n.starts_with("each[")));
        pairs += usize::from(printed.iter().any(|n| n.contains(", j=")));
        // (a) the set has no solution, (b) dropping any one member gives one.
        assert_eq!(
            brute_count(&table, &chosen),
            0,
            "{printed:?} has solutions\n{context}"
        );
        for rest in drop_each(&chosen) {
            assert!(
                brute_count(&table, &rest) > 0,
                "{printed:?} is not minimal\n{context}"
            );
        }
        // The binary counts these sets as the brute force does.
        for units in [vec![chosen.clone()], drop_each(&chosen)].concat() {
            let spec = case.subset_spec(&units);
            let sub = TempSpec::new("explain-subset", &spec);
            let expected = brute_count(&table, &units);
            assert_eq!(count(&[sub.path()]), expected, "{spec}\n{context}");
        }
    }
    assert_eq!((unsat, sat), (60, 5), "too few specs generated");
    // With this seed: 26 explanations with forall items, 9 with pairs.
    assert!(
        items >= 10 && pairs >= 3,
        "{items} with items, {pairs} with pairs"
    );
}

#[test]
fn satisfiable_spec_says_so() {
    let spec =
        "[vars]\na = \"0..3\"\nb = \"0..3\"\n[constraints]\nlt = \"a < b\"\nsum = \"a + b == 3\"\n";
    let file = TempSpec::new("explain-sat", spec);
    has_solution(&[file.path()], spec);
    has_solution(&["specs/queens.toml"], "queens");
    has_solution(
        &["specs/moo.toml", "--set", "history=[[0,1,2,3,0,2]]"],
        "moo",
    );
}

#[test]
fn spec_errors_exit_2() {
    let file = TempSpec::new(
        "explain-error",
        "[vars]\na = \"0..3\"\n[constraints]\nc = \"a < y\"\n",
    );
    assert_eq!(solve(&["explain", file.path()]).2, 2);
    assert_eq!(solve(&["explain", "specs/no-such-spec.toml"]).2, 2);
    assert_eq!(
        solve(&["explain", "specs/queens.toml", "--set", "n=("]).2,
        2
    );
}

/// The answer (bulls, cows) to `guess` when the secret is `secret`.
fn score(secret: [i64; 4], guess: [i64; 4]) -> (i64, i64) {
    let bulls = (0..4).filter(|&i| secret[i] == guess[i]).count() as i64;
    let common = guess.iter().filter(|g| secret.contains(g)).count() as i64;
    (bulls, common - bulls)
}

#[test]
fn moo_two_answers_to_one_guess_conflict() {
    // 0123 answered (0, 2) and (1, 1): each row alone (with `distinct`) has
    // consistent codes, both rows together none, since one guess has one
    // answer; so the two rows are the only minimal conflict.
    let history = "history=[[0,1,2,3,0,2],[0,1,2,3,1,1]]";
    let names = explained(&["specs/moo.toml", "--set", history], "moo");
    let names: BTreeSet<&str> = names.iter().map(String::as_str).collect();
    assert_eq!(
        names,
        BTreeSet::from([
            "consistent[h=[0, 1, 2, 3, 0, 2]]",
            "consistent[h=[0, 1, 2, 3, 1, 1]]"
        ])
    );
}

#[test]
fn moo_impossible_row_alone() {
    // Rows 0 and 1 are what 7412 answers, so they hold together with
    // `distinct`; row 2 (4 bulls and 1 cow: 5 digits in common) holds for
    // no code. Every conflict contains row 2, and row 2 alone is one.
    assert_eq!(score([7, 4, 1, 2], [0, 1, 2, 3]), (0, 2));
    assert_eq!(score([7, 4, 1, 2], [1, 0, 4, 5]), (0, 2));
    let history = "history=[[0,1,2,3,0,2],[1,0,4,5,0,2],[5,6,7,8,4,1]]";
    let names = explained(&["specs/moo.toml", "--set", history], "moo");
    assert_eq!(names, ["consistent[h=[5, 6, 7, 8, 4, 1]]"]);
}

#[test]
fn queens_3_names_spec_constraints() {
    // alldifferent, not forall: plain names.
    let names = "rows diagonals antidiagonals flip_rows flip_columns rot180 transpose rot90 \
                 rot270 anti_transpose";
    let names: Vec<&str> = names.split(' ').collect();
    let args = ["specs/queens.toml", "--set", "n=3", "--time-limit", "60"];
    let chosen = explained(&args, "queens n=3");
    for name in &chosen {
        assert!(
            names.contains(&name.as_str()),
            "{name:?} is not a constraint of queens.toml"
        );
    }
    // queens.toml with only the chosen constraints (the other constraint
    // lines dropped) has no solution for n = 3, and with one fewer it has.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/specs/queens.toml");
    let spec = std::fs::read_to_string(path).expect("cannot read specs/queens.toml");
    let only = |keep: &[String]| -> String {
        let key = |line: &str| line.split('=').next().unwrap_or("").trim().to_string();
        let dropped =
            |line: &&str| names.contains(&key(line).as_str()) && !keep.contains(&key(line));
        spec.lines()
            .filter(|line| !dropped(line))
            .map(|line| format!("{line}\n"))
            .collect()
    };
    let file = TempSpec::new("explain-queens", &only(&chosen));
    assert_eq!(
        count(&[file.path(), "--set", "n=3"]),
        0,
        "{chosen:?} has solutions"
    );
    for rest in drop_each(&chosen) {
        let file = TempSpec::new("explain-queens", &only(&rest));
        assert!(
            count(&[file.path(), "--set", "n=3"]) > 0,
            "{chosen:?} is not minimal"
        );
    }
}
