//! Puzzles pasted as their sources draw them: `chars` of a region map and
//! of a clue grid, `int` of a digit, and the list functions that work on a
//! row of an array declared from 1 and on a comprehension from 0 alike
//! (`index_set`, `reverse`, `row`, `col`). Oracles: a brute force in the
//! test over every placement of a star battle whose regions are drawn as
//! letters, and values read back through `--json`.

use crate::{Rng, TempSpec, count, solve};

/// A one-star battle on an n x n grid: a star in each row, column and
/// region (regions drawn as letters), no two stars touching.
fn star_battle(regions: &[String]) -> String {
    let n = regions.len();
    let quoted: Vec<String> = regions.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        "[params]\nn = {n}\npicture = [{}]\nregion = \"[chars(row) for row in picture]\"\n\
         [vars]\nstar = {{ index = [\"0..n-1\", \"0..n-1\"], domain = \"0..1\" }}\n\
         [functions]\nline = \"(xs) => sum(xs[i] for i in index_set(xs)) == 1\"\n\
         [constraints]\nrows = \"forall(line(row(star, r)) for r in 0..n-1)\"\n\
         cols = \"forall(line(col(star, c)) for c in 0..n-1)\"\n\
         areas = \"forall(sum(star[r][c] for r in 0..n-1 for c in 0..n-1 if region[r][c] == a) == 1 for a in ['A', 'B', 'C', 'D', 'E'] if exists(region[r][c] == a for r in 0..n-1 for c in 0..n-1))\"\n\
         apart = \"forall(star[r][c] + star[r + 1][c + d] <= 1 for r in 0..n-2 for c in 0..n-1 for d in [-1, 1] if c + d >= 0 and c + d < n)\"\n",
        quoted.join(", ")
    )
}

/// The star battles of `regions` by brute force: one star per row, as a
/// permutation of columns, checked for regions and touching.
fn star_battles(regions: &[String]) -> u64 {
    let n = regions.len();
    let cells: Vec<Vec<char>> = regions.iter().map(|r| r.chars().collect()).collect();
    let mut found = 0;
    let mut cols: Vec<usize> = (0..n).collect();
    permutations(&mut cols, 0, &mut |p| {
        let apart = (0..n - 1).all(|r| p[r].abs_diff(p[r + 1]) > 1);
        let mut letters: Vec<char> = (0..n).map(|r| cells[r][p[r]]).collect();
        letters.sort_unstable();
        let mut all: Vec<char> = cells.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        if apart && letters == all {
            found += 1;
        }
    });
    found
}

fn permutations(p: &mut Vec<usize>, k: usize, visit: &mut dyn FnMut(&[usize])) {
    if k == p.len() {
        visit(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, visit);
        p.swap(k, i);
    }
}

#[test]
fn a_region_map_drawn_as_letters_counts_as_the_brute_force() {
    let mut rng = Rng::new(38);
    let mut some = 0;
    for _ in 0..12 {
        let n = 4 + rng.below(2);
        // n regions: each cell a random letter of the first n, every letter
        // used (regions need not be connected for the count).
        let letters: Vec<char> = "ABCDE".chars().take(n).collect();
        let regions: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        if r == c {
                            letters[r]
                        } else {
                            letters[rng.below(n)]
                        }
                    })
                    .collect()
            })
            .collect();
        let spec = TempSpec::new("star-battle", &star_battle(&regions));
        let expected = star_battles(&regions);
        assert_eq!(count(&[spec.path()]), expected, "{regions:?}");
        some += u64::from(expected > 0);
    }
    assert!(some > 0, "some maps have star battles");
}

/// `len` of a text counts its characters, as `chars` splits it: the
/// picture's width.
#[test]
fn list_functions_keep_the_indices_a_reader_expects() {
    let spec = TempSpec::new(
        "pictures",
        "[params]\nkinds = [\"p\", \"q\"]\ncost = { index = [\"kinds\", \"1..2\"], value = [[1, 2], [3, 4]] }\n\
         picture = [\"3.1\", \"..2\"]\n\
         clue = \"[[if c == '.' then 0 else int(c) for c in chars(row)] for row in picture]\"\n\
         [vars]\ny = { index = [\"1..len(picture)\", \"1..len(picture[0])\"], domain = \"0..9\" }\n\
         [functions]\ntotal = \"(xs) => sum(xs[i] for i in index_set(xs))\"\n\
         [constraints]\nsame = \"forall(y[r][c] == clue[r - 1][c - 1] for r in 1..2 for c in 1..3)\"\n\
         rev = \"reverse(y[1])[1] == 1 and reverse([y[1][c] for c in 1..3])[0] == 1\"\n\
         cols = \"col(y, 3) == [1, 2] and row(y, 2) == [0, 0, 2] and sum(i for i in index_set(col(y, 1))) == 3\"\n\
         sums = \"total(y[1]) == total([y[1][c] for c in 1..3]) and total(y[1]) == 4\"\n\
         by_text = \"row(cost, 'q')[2] == 4 and col(cost, 1)['q'] == 3 and reverse(col(cost, 2))['p'] == 4\"\n",
    );
    let (out, err, code) = solve(&[spec.path(), "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), r#"{"y":[[3,0,1],[0,0,2]]}"#);
}

#[test]
fn pictures_read_wrong_say_where_and_why() {
    for (param, message, column) in [
        (
            "chars(3)",
            "expected a text (`chars(\"AAB\")`), found an integer",
            12,
        ),
        ("int('x')", "`int` of 'x', which writes no integer", 10),
        ("row(m, 2)", "no row 2: the indices are 0..1", 13),
        ("col(m, 5)", "no column 5: the indices are 0..1", 13),
        ("index_set(3)", "expected a list, found an integer", 16),
        ("index_set(w)", "`index_set` of a list indexed by texts", 16),
    ] {
        let spec = TempSpec::new(
            "bad-picture",
            &format!(
                "[params]\nk = [\"p\", \"q\"]\nw = {{ index = \"k\", value = [5, 6] }}\nm = [[1, 2], [3, 4]]\na = \"{param}\"\n"
            ),
        );
        let (_, err, code) = solve(&[spec.path()]);
        assert_eq!(code, 2, "{param}: {err}");
        assert!(err.contains(message), "{param}: {err}");
        assert!(err.contains(&format!(".toml:5:{column}")), "{param}: {err}");
    }
}
