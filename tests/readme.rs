//! The README's sample outputs, run. Every ```text block of README.md
//! whose first line is `$ solve ...` is a transcript: each `$ ` line is a
//! shell command run in a scratch directory holding `specs/` and the
//! README's own example specs (`tests/readme/*.toml`), and the lines after
//! it are what it prints (stdout, then stderr). So the README cannot drift
//! from the program.
//!
//! Compared after two normalisations, since they vary from run to run:
//! timings (`0.030 s`) and the runs of spaces that align table columns
//! around them. A line `...` ends what is compared (the rest elided). An
//! interactive game (`solve play` reading guesses from a terminal) is not
//! run: the piped game of the same section is.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` and the lines the README shows after it.
struct Transcript {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn transcripts(readme: &str) -> Vec<Transcript> {
    let mut out = Vec::new();
    let mut in_text = false;
    let mut current: Option<Transcript> = None;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            if in_text {
                out.extend(current.take());
            }
            in_text = line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.extend(current.take());
            current = Some(Transcript {
                line: i + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(t) = &mut current {
            t.expected.push(line.to_string());
        }
    }
    out
}

/// The command without its trailing `# comment`.
fn without_comment(command: &str) -> &str {
    match command.find("  #") {
        Some(at) => command[..at].trim_end(),
        None => command,
    }
}

/// Whether the command plays a game against a terminal (no code given,
/// no input piped in).
fn interactive(command: &str) -> bool {
    command.starts_with("solve play")
        && !command.contains("--secret")
        && !command.contains("--all-secrets")
}

fn normalise(line: &str) -> String {
    let mut out = Vec::new();
    for word in line.split_whitespace() {
        let timing = word.contains('.')
            && word.chars().any(|c| c.is_ascii_digit())
            && word.chars().all(|c| c.is_ascii_digit() || c == '.');
        out.push(if timing { "T" } else { word });
    }
    out.join(" ")
}

/// A scratch directory with `specs/` and the README's example specs.
fn scratch() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("solve-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("specs")).unwrap();
    for from in ["specs", "tests/readme"] {
        for entry in std::fs::read_dir(root.join(from)).unwrap() {
            let path = entry.unwrap().path();
            let to = if from == "specs" {
                dir.join("specs")
            } else {
                dir.clone()
            };
            let _ = std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

#[test]
fn the_readme_sample_outputs_are_what_solve_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let all = transcripts(&readme);
    assert!(all.len() >= 20, "only {} transcripts found", all.len());
    let dir = scratch();
    let bin = Path::new(env!("CARGO_BIN_EXE_solve")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let mut run = 0;
    for t in &all {
        if interactive(&t.command) {
            continue;
        }
        let command = without_comment(&t.command);
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("{command} 2>&1"))
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        run += 1;
        let printed = String::from_utf8_lossy(&output.stdout);
        let printed: Vec<String> = printed.lines().map(normalise).collect();
        let shown = t.expected.iter().take_while(|l| *l != "...");
        let expected: Vec<String> = shown.map(|l| normalise(l)).collect();
        let whole = !t.expected.iter().any(|l| l == "...");
        let agrees = if whole {
            printed == expected
        } else {
            printed.starts_with(&expected)
        };
        if !agrees {
            failures.push(format!(
                "README.md:{}: $ {command}\n--- README\n{}\n--- printed\n{}",
                t.line,
                expected.join("\n"),
                printed.join("\n")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run >= 20, "only {run} transcripts run");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The example specs the transcripts run are the README's: each one's
/// text (or, for the shipped specs it extends, the lines it adds) is
/// shown there.
#[test]
fn the_readme_example_specs_are_shown_in_the_readme() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // hanoi.toml is shown whole; broken.toml's faulty line is quoted.
    let hanoi = std::fs::read_to_string(root.join("tests/readme/hanoi.toml")).unwrap();
    assert!(readme.contains(&hanoi), "tests/readme/hanoi.toml differs");
    let broken = std::fs::read_to_string(root.join("tests/readme/broken.toml")).unwrap();
    let line5 = broken.lines().nth(4).unwrap();
    assert!(readme.contains(&format!("line 5 of it: {line5}")));
    // ring-max.toml is magic8.toml and the [objective] the README shows.
    let magic8 = std::fs::read_to_string(root.join("specs/magic8.toml")).unwrap();
    let ring = std::fs::read_to_string(root.join("tests/readme/ring-max.toml")).unwrap();
    let added = ring
        .strip_prefix(&magic8)
        .expect("ring-max.toml extends magic8.toml");
    assert!(readme.contains(&format!("```toml\n{}```", added.trim_start())));
    // queens-wrong.toml: queens.toml with its rules replaced by `first`.
    let wrong = std::fs::read_to_string(root.join("tests/readme/queens-wrong.toml")).unwrap();
    assert!(wrong.contains("first = \"q[0] == 0\"") && !wrong.contains("flip_rows"));
    assert!(readme.contains("the rules replaced by first = \"q[0] == 0\""));
    // golomb.toml: the README describes its gaps, sums, objective and rule.
    let golomb = std::fs::read_to_string(root.join("tests/readme/golomb.toml")).unwrap();
    for part in [
        "g = { index = \"0..3\", domain = \"1..12\" }",
        "minimize = \"sum(g)\"",
        "mirror = { reverse = \"g\" }",
        "ends = \"g[0] > 3\"",
    ] {
        assert!(golomb.contains(part) && readme.contains(part), "{part}");
    }
}
