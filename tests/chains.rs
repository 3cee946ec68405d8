//! The chain of a step by contradiction: from the assumed value, each
//! link follows from the step's facts and the links before it by the rule
//! it names alone, and the last rule then has no solution (a clash).
//!
//! Oracle, sharing no code with the interpreter: random 4x4 Latin squares
//! with clues and sums of two cells, each rule its variables and its
//! meaning as a Rust closure; at `early` an alldifferent only fails once
//! its fixed cells clash, so steps reason by contradiction (at `domain`
//! fewer do, with longer chains through the sums), and a brute force over
//! the values of the rule's variables (in the domains the chain has
//! reached) checks each link and the clash.

use crate::{Rng, TempSpec, solve};
use serde_json::Value;
use std::collections::HashMap;

const N: usize = 4;

/// What a rule says of its cells' values.
type Holds = Box<dyn Fn(&[i64]) -> bool>;

/// A rule: its cells (row-major indices) and what it says of their values.
struct Rule {
    cells: Vec<usize>,
    holds: Holds,
}

fn all_different(values: &[i64]) -> bool {
    (0..values.len()).all(|i| (i + 1..values.len()).all(|j| values[i] != values[j]))
}

/// A random 4x4 Latin square spec (rows, columns, clues, a sum) and its
/// rules by name.
fn latin(rng: &mut Rng) -> (String, HashMap<String, Rule>) {
    let perm = |rng: &mut Rng| {
        let mut p: Vec<usize> = (0..N).collect();
        for i in (1..N).rev() {
            p.swap(i, rng.below(i + 1));
        }
        p
    };
    let (rows, cols, symbols) = (perm(rng), perm(rng), perm(rng));
    let solution: Vec<i64> = (0..N * N)
        .map(|k| symbols[(rows[k / N] + cols[k % N]) % N] as i64 + 1)
        .collect();
    let mut text = String::from(
        "[vars]\nx = { index = [\"1..4\", \"1..4\"], domain = \"1..4\" }\n[constraints]\n\
         rows = \"forall(alldifferent(x[r]) for r in 1..4)\"\n\
         cols = \"forall(alldifferent([x[r][c] for r in 1..4]) for c in 1..4)\"\n",
    );
    let mut rules: HashMap<String, Rule> = HashMap::new();
    for i in 0..N {
        let row = (0..N).map(|c| i * N + c).collect();
        let col = (0..N).map(|r| r * N + i).collect();
        let _ = rules.insert(format!("rows[r={}]", i + 1), rule(row, all_different));
        let _ = rules.insert(format!("cols[c={}]", i + 1), rule(col, all_different));
    }
    let name = |k: usize| format!("x[{}][{}]", k / N + 1, k % N + 1);
    for k in 0..1 + rng.below(3) {
        let at = rng.below(N * N);
        let v = solution[at];
        text.push_str(&format!("clue{k} = \"{} == {v}\"\n", name(at)));
        let _ = rules.insert(format!("clue{k}"), rule(vec![at], move |x| x[0] == v));
    }
    // Sums of two cells: what one tells of a cell, the next carries on.
    for k in 0..6 {
        let (a, b) = (rng.below(N * N), rng.below(N * N));
        if a != b {
            let bound = solution[a] + solution[b] + rng.below(2) as i64;
            text.push_str(&format!(
                "sum{k} = \"{} + {} <= {bound}\"\n",
                name(a),
                name(b)
            ));
            let _ = rules.insert(
                format!("sum{k}"),
                rule(vec![a, b], move |x| x[0] + x[1] <= bound),
            );
        }
    }
    (text, rules)
}

fn rule(cells: Vec<usize>, holds: impl Fn(&[i64]) -> bool + 'static) -> Rule {
    Rule {
        cells,
        holds: Box::new(holds),
    }
}

/// Whether some values of the rule's cells, each in its domain, keep it.
fn some_values(rule: &Rule, domains: &[Vec<i64>]) -> bool {
    let mut values = vec![0; rule.cells.len()];
    fn go(rule: &Rule, domains: &[Vec<i64>], values: &mut Vec<i64>, i: usize) -> bool {
        if i == values.len() {
            return (rule.holds)(values);
        }
        for &v in &domains[rule.cells[i]] {
            values[i] = v;
            if go(rule, domains, values, i + 1) {
                return true;
            }
        }
        false
    }
    go(rule, domains, &mut values, 0)
}

fn cell(name: &str) -> usize {
    let d: Vec<usize> = (name.split(|c: char| !c.is_ascii_digit()))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    (d[0] - 1) * N + d[1] - 1
}

fn ints(v: &Value) -> Vec<i64> {
    match v {
        Value::Array(a) => a.iter().map(|x| x.as_i64().unwrap()).collect(),
        x => vec![x.as_i64().unwrap()],
    }
}

/// Checks one step's chain; how many links it has.
fn check_chain(rules: &HashMap<String, Rule>, step: &Value, text: &str) -> usize {
    let chain = &step["chain"];
    let mut domains: Vec<Vec<i64>> = vec![(1..=N as i64).collect(); N * N];
    for f in step["facts"].as_array().unwrap() {
        domains[cell(f["var"].as_str().unwrap())] = ints(f.get("is").or(f.get("in")).unwrap());
    }
    // The assumption: the step's variable takes a value the step removes.
    let assumed = &chain["if"];
    let x = cell(assumed["var"].as_str().unwrap());
    let taken = ints(assumed.get("is").or(assumed.get("in")).unwrap());
    let deduced = &step["deduces"][0];
    assert_eq!(deduced["var"], assumed["var"], "{text}\n{step}");
    if let Some(not) = deduced.get("not") {
        assert!(
            taken.iter().all(|v| ints(not).contains(v)),
            "{text}\n{step}"
        );
    }
    domains[x].retain(|v| taken.contains(v));
    let links = chain["links"].as_array().unwrap();
    for link in links {
        let name = link["rule"].as_str().unwrap();
        let y = cell(link["var"].as_str().unwrap());
        let keep: Vec<i64> = match (link.get("is"), link.get("not")) {
            (Some(is), _) => vec![is.as_i64().unwrap()],
            (_, Some(not)) => {
                let not = ints(not);
                domains[y]
                    .iter()
                    .copied()
                    .filter(|v| !not.contains(v))
                    .collect()
            }
            _ => panic!("a link says nothing: {step}"),
        };
        assert!(
            keep.len() < domains[y].len(),
            "removes nothing:\n{text}\n{step}"
        );
        // The rule alone, with the facts and the links before, leaves `y`
        // no value outside `keep`.
        let mut outside = domains.clone();
        outside[y].retain(|v| !keep.contains(v));
        assert!(
            !some_values(&rules[name], &outside),
            "a link does not follow by {name}:\n{text}\n{step}"
        );
        domains[y].retain(|v| keep.contains(v));
    }
    let clash = chain["clash"].as_str().unwrap();
    assert!(
        !some_values(&rules[clash], &domains),
        "no clash in {clash}:\n{text}\n{step}"
    );
    links.len()
}

#[test]
fn every_link_of_a_chain_follows_by_its_rule_and_the_last_rule_clashes() {
    let mut rng = Rng::new(3);
    let (mut chains, mut longest) = (0, 0);
    for round in 0..10 {
        let (text, rules) = latin(&mut rng);
        let spec = TempSpec::new("chain-steps", &text);
        let path = spec.path.to_str().unwrap();
        // At `early` steps by contradiction are many and short; at
        // `domain` few, and long.
        let level = ["early", "domain"][round % 2];
        let (out, err, _) = solve(&["steps", path, "--json", "--consistency", level]);
        for line in out.lines() {
            let step: Value = serde_json::from_str(line).unwrap_or_else(|_| panic!("{err}"));
            if step.get("chain").is_some() {
                assert_eq!(step["method"], "contradiction", "{step}");
                longest = longest.max(check_chain(&rules, &step, &text));
                chains += 1;
            }
        }
        // The text shows each chain too.
        let (shown, _, _) = solve(&["steps", path, "--consistency", level]);
        assert_eq!(
            shown.matches("   chain: if ").count(),
            out.matches("\"chain\"").count()
        );
    }
    assert!(
        chains >= 20 && longest >= 2,
        "{chains} chains, the longest {longest} links"
    );
}
