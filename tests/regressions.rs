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
