//! The loop and connectivity genres. Slitherlink, written twice:
//! `specs/slitherlink.toml` (the loop's edges, `single_loop`) and
//! `tests/readme/slitherlink-regions.toml` (an inside and an outside, each
//! one connected piece), against a checker written here: it draws the
//! loop's edges of a set of inside cells (the sides between a cell inside
//! and one outside, the grid's frame outside), and asks that every corner
//! touch 0 or 2 of them and that they form one cycle. On random 3x3 and
//! 3x4 clue grids both specs count as the brute force over every set of
//! inside cells; the shipped 10x10 (janko.at's 61) draws the published
//! loop. `specs/nurikabe.toml` (islands labelled by their clue, each
//! connected, and a connected sea) against a checker of shadings written
//! here (the sea one piece without a 2x2 pool, each island one clue of
//! its size): random 3x3 and 3x4 pictures count as the brute force over
//! every shading, and the shipped 10x10 (janko.at's 8) has one solution,
//! the published one, which keeps the rules.

use crate::{Rng, count, json_solutions, solve};

/// A side of a cell on the loop: its two corners `(row, column)`.
type Edge = ((usize, usize), (usize, usize));

/// The loop's edges of `inside` (h x w, row-major), as pairs of corners
/// `(r, c)`, `0 <= r <= h`, `0 <= c <= w`.
fn loop_edges(inside: &[bool], h: usize, w: usize) -> Vec<Edge> {
    let at = |r: i64, c: i64| {
        (0..h as i64).contains(&r)
            && (0..w as i64).contains(&c)
            && inside[r as usize * w + c as usize]
    };
    let mut edges = Vec::new();
    for r in 0..=h as i64 {
        for c in 0..=w as i64 {
            // The top side of cell (r, c), and its left side.
            if c < w as i64 && at(r - 1, c) != at(r, c) {
                edges.push(((r as usize, c as usize), (r as usize, c as usize + 1)));
            }
            if r < h as i64 && at(r, c - 1) != at(r, c) {
                edges.push(((r as usize, c as usize), (r as usize + 1, c as usize)));
            }
        }
    }
    edges
}

/// Whether the edges form exactly one cycle.
fn one_loop(edges: &[Edge]) -> bool {
    let Some(&(start, _)) = edges.first() else {
        return false;
    };
    let touching = |v: (usize, usize)| edges.iter().filter(|(a, b)| *a == v || *b == v).count();
    if edges
        .iter()
        .any(|&(a, b)| touching(a) != 2 || touching(b) != 2)
    {
        return false;
    }
    // Walk the cycle from `start`: it must use every edge.
    let (mut at, mut used) = (start, vec![false; edges.len()]);
    while let Some(k) =
        (0..edges.len()).find(|&k| !used[k] && (edges[k].0 == at || edges[k].1 == at))
    {
        used[k] = true;
        at = if edges[k].0 == at {
            edges[k].1
        } else {
            edges[k].0
        };
    }
    at == start && used.iter().all(|&u| u)
}

/// The sides of cell (r, c) on the loop.
fn sides(edges: &[Edge], r: usize, c: usize) -> i64 {
    let sides = [
        ((r, c), (r, c + 1)),
        ((r + 1, c), (r + 1, c + 1)),
        ((r, c), (r + 1, c)),
        ((r, c + 1), (r + 1, c + 1)),
    ];
    sides.iter().filter(|s| edges.contains(s)).count() as i64
}

/// A picture param as `--set` writes it: a digit per clue, `.` for the
/// `blank` value.
fn picture(clues: &[Vec<i64>], blank: i64) -> String {
    let rows: Vec<String> = clues
        .iter()
        .map(|row| {
            let digit = |v: i64| {
                if v == blank {
                    '.'
                } else {
                    char::from(b'0' + v as u8)
                }
            };
            let text: String = row.iter().map(|&v| digit(v)).collect();
            format!("\"{text}\"")
        })
        .collect();
    format!("picture=[{}]", rows.join(", "))
}

#[test]
fn slitherlink_counts_as_the_brute_force_on_small_grids() {
    let mut rng = Rng::new(3801);
    let mut some = 0;
    for case in 0..24 {
        let (h, w) = if case % 2 == 0 { (3, 3) } else { (3, 4) };
        // Clues from a random inside set (often a loop), some hidden.
        let seed: Vec<bool> = (0..h * w).map(|_| rng.below(2) == 1).collect();
        let edges = loop_edges(&seed, h, w);
        let clues: Vec<Vec<i64>> = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| {
                        if rng.below(3) == 0 {
                            -1
                        } else {
                            sides(&edges, r, c)
                        }
                    })
                    .collect()
            })
            .collect();
        let mut expected = 0;
        for mask in 0u32..1 << (h * w) {
            let inside: Vec<bool> = (0..h * w).map(|i| mask >> i & 1 == 1).collect();
            let edges = loop_edges(&inside, h, w);
            let fits = (0..h)
                .all(|r| (0..w).all(|c| clues[r][c] < 0 || sides(&edges, r, c) == clues[r][c]));
            if fits && one_loop(&edges) {
                expected += 1;
            }
        }
        let set = picture(&clues, -1);
        for spec in [
            "specs/slitherlink.toml",
            "tests/readme/slitherlink-regions.toml",
        ] {
            assert_eq!(count(&[spec, "--set", &set]), expected, "{spec} {set}");
        }
        some += u64::from(expected > 0);
    }
    assert!(some > 5, "some grids have loops: {some}");
}

/// The edges a solution of `specs/slitherlink.toml` takes, as pairs of
/// points from 0 (its `across` and `down`, indexed from 1).
fn drawn_edges(solution: &serde_json::Value) -> Vec<Edge> {
    let mut edges = Vec::new();
    for (name, step) in [("across", (0, 1)), ("down", (1, 0))] {
        let rows = solution[name].as_array().expect("rows");
        for (r, row) in rows.iter().enumerate() {
            for (c, taken) in row.as_array().expect("a row").iter().enumerate() {
                if taken.as_bool().expect("a boolean") {
                    edges.push(((r, c), (r + step.0, c + step.1)));
                }
            }
        }
    }
    edges.sort_unstable();
    edges
}

#[test]
fn the_shipped_slitherlink_draws_the_published_loop() {
    let solutions = json_solutions(&["specs/slitherlink.toml", "--all", "--json"]);
    assert_eq!(solutions.len(), 1);
    let edges = drawn_edges(&solutions[0]);
    assert!(one_loop(&edges));
    // janko.at's published solution of its Slitherlink 61: the cells
    // inside the loop.
    let published = [
        "xxxx...x..",
        "x.xxx.xxx.",
        "...xx..x..",
        "..xxxxxxx.",
        "x.xxx...xx",
        "xxxx..xxx.",
        "..x....x..",
        "x.xxxx.xxx",
        "xxxx.x..x.",
        "x.x..xx.x.",
    ];
    let inside: Vec<bool> = published
        .iter()
        .flat_map(|r| r.chars().map(|c| c == 'x'))
        .collect();
    let mut expected = loop_edges(&inside, 10, 10);
    expected.sort_unstable();
    assert_eq!(edges, expected);
    // The board draws it: the points, a line per edge, the clues.
    let (out, err, code) = solve(&["specs/slitherlink.toml"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Vec<char>> = out.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(lines.len(), 21, "{out}");
    for &((r1, c1), (r2, c2)) in &edges {
        // Cells are two characters apart on a line (a space between).
        let (row, col) = (r1 + r2, (c1 + c2) * 2);
        let line = if r1 == r2 { '─' } else { '│' };
        assert_eq!(lines[row].get(col), Some(&line), "{out}");
    }
}

#[test]
fn the_regions_slitherlink_has_one_loop_through_its_clues() {
    let spec = "tests/readme/slitherlink-regions.toml";
    assert_eq!(count(&[spec]), 1);
    let (out, err, code) = solve(&[spec]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Vec<&str>> = out
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let (h, w) = (rows.len(), rows[0].len());
    let inside: Vec<bool> = rows.iter().flatten().map(|&cell| cell == "#").collect();
    let edges = loop_edges(&inside, h, w);
    assert!(one_loop(&edges), "{out}");
    // Wikipedia's givens, (row, column) from 0.
    let givens = [
        (0, 4, 0),
        (1, 0, 3),
        (1, 1, 3),
        (1, 4, 1),
        (2, 2, 1),
        (2, 3, 2),
        (3, 2, 2),
        (3, 3, 0),
        (4, 1, 1),
        (4, 4, 1),
        (4, 5, 1),
        (5, 1, 2),
    ];
    for (r, c, n) in givens {
        assert_eq!(sides(&edges, r, c), n, "cell ({r}, {c}):\n{out}");
    }
}

/// Whether a shading (`sea`, h x w row-major) solves a Nurikabe of
/// `clues` (0: none): the sea one connected piece (or none), no 2x2 pool,
/// each clue unshaded, each island one clue of its size.
fn nurikabe_holds(sea: &[bool], clues: &[i64], h: usize, w: usize) -> bool {
    let pieces = |shaded: bool| {
        let mut piece = vec![usize::MAX; h * w];
        let mut sizes = Vec::new();
        for start in 0..h * w {
            if sea[start] != shaded || piece[start] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            piece[start] = id;
            let mut todo = vec![start];
            let mut size = 0;
            while let Some(i) = todo.pop() {
                size += 1;
                let (r, c) = (i / w, i % w);
                let mut near = Vec::new();
                if r > 0 {
                    near.push(i - w);
                }
                if r + 1 < h {
                    near.push(i + w);
                }
                if c > 0 {
                    near.push(i - 1);
                }
                if c + 1 < w {
                    near.push(i + 1);
                }
                for j in near {
                    if sea[j] == shaded && piece[j] == usize::MAX {
                        piece[j] = id;
                        todo.push(j);
                    }
                }
            }
            sizes.push(size);
        }
        (piece, sizes)
    };
    let (_, seas) = pieces(true);
    let pool = (0..h - 1)
        .any(|r| (0..w - 1).any(|c| [0, 1, w, w + 1].iter().all(|&d| sea[r * w + c + d])));
    if seas.len() > 1 || pool || (0..h * w).any(|i| clues[i] > 0 && sea[i]) {
        return false;
    }
    let (island, sizes) = pieces(false);
    (0..sizes.len()).all(|k| {
        let held: Vec<i64> = (0..h * w)
            .filter(|&i| island[i] == k && clues[i] > 0)
            .map(|i| clues[i])
            .collect();
        held.len() == 1 && held[0] == sizes[k] as i64
    })
}

#[test]
fn nurikabe_counts_as_the_brute_force_on_small_grids() {
    let mut rng = Rng::new(3802);
    let mut some = 0;
    for case in 0..20 {
        let (h, w) = if case % 2 == 0 { (3, 3) } else { (3, 4) };
        // Clues from a random shading: one per island, its size (the
        // shading itself may break the rules; the count says).
        let shading: Vec<bool> = (0..h * w).map(|_| rng.below(5) < 3).collect();
        let mut clues = vec![0i64; h * w];
        let mut done = vec![false; h * w];
        for start in 0..h * w {
            if shading[start] || done[start] {
                continue;
            }
            let mut island = vec![start];
            done[start] = true;
            let mut k = 0;
            while k < island.len() {
                let i = island[k];
                k += 1;
                let (r, c) = (i / w, i % w);
                for (dr, dc) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
                    let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                    if (0..h as i64).contains(&r2) && (0..w as i64).contains(&c2) {
                        let j = r2 as usize * w + c2 as usize;
                        if !shading[j] && !done[j] {
                            done[j] = true;
                            island.push(j);
                        }
                    }
                }
            }
            if island.len() <= 9 {
                clues[island[rng.below(island.len())]] = island.len() as i64;
            }
        }
        let expected = (0u32..1 << (h * w))
            .filter(|mask| {
                let sea: Vec<bool> = (0..h * w).map(|i| mask >> i & 1 == 1).collect();
                nurikabe_holds(&sea, &clues, h, w)
            })
            .count() as u64;
        let rows: Vec<Vec<i64>> = clues.chunks(w).map(<[i64]>::to_vec).collect();
        let set = picture(&rows, 0);
        if clues.iter().all(|&v| v == 0) {
            continue; // no clue: the spec has no island to label
        }
        assert_eq!(
            count(&["specs/nurikabe.toml", "--set", &set]),
            expected,
            "{set}"
        );
        some += u64::from(expected > 0);
    }
    assert!(some > 3, "some grids have solutions: {some}");
}

#[test]
fn the_shipped_nurikabe_has_one_solution_the_published_one() {
    assert_eq!(count(&["specs/nurikabe.toml"]), 1);
    let (out, err, code) = solve(&["specs/nurikabe.toml"]);
    assert_eq!(code, 0, "{err}");
    // janko.at's Nurikabe 8: its clues, and its published solution
    // (`#` the sea).
    let puzzle = [
        ".2...4....",
        "..........",
        "........1.",
        ".....3...3",
        "....9.....",
        ".......2..",
        "..........",
        ".6.6....1.",
        "3.....2..2",
        "..........",
    ];
    let published = [
        ".2###4...#",
        "###.######",
        "#.#.#..#1#",
        "#.#.#3###3",
        "#.#.9##.#.",
        "#.##..#2#.",
        "#.#.#..###",
        "#6#6####1#",
        "3##..#2.#2",
        "..#..####.",
    ];
    let (h, w) = (10, 10);
    let clues: Vec<i64> = puzzle
        .iter()
        .flat_map(|r| r.chars().map(|c| c.to_digit(10).map_or(0, i64::from)))
        .collect();
    let sea: Vec<bool> = out.split_whitespace().map(|cell| cell == "#").collect();
    let expected: Vec<bool> = published
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '#'))
        .collect();
    assert_eq!(sea, expected, "{out}");
    assert!(nurikabe_holds(&sea, &clues, h, w), "{out}");
}
