//! The command line (README "Command line"): output formats, limits, search
//! overrides, consistency levels, statistics, exit codes and `--help`.

use crate::specs::{brute_queens, brute_rings, is_queens, ring_solutions, ring_sum};
use crate::{Case, count, ints, json_solutions, solve};

/// A ring as its template prints it (specs/magic8.toml).
fn ring_text(x: &[i64], sum: i64) -> String {
    format!(
        "{} {} {}\n{}   {}\n{} {} {}   (sum {sum})",
        x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]
    )
}

/// Splits `--all` output into the solution blocks and the final
/// `N solutions` line. Whether a blank line precedes that last line is left
/// open by the README, so both are accepted.
fn split_all(stdout: &str) -> (Vec<String>, String) {
    let (body, last) = stdout
        .trim_end()
        .rsplit_once('\n')
        .unwrap_or_else(|| panic!("expected solutions and a count line:\n{stdout}"));
    let blocks = body.trim_end().split("\n\n").map(str::to_owned).collect();
    (blocks, last.to_owned())
}

#[test]
fn all_prints_blocks_then_the_number_of_solutions() {
    let (stdout, stderr, code) = solve(&["specs/magic8.toml", "--all"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let (blocks, last) = split_all(&stdout);
    assert_eq!(last, "6 solutions");
    // Same search, same order: the JSON solutions rendered by the template.
    let expected: Vec<String> = ring_solutions("specs/magic8.toml", &["--all"])
        .iter()
        .map(|(x, sum)| ring_text(x, *sum))
        .collect();
    assert_eq!(blocks, expected);
}

#[test]
fn first_solution_only_by_default() {
    let (stdout, stderr, code) = solve(&["specs/magic8.toml"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let first = &ring_solutions("specs/magic8.toml", &["--all"])[0];
    assert_eq!(stdout.trim_end(), ring_text(&first.0, first.1));
}

#[test]
fn limit_stops_after_n_solutions() {
    let solutions = json_solutions(&[
        "specs/magic8.toml",
        "--no-symmetry",
        "--limit",
        "2",
        "--json",
    ]);
    assert_eq!(solutions.len(), 2, "--limit 2 prints 2 solutions");
    let (stdout, stderr, code) = solve(&[
        "specs/magic8.toml",
        "--no-symmetry",
        "--all",
        "--limit",
        "2",
    ]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let (blocks, last) = split_all(&stdout);
    assert_eq!(blocks.len(), 2, "{stdout}");
    assert_eq!(last, "2 solutions");
}

#[test]
fn json_is_one_object_per_line_with_every_variable() {
    let (stdout, stderr, code) = solve(&["specs/magic8.toml", "--json"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let line = stdout.trim_end();
    assert!(
        !line.contains('\n'),
        "one line for one solution: {stdout:?}"
    );
    assert!(line.starts_with('{') && line.ends_with('}'), "{line}");
    assert!(line.contains("\"S\":"), "{line}");
    let solution: serde_json::Value = serde_json::from_str(line).expect("valid JSON");
    let object = solution.as_object().expect("a JSON object");
    let has_cells = object.contains_key("cell")
        || ["A", "B", "C", "D", "E", "F", "G", "H"]
            .iter()
            .all(|n| object.contains_key(*n));
    assert!(has_cells, "the cells are missing: {line}");

    let boards = json_solutions(&[
        "specs/queens.toml",
        "--set",
        "n=4",
        "--all",
        "--no-symmetry",
        "--json",
    ]);
    assert_eq!(boards.len(), 2);
    for board in &boards {
        assert!(
            board.get("q").is_some() && board.as_object().unwrap().len() == 1,
            "{board}"
        );
    }
}

#[test]
fn stats_go_to_stderr() {
    let (stdout, stderr, code) = solve(&["specs/magic8.toml", "--count", "--stats"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(stdout.trim(), "6", "stats stay off stdout");
    for key in [
        "nodes:",
        "failures:",
        "propagations:",
        "solutions:",
        "time:",
    ] {
        assert!(
            stderr.lines().any(|line| line.starts_with(key)),
            "no `{key}` line in stderr:\n{stderr}"
        );
    }
    assert_eq!(stat(&stderr, "solutions"), 6);
    assert!(stat(&stderr, "nodes") >= 6);
}

/// The integer value of a `--stats` line.
fn stat(stderr: &str, key: &str) -> u64 {
    let prefix = format!("{key}:");
    let line = stderr
        .lines()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line in stderr:\n{stderr}"));
    line[prefix.len()..]
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {line:?}"))
}

#[test]
fn check_accepts_every_shipped_spec() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/specs");
    let mut specs: Vec<String> = std::fs::read_dir(dir)
        .expect("specs/ exists")
        .map(|entry| {
            entry
                .expect("readable specs/")
                .file_name()
                .into_string()
                .unwrap()
        })
        .filter(|name| name.ends_with(".toml"))
        .collect();
    specs.sort();
    for shipped in [
        "magic.toml",
        "magic8-primes.toml",
        "magic8.toml",
        "magic9.toml",
        "moo.toml",
        "queens.toml",
    ] {
        assert!(specs.iter().any(|s| s == shipped), "{shipped} is missing");
    }
    for spec in &specs {
        let path = format!("specs/{spec}");
        let (_, stderr, code) = solve(&["check", &path]);
        assert_eq!(code, 0, "solve check {path}:\n{stderr}");
    }
}

/// Key of a ring under a variable order given as positions of A..H.
fn ring_key(x: &[i64], order: &[usize]) -> Vec<i64> {
    order.iter().map(|&i| x[i]).collect()
}

fn first_ring(args: &[&str]) -> Vec<i64> {
    let solutions = ring_solutions("specs/magic8.toml", args);
    assert_eq!(solutions.len(), 1, "one solution without --all");
    solutions[0].0.clone()
}

#[test]
fn search_order_overrides_change_the_first_solution() {
    let rings = brute_rings(&[1, 2, 3, 4, 5, 6, 7, 8], &|_| true);
    assert_eq!(rings.len(), 48);
    // The spec's order: A, C, F, H, then the rest in input order.
    let spec_order = [0, 2, 5, 7, 1, 3, 4, 6];
    let min = rings
        .iter()
        .min_by_key(|x| ring_key(x, &spec_order))
        .unwrap();
    let max = rings
        .iter()
        .max_by_key(|x| ring_key(x, &spec_order))
        .unwrap();
    assert_eq!(&first_ring(&["--no-symmetry"]), min);
    assert_eq!(&first_ring(&["--no-symmetry", "--value", "max"]), max);
    assert_ne!(min, max);
    assert_eq!(&first_ring(&["--no-symmetry", "--value", "min"]), min);

    let reversed = [7, 6, 5, 4, 3, 2, 1, 0];
    let by_reversed = rings.iter().min_by_key(|x| ring_key(x, &reversed)).unwrap();
    assert_eq!(
        &first_ring(&["--no-symmetry", "--order", "H,G,F,E,D,C,B,A"]),
        by_reversed
    );
    assert_ne!(by_reversed, min);

    // First-fail finds some ring; which one is the heuristic's business.
    let x = first_ring(&["--no-symmetry", "--var", "first-fail"]);
    assert!(rings.contains(&x) && ring_sum(&x).is_some());
}

#[test]
fn var_input_finds_the_lexicographically_first_queens() {
    let all = brute_queens(8);
    let first = |args: &[&str]| -> Vec<i64> {
        let mut full = vec!["specs/queens.toml", "--no-symmetry", "--json"];
        full.extend_from_slice(args);
        let solutions = json_solutions(&full);
        assert_eq!(solutions.len(), 1);
        ints(&solutions[0], "q")
    };
    let min = first(&["--var", "input"]);
    assert_eq!(&min, all.first().unwrap());
    assert_eq!(min, [0, 4, 7, 5, 2, 6, 1, 3]);
    let max = first(&["--var", "input", "--value", "max"]);
    assert_eq!(&max, all.last().unwrap());
    // The spec's first-fail finds some placement; which one is its business.
    assert!(is_queens(&first(&[])));
}

#[test]
fn generate_and_test_gives_the_same_counts() {
    let queens = ["specs/queens.toml", "--set", "n=6"];
    for symmetry in [true, false] {
        let mut propagate = queens.to_vec();
        if !symmetry {
            propagate.push("--no-symmetry");
        }
        let mut check = propagate.clone();
        check.extend_from_slice(&["--consistency", "check"]);
        let expected = if symmetry { 1 } else { 4 };
        assert_eq!(count(&propagate), expected);
        assert_eq!(count(&check), expected);
    }
    // Generate-and-test on the ring: the sum first and each side as soon as
    // it is complete keep the tree small even without propagation.
    let ring = ["specs/magic8.toml", "--order", "S,A,B,C,D,F,E,H,G"];
    for (extra, expected) in [(&[][..], 6), (&["--no-symmetry"][..], 48)] {
        let mut propagate = ring.to_vec();
        propagate.extend_from_slice(extra);
        let mut check = propagate.clone();
        check.extend_from_slice(&["--consistency", "check"]);
        assert_eq!(count(&propagate), expected);
        assert_eq!(count(&check), expected);
    }
}

#[test]
fn propagation_visits_fewer_nodes_than_generate_and_test() {
    let nodes = |consistency: &str| {
        let args = [
            "specs/queens.toml",
            "--set",
            "n=6",
            "--no-symmetry",
            "--count",
            "--stats",
            "--consistency",
            consistency,
        ];
        let (stdout, stderr, code) = solve(&args);
        assert_eq!((stdout.trim(), code), ("4", 0), "stderr:\n{stderr}");
        stat(&stderr, "nodes")
    };
    let (propagate, check) = (nodes("propagate"), nodes("check"));
    assert!(
        propagate < check,
        "propagate: {propagate} nodes, check: {check} nodes"
    );
}

#[test]
fn node_limit_exits_3() {
    let (_, stderr, code) = solve(&[
        "specs/queens.toml",
        "--set",
        "n=10",
        "--count",
        "--node-limit",
        "1",
    ]);
    assert_eq!(code, 3, "stderr:\n{stderr}");
}

#[test]
fn time_limit_exits_3() {
    // 14772512 solutions: far more than half a second of search.
    let args = [
        "specs/queens.toml",
        "--set",
        "n=16",
        "--no-symmetry",
        "--count",
        "--time-limit",
        "0.5",
    ];
    let (_, stderr, code) = solve(&args);
    assert_eq!(code, 3, "stderr:\n{stderr}");
}

#[test]
fn set_overrides_params() {
    assert_eq!(count(&["specs/queens.toml", "--set", "n=5"]), 2);
    // --set is repeatable, one param per use.
    let history = "history=[[0,1,2,3,0,0]]";
    assert_eq!(
        count(&["specs/moo.toml", "--set", "digits=4", "--set", history]),
        360
    );
}

#[test]
fn dump_model_prints_the_model() {
    let (stdout, stderr, code) = solve(&["specs/magic8.toml", "--dump-model"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert!(!stdout.trim().is_empty());
}

#[test]
fn help_mentions_every_flag() {
    let (stdout, stderr, code) = solve(&["--help"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    for flag in [
        "--all",
        "--count",
        "--limit",
        "--set",
        "--no-symmetry",
        "--order",
        "--var",
        "--value",
        "--consistency",
        "--json",
        "--stats",
        "--node-limit",
        "--time-limit",
        "--dump-model",
        "check",
    ] {
        assert!(
            stdout.contains(flag),
            "--help does not mention {flag}:\n{stdout}"
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    let cases: [&[&str]; 5] = [
        &["specs/magic8.toml", "--bogus"],
        &[],
        &["specs/magic8.toml", "--var", "fastest"],
        &["specs/magic8.toml", "--value", "middle"],
        &["specs/magic8.toml", "--limit", "abc"],
    ];
    for args in cases {
        let (_, stderr, code) = solve(args);
        assert_eq!(code, 2, "solve {args:?}:\n{stderr}");
        assert!(!stderr.trim().is_empty(), "solve {args:?} says nothing");
    }
}

#[test]
fn unsatisfiable_exits_1() {
    let (stdout, stderr, code) = solve(&["specs/queens.toml", "--set", "n=3"]);
    assert_eq!(code, 1, "stdout:\n{stdout}\nstderr:\n{stderr}");
    let (_, _, code) = solve(&["specs/queens.toml", "--set", "n=2", "--all"]);
    assert_eq!(code, 1);
    assert!(brute_queens(3).is_empty() && brute_queens(2).is_empty());
}

/// `solve schema` prints a JSON Schema of the spec format: every shipped
/// spec (read as TOML, turned into JSON) is valid under it, and specs the
/// loader refuses (an unknown key, an unknown heuristic, a missing `rule`)
/// are not. The validator below covers the keywords the schema uses.
#[test]
fn schema_accepts_the_shipped_specs_and_refuses_bad_ones() {
    let (stdout, _, code) = crate::solve(&["schema"]);
    assert_eq!(code, 0);
    let schema: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let as_json = |text: &str| -> serde_json::Value {
        let table: toml::Table = text.parse().expect("TOML");
        serde_json::to_value(table).expect("JSON")
    };
    for entry in std::fs::read_dir("specs").unwrap() {
        let path = entry.unwrap().path();
        let spec = as_json(&std::fs::read_to_string(&path).unwrap());
        assert!(
            valid(&schema, &spec),
            "{} is not valid under the schema",
            path.display()
        );
    }
    for bad in [
        "[search]\nmaximize = \"x\"\n",
        "[search]\nvar = \"fastest\"\n",
        "[constraints]\nc = { consistency = \"check\" }\n",
        "[vars]\nx = { domain = \"1..3\", size = 3 }\n",
        "[symmetry]\nbreak = \"always\"\n",
        "[objective]\nminimize = \"x\"\nmaximize = \"x\"\n",
        "[sections]\n",
    ] {
        assert!(!valid(&schema, &as_json(bad)), "accepted: {bad}");
    }
}

/// Whether `v` is valid under `s` (type, enum, properties, required,
/// additionalProperties, oneOf, items, min/maxItems, minimum,
/// min/maxProperties).
fn valid(s: &serde_json::Value, v: &serde_json::Value) -> bool {
    use serde_json::Value;
    let Value::Object(s) = s else {
        return s.as_bool().unwrap_or(true);
    };
    if let Some(types) = s.get("type") {
        let name = match v {
            Value::Object(_) => "object",
            Value::Array(_) => "array",
            Value::String(_) => "string",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_i64() => "integer",
            _ => "other",
        };
        let ok = match types {
            Value::String(t) => t == name,
            Value::Array(ts) => ts.iter().any(|t| t == name),
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    if let Some(Value::Array(options)) = s.get("enum")
        && !options.contains(v)
    {
        return false;
    }
    if let Some(Value::Array(options)) = s.get("oneOf")
        && options.iter().filter(|o| valid(o, v)).count() != 1
    {
        return false;
    }
    if let (Some(min), Value::Number(n)) = (s.get("minimum"), v)
        && n.as_i64() < min.as_i64()
    {
        return false;
    }
    if let Value::Array(items) = v {
        let len = items.len() as u64;
        if s.get("minItems")
            .and_then(Value::as_u64)
            .is_some_and(|m| len < m)
            || s.get("maxItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| len > m)
            || s.get("items")
                .is_some_and(|i| !items.iter().all(|x| valid(i, x)))
        {
            return false;
        }
    }
    if let Value::Object(map) = v {
        let len = map.len() as u64;
        if s.get("minProperties")
            .and_then(Value::as_u64)
            .is_some_and(|m| len < m)
            || s.get("maxProperties")
                .and_then(Value::as_u64)
                .is_some_and(|m| len > m)
        {
            return false;
        }
        if let Some(Value::Array(required)) = s.get("required")
            && !required
                .iter()
                .all(|r| r.as_str().is_some_and(|r| map.contains_key(r)))
        {
            return false;
        }
        let properties = s.get("properties").and_then(Value::as_object);
        for (key, value) in map {
            let ok = match properties.and_then(|p| p.get(key)) {
                Some(p) => valid(p, value),
                None => s
                    .get("additionalProperties")
                    .is_none_or(|a| valid(a, value)),
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

/// `solve check` and `solve --all` pinned whole: x in 1..3 with x > 1 has
/// the solutions 2 and 3 (by hand), printed with a blank line between
/// them and the count last.
#[test]
fn check_and_all_print_exactly_this() {
    let spec = "[vars]\nx = \"1..3\"\n[constraints]\nc = \"x > 1\"\n";
    Case::new()
        .spec(spec)
        .args(&["check", "spec.toml"])
        .stdout("spec.toml: ok (1 variable, 1 constraint after lowering)\n")
        .run();
    Case::new()
        .spec(spec)
        .args(&["spec.toml", "--all"])
        .stdout("x = 2\n\nx = 3\n\n2 solutions\n")
        .run();
    Case::new()
        .spec(spec)
        .args(&["spec.toml", "--count", "--set", "n=3"])
        .stderr(
            "error: unknown param `n`\n --> --set:1:1\n  |\n1 | n=3\n  | ^\n  = help: this spec has no params\n",
        )
        .status(2)
        .run();
}
