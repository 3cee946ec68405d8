//! Levels per constraint (`--consistency NAME=LEVEL`): the queens articles'
//! three programs as three command lines, with the node counts their
//! search spaces imply (n! - 1 for permutations tested at the leaves), and
//! every level on every shipped spec giving the same solutions.

use crate::{count, solve};

/// `(solutions, nodes)` of a `--count --stats` run.
fn count_and_nodes(args: &[&str]) -> (u64, u64) {
    let mut all = args.to_vec();
    all.extend(["--count", "--stats"]);
    let (stdout, stderr, code) = solve(&all);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    let nodes = stderr
        .lines()
        .find_map(|l| l.strip_prefix("nodes: "))
        .expect("a nodes line")
        .parse()
        .unwrap();
    (stdout.trim().parse().unwrap(), nodes)
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// Rows propagate (a permutation is generated), diagonals are tested only
/// when every queen is placed: each of the n! permutations is a leaf, and
/// the binary search tree over them has n! - 1 decision nodes.
#[test]
fn diagonals_checked_at_the_leaves_enumerate_the_permutations() {
    for (n, solutions) in [(6, 4), (8, 92), (10, 724)] {
        let set = format!("n={n}");
        let (found, nodes) = count_and_nodes(&[
            "specs/queens.toml",
            "--set",
            &set,
            "--no-symmetry",
            "--consistency",
            "diagonals=check,antidiagonals=check",
        ]);
        assert_eq!(found, solutions, "n={n}");
        assert_eq!(nodes, factorial(n) - 1, "n={n}");
    }
}

/// `early` tests the diagonals as each queen is placed, propagation prunes
/// ahead: the same 92 solutions, each with fewer nodes than the level before.
#[test]
fn early_and_propagate_prune_more_and_more() {
    let base = ["specs/queens.toml", "--no-symmetry", "--consistency"];
    let mut nodes = Vec::new();
    for level in [
        "diagonals=check,antidiagonals=check",
        "diagonals=early,antidiagonals=early",
        "propagate",
    ] {
        let mut args = base.to_vec();
        args.push(level);
        let (found, n) = count_and_nodes(&args);
        assert_eq!(found, 92, "{level}");
        nodes.push(n);
    }
    assert!(nodes[0] > nodes[1] && nodes[1] > nodes[2], "{nodes:?}");
}

/// Levels change the search, never the solutions: every level, on every
/// shipped constraint spec, for every constraint at once and for each
/// constraint alone, counts what the default counts.
#[test]
fn every_level_keeps_the_solutions_of_every_shipped_spec() {
    let specs: [(&str, &[&str]); 7] = [
        ("specs/queens.toml", &["--set", "n=6"]),
        ("specs/magic9.toml", &[]),
        ("specs/magic8.toml", &[]),
        ("specs/magic8-primes.toml", &[]),
        ("specs/magic.toml", &["--set", "n=3"]),
        ("specs/moo.toml", &["--set", "history=[[0,1,2,3,0,2]]"]),
        (
            "specs/dominating-queens.toml",
            &["--set", "n=4", "--no-objective"],
        ),
    ];
    for (spec, extra) in specs {
        let mut args = vec![spec];
        args.extend_from_slice(extra);
        let expected = count(&args);
        for level in ["check", "early", "propagate", "bounds", "domain"] {
            let mut all = args.clone();
            all.extend(["--consistency", level]);
            assert_eq!(count(&all), expected, "{spec} --consistency {level}");
        }
        // Each named constraint alone at `check` (every kind supports it).
        let text = std::fs::read_to_string(spec).unwrap();
        let spec_toml: toml::Table = text.parse().unwrap();
        for section in ["constraints", "symmetry"] {
            let Some(table) = spec_toml.get(section).and_then(|t| t.as_table()) else {
                continue;
            };
            for (name, value) in table {
                // `break` and declared symmetries are not constraints.
                let declared = value.as_table().is_some_and(|t| !t.contains_key("rule"));
                if name == "break" || declared {
                    continue;
                }
                let level = format!("{name}=check");
                let mut one = args.clone();
                one.extend(["--consistency", &level]);
                assert_eq!(count(&one), expected, "{spec} --consistency {level}");
            }
        }
    }
}

/// A level a constraint does not support, an unknown constraint or level:
/// one clear error each, exit 2.
#[test]
fn unsupported_levels_and_unknown_names_are_errors() {
    for (arg, message) in [
        ("left=early", "does not support the level `early`"),
        (
            "distinct=early,right=early",
            "does not support the level `early`",
        ),
        ("lef=check", "unknown constraint `lef`"),
        ("left=eager", "unknown consistency level `eager`"),
    ] {
        let (_, stderr, code) = solve(&["specs/magic8.toml", "--consistency", arg]);
        assert_eq!(code, 2, "{arg}: {stderr}");
        assert!(stderr.contains(message), "{arg}: {stderr}");
        assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    }
}

/// The rows of `solve compare --json`: param, configuration, solutions,
/// nodes, failures, propagations (not the time).
fn compare_rows(args: &[&str]) -> Vec<Vec<String>> {
    let mut all = vec!["compare", "--json"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            [
                "param",
                "configuration",
                "solutions",
                "nodes",
                "failures",
                "propagations",
            ]
            .iter()
            .map(|k| match &v[*k] {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect()
        })
        .collect()
}

/// The text table: a header, then one aligned line per row.
#[test]
fn compare_prints_an_aligned_table() {
    let (stdout, _, code) = solve(&[
        "compare",
        "specs/queens.toml",
        "--try",
        "default",
        "--try",
        "var=first-fail",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with("configuration") && lines[0].ends_with("time"),
        "{stdout}"
    );
    // Right-aligned numbers end at the same column.
    let end = |l: &str, word: &str| l.find(word).map(|i| i + word.len());
    assert_eq!(end(lines[0], "solutions"), end(lines[1], "12"), "{stdout}");
}

/// The articles' lesson in one table: for n = 6..8, the three levels
/// count the same solutions with fewer and fewer nodes; the table is the
/// same in two runs (deterministic); diagonals checked at the leaves visit
/// n! - 1 nodes without symmetry breaking.
#[test]
fn compare_prints_one_row_per_configuration_and_param() {
    let args = [
        "specs/queens.toml",
        "--try",
        "consistency=diagonals=check,antidiagonals=check no-symmetry",
        "--try",
        "consistency=diagonals=early,antidiagonals=early no-symmetry",
        "--try",
        "no-symmetry",
        "--try",
        "default",
        "--sweep",
        "n=6..8",
    ];
    let rows = compare_rows(&args);
    assert_eq!(rows, compare_rows(&args), "deterministic");
    assert_eq!(rows.len(), 3 * 4);
    for (k, (n, all, unique)) in [(6u64, 4u64, 1u64), (7, 40, 6), (8, 92, 12)]
        .into_iter()
        .enumerate()
    {
        let block = &rows[4 * k..4 * (k + 1)];
        assert!(block.iter().all(|r| r[0] == format!("n={n}")));
        let solutions: Vec<u64> = block.iter().map(|r| r[2].parse().unwrap()).collect();
        assert_eq!(solutions, [all, all, all, unique], "n={n}");
        let nodes: Vec<u64> = block.iter().map(|r| r[3].parse().unwrap()).collect();
        assert_eq!(nodes[0], factorial(n) - 1, "n={n}");
        assert!(
            nodes[0] > nodes[1] && nodes[1] > nodes[2],
            "n={n}: {nodes:?}"
        );
    }
}

/// Without `--try`, the rows are `default` and the spec's [experiments];
/// an unknown item is an error that lists what a configuration may hold.
#[test]
fn compare_runs_the_spec_experiments() {
    let spec = crate::TempSpec::new(
        "experiments",
        "[vars]\nx = { index = \"0..3\", domain = \"0..3\" }\n[constraints]\nd = \"alldifferent(x)\"\n\
         [experiments]\nff = \"var=first-fail value=max\"\nlate = \"consistency=d=check\"\n",
    );
    let rows = compare_rows(&[spec.path()]);
    let labels: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(labels, ["default", "ff", "late"]);
    assert!(rows.iter().all(|r| r[2] == "24"), "{rows:?}");
    let (_, stderr, code) = solve(&["compare", spec.path(), "--try", "speed=fast"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("unknown key `speed`") && stderr.contains("no-symmetry"),
        "{stderr}"
    );
}

/// Ctrl-C (SIGINT) stops a long count cleanly: the partial count on
/// stdout, the reason and the statistics marked partial on stderr, exit 3.
#[test]
fn sigint_stops_a_count_with_the_partial_count() {
    let (stdout, stderr, code) = crate::interrupted(
        &[
            "specs/queens.toml",
            "--set",
            "n=17",
            "--count",
            "--no-symmetry",
            "--stats",
        ],
        std::time::Duration::from_millis(700),
    );
    assert_eq!(code, 3, "{stdout}\n{stderr}");
    let partial = crate::stopped_count(&stdout, "interrupted (Ctrl-C)");
    // n = 17 has 95,815,104 solutions: the count was cut short.
    assert!(partial < 95_815_104, "{partial}");
    assert!(stderr.contains("interrupted (Ctrl-C)"), "{stderr}");
    assert!(stderr.contains("partial statistics"), "{stderr}");
}

/// `--show-domains`: every declared variable after root propagation, in
/// the spec's names; the history of moo leaves only digits 8 and 9 (the
/// answers 0 bulls 0 cows rule out 0..7), and a contradiction at the root
/// says so with exit 1.
#[test]
fn show_domains_prints_the_root_domains() {
    let (stdout, _, code) = solve(&[
        "specs/moo.toml",
        "--set",
        "history=[[0,1,2,3,0,0],[4,5,6,7,0,0]]",
        "--show-domains",
    ]);
    assert_eq!(code, 0);
    let expected: Vec<String> = (0..4).map(|i| format!("code[{i}] in {{8..9}}")).collect();
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
    let spec = crate::TempSpec::new(
        "domains",
        "[vars]\nx = \"1..5\"\ny = \"1..5\"\n[constraints]\na = \"x + y == 10\"\nb = \"x != 5\"\n",
    );
    let (stdout, _, code) = solve(&[spec.path(), "--show-domains"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("no solution"), "{stdout}");
    let spec = crate::TempSpec::new(
        "domains",
        "[vars]\nx = \"1..9\"\ny = \"1..9\"\n[constraints]\na = \"x + y == 16\"\nb = \"x != 8\"\n",
    );
    let (stdout, _, code) = solve(&[spec.path(), "--show-domains"]);
    assert_eq!(code, 0);
    // Linear sums narrow bounds only: y keeps 8 although x cannot be 8.
    assert_eq!(stdout, "x in {7, 9}\ny in {7..9}\n");
    // Booleans read as they are written (they printed as {0..1}).
    let spec = crate::TempSpec::new(
        "domains",
        "[vars]\np = \"bool\"\nq = { index = \"0..1\", domain = \"bool\" }\nx = \"0..1\"\n\
         [constraints]\na = \"q[0] or p\"\nb = \"not q[1]\"\n",
    );
    let (stdout, _, code) = solve(&[spec.path(), "--show-domains"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "p in {false, true}\nq[0] in {false, true}\nq[1] = false\nx in {0..1}\n"
    );
}

/// A sweep so wide that its length overflows is refused (found by review:
/// it once overflowed into a capacity panic).
#[test]
fn compare_refuses_an_enormous_sweep() {
    let (_, stderr, code) = solve(&[
        "compare",
        "specs/queens.toml",
        "--sweep",
        "n=-1..9223372036854775807",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("must be a range of 1 to 1001 values"),
        "{stderr}"
    );
}

/// `solve compare`'s table for the articles' lesson, pinned as text (the
/// time column masked): a change of layout or of any count shows as a
/// diff. `UPDATE_SNAPSHOTS=1 cargo test` rewrites the snapshot.
#[test]
fn compare_table_matches_its_snapshot() {
    let (stdout, stderr, code) = solve(&[
        "compare",
        "specs/queens.toml",
        "--try",
        "consistency=diagonals=check,antidiagonals=check",
        "--try",
        "consistency=diagonals=early,antidiagonals=early",
        "--try",
        "default",
        "--sweep",
        "n=6..8",
    ]);
    assert_eq!(code, 0, "{stderr}");
    // The time is the last column: `0.002 s`, right-aligned.
    let masked: String = stdout
        .lines()
        .map(|l| match l.rsplit_once("  ") {
            Some((rest, t)) if t.trim_start().ends_with(" s") => format!("{rest}  <time>\n"),
            _ => format!("{l}\n"),
        })
        .collect();
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/compare-queens.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &masked).unwrap();
    }
    let expected = std::fs::read_to_string(&path).expect("the snapshot exists");
    assert_eq!(
        masked, expected,
        "compare's table changed; if on purpose, run with UPDATE_SNAPSHOTS=1"
    );
}

/// The lines of a `--trace` on stderr (after the solutions on stdout).
fn trace_lines(args: &[&str]) -> (String, Vec<String>) {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    (stdout, stderr.lines().map(str::to_string).collect())
}

/// `--trace N`: every decision (left `=`, right `!=`), what named
/// constraints pruned and which one failed, in the spec's names; the left
/// decisions are the search's nodes and the `solution` lines its
/// solutions; every pruning narrows a domain; nothing internal shows.
#[test]
fn trace_shows_decisions_prunings_and_failures_by_name() {
    let args = [
        "specs/queens.toml",
        "--set",
        "n=5",
        "--no-symmetry",
        "--count",
        "--stats",
        "--trace",
        "100000",
    ];
    let (stdout, lines) = trace_lines(&args);
    assert_eq!(stdout.trim(), "10");
    let stat = |name: &str| -> u64 {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(&format!("{name}: ")))
            .unwrap()
            .parse()
            .unwrap()
    };
    let trace: Vec<&String> = lines
        .iter()
        .take_while(|l| !l.starts_with("nodes: "))
        .collect();
    assert_eq!(trace[0], "root propagation");
    let left = trace
        .iter()
        .filter(|l| l.trim_start().starts_with("decide ") && l.contains(" = "))
        .count();
    let right = trace
        .iter()
        .filter(|l| l.trim_start().starts_with("decide ") && l.contains(" != "))
        .count();
    assert_eq!(left as u64, stat("nodes"));
    assert!(right > 0 && right <= left);
    assert_eq!(trace.iter().filter(|l| l.trim() == "solution").count(), 10);
    let names = ["rows", "diagonals", "antidiagonals"];
    let mut failures = 0;
    for line in &trace {
        let l = line.trim();
        if let Some(name) = l.strip_prefix("fail: ") {
            assert!(names.contains(&name), "{l}");
            failures += 1;
        } else if let Some((name, change)) = l.split_once(": ") {
            assert!(names.contains(&name), "{l}");
            // `q[2] {0..4} -> {1, 3}`: the domain after lies in the one before.
            let (var, domains) = change.split_once(' ').unwrap();
            assert!(var.starts_with("q[") && var.ends_with(']'), "{l}");
            let (before, after) = domains.split_once(" -> ").unwrap();
            let values = |d: &str| -> Vec<i64> {
                d.trim_matches(|c| c == '{' || c == '}')
                    .split(", ")
                    .flat_map(|part| match part.split_once("..") {
                        Some((a, b)) => {
                            (a.parse().unwrap()..=b.parse().unwrap()).collect::<Vec<i64>>()
                        }
                        None => vec![part.parse().unwrap()],
                    })
                    .collect()
            };
            let (b, a) = (values(before), values(after));
            assert!(a.len() < b.len() && a.iter().all(|v| b.contains(v)), "{l}");
        }
        assert!(!l.contains("_b") && !l.contains("VarId"), "{l}");
    }
    assert_eq!(failures as u64, stat("failures"));
    // A short trace stops with a note.
    let (_, short) = trace_lines(&["specs/queens.toml", "--trace", "5"]);
    assert_eq!(short.len(), 6, "{short:?}");
    assert!(short[5].contains("stops after 5 events"));
}

/// The search tree of queens n = 6 (all 4 solutions, no symmetry
/// breaking) written by `--tree FILE.ext`, and the run's `--stats` figures.
fn queens_tree(ext: &str) -> (String, impl Fn(&str) -> usize) {
    let path = std::env::temp_dir().join(format!("solve-tree-{}.{ext}", std::process::id()));
    let file = path.to_str().unwrap();
    let (stdout, stderr, code) = solve(&[
        "specs/queens.toml",
        "--set",
        "n=6",
        "--no-symmetry",
        "--count",
        "--stats",
        "--tree",
        file,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.trim(), "4");
    let drawn = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let stat = move |name: &str| -> usize {
        stderr
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}: ")))
            .unwrap()
            .parse()
            .unwrap()
    };
    (drawn, stat)
}

/// `--tree FILE.svg`: the same tree drawn without Graphviz: one line per
/// decision, labelled with it, a red square per failure, a green disc per
/// solution; every node inside the picture.
#[test]
fn tree_draws_the_search_tree_as_svg() {
    let (svg, stat) = queens_tree("svg");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("fill=\"#2a2\"").count(), 4);
    assert_eq!(
        svg.matches("<rect").count() - 1,
        stat("failures"),
        "the root is a rect too"
    );
    // A left branch per node, each line labelled with its decision.
    let labels: Vec<&str> = svg.lines().filter(|l| l.starts_with("<text")).collect();
    let left = labels.iter().filter(|l| l.contains(" = ")).count();
    let right = labels.iter().filter(|l| l.contains(" != ")).count();
    assert_eq!(left, stat("nodes"));
    assert_eq!(svg.matches("<line ").count(), left + right);
    // Every coordinate is inside the picture.
    let size = |key: &str| -> f64 {
        svg.split(&format!("{key}=\""))
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (w, h) = (size("width"), size("height"));
    for key in ["cx", "cy", "x1", "y2"] {
        for part in svg.split(&format!(" {key}=\"")).skip(1) {
            let v: f64 = part.split('"').next().unwrap().parse().unwrap();
            assert!((0.0..=w.max(h)).contains(&v), "{key}={v} outside {w}x{h}");
        }
    }
}

/// `--tree FILE.dot`: a Graphviz digraph with one edge per decision, a red
/// box per failure naming the constraint, one green node per solution.
#[test]
fn tree_writes_the_search_tree_as_dot() {
    let (dot, stat) = queens_tree("dot");
    assert!(dot.starts_with("digraph search {") && dot.trim_end().ends_with('}'));
    let edges: Vec<&str> = dot.lines().filter(|l| l.contains(" -> ")).collect();
    let left = edges.iter().filter(|l| l.contains(" = ")).count();
    assert_eq!(left, stat("nodes"));
    assert_eq!(dot.matches("doublecircle").count(), 4);
    assert_eq!(
        dot.matches("shape=box, color=red").count(),
        stat("failures")
    );
    // Every node but the root has exactly one parent.
    let mut children: Vec<&str> = edges
        .iter()
        .map(|l| l.split(" -> ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    let all = children.len();
    children.sort_unstable();
    children.dedup();
    assert_eq!(children.len(), all);
}

/// The search order names array elements and slices (`q[n-1]`,
/// `q[0..2]`), in the spec and with `--order`: the first decisions follow
/// it; an entry that is not declared variables is an error at the entry.
#[test]
fn order_takes_elements_and_slices() {
    // The variables of the left decisions, in order.
    let decisions = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["--no-symmetry", "--trace", "400"];
        all.extend_from_slice(args);
        let (_, stderr, code) = solve(&all);
        assert_eq!(code, 0, "{stderr}");
        stderr
            .lines()
            .filter_map(|l| l.trim().strip_prefix("decide "))
            .filter(|d| d.contains(" = "))
            .map(|d| d.split(" = ").next().unwrap().to_string())
            .collect()
    };
    let first = decisions(&[
        "specs/queens.toml",
        "--var",
        "input",
        "--order",
        "q[n-1],q[2..3]",
    ]);
    assert_eq!(first[..3], ["q[7]", "q[2]", "q[3]"], "{first:?}");
    let spec = crate::TempSpec::new(
        "order-elements",
        &std::fs::read_to_string("specs/queens.toml")
            .unwrap()
            .replace("var = \"first-fail\"", "order = [\"q[n-1]\", \"q[0..1]\"]"),
    );
    let first = decisions(&[spec.path()]);
    assert_eq!(first[..3], ["q[7]", "q[0]", "q[1]"], "{first:?}");
    let (_, stderr, code) = solve(&["specs/queens.toml", "--order", "q[q[0]]"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("is not a variable or a list of declared variables"),
        "{stderr}"
    );
}

/// `experiments-unchecked`, `experiments-shadowed`: `solve check` reads
/// every `[experiments]` entry and reports a bad item at its line and
/// column (compare said `--try:` with no place); a cycle is named; an entry
/// may not take a builtin's name (it was silently replaced by it).
#[test]
fn experiments_are_checked_where_they_are_written() {
    let spec = crate::reliability::reproducer("experiments-unchecked");
    for command in ["check", "compare"] {
        let (_, stderr, code) = solve(&[command, &spec]);
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("unknown variable order `bogus`")
                && stderr.contains("experiments-unchecked.toml:8:11"),
            "{stderr}"
        );
    }
    let spec = crate::reliability::reproducer("experiments-shadowed");
    let (_, stderr, code) = solve(&["check", &spec]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("`default` is a builtin configuration")
            && stderr.contains("experiments-shadowed.toml:8:1"),
        "{stderr}"
    );
    let head = "[params]\nn = 5\n[vars]\nq = { index = \"0..n-1\", domain = \"0..n-1\" }\n\
                [constraints]\nrows = \"alldifferent(q)\"\nlex = \"lex_less([q[0], q[1]], [q[2], q[3]])\"\n[experiments]\n";
    for (entries, message, at) in [
        ("a = \"seed=0\"\n", "not a positive integer", ":9:11"),
        (
            "a = \"consistency=nosuch=check\"\n",
            "unknown constraint `nosuch`",
            ":9:18",
        ),
        (
            "a = \"consistency=rows=bogus\"\n",
            "unknown consistency level `bogus`",
            ":9:23",
        ),
        (
            "a = \"order=zz\"\n",
            "unknown variable `zz` in the search order",
            ":9:12",
        ),
        (
            "a = \"consistency=lex=domain\"\n",
            "does not support the level `domain`",
            ":9:18",
        ),
        ("a = \"var=min\"\n", "unknown variable order `min`", ":9:10"),
        (
            "a = \"b\"\nb = \"c a\"\nc = \"seed=3\"\n",
            "the entry `a` uses itself: a -> b -> a",
            ":9:1",
        ),
        ("a = \"a\"\n", "the entry `a` uses itself: a -> a", ":9:1"),
        (
            "no-symmetry = \"var=input\"\n",
            "`no-symmetry` is a builtin",
            ":9:1",
        ),
        ("a = \"fast=yes\"\n", "unknown key `fast`", ":9:6"),
        (
            "a = \"bb\"\nb = \"seed=2\"\n",
            "unknown configuration item `bb`",
            ":9:6",
        ),
    ] {
        let spec = crate::TempSpec::new("experiments", &format!("{head}{entries}"));
        let (_, stderr, code) = solve(&["check", spec.path()]);
        assert_eq!(code, 2, "{entries}: {stderr}");
        assert!(
            stderr.contains(message),
            "{entries}: expected {message:?} in {stderr}"
        );
        assert!(
            stderr.contains(&format!("experiments.toml{at}")),
            "{entries}: {stderr}"
        );
        assert_eq!(stderr.matches("error:").count(), 1, "{entries}: {stderr}");
    }
    // Entries that name entries run as their expansion, and `--try`
    // errors point into the `--try` text.
    let spec = crate::TempSpec::new(
        "experiments",
        &format!("{head}ff = \"var=first-fail\"\nboth = \"ff value=max\"\n"),
    );
    let rows = compare_rows(&[spec.path()]);
    let labels: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(labels, ["default", "ff", "both"]);
    let (_, stderr, code) = solve(&["compare", spec.path(), "--try", "ff var=bogus"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--try:1:8"), "{stderr}");
}

/// `--consistency NAME=domain` on an alldifferent over expressions makes
/// the alldifferent domain-consistent over the auxiliary sums (it said the
/// constraint "lowers to a linear constraint"); every level counts what a
/// brute force over the permutations counts.
#[test]
fn levels_of_an_alldifferent_over_expressions() {
    let spec = crate::TempSpec::new(
        "expressions",
        "[params]\nn = 6\n[vars]\nq = { index = \"0..n-1\", domain = \"0..n-1\" }\n[constraints]\n\
         rows = \"alldifferent(q)\"\nsums = \"alldifferent([q[i] + q[(i + 1) % n] for i in 0..n-1])\"\n\
         gaps = \"alldifferent([abs(q[i] - i) for i in 0..n-1])\"\n",
    );
    let mut expected = 0;
    crate::for_each_permutation(&mut [0, 1, 2, 3, 4, 5], &mut |q| {
        let distinct = |v: Vec<i64>| {
            let mut s = v.clone();
            s.sort();
            s.dedup();
            s.len() == v.len()
        };
        let sums = distinct((0..6).map(|i| q[i] + q[(i + 1) % 6]).collect());
        let gaps = distinct((0..6).map(|i| (q[i] - i as i64).abs()).collect());
        expected += u64::from(sums && gaps);
    });
    for level in ["domain", "early", "bounds", "check", "propagate"] {
        let arg = format!("sums={level},gaps={level}");
        assert_eq!(
            count(&[spec.path(), "--consistency", &arg]),
            expected,
            "{level}"
        );
    }
    let spec = crate::TempSpec::new(
        "product",
        "[vars]\nx = \"0..3\"\ny = \"0..3\"\n[constraints]\nc = \"x * y != 3\"\n",
    );
    // A disequality is at `domain` as it is (a product's through its
    // cage's table): 16 pairs less 1 x 3 and 3 x 1.
    assert_eq!(count(&[spec.path(), "--consistency", "c=domain"]), 14);
}

/// `compare --help` names every key a configuration item may have, the
/// keys the one parser of settings reads.
#[test]
fn the_help_of_try_names_every_setting_key() {
    let (stdout, stderr, code) = solve(&["compare", "--help"]);
    assert_eq!(code, 0, "{stderr}");
    let help = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for key in solve::spec::setting::KEYS {
        assert!(
            help.contains(&format!("{}={}", key.name, key.form)),
            "--try's help does not name `{}={}`:\n{stdout}",
            key.name,
            key.form
        );
    }
}

/// One parser: the same item is read alike from `[search]`, a flag and a
/// `--try` item (`restart_scale` included, which `--try` now reads: a
/// count never restarts, so only its reading is checked there), and a bad
/// value is refused alike with the closest name.
#[test]
fn a_setting_reads_alike_everywhere() {
    let spec = "[vars]\nx = \"1..9\"\ny = \"1..9\"\n[constraints]\nsum = \"x + y == 10\"\n";
    let file = std::env::temp_dir().join(format!("setting-{}.toml", std::process::id()));
    std::fs::write(&file, spec).unwrap();
    let path = file.to_str().unwrap();
    let (flag, _, _) = solve(&[
        path,
        "--value",
        "max",
        "--restart",
        "luby",
        "--restart-scale",
        "5",
    ]);
    let with_search =
        format!("{spec}[search]\nvalue = \"max\"\nrestart = \"luby\"\nrestart_scale = 5\n");
    std::fs::write(&file, &with_search).unwrap();
    let (section, _, _) = solve(&[path]);
    assert_eq!(flag, section);
    assert!(flag.contains("x = 9"), "{flag}");
    std::fs::write(&file, spec).unwrap();
    let (tried, stderr, code) = solve(&[
        "compare",
        path,
        "--try",
        "value=max restart=luby restart_scale=5",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(tried.contains("value=max"), "{tried}");
    // The flag's names are checked by the argument parser, which offers
    // the closest too.
    let (_, stderr, code) = solve(&[path, "--value", "maxx"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("'max'"), "{stderr}");
    let (_, stderr, code) = solve(&["compare", path, "--try", "value=maxx"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("unknown value order `maxx`") && stderr.contains("did you mean `max`?"),
        "{stderr}"
    );
    let (_, stderr, code) = solve(&["compare", path, "--try", "restart_scale=0"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a positive integer"), "{stderr}");
    std::fs::write(&file, format!("{spec}[search]\nvalue = \"maxx\"\n")).unwrap();
    let (_, stderr, code) = solve(&[path]);
    assert_eq!(code, 2);
    assert!(stderr.contains("did you mean `max`?"), "{stderr}");
    let _ = std::fs::remove_file(&file);
}

/// `[search] consistency = "NAME=LEVEL"` gives one constraint its level as
/// `--consistency NAME=LEVEL` does (the same search), and a name that is
/// no constraint is refused at its place, never ignored.
#[test]
fn search_consistency_names_a_constraint_as_the_flag_does() {
    let spec = "[vars]\nx = { index = \"0..3\", domain = \"1..4\" }\n[constraints]\ndistinct = \"alldifferent(x)\"\n";
    let file = std::env::temp_dir().join(format!("levels-{}.toml", std::process::id()));
    let path = file.to_str().unwrap();
    std::fs::write(&file, spec).unwrap();
    let (_, by_flag, code) = solve(&[
        path,
        "--count",
        "--stats",
        "--consistency",
        "distinct=check",
    ]);
    assert_eq!(code, 0, "{by_flag}");
    std::fs::write(
        &file,
        format!("{spec}[search]\nconsistency = \"distinct=check\"\n"),
    )
    .unwrap();
    let (_, by_section, code) = solve(&[path, "--count", "--stats"]);
    assert_eq!(code, 0, "{by_section}");
    let nodes = |stats: &str| {
        stats
            .lines()
            .find(|l| l.starts_with("nodes:"))
            .map(str::to_string)
    };
    assert_eq!(nodes(&by_flag), nodes(&by_section));
    // At `check` the 24 permutations are enumerated: 255 nodes, not 23.
    assert_eq!(nodes(&by_section).as_deref(), Some("nodes: 255"));
    // `--consistency LEVEL` overrides every level the spec gives, its named
    // ones in `[search]` too: at `propagate`, 23 nodes.
    let (_, overridden, code) = solve(&[path, "--count", "--stats", "--consistency", "propagate"]);
    assert_eq!(code, 0, "{overridden}");
    assert_eq!(nodes(&overridden).as_deref(), Some("nodes: 23"));
    std::fs::write(
        &file,
        format!("{spec}[search]\nconsistency = \"distinc=check\"\n"),
    )
    .unwrap();
    let (_, stderr, code) = solve(&[path, "--count"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("unknown constraint `distinc`") && stderr.contains(":6:15"),
        "{stderr}"
    );
    let _ = std::fs::remove_file(&file);
}
