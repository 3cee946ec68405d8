//! Running the solver.

use super::*;

/// The integers of a JSON value, arrays flattened row by row.
pub(super) fn flatten(value: &Value, out: &mut Key) {
    match value {
        Value::Array(items) => items.iter().for_each(|v| flatten(v, out)),
        Value::Bool(b) => out.push(i64::from(*b)),
        v => out.push(int(v)),
    }
}

/// The key of a JSON solution: the named variables' values in order.
pub(super) fn key_of(solution: &Value, names: &[&str]) -> Key {
    let mut key = Vec::new();
    for name in names {
        let value = solution
            .get(*name)
            .unwrap_or_else(|| panic!("no variable `{name}` in {solution}"));
        flatten(value, &mut key);
    }
    key
}

/// The keys of every solution `solve` prints with `--json`, asserting that
/// none is printed twice.
pub(super) fn keys(args: &[&str], names: &[&str]) -> BTreeSet<Key> {
    let mut all = args.to_vec();
    all.push("--json");
    let solutions = json_solutions(&all);
    let keys: BTreeSet<Key> = solutions.iter().map(|s| key_of(s, names)).collect();
    assert_eq!(keys.len(), solutions.len(), "{args:?}: a solution twice");
    keys
}

/// `solve check-symmetry` on `args`: stdout and exit code.
pub(super) fn check_symmetry(args: &[&str]) -> (String, i32) {
    let mut all = vec!["check-symmetry"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    assert!(
        code == 0 || code == 1,
        "{all:?}: exit {code}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    (stdout, code)
}

/// Asserts that `stdout` has a line equal to `line`.
pub(super) fn has_line(stdout: &str, line: &str) {
    assert!(
        stdout.lines().any(|l| l == line),
        "no line {line:?} in:\n{stdout}"
    );
}

/// The number in the line starting with `prefix` (`lost: 3 classes keep ...`),
/// or `None` when there is no such line.
pub(super) fn number_after(stdout: &str, prefix: &str) -> Option<usize> {
    let line = stdout.lines().find_map(|l| l.strip_prefix(prefix))?;
    let digits: String = line
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some(
        digits
            .parse()
            .unwrap_or_else(|_| panic!("no number after {prefix:?} in {line:?}")),
    )
}

/// Runs `solve` and asserts a spec error: exit 2, stderr containing `what`.
pub(super) fn spec_error(args: &[&str], what: &str) {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 2,
        "{args:?}: expected exit 2\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        stderr.contains(what),
        "{args:?}: expected {what:?} in stderr:\n{stderr}"
    );
}
