//! Every kind against the brute force.

use super::*;

/// values: the 5-cycle has 30 colourings with 3 colours, in 5 classes
/// (every colouring uses all three); random graphs, one with a variable
/// outside the group declared first.
#[test]
pub(super) fn values_match_the_brute_force() {
    let cycle = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)];
    let model = colouring("C5", 5, &cycle, 3, false);
    assert_eq!(model.solutions.len(), 30, "oracle: colourings of C5");
    model.check();
    assert_eq!(
        count(&[TempSpec::new("c5", &model.spec(false)).path(), "--unique"]),
        5
    );
    let mut rng = Rng::new(11);
    for (k, (vertices, colours, x)) in [(6, 3, false), (6, 3, true), (5, 4, false), (6, 4, true)]
        .into_iter()
        .enumerate()
    {
        // Sparse graphs, drawn again until one has a colouring.
        let model = loop {
            let edges: Vec<(usize, usize)> = (0..vertices)
                .flat_map(|a| (a + 1..vertices).map(move |b| (a, b)))
                .filter(|_| rng.one_in(3))
                .collect();
            let label = format!("random graph {k}: {edges:?}");
            let model = colouring(&label, vertices, &edges, colours, x);
            if !model.solutions.is_empty() {
                break model;
            }
        };
        model.check();
    }
}

/// rows and columns of 0/1 matrices, each alone, columns declared as the
/// rows of the transposed matrix, and both together (their product; the
/// lex-leader constraints are then double-lex, which can keep a class
/// twice); fixed and random row sums and column bounds.
#[test]
pub(super) fn rows_and_columns_match_the_brute_force() {
    for lines in [
        Lines::Rows,
        Lines::Columns,
        Lines::ColumnsTransposed,
        Lines::Both,
    ] {
        matrix(3, 4, 2, 2, false, lines).check();
    }
    matrix(3, 4, 2, 3, true, Lines::Both).check();
    matrix(3, 4, 2, 2, false, Lines::Both).over_bools().check();
    // Random sizes and sums, each kind twice; a column bound of at least
    // the average column sum leaves solutions.
    let mut rng = Rng::new(5);
    for lines in [Lines::Rows, Lines::Columns, Lines::Both].repeat(2) {
        let (rows, cols) = (rng.pick(&[2, 3, 4]), rng.pick(&[3, 4]));
        let row_sum = rng.range(1, cols as i64 - 1);
        let average = (rows as i64 * row_sum + cols as i64 - 1) / cols as i64;
        let col_max = rng.range(average, rows as i64);
        matrix(rows, cols, row_sum, col_max, rng.one_in(2), lines).check();
    }
}

/// reverse: a sequence over 0..2 without two equal neighbours summing to 5,
/// and a sequence of pairs (a[i], b[i]) read backwards.
#[test]
pub(super) fn reverse_matches_the_brute_force() {
    let ok = |k: &[i64]| k.windows(2).all(|w| w[0] != w[1]) && k.iter().sum::<i64>() == 5;
    Model {
        label: "sequence".to_string(),
        vars: "s = { index = \"0..5\", domain = \"0..2\" }\n".to_string(),
        constraints: "steps = \"forall(s[i] != s[i+1] for i in 0..4)\"\n\
                      total = \"sum(s) == 5\"\n"
            .to_string(),
        names: vec!["s"],
        solutions: assignments(&vec![range(0, 2); 6], &ok),
        groups: vec![(
            "backwards",
            "{ reverse = \"s\" }".to_string(),
            reversal(&(0..6).map(|i| vec![i]).collect::<Vec<_>>()),
        )],
    }
    .check();

    // Key: a[0..3] then b[0..3]; the pairs interleave the two arrays.
    let ok = |k: &[i64]| {
        (0..4).all(|i| k[i] + k[4 + i] >= 1)
            && k[0] + k[3] == 1
            && k[..4].iter().sum::<i64>() == 2
            && k[4] + k[5] == k[6] + k[7]
    };
    Model {
        label: "pairs".to_string(),
        vars: "a = { index = \"0..3\", domain = \"0..1\" }\n\
               b = { index = \"0..3\", domain = \"0..1\" }\n"
            .to_string(),
        constraints: "cover = \"forall(a[i] + b[i] >= 1 for i in 0..3)\"\n\
                      ends = \"a[0] + a[3] == 1\"\n\
                      twos = \"sum(a) == 2\"\n\
                      halves = \"b[0] + b[1] == b[2] + b[3]\"\n"
            .to_string(),
        names: vec!["a", "b"],
        solutions: assignments(&vec![range(0, 1); 8], &ok),
        groups: vec![(
            "backwards",
            "{ reverse = \"[[a[i], b[i]] for i in 0..3]\" }".to_string(),
            reversal(&(0..4).map(|i| vec![i, 4 + i]).collect::<Vec<_>>()),
        )],
    }
    .check();
}

/// grid: independent sets of 0/1 squares (8 symmetries) and rectangles (4),
/// boards of literals `q[c] == r` (rooks, no two on diagonal neighbours, on
/// a square; rooks on a rectangle), and a ring whose centre is a constant.
#[test]
pub(super) fn grid_matches_the_brute_force() {
    independent_sets(3, 3, 3).check();
    independent_sets(4, 4, 5).check();
    independent_sets(3, 4, 4).check();
    independent_sets(2, 3, 2).check();
    independent_sets(4, 4, 5).over_bools().check();

    let n = 5usize;
    let kings = |q: &[i64]| {
        q.iter().collect::<HashSet<_>>().len() == q.len()
            && q.windows(2).all(|w| (w[0] - w[1]).abs() != 1)
    };
    Model {
        label: "rooks apart".to_string(),
        vars: "q = { index = \"0..4\", domain = \"0..4\" }\n".to_string(),
        constraints: "rows = \"alldifferent(q)\"\n\
                      apart = \"forall(abs(q[c] - q[c+1]) != 1 for c in 0..3)\"\n"
            .to_string(),
        names: vec!["q"],
        solutions: assignments(&vec![range(0, 4); n], &kings),
        groups: vec![(
            "board",
            "{ grid = \"[[q[c] == r for c in 0..4] for r in 0..4]\" }".to_string(),
            board(n, n),
        )],
    }
    .check();

    // A 5 x 3 board: flipping the rows maps q[c] to 4 - q[c].
    let middle = |q: &[i64]| q.iter().collect::<HashSet<_>>().len() == 3 && q[1] != 2;
    Model {
        label: "rooks on 5 x 3".to_string(),
        vars: "q = { index = \"0..2\", domain = \"0..4\" }\n".to_string(),
        constraints: "rows = \"alldifferent(q)\"\nmiddle = \"q[1] != 2\"\n".to_string(),
        names: vec!["q"],
        solutions: assignments(&vec![range(0, 4); 3], &middle),
        groups: vec![(
            "board",
            "{ grid = \"[[q[c] == r for c in 0..2] for r in 0..4]\" }".to_string(),
            board(5, 3),
        )],
    }
    .check();

    // A B C / D _ E / F G H, every side summing to 3.
    let sides = |k: &[i64]| {
        let s = |a: usize, b: usize, c: usize| k[a] + k[b] + k[c];
        [s(0, 1, 2), s(0, 3, 5), s(2, 4, 7), s(5, 6, 7)] == [3; 4]
    };
    let cells = [
        [Some(0), Some(1), Some(2)],
        [Some(3), None, Some(4)],
        [Some(5), Some(6), Some(7)],
    ];
    Model {
        label: "ring".to_string(),
        vars: "x = { index = \"0..7\", domain = \"0..2\" }\n".to_string(),
        constraints: "top = \"x[0] + x[1] + x[2] == 3\"\n\
                      left = \"x[0] + x[3] + x[5] == 3\"\n\
                      right = \"x[2] + x[4] + x[7] == 3\"\n\
                      bottom = \"x[5] + x[6] + x[7] == 3\"\n"
            .to_string(),
        names: vec!["x"],
        solutions: assignments(&vec![range(0, 2); 8], &sides),
        groups: vec![(
            "ring",
            "{ grid = \"[[x[0], x[1], x[2]], [x[3], 0, x[4]], [x[5], x[6], x[7]]]\" }".to_string(),
            grid(&cells.map(|row| row.to_vec())),
        )],
    }
    .check();
}

/// Every Latin square of order n over 1..n, row by row.
pub(super) fn latin_squares(n: usize) -> Vec<Key> {
    fn extend(n: usize, square: &mut Key, rows: &[Key], found: &mut Vec<Key>) {
        if square.len() == n * n {
            found.push(square.clone());
            return;
        }
        let row = square.len() / n;
        for r in rows {
            if (0..n).all(|j| (0..row).all(|i| square[i * n + j] != r[j])) {
                square.extend_from_slice(r);
                extend(n, square, rows, found);
                square.truncate(row * n);
            }
        }
    }
    let mut items: Vec<i64> = (1..=n as i64).collect();
    let mut rows = Vec::new();
    for_each_permutation(&mut items, &mut |p| rows.push(p.to_vec()));
    let mut found = Vec::new();
    extend(n, &mut Vec::new(), &rows, &mut found);
    found.sort();
    found
}

pub(super) fn latin_constraints(n: usize) -> String {
    let m = n - 1;
    format!(
        "rows = \"forall(alldifferent(m[i][j] for j in 0..{m}) for i in 0..{m})\"\n\
         columns = \"forall(alldifferent(m[i][j] for i in 0..{m}) for j in 0..{m})\"\n"
    )
}

/// Several groups together (their product): a 3 x 3 grid coloured with
/// interchangeable colours 1..3 (grid + values), the Latin squares of
/// order 4 under rows, columns and values (576 squares, 2 isotopy
/// classes), and of order 3 under grid, rows and values, which do not
/// commute.
#[test]
pub(super) fn products_of_groups_match_the_brute_force() {
    let proper = |k: &[i64]| {
        (0..3).all(|i| {
            (0..2).all(|j| k[i * 3 + j] != k[i * 3 + j + 1] && k[j * 3 + i] != k[j * 3 + 3 + i])
        })
    };
    let cells = matrix_rows(0, 3, 3);
    let all: Vec<usize> = (0..9).collect();
    Model {
        label: "coloured square".to_string(),
        vars: "m = { index = [\"0..2\", \"0..2\"], domain = \"1..3\" }\n".to_string(),
        constraints: "across = \"forall(m[i][j] != m[i][j+1] for i in 0..2 for j in 0..1)\"\n\
                      down = \"forall(m[i][j] != m[i+1][j] for i in 0..1 for j in 0..2)\"\n"
            .to_string(),
        names: vec!["m"],
        solutions: assignments(&vec![range(1, 3); 9], &proper),
        groups: vec![
            (
                "square",
                "{ grid = \"m\" }".to_string(),
                grid(&as_cells(&cells)),
            ),
            (
                "colours",
                "{ values = \"m\" }".to_string(),
                value_swaps(&all, &range(1, 3)),
            ),
        ],
    }
    .check();

    let latin4 = latin_squares(4);
    assert_eq!(latin4.len(), 576, "oracle: Latin squares of order 4");
    let model = Model {
        label: "Latin 4".to_string(),
        vars: "m = { index = [\"0..3\", \"0..3\"], domain = \"1..4\" }\n".to_string(),
        constraints: latin_constraints(4),
        names: vec!["m"],
        solutions: latin4,
        groups: vec![
            (
                "r",
                "{ rows = \"m\" }".to_string(),
                line_swaps(&matrix_rows(0, 4, 4)),
            ),
            (
                "c",
                "{ columns = \"m\" }".to_string(),
                line_swaps(&matrix_columns(0, 4, 4)),
            ),
            (
                "v",
                "{ values = \"m\" }".to_string(),
                value_swaps(&(0..16).collect::<Vec<_>>(), &range(1, 4)),
            ),
        ],
    };
    let spec = TempSpec::new("latin4", &model.spec(false));
    assert_eq!(
        count(&[spec.path(), "--unique"]),
        2,
        "isotopy classes of order 4"
    );
    model.check();

    let cells = matrix_rows(0, 3, 3);
    Model {
        label: "Latin 3".to_string(),
        vars: "m = { index = [\"0..2\", \"0..2\"], domain = \"1..3\" }\n".to_string(),
        constraints: latin_constraints(3),
        names: vec!["m"],
        solutions: latin_squares(3),
        groups: vec![
            (
                "square",
                "{ grid = \"m\" }".to_string(),
                grid(&as_cells(&cells)),
            ),
            ("r", "{ rows = \"m\" }".to_string(), line_swaps(&cells)),
            (
                "v",
                "{ values = \"m\" }".to_string(),
                value_swaps(&(0..9).collect::<Vec<_>>(), &range(1, 3)),
            ),
        ],
    }
    .check();
}
