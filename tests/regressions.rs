//! Every case in `fuzz/regressions/`: specs the fuzzer (or a user) once
//! made fail. Each must now run to an answer, an error or a limit within
//! its time limit (5 s, or `# time-limit: SECONDS`), without a panic; a
//! line `# expect: exit N` pins the exit code, `# overrides: A=B ...`
//! gives `--set` values, and `# command: play --all-secrets` runs that
//! subcommand (with its flags) instead of solving.

use crate::solve;

#[test]
fn every_fuzz_regression_runs_cleanly() {
    let dir = format!("{}/fuzz/regressions", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fuzz/regressions")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no regression cases in {dir}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let path = file.to_str().unwrap();
        let limit = text
            .lines()
            .find_map(|l| l.strip_prefix("# time-limit:"))
            .map_or("5", str::trim);
        let command: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("# command:"))
            .map(|c| c.split_whitespace().collect())
            .unwrap_or_default();
        let mut args: Vec<&str> = command.first().copied().into_iter().collect();
        args.extend([path, "--time-limit", limit]);
        args.extend(command.iter().skip(1).copied());
        let overrides: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix("# overrides:"))
            .flat_map(|l| l.split_whitespace().map(|s| format!("--set={s}")))
            .collect();
        args.extend(overrides.iter().map(String::as_str));
        let (stdout, stderr, code) = solve(&args);
        assert!(
            (0..=3).contains(&code),
            "{path}: exit {code}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        );
        if let Some(expected) = text.lines().find_map(|l| l.strip_prefix("# expect: exit ")) {
            assert_eq!(
                code.to_string(),
                expected.trim(),
                "{path}\nstderr:\n{stderr}"
            );
        }
    }
}

/// `regular` with one variable at several positions: each position's value
/// had a path of its own, no path read them all, and the propagator said
/// the constraint held (found by review). Counted against a brute-force
/// run of the automaton over every assignment.
#[test]
fn regular_with_a_variable_at_several_positions_counts_right() {
    let transitions = [
        (0, 1, 1),
        (1, 0, 1),
        (1, 1, 1),
        (0, 0, 2),
        (2, 0, 3),
        (3, 1, 4),
        (3, 0, 5),
        (4, 0, 6),
        (6, 0, 8),
        (5, 0, 7),
        (7, 1, 8),
    ];
    let text: Vec<String> = transitions
        .iter()
        .map(|(q, v, t)| format!("[{q},{v},{t}]"))
        .collect();
    let accepts = |word: &[i64], accepting: &[i64]| {
        let mut states = vec![0];
        for &v in word {
            states = transitions
                .iter()
                .filter(|t| t.1 == v && states.contains(&t.0))
                .map(|t| t.2)
                .collect();
        }
        states.iter().any(|q| accepting.contains(q))
    };
    // Positions as variables: [z, x, x, y, y] and [x, x, x].
    for (positions, accepting) in [(vec![0, 1, 1, 2, 2], vec![1, 8]), (vec![1, 1, 1], vec![4])] {
        let names = ["Z", "X", "Y"];
        let xs: Vec<&str> = positions.iter().map(|&p| names[p]).collect();
        let accepting_text: Vec<String> = accepting.iter().map(i64::to_string).collect();
        let spec = format!(
            "[vars]\nZ = \"0..1\"\nX = \"0..1\"\nY = \"0..1\"\n[constraints]\nr = \"regular([{}], [{}], 0, [{}])\"\n",
            xs.join(", "),
            text.join(", "),
            accepting_text.join(", ")
        );
        let mut expected = 0;
        for code in 0..8i64 {
            let values = [code & 1, code >> 1 & 1, code >> 2 & 1];
            let word: Vec<i64> = positions.iter().map(|&p| values[p]).collect();
            expected += i64::from(accepts(&word, &accepting));
        }
        let file = crate::TempSpec::new("regular-shared", &spec);
        let (stdout, stderr, code) = solve(&[file.path(), "--count"]);
        assert_eq!(code, if expected == 0 { 1 } else { 0 }, "{stderr}");
        assert_eq!(stdout.trim(), expected.to_string(), "{spec}");
    }
}
