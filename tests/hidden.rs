//! The player's variables only: steps, hints and candidates never show a
//! variable the spec keeps for itself (`shown = false`, or beside a board
//! of another variable's cells), and what the walk derives of one is
//! folded into the steps that use it.
//!
//! Oracles, sharing no code with the interpreter:
//! - random 3x3 Latin squares with a hidden copy `h` of one cell, which
//!   a rule on `h` alone narrows: a brute force over every grid and value
//!   of `h` checks that each step's items and facts alone exclude its
//!   values (sound), that without any one of them some grid and `h` take
//!   one of those values (minimal), and that the steps leave each cell the
//!   values the solutions give it;
//! - the shipped Hidato: no step, hint or candidate list names `pi`, `pj`
//!   or `succ`, and the steps end on the solution `solve` prints.

use crate::steps::{ReadStep, cell, distinct, read_step};
use crate::{Rng, TempSpec, solve};
use serde_json::Value;
use std::collections::BTreeSet;

/// A grid of nine cells and the hidden copy's value.
type World = [i64; 10];
type Meaning = Box<dyn Fn(&World) -> bool>;

/// The meanings of a 3x3 Latin square's `rows` and `cols` items.
fn latin_meanings() -> Vec<(String, Meaning)> {
    let mut meanings: Vec<(String, Meaning)> = Vec::new();
    for k in 0..3 {
        meanings.push((
            format!("rows[r={}]", k + 1),
            Box::new(move |w: &World| distinct(&w[3 * k..3 * k + 3])),
        ));
        meanings.push((
            format!("cols[c={}]", k + 1),
            Box::new(move |w: &World| distinct(&[w[k], w[3 + k], w[6 + k]])),
        ));
    }
    meanings
}

/// A Latin square whose cell `i` has a hidden copy `h`, which a rule on
/// `h` alone (`not_v`) narrows; the spec and each item's meaning.
fn latin_with_copy(rng: &mut Rng) -> (String, Vec<(String, Meaning)>) {
    let (i, v) = (rng.below(9), 1 + rng.below(3) as i64);
    let (r, c) = (i / 3 + 1, i % 3 + 1);
    let mut text = format!(
        "[vars]\nx = {{ index = [\"1..3\", \"1..3\"], domain = \"1..3\" }}\n\
         h = {{ domain = \"1..3\", shown = false }}\n[constraints]\n\
         rows = \"forall(alldifferent(x[r]) for r in 1..3)\"\n\
         cols = \"forall(alldifferent([x[r][c] for r in 1..3]) for c in 1..3)\"\n\
         copy = \"h == x[{r}][{c}]\"\nnot_v = \"h != {v}\"\n"
    );
    let mut meanings = latin_meanings();
    meanings.push(("copy".into(), Box::new(move |w: &World| w[9] == w[i])));
    meanings.push(("not_v".into(), Box::new(move |w: &World| w[9] != v)));
    for k in 0..rng.below(3) {
        let (j, u) = (rng.below(9), 1 + rng.below(3) as i64);
        text.push_str(&format!(
            "clue{k} = \"x[{}][{}] == {u}\"\n",
            j / 3 + 1,
            j % 3 + 1
        ));
        meanings.push((format!("clue{k}"), Box::new(move |w: &World| w[j] == u)));
    }
    (text, meanings)
}

fn worlds() -> Vec<World> {
    (0..59049)
        .map(|n: i64| {
            let mut w = [0; 10];
            for (k, x) in w.iter_mut().enumerate() {
                *x = (n / 3i64.pow(k as u32)) % 3 + 1;
            }
            w
        })
        .collect()
}

/// Some world keeps the named items and the facts, with `var` taking one
/// of `removed`.
fn possible(
    worlds: &[World],
    meanings: &[(String, Meaning)],
    items: &[String],
    facts: &[(usize, Vec<i64>)],
    (var, removed): &(usize, Vec<i64>),
) -> bool {
    worlds.iter().any(|w| {
        removed.contains(&w[*var])
            && facts.iter().all(|(x, vs)| vs.contains(&w[*x]))
            && (items.iter()).all(|name| (meanings.iter()).any(|(n, m)| n == name && m(w)))
    })
}

#[test]
fn steps_through_a_hidden_copy_are_sound_minimal_and_name_only_cells() {
    let worlds = worlds();
    let mut rng = Rng::new(52);
    for _ in 0..12 {
        let (text, meanings) = latin_with_copy(&mut rng);
        let spec = TempSpec::new("hidden-steps", &text);
        let path = spec.path.to_str().unwrap();
        let (out, err, code) = solve(&["steps", path, "--json"]);
        let solutions: Vec<&World> = (worlds.iter())
            .filter(|w| meanings.iter().all(|(_, m)| m(w)))
            .collect();
        assert!(!out.contains("\"h\""), "a step names h:\n{text}\n{out}");
        let mut known: Vec<Vec<i64>> = vec![vec![1, 2, 3]; 9];
        for line in out.lines() {
            let step: Value = serde_json::from_str(line).unwrap();
            for fact in step
                .get("start")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let is = fact["is"].as_i64().unwrap();
                known[cell(fact["var"].as_str().unwrap())].retain(|&u| u == is);
            }
            let Some(deduces) = step.get("deduces").and_then(Value::as_array) else {
                continue;
            };
            let ReadStep {
                items,
                facts,
                deductions,
            } = read_step(&step, deduces, &known);
            for (x, vs) in &facts {
                assert_eq!(&known[*x], vs, "stale fact:\n{text}\n{step}");
            }
            for d in &deductions {
                assert!(
                    d.1.iter().any(|u| known[d.0].contains(u)),
                    "removes nothing:\n{text}\n{step}"
                );
                assert!(
                    !possible(&worlds, &meanings, &items, &facts, d),
                    "unsound:\n{text}\n{step}"
                );
            }
            assert_eq!(step["minimal"], true, "not proven minimal:\n{text}\n{step}");
            let some_fails = |items: &[String], facts: &[(usize, Vec<i64>)]| {
                (deductions.iter()).any(|d| possible(&worlds, &meanings, items, facts, d))
            };
            crate::assert_each_piece_needed(&items, &facts, some_fails, &format!("{text}\n{step}"));
            for (x, removed) in &deductions {
                known[*x].retain(|u| !removed.contains(u));
            }
        }
        if solutions.is_empty() {
            assert_eq!(code, 1, "{text}\n{out}{err}");
            continue;
        }
        for (x, vs) in known.iter().enumerate() {
            let taken: BTreeSet<i64> = solutions.iter().map(|w| w[x]).collect();
            assert_eq!(
                vs.iter().copied().collect::<BTreeSet<_>>(),
                taken,
                "{text}\n{out}"
            );
        }
    }
}

/// Whether a line of output names one of Hidato's own variables.
fn names_hidden(text: &str) -> bool {
    ["pi[", "pj[", "succ["].iter().any(|h| text.contains(h))
}

#[test]
fn hidato_shows_its_cells_alone_and_ends_on_the_solution() {
    let (out, err, code) = solve(&["steps", "specs/hidato.toml", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(!names_hidden(&out), "{out}");
    let (solution, _, _) = solve(&["specs/hidato.toml", "--json"]);
    let solution: Value = serde_json::from_str(solution.lines().next().unwrap()).unwrap();
    // Every cell is derived, as the solution has it.
    let mut fixed = BTreeSet::new();
    for line in out.lines() {
        let step: Value = serde_json::from_str(line).unwrap();
        let shown = (step
            .get("start")
            .and_then(Value::as_array)
            .into_iter()
            .flatten())
        .chain(
            step.get("deduces")
                .and_then(Value::as_array)
                .into_iter()
                .flatten(),
        );
        for d in shown {
            let name = d["var"].as_str().unwrap();
            assert!(name.starts_with("x["), "{name}");
            if let Some(is) = d.get("is").or(d.get("so")) {
                let (i, j) = (cell_digit(name, 0), cell_digit(name, 1));
                assert_eq!(&solution["x"][i][j], is, "{name}");
                let _ = fixed.insert((i, j));
            }
        }
    }
    assert_eq!(fixed.len(), 25, "{out}");
    let (text, _, _) = solve(&["steps", "specs/hidato.toml"]);
    assert!(!names_hidden(&text), "{text}");
    let (hint, err, code) = solve(&["hint", "specs/hidato.toml", "--given", "x[1][1]=21"]);
    assert_eq!(code, 0, "{err}");
    assert!(!names_hidden(&hint) && hint.contains("x["), "{hint}");
    let (listed, _, code) = solve(&["candidates", "specs/hidato.toml"]);
    assert_eq!(code, 0);
    assert_eq!(listed.lines().count(), 25, "{listed}");
    assert!(!names_hidden(&listed), "{listed}");
    // A given names a cell the steps show.
    let (_, err, code) = solve(&["hint", "specs/hidato.toml", "--given", "pi[3]=2"]);
    assert_eq!(code, 2);
    assert!(err.contains("`pi[3]` is the model's own"), "{err}");
}

fn cell_digit(name: &str, k: usize) -> usize {
    let digits: Vec<usize> = (name.split(|c: char| !c.is_ascii_digit()))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    digits[k]
}

#[test]
fn a_board_of_cells_hides_the_other_variables_unless_they_say_shown() {
    let spec = |shown: &str| {
        format!(
            "[vars]\nx = {{ index = \"1..2\", domain = \"1..2\" }}\nh = {{ domain = \"1..2\"{shown} }}\n\
             [constraints]\ncopy = \"h == x[1]\"\nfirst = \"h == 2\"\ndiffer = \"x[1] != x[2]\"\n\
             [output]\nboard = \"x\"\n"
        )
    };
    for (shown, seen) in [
        ("", false),
        (", shown = true", true),
        (", shown = false", false),
    ] {
        let file = TempSpec::new("hidden-board", &spec(shown));
        let (listed, err, code) = solve(&["candidates", file.path()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(listed.contains("h = 2"), seen, "{shown}: {listed}");
        assert!(
            listed.contains("x[1] = 2") && listed.contains("x[2] = 1"),
            "{listed}"
        );
    }
    let file = TempSpec::new("hidden-bad", &spec(", shown = 1"));
    let (_, err, code) = solve(&["steps", file.path()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`shown` is true or false, found integer"),
        "{err}"
    );
    assert!(err.contains(":3:"), "{err}");
}

/// A Latin square whose hidden `h` lies strictly between two cells
/// (`above`: h > x[a], `below`: h < x[b]), each of which may have a clue:
/// the spec and each item's meaning.
fn latin_squeezing_a_hidden(rng: &mut Rng) -> (String, Vec<(String, Meaning)>) {
    let a = rng.below(9);
    let b = (a + 1 + rng.below(8)) % 9;
    let at = |i: usize| format!("x[{}][{}]", i / 3 + 1, i % 3 + 1);
    let mut text = format!(
        "[vars]\nx = {{ index = [\"1..3\", \"1..3\"], domain = \"1..3\" }}\n\
         h = {{ domain = \"1..3\", shown = false }}\n[constraints]\n\
         rows = \"forall(alldifferent(x[r]) for r in 1..3)\"\n\
         cols = \"forall(alldifferent([x[r][c] for r in 1..3]) for c in 1..3)\"\n\
         above = \"h > {}\"\nbelow = \"h < {}\"\n",
        at(a),
        at(b)
    );
    let mut meanings = latin_meanings();
    meanings.push(("above".into(), Box::new(move |w: &World| w[9] > w[a])));
    meanings.push(("below".into(), Box::new(move |w: &World| w[9] < w[b])));
    for (k, j) in [a, b].into_iter().enumerate() {
        if rng.below(3) > 0 {
            let u = 1 + rng.below(3) as i64;
            text.push_str(&format!("clue{k} = \"{} == {u}\"\n", at(j)));
            meanings.push((format!("clue{k}"), Box::new(move |w: &World| w[j] == u)));
        }
    }
    (text, meanings)
}

/// The facts of a `knowing` line: `x[1][2] = 3, x[2][1] ∈ {1, 3}`, each
/// cell with its values.
fn read_knowing(line: &str) -> Vec<(usize, Vec<i64>)> {
    let mut facts = Vec::new();
    let mut rest = line.trim().strip_prefix("knowing ").unwrap();
    while !rest.is_empty() {
        let end = rest.find(' ').unwrap();
        let var = cell(&rest[..end]);
        rest = &rest[end + 1..];
        let (values, tail) = if let Some(r) = rest.strip_prefix("= ") {
            let end = r.find(',').unwrap_or(r.len());
            (r[..end].to_string(), &r[end..])
        } else {
            let r = rest.strip_prefix("∈ {").unwrap();
            let end = r.find('}').unwrap();
            (r[..end].to_string(), &r[end + 1..])
        };
        let mut vs = Vec::new();
        for part in values.split(", ") {
            match part.split_once("..") {
                Some((lo, hi)) => vs.extend(lo.parse::<i64>().unwrap()..=hi.parse().unwrap()),
                None => vs.push(part.parse().unwrap()),
            }
        }
        facts.push((var, vs));
        rest = tail.trim_start_matches(", ");
    }
    facts
}

/// `solve explain --steps` on a conflict that empties a hidden variable
/// never names it: it ends on the clash of the items and cell facts
/// behind it, which the brute force finds have no solution together,
/// each one needed.
#[test]
fn a_conflict_that_empties_a_hidden_variable_ends_on_a_clash_of_cells() {
    let worlds = worlds();
    let mut rng = Rng::new(520);
    let (mut clashes, mut conflicts) = (0, 0);
    for _ in 0..40 {
        let (text, meanings) = latin_squeezing_a_hidden(&mut rng);
        let keeps = |w: &&World| meanings.iter().all(|(_, m)| m(w));
        if worlds.iter().any(|w| keeps(&w)) {
            continue;
        }
        conflicts += 1;
        let spec = TempSpec::new("hidden-clash", &text);
        let (out, err, code) = solve(&["explain", "--steps", spec.path.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}\n{out}{err}");
        let named_h = out
            .lines()
            .any(|l| l.contains(" h ") || l.contains("h ≠") || l.contains("h ="));
        assert!(!named_h, "names h:\n{text}\n{out}");
        let last = out.lines().last().unwrap();
        let lines: Vec<&str> = out.lines().collect();
        let Some(at) = lines
            .iter()
            .position(|l| l.contains(". clash: these cannot all hold"))
        else {
            assert!(last.contains("has no value left"), "{text}\n{out}");
            continue;
        };
        clashes += 1;
        assert!(!lines[at].contains("not proven minimal"), "{text}\n{out}");
        assert_eq!(
            last, "so these constraints have no solution together",
            "{out}"
        );
        let mut items: Vec<String> = Vec::new();
        let mut facts: Vec<(usize, Vec<i64>)> = Vec::new();
        for line in &lines[at + 1..lines.len() - 1] {
            if line.trim().starts_with("knowing ") {
                facts = read_knowing(line);
            } else {
                items.push(line.trim().to_string());
            }
        }
        let some_world = |items: &[String], facts: &[(usize, Vec<i64>)]| {
            worlds.iter().any(|w| {
                facts.iter().all(|(x, vs)| vs.contains(&w[*x]))
                    && (items.iter()).all(|name| (meanings.iter()).any(|(n, m)| n == name && m(w)))
            })
        };
        assert!(
            !some_world(&items, &facts),
            "the clash has a solution:\n{text}\n{out}"
        );
        crate::assert_each_piece_needed(&items, &facts, some_world, &format!("{text}\n{out}"));
    }
    // Not vacuous: conflicts were met, and some ended on a hidden clash.
    assert!(
        conflicts >= 10 && clashes >= 3,
        "{conflicts} conflicts, {clashes} clashes"
    );
    // Two rules on the hidden variable alone: its support is both (each
    // alone has a solution).
    let text = "[vars]\nx = { index = \"1..2\", domain = \"1..3\" }\n\
                h = { domain = \"1..3\", shown = false }\n[constraints]\n\
                above = \"h > 2\"\nbelow = \"h < 2\"\napart = \"x[1] != x[2]\"\n";
    let spec = TempSpec::new("hidden-clash-alone", text);
    let (out, err, code) = solve(&["explain", "--steps", spec.path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    let clash = out
        .split(". clash: these cannot all hold")
        .nth(1)
        .expect("a clash");
    let cited: Vec<&str> = clash.lines().skip(1).map(str::trim).collect();
    assert_eq!(
        cited,
        [
            "above",
            "below",
            "so these constraints have no solution together"
        ],
        "{out}"
    );
}
