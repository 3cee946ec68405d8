//! `solve lsp` through its standard input and output, as an editor drives it:
//! initialize, open, change, diagnostics at exact ranges (inside strings
//! with escapes and multi-line strings), hover, definition, references,
//! rename, completion, semantic tokens, inlay hints and the code lens
//! (with "explain"), shutdown; and robustness: every prefix of the
//! shipped specs (typed character by character), positions out of range, a spec nested
//! thousands deep and a large file get answers in time, never a crash.

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// An editor's side of the connection.
struct Client {
    conn: Connection,
    /// The `solve lsp` process and the two threads that carry messages
    /// between its pipes and the connection's channels.
    server: Option<Server>,
    next: i32,
    /// Notifications met while waiting for a response.
    notes: Vec<Notification>,
    /// Requests the server sent (refreshes).
    asked: Vec<String>,
    /// What the server said it can do, in its answer to `initialize`.
    capabilities: Value,
}

const URI: &str = "file:///spec.toml";

impl Client {
    fn start() -> Client {
        let (server, client) = Server::start();
        let mut c = Client {
            conn: client,
            server: Some(server),
            next: 0,
            notes: Vec::new(),
            asked: Vec::new(),
            capabilities: Value::Null,
        };
        let caps = json!({
            "workspace": {"inlayHint": {"refreshSupport": true}, "codeLens": {"refreshSupport": true}},
        });
        let init = c.request("initialize", json!({"capabilities": caps}));
        assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
        c.capabilities = init["capabilities"].clone();
        c.notify("initialized", json!({}));
        c
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.conn
            .sender
            .send(Message::Notification(n))
            .expect("sent");
    }

    fn receive(&mut self, within: Duration) -> Message {
        match self.conn.receiver.recv_timeout(within) {
            Ok(Message::Request(r)) => {
                self.asked.push(r.method.clone());
                let _ = self.conn.sender.send(Message::Response(Response::new_ok(
                    r.id.clone(),
                    Value::Null,
                )));
                Message::Request(r)
            }
            Ok(m) => m,
            Err(e) => panic!("no message from the server within {within:?}: {e}"),
        }
    }

    /// A request's result (panics on an error response).
    fn request(&mut self, method: &str, params: Value) -> Value {
        match self.try_request(method, params) {
            Ok(v) => v,
            Err(e) => panic!("{method}: {e}"),
        }
    }

    fn try_request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.next += 1;
        let id = RequestId::from(self.next);
        let r = Request::new(id.clone(), method.to_string(), params);
        self.conn.sender.send(Message::Request(r)).expect("sent");
        loop {
            match self.receive(Duration::from_secs(10)) {
                Message::Response(r) if r.id == id => {
                    return r.response_result.map_err(|e| e.message);
                }
                Message::Notification(n) => self.notes.push(n),
                _ => {}
            }
        }
    }

    /// Opens (or changes) the document and returns its diagnostics.
    fn open(&mut self, text: &str, version: i32) -> Vec<Value> {
        if version == 1 {
            let doc = json!({"uri": URI, "languageId": "toml", "version": version, "text": text});
            self.notify("textDocument/didOpen", json!({"textDocument": doc}));
        } else {
            self.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
            );
        }
        self.diagnostics(version)
    }

    /// The diagnostics published for `version`.
    fn diagnostics(&mut self, version: i32) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(k) = self.notes.iter().position(|n| {
                n.method == "textDocument/publishDiagnostics" && n.params["version"] == version
            }) {
                let n = self.notes.remove(k);
                return n.params["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if let Message::Notification(n) = self.receive(left) {
                self.notes.push(n);
            }
        }
    }

    /// Waits until the worker's job for the current version is done: the
    /// lens no longer says it is solving (each refresh the server asks
    /// for is a moment to look again; a refresh may be an older job's).
    fn await_refresh(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            while !self.asked.iter().any(|m| m == "workspace/codeLens/refresh") {
                let left = deadline.saturating_duration_since(Instant::now());
                if let Message::Notification(n) = self.receive(left) {
                    self.notes.push(n);
                }
            }
            self.asked.clear();
            let lens = self.request(
                "textDocument/codeLens",
                json!({"textDocument": {"uri": URI}}),
            );
            if lens[0]["command"]["title"] != "solving…" {
                return;
            }
        }
    }

    fn at(&mut self, method: &str, position: Value, extra: Value) -> Value {
        let mut params = json!({"textDocument": {"uri": URI}, "position": position});
        if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
            p.extend(e.clone());
        }
        self.request(method, params)
    }

    /// The answer to a code lens's command.
    fn execute(&mut self, lens: &Value) -> Value {
        let command = &lens["command"];
        self.request(
            "workspace/executeCommand",
            json!({"command": command["command"], "arguments": command["arguments"]}),
        )
    }

    fn stop(mut self) {
        let _ = self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let server = self.server.take().expect("running");
        // Closing the connection ends the thread that writes to the
        // server's standard input.
        drop(self);
        server.join();
    }
}

/// `solve lsp` run as a process: what the client sends goes to its
/// standard input, what it writes comes back as messages.
struct Server {
    child: std::process::Child,
    carriers: Vec<std::thread::JoinHandle<()>>,
}

impl Server {
    fn start() -> (Server, Connection) {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_solve"))
            .arg("lsp")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("solve lsp starts");
        let mut input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let (to_server, outgoing) = crossbeam_channel::unbounded::<Message>();
        let (incoming, from_server) = crossbeam_channel::unbounded::<Message>();
        let writer = std::thread::spawn(move || {
            for message in outgoing {
                if message.write(&mut input).is_err() {
                    break;
                }
            }
        });
        let reader = std::thread::spawn(move || {
            let mut output = std::io::BufReader::new(output);
            while let Ok(Some(message)) = Message::read(&mut output) {
                if incoming.send(message).is_err() {
                    break;
                }
            }
        });
        let server = Server {
            child,
            carriers: vec![writer, reader],
        };
        let connection = Connection {
            sender: to_server,
            receiver: from_server,
        };
        (server, connection)
    }

    /// Waits for the process to end (after `exit`) and checks it ended
    /// cleanly.
    fn join(mut self) {
        let status = self.child.wait().expect("solve lsp ran");
        assert!(status.success(), "solve lsp ended with {status}");
        for carrier in self.carriers {
            carrier.join().expect("no panic");
        }
    }
}

/// The UTF-16 position of the `nth` occurrence of `needle` in `text`.
fn position_of(text: &str, needle: &str, nth: usize) -> Value {
    let offset = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} in the text"))
        .0;
    let line = text[..offset].matches('\n').count();
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let character = text[start..offset].encode_utf16().count();
    json!({"line": line, "character": character})
}

const QUEENS: &str = r#"name = "queens"
[params]
n = 6
[vars]
q = { index = "1..n", domain = "1..n" }
[functions]
attacks = "(i, j) => q[i] == q[j] or abs(q[i] - q[j]) == j - i"
[constraints]
apart = "forall(not attacks(i, j) for i in 1..n for j in i+1..n)"
[search]
var = "first-fail"
"#;

#[test]
fn a_session_diagnoses_hovers_navigates_renames_and_solves() {
    let mut c = Client::start();
    assert_eq!(c.open(QUEENS, 1), Vec::<Value>::new());
    // Hover: the param's value, the variable's domain and a builtin.
    let hover = c.at(
        "textDocument/hover",
        position_of(QUEENS, "n for j", 0),
        json!({}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("param n = 6"),
        "{hover}"
    );
    let hover = c.at(
        "textDocument/hover",
        position_of(QUEENS, "abs", 0),
        json!({}),
    );
    let apart = c.at(
        "textDocument/hover",
        position_of(QUEENS, "apart", 0),
        json!({}),
    );
    assert!(
        apart["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("15 items"),
        "one item per pair i < j: {apart}"
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("builtin"),
        "{hover}"
    );
    // Definition: from a use of `attacks` to its key.
    let def = c.at(
        "textDocument/definition",
        position_of(QUEENS, "attacks(i", 0),
        json!({}),
    );
    assert_eq!(def["range"]["start"], position_of(QUEENS, "attacks =", 0));
    // References: n is named at its key and four times in expressions.
    let refs = c.at(
        "textDocument/references",
        position_of(QUEENS, "n = 6", 0),
        json!({"context": {"includeDeclaration": true}}),
    );
    assert_eq!(refs.as_array().unwrap().len(), 5, "{refs}");
    // Rename: every occurrence, and a builtin's name refused.
    let edit = c.at(
        "textDocument/rename",
        position_of(QUEENS, "n = 6", 0),
        json!({"newName": "size"}),
    );
    let edits = edit["changes"][URI].as_array().unwrap().clone();
    assert_eq!(edits.len(), 5);
    let mut renamed = QUEENS.to_string();
    let mut spans: Vec<(usize, usize)> = edits
        .iter()
        .map(|e| {
            let offset = |p: &Value| {
                let line = p["line"].as_u64().unwrap() as usize;
                let start: usize = QUEENS.split_inclusive('\n').take(line).map(str::len).sum();
                start + p["character"].as_u64().unwrap() as usize
            };
            (offset(&e["range"]["start"]), offset(&e["range"]["end"]))
        })
        .collect();
    spans.sort_unstable();
    for &(a, b) in spans.iter().rev() {
        renamed.replace_range(a..b, "size");
    }
    assert!(
        renamed.contains("size = 6") && renamed.contains("1..size\""),
        "{renamed}"
    );
    assert_eq!(
        c.open(&renamed, 2),
        Vec::<Value>::new(),
        "the renamed spec checks"
    );
    let refused = c.try_request(
        "textDocument/rename",
        json!({"textDocument": {"uri": URI}, "position": position_of(&renamed, "size = 6", 0), "newName": "abs"}),
    );
    assert!(refused.unwrap_err().contains("builtin"));
    // Completion: names in scope, builtins, keywords; strategies in [search].
    let items = c.at(
        "textDocument/completion",
        position_of(&renamed, "forall", 0),
        json!({}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for wanted in ["size", "q", "attacks", "alldifferent", "forall", "if"] {
        assert!(labels.contains(&wanted), "{wanted} in {labels:?}");
    }
    let items = c.at(
        "textDocument/completion",
        position_of(&renamed, "first-fail", 0),
        json!({}),
    );
    assert!(
        items
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["label"] == "dom-wdeg")
    );
    // The lens and the hints, once the worker is done.
    c.await_refresh();
    let lens = c.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(lens[0]["command"]["title"], "2+ solutions", "{lens}");
    // The count and candidates lenses: 6-queens has 4 solutions, and its
    // first queen stands on rows 2 to 5 in them.
    assert_eq!(lens[1]["command"]["title"], "count");
    assert_eq!(c.execute(&lens[1])["message"], "4 solutions");
    let candidates = c.execute(&lens[2]);
    assert!(
        candidates["message"]
            .as_str()
            .unwrap()
            .starts_with("q[1]: {2..5}\n"),
        "{candidates}"
    );
    assert!(
        c.notes.iter().any(|n| n.method == "window/showMessage"),
        "shown to the editor"
    );
    let hints = c.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}}),
    );
    assert_eq!(hints[0]["label"], ": 1..6 (6 cells, 0 fixed)", "{hints}");
    let hover = c.at(
        "textDocument/hover",
        position_of(&renamed, "q[i] ==", 0),
        json!({}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("after propagation at the root"),
        "{hover}"
    );
    c.stop();
}

#[test]
fn diagnostics_point_into_strings_with_escapes_and_over_lines() {
    let mut c = Client::start();
    // An escape before the typo shifts the document against the string's
    // text: the range is the document's.
    let text = "[vars]\nx = { index = \"1..3\", domain = \"1..3\" }\n[constraints]\nc = \"x[1] != x[2] and 'caf\\u00e9' != 'b' and x[3] == nope\"\nd = \"\"\"\nx[1] < x[2] and\n  x[2] < wrong\n\"\"\"\n";
    let diagnostics = c.open(text, 1);
    let at = |d: &Value| d["range"]["start"].clone();
    let nope = diagnostics
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("nope"))
        .expect("nope");
    assert_eq!(at(nope), position_of(text, "nope", 0));
    assert_eq!(
        nope["range"]["end"]["character"],
        position_of(text, "nope", 0)["character"].as_u64().unwrap() + 4
    );
    let wrong = diagnostics
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("wrong"))
        .expect("wrong");
    assert_eq!(at(wrong), position_of(text, "wrong", 0));
    assert_eq!(wrong["severity"], 1);
    // A name never used is a warning at its key.
    let text = "[params]\nm = 3\n[vars]\nx = { index = \"1..3\", domain = \"1..3\" }\n[constraints]\nc = \"alldifferent(x)\"\n";
    let diagnostics = c.open(text, 2);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["severity"], 2);
    assert_eq!(
        diagnostics[0]["range"]["start"],
        position_of(text, "m = 3", 0)
    );
    // No solution: the lens says so, and explain marks the conflict.
    let text = "[vars]\nx = \"1..3\"\n[constraints]\nbig = \"x > 2\"\nsmall = \"x < 2\"\nother = \"x != 0\"\n";
    assert_eq!(c.open(text, 3), Vec::<Value>::new());
    c.await_refresh();
    let lens = c.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(
        lens[0]["command"]["title"], "no solution — explain",
        "{lens}"
    );
    let answer = c.request(
        "workspace/executeCommand",
        json!({"command": lens[0]["command"]["command"], "arguments": lens[0]["command"]["arguments"]}),
    );
    assert_eq!(answer["conflict"], json!(["big", "small"]), "{answer}");
    let marked = c.diagnostics(3);
    let lines: Vec<u64> = marked
        .iter()
        .map(|d| d["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [3, 4], "{marked:?}");
    c.stop();
}

#[test]
fn semantic_tokens_colour_names_by_what_they_are() {
    let mut c = Client::start();
    let _ = c.open(QUEENS, 1);
    let tokens = c.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": URI}}),
    );
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    // Decode: (line, character, length, type, modifiers).
    let (mut line, mut character) = (0, 0);
    let mut decoded = Vec::new();
    for t in data.chunks(5) {
        if t[0] > 0 {
            character = 0;
        }
        line += t[0];
        character += t[1];
        decoded.push((line, character, t[2], t[3], t[4]));
    }
    let token_at = |needle: &str, nth: usize| {
        let p = position_of(QUEENS, needle, nth);
        let (l, ch) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        decoded.iter().find(|t| t.0 == l && t.1 == ch).copied()
    };
    // n (a param): variable, readonly; abs: function, defaultLibrary;
    // attacks: function; i (a parameter): parameter; 1: number; or: keyword.
    assert_eq!(token_at("n for j", 0).map(|t| (t.3, t.4)), Some((0, 1)));
    assert_eq!(token_at("abs", 0).map(|t| (t.2, t.3, t.4)), Some((3, 2, 2)));
    assert_eq!(token_at("attacks(i", 0).map(|t| t.3), Some(2));
    assert_eq!(token_at("i] == q[j]", 0).map(|t| t.3), Some(1));
    assert_eq!(token_at("1..n for", 0).map(|t| t.3), Some(3));
    assert_eq!(token_at("or abs", 0).map(|t| t.3), Some(5));
    c.stop();
}

#[test]
fn every_prefix_and_bad_input_is_answered_in_time() {
    let mut c = Client::start();
    let mut version = 1;
    for entry in std::fs::read_dir("specs").unwrap() {
        let text = std::fs::read_to_string(entry.as_ref().unwrap().path()).unwrap();
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        // Every prefix, typed character by character.
        let stride = 1;
        for &(i, _) in chars.iter().step_by(stride) {
            let started = Instant::now();
            let _ = c.open(&text[..i], version);
            let hover = c.try_request(
                "textDocument/hover",
                json!({"textDocument": {"uri": URI}, "position": {"line": 3, "character": 4}}),
            );
            assert!(hover.is_ok(), "{hover:?}");
            // A bound against a hang (a prefix solved in the foreground),
            // not a timing: wide enough for a debug build on a loaded
            // 2-core machine, where 3 s once fell short.
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "prefix {i}: {:?}",
                started.elapsed()
            );
            version += 1;
        }
    }
    // Positions out of range, a spec nested thousands deep, a large file.
    let far =
        json!({"textDocument": {"uri": URI}, "position": {"line": 99999, "character": 99999}});
    assert!(c.try_request("textDocument/hover", far.clone()).is_ok());
    assert!(c.try_request("textDocument/definition", far).is_ok());
    let deep = format!(
        "[constraints]\nc = \"{}1{}\"\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let diagnostics = c.open(&deep, version);
    assert!(
        !diagnostics.is_empty(),
        "nested 5000 deep: an error, not a crash"
    );
    let large = format!(
        "{}{QUEENS}",
        "# a comment line of a large file\n".repeat(300_000)
    );
    let started = Instant::now();
    assert_eq!(c.open(&large, version + 1), Vec::<Value>::new());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(
        c.try_request("textDocument/unknownThing", json!({}))
            .is_err()
    );
    c.stop();
}

/// The Neovim snippet of the book (docs/editors.md), as printed there.
fn neovim_snippet() -> &'static str {
    let book = include_str!("../docs/editors.md");
    let marker = "<!-- tests/lsp.rs runs this snippet as printed, in Neovim 0.7 -->\n```lua\n";
    let start = book.find(marker).expect("the snippet's marker in the book") + marker.len();
    let end = start + book[start..].find("```\n").expect("the snippet's end");
    &book[start..end]
}

/// Neovim's own LSP client (`nvim --headless`), configured by the book's
/// snippet as printed (its `init.lua`), runs `solve lsp` from the PATH on
/// a spec with a typo in a folder not named `specs`: the diagnostic
/// arrives at the typo's line and column, and a rename of a param
/// changes it across the file; a `Cargo.toml` beside it is left alone.
/// Runs when `nvim` is installed (or the one `SOLVE_NVIM` names: the
/// snippet takes another branch from Neovim 0.8); CI installs it and sets
/// `SOLVE_REQUIRE_NVIM=1`.
#[test]
fn neovim_with_the_books_snippet_shows_the_typo_and_renames_a_param() {
    let nvim = std::env::var("SOLVE_NVIM").unwrap_or_else(|_| "nvim".to_string());
    let found = std::process::Command::new(&nvim)
        .arg("--version")
        .output()
        .is_ok();
    if !found {
        assert!(
            std::env::var_os("SOLVE_REQUIRE_NVIM").is_none(),
            "nvim is required"
        );
        eprintln!("skipped: nvim is not installed");
        return;
    }
    let home = std::env::temp_dir().join(format!("solve-nvim-{}", std::process::id()));
    let dir = home.join("my-work");
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("queens.toml");
    let typo = QUEENS.replace("abs(q[i] - q[j])", "abs(q[i] - qq[j])");
    std::fs::write(&spec, &typo).unwrap();
    let cargo = dir.join("Cargo.toml");
    std::fs::write(&cargo, "[package]\nname = \"x\"\n").unwrap();
    let init = home.join("init.lua");
    std::fs::write(&init, neovim_snippet()).unwrap();
    let out = home.join("out.txt");
    let p = position_of(&typo, "n = 6", 0);
    let script = format!(
        r#"
local out = io.open("{out}", "w")
vim.cmd("edit {cargo}")
vim.wait(500)
local clients = vim.lsp.get_clients and vim.lsp.get_clients({{ bufnr = 0 }}) or vim.tbl_values(vim.lsp.buf_get_clients(0))
out:write(string.format("cargo clients %d\n", #clients))
vim.cmd("edit {spec}")
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  out:write(string.format("diagnostic %d %d %s\n", d.lnum, d.col, d.message:gsub("\n.*", "")))
end
vim.api.nvim_win_set_cursor(0, {{ {line} + 1, {character} }})
vim.lsp.buf.rename("size")
vim.wait(10000, function() return vim.api.nvim_buf_get_lines(0, 0, -1, false)[3] == "size = 6" end, 50)
for _, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do out:write("line " .. l .. "\n") end
out:close()
vim.cmd("qa!")
"#,
        out = out.display(),
        cargo = cargo.display(),
        spec = spec.display(),
        line = p["line"],
        character = p["character"],
    );
    let lua = home.join("test.lua");
    std::fs::write(&lua, script).unwrap();
    // `solve` from the PATH, as the snippet starts it; no user config.
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_solve"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let status = std::process::Command::new("timeout")
        .arg("60")
        .arg(&nvim)
        .args(["--headless", "-i", "NONE", "-u"])
        .arg(&init)
        .arg("-c")
        .arg(format!("luafile {}", lua.display()))
        .env("PATH", path)
        .env("XDG_CONFIG_HOME", &home)
        .env("XDG_DATA_HOME", &home)
        .env("XDG_STATE_HOME", &home)
        .status()
        .unwrap();
    assert!(status.success(), "nvim: {status}");
    let seen = std::fs::read_to_string(&out).unwrap();
    eprintln!("neovim saw:\n{seen}");
    assert!(seen.contains("cargo clients 0\n"), "{seen}");
    let typo_at = position_of(&typo, "qq[j]", 0);
    let expected = format!(
        "diagnostic {} {} unknown name `qq`",
        typo_at["line"], typo_at["character"]
    );
    assert!(
        seen.lines().any(|l| l == expected),
        "{expected} in:\n{seen}"
    );
    assert!(seen.contains("line size = 6"), "{seen}");
    assert!(
        seen.contains("line q = { index = \"1..size\", domain = \"1..size\" }"),
        "{seen}"
    );
    assert!(!seen.contains("1..n"), "every n renamed:\n{seen}");
    let _ = std::fs::remove_dir_all(&home);
}

/// The binary itself, on stdio: bytes that are not UTF-8 inside a
/// message and a message that is not JSON are survived (the first read
/// with replacement characters, the second skipped), and the session goes
/// on to its end.
#[test]
fn the_binary_survives_bytes_that_are_not_utf8_and_messages_that_are_not_json() {
    use std::io::{Read, Write};
    let frame = |body: &[u8]| {
        let mut f = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        f.extend_from_slice(body);
        f
    };
    let mut input = Vec::new();
    input.extend(frame(
        br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
    ));
    input.extend(frame(b"this is not JSON"));
    let mut open = br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///b.toml","languageId":"toml","version":1,"text":"[vars]\nx = \"1..3\"\n[constraints]\nc = \"x != 2 # "#.to_vec();
    open.extend_from_slice(b"\xff\xfe");
    open.extend_from_slice(br#"\"\n"}}}"#);
    input.extend(frame(&open));
    input.extend(frame(br#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///b.toml"},"position":{"line":3,"character":5}}}"#));
    input.extend(frame(br#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#));
    input.extend(frame(br#"{"jsonrpc":"2.0","method":"exit"}"#));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_solve"))
        .arg("lsp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let mut out = String::new();
    let _ = child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    let _ = child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}: {err}");
    assert!(
        err.contains("skipped a message that is not JSON-RPC"),
        "{err}"
    );
    for wanted in [
        r#""id":1,"result""#,
        r#""id":2,"result""#,
        r#""id":3,"result""#,
        "publishDiagnostics",
    ] {
        assert!(out.contains(wanted), "{wanted} in {out}");
    }
}

/// Every shipped spec opens clean: no error, and no name reported unused
/// (names used only in a `say` template, `[moves]`, `[game]` or an order
/// are used).
#[test]
fn every_shipped_spec_opens_without_a_diagnostic() {
    let mut c = Client::start();
    let mut paths: Vec<_> = std::fs::read_dir("specs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for (k, path) in paths.iter().enumerate() {
        let text = std::fs::read_to_string(path).unwrap();
        let diagnostics = c.open(&text, k as i32 + 1);
        assert!(
            diagnostics.is_empty(),
            "{}: {diagnostics:?}",
            path.display()
        );
    }
    c.stop();
}

/// Rename keeps an alias's quotes, and refuses what it cannot do right:
/// a name that would capture or be captured, a name also written where
/// names are not followed (an order in `[search]`).
#[test]
fn rename_keeps_quotes_and_refuses_captures_and_orders() {
    let mut c = Client::start();
    let text = "[params]\nn = 3\n[vars]\nx = { index = \"1..2\", domain = \"1..n\", names = [\"A\", \"B\"] }\n[functions]\nf = \"(k) => k + n\"\n[constraints]\nc = \"A < B and f(A) > 0\"\n";
    assert_eq!(c.open(text, 1), Vec::<Value>::new());
    let edit = c.at(
        "textDocument/rename",
        position_of(text, "A <", 0),
        json!({"newName": "Z"}),
    );
    let edits = edit["changes"][URI].as_array().unwrap();
    assert_eq!(edits.len(), 3, "{edit}");
    // The alias's edit is inside its quotes.
    assert_eq!(
        edits[0]["range"]["start"],
        position_of(text, "A\", \"B\"", 0),
        "{edit}"
    );
    assert_eq!(edits[0]["newText"], "Z");
    for (from, to) in [("n = 3", "k"), ("k + n", "n")] {
        let refused = c.try_request(
            "textDocument/rename",
            json!({"textDocument": {"uri": URI}, "position": position_of(text, from, 0), "newName": to}),
        );
        assert!(
            refused.unwrap_err().contains("already a name"),
            "{from} -> {to}"
        );
    }
    let ordered = format!("{text}[search]\norder = [\"B\", \"A\"]\n");
    assert_eq!(c.open(&ordered, 2), Vec::<Value>::new());
    let refused = c.try_request(
        "textDocument/rename",
        json!({"textDocument": {"uri": URI}, "position": position_of(&ordered, "A <", 0), "newName": "Z"}),
    );
    assert!(refused.unwrap_err().contains("rename it by hand"));
    c.stop();
}

/// Every code lens runs a command the server advertises, without an
/// error, in each state the lens shows: errors to fix, solving, one
/// solution, several, none (explain). A command's answer is a message.
#[test]
fn every_lens_runs_a_command_the_server_advertises() {
    let mut c = Client::start();
    let advertised: Vec<String> = c.capabilities["executeCommandProvider"]["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let lenses = |c: &mut Client| {
        c.request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": URI}}),
        )
        .as_array()
        .unwrap()
        .clone()
    };
    // Runs every lens (or only the first), and returns each title with
    // its answer.
    let run = |c: &mut Client, lenses: &[Value]| -> Vec<(String, Value)> {
        lenses
            .iter()
            .map(|lens| {
                let command = &lens["command"];
                let name = command["command"].as_str().unwrap();
                assert!(
                    advertised.iter().any(|a| a == name),
                    "{name} in {advertised:?}"
                );
                let answer = c.try_request(
                    "workspace/executeCommand",
                    json!({"command": name, "arguments": command["arguments"]}),
                );
                let answer = answer.unwrap_or_else(|e| panic!("{lens}: {e}"));
                (command["title"].as_str().unwrap().to_string(), answer)
            })
            .collect()
    };
    let message = |answers: &[(String, Value)], title: &str| -> String {
        let (_, answer) = answers
            .iter()
            .find(|(t, _)| t == title)
            .unwrap_or_else(|| panic!("a lens {title:?} in {answers:?}"));
        answer["message"].as_str().unwrap().to_string()
    };
    // Errors to fix.
    let _ = c.open(
        "[vars]\nx = \"1..3\"\n[constraints]\nc = \"x == nope\"\n",
        1,
    );
    let shown = lenses(&mut c);
    let answers = run(&mut c, &shown);
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!(
        message(&answers, "fix the errors to solve"),
        "1 error to fix before the spec is solved; the first, line 4: unknown name `nope`"
    );
    // Solving: nine pigeons in eight holes, checked only when placed,
    // take the worker's whole 2 s (the next change cancels it).
    let pigeons = "[vars]\np = { index = \"1..9\", domain = \"1..8\" }\n[constraints]\nc = { rule = \"alldifferent(p)\", consistency = \"check\" }\n";
    let _ = c.open(pigeons, 2);
    let solving = lenses(&mut c);
    assert_eq!(solving[0]["command"]["title"], "solving…");
    let answers = run(&mut c, &solving[..1]);
    assert!(
        message(&answers, "solving…").starts_with("looking for two solutions"),
        "{answers:?}"
    );
    // One solution, several, none.
    let cases = [
        (
            "[vars]\nx = \"1..3\"\n[constraints]\nc = \"x == 2\"\n",
            "1 solution · unique",
        ),
        (QUEENS, "2+ solutions"),
        (
            "[vars]\nx = \"1..3\"\n[constraints]\nbig = \"x > 2\"\nsmall = \"x < 2\"\n",
            "no solution — explain",
        ),
    ];
    for (k, (text, title)) in cases.into_iter().enumerate() {
        let _ = c.open(text, k as i32 + 3);
        c.await_refresh();
        let lenses = lenses(&mut c);
        assert_eq!(lenses[0]["command"]["title"], title, "{lenses:?}");
        let answers = run(&mut c, &lenses);
        assert_eq!(
            answers.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
            [title, "count", "candidates"]
        );
        match title {
            "1 solution · unique" => {
                assert_eq!(message(&answers, title), "first solution:\nx = 2");
                assert_eq!(message(&answers, "count"), "1 solution");
            }
            "2+ solutions" => {
                assert!(message(&answers, title).starts_with("first solution:\n"));
                assert_eq!(message(&answers, "count"), "4 solutions");
            }
            _ => assert_eq!(answers[0].1["conflict"], json!(["big", "small"])),
        }
    }
    c.stop();
}

/// In `[search]`, completion offers what the key being written takes:
/// `var` the variable orders, `value` the value orders, `restart` the
/// policies, `consistency` the levels and the constraints' names (only
/// the levels after `NAME=`), `order` the variables and params, and the
/// keys where a key is written; a constraint's `consistency` the levels.
/// A spec being typed, that does not load, gets the same.
#[test]
fn search_completion_offers_what_the_key_takes() {
    let mut c = Client::start();
    let text = r#"[params]
n = 4
[vars]
q = { index = "1..n", domain = "1..n" }
[constraints]
apart = { rule = "alldifferent(q)", consistency = "domain" }
[search]
var = "first-fail"
value = "min"
restart = "luby"
consistency = "apart=bounds"
order = ["q"]
"#;
    assert_eq!(c.open(text, 1), Vec::<Value>::new());
    let labels = |c: &mut Client, text: &str, at: &str, nth: usize| -> Vec<String> {
        let mut p = position_of(text, at, nth);
        p["character"] = json!(p["character"].as_u64().unwrap() + at.len() as u64);
        let items = c.at("textDocument/completion", p, json!({}));
        let mut labels: Vec<String> = items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect();
        labels.sort();
        labels
    };
    let sorted = |names: &[&str]| {
        let mut names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        names.sort();
        names
    };
    let var_orders = sorted(&[
        "input",
        "first-fail",
        "first-fail-random",
        "dom-wdeg",
        "activity",
        "afc",
    ]);
    let value_orders = sorted(&["min", "max", "random", "split"]);
    let levels = ["propagate", "check", "early", "bounds", "domain", "probing"];
    assert_eq!(labels(&mut c, text, "var = \"first", 0), var_orders);
    assert_eq!(labels(&mut c, text, "value = \"m", 0), value_orders);
    assert_eq!(
        labels(&mut c, text, "restart = \"", 0),
        sorted(&["none", "luby", "geometric"])
    );
    let mut named = levels.to_vec();
    named.push("apart");
    assert_eq!(labels(&mut c, text, "consistency = \"", 1), sorted(&named));
    assert_eq!(labels(&mut c, text, "apart=b", 0), sorted(&levels));
    assert_eq!(
        labels(&mut c, text, "consistency = \"", 0),
        sorted(&levels),
        "a constraint's own level"
    );
    assert_eq!(labels(&mut c, text, "order = [\"", 0), sorted(&["n", "q"]));
    // A key being written: `var` at the start of its line.
    let keys = labels(&mut c, text, "var", 1);
    for key in [
        "var",
        "value",
        "consistency",
        "restart",
        "order",
        "phases",
        "threads",
    ] {
        assert!(keys.contains(&key.to_string()), "{key} in {keys:?}");
    }
    assert!(!keys.contains(&"min".to_string()), "{keys:?}");
    // The expressions still get the names.
    let names = labels(&mut c, text, "alldifferent(", 0);
    assert!(names.contains(&"q".to_string()) && names.contains(&"forall".to_string()));
    // Being typed: the string is not closed, the spec does not load.
    let typing = "[vars]\nx = \"1..3\"\n[search]\nphases = [{ vars = \"x\", value = \"ma";
    assert!(!c.open(typing, 2).is_empty());
    assert_eq!(labels(&mut c, typing, "value = \"ma", 0), value_orders);
    let typing = "[vars]\nx = \"1..3\"\n[search]\nvar = ";
    let _ = c.open(typing, 3);
    let items = c.at(
        "textDocument/completion",
        json!({"line": 3, "character": 6}),
        json!({}),
    );
    let first = &items.as_array().unwrap()[0];
    assert_eq!(first["label"], "input", "{items}");
    assert_eq!(first["insertText"], "\"input\"", "quoted: no string yet");
    assert_eq!(items.as_array().unwrap().len(), var_orders.len());
    c.stop();
}

/// A builtin's hover words its arity ("1 or more arguments", never
/// usize::MAX), as the checker's message for a wrong call does.
#[test]
fn a_builtins_hover_and_a_wrong_call_word_the_arity() {
    let mut c = Client::start();
    let text = "[vars]\nx = { index = \"1..3\", domain = \"1..3\" }\n[constraints]\nc = \"max(x) > abs(x[1]) and count(x, 2) == 1\"\n";
    assert_eq!(c.open(text, 1), Vec::<Value>::new());
    let hover = |c: &mut Client, at: &str| {
        let h = c.at("textDocument/hover", position_of(text, at, 0), json!({}));
        h["contents"]["value"].as_str().unwrap().to_string()
    };
    assert_eq!(
        hover(&mut c, "max"),
        "```\nmax(...)\n```\nbuiltin, 1 or more arguments: largest of the arguments or of one list"
    );
    assert_eq!(
        hover(&mut c, "abs"),
        "```\nabs(...)\n```\nbuiltin, 1 argument: absolute value"
    );
    assert_eq!(
        hover(&mut c, "count"),
        "```\ncount(...)\n```\nbuiltin, 1 or 2 arguments: number of true items; `count(xs, v)`: number of items equal to v"
    );
    let wrong = "[vars]\nx = \"1..3\"\n[constraints]\nc = \"max() > 1\"\n";
    let diagnostics = c.open(wrong, 2);
    assert_eq!(
        diagnostics[0]["message"], "`max` takes 1 or more arguments, found 0",
        "{diagnostics:?}"
    );
    c.stop();
}

/// A hover right after a change shows the variable's declared domain
/// evaluated (the lowered model's, ready with the change's check), not
/// only as written; the domain after propagation at the root follows
/// when the worker has it.
#[test]
fn a_hover_right_after_a_change_has_the_evaluated_domain() {
    let mut c = Client::start();
    let spec = |n: usize| {
        format!(
            "[params]\nn = {n}\n[vars]\nq = {{ index = \"0..n-1\", domain = \"0..n-1\" }}\n[constraints]\nc = \"alldifferent(q) and q[0] < q[1]\"\n"
        )
    };
    let _ = c.open(&spec(4), 1);
    c.await_refresh();
    for n in 3..20 {
        let text = spec(n);
        let version = n as i32;
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
        );
        let hover = c.at(
            "textDocument/hover",
            position_of(&text, "q[0]", 0),
            json!({}),
        );
        let value = hover["contents"]["value"].as_str().unwrap();
        let declared = format!(
            "```\nvar q [0..n-1]: domain 0..n-1\n```\n\ndomain: `0..{} ({n} cells, 0 fixed)`\n\n",
            n - 1
        );
        assert!(value.starts_with(&declared), "n = {n}: {value}");
        let root = &value[declared.len()..];
        let after = format!(
            "after propagation at the root: `0..{} ({n} cells, 0 fixed)`",
            n - 1
        );
        assert!(
            root == "after propagation at the root: being found…" || root == after,
            "n = {n}: {root}"
        );
    }
    c.await_refresh();
    let text = spec(19);
    let hover = c.at(
        "textDocument/hover",
        position_of(&text, "q[0]", 0),
        json!({}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .ends_with("after propagation at the root: `0..18 (19 cells, 0 fixed)`"),
        "{hover}"
    );
    c.stop();
}

/// With an `[objective]` the editor's count and solution lenses answer as
/// `solve --count` and `solve` do, through the same driver: the optimal
/// solutions are counted (one here, of ten solutions in all), and the
/// solution shown is the best.
#[test]
fn the_editors_count_is_that_of_the_command_line_with_an_objective() {
    let text = "[vars]\nx = \"1..4\"\ny = \"1..4\"\n[constraints]\nc = \"x + y >= 5\"\n\
                [objective]\nminimize = \"x\"\n";
    let spec = crate::TempSpec::new("lsp-objective", text);
    let (stdout, _, code) = crate::solve(&[spec.path(), "--count"]);
    assert_eq!(code, 0, "{stdout}");
    let counted = stdout.lines().last().unwrap().to_string();
    assert_eq!(counted, "1", "{stdout}");
    let mut c = Client::start();
    let _ = c.open(text, 1);
    c.await_refresh();
    let lens = c.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(lens[0]["command"]["title"], "1 solution · unique", "{lens}");
    assert_eq!(lens[1]["command"]["title"], "count");
    assert_eq!(
        c.execute(&lens[1])["message"],
        format!("{counted} solution")
    );
    assert_eq!(
        c.execute(&lens[0])["message"],
        "best solution:\nx = 1\ny = 4"
    );
    c.stop();
}
