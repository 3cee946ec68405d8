//! Symmetry with an objective: the optimal solutions up to symmetry.

use super::*;

/// Golomb rulers of 5 marks by their 4 gaps (1..12 each): every sum of
/// consecutive gaps differs, the length (the gaps' sum) is minimised, and
/// reading the gaps backwards (the ruler's mirror) keeps both.
pub(super) fn golomb(objective: &str, rules: &str) -> TempSpec {
    TempSpec::new(
        "symmetry-golomb",
        &format!(
            "[vars]\ng = {{ index = \"0..3\", domain = \"1..12\" }}\n\
             [constraints]\ndistinct = \"alldifferent(sum(g[k] for k in i..j) for i in 0..3 for j in 0..3 if i <= j)\"\n\
             [objective]\nminimize = \"{objective}\"\n\
             [symmetry]\nmirror = {{ reverse = \"g\" }}\n{rules}"
        ),
    )
}

/// The rulers by brute force, with their length.
pub(super) fn golomb_rulers() -> Vec<Key> {
    assignments(&vec![range(1, 12); 4], &|g| {
        let mut sums = Vec::new();
        for i in 0..4 {
            for j in i..4 {
                sums.push(g[i..=j].iter().sum::<i64>());
            }
        }
        sums.iter().collect::<HashSet<_>>().len() == sums.len()
    })
}

/// `--unique` with an objective prints the optimal solutions up to
/// symmetry (each class's smallest), `check-symmetry` checks the breaking
/// against the optimal solutions, and a rule that changes the optimum is
/// caught (the brute force gives the shortest rulers and their classes).
#[test]
pub(super) fn unique_and_check_symmetry_with_an_objective() {
    let rulers = golomb_rulers();
    let length = |g: &Key| g.iter().sum::<i64>();
    let shortest = rulers.iter().map(length).min().unwrap();
    assert_eq!(shortest, 11, "the shortest ruler of 5 marks (oracle)");
    let optimal: Vec<Key> = rulers
        .iter()
        .filter(|g| length(g) == shortest)
        .cloned()
        .collect();
    let mirror = reversal(&[vec![0], vec![1], vec![2], vec![3]]);
    let refs: Vec<&Element> = mirror.iter().collect();
    let representatives: BTreeSet<Key> = classes(&optimal, &refs).into_values().collect();

    let plain = golomb("sum(g)", "");
    let (stdout, stderr, code) = solve(&[plain.path(), "--unique", "--count"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, format!("optimal: 11\n{}\n", representatives.len()));
    // `optimal: V` first, then every representative.
    let all = json_solutions(&[plain.path(), "--unique", "--all", "--json"]);
    assert_eq!(all[0], serde_json::json!({ "optimal": 11 }));
    let printed: BTreeSet<Key> = all[1..].iter().map(|s| key_of(s, &["g"])).collect();
    assert_eq!(printed.len(), all.len() - 1, "a representative twice");
    assert_eq!(printed, representatives);
    // Without --all: one representative, then `optimal: V`.
    let first = json_solutions(&[plain.path(), "--unique", "--json"]);
    assert_eq!(first.len(), 2, "{first:?}");
    assert!(representatives.contains(&key_of(&first[0], &["g"])));
    assert_eq!(first[1], serde_json::json!({ "optimal": 11 }));

    let (stdout, code) = check_symmetry(&[plain.path()]);
    assert_eq!(code, 0, "{stdout}");
    has_line(&stdout, "optimal without the breaking constraints: 11");
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
            "classes under the declared symmetries (mirror): {}",
            representatives.len()
        ),
    );
    for rule in ["break = \"lex-leader\"", "ends = \"g[0] < g[3]\""] {
        let (stdout, code) = check_symmetry(&[golomb("sum(g)", rule).path()]);
        assert_eq!(code, 0, "{rule}: {stdout}");
        has_line(
            &stdout,
            &format!(
                "kept by the breaking constraints: {} optimal solution{}",
                representatives.len(),
                if representatives.len() == 1 { "" } else { "s" }
            ),
        );
        has_line(&stdout, "every class keeps exactly one solution: ok");
    }
    // A rule that loses every shortest ruler: the optimum changes.
    let (stdout, code) = check_symmetry(&[golomb("sum(g)", "wrong = \"g[0] > 3\"").path()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("lost: the breaking constraints change the optimum: 11 without them"),
        "{stdout}"
    );
    // Every ruler, the objective ignored: all classes.
    let all: BTreeSet<Key> = classes(&rulers, &refs).into_values().collect();
    let (stdout, code) = check_symmetry(&[plain.path(), "--no-objective"]);
    assert_eq!(code, 0, "{stdout}");
    has_line(
        &stdout,
        &format!(
            "classes under the declared symmetries (mirror): {}",
            all.len()
        ),
    );

    // An objective the mirror does not keep: the shortest ruler with the
    // smallest last gap is [1, 3, 5, 2] reversed; its class's smallest
    // solution, [1, 3, 5, 2], is not optimal.
    let skewed = golomb("10 * sum(g) + g[3]", "");
    let (_, stderr, code) = solve(&[skewed.path(), "--unique", "--count"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--unique cannot trust the declared symmetries"),
        "{stderr}"
    );
    let (stdout, code) = check_symmetry(&[skewed.path()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with("not a symmetry")),
        "{stdout}"
    );
}
