//! Flip It (PUZZLES.md section 4).

use super::*;

pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;

pub(super) fn flip_read(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '_' => EMPTY,
            'B' => BLACK,
            'W' => WHITE,
            _ => panic!("not a Flip It cell: {c:?} in {text:?}"),
        })
        .collect()
}

pub(super) fn flip_write(cells: &[u8]) -> String {
    cells.iter().map(|&c| ['_', 'B', 'W'][c as usize]).collect()
}

/// The piece at `p` jumps into the empty cell `e`: it keeps its colour, the
/// pieces strictly between change colour, `p` becomes the empty cell. The
/// standard rule needs at least one piece jumped over; the variant also
/// lets a piece next to the empty cell move.
pub(super) fn flip_jump(cells: &[u8], p: usize, e: usize, variant: bool) -> Option<Vec<u8>> {
    let gap = if variant { 1 } else { 2 };
    if p >= cells.len() || e >= cells.len() || p.abs_diff(e) < gap {
        return None;
    }
    if cells[e] != EMPTY || cells[p] == EMPTY {
        return None;
    }
    let mut next = cells.to_vec();
    next[e] = cells[p];
    next[p] = EMPTY;
    for cell in &mut next[p.min(e) + 1..p.max(e)] {
        *cell = if *cell == BLACK { WHITE } else { BLACK };
    }
    Some(next)
}

pub(super) fn flip_moves(cells: &[u8], variant: bool) -> Vec<(String, Vec<u8>)> {
    let n = cells.len();
    let mut out = Vec::new();
    for p in 0..n {
        for e in 0..n {
            if let Some(next) = flip_jump(cells, p, e, variant) {
                out.push((format!("{p} -> {e}"), next));
            }
        }
    }
    out
}

/// A printed move `p -> e`, played by the rules.
pub(super) fn flip_step(cells: &[u8], text: &str, variant: bool) -> Option<Vec<u8>> {
    let (p, e) = text.split_once(" -> ")?;
    flip_jump(cells, p.parse().ok()?, e.parse().ok()?, variant)
}

pub(super) fn all_white(cells: &[u8]) -> bool {
    cells.iter().all(|&c| c != BLACK)
}

/// Every position of n cells with exactly one empty, in increasing order
/// of the values (empty < black < white, the first cell first).
pub(super) fn flip_positions(n: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for k in 0..3usize.pow(n as u32) {
        let cells: Vec<u8> = (0..n)
            .map(|i| (k / 3usize.pow((n - 1 - i) as u32) % 3) as u8)
            .collect();
        if cells.iter().filter(|&&c| c == EMPTY).count() == 1 {
            out.push(cells);
        }
    }
    out
}

pub(super) fn flip_analysis(n: usize, variant: bool) -> Analysis {
    let positions = flip_positions(n);
    let moves = |s: &Vec<u8>| flip_moves(s, variant).into_iter().map(|(_, t)| t).collect();
    let dist = distances_to_goal(&positions, moves, |s| all_white(s));
    summary(&positions, &dist, |s| flip_write(s))
}

/// The problems of the article: start and number of cells.
pub(super) const PROBLEMS: [(&str, usize); 3] = [("BB_BBB", 6), ("B_WBBBB", 7), ("B_WWWBBB", 8)];

/// The `solve` arguments for a Flip It problem.
pub(super) fn flip_args<'a>(
    start: &'a str,
    n: &'a str,
    variant: bool,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec!["specs/flipit.toml", "--start", start, "--set", n, "--set"];
    args.push(if variant { "variant=1" } else { "variant=0" });
    args.extend_from_slice(extra);
    args
}

/// Replays a Flip It solution and asserts it ends on the target: every
/// piece white, or the position `goal`.
pub(super) fn flip_replay(printed: &Printed, start: &str, variant: bool, goal: Option<&str>) {
    assert_eq!(printed.start, start, "the first line is not the start");
    let end = replay(printed, flip_read, |s, m| flip_step(s, m, variant));
    match goal {
        Some(g) => assert_eq!(flip_write(&end), g, "does not end on the goal: {printed:?}"),
        None => assert!(all_white(&end), "ends with a black piece: {printed:?}"),
    }
}

/// The article's problems A, B, C, by breadth-first search and by
/// iterative deepening, both rules: every printed move is legal by the
/// rules written here and gives the printed position, the last position
/// has every piece white, and the length is the article's (8 moves each,
/// 6 with the variant rule) and this file's own breadth-first search's.
/// Problem A with the goal fixed to `_WWWWW` needs 9 moves (article; the
/// variant only against the test's search).
#[test]
pub(super) fn flipit_shortest_solutions_replay_and_match_the_article() {
    for (start, n) in PROBLEMS {
        let set_n = format!("n={n}");
        for variant in [false, true] {
            let (oracle, _) = fewest_moves(
                flip_read(start),
                |s| flip_moves(s, variant),
                |s| all_white(s),
            )
            .expect("the problems are solvable");
            assert_eq!(oracle, if variant { 6 } else { 8 }, "oracle for {start}");
            for method in ["bfs", "iddfs"] {
                let args = flip_args(start, &set_n, variant, &["--method", method]);
                let printed = one_solution(&args);
                flip_replay(&printed, start, variant, None);
                assert_eq!(printed.moves.len(), oracle, "solve {args:?}");
            }
        }
    }
    let goal = "_WWWWW";
    for variant in [false, true] {
        let (oracle, _) = fewest_moves(
            flip_read("BB_BBB"),
            |s| flip_moves(s, variant),
            |s| flip_write(s) == goal,
        )
        .expect("_WWWWW is reachable");
        if !variant {
            assert_eq!(oracle, 9, "oracle for BB_BBB to {goal}");
        }
        for method in ["bfs", "iddfs"] {
            let args = flip_args(
                "BB_BBB",
                "n=6",
                variant,
                &["--goal", goal, "--method", method],
            );
            let printed = one_solution(&args);
            flip_replay(&printed, "BB_BBB", variant, Some(goal));
            assert_eq!(printed.moves.len(), oracle, "solve {args:?}");
        }
    }
}

/// Every position of N = 4 and N = 5 cells (standard rule, the one with
/// unsolvable positions for N = 4): with bfs and iddfs, either `no
/// solution` with exit 1 exactly where this file's search reaches no goal,
/// or a solution replayed by the rules of the fewest moves; `--count` the
/// number of shortest move sequences (where there is a solution: the count
/// of none is the next test's).
#[test]
pub(super) fn flipit_every_small_position() {
    for n in [4, 5] {
        let set_n = format!("n={n}");
        for cells in flip_positions(n) {
            let start = flip_write(&cells);
            let oracle = fewest_moves(cells, |s| flip_moves(s, false), |s| all_white(s));
            for method in ["bfs", "iddfs"] {
                let args = flip_args(&start, &set_n, false, &["--method", method]);
                match oracle {
                    None => {
                        let (stdout, stderr, code) = solve(&args);
                        assert_eq!(code, 1, "solve {args:?}\n{stdout}\nstderr:\n{stderr}");
                        assert_eq!(stdout.trim(), "no solution", "solve {args:?}");
                    }
                    Some((length, _)) => {
                        let printed = one_solution(&args);
                        flip_replay(&printed, &start, false, None);
                        assert_eq!(printed.moves.len(), length, "solve {args:?}");
                    }
                }
            }
            if let Some((_, ways)) = oracle {
                let args = flip_args(&start, &set_n, false, &[]);
                assert_eq!(u128::from(count(&args)), ways, "--count {args:?}");
            }
        }
    }
}

/// `--count` where no goal can be reached (`_BBB`, N = 4: unsolvable by
/// this file's search) prints only the number, 0, with exit 1, like
/// `--count` of any spec (README's flag table: "print only the number of
/// solutions"; the shared `count` helper), with bfs and iddfs.
#[test]
pub(super) fn flipit_count_of_no_solution_is_0() {
    let start = "_BBB";
    assert_eq!(
        fewest_moves(flip_read(start), |s| flip_moves(s, false), |s| all_white(s)),
        None
    );
    for method in ["bfs", "iddfs"] {
        let args = flip_args(start, "n=4", false, &["--method", method]);
        assert_eq!(count(&args), 0, "--count {args:?}");
    }
}

/// Flip It has no heuristic: `--method astar` is then uniform-cost search
/// (heuristic 0); every move costs 1, so it finds a solution of the fewest
/// moves (this file's breadth-first search), replayed by the rules.
#[test]
pub(super) fn flipit_astar_without_a_heuristic_is_uniform_cost() {
    for (start, n) in PROBLEMS {
        let (fewest, _) =
            fewest_moves(flip_read(start), |s| flip_moves(s, false), |s| all_white(s))
                .expect("solvable");
        let n = format!("n={n}");
        let args = flip_args(start, &n, false, &["--method", "astar"]);
        let printed = one_solution(&args);
        assert_eq!(printed.moves.len(), fewest, "solve {args:?}");
        flip_replay(&printed, start, false, None);
    }
}

/// `--count` (breadth-first and by iterative deepening) is the number of
/// shortest move sequences counted by this file's breadth-first search,
/// and `--all` (both methods) lists exactly that many distinct solutions,
/// each replayed by the rules, of the shortest length, ending on the goal;
/// the two methods list the same set. Problems A, B, C with both rules,
/// and A to the fixed goal `_WWWWW`.
#[test]
pub(super) fn flipit_count_and_all_match_path_counting() {
    let mut cases: Vec<(&str, usize, bool, Option<&str>)> = Vec::new();
    for (start, n) in PROBLEMS {
        for variant in [false, true] {
            cases.push((start, n, variant, None));
        }
    }
    cases.push(("BB_BBB", 6, false, Some("_WWWWW")));
    for (start, n, variant, goal) in cases {
        let target = |s: &Vec<u8>| match goal {
            Some(g) => flip_write(s) == g,
            None => all_white(s),
        };
        let (length, ways) = fewest_moves(flip_read(start), |s| flip_moves(s, variant), target)
            .expect("the problems are solvable");
        let set_n = format!("n={n}");
        let extra: Vec<&str> = goal.map_or(vec![], |g| vec!["--goal", g]);
        let mut listed = Vec::new();
        for method in ["bfs", "iddfs"] {
            let mut with = extra.clone();
            with.extend(["--method", method]);
            let args = flip_args(start, &set_n, variant, &with);
            assert_eq!(u128::from(count(&args)), ways, "--count {args:?}");
            let solutions = all_solutions(&args);
            assert_eq!(solutions.len() as u128, ways, "--all {args:?}");
            for printed in &solutions {
                flip_replay(printed, start, variant, goal);
                assert_eq!(printed.moves.len(), length, "--all {args:?}");
            }
            let distinct: BTreeSet<Vec<String>> =
                solutions.iter().map(Printed::move_texts).collect();
            assert_eq!(
                distinct.len(),
                solutions.len(),
                "--all {args:?} repeats a solution"
            );
            listed.push(distinct);
        }
        assert_eq!(
            listed[0], listed[1],
            "bfs and iddfs list different solutions for {start}"
        );
    }
}

/// `solve analyze` for N = 4..10 cells, both rules: PUZZLES.md's figures
/// (positions N*2^(N-1); standard rule: 12 solvable for N=4, then all,
/// longest 2, 10, 8, 8, 8, 8, 8; variant rule: all solvable, longest 5, 6,
/// 6, 7, 7, 8, 8), and the whole report (histogram, hardest positions in
/// the spec's order, the increasing order of the values as README's
/// example shows) equal to this file's backward breadth-first search.
#[test]
pub(super) fn flipit_analysis_matches_the_article_and_backward_search() {
    let standard = [2, 10, 8, 8, 8, 8, 8];
    let variant_longest = [5, 6, 6, 7, 7, 8, 8];
    for (k, n) in (4..=10usize).enumerate() {
        let positions = n << (n - 1);
        for variant in [false, true] {
            let set_n = format!("n={n}");
            let set_v = if variant { "variant=1" } else { "variant=0" };
            let got = analyze(&["specs/flipit.toml", "--set", &set_n, "--set", set_v]);
            let what = format!("analyze n={n} {set_v}");
            assert_eq!(got.positions, positions, "{what}");
            let (solvable, longest) = match (variant, n) {
                (false, 4) => (12, standard[k]),
                (false, _) => (positions, standard[k]),
                (true, _) => (positions, variant_longest[k]),
            };
            assert_eq!(got.solvable, solvable, "{what}");
            assert_eq!(got.longest, Some(longest), "{what}");
            assert_eq!(got, flip_analysis(n, variant).printed(), "{what}");
        }
    }
}

/// `solve analyze --json` holds the same figures as this file's backward
/// search (N=5 standard rule, whose longest is 10: a two-digit histogram
/// key; N=8 variant rule).
#[test]
pub(super) fn flipit_analysis_json() {
    for (n, variant) in [(5, false), (8, true)] {
        let set_n = format!("n={n}");
        let set_v = if variant { "variant=1" } else { "variant=0" };
        let args = [
            "analyze",
            "specs/flipit.toml",
            "--set",
            &set_n,
            "--set",
            set_v,
            "--json",
        ];
        let (stdout, stderr, code) = solve(&args);
        assert_eq!(code, 0, "solve {args:?}\nstderr:\n{stderr}");
        assert_eq!(stdout.trim().lines().count(), 1, "not one line:\n{stdout}");
        assert_eq!(
            read_json_analysis(&stdout),
            flip_analysis(n, variant),
            "{args:?}"
        );
    }
}
