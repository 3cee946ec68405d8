//! The sample outputs of the README and of the book, run. Every ```text
//! block of README.md, of each chapter `docs/*.md` and of
//! `bench/README.md` whose first line is `$ solve ...` is a transcript:
//! each `$ ` line is a shell command run in a scratch directory holding
//! `specs/` and the documents' own example specs (`tests/readme/*.toml`),
//! and the lines after it are what it prints (stdout, then stderr). So
//! neither the README nor the book can drift from the program; a failure
//! names the file and the line.
//!
//! Compared after two normalisations, since they vary from run to run:
//! timings (`0.030 s`) and the runs of spaces that align table columns
//! around them. A line `...` ends what is compared (the rest elided). An
//! interactive game (`solve play` reading guesses from a terminal) is not
//! run: the piped game of the same section is.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` and the lines a document shows after it.
struct Transcript {
    file: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The documents, each as (path relative to the repository, text): the
/// README, the book's chapters in `docs/` (in name order) and the
/// benchmark's history when it exists.
fn documents() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec!["README.md".to_string()];
    let mut book: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().to_string())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    book.sort();
    assert!(book.len() >= 10, "only {} chapters in docs/", book.len());
    paths.extend(book);
    if root.join("bench/README.md").exists() {
        paths.push("bench/README.md".to_string());
    }
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(root.join(&path)).unwrap();
            (path, text)
        })
        .collect()
}

fn transcripts(file: &str, readme: &str) -> Vec<Transcript> {
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
                file: file.to_string(),
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

/// A scratch directory with `specs/` and the documents' example specs.
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
    let all: Vec<Transcript> = documents()
        .iter()
        .flat_map(|(file, text)| transcripts(file, text))
        .collect();
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
                "{}:{}: $ {command}\n--- {}\n{}\n--- printed\n{}",
                t.file,
                t.line,
                t.file,
                expected.join("\n"),
                printed.join("\n")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run >= 20, "only {run} transcripts run");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The example specs the transcripts run are the documents': each one's
/// text (or, for the specs it extends, the lines it adds) is shown in the
/// README or the book (searched together, so that a section may move
/// between them); the tutorial's steps in the README itself.
#[test]
fn the_readme_example_specs_are_shown_in_the_readme() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documents = documents();
    let tutorial = &documents[0].1;
    let texts: Vec<&str> = documents.iter().map(|(_, text)| text.as_str()).collect();
    let readme = texts.join("\n");
    // The tutorial: ring-step1.toml whole, ring-step2.toml the lines it
    // adds to it, ring.toml whole.
    let read = |name: &str| std::fs::read_to_string(root.join("tests/readme").join(name)).unwrap();
    let (step1, step2, ring) = (
        read("ring-step1.toml"),
        read("ring-step2.toml"),
        read("ring.toml"),
    );
    assert!(
        tutorial.contains(&format!("```toml\n{step1}```")),
        "tests/readme/ring-step1.toml differs"
    );
    let added = step2
        .strip_prefix(&step1)
        .expect("ring-step2.toml extends ring-step1.toml");
    assert!(
        tutorial.contains(&format!("```toml\n{}```", added.trim_start())),
        "the lines ring-step2.toml adds differ"
    );
    assert!(
        tutorial.contains(&format!("```toml\n{ring}```")),
        "tests/readme/ring.toml differs"
    );
    assert!(added.contains("break = \"lex-leader\"") && ring.contains("break = \"lex-leader\""));
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

/// Every relative link of the README, the book and the benchmark's
/// history (`[text](path)` and `![image](path)`, an `#anchor` aside)
/// points at a file that exists, and the book's contents list every
/// chapter once.
#[test]
fn the_readme_and_the_book_link_to_files_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for (file, text) in documents() {
        let dir = root.join(&file).parent().unwrap().to_path_buf();
        let mut in_code = false;
        for (i, line) in text.lines().enumerate() {
            if line.starts_with("```") {
                in_code = !in_code;
            }
            if in_code {
                continue;
            }
            for (at, _) in line.match_indices("](") {
                let rest = &line[at + 2..];
                let Some(end) = rest.find(')') else { continue };
                let target = &rest[..end];
                let path = target.split('#').next().unwrap();
                if path.is_empty() || target.contains("://") {
                    continue;
                }
                if !dir.join(path).exists() {
                    missing.push(format!("{file}:{}: {target}", i + 1));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    let summary = std::fs::read_to_string(root.join("docs/SUMMARY.md")).unwrap();
    for (file, _) in documents() {
        if let Some(chapter) = file.strip_prefix("docs/") {
            let listed = summary.matches(&format!("]({chapter})")).count();
            assert!(
                chapter == "SUMMARY.md" || listed == 1,
                "docs/SUMMARY.md lists {chapter} {listed} times"
            );
        }
    }
}
