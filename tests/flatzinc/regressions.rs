//! What the brute-force checks and the probes of large values found
//! wrong in the builder, each kept as the case that found it.

use super::harness::{all, build, error};
use std::collections::BTreeSet;

fn names(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

fn set(rows: &[&[i64]]) -> BTreeSet<Vec<i64>> {
    rows.iter().map(|r| r.to_vec()).collect()
}

/// MiniZinc's `pow` on small numbers, by repeated multiplication: `x^y`,
/// and `1 div x^-y` for a negative `y` (none at `x = 0`).
fn pow(x: i64, y: i64) -> Option<i64> {
    let magnitude: i64 = (0..y.abs()).map(|_| x).product();
    match (y >= 0, x) {
        (true, _) => Some(magnitude),
        (false, 0) => None,
        (false, _) => Some(1 / magnitude),
    }
}

/// `int_pow` with a negative exponent is MiniZinc's `1 div pow(x, -y)`
/// (2^-1 = 0, (-1)^-1 = -1, 1^-2 = 1), with no value at `x = 0`; it had
/// no solution at all.
#[test]
fn int_pow_with_a_negative_exponent_is_one_div_the_power() {
    let text = "var -2..2: x;\nvar -2..1: y;\nvar -3..3: z;\n\
                constraint int_pow(x, y, z);\nsolve satisfy;\n";
    let found = all(text, &names(&["x", "y", "z"]));
    let mut expected = BTreeSet::new();
    for x in -2..=2 {
        for y in -2..=1 {
            if let Some(z) = pow(x, y).filter(|z| (-3..=3).contains(z)) {
                let _ = expected.insert(vec![x, y, z]);
            }
        }
    }
    assert_eq!(found, expected);
    for row in [[2, -1, 0], [-1, -1, -1], [1, -2, 1], [-2, -2, 0]] {
        assert!(found.contains(row.as_slice()), "{row:?}");
    }
    assert!(!found.iter().any(|s| s[0] == 0 && s[1] < 0));
}

/// `fzn_regular` over no variables accepts the empty word when the start
/// is accepting; it had no solution when no transition was left.
#[test]
fn regular_over_no_variables_holds_when_the_start_accepts() {
    let accepting = "var 1..2: x;\narray [1..3] of int: d = [0, 0, 0];\n\
                     constraint fzn_regular([], 1, 3, d, 1, {1});\nsolve satisfy;\n";
    assert_eq!(all(accepting, &names(&["x"])), set(&[&[1], &[2]]));
    let rejecting =
        "var 1..2: x;\nconstraint fzn_regular([], 2, 1, [2, 1], 1, {2});\nsolve satisfy;\n";
    assert!(all(rejecting, &names(&["x"])).is_empty());
}

/// A table over `var int` read every value of its domain (2^32 of them)
/// and ran out of memory: its variables are narrowed to the table's
/// values first.
#[test]
fn a_table_over_an_unbounded_variable_is_narrowed_to_its_rows() {
    let text = "var 1..2: x;\nvar int: z;\n\
                constraint fzn_table_int([x, z], [1, 5, 2, 7, 3, 9]);\nsolve satisfy;\n";
    assert_eq!(all(text, &names(&["x", "z"])), set(&[&[1, 5], &[2, 7]]));
    let doubling = "var int: x;\nvar 0..3: y;\nconstraint int_pow(2, y, x);\nsolve satisfy;\n";
    let powers = set(&[&[1, 0], &[2, 1], &[4, 2], &[8, 3]]);
    assert_eq!(all(doubling, &names(&["x", "y"])), powers);
}

/// `set_in` posted one disequality per value of each gap (a billion
/// here) and listed a range value by value (2^62 here, a panic); values
/// beyond the solver's limit overflowed (a panic). The domain is
/// narrowed instead, and a reified membership costs a literal per
/// interval.
#[test]
fn set_membership_with_wide_gaps_and_huge_ranges_is_cheap_and_exact() {
    let cases: [(&str, &[&[i64]]); 5] = [
        (
            "var int: x;\nconstraint set_in(x, {-1000000000, 1000000000});\n",
            &[&[-1_000_000_000], &[1_000_000_000]],
        ),
        (
            "var -1..2: x;\nconstraint set_in(x, 1..4611686018427387904);\n",
            &[&[1], &[2]],
        ),
        (
            "var -1..2: x;\nconstraint set_in(x, -9223372036854775808..-9223372036854775807);\n",
            &[],
        ),
        (
            "var {-1000000000, 0, 1000000000}: x;\nvar bool: b;\n\
             constraint set_in_reif(x, {-1000000000, 1000000000}, b);\nconstraint bool_eq(b, true);\n",
            &[&[-1_000_000_000], &[1_000_000_000]],
        ),
        (
            "var -1..1: x;\nvar bool: b;\nconstraint set_in_imp(x, 0..4611686018427387904, b);\n\
             constraint int_le(x, 0);\nconstraint bool_eq(b, true);\n",
            &[&[0]],
        ),
    ];
    for (text, expected) in cases {
        let text = format!("{text}solve satisfy;\n");
        assert_eq!(all(&text, &names(&["x"])), set(expected), "in\n{text}");
    }
}

/// A first index of circuit or inverse beyond the solver's values made
/// the circuit propagator overflow (a panic); it is refused by name.
#[test]
fn a_first_index_beyond_the_limit_is_an_error() {
    let message = error(
        "var 1..2: x;\nconstraint solve_circuit(9223372036854775807, [x, x]);\nsolve satisfy;\n",
    );
    assert!(message.contains("value out of range"), "{message}");
    assert!(message.contains("model.fzn:2:"), "{message}");
    let message = error(
        "var 1..2: x;\nconstraint solve_inverse([x], 1, [x], 4611686018427387904);\nsolve satisfy;\n",
    );
    assert!(message.contains("value out of range"), "{message}");
}

/// An automaton MiniZinc would refuse (no states, a transition or a
/// start outside 1..Q, accepting states outside) was read as some other
/// automaton.
#[test]
fn a_regular_automaton_outside_its_states_is_an_error() {
    let cases = [
        (
            "-1, -2, [1, 1], 1, {1}",
            "at least one state and one symbol",
        ),
        (
            "1, 2, [1, 2], 1, {1}",
            "transitions to states in 0..1 (found 2)",
        ),
        (
            "1, 2, [1, -5], 1, {1}",
            "transitions to states in 0..1 (found -5)",
        ),
        ("1, 2, [1, 1], 7, {1}", "a start state in 1..1"),
        ("1, 2, [1, 1], 1, {2}", "accepting states within 1..1"),
        (
            "1, 2, [1, 1], 1, 0..9999999999999",
            "accepting states within 1..1",
        ),
    ];
    for (args, expected) in cases {
        let text =
            format!("var 1..2: x;\nconstraint fzn_regular([x, x], {args});\nsolve satisfy;\n");
        let message = error(&text);
        assert!(message.contains(expected), "{message}");
        assert!(message.contains("model.fzn:2:"), "{message}");
    }
}

/// `bool_and` with two arguments was an unknown constraint; it is one
/// with the wrong number of arguments. And one argument is singular.
#[test]
fn arity_errors_say_the_arity() {
    let message = error("var bool: a;\nconstraint bool_and(a, a);\nsolve satisfy;\n");
    assert!(
        message.contains("`bool_and` takes 3 arguments, found 2"),
        "{message}"
    );
    let message =
        error("var 1..2: x;\nconstraint fzn_all_different_int([x], [x]);\nsolve satisfy;\n");
    assert!(
        message.contains("`fzn_all_different_int` takes 1 argument, found 2"),
        "{message}"
    );
}

/// The equalities the builder absorbs make one model variable:
/// `bool2int(b, i)`, `int_eq(x, y)`, `var int: y = x;`; with a constant
/// argument `bool2int` is posted and fixes the other.
#[test]
fn equated_variables_share_one_model_variable() {
    let text = "var bool: b;\nvar -3..3: i;\nvar 1..5: x;\nvar 3..9: y;\nvar int: w = x;\n\
                constraint bool2int(b, i);\nconstraint int_eq(x, y);\nsolve satisfy;\n";
    let (built, _) = build(text);
    assert_eq!(built.vars["b"], built.vars["i"]);
    assert_eq!(built.vars["x"], built.vars["y"]);
    assert_eq!(built.vars["x"], built.vars["w"]);
    let found = all(text, &names(&["b", "i", "x", "y", "w"]));
    let expected: BTreeSet<Vec<i64>> = (0..=1)
        .flat_map(|b| (3..=5).map(move |x| vec![b, b, x, x, x]))
        .collect();
    assert_eq!(found, expected);
    let fixed = "var bool: b;\nvar -3..3: i;\nconstraint bool2int(true, i);\n\
                 constraint bool2int(b, 0);\nsolve satisfy;\n";
    assert_eq!(all(fixed, &names(&["b", "i"])), set(&[&[0, 1]]));
}

/// A variable defined as an element of a parameter array, or as a
/// literal element of an array of variables, is fixed to that value; it
/// stayed free.
#[test]
fn a_variable_defined_as_a_constant_element_is_fixed() {
    let text = "array [1..3] of int: p = [4, 5, 6];\nvar 1..9: y = p[2];\n\
                var 1..9: x;\narray [1..2] of var int: a = [x, 3];\nvar 1..9: z = a[2];\n\
                constraint int_le(x, 2);\nsolve satisfy;\n";
    assert_eq!(
        all(text, &names(&["y", "z", "x"])),
        set(&[&[5, 3, 1], &[5, 3, 2]])
    );
}

/// A set parameter of a trillion values is an error (sets are listed
/// value by value), not a process out of memory.
#[test]
fn a_huge_set_parameter_is_an_error() {
    let text = "set of int: s = 1..1000000000000;\nvar 1..3: x;\n\
                constraint set_in(x, s);\nsolve satisfy;\n";
    let message = error(text);
    assert!(
        message.contains("a set of at most 10000000 numbers"),
        "{message}"
    );
    assert!(message.contains(":1:"), "{message}");
}

/// A name declared twice is an error at the second declaration; it was
/// accepted, the second silently winning.
#[test]
fn a_name_declared_twice_is_an_error() {
    for text in [
        "var 1..3: x;\nvar 1..4: x;\nsolve satisfy;\n",
        "int: x = 3;\nvar 1..4: x;\nsolve satisfy;\n",
        "int: x = 3;\nint: x = 4;\nvar 1..4: y;\nsolve satisfy;\n",
    ] {
        let message = error(text);
        assert!(message.contains("`x` is declared twice"), "{message}");
        assert!(message.contains(":2:1"), "{message}");
    }
}

/// `:: domain` over unbounded variables is not taken (Régin's matching
/// over four billion values would take their memory): the model solves.
#[test]
fn domain_consistency_is_not_taken_over_huge_domains() {
    let text = "var int: a;\nvar int: b;\nvar 1..2: c;\n\
                constraint fzn_all_different_int([a, b, c]) :: domain;\n\
                constraint int_le(a, 1);\nconstraint int_le(1, a);\n\
                constraint int_le(b, 2);\nconstraint int_le(2, b);\nsolve satisfy;\n";
    assert!(all(text, &names(&["a", "b", "c"])).is_empty());
    let (built, _) = build(text);
    assert!(
        built
            .model
            .constraints
            .iter()
            .all(|c| c.consistency.is_none())
    );
}
