//! The layout rules of the house, checked on the source tree: the
//! top-level modules keep their layering ([`LAYERS`], written down here
//! once) and form no cycle, nor do the files inside each folder; the
//! language's lowering names no extension, only the command line uses the
//! command line, the Lowerer's methods live with it, nothing points
//! outside the repository, and files and functions stay a readable size
//! (the README's "Layout" section lists the large files and why).

use std::collections::{BTreeMap, BTreeSet};
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
fn the_front_ends_are_the_binarys_not_the_librarys() {
    let front = |path: &str| {
        path.starts_with("src/cli/") || path.starts_with("src/lsp/") || path == "src/main.rs"
    };
    let found = offending("src", |path, line| {
        !front(path) && (line.contains("crate::cli") || line.contains("crate::lsp"))
    });
    assert!(found.is_empty(), "{}", found.join("\n"));
    let library = std::fs::read_to_string(root().join("src/lib.rs")).expect("lib.rs");
    let found: Vec<&str> = library
        .lines()
        .filter(|l| {
            l.trim_start().starts_with("pub mod cli")
                || l.trim_start().starts_with("pub mod lsp")
                || l.trim_start().starts_with("mod cli")
                || l.trim_start().starts_with("mod lsp")
        })
        .collect();
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
        let body = without_visibility(body);
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

/// The top-level modules of `src/`, bottom to top: a module refers only to
/// modules of the layers below its own (in its code, its tests and its doc
/// links alike), never to one of its own layer or above. The one place the
/// layering is written down (`lib.rs` and docs/how-it-works.md draw it).
const LAYERS: &[&[&str]] = &[
    // Foundations: positions, a seeded generator, the host's clock and
    // threads, union-find; the stop token, the work pool, freeing a huge model;
    // messages.
    &["source", "random", "host", "union_find"],
    &["stop", "pool", "discard"],
    &["diagnostic"],
    // The words every layer speaks; propagation; the constraint kinds,
    // one home each (they post propagators); the flat model and plain
    // plan data; search.
    &["vocab"],
    &["engine"],
    &["constraints"],
    &["model"],
    &["search"],
    // The languages: the spec and FlatZinc read as plain data, the spec's
    // lowering, the extensions' plans as data, the output plan.
    &["spec", "flatzinc"],
    &["lower"],
    &["plans"],
    &["output"],
    // The plain product, solved: the session, parts in parallel, the driver.
    &["lowered"],
    &["session"],
    &["parallel"],
    &["driver"],
    // The extension rooms, a DAG among themselves: what is known of the
    // values below the explanations, the steps and the setter.
    &["facts"],
    &["explain", "export", "symmetry", "game"],
    &["steps", "moves"],
    &["setter"],
    // The pipeline (it calls the rooms' lowering passes), then what
    // compiles a spec again with other settings.
    &["compile"],
    &["experiment"],
    // The faces: the playground is the library's; the editor's server and
    // the command line (which starts it) are modules of the binary, whose
    // `crate::` is the binary (they reach the library as `solve::`).
    &["playground", "lsp"],
    &["cli"],
];

/// References against the layering that are allowed for now, each with
/// the change that removes it.
const EXCEPTIONS: &[(&str, &str)] = &[];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A path named from `crate`, `super` or `self`: its segments, the line
/// it starts on, and whether a call follows it (`crate::lower(..)`, the
/// function re-exported at the root, not the module).
#[derive(Debug, PartialEq)]
struct Reference {
    line: usize,
    segments: Vec<String>,
    called: bool,
}

/// Every path a text names from `crate`, `super` or `self`, with its
/// groups spelled out: `use crate::{a::X, b::{self, Y}}` names
/// `crate::a::X`, `crate::b` and `crate::b::Y`. Code, tests and comments
/// alike (a doc link is a reference too).
fn references(text: &str) -> Vec<Reference> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|k| b[i..].starts_with(k.as_bytes()));
        let free = i == 0 || !(is_ident(b[i - 1]) || b[i - 1] == b'$' || b[i - 1] == b':');
        let Some(keyword) = starts.filter(|_| free) else {
            i += 1;
            continue;
        };
        let line = text[..i].matches('\n').count() + 1;
        let mut at = i + keyword.len();
        let mut found = Vec::new();
        let first = keyword.trim_end_matches(':').to_string();
        tree(b, &mut at, vec![first], &mut found);
        for (segments, called) in found {
            out.push(Reference {
                line,
                segments,
                called,
            });
        }
        i = at.max(i + 1);
    }
    out
}

/// Reads one use tree after `prefix::` from `b[*at..]` into `out`.
fn tree(b: &[u8], at: &mut usize, mut prefix: Vec<String>, out: &mut Vec<(Vec<String>, bool)>) {
    let skip_space = |at: &mut usize| {
        while *at < b.len() && b[*at].is_ascii_whitespace() {
            *at += 1;
        }
    };
    loop {
        skip_space(at);
        if *at < b.len() && b[*at] == b'{' {
            *at += 1;
            loop {
                skip_space(at);
                match b.get(*at) {
                    None => return,
                    Some(b'}') => {
                        *at += 1;
                        return;
                    }
                    Some(b',') => *at += 1,
                    Some(_) => {
                        let before = *at;
                        tree(b, at, prefix.clone(), out);
                        if *at == before {
                            *at += 1;
                        }
                    }
                }
            }
        }
        if *at < b.len() && b[*at] == b'*' {
            *at += 1;
            out.push((prefix, false));
            return;
        }
        let start = *at;
        while *at < b.len() && is_ident(b[*at]) {
            *at += 1;
        }
        let word = String::from_utf8_lossy(&b[start..*at]).to_string();
        if word.is_empty() {
            out.push((prefix, false));
            return;
        }
        if word != "self" || prefix.len() == 1 {
            prefix.push(word);
        }
        if b[*at..].starts_with(b"::") {
            *at += 2;
            continue;
        }
        let mut next = *at;
        skip_space(&mut next);
        if b[next..].starts_with(b"as ") {
            next += 3;
            skip_space(&mut next);
            while next < b.len() && is_ident(b[next]) {
                next += 1;
            }
            *at = next;
        }
        let called = b.get(*at) == Some(&b'(');
        out.push((prefix, called));
        return;
    }
}

/// The module path of a source file: `src/steps/state.rs` is
/// `steps::state`, `src/spec/load/mod.rs` is `spec::load`.
fn module_of(path: &str) -> Vec<String> {
    let inner = path.trim_start_matches("src/").trim_end_matches(".rs");
    let mut segments: Vec<String> = inner.split('/').map(str::to_string).collect();
    if segments.last().is_some_and(|s| s == "mod") {
        let _ = segments.pop();
    }
    segments
}

/// A declaration without its `pub`, `pub(crate)` or `pub(super)`.
fn without_visibility(body: &str) -> &str {
    body.strip_prefix("pub(crate) ")
        .or_else(|| body.strip_prefix("pub(super) "))
        .or_else(|| body.strip_prefix("pub "))
        .unwrap_or(body)
}

/// The inline modules of a file (`mod tests { .. }`): name, first and
/// last line (1-based), from the `mod` line to the brace at its
/// indentation.
fn inline_modules(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let body = without_visibility(body);
        let Some(rest) = body.strip_prefix("mod ") else {
            continue;
        };
        let Some(name) = rest.strip_suffix(" {") else {
            continue;
        };
        let close = format!("{indent}}}");
        if let Some(end) = (i + 1..lines.len()).find(|&j| lines[j] == close) {
            out.push((name.to_string(), i + 1, end + 1));
        }
    }
    out
}

/// Each reference of a file with the absolute path it names (from the
/// crate root), `super` and `self` resolved where the reference stands
/// (inside an inline module `super` is the file's own module).
fn resolved(path: &str, text: &str) -> Vec<(usize, Vec<String>, bool)> {
    let module = module_of(path);
    let inline = inline_modules(text);
    let mut out = Vec::new();
    for r in references(text) {
        let mut here = module.clone();
        for (name, first, last) in &inline {
            if *first < r.line && r.line <= *last {
                here.push(name.clone());
            }
        }
        let mut segments = r.segments.into_iter().peekable();
        let mut at = Vec::new();
        while let Some(s) = segments.next_if(|s| ["crate", "super", "self"].contains(&s.as_str())) {
            match s.as_str() {
                "crate" => at.clear(),
                "super" => {
                    if at.is_empty() && !here.is_empty() {
                        at = here.clone();
                    }
                    let _ = at.pop();
                }
                _ => {
                    if at.is_empty() {
                        at = here.clone();
                    }
                }
            }
        }
        at.extend(segments);
        out.push((r.line, at, r.called));
    }
    out
}

/// The source files of the library (not `lib.rs`, the root, nor
/// `main.rs`, the binary).
fn library_files() -> Vec<(String, String)> {
    files("src", &[".rs"])
        .into_iter()
        .filter(|(path, _)| path != "src/lib.rs" && path != "src/main.rs")
        .collect()
}

/// The top-level module a module path belongs to.
fn top_of(segments: &[String]) -> Option<String> {
    segments.first().cloned()
}

/// The names the root re-exports (`pub use compile::{compile, lower};`)
/// with the module each comes from.
fn root_exports() -> BTreeMap<String, String> {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let mut out = BTreeMap::new();
    for r in references(&lib.replace("pub use ", "pub use crate::")) {
        if let [_, module, .., name] = &r.segments[..] {
            let _ = out.insert(name.clone(), module.clone());
        }
    }
    out
}

/// Every reference of one top-level module to another: (from, to, where).
fn top_level_edges() -> Vec<(String, String, String)> {
    let exports = root_exports();
    let files = library_files();
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|(path, _)| top_of(&module_of(path)))
        .collect();
    let mut out = Vec::new();
    for (path, text) in &files {
        let from = top_of(&module_of(path)).unwrap();
        for (line, target, called) in resolved(path, text) {
            let Some(mut to) = top_of(&target) else {
                continue;
            };
            if target.len() == 1 && (called || !modules.contains(&to)) {
                match exports.get(&to) {
                    Some(module) => to = module.clone(),
                    None => continue,
                }
            }
            if to != from && (modules.contains(&to) || to == "stop") {
                out.push((from.clone(), to, format!("{path}:{line}")));
            }
        }
    }
    out
}

#[test]
fn every_top_level_module_has_its_layer() {
    let mut found = Vec::new();
    let mut seen = BTreeSet::new();
    for (path, _) in library_files() {
        let top = top_of(&module_of(&path)).unwrap();
        if layer_of(&top).is_none() {
            found.push(format!("{top} ({path}) is in no layer of LAYERS"));
        }
        let _ = seen.insert(top);
    }
    for layer in LAYERS {
        for module in *layer {
            if !seen.contains(*module) {
                found.push(format!("{module} is in LAYERS but not in src/"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn top_level_modules_refer_only_to_lower_layers() {
    let mut found = BTreeSet::new();
    for (from, to, place) in top_level_edges() {
        let (Some(a), Some(b)) = (layer_of(&from), layer_of(&to)) else {
            continue;
        };
        if b >= a && !EXCEPTIONS.contains(&(from.as_str(), to.as_str())) {
            let _ = found.insert(format!(
                "{place}: {from} -> {to} (layer {a} refers to layer {b})"
            ));
        }
    }
    let found: Vec<String> = found.into_iter().collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A cycle of `edges`, as its nodes in order (the first repeated at the
/// end), if there is one.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        let _ = path.pop();
        let _ = done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        if let Some(found) = visit(node, edges, &mut Vec::new(), &mut done) {
            return Some(found);
        }
    }
    None
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to, _) in top_level_edges() {
        if !EXCEPTIONS.contains(&(from.as_str(), to.as_str())) {
            let _ = edges.entry(from).or_default().insert(to);
        }
    }
    if let Some(found) = cycle(&edges) {
        panic!("a cycle of top-level modules: {}", found.join(" -> "));
    }
}

/// Inside each top-level folder, the files refer to each other without a
/// cycle (by `crate::`, `super::` or `self::` paths: a folder's `mod.rs`
/// declaring and re-exporting its files by their bare names is what holds
/// them, not a reference).
#[test]
fn the_files_of_a_folder_form_no_cycle() {
    let files = library_files();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(path, _)| module_of(path)).collect();
    let mut found = Vec::new();
    let folders: BTreeSet<String> = modules
        .iter()
        .filter(|m| m.len() > 1)
        .map(|m| m[0].clone())
        .collect();
    for folder in folders {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (path, text) in files.iter().filter(|(p, _)| module_of(p)[0] == folder) {
            let from = module_of(path);
            for (_, target, _) in resolved(path, text) {
                let file = (1..=target.len())
                    .rev()
                    .map(|n| target[..n].to_vec())
                    .find(|prefix| modules.contains(prefix));
                if let Some(to) = file.filter(|to| to[0] == folder && *to != from) {
                    let _ = edges
                        .entry(from.join("::"))
                        .or_default()
                        .insert(to.join("::"));
                }
            }
        }
        if let Some(cycle) = cycle(&edges) {
            found.push(format!("in src/{folder}/: {}", cycle.join(" -> ")));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The reading itself: groups, nested groups, `self`, renames, globs and
/// calls; `$crate` and a path's own later segments are not references.
#[test]
fn references_are_read_with_their_groups() {
    let text = "use crate::{a::X, b::{self, Y as Z}, c};\nuse super::d::*;\nfn f() { crate::g(); $crate::h; super::super::i::J }\n";
    let read: Vec<(usize, String, bool)> = references(text)
        .into_iter()
        .map(|r| (r.line, r.segments.join("::"), r.called))
        .collect();
    let expected = [
        (1, "crate::a::X", false),
        (1, "crate::b", false),
        (1, "crate::b::Y", false),
        (1, "crate::c", false),
        (2, "super::d", false),
        (3, "crate::g", true),
        (3, "super::super::i::J", false),
    ];
    let expected: Vec<(usize, String, bool)> = expected
        .iter()
        .map(|&(l, s, c)| (l, s.to_string(), c))
        .collect();
    assert_eq!(read, expected);
    let text = "use super::a::X;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n";
    let paths: Vec<String> = resolved("src/room/file.rs", text)
        .into_iter()
        .map(|(_, p, _)| p.join("::"))
        .collect();
    assert_eq!(paths, ["room::a::X", "room::file"]);
}
