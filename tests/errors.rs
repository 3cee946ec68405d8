//! Diagnostics: every user mistake exits with code 2 and a rustc-style
//! message on stderr, `error: ...`, then ` --> FILE:LINE:COL` pointing into
//! the TOML file (for expressions: inside the expression string), the source
//! line and a caret line. Most tests pin the whole message, caret diagram and all, as the user
//! sees it (`refused`, through the `Case` builder of tests/main.rs). Where more than one place would be
//! fair (a type error could point at the whole expression or at the operand
//! of the wrong type), the test pins the one chosen and says which it is.

use crate::{Case, TempSpec, solve};

/// Runs `solve` with `args`, which must be rejected: exit code 2, a first
/// line starting `error: `, no panic. Returns stderr.
fn rejected(args: &[&str]) -> String {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 2,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        stderr.starts_with("error: "),
        "solve {args:?}: stderr does not start with `error: `:\n{stderr}"
    );
    stderr
}

/// Writes `text` to a temporary spec and returns it with the stderr of
/// `solve FILE` (checked by [`rejected`]). `solve check FILE` must reject it
/// the same way.
fn rejected_spec(label: &str, text: &str) -> (TempSpec, String) {
    let spec = TempSpec::new(label, text);
    let stderr = rejected(&[spec.path()]);
    let checked = rejected(&["check", spec.path()]);
    assert_eq!(checked, stderr, "`solve check` reports differently");
    (spec, stderr)
}

/// A spec that `solve spec.toml` and `solve check spec.toml` both refuse
/// with exactly `stderr` (exit 2, nothing on stdout): the whole caret
/// diagram, so a test reads as what the user sees.
fn refused(spec: &str, stderr: &str) {
    for args in [&["spec.toml"][..], &["check", "spec.toml"]] {
        Case::new()
            .spec(spec)
            .args(args)
            .stderr(stderr)
            .status(2)
            .run();
    }
}

/// The (file, line, column) of the first ` --> FILE:LINE:COL` line.
fn position(stderr: &str) -> (String, usize, usize) {
    let line = stderr
        .lines()
        .find_map(|line| line.trim_start().strip_prefix("--> "))
        .unwrap_or_else(|| panic!("no ` --> FILE:LINE:COL` line:\n{stderr}"));
    let mut parts = line.rsplitn(3, ':');
    let col = parts.next().and_then(|s| s.parse().ok());
    let row = parts.next().and_then(|s| s.parse().ok());
    let file = parts.next();
    match (file, row, col) {
        (Some(file), Some(row), Some(col)) => (file.to_owned(), row, col),
        _ => panic!("malformed position line {line:?}:\n{stderr}"),
    }
}

/// Asserts the position ` --> FILE:LINE:COL`.
fn assert_at(stderr: &str, file: &str, line: usize, col: usize) {
    let expected = (file.to_owned(), line, col);
    assert_eq!(position(stderr), expected, "wrong position:\n{stderr}");
}

/// Asserts the first lines of stderr exactly.
fn assert_starts_with_lines(stderr: &str, expected: &[&str]) {
    let got: Vec<&str> = stderr.lines().take(expected.len()).collect();
    assert_eq!(got, expected, "stderr:\n{stderr}");
}

#[test]
fn unknown_name_with_suggestion() {
    let text = "[params]\nn = 3\n\n[vars]\nA = \"0..n\"\n\n[constraints]\ntop = \"A + nn == 3\"\n";
    let (spec, stderr) = rejected_spec("unknown-name", text);
    let expected = format!(
        "error: unknown name `nn`\n \
         --> {}:8:12\n  \
         |\n\
         8 | top = \"A + nn == 3\"\n  \
         |            ^^\n  \
         = help: did you mean `n`?",
        spec.path()
    );
    assert_eq!(stderr.trim_end(), expected);
}

#[test]
fn gutter_grows_with_the_line_number() {
    let text = "name = \"gutter\"\n# The error is on a line with two digits.\n[params]\nn = 3\n\n\
                [vars]\nS = \"0..9\"\nT = \"0..9\"\n\n[constraints]\nsum = \"S + T == n\"\n\
                bad = \"S < nope\"\n";
    let (spec, stderr) = rejected_spec("gutter", text);
    let arrow = format!("  --> {}:12:12", spec.path());
    assert_starts_with_lines(
        &stderr,
        &[
            "error: unknown name `nope`",
            &arrow,
            "   |",
            "12 | bad = \"S < nope\"",
            "   |            ^^^^",
        ],
    );
}

#[test]
fn expression_syntax_error() {
    let text = "[vars]\nA = \"0..9\"\nB = \"0..9\"\n[constraints]\nsum = \"A + B )\"\n";
    let (spec, stderr) = rejected_spec("syntax", text);
    let arrow = format!(" --> {}:5:14", spec.path());
    let lines: Vec<&str> = stderr.lines().skip(1).take(4).collect();
    assert_eq!(
        lines,
        [
            arrow.as_str(),
            "  |",
            "5 | sum = \"A + B )\"",
            "  |              ^"
        ],
        "stderr:\n{stderr}"
    );
}

#[test]
fn toml_syntax_error() {
    refused(
        "[params]\nn = = 8\n",
        r#"error: invalid TOML: extra `=`, expected nothing
 --> spec.toml:2:5
  |
2 | n = = 8
  |     ^
"#,
    );
}

#[test]
fn unknown_key_in_a_section() {
    refused(
        "[vars]\nA = \"0..9\"\n\n[search]\nordr = [\"A\"]\n",
        r#"error: unknown key `ordr`
 --> spec.toml:5:1
  |
5 | ordr = ["A"]
  | ^^^^
  = help: did you mean `order`?
"#,
    );
}

#[test]
fn unknown_top_level_key() {
    refused(
        "foo = 3\nname = \"x\"\n[vars]\nA = \"0..9\"\n",
        r#"error: unknown section or key `foo`
 --> spec.toml:1:1
  |
1 | foo = 3
  | ^^^
  = help: expected one of: name, description, params, vars, functions, constraints, symmetry, search, objective, game, puzzle, moves, experiments, generate, output
"#,
    );
}

/// The span of the table's name, inside the brackets.
#[test]
fn unknown_section() {
    refused(
        "[vars]\nA = \"0..9\"\n\n[serch]\norder = [\"A\"]\n",
        r#"error: unknown section or key `serch`
 --> spec.toml:4:2
  |
4 | [serch]
  |  ^^^^^
  = help: did you mean `search`?
"#,
    );
}

/// Not an expression: the whole TOML string, from its opening quote.
#[test]
fn unknown_heuristic() {
    refused(
        "[vars]\nA = \"0..9\"\n\n[search]\nvar = \"fastest\"\n",
        r#"error: unknown variable order `fastest`
 --> spec.toml:5:7
  |
5 | var = "fastest"
  |       ^^^^^^^^^
  = help: expected one of: input, first-fail, first-fail-random, dom-wdeg, activity, afc
"#,
    );
}

/// `last_conflict` is a switch: `true`/`false` in TOML, `on`/`off` too.
#[test]
fn last_conflict_is_a_switch() {
    refused(
        "[vars]\nA = \"0..9\"\n\n[search]\nlast_conflict = \"sometimes\"\n",
        r#"error: `last_conflict=sometimes`: expected `on` or `off`
 --> spec.toml:5:17
  |
5 | last_conflict = "sometimes"
  |                 ^^^^^^^^^^^
"#,
    );
    refused(
        "[vars]\nA = \"0..9\"\n\n[search]\nlast_conflict = 3\n",
        r#"error: expected `true` or `false` for `last_conflict`
 --> spec.toml:5:17
  |
5 | last_conflict = 3
  |                 ^
"#,
    );
}

/// The operand of the wrong type, `[1, 2]`.
#[test]
fn type_error() {
    refused(
        "[vars]\nA = \"0..9\"\n[constraints]\nbad = \"A + [1, 2] == 3\"\n",
        r#"error: expected an integer, found a list
 --> spec.toml:4:12
  |
4 | bad = "A + [1, 2] == 3"
  |            ^^^^^^
"#,
    );
}

/// The argument of the wrong type, `A + 1`.
#[test]
fn alldifferent_of_an_int_is_a_type_error() {
    refused(
        "[vars]\nA = \"0..9\"\n[constraints]\nbad = \"alldifferent(A + 1)\"\n",
        r#"error: expected a list, found an integer expression over variables
 --> spec.toml:4:21
  |
4 | bad = "alldifferent(A + 1)"
  |                     ^^^^^
"#,
    );
}

/// The whole call.
#[test]
fn arity_error() {
    refused(
        "[vars]\nA = \"0..9\"\n[constraints]\nbad = \"abs(A, 2) == 1\"\n",
        r#"error: `abs` takes 1 argument, found 2
 --> spec.toml:4:8
  |
4 | bad = "abs(A, 2) == 1"
  |        ^^^^^^^^^
"#,
    );
}

/// The domain expression, inside the string.
#[test]
fn empty_domain() {
    refused(
        "[vars]\nx = \"5..1\"\n",
        r#"error: variable `x` has an empty domain
 --> spec.toml:2:6
  |
2 | x = "5..1"
  |      ^^^^
"#,
    );
}

/// The whole sum that overflows.
#[test]
fn overflow_in_a_param() {
    refused(
        "[params]\nbig = \"9223372036854775807 + 1\"\n",
        r#"error: arithmetic overflow: the result does not fit in 64 bits
 --> spec.toml:2:8
  |
2 | big = "9223372036854775807 + 1"
  |        ^^^^^^^^^^^^^^^^^^^^^^^
"#,
    );
}

#[test]
fn bad_set_value() {
    let stderr = rejected(&["specs/queens.toml", "--set", "n=abc"]);
    assert_starts_with_lines(
        &stderr,
        &[
            "error: unknown name `abc`",
            " --> --set:1:3",
            "  |",
            "1 | n=abc",
            "  |   ^^^",
        ],
    );
}

#[test]
fn set_of_an_unknown_param() {
    Case::new()
        .args(&["specs/queens.toml", "--set", "nosuch=3"])
        .stderr(
            r#"error: unknown param `nosuch`
 --> --set:1:1
  |
1 | nosuch=3
  | ^^^^^^
  = help: the params are: n
"#,
        )
        .status(2)
        .run();
}

#[test]
fn missing_file() {
    let path = "/nonexistent-solve-test/none.toml";
    let stderr = rejected(&[path]);
    assert!(
        stderr.contains(path),
        "the message names the file:\n{stderr}"
    );
    let stderr = rejected(&["check", path]);
    assert!(
        stderr.contains(path),
        "the message names the file:\n{stderr}"
    );
}

/// Every error at once, in the order of the spec.
#[test]
fn every_error_is_reported() {
    refused(
        "[vars]\nA = \"0..9\"\n[constraints]\none = \"A < x1\"\ntwo = \"A > y2\"\n",
        r#"error: unknown name `x1`
 --> spec.toml:4:12
  |
4 | one = "A < x1"
  |            ^^
error: unknown name `y2`
 --> spec.toml:5:12
  |
5 | two = "A > y2"
  |            ^^
"#,
    );
}

/// README: a function may call earlier functions, not itself.
#[test]
fn a_function_cannot_call_itself() {
    refused(
        "[vars]\nA = \"0..9\"\n[functions]\nf = \"(a) => f(a) + 1\"\n[constraints]\none = \"f(A) == 3\"\n",
        r#"error: `f` is this function or a later one: a function can only call functions defined before it
 --> spec.toml:4:13
  |
4 | f = "(a) => f(a) + 1"
  |             ^
"#,
    );
}

#[test]
fn error_inside_an_output_template() {
    refused(
        "[vars]\nA = \"0..9\"\n[output]\ntemplate = \"{A + zz}\"\n",
        r#"error: unknown name `zz`
 --> spec.toml:4:18
  |
4 | template = "{A + zz}"
  |                  ^^
"#,
    );
}

/// Habits from other languages get a `help:` line that says what to write
/// here, at the place of the mistake (line 5 of the spec, inside the
/// constraint's string, which starts at column 6).
#[test]
fn habits_from_other_languages_get_a_help_line() {
    let cases: [(&str, usize, &str); 18] = [
        ("x = 3", 3, "help: to compare, write `==`"),
        ("x == 1 && y == 2", 8, "help: write `and`"),
        ("x == 1 || y == 2", 8, "help: write `or`"),
        ("10**x == 100", 4, "help: power is `^`"),
        ("!(x == 1)", 1, "help: write `not`"),
        (
            "forall(i in 1..3)(x > i)",
            18,
            "MiniZinc's `forall(i in 1..3)(e)` is `forall(e for i in 1..3)` here",
        ),
        (
            "x == True",
            6,
            "help: booleans are written `true` and `false`",
        ),
        (
            "x == False",
            6,
            "help: booleans are written `true` and `false`",
        ),
        ("x == abc", 6, "unknown name `abc`"),
        // MiniZinc's forms (README, Coming from MiniZinc).
        ("x <- y", 3, "`p <- q` is `q -> p` here"),
        ("x<-1", 2, "write `x < -1` with a space"),
        ("m[0,1] == 2", 4, "`x[i, j]` is `x[i][j]` here"),
        ("x div 2 == 1", 3, "`div` is `/` here"),
        ("x mod 2 == 1", 3, "`mod` is `%` here"),
        ("(x > 1) xor (y > 1)", 9, "`a xor b` is `a != b` here"),
        (
            "x == bool2int(y > 2)",
            6,
            "booleans are 0 or 1 in arithmetic",
        ),
        ("len(m[0]) == length(m[1])", 14, "is `len(xs)`"),
        ("x == pow(y, 2)", 6, "power is `^`"),
    ];
    for (constraint, col, help) in cases {
        let text = format!(
            "[vars]\nx = \"1..3\"\ny = \"1..3\"\n[constraints]\nc = \"{constraint}\"\n[params]\nm = [[1, 2], [3, 4]]\n"
        );
        let (spec, stderr) = rejected_spec("habit", &text);
        assert!(stderr.contains(help), "{constraint}:\n{stderr}");
        assert_at(&stderr, spec.path(), 5, 5 + col);
        assert_eq!(
            stderr.matches("error:").count(),
            1,
            "{constraint}:\n{stderr}"
        );
    }
    // `/\` and `\/` (in a TOML literal string, where `\` is itself).
    for (constraint, col, help) in [
        ("x == 1 /\\ y == 2", 14, "is `and` here"),
        ("x == 1 \\/ y == 2", 13, "is `or` here"),
    ] {
        let text =
            format!("[vars]\nx = \"1..3\"\ny = \"1..3\"\n[constraints]\nc = '{constraint}'\n");
        let (spec, stderr) = rejected_spec("habit-slash", &text);
        assert!(stderr.contains(help), "{constraint}:\n{stderr}");
        assert_at(&stderr, spec.path(), 5, col);
    }
    // A text may hold `<-`: only the expression's own `<-` is refused.
    let spec = TempSpec::new(
        "arrow-in-text",
        "[params]\nt = \"'a<-b'\"\n[vars]\nx = \"1..3\"\n[constraints]\nc = \"x < -1 or t == 'a<-b'\"\n",
    );
    assert_eq!(crate::count(&[spec.path()]), 3);
    // A value is never suggested a function's name (`abc` is not `abs`).
    let (_, stderr) = rejected_spec(
        "value-name",
        "[vars]\nx = \"1..3\"\n[constraints]\nc = \"x == abc\"\n",
    );
    assert!(!stderr.contains("abs"), "{stderr}");
}

/// A `--set` value of the wrong shape is reported at the `--set` text, with
/// the param and the shape the spec gives it, to any depth.
#[test]
fn set_of_the_wrong_kind_points_at_the_set_text() {
    let stderr = rejected(&["specs/queens.toml", "--set", "n=[1, 2]"]);
    assert_starts_with_lines(
        &stderr,
        &[
            "error: param `n` takes an integer, found a list of integers",
            " --> --set:1:3",
        ],
    );
    assert!(
        stderr.contains("help: the spec gives `n` the value 8"),
        "{stderr}"
    );
    let stderr = rejected(&["specs/magic8.toml", "--set", "numbers=5"]);
    assert!(
        stderr.contains("param `numbers` takes a list of integers, found an integer"),
        "{stderr}"
    );
    assert_at(&stderr, "--set", 1, 9);
    // A list for a range is the same kind: a domain either way.
    assert_eq!(
        crate::count(&[
            "specs/magic8.toml",
            "--no-symmetry",
            "--set",
            "numbers=[1, 2, 3, 4, 5, 6, 7, 8]"
        ]),
        48
    );
    // A clue list is a list of lists: a flat list is refused at the --set
    // text, not inside the function that reads a clue.
    let stderr = rejected(&["specs/nonogram.toml", "--set", "rows=[1, 2]"]);
    assert_starts_with_lines(
        &stderr,
        &[
            "error: param `rows` takes a list of lists of integers, found a list of integers",
            " --> --set:1:6",
        ],
    );
    // An empty clue fits a list of integers; a 2x2 picture with one cell.
    assert_eq!(
        crate::count(&[
            "specs/nonogram.toml",
            "--set",
            "rows=[[1], []]",
            "--set",
            "columns=[[], [1]]"
        ]),
        1
    );
}

/// A feature that lives elsewhere: `maximize` in [search] points to the
/// [objective] section.
#[test]
fn maximize_in_search_points_to_the_objective_section() {
    refused(
        "[vars]\nx = \"1..3\"\n[search]\nmaximize = \"x\"\n",
        r#"error: there is no `maximize` key in [search]
 --> spec.toml:4:1
  |
4 | maximize = "x"
  | ^^^^^^^^
  = help: the best solution is asked for in an [objective] section: `[objective]` then `maximize = "EXPR"` (or `minimize`)
"#,
    );
}

/// `regular` and `nonogram_line` refuse what is not an automaton or a
/// clue, each at the argument, with what was expected.
#[test]
fn automaton_arguments_are_checked() {
    let spec = |rule: &str| {
        format!(
            "[vars]\nx = {{ index = \"1..3\", domain = \"0..1\" }}\n[constraints]\nc = \"{rule}\"\n"
        )
    };
    let cases = [
        (
            "regular(x, [[0, 1]], 0, [0])",
            "error: expected a transition [from, value, to], found a list",
            17,
        ),
        (
            "regular(x, [], 0)",
            "error: `regular` takes 2 arguments (xs, automaton) or 4 (xs, transitions, start, accepting), not 3",
            6,
        ),
        (
            "regular(x, 5)",
            "error: expected an automaton: the list [transitions, start, accepting], found an integer",
            17,
        ),
        (
            "regular(x, [[0, x[1], 1]], 0, [1])",
            "error: expected an integer known before solving, found an integer expression over variables",
            17,
        ),
        (
            "not regular(x, [], 0, [0])",
            "error: `regular` can only be a constraint of its own, not part of an expression",
            10,
        ),
        (
            "nonogram_line(x, [2, -1])",
            "error: a clue lists the lengths of runs, each at least 1, not -1",
            23,
        ),
    ];
    for (rule, message, col) in cases {
        let (spec, stderr) = rejected_spec("automaton", &spec(rule));
        assert_starts_with_lines(&stderr, &[message]);
        assert_at(&stderr, spec.path(), 4, col);
    }
}

/// An error inside a function's body points there and names each call
/// that reached it, innermost first, where it was written.
#[test]
fn an_error_in_a_function_names_the_calls_that_reached_it() {
    let (spec, stderr) = rejected_spec(
        "calls",
        "[params]\nm = [1, 2]\n[functions]\nf = \"(xs) => xs[5]\"\ng = \"(ys) => f(ys) + 1\"\n\
         [vars]\nx = \"1..3\"\n[constraints]\nc = \"x == g(m)\"\n",
    );
    assert_at(&stderr, spec.path(), 4, 17);
    let notes: Vec<&str> = stderr.lines().filter(|l| l.contains("= note:")).collect();
    assert_eq!(
        notes,
        [
            format!("  = note: in the call of `f` at {}:5:14", spec.path()),
            format!("  = note: in the call of `g` at {}:9:11", spec.path()),
        ],
        "{stderr}"
    );
}

// --------------------------------------------- issue 47: messages that help

/// A `say` hole over a generator of lists or texts prints its value (a
/// text without its quotes, a list as the language writes it), and the
/// item is named by it.
#[test]
fn say_holes_print_any_generator_value() {
    Case::new()
        .spec(
            r#"[params]
cages = [[[1, 1], [1, 2]], [[2, 1], [2, 2]]]
[vars]
x = { index = ["1..2", "1..2"], domain = "1..3" }
[constraints]
given = "x[1][1] == 1 and x[2][1] == 2"
cage = { rule = "forall(sum(x[c[0]][c[1]] for c in k) == 3 for k in cages)", say = "cage {k} sums to 3" }
"#,
        )
        .args(&["steps", "spec.toml"])
        .stdout(
            "1. comparison: x[1][1] = 1; x[2][1] = 2   (cost 1)
   given
2. sum: x[1][2] ≠ 3   (cost 1)
   cage [[1, 1], [1, 2]] sums to 3 (cage[k=[[1, 1], [1, 2]]])
3. sum: x[2][2] ≠ 3   (cost 1)
   cage [[2, 1], [2, 2]] sums to 3 (cage[k=[[2, 1], [2, 2]]])
4. sum: x[1][2] ≠ 1, so x[1][2] = 2   (cost 2)
   cage [[1, 1], [1, 2]] sums to 3 (cage[k=[[1, 1], [1, 2]]])
   knowing x[1][1] = 1
5. sum: x[2][2] ≠ 2, so x[2][2] = 1   (cost 2)
   cage [[2, 1], [2, 2]] sums to 3 (cage[k=[[2, 1], [2, 2]]])
   knowing x[2][1] = 2
every value follows, in 5 steps
",
        )
        .status(0)
        .run();
    Case::new()
        .spec(
            r#"[params]
colours = ["red", "blue"]
[vars]
pick = { index = "colours", domain = "1..2" }
[constraints]
first = "pick['red'] == 1"
apart = { rule = "forall(pick[t] != pick['red'] for t in colours if t != 'red')", say = "{t} differs from red" }
"#,
        )
        .args(&["steps", "spec.toml"])
        .stdout(
            r#"0. known from the start, each from one rule on one variable (first): pick["red"] = 1
1. comparison: pick["blue"] = 2   (cost 2)
   blue differs from red (apart[t="blue"])
   knowing pick["red"] = 1
every value follows, in 1 step
"#,
        )
        .status(0)
        .run();
}

/// A hole that is not allowed says what a hole may name there.
#[test]
fn a_say_hole_not_allowed_says_what_is() {
    refused(
        r#"[vars]
x = { index = ["1..2", "1..2"], domain = "1..2" }
[constraints]
rows = { rule = "forall(alldifferent(x[r]) for r in 1..2)", say = "row {c}" }
"#,
        r#"error: `{c}` in `say` is not a generator value of `rows[r=1]`
 --> spec.toml:4:67
  |
4 | rows = { rule = "forall(alldifferent(x[r]) for r in 1..2)", say = "row {c}" }
  |                                                                   ^^^^^^^^^
  = help: a hole names a generator of the constraint's top-level `forall`: here `{r}`
"#,
    );
    refused(
        r#"[vars]
x = { index = "1..3", domain = "1..3" }
[constraints]
sums = { rule = "forall(v >= 2 for v in [x[1] + x[2], x[3]])", say = "{v} is at least 2" }
"#,
        r#"error: `{v}` in `say` is not a generator value of `sums[0]`
 --> spec.toml:4:70
  |
4 | sums = { rule = "forall(v >= 2 for v in [x[1] + x[2], x[3]])", say = "{v} is at least 2" }
  |                                                                      ^^^^^^^^^^^^^^^^^^^
  = help: a hole names a generator of the constraint's top-level `forall` whose values are numbers, texts, lists or single variables (printed as written); a generator of this one takes expressions over variables, and its items are numbered
"#,
    );
}

/// An expression left unquoted inside an inline table or an array: TOML's
/// own message (`invalid fraction, expected digits`) is replaced by what
/// to write, at the value.
#[test]
fn an_unquoted_expression_anywhere_says_to_quote_it() {
    refused(
        "[vars]\nx = { index = \"1..3\", domain = 1..4 }\n",
        r#"error: invalid TOML: `1..4` is not a TOML value
 --> spec.toml:2:32
  |
2 | x = { index = "1..3", domain = 1..4 }
  |                                ^^^^
  = help: expressions are written as strings: `domain = "1..4"`
"#,
    );
    refused(
        "[vars]\nx = { index = [1..2, \"1..2\"], domain = \"0..1\" }\n",
        r#"error: invalid TOML: `1..2` is not a TOML value
 --> spec.toml:2:16
  |
2 | x = { index = [1..2, "1..2"], domain = "0..1" }
  |                ^^^^
  = help: expressions are written as strings: `"1..2"`
"#,
    );
}

/// A function written in `[params]` (or where any value is wanted)
/// points to `[functions]`, not to a bare syntax error at `=>`.
#[test]
fn a_function_out_of_place_points_to_the_functions_section() {
    refused(
        "[params]\nf = \"(k) => k + 1\"\nn = \"f(2)\"\n",
        r#"error: `f` is a function: [params] holds values, functions are declared in [functions]
 --> spec.toml:2:5
  |
2 | f = "(k) => k + 1"
  |     ^^^^^^^^^^^^^^
  = help: move it to [functions]: `[functions]` then `f = "(k) => k + 1"`; a param may call it (`p = "f(n)"`)
"#,
    );
    refused(
        "[vars]\nA = \"1..3\"\n[constraints]\nnext = \"(k) => k + 1\"\n",
        r#"error: a function where a value is wanted: functions are declared in [functions]
 --> spec.toml:4:8
  |
4 | next = "(k) => k + 1"
  |        ^^^^^^^^^^^^^^
  = help: declare it in [functions] (`NAME = "(k) => k + 1"`) and call it here: `NAME(3)`
"#,
    );
}

/// `[generate]`'s blank: the clue that may be the blank with its own range,
/// and the range of all the clues, below which the blank suggested lies.
#[test]
fn a_derived_clue_that_may_be_blank_names_its_own_range() {
    let spec = r#"[params]
hint = [0, 0, 0]
[vars]
x = { index = "1..2", domain = "1..2" }
[constraints]
d = "x[1] != x[2]"
[generate]
clues = "hint"
derive = "[x[1] + 5, x[1] - 1, x[2] + 5]"
"#;
    let stderr = r#"error: a derived clue may be 0, the blank: it could not be given
 --> spec.toml:9:11
  |
9 | derive = "[x[1] + 5, x[1] - 1, x[2] + 5]"
  |           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: clue 2 (counted from 1) ranges over 0..1, and all 3 clues over 0..7: choose a blank no clue can be, `blank = -1`
"#;
    // `derive` is lowered to draw a solution (generate) and by check.
    for command in ["check", "generate"] {
        Case::new()
            .spec(spec)
            .args(&[command, "spec.toml"])
            .stderr(stderr)
            .status(2)
            .run();
    }
}

/// One constraint with no solution is "this constraint", not "these 1
/// constraints".
#[test]
fn one_constraint_in_a_conflict_is_said_in_the_singular() {
    Case::new()
        .spec("[vars]\nA = \"1..3\"\n[constraints]\nsmall = \"A < 1\"\n")
        .args(&["explain", "spec.toml"])
        .stdout("small\n")
        .stderr("this constraint has no solution on its own:\n")
        .status(1)
        .run();
    Case::new()
        .spec("[vars]\nA = \"1..3\"\n[constraints]\nsmall = \"A < 1\"\n")
        .args(&["explain", "spec.toml", "--steps"])
        .stdout(
            "small

0. known from the start, each from one rule on one variable (small): A ∈ {}
so A has no value left: this constraint has no solution
",
        )
        .stderr("this constraint has no solution on its own:\n")
        .status(1)
        .run();
}

/// `solve generate` says on stderr why it passes a draw over (the seed's
/// next draw is its own, not the next seed's).
#[test]
fn generate_says_why_it_skips_a_seed() {
    let spec = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/readme/skyscrapers.toml"),
    )
    .expect("the skyscrapers spec");
    Case::new()
        .spec(&spec)
        .args(&["generate", "spec.toml", "--seed", "2"])
        .stdout(
            "puzzle 1: seed 2, 5 clues, grade probing, score 79
2 . . .
. . . .
. . . 2
1 3 3 .
--set 'views=[[2,0,0,0],[0,0,0,0],[0,0,0,2],[1,3,3,0]]'
",
        )
        .stderr(
            "seed 2: with every clue `derive` gives, the solution drawn is not the only one; drawing again
",
        )
        .status(0)
        .run();
}

/// A count that a limit stopped is never the bare number (`0` would read
/// as "no solution"): `at least N (stopped: ...)` on stdout, in text and
/// JSON, after `--all` too, and exit 3.
#[test]
fn a_stopped_count_says_at_least() {
    let args = [
        "specs/queens.toml",
        "--set",
        "n=12",
        "--node-limit",
        "100",
        "-j",
        "1",
    ];
    let note = "solve: the node limit was reached after 4 solutions; the search is incomplete\n";
    Case::new()
        .args(&[&args[..], &["--count"]].concat())
        .stdout("at least 4 (stopped: the node limit was reached)\n")
        .stderr(note)
        .status(3)
        .run();
    Case::new()
        .args(&[&args[..], &["--count", "--json"]].concat())
        .stdout("{\"at_least\":4,\"stopped\":\"the node limit was reached\"}\n")
        .stderr(note)
        .status(3)
        .run();
    let (stdout, stderr, code) = solve(&[&args[..], &["--all"]].concat());
    assert_eq!((code, stderr.as_str()), (3, note));
    assert!(
        stdout.ends_with("\n\nat least 4 solutions (stopped: the node limit was reached)\n"),
        "{stdout}"
    );
    // Stopped before the first solution: still not a bare 0.
    Case::new()
        .args(&[
            "specs/queens.toml",
            "--set",
            "n=12",
            "--count",
            "--node-limit",
            "1",
            "-j",
            "1",
        ])
        .stdout("at least 0 (stopped: the node limit was reached)\n")
        .stderr("solve: the node limit was reached before a solution was found\n")
        .status(3)
        .run();
}
