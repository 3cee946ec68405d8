//! `[output] board = EXPR`: a spec says how its solution is drawn as a
//! grid. The command line prints it aligned (when there is no template)
//! and under every position of a puzzle's path; the playground's events
//! carry it. Each board is checked against the solution's own values or
//! the position's own characters, read independently here.

use crate::playground::events;
use crate::{Case, flipit_discs, solve};
use serde_json::{Value, json};

#[test]
fn a_board_without_a_template_is_printed_aligned() {
    // x is forced to 8 9 10 11; columns are padded to their widest cell,
    // a boolean is drawn as a piece or a dot.
    Case::new()
        .spec(
            "[vars]\nx = { index = \"0..3\", domain = \"8..11\" }\n\
             [constraints]\nd = \"alldifferent(x)\"\nup = \"forall(x[i] < x[i+1] for i in 0..2)\"\n\
             [output]\nboard = \"[[x[0], x[1], x[0] == 9], [x[2] * 10, 'ab', x[3] == 11]]\"\n",
        )
        .args(&["spec.toml"])
        .stdout("  8  9 ·\n100 ab ●\n")
        .run();
}

#[test]
fn a_blank_cell_shows_its_style() {
    // x is forced to 0 1 2 0: blank cells whose style is a disc at 1 and
    // a circle at 2; a cell with text keeps it whatever its style (the
    // first column, blank, keeps a slot of one, as `solve draw` does).
    Case::new()
        .spec(
            "[vars]\nx = { index = \"0..3\", domain = \"0..2\" }\n\
             [constraints]\nc = \"x[0] == 0 and x[1] == 1 and x[2] == 2 and x[3] == 0\"\n\
             [output]\nboard = { cells = \"['', '', '', 't']\", \
             style = \"[if x[i] == 1 then 'disc' else if x[i] == 2 then 'circle' else if i == 3 then 'circle' else '' for i in 0..3]\" }\n",
        )
        .args(&["spec.toml"])
        .stdout("  ● ○ t\n")
        .run();
}

#[test]
fn a_puzzle_of_moves_is_drawn_at_its_start_and_at_its_goal() {
    // Flip It's positions read from the characters of the start and of
    // the goal's rule (every piece white): `●` black, `○` white.
    // `solve draw` keeps a border's slot left of the grid.
    let row = |position: &str| format!(" {}\n", flipit_discs(position));
    let (start, _, code) = solve(&["draw", "specs/flipit.toml"]);
    assert_eq!((start, code), (row("BB_BBB"), 0));
    let (goal, _, code) = solve(&["draw", "specs/flipit.toml", "--solution"]);
    assert_eq!(code, 0);
    assert_eq!(goal.matches('○').count(), 5, "{goal}");
    assert!(!goal.contains('●'), "every piece white at the goal: {goal}");
}

#[test]
fn what_is_not_a_board_is_refused_at_its_place() {
    let spec = |board: &str| {
        format!(
            "[vars]\nx = {{ index = \"0..1\", domain = \"0..3\" }}\n[output]\nboard = \"{board}\"\n"
        )
    };
    let help = "  = help: write a 2-D list of numbers, booleans or texts, e.g. `[[x[r][c] for c in 0..n-1] for r in 0..n-1]`\n";
    Case::new()
        .spec(&spec("x[0]"))
        .args(&["check", "spec.toml"])
        .stderr(&format!(
            "error: a board is rows of cells or one row; this gives an integer
 --> spec.toml:4:10
  |
4 | board = \"x[0]\"
  |          ^^^^
{help}"
        ))
        .status(2)
        .run();
    Case::new()
        .spec(&spec("[[[x[0]]]]"))
        .args(&["spec.toml"])
        .stderr(&format!(
            "error: a board is rows of cells or one row; this gives a list nested three deep
 --> spec.toml:4:10
  |
4 | board = \"[[[x[0]]]]\"
  |          ^^^^^^^^^^
{help}"
        ))
        .status(2)
        .run();
}

/// A queens solution's board: the queen (♛) of column c in row q[c].
fn chess_board(q: &[i64]) -> Value {
    let n = q.len() as i64;
    json!(
        (0..n)
            .map(|r| {
                q.iter()
                    .map(|&row| if row == r { "♛" } else { "" })
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    )
}

#[test]
fn the_playground_draws_the_board_the_spec_declares() {
    let queens = std::fs::read_to_string("specs/queens.toml").expect("a shipped spec");
    let request = json!({"op": "solve", "spec": queens, "set": ["n=6"], "mode": "all"});
    let solutions = solution_events(&request);
    assert_eq!(solutions.len(), 1, "n = 6 has one class of solutions");
    for s in &solutions {
        let q: Vec<i64> = s["values"]["q"]
            .as_array()
            .expect("q")
            .iter()
            .map(|v| v.as_i64().expect("a row"))
            .collect();
        assert_eq!(s["board"], chess_board(&q), "{s}");
        assert_eq!(s["templated"], true);
    }
    // A spec without a board: none, and the variables are drawn as before.
    let zebra = std::fs::read_to_string("specs/zebra.toml").expect("a shipped spec");
    let request = json!({"op": "solve", "spec": zebra, "mode": "first"});
    let first = events(&request);
    let solution = first
        .iter()
        .find(|e| e["event"] == "solution")
        .expect("one");
    assert!(solution["board"].is_null(), "{solution}");
}

#[test]
fn the_magic_ring_is_drawn_around_its_empty_centre() {
    // Each of the ring's solutions: its board is its own letters' values
    // in the 3x3 grid of PUZZLES.md (A B C / D _ E / F G H).
    let ring = std::fs::read_to_string("specs/magic8.toml").expect("a shipped spec");
    let request = json!({"op": "solve", "spec": ring, "mode": "all"});
    let solutions = solution_events(&request);
    assert_eq!(solutions.len(), 6, "PUZZLES.md: six rings");
    for s in &solutions {
        let v = |name: &str| s["values"][name].clone();
        let grid = json!([
            [v("A"), v("B"), v("C")],
            [v("D"), "", v("E")],
            [v("F"), v("G"), v("H")]
        ]);
        assert_eq!(s["board"], grid, "{s}");
    }
}

/// A position of the eight puzzle as rows of three cells: the blank (`_`)
/// empty, a tile by its number.
fn squares(position: &str) -> Vec<Vec<Value>> {
    let cells: Vec<Value> = position
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => json!(d),
            None => json!(""),
        })
        .collect();
    cells.chunks(3).map(<[Value]>::to_vec).collect()
}

#[test]
fn a_puzzle_path_draws_every_position() {
    let text = std::fs::read_to_string("specs/eight-puzzle.toml").expect("a shipped spec");
    let request = json!({"op": "path", "spec": text, "start": "1234567_8"});
    let got = events(&request);
    let path = got.iter().find(|e| e["event"] == "path").expect("a path");
    assert_eq!(path["start_board"], json!(squares("1234567_8")));
    let steps = path["steps"].as_array().expect("solved");
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0]["board"], json!(squares("12345678_")));
    // The command line: each position's line, then its board indented.
    let (out, err, code) = solve(&["specs/eight-puzzle.toml", "--start", "1234567_8"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "1234567_8\n   1 2 3\n   4 5 6\n   7   8\n1. 8  12345678_\n   1 2 3\n   4 5 6\n   7 8\n1 move\n"
    );
}

/// The `solution` events the playground's worker answers `request` with.
fn solution_events(request: &Value) -> Vec<Value> {
    (events(request).into_iter())
        .filter(|e| e["event"] == "solution")
        .collect()
}
