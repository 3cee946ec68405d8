//! Wrong rules and declarations.

use super::*;

/// queens.toml with its hand-written rules replaced by `rules`.
pub(super) fn queens_with(rules: &str) -> TempSpec {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/queens.toml"))
        .expect("specs/queens.toml");
    let start = text.find("\nflip_rows").expect("queens.toml's first rule");
    let end = text.find("[search]").expect("queens.toml's [search]");
    let spec = format!("{}{rules}\n\n{}", &text[..=start], &text[end..]);
    assert!(
        spec.contains("{ grid = \"[[q[c] == r"),
        "the declaration stays"
    );
    TempSpec::new("symmetry-queens", &spec)
}

/// A breaking rule as a predicate on q.
pub(super) type Rule = dyn Fn(&[i64]) -> bool;

/// (kept, lost, twice): how many n-queens placements satisfy `rule`, and
/// how many classes have none of them and more than one.
pub(super) fn queens_rule(n: i64, rule: &Rule) -> (usize, usize, usize) {
    let solutions: Vec<Key> = brute_queens(n).into_iter().collect();
    let elements = board(n as usize, n as usize);
    let refs: Vec<&Element> = elements.iter().collect();
    let class = classes(&solutions, &refs);
    let mut kept: HashMap<&Key, usize> = class.values().map(|c| (c, 0)).collect();
    let mut total = 0;
    for s in solutions.iter().filter(|s| rule(s)) {
        *kept.get_mut(&class[s]).expect("a class") += 1;
        total += 1;
    }
    let lost = kept.values().filter(|&&k| k == 0).count();
    let twice = kept.values().filter(|&&k| k > 1).count();
    (total, lost, twice)
}

/// check-symmetry catches a rule that loses classes (`q[0] == 0`) and one
/// that keeps some twice (`q[0] < q[n-1]`), with the brute force's counts.
#[test]
pub(super) fn check_symmetry_catches_wrong_and_incomplete_rules() {
    let cases: [(&str, &Rule); 2] = [
        ("first = \"q[0] == 0\"", &|q| q[0] == 0),
        ("first = \"q[0] < q[n-1]\"", &|q| q[0] < q[q.len() - 1]),
    ];
    for (rule, oracle) in cases {
        let spec = queens_with(rule);
        for n in [6, 8] {
            let (kept, lost, twice) = queens_rule(n, oracle);
            let set = format!("n={n}");
            let (stdout, code) = check_symmetry(&[spec.path(), "--set", &set]);
            let what = format!("{rule}, n={n}:\n{stdout}");
            has_line(
                &stdout,
                &format!(
                    "kept by the breaking constraints: {}",
                    crate::solutions(kept as u64)
                ),
            );
            let lost_line = number_after(&stdout, "lost:");
            let twice_line = number_after(&stdout, "kept more than once:");
            assert_eq!(lost_line, (lost > 0).then_some(lost), "{what}");
            assert_eq!(twice_line, (twice > 0).then_some(twice), "{what}");
            assert!(lost + twice > 0, "oracle: the rule is wrong at n={n}");
            assert_eq!(code, 1, "{what}");
            assert!(!stdout.contains(": ok"), "{what}");
        }
    }
    // The figures that make these cases what they claim to be.
    assert_eq!(
        queens_rule(6, &|q| q[0] == 0),
        (0, 1, 0),
        "n=6 loses its class"
    );
    assert_eq!(
        queens_rule(8, &|q| q[0] < q[7]),
        (46, 0, 12),
        "n=8 keeps all twice"
    );
}

/// A declaration that is not a symmetry of the solutions (the rows of a
/// magic square are not interchangeable: the diagonals change) is reported
/// with "not a symmetry" and exit 1.
#[test]
pub(super) fn check_symmetry_catches_a_wrong_declaration() {
    let spec = TempSpec::new(
        "symmetry-magic-rows",
        r#"name = "magic 3 with a wrong symmetry"
[vars]
m = { index = ["0..2", "0..2"], domain = "1..9" }
[constraints]
distinct = "alldifferent(m[i][j] for i in 0..2 for j in 0..2)"
rows     = "forall(sum(m[i][j] for j in 0..2) == 15 for i in 0..2)"
columns  = "forall(sum(m[i][j] for i in 0..2) == 15 for j in 0..2)"
diagonal = "sum(m[i][i] for i in 0..2) == 15"
anti     = "sum(m[i][2-i] for i in 0..2) == 15"
[symmetry]
swap = { rows = "m" }
"#,
    );
    let (stdout, code) = check_symmetry(&[spec.path()]);
    assert_eq!(code, 1, "{stdout}");
    has_line(&stdout, "solutions without the breaking constraints: 8");
    assert!(
        stdout.lines().any(|l| l.starts_with("not a symmetry")),
        "{stdout}"
    );
    assert!(
        !stdout.contains("classes under"),
        "no classes of a wrong group:\n{stdout}"
    );
}
