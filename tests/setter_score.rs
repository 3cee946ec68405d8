//! The grade's number against an independent grader: QQWing's
//! (`tests/data/qqwing/sudokus.csv`, 20 sudokus of each of its grades,
//! made and graded by Debian's `qqwing`). The score must rank them at
//! least as well as the ladder's level does (Spearman's rho, ties at
//! their mean rank, computed here), and its median must rise strictly
//! from simple to expert: it separates easy from intermediate, which the
//! level puts on one rung.

use crate::solve;
use serde_json::Value;

const QQWING: [&str; 4] = ["simple", "easy", "intermediate", "expert"];
const LADDER: [&str; 7] = [
    "check",
    "early",
    "propagate",
    "bounds",
    "domain",
    "probing",
    "search",
];

/// The committed sudokus: (the `--set` text, QQWing's grade as 0..3).
pub(crate) fn qqwing_sudokus() -> Vec<(String, usize)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/qqwing/sudokus.csv");
    let text = std::fs::read_to_string(path).unwrap();
    (text.lines().skip(1))
        .map(|line| {
            let (puzzle, grade) = line.split_once(',').unwrap();
            let digits: Vec<String> = (puzzle.chars())
                .map(|ch| ch.to_digit(10).unwrap_or(0).to_string())
                .collect();
            let rows: Vec<String> = (digits.chunks(9))
                .map(|row| format!("[{}]", row.join(",")))
                .collect();
            let grade = QQWING.iter().position(|g| *g == grade).unwrap();
            (format!("puzzle=[{}]", rows.join(",")), grade)
        })
        .collect()
}

/// Ranks from 0, ties at their mean rank.
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut out = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            out[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rho: Pearson's correlation of the ranks.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&ra), mean(&rb));
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    (xs[(n - 1) / 2] + xs[n / 2]) / 2.0
}

#[test]
fn the_score_ranks_qqwing_grades_at_least_as_well_as_the_level() {
    let (mut qq, mut score, mut level) = (Vec::new(), Vec::new(), Vec::new());
    let mut by_grade: Vec<Vec<f64>> = vec![Vec::new(); 4];
    for (set, grade) in qqwing_sudokus() {
        let (stdout, stderr, code) = solve(&[
            "grade",
            "specs/sudoku.toml",
            "--set",
            &set,
            "--no-steps",
            "--json",
        ]);
        assert_eq!(code, 0, "{set}: {stderr}");
        let graded: Value = serde_json::from_str(stdout.trim()).unwrap();
        let s = graded["score"].as_u64().unwrap() as f64;
        let l = LADDER.iter().position(|l| graded["grade"] == *l).unwrap();
        qq.push(grade as f64);
        score.push(s);
        level.push(l as f64);
        by_grade[grade].push(s);
    }
    assert_eq!(qq.len(), 80);
    let (by_score, by_level) = (spearman(&score, &qq), spearman(&level, &qq));
    assert!(
        by_score >= by_level,
        "score rho {by_score:.3} below the level's {by_level:.3}"
    );
    let medians: Vec<f64> = by_grade.into_iter().map(median).collect();
    assert!(
        medians.windows(2).all(|w| w[0] < w[1]),
        "the score's medians by QQWing grade do not rise strictly: {medians:?}"
    );
}

#[test]
fn spearman_is_one_on_the_same_order_and_minus_one_reversed() {
    let a = [1.0, 2.0, 2.0, 5.0];
    assert!((spearman(&a, &[0.0, 1.0, 1.0, 3.0]) - 1.0).abs() < 1e-12);
    assert!((spearman(&a, &[3.0, 1.0, 1.0, 0.0]) + 1.0).abs() < 1e-12);
}
