//! Reliability: the reproducers of every class of failure found by fuzzing
//! and by trying `solve` as a new user would (issue 7), each pinned: a wrong
//! answer, exponential parsing, unbounded memory or time, a panic, a lost
//! write error. Each must now give the right answer (counted by a brute
//! force here) or one clear error within its limits.

use crate::{TempSpec, count, solve};

/// A spec of two scalars and one constraint.
fn two_vars(x: &str, y: &str, constraint: &str) -> TempSpec {
    TempSpec::new(
        "reliability",
        &format!("[vars]\nx = \"{x}\"\ny = \"{y}\"\n[constraints]\nc = \"{constraint}\"\n"),
    )
}

/// Exit code 2 and one `error: ` message that contains `what`.
fn assert_error(args: &[&str], what: &str) -> String {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(code, 2, "{args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.matches("error: ").count(), 1, "{stderr}");
    assert!(stderr.contains(what), "expected {what:?} in:\n{stderr}");
    stderr
}

/// `i64::MIN` as an array element met a variable: the overflow guard once
/// negated it (wrapping in release builds: 14 solutions instead of 4).
/// Values that meet variables are bounded by +-2^62: a clear error.
#[test]
fn extreme_constants_beside_variables_are_an_error_not_a_wrong_count() {
    let min = "(-9223372036854775807-1)";
    for (x, y, c) in [
        ("-3..3", "-10..10", format!("[{min}, x][y] >= 0")),
        (
            "0..1",
            "{-1099511627776, 0, 1099511627776}",
            format!("[{min}, y][x] >= 0"),
        ),
        (
            "0..3",
            "0..3",
            "[9223372036854775807, x][y] > 0".to_string(),
        ),
        ("0..3", "0..3", "x - 9223372036854775807 < y".to_string()),
    ] {
        let spec = two_vars(x, y, &c);
        let stderr = assert_error(&[spec.path()], "out of range");
        assert!(stderr.contains("--> "), "no position:\n{stderr}");
        let _ = assert_error(&["check", spec.path()], "out of range");
    }
}

/// Large values inside the limit give exact counts (brute force here).
#[test]
fn large_values_within_the_limit_count_exactly() {
    let big: i64 = 4_611_686_018_427_387_000; // just below 2^62
    let ys = [-(1i64 << 40), 0, 1 << 40];
    let spec = two_vars(
        "0..1",
        "{-1099511627776, 0, 1099511627776}",
        &format!("[{big}, y][x] >= 0"),
    );
    let expected = (0..=1)
        .flat_map(|x| ys.iter().map(move |&y| (x, y)))
        .filter(|&(x, y)| [big, y][x as usize] >= 0)
        .count() as u64;
    assert_eq!(count(&[spec.path()]), expected);
    // Constants alone use all 64 bits.
    let spec = two_vars(
        "0..3",
        "0..3",
        "x + y >= (-9223372036854775807-1) / 4611686018427387904",
    );
    assert_eq!(count(&[spec.path()]), 16);
}

/// Nested calls and brackets parse in linear time (each level once parsed
/// twice, 2^60 steps for this spec); past the nesting limit, a clear error.
#[test]
fn deep_nesting_parses_in_linear_time_or_is_refused() {
    let depth = 60;
    let calls = format!("{}x{} == 1", "abs(".repeat(depth), ")".repeat(depth));
    let lists = format!("{}1{} == 1", "[".repeat(depth), "]".repeat(depth));
    let sums = format!("{}x{} == 1", "sum(".repeat(depth), ")".repeat(depth));
    let spec = two_vars("-3..3", "0..0", &calls);
    assert_eq!(count(&[spec.path()]), 2);
    let spec = two_vars("-3..3", "0..0", &lists);
    let _ = assert_error(&[spec.path()], "expected a list, found an integer");
    let spec = two_vars("-3..3", "0..0", &sums);
    let _ = assert_error(&[spec.path()], "");
    let deep = 5000;
    let spec = two_vars(
        "-3..3",
        "0..0",
        &format!("{}x{} == 1", "(".repeat(deep), ")".repeat(deep)),
    );
    let _ = assert_error(&[spec.path()], "nested too deeply");
}

/// Lowering has one budget: a model estimated beyond 1 GB is refused
/// before it is built (here at the second array's declaration).
#[test]
fn a_model_too_large_is_refused_before_it_is_built() {
    let spec = TempSpec::new(
        "too-large",
        "[vars]\na = { index = [\"1..1000\", \"1..1000\"], domain = \"0..4095\" }\n\
         b = { index = [\"1..1000\", \"1..1000\"], domain = \"0..4095\" }\n",
    );
    let stderr = assert_error(&["check", spec.path()], "too large");
    assert!(stderr.contains(":3:1"), "not at `b`:\n{stderr}");
}

/// `--time-limit` covers the whole run, lowering included: exit 3, and no
/// claim about solutions.
#[test]
fn the_time_limit_covers_lowering() {
    let spec = TempSpec::new(
        "slow-lowering",
        "[vars]\nx = \"0..9999999\"\n[constraints]\nc = \"count(x == i for i in 0..9999999) >= 0\"\n",
    );
    let (stdout, stderr, code) = solve(&[spec.path(), "--time-limit", "0.2"]);
    assert_eq!(code, 3, "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("time limit"), "{stderr}");
}

/// The first solution of many unconstrained variables takes one step per
/// variable (it once rescanned the fixed ones at every node: 200,000
/// variables would take hours).
#[test]
fn many_free_variables_are_solved_in_linear_time() {
    let spec = TempSpec::new(
        "many-free",
        "[vars]\nx = { index = \"1..200000\", domain = \"0..3\" }\n[output]\ntemplate = \"{x[1]} {x[200000]}\"\n",
    );
    let (stdout, stderr, code) = solve(&[spec.path()]);
    assert_eq!((stdout.as_str(), code), ("0 0\n", 0), "{stderr}");
}

/// A template piece that reads no variable is checked with the spec.
#[test]
fn a_broken_constant_template_piece_fails_the_check() {
    let spec = TempSpec::new(
        "template",
        "[vars]\nx = \"0..3\"\n[output]\ntemplate = \"{1/0} {x}\"\n",
    );
    let _ = assert_error(&["check", spec.path()], "division by zero");
}

/// Not a spec: a device that never ends is refused, not read forever.
#[test]
fn an_endless_input_is_refused() {
    let _ = assert_error(&["/dev/urandom"], "larger than");
}

/// Output: a full disk is an error (exit 2); a reader that closed the pipe
/// ends the run quietly (exit 0), for every command that prints.
#[test]
fn write_errors_and_closed_pipes() {
    use std::process::{Command, Stdio};
    let run = |args: &[&str], stdout: Stdio| {
        let out = Command::new(env!("CARGO_BIN_EXE_solve"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(stdout)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let commands: [&[&str]; 5] = [
        &["specs/queens.toml", "--all", "--no-symmetry"],
        &["check", "specs/queens.toml"],
        &["specs/queens.toml", "--dump-model"],
        &["specs/dominating-queens.toml", "--set", "n=5"],
        &["explain", "specs/queens.toml", "--set", "n=3"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
        if let Ok(full) = full {
            let (code, stderr) = run(args, Stdio::from(full));
            assert_eq!(code, Some(2), "{args:?} to /dev/full:\n{stderr}");
            assert!(stderr.contains("cannot write the output"), "{stderr}");
        }
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let (code, stderr) = run(args, Stdio::from(writer));
        assert_eq!(code, Some(0), "{args:?} into a closed pipe:\n{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// `solve export --minizinc` writes one `var` per model variable and one
/// `constraint` per posted constraint, for every shipped spec (the
/// comparison with MiniZinc + Gecode itself is scripts/minizinc-compare.sh,
/// which needs MiniZinc installed).
#[test]
fn every_shipped_spec_exports_to_minizinc() {
    for spec in [
        "queens.toml",
        "magic9.toml",
        "magic8.toml",
        "magic8-primes.toml",
        "magic.toml",
        "moo.toml",
        "dominating-queens.toml",
    ] {
        let path = format!("specs/{spec}");
        let (checked, _, code) = solve(&["check", &path]);
        assert_eq!(code, 0, "{checked}");
        // `FILE: ok (N variables, M constraints after lowering)`
        let numbers: Vec<usize> = checked
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|s| s.parse().ok())
            .collect();
        let (stdout, stderr, code) = solve(&["export", "--minizinc", &path]);
        assert_eq!(code, 0, "{stderr}");
        let vars = stdout.lines().filter(|l| l.starts_with("var ")).count();
        let constraints = stdout
            .lines()
            .filter(|l| l.starts_with("constraint "))
            .count();
        assert_eq!(
            &numbers[numbers.len() - 2..],
            &[vars, constraints],
            "{spec}"
        );
        assert!(stdout.contains("\nsolve "), "{spec}");
    }
}
