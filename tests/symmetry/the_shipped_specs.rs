//! The shipped specs.

use super::*;

/// `--unique --count` gives the PUZZLES.md figures: queens n = 4..10 up to
/// the board's symmetries, 880 magic squares of order 4, 1 of order 3, 6
/// magic rings of eight (48 without breaking).
#[test]
pub(super) fn unique_counts_the_known_classes() {
    for (n, classes) in [(4, 1), (5, 2), (6, 1), (7, 6), (8, 12), (9, 46), (10, 92)] {
        let set = format!("n={n}");
        assert_eq!(
            count(&["specs/queens.toml", "--set", &set, "--unique"]),
            classes,
            "queens n={n} up to symmetry"
        );
    }
    assert_eq!(
        count(&["specs/magic.toml", "--set", "n=4", "--unique"]),
        880,
        "magic squares of order 4 up to symmetry"
    );
    assert_eq!(
        count(&["specs/magic.toml", "--set", "n=3", "--unique"]),
        1,
        "the Lo Shu square"
    );
    assert_eq!(
        count(&["specs/magic8.toml", "--unique"]),
        6,
        "magic rings of eight"
    );
    assert_eq!(
        count(&["specs/magic8.toml", "--no-symmetry"]),
        48,
        "magic rings of eight, all"
    );
}

/// `--unique` keeps, of each class of queens, the placement with the
/// smallest q: the brute force's 12 for n = 8; alone it prints the first of
/// `--all`, with `--limit` the first few.
#[test]
pub(super) fn unique_keeps_the_smallest_queens_of_each_class() {
    let solutions: Vec<Key> = brute_queens(8).into_iter().collect();
    let elements = board(8, 8);
    let refs: Vec<&Element> = elements.iter().collect();
    let representatives: BTreeSet<Key> = classes(&solutions, &refs).into_values().collect();
    assert_eq!(representatives.len(), 12, "oracle: 12 classes of 8 queens");
    assert_eq!(
        keys(&["specs/queens.toml", "--unique", "--all"], &["q"]),
        representatives,
        "--unique --all: the smallest q of each class"
    );
    let all = json_solutions(&["specs/queens.toml", "--unique", "--all", "--json"]);
    let first = json_solutions(&["specs/queens.toml", "--unique", "--json"]);
    assert_eq!(
        first,
        all[..1],
        "--unique alone: the first of --unique --all"
    );
    let three = json_solutions(&["specs/queens.toml", "--unique", "--limit", "3", "--json"]);
    assert_eq!(three, all[..3], "--unique --limit 3: the first three");
}

/// The shipped specs' hand-written rules keep exactly one solution per
/// declared class: check-symmetry says ok, with the class counts of
/// PUZZLES.md; magic.toml declares its group without rules.
#[test]
pub(super) fn check_symmetry_passes_on_the_shipped_specs() {
    let specs: [(&[&str], usize, usize); 6] = [
        (&["specs/queens.toml"], 92, 12),
        (&["specs/queens.toml", "--set", "n=6"], 4, 1),
        (&["specs/magic8.toml"], 48, 6),
        (&["specs/magic8-primes.toml"], 8, 1),
        (&["specs/magic9.toml"], 8, 1),
        (
            &[
                "specs/dominating-queens.toml",
                "--set",
                "n=4",
                "--no-objective",
            ],
            64903,
            8460,
        ),
    ];
    for (args, solutions, classes) in specs {
        let (stdout, code) = check_symmetry(args);
        assert_eq!(code, 0, "{args:?}:\n{stdout}");
        has_line(
            &stdout,
            &format!("solutions without the breaking constraints: {solutions}"),
        );
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with("classes under the declared symmetries (")
                    && l.ends_with(&format!("): {classes}"))),
            "{args:?}: {classes} classes expected:\n{stdout}"
        );
        has_line(
            &stdout,
            &format!(
                "kept by the breaking constraints: {}",
                crate::solutions(classes as u64)
            ),
        );
        has_line(&stdout, "every class keeps exactly one solution: ok");
    }
    let (stdout, code) = check_symmetry(&["specs/magic.toml"]);
    assert_eq!(code, 0, "{stdout}");
    has_line(&stdout, "classes under the declared symmetries (square): 1");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("no breaking constraints")),
        "magic.toml has no rules:\n{stdout}"
    );
}

/// dominating-queens on 4 x 4 (objective off): 64903 dominating sets in
/// 8460 classes under the square's symmetries, by brute force over the
/// 2^16 boards.
#[test]
pub(super) fn dominating_sets_of_four_by_four_match_the_brute_force() {
    let n = 4usize;
    let dominated = |k: &[i64]| {
        (0..n * n).all(|cell| {
            let (r, c) = ((cell / n) as i64, (cell % n) as i64);
            (0..n * n).any(|q| {
                let (i, j) = ((q / n) as i64, (q % n) as i64);
                k[q] == 1 && (i == r || j == c || i - j == r - c || i + j == r + c)
            })
        })
    };
    let solutions = assignments(&vec![range(0, 1); n * n], &dominated);
    let elements = grid(&as_cells(&matrix_rows(0, n, n)));
    let refs: Vec<&Element> = elements.iter().collect();
    let representatives: HashSet<Key> = classes(&solutions, &refs).into_values().collect();
    assert_eq!(
        (solutions.len(), representatives.len()),
        (64903, 8460),
        "oracle"
    );
    let spec = |extra: &str| -> u64 {
        count(&[
            "specs/dominating-queens.toml",
            "--set",
            "n=4",
            "--no-objective",
            extra,
        ])
    };
    assert_eq!(spec("--no-symmetry"), 64903, "every dominating set");
    assert_eq!(
        spec("--unique"),
        8460,
        "--unique --no-objective: one dominating set per class"
    );

    // With the objective: the fewest queens, and the optimal boards up to
    // the square's symmetries (--unique, check-symmetry).
    let fewest = solutions
        .iter()
        .map(|k| k.iter().sum::<i64>())
        .min()
        .unwrap();
    let optimal: Vec<Key> = solutions
        .iter()
        .filter(|k| k.iter().sum::<i64>() == fewest)
        .cloned()
        .collect();
    let optimal_classes: HashSet<Key> = classes(&optimal, &refs).into_values().collect();
    let args = ["specs/dominating-queens.toml", "--set", "n=4"];
    let (stdout, stderr, code) = solve(&[args[0], args[1], args[2], "--unique", "--count"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        format!("optimal: {fewest}\n{}\n", optimal_classes.len())
    );
    let (stdout, code) = check_symmetry(&args);
    assert_eq!(code, 0, "{stdout}");
    has_line(
        &stdout,
        &format!("optimal without the breaking constraints: {fewest}"),
    );
    has_line(
        &stdout,
        &format!(
            "optimal solutions without the breaking constraints: {}",
            optimal.len()
        ),
    );
    has_line(
        &stdout,
        &format!(
            "classes under the declared symmetries (square): {}",
            optimal_classes.len()
        ),
    );
    has_line(&stdout, "every class keeps exactly one solution: ok");
}
