//! What the command line prints for each question the driver answers
//! (`src/driver/`), pinned whole: the first solution, all, a limit, a
//! count, with and without an objective, whole or cut by a limit. The
//! figures follow from a brute force done by hand in each comment.

use crate::Case;

/// x, y, z in 1..4, x != y, maximize x*y + z: the best is 3*4 + 4 = 16,
/// reached by (3, 4, 4) and (4, 3, 4) alone; the search (input order,
/// smallest value first) improves 3, 4, ... on its way.
const BEST: &str = r#"[vars]
x = "1..4"
y = "1..4"
z = "1..4"
[constraints]
apart = "x != y"
[objective]
maximize = "x * y + z"
[output]
template = "{x} {y} {z}"
"#;

/// x + y == 7 with x, y in 1..3: no solution.
const NONE: &str = r#"[vars]
x = "1..3"
y = "1..3"
[constraints]
sum = "x + y == 7"
"#;

#[test]
fn the_best_is_its_improving_solutions_then_the_optimum() {
    let improving = [
        "1 2 1", "1 2 2", "1 2 3", "1 2 4", "1 3 4", "1 4 4", "2 3 3", "2 3 4", "2 4 3", "2 4 4",
        "3 4 1", "3 4 2", "3 4 3", "3 4 4",
    ];
    Case::new()
        .spec(BEST)
        .args(&["spec.toml", "-j", "1"])
        .stdout(&format!("{}\n\noptimal: 16\n", improving.join("\n\n")))
        .run();
}

#[test]
fn all_count_and_a_limit_are_of_the_optimal_solutions_after_the_optimum() {
    Case::new()
        .spec(BEST)
        .args(&["spec.toml", "--all"])
        .stdout("optimal: 16\n\n3 4 4\n\n4 3 4\n\n2 solutions\n")
        .run();
    Case::new()
        .spec(BEST)
        .args(&["spec.toml", "--count"])
        .stdout("optimal: 16\n2\n")
        .run();
    Case::new()
        .spec(BEST)
        .args(&["spec.toml", "--limit", "1"])
        .stdout("optimal: 16\n\n3 4 4\n\n1 solution\n")
        .run();
    Case::new()
        .spec(BEST)
        .args(&["spec.toml", "--all", "--json"])
        .stdout("{\"optimal\":16}\n{\"x\":3,\"y\":4,\"z\":4}\n{\"x\":4,\"y\":3,\"z\":4}\n")
        .run();
}

/// Three nodes reach the first solution (1, 2, 1), worth 3, and no more.
#[test]
fn a_limit_in_the_branch_and_bound_leaves_the_best_found() {
    Case::new()
        .spec(BEST)
        .args(&["spec.toml", "--node-limit", "3", "-j", "1"])
        .stdout("1 2 1\n\nbest found: 3 (not proven optimal)\n")
        .stderr("solve: the node limit was reached before the optimum was proven\n")
        .status(3)
        .run();
}

/// The count's figures with `--stats`: 17 solutions met by the branch
/// and bound and the fixed search together, the time whatever it was.
#[test]
fn stats_follow_the_answer() {
    Case::new()
        .spec(BEST)
        .args(&["spec.toml", "--count", "--stats", "-j", "1"])
        .stdout("optimal: 16\n2\n")
        .stderr(
            "nodes: 20\nfailures: 5\npropagations: 84\nsolutions: 17\nrestarts: 0\ntime: 0.000 s\n",
        )
        .timings()
        .run();
}

#[test]
fn no_solution_is_said_as_each_ask_says_it() {
    for (args, stdout, stderr) in [
        (&["spec.toml"][..], "no solution\n", ""),
        (&["spec.toml", "--all"], "0 solutions\n", ""),
        (&["spec.toml", "--limit", "2"], "0 solutions\n", ""),
        (&["spec.toml", "--count"], "0\n", ""),
        (&["spec.toml", "--all", "--json"], "", "no solution\n"),
    ] {
        Case::new()
            .spec(NONE)
            .args(args)
            .stdout(stdout)
            .stderr(stderr)
            .status(1)
            .run();
    }
}

/// A solution the template cannot print ends the run with that error
/// (exit 2), after what was printed: no `best found` line, since no limit
/// stopped the branch and bound. x = 1 prints 10 / (1 - 2) = -10; x = 2
/// divides by zero.
#[test]
fn an_error_while_printing_ends_the_run_with_nothing_more() {
    Case::new()
        .spec("[vars]\nx = \"1..4\"\n[objective]\nmaximize = \"x\"\n[output]\ntemplate = \"{10 / (x - 2)}\"\n")
        .args(&["spec.toml", "-j", "1"])
        .stdout("-10\n")
        .stderr("error: division by zero\n --> spec.toml:6:20\n  |\n6 | template = \"{10 / (x - 2)}\"\n  |                    ^^^^^\n")
        .status(2)
        .run();
}
