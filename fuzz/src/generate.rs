//! Specs written from the grammar: params, scalar and array variables
//! with small, large, negative and sparse domains, random expressions over
//! them (every operator, builtin and form of the language, nested), an
//! optional objective, search options and an output template; and random
//! `--set` overrides.

use crate::rng::{Choose as _, Rng};

const VAR_ORDERS: &[&str] = &["input", "first-fail", "first-fail-random", "dom-wdeg"];
const VALUE_ORDERS: &[&str] = &["min", "max", "random", "split"];
const LEVELS: &[&str] = &["propagate", "check", "bounds"];
const RESTARTS: &[&str] = &["none", "luby", "geometric"];

pub fn spec(rng: &mut Rng) -> String {
    let mut out = String::new();
    out.push_str("[params]\n");
    out.push_str(&format!("n = {}\n", rng.below(6) + 1));
    out.push_str(&format!("k = {}\n", int(rng)));
    out.push_str("xs = [3, -1, 4, 1, -5]\n");
    out.push_str("[vars]\n");
    let domain = |rng: &mut Rng| -> String {
        match rng.below(6) {
            0 => "0..n".to_string(),
            1 => format!("{}..{}", -(rng.below(5) as i64), rng.below(5)),
            2 => "{-3, 0, 2, 7}".to_string(),
            3 => "0..1".to_string(),
            4 => format!(
                "{}..{}",
                -(rng.below(1 << 20) as i64),
                1i64 << rng.below(40)
            ),
            _ => "xs".to_string(),
        }
    };
    out.push_str(&format!("x = \"{}\"\n", domain(rng)));
    out.push_str(&format!("y = \"{}\"\n", domain(rng)));
    out.push_str(&format!(
        "a = {{ index = \"0..n-1\", domain = \"{}\" }}\n",
        domain(rng)
    ));
    if rng.chance(20) {
        out.push_str("[functions]\nf = \"(u, v) => u * v - abs(u)\"\n");
    }
    out.push_str("[constraints]\n");
    for i in 0..=rng.below(3) {
        out.push_str(&format!("c{i} = \"{}\"\n", boolean(rng, 3)));
    }
    if rng.chance(25) {
        out.push_str(&symmetry(rng));
    }
    if rng.chance(20) {
        let sense = if rng.chance(50) {
            "minimize"
        } else {
            "maximize"
        };
        out.push_str(&format!("[objective]\n{sense} = \"{}\"\n", integer(rng, 2)));
    }
    if rng.chance(50) {
        out.push_str("[search]\n");
        out.push_str(&format!("var = \"{}\"\n", rng.pick(VAR_ORDERS)));
        out.push_str(&format!("value = \"{}\"\n", rng.pick(VALUE_ORDERS)));
        out.push_str(&format!("consistency = \"{}\"\n", rng.pick(LEVELS)));
        out.push_str(&format!("restart = \"{}\"\n", rng.pick(RESTARTS)));
        if rng.chance(30) {
            out.push_str("order = [\"y\", \"a\"]\n");
        }
    }
    if rng.chance(10) {
        out.push_str(&game(rng));
    }
    if rng.chance(30) {
        out.push_str(&format!(
            "[output]\ntemplate = \"{{x}} {{{}}} {{join(a, ',')}}\"\n",
            integer(rng, 1)
        ));
    }
    out
}

/// A `[symmetry]` section: a hand-written rule and declarations of every
/// kind, symmetries of the spec or not (a wrong one must give wrong
/// classes, never a panic or an overrun), sometimes broken by lex-leader.
fn symmetry(rng: &mut Rng) -> String {
    const DECLARATIONS: &[&str] = &[
        "{ reverse = \"a\" }",
        "{ values = \"a\" }",
        "{ grid = \"[[x, y], [a[0], a[n-1]]]\" }",
        "{ rows = \"[[x, y], [a[0], a[n-1]]]\" }",
        "{ map = \"a\", index = \"(i) => n - 1 - i\" }",
        "{ map = \"a\", index = \"(i) => (i + 1) % n\" }",
        "{ map = \"a\", value = \"(v) => -v\" }",
        "{ map = \"a\", index = \"(i) => n - 1 - i\", value = \"(v) => k - v\" }",
        "{ map = \"[x, y]\", index = \"(i) => 1 - i\" }",
        "{ map = \"[[x], [y]]\", index = \"(i, j) => [1 - i, j]\", value = \"(v) => v + 1\" }",
    ];
    let mut out = String::from("[symmetry]\n");
    if rng.chance(30) {
        out.push_str("s = \"lex_lesseq(a, [a[n-1-i] for i in 0..n-1])\"\n");
    }
    for i in 0..=rng.below(2) {
        out.push_str(&format!("d{i} = {}\n", rng.pick(DECLARATIONS)));
    }
    if rng.chance(40) {
        out.push_str("break = \"lex-leader\"\n");
    }
    out
}

/// A `[game]` over `a`: exact matches and a second number that is 0 when
/// the guess is the secret (some near the solver's limits), sometimes an
/// opening.
fn game(rng: &mut Rng) -> String {
    let second = match rng.below(4) {
        0 => "sum(s) - sum(g)".to_string(),
        1 => format!("(s[0] - g[0]) * {}", int(rng)),
        2 => "abs(s[n-1] - g[0]) - abs(g[n-1] - s[0])".to_string(),
        _ => "count(s[i] == g[j] for i in 0..n-1 for j in 0..n-1 if i != j) - count(g[i] == s[j] for i in 0..n-1 for j in 0..n-1 if i != j)".to_string(),
    };
    let mut out = format!(
        "[game]\ncode = \"a\"\nanswer = \"(s, g) => [count(s[i] == g[i] for i in 0..n-1), {second}]\"\nwin = \"[n, 0]\"\n"
    );
    if rng.chance(30) {
        out.push_str("opening = \"[min(xs) for i in 0..n-1]\"\n");
    }
    out
}

pub fn overrides(rng: &mut Rng) -> Vec<String> {
    match rng.below(10) {
        0 => vec![format!("n={}", rng.below(12))],
        1 => vec![format!("k={}", int(rng))],
        2 => vec![format!("n={}", integer(rng, 1))],
        _ => Vec::new(),
    }
}

fn int(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => "9223372036854775807".to_string(),
        1 => "(-9223372036854775807-1)".to_string(),
        2 => "4611686018427387903".to_string(),
        3 => (1i64 << rng.below(62)).to_string(),
        _ => (rng.below(11) as i64 - 5).to_string(),
    }
}

fn leaf(rng: &mut Rng) -> String {
    match rng.below(7) {
        0 => "x".to_string(),
        1 => "y".to_string(),
        2 => format!("a[{}]", rng.below(4)),
        3 => "k".to_string(),
        4 => "n".to_string(),
        _ => int(rng),
    }
}

pub fn integer(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 {
        return leaf(rng);
    }
    let d = depth - 1;
    match rng.below(16) {
        0 => format!("{} + {}", integer(rng, d), integer(rng, d)),
        1 => format!("{} - {}", integer(rng, d), integer(rng, d)),
        2 => format!("{} * {}", integer(rng, d), integer(rng, d)),
        3 => format!("({} / {})", integer(rng, d), integer(rng, d)),
        4 => format!("({} % {})", integer(rng, d), integer(rng, d)),
        5 => format!("abs({})", integer(rng, d)),
        6 => format!("min({}, {})", integer(rng, d), integer(rng, d)),
        7 => "max(a)".to_string(),
        8 => format!("a[{}]", integer(rng, d)),
        9 => format!("xs[{}]", integer(rng, d)),
        10 => format!(
            "(if {} then {} else {})",
            boolean(rng, d),
            integer(rng, d),
            integer(rng, d)
        ),
        11 => "sum(a[i] * i for i in 0..n-1)".to_string(),
        12 => format!("count({} for i in 0..n-1)", boolean(rng, d)),
        13 => format!("-{}", integer(rng, d)),
        14 => format!("[x, y, {}][{}]", integer(rng, d), integer(rng, d)),
        _ => leaf(rng),
    }
}

pub fn boolean(rng: &mut Rng, depth: u32) -> String {
    let d = depth.saturating_sub(1);
    let ops = ["==", "!=", "<", "<=", ">", ">="];
    match rng.below(if depth == 0 { 2 } else { 12 }) {
        0 | 1 => format!("{} {} {}", integer(rng, d), rng.pick(&ops), integer(rng, d)),
        2 => format!("({} and {})", boolean(rng, d), boolean(rng, d)),
        3 => format!("({} or {})", boolean(rng, d), boolean(rng, d)),
        4 => format!("not ({})", boolean(rng, d)),
        5 => format!("({} -> {})", boolean(rng, d), boolean(rng, d)),
        6 => format!("({} <-> {})", boolean(rng, d), boolean(rng, d)),
        7 => "alldifferent(a)".to_string(),
        8 => "lex_less(a, [a[n-1-i] for i in 0..n-1])".to_string(),
        9 => format!("{} in {{-1, 0, 3}}", integer(rng, d)),
        10 => format!("forall(a[i] != {} for i in 0..n-1)", integer(rng, d)),
        _ => format!("exists(a[i] == x for i in 0..n-1 if i != {})", rng.below(3)),
    }
}
