//! Search phases (`[search] phases`, `--phase`): each phase's variables are
//! decided before the next phase's, by the phase's own variable and value
//! orders, checked on the decisions `--trace` prints; the count never
//! depends on them; `order` and `phases` do not mix in one spec.

use crate::{TempSpec, count, solve};

/// Four variables over 0..3, no constraint: every decision shows in the
/// trace, none is propagated away.
fn free(search: &str) -> TempSpec {
    TempSpec::new(
        "phases",
        &format!("[vars]\nx = {{ index = \"0..3\", domain = \"0..3\" }}\n[search]\n{search}"),
    )
}

/// The `decide` lines of `solve FILE --trace 20 ARGS`.
fn decisions(spec: &TempSpec, args: &[&str]) -> Vec<String> {
    let mut all = vec![spec.path(), "--trace", "20"];
    all.extend_from_slice(args);
    let (_, stderr, code) = solve(&all);
    assert_eq!(code, 0, "{stderr}");
    stderr
        .lines()
        .filter_map(|l| l.trim().strip_prefix("decide "))
        .map(str::to_string)
        .collect()
}

#[test]
fn phases_decide_their_variables_in_turn() {
    // x[3] by max, then x[1] and x[2] by min, then x[0] by the spec's
    // value order (max here).
    let spec = free(
        "value = \"max\"\nphases = [{ vars = \"x[3]\", value = \"max\" }, { vars = [\"x[1..2]\"], value = \"min\" }]\n",
    );
    assert_eq!(
        decisions(&spec, &[]),
        ["x[3] = 3", "x[1] = 0", "x[2] = 0", "x[0] = 3"]
    );
    // The command line's phases replace the spec's; a comprehension names
    // its variables (commas inside brackets are its own).
    assert_eq!(
        decisions(
            &spec,
            &[
                "--phase",
                "[x[i] for i in 2..3]::min",
                "--phase",
                "x[0]:input:max"
            ]
        ),
        ["x[2] = 0", "x[3] = 0", "x[0] = 3", "x[1] = 3"]
    );
    // `--order` replaces them too (input order, the value order given).
    assert_eq!(
        decisions(&spec, &["--order", "x[2],x[0]", "--value", "min"]),
        ["x[2] = 0", "x[0] = 0", "x[1] = 0", "x[3] = 0"]
    );
}

/// A phase's first-fail looks at its own variables only: the smallest
/// domain among x[0..1] is x[1]'s (2 values), decided first, though x[3],
/// outside the phase, is as small and comes before nothing else.
#[test]
fn a_phase_heuristic_chooses_among_its_own_variables() {
    let spec = TempSpec::new(
        "phases-ff",
        "[vars]\nx = { index = \"0..3\", domain = \"0..5\" }\n[constraints]\n\
         narrow = \"x[1] <= 1 and x[3] <= 1\"\n\
         [search]\nphases = [{ vars = \"x[0..1]\", var = \"first-fail\" }]\n",
    );
    assert_eq!(decisions(&spec, &[])[..2], ["x[1] = 0", "x[0] = 0"]);
}

/// Phases change the order of the search, never its answers: queens n = 8
/// counts 92 under every phase split.
#[test]
fn phases_keep_the_count() {
    for phase in [
        "q:first-fail:max",
        "q[4..7]:input:split",
        "[q[c] for c in 0..7 if c % 2 == 0]:dom-wdeg:random",
    ] {
        assert_eq!(
            count(&["specs/queens.toml", "--no-symmetry", "--phase", phase]),
            92,
            "{phase}"
        );
    }
}

#[test]
fn phase_errors() {
    let both = free("order = [\"x\"]\nphases = [{ vars = \"x\" }]\n");
    let (_, stderr, code) = solve(&[both.path()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("both `phases` and `order`"), "{stderr}");
    for (search, what) in [
        ("phases = [{ vars = \"y\" }]\n", "unknown variable `y`"),
        (
            "phases = [{ vars = \"x\", vra = \"input\" }]\n",
            "did you mean `var`",
        ),
        ("phases = [{ var = \"input\" }]\n", "a phase needs `vars`"),
        (
            "phases = [{ vars = \"x\", value = \"maximum\" }]\n",
            "unknown value order `maximum`",
        ),
        ("phases = \"x\"\n", "expected a list of phases"),
    ] {
        let spec = free(search);
        let (_, stderr, code) = solve(&[spec.path()]);
        assert_eq!(code, 2, "{search}: {stderr}");
        assert!(stderr.contains(what), "{search}: {stderr}");
    }
    let spec = free("");
    for (phase, what) in [
        ("x:fast", "unknown variable order `fast`"),
        (":input", "no variables"),
    ] {
        let (_, stderr, code) = solve(&[spec.path(), "--phase", phase]);
        assert_eq!(code, 2, "{phase}: {stderr}");
        assert!(stderr.contains(what), "{phase}: {stderr}");
    }
}

/// `compare --try 'phase=...'` runs a configuration with phases: the same
/// solutions, the search its own.
#[test]
fn compare_tries_phases() {
    let (stdout, stderr, code) = solve(&[
        "compare",
        "specs/queens.toml",
        "--set",
        "n=8",
        "--try",
        "default",
        "--try",
        "phase=q[4..7]:input:max phase=q:first-fail",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert_eq!(
        rows[1][..2],
        ["phase=q[4..7]:input:max", "phase=q:first-fail"]
    );
    // Both count the 12 classes (queens.toml breaks the board's symmetry).
    assert_eq!(rows[0][1], "12", "{stdout}");
    assert_eq!(rows[1][2], "12", "{stdout}");
    let (_, stderr, code) = solve(&["compare", "specs/queens.toml", "--try", "phase=q:fast"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown variable order `fast`"), "{stderr}");
}
