//! Text values and enum domains: a variable whose domain lists texts
//! (`colour = { index = "houses", domain = "colours" }`), arrays indexed by
//! texts (`pos['green']`), params holding texts, and the diagnostics of
//! their misuse. Checked through the binary against independent oracles:
//! the known answer of the Zebra puzzle (the Japanese owns the zebra, the
//! Norwegian drinks water) and a search for it written here, and brute-force
//! enumerations in plain Rust that number the texts themselves (1, 2, ...
//! in the order the spec's domains and indices first list them) and share
//! no code with the interpreter. Error positions were counted by hand from
//! the temporary specs (columns 1-based) and point at the offending text or
//! operand.
//!
//! In the expression language a text is written in single quotes
//! (`x == 'red'`); in a TOML array of `[params]` or of a `domain` the items
//! are TOML strings (`["red", "green"]`).

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

use crate::{Rng, TempSpec, count, for_each_permutation, json_solutions, solve};

/// The texts of a JSON array of texts.
fn texts(solution: &Value, name: &str) -> Vec<String> {
    solution
        .get(name)
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no array `{name}` in {solution}"))
        .iter()
        .map(|v| {
            v.as_str()
                .unwrap_or_else(|| panic!("`{name}` holds {v}, not a JSON string"))
                .to_string()
        })
        .collect()
}

/// A scalar text of a JSON solution.
fn text_value(solution: &Value, name: &str) -> String {
    solution
        .get(name)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no text `{name}` in {solution}"))
        .to_string()
}

// ---------------------------------------------------------------- zebra

const COLOURS: [&str; 5] = ["red", "green", "ivory", "yellow", "blue"];
const NATIONS: [&str; 5] = ["english", "spaniard", "ukrainian", "norwegian", "japanese"];
const PETS: [&str; 5] = ["dog", "snails", "fox", "horse", "zebra"];
const DRINKS: [&str; 5] = ["coffee", "tea", "milk", "orange juice", "water"];
const SMOKES: [&str; 5] = [
    "old gold",
    "kools",
    "chesterfield",
    "lucky strike",
    "parliament",
];

/// One assignment of the puzzle: for each attribute, the text of house
/// 0..5 (house 1..5 of the spec).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Street {
    colour: Vec<String>,
    nation: Vec<String>,
    pet: Vec<String>,
    drink: Vec<String>,
    smoke: Vec<String>,
}

/// The house (0-based) holding `value` in `row`.
fn house(row: &[String], value: &str) -> usize {
    row.iter()
        .position(|v| v == value)
        .unwrap_or_else(|| panic!("no house has {value:?} in {row:?}"))
}

/// The fourteen clues, read from the puzzle's wording, over texts.
fn clues_hold(s: &Street) -> bool {
    let same = |a: &[String], x: &str, b: &[String], y: &str| house(a, x) == house(b, y);
    let next =
        |a: &[String], x: &str, b: &[String], y: &str| house(a, x).abs_diff(house(b, y)) == 1;
    same(&s.nation, "english", &s.colour, "red")
        && same(&s.nation, "spaniard", &s.pet, "dog")
        && same(&s.drink, "coffee", &s.colour, "green")
        && same(&s.nation, "ukrainian", &s.drink, "tea")
        && house(&s.colour, "green") == house(&s.colour, "ivory") + 1
        && same(&s.smoke, "old gold", &s.pet, "snails")
        && same(&s.smoke, "kools", &s.colour, "yellow")
        && s.drink[2] == "milk"
        && s.nation[0] == "norwegian"
        && next(&s.smoke, "chesterfield", &s.pet, "fox")
        && next(&s.smoke, "kools", &s.pet, "horse")
        && same(&s.smoke, "lucky strike", &s.drink, "orange juice")
        && same(&s.nation, "japanese", &s.smoke, "parliament")
        && next(&s.nation, "norwegian", &s.colour, "blue")
}

/// Every street satisfying the clues, by a plain search over the 120
/// orders of each attribute, pruned after each attribute by the clues
/// that only involve the attributes placed so far.
fn zebra_brute_force() -> Vec<Street> {
    let mut orders: Vec<Vec<usize>> = Vec::new();
    let mut items = [0, 1, 2, 3, 4];
    for_each_permutation(&mut items, &mut |p| {
        orders.push(p.iter().map(|&i| i as usize).collect());
    });
    assert_eq!(orders.len(), 120);
    let row = |names: &[&str; 5], order: &[usize]| -> Vec<String> {
        order.iter().map(|&i| names[i].to_string()).collect()
    };
    let mut found = Vec::new();
    for co in &orders {
        let colour = row(&COLOURS, co);
        if house(&colour, "green") != house(&colour, "ivory") + 1 {
            continue;
        }
        for na in &orders {
            let nation = row(&NATIONS, na);
            if nation[0] != "norwegian"
                || house(&nation, "english") != house(&colour, "red")
                || house(&nation, "norwegian").abs_diff(house(&colour, "blue")) != 1
            {
                continue;
            }
            for dr in &orders {
                let drink = row(&DRINKS, dr);
                if drink[2] != "milk"
                    || house(&drink, "coffee") != house(&colour, "green")
                    || house(&nation, "ukrainian") != house(&drink, "tea")
                {
                    continue;
                }
                for sm in &orders {
                    let smoke = row(&SMOKES, sm);
                    if house(&smoke, "kools") != house(&colour, "yellow")
                        || house(&smoke, "lucky strike") != house(&drink, "orange juice")
                        || house(&nation, "japanese") != house(&smoke, "parliament")
                    {
                        continue;
                    }
                    for pe in &orders {
                        let street = Street {
                            colour: colour.clone(),
                            nation: nation.clone(),
                            pet: row(&PETS, pe),
                            drink: drink.clone(),
                            smoke: smoke.clone(),
                        };
                        if clues_hold(&street) {
                            found.push(street);
                        }
                    }
                }
            }
        }
    }
    found
}

#[test]
fn zebra_has_one_solution_the_known_one() {
    assert_eq!(count(&["specs/zebra.toml"]), 1);

    let brute = zebra_brute_force();
    assert_eq!(brute.len(), 1, "the brute force finds {brute:?}");
    let expected = &brute[0];
    // The known answer of the puzzle, also in the brute force's street.
    assert_eq!(expected.pet[4], "zebra");
    assert_eq!(expected.nation[4], "japanese");
    assert_eq!(expected.drink[0], "water");
    assert_eq!(expected.nation[0], "norwegian");

    let solutions = json_solutions(&["--json", "specs/zebra.toml"]);
    assert_eq!(solutions.len(), 1);
    let s = &solutions[0];
    let street = Street {
        colour: texts(s, "colour"),
        nation: texts(s, "nation"),
        pet: texts(s, "pet"),
        drink: texts(s, "drink"),
        smoke: texts(s, "smoke"),
    };
    assert_eq!(street.nation[0], "norwegian");
    assert_eq!(street.pet[4], "zebra");
    assert_eq!(street.drink[0], "water");
    // Each attribute is a permutation of its texts.
    for (row, names) in [
        (&street.colour, &COLOURS),
        (&street.nation, &NATIONS),
        (&street.pet, &PETS),
        (&street.drink, &DRINKS),
        (&street.smoke, &SMOKES),
    ] {
        let got: BTreeSet<&str> = row.iter().map(String::as_str).collect();
        let want: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(got, want, "{row:?} is not a permutation of {names:?}");
    }
    // A few clues directly, then all of them, then the whole street.
    assert_eq!(
        house(&street.nation, "english"),
        house(&street.colour, "red")
    );
    assert_eq!(
        house(&street.colour, "green"),
        house(&street.colour, "ivory") + 1
    );
    assert_eq!(street.drink[2], "milk");
    assert!(clues_hold(&street), "{street:?}");
    assert_eq!(&street, expected);

    // The template: the answer, then one line per house.
    let (stdout, stderr, code) = solve(&["specs/zebra.toml"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next(),
        Some("japanese owns the zebra; norwegian drinks water")
    );
    for h in 0..5 {
        let want = format!(
            "{} | {} | {} | {} | {} | {}",
            h + 1,
            expected.colour[h],
            expected.nation[h],
            expected.pet[h],
            expected.drink[h],
            expected.smoke[h]
        );
        assert_eq!(lines.next(), Some(want.as_str()), "stdout:\n{stdout}");
    }
}

// ------------------------------------------------ random enums vs brute

/// The lists the random specs draw their domains from: they overlap
/// (`"red"` and `"blue"` are in two of them, in different orders) so that
/// the numbering depends on which the spec lists first.
const LISTS: [(&str, &[&str]); 4] = [
    ("A", &["red", "green", "blue"]),
    ("B", &["blue", "yellow", "red", "pink"]),
    ("C", &["cat", "dog", "emu"]),
    ("D", &["emu", "ant", "cat", "bee"]),
];

/// The meaning of a constraint over the numbers of the variables' values.
type Meaning = Box<dyn Fn(&[i64]) -> bool>;

/// One random constraint of the enum specs: its text, and its meaning over
/// the numbers of the variables' values.
struct Clause {
    text: String,
    holds: Meaning,
}

/// A quoted text of the expression language.
fn quoted(t: &str) -> String {
    format!("'{t}'")
}

fn random_clause(
    rng: &mut Rng,
    nvars: usize,
    used: &[&'static str],
    domains: &[&'static [&'static str]],
    number: &HashMap<&str, i64>,
) -> Clause {
    let i = rng.below(nvars);
    let mut j = rng.below(nvars);
    if j == i {
        j = (i + 1) % nvars;
    }
    let t = rng.pick(used);
    let code = number[t];
    // `==` and `!=` compare a variable with a text of its own domain only
    // (another text is an error, see below).
    let own = rng.pick(domains[i]);
    let own_code = number[own];
    match rng.below(8) {
        0 => Clause {
            text: format!("v{i} == {}", quoted(own)),
            holds: Box::new(move |x| x[i] == own_code),
        },
        7 => Clause {
            text: format!("{} != v{i}", quoted(own)),
            holds: Box::new(move |x| x[i] != own_code),
        },
        1 => Clause {
            text: format!("v{i} != v{j}"),
            holds: Box::new(move |x| x[i] != x[j]),
        },
        2 => Clause {
            text: format!("v{i} == v{j}"),
            holds: Box::new(move |x| x[i] == x[j]),
        },
        3 => Clause {
            text: format!("v{i} < v{j}"),
            holds: Box::new(move |x| x[i] < x[j]),
        },
        4 => Clause {
            text: format!("v{i} <= {}", quoted(t)),
            holds: Box::new(move |x| x[i] <= code),
        },
        5 => {
            let u = rng.pick(used);
            let other = number[u];
            Clause {
                text: format!("v{i} in [{}, {}]", quoted(t), quoted(u)),
                holds: Box::new(move |x| x[i] == code || x[i] == other),
            }
        }
        6 => {
            let u = rng.pick(domains[j]);
            let other = number[u];
            Clause {
                text: format!("not (v{i} == {}) or v{j} != {}", quoted(own), quoted(u)),
                holds: Box::new(move |x| x[i] != own_code || x[j] != other),
            }
        }
        _ => {
            let k = rng.range(0, 2);
            let all: Vec<String> = (0..nvars).map(|v| format!("v{v}")).collect();
            Clause {
                text: format!("count([{}], {}) == {k}", all.join(", "), quoted(t)),
                holds: Box::new(move |x| x.iter().filter(|&&v| v == code).count() as i64 == k),
            }
        }
    }
}

/// Random specs of 2-3 enum variables over the lists above, declared in
/// three ways (a param name, a TOML array, an expression), with random
/// constraints comparing them with texts and with each other: `--count`
/// and the set of `--all --json` solutions (as texts) against a brute
/// force over the lists, numbering the texts by first appearance among
/// the variables' domains in declaration order.
#[test]
fn enum_specs_match_brute_force() {
    let mut rng = Rng::new(4242);
    let mut nonzero = 0;
    for case in 0..40 {
        let nvars = 2 + rng.below(2);
        let lists: Vec<usize> = (0..nvars).map(|_| rng.below(LISTS.len())).collect();
        // The numbering: texts in the order the domains first list them.
        let mut number: HashMap<&str, i64> = HashMap::new();
        let mut used: Vec<&'static str> = Vec::new();
        for &l in &lists {
            for &t in LISTS[l].1 {
                if !number.contains_key(t) {
                    let _ = number.insert(t, number.len() as i64 + 1);
                    used.push(t);
                }
            }
        }
        // Every list is a param, used or not, in a random order: params
        // that no domain lists number nothing.
        let mut text = String::from("[params]\n");
        let first = rng.below(LISTS.len());
        for k in 0..LISTS.len() {
            let (name, items) = LISTS[(first + k) % LISTS.len()];
            let items: Vec<String> = items.iter().map(|t| format!("\"{t}\"")).collect();
            text += &format!("{name} = [{}]\n", items.join(", "));
        }
        text += "\n[vars]\n";
        for (v, &l) in lists.iter().enumerate() {
            let (name, items) = LISTS[l];
            match rng.below(3) {
                0 => text += &format!("v{v} = \"{name}\"\n"),
                1 => {
                    let items: Vec<String> = items.iter().map(|t| format!("\"{t}\"")).collect();
                    text += &format!("v{v} = [{}]\n", items.join(", "));
                }
                _ => {
                    let items: Vec<String> = items.iter().map(|t| quoted(t)).collect();
                    text += &format!("v{v} = \"[{}]\"\n", items.join(", "));
                }
            }
        }
        text += "\n[constraints]\n";
        let domains: Vec<&[&str]> = lists.iter().map(|&l| LISTS[l].1).collect();
        let clauses: Vec<Clause> = (0..1 + rng.below(3))
            .map(|_| random_clause(&mut rng, nvars, &used, &domains, &number))
            .collect();
        for (k, c) in clauses.iter().enumerate() {
            text += &format!("c{k} = \"{}\"\n", c.text);
        }

        // Brute force over the lists.
        let mut expected: BTreeSet<Vec<String>> = BTreeSet::new();
        let sizes: Vec<usize> = lists.iter().map(|&l| LISTS[l].1.len()).collect();
        let mut at = vec![0usize; nvars];
        'all: loop {
            let values: Vec<&str> = (0..nvars).map(|v| LISTS[lists[v]].1[at[v]]).collect();
            let codes: Vec<i64> = values.iter().map(|t| number[t]).collect();
            if clauses.iter().all(|c| (c.holds)(&codes)) {
                let _ = expected.insert(values.iter().map(|t| t.to_string()).collect());
            }
            let mut v = 0;
            loop {
                if v == nvars {
                    break 'all;
                }
                at[v] += 1;
                if at[v] < sizes[v] {
                    break;
                }
                at[v] = 0;
                v += 1;
            }
        }

        let spec = TempSpec::new("enum-random", &text);
        let n = count(&[spec.path()]);
        assert_eq!(n, expected.len() as u64, "case {case}, spec:\n{text}");
        if n == 0 {
            continue;
        }
        nonzero += 1;
        let got: BTreeSet<Vec<String>> = json_solutions(&["--all", "--json", spec.path()])
            .iter()
            .map(|s| {
                (0..nvars)
                    .map(|v| text_value(s, &format!("v{v}")))
                    .collect()
            })
            .collect();
        assert_eq!(got, expected, "case {case}, spec:\n{text}");
    }
    assert!(nonzero >= 20, "only {nonzero} cases had solutions");
}

/// `<` follows the numbering, which is global and by first appearance: the
/// same two texts compare one way or the other depending on which domain
/// the spec declares first.
#[test]
fn order_of_texts_is_the_order_of_first_appearance() {
    for (first, second, expected) in [
        ("[\"red\", \"blue\"]", "[\"blue\", \"red\"]", "red"),
        ("[\"blue\", \"red\"]", "[\"red\", \"blue\"]", "blue"),
    ] {
        let text =
            format!("[vars]\nx = {first}\ny = {second}\n[constraints]\nc = \"x < y and x != y\"\n");
        let spec = TempSpec::new("enum-order", &text);
        let solutions = json_solutions(&["--all", "--json", spec.path()]);
        assert_eq!(solutions.len(), 1, "spec:\n{text}");
        assert_eq!(text_value(&solutions[0], "x"), expected, "spec:\n{text}");
    }
}

/// The default output prints an enum as its text, scalars and arrays.
#[test]
fn enums_print_as_texts() {
    let text = r#"[params]
colours = ["red", "green", "blue"]

[vars]
x = "colours"
y = ["blue", "yellow"]
z = { index = "1..2", domain = "['red', 'green']" }

[constraints]
a = "x != 'green' and x != 'blue'"
b = "y == 'yellow'"
c = "z[1] < z[2]"
"#;
    let spec = TempSpec::new("enum-print", text);
    let (stdout, stderr, code) = solve(&[spec.path()]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(stdout, "x = red\ny = yellow\nz = [red, green]\n");
    let solutions = json_solutions(&["--all", "--json", spec.path()]);
    assert_eq!(solutions.len(), 1);
    assert_eq!(
        solutions[0],
        serde_json::json!({ "x": "red", "y": "yellow", "z": ["red", "green"] })
    );
}

// ------------------------------------------------- text-indexed arrays

/// `pos` indexed by colours (a position for each colour), all different,
/// green right after ivory, a param `weight` indexed by the same texts in
/// a weighted sum, and an enum variable `first` (the colour at position 1)
/// indexing both: counts and solutions against brute force over the
/// permutations of the positions.
#[test]
fn text_indexed_arrays_match_brute_force() {
    let text = r#"[params]
colours = ["red", "green", "ivory", "blue"]
weight = { index = "colours", value = [3, 1, 2, 5] }
limit = 30

[vars]
pos = { index = "colours", domain = "1..4" }
first = "colours"

[constraints]
different = "alldifferent(pos)"
green_ivory = "pos['green'] == pos['ivory'] + 1"
weighted = "sum(weight[c] * pos[c] for c in colours) <= limit"
first_is_first = "pos[first] == 1"
heavy_first = "weight[first] >= 2"
"#;
    let colours = ["red", "green", "ivory", "blue"];
    let weight = [3, 1, 2, 5];
    let spec = TempSpec::new("text-index", text);
    let mut nonzero = 0;
    for limit in 20..=36 {
        let mut expected: BTreeSet<(Vec<i64>, String)> = BTreeSet::new();
        let mut items = [1, 2, 3, 4];
        for_each_permutation(&mut items, &mut |p| {
            // p[c] is the position of colours[c].
            let weighted: i64 = (0..4).map(|c| weight[c] * p[c]).sum();
            let first = (0..4).find(|&c| p[c] == 1).expect("a colour at 1");
            if p[1] == p[2] + 1 && weighted <= limit && weight[first] >= 2 {
                let _ = expected.insert((p.to_vec(), colours[first].to_string()));
            }
        });
        let set = format!("limit={limit}");
        let n = count(&[spec.path(), "--set", &set]);
        assert_eq!(n, expected.len() as u64, "limit {limit}");
        if n == 0 {
            continue;
        }
        nonzero += 1;
        let got: BTreeSet<(Vec<i64>, String)> =
            json_solutions(&["--all", "--json", spec.path(), "--set", &set])
                .iter()
                .map(|s| (by_texts(s, "pos", &colours), text_value(s, "first")))
                .collect();
        assert_eq!(got, expected, "limit {limit}");
    }
    assert!(nonzero >= 5, "only {nonzero} limits had solutions");
}

/// The small case: three colours, green right of ivory: 2 of the 3!
/// orders.
#[test]
fn green_right_of_ivory_over_three_colours() {
    let text = r#"[params]
colours = ["red", "green", "ivory"]
[vars]
pos = { index = "colours", domain = "1..3" }
[constraints]
different = "alldifferent(pos)"
green_ivory = "pos['green'] == pos['ivory'] + 1"
"#;
    let mut expected = BTreeSet::new();
    let mut items = [1, 2, 3];
    for_each_permutation(&mut items, &mut |p| {
        if p[1] == p[2] + 1 {
            let _ = expected.insert(p.to_vec());
        }
    });
    assert_eq!(expected.len(), 2);
    let spec = TempSpec::new("green-ivory", text);
    assert_eq!(count(&[spec.path()]), 2);
    let got: BTreeSet<Vec<i64>> = json_solutions(&["--all", "--json", spec.path()])
        .iter()
        .map(|s| by_texts(s, "pos", &["red", "green", "ivory"]))
        .collect();
    assert_eq!(got, expected);
}

/// A text-indexed array of a JSON solution: an object keyed by exactly
/// `keys`, its values in the order of `keys`.
fn by_texts(solution: &Value, name: &str, keys: &[&str]) -> Vec<i64> {
    let object = solution[name]
        .as_object()
        .unwrap_or_else(|| panic!("`{name}` is not an object keyed by texts: {solution}"));
    let mut found: Vec<&str> = object.keys().map(String::as_str).collect();
    let mut wanted = keys.to_vec();
    found.sort_unstable();
    wanted.sort_unstable();
    assert_eq!(found, wanted, "{solution}");
    keys.iter().map(|k| crate::int(&object[*k])).collect()
}

/// A 2-D array indexed by texts and numbers, `count` of a text over an
/// enum array: 6 * 12 * 1 solutions counted by hand (c[1] must be red,
/// c[2..4] a permutation of the three colours; one of t[.][1] is 1,
/// t['green'][2] is 1, two cells free).
#[test]
fn two_dimensional_text_index_and_count_of_a_text() {
    let text = r#"[params]
colours = ["red", "green", "blue"]
[vars]
c = { index = "1..4", domain = "colours" }
t = { index = ["colours", "1..2"], domain = "0..1" }
[constraints]
reds = "count(c, 'red') == 2"
rest = "alldifferent(c[2..4])"
cells = "t['green'][2] == 1 and sum(t[x][1] for x in colours) == 1"
"#;
    let spec = TempSpec::new("text-index-2d", text);
    assert_eq!(count(&[spec.path()]), 72);
    for s in json_solutions(&["--all", "--json", spec.path()]) {
        let c = texts(&s, "c");
        assert_eq!(c.iter().filter(|t| *t == "red").count(), 2, "{s}");
        assert_eq!(c[0], "red", "{s}");
        let t = s["t"].as_object().expect("t is keyed by texts");
        assert_eq!(t.len(), 3);
        assert_eq!(
            t["green"][1], 1,
            "t['green'][2] is the second cell of the green row: {s}"
        );
    }
}

/// The param forms of the README's [params] entry: a 2-D param indexed by
/// texts and numbers, a `value` expression checked against its `index`,
/// a ragged list of lists. Counted against brute force over the four
/// cells of `pick`.
#[test]
fn params_indexed_by_texts_value_expressions_and_ragged_lists() {
    let text = r#"[params]
n = 3
colours = ["red", "green"]
sq = { index = "1..n", value = "[i * i for i in 1..n]" }
cost = { index = ["colours", "1..n"], value = [[1, 2, 3], [4, 5, 6]] }
clues = [[2], [], [1, 1]]
[vars]
pick = { index = ["colours", "1..2"], domain = "1..n" }
[constraints]
a = "pick['red'][1] + cost['green'][pick['green'][2]] <= sq[2] + len(clues[2])"
b = "pick['green'][1] != clues[2][1] + len(clues[0])"
"#;
    let spec = TempSpec::new("param-forms", text);
    let sq = |i: i64| i * i;
    let cost_green = |j: i64| 3 + j;
    let mut expected = 0;
    for red1 in 1..=3 {
        for _red2 in 1..=3 {
            for green1 in 1..=3 {
                for green2 in 1..=3 {
                    if red1 + cost_green(green2) <= sq(2) + 2 && green1 != 1 + 1 {
                        expected += 1;
                    }
                }
            }
        }
    }
    assert!(expected > 0);
    assert_eq!(count(&[spec.path()]), expected);
    // The value expression must fill its index.
    let (_, stderr) = rejected(
        "param-forms-length",
        &text.replace("for i in 1..n]", "for i in 0..n]"),
    );
    assert!(
        stderr.contains("the index range 1..3 has 3 positions but the list has 4 items"),
        "{stderr}"
    );
}

// ------------------------------------------------------- show-domains

#[test]
fn show_domains_quotes_texts() {
    let text = r#"[params]
colours = ["red", "green", "blue"]
[vars]
x = "colours"
y = ["blue", "yellow"]
pos = { index = "colours", domain = "1..3" }
[constraints]
a = "x != 'green'"
b = "y == 'yellow'"
c = "pos['green'] == 1 and alldifferent(pos)"
"#;
    let spec = TempSpec::new("enum-domains", text);
    let (stdout, stderr, code) = solve(&["--show-domains", spec.path()]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(
        stdout,
        "x in {\"red\", \"blue\"}\n\
         y = \"yellow\"\n\
         pos[\"red\"] in {2..3}\n\
         pos[\"green\"] = 1\n\
         pos[\"blue\"] in {2..3}\n"
    );
}

// --------------------------------------------------------------- params

/// A param list of names that no domain lists: texts compare as texts in a
/// filter (`names[i] == 'bob'`), though none has a number.
#[test]
fn names_filter_by_text_comparison() {
    let text = r#"[params]
names = ["alice", "bob", "carol", "bob"]
bobs = "[i for i in 0..3 if names[i] == 'bob']"
others = "[i for i in 0..3 if names[i] != 'bob']"
number_of_bobs = "sum(1 for i in 0..3 if names[i] == 'bob')"

[vars]
x = { index = "0..3", domain = "0..1" }
n = "0..5"

[constraints]
one_bob = "sum(x[i] for i in bobs) == 1"
no_other = "sum(x[i] for i in others) == 0"
bobs_counted = "n == number_of_bobs"

[output]
template = "{bobs} {others} {names[1]} {n}"
"#;
    let names = ["alice", "bob", "carol", "bob"];
    let bobs: Vec<usize> = (0..4).filter(|&i| names[i] == "bob").collect();
    let spec = TempSpec::new("names", text);
    // One x[i] set among the bobs, the others 0.
    assert_eq!(count(&[spec.path()]), bobs.len() as u64);
    let got: BTreeSet<Vec<i64>> = json_solutions(&["--all", "--json", spec.path()])
        .iter()
        .map(|s| {
            assert_eq!(crate::scalar(s, "n"), bobs.len() as i64, "{s}");
            crate::ints(s, "x")
        })
        .collect();
    let expected: BTreeSet<Vec<i64>> = bobs
        .iter()
        .map(|&b| (0..4).map(|i| i64::from(i == b)).collect())
        .collect();
    assert_eq!(got, expected);
    let (stdout, stderr, code) = solve(&[spec.path()]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(stdout.lines().next(), Some("1 3 0 2 bob 2"));
}

/// Texts that no domain lists compare as texts at the root of a
/// constraint too (`==`, `!=`, `in`, `count(xs, v)`): each rule below is
/// true, so the two values of `x` are the solutions; each false one
/// leaves none.
#[test]
fn texts_compare_as_texts_at_the_root() {
    let holds = [
        "names[1] == 'bob'",
        "names[0] != names[1]",
        "x >= 0 and names[1] == 'bob'",
        "forall(names[i] != 'carol' for i in 0..1)",
        "'bob' in names",
        "not ('carol' in names)",
        "count(names, 'bob') == 1",
        // Double quotes, escaped for TOML.
        r#"names[1] == \"bob\""#,
    ];
    let fails = [
        "names[1] == 'alice'",
        "'carol' in names",
        "count(names, 'bob') == 2",
    ];
    for (rule, expected) in holds
        .iter()
        .map(|r| (r, 2))
        .chain(fails.iter().map(|r| (r, 0)))
    {
        let text = format!(
            "[params]\nnames = [\"alice\", \"bob\"]\n[vars]\nx = \"0..1\"\n[constraints]\nc = \"{rule}\"\n"
        );
        let spec = TempSpec::new("root-texts", &text);
        assert_eq!(count(&[spec.path()]), expected, "{rule}");
    }
}

/// A param string holding a list expression of texts is a list of texts,
/// as a TOML array of strings is.
#[test]
fn a_param_expression_of_texts_is_a_domain() {
    let text = r#"[params]
names = "['alice', 'bob', 'carol']"
[vars]
x = "names"
y = "names"
[constraints]
c = "x < y and y != 'carol'"
"#;
    let spec = TempSpec::new("names-expr", text);
    let solutions = json_solutions(&["--all", "--json", spec.path()]);
    let got: Vec<(String, String)> = solutions
        .iter()
        .map(|s| (text_value(s, "x"), text_value(s, "y")))
        .collect();
    assert_eq!(got, [("alice".to_string(), "bob".to_string())]);
}

// --------------------------------------------------------------- errors

/// Runs `solve FILE` and `solve check FILE` on `text`: both must exit 2
/// with the same `error: ...` report. Returns it with the spec.
fn rejected(label: &str, text: &str) -> (TempSpec, String) {
    let spec = TempSpec::new(label, text);
    let mut first = None;
    for args in [vec![spec.path()], vec!["check", spec.path()]] {
        let (stdout, stderr, code) = solve(&args);
        assert_eq!(
            code, 2,
            "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        );
        assert!(stderr.starts_with("error: "), "stderr:\n{stderr}");
        match &first {
            None => first = Some(stderr),
            Some(s) => assert_eq!(&stderr, s, "`solve check` reports differently"),
        }
    }
    let stderr = first.expect("ran");
    (spec, stderr)
}

/// Asserts the message, ` --> FILE:LINE:COL`, the caret's width and the
/// help line (none when `help` is `None`).
fn assert_report(
    spec: &TempSpec,
    stderr: &str,
    message: &str,
    (line, col, width): (usize, usize, usize),
    help: Option<&str>,
) {
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines[0], format!("error: {message}"), "stderr:\n{stderr}");
    assert_eq!(
        lines[1],
        format!(" --> {}:{line}:{col}", spec.path()),
        "stderr:\n{stderr}"
    );
    let caret = lines
        .iter()
        .skip(2)
        .find(|l| l.contains('^'))
        .unwrap_or_else(|| panic!("no caret line:\n{stderr}"));
    let bar = caret.find('|').expect("a caret line starts with `|`");
    // `  | ` then the source line from its first column.
    let start = caret.find('^').expect("a caret") - bar - 1;
    let carets = caret.matches('^').count();
    assert_eq!((start, carets), (col, width), "wrong caret:\n{stderr}");
    let found = lines
        .iter()
        .find_map(|l| l.trim_start().strip_prefix("= help: "));
    assert_eq!(found, help, "stderr:\n{stderr}");
}

const THREE: &str = "[params]\ncolours = [\"red\", \"green\", \"blue\"]\n";

#[test]
fn a_text_no_domain_lists_suggests_the_nearest() {
    let text = format!("{THREE}[vars]\nx = \"colours\"\n[constraints]\nc = \"x != 'gren'\"\n");
    let (spec, stderr) = rejected("text-typo", &text);
    assert_report(
        &spec,
        &stderr,
        "the text \"gren\" is not a value of any variable's domain or any index",
        (6, 11, 6),
        Some("did you mean \"green\"?"),
    );
}

#[test]
fn a_text_no_domain_lists_lists_the_texts() {
    let text = format!("{THREE}[vars]\nx = \"colours\"\n[constraints]\nc = \"x != 'purple'\"\n");
    let (spec, stderr) = rejected("text-unknown", &text);
    assert_report(
        &spec,
        &stderr,
        "the text \"purple\" is not a value of any variable's domain or any index",
        (6, 11, 8),
        Some("the texts of this spec are \"red\", \"green\", \"blue\""),
    );
}

#[test]
fn a_text_in_a_spec_without_texts() {
    let text = "[vars]\nx = \"1..3\"\n[constraints]\nc = \"x != 'red'\"\n";
    let (spec, stderr) = rejected("text-none", text);
    let help = stderr
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("= help: "))
        .unwrap_or_else(|| panic!("no help:\n{stderr}"));
    assert!(
        help.starts_with("a variable takes texts when its domain lists them"),
        "{help}"
    );
    // The help's example is not pinned: it reads
    // `domain = '["red", "green", "blue"]'`, which is a syntax error (the
    // expression language quotes texts with '...'); reported.
    assert_report(
        &spec,
        &stderr,
        "the text \"red\" is not a value of any variable's domain or any index",
        (4, 11, 5),
        Some(help),
    );
}

/// Arithmetic on a text: the caret is on the text operand.
#[test]
fn arithmetic_on_a_text_is_refused() {
    for (constraint, col) in [
        ("x != 'red' + 1", 11),
        ("x == 2 * 'blue'", 15),
        ("-'red' == x", 7),
        ("x == 'red' % 2", 11),
    ] {
        let text = format!("{THREE}[vars]\nx = \"colours\"\n[constraints]\nc = \"{constraint}\"\n");
        let (spec, stderr) = rejected("text-arith", &text);
        let width = if constraint.contains("'blue'") { 6 } else { 5 };
        let lines: Vec<&str> = stderr.lines().collect();
        let help = lines
            .iter()
            .find_map(|l| l.trim_start().strip_prefix("= help: "))
            .unwrap_or_else(|| panic!("no help:\n{stderr}"));
        assert!(
            help.starts_with("texts can be compared")
                && help.ends_with("and used as indices, not computed with"),
            "{help}"
        );
        assert_report(
            &spec,
            &stderr,
            "expected an integer, found a text",
            (6, col, width),
            Some(help),
        );
    }
    // Aggregates refuse texts too (an enum variable is a number in
    // arithmetic: that is not a text, and is not refused).
    for constraint in [
        "sum(['red', 'green']) == 3",
        "abs('green') == 2",
        "max('red', 'blue') == 3",
    ] {
        let text = format!("{THREE}[vars]\nx = \"colours\"\n[constraints]\nc = \"{constraint}\"\n");
        let (_spec, stderr) = rejected("text-aggregate", &text);
        assert!(
            stderr.contains("expected an integer, found a text"),
            "{constraint}:\n{stderr}"
        );
    }
}

#[test]
fn an_integer_index_into_a_text_indexed_array() {
    let help = Some("this list's `index` lists texts: index it by one, e.g. `a[\"red\"]`");
    // A variable array.
    let text = format!(
        "{THREE}[vars]\npos = {{ index = \"colours\", domain = \"1..3\" }}\n[constraints]\nc = \"pos[1] == 2\"\n"
    );
    let (spec, stderr) = rejected("int-index-var", &text);
    assert_report(
        &spec,
        &stderr,
        "expected a text index, found an integer",
        (6, 10, 1),
        help,
    );
    // A param.
    let text = format!(
        "{THREE}w = {{ index = \"colours\", value = [3, 1, 2] }}\n[vars]\nx = \"colours\"\n[constraints]\nc = \"x == 'red' or w[0] == 3\"\n"
    );
    let (spec, stderr) = rejected("int-index-param", &text);
    assert_report(
        &spec,
        &stderr,
        "expected a text index, found an integer",
        (7, 22, 1),
        help,
    );
}

#[test]
fn a_text_index_into_a_number_indexed_list() {
    let text = "[vars]\npos = { index = \"1..3\", domain = \"1..3\" }\nc = [\"red\", \"green\"]\n[constraints]\nk = \"pos['red'] == 2\"\n";
    let (spec, stderr) = rejected("text-index-number", text);
    assert_report(
        &spec,
        &stderr,
        "expected an integer index or a range, found a text",
        (5, 10, 5),
        Some(
            "this list is indexed by numbers; a list is indexed by texts when its `index` lists them",
        ),
    );
}

#[test]
fn a_text_outside_an_index_run() {
    let text = format!(
        "{THREE}[vars]\nx = \"colours\"\nfew = {{ index = \"['green', 'blue']\", domain = \"1..2\" }}\n[constraints]\nc = \"few['red'] == 1\"\n"
    );
    let (spec, stderr) = rejected("text-index-run", &text);
    assert_report(
        &spec,
        &stderr,
        "\"red\" is not an index of this list",
        (7, 10, 5),
        None,
    );
}

#[test]
fn a_domain_mixing_integers_and_texts() {
    // As an expression: the caret spans the domain.
    let text = "[vars]\nx = { index = \"1..2\", domain = \"[1, 'red', 2]\" }\n";
    let (spec, stderr) = rejected("mixed-expr", text);
    assert_report(
        &spec,
        &stderr,
        "a domain lists integers or texts, not both",
        (2, 33, 13),
        None,
    );
    // As a TOML array: the caret spans the array.
    let text = "[vars]\nx = { index = \"1..2\", domain = [1, \"red\"] }\n";
    let (spec, stderr) = rejected("mixed-toml", text);
    assert_report(
        &spec,
        &stderr,
        "a domain lists integers or texts, not both",
        (2, 32, 10),
        None,
    );
}

#[test]
fn index_texts_out_of_order() {
    let text = format!(
        "{THREE}order = [\"green\", \"red\", \"blue\"]\n[vars]\nx = \"colours\"\npos = {{ index = \"order\", domain = \"1..3\" }}\n"
    );
    let (spec, stderr) = rejected("index-order", &text);
    assert_report(
        &spec,
        &stderr,
        "an index of texts must list them in the order the spec first listed them, without a gap",
        (6, 18, 5),
        Some(
            "texts are numbered where they first appear; here the order is \"red\", \"green\", \"blue\"",
        ),
    );
    // With a gap: red and blue without green between them.
    let text = format!(
        "{THREE}[vars]\nx = \"colours\"\npos = {{ index = \"['red', 'blue']\", domain = \"1..3\" }}\n"
    );
    let (spec, stderr) = rejected("index-gap", &text);
    assert_report(
        &spec,
        &stderr,
        "an index of texts must list them in the order the spec first listed them, without a gap",
        (5, 18, 15),
        Some(
            "texts are numbered where they first appear; here the order is \"red\", \"green\", \"blue\"",
        ),
    );
}

#[test]
fn a_text_indexed_param_of_the_wrong_length() {
    let text =
        format!("{THREE}w = {{ index = \"colours\", value = [3, 1] }}\n[vars]\nx = \"colours\"\n");
    let (spec, stderr) = rejected("index-length", &text);
    assert_report(
        &spec,
        &stderr,
        "the index has 3 positions but the list has 2 items",
        (3, 16, 7),
        None,
    );
}

/// A text that a variable's declared domain does not list, compared with
/// it (`drink[1] == 'red'`), said `no solution`: it is an error naming the
/// variable and its texts, with a did-you-mean when one is close.
#[test]
fn a_text_outside_the_variables_domain_is_an_error() {
    let head = "[vars]\ndrink = { index = \"0..2\", domain = [\"tea\", \"coffee\", \"milk\"] }\n\
                colour = { index = \"0..2\", domain = [\"red\", \"green\", \"blue\", \"tee\"] }\n\
                [constraints]\na = \"alldifferent(drink)\"\n";
    for (constraint, message, help) in [
        (
            "b = \"drink[1] == 'red'\"\n",
            "the text \"red\" is not a value of `drink[1]`, whose domain is \"tea\", \"coffee\", \"milk\"",
            "another variable's text",
        ),
        (
            "b = \"'tee' != drink[2]\"\n",
            "the text \"tee\" is not a value of `drink[2]`",
            "did you mean \"tea\"?",
        ),
    ] {
        let spec = crate::TempSpec::new("texts", &format!("{head}{constraint}"));
        let (_, stderr, code) = solve(&[spec.path()]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
        assert!(stderr.contains(help), "{stderr}");
        assert!(stderr.contains(":6:"), "{stderr}");
    }
    // Within the domain: the count a brute force gives (3! orders of the
    // drinks, one of them fixed: 2; the colours free: 4^3).
    let spec = crate::TempSpec::new("texts", &format!("{head}b = \"drink[1] == 'milk'\"\n"));
    assert_eq!(crate::count(&[spec.path()]), 2 * 64);
}
