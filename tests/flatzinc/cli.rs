//! `solve fzn` as `minizinc` runs it: the standard output (solutions,
//! `----------`, the ending line, `%%%mzn-stat:` lines), the standard
//! flags, a time limit and SIGTERM ending the run with what was printed
//! (exit 0), errors with the file's line and column (exit 2), and
//! `--install`. Answers are checked against enumerations written here.

use crate::{TempSpec, solve};
use std::collections::BTreeSet;

/// `n`-queens in FlatZinc, one variable per row, printed as `q`.
fn queens(n: usize) -> String {
    let mut text = String::new();
    for i in 1..=n {
        text.push_str(&format!("var 1..{n}: q{i};\n"));
    }
    let all: Vec<String> = (1..=n).map(|i| format!("q{i}")).collect();
    text.push_str(&format!(
        "array [1..{n}] of var int: q :: output_array([1..{n}]) = [{}];\n",
        all.join(",")
    ));
    for i in 1..=n {
        for j in i + 1..=n {
            let d = j - i;
            text.push_str(&format!("constraint int_ne(q{i}, q{j});\n"));
            text.push_str(&format!("constraint int_lin_ne([1,-1],[q{i},q{j}],{d});\n"));
            text.push_str(&format!(
                "constraint int_lin_ne([1,-1],[q{i},q{j}],-{d});\n"
            ));
        }
    }
    text.push_str("solve :: int_search(q, input_order, indomain_min, complete) satisfy;\n");
    text
}

/// Every `n`-queens placement, by enumeration.
fn queens_brute(n: usize) -> BTreeSet<Vec<i64>> {
    let mut out = BTreeSet::new();
    let total = (n as u64).pow(n as u32);
    for mut code in 0..total {
        let mut q = Vec::new();
        for _ in 0..n {
            q.push((code % n as u64) as i64 + 1);
            code /= n as u64;
        }
        let ok = (0..n)
            .all(|i| (i + 1..n).all(|j| q[i] != q[j] && (q[i] - q[j]).abs() != (j - i) as i64));
        if ok {
            let _ = out.insert(q);
        }
    }
    out
}

/// The solutions printed as `q = array1d(1..n, [...]);` blocks.
fn solutions(out: &str) -> Vec<Vec<i64>> {
    out.split("----------\n")
        .filter_map(|block| {
            let line = block.lines().find(|l| l.starts_with("q = "))?;
            let inside = line.split('[').nth(1)?.split(']').next()?;
            Some(
                inside
                    .split(", ")
                    .map(|v| v.parse().expect("a number"))
                    .collect(),
            )
        })
        .collect()
}

fn fzn(args: &[&str], text: &str) -> (String, String, i32) {
    let file = TempSpec::new("model-fzn", text);
    let mut all = vec!["fzn"];
    all.extend(args);
    all.push(file.path());
    solve(&all)
}

#[test]
fn every_solution_printed_then_the_search_said_complete() {
    let (out, err, code) = fzn(&["-a"], &queens(6));
    assert_eq!(code, 0, "{err}");
    let got: BTreeSet<Vec<i64>> = solutions(&out).into_iter().collect();
    assert_eq!(got, queens_brute(6));
    assert_eq!(solutions(&out).len(), 4, "no solution twice");
    assert!(out.contains("q = array1d(1..6, ["), "{out}");
    assert!(out.ends_with("----------\n==========\n"), "{out}");
}

#[test]
fn the_first_solution_or_n_of_them_say_nothing_of_completeness() {
    let (out, _, code) = fzn(&[], &queens(6));
    assert_eq!(code, 0);
    let first = solutions(&out);
    // Input order, smallest value first: the least placement.
    assert_eq!(
        first,
        vec![queens_brute(6).into_iter().next().expect("one")]
    );
    assert!(out.ends_with("----------\n"), "{out}");
    let (out, _, _) = fzn(&["-n", "3"], &queens(8));
    assert_eq!(solutions(&out).len(), 3);
    assert!(!out.contains("=========="), "{out}");
    // Fewer than asked: then the search is complete.
    let (out, _, _) = fzn(&["-n", "10"], &queens(6));
    assert_eq!(solutions(&out).len(), 4);
    assert!(out.ends_with("==========\n"), "{out}");
}

#[test]
fn no_solution_says_unsatisfiable() {
    let (out, _, code) = fzn(&["-a"], &queens(3));
    assert_eq!(code, 0);
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
}

/// `maximize 3x - 2y + 5b` over a few rules: the optimum by enumeration.
const OPTIMISE: &str = "\
var 0..6: x :: output_var;
var -2..4: y :: output_var;
var bool: b :: output_var;
var -20..30: obj :: output_var;
constraint int_lin_le([1,1],[x,y],5);
constraint int_lin_le_reif([1,-1],[x,y],0,b);
constraint int_times(x,y,obj);
solve maximize obj;
";

fn optimise_brute() -> i64 {
    let mut best = i64::MIN;
    for x in 0..=6i64 {
        for y in -2..=4i64 {
            if x + y <= 5 && (-20..=30).contains(&(x * y)) {
                best = best.max(x * y);
            }
        }
    }
    best
}

fn values_of(out: &str, name: &str) -> Vec<String> {
    let prefix = format!("{name} = ");
    out.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(|v| v.trim_end_matches(';').to_string())
        .collect()
}

#[test]
fn an_optimum_is_printed_last_and_proven_and_intermediate_ones_improve() {
    let best = optimise_brute().to_string();
    let (out, err, code) = fzn(&[], OPTIMISE);
    assert_eq!(code, 0, "{err}");
    assert_eq!(values_of(&out, "obj"), vec![best.clone()], "{out}");
    assert!(out.ends_with("----------\n==========\n"), "{out}");
    // Booleans print as truth values.
    let b = values_of(&out, "b");
    assert!(b == ["true"] || b == ["false"], "{out}");
    for flag in ["-a", "-i"] {
        let (out, _, _) = fzn(&[flag], OPTIMISE);
        let values: Vec<i64> = values_of(&out, "obj")
            .iter()
            .map(|v| v.parse().expect("a number"))
            .collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{flag}: {out}");
        assert_eq!(values.last().map(i64::to_string), Some(best.clone()));
        assert!(out.ends_with("==========\n"), "{out}");
    }
}

#[test]
fn statistics_are_mzn_stat_lines() {
    let (out, _, _) = fzn(&["-a", "-s"], &queens(6));
    for key in [
        "nodes",
        "failures",
        "solutions",
        "propagations",
        "solveTime",
    ] {
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("%%%mzn-stat: {key}="))),
            "{key}: {out}"
        );
    }
    assert!(out.contains("%%%mzn-stat: solutions=4\n"), "{out}");
    assert!(out.contains("%%%mzn-stat-end\n"), "{out}");
}

#[test]
fn threads_seeds_and_free_search_find_the_same_solutions() {
    let want = queens_brute(7);
    for flags in [&["-a", "-p", "2"][..], &["-a", "-f"], &["-a", "-r", "7"]] {
        let (out, err, code) = fzn(flags, &queens(7));
        assert_eq!(code, 0, "{flags:?}: {err}");
        let got: BTreeSet<Vec<i64>> = solutions(&out).into_iter().collect();
        assert_eq!(got, want, "{flags:?}");
        assert!(out.ends_with("==========\n"), "{flags:?}");
    }
}

/// `--search` sets solve's own order: every variable and value order,
/// last-conflict on and off, restarts, over a free search and over what
/// the annotations leave; the solutions are those of the enumeration.
#[test]
fn the_own_search_of_a_free_search_finds_the_same_solutions() {
    let want = queens_brute(6);
    for settings in [
        "var=activity last_conflict=on",
        "var=afc value=split",
        "var=dom-wdeg last_conflict=off value=max",
        "var=first-fail-random seed=3 value=split",
        "var=input last_conflict=on consistency=check",
    ] {
        for free in [true, false] {
            let mut flags = vec!["-a", "--search", settings];
            if free {
                flags.push("-f");
            }
            let (out, err, code) = fzn(&flags, &queens(6));
            assert_eq!(code, 0, "{flags:?}: {err}");
            let got: BTreeSet<Vec<i64>> = solutions(&out).into_iter().collect();
            assert_eq!(got, want, "{flags:?}");
        }
    }
    // Restarts apply to a first solution; it is one of the enumeration's.
    let (out, err, code) = fzn(
        &[
            "-f",
            "--search",
            "var=dom-wdeg restart=luby restart_scale=1",
        ],
        &queens(8),
    );
    assert_eq!(code, 0, "{err}");
    assert!(queens_brute(8).contains(&solutions(&out)[0]), "{out}");
}

/// A bad `--search` is a usage error that names the flag and what it
/// expected, never ignored.
#[test]
fn a_bad_own_search_is_an_error() {
    for (settings, says) in [
        ("var=dom-wdge", "did you mean `dom-wdeg`?"),
        ("last_conflict=maybe", "expected `on` or `off`"),
        ("speed=fast", "unknown key `speed`"),
        ("order=q1,q2", "need a spec's names"),
        ("fast", "takes KEY=VALUE items only"),
    ] {
        let (_, err, code) = fzn(&["-f", "--search", settings], &queens(4));
        assert_eq!(code, 2, "{settings}: {err}");
        assert!(err.contains(says), "{settings}: {err}");
    }
}

#[test]
fn a_time_limit_ends_the_run_with_what_was_printed() {
    // 12-queens has 14,200 solutions: far more than 50 ms lists.
    let (out, err, code) = fzn(&["-a", "-t", "50"], &queens(12));
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("=========="), "a cut search is not complete");
    let blocks = solutions(&out);
    assert!(blocks.len() < 14_200);
    assert!(
        out.ends_with("----------\n") || out == "=====UNKNOWN=====\n",
        "{}",
        &out[out.len().saturating_sub(200)..]
    );
}

#[test]
fn sigterm_ends_the_run_with_what_was_printed() {
    use std::io::{BufRead as _, BufReader};
    let file = TempSpec::new("model-fzn", &queens(14));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(["fzn", "-a", file.path()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("solve runs");
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    while !first.ends_with("----------\n") {
        assert_ne!(reader.read_line(&mut first).expect("a line"), 0, "{first}");
    }
    let kill = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut reader, &mut rest);
    let status = child.wait().expect("solve ends");
    assert_eq!(status.code(), Some(0));
    let all = first + &rest;
    assert!(
        all.ends_with("----------\n"),
        "{}",
        &all[all.len().saturating_sub(200)..]
    );
    assert!(!all.contains("=========="));
}

#[test]
fn bad_flatzinc_is_one_error_at_its_line_and_column() {
    let cases = [
        (
            "var 1..3: x;\nvar float: f;\nsolve satisfy;\n",
            "2:1",
            "float",
        ),
        (
            "var 1..3: x;\nconstraint int_frobnicate(x, 2);\nsolve satisfy;\n",
            "2:1",
            "unknown FlatZinc constraint `int_frobnicate`",
        ),
        (
            "var 1..3: x;\nconstraint int_le(x);\nsolve satisfy;\n",
            "2:1",
            "`int_le` takes 2 arguments, found 1",
        ),
        (
            "var 1..3: x\nsolve satisfy;\n",
            "2:1",
            "FlatZinc syntax: expected `;`",
        ),
        (
            "var 1..3: x;\nconstraint int_le(x, zz);\nsolve satisfy;\n",
            "2:22",
            "unknown name `zz`",
        ),
    ];
    for (text, at, says) in cases {
        let (out, err, code) = fzn(&[], text);
        assert_eq!(code, 2, "{text}: {err}");
        assert_eq!(out, "");
        assert!(err.contains(says), "{text}: {err}");
        assert!(err.contains(&format!(".toml:{at}")), "{text}: {err}");
        assert_eq!(err.matches("error").count(), 1, "{err}");
    }
}

#[test]
fn install_writes_a_solver_configuration_and_the_library() {
    let dir = std::env::temp_dir().join(format!("solve-test-{}-install", std::process::id()));
    let dir_text = dir.to_str().expect("UTF-8");
    let (out, err, code) = solve(&["fzn", "--install", dir_text]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("MZN_SOLVER_PATH="), "{out}");
    let msc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("solve.msc")).expect("the .msc"))
            .expect("JSON");
    assert_eq!(msc["id"], "org.solve.solve");
    let script = dir.join(msc["executable"].as_str().expect("a path"));
    let (lib, exe) = (dir.join("solve/mznlib"), std::fs::read_to_string(&script));
    assert!(exe.expect("the script").contains("' fzn \"$@\""));
    assert!(lib.join("fzn_all_different_int.mzn").is_file());
    assert!(
        std::fs::read_to_string(lib.join("redefinitions.mzn"))
            .expect("redefinitions")
            .contains("include \"nosets.mzn\";")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `n` pigeons in `n - 1` holes, pairwise different: unsatisfiable, and
/// only a search of thousands of nodes says so (for `n` = 8).
fn pigeons(n: usize) -> String {
    let mut text = String::new();
    for i in 1..=n {
        text.push_str(&format!("var 1..{}: p{i} :: output_var;\n", n - 1));
    }
    for i in 1..=n {
        for j in i + 1..=n {
            text.push_str(&format!("constraint int_ne(p{i}, p{j});\n"));
        }
    }
    text.push_str("solve satisfy;\n");
    text
}

fn stat(out: &str, key: &str) -> u64 {
    let prefix = format!("%%%mzn-stat: {key}=");
    let line = out.lines().find_map(|l| l.strip_prefix(&prefix));
    line.and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no {key}: {out}"))
}

/// Solve's own order takes turns with AFC and its restarts by default
/// (the restarts, which first-fail alone never makes, show it ran);
/// `--interleave` names another or none, and an explicit `--search`
/// choice leaves the own order alone. Every way proves there is nothing.
#[test]
fn the_own_search_takes_turns_with_a_second_unless_told() {
    for (flags, interleaved) in [
        (&[][..], true),
        (&["--interleave", "none"][..], false),
        (&["--search", "var=first-fail"][..], false),
        (
            &[
                "--search",
                "var=input",
                "--interleave",
                "var=dom-wdeg restart=luby",
            ][..],
            true,
        ),
        (&["--interleave", "var=activity"][..], false),
    ] {
        let mut all = vec!["-s"];
        all.extend(flags);
        let (out, err, code) = fzn(&all, &pigeons(8));
        assert_eq!(code, 0, "{flags:?}: {err}");
        assert!(out.contains("=====UNSATISFIABLE====="), "{flags:?}: {out}");
        assert_eq!(stat(&out, "restarts") > 0, interleaved, "{flags:?}: {out}");
    }
    // A search for every solution takes the own order alone.
    let (out, _, _) = fzn(&["-a", "-s"], &queens(6));
    assert_eq!(stat(&out, "restarts"), 0, "{out}");
}

/// A bad `--interleave` is a usage error that names what it takes.
#[test]
fn a_bad_interleave_is_an_error() {
    for (settings, says) in [
        ("var=afcc", "did you mean `afc`?"),
        ("seed=3", "the second search has no key `seed`"),
        ("nothing", "`nothing` is not KEY=VALUE"),
    ] {
        let (_, err, code) = fzn(&["--interleave", settings], &queens(4));
        assert_eq!(code, 2, "{settings}: {err}");
        assert!(err.contains(says), "{settings}: {err}");
    }
}

/// A warm start, alone or in `warm_start_array`, is said once on stderr
/// as an annotation solve does not use (never passed over in silence);
/// the search beside it in a `seq_search` still applies.
#[test]
fn a_warm_start_array_is_noted_once_and_the_search_beside_it_applies() {
    let text = queens(6).replace(
        "solve :: int_search(q, input_order, indomain_min, complete) satisfy;",
        "solve :: seq_search([warm_start_array([warm_start([q1], [2]), warm_start([q2], [4])]), \
         int_search(q, input_order, indomain_max, complete)]) satisfy;",
    );
    let (out, err, code) = fzn(&[], &text);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err.matches("`warm_start` is not used by solve").count(),
        1,
        "{err}"
    );
    // Input order, largest value first: the greatest placement.
    let last = queens_brute(6).into_iter().next_back().expect("one");
    assert_eq!(solutions(&out), vec![last], "{out}");
}
