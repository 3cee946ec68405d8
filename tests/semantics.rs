//! The meaning of partial operations, against brute force: a variable index
//! out of range or a division by zero makes the nearest boolean context
//! false (MiniZinc's relational semantics), so guarded uses such as
//! `i == 0 or x[i-1] == 1` keep the solutions where the guard holds.

use crate::{TempSpec, count};

/// Counts the solutions of a spec through the binary.
fn solutions(label: &str, spec: &str) -> u64 {
    let file = TempSpec::new(label, spec);
    count(&[file.path()])
}

/// Truncating division and remainder, None for a zero divisor.
fn div(x: i64, y: i64) -> Option<i64> {
    x.checked_div(y)
}

#[test]
fn guarded_division_keeps_the_guarded_solutions() {
    let spec = "[vars]\nx = \"0..5\"\ny = \"0..2\"\n[constraints]\nc = \"y == 0 or x / y == 2\"\n";
    let mut expected = 0;
    for x in 0..=5 {
        for y in 0..=2 {
            if y == 0 || div(x, y) == Some(2) {
                expected += 1;
            }
        }
    }
    assert_eq!(solutions("guarded-div", spec), expected);
}

#[test]
fn only_the_chosen_branch_must_be_defined() {
    let spec = "[vars]\nx = \"0..5\"\ny = \"0..2\"\nz = \"-10..10\"\n[constraints]\nc = \"z == (if y != 0 then x / y else 0)\"\n";
    let mut expected = 0;
    for x in 0..=5 {
        for y in 0..=2 {
            for z in -10..=10 {
                let value = if y != 0 { div(x, y) } else { Some(0) };
                if value == Some(z) {
                    expected += 1;
                }
            }
        }
    }
    assert_eq!(solutions("branch-div", spec), expected);
}

#[test]
fn out_of_range_index_is_false_where_it_occurs() {
    let spec = "[vars]\nx = { index = \"0..2\", domain = \"0..2\" }\ni = \"0..2\"\n[constraints]\nc = \"i == 0 or x[i-1] == 1\"\nd = \"count(x[i + j] == 2 for j in 0..1) >= 1 or i == 2\"\n";
    let mut expected = 0;
    for x0 in 0..=2 {
        for x1 in 0..=2 {
            for x2 in 0..=2 {
                let x = [x0, x1, x2];
                let at = |k: i64| (0..3).contains(&k).then(|| x[k as usize]);
                for i in 0..=2i64 {
                    let c = i == 0 || at(i - 1) == Some(1);
                    let twos = (0..=1).filter(|&j| at(i + j) == Some(2)).count();
                    let d = twos >= 1 || i == 2;
                    if c && d {
                        expected += 1;
                    }
                }
            }
        }
    }
    assert_eq!(solutions("guarded-index", spec), expected);
}

#[test]
fn at_the_root_an_undefined_constraint_fails() {
    // x[i] with i out of range at the root, and a division by zero.
    let spec = "[vars]\nx = { index = \"0..2\", domain = \"0..1\" }\ni = \"0..4\"\ny = \"-1..1\"\n[constraints]\nc = \"x[i] == 1\"\nd = \"6 / y > 0\"\n";
    let mut expected = 0;
    for bits in 0..8 {
        let x = [bits & 1, (bits >> 1) & 1, (bits >> 2) & 1];
        for i in 0..=4 {
            for y in -1..=1 {
                let c = x.get(i).is_some_and(|&v| v == 1);
                let d = div(6, y).is_some_and(|q| q > 0);
                if c && d {
                    expected += 1;
                }
            }
        }
    }
    assert_eq!(solutions("root-undefined", spec), expected);
}

#[test]
fn division_and_remainder_truncate_toward_zero() {
    let spec = "[vars]\nx = \"-7..7\"\ny = \"-3..3\"\nq = \"-20..20\"\nr = \"-20..20\"\n[constraints]\nc = \"q == x / y and r == x % y\"\n[output]\ntemplate = \"{x} {y} {q} {r}\"\n";
    let file = TempSpec::new("truncation", spec);
    let (stdout, _, code) = crate::solve(&[file.path(), "--all"]);
    assert_eq!(code, 0);
    let mut seen = 0;
    for line in stdout.lines().filter(|l| l.split(' ').count() == 4) {
        let v: Vec<i64> = line.split(' ').map(|s| s.parse().unwrap()).collect();
        assert_eq!(Some(v[2]), v[0].checked_div(v[1]), "{line}");
        assert_eq!(Some(v[3]), v[0].checked_rem(v[1]), "{line}");
        seen += 1;
    }
    assert_eq!(seen, 15 * 6, "every x with every non-zero y");
}

/// Each item of a boolean aggregate, each boolean function call and a
/// value-context alldifferent is its own boolean context.
#[test]
fn undefined_items_falsify_only_their_item() {
    let vars = "[vars]\na = \"0..3\"\nx = { index = \"0..2\", domain = \"0..1\" }\n";
    type Meaning = fn(usize, &[i64; 3]) -> bool;
    let cases: [(&str, &str, Meaning); 4] = [
        // alldifferent(x[a], 5) holds wherever x[a] is defined, and a == 3 elsewhere.
        (
            "exists([alldifferent(x[a], 5), a == 3])",
            "alldifferent-item",
            |a, _| a <= 3,
        ),
        (
            "exists(x[a] == 1 or a == 3 for k in 0..0)",
            "generator-item",
            |a, x| x.get(a) == Some(&1) || a == 3,
        ),
        ("count([x[a] == 1, a == 3]) >= 1", "count-item", |a, x| {
            x.get(a) == Some(&1) || a == 3
        }),
        ("exists([is_one(x[a]), a == 3])", "function-call", |a, x| {
            x.get(a) == Some(&1) || a == 3
        }),
    ];
    for (constraint, label, meaning) in cases {
        let spec = format!(
            "{vars}[functions]\nis_one = \"(v) => v == 1\"\n[constraints]\nc = \"{constraint}\"\n"
        );
        let mut expected = 0;
        for a in 0..=3usize {
            for bits in 0..8 {
                let x = [bits & 1, (bits >> 1) & 1, (bits >> 2) & 1];
                if meaning(a, &x) {
                    expected += 1;
                }
            }
        }
        assert_eq!(solutions(label, &spec), expected, "{constraint}");
    }
}

#[test]
fn remainder_by_a_divisor_that_is_zero_is_only_locally_false() {
    let spec = "[vars]\na = \"0..3\"\nb = \"0..3\"\n[constraints]\nc = \"a == 1 or b % 0 == 0\"\n";
    assert_eq!(solutions("rem-zero", spec), 4);
}

/// A conditional whose chosen branch is undefined is undefined itself,
/// also when one branch is a boolean and the other a 0/1 integer (found by
/// the differential tester at 10^5 models: the undefined branch was read as
/// false, that is 0, inside a comparison and inside lex_less).
#[test]
fn an_undefined_branch_of_a_mixed_conditional_is_undefined() {
    // (if Q > P then R == Q else [Q][3 - R]) >= x[P + 2], over 0/1 values:
    // the else branch indexes out of range (3 - R is 2 or 3), and x[P + 2]
    // is defined only for P = 0 (it is R).
    let mut expected = 0;
    for p in 0..=1i64 {
        for q in 0..=1i64 {
            for r in 0..=1i64 {
                let left = if q > p { Some(i64::from(r == q)) } else { None };
                let right = if p == 0 { Some(r) } else { None };
                if let (Some(l), Some(x)) = (left, right)
                    && l >= x
                {
                    expected += 1;
                }
            }
        }
    }
    let spec = "[vars]\nx = { index = \"0..2\", domain = \"0..1\", names = [\"P\", \"Q\", \"R\"] }\n\
                [constraints]\nc0 = \"(if x[1] > P then R == x[1] else [x[1] for i in 2..2][3 - x[2]]) >= x[x[0] + 2]\"\n";
    assert_eq!(solutions("mixed-conditional", spec), expected);
    // lex_less([if b == -1 then i <= c else i % (a - i) for i in -1..1], [0, 1, 2]):
    // undefined (a divisor 0) where b = -2 and a = -1.
    let mut expected = 0;
    for a in -2..=-1i64 {
        for b in -2..=-1i64 {
            for c in 1..=4i64 {
                let items: Option<Vec<i64>> = (-1..=1i64)
                    .map(|i| {
                        if b == -1 {
                            Some(i64::from(i <= c))
                        } else if a - i == 0 {
                            None
                        } else {
                            Some(i % (a - i))
                        }
                    })
                    .collect();
                if items.is_some_and(|v| v < vec![0, 1, 2]) {
                    expected += 1;
                }
            }
        }
    }
    let spec = "[vars]\na = \"-2..-1\"\nb = \"-2..-1\"\nc = \"1..4\"\n[constraints]\n\
                c0 = \"lex_less([if b == -1 then i <= c else i % (a - i) for i in -1..1], [i for i in 0..2])\"\n";
    assert_eq!(solutions("mixed-conditional-lex", spec), expected);
}

/// `a ++ b` joins lists (of constants, of variables, ranges), indexed from
/// 0 after the join; `x ^ k` is a power (over variables too, negative
/// bases included; `-x^2` is `-(x^2)`); counts against brute force.
#[test]
fn concatenation_and_power_match_brute_force() {
    let spec = r#"
[params]
p = "[1, 2] ++ 3..4"
[vars]
x = "-3..3"
y = "-3..3"
i = "0..4"
[constraints]
joined = "([x, y] ++ p)[i] + sum(p ++ [x]) == 12"
power  = "x^3 - y^2 >= -4 and -x^2 <= 2^2"
"#;
    let p = [1i64, 2, 3, 4];
    let mut expected = 0;
    for x in -3i64..=3 {
        for y in -3i64..=3 {
            for i in 0..=4usize {
                let joined = [x, y, p[0], p[1], p[2], p[3]];
                let sum: i64 = p.iter().sum::<i64>() + x;
                let ok = joined[i] + sum == 12 && x.pow(3) - y.pow(2) >= -4 && -(x.pow(2)) <= 4;
                expected += u64::from(ok);
            }
        }
    }
    assert!(expected > 0);
    assert_eq!(solutions("concat-power", spec), expected);
}

/// A negative or variable exponent, an overflowing power and `++` of a
/// non-list: one clear error each.
#[test]
fn power_and_concatenation_errors() {
    for (constraint, message) in [
        ("2 ^ -1 == 0", "must be at least 0"),
        ("x ^ x == 4", "known before solving"),
        ("3 ^ 40 == x", "overflow"),
        ("sum([x] ++ 3) == 1", "`++` joins two lists"),
    ] {
        let spec = crate::TempSpec::new(
            "power-error",
            &format!("[vars]\nx = \"1..3\"\n[constraints]\nc = \"{constraint}\"\n"),
        );
        let (_, stderr, code) = crate::solve(&[spec.path()]);
        assert_eq!(code, 2, "{constraint}: {stderr}");
        assert!(stderr.contains(message), "{constraint}: {stderr}");
    }
}

/// A list of lists indexed by variables (`g[r][c]`, `m[r]` as a row), with
/// the declared index ranges (m's rows from 1, a param's from 0) and the
/// out-of-range semantics: counts against brute force.
#[test]
fn two_dimensional_element_with_variable_indices() {
    let spec = r#"
[params]
g = [[1, 2, 3], [4, 5, 6]]
[vars]
m = { index = ["1..2", "0..1"], domain = "0..3" }
r = "0..3"
c = "-1..2"
[constraints]
a = "g[r][c] + m[r][c] >= 6 or r == 3"
b = "sum(m[r]) == 4 or c == 2"
"#;
    let g = [[1i64, 2, 3], [4, 5, 6]];
    let mut expected = 0;
    for cells in 0..4i64.pow(4) {
        let m: Vec<i64> = (0..4).map(|k| cells / 4i64.pow(k) % 4).collect();
        let m_at = |row: i64, col: i64| -> Option<i64> {
            ((1..=2).contains(&row) && (0..=1).contains(&col))
                .then(|| m[((row - 1) * 2 + col) as usize])
        };
        let g_at = |row: i64, col: i64| -> Option<i64> {
            ((0..=1).contains(&row) && (0..=2).contains(&col))
                .then(|| g[row as usize][col as usize])
        };
        for r in 0..=3 {
            for c in -1..=2 {
                let a =
                    matches!((g_at(r, c), m_at(r, c)), (Some(x), Some(y)) if x + y >= 6) || r == 3;
                let row_sum = (1..=2)
                    .contains(&r)
                    .then(|| m_at(r, 0).unwrap() + m_at(r, 1).unwrap());
                let b = row_sum == Some(4) || c == 2;
                expected += u64::from(a && b);
            }
        }
    }
    assert!(expected > 0);
    assert_eq!(solutions("element-2d", spec), expected);
}

/// `domain = "bool"`: a 0/1 variable used as a boolean (`->`, `or`,
/// `count`, arithmetic) and printed as false/true in text and JSON; counts
/// against brute force.
#[test]
fn boolean_variables_read_and_print_as_booleans() {
    let spec = r#"
[vars]
rain = "bool"
wet = "bool"
lamps = { index = "0..2", domain = "bool" }
[constraints]
c = "rain -> wet"
d = "count(lamps) == 1 and (wet or lamps[0])"
e = "rain + wet <= 1 or lamps[2]"
"#;
    let mut expected = 0;
    for bits in 0..32u32 {
        let b = |k: u32| bits >> k & 1 == 1;
        let (rain, wet, lamps) = (b(0), b(1), [b(2), b(3), b(4)]);
        let lit = lamps.iter().filter(|&&l| l).count();
        let ok = (!rain || wet)
            && lit == 1
            && (wet || lamps[0])
            && (u32::from(rain) + u32::from(wet) <= 1 || lamps[2]);
        expected += u64::from(ok);
    }
    assert_eq!(solutions("bool", spec), expected);
    let file = TempSpec::new("bool-json", spec);
    let (stdout, _, code) = crate::solve(&[file.path(), "--json", "--limit", "1"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert!(v["rain"].is_boolean() && v["lamps"][0].is_boolean(), "{v}");
    let (text, _, _) = crate::solve(&[file.path()]);
    assert!(
        text.contains("rain = false") || text.contains("rain = true"),
        "{text}"
    );
}

/// A param may declare its index range, so that data and variables index
/// alike: `xs[i]` for `i in 1..5` reads the i-th item; a variable index
/// reads it too; a 2-D param with two ranges; a length that does not match
/// its range is an error at the range.
#[test]
fn params_index_like_variable_arrays() {
    let spec = r#"
[params]
xs = { index = "1..5", value = [3, 1, 4, 1, 5] }
grid = { index = ["1..2", "0..1"], value = [[7, 8], [9, 6]] }
[vars]
x = { index = "1..5", domain = "0..9" }
k = "0..6"
r = "0..3"
[constraints]
same = "forall(x[i] == xs[i] for i in 1..5)"
ones = "xs[k] == 1"
row  = "grid[r][1] == 6"
"#;
    // k in {2, 4} (xs[0] and xs[6] are out of range: false); r == 2.
    assert_eq!(solutions("param-index", spec), 2);
    let file = TempSpec::new("param-index-json", spec);
    let rows = crate::json_solutions(&[file.path(), "--all", "--json"]);
    for row in &rows {
        assert_eq!(row["x"], serde_json::json!([3, 1, 4, 1, 5]));
        assert_eq!(row["r"], 2);
    }
    let bad = TempSpec::new(
        "param-index-bad",
        "[params]\nxs = { index = \"1..4\", value = [3, 1, 4] }\n[vars]\nx = \"0..1\"\n",
    );
    let (_, stderr, code) = crate::solve(&[bad.path()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("the index range 1..4 has 4 positions but the list has 3 items"),
        "{stderr}"
    );
}

/// `d = { index = "...", define = "[...]" }`: an array of derived
/// variables (only scalars could be defined), 1-D and 2-D, each element
/// equal to its item; the count is a brute force's over the permutations,
/// every solution's defined arrays are recomputed from `x`, and a list of
/// the wrong length or a list without `index` is an error.
#[test]
fn define_declares_arrays_of_derived_variables() {
    let spec = crate::TempSpec::new(
        "define-array",
        "[params]\nn = 5\n[vars]\nx = { index = \"0..n-1\", domain = \"1..n\" }\n\
         s = { index = \"0..n-2\", define = \"[x[i] + x[i+1] for i in 0..n-2]\" }\n\
         g = { index = [\"0..1\", \"1..2\"], define = \"[[x[i] * x[j] for j in 1..2] for i in 0..1]\" }\n\
         t = { define = \"sum(s)\" }\n\
         [constraints]\na = \"alldifferent(x)\"\nb = \"alldifferent(s)\"\nc = \"s[0] < s[3]\"\nd = \"g[1][2] > 3\"\n",
    );
    let mut expected = 0;
    crate::for_each_permutation(&mut [1, 2, 3, 4, 5], &mut |x| {
        let s: Vec<i64> = (0..4).map(|i| x[i] + x[i + 1]).collect();
        let mut sorted = s.clone();
        sorted.sort();
        sorted.dedup();
        expected += u64::from(sorted.len() == 4 && s[0] < s[3] && x[1] * x[2] > 3);
    });
    assert!(expected > 0);
    let solutions = crate::json_solutions(&[spec.path(), "--all", "--json"]);
    assert_eq!(solutions.len() as u64, expected);
    for sol in &solutions {
        let x = crate::ints(sol, "x");
        let s: Vec<i64> = (0..4).map(|i| x[i] + x[i + 1]).collect();
        assert_eq!(crate::ints(sol, "s"), s);
        let g: Vec<Vec<i64>> = (0..2)
            .map(|i| (1..3).map(|j| x[i] * x[j]).collect())
            .collect();
        let printed: Vec<Vec<i64>> = sol["g"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_array().unwrap().iter().map(crate::int).collect())
            .collect();
        assert_eq!(printed, g);
        assert_eq!(crate::scalar(sol, "t"), s.iter().sum::<i64>());
    }
    // The dump runs back to the same count.
    let (dump, stderr, code) = crate::solve(&[spec.path(), "--dump-model"]);
    assert_eq!(code, 0, "{stderr}");
    let dumped = crate::TempSpec::new("define-array-dump", &dump);
    assert_eq!(count(&[dumped.path()]), expected);
    for (line, message) in [
        (
            "s = { index = \"0..n-1\", define = \"[x[i] + x[i+1] for i in 0..n-2]\" }",
            "`s`'s index 0..4 has 5 elements, and its `define` gives a list of 4",
        ),
        (
            "s = { define = \"[x[i] + x[i+1] for i in 0..n-2]\" }",
            "`s` is defined by a list of 4 items, where a number was expected",
        ),
        (
            "s = { index = \"0..n-2\", domain = \"1..9\", define = \"[x[i] for i in 0..n-2]\" }",
            "it takes no `domain`",
        ),
    ] {
        let bad = crate::TempSpec::new(
            "define-array-bad",
            &format!(
                "[params]\nn = 5\n[vars]\nx = {{ index = \"0..n-1\", domain = \"1..n\" }}\n{line}\n[constraints]\na = \"alldifferent(x)\"\n"
            ),
        );
        let (_, stderr, code) = crate::solve(&[bad.path()]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(message), "{line}: {stderr}");
        assert!(stderr.contains(":5:"), "{stderr}");
    }
}

/// `product` of a list and of a generator, over variables and in params
/// (a KenKen cage of three cells multiplying to 24, the first two at least
/// `product([2, 3, 4]) / 4`), and of an empty list: against brute force.
#[test]
fn product_multiplies_like_brute_force() {
    let spec = "[params]\ncage = [2, 3, 4]\np = \"product(cage)\"\n\
                [vars]\nx = { index = \"0..2\", domain = \"-2..6\" }\n\
                [constraints]\nc = \"product(x) == 24\"\n\
                d = \"product(x[i] for i in 0..1) >= p / 4 + product([])\"\n";
    let mut expected = 0;
    for a in -2..=6i64 {
        for b in -2..=6i64 {
            for c in -2..=6i64 {
                // `>= p / 4 + product([])`: p / 4 + 1.
                if a * b * c == 24 && a * b > 24 / 4 {
                    expected += 1;
                }
            }
        }
    }
    assert_eq!(solutions("product", spec), expected);
}

/// A param may call a function of earlier params (evaluated once, on
/// constants); a function that reads a variable or a later param is
/// refused there with a message that says so.
#[test]
fn params_call_functions_of_earlier_params() {
    let spec = "[params]\nn = 4\nsq = \"f(n) + g(1)\"\n[functions]\nf = \"(k) => k * k\"\n\
                g = \"(k) => f(k) + n\"\n[vars]\nx = \"0..sq\"\n[constraints]\nc = \"x >= f(2)\"\n";
    // sq = 16 + 5 = 21; x in 4..21.
    assert_eq!(solutions("param-calls", spec), 18);
    for (body, what) in [("(k) => k * m", "m = 3\n"), ("(k) => k * x", "")] {
        let text = format!(
            "[params]\nsq = \"f(2)\"\n{what}[functions]\nf = \"{body}\"\n[vars]\nx = \"0..5\"\n"
        );
        let file = TempSpec::new("param-calls-bad", &text);
        let (_, stderr, code) = crate::solve(&[file.path()]);
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("a param may call only the functions of earlier params"),
            "{stderr}"
        );
    }
}

/// A function called on the same constant arguments is computed once: a
/// 50 x 50 table built by a function and read 3 times for each of 3,000
/// variables lowers (expanded anew at every call it made 22,500,000 items,
/// past the 20,000,000-item budget), and every value is the table's.
#[test]
fn functions_on_constant_arguments_are_computed_once() {
    let spec = "[params]\nn = 3000\n[functions]\n\
                moves = \"(k) => [[(q * 7 + c * 3 + k) % 50 for c in 0..49] for q in 0..49]\"\n\
                step = \"(k, q, c) => moves(k)[q][c]\"\n\
                [vars]\nx = { index = \"0..n-1\", domain = \"0..200\" }\n[constraints]\n\
                c = \"forall(x[i] == step(i % 3, i % 50, 1) + step(0, 2, i % 50) + step(1, 1, 1) for i in 0..n-1)\"\n";
    let file = TempSpec::new("memo", spec);
    let solutions = crate::json_solutions(&[file.path(), "--json"]);
    let x = crate::ints(&solutions[0], "x");
    let table = |k: i64, q: i64, c: i64| (q * 7 + c * 3 + k) % 50;
    for (i, &v) in x.iter().enumerate() {
        let i = i as i64;
        assert_eq!(
            v,
            table(i % 3, i % 50, 1) + table(0, 2, i % 50) + table(1, 1, 1)
        );
    }
    assert_eq!(x.len(), 3000);
}
