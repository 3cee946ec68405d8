//! Placements first and techniques named from the structure of a step
//! (issue 52, items 1 and 2).
//!
//! Oracles, sharing no code with the interpreter:
//! - the brute force of `steps::random_latin_squares...` over all 3^9
//!   grids: a step of one item at `domain` or `probing` removes exactly the
//!   values that its item and facts alone exclude (the merged step is all
//!   that one item makes from the same facts), and its technique is the
//!   one its definition, checked here on the step's facts, names;
//! - the shipped sudoku: the technique of each of its steps is the
//!   one its definition gives on the grid, each row, column and box known
//!   here by its cells;
//! - hints: from random partial states of the sudoku, `hint
//!   --eliminations` gives the first step `steps` gives, and `hint` steps
//!   of the same walk, in order, up to a cell filled with its value in the
//!   solution `solve` prints.

use crate::steps::{Latin, possible, values};
use crate::{Rng, solve};
use serde_json::Value;
use std::collections::BTreeSet;

/// The sudoku-book names, simplest first, as the definitions below give
/// them for one alldifferent item.
const NAMES: [&str; 9] = [
    "elimination",
    "naked single",
    "hidden single",
    "naked pair",
    "hidden pair",
    "naked triple",
    "hidden triple",
    "naked quad",
    "hidden quad",
];

/// The simplest name for one deduction of an alldifferent item: `cells`
/// are the item's cells with what the step knows of each (`x` among
/// them), `removed` what `x` loses, `kept` what it keeps.
fn by_definition(
    cells: &[(usize, Vec<i64>)],
    x: usize,
    removed: &[i64],
    kept: &[i64],
) -> &'static str {
    let others: Vec<&Vec<i64>> = cells
        .iter()
        .filter(|(c, _)| *c != x)
        .map(|(_, d)| d)
        .collect();
    let placed: BTreeSet<i64> = others
        .iter()
        .filter(|d| d.len() == 1)
        .map(|d| d[0])
        .collect();
    if removed.iter().all(|v| placed.contains(v)) {
        return if kept.len() == 1 { NAMES[1] } else { NAMES[0] };
    }
    if kept.len() == 1 && others.iter().all(|d| !d.contains(&kept[0])) {
        return NAMES[2];
    }
    let all: Vec<i64> = cells
        .iter()
        .flat_map(|(_, d)| d.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    for k in 2..=4usize {
        // k other cells holding k values between them, which x loses.
        for mask in 0u32..1 << others.len() {
            if mask.count_ones() as usize != k {
                continue;
            }
            let union: BTreeSet<i64> = (0..others.len())
                .filter(|i| mask >> i & 1 == 1)
                .flat_map(|i| others[i].clone())
                .collect();
            if union.len() == k
                && removed
                    .iter()
                    .all(|v| union.contains(v) || placed.contains(v))
            {
                return NAMES[2 * k - 1];
            }
        }
        // k values with k places, x one of them, keeping only them.
        for mask in 0u32..1 << all.len() {
            if mask.count_ones() as usize != k {
                continue;
            }
            let chosen: Vec<i64> = (0..all.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| all[i])
                .collect();
            let places = cells
                .iter()
                .filter(|(_, d)| d.iter().any(|v| chosen.contains(v)))
                .count();
            if places == k
                && kept.iter().all(|v| chosen.contains(v))
                && removed.iter().all(|v| !chosen.contains(v))
            {
                return NAMES[2 * k];
            }
        }
    }
    "alldifferent"
}

/// The name of a step of one alldifferent item whose cells are `item`:
/// its hardest deduction's. `known` is what is known before the step,
/// `domain` a cell's values with nothing known.
fn one_item_name(item: &[usize], step: &Value, known: &[Vec<i64>], domain: &[i64]) -> &'static str {
    let facts = facts(step);
    let cells: Vec<(usize, Vec<i64>)> = (item.iter())
        .map(|&c| {
            let fact = facts.iter().find(|(f, _)| *f == c);
            (c, fact.map_or_else(|| domain.to_vec(), |(_, d)| d.clone()))
        })
        .collect();
    let rank = |name: &str| NAMES.iter().position(|n| *n == name).unwrap_or(NAMES.len());
    (deductions(step, known).into_iter())
        .map(|(x, removed)| {
            let kept: Vec<i64> = known[x]
                .iter()
                .copied()
                .filter(|v| !removed.contains(v))
                .collect();
            by_definition(&cells, x, &removed, &kept)
        })
        .max_by_key(|name| rank(name))
        .unwrap()
}

/// A step's facts: cell index and values.
fn facts(step: &Value) -> Vec<(usize, Vec<i64>)> {
    (step["facts"].as_array().unwrap().iter())
        .map(|f| {
            (
                cell_index(f["var"].as_str().unwrap()),
                values(f.get("is").or(f.get("in")).unwrap()),
            )
        })
        .collect()
}

/// A step's deductions: cell index and the values it loses.
fn deductions(step: &Value, known: &[Vec<i64>]) -> Vec<(usize, Vec<i64>)> {
    (step["deduces"].as_array().unwrap().iter())
        .map(|d| {
            let x = cell_index(d["var"].as_str().unwrap());
            let removed = match d.get("not") {
                Some(not) => values(not),
                None => known[x]
                    .iter()
                    .copied()
                    .filter(|v| Some(*v) != d["is"].as_i64())
                    .collect(),
            };
            (x, removed)
        })
        .collect()
}

/// `x[r][c]` as a cell index in the grid of its width (3 or 9).
fn cell_index(name: &str) -> usize {
    let digits: Vec<usize> = (name.split(|c: char| !c.is_ascii_digit()))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    WIDTH.with(|w| (digits[0] - 1) * w.get() + digits[1] - 1)
}

thread_local! {
    static WIDTH: std::cell::Cell<usize> = const { std::cell::Cell::new(3) };
}

/// One step of a random Latin square's walk (see `steps.rs`), before it
/// is taken (`known`): merged exactly, and named by its definition.
pub(crate) fn check_latin_step(latin: &Latin<'_>, level: &str, known: &[Vec<i64>], step: &Value) {
    WIDTH.with(|w| w.set(3));
    let names: Vec<String> = (step["uses"].as_array().unwrap().iter())
        .map(|u| u["name"].as_str().unwrap().to_string())
        .collect();
    let facts = facts(step);
    let by_propagation = step["method"] == "propagation";
    if by_propagation && names.len() == 1 && (level == "domain" || level == "probing") {
        // What the item and facts alone exclude, cell by cell.
        let mut excluded: Vec<(usize, BTreeSet<i64>)> = Vec::new();
        for (x, values) in known.iter().enumerate() {
            let gone: BTreeSet<i64> = (values.iter().copied())
                .filter(|&v| !possible(latin.grids, latin.meanings, &names, &facts, x, &[v]))
                .collect();
            if !gone.is_empty() {
                excluded.push((x, gone));
            }
        }
        let merged: Vec<(usize, BTreeSet<i64>)> = (deductions(step, known).into_iter())
            .map(|(x, removed)| (x, removed.into_iter().collect()))
            .collect();
        assert_eq!(
            merged, excluded,
            "not all that one item makes from these facts:\n{step}"
        );
    }
    let technique = step["technique"].as_str().unwrap();
    let line = |name: &str| -> Option<Vec<usize>> {
        let k: usize = name[name.find('=')? + 1..name.len() - 1].parse().ok()?;
        match &name[..4] {
            "rows" => Some((0..3).map(|c| 3 * (k - 1) + c).collect()),
            "cols" => Some((0..3).map(|r| 3 * r + k - 1).collect()),
            _ => None,
        }
    };
    let lines: Vec<Option<Vec<usize>>> = names.iter().map(|n| line(n)).collect();
    match (by_propagation, &lines[..]) {
        (true, [Some(item)]) => {
            let expected = one_item_name(item, step, known, &[1, 2, 3]);
            assert_eq!(technique, expected, "{step}");
        }
        (true, [None]) => {
            // `extra`: a sum of two cells, or of one cell twice (`2 x <= b`).
            let extra = latin.text.lines().find(|l| l.starts_with("extra")).unwrap();
            let (a, b) = extra.split_once(" + ").unwrap();
            let same = a.ends_with(&b[..b.find(' ').unwrap()]);
            let expected = if same { "comparison" } else { "sum" };
            assert_eq!(technique, expected, "{step}");
        }
        (false, [Some(a), Some(b)]) => {
            let expected = if confined(a, b, step, known) || confined(b, a, step, known) {
                "pointing / box-line"
            } else {
                "contradiction"
            };
            assert_eq!(technique, expected, "{step}");
        }
        (false, _) => assert_eq!(technique, "contradiction", "{step}"),
        _ => {}
    }
}

/// Whether the step removes one value from a cell of `line` outside
/// `confining`, which the step's facts confine to the cells the two
/// share.
fn confined(line: &[usize], confining: &[usize], step: &Value, known: &[Vec<i64>]) -> bool {
    let [(x, removed)] = &deductions(step, known)[..] else {
        return false;
    };
    let [v] = removed[..] else { return false };
    let facts = facts(step);
    let has = |c: usize| {
        facts
            .iter()
            .find(|(f, _)| *f == c)
            .is_none_or(|(_, d)| d.contains(&v))
    };
    line.contains(x)
        && !confining.contains(x)
        && confining.iter().any(|c| line.contains(c))
        && confining
            .iter()
            .filter(|c| !line.contains(c))
            .all(|&c| !has(c))
}

/// The cells of a sudoku item by its name.
fn sudoku_item(name: &str) -> Vec<usize> {
    let numbers: Vec<usize> = (name.split(|c: char| !c.is_ascii_digit()))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    if name.starts_with("rows") {
        (0..9).map(|c| 9 * (numbers[0] - 1) + c).collect()
    } else if name.starts_with("columns") {
        (0..9).map(|r| 9 * r + numbers[0] - 1).collect()
    } else {
        let (b, s) = (numbers[0] - 1, numbers[1] - 1);
        (0..9)
            .map(|k| 9 * (3 * b + k / 3) + 3 * s + k % 3)
            .collect()
    }
}

/// Each line of `out`, as JSON.
fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_sudoku_steps_are_named_by_their_definitions() {
    WIDTH.with(|w| w.set(9));
    let (out, err, code) = solve(&["steps", "specs/sudoku.toml", "--json", "--techniques"]);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&out);
    let mut known: Vec<Vec<i64>> = vec![(1..=9).collect(); 81];
    for fact in lines[0]["start"].as_array().unwrap() {
        known[cell_index(fact["var"].as_str().unwrap())] = vec![fact["is"].as_i64().unwrap()];
    }
    let mut named: Vec<&str> = Vec::new();
    for step in lines.iter().filter(|l| l.get("deduces").is_some()) {
        let uses = step["uses"].as_array().unwrap();
        assert_eq!(uses.len(), 1, "{step}");
        let item = sudoku_item(uses[0]["name"].as_str().unwrap());
        let expected = one_item_name(&item, step, &known, &(1..=9).collect::<Vec<_>>());
        assert_eq!(step["technique"], expected, "{step}");
        named.push(expected);
        for (x, removed) in deductions(step, &known) {
            known[x].retain(|v| !removed.contains(v));
        }
    }
    // The walk opens with eliminations of the clues' values, and fills
    // cells as soon as one is left a single value.
    assert!(named[..4].iter().all(|n| *n == "elimination"), "{named:?}");
    assert!(named.contains(&"naked single"), "{named:?}");
    // `--techniques` counts what the steps were named.
    let end = lines.last().unwrap();
    let total: u64 = end["techniques"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(total, end["steps"].as_u64().unwrap());
    let eliminations = lines
        .iter()
        .filter(|l| l["technique"] == "elimination")
        .count() as u64;
    assert_eq!(end["techniques"]["elimination"], eliminations);
}
#[test]
fn hints_from_random_sudoku_states_are_the_first_steps() {
    let (out, _, _) = solve(&["specs/sudoku.toml", "--json"]);
    let solution: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let mut rng = Rng::new(7);
    for _ in 0..4 {
        let givens: Vec<String> = (0..rng.below(30))
            .map(|_| {
                let (r, c) = (rng.below(9), rng.below(9));
                format!("x[{}][{}]={}", r + 1, c + 1, solution["x"][r][c])
            })
            .collect();
        let mut args = vec!["hint", "specs/sudoku.toml", "--json", "--eliminations"];
        for g in &givens {
            args.extend(["--given", g.as_str()]);
        }
        let (hint, err, code) = solve(&args);
        assert_eq!(code, 0, "{err}");
        args[0] = "steps";
        let _ = args.remove(3);
        let (steps, _, _) = solve(&args);
        // `steps` first says what the clues give; `hint` takes it as seen.
        let first = steps.lines().find(|l| l.contains("\"step\":1,"));
        assert_eq!(hint.lines().next(), first);
        // By default, the next cell to fill: steps of the walk, in its
        // order, the last placing a cell at its value in the solution.
        args[0] = "hint";
        let (placement, err, code) = solve(&args);
        assert_eq!(code, 0, "{err}");
        let unnumbered = |line: &str| {
            let mut v: Value = serde_json::from_str(line).unwrap();
            let _ = v.as_object_mut().unwrap().remove("step");
            v
        };
        let walk: Vec<Value> = (steps.lines().filter(|l| l.contains("\"deduces\"")))
            .map(unnumbered)
            .collect();
        let chain: Vec<Value> = placement.lines().map(unnumbered).collect();
        let mut at = 0;
        for step in &chain {
            at += walk[at..]
                .iter()
                .position(|w| w == step)
                .expect("a step of the walk")
                + 1;
        }
        let last = chain.last().unwrap();
        let placed: Vec<&Value> = (last["deduces"].as_array().unwrap().iter())
            .filter(|d| d.get("is").or(d.get("so")).is_some())
            .collect();
        assert!(!placed.is_empty(), "{placement}");
        for d in placed {
            let ((r, c), value) = (cell_of(&d["var"]), d.get("is").or(d.get("so")).unwrap());
            assert_eq!(&solution["x"][r - 1][c - 1], value, "{placement}");
        }
    }
    // `--eliminations` is hint's alone: `steps` refuses it, never ignores.
    let (_, err, code) = solve(&["steps", "specs/sudoku.toml", "--eliminations"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("unexpected argument '--eliminations'"),
        "{err}"
    );
    // In JSON, the hint's techniques come on a line of their own, counting
    // the steps printed before it.
    let (out, err, code) = solve(&["hint", "specs/sudoku.toml", "--json", "--techniques"]);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&out);
    let (last, steps) = lines.split_last().unwrap();
    let counted: u64 = (last["techniques"].as_object().expect(&out).values())
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(counted, steps.len() as u64, "{out}");
    assert!(steps.iter().all(|s| s["technique"].is_string()), "{out}");
    // `--techniques` and `--stats` tell of the hint's steps as of a walk's.
    let (out, err, code) = solve(&["hint", "specs/sudoku.toml", "--techniques", "--stats"]);
    assert_eq!(code, 0, "{err}");
    let steps = (out.lines())
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .count();
    let (_, used) = out.split_once("techniques used:\n").expect(&out);
    let tallied: usize = (used.lines())
        .map(|l| l.rsplit(": ").next().unwrap().split(' ').next().unwrap())
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    assert!(steps > 0 && tallied == steps, "{out}");
    assert!(
        err.contains("grade: largest step 2") && err.contains("work: "),
        "{err}"
    );
    // Against the clue in row 1, column 1 (a 5): the player's entry is
    // named first, then the rule it breaks, by its sentence.
    let (out, _, code) = solve(&["hint", "specs/sudoku.toml", "--given", "x[1][1]=6"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "this entry cannot stand: with it this state has no solution
   x[1][1]=6
it breaks the rule:
   the clue in row 1, column 1 (clues[r=1, c=1])
(a minimal set: without any one of these, the others have a solution)
"
    );
}

/// `x[r][c]` as (r, c).
fn cell_of(name: &Value) -> (usize, usize) {
    let digits: Vec<usize> = (name.as_str().unwrap())
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    (digits[0], digits[1])
}

/// Each technique from a small model built to need it: the next step
/// from the givens is named as designed, and, for one alldifferent item,
/// as the definition checked here on its facts names it.
#[test]
fn every_technique_is_named_by_its_definition() {
    WIDTH.with(|w| w.set(3));
    let differ = |n: usize, extra: &str| {
        let vars = format!("x = {{ index = [\"1..{n}\", \"1..1\"], domain = \"1..{n}\" }}\n");
        let all: Vec<String> = (1..=n).map(|i| format!("x[{i}][1]")).collect();
        format!(
            "[vars]\n{vars}[constraints]\nall = {{ rule = \"alldifferent([{}])\", consistency = \"domain\" }}\n{extra}",
            all.join(", ")
        )
    };
    // A row x[1..4] and a box x[1], x[2], x[5], x[6] sharing two cells.
    let boxed = "[vars]\nx = { index = [\"1..6\", \"1..1\"], domain = \"1..4\" }\n[constraints]\n\
        row = { rule = \"alldifferent([x[1][1], x[2][1], x[3][1], x[4][1]])\", consistency = \"domain\" }\n\
        box = { rule = \"alldifferent([x[1][1], x[2][1], x[5][1], x[6][1]])\", consistency = \"domain\" }\n";
    let cases: [(String, &[&str], &str, &str); 8] = [
        (differ(3, ""), &["x[1][1]=1"], "domain", "elimination"),
        (
            differ(3, ""),
            &["x[1][1]=1", "x[3][1]!=2"],
            "domain",
            "naked single",
        ),
        (
            differ(3, ""),
            &["x[2][1]!=1", "x[3][1]!=1"],
            "domain",
            "hidden single",
        ),
        (
            differ(4, ""),
            &["x[1][1]!=3,4", "x[2][1]!=3,4"],
            "domain",
            "naked pair",
        ),
        (
            differ(5, ""),
            &["x[3][1]!=1,2", "x[4][1]!=1,2", "x[5][1]!=1,2"],
            "domain",
            "hidden pair",
        ),
        (
            boxed.to_string(),
            &["x[5][1]!=1", "x[6][1]!=1"],
            "domain",
            "pointing / box-line",
        ),
        (
            differ(3, ""),
            &["x[2][1]!=1", "x[3][1]!=1"],
            "early",
            "contradiction",
        ),
        (
            "[vars]\nx = { index = [\"1..3\", \"1..1\"], domain = \"1..3\" }\n[constraints]\n\
             total = \"x[1][1] + x[2][1] + x[3][1] == 8\"\n"
                .to_string(),
            &[],
            "domain",
            "sum",
        ),
    ];
    for (text, givens, level, expected) in cases {
        let spec = crate::TempSpec::new("technique", &text);
        let mut args = vec![
            "hint",
            spec.path(),
            "--eliminations",
            "--json",
            "--consistency",
            level,
        ];
        for g in givens {
            args.extend(["--given", g]);
        }
        let (out, err, code) = solve(&args);
        assert_eq!(code, 0, "{text}{err}");
        let step: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        assert_eq!(step["technique"], expected, "{text}{givens:?}\n{step}");
        let uses = step["uses"].as_array().unwrap();
        if uses.len() == 1 && uses[0]["name"] == "all" && step["method"] == "propagation" {
            // What is known before the step: the givens on the domains.
            let n = text.matches("x[").count();
            let mut known: Vec<Vec<i64>> = vec![(1..=n as i64).collect(); 3 * n];
            for g in givens {
                let (var, value) = g.split_once('=').unwrap();
                let x = cell_index(var.trim_end_matches('!'));
                let listed: Vec<i64> = value.split(',').map(|v| v.parse().unwrap()).collect();
                known[x].retain(|v| listed.contains(v) != var.ends_with('!'));
            }
            let item: Vec<usize> = (0..n).map(|i| 3 * i).collect();
            let domain: Vec<i64> = (1..=n as i64).collect();
            assert_eq!(
                one_item_name(&item, &step, &known, &domain),
                expected,
                "{step}"
            );
        }
    }
}
