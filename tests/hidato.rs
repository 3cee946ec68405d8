//! `specs/hidato.toml` against a brute-force enumeration written here: a
//! depth-first walk that places 1, 2, ... on neighbouring squares,
//! sharing no code with the interpreter.

use crate::solve;

/// A walk over the grid: the puzzle, where each given number stands, the
/// squares used so far.
struct Walk<'a> {
    puzzle: &'a [Vec<i64>],
    at: Vec<Option<(usize, usize)>>,
    used: Vec<Vec<bool>>,
}

impl Walk<'_> {
    /// The ways to go on from `k` standing at `here` to the last number.
    fn count(&mut self, k: usize, here: (usize, usize)) -> u64 {
        let r = self.puzzle.len();
        if k == r * r {
            return 1;
        }
        let mut count = 0;
        for i in here.0.saturating_sub(1)..(here.0 + 2).min(r) {
            for j in here.1.saturating_sub(1)..(here.1 + 2).min(r) {
                // k + 1 goes where it is given, else on a blank square.
                let fits = match self.at[k + 1] {
                    Some(p) => p == (i, j),
                    None => self.puzzle[i][j] == 0,
                };
                if fits && !self.used[i][j] {
                    self.used[i][j] = true;
                    count += self.count(k + 1, (i, j));
                    self.used[i][j] = false;
                }
            }
        }
        count
    }
}

/// Hidato grids: every way of writing 1..r*r along king moves that keeps
/// the given numbers (0: blank).
fn brute_force(puzzle: &[Vec<i64>]) -> u64 {
    let r = puzzle.len();
    let mut at = vec![None; r * r + 1];
    for (i, row) in puzzle.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            if v > 0 {
                at[v as usize] = Some((i, j));
            }
        }
    }
    let starts: Vec<(usize, usize)> = match at[1] {
        Some(p) => vec![p],
        None => (0..r)
            .flat_map(|i| (0..r).map(move |j| (i, j)))
            .filter(|&(i, j)| puzzle[i][j] == 0)
            .collect(),
    };
    let mut walk = Walk {
        puzzle,
        at,
        used: vec![vec![false; r]; r],
    };
    let mut total = 0;
    for (i, j) in starts {
        walk.used[i][j] = true;
        total += walk.count(1, (i, j));
        walk.used[i][j] = false;
    }
    total
}

fn text(puzzle: &[Vec<i64>]) -> String {
    let rows: Vec<String> = puzzle
        .iter()
        .map(|r| {
            format!(
                "[{}]",
                r.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    format!("puzzle=[{}]", rows.join(","))
}

#[test]
fn hidato_counts_what_brute_force_counts() {
    let default = vec![
        vec![0, 0, 20, 0, 0],
        vec![0, 0, 0, 16, 18],
        vec![22, 0, 15, 0, 0],
        vec![23, 0, 1, 14, 11],
        vec![0, 25, 0, 0, 12],
    ];
    let cases = [
        default.clone(),
        vec![vec![1, 0, 0], vec![0, 0, 0], vec![0, 0, 9]],
        vec![vec![0, 0, 0], vec![0, 5, 0], vec![0, 0, 0]],
        vec![
            vec![1, 0, 0, 0],
            vec![0, 0, 6, 0],
            vec![0, 11, 0, 0],
            vec![0, 0, 0, 16],
        ],
    ];
    for puzzle in &cases {
        let expected = brute_force(puzzle);
        let r = format!("r={}", puzzle.len());
        let (out, err, code) = solve(&[
            "specs/hidato.toml",
            "--set",
            &r,
            "--set",
            &text(puzzle),
            "--count",
        ]);
        assert!(code == 0 || code == 1, "{err}");
        assert_eq!(out.trim(), expected.to_string(), "{puzzle:?}");
    }
    // The default instance has one solution, and the first printed is it.
    assert_eq!(brute_force(&default), 1);
    let (out, _, code) = solve(&["specs/hidato.toml"]);
    assert_eq!(code, 0);
    let grid: Vec<Vec<i64>> = out
        .lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(
        brute_force(&grid),
        1,
        "the printed grid is a full hidato:\n{out}"
    );
}
