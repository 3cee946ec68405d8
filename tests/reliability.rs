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
    let _ = assert_error(&[spec.path()], "expected an integer, found a list");
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
