//! Masyu, Numberlink and Hashi (`specs/masyu.toml`, `specs/numberlink.toml`,
//! `specs/hashi.toml`) against checkers written here from the rules'
//! words: on small random pictures each spec counts as a brute force over
//! every edge set (Masyu, Numberlink) or every choice of bridges (Hashi),
//! and each shipped puzzle (janko.at's) has one solution, the published
//! one. The checkers walk what they check: a Masyu loop's cells in order
//! (straight or turning), a Numberlink path from each end, a Hashi's
//! islands along its bridges.

use crate::loops::grid_edges;
use crate::{Rng, count, json_solutions, solve};

/// The edge sets of `edges` (as masks) that pass `keep`.
fn edge_sets(edges: &[(usize, usize)], mut keep: impl FnMut(&[(usize, usize)]) -> bool) -> u64 {
    let mut n = 0;
    for mask in 0u32..1 << edges.len() {
        let taken: Vec<(usize, usize)> = (0..edges.len())
            .filter(|&e| mask >> e & 1 == 1)
            .map(|e| edges[e])
            .collect();
        n += u64::from(keep(&taken));
    }
    n
}

/// Each cell's neighbours along the edges taken.
fn neighbours(n: usize, taken: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut near = vec![Vec::new(); n];
    for &(a, b) in taken {
        near[a].push(b);
        near[b].push(a);
    }
    near
}

/// A picture param as `--set` writes it.
fn picture(rows: &[String]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!("picture=[{}]", rows.join(", "))
}

/// Whether a loop (the edges taken, one cycle) keeps Masyu's circles:
/// on `W` it goes straight and turns in the cell before or after; on `B`
/// it turns and goes straight in both cells next to it on the loop.
fn masyu_holds(circles: &[char], w: usize, taken: &[(usize, usize)]) -> bool {
    masyu_rules(circles, w, taken, true)
}

/// Masyu's rules, a white circle's turn next to it asked or not.
fn masyu_rules(circles: &[char], w: usize, taken: &[(usize, usize)], turns: bool) -> bool {
    let near = neighbours(circles.len(), taken);
    // Straight: its two neighbours on opposite sides (same row or column).
    let straight = |i: usize| {
        let [a, b] = near[i][..] else { return false };
        a / w == b / w || a % w == b % w
    };
    (0..circles.len()).all(|i| match circles[i] {
        'W' => {
            near[i].len() == 2 && straight(i) && (!turns || near[i].iter().any(|&j| !straight(j)))
        }
        'B' => near[i].len() == 2 && !straight(i) && near[i].iter().all(|&j| straight(j)),
        _ => true,
    })
}

/// Every cycle of a graph of `n` nodes, as its edges: a depth-first walk
/// from each node through larger ones back to it, each cycle kept in the
/// one direction whose second node is below its last.
fn cycles(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let near = neighbours(n, edges);
    let mut found = Vec::new();
    let mut path = Vec::new();
    fn walk(near: &[Vec<usize>], path: &mut Vec<usize>, found: &mut Vec<Vec<(usize, usize)>>) {
        let (start, at) = (path[0], path[path.len() - 1]);
        for &next in &near[at] {
            if next == start && path.len() >= 3 && path[1] < at {
                let mut cycle: Vec<(usize, usize)> =
                    path.windows(2).map(|p| (p[0], p[1])).collect();
                cycle.push((at, start));
                found.push(cycle);
            } else if next > start && !path.contains(&next) {
                path.push(next);
                walk(near, path, found);
                let _ = path.pop();
            }
        }
    }
    for start in 0..n {
        path.push(start);
        walk(&near, &mut path, &mut found);
        path.clear();
    }
    found
}

#[test]
fn masyu_counts_as_the_brute_force_on_small_grids() {
    let mut rng = Rng::new(3805);
    let (mut some, mut turns_matter) = (0, 0);
    for case in 0..16 {
        let (h, w) = if case % 2 == 0 { (4, 4) } else { (5, 5) };
        let loops = cycles(h * w, &grid_edges(h, w));
        // Circles drawn on one of the loops (where its shape allows them).
        let chosen = &loops[rng.below(loops.len())];
        let mut circles = vec!['.'; h * w];
        for i in 0..h * w {
            for kind in ['W', 'B'] {
                let mut only = vec!['.'; h * w];
                only[i] = kind;
                if rng.one_in(4) && masyu_holds(&only, w, chosen) {
                    circles[i] = kind;
                }
            }
        }
        let fits = |t: &Vec<(usize, usize)>| masyu_holds(&circles, w, t);
        let expected = loops.iter().filter(|t| fits(t)).count() as u64;
        let rows: Vec<String> = circles.chunks(w).map(|r| r.iter().collect()).collect();
        let set = picture(&rows);
        assert_eq!(
            count(&["specs/masyu.toml", "--set", &set]),
            expected,
            "{set}"
        );
        some += u64::from(expected < loops.len() as u64);
        // Whether a white circle's "turns next to it" rules out a loop
        // here (the spec is checked on rules that matter).
        let straight_only = loops
            .iter()
            .filter(|t| masyu_rules(&circles, w, t, false))
            .count();
        turns_matter += u64::from(straight_only as u64 != expected);
    }
    assert!(some > 5, "some pictures rule out loops: {some}");
    assert!(
        turns_matter > 2,
        "white circles' turns rule out loops: {turns_matter}"
    );
}

#[test]
fn the_shipped_masyu_draws_the_published_loop() {
    let solutions = json_solutions(&["specs/masyu.toml", "--all", "--json"]);
    assert_eq!(solutions.len(), 1);
    // janko.at's published solution of its Masyu 12: the sides each cell
    // joins (n, s, e, w; `-` off the loop).
    let published = [
        "se ew ew sw se ew ew ew sw -",
        "ns -  -  ns ns se ew sw ne sw",
        "ns -  -  ne nw ns -  ne sw ns",
        "ne ew sw se ew nw se sw ns ns",
        "se ew nw ne ew sw ns ne nw ns",
        "ns se ew sw -  ns ne ew ew nw",
        "ns ns -  ns -  ns -  se ew sw",
        "ns ne sw ne ew nw -  ns -  ns",
        "ne sw ne ew ew ew ew nw se nw",
        "-  ne ew ew ew ew ew ew nw -",
    ];
    let sides: Vec<Vec<&str>> = published
        .iter()
        .map(|r| r.split_whitespace().collect())
        .collect();
    let taken = |name: &str, r: usize, c: usize| {
        solutions[0][name][r][c]
            .as_bool()
            .expect("an edge is a boolean")
    };
    for (r, row) in sides.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let joins = |side: char| cell.contains(side);
            if c < 9 {
                assert_eq!(taken("across", r, c), joins('e'), "cell ({r}, {c})");
            }
            if r < 9 {
                assert_eq!(taken("down", r, c), joins('s'), "cell ({r}, {c})");
            }
        }
    }
}

/// Whether the edges taken join each pair of ends by a path, and nothing
/// else: ends touched once, other cells 0 or 2 times, every cell touched
/// reached from an end, and each end's walk arriving at its partner.
fn numberlink_holds(n: usize, pairs: &[(usize, usize)], taken: &[(usize, usize)]) -> bool {
    let near = neighbours(n, taken);
    let is_end = |i: usize| pairs.iter().any(|&(s, t)| i == s || i == t);
    let degree_fits = |i: usize| match near[i].len() {
        1 => is_end(i),
        0 | 2 => !is_end(i),
        _ => false,
    };
    if !(0..n).all(degree_fits) {
        return false;
    }
    let mut reached = vec![false; n];
    for &(s, t) in pairs {
        // Walk from s along the path until it stops.
        let (mut prev, mut at) = (usize::MAX, s);
        reached[s] = true;
        while let Some(&next) = near[at].iter().find(|&&j| j != prev) {
            (prev, at) = (at, next);
            reached[at] = true;
        }
        if at != t {
            return false;
        }
    }
    (0..n).all(|i| near[i].is_empty() || reached[i])
}

/// Whether the edges taken join each pair of ends by a path and touch
/// every cell (the rule of `fill = true`).
fn numberlink_fills(n: usize, pairs: &[(usize, usize)], taken: &[(usize, usize)]) -> bool {
    let near = neighbours(n, taken);
    numberlink_holds(n, pairs, taken) && near.iter().all(|cell| !cell.is_empty())
}

/// A Numberlink picture as the spec reads it, one text per row, its
/// cells separated by spaces, as `--set` writes it.
fn numberlink_picture(drawn: &[String], w: usize) -> String {
    let rows: Vec<String> = drawn.chunks(w).map(|r| r.join(" ")).collect();
    picture(&rows)
}

#[test]
fn numberlink_counts_as_the_brute_force_on_small_grids() {
    let mut rng = Rng::new(3806);
    let (mut some, mut fill_matters) = (0, 0);
    for case in 0..16 {
        let (h, w) = if case % 2 == 0 { (3, 3) } else { (3, 4) };
        let n = h * w;
        // Two or three pairs of ends on distinct cells.
        let k = 2 + rng.below(2);
        let mut cells: Vec<usize> = (0..n).collect();
        for i in 0..2 * k {
            cells.swap(i, i + rng.below(n - i));
        }
        let pairs: Vec<(usize, usize)> = (0..k).map(|p| (cells[2 * p], cells[2 * p + 1])).collect();
        let mut drawn = vec![".".to_string(); n];
        for (p, &(s, t)) in pairs.iter().enumerate() {
            drawn[s] = (p + 1).to_string();
            drawn[t] = drawn[s].clone();
        }
        let set = numberlink_picture(&drawn, w);
        let edges = grid_edges(h, w);
        let expected = edge_sets(&edges, |t| numberlink_holds(n, &pairs, t));
        let filled = edge_sets(&edges, |t| numberlink_fills(n, &pairs, t));
        assert_eq!(
            count(&["specs/numberlink.toml", "--set", &set]),
            expected,
            "{set}"
        );
        assert_eq!(
            count(&["specs/numberlink.toml", "--set", &set, "--set", "fill=true"]),
            filled,
            "{set}, fill=true"
        );
        some += u64::from(expected > 0);
        fill_matters += u64::from(filled != expected);
    }
    assert!(some > 3, "some pictures have solutions: {some}");
    assert!(fill_matters > 3, "fill rules out some: {fill_matters}");
}

/// Twelve pairs on a 10x10 (the cuts of a random path through every
/// cell), with words of two digits: solved with and without `fill`, and
/// each solution walked by the checker, the labels the spec prints
/// those of the walk.
#[test]
fn numberlink_takes_any_number_of_labels() {
    let rows = [
        ". . . . . . . . 7 8",
        ". . 4 5 . . 3 4 . .",
        ". . . . . . 3 2 . .",
        ". . 1 2 . . . . . .",
        ". . . . . . 1 . . .",
        ". 5 . . . . . . 9 8",
        ". 6 7 . . . . . . .",
        ". . 6 . 12 . . . . .",
        ". . . . 11 . . . . .",
        ". . . . 12 11 10 . 10 9",
    ];
    let (h, w) = (10, 10);
    let drawn: Vec<&str> = rows.iter().flat_map(|r| r.split_whitespace()).collect();
    let mut pairs = Vec::new();
    for label in 1..=12 {
        let ends: Vec<usize> = (0..h * w)
            .filter(|&i| drawn[i] == label.to_string())
            .collect();
        assert_eq!(ends.len(), 2, "{label}");
        pairs.push((ends[0], ends[1]));
    }
    let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    let set = picture(&rows);
    for fill in ["fill=false", "fill=true"] {
        let solutions = json_solutions(&[
            "specs/numberlink.toml",
            "--set",
            &set,
            "--set",
            fill,
            "--json",
        ]);
        let s = &solutions[0];
        let edge = |name: &str, r: usize, c: usize| s[name][r][c].as_bool().expect("a boolean");
        let mut taken = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if c + 1 < w && edge("across", r, c) {
                    taken.push((r * w + c, r * w + c + 1));
                }
                if r + 1 < h && edge("down", r, c) {
                    taken.push((r * w + c, (r + 1) * w + c));
                }
            }
        }
        assert!(numberlink_holds(h * w, &pairs, &taken), "{fill}: {s}");
        if fill == "fill=true" {
            assert!(numberlink_fills(h * w, &pairs, &taken), "{fill}: {s}");
        }
        // The label printed on each cell: the pair whose walk reached it.
        let near = neighbours(h * w, &taken);
        for (p, &(start, _)) in pairs.iter().enumerate() {
            let (mut prev, mut at) = (usize::MAX, start);
            loop {
                assert_eq!(s["label"][at / w][at % w], (p + 1).to_string(), "{fill}");
                let Some(&next) = near[at].iter().find(|&&j| j != prev) else {
                    break;
                };
                (prev, at) = (at, next);
            }
        }
    }
}

/// A picture the rules cannot read says so in the spec's own words.
#[test]
fn numberlink_refuses_a_number_not_drawn_twice_and_a_ragged_picture() {
    let (_, err, code) = solve(&[
        "specs/numberlink.toml",
        "--set",
        r#"picture=["1 . 2", ". . 3", "1 . 2", "3 . 3"]"#,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("error: each number is drawn twice; these are not: [\"3\"]\n"),
        "{err}"
    );
    let (_, err, code) = solve(&[
        "specs/numberlink.toml",
        "--set",
        r#"picture=["1 . 2", ". .", "1 . 2"]"#,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(
            "error: each row of the picture has as many cells as the first; these do not: [\". .\"]\n"
        ),
        "{err}"
    );
}

#[test]
fn the_shipped_numberlink_has_one_solution_the_published_one() {
    assert_eq!(count(&["specs/numberlink.toml"]), 1);
    let (out, err, code) = solve(&["specs/numberlink.toml"]);
    assert_eq!(code, 0, "{err}");
    // janko.at's published solution of its Arukone 3, each cell labelled
    // with its path.
    let published = [
        "88866666", "21877756", "21888756", "21118756", "22218756", "96215556", "96222226",
        "96666666",
    ];
    let printed: Vec<String> = out.lines().map(|l| l.replace(' ', "")).collect();
    assert_eq!(printed, published, "{out}");
}

/// A Hashi on an h x w grid: its islands (cells) and the spans between
/// each island and the next one across and down.
struct Islands {
    cells: Vec<usize>,
    spans: Vec<(usize, usize)>,
    w: usize,
}

impl Islands {
    fn new(cells: Vec<usize>, w: usize) -> Islands {
        let mut spans = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            let across = cells.iter().position(|&b| b / w == a / w && b > a);
            let down = cells.iter().position(|&b| b % w == a % w && b > a);
            spans.extend(across.map(|j| (i, j)));
            spans.extend(down.map(|j| (i, j)));
        }
        Islands { cells, spans, w }
    }

    /// Whether spans e and f cross (one across, one down, each strictly
    /// between the other's ends).
    fn cross(&self, e: usize, f: usize) -> bool {
        let w = self.w;
        let at = |k: usize| (self.cells[k] / w, self.cells[k] % w);
        let ((r1, c1), (_, c2)) = (at(self.spans[e].0), at(self.spans[e].1));
        let ((r3, c3), (r4, _)) = (at(self.spans[f].0), at(self.spans[f].1));
        let across = r1 == at(self.spans[e].1).0 && c3 == at(self.spans[f].1).1;
        across && r3 < r1 && r1 < r4 && c1 < c3 && c3 < c2
    }

    /// Whether these bridge counts keep the clues, never cross (when
    /// `apart`), and join every island.
    fn holds(&self, bridges: &[usize], clues: &[usize], apart: bool) -> bool {
        let m = self.cells.len();
        let mut total = vec![0; m];
        for (e, &(a, b)) in self.spans.iter().enumerate() {
            total[a] += bridges[e];
            total[b] += bridges[e];
        }
        let built: Vec<(usize, usize)> = (0..self.spans.len())
            .filter(|&e| bridges[e] > 0)
            .map(|e| self.spans[e])
            .collect();
        let crossing = (0..self.spans.len()).any(|e| {
            (0..self.spans.len()).any(|f| bridges[e] > 0 && bridges[f] > 0 && self.cross(e, f))
        });
        let mut seen = vec![false; m];
        seen[0] = true;
        let mut todo = vec![0];
        while let Some(i) = todo.pop() {
            for &(a, b) in &built {
                for (x, y) in [(a, b), (b, a)] {
                    if x == i && !seen[y] {
                        seen[y] = true;
                        todo.push(y);
                    }
                }
            }
        }
        total == clues && !(apart && crossing) && seen.iter().all(|&s| s)
    }
}

#[test]
fn hashi_counts_as_the_brute_force_on_small_grids() {
    let mut rng = Rng::new(3807);
    let (mut some, mut crossings_matter) = (0, 0);
    let mut tried = 0;
    while tried < 16 {
        let (h, w) = (5, 4 + rng.below(2));
        let mut cells: Vec<usize> = (0..h * w).filter(|_| rng.below(10) < 4).collect();
        cells.truncate(8);
        let islands = Islands::new(cells, w);
        let m = islands.cells.len();
        let e = islands.spans.len();
        if m < 2 || e > 10 {
            continue;
        }
        // Clues from random bridges; an island without one gets none.
        let bridges: Vec<usize> = (0..e).map(|_| rng.below(3)).collect();
        let mut clues = vec![0; m];
        for (k, &(a, b)) in islands.spans.iter().enumerate() {
            clues[a] += bridges[k];
            clues[b] += bridges[k];
        }
        if clues.contains(&0) {
            continue;
        }
        tried += 1;
        let (mut expected, mut crossing_too) = (0, 0);
        for code in 0..3usize.pow(e as u32) {
            let choice: Vec<usize> = (0..e).map(|k| code / 3usize.pow(k as u32) % 3).collect();
            expected += u64::from(islands.holds(&choice, &clues, true));
            crossing_too += u64::from(islands.holds(&choice, &clues, false));
        }
        crossings_matter += u64::from(crossing_too != expected);
        let mut drawn = vec!['.'; h * w];
        for (i, &cell) in islands.cells.iter().enumerate() {
            drawn[cell] = char::from(b'0' + clues[i] as u8);
        }
        let rows: Vec<String> = drawn.chunks(w).map(|r| r.iter().collect()).collect();
        let set = picture(&rows);
        assert_eq!(
            count(&["specs/hashi.toml", "--set", &set]),
            expected,
            "{set}"
        );
        some += u64::from(expected > 0);
    }
    assert!(some > 3, "some pictures have solutions: {some}");
    assert!(
        crossings_matter > 1,
        "crossings rule out bridges: {crossings_matter}"
    );
}

#[test]
fn the_shipped_hashi_has_one_solution_the_published_one() {
    assert_eq!(count(&["specs/hashi.toml"]), 1);
    let (out, err, code) = solve(&["specs/hashi.toml"]);
    assert_eq!(code, 0, "{err}");
    // janko.at's published solution of its Hashi 21: per water cell, 1 or
    // 2 bridges across it, a or b down it (`.` none, and the islands).
    let published = [
        ".2.111....",
        "b.a.....a.",
        ".2.11111..",
        "b.a.....a.",
        "b.a..1..aa",
        "..a.b.b.a.",
        "a.a.ba..aa",
        "..a.ba..a.",
        "..a.b.22.a",
        ".2.1.1.11.",
    ];
    let read: Vec<String> = out
        .lines()
        .map(|line| {
            let cells: Vec<char> = line.chars().collect();
            (0..10)
                .map(|c| match cells.get(2 * c).copied().unwrap_or(' ') {
                    '─' => '1',
                    '═' => '2',
                    '│' => 'a',
                    '║' => 'b',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    assert_eq!(read, published, "{out}");
}
