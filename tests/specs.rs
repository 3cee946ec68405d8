//! The shipped specs as integration tests: counts with and without symmetry
//! breaking (PUZZLES.md), every printed solution checked against the puzzle's
//! rules in plain Rust, solution sets compared with brute-force enumerations
//! (order ignored), and the symmetry test: every full solution's orbit under
//! the 8 symmetries of the square holds exactly one canonical solution.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::{
    cells, count, for_each_permutation, ints, json_solutions, scalar, solve, square_symmetry,
};

// ---------------------------------------------------------------- queens

/// Number of solutions of n queens for n = 1..=10 (PUZZLES.md section 1;
/// n = 1..3 are 1, 0, 0).
const QUEENS_ALL: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
/// The same, up to the 8 board symmetries.
const QUEENS_UNIQUE: [u64; 10] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];

/// Whether `q` (q[c] = row of the queen in column c) is a valid placement.
pub(crate) fn is_queens(q: &[i64]) -> bool {
    let n = q.len() as i64;
    q.iter().all(|&r| (0..n).contains(&r))
        && (0..q.len()).all(|a| {
            (a + 1..q.len()).all(|b| {
                let (ra, rb) = (q[a], q[b]);
                let dc = (b - a) as i64;
                ra != rb && (ra - rb).abs() != dc
            })
        })
}

/// Every n-queens placement, by brute force over the n! row permutations.
pub(crate) fn brute_queens(n: i64) -> BTreeSet<Vec<i64>> {
    let mut rows: Vec<i64> = (0..n).collect();
    let mut found = BTreeSet::new();
    for_each_permutation(&mut rows, &mut |q| {
        if is_queens(q) {
            let _ = found.insert(q.to_vec());
        }
    });
    found
}

/// The image of the placement `q` under symmetry `k` of the board.
fn queens_image(q: &[i64], k: usize) -> Vec<i64> {
    let n = q.len() as i64;
    let mut image = vec![-1; q.len()];
    for (c, &r) in q.iter().enumerate() {
        let (r2, c2) = square_symmetry(n, k, r, c as i64);
        image[c2 as usize] = r2;
    }
    image
}

/// All solutions of queens at size n as (q) vectors.
fn queens_solutions(n: u64, symmetry: bool) -> Vec<Vec<i64>> {
    let set = format!("n={n}");
    let mut args = vec!["specs/queens.toml", "--all", "--json", "--set", &set];
    if !symmetry {
        args.push("--no-symmetry");
    }
    json_solutions(&args)
        .iter()
        .map(|solution| {
            let q = ints(solution, "q");
            assert_eq!(q.len(), n as usize, "q has the wrong length: {solution}");
            q
        })
        .collect()
}

#[test]
fn queens_counts_all_solutions() {
    for (i, &expected) in QUEENS_ALL.iter().enumerate() {
        let set = format!("n={}", i + 1);
        let got = count(&["specs/queens.toml", "--no-symmetry", "--set", &set]);
        assert_eq!(got, expected, "queens {set} --no-symmetry");
    }
}

#[test]
fn queens_counts_up_to_symmetry() {
    for (i, &expected) in QUEENS_UNIQUE.iter().enumerate() {
        let set = format!("n={}", i + 1);
        let got = count(&["specs/queens.toml", "--set", &set]);
        assert_eq!(got, expected, "queens {set} with symmetry breaking");
    }
}

#[test]
fn queens_n6_solutions_are_valid_placements() {
    let solutions = queens_solutions(6, false);
    for q in &solutions {
        assert!(is_queens(q), "not a queens placement: {q:?}");
    }
    let set: BTreeSet<Vec<i64>> = solutions.iter().cloned().collect();
    assert_eq!(set.len(), solutions.len(), "a solution was printed twice");
    assert_eq!(set.len(), 4);
    assert_eq!(set, brute_queens(6));
}

/// Symmetry breaking keeps exactly one solution per orbit, and that one is
/// the lexicographically least of its orbit (lex-leader).
fn check_queens_orbits(n: u64, full_count: usize, unique_count: usize) {
    let full: BTreeSet<Vec<i64>> = queens_solutions(n, false).into_iter().collect();
    let canonical: BTreeSet<Vec<i64>> = queens_solutions(n, true).into_iter().collect();
    assert_eq!(full.len(), full_count);
    assert_eq!(canonical.len(), unique_count);
    assert!(
        canonical.is_subset(&full),
        "a canonical solution is not a solution"
    );
    for q in &full {
        let orbit: BTreeSet<Vec<i64>> = (0..8).map(|k| queens_image(q, k)).collect();
        assert!(
            orbit.is_subset(&full),
            "the orbit of {q:?} leaves the solutions"
        );
        let kept: Vec<&Vec<i64>> = orbit.intersection(&canonical).collect();
        assert_eq!(
            kept.len(),
            1,
            "orbit of {q:?} has canonical solutions {kept:?}"
        );
        assert_eq!(
            kept[0],
            orbit.first().unwrap(),
            "not the lex-least of its orbit"
        );
    }
}

#[test]
fn queens_n6_one_canonical_solution_per_orbit() {
    check_queens_orbits(6, 4, 1);
}

#[test]
fn queens_n8_one_canonical_solution_per_orbit() {
    check_queens_orbits(8, 92, 12);
}

#[test]
fn queens_board_output_matches_json() {
    let (board, stderr, code) = solve(&["specs/queens.toml"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let solutions = json_solutions(&["specs/queens.toml", "--json"]);
    assert_eq!(
        solutions.len(),
        1,
        "without --all only the first solution is printed"
    );
    let q = ints(&solutions[0], "q");
    assert!(is_queens(&q), "not a placement: {q:?}");
    let expected: Vec<String> = (0..8)
        .map(|r| {
            q.iter()
                .map(|&row| if row == r { "Q" } else { "." })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(board.trim_end(), expected.join("\n"));
}

// ---------------------------------------------------------------- magic9

const MAGIC9_NAMES: [&str; 9] = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];

/// The common sum when the 3x3 grid `g` (row-major A..I) has equal 2x2
/// blocks and corners, holding 1..9 each once.
fn magic9_sum(g: &[i64]) -> Option<i64> {
    let distinct: BTreeSet<i64> = g.iter().copied().collect();
    if g.len() != 9 || distinct != (1..=9).collect() {
        return None;
    }
    let sums = [
        g[0] + g[1] + g[3] + g[4],
        g[1] + g[2] + g[4] + g[5],
        g[3] + g[4] + g[6] + g[7],
        g[4] + g[5] + g[7] + g[8],
        g[0] + g[2] + g[6] + g[8],
    ];
    sums.iter().all(|&s| s == sums[0]).then_some(sums[0])
}

/// The image of a 3x3 grid (row-major) under symmetry `k`.
fn grid_image(g: &[i64], k: usize) -> Vec<i64> {
    let mut image = vec![0; 9];
    for (i, &v) in g.iter().enumerate() {
        let (r, c) = square_symmetry(3, k, i as i64 / 3, i as i64 % 3);
        image[(r * 3 + c) as usize] = v;
    }
    image
}

fn magic9_solutions(args: &[&str]) -> Vec<(Vec<i64>, i64)> {
    let mut all = vec!["specs/magic9.toml", "--json"];
    all.extend_from_slice(args);
    json_solutions(&all)
        .iter()
        .map(|s| (cells(s, "cell", &MAGIC9_NAMES), scalar(s, "N")))
        .collect()
}

#[test]
fn magic9_counts() {
    assert_eq!(count(&["specs/magic9.toml", "--no-symmetry"]), 8);
    assert_eq!(count(&["specs/magic9.toml"]), 1);
}

/// Adding 10 to every number adds 40 to every sum: a bijection between
/// the squares of 1..9 and of 11..19, so the counts must match (the sum's
/// domain follows the numbers: no range typed by hand cuts squares off).
#[test]
fn magic9_shifted_numbers_keep_every_square() {
    let shifted = ["specs/magic9.toml", "--set", "numbers=11..19"];
    assert_eq!(count(&[&shifted[..], &["--no-symmetry"]].concat()), 8);
    assert_eq!(count(&shifted), 1);
    let (stdout, _, _) = crate::solve(&shifted);
    assert!(stdout.contains("(sum 60)"), "{stdout}");
}

#[test]
fn magic9_all_solutions_follow_the_rules() {
    let solutions = magic9_solutions(&["--all", "--no-symmetry"]);
    assert_eq!(solutions.len(), 8);
    for (g, n) in &solutions {
        assert_eq!(
            magic9_sum(g),
            Some(*n),
            "breaks the rules: {g:?} with N = {n}"
        );
        assert_eq!(*n, 20, "PUZZLES.md: the common sum is 20");
    }
    let got: BTreeSet<Vec<i64>> = solutions.into_iter().map(|(g, _)| g).collect();
    let mut digits: Vec<i64> = (1..=9).collect();
    let mut expected = BTreeSet::new();
    for_each_permutation(&mut digits, &mut |g| {
        if magic9_sum(g).is_some() {
            let _ = expected.insert(g.to_vec());
        }
    });
    assert_eq!(got, expected);
    // The 8 solutions are one orbit of the square's symmetries.
    let first = got.first().unwrap();
    let orbit: BTreeSet<Vec<i64>> = (0..8).map(|k| grid_image(first, k)).collect();
    assert_eq!(orbit, got);
}

#[test]
fn magic9_canonical_solution() {
    let solutions = magic9_solutions(&["--all"]);
    assert_eq!(solutions, vec![(vec![1, 8, 3, 6, 5, 4, 7, 2, 9], 20)]);
    let (text, stderr, code) = solve(&["specs/magic9.toml"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(text.trim_end(), "1 8 3\n6 5 4\n7 2 9   (sum 20)");
}

// ---------------------------------------------------------------- rings

pub(crate) const RING_NAMES: [&str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];
/// Grid cells (row-major 3x3 index) of A..H; the centre, 4, stays empty.
const RING_CELLS: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

/// The common side sum of the ring A B C / D _ E / F G H, if the sides agree.
pub(crate) fn ring_sum(x: &[i64]) -> Option<i64> {
    let sides = [
        x[0] + x[1] + x[2],
        x[0] + x[3] + x[5],
        x[2] + x[4] + x[7],
        x[5] + x[6] + x[7],
    ];
    sides.iter().all(|&s| s == sides[0]).then_some(sides[0])
}

/// The image of a ring under symmetry `k` of the square.
fn ring_image(x: &[i64], k: usize) -> Vec<i64> {
    let mut grid = vec![0; 9];
    for (i, &cell) in RING_CELLS.iter().enumerate() {
        grid[cell] = x[i];
    }
    let image = grid_image(&grid, k);
    RING_CELLS.iter().map(|&cell| image[cell]).collect()
}

/// Every ring over `numbers` (each used once) whose side sum passes `accept`.
pub(crate) fn brute_rings(numbers: &[i64], accept: &dyn Fn(i64) -> bool) -> BTreeSet<Vec<i64>> {
    let mut items = numbers.to_vec();
    let mut found = BTreeSet::new();
    for_each_permutation(&mut items, &mut |x| {
        if ring_sum(x).is_some_and(accept) {
            let _ = found.insert(x.to_vec());
        }
    });
    found
}

pub(crate) fn ring_solutions(spec: &str, args: &[&str]) -> Vec<(Vec<i64>, i64)> {
    let mut all = vec![spec, "--json"];
    all.extend_from_slice(args);
    json_solutions(&all)
        .iter()
        .map(|s: &Value| {
            let x = cells(s, "cell", &RING_NAMES);
            let sum = scalar(s, "S");
            assert_eq!(ring_sum(&x), Some(sum), "not a ring with sum {sum}: {x:?}");
            (x, sum)
        })
        .collect()
}

/// Symmetry breaking on rings: one canonical ring per orbit of the full set.
fn check_ring_orbits(full: &BTreeSet<Vec<i64>>, canonical: &BTreeSet<Vec<i64>>) {
    assert!(canonical.is_subset(full));
    for x in full {
        let orbit: BTreeSet<Vec<i64>> = (0..8).map(|k| ring_image(x, k)).collect();
        assert_eq!(orbit.len(), 8, "a ring of distinct numbers has 8 images");
        assert!(
            orbit.is_subset(full),
            "the orbit of {x:?} leaves the solutions"
        );
        let kept = orbit.intersection(canonical).count();
        assert_eq!(kept, 1, "orbit of {x:?} has {kept} canonical rings");
    }
}

fn is_prime(p: i64) -> bool {
    p >= 2 && (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0)
}

#[test]
fn magic8_counts() {
    assert_eq!(count(&["specs/magic8.toml", "--no-symmetry"]), 48);
    assert_eq!(count(&["specs/magic8.toml"]), 6);
}

#[test]
fn magic8_sums_and_orbits() {
    let full = ring_solutions("specs/magic8.toml", &["--all", "--no-symmetry"]);
    assert_eq!(full.len(), 48);
    let by_sum: Vec<usize> = (12..=15)
        .map(|s| full.iter().filter(|(_, sum)| *sum == s).count())
        .collect();
    assert_eq!(by_sum, vec![8, 16, 16, 8], "rings by sum 12/13/14/15");
    let full: BTreeSet<Vec<i64>> = full.into_iter().map(|(x, _)| x).collect();
    assert_eq!(full, brute_rings(&[1, 2, 3, 4, 5, 6, 7, 8], &|_| true));

    let canonical = ring_solutions("specs/magic8.toml", &["--all"]);
    let by_sum: Vec<usize> = (12..=15)
        .map(|s| canonical.iter().filter(|(_, sum)| *sum == s).count())
        .collect();
    assert_eq!(
        by_sum,
        vec![1, 2, 2, 1],
        "canonical rings by sum 12/13/14/15"
    );
    let canonical: BTreeSet<Vec<i64>> = canonical.into_iter().map(|(x, _)| x).collect();
    assert_eq!(canonical.len(), 6);
    check_ring_orbits(&full, &canonical);
    // The article's two examples are canonical under A < C < F, A < H.
    assert!(canonical.contains(&vec![1, 8, 3, 5, 7, 6, 4, 2]));
    assert!(canonical.contains(&vec![3, 5, 7, 4, 2, 8, 1, 6]));
}

#[test]
fn magic8_all_prints_six_rings() {
    let (stdout, stderr, code) = solve(&["specs/magic8.toml", "--all"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let (body, last) = stdout
        .trim_end()
        .rsplit_once('\n')
        .expect("more than one line");
    assert_eq!(last, "6 solutions");
    let blocks: Vec<&str> = body.trim_end().split("\n\n").collect();
    assert_eq!(
        blocks.len(),
        6,
        "six rings, a blank line between them:\n{stdout}"
    );
    assert!(
        blocks.contains(&"1 8 3\n5   7\n6 4 2   (sum 12)"),
        "{stdout}"
    );
    assert!(
        blocks.contains(&"3 5 7\n4   2\n8 1 6   (sum 15)"),
        "{stdout}"
    );
}

#[test]
fn magic8_primes_counts_and_sum() {
    assert_eq!(count(&["specs/magic8-primes.toml", "--no-symmetry"]), 8);
    assert_eq!(count(&["specs/magic8-primes.toml"]), 1);
    let primes = [3, 5, 7, 11, 13, 17, 19, 23];
    let full = ring_solutions("specs/magic8-primes.toml", &["--all", "--no-symmetry"]);
    assert!(
        full.iter().all(|(_, sum)| *sum == 31),
        "PUZZLES.md: the sum is 31"
    );
    let full: BTreeSet<Vec<i64>> = full.into_iter().map(|(x, _)| x).collect();
    assert_eq!(full, brute_rings(&primes, &is_prime));
    // 31 is the only side sum possible at all, prime or not.
    let any_sum = brute_rings(&primes, &|_| true);
    assert!(any_sum.iter().all(|x| ring_sum(x) == Some(31)));

    let canonical = ring_solutions("specs/magic8-primes.toml", &["--all"]);
    assert_eq!(canonical, vec![(vec![3, 23, 5, 17, 19, 11, 13, 7], 31)]);
    let canonical: BTreeSet<Vec<i64>> = canonical.into_iter().map(|(x, _)| x).collect();
    check_ring_orbits(&full, &canonical);
}

// ---------------------------------------------------------------- magic

/// Whether `m` is a magic square of order n with cells 1..n*n.
fn is_magic(m: &[Vec<i64>]) -> bool {
    let n = m.len();
    let target = (n * (n * n + 1) / 2) as i64;
    let cells: BTreeSet<i64> = m.iter().flatten().copied().collect();
    m.iter().all(|row| row.len() == n)
        && cells == (1..=(n * n) as i64).collect()
        && m.iter().all(|row| row.iter().sum::<i64>() == target)
        && (0..n).all(|j| m.iter().map(|row| row[j]).sum::<i64>() == target)
        && (0..n).map(|i| m[i][i]).sum::<i64>() == target
        && (0..n).map(|i| m[i][n - 1 - i]).sum::<i64>() == target
}

fn matrix(solution: &Value, name: &str) -> Vec<Vec<i64>> {
    solution
        .get(name)
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no 2-D array `{name}` in {solution}"))
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap_or_else(|| panic!("`{name}` is not 2-D: {solution}"))
                .iter()
                .map(crate::int)
                .collect()
        })
        .collect()
}

#[test]
fn magic_square_order_3() {
    assert_eq!(count(&["specs/magic.toml"]), 8);
    let squares: Vec<Vec<Vec<i64>>> = json_solutions(&["specs/magic.toml", "--all", "--json"])
        .iter()
        .map(|s| matrix(s, "m"))
        .collect();
    assert_eq!(squares.len(), 8);
    for m in &squares {
        assert!(is_magic(m), "not a magic square: {m:?}");
    }
    let distinct: BTreeSet<&Vec<Vec<i64>>> = squares.iter().collect();
    assert_eq!(distinct.len(), 8);
    // The default template prints the first square as a grid.
    let (text, stderr, code) = solve(&["specs/magic.toml"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    let first = &squares[0];
    let grid: Vec<String> = first
        .iter()
        .map(|row| row.iter().map(i64::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(text.trim_end(), grid.join("\n"));
}

#[test]
fn magic_square_order_4_count() {
    assert_eq!(count(&["specs/magic.toml", "--set", "n=4"]), 7040);
}

/// Rings of eight (A B C / D _ E / F G H) from `numbers`, each once, with
/// four equal sides, counted by brute force over every arrangement.
fn rings_by_brute_force(numbers: &[i64]) -> usize {
    fn place(numbers: &[i64], used: &mut Vec<bool>, ring: &mut Vec<i64>, count: &mut usize) {
        if ring.len() == 8 {
            let [a, b, c, d, e, f, g, h] = ring[..] else {
                unreachable!()
            };
            let s = a + b + c;
            if a + d + f == s && c + e + h == s && f + g + h == s {
                *count += 1;
            }
            return;
        }
        for i in 0..numbers.len() {
            if !used[i] {
                used[i] = true;
                ring.push(numbers[i]);
                place(numbers, used, ring, count);
                let _ = ring.pop();
                used[i] = false;
            }
        }
    }
    let mut count = 0;
    place(
        numbers,
        &mut vec![false; numbers.len()],
        &mut Vec::new(),
        &mut count,
    );
    count
}

/// The side sum of magic8.toml is a derived variable: other numbers keep
/// every ring (a typed-in domain of 3..30 once reported "no solution" for
/// 11..18, which has 6 rings up to symmetry, 48 in all).
#[test]
fn magic8_keeps_every_ring_when_the_numbers_change() {
    for (set, numbers) in [
        ("numbers=11..18", (11..=18).collect::<Vec<i64>>()),
        (
            "numbers=[2*i for i in 1..8]",
            (1..=8).map(|i| 2 * i).collect(),
        ),
        (
            "numbers={1, 2, 3, 4, 5, 6, 7, 100}",
            vec![1, 2, 3, 4, 5, 6, 7, 100],
        ),
    ] {
        let all = rings_by_brute_force(&numbers) as u64;
        let set = format!("--set={set}");
        assert_eq!(
            count(&["specs/magic8.toml", &set, "--no-symmetry"]),
            all,
            "{set}"
        );
        // The symmetry rule keeps one ring per class of 8.
        assert_eq!(count(&["specs/magic8.toml", &set]) * 8, all, "{set}");
    }
}

// ---------------------------------------------------------------- nonogram

/// The lengths of the runs of 1s in `line`.
fn runs(line: &[i64]) -> Vec<i64> {
    line.split(|&v| v == 0)
        .filter(|run| !run.is_empty())
        .map(|run| run.len() as i64)
        .collect()
}

/// The row and column clues of a picture.
fn nonogram_clues(picture: &[Vec<i64>]) -> (Vec<Vec<i64>>, Vec<Vec<i64>>) {
    let rows = picture.iter().map(|row| runs(row)).collect();
    let columns = (0..picture[0].len())
        .map(|c| runs(&picture.iter().map(|row| row[c]).collect::<Vec<_>>()))
        .collect();
    (rows, columns)
}

/// The number of pictures with these clues: every row chosen among the
/// lines of its clue, the columns checked as the rows go down.
fn nonograms_by_brute_force(rows: &[Vec<i64>], columns: &[Vec<i64>]) -> u64 {
    let width = columns.len();
    let lines: Vec<Vec<Vec<i64>>> = rows
        .iter()
        .map(|clue| {
            (0..1u32 << width)
                .map(|bits| (0..width).map(|c| i64::from(bits >> c & 1 == 1)).collect())
                .filter(|line: &Vec<i64>| runs(line) == *clue)
                .collect()
        })
        .collect();
    // Whether the top rows of column `c` can still end with its clue: the
    // runs they close are the clue's first ones, an open run is no longer
    // than the clue's next one.
    fn column_can_end(picture: &[Vec<i64>], c: usize, clue: &[i64]) -> bool {
        let column: Vec<i64> = picture.iter().map(|row| row[c]).collect();
        let mut seen = runs(&column);
        if column.last() == Some(&1) {
            let open = seen.pop().unwrap();
            seen.len() < clue.len() && clue[..seen.len()] == seen[..] && open <= clue[seen.len()]
        } else {
            seen.len() <= clue.len() && clue[..seen.len()] == seen[..]
        }
    }
    fn go(lines: &[Vec<Vec<i64>>], picture: &mut Vec<Vec<i64>>, columns: &[Vec<i64>]) -> u64 {
        if picture.len() == lines.len() {
            return u64::from(nonogram_clues(picture).1 == columns);
        }
        let mut total = 0;
        for line in &lines[picture.len()] {
            picture.push(line.clone());
            if (0..columns.len()).all(|c| column_can_end(picture, c, &columns[c])) {
                total += go(lines, picture, columns);
            }
            let _ = picture.pop();
        }
        total
    }
    go(&lines, &mut Vec::new(), columns)
}

/// A nonogram solution's `cell` grid, from its JSON.
fn picture_of(solution: &serde_json::Value) -> Vec<Vec<i64>> {
    solution["cell"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(crate::int).collect())
        .collect()
}

fn clue_list(clues: &[Vec<i64>]) -> String {
    let items: Vec<String> = clues.iter().map(|clue| format!("{clue:?}")).collect();
    format!("[{}]", items.join(","))
}

/// The shipped picture is the only one with its clues.
#[test]
fn nonogram_default_picture_is_unique() {
    let solutions = json_solutions(&["specs/nonogram.toml", "--all", "--json"]);
    assert_eq!(solutions.len(), 1);
    let picture = picture_of(&solutions[0]);
    let (rows, columns) = nonogram_clues(&picture);
    assert_eq!(
        clue_list(&rows),
        "[[4],[1, 1],[1, 1, 1, 1],[1, 1],[1, 1, 1, 1],[1, 2, 1],[1, 1],[4]]"
    );
    assert_eq!(nonograms_by_brute_force(&rows, &columns), 1);
    assert_eq!(clue_list(&columns), clue_list(&nonogram_clues(&picture).1));
}

/// Random pictures up to 6 x 6 (blank lines and full lines included): the
/// spec counts the pictures with the same clues as brute force does, and
/// every picture it prints has those clues.
#[test]
fn nonogram_counts_match_brute_force() {
    let mut rng = crate::Rng::new(20261124);
    for case in 0..24 {
        let (height, width) = (rng.range(1, 6) as usize, rng.range(1, 6) as usize);
        let density = rng.range(1, 9);
        let picture: Vec<Vec<i64>> = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| i64::from(rng.range(1, 10) <= density))
                    .collect()
            })
            .collect();
        let (rows, columns) = nonogram_clues(&picture);
        let set_rows = format!("rows={}", clue_list(&rows));
        let set_columns = format!("columns={}", clue_list(&columns));
        let args = [
            "specs/nonogram.toml",
            "--set",
            &set_rows,
            "--set",
            &set_columns,
        ];
        let expected = nonograms_by_brute_force(&rows, &columns);
        assert!(expected >= 1, "the picture itself");
        let solutions = json_solutions(&[&args[..], &["--all", "--json"]].concat());
        assert_eq!(solutions.len() as u64, expected, "case {case}: {args:?}");
        for solution in &solutions {
            let cells = picture_of(solution);
            assert_eq!(nonogram_clues(&cells), (rows.clone(), columns.clone()));
        }
    }
    // One shaded cell in every line: the 5 x 5 permutation matrices.
    let ones = clue_list(&vec![vec![1]; 5]);
    let (set_rows, set_columns) = (format!("rows={ones}"), format!("columns={ones}"));
    assert_eq!(
        nonograms_by_brute_force(&vec![vec![1]; 5], &vec![vec![1]; 5]),
        120
    );
    assert_eq!(
        count(&[
            "specs/nonogram.toml",
            "--set",
            &set_rows,
            "--set",
            &set_columns
        ]),
        120
    );
}

/// Gecode's "non-unique" example (examples/nonogram.cpp, 11 x 15): 43
/// pictures (MiniZinc + Gecode count 43 as well, bench/minizinc/nonogram.mzn),
/// each with the given clues, all different.
#[test]
fn nonogram_gecode_non_unique_has_43_pictures() {
    let rows = "[[2,2],[2,2],[4],[1,1],[1,1],[1,1,1,1],[1,1],[1,4],[1,1,1],[1,1,4],[1,3],[1,2],[5],[2,2],[3,3]]";
    let columns =
        "[[5],[1,2,4],[2,1,3],[2,2,1,1],[1,1,1,1],[1,5],[2,1,1,3,2],[2,1,1,1,1],[1,4,1],[1,1],[1]]";
    let (set_rows, set_columns) = (format!("rows={rows}"), format!("columns={columns}"));
    let solutions = json_solutions(&[
        "specs/nonogram.toml",
        "--set",
        &set_rows,
        "--set",
        &set_columns,
        "--all",
        "--json",
    ]);
    assert_eq!(solutions.len(), 43);
    let mut pictures = Vec::new();
    for solution in &solutions {
        let cells = picture_of(solution);
        let (r, c) = nonogram_clues(&cells);
        assert_eq!(
            (
                clue_list(&r).replace(' ', ""),
                clue_list(&c).replace(' ', "")
            ),
            (rows.to_string(), columns.to_string())
        );
        pictures.push(cells);
    }
    pictures.sort();
    pictures.dedup();
    assert_eq!(pictures.len(), 43);
}
