//! The layout rules of the house, checked on the source tree: the
//! language's lowering names no extension, only the command line uses the
//! command line, the Lowerer's methods live with it, nothing points
//! outside the repository, and files and functions stay a readable size
//! (the README's "Layout" section lists the large files and why).

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` (relative to the repository) whose name ends
/// with one of `extensions`, as (path relative to the root, text).
fn files(dir: &str, extensions: &[&str]) -> Vec<(String, String)> {
    fn walk(path: &Path, out: &mut Vec<PathBuf>) {
        if path.is_dir() {
            for entry in std::fs::read_dir(path).unwrap() {
                walk(&entry.unwrap().path(), out);
            }
        } else {
            out.push(path.to_path_buf());
        }
    }
    let mut paths = Vec::new();
    walk(&root().join(dir), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter(|p| {
            let name = p.to_string_lossy();
            extensions.iter().any(|e| name.ends_with(e))
        })
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let relative = p
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .to_string();
            Some((relative, text))
        })
        .collect()
}

fn offending(dir: &str, what: impl Fn(&str, &str) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for (path, text) in files(dir, &[".rs"]) {
        for (i, line) in text.lines().enumerate() {
            if what(&path, line) {
                out.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    out
}

#[test]
fn the_language_lowering_names_no_extension_and_no_output() {
    let rooms = ["output", "game", "moves", "symmetry", "experiment"];
    let found = offending("src/lower", |_, line| {
        rooms
            .iter()
            .any(|room| line.contains(&format!("crate::{room}")))
    });
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn only_the_command_line_uses_the_command_line() {
    let found = offending("src", |path, line| {
        !path.starts_with("src/cli/") && path != "src/main.rs" && line.contains("crate::cli")
    });
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_lowerer_is_extended_only_in_its_own_folder() {
    let found = offending("src", |path, line| {
        !path.starts_with("src/lower/") && line.trim_start().starts_with("impl Lowerer")
    });
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn nothing_points_outside_the_repository() {
    let mut found = Vec::new();
    let outside = ["..", "shared"].join("/");
    for dir in ["src", "tests", "bench", "scripts", ".ci", "fuzz"] {
        let extensions = [".rs", ".md", ".sh", ".py", ".toml", ".cmd", ".mzn", "run"];
        for (path, text) in files(dir, &extensions) {
            if path.starts_with("bench/results/") {
                continue;
            }
            for (i, line) in text.lines().enumerate() {
                if line.contains(&outside) {
                    found.push(format!("{path}:{}", i + 1));
                }
            }
        }
    }
    let mut documents = vec!["README.md".to_string()];
    documents.extend(files("docs", &[".md"]).into_iter().map(|(path, _)| path));
    for path in documents {
        let text = std::fs::read_to_string(root().join(&path)).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains(&outside) {
                found.push(format!("{path}:{}", i + 1));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The source files over 600 lines, each one regular job (the book's
/// "Layout" section, docs/how-it-works.md, says which and why); none over
/// 1,000.
const LARGE_FILES: [&str; 2] = ["src/lower/eval.rs", "src/output/compiled.rs"];

#[test]
fn source_files_stay_readable() {
    let mut found = Vec::new();
    for (path, text) in files("src", &[".rs"]) {
        let lines = text.lines().count();
        if lines > 1000 || (lines > 600 && !LARGE_FILES.contains(&path.as_str())) {
            found.push(format!("{path}: {lines} lines"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Functions over 100 lines not yet split (a list that only shrinks: an
/// entry that is no longer long must leave it). Empty: keep it so.
const LONG_FUNCTIONS: [&str; 0] = [];

/// Every function (outside test modules) with its length in lines: from
/// its `fn` line to the closing brace at its own indentation.
fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let body = body
            .strip_prefix("pub(crate) ")
            .or_else(|| body.strip_prefix("pub(super) "))
            .or_else(|| body.strip_prefix("pub "))
            .unwrap_or(body);
        let Some(rest) = body.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(end) = (i + 1..lines.len()).find(|&j| lines[j] == close) {
            out.push((name, i + 1, end - i + 1));
        }
    }
    out
}

#[test]
fn functions_stay_readable() {
    let mut found = Vec::new();
    let mut still_long = Vec::new();
    for (path, text) in files("src", &[".rs"]) {
        for (name, line, length) in function_lengths(&text) {
            let id = format!("{path}:{name}");
            let listed = LONG_FUNCTIONS.contains(&id.as_str());
            if length > 100 && listed {
                still_long.push(id);
            } else if length > 100 {
                found.push(format!("{path}:{line}: fn {name}: {length} lines"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    for id in LONG_FUNCTIONS {
        assert!(
            still_long.iter().any(|s| s == id),
            "{id} is no longer over 100 lines: take it off LONG_FUNCTIONS"
        );
    }
}

/// The measuring itself: a function of 101 lines is found, one of 100 is
/// not, and a test module is left out.
#[test]
fn function_lengths_are_measured_from_fn_to_its_brace() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    let text = format!(
        "fn short() {{\n{}}}\n\npub(crate) fn long() {{\n{}}}\n#[cfg(test)]\nfn in_tests() {{\n{}}}\n",
        body(98),
        body(99),
        body(200)
    );
    let lengths = function_lengths(&text);
    assert_eq!(
        lengths,
        [
            ("short".to_string(), 1, 100),
            ("long".to_string(), 102, 101)
        ]
    );
}
