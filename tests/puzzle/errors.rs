//! Errors.

use super::*;

/// Asserts one `error: ` message (the first line of stderr, the only one
/// starting so) holding every one of `words`.
pub(super) fn assert_one_error(stderr: &str, words: &[&str]) {
    assert!(stderr.starts_with("error: "), "stderr:\n{stderr}");
    let errors = stderr.lines().filter(|l| l.starts_with("error")).count();
    assert_eq!(errors, 1, "more than one message:\n{stderr}");
    for word in words {
        assert!(stderr.contains(word), "no `{word}` in:\n{stderr}");
    }
}

/// Runs `solve` with `args`, which must be refused: exit 2, nothing on
/// stdout, one message holding every one of `words`.
pub(super) fn refused(args: &[&str], words: &[&str]) {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 2,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert_eq!(stdout, "", "solve {args:?} printed something");
    assert_one_error(&stderr, words);
}

/// A spec with one counter `x` in 0..3, with (or without) a `[puzzle]` from
/// 0 to 3, and the text of `moves`.
pub(super) fn counter_spec(puzzle: bool, moves: &str) -> String {
    let head = "name = \"t\"\n\n[vars]\nx = \"0..3\"\n";
    let puzzle = if puzzle {
        "\n[puzzle]\nstart = \"0\"\ngoal = \"x == 3\"\n"
    } else {
        ""
    };
    format!("{head}{puzzle}{moves}")
}

/// The puzzle errors, each exit 2 with one message naming the problem: a
/// move whose next state leaves a variable's domain (met by the search: `up`
/// has no precondition, and the unreachable goal makes the search go on
/// past 3) names the move and says "outside its domain", in `solve` and in
/// `solve analyze`; a `--start` with a character outside the alphabet, of
/// the wrong length, or for a spec without `[puzzle]`; `[moves]` without
/// `[puzzle]`, `[puzzle]` without moves and `next` naming an unknown
/// variable (these three also by `solve check`).
#[test]
pub(super) fn puzzle_errors() {
    let unbounded = TempSpec::new(
        "leaves-domain",
        "name = \"t\"\n\n[vars]\nx = \"0..3\"\n\n[puzzle]\nstart = \"0\"\ngoal = \"x == 5\"\n\n\
         [moves.up]\nnext = { x = \"x + 1\" }\n",
    );
    refused(&[unbounded.path()], &["`up`", "outside its domain"]);
    refused(
        &["analyze", unbounded.path()],
        &["`up`", "outside its domain"],
    );

    refused(
        &["specs/flipit.toml", "--start", "BX_BBB"],
        &["`X`", "alphabet"],
    );
    refused(&["specs/flipit.toml", "--start", "BB_BB"], &["BB_BB", "6"]);
    refused(&["specs/queens.toml", "--start", "1234"], &["[puzzle]"]);

    let up = "\n[moves.up]\nwhen = \"x < 3\"\nnext = { x = \"x + 1\" }\n";
    let no_puzzle = TempSpec::new("moves-without-puzzle", &counter_spec(false, up));
    let no_moves = TempSpec::new("puzzle-without-moves", &counter_spec(true, ""));
    let unknown = TempSpec::new(
        "next-unknown-variable",
        &counter_spec(
            true,
            "\n[moves.up]\nwhen = \"x < 3\"\nnext = { y = \"x + 1\" }\n",
        ),
    );
    for (spec, words) in [
        (&no_puzzle, &["[puzzle]"][..]),
        (&no_moves, &["moves"][..]),
        (&unknown, &["`y`"][..]),
    ] {
        refused(&[spec.path()], words);
        refused(&["check", spec.path()], words);
    }
    // The sane spec behind the three: it solves in 3 moves.
    let sane = TempSpec::new("counter-ok", &counter_spec(true, up));
    assert_eq!(one_solution(&[sane.path()]).moves.len(), 3);
}

/// Every state a move makes is checked (found by review): a value in a
/// hole of a set domain, a state the constraints rule out (with `invalid =
/// "error"`), a negative cost,
/// a derived variable in a puzzle spec, and flags that mean nothing for a
/// puzzle are errors, exit 2, never a wrong solution or a loop.
#[test]
pub(super) fn every_move_is_checked() {
    let cases = [
        (
            "[vars]\na = \"{0, 5}\"\n[puzzle]\nstart = \"0\"\ngoal = \"a == 3\"\n[moves.inc]\nwhen = \"a < 5\"\nnext = { a = \"a + 3\" }\n",
            "outside its domain {0, 5}",
        ),
        (
            "[vars]\na = \"0..5\"\nb = \"0..5\"\n[constraints]\neven = \"(a + b) % 2 == 0\"\n[puzzle]\nstart = \"0,0\"\ngoal = \"a == 2 and b == 0\"\ninvalid = \"error\"\n[moves.inc]\nwhen = \"a < 5\"\nnext = { a = \"a + 1\" }\n",
            "the spec's constraints rule out",
        ),
        (
            "[vars]\na = \"0..1\"\nb = \"0..3\"\n[puzzle]\nstart = \"0,0\"\ngoal = \"b == 3\"\nheuristic = \"0\"\n[moves.flip]\nnext = { a = \"1 - a\" }\ncost = \"-1\"\n[moves.up]\nwhen = \"b < 3\"\nnext = { b = \"b + 1\" }\n",
            "a cost must not be negative",
        ),
        (
            "[vars]\ntotal = { define = \"a + b\" }\na = \"0..3\"\nb = \"0..5\"\n[puzzle]\nstart = \"0,0\"\ngoal = \"total == 4\"\n[moves.fill_a]\nnext = { a = \"3\" }\n",
            "a puzzle's state is its declared variables",
        ),
    ];
    for (text, message) in cases {
        let spec = crate::TempSpec::new("checked", text);
        let methods: &[&str] = if text.contains("heuristic") {
            &["bfs", "iddfs", "astar"]
        } else {
            &["bfs", "iddfs"]
        };
        for method in methods {
            let (stdout, stderr, code) =
                crate::solve(&[spec.path(), "--method", method, "--time-limit", "10"]);
            assert_eq!(code, 2, "{text}\n{stdout}\n{stderr}");
            assert!(stderr.contains(message), "{text}\n{stderr}");
        }
    }
    for flag in ["--json", "--show-domains"] {
        let (_, stderr, code) = crate::solve(&["specs/water-jugs.toml", flag]);
        assert_eq!(code, 2, "{flag}");
        assert!(stderr.contains("not for a puzzle of moves"), "{stderr}");
    }
}
