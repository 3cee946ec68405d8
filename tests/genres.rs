//! The loop and connectivity genres: `specs/slitherlink.toml` (one loop,
//! written as an inside and an outside that are each one connected piece)
//! against a checker written here that knows nothing of regions: it draws
//! the loop's edges (the sides between a cell inside and one outside, the
//! grid's frame outside), and asks that every corner touch 0 or 2 of them
//! and that they form one cycle. On random 3x3 and 3x4 clue grids the
//! spec's count equals the brute force over every set of inside cells;
//! on the shipped puzzle (Wikipedia's example) the one solution passes
//! the checker and its clues.

use crate::{Rng, count, solve};

/// The loop's edges of `inside` (h x w, row-major), as pairs of corners
/// `(r, c)`, `0 <= r <= h`, `0 <= c <= w`.
fn loop_edges(inside: &[bool], h: usize, w: usize) -> Vec<((usize, usize), (usize, usize))> {
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
fn one_loop(edges: &[((usize, usize), (usize, usize))]) -> bool {
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
    loop {
        let Some(k) =
            (0..edges.len()).find(|&k| !used[k] && (edges[k].0 == at || edges[k].1 == at))
        else {
            break;
        };
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
fn sides(edges: &[((usize, usize), (usize, usize))], r: usize, c: usize) -> i64 {
    let sides = [
        ((r, c), (r, c + 1)),
        ((r + 1, c), (r + 1, c + 1)),
        ((r, c), (r + 1, c)),
        ((r, c + 1), (r + 1, c + 1)),
    ];
    sides.iter().filter(|s| edges.contains(s)).count() as i64
}

/// A picture param as `--set` writes it.
fn picture(clues: &[Vec<i64>]) -> String {
    let rows: Vec<String> = clues
        .iter()
        .map(|row| {
            let text: String = row
                .iter()
                .map(|&v| {
                    if v < 0 {
                        '.'
                    } else {
                        char::from(b'0' + v as u8)
                    }
                })
                .collect();
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
        let set = picture(&clues);
        assert_eq!(
            count(&["specs/slitherlink.toml", "--set", &set]),
            expected,
            "{set}"
        );
        some += u64::from(expected > 0);
    }
    assert!(some > 5, "some grids have loops: {some}");
}

#[test]
fn the_shipped_slitherlink_has_one_loop_through_its_clues() {
    assert_eq!(count(&["specs/slitherlink.toml"]), 1);
    let (out, err, code) = solve(&["specs/slitherlink.toml"]);
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
