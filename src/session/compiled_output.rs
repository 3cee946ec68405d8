//! The output's compiled code (`src/output/compiled.rs`) against the
//! interpreter, on every solution of a small spec with integers, booleans,
//! texts, a derived variable, a 2-D array, params, texts as indices and
//! functions: here, where a session finds the solutions.

use crate::session::Session;

const SPEC: &str = r#"
[params]
p = [3, 1, 4]
colours = ["red", "green"]
w = { index = "colours", value = [5, 7] }
names = ["ann", "bob"]
[vars]
x = { index = "1..3", domain = "0..2" }
b = "bool"
c = { index = "1..2", domain = "colours" }
m = { index = ["0..1", "0..1"], domain = "0..1" }
s = { define = "x[1] + x[2]" }
[functions]
cell = "(v) => if v == 0 then '.' else 'x'"
twice = "(v) => v * 2"
big = "(v) => twice(v) > 2"
[constraints]
some = "x[1] <= x[2] and m[0][0] != m[1][1]"
"#;

/// Templates over every form the compiled code takes, and some it
/// leaves to the interpreter (a set, a list comparison, an error).
const TEMPLATES: &[(&str, bool)] = &[
    ("{x} {b} {c} {m} {s}", true),
    ("{x[1] + x[2] * 3 - x[3] / 2 % 2} {-x[1]} {x[2] ^ 2}", true),
    (
        "{join([cell(m[i][j]) for i in 0..1 for j in 0..1], '')}",
        true,
    ),
    ("{[twice(v) for v in x if v > 0]} {big(x[3])}", true),
    (
        "{not b} {b and x[1] > 0} {b or x[1] == 0} {b -> x[2] == 1} {b <-> (x[3] == 2)}",
        true,
    ),
    (
        "{if c[1] == 'red' then w['red'] else w[c[2]]} {c[1] != c[2]} {c[1] < c[2]}",
        true,
    ),
    (
        "{sum(x)} {min(x)} {max(x[1], x[3], 1)} {count(v > 0 for v in x)} {abs(x[1] - 3)}",
        true,
    ),
    (
        "{forall(v < 2 for v in x)} {exists([b, x[1] == 2])} {len(x)} {len(1..x[3])}",
        true,
    ),
    (
        "{x[1] in 1..2} {x[2] in p} {c[1] in ['green']} {x[x[1] + 1]} {x[2..3]} {m[x[1] % 2]}",
        true,
    ),
    (
        "{x ++ p} {join(m, ',')} {join([names[i] for i in 0..1 if names[i] == 'bob'], '')}",
        true,
    ),
    ("{b + 1} {sum([b, true])} {x[1] .. x[3]}", true),
    ("{x[1] in {0, 2}}", false),
    ("{x == [0, 0, 0]}", true),
    ("{p[x[1] + 5]}", true),
    ("{10 / x[1]}", true),
    ("{count(x, 1)}", false),
    ("{sum([c[1]])} {max(c)}", true),
    (
        "{'bob' in names} {c[1] in ['red', 'blue']} {names[0] != 'ann'}",
        true,
    ),
];

#[test]
fn the_compiled_code_agrees_with_the_interpreter() {
    for &(template, compiles) in TEMPLATES {
        let text = format!("{SPEC}[output]\ntemplate = \"{template}\"\n");
        let mut session = Session::from_text("t.toml", &text, &[])
            .unwrap_or_else(|e| panic!("{template}: {e:?}"));
        let plan = session.lowered().output.clone();
        assert_eq!(
            plan.template_compiles(),
            compiles,
            "{template}: compiled or not"
        );
        let mut seen = 0;
        for solution in session.solutions() {
            let values = solution.values();
            let (fast, slow) = plan.fill_both(values);
            let (fast, slow) = (fast.map_err(|d| d.message), slow.map_err(|d| d.message));
            assert_eq!(fast, slow, "{template} at {values:?}");
            seen += 1;
        }
        assert!(seen > 10, "{template}: only {seen} solutions");
    }
}
