//! `[output] board = { cells = ..., regions = ..., ... }` drawn by `solve
//! draw`: the SVG of a small spec of each style parsed here and checked
//! element by element against what the spec's own params say (which sides
//! are region borders, computed here from the box of each cell; which
//! cells are given, shaded, circled; the clues outside; the segments),
//! the terminal drawing written out by hand, and the errors pinned.

use crate::{Case, solve};
use std::collections::{BTreeMap, BTreeSet};

/// One element of an SVG: its name, attributes and text.
#[derive(Debug)]
struct Element {
    name: String,
    attrs: BTreeMap<String, String>,
    text: String,
}

impl Element {
    fn class(&self) -> &str {
        self.attrs.get("class").map_or("", String::as_str)
    }

    fn cell(&self) -> (usize, usize) {
        let n = |k: &str| self.attrs[k].parse::<usize>().expect("a number");
        (n("data-row"), n("data-col"))
    }
}

/// The elements of an SVG document, read tag by tag (the drawing writes
/// one element a line, attributes double-quoted, text escaped).
fn elements(svg: &str) -> Vec<Element> {
    let mut out = Vec::new();
    for piece in svg.split('<').skip(1) {
        if piece.starts_with('/') {
            continue;
        }
        let (tag, rest) = piece.split_once('>').expect("a closed tag");
        let tag = tag.trim_end_matches('/');
        let (name, mut attrs_text) = tag.split_once(' ').unwrap_or((tag, ""));
        let mut attrs = BTreeMap::new();
        while let Some((key, after)) = attrs_text.split_once("=\"") {
            let (value, next) = after.split_once('"').expect("a closed value");
            let _ = attrs.insert(key.trim().to_string(), value.to_string());
            attrs_text = next;
        }
        let text = rest
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">");
        out.push(Element {
            name: name.to_string(),
            attrs,
            text: text.trim().to_string(),
        });
    }
    out
}

/// Runs `solve draw` on `spec` (written to a scratch file) with `args`.
fn draw(spec: &str, args: &[&str]) -> (String, String, i32) {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("solve-drawing-{}-{n}.toml", std::process::id()));
    std::fs::write(&path, spec).expect("the spec is written");
    let file = path.to_str().expect("a path").to_string();
    let mut all = vec!["draw", file.as_str()];
    all.extend_from_slice(args);
    let result = solve(&all);
    let _ = std::fs::remove_file(&path);
    result
}

fn svg_of(spec: &str, args: &[&str]) -> Vec<Element> {
    let mut all = vec!["--svg", "-"];
    all.extend_from_slice(args);
    let (out, err, code) = draw(spec, &all);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("<svg ") && out.ends_with("</svg>\n"),
        "{out}"
    );
    elements(&out)
}

/// A 4x4 sudoku of 2x2 boxes, four givens.
const SUDOKU4: &str = r#"
[params]
puzzle = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
[vars]
x = { index = ["0..3", "0..3"], domain = "1..4" }
[constraints]
clues = "forall(x[r][c] == puzzle[r][c] for r in 0..3 for c in 0..3 if puzzle[r][c] > 0)"
rows = "forall(alldifferent(x[r]) for r in 0..3)"
columns = "forall(alldifferent([x[r][c] for r in 0..3]) for c in 0..3)"
boxes = "forall(alldifferent([x[2 * b + i][2 * s + j] for i in 0..1 for j in 0..1]) for b in 0..1 for s in 0..1)"
[output]
board = { cells = "x", regions = "[[r / 2 * 2 + c / 2 for c in 0..3] for r in 0..3]", givens = "[[puzzle[r][c] > 0 for c in 0..3] for r in 0..3]" }
"#;

const PUZZLE4: [[i64; 4]; 4] = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]];

fn box_of(r: usize, c: usize) -> usize {
    r / 2 * 2 + c / 2
}

#[test]
fn region_borders_are_thick_exactly_between_boxes_and_around() {
    let svg = svg_of(SUDOKU4, &[]);
    let thick: BTreeSet<String> = (svg.iter())
        .filter(|e| e.class() == "region")
        .map(|e| e.attrs["data-side"].clone())
        .collect();
    let mut expected = BTreeSet::new();
    for r in 0..=4 {
        for c in 0..4 {
            // The side above cell (r, c): thick on the grid's edge or
            // between two boxes.
            if r == 0 || r == 4 || box_of(r - 1, c) != box_of(r, c) {
                let _ = expected.insert(format!("{r} {c} h"));
            }
        }
    }
    for r in 0..4 {
        for c in 0..=4 {
            if c == 0 || c == 4 || box_of(r, c - 1) != box_of(r, c) {
                let _ = expected.insert(format!("{r} {c} v"));
            }
        }
    }
    assert_eq!(thick, expected);
    for e in svg.iter().filter(|e| e.class() == "region") {
        assert_eq!(e.attrs["stroke-width"], "3");
    }
}

#[test]
fn the_puzzle_as_given_shows_the_givens_only_and_the_solution_tells_them_apart() {
    let given: Vec<((usize, usize), String)> = (svg_of(SUDOKU4, &[]).iter())
        .filter(|e| e.class().starts_with("value"))
        .map(|e| {
            assert_eq!(e.class(), "value given", "{e:?}");
            (e.cell(), e.text.clone())
        })
        .collect();
    let expected: Vec<((usize, usize), String)> = (0..4)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .filter(|&(r, c)| PUZZLE4[r][c] > 0)
        .map(|(r, c)| ((r, c), PUZZLE4[r][c].to_string()))
        .collect();
    assert_eq!(given, expected);
    // Solved: 16 values, a Latin square with boxes holding the givens,
    // the givens bold and black, the others in the deduced colour.
    let solved = svg_of(SUDOKU4, &["--solution"]);
    let mut grid = [[0i64; 4]; 4];
    for e in solved.iter().filter(|e| e.class().starts_with("value")) {
        let (r, c) = e.cell();
        grid[r][c] = e.text.parse().expect("a digit");
        let given = PUZZLE4[r][c] > 0;
        assert_eq!(e.class() == "value given", given, "{e:?}");
        assert_eq!(e.attrs.contains_key("font-weight"), given, "{e:?}");
        assert_eq!(e.attrs["fill"] == "black", given, "{e:?}");
    }
    let all = |cells: Vec<i64>| cells.into_iter().collect::<BTreeSet<_>>() == (1..=4).collect();
    for i in 0..4 {
        assert!(all(grid[i].to_vec()), "{grid:?}");
        assert!(all((0..4).map(|r| grid[r][i]).collect()), "{grid:?}");
        assert!(all((0..16)
            .filter(|k| box_of(k / 4, k % 4) == i)
            .map(|k| grid[k / 4][k % 4])
            .collect()));
    }
    for (r, row) in PUZZLE4.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            assert!(v == 0 || grid[r][c] == v);
        }
    }
}

#[test]
fn the_terminal_draws_regions_with_heavy_lines() {
    // Row 2's givens under row 1's: the border row between them only
    // crosses the box's middle line, and is left out.
    let (out, err, code) = draw(SUDOKU4, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "┏━━━┳━━━┓\n┃1  ┃   ┃\n┃   ┃3  ┃\n┣━━━╋━━━┫\n┃  4┃   ┃\n┃   ┃  2┃\n┗━━━┻━━━┛\n"
    );
}

/// Cells whose value picks a style, a corner label and a split clue.
const STYLES: &str = r#"
[params]
names = ["", "shaded", "dot", "circle", "disc", "cross"]
[vars]
x = { index = "0..5", domain = "0..5" }
[constraints]
fixed = "forall(x[i] == i for i in 0..5)"
[output]
board = { cells = "[if i == 0 then '' else 'v' for i in 0..5]", style = "[names[x[i]] for i in 0..5]", corners = "[if i == 1 then '12x' else '' for i in 0..5]", split = "[if i == 0 then [16, 0] else [] for i in 0..5]" }
"#;

#[test]
fn styles_corners_and_split_cells_are_drawn_where_the_values_say() {
    let svg = svg_of(STYLES, &["--solution"]);
    let cell_class = |c: usize| {
        let e = svg
            .iter()
            .find(|e| e.name == "rect" && e.attrs.get("data-col") == Some(&c.to_string()));
        e.expect("a cell").class().to_string()
    };
    // x[i] == i: cell 0 split, 1 shaded, 2 a dot, 3 a circle, 4 a disc, 5 a cross.
    assert_eq!(cell_class(0), "cell split");
    assert_eq!(cell_class(1), "cell shaded");
    for c in 2..=5 {
        assert_eq!(cell_class(c), "cell");
    }
    let marks: Vec<(String, usize)> = (svg.iter())
        .filter(|e| ["dot", "circle", "disc", "cross"].contains(&e.class()))
        .map(|e| (e.class().to_string(), e.cell().1))
        .collect();
    let expected: Vec<(String, usize)> = [("dot", 2), ("circle", 3), ("disc", 4), ("cross", 5)]
        .iter()
        .map(|(n, c)| (n.to_string(), *c))
        .collect();
    assert_eq!(marks, expected);
    let texts = |class: &str| -> Vec<(usize, String)> {
        (svg.iter())
            .filter(|e| e.class() == class)
            .map(|e| (e.cell().1, e.text.clone()))
            .collect()
    };
    assert_eq!(texts("corner"), vec![(1, "12x".to_string())]);
    assert_eq!(texts("across"), vec![(0, "16".to_string())]);
    assert_eq!(texts("down"), vec![(0, String::new())]);
    assert_eq!(svg.iter().filter(|e| e.class() == "split").count(), 1);
    // The styles read a variable: the puzzle as given leaves them out.
    let given = svg_of(STYLES, &[]);
    assert!(
        given
            .iter()
            .all(|e| !["dot", "circle", "disc", "cross"].contains(&e.class()))
    );
    assert!(
        given
            .iter()
            .filter(|e| e.name == "rect")
            .all(|e| e.class() != "cell shaded")
    );
}

/// A nonogram's clues outside the grid, and segments.
const OUTSIDE: &str = r#"
[params]
cols = [[1, 1], [2], []]
rows = [[3], [1]]
[vars]
b = { index = "0..1", domain = "0..2" }
[constraints]
fixed = "b[0] == 2 and b[1] == 1"
[output]
board = { cells = "[['', '', ''], ['', '', '']]", top = "cols", left = "rows", lines = "[[0, 0, 0, 2, b[0]], [0, 0, 1, 0, b[1]]]", edges = "[[0, 0, 0, 3], [0, 3, 2, 3]]" }
"#;

#[test]
fn clues_outside_and_segments_are_drawn_in_order() {
    let svg = svg_of(OUTSIDE, &["--solution"]);
    let top: Vec<(String, String)> = (svg.iter())
        .filter(|e| e.class() == "clue top")
        .map(|e| (e.attrs["data-col"].clone(), e.text.clone()))
        .collect();
    let cols = [vec!["1", "1"], vec!["2"], vec![]];
    let expected: Vec<(String, String)> = (cols.iter().enumerate())
        .flat_map(|(c, runs)| runs.iter().map(move |t| (c.to_string(), t.to_string())))
        .collect();
    assert_eq!(top, expected);
    let left: Vec<String> = svg
        .iter()
        .filter(|e| e.class() == "clue left")
        .map(|e| e.text.clone())
        .collect();
    assert_eq!(left, ["3", "1"]);
    // b[0] == 2: a double line (two strokes) across row 0; b[1] == 1: one
    // down column 0. The edges: one across the top, one down the right.
    let lines: Vec<(String, String, String, String)> = (svg.iter())
        .filter(|e| e.class() == "line")
        .map(|e| {
            (
                e.attrs["x1"].clone(),
                e.attrs["y1"].clone(),
                e.attrs["x2"].clone(),
                e.attrs["y2"].clone(),
            )
        })
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.1 == l.3).count(), 2, "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.0 == l.2).count(), 1, "{lines:?}");
    assert_eq!(svg.iter().filter(|e| e.class() == "edge").count(), 2);
    assert_eq!(svg.iter().filter(|e| e.class() == "point").count(), 3 * 4);
    // In the terminal: the clues above and left, the line double across
    // the row, the edges light along the top and down the right side.
    let (out, err, code) = draw(OUTSIDE, &["--solution"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "   1\n   1 2\n  ╶─────┐\n3  ┌═══╴│\n  ·│· · │\n1  ╵    │\n  · · · ╵\n"
    );
}

#[test]
fn a_board_key_or_style_that_is_none_is_refused_at_its_place() {
    let spec = |board: &str| {
        format!(
            "[vars]\nx = {{ index = \"0..1\", domain = \"0..1\" }}\n[output]\nboard = {board}\n"
        )
    };
    Case::new()
        .spec(&spec("{ cells = \"x\", region = \"x\" }"))
        .args(&["check", "spec.toml"])
        .stderr(
            "error: unknown board key `region`
 --> spec.toml:4:24
  |
4 | board = { cells = \"x\", region = \"x\" }
  |                        ^^^^^^
  = help: did you mean `regions`?
",
        )
        .status(2)
        .run();
    Case::new()
        .spec(&spec(
            "{ cells = \"x\", style = \"[if v == 1 then 'shade' else '' for v in x]\" }",
        ))
        .args(&["check", "spec.toml"])
        .stderr(
            "error: unknown style `shade`
 --> spec.toml:4:49
  |
4 | board = { cells = \"x\", style = \"[if v == 1 then 'shade' else '' for v in x]\" }
  |                                                 ^^^^^^^
  = help: did you mean `shaded`?
",
        )
        .status(2)
        .run();
    Case::new()
        .spec(&spec("{ cells = \"x\", regions = \"[1, 2, 3]\" }"))
        .args(&["check", "spec.toml"])
        .stderr(
            "error: the board's `regions` gives 1 row of 3 cells; the cells are 1 row of 2
 --> spec.toml:4:35
  |
4 | board = { cells = \"x\", regions = \"[1, 2, 3]\" }
  |                                   ^^^^^^^^^
",
        )
        .status(2)
        .run();
}

#[test]
fn a_spec_without_a_board_has_nothing_to_draw() {
    let (out, err, code) = draw("[vars]\nx = { index = \"0..1\", domain = \"0..1\" }\n", &[]);
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert!(err.contains("declares no board"), "{err}");
}

#[test]
fn the_playground_draws_a_declared_board_as_its_svg() {
    // Every solution of the 4x4 sudoku: its drawing shows the solution's
    // own values (read from `values`), the givens as givens.
    let request = serde_json::json!({"op": "solve", "spec": SUDOKU4, "mode": "all"});
    let solutions: Vec<serde_json::Value> = (crate::playground::events(&request).into_iter())
        .filter(|e| e["event"] == "solution")
        .collect();
    assert!(!solutions.is_empty());
    for s in &solutions {
        let svg = elements(s["drawing"].as_str().expect("a drawing"));
        for e in svg.iter().filter(|e| e.class().starts_with("value")) {
            let (r, c) = e.cell();
            assert_eq!(e.text, s["values"]["x"][r][c].to_string(), "{s}");
            assert_eq!(e.class() == "value given", PUZZLE4[r][c] > 0);
        }
        assert_eq!(
            svg.iter()
                .filter(|e| e.class().starts_with("value"))
                .count(),
            16
        );
    }
    // A board of cells alone: no drawing, the fields as they were.
    let plain = "[vars]\nx = { index = \"0..1\", domain = \"0..1\" }\n[output]\nboard = \"x\"\n";
    let request = serde_json::json!({"op": "solve", "spec": plain, "mode": "first"});
    let events = crate::playground::events(&request);
    let solution = events
        .iter()
        .find(|e| e["event"] == "solution")
        .expect("one");
    assert!(solution.get("drawing").is_none(), "{solution}");
}

#[test]
fn the_shipped_sudoku_is_drawn_with_its_boxes_and_its_givens() {
    // Wikipedia's "Sudoku" puzzle, the one specs/sudoku.toml pastes.
    let puzzle = [
        "53..7....",
        "6..195...",
        ".98....6.",
        "8...6...3",
        "4..8.3..1",
        "7...2...6",
        ".6....28.",
        "...419..5",
        "....8..79",
    ];
    let (out, err, code) = solve(&["draw", "specs/sudoku.toml", "--svg", "-"]);
    assert_eq!(code, 0, "{err}");
    let svg = elements(&out);
    let thick: BTreeSet<String> = (svg.iter())
        .filter(|e| e.class() == "region")
        .map(|e| e.attrs["data-side"].clone())
        .collect();
    let mut expected = BTreeSet::new();
    for k in 0..=9 {
        for i in 0..9 {
            if k % 3 == 0 {
                let _ = expected.insert(format!("{k} {i} h"));
                let _ = expected.insert(format!("{i} {k} v"));
            }
        }
    }
    assert_eq!(thick, expected);
    let givens: Vec<((usize, usize), String)> = (svg.iter())
        .filter(|e| e.class() == "value given")
        .map(|e| (e.cell(), e.text.clone()))
        .collect();
    let expected: Vec<((usize, usize), String)> = (puzzle.iter().enumerate())
        .flat_map(|(r, row)| row.chars().enumerate().map(move |(c, ch)| ((r, c), ch)))
        .filter(|(_, ch)| *ch != '.')
        .map(|(at, ch)| (at, ch.to_string()))
        .collect();
    assert_eq!(givens, expected);
    assert!(svg.iter().all(|e| e.class() != "value"), "only the givens");
}
