//! Integration tests: run the `solve` binary on the shipped specs and on
//! temporary specs, and check what it prints against independent oracles
//! (the figures in PUZZLES.md and brute-force enumerations written here in
//! plain Rust, sharing no code with the interpreter).
//!
//! One test binary (`[[test]] name = "integration"`); this file holds only
//! the module list and the shared harness.

mod allocations;
mod answers;
mod boards;
mod chains;
mod cli;
mod differential;
mod drawing;
mod dump;
mod errors;
mod experiments;
mod explain;
mod flatzinc;
mod game;
mod genres;
mod globals;
mod hidato;
mod hidden;
mod interleave;
mod layout;
mod loops;
mod lsp;
mod moo;
mod more_globals;
mod objective;
mod parallel;
mod path_genres;
mod phases;
mod pictures;
mod playground;
mod playground_panels;
mod playground_play;
mod playground_setter;
mod plot;
mod probing;
mod propagators;
mod puzzle;
mod readme;
mod regressions;
mod reliability;
mod roster;
mod round_out;
mod round_three;
mod scheduling;
mod semantics;
mod session;
mod setter;
mod setter_score;
mod setter_steer;
mod specs;
mod steps;
mod steps_work;
mod symmetry;
mod techniques;
mod template_time;
mod texts;

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

/// Numbers as a list of them is written in specs and FlatZinc: `1, -2, 3`.
pub(crate) fn join(values: &[i64]) -> String {
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A Flip It position (`specs/flipit.toml`'s characters, `B` black, `W`
/// white, `_` the hole) as its board is printed, read here from the
/// characters alone: `●` and `○`, the hole a blank slot, one space
/// between cells, trailing blanks left out.
pub(crate) fn flipit_discs(position: &str) -> String {
    let cells: Vec<&str> = (position.chars())
        .map(|c| match c {
            'B' => "●",
            'W' => "○",
            _ => " ",
        })
        .collect();
    cells.join(" ").trim_end().to_string()
}

/// Runs `solve` with `args` in the repository root and returns
/// `(stdout, stderr, exit code)`.
pub(crate) fn solve(args: &[&str]) -> (String, String, i32) {
    solve_with(args, &[])
}

/// [`solve`] with these environment variables set.
pub(crate) fn solve_with(args: &[&str], env: &[(&str, &str)]) -> (String, String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("failed to run the solve binary");
    let stdout = String::from_utf8(output.stdout).expect("stdout is not UTF-8");
    let stderr = String::from_utf8(output.stderr).expect("stderr is not UTF-8");
    let code = output
        .status
        .code()
        .unwrap_or_else(|| panic!("solve {args:?} was killed by a signal\nstderr:\n{stderr}"));
    assert!(
        !stderr.contains("panicked"),
        "solve {args:?} panicked:\n{stderr}"
    );
    (stdout, stderr, code)
}

/// The number a stopped count prints on stdout, `at least N (stopped:
/// WHY)` (`N solutions` in place of `N` after `--all`): never the bare
/// number a script would take for the whole count. `why` is what stopped
/// it, as stderr says it (`""`: any cause).
pub(crate) fn stopped_count(line: &str, why: &str) -> u64 {
    let line = line.trim();
    let (n, cause) = line
        .strip_prefix("at least ")
        .and_then(|rest| rest.split_once(" (stopped: "))
        .and_then(|(n, rest)| Some((n, rest.strip_suffix(')')?)))
        .unwrap_or_else(|| panic!("not a stopped count: {line:?}"));
    assert!(
        why.is_empty() || cause == why,
        "stopped by {cause:?}, not {why:?}"
    );
    let n = n
        .strip_suffix(" solutions")
        .or_else(|| n.strip_suffix(" solution"))
        .unwrap_or(n);
    n.parse()
        .unwrap_or_else(|_| panic!("not a stopped count: {line:?}"))
}

/// `N solution` or `N solutions`, as solve counts them in words.
pub(crate) fn solutions(n: u64) -> String {
    if n == 1 {
        "1 solution".to_string()
    } else {
        format!("{n} solutions")
    }
}

/// Runs `solve` with `--count` added and returns the count it prints. Asserts
/// the exit code that goes with it: 0 when there are solutions, 1 when there
/// are none.
pub(crate) fn count(args: &[&str]) -> u64 {
    let mut all = vec!["--count"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    let n: u64 = stdout.trim().parse().unwrap_or_else(|_| {
        panic!("solve {all:?}: expected a count, got {stdout:?}\nstderr:\n{stderr}")
    });
    let expected_code = if n == 0 { 1 } else { 0 };
    assert_eq!(
        code, expected_code,
        "solve {all:?} printed {n}: wrong exit code\nstderr:\n{stderr}"
    );
    n
}

/// Runs `solve` with `args`, sends it SIGINT (Ctrl-C) after `after`, and
/// returns its stdout, stderr and exit code once it ends.
pub(crate) fn interrupted(args: &[&str], after: std::time::Duration) -> (String, String, i32) {
    signalled(args, &[("INT", after)])
}

/// Runs `solve` with `args`, sends it each signal (`TERM`, `INT`, `HUP`)
/// after its delay (counted from the one before), and returns its stdout,
/// stderr and exit code once it ends (128 + the signal when a signal ended
/// it).
pub(crate) fn signalled(
    args: &[&str],
    signals: &[(&str, std::time::Duration)],
) -> (String, String, i32) {
    let child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("solve starts");
    for (signal, after) in signals {
        std::thread::sleep(*after);
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
    }
    let output = child.wait_with_output().expect("solve ends");
    let code = {
        use std::os::unix::process::ExitStatusExt as _;
        output
            .status
            .code()
            .or_else(|| output.status.signal().map(|s| 128 + s))
            .expect("an exit code or a signal")
    };
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        code,
    )
}

/// Runs `solve args` under `ulimit -v kb` (an address-space limit, as
/// batch machines set).
pub(crate) fn solve_capped(kb: u64, args: &[&str]) -> (String, String, i32) {
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb}; exec \"$@\""))
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_solve"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("sh runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

/// Runs `solve` with `args` (which should include `--json`), asserts exit
/// code 0, and parses every output line as one JSON object.
pub(crate) fn json_solutions(args: &[&str]) -> Vec<Value> {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(code, 0, "solve {args:?} failed\nstderr:\n{stderr}");
    stdout
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            assert!(line.starts_with('{'), "not a JSON object line: {line:?}");
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("bad JSON line {line:?} from solve {args:?}: {e}"))
        })
        .collect()
}

/// An integer of a JSON solution.
pub(crate) fn int(value: &Value) -> i64 {
    value
        .as_i64()
        .unwrap_or_else(|| panic!("expected an integer, got {value}"))
}

/// A 1-D integer array of a JSON solution, by variable name.
pub(crate) fn ints(solution: &Value, name: &str) -> Vec<i64> {
    solution
        .get(name)
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no array `{name}` in {solution}"))
        .iter()
        .map(int)
        .collect()
}

/// The elements of a named 1-D array: the array itself when the JSON object
/// has it, otherwise the elements by their own names (README: "every
/// variable by name" does not say which of the two an aliased array gets).
pub(crate) fn cells(solution: &Value, array: &str, names: &[&str]) -> Vec<i64> {
    if solution.get(array).is_some_and(Value::is_array) {
        let values = ints(solution, array);
        assert_eq!(values.len(), names.len(), "wrong length of `{array}`");
        return values;
    }
    names
        .iter()
        .map(|name| {
            int(solution
                .get(*name)
                .unwrap_or_else(|| panic!("neither `{array}` nor `{name}` in {solution}")))
        })
        .collect()
}

/// A scalar variable of a JSON solution.
pub(crate) fn scalar(solution: &Value, name: &str) -> i64 {
    int(solution
        .get(name)
        .unwrap_or_else(|| panic!("no variable `{name}` in {solution}")))
}

/// A spec written to a uniquely named file in the temporary directory,
/// removed again when dropped.
#[derive(Debug)]
pub(crate) struct TempSpec {
    pub(crate) path: PathBuf,
}

impl TempSpec {
    pub(crate) fn new(label: &str, text: &str) -> TempSpec {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let serial = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("solve-test-{}-{serial}-{label}.toml", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, text).expect("cannot write a temporary spec");
        TempSpec { path }
    }

    pub(crate) fn path(&self) -> &str {
        self.path.to_str().expect("temporary path is not UTF-8")
    }
}

impl Drop for TempSpec {
    fn drop(&mut self) {
        // Best effort: a leftover file in the temp dir is harmless.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// One run of `solve` pinned whole, in the manner of just's tests: a
/// spec's text (written as `spec.toml` in a scratch directory, where the
/// command runs beside a copy of `specs/`), the arguments, and the exact
/// stdout, stderr and exit code expected (stdout empty and exit 0 unless
/// said otherwise); with [`Case::timings`], a number of seconds (`0.030`)
/// compares equal to any other.
#[derive(Default)]
pub(crate) struct Case {
    spec: Option<String>,
    args: Vec<String>,
    stdout: String,
    stderr: String,
    status: i32,
    timings: bool,
}

/// `text` with every word that is a decimal number (a timing: `0.030`)
/// written `T`.
pub(crate) fn without_timings(text: &str) -> String {
    let timing = |w: &str| {
        w.contains('.')
            && w.chars().any(|c| c.is_ascii_digit())
            && w.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    text.split('\n')
        .map(|line| {
            line.split(' ')
                .map(|w| if timing(w) { "T" } else { w })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl Case {
    pub(crate) fn new() -> Case {
        Case::default()
    }

    pub(crate) fn spec(mut self, text: &str) -> Case {
        self.spec = Some(text.to_string());
        self
    }

    pub(crate) fn args(mut self, args: &[&str]) -> Case {
        self.args = args.iter().map(|a| a.to_string()).collect();
        self
    }

    pub(crate) fn stdout(mut self, text: &str) -> Case {
        self.stdout = text.to_string();
        self
    }

    pub(crate) fn stderr(mut self, text: &str) -> Case {
        self.stderr = text.to_string();
        self
    }

    pub(crate) fn status(mut self, code: i32) -> Case {
        self.status = code;
        self
    }

    /// Timings (`time: 0.004 s`) compare equal whatever their figures.
    pub(crate) fn timings(mut self) -> Case {
        self.timings = true;
        self
    }

    /// Runs the case and compares all three outputs.
    pub(crate) fn run(self) {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let serial = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("solve-case-{}-{serial}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        if let Some(text) = &self.spec {
            std::fs::write(dir.join("spec.toml"), text).expect("the spec is written");
        }
        let specs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("specs");
        let _ = std::os::unix::fs::symlink(specs, dir.join("specs"));
        let output = Command::new(env!("CARGO_BIN_EXE_solve"))
            .args(&self.args)
            .current_dir(&dir)
            .output()
            .expect("failed to run the solve binary");
        let _ = std::fs::remove_dir_all(&dir);
        let seen = |bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes).into_owned();
            if self.timings {
                without_timings(&text)
            } else {
                text
            }
        };
        let expected = |text: &str| {
            if self.timings {
                without_timings(text)
            } else {
                text.to_string()
            }
        };
        let what = format!("solve {:?}", self.args);
        assert_eq!(
            seen(&output.stderr),
            expected(&self.stderr),
            "{what}: stderr"
        );
        assert_eq!(
            seen(&output.stdout),
            expected(&self.stdout),
            "{what}: stdout"
        );
        assert_eq!(output.status.code(), Some(self.status), "{what}: exit code");
    }
}

/// A small deterministic xorshift generator.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Uniform in `0..n` (n > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub(crate) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// True with probability 1/n.
    pub(crate) fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Calls `visit` with every permutation of `items` (in no particular order).
pub(crate) fn for_each_permutation(items: &mut [i64], visit: &mut dyn FnMut(&[i64])) {
    fn go(items: &mut [i64], k: usize, visit: &mut dyn FnMut(&[i64])) {
        if k == items.len() {
            visit(items);
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            go(items, k + 1, visit);
            items.swap(k, i);
        }
    }
    go(items, 0, visit);
}

/// The 8 symmetries of an n x n square (4 rotations, 4 reflections), applied
/// to the cell (row, column); `k` in 0..8, 0 is the identity.
pub(crate) fn square_symmetry(n: i64, k: usize, r: i64, c: i64) -> (i64, i64) {
    match k {
        0 => (r, c),
        1 => (c, n - 1 - r),
        2 => (n - 1 - r, n - 1 - c),
        3 => (n - 1 - c, r),
        4 => (c, r),
        5 => (r, n - 1 - c),
        6 => (n - 1 - c, n - 1 - r),
        7 => (n - 1 - r, c),
        _ => unreachable!("there are 8 symmetries"),
    }
}

/// A step's facts as the tests read them: a variable's index and the
/// values it keeps.
pub(crate) type Facts = [(usize, Vec<i64>)];

/// Asserts that a step is minimal: without any one of its `items`, and
/// without any one of its `facts`, `some_fails` (some deduction of the
/// step no longer follows, by the caller's brute force) holds. `context`
/// (the spec and the step) goes with a failure.
pub(crate) fn assert_each_piece_needed(
    items: &[String],
    facts: &Facts,
    some_fails: impl Fn(&[String], &Facts) -> bool,
    context: &str,
) {
    for drop in 0..items.len() {
        let mut fewer = items.to_vec();
        let _ = fewer.remove(drop);
        assert!(some_fails(&fewer, facts), "item not needed:\n{context}");
    }
    for drop in 0..facts.len() {
        let mut fewer = facts.to_vec();
        let _ = fewer.remove(drop);
        assert!(some_fails(items, &fewer), "fact not needed:\n{context}");
    }
}

/// A 4x4 sudoku grid (2x2 boxes), rows from the top.
pub(crate) type Sudoku4 = [[u8; 4]; 4];

/// Every 4x4 sudoku grid (2x2 boxes), by brute force: rows as
/// permutations, kept when the columns and boxes differ too.
pub(crate) fn every_4x4_sudoku() -> Vec<Sudoku4> {
    let digits = [1u8, 2, 3, 4];
    let mut perms = Vec::new();
    for &a in &digits {
        for &b in &digits {
            for &c in &digits {
                for &d in &digits {
                    if std::collections::BTreeSet::from([a, b, c, d]).len() == 4 {
                        perms.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    let differ = |xs: [u8; 4]| std::collections::BTreeSet::from(xs).len() == 4;
    let mut out = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let g = [*r0, *r1, *r2, *r3];
                    let columns = (0..4).all(|c| differ([g[0][c], g[1][c], g[2][c], g[3][c]]));
                    let boxes = (0..4).all(|b| {
                        let (r, c) = (b / 2 * 2, b % 2 * 2);
                        differ([g[r][c], g[r][c + 1], g[r + 1][c], g[r + 1][c + 1]])
                    });
                    if columns && boxes {
                        out.push(g);
                    }
                }
            }
        }
    }
    out
}
