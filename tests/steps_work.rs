//! The walk's work (`solve steps`): what a check of a step costs grows
//! with what the check touches, not with the model around it, and the
//! Nurikabe's walk (connectivity, counts, thousands of definitions) ends
//! on the solution a brute force finds.

use crate::steps::derived;
use crate::{TempSpec, solve};
use serde_json::Value;

/// A 3x3 Latin square with two clues, alone or beside `pad` variables
/// that a rule fixes and a count watches through one definition each
/// (`pad[i] == 3`), which no step of the square touches.
fn square(pad: usize) -> String {
    let mut text = String::from(
        r#"[vars]
x = { index = ["1..3", "1..3"], domain = "1..3" }
"#,
    );
    if pad > 0 {
        text += &format!("pad = {{ index = \"1..{pad}\", domain = \"0..9\" }}\n");
    }
    text += r#"[constraints]
clues = "forall(x[r][r] == r for r in 1..2)"
rows = { rule = "forall(alldifferent(x[r]) for r in 1..3)", consistency = "domain" }
columns = { rule = "forall(alldifferent([x[r][c] for r in 1..3]) for c in 1..3)", consistency = "domain" }
"#;
    if pad > 0 {
        text += &format!(
            "pad_zero = \"forall(pad[i] == 0 for i in 1..{pad})\"\npad_count = \"count(pad[i] == 3 for i in 1..{pad}) == 0\"\n"
        );
    }
    text
}

/// The steps' lines, and the work `--stats` reports: propagator runs and
/// searches.
fn walk(text: &str) -> (Vec<String>, u64, u64) {
    let spec = TempSpec::new("work", text);
    let (out, err, code) = solve(&["steps", spec.path.to_str().unwrap(), "--stats"]);
    assert_eq!(code, 0, "{out}{err}");
    let work = (err.lines())
        .find_map(|l| l.strip_prefix("work: "))
        .unwrap_or_else(|| panic!("no work line:\n{err}"));
    let words: Vec<&str> = work.split_whitespace().collect();
    let runs = words[0].parse().expect("propagator runs");
    let searches = words[4].parse().expect("searches");
    let steps = out.lines().skip(1).map(str::to_string).collect();
    (steps, runs, searches)
}

/// Before, every check of a step propagated every definition of the model
/// again (Nurikabe's 3,400, where a check of one `apart` item needs two):
/// a check now propagates what it posts and narrows, on the definitions
/// left at their fixpoint once. So `pad` unrelated definitions cost each
/// search of the walk (which starts by running every propagator once) and
/// the start (twice: the root's domains, and the base's fixpoint), not
/// each of the far more numerous checks by propagation.
#[test]
fn a_check_propagates_what_it_touches_not_the_whole_model() {
    let (steps, runs, searches) = walk(&square(0));
    let pad = 400;
    let (padded, padded_runs, padded_searches) = walk(&square(pad));
    assert_eq!(padded, steps, "the pad changes no step");
    assert_eq!(padded_searches, searches);
    // Each pad variable brings one definition (its `== 3`) and the count's
    // sum; a search or a full propagation runs each at most twice.
    let per_pass = 2 * (pad as u64 + 1);
    let bound = (searches + 2) * per_pass;
    assert!(
        padded_runs.saturating_sub(runs) <= bound,
        "{pad} unrelated definitions cost {} propagator runs (the walk made {searches} searches; at most {bound}): every check propagates the whole model",
        padded_runs - runs
    );
}

/// The island of each cell (the clue's place in reading order, 0 for the
/// sea) in every shading of `picture` that is a Nurikabe solution: the
/// sea connected and without a 2x2 pool, each island connected around one
/// clue, its size.
fn nurikabe_solutions(picture: &[&str]) -> Vec<Vec<Vec<i64>>> {
    let (h, w) = (picture.len(), picture[0].len());
    let clue = |r: usize, c: usize| {
        picture[r].as_bytes()[c]
            .checked_sub(b'0')
            .filter(|d| *d <= 9)
    };
    let mut solutions = Vec::new();
    for shading in 0u32..1 << (h * w) {
        let sea = |r: usize, c: usize| shading >> (r * w + c) & 1 == 1;
        let pool = (0..h - 1).any(|r| {
            (0..w - 1).any(|c| sea(r, c) && sea(r + 1, c) && sea(r, c + 1) && sea(r + 1, c + 1))
        });
        if pool || (0..h).any(|r| (0..w).any(|c| sea(r, c) && clue(r, c).is_some())) {
            continue;
        }
        // Components of the sea and of the land, by flood fill.
        let mut part = vec![vec![usize::MAX; w]; h];
        let mut parts: Vec<Vec<(usize, usize)>> = Vec::new();
        for (r, c) in (0..h).flat_map(|r| (0..w).map(move |c| (r, c))) {
            if part[r][c] != usize::MAX {
                continue;
            }
            let mut cells = vec![(r, c)];
            part[r][c] = parts.len();
            let mut i = 0;
            while i < cells.len() {
                let (a, b) = cells[i];
                i += 1;
                let near = [
                    (a.wrapping_sub(1), b),
                    (a + 1, b),
                    (a, b.wrapping_sub(1)),
                    (a, b + 1),
                ];
                for (p, q) in near {
                    if p < h && q < w && part[p][q] == usize::MAX && sea(p, q) == sea(r, c) {
                        part[p][q] = parts.len();
                        cells.push((p, q));
                    }
                }
            }
            parts.push(cells);
        }
        let seas = parts
            .iter()
            .filter(|cells| sea(cells[0].0, cells[0].1))
            .count();
        let islands_hold_one_clue_of_their_size = (parts.iter())
            .filter(|cells| !sea(cells[0].0, cells[0].1))
            .all(|cells| {
                let clues: Vec<u8> = cells.iter().filter_map(|&(r, c)| clue(r, c)).collect();
                clues.len() == 1 && clues[0] as usize == cells.len()
            });
        if seas > 1 || !islands_hold_one_clue_of_their_size {
            continue;
        }
        let order: Vec<(usize, usize)> = (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .filter(|&(r, c)| clue(r, c).is_some())
            .collect();
        let island = |r: usize, c: usize| -> i64 {
            if sea(r, c) {
                return 0;
            }
            let at = order.iter().position(|&(p, q)| part[p][q] == part[r][c]);
            at.map_or(-1, |i| i as i64 + 1)
        };
        solutions.push(
            (0..h)
                .map(|r| (0..w).map(|c| island(r, c)).collect())
                .collect(),
        );
    }
    solutions
}

#[test]
fn the_nurikabe_walk_ends_on_the_solution_brute_force_finds() {
    let picture = [".2..", "....", "3..1", "...."];
    let solutions = nurikabe_solutions(&picture);
    assert_eq!(solutions.len(), 1, "{solutions:?}");
    let set = format!(
        "picture=[{}]",
        (picture.iter().map(|row| format!("\"{row}\"")))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let (out, err, code) = solve(&["steps", "specs/nurikabe.toml", "--set", &set, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let fixed = derived(&out);
    for (r, row) in solutions[0].iter().enumerate() {
        for (c, &island) in row.iter().enumerate() {
            let name = format!("island[{}][{}]", r + 1, c + 1);
            let value = (fixed.iter().rev())
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| panic!("{name} is never derived:\n{out}"));
            assert_eq!(value, Value::from(island), "{name}:\n{out}");
        }
    }
}
