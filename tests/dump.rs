//! `--dump-model`: the lowered model printed as a spec of this language.
//! The oracle is the spec itself: the dump, run back through `solve`,
//! has the same number of solutions (and the same optimum), for every
//! shipped spec that is a constraint model (a [puzzle] spec's dump is the
//! model of one position, not the puzzle), with and without its symmetry
//! breaking; and a dump of a dump reads the same.

use crate::{TempSpec, solve};

/// The first line `solve --count` prints (the count), and the rest (the
/// optimum of a spec with an objective).
fn counted(args: &[&str]) -> (String, String) {
    let mut all = vec!["--count"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    assert!(
        code == 0 || code == 1,
        "solve {all:?}: exit {code}\n{stderr}"
    );
    let mut lines = stdout.lines();
    let first = lines.next().unwrap_or_default().to_string();
    (first, lines.collect::<Vec<_>>().join("\n"))
}

fn dump(args: &[&str]) -> String {
    let mut all = vec!["--dump-model"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    assert_eq!(code, 0, "solve {all:?}\n{stderr}");
    stdout
}

/// Every shipped spec (and a few of their variants) against its dump.
#[test]
fn every_dump_solves_to_the_spec_s_count() {
    let mut cases: Vec<Vec<String>> = Vec::new();
    for entry in std::fs::read_dir("specs").expect("specs/") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("spec");
        if text.contains("[puzzle]") {
            continue;
        }
        let path = path.to_str().expect("UTF-8").to_string();
        // Dominating queens at its default n = 8 takes seconds here; the
        // job shop has millions of optimal schedules (two jobs: 124,012),
        // and so has the roster's week (three days: 3,240).
        let small: &[&str] = if path.ends_with("dominating-queens.toml") {
            &["--set", "n=5"]
        } else if path.ends_with("jobshop.toml") {
            &["--set", "jobs=2"]
        } else if path.ends_with("roster.toml") {
            &["--set", "days=3"]
        } else {
            &[]
        };
        for symmetry in [None, Some("--no-symmetry")] {
            let mut case = vec![path.clone()];
            case.extend(small.iter().map(|s| s.to_string()));
            case.extend(symmetry.map(str::to_string));
            cases.push(case);
        }
    }
    assert!(cases.len() >= 16, "{} cases", cases.len());
    for extra in [
        &["specs/queens.toml", "--set", "n=7"][..],
        &["specs/queens.toml", "--set", "n=6", "--no-symmetry"],
        &["specs/magic.toml", "--set", "n=4"],
        &["specs/magic8.toml", "--set", "numbers=11..18"],
    ] {
        cases.push(extra.iter().map(|s| s.to_string()).collect());
    }
    for case in &cases {
        let args: Vec<&str> = case.iter().map(String::as_str).collect();
        let text = dump(&args);
        assert!(!text.contains("VarId"), "{args:?}: debug output\n{text}");
        let spec = TempSpec::new("dump", &text);
        let expected = counted(&args);
        let got = counted(&[spec.path()]);
        assert_eq!(got, expected, "{args:?}: the dump counts otherwise\n{text}");
    }
}

/// The dump reads as the spec: names, the language's syntax, auxiliary
/// variables as what they stand for, constraints named by their origin.
#[test]
fn the_dump_is_readable() {
    let text = dump(&["specs/queens.toml", "--set", "n=5"]);
    for line in [
        "q = { index = \"0..4\", domain = \"0..4\" }",
        "rows = \"alldifferent([q[0], q[1], q[2], q[3], q[4]])\"",
        "diagonals = \"alldifferent([q[0], (q[1] + 1), (q[2] + 2), (q[3] + 3), (q[4] + 4)])\"",
        "flip_columns = \"lex_lesseq([q[0], q[1], q[2], q[3], q[4]], [q[4], q[3], q[2], q[1], q[0]])\"",
        "var = \"first-fail\"",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in\n{text}"
        );
    }
    // The transpose's image: a sum of reified comparisons, inline.
    assert!(
        text.contains("((q[1] == 0) + 2 * (q[2] == 0) + 3 * (q[3] == 0) + 4 * (q[4] == 0))"),
        "{text}"
    );
    assert!(
        !text.contains("_b"),
        "an auxiliary variable is declared:\n{text}"
    );
    // A constraint written as a top-level `forall`: one line per item.
    let zebra = dump(&["specs/zebra.toml"]);
    assert!(
        zebra.contains(
            "\"green_right_of_ivory[h=2]\" = \"((colour[2] == 2) - (colour[1] == 3) == 0)\""
        ),
        "{zebra}"
    );
    assert!(
        zebra.contains("# colour: texts, as their numbers: 1 = \"red\", 2 = \"green\""),
        "{zebra}"
    );
}

/// Dumping a dump gives the same text (but for the first comment line):
/// names, declarations and inlined expressions survive a round trip.
#[test]
fn a_dump_of_a_dump_is_the_same() {
    for spec in ["specs/queens.toml", "specs/magic8.toml", "specs/moo.toml"] {
        let first = dump(&[spec]);
        let file = TempSpec::new("dump-of-dump", &first);
        let second = dump(&[file.path()]);
        let body = |t: &str| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(body(&second), body(&first), "{spec}");
    }
}

/// What a spec says is not the player's (`shown = false`, a scalar and
/// an array) stays hidden in its dump: the dump declares it so, and the
/// dump's candidates name exactly the spec's own shown variables.
#[test]
fn a_dump_keeps_what_is_not_shown() {
    let spec = TempSpec::new(
        "dump-hidden",
        "[vars]\nx = { index = \"0..1\", domain = \"0..2\" }\n\
         h = { domain = \"0..4\", shown = false }\n\
         t = { index = \"0..1\", domain = \"0..2\", shown = false }\n\
         [constraints]\nc = \"x[0] + x[1] == h\"\nd = \"h == 2\"\ne = \"t[0] == x[0] and t[1] == x[1]\"\n",
    );
    let dumped = dump(&[spec.path()]);
    for line in [
        "h = { domain = \"0..4\", shown = false }",
        "t = { index = \"0..1\", domain = \"0..2\", shown = false }",
    ] {
        assert!(dumped.lines().any(|l| l == line), "{line} in\n{dumped}");
    }
    let file = TempSpec::new("dump-hidden-dumped", &dumped);
    let named = |path: &str| {
        let (stdout, stderr, code) = solve(&["candidates", path]);
        assert_eq!(code, 0, "{stderr}");
        let mut names: Vec<String> = (stdout.lines())
            .filter_map(|l| l.split(['[', ' ']).next().map(str::to_string))
            .collect();
        names.dedup();
        names
    };
    assert_eq!(named(file.path()), named(spec.path()));
    assert_eq!(named(spec.path()), ["x"]);
}

/// Cases an independent review found, each against its spec's own count:
/// a scaled divisor (written `(2 * y)`, not `2 * y` after `/`), texts
/// holding brackets as indices, a name that is not a bare TOML key, a
/// table row holding i64::MIN, and an order naming boolean elements.
#[test]
fn reviewed_cases_dump_to_the_same_count() {
    for (label, text) in [
        (
            "div",
            "[vars]\nx = \"0..6\"\ny = \"1..3\"\n[constraints]\nc = \"x / (2 * y) == 1\"\n",
        ),
        (
            "rem",
            "[vars]\nx = \"0..6\"\ny = \"1..3\"\n[constraints]\nc = \"x % (2 * y) == 1\"\n",
        ),
        (
            "brackets",
            "[params]\nnames = [\"a][b\", \"c]\", \"[d\"]\n[vars]\nx = { index = \"names\", domain = \"0..2\" }\n[constraints]\na = \"x['a][b'] != x['c]'] and x['[d'] == 1\"\n",
        ),
        ("key", "[vars]\n\"my var\" = \"0..1\"\n"),
        (
            "table",
            "[vars]\nx = \"0..3\"\n[constraints]\nc = \"table([x], [[1], [-9223372036854775807 - 1], [9223372036854775807]])\"\n",
        ),
        (
            "order",
            "[vars]\nb = { index = \"0..1\", domain = \"bool\" }\n[search]\norder = [\"b[1]\"]\n",
        ),
    ] {
        let spec = TempSpec::new(label, text);
        let dumped = dump(&[spec.path()]);
        let file = TempSpec::new("reviewed-dump", &dumped);
        assert_eq!(
            counted(&[file.path()]),
            counted(&[spec.path()]),
            "{label}:\n{dumped}"
        );
    }
    let spec = TempSpec::new(
        "div",
        "[vars]\nx = \"0..6\"\ny = \"1..3\"\n[constraints]\nc = \"x / (2 * y) == 1\"\n",
    );
    assert_eq!(counted(&[spec.path()]).0, "6");
}
