//! Bad FlatZinc: one error each, at its line and column, rendered as
//! the command line prints it, never a panic.

use super::harness::error;

/// The message of `text`'s error contains each of `parts`.
fn says(text: &str, parts: &[&str]) {
    let message = error(text);
    for part in parts {
        assert!(message.contains(part), "`{part}` not in\n{message}");
    }
}

#[test]
fn an_unknown_constraint_is_named() {
    says(
        "var 1..3: x;\nconstraint int_frobnicate(x, 1);\nsolve satisfy;\n",
        &[
            "unknown FlatZinc constraint `int_frobnicate`",
            "model.fzn:2:1",
            "minizinc --solver solve",
        ],
    );
    says(
        "var 1..3: x;\nconstraint int_plus_reif(x, x, x, true);\nsolve satisfy;\n",
        &[
            "unknown FlatZinc constraint `int_plus_reif`",
            "model.fzn:2:1",
        ],
    );
}

#[test]
fn a_wrong_number_of_arguments_is_said() {
    let cases = [
        ("int_le(x)", "`int_le` takes 2 arguments, found 1"),
        (
            "int_le_reif(x, 1)",
            "`int_le_reif` takes 3 arguments, found 2",
        ),
        (
            "int_lin_le([1], [x])",
            "`int_lin_le` takes 3 arguments, found 2",
        ),
        ("int_plus(x, x)", "`int_plus` takes 3 arguments, found 2"),
        (
            "array_bool_xor([], [])",
            "`array_bool_xor` takes 1 argument, found 2",
        ),
        (
            "fzn_regular([x], 1, 1, [1], 1)",
            "`fzn_regular` takes 6 arguments, found 5",
        ),
        (
            "solve_inverse([x], 1, [x])",
            "`solve_inverse` takes 4 arguments, found 3",
        ),
    ];
    for (call, expected) in cases {
        let text = format!("var 1..3: x;\n\nconstraint {call};\nsolve satisfy;\n");
        says(&text, &[expected, "model.fzn:3:1"]);
    }
}

#[test]
fn float_and_set_variables_are_refused_by_name() {
    says(
        "var 1..3: x;\nvar float: f;\nsolve satisfy;\n",
        &[
            "float variables and values are not supported",
            "model.fzn:2:1",
        ],
    );
    says(
        "var 1..3: x;\nconstraint int_le(x, 1.5);\nsolve satisfy;\n",
        &[
            "float variables and values are not supported",
            "model.fzn:2:22",
        ],
    );
    says(
        "var 1..3: x;\nfloat: c = 0.5;\nsolve satisfy;\n",
        &[
            "float variables and values are not supported",
            "model.fzn:2:",
        ],
    );
    says(
        "var 1..3: x;\nvar set of 1..3: s;\nsolve satisfy;\n",
        &[
            "set variables are not supported",
            "nosets.mzn",
            "model.fzn:2:1",
        ],
    );
}

#[test]
fn a_sum_that_may_overflow_is_refused() {
    says(
        "var 1..3: x;\nvar 1..3: y;\n\
         constraint int_lin_le([4611686018427387904, 4611686018427387904], [x, y], 0);\n\
         solve satisfy;\n",
        &["arithmetic overflow", "+-2^62", "model.fzn:3:1"],
    );
    says(
        "var -4611686018427387904..4611686018427387904: x;\nconstraint int_plus(x, x, 0);\nsolve satisfy;\n",
        &["arithmetic overflow", "model.fzn:2:1"],
    );
    says(
        "var 1..3: x;\nconstraint int_le(x, 9223372036854775807);\nsolve satisfy;\n",
        &["value out of range", "model.fzn:2:"],
    );
}

#[test]
fn an_index_outside_an_array_is_refused() {
    says(
        "array [1..2] of int: a = [1, 2];\nvar 1..3: x;\nconstraint int_le(x, a[3]);\nsolve satisfy;\n",
        &["index 3 is outside the array's 1..2", "model.fzn:3:22"],
    );
    says(
        "var 1..3: x;\narray [1..2] of var int: v = [x, x];\nconstraint int_le(v[0], 1);\nsolve satisfy;\n",
        &["index 0 is outside the array's 1..2", "model.fzn:3:19"],
    );
}

#[test]
fn an_unknown_name_is_named_where_it_is_used() {
    says(
        "var 1..3: x;\nconstraint int_le(x, nope);\nsolve satisfy;\n",
        &["unknown name `nope`", "model.fzn:2:22"],
    );
    says(
        "var 1..3: x;\nsolve minimize y;\n",
        &["unknown name `y`", "model.fzn:2:16"],
    );
    says(
        "var 1..3: x;\nsolve :: int_search([x, w], input_order, indomain_min, complete) satisfy;\n",
        &["unknown name `w`", "model.fzn:2:25"],
    );
}

#[test]
fn arguments_of_the_wrong_kind_are_refused() {
    let cases = [
        (
            "int_lin_le([x], [x], 1)",
            "expected a parameter (a number), not a variable",
        ),
        (
            "int_lin_eq([1, 2], [x], 0)",
            "as many coefficients (2) as variables (1)",
        ),
        ("int_le(x, {1})", "expected a number or a variable"),
        ("set_in(x, x)", "expected a set of numbers"),
        (
            "fzn_lex_less_int([x], [])",
            "two arrays of one length (found 1 and 0)",
        ),
        (
            "fzn_table_int([x, x], [1, 2, 3])",
            "a table of rows of 2 values",
        ),
        ("int_pow(x, y, x)", "takes at most 100000 rows"),
    ];
    for (call, expected) in cases {
        let text = format!("var 1..3: x;\nvar int: y;\nconstraint {call};\nsolve satisfy;\n");
        says(&text, &[expected, "model.fzn:3:"]);
    }
}

#[test]
fn a_search_annotation_that_does_not_read_is_refused() {
    says(
        "var 1..3: x;\nsolve :: int_search([x], sideways, indomain_min, complete) satisfy;\n",
        &[
            "a variable selection such as `first_fail`",
            "model.fzn:2:26",
        ],
    );
    says(
        "var 1..3: x;\nsolve :: int_search([x], input_order, indomain_sideways, complete) satisfy;\n",
        &["a value choice such as `indomain_min`", "model.fzn:2:39"],
    );
}
