//! `solve steps` and `solve hint`: every step is sound and minimal, and the
//! sequence derives exactly the values common to all solutions.
//!
//! Oracles, sharing no code with the interpreter:
//! - random 3x3 Latin squares with random clues and a random extra rule,
//!   each item's meaning written here as a Rust closure: a brute force over
//!   all 3^9 grids checks that each step's items and facts alone exclude
//!   its values (sound), that without any one of them some grid takes one
//!   of those values (minimal), and that the steps leave each cell exactly
//!   the values the solutions give it (at `domain`, and at `early`, where
//!   steps need the fallback), which `solve candidates` lists too;
//! - the shipped unique puzzles: the steps end on the solution `solve`
//!   prints, checked against the puzzle's own rules here;
//! - hints: from random partial states of the sudoku, `hint` gives the
//!   first step `steps` gives from the same state; a state against a clue
//!   has no solution, and the clue is named.

use crate::{Rng, TempSpec, solve};
use serde_json::Value;
use std::collections::BTreeSet;

pub(crate) type Grid = [i64; 9];
pub(crate) type Meaning = Box<dyn Fn(&Grid) -> bool>;

pub(crate) fn cell(name: &str) -> usize {
    let digits: Vec<usize> = name
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    (digits[0] - 1) * 3 + (digits[1] - 1)
}

pub(crate) fn values(v: &Value) -> Vec<i64> {
    match v {
        Value::Array(a) => a.iter().map(|x| x.as_i64().unwrap()).collect(),
        x => vec![x.as_i64().unwrap()],
    }
}

/// A step of `solve steps --json` over the 3x3 cells, read: the items it
/// uses, its facts (each cell's values as the step says they are known)
/// and its deductions (each cell and the values it loses; an `is`
/// deduction loses every other value still in `known`).
pub(crate) struct ReadStep {
    pub(crate) items: Vec<String>,
    pub(crate) facts: Vec<(usize, Vec<i64>)>,
    pub(crate) deductions: Vec<(usize, Vec<i64>)>,
}

pub(crate) fn read_step(step: &Value, deduces: &[Value], known: &[Vec<i64>]) -> ReadStep {
    let items = (step["uses"].as_array().unwrap().iter())
        .map(|u| u["name"].as_str().unwrap().to_string())
        .collect();
    let facts = (step["facts"].as_array().unwrap().iter())
        .map(|f| {
            let vs = f.get("is").or(f.get("in")).unwrap();
            (cell(f["var"].as_str().unwrap()), values(vs))
        })
        .collect();
    let deductions = (deduces.iter())
        .map(|d| {
            let var = cell(d["var"].as_str().unwrap());
            let removed = match d.get("not") {
                Some(not) => values(not),
                None => {
                    let is = d["is"].as_i64().unwrap();
                    known[var].iter().copied().filter(|&v| v != is).collect()
                }
            };
            (var, removed)
        })
        .collect();
    ReadStep {
        items,
        facts,
        deductions,
    }
}

/// A random Latin square spec, and each item's meaning by its name.
pub(crate) fn latin(rng: &mut Rng) -> (String, Vec<(String, Meaning)>) {
    let squares: Vec<Grid> = all_grids()
        .into_iter()
        .filter(|g| {
            (0..3).all(|r| distinct(&[g[3 * r], g[3 * r + 1], g[3 * r + 2]]))
                && (0..3).all(|c| distinct(&[g[c], g[3 + c], g[6 + c]]))
        })
        .collect();
    let solution = squares[rng.below(squares.len())];
    let mut text = String::from(
        "[vars]\nx = { index = [\"1..3\", \"1..3\"], domain = \"1..3\" }\n[constraints]\n\
         rows = \"forall(alldifferent(x[r]) for r in 1..3)\"\n\
         cols = \"forall(alldifferent([x[r][c] for r in 1..3]) for c in 1..3)\"\n",
    );
    let mut meanings: Vec<(String, Meaning)> = Vec::new();
    for r in 0..3 {
        meanings.push((
            format!("rows[r={}]", r + 1),
            Box::new(move |g: &Grid| distinct(&[g[3 * r], g[3 * r + 1], g[3 * r + 2]])),
        ));
        meanings.push((
            format!("cols[c={}]", r + 1),
            Box::new(move |g: &Grid| distinct(&[g[r], g[3 + r], g[6 + r]])),
        ));
    }
    for k in 0..rng.below(4) {
        let i = rng.below(9);
        let v = solution[i];
        text.push_str(&format!(
            "clue{k} = \"x[{}][{}] == {v}\"\n",
            i / 3 + 1,
            i % 3 + 1
        ));
        meanings.push((format!("clue{k}"), Box::new(move |g: &Grid| g[i] == v)));
    }
    let (a, b) = (rng.below(9), rng.below(9));
    let bound = solution[a] + solution[b] + rng.below(2) as i64;
    text.push_str(&format!(
        "extra = \"x[{}][{}] + x[{}][{}] <= {bound}\"\n",
        a / 3 + 1,
        a % 3 + 1,
        b / 3 + 1,
        b % 3 + 1
    ));
    meanings.push((
        "extra".to_string(),
        Box::new(move |g: &Grid| g[a] + g[b] <= bound),
    ));
    (text, meanings)
}

/// A random Latin square's grids and its items' meanings, for checks
/// shared with `techniques`.
pub(crate) struct Latin<'a> {
    pub(crate) text: &'a str,
    pub(crate) grids: &'a [Grid],
    pub(crate) meanings: &'a [(String, Meaning)],
}

pub(crate) fn distinct(xs: &[i64]) -> bool {
    xs.iter().collect::<BTreeSet<_>>().len() == xs.len()
}

pub(crate) fn all_grids() -> Vec<Grid> {
    (0..19683)
        .map(|n: i64| {
            let mut g = [0; 9];
            for (i, c) in g.iter_mut().enumerate() {
                *c = (n / 3i64.pow(i as u32)) % 3 + 1;
            }
            g
        })
        .collect()
}

/// Some grid satisfies the named items and lies in the domains, with
/// `var` taking one of `removed`.
pub(crate) fn possible(
    grids: &[Grid],
    meanings: &[(String, Meaning)],
    items: &[String],
    domains: &[(usize, Vec<i64>)],
    var: usize,
    removed: &[i64],
) -> bool {
    grids.iter().any(|g| {
        removed.contains(&g[var])
            && domains.iter().all(|(x, vs)| vs.contains(&g[*x]))
            && items.iter().all(|name| {
                let (_, m) = meanings.iter().find(|(n, _)| n == name).unwrap();
                m(g)
            })
    })
}

#[test]
fn random_latin_squares_steps_are_sound_minimal_and_complete() {
    let grids = all_grids();
    let mut rng = Rng::new(36);
    // Every level: the promises hold at each (round 3's reproducer
    // steps-check-not-minimal broke minimality at `check`).
    let levels = ["domain", "early", "check", "propagate", "bounds", "probing"];
    let mut answered = 0;
    for round in 0..30 {
        let (text, meanings) = latin(&mut rng);
        answered += check_latin_walk(&text, &meanings, levels[round % levels.len()], &grids);
    }
    // Counter-examples kept answered some of the checks, so the brute
    // force above checked their answers too.
    assert!(
        answered > 0,
        "no check was answered by a kept counter-example"
    );
}

/// A step's checks search only its items' variables: beside 400 hidden
/// variables no rule mentions (which a search deciding every variable
/// would spend more than a check's 300 nodes on), every step is still
/// proven minimal, and the brute force agrees.
#[test]
fn a_steps_checks_decide_only_their_items_variables() {
    let grids = all_grids();
    let mut rng = Rng::new(53);
    for level in ["domain", "propagate", "probing"] {
        let (text, meanings) = latin(&mut rng);
        let padded = text.replacen(
            "\n[constraints]",
            "\npad = { index = \"1..400\", domain = \"0..9\", shown = false }\n[constraints]",
            1,
        );
        assert_ne!(padded, text);
        let _ = check_latin_walk(&padded, &meanings, level, &grids);
    }
}

/// One walk of `solve steps` at `level` over a Latin square `text` whose
/// items mean `meanings`: each step sound and proven minimal by the brute
/// force over `grids`, the walk leaving each cell exactly the values of
/// the solutions, as `solve candidates` lists them.
fn check_latin_walk(
    text: &str,
    meanings: &[(String, Meaning)],
    level: &str,
    grids: &[Grid],
) -> u64 {
    let text = text.to_string();
    let spec = TempSpec::new("latin-steps", &text);
    let path = spec.path.to_str().unwrap();
    let (out, err, code) = solve(&["steps", path, "--json", "--consistency", level, "--stats"]);
    let answered = answered_by_witnesses(&err);
    let solutions: Vec<&Grid> = grids
        .iter()
        .filter(|g| meanings.iter().all(|(_, m)| m(g)))
        .collect();
    let mut known: Vec<Vec<i64>> = vec![vec![1, 2, 3]; 9];
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for step in &lines[..lines.len() - 1] {
        if let Some(start) = step.get("start") {
            // Each from its one item alone.
            for known_at in start.as_array().unwrap() {
                let var = cell(known_at["var"].as_str().unwrap());
                let is = known_at["is"].as_i64().unwrap();
                let item = known_at["from"]["name"].as_str().unwrap().to_string();
                let others: Vec<i64> = (1..=3).filter(|&v| v != is).collect();
                let alone = [item];
                assert!(
                    !possible(grids, meanings, &alone, &[], var, &others),
                    "{text}\n{step}"
                );
                known[var].retain(|&v| v == is);
            }
            continue;
        }
        // Each deduction: the cell and the values it loses.
        let deduces = step["deduces"].as_array().unwrap();
        let ReadStep {
            items,
            facts,
            deductions,
        } = read_step(step, deduces, &known);
        assert!(!deductions.is_empty(), "deduces nothing:\n{text}\n{step}");
        // Each fact is what is known when the step is taken (never a
        // stale, wider domain), and each deduction removes a value
        // still possible (round 3's steps-repeat-deduction).
        for (x, vs) in &facts {
            assert_eq!(&known[*x], vs, "stale fact:\n{text}\n{step}");
        }
        assert_eq!(step["minimal"], true, "not proven minimal:\n{text}\n{step}");
        for (var, removed) in &deductions {
            assert!(
                removed.iter().any(|v| known[*var].contains(v)),
                "removes nothing:\n{text}\n{step}"
            );
            assert!(
                !possible(grids, meanings, &items, &facts, *var, removed),
                "unsound:\n{text}\n{step}"
            );
        }
        // Minimal: without any one item or fact, some deduction no
        // longer follows.
        let some_fails = |items: &[String], facts: &[(usize, Vec<i64>)]| {
            (deductions.iter())
                .any(|(var, removed)| possible(grids, meanings, items, facts, *var, removed))
        };
        crate::assert_each_piece_needed(&items, &facts, some_fails, &format!("{text}\n{step}"));
        let latin = Latin {
            text: &text,
            grids,
            meanings,
        };
        crate::techniques::check_latin_step(&latin, level, &known, step);
        for (var, removed) in &deductions {
            known[*var].retain(|v| !removed.contains(v));
        }
    }
    let end = &lines[lines.len() - 1];
    if solutions.is_empty() {
        assert_eq!(code, 1, "{text}\n{out}{err}");
        return answered;
    }
    for (x, vs) in known.iter().enumerate() {
        let taken: BTreeSet<i64> = solutions.iter().map(|g| g[x]).collect();
        assert_eq!(
            vs.iter().copied().collect::<BTreeSet<_>>(),
            taken,
            "{text}\n{out}"
        );
    }
    // `solve candidates`: the same sets, found by search alone.
    let (found, _, listed) = solve(&["candidates", path, "--json"]);
    assert_eq!(listed, 0, "{found}");
    for line in found.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let x = cell(v["var"].as_str().unwrap());
        let taken: BTreeSet<i64> = solutions.iter().map(|g| g[x]).collect();
        let listed: BTreeSet<i64> = values(&v["values"]).into_iter().collect();
        assert_eq!(listed, taken, "{text}\n{found}");
    }
    let unique = solutions.len() == 1;
    assert_eq!(
        end["end"],
        if unique { "solved" } else { "open" },
        "{text}\n{out}"
    );
    assert_eq!(code, if unique { 0 } else { 3 }, "{text}\n{out}{err}");
    answered
}

/// The checks kept counter-examples answered, from `--stats`'s work line
/// (0 without one: a state with no solution has no walk).
fn answered_by_witnesses(err: &str) -> u64 {
    let Some(line) = (err.lines()).find(|l| l.contains("answered by earlier counter-examples"))
    else {
        return 0;
    };
    let before = line.split(" more answered").next().unwrap();
    before.rsplit('(').next().unwrap().parse().unwrap()
}

/// The values the steps leave, by variable name, from `--json` output.
pub(crate) fn derived(out: &str) -> Vec<(String, Value)> {
    let mut fixed = Vec::new();
    for line in out.lines() {
        let step: Value = serde_json::from_str(line).unwrap();
        for known in step
            .get("start")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(is) = known.get("is") {
                fixed.push((known["var"].as_str().unwrap().to_string(), is.clone()));
            }
        }
        for d in step
            .get("deduces")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(is) = d.get("is").or(d.get("so")) {
                fixed.push((d["var"].as_str().unwrap().to_string(), is.clone()));
            }
        }
    }
    fixed
}

#[test]
fn the_steps_of_the_shipped_unique_puzzles_end_on_their_solution() {
    for (spec, array) in [
        ("specs/sudoku.toml", "x"),
        ("specs/zebra.toml", "pet"),
        ("specs/nonogram.toml", "cell"),
        ("specs/hidato.toml", "x"),
    ] {
        let (out, err, code) = solve(&["steps", spec, "--json"]);
        assert_eq!(code, 0, "{spec}: {err}");
        let (solution, _, _) = solve(&[spec, "--json"]);
        let solution: Value = serde_json::from_str(solution.lines().next().unwrap()).unwrap();
        let fixed = derived(&out);
        let mut checked = 0;
        for (name, value) in &fixed {
            let Some(rest) = name.strip_prefix(&format!("{array}[")) else {
                continue;
            };
            let index: Vec<usize> = rest
                .trim_end_matches(']')
                .split("][")
                .map(|i| i.parse().unwrap())
                .collect();
            let mut at = &solution[array];
            // JSON arrays start at 0; the sudoku's and the zebra's indices
            // at 1, the nonogram's and Hidato's at 0.
            let first = if spec.contains("nonogram") || spec.contains("hidato") {
                0
            } else {
                1
            };
            for i in &index {
                at = &at[i - first];
            }
            assert_eq!(at, value, "{spec}: {name}");
            checked += 1;
        }
        let cells = match spec {
            "specs/sudoku.toml" => 81,
            "specs/zebra.toml" => 5,
            "specs/hidato.toml" => 25,
            _ => 64,
        };
        assert!(checked >= cells, "{spec}: only {checked} values derived");
    }
    // The sudoku's solution keeps its own rules and clues.
    let (out, _, _) = solve(&["specs/sudoku.toml", "--json"]);
    let solution: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let grid: Vec<Vec<i64>> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| solution["x"][r][c].as_i64().unwrap())
                .collect()
        })
        .collect();
    for i in 0..9 {
        assert!(distinct(&grid[i]));
        assert!(distinct(&(0..9).map(|r| grid[r][i]).collect::<Vec<_>>()));
        let (b, s) = (i / 3 * 3, i % 3 * 3);
        assert!(distinct(
            &(0..9)
                .map(|k| grid[b + k / 3][s + k % 3])
                .collect::<Vec<_>>()
        ));
    }
    assert_eq!(grid[0][..2], [5, 3]);
}

#[test]
fn a_hidden_single_is_one_item_at_domain_and_not_at_early() {
    let spec = TempSpec::new(
        "hidden-single",
        "[vars]\na = \"1..3\"\nb = \"1..3\"\nc = \"1..3\"\n[constraints]\nall = \"alldifferent([a, b, c])\"\n",
    );
    let path = spec.path.to_str().unwrap();
    let hint = |level: &str| {
        let (out, err, code) = solve(&[
            "hint",
            path,
            "--given",
            "b!=1",
            "--given",
            "c!=1",
            "--json",
            "--consistency",
            level,
        ]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(out.lines().next().unwrap()).unwrap()
    };
    let domain = hint("domain");
    assert_eq!(
        domain["deduces"][0],
        serde_json::json!({ "var": "a", "is": 1 })
    );
    assert_eq!(domain["method"], "propagation");
    assert_eq!(domain["uses"].as_array().unwrap().len(), 1);
    assert_eq!(domain["facts"].as_array().unwrap().len(), 2);
    let early = hint("early");
    assert_eq!(early["method"], "contradiction", "{early}");
}

/// A player's state with right entries and wrong ones: the hint names a
/// minimal set of the player's entries that cannot all stand. The sudoku
/// has one solution, so an entry can stand exactly when it agrees with it,
/// and a minimal set that cannot is one wrong entry.
#[test]
fn a_hint_on_a_wrong_state_names_one_wrong_entry_of_the_player() {
    let (solved, _, _) = solve(&["specs/sudoku.toml", "--json"]);
    let solution: Value = serde_json::from_str(solved.lines().next().unwrap()).unwrap();
    let mut rng = Rng::new(47);
    for _ in 0..6 {
        let mut wrong = Vec::new();
        let mut givens = Vec::new();
        for k in 0..8 {
            let (r, c) = (rng.below(9), rng.below(9));
            let right = solution["x"][r][c].as_i64().unwrap();
            let value = if k % 4 == 0 { right % 9 + 1 } else { right };
            let given = format!("x[{}][{}]={value}", r + 1, c + 1);
            if givens
                .iter()
                .any(|g: &String| g.starts_with(&given[..given.len() - 1]))
            {
                continue;
            }
            if value != right {
                wrong.push(given.clone());
            }
            givens.push(given);
        }
        let mut args = vec!["hint", "specs/sudoku.toml", "--json"];
        for g in &givens {
            args.extend(["--given", g.as_str()]);
        }
        let (out, err, code) = solve(&args);
        assert_eq!(code, 1, "{givens:?}: {out}{err}");
        let answer: Value = serde_json::from_str(out.trim()).unwrap();
        let named: Vec<&str> = (answer["givens"].as_array().unwrap().iter())
            .map(|g| g.as_str().unwrap())
            .collect();
        assert_eq!(named.len(), 1, "{givens:?}: {out}");
        assert!(wrong.contains(&named[0].to_string()), "{givens:?}: {out}");
        assert_eq!(answer["minimal"], true, "{out}");
    }
}

#[test]
fn bad_givens_and_sentences_are_errors() {
    let (_, err, code) = solve(&["hint", "specs/sudoku.toml", "--given", "x[1][10]=3"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variable `x[1][10]`"), "{err}");
    let (_, err, code) = solve(&["hint", "specs/sudoku.toml", "--given", "x[1][2]=10"]);
    assert_eq!(code, 2);
    assert!(err.contains("`10` is not a value of `x[1][2]`"), "{err}");
    let spec = TempSpec::new(
        "bad-say",
        "[vars]\nx = { index = \"1..3\", domain = \"1..3\" }\n[constraints]\nrow = { rule = \"forall(x[i] != 2 for i in 1..2)\", say = \"cell {j}\" }\n",
    );
    let (_, err, code) = solve(&["steps", spec.path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`{j}` in `say` is not a generator value of `row[i=1]`")
            && err.contains(":4:"),
        "{err}"
    );
    // Steps speak of values one at a time: a huge domain is refused (the
    // fuzzer found a step listing 200,000 removed values).
    let wide = TempSpec::new(
        "wide-steps",
        "[vars]\nx = \"1..200000\"\ny = \"1..3\"\n[constraints]\nc = \"x + y == 5\"\n",
    );
    let (_, err, code) = solve(&["steps", wide.path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`x` has 200000 values: steps explain variables of at most 100000 values"),
        "{err}"
    );
}

#[test]
fn explain_derives_its_conflict_step_by_step() {
    let (out, _, code) = solve(&["explain", "specs/queens.toml", "--set", "n=3", "--steps"]);
    assert_eq!(code, 1, "{out}");
    let (names, steps) = out.split_once("\n\n").unwrap();
    let names: Vec<&str> = names.lines().collect();
    assert_eq!(names, ["rows", "diagonals", "antidiagonals"]);
    // Each item a step uses is one of the conflict's (a chain's lines
    // name them in parentheses).
    let chain = |l: &str| {
        ["chain: ", "then ", "clash in "]
            .iter()
            .any(|c| l.trim().starts_with(c))
    };
    for line in steps
        .lines()
        .filter(|l| l.starts_with("   ") && !l.contains("knowing") && !chain(l))
    {
        assert!(names.contains(&line.trim()), "{line}\n{out}");
    }
    let last = steps.lines().last().unwrap();
    assert!(
        last.starts_with("so q[")
            && last.ends_with("has no value left: these constraints have no solution together"),
        "{out}"
    );
}

#[test]
fn limits_and_bounds_end_the_steps_with_values_open() {
    // Inkala's sudoku takes seconds: a time limit stops it (exit 3).
    let inkala = "puzzle=[[8,0,0,0,0,0,0,0,0],[0,0,3,6,0,0,0,0,0],[0,7,0,0,9,0,2,0,0],[0,5,0,0,0,7,0,0,0],[0,0,0,0,4,5,7,0,0],[0,0,0,1,0,0,0,3,0],[0,0,1,0,0,0,0,6,8],[0,0,8,5,0,0,0,1,0],[0,9,0,0,0,0,4,0,0]]";
    let (out, err, code) = solve(&[
        "steps",
        "specs/sudoku.toml",
        "--set",
        inkala,
        "--time-limit",
        "0.3",
    ]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(err.contains("before the steps were complete"), "{err}");
    // The zebra needs steps of three rules: with one, deduction stops.
    let (out, _, code) = solve(&["steps", "specs/zebra.toml", "--max-items", "1", "--json"]);
    assert_eq!(code, 3, "{out}");
    let end: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(end["end"], "stuck");
    assert!(!end["open"].as_array().unwrap().is_empty());
    for line in out.lines() {
        let step: Value = serde_json::from_str(line).unwrap();
        if let Some(uses) = step.get("uses") {
            assert_eq!(uses.as_array().unwrap().len(), 1, "{line}");
        }
    }
}
