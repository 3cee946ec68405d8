//! The solve item: search annotations change the order, never the
//! solutions; `input_order` with `indomain_min` meets the least solution
//! first; an objective's optimum and its optimal solutions are the brute
//! force's; a model with an empty domain or an impossible fixed value
//! has no solution, and says so without an error.

use super::builtins::any;
use super::harness::{all, run};
use super::random::{Gen, T};
use solve::driver::Ask;
use std::collections::BTreeSet;

/// A random model of every family, one to three calls.
fn model(seed: u64) -> Gen {
    let mut g = Gen::new(seed);
    for _ in 0..g.rng.range(1, 3) {
        any(&mut g);
    }
    g
}

/// `int_search(...)` over the integer base variables and `bool_search`
/// over the Boolean ones, in a random order, with the choices given.
fn searches(g: &mut Gen, var: &str, value: &str) -> (String, String) {
    let mut ints = g.bases(false);
    let mut bools = g.bases(true);
    shuffle(g, &mut ints);
    shuffle(g, &mut bools);
    let (si, sb) = (g.ints(&ints), g.bools(&bools));
    (
        format!("int_search({si}, {var}, {value}, complete)"),
        format!("bool_search({sb}, {var}, {value}, complete)"),
    )
}

fn shuffle(g: &mut Gen, ts: &mut [T]) {
    for i in (1..ts.len()).rev() {
        let j = g.rng.below(i + 1);
        ts.swap(i, j);
    }
}

#[test]
fn annotated_searches_find_the_brute_forces_solutions() {
    let vars = [
        "input_order",
        "first_fail",
        "dom_w_deg",
        "anti_first_fail",
        "occurrence",
    ];
    let values = [
        "indomain_min",
        "indomain_max",
        "indomain_split",
        "indomain_random",
        "indomain_median",
    ];
    for case in 0..200 {
        let mut g = model(20_000 + case);
        let var = g.rng.pick(&vars);
        let value = g.rng.pick(&values);
        let (int_search, bool_search) = searches(&mut g, var, value);
        let restart = g
            .rng
            .pick(&["", " :: restart_luby(10)", " :: restart_geometric(2, 5)"]);
        let solve = match g.rng.below(3) {
            0 => format!("solve :: {int_search}{restart} satisfy;"),
            1 => format!("solve :: seq_search([{bool_search}, {int_search}]){restart} satisfy;"),
            _ => format!("solve :: {bool_search} :: {int_search}{restart} satisfy;"),
        };
        let text = g.text(&solve);
        assert_eq!(all(&text, &g.names()), g.brute(), "in\n{text}");
    }
}

/// The base variables in a random order, and the search that branches
/// on them in that order, each from its least value (or its greatest).
fn ordered(g: &mut Gen, value: &str) -> (Vec<usize>, String) {
    let mut order: Vec<T> = g.bases(false);
    order.extend(g.bases(true));
    shuffle(g, &mut order);
    let positions = order
        .iter()
        .map(|t| match t {
            T::Var(i) => *i,
            T::Const(_) => unreachable!("base variables"),
        })
        .collect::<Vec<_>>();
    let phases: Vec<String> = order
        .iter()
        .zip(&positions)
        .map(|(&t, &i)| {
            if g.is_bool(i) {
                let b = g.boolean(t);
                format!("bool_search([{b}], input_order, {value}, complete)")
            } else {
                let x = g.int(t);
                format!("int_search([{x}], input_order, {value}, complete)")
            }
        })
        .collect();
    let ints_only = positions.iter().all(|&i| !g.is_bool(i));
    if ints_only && g.rng.chance(50) {
        // One search over them all.
        let xs = g.ints(&order);
        let search = format!("int_search({xs}, input_order, {value}, complete)");
        return (positions, search);
    }
    (positions, format!("seq_search([{}])", phases.join(", ")))
}

#[test]
fn input_order_meets_the_least_or_greatest_solution_first() {
    for case in 0..200 {
        let mut g = model(30_000 + case);
        let least = g.rng.chance(60);
        let value = if least {
            "indomain_min"
        } else {
            "indomain_max"
        };
        let (order, search) = ordered(&mut g, value);
        let text = g.text(&format!("solve :: {search} satisfy;"));
        let names = g.names();
        let first = run(&text, &names, Ask::First).solutions;
        let keyed = |s: &Vec<i64>| order.iter().map(|&i| s[i]).collect::<Vec<_>>();
        let brute = g.brute();
        let expected = if least {
            brute.iter().min_by_key(|s| keyed(s))
        } else {
            brute.iter().max_by_key(|s| keyed(s))
        };
        assert_eq!(first.first(), expected, "in\n{text}");
    }
}

/// An objective over the base variables: one of them (as it may be
/// written), or a sum defined by `int_lin_eq`.
/// What an objective is worth under the base variables' values.
type Value = Box<dyn Fn(&[i64]) -> i64>;

fn objective(g: &mut Gen) -> (String, Value) {
    let ints = g.bases(false);
    if !ints.is_empty() && g.rng.chance(50) {
        let x = g.rng.pick(&ints);
        return (g.int(x), Box::new(move |v| x.at(v)));
    }
    let xs = g.int_args(1, 3);
    let coefs: Vec<i64> = xs.iter().map(|_| g.rng.range(-2, 2)).collect();
    let obj = g.name("obj");
    let domain = if g.rng.chance(50) { "int" } else { "-30..30" };
    g.declare(format!("var {domain}: {obj} :: is_defined_var;"));
    let mut written: Vec<String> = coefs.iter().map(i64::to_string).collect();
    written.push("-1".to_string());
    let mut items: Vec<String> = xs.iter().map(|&x| g.int(x)).collect();
    items.push(obj.clone());
    g.calls.push(format!(
        "constraint int_lin_eq([{}], [{}], 0) :: defines_var({obj});",
        written.join(", "),
        items.join(", ")
    ));
    let sum = move |v: &[i64]| coefs.iter().zip(&xs).map(|(a, x)| a * x.at(v)).sum();
    (obj, Box::new(sum))
}

#[test]
fn objectives_reach_the_brute_forces_optimum_and_its_solutions() {
    for case in 0..200 {
        let mut g = model(40_000 + case);
        let (goal, value) = objective(&mut g);
        let minimize = g.rng.chance(50);
        let sense = if minimize { "minimize" } else { "maximize" };
        let text = g.text(&format!("solve {sense} {goal};"));
        let found = run(&text, &g.names(), Ask::All { most: None });
        let brute = g.brute();
        let values = brute.iter().map(|s| value(s));
        let best = if minimize { values.min() } else { values.max() };
        assert_eq!(found.optimum, best, "in\n{text}");
        let optimal: BTreeSet<Vec<i64>> = brute
            .iter()
            .filter(|s| Some(value(s)) == best)
            .cloned()
            .collect();
        assert_eq!(found.set(&text), optimal, "in\n{text}");
    }
}

/// The number of solutions of `text`, a model over `x`.
fn solutions(text: &str) -> usize {
    run(text, &["x".to_string()], Ask::All { most: None })
        .solutions
        .len()
}

#[test]
fn an_empty_domain_or_an_impossible_value_has_no_solution() {
    let none = [
        "var 1..0: x;\nsolve satisfy;\n",
        "var {}: x;\nsolve satisfy;\n",
        "var 1..3: x = 5;\nsolve satisfy;\n",
        "var bool: b;\nvar 1..3: x;\nvar 4..6: y = x;\nsolve satisfy;\n",
        "var 1..2: x;\nvar 3..4: y;\nconstraint int_eq(x, y);\nsolve satisfy;\n",
        "var 1..2: x;\nvar bool: b;\nconstraint bool2int(b, x);\nconstraint int_ne(x, 1);\nsolve satisfy;\n",
        "var 1..3: x;\narray [1..2] of var 1..0: a;\nsolve satisfy;\n",
        "var 1..3: x;\nconstraint set_in(x, {});\nsolve satisfy;\n",
        "var 1..3: x;\nconstraint set_in(x, 5..4);\nsolve satisfy;\n",
        "var 1..0: x;\nsolve minimize x;\n",
        "var 1..3: x;\nvar 1..3: y = 7;\nsolve maximize x;\n",
    ];
    for text in none {
        assert_eq!(solutions(text), 0, "in\n{text}");
    }
    // The same models with a possible value: solutions, so the above is
    // not an error of the forms.
    assert_eq!(solutions("var 1..3: x = 2;\nsolve satisfy;\n"), 1);
    assert_eq!(
        solutions("var 1..3: x;\nvar 2..6: y = x;\nsolve satisfy;\n"),
        2
    );
}
