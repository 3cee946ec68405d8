//! Parallel search and parts for a cluster: the answers do not depend on
//! the number of threads (the count, the solutions printed and their
//! order, the optimum), the parts of a split are disjoint and cover the
//! search (their counts add up to the sequential count, checked against
//! PUZZLES.md's figures), `solve merge` puts them back together and names
//! a missing or repeated part, and limits stop every thread.

use crate::{TempSpec, interrupted, solve_with};

/// Every search spreads over its threads, however small (a search of
/// under 1,000 nodes otherwise stays on one thread).
const SPREAD: [(&str, &str); 1] = [("SOLVE_ALONE_NODES", "0")];

fn solve(args: &[&str]) -> (String, String, i32) {
    solve_with(args, &SPREAD)
}
use std::process::Command;
use std::time::Duration;

const THREADS: [&str; 4] = ["1", "2", "3", "8"];

/// stdout and the exit code of `solve args -j N`.
fn with_threads(args: &[&str], n: &str) -> (String, i32) {
    let mut all = args.to_vec();
    all.extend(["-j", n]);
    let (stdout, stderr, code) = solve(&all);
    assert!(code <= 1, "{all:?}: exit {code}\n{stderr}");
    (stdout, code)
}

/// Every shipped spec that is searched (not a game or a puzzle of moves):
/// `--count`, `--all`, `--limit 3` and the first solution print the same
/// bytes with 1, 2, 3 and 8 threads. `magic.toml` draws values at random:
/// its solutions are the same set, in another order. (The improving
/// solutions of an objective depend on the threads: see the next test.)
#[test]
fn shipped_specs_answer_the_same_with_any_number_of_threads() {
    let specs = [
        "specs/queens.toml",
        "specs/magic8.toml",
        "specs/magic8-primes.toml",
        "specs/magic9.toml",
        "specs/zebra.toml",
        "specs/nonogram.toml",
        "specs/dominating-queens.toml",
        "specs/magic.toml",
    ];
    for spec in specs {
        for mode in [&["--count"][..], &["--all"], &["--limit", "3"], &[]] {
            if spec.contains("dominating") && mode.is_empty() {
                continue;
            }
            let mut args = vec![spec];
            args.extend(mode);
            let random = spec.ends_with("/magic.toml") && !mode.contains(&"--count");
            if random {
                args.push("--json");
            }
            let one = with_threads(&args, "1");
            for n in &THREADS[1..] {
                let many = with_threads(&args, n);
                if random && mode.is_empty() {
                    // A first solution under random values: any solution.
                    assert_eq!(many.1, one.1, "{args:?} -j {n}");
                } else if random && mode.contains(&"--all") {
                    let sorted = |s: &str| {
                        let mut lines: Vec<String> = s.lines().map(String::from).collect();
                        lines.sort();
                        lines
                    };
                    assert_eq!(sorted(&many.0), sorted(&one.0), "{args:?} -j {n}");
                } else if !random {
                    assert_eq!(many, one, "{args:?} -j {n}");
                }
            }
        }
    }
}

/// Queens n = 12 without symmetry breaking: 14,200 (PUZZLES.md), and the
/// same nodes and failures as one thread (the split's nodes and the
/// parts' add up to the sequential tree); `--stats` says the parts.
#[test]
fn threads_count_every_node_once() {
    let args = [
        "specs/queens.toml",
        "--set",
        "n=12",
        "--no-symmetry",
        "--count",
        "--stats",
    ];
    let stat = |stderr: &str, key: &str| -> String {
        stderr
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("no {key} in {stderr}"))
            .to_string()
    };
    let run = |n: &str| {
        let mut all = args.to_vec();
        all.extend(["-j", n]);
        let (stdout, stderr, code) = solve(&all);
        assert_eq!((stdout.trim(), code), ("14200", 0), "{stderr}");
        stderr
    };
    let one = run("1");
    assert!(!one.contains("parts:"), "{one}");
    for n in ["2", "3"] {
        let many = run(n);
        for key in ["nodes", "failures", "solutions"] {
            assert_eq!(stat(&many, key), stat(&one, key), "{key} with -j {n}");
        }
        assert!(stat(&many, "threads").starts_with(n), "{many}");
    }
}

/// The best solution of branch and bound is the sequential one, and the
/// optimal solutions are listed in the same order, for any number of
/// threads (dominating queens n = 6: 3 queens, OEIS A075458).
#[test]
fn the_optimum_does_not_depend_on_the_threads() {
    let last_block = |s: &str| {
        let blocks: Vec<&str> = s.trim_end().split("\n\n").collect();
        blocks[blocks.len().saturating_sub(2)..].join("\n\n")
    };
    let spec = "specs/dominating-queens.toml";
    let one = with_threads(&[spec, "--set", "n=6"], "1");
    let all_one = with_threads(&[spec, "--set", "n=6", "--all"], "1");
    assert!(one.0.ends_with("optimal: 3\n"), "{}", one.0);
    for n in &THREADS[1..] {
        let many = with_threads(&[spec, "--set", "n=6"], n);
        assert_eq!(last_block(&many.0), last_block(&one.0), "-j {n}");
        let all = with_threads(&[spec, "--set", "n=6", "--all"], n);
        assert_eq!(all, all_one, "--all -j {n}");
    }
}

/// The result lines of `--part K/N --json` for every K.
fn part_lines(args: &[&str], parts: u64) -> Vec<String> {
    (0..parts)
        .map(|k| {
            let part = format!("{k}/{parts}");
            let mut all = args.to_vec();
            all.extend(["--part", &part, "--json"]);
            let (stdout, stderr, code) = solve(&all);
            assert!(code <= 1, "{all:?}: exit {code}\n{stderr}");
            assert_eq!(stdout.lines().count(), 1, "{stdout}");
            stdout
        })
        .collect()
}

/// `solve merge` of these lines (through a file each).
fn merge(lines: &[String], extra: &[&str]) -> (String, String, i32) {
    let files: Vec<TempSpec> = lines
        .iter()
        .map(|l| TempSpec::new("part-result", l))
        .collect();
    let mut args = vec!["merge"];
    args.extend(files.iter().map(|f| f.path()));
    args.extend(extra);
    solve(&args)
}

/// The parts are disjoint and cover the search: the counts of all parts,
/// each solved alone, add up to the sequential count (queens n = 8: 92),
/// and their merged `--all` is byte for byte the sequential `--all`.
#[test]
fn parts_are_disjoint_and_cover_the_search() {
    let queens = ["specs/queens.toml", "--no-symmetry"];
    let (sequential, _, _) = solve(&["specs/queens.toml", "--no-symmetry", "--all", "-j", "1"]);
    for parts in [1, 3, 7] {
        let mut total = 0;
        for k in 0..parts {
            let part = format!("{k}/{parts}");
            let (stdout, stderr, code) = solve(&[queens[0], queens[1], "--count", "--part", &part]);
            assert!(code <= 1, "{stderr}");
            total += stdout.trim().parse::<u64>().expect(&stdout);
        }
        assert_eq!(total, 92, "{parts} parts");
        let lines = part_lines(&[queens[0], queens[1], "--all"], parts);
        let (merged, stderr, code) = merge(&lines, &[]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(merged, sequential, "{parts} parts");
    }
}

/// A part's first solution is its own, the first its `--all` lists, on
/// one thread and on two (queens n = 10 in 4 parts: the later parts' first
/// solutions are not the whole search's).
#[test]
fn a_part_finds_its_own_first_solution() {
    let spec = ["specs/queens.toml", "--set", "n=10", "--no-symmetry"];
    let first_block = |s: &str| {
        s.split("\n\n")
            .next()
            .unwrap_or_default()
            .trim_end()
            .to_string()
    };
    let run = |k: u64, extra: &[&str]| {
        let part = format!("{k}/4");
        let mut args = spec.to_vec();
        args.extend(["--part", &part]);
        args.extend(extra);
        let (stdout, stderr, code) = solve(&args);
        assert!(code <= 1, "{args:?}: exit {code}\n{stderr}");
        first_block(&stdout)
    };
    let whole = first_block(&solve(&[spec[0], spec[1], spec[2], spec[3], "-j", "1"]).0);
    let mut own = 0;
    for k in 0..4 {
        let listed = run(k, &["--all", "-j", "1"]);
        own += usize::from(listed != whole);
        for threads in ["1", "2"] {
            assert_eq!(run(k, &["-j", threads]), listed, "part {k}/4, -j {threads}");
        }
    }
    assert!(
        own >= 2,
        "only {own} parts start elsewhere than the whole search"
    );
}

/// Queens n = 10: 724 (PUZZLES.md) from 5 parts; a part missing or given
/// twice is named (exit 3); parts of another `--set` value are refused
/// (exit 2).
#[test]
fn merge_names_missing_and_repeated_parts() {
    let args = [
        "specs/queens.toml",
        "--set",
        "n=10",
        "--no-symmetry",
        "--count",
    ];
    let lines = part_lines(&args, 5);
    let (stdout, stderr, code) = merge(&lines, &[]);
    assert_eq!((stdout.as_str(), code), ("724\n", 0), "{stderr}");

    let (stdout, stderr, code) = merge(&lines[1..], &[]);
    assert_eq!((stdout.as_str(), code), ("", 3));
    assert!(stderr.contains("missing: part 0 of 5"), "{stderr}");

    let mut twice = lines.clone();
    twice.push(lines[3].clone());
    let (_, stderr, code) = merge(&twice, &[]);
    assert_eq!(code, 3);
    assert!(stderr.contains("given twice: part 3 of 5"), "{stderr}");

    let mut other = lines.clone();
    let n9 = [
        "specs/queens.toml",
        "--set",
        "n=9",
        "--no-symmetry",
        "--count",
    ];
    other[2] = part_lines(&n9, 5).remove(2);
    let (_, stderr, code) = merge(&other, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not of the same run"), "{stderr}");
}

/// With an objective the merged optimum and its optimal solutions are
/// those of one run (dominating queens n = 6: 3).
#[test]
fn merge_takes_the_best_value_of_the_parts() {
    let spec = ["specs/dominating-queens.toml", "--set", "n=6"];
    for mode in [&["--all"][..], &["--count"], &[]] {
        let mut args = spec.to_vec();
        args.extend(mode);
        let lines = part_lines(&args, 4);
        let (merged, stderr, code) = merge(&lines, &[]);
        assert_eq!(code, 0, "{stderr}");
        args.extend(["-j", "1"]);
        let (one, _, _) = solve(&args);
        if mode.is_empty() {
            // One run prints its improving solutions first: the merged
            // run prints the optimum, the same last solution.
            assert!(one.ends_with(&merged), "{merged}\n---\n{one}");
        } else {
            assert_eq!(merged, one, "{mode:?}");
        }
    }
}

/// `--part` refuses what it cannot mean, with a clear message.
#[test]
fn bad_parts_are_refused() {
    for (args, message) in [
        (&["--part", "4/4"][..], "numbered 0 to 3"),
        (&["--part", "1"], "--parts N"),
        (&["--part", "1/0"], "1 to"),
        (&["--part", "1/4", "--parts", "5"], "--parts says 5"),
        (&["--parts", "4"], "needs --part K"),
        (
            &["--part", "0/2", "--unique"],
            "--part cannot go with --unique",
        ),
    ] {
        let mut all = vec!["specs/queens.toml"];
        all.extend(args);
        let (_, stderr, code) = solve(&all);
        assert_eq!(code, 2, "{all:?}: {stderr}");
        assert!(stderr.contains(message), "{all:?}: {stderr}");
    }
}

/// A time limit and Ctrl-C stop both threads: a partial count (a number)
/// and exit 3.
#[test]
fn limits_stop_every_thread() {
    let big = [
        "specs/queens.toml",
        "--set",
        "n=16",
        "--no-symmetry",
        "--count",
        "-j",
        "2",
    ];
    let mut timed = big.to_vec();
    timed.extend(["--time-limit", "0.5"]);
    let started = std::time::Instant::now();
    let (stdout, stderr, code) = solve(&timed);
    assert_eq!(code, 3, "{stderr}");
    let _ = crate::stopped_count(&stdout, "the time limit ran out");
    assert!(stderr.contains("the time limit ran out"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(10));

    let (stdout, stderr, code) = interrupted(&big, Duration::from_millis(700));
    assert_eq!(code, 3, "{stderr}");
    let _ = crate::stopped_count(&stdout, "interrupted (Ctrl-C)");
    assert!(stderr.contains("Ctrl-C"), "{stderr}");

    // A node limit is one budget for all threads.
    let mut nodes = big.to_vec();
    nodes.extend(["--node-limit", "5000", "--stats"]);
    let (_, stderr, code) = solve(&nodes);
    assert_eq!(code, 3, "{stderr}");
    let visited: u64 = stderr
        .lines()
        .find_map(|l| l.strip_prefix("nodes: "))
        .and_then(|n| n.parse().ok())
        .expect(&stderr);
    assert!(visited <= 5000, "{visited} nodes for a limit of 5000");
}

/// The README's GNU parallel recipe: every part on this machine, merged.
/// Skipped (said on stderr) where GNU parallel is not installed, unless
/// SOLVE_REQUIRE_PARALLEL is set (CI installs it and sets it).
#[test]
fn gnu_parallel_recipe_merges_to_the_sequential_count() {
    let found = Command::new("parallel").arg("--version").output();
    if found.is_err() {
        assert!(
            std::env::var_os("SOLVE_REQUIRE_PARALLEL").is_none(),
            "GNU parallel is required and not installed"
        );
        eprintln!("skipped: GNU parallel is not installed");
        return;
    }
    let solve = env!("CARGO_BIN_EXE_solve");
    let recipe = format!(
        "parallel --will-cite -j 2 '{solve} specs/queens.toml --set n=10 --no-symmetry --count --part {{}}/8 --json' ::: $(seq 0 7) | {solve} merge"
    );
    let output = Command::new("sh")
        .args(["-c", &recipe])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        stdout.trim(),
        "724",
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A small search (under 1,000 nodes) stays on one thread: its figures
/// are the sequential ones, propagations included, and no parts are made
/// (queens n = 8 with symmetry breaking: 12 classes, PUZZLES.md).
#[test]
fn a_small_search_stays_sequential() {
    let run = |n: &str| crate::solve(&["specs/queens.toml", "--count", "--stats", "-j", n]);
    let (one, one_err, _) = run("1");
    let (two, two_err, _) = run("2");
    assert_eq!(one.trim(), "12");
    assert_eq!(two, one);
    let figures = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with("time:"))
            .map(String::from)
            .collect()
    };
    assert_eq!(figures(&two_err), figures(&one_err));
}

/// A node limit that cuts a part: what is printed is a prefix of the
/// sequential solutions (never a later part's past the gap), and a run
/// that the limit did not stop prints them all; a limit the sequential
/// search fits in is enough for the threads too (queens n = 11 without
/// symmetry breaking: 2,680, PUZZLES.md; with it: 341 in 4,608 nodes).
#[test]
fn a_node_limit_keeps_a_prefix_and_is_enough() {
    let base = ["specs/queens.toml", "--set", "n=11", "--json"];
    let mut one = base.to_vec();
    one.extend(["--limit", "196", "-j", "1"]);
    let (all, _, _) = solve(&one);
    for limit in ["1500", "3000", "20000"] {
        let mut many = base.to_vec();
        many.extend(["--limit", "196", "-j", "2", "--node-limit", limit]);
        let (some, stderr, code) = solve(&many);
        assert!(all.starts_with(&some), "--node-limit {limit}: not a prefix");
        assert_eq!(
            code == 0,
            some == all,
            "--node-limit {limit}: exit {code}\n{stderr}"
        );
    }
    // 4,700 nodes are enough for the whole search (4,608) whatever the
    // threads hold unused at a moment: a thread out of nodes waits for
    // those the others give back. Repeated: it once failed one run in two.
    for threads in ["1", "2", "3", "4"].repeat(5) {
        let args = [
            "specs/queens.toml",
            "--set",
            "n=11",
            "--count",
            "--node-limit",
            "4700",
            "-j",
            threads,
        ];
        let (stdout, stderr, code) = solve(&args);
        assert_eq!((stdout.trim(), code), ("341", 0), "-j {threads}: {stderr}");
    }
}

/// `[search] threads = N` sets the threads (the flag overrides it); more
/// than 1,024 is refused at its place in the spec.
#[test]
fn the_spec_may_set_the_threads() {
    let spec = |threads: &str| {
        format!(
            "[params]\nn = 8\n[vars]\nq = {{ index = \"0..n-1\", domain = \"0..n-1\" }}\n[constraints]\nrows = \"alldifferent(q)\"\nd = \"alldifferent(q[c] + c for c in 0..n-1)\"\na = \"alldifferent(q[c] - c for c in 0..n-1)\"\n[search]\nthreads = {threads}\n"
        )
    };
    let three = TempSpec::new("threads", &spec("3"));
    let (stdout, stderr, code) = solve(&[three.path(), "--count", "--stats"]);
    assert_eq!((stdout.trim(), code), ("92", 0), "{stderr}");
    assert!(stderr.contains("threads: 3,"), "{stderr}");
    let (_, stderr, _) = solve(&[three.path(), "--count", "--stats", "-j", "2"]);
    assert!(stderr.contains("threads: 2,"), "{stderr}");
    let many = TempSpec::new("threads", &spec("5000"));
    let (_, stderr, code) = solve(&[many.path(), "--count"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("expected at most 1024 threads"), "{stderr}");
    assert!(stderr.contains(":10:11"), "{stderr}");
}

/// Every secret at once (`solve play --all-secrets`): the tree of guesses
/// is cut into subtrees the threads take, and the record (every secret's
/// guesses, through the histogram and the hardest secrets) does not
/// depend on the threads. Oracles: every code is played (6^4 = 1296 for
/// Mastermind, 10*9*8*7 = 5040 for moo) and Knuth's minimax from his
/// opening needs at most 5 guesses (Knuth 1976).
#[test]
fn every_secret_plays_the_same_with_any_number_of_threads() {
    let runs: [(&str, &[&str], u64); 5] = [
        ("specs/moo.toml", &["--strategy", "first"], 5040),
        ("specs/moo.toml", &["--strategy", "expected"], 5040),
        ("specs/mastermind.toml", &["--strategy", "entropy"], 1296),
        ("specs/mastermind.toml", &["--strategy", "first"], 1296),
        (
            "specs/mastermind.toml",
            &["--strategy", "minimax", "--opening", "red,red,green,green"],
            1296,
        ),
    ];
    for (spec, strategy, codes) in runs {
        let mut args = vec!["play", spec, "--all-secrets", "--json"];
        args.extend(strategy);
        let (one, _) = with_threads(&args, "1");
        let record: serde_json::Value = serde_json::from_str(&one).expect("JSON");
        assert_eq!(record["secrets"], codes, "{args:?}");
        let played: u64 = record["histogram"]
            .as_object()
            .expect("a histogram")
            .values()
            .map(|v| v.as_u64().expect("a count"))
            .sum();
        assert_eq!(played, codes, "{args:?}");
        if strategy.contains(&"minimax") {
            assert_eq!(record["maximum"], 5, "{args:?}");
        }
        for n in &THREADS[1..] {
            assert_eq!(with_threads(&args, n).0, one, "{args:?} -j {n}");
        }
    }
}

/// A time limit stops the threads playing every secret: exit 3 and a
/// message, never a partial record.
#[test]
fn a_time_limit_stops_every_secret() {
    for strategy in ["first", "minimax"] {
        let (stdout, stderr, code) = solve(&[
            "play",
            "specs/moo.toml",
            "--all-secrets",
            "--strategy",
            strategy,
            "-j",
            "2",
            "--time-limit",
            "0.05",
        ]);
        assert_eq!(code, 3, "{strategy}: {stderr}");
        assert!(stdout.is_empty(), "{strategy}: {stdout}");
        assert!(stderr.contains("limit"), "{strategy}: {stderr}");
    }
}

/// `solve analyze` enumerates the positions with the parallel search and
/// finds the moves in blocks the threads take: the same figures with any
/// number of threads. Oracles (Reinefeld 1993): the 8-puzzle's 9! =
/// 362,880 positions, half of them solvable, the farthest 31 moves from
/// the goal, and two of them.
#[test]
fn analyze_answers_the_same_with_any_number_of_threads() {
    let args = ["analyze", "specs/eight-puzzle.toml", "--json"];
    let (one, _) = with_threads(&args, "1");
    let figures: serde_json::Value = serde_json::from_str(&one).expect("JSON");
    assert_eq!(figures["positions"], 362_880);
    assert_eq!(figures["solvable"], 181_440);
    assert_eq!(figures["longest"], 31);
    assert_eq!(figures["hardest"].as_array().map(Vec::len), Some(2));
    assert_eq!(with_threads(&args, "3").0, one, "-j 3");
    for spec in ["specs/water-jugs.toml", "specs/flipit.toml"] {
        let args = ["analyze", spec, "--json"];
        let (one, _) = with_threads(&args, "1");
        assert_eq!(with_threads(&args, "8").0, one, "{spec} -j 8");
    }
}

/// Found by the differential tester: under `--consistency check` the
/// auxiliary variables of a product (domains of thousands of values,
/// nothing propagates) made the split a chain of right branches one value
/// apart, each replayed from the root: with 2 threads the count ran for
/// minutes where one thread takes 0.1 s. The split now stops at a budget
/// of replayed decisions; the count is the brute-force one (the 8
/// assignments of three variables in {2, 3}, the product of x[i] * x[j]
/// over every pair is never in 1..2, while x[2] > 2 holds for 4 of them).
#[test]
fn a_split_that_barely_shrinks_the_search_stops() {
    let spec = TempSpec::new(
        "split-chain",
        "[vars]\nx = { index = \"2..4\", domain = \"{2, 3}\" }\n[constraints]\n\
         c0 = \"product([j for i in x for j in x]) in 1..2 or x[2] > 2\"\n",
    );
    for n in ["1", "2"] {
        let (stdout, stderr, code) = solve(&[
            spec.path(),
            "--count",
            "--consistency",
            "check",
            "--time-limit",
            "60",
            "-j",
            n,
        ]);
        assert_eq!((stdout.trim(), code), ("4", 0), "-j {n}: {stderr}");
    }
}

/// A learning order's first solution on many threads is a portfolio: the
/// whole search beside the parts, the first solution found printed. It is
/// a solution (checked here against the rules), every thread count
/// proves a model without one to have none, and `--stats` counts the
/// whole search and the parts.
#[test]
fn a_learning_order_finds_a_first_solution_on_any_number_of_threads() {
    let queens = |q: &[i64]| {
        (0..q.len()).all(|i| {
            (i + 1..q.len()).all(|j| q[i] != q[j] && (q[i] - q[j]).abs() != (j - i) as i64)
        })
    };
    for order in [
        &["--var", "dom-wdeg"][..],
        &["--var", "activity"],
        &["--var", "afc"],
        &["--last-conflict", "on"],
        &[
            "--var",
            "dom-wdeg",
            "--restart",
            "luby",
            "--restart-scale",
            "2",
        ],
    ] {
        for n in THREADS {
            let mut args = vec!["specs/queens.toml", "--set", "n=10", "--json"];
            args.extend(order);
            let (out, code) = with_threads(&args, n);
            assert_eq!(code, 0, "{args:?} -j {n}");
            let q: Vec<i64> = out
                .split(['[', ']'])
                .nth(1)
                .expect("a list of queens")
                .split(',')
                .map(|v| v.trim().parse().expect("a number"))
                .collect();
            assert!(q.len() == 10 && queens(&q), "{args:?} -j {n}: {out}");
        }
    }
    let pigeons = TempSpec::new(
        "pigeons-learning",
        "[vars]\nhole = { index = \"1..6\", domain = \"1..5\" }\n[constraints]\napart = \"alldifferent(hole)\"\n[search]\nvar = \"dom-wdeg\"\nlast_conflict = true\n",
    );
    for n in THREADS {
        let (out, code) = with_threads(&[pigeons.path()], n);
        assert_eq!((out.trim(), code), ("no solution", 1), "-j {n}");
    }
    let (_, stderr, code) = solve(&[
        "specs/queens.toml",
        "--set",
        "n=10",
        "--var",
        "dom-wdeg",
        "-j",
        "2",
        "--stats",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("threads: 2, parts: "), "{stderr}");
}

/// The parts may prove the optimum while the solution that set it, the
/// whole search's, is still unheard (its events come when it ends, and the
/// proof stops it): the optimum and its solution are printed all the
/// same, never "no solution". Found by the differential tester (model 308
/// of seed 1, about one run in 600 on two cores before the fix); run here
/// 300 times, 4 at once, to give the race its chances (a run in 600 is
/// a chance in three of being caught here). a + b + c is at least
/// 2 + 0 + 1 by the domains, and the differential tester's brute force
/// found that solution.
#[test]
fn an_optimum_the_parts_prove_keeps_its_solution() {
    let spec = TempSpec::new("parts-prove-the-optimum", PARTS_PROVE);
    let path = spec.path().to_string();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            let path = &path;
            let _ = scope.spawn(move || {
                for _ in 0..75 {
                    let (out, err, code) =
                        solve(&[path, "--var", "input", "--value", "split", "-j", "3"]);
                    assert_eq!(code, 0, "{out}{err}");
                    assert!(
                        out.ends_with("a = 2\nb = 0\nc = 1\n\noptimal: 3\n"),
                        "{out}"
                    );
                }
            });
        }
    });
}

const PARTS_PROVE: &str = r#"[params]
q = "[[-1, -2, 1], [-3, 2, 4]]"
[vars]
a = "2..3"
b = "0..3"
c = "1..5"
[functions]
g = "(u, v) => increasing(u >= u, max(u, v), u / -2)"
[constraints]
c0 = { rule = "connected([len([-1]) != b, a <= -1, [i % (-1 - a) for i in -2..-1][a] > [4, 1, -1, 4][0 - a]], [[0, 1]])", consistency = "check" }
c1 = "alldifferent_except([-1, a], [1])"
c2 = { rule = "member([sum([b, a % a, b])], 1 / (c - 3))", consistency = "bounds" }
c3 = "alldifferent(c + 0, a + 1)"
c4 = "alldifferent(c + -2, a + -1)"

[objective]
minimize = "a + b + c"
"#;
