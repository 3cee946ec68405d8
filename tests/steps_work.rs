//! The walk of `solve steps` on a Nurikabe (connectivity, counts,
//! thousands of definitions) ends on the solution a brute force finds.

use crate::solve;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

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
    let set = picture_param(&picture);
    let (out, err, code) = solve(&["steps", "specs/nurikabe.toml", "--set", &set, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    // Each cell's values, replayed: every value of 0..=3 (three clues),
    // narrowed by the start and by each step's deductions.
    let mut known: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let ints = |v: &Value| -> BTreeSet<i64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect()
    };
    for line in out.lines() {
        let step: Value = serde_json::from_str(line).unwrap();
        let start = step
            .get("start")
            .and_then(Value::as_array)
            .into_iter()
            .flatten();
        let deduces = step
            .get("deduces")
            .and_then(Value::as_array)
            .into_iter()
            .flatten();
        for d in start.chain(deduces) {
            let values = known
                .entry(d["var"].as_str().unwrap().to_string())
                .or_insert_with(|| (0..=3).collect());
            if let Some(is) = d.get("is") {
                values.retain(|v| Some(*v) == is.as_i64());
            } else if let Some(within) = d.get("in") {
                let within = ints(within);
                values.retain(|v| within.contains(v));
            } else if let Some(not) = d.get("not") {
                let not = ints(not);
                values.retain(|v| !not.contains(v));
            }
        }
    }
    for (r, row) in solutions[0].iter().enumerate() {
        for (c, &island) in row.iter().enumerate() {
            let name = format!("island[{}][{}]", r + 1, c + 1);
            let values = known.get(&name).cloned().unwrap_or_default();
            assert_eq!(values, BTreeSet::from([island]), "{name}:\n{out}");
        }
    }
}

/// The items of `specs/nurikabe.toml` on `picture`, counted from its
/// constraints: per clue one `clues`, `sizes` and `islands` item and one
/// `reach` item per cell as far from it as its size or farther; `sea`,
/// `sea_size`; one `no_pool` per 2x2 block and one `apart` per pair of
/// cells side by side.
fn nurikabe_items(picture: &[&str]) -> usize {
    let (h, w) = (picture.len(), picture[0].len());
    let clues: Vec<(usize, usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter_map(|(r, c)| {
            let d = picture[r].as_bytes()[c].checked_sub(b'0')?;
            (d <= 9).then_some((r, c, d as usize))
        })
        .collect();
    let reach: usize = (clues.iter())
        .map(|&(cr, cc, size)| {
            (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .filter(|&(r, c)| r.abs_diff(cr) + c.abs_diff(cc) >= size)
                .count()
        })
        .sum();
    3 * clues.len() + reach + 2 + (h - 1) * (w - 1) + (h - 1) * w + h * (w - 1)
}

/// The walk checks each item at most once per search for steps, plus the
/// groups of items that interact: on a Nurikabe, whose items all share
/// auxiliary variables through its counts, the groups of two and three
/// (thousands per search, none deducing anything) are not tried. Bounded
/// by the items times the searches (at most one per step, and the last).
#[test]
fn the_nurikabe_walk_checks_no_groups_of_items_that_cannot_interact() {
    let picture = [".2..", "....", "3..1", "...."];
    let set = picture_param(&picture);
    let (out, err, code) = solve(&["steps", "specs/nurikabe.toml", "--set", &set, "--stats"]);
    assert_eq!(code, 0, "{out}{err}");
    let steps = (out.lines())
        .filter(|line| {
            line.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u64>().is_ok_and(|n| n > 0))
        })
        .count() as u64;
    let work = (err.lines())
        .find_map(|line| line.strip_prefix("work: "))
        .unwrap_or_else(|| panic!("no work line:\n{err}"));
    let checked: u64 = (work.split(", ").nth(1))
        .and_then(|part| part.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no groups checked in {work:?}"));
    let items = nurikabe_items(&picture) as u64;
    assert!(steps > 0, "{out}");
    assert!(
        checked <= items * (steps + 1),
        "{checked} groups checked for {steps} steps over {items} items:\n{err}"
    );
}

/// `--set`'s text for a Nurikabe's `picture` param, one string per row.
fn picture_param(picture: &[&str]) -> String {
    let rows: Vec<String> = picture.iter().map(|row| format!("\"{row}\"")).collect();
    format!("picture=[{}]", rows.join(", "))
}
