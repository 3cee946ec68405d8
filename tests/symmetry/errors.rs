//! Errors.

use super::*;

/// A 2 x 2 spec with the `[symmetry]` lines given.
pub(super) fn small_spec(symmetry: &str) -> TempSpec {
    TempSpec::new(
        "symmetry-error",
        &format!(
            "name = \"small\"\n[vars]\nq = {{ index = \"0..1\", domain = \"0..1\" }}\n\
             m = {{ index = [\"0..1\", \"0..1\"], domain = \"0..2\" }}\nx = \"0..5\"\n\
             [constraints]\na = \"q[0] != q[1]\"\n{symmetry}"
        ),
    )
}

/// `--unique` and check-symmetry need a declared group.
#[test]
pub(super) fn unique_needs_a_declaration() {
    let none = small_spec("");
    spec_error(&[none.path(), "--unique", "--count"], "--unique");
    spec_error(&[none.path(), "--unique"], "--unique");
    let rule_only = small_spec("[symmetry]\nfirst = \"q[0] <= q[1]\"\n");
    spec_error(&[rule_only.path(), "--unique", "--all"], "--unique");
    spec_error(&["check-symmetry", none.path()], "declares no symmetry");
}

/// Bad declarations are spec errors (exit 2): a cell that is neither a
/// variable, a literal nor a constant; two kinds in one table; an unknown
/// key (with a suggestion when close, else the list of keys); values over different domains; a
/// ragged grid; a variable in two cells.
#[test]
pub(super) fn bad_declarations_are_spec_errors() {
    let cases = [
        ("bad = { grid = \"[[q[0] + 1]]\" }", "a cell must be"),
        (
            "two = { grid = \"m\", rows = \"m\" }",
            "declares two groups",
        ),
        ("typo = { colums = \"m\" }", "did you mean `columns`"),
        ("typo = { gird = \"m\" }", "unknown key `gird`"),
        ("typo = { gird = \"m\" }", "did you mean `grid`"),
        (
            "typo = { sorted = \"m\" }",
            "grid, rows, columns, values, reverse",
        ),
        (
            "both = { grid = \"m\", rule = \"m[0][0] == 0\" }",
            "both a `rule`",
        ),
        ("vals = { values = \"[m[0][0], x]\" }", "share one domain"),
        (
            "ragged = { grid = \"[[m[0][0], m[0][1]], [m[1][0]]]\" }",
            "one length",
        ),
        (
            "twice = { grid = \"[[m[0][0], m[0][0]], [m[1][0], m[1][1]]]\" }",
            "in two cells",
        ),
        // `map`: a permutation of the cells, a one-to-one value map, the
        // right number of parameters, `index`/`value` only with `map`.
        ("m1 = { map = \"q\", index = \"(i) => 0\" }", "both to 0"),
        (
            "m2 = { map = \"q\", index = \"(i) => i + 1\" }",
            "sends 1 to 2, which is no cell",
        ),
        (
            "m3 = { map = \"m\", index = \"(i) => i\" }",
            "`index` takes 2 parameters",
        ),
        (
            "m4 = { map = \"m\", index = \"(i, j) => j\" }",
            "an index of 2 integers",
        ),
        (
            "m5 = { map = \"m\", value = \"(v) => v / 2\" }",
            "sends 0 and 1 both to 0",
        ),
        (
            "m6 = { map = \"m\", value = \"(v, w) => v\" }",
            "`value` takes 1 parameter",
        ),
        ("m7 = { map = \"m\" }", "maps nothing"),
        (
            "m8 = { rows = \"m\", index = \"(i) => i\" }",
            "`index` goes with `map`",
        ),
        (
            "m9 = { map = \"[q[0] == 1, q[1] == 1]\", index = \"(i) => 1 - i\" }",
            "found a literal",
        ),
        (
            "m10 = { map = \"[q[0], 1]\", index = \"(i) => 1 - i\" }",
            "moves the variable `q[0]` onto the constant 1",
        ),
        (
            "m11 = { map = \"[q[0], [q[1]]]\", index = \"(i) => i\" }",
            "at one depth",
        ),
        (
            "m12 = { map = \"q\", index = \"(i) => x\" }",
            "known before solving",
        ),
    ];
    for (line, what) in cases {
        let spec = small_spec(&format!("[symmetry]\n{line}\n"));
        spec_error(&[spec.path(), "--unique", "--count"], what);
        spec_error(&[spec.path(), "--count"], what);
    }
}

/// A board of literals for one value of 0/1 cells (`m[i][j] == 1`): the
/// literals of the other value move with them. Three ones on a 3x3 board:
/// C(9,3) = 84 boards in 16 classes (each counted here by brute force).
#[test]
pub(super) fn literal_cells_of_one_value_move_the_others_too() {
    let spec = TempSpec::new(
        "symmetry-ones",
        "[vars]\nm = { index = [\"0..2\", \"0..2\"], domain = \"0..1\" }\n[constraints]\nthree = \"sum(m[i][j] for i in 0..2 for j in 0..2) == 3\"\n[symmetry]\ng = { grid = \"[[m[i][j] == 1 for j in 0..2] for i in 0..2]\" }\n",
    );
    let path = spec.path();
    let boards = assignments(&vec![range(0, 1); 9], &|k| k.iter().sum::<i64>() == 3);
    assert_eq!(boards.len(), 84);
    let square = grid(&as_cells(&matrix_rows(0, 3, 3)));
    let elements: Vec<&Element> = square.iter().collect();
    let classes = classes(&boards, &elements);
    let distinct: HashSet<&Key> = classes.values().collect();
    assert_eq!(distinct.len(), 16);
    assert_eq!(count(&[path, "--unique"]), 16);
}

/// `break = "lex-leader"` with nothing declared to break, and `--unique`
/// on a puzzle of moves: errors, not silent no-ops.
#[test]
pub(super) fn lex_leader_without_declarations_and_unique_on_a_puzzle_are_errors() {
    let spec = TempSpec::new(
        "symmetry-nothing",
        "[vars]\nx = \"1..3\"\n[symmetry]\nbreak = \"lex-leader\"\n",
    );
    spec_error(&[spec.path(), "--count"], "declares none");
    spec_error(&["specs/water-jugs.toml", "--unique"], "--unique");
}
