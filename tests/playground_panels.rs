//! The playground's other panels answer as the command line does:
//! `compare` rows as `compare --json`, a game's guesses and records as
//! `play`, a puzzle's path and analysis as `solve` and `analyze --json`,
//! an explanation as `solve explain`;
//! and the WebAssembly module answers these requests as the library.

use crate::playground::{events, node, timeless, wasm_events};
use crate::{flipit_discs, solve};
use serde_json::{Value, json};

fn spec(path: &str) -> String {
    std::fs::read_to_string(path).expect("a shipped spec")
}

/// The one event of `kind` among `events`.
fn only<'a>(events: &'a [Value], kind: &str) -> &'a Value {
    let found: Vec<&Value> = events.iter().filter(|e| e["event"] == kind).collect();
    assert_eq!(found.len(), 1, "one {kind} event in {events:?}");
    found[0]
}

/// A JSON object without its times.
fn untimed(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        let _ = o.remove("ms");
        let _ = o.remove("seconds");
        let _ = o.remove("event");
    }
    v
}

#[test]
fn compare_rows_are_those_of_compare_json() {
    let tries = ["default", "no-symmetry", "var=first-fail value=max"];
    let mut args = vec![
        "compare",
        "specs/queens.toml",
        "--sweep",
        "n=4..7",
        "--json",
    ];
    for t in &tries {
        args.extend(["--try", t]);
    }
    let (out, err, code) = solve(&args);
    assert_eq!(code, 0, "{err}");
    let cli: Vec<Value> = out
        .lines()
        .map(|l| untimed(serde_json::from_str(l).unwrap()))
        .collect();
    let request = json!({"op": "compare", "spec": spec("specs/queens.toml"),
        "tries": tries, "sweep": "n=4..7"});
    let got = events(&request);
    let blocks: Vec<&Value> = got.iter().filter(|e| e["event"] == "rows").collect();
    assert_eq!(blocks.len(), 4, "one block per swept value");
    let rows: Vec<Value> = blocks
        .iter()
        .flat_map(|b| b["rows"].as_array().unwrap().iter().cloned().map(untimed))
        .collect();
    assert_eq!(rows, cli);
    let done = got.last().unwrap();
    assert_eq!(
        (&done["event"], &done["complete"]),
        (&json!("done"), &json!(true))
    );
    // A bad configuration is a diagnostic, as on the command line.
    let bad = json!({"op": "compare", "spec": spec("specs/queens.toml"), "tries": ["var=fastest"]});
    let got = events(&bad);
    let message = got[0]["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("fastest"), "{got:?}");
    // A param that does not exist, swept or set: its message (found by
    // review: the message pointed into a copy of the sources and the
    // module trapped).
    for bad in [
        json!({"op": "compare", "spec": spec("specs/queens.toml"), "sweep": "m=4..5"}),
        json!({"op": "compare", "spec": spec("specs/queens.toml"), "set": ["m=3"]}),
    ] {
        let got = events(&bad);
        let d = &only(&got, "diagnostics")["diagnostics"][0];
        assert!(d["message"].as_str().unwrap().contains("`m`"), "{got:?}");
        assert!(d["rendered"].as_str().unwrap().contains("m="), "{got:?}");
    }
    // A time limit that ends the reading is said as such, not as an error
    // of the spec.
    let late = json!({"op": "compare", "spec": spec("specs/queens.toml"), "time_limit": 0.0});
    assert_eq!(only(&events(&late), "failed")["event"], "failed");
}

#[test]
fn every_secret_is_played_as_play_all_secrets() {
    for (path, strategy) in [
        ("specs/moo.toml", "first"),
        ("specs/mastermind.toml", "minimax"),
    ] {
        let args = [
            "play",
            path,
            "--all-secrets",
            "--strategy",
            strategy,
            "--json",
        ];
        let (out, err, code) = solve(&args);
        assert_eq!(code, 0, "{err}");
        let cli: Value = serde_json::from_str(&out).unwrap();
        let request =
            json!({"op": "play", "spec": spec(path), "all_secrets": true, "strategy": strategy});
        let got = events(&request);
        assert_eq!(untimed(only(&got, "record").clone()), cli, "{path}");
    }
}

/// A secret drawn by its number, the computer's guesses against it as
/// `play --secret` prints them, and the same guesses typed by a person.
#[test]
fn a_secret_is_guessed_by_the_computer_and_by_a_person() {
    let moo = spec("specs/moo.toml");
    let first = events(&json!({"op": "guess", "spec": moo, "secret": 1234, "reveal": true}));
    let game = only(&first, "game");
    assert_eq!(game["codes"], 5040);
    let secret = game["secret"].as_str().unwrap().to_string();
    let (out, err, code) = solve(&["play", "specs/moo.toml", "--secret", &secret]);
    assert_eq!(code, 0, "{err}");
    let cli: Vec<(String, String)> = out
        .lines()
        .filter_map(|l| l.split_once(" -> "))
        .map(|(g, a)| (g.to_string(), a.to_string()))
        .collect();
    let played = events(&json!({"op": "play", "spec": moo, "secret_index": 1234}));
    let moves: Vec<(String, String)> = only(&played, "moves")["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let text = |k: &str| m[k].as_str().unwrap().to_string();
            (text("guess"), text("answer"))
        })
        .collect();
    assert_eq!(moves, cli);
    let guesses: Vec<&String> = cli.iter().map(|(g, _)| g).collect();
    let typed = events(&json!({"op": "guess", "spec": moo, "secret": 1234, "guesses": guesses}));
    let answers = only(&typed, "game")["answers"].as_array().unwrap().clone();
    assert_eq!(answers.len(), cli.len());
    for (a, (g, answer)) in answers.iter().zip(&cli) {
        assert_eq!((&a["guess"], &a["answer"]), (&json!(g), &json!(answer)));
    }
    let wins: Vec<bool> = answers.iter().map(|a| a["win"] == true).collect();
    assert_eq!(wins.iter().filter(|&&w| w).count(), 1);
    assert_eq!(wins.last(), Some(&true));
    assert!(typed[0]["secret"].is_null(), "not told unless asked");
    // Not a code: said, and the game goes on.
    let typo = events(&json!({"op": "guess", "spec": moo, "secret": 3, "guesses": ["12"]}));
    assert!(only(&typo, "game")["answers"][0]["error"].is_string());
}

#[test]
fn a_puzzle_is_stepped_and_analysed_as_on_the_command_line() {
    let flipit = spec("specs/flipit.toml");
    let args = ["specs/flipit.toml", "--start", "B_WWWBBB", "--set", "n=8"];
    let (out, err, code) = solve(&args);
    assert_eq!(code, 0, "{err}");
    // Each position's line is followed by its board (indented): the
    // pieces as discs, read here from the position's own characters.
    let all: Vec<&str> = out.lines().collect();
    let lines: Vec<&str> = all
        .iter()
        .copied()
        .filter(|l| !l.starts_with("   "))
        .collect();
    for pair in all.windows(2).filter(|w| w[1].starts_with("   ")) {
        let position = pair[0].rsplit(' ').next().expect("a position");
        // The board is indented by three spaces.
        let board = pair[1].strip_prefix("   ").expect("an indented board");
        assert_eq!(board, flipit_discs(position), "{out}");
    }
    let request = json!({"op": "path", "spec": flipit, "set": ["n=8"], "start": "B_WWWBBB"});
    let got = events(&request);
    let path = only(&got, "path");
    assert_eq!(path["start"], lines[0]);
    let steps = path["steps"].as_array().unwrap();
    assert_eq!(format!("{} moves", steps.len()), *lines.last().unwrap());
    for (k, step) in steps.iter().enumerate() {
        let line = format!(
            "{}. {}  {}",
            k + 1,
            step["move"].as_str().unwrap(),
            step["position"].as_str().unwrap()
        );
        assert_eq!(line, lines[k + 1]);
    }
    let (out, err, code) = solve(&["analyze", "specs/flipit.toml", "--set", "n=6", "--json"]);
    assert_eq!(code, 0, "{err}");
    let cli: Value = serde_json::from_str(&out).unwrap();
    let got = events(&json!({"op": "analyze", "spec": flipit, "set": ["n=6"]}));
    assert_eq!(untimed(only(&got, "analysis").clone()), cli);
    // A start the constraints rule out is refused with a message.
    let bad = events(&json!({"op": "path", "spec": flipit, "set": ["n=8"], "start": "BBBBBBBB"}));
    assert_eq!(only(&bad, "failed")["event"], "failed");
}

/// `explain` names what `solve explain` prints, each at its line of the
/// spec, and says when there is nothing to explain.
#[test]
fn explain_names_the_conflict_at_its_lines() {
    let queens = spec("specs/queens.toml");
    let (out, _, code) = solve(&["explain", "specs/queens.toml", "--set", "n=3"]);
    assert_eq!(code, 1);
    let cli: Vec<&str> = out.lines().collect();
    let got = events(&json!({"op": "explain", "spec": queens, "set": ["n=3"]}));
    let e = only(&got, "explanation");
    assert_eq!(e["satisfiable"], false);
    let conflict = e["conflict"].as_array().unwrap();
    let names: Vec<&str> = conflict
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, cli);
    for c in conflict {
        let (from, to) = (
            c["from"].as_u64().unwrap() as usize,
            c["to"].as_u64().unwrap() as usize,
        );
        // ASCII spec: UTF-16 offsets are byte offsets.
        let marked = &queens[from..to];
        assert!(marked.starts_with(c["name"].as_str().unwrap()), "{marked}");
        let line = queens[..from].lines().count() + 1;
        assert_eq!(c["line"], json!(line));
    }
    let fine = events(&json!({"op": "explain", "spec": queens}));
    assert_eq!(only(&fine, "explanation")["satisfiable"], true);
    // An explanation takes no node limit: refused, not ignored.
    let limited = events(&json!({"op": "explain", "spec": queens, "node_limit": 1}));
    let message = only(&limited, "failed")["message"].as_str().unwrap();
    assert!(message.contains("unknown key `node_limit`"), "{message}");
}

#[test]
fn the_webassembly_module_plays_as_the_library() {
    if !node() {
        return;
    }
    let (moo, flipit) = (spec("specs/moo.toml"), spec("specs/flipit.toml"));
    let queens = spec("specs/queens.toml");
    let requests = [
        json!({"op": "compare", "spec": queens, "tries": ["default", "no-symmetry"], "sweep": "n=4..6"}),
        json!({"op": "play", "spec": moo, "secret_index": 99, "strategy": "minimax"}),
        json!({"op": "guess", "spec": moo, "secret": 7, "guesses": ["1234", "5678"], "reveal": true}),
        json!({"op": "path", "spec": flipit, "set": ["n=7"], "start": "B_WBBBB"}),
        json!({"op": "analyze", "spec": flipit, "set": ["n=5"]}),
        json!({"op": "check", "spec": moo}),
        json!({"op": "explain", "spec": queens, "set": ["n=3"]}),
    ];
    // Every shipped game and puzzle of moves: a secret guessed, a path.
    let mut requests = requests.to_vec();
    for path in ["specs/higher-lower.toml", "specs/mastermind.toml"] {
        let text = spec(path);
        requests.push(
            json!({"op": "guess", "spec": text, "secret": 11, "guesses": [], "reveal": true}),
        );
        requests
            .push(json!({"op": "play", "spec": text, "secret_index": 11, "strategy": "minimax"}));
    }
    for path in ["specs/eight-puzzle.toml", "specs/water-jugs.toml"] {
        requests.push(json!({"op": "path", "spec": spec(path)}));
    }
    let wasm = wasm_events(&requests);
    assert_eq!(wasm.len(), requests.len());
    for (request, theirs) in requests.iter().zip(wasm) {
        assert!(
            theirs
                .iter()
                .all(|e| e["event"] != "failed" && e["event"] != "panic"),
            "{}: {theirs:?}",
            request["op"]
        );
        let strip = |events: Vec<Value>| -> Vec<Value> {
            timeless(events)
                .into_iter()
                .map(|mut e| {
                    // Compare rows carry their own times.
                    if let Some(rows) = e.get_mut("rows").and_then(Value::as_array_mut) {
                        for r in rows {
                            let _ = r.as_object_mut().unwrap().remove("seconds");
                        }
                    }
                    e
                })
                .collect()
        };
        assert_eq!(strip(theirs), strip(events(request)), "{}", request["op"]);
    }
}

#[test]
fn steps_are_those_of_solve_steps_json() {
    let zebra = spec("specs/zebra.toml");
    let (out, _, code) = solve(&["steps", "specs/zebra.toml", "--json"]);
    assert_eq!(code, 0);
    let cli: Vec<Value> = (out.lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("step").is_some())
        .collect();
    let got = events(&json!({"op": "steps", "spec": zebra}));
    let steps: Vec<Value> = (got.iter())
        .filter(|e| e["event"] == "step")
        .map(|e| {
            let mut step = e["step"].clone();
            let o = step.as_object_mut().unwrap();
            let _ = o.remove("text");
            // Each deduced variable's values after the step, for the board.
            for d in o["deduces"].as_array_mut().unwrap() {
                assert!(d.as_object_mut().unwrap().remove("left").is_some());
            }
            for u in o["uses"].as_array_mut().unwrap() {
                let u = u.as_object_mut().unwrap();
                // The items' ranges for the editor (ASCII: bytes).
                assert_eq!(u.remove("from"), Some(u["span"]["start"].clone()));
                let _ = (u.remove("to"), u.remove("text"));
            }
            step
        })
        .collect();
    assert_eq!(steps, cli);
    let start = only(&got, "steps-start");
    assert_eq!(start["vars"].as_array().unwrap().len(), 25);
    assert_eq!(only(&got, "steps-end")["end"], "solved");
    // A hint from the learner's givens; a state with no solution.
    let hint =
        events(&json!({"op": "steps", "spec": zebra, "hint": true, "givens": ["pet[1]=fox"]}));
    assert_eq!(hint.iter().filter(|e| e["event"] == "step").count(), 1);
    let wrong = events(
        &json!({"op": "steps", "spec": zebra, "hint": true, "givens": ["nation[1]=english"]}),
    );
    let conflict = only(&wrong, "steps-conflict");
    assert_eq!(conflict["givens"], json!(["nation[1]=english"]));
    assert!(
        conflict["conflict"]
            .as_array()
            .unwrap()
            .contains(&json!("norwegian_first")),
        "{conflict}"
    );
    let bad = events(&json!({"op": "steps", "spec": zebra, "givens": ["pet[9]=fox"]}));
    assert!(
        only(&bad, "failed")["message"]
            .as_str()
            .unwrap()
            .contains("unknown variable `pet[9]`")
    );
}
