//! The browser playground: its built files are those of today's sources
//! (the fingerprint scripts/build-playground.sh writes), the library's
//! answers to the page's requests equal the command line's on every
//! shipped spec, the WebAssembly module's answers (run under Node) equal
//! the library's, and `solve playground` serves the page.

use serde_json::{Value, json};
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::solve;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a folder of the repository") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The fingerprint of scripts/playground-inputs.py, computed again here.
fn inputs_fingerprint() -> String {
    let mut files = vec![
        root().join("Cargo.lock"),
        root().join("Cargo.toml"),
        root().join(".cargo/config.toml"),
        root().join("web/editor/editor.js"),
        root().join("web/editor/package.json"),
        root().join("web/editor/package-lock.json"),
    ];
    for (folder, extension) in [
        ("src", Some("rs")),
        ("grammar", None),
        ("web/wasm", None),
        ("specs", Some("toml")),
    ] {
        let mut found = Vec::new();
        files_under(&root().join(folder), &mut found);
        files.extend(
            found
                .into_iter()
                .filter(|p| extension.is_none_or(|e| p.extension().is_some_and(|x| x == e))),
        );
    }
    let mut names: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(root())
                .expect("inside")
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| !(n.starts_with("src/cli/") || n.starts_with("src/lsp/") || n == "src/main.rs"))
        .collect();
    names.sort();
    format!(
        "inputs fnv1a64 {:016x}\nbuilt fnv1a64 {:016x}",
        fnv(&names),
        fnv(&[
            "web/page/editor.js".into(),
            "web/page/examples.js".into(),
            "web/page/solve.wasm".into()
        ])
    )
}

/// FNV-1a (64 bits) over each file's path and bytes.
fn fnv(names: &[String]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for name in names {
        let bytes = std::fs::read(root().join(name)).expect("readable");
        for chunk in [name.as_bytes(), b"\0", &bytes, b"\0"] {
            for &b in chunk {
                h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
    }
    h
}

/// The committed page is built from today's sources: checked where the
/// WebAssembly toolchain rebuilds it (CI sets SOLVE_REQUIRE_FRESH_PAGE), so
/// that a contributor without it still passes `cargo test` after a library
/// edit; the page's behaviour is checked against the library by the tests
/// that run its module under Node.
#[test]
fn the_built_page_is_that_of_the_sources() {
    if std::env::var_os("SOLVE_REQUIRE_FRESH_PAGE").is_none() {
        eprintln!(
            "skipped: the playground's freshness (CI checks it; set SOLVE_REQUIRE_FRESH_PAGE=1 after scripts/build-playground.sh)"
        );
        return;
    }
    let built = std::fs::read_to_string(root().join("web/page/inputs.txt"))
        .expect("web/page/inputs.txt: run scripts/build-playground.sh");
    assert_eq!(
        built.trim(),
        inputs_fingerprint(),
        "web/page/solve.wasm, editor.js and examples.js are stale: run scripts/build-playground.sh and commit web/page"
    );
    // Every shipped spec is an example, with its text as in specs/.
    let examples = std::fs::read_to_string(root().join("web/page/examples.js")).expect("examples");
    let object = examples
        .split_once("= ")
        .and_then(|(_, rest)| rest.trim_end().strip_suffix(';'))
        .expect("export const EXAMPLES = {...};");
    let examples: Value = serde_json::from_str(object).expect("a JSON object");
    for spec in shipped_specs() {
        let name = spec
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&spec).expect("a spec");
        assert_eq!(examples[&name], json!(text), "{name} differs from specs/");
    }
}

fn shipped_specs() -> Vec<PathBuf> {
    let mut specs: Vec<PathBuf> = std::fs::read_dir(root().join("specs"))
        .expect("specs/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    specs.sort();
    specs
}

/// The shipped specs the playground solves (not the games and puzzles of
/// moves, which are played).
fn solved_specs() -> Vec<(String, String)> {
    shipped_specs()
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a spec");
            (p.to_string_lossy().into_owned(), text)
        })
        .filter(|(_, text)| !text.contains("\n[game]") && !text.contains("\n[puzzle]"))
        .collect()
}

/// The library's events for `request`.
pub(crate) fn events(request: &Value) -> Vec<Value> {
    let mut events = Vec::new();
    solve::playground::handle(&request.to_string(), &mut |e| events.push(e));
    events
}

fn done(events: &[Value]) -> &Value {
    let last = events.last().expect("events");
    assert_eq!(last["event"], "done", "{events:?}");
    last
}

/// Nodes a count may take here: enough to finish most shipped specs, few
/// enough to keep the test short; a cut count must be cut the same way.
const NODES: u64 = 300_000;

#[test]
fn the_playground_answers_as_the_command_line() {
    for (path, text) in solved_specs() {
        let optimising = text.contains("\n[objective]");
        // The first solution (the optimum, with its improving ones before).
        let first = events(&json!({"op": "solve", "spec": text, "mode": "first"}));
        let (stdout, stderr, code) = solve(&[&path, "-j", "1", "--json"]);
        assert_eq!(code, 0, "{path}: {stderr}");
        let cli: Vec<Value> = stdout
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        let solutions: Vec<&Value> = first.iter().filter(|e| e["event"] == "solution").collect();
        let last = solutions
            .last()
            .unwrap_or_else(|| panic!("{path}: no solution: {first:?}"));
        // With an objective the command line prints the improving solutions
        // too, then the optimum on a line of its own.
        let (optimal, found): (Vec<&Value>, Vec<&Value>) =
            cli.iter().partition(|v| v.get("optimal").is_some());
        assert_eq!(
            Some(&&last["values"]),
            found.last(),
            "{path}: first solution"
        );
        if optimising {
            assert_eq!(
                optimal[0]["optimal"],
                done(&first)["optimum"],
                "{path}: optimum"
            );
            assert_eq!(solutions.len(), found.len(), "{path}: improving solutions");
        }
        let (text_out, _, _) = solve(&[&path, "-j", "1"]);
        assert!(
            text_out.contains(last["text"].as_str().expect("a text").trim_end()),
            "{path}: the solution's text:\n{text_out}\n---\n{}",
            last["text"]
        );
        if optimising {
            continue;
        }
        // The count, within the same node limit.
        let counted =
            events(&json!({"op": "solve", "spec": text, "mode": "count", "node_limit": NODES}));
        let done = done(&counted);
        let (stdout, stderr, code) = solve(&[
            &path,
            "-j",
            "1",
            "--count",
            "--node-limit",
            &NODES.to_string(),
        ]);
        let cli_count: u64 = stdout
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{path}: {stdout} {stderr}"));
        assert_eq!(done["count"], json!(cli_count), "{path}: count");
        assert_eq!(done["complete"], json!(code != 3), "{path}: complete");
    }
}

#[test]
fn the_playground_points_at_errors_and_refuses_unknown_choices() {
    let text = std::fs::read_to_string(root().join("specs/queens.toml")).expect("queens");
    let typo = text.replacen("alldifferent", "alldiferent", 1);
    let e = events(&json!({"op": "check", "spec": typo}));
    let d = &e[0]["diagnostics"][0];
    assert_eq!(d["message"], "unknown function `alldiferent`");
    assert_eq!(d["help"], "did you mean `alldifferent`?");
    let from = d["from"].as_u64().expect("a span") as usize;
    assert_eq!(
        &typo[from..d["to"].as_u64().expect("an end") as usize],
        "alldiferent"
    );
    let line = typo[..from].lines().count();
    assert_eq!(d["line"], json!(line));
    // The same text as the command line prints, under its own name.
    assert!(
        d["rendered"]
            .as_str()
            .expect("text")
            .contains("^^^^^^^^^^^")
    );
    // A valid spec has none.
    let e = events(&json!({"op": "check", "spec": text}));
    assert_eq!(e[0]["diagnostics"], json!([]));
    // An unknown variable order is refused, not ignored.
    let e = events(&json!({"op": "solve", "spec": text, "search": {"var": "fastest"}}));
    let message = e[0]["diagnostics"][0]["message"]
        .as_str()
        .expect("a message");
    assert!(message.contains("unknown variable order"), "{message}");
    // An unknown key of the request too.
    let e = events(&json!({"op": "solve", "spec": text, "colour": "blue"}));
    assert_eq!(e[0]["event"], "failed");
}

#[test]
fn the_playground_takes_the_command_lines_choices() {
    let text = std::fs::read_to_string(root().join("specs/queens.toml")).expect("queens");
    let request = json!({"op": "solve", "spec": text, "set": ["n=8"], "mode": "count",
                         "no_symmetry": true, "search": {"var": "first-fail", "consistency": ["domain"]}});
    assert_eq!(done(&events(&request))["count"], 92);
    let request = json!({"op": "solve", "spec": text, "set": ["n=8"], "mode": "limit", "limit": 5});
    let e = events(&request);
    assert_eq!(e.iter().filter(|e| e["event"] == "solution").count(), 5);
    let (cli, _, _) = solve(&[
        "specs/queens.toml",
        "--set",
        "n=8",
        "--limit",
        "5",
        "--json",
        "-j",
        "1",
    ]);
    let values: Vec<Value> = cli
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let ours: Vec<Value> = e
        .iter()
        .filter(|e| e["event"] == "solution")
        .map(|e| e["values"].clone())
        .collect();
    assert_eq!(ours, values);
}

/// Whether Node.js is here to run the WebAssembly module and the page's
/// scripts. Without it the tests that need it are skipped (said on
/// stderr), unless SOLVE_REQUIRE_NODE is set (CI installs Node and sets
/// it).
pub(crate) fn node() -> bool {
    if Command::new("node").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("SOLVE_REQUIRE_NODE").is_none(),
        "Node.js is required and not installed"
    );
    eprintln!("skipped: Node.js is not installed (apt-get install nodejs)");
    false
}

/// Runs each request through the WebAssembly module under Node
/// (web/test/answers.mjs); returns each request's events.
pub(crate) fn wasm_events(requests: &[Value]) -> Vec<Vec<Value>> {
    let mut child = Command::new("node")
        .arg("web/test/answers.mjs")
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs the WebAssembly module (apt-get install nodejs)");
    let mut input = child.stdin.take().expect("stdin");
    for r in requests {
        writeln!(input, "{r}").expect("node reads");
    }
    drop(input);
    let output = child.wait_with_output().expect("node ends");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The events without their times.
pub(crate) fn timeless(mut events: Vec<Value>) -> Vec<Value> {
    for e in &mut events {
        if let Some(o) = e.as_object_mut() {
            let _ = o.remove("ms");
        }
    }
    events.retain(|e| e["event"] != "progress");
    events
}

#[test]
fn the_webassembly_module_answers_as_the_library() {
    if !node() {
        return;
    }
    let mut requests = Vec::new();
    for (_, text) in solved_specs() {
        requests.push(json!({"op": "solve", "spec": text, "mode": "first"}));
        if !text.contains("\n[objective]") {
            requests
                .push(json!({"op": "solve", "spec": text, "mode": "count", "node_limit": NODES}));
        }
    }
    requests.push(json!({"op": "check", "spec": "[vars]\nx = \"0..\"\n"}));
    let wasm = wasm_events(&requests);
    assert_eq!(wasm.len(), requests.len());
    for (request, theirs) in requests.iter().zip(wasm) {
        let ours = timeless(events(request));
        assert_eq!(
            timeless(theirs),
            ours,
            "{}",
            &request.to_string()[..120.min(request.to_string().len())]
        );
    }
}

#[test]
fn the_pages_scripts_parse() {
    if !node() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("solve-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    for name in [
        "app.js",
        "panels.js",
        "steps.js",
        "grids.js",
        "setter.js",
        "play.js",
        "play-draw.js",
        "play-givens.js",
        "play-clock.js",
        "chart.js",
        "editor.js",
        "worker.js",
        "solve.js",
        "examples.js",
    ] {
        // As ES modules, which is how the page loads them.
        let copy = dir.join(name.replace(".js", ".mjs"));
        let _ = std::fs::copy(root().join("web/page").join(name), &copy).expect("copied");
        let out = Command::new("node")
            .arg("--check")
            .arg(&copy)
            .output()
            .expect("node runs");
        assert!(
            out.status.success(),
            "web/page/{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts `solve playground --port 0` through `sh -c PREFIX`; its address
/// and the child.
pub(crate) fn serve(prefix: &str) -> (String, std::process::Child) {
    let mut server = Command::new("sh")
        .arg("-c")
        .arg(format!("{prefix} exec \"$@\""))
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_solve"))
        .args(["playground", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("solve playground starts");
    let mut line = String::new();
    let _ = std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().expect("stdout")),
        &mut line,
    )
    .expect("it prints its address");
    let address = line
        .split("http://")
        .nth(1)
        .and_then(|a| a.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (address, server)
}

#[test]
fn solve_playground_serves_the_page() {
    let (address, mut server) = serve("");
    let get = |path: &str| -> (String, Vec<u8>) {
        let mut stream = std::net::TcpStream::connect(&address).expect("connects");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .expect("asks");
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        loop {
            let mut l = String::new();
            let _ = reader.read_line(&mut l).expect("a header");
            if l.trim().is_empty() {
                break;
            }
            head.push_str(&l);
        }
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("Content-Length: "))
            .and_then(|n| n.trim().parse().ok())
            .expect("a length");
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("the body");
        (head, body)
    };
    let (head, body) = get("/solve.wasm");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.contains("Content-Type: application/wasm"), "{head}");
    assert_eq!(
        body,
        std::fs::read(root().join("web/page/solve.wasm")).expect("the module")
    );
    let (head, body) = get("/");
    assert!(head.contains("text/html"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains("<title>solve playground</title>"));
    let (head, _) = get("/worker.js");
    assert!(head.contains("text/javascript"), "{head}");
    let (head, _) = get("/../Cargo.toml");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    // One SIGTERM (as Ctrl-C) ends the server.
    let killed = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    for _ in 0..50 {
        if let Some(status) = server.try_wait().expect("a status") {
            assert_eq!(status.code(), Some(0));
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = server.kill();
    panic!("solve playground went on after SIGTERM");
}

#[test]
fn the_playground_honours_the_time_limit_and_the_objective_as_the_command_line() {
    let queens = std::fs::read_to_string(root().join("specs/queens.toml")).expect("queens");
    let started = std::time::Instant::now();
    let e = events(
        &json!({"op": "solve", "spec": queens, "set": ["n=16"], "no_symmetry": true,
                           "mode": "count", "time_limit": 0.3}),
    );
    assert_eq!(done(&e)["complete"], false);
    assert!(
        started.elapsed().as_secs() < 20,
        "the time limit stopped nothing"
    );
    // With an objective, a limit is of the optimal solutions.
    let spec = std::fs::read_to_string(root().join("specs/dominating-queens.toml")).expect("spec");
    let e =
        events(&json!({"op": "solve", "spec": spec, "set": ["n=5"], "mode": "limit", "limit": 3}));
    let ours: Vec<&Value> = e
        .iter()
        .filter(|e| e["event"] == "solution")
        .map(|e| &e["values"])
        .collect();
    let (cli, stderr, code) = solve(&[
        "specs/dominating-queens.toml",
        "--set",
        "n=5",
        "--limit",
        "3",
        "--json",
        "-j",
        "1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let theirs: Vec<Value> = cli
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json"))
        .filter(|v| v.get("optimal").is_none())
        .collect();
    assert_eq!(ours.len(), 3);
    assert_eq!(ours, theirs.iter().rev().take(3).rev().collect::<Vec<_>>());
    assert_eq!(done(&e)["optimum"], 3);
}

#[test]
fn the_tree_shows_the_decisions_the_trace_prints() {
    let queens = std::fs::read_to_string(root().join("specs/queens.toml")).expect("queens");
    let e = events(
        &json!({"op": "solve", "spec": queens, "set": ["n=5"], "no_symmetry": true,
                           "mode": "all", "tree": true}),
    );
    let tree = e
        .iter()
        .find(|e| e["event"] == "tree")
        .expect("a tree event");
    let nodes = tree["nodes"].as_array().expect("nodes");
    let decisions: Vec<&str> = nodes[1..]
        .iter()
        .map(|n| n["decision"].as_str().expect("text"))
        .collect();
    let (_, stderr, code) = solve(&[
        "specs/queens.toml",
        "--set",
        "n=5",
        "--no-symmetry",
        "--all",
        "--trace",
        "100000",
        "-j",
        "1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let traced: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("decide "))
        .collect();
    assert_eq!(decisions, traced);
    // What was pruned at each node, in order, is what --trace prints
    // between the decisions.
    let prunings: Vec<&str> = nodes
        .iter()
        .flat_map(|n| n["prunings"].as_array().expect("prunings"))
        .map(|p| p.as_str().expect("text"))
        .collect();
    let traced_prunings: Vec<&str> = stderr
        .lines()
        .map(str::trim_start)
        .filter(|l| l.contains(" -> ") && !l.starts_with("decide "))
        .collect();
    assert!(!prunings.is_empty());
    assert_eq!(prunings, traced_prunings);
    let solutions = nodes.iter().filter(|n| n["end"] == "solution").count();
    assert_eq!(solutions, 10, "queens n = 5 has 10 solutions");
    assert_eq!(
        done(&e)["nodes"].as_u64(),
        Some(decisions.iter().filter(|d| !d.contains("!=")).count() as u64)
    );
    // One vocabulary: the tree's nodes are its first branches, as counted.
    let left = nodes.iter().filter(|n| n["left"] == true).count() as u64;
    assert_eq!(done(&e)["nodes"].as_u64(), Some(left));
    assert_eq!(
        tree["svg"].as_str().expect("svg").matches("<line ").count(),
        decisions.len()
    );
}
