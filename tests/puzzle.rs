//! Puzzles of moves (`[puzzle]` and `[moves.NAME]`): Flip It, the eight
//! puzzle and the water jugs solved (`solve FILE`, `--all`, `--count`, the
//! three methods) and analysed (`solve analyze FILE`), a custom puzzle with
//! move costs and a heuristic, and the spec errors of puzzles. Issue 18:
//! the reproducers under `tests/reproducers/` (exact costs near the 2^62
//! limit against Dijkstra, exact counts past u128 against Pascal's
//! triangle, the time limit over the moves' lowering, the cap on
//! positions), dead ends (missionaries and cannibals), element assignments
//! (the Tower of Hanoi), iterative deepening against path counting on
//! random graphs, and `start`/`alphabet` from the params.
//!
//! The oracles are the figures of PUZZLES.md section 4 (and the eight
//! puzzle's well-known figures) and implementations written here in plain
//! Rust: the rules of each puzzle, a replay of every printed solution move
//! by move, breadth-first searches forwards (the fewest moves, the number of
//! shortest move sequences) and backwards from the goals over the reversed
//! move graph (every position's distance), and Dijkstra for move costs.
//! None of them shares code with the interpreter.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::OnceLock;

use serde_json::Value;

use crate::{TempSpec, count, solve};

// ---------------------------------------------------------------------
// Generic oracles
// ---------------------------------------------------------------------

/// Breadth-first from `start` over every reachable state: the fewest moves
/// to a target and the number of distinct move sequences of that length
/// ending on a target, or `None` when no target is reachable.
fn fewest_moves<S: Clone + Eq + Hash>(
    start: S,
    moves: impl Fn(&S) -> Vec<(String, S)>,
    is_target: impl Fn(&S) -> bool,
) -> Option<(usize, u128)> {
    let mut dist: HashMap<S, usize> = HashMap::from([(start.clone(), 0)]);
    let mut ways: HashMap<S, u128> = HashMap::from([(start.clone(), 1)]);
    let mut queue = VecDeque::from([start]);
    // A state's count is final when it leaves the queue: every state one
    // move closer to the start left it before.
    while let Some(s) = queue.pop_front() {
        let (d, w) = (dist[&s], ways[&s]);
        for (_, t) in moves(&s) {
            match dist.get(&t) {
                None => {
                    let _ = dist.insert(t.clone(), d + 1);
                    let _ = ways.insert(t.clone(), w);
                    queue.push_back(t);
                }
                Some(&dt) if dt == d + 1 => *ways.get_mut(&t).expect("counted") += w,
                Some(_) => {}
            }
        }
    }
    let best = dist
        .iter()
        .filter(|(s, _)| is_target(s))
        .map(|(_, &d)| d)
        .min()?;
    let total = dist
        .iter()
        .filter(|(s, d)| is_target(s) && **d == best)
        .map(|(s, _)| ways[s])
        .sum();
    Some((best, total))
}

/// Every position's fewest moves to a goal: the move graph over
/// `positions` reversed, searched breadth-first from every goal at once.
fn distances_to_goal<S: Eq + Hash + Debug>(
    positions: &[S],
    moves: impl Fn(&S) -> Vec<S>,
    is_goal: impl Fn(&S) -> bool,
) -> Vec<Option<usize>> {
    let index: HashMap<&S, usize> = positions.iter().enumerate().map(|(i, s)| (s, i)).collect();
    let mut preds = vec![Vec::new(); positions.len()];
    for (i, s) in positions.iter().enumerate() {
        for t in moves(s) {
            let j = *index
                .get(&t)
                .unwrap_or_else(|| panic!("oracle: {s:?} moves to {t:?}, not a position"));
            preds[j].push(i);
        }
    }
    let mut dist = vec![None; positions.len()];
    let mut queue = VecDeque::new();
    for (i, s) in positions.iter().enumerate() {
        if is_goal(s) {
            dist[i] = Some(0);
            queue.push_back(i);
        }
    }
    while let Some(j) = queue.pop_front() {
        let d = dist[j].expect("queued with a distance") + 1;
        for &i in &preds[j] {
            if dist[i].is_none() {
                dist[i] = Some(d);
                queue.push_back(i);
            }
        }
    }
    dist
}

/// What `solve analyze` reports.
#[derive(Debug, PartialEq, Eq)]
struct Analysis {
    positions: usize,
    solvable: usize,
    longest: Option<usize>,
    /// The positions that need the longest, as written (the text lists the
    /// first ten).
    hardest: Vec<String>,
    /// How many positions need the longest.
    hardest_count: usize,
    /// `histogram[d]`: how many positions are `d` moves from a goal.
    histogram: Vec<u64>,
}

/// The analysis of `positions` (given in the spec's order: the increasing
/// order of the values) and their distances.
fn summary<S>(positions: &[S], dist: &[Option<usize>], write: impl Fn(&S) -> String) -> Analysis {
    let longest = dist.iter().flatten().copied().max();
    let mut histogram = vec![0; longest.map_or(0, |l| l + 1)];
    for &d in dist.iter().flatten() {
        histogram[d] += 1;
    }
    Analysis {
        positions: positions.len(),
        solvable: dist.iter().flatten().count(),
        longest,
        hardest: positions
            .iter()
            .zip(dist)
            .filter(|(_, d)| d.is_some() && **d == longest)
            .map(|(s, _)| write(s))
            .collect(),
        hardest_count: dist
            .iter()
            .filter(|d| d.is_some() && **d == longest)
            .count(),
        histogram,
    }
}

impl Analysis {
    /// What the text shows: the first ten hardest positions.
    fn printed(mut self) -> Analysis {
        self.hardest.truncate(10);
        self
    }
}

/// Reads the text of `solve analyze`.
fn read_analysis(stdout: &str) -> Analysis {
    let mut lines = stdout.lines();
    let mut field = |name: &str| -> String {
        let line = lines
            .next()
            .unwrap_or_else(|| panic!("no `{name}` line in:\n{stdout}"));
        line.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(' ').or(rest.is_empty().then_some("")))
            .unwrap_or_else(|| panic!("expected `{name} ...`, got {line:?} in:\n{stdout}"))
            .to_owned()
    };
    let number = |text: String| -> usize {
        text.parse()
            .unwrap_or_else(|_| panic!("not a number: {text:?} in:\n{stdout}"))
    };
    let positions = number(field("positions"));
    let solvable = number(field("solvable"));
    let longest = match field("longest").as_str() {
        "-" => None,
        text => Some(number(text.to_owned())),
    };
    // `hardest A B ...`, or the first ten and `… (N in all; --json lists
    // every one)`.
    let line = field("hardest");
    let (listed, more) = match line.split_once(" … (") {
        Some((listed, rest)) => {
            let n = rest
                .strip_suffix(" in all; --json lists every one)")
                .unwrap_or_else(|| panic!("bad hardest line {line:?}"));
            (listed.to_string(), Some(number(n.to_string())))
        }
        None => (line.clone(), None),
    };
    let hardest: Vec<String> = listed.split_whitespace().map(str::to_owned).collect();
    let hardest_count = more.unwrap_or(hardest.len());
    assert!(
        hardest.len() <= 10 && (more.is_none() || hardest.len() == 10),
        "{line}"
    );
    let mut histogram = Vec::new();
    for (d, line) in lines.enumerate() {
        let count = line
            .strip_prefix(&format!("distance {d}: "))
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("expected `distance {d}: N`, got {line:?} in:\n{stdout}"));
        histogram.push(count);
    }
    Analysis {
        positions,
        solvable,
        longest,
        hardest,
        hardest_count,
        histogram,
    }
}

/// Reads the object of `solve analyze --json`.
fn read_json_analysis(stdout: &str) -> Analysis {
    let v: Value = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}):\n{stdout}"));
    let number = |name: &str| -> usize {
        v.get(name)
            .and_then(Value::as_u64)
            .unwrap_or_else(|| panic!("no count `{name}` in {v}")) as usize
    };
    let longest = match v.get("longest") {
        Some(Value::Null) => None,
        _ => Some(number("longest")),
    };
    let hardest: Vec<String> = v
        .get("hardest")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no array `hardest` in {v}"))
        .iter()
        .map(|p| p.as_str().expect("a position is a string").to_owned())
        .collect();
    let map = v
        .get("histogram")
        .and_then(Value::as_object)
        .unwrap_or_else(|| panic!("no object `histogram` in {v}"));
    let histogram = (0..map.len())
        .map(|d| {
            map.get(&d.to_string())
                .and_then(Value::as_u64)
                .unwrap_or_else(|| panic!("histogram has no distance {d}: {v}"))
        })
        .collect();
    Analysis {
        positions: number("positions"),
        solvable: number("solvable"),
        longest,
        hardest_count: hardest.len(),
        hardest,
        histogram,
    }
}

/// Runs `solve analyze` with `args` (exit 0) and reads its text.
fn analyze(args: &[&str]) -> Analysis {
    let mut all = vec!["analyze"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    assert_eq!(
        code, 0,
        "solve {all:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    read_analysis(&stdout)
}

/// A printed solution: the start, then each move and the position after it.
#[derive(Debug)]
struct Printed {
    start: String,
    moves: Vec<(String, String)>,
}

impl Printed {
    fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|(m, _)| m.clone()).collect()
    }
}

/// Reads one solution: the start; `K. MOVE  POSITION` for K = 1, 2, ...;
/// `N moves` (or `1 move`) with N the number of move lines.
fn read_solution(text: &str) -> Printed {
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 2, "not a solution:\n{text}");
    let last = lines[lines.len() - 1];
    let n: usize = last
        .strip_suffix(" moves")
        .or_else(|| last.strip_suffix(" move"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("expected `N moves` last, got {last:?} in:\n{text}"));
    let body = &lines[1..lines.len() - 1];
    assert_eq!(
        body.len(),
        n,
        "`{last}` but {} move lines:\n{text}",
        body.len()
    );
    let moves = body
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let rest = line
                .strip_prefix(&format!("{}. ", k + 1))
                .unwrap_or_else(|| panic!("move line {} is {line:?} in:\n{text}", k + 1));
            let (m, p) = rest
                .rsplit_once("  ")
                .unwrap_or_else(|| panic!("no `MOVE  POSITION` in {line:?}"));
            (m.to_owned(), p.to_owned())
        })
        .collect();
    Printed {
        start: lines[0].to_owned(),
        moves,
    }
}

/// Runs `solve` with `args` (exit 0) and reads the one solution printed.
fn one_solution(args: &[&str]) -> Printed {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 0,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    read_solution(&stdout)
}

/// Runs `solve --all` with `args` (exit 0): every solution, blank lines
/// between them, then `M shortest solutions` with M their number.
fn all_solutions(args: &[&str]) -> Vec<Printed> {
    let mut all = vec!["--all"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = solve(&all);
    assert_eq!(
        code, 0,
        "solve {all:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let blocks: Vec<&str> = stdout.trim_end().split("\n\n").collect();
    let (trailer, solutions) = blocks.split_last().expect("some output");
    let m: usize = trailer
        .strip_suffix(" shortest solutions")
        .or_else(|| trailer.strip_suffix(" shortest solution"))
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("expected `M shortest solutions` last, got {trailer:?}"));
    assert_eq!(solutions.len(), m, "solve {all:?}: `{trailer}`:\n{stdout}");
    solutions.iter().map(|b| read_solution(b)).collect()
}

/// Replays a printed solution from its start: every move must be legal
/// (`step` gives `Some`) in the position reached so far and lead to exactly
/// the printed position. Returns the last position.
fn replay<S: PartialEq + Debug>(
    printed: &Printed,
    read: impl Fn(&str) -> S,
    step: impl Fn(&S, &str) -> Option<S>,
) -> S {
    let mut at = read(&printed.start);
    for (k, (m, p)) in printed.moves.iter().enumerate() {
        let next = step(&at, m)
            .unwrap_or_else(|| panic!("move {}: `{m}` is not legal at {at:?}: {printed:?}", k + 1));
        assert_eq!(
            next,
            read(p),
            "move {}: `{m}` from {at:?} does not give the printed {p}",
            k + 1
        );
        at = next;
    }
    at
}

// ---------------------------------------------------------------------
// Flip It (PUZZLES.md section 4)
// ---------------------------------------------------------------------

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn flip_read(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '_' => EMPTY,
            'B' => BLACK,
            'W' => WHITE,
            _ => panic!("not a Flip It cell: {c:?} in {text:?}"),
        })
        .collect()
}

fn flip_write(cells: &[u8]) -> String {
    cells.iter().map(|&c| ['_', 'B', 'W'][c as usize]).collect()
}

/// The piece at `p` jumps into the empty cell `e`: it keeps its colour, the
/// pieces strictly between change colour, `p` becomes the empty cell. The
/// standard rule needs at least one piece jumped over; the variant also
/// lets a piece next to the empty cell move.
fn flip_jump(cells: &[u8], p: usize, e: usize, variant: bool) -> Option<Vec<u8>> {
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

fn flip_moves(cells: &[u8], variant: bool) -> Vec<(String, Vec<u8>)> {
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
fn flip_step(cells: &[u8], text: &str, variant: bool) -> Option<Vec<u8>> {
    let (p, e) = text.split_once(" -> ")?;
    flip_jump(cells, p.parse().ok()?, e.parse().ok()?, variant)
}

fn all_white(cells: &[u8]) -> bool {
    cells.iter().all(|&c| c != BLACK)
}

/// Every position of n cells with exactly one empty, in increasing order
/// of the values (empty < black < white, the first cell first).
fn flip_positions(n: usize) -> Vec<Vec<u8>> {
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

fn flip_analysis(n: usize, variant: bool) -> Analysis {
    let positions = flip_positions(n);
    let moves = |s: &Vec<u8>| flip_moves(s, variant).into_iter().map(|(_, t)| t).collect();
    let dist = distances_to_goal(&positions, moves, |s| all_white(s));
    summary(&positions, &dist, |s| flip_write(s))
}

/// The problems of the article: start and number of cells.
const PROBLEMS: [(&str, usize); 3] = [("BB_BBB", 6), ("B_WBBBB", 7), ("B_WWWBBB", 8)];

/// The `solve` arguments for a Flip It problem.
fn flip_args<'a>(start: &'a str, n: &'a str, variant: bool, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["specs/flipit.toml", "--start", start, "--set", n, "--set"];
    args.push(if variant { "variant=1" } else { "variant=0" });
    args.extend_from_slice(extra);
    args
}

/// Replays a Flip It solution and asserts it ends on the target: every
/// piece white, or the position `goal`.
fn flip_replay(printed: &Printed, start: &str, variant: bool, goal: Option<&str>) {
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
fn flipit_shortest_solutions_replay_and_match_the_article() {
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
fn flipit_every_small_position() {
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
fn flipit_count_of_no_solution_is_0() {
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
fn flipit_astar_without_a_heuristic_is_uniform_cost() {
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
fn flipit_count_and_all_match_path_counting() {
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
fn flipit_analysis_matches_the_article_and_backward_search() {
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
fn flipit_analysis_json() {
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

// ---------------------------------------------------------------------
// The eight puzzle
// ---------------------------------------------------------------------

type Board = [u8; 9];

const SOLVED: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];

fn board_read(text: &str) -> Board {
    let values: Vec<u8> = text
        .chars()
        .map(|c| match c {
            '_' => 0,
            '1'..='8' => c as u8 - b'0',
            _ => panic!("not a tile: {c:?} in {text:?}"),
        })
        .collect();
    values
        .try_into()
        .unwrap_or_else(|_| panic!("not 9 squares: {text:?}"))
}

fn board_write(board: &Board) -> String {
    board
        .iter()
        .map(|&t| if t == 0 { '_' } else { char::from(b'0' + t) })
        .collect()
}

fn adjacent(a: usize, b: usize) -> bool {
    (a / 3).abs_diff(b / 3) + (a % 3).abs_diff(b % 3) == 1
}

/// Every board one slide away: a tile next to the blank moves into it.
fn slides(board: &Board) -> Vec<Board> {
    let blank = board.iter().position(|&t| t == 0).expect("a blank");
    (0..9)
        .filter(|&t| adjacent(blank, t))
        .map(|t| {
            let mut next = *board;
            next.swap(blank, t);
            next
        })
        .collect()
}

/// A printed move: the tile that slid into the blank.
fn slide_tile(board: &Board, text: &str) -> Option<Board> {
    let tile: u8 = text.parse().ok()?;
    if !(1..=8).contains(&tile) {
        return None;
    }
    let blank = board.iter().position(|&t| t == 0)?;
    let at = board.iter().position(|&t| t == tile)?;
    if !adjacent(blank, at) {
        return None;
    }
    let mut next = *board;
    next.swap(blank, at);
    Some(next)
}

/// Every board's distance to the solved board, breadth-first from it (a
/// slide is undone by sliding the same tile back, so distances from the
/// goal are distances to it); boards not in the map cannot be solved.
fn eight_distances() -> &'static HashMap<Board, usize> {
    static DIST: OnceLock<HashMap<Board, usize>> = OnceLock::new();
    DIST.get_or_init(|| {
        let mut dist = HashMap::from([(SOLVED, 0)]);
        let mut queue = VecDeque::from([SOLVED]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b] + 1;
            for next in slides(&b) {
                if let std::collections::hash_map::Entry::Vacant(v) = dist.entry(next) {
                    let _ = v.insert(d);
                    queue.push_back(next);
                }
            }
        }
        dist
    })
}

/// `solve analyze specs/eight-puzzle.toml`: 9! = 362,880 positions, of
/// which 181,440 can be solved, the longest needing 31 moves, the two
/// famous 31-move boards `64785_321 8672543_1` (in that order, the
/// increasing order of the values); the whole report equal to this file's
/// breadth-first search from the solved board.
#[test]
fn eight_puzzle_analysis() {
    let got = analyze(&["specs/eight-puzzle.toml"]);
    let dist = eight_distances();
    let longest = dist.values().copied().max();
    let mut histogram = vec![0u64; longest.map_or(0, |l| l + 1)];
    for &d in dist.values() {
        histogram[d] += 1;
    }
    let mut hardest: Vec<Board> = dist
        .iter()
        .filter(|(_, d)| Some(**d) == longest)
        .map(|(b, _)| *b)
        .collect();
    hardest.sort_unstable();
    let oracle = Analysis {
        positions: (1..=9).product(),
        solvable: dist.len(),
        longest,
        hardest: hardest.iter().map(board_write).collect(),
        hardest_count: hardest.len(),
        histogram,
    };
    assert_eq!(oracle.positions, 362_880);
    assert_eq!(oracle.solvable, 181_440);
    assert_eq!(oracle.longest, Some(31));
    assert_eq!(oracle.hardest, ["64785_321", "8672543_1"]);
    assert_eq!(got, oracle);
}

/// `solve specs/eight-puzzle.toml` from its start `8672543_1`: 31 moves by
/// breadth-first search and by A* (the Manhattan heuristic, every move
/// costing 1), each move a legal slide of the printed tile giving the
/// printed board, ending solved; 31 is also this file's distance. A board
/// of odd permutation (`8672_4153`, outside the oracle's reachable half)
/// prints `no solution` with exit 1.
#[test]
fn eight_puzzle_solutions() {
    let dist = eight_distances();
    let start = "8672543_1";
    assert_eq!(dist.get(&board_read(start)), Some(&31));
    for method in ["bfs", "astar"] {
        let args = ["specs/eight-puzzle.toml", "--method", method];
        let printed = one_solution(&args);
        assert_eq!(printed.start, start, "solve {args:?}: the spec's start");
        let end = replay(&printed, board_read, slide_tile);
        assert_eq!(end, SOLVED, "solve {args:?} does not end solved");
        assert_eq!(printed.moves.len(), 31, "solve {args:?}");
    }
    let unsolvable = "8672_4153";
    assert!(!dist.contains_key(&board_read(unsolvable)));
    let args = ["specs/eight-puzzle.toml", "--start", unsolvable];
    let (stdout, stderr, code) = solve(&args);
    assert_eq!(
        code, 1,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert_eq!(stdout.trim(), "no solution", "solve {args:?}");
}

// ---------------------------------------------------------------------
// Water jugs
// ---------------------------------------------------------------------

type Jugs = (i64, i64);

const SMALL: i64 = 3;
const LARGE: i64 = 5;
const JUG_MOVES: [&str; 6] = [
    "fill_a", "fill_b", "empty_a", "empty_b", "pour_ab", "pour_ba",
];

/// A move by its name: fill a jug from the tap, empty it into the sink,
/// pour one into the other until the first is empty or the second full. A
/// move that changes nothing is not a move.
fn jug_move(&(a, b): &Jugs, name: &str) -> Option<Jugs> {
    let next = match name {
        "fill_a" => (SMALL, b),
        "fill_b" => (a, LARGE),
        "empty_a" => (0, b),
        "empty_b" => (a, 0),
        "pour_ab" => {
            let q = a.min(LARGE - b);
            (a - q, b + q)
        }
        "pour_ba" => {
            let q = b.min(SMALL - a);
            (a + q, b - q)
        }
        _ => return None,
    };
    (next != (a, b)).then_some(next)
}

fn jug_moves(jugs: &Jugs) -> Vec<(String, Jugs)> {
    JUG_MOVES
        .iter()
        .filter_map(|m| jug_move(jugs, m).map(|t| (m.to_string(), t)))
        .collect()
}

fn jugs_read(text: &str) -> Jugs {
    let (a, b) = text
        .split_once(',')
        .unwrap_or_else(|| panic!("not `a,b`: {text:?}"));
    (a.parse().expect("litres"), b.parse().expect("litres"))
}

fn four_litres(&(a, b): &Jugs) -> bool {
    a == 4 || b == 4
}

/// `solve specs/water-jugs.toml` from `0,0`: every move replayed by the
/// simulation written here, ending with a jug holding 4 litres, in the
/// fewest moves of this file's breadth-first search (6); `--count` equal
/// to its number of shortest move sequences. `solve analyze`: the 24
/// positions (a, b) and everything else equal to this file's backward
/// search; with a target no jug can hold (`--set target=9`), text and
/// `--json` report nothing solvable.
#[test]
fn water_jugs_solution_and_analysis() {
    let (length, ways) =
        fewest_moves((0, 0), jug_moves, four_litres).expect("4 litres can be measured");
    assert_eq!(length, 6);
    let printed = one_solution(&["specs/water-jugs.toml"]);
    assert_eq!(printed.start, "0,0");
    let end = replay(&printed, jugs_read, jug_move);
    assert!(four_litres(&end), "ends at {end:?}: no jug holds 4 litres");
    assert_eq!(printed.moves.len(), length);
    assert_eq!(u128::from(count(&["specs/water-jugs.toml"])), ways);

    let positions: Vec<Jugs> = (0..=SMALL)
        .flat_map(|a| (0..=LARGE).map(move |b| (a, b)))
        .collect();
    let moves = |s: &Jugs| jug_moves(s).into_iter().map(|(_, t)| t).collect();
    let dist = distances_to_goal(&positions, moves, four_litres);
    let oracle = summary(&positions, &dist, |(a, b)| format!("{a},{b}"));
    assert_eq!(oracle.positions, 24);
    assert_eq!(analyze(&["specs/water-jugs.toml"]), oracle.printed());

    // No jug can hold 9 litres: nothing is solvable, `longest -` (null in
    // JSON), no hardest position, an empty histogram.
    let none = vec![None; positions.len()];
    let oracle = summary(&positions, &none, |(a, b)| format!("{a},{b}"));
    assert_eq!((oracle.solvable, oracle.longest), (0, None));
    let args = ["specs/water-jugs.toml", "--set", "target=9"];
    assert_eq!(analyze(&args), oracle);
    let (stdout, stderr, code) = solve(&["analyze", args[0], args[1], args[2], "--json"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(read_json_analysis(&stdout), oracle);
}

// ---------------------------------------------------------------------
// Costs and a heuristic
// ---------------------------------------------------------------------

/// A counter from 0 to 18 within 0..20: +1 costs 1 (the default), +5 costs
/// 5, -2 costs 3. The fewest moves overshoot (four +5, one -2: 5 moves,
/// cost 23); the least cost does not (three +5, three +1: 6 moves, cost
/// 18). The heuristic |x - 18| never overestimates (no move costs less
/// than the distance it covers) and `w` = 0 turns it off.
const COUNTER: &str = r#"
name = "Counter"

[params]
w = 1

[vars]
x = "0..20"

[puzzle]
start = "0"
goal = "x == 18"
heuristic = "w * abs(x - 18)"

[moves.inc1]
when = "x + 1 <= 20"
next = { x = "x + 1" }

[moves.inc5]
when = "x + 5 <= 20"
next = { x = "x + 5" }
cost = "5"

[moves.dec2]
when = "x >= 2"
next = { x = "x - 2" }
cost = "3"
"#;

/// The counter's moves: name, change, cost.
const COUNTER_MOVES: [(&str, i64, i64); 3] = [("inc1", 1, 1), ("inc5", 5, 5), ("dec2", -2, 3)];

/// The counter's moves from `x`: name, next value, cost.
fn counter_moves(x: i64) -> Vec<(&'static str, i64, i64)> {
    COUNTER_MOVES
        .into_iter()
        .map(|(m, d, c)| (m, x + d, c))
        .filter(|&(_, t, _)| (0..=20).contains(&t))
        .collect()
}

/// The least total cost from `start` to `goal`, by Dijkstra.
fn least_cost(start: i64, goal: i64) -> i64 {
    let mut best: HashMap<i64, i64> = HashMap::from([(start, 0)]);
    let mut done = BTreeSet::new();
    loop {
        let (&x, &c) = best
            .iter()
            .filter(|(x, _)| !done.contains(*x))
            .min_by_key(|&(_, c)| c)
            .expect("the goal is reachable");
        if x == goal {
            return c;
        }
        let _ = done.insert(x);
        for (_, t, cost) in counter_moves(x) {
            let e = best.entry(t).or_insert(i64::MAX);
            *e = (*e).min(c + cost);
        }
    }
}

/// The total cost of a printed counter solution, replayed; it must end on
/// the goal 18.
fn counter_cost(printed: &Printed) -> i64 {
    let step = |x: &i64, m: &str| {
        counter_moves(*x)
            .into_iter()
            .find(|&(name, _, _)| name == m)
            .map(|(_, t, _)| t)
    };
    let end = replay(printed, |t| t.parse::<i64>().expect("a number"), step);
    assert_eq!(end, 18, "does not end on the goal: {printed:?}");
    printed
        .moves
        .iter()
        .map(|(m, _)| {
            COUNTER_MOVES
                .iter()
                .find(|&&(name, _, _)| name == m)
                .map_or_else(|| panic!("unknown move {m}"), |&(_, _, c)| c)
        })
        .sum()
}

/// `--method astar` finds a plan of the least total cost (Dijkstra's, here
/// 18), with the heuristic and with it turned off (`--set w=0`); the
/// default breadth-first search finds the fewest moves (this file's
/// breadth-first search: 5), which cost more.
#[test]
fn astar_finds_the_least_cost_and_bfs_the_fewest_moves() {
    let spec = TempSpec::new("counter", COUNTER);
    let cheapest = least_cost(0, 18);
    let by_name = |x: &i64| {
        counter_moves(*x)
            .into_iter()
            .map(|(m, t, _)| (m.to_owned(), t))
            .collect()
    };
    let (fewest, _) = fewest_moves(0, by_name, |&x| x == 18).expect("18 is reachable");
    assert_eq!((cheapest, fewest), (18, 5), "oracles");

    let bfs = one_solution(&[spec.path()]);
    assert_eq!(bfs.moves.len(), fewest, "bfs: {bfs:?}");
    assert!(
        counter_cost(&bfs) > cheapest,
        "the example does not tell costs from moves"
    );
    for w in ["w=1", "w=0"] {
        let args = [spec.path(), "--method", "astar", "--set", w];
        let astar = one_solution(&args);
        assert_eq!(counter_cost(&astar), cheapest, "solve {args:?}: {astar:?}");
    }
}

// ---------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------

/// Asserts one `error: ` message (the first line of stderr, the only one
/// starting so) holding every one of `words`.
fn assert_one_error(stderr: &str, words: &[&str]) {
    assert!(stderr.starts_with("error: "), "stderr:\n{stderr}");
    let errors = stderr.lines().filter(|l| l.starts_with("error")).count();
    assert_eq!(errors, 1, "more than one message:\n{stderr}");
    for word in words {
        assert!(stderr.contains(word), "no `{word}` in:\n{stderr}");
    }
}

/// Runs `solve` with `args`, which must be refused: exit 2, nothing on
/// stdout, one message holding every one of `words`.
fn refused(args: &[&str], words: &[&str]) {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 2,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert_eq!(stdout, "", "solve {args:?} printed something");
    assert_one_error(&stderr, words);
}

/// A spec with one counter `x` in 0..3, with (or without) a `[puzzle]` from
/// 0 to 3, and the text of `moves`.
fn counter_spec(puzzle: bool, moves: &str) -> String {
    let head = "name = \"t\"\n\n[vars]\nx = \"0..3\"\n";
    let puzzle = if puzzle {
        "\n[puzzle]\nstart = \"0\"\ngoal = \"x == 3\"\n"
    } else {
        ""
    };
    format!("{head}{puzzle}{moves}")
}

/// The puzzle errors, each exit 2 with one message naming the problem: a
/// move whose next state leaves a variable's domain (met by the search: `up`
/// has no precondition, and the unreachable goal makes the search go on
/// past 3) names the move and says "outside its domain", in `solve` and in
/// `solve analyze`; a `--start` with a character outside the alphabet, of
/// the wrong length, or for a spec without `[puzzle]`; `[moves]` without
/// `[puzzle]`, `[puzzle]` without moves and `next` naming an unknown
/// variable (these three also by `solve check`).
#[test]
fn puzzle_errors() {
    let unbounded = TempSpec::new(
        "leaves-domain",
        "name = \"t\"\n\n[vars]\nx = \"0..3\"\n\n[puzzle]\nstart = \"0\"\ngoal = \"x == 5\"\n\n\
         [moves.up]\nnext = { x = \"x + 1\" }\n",
    );
    refused(&[unbounded.path()], &["`up`", "outside its domain"]);
    refused(
        &["analyze", unbounded.path()],
        &["`up`", "outside its domain"],
    );

    refused(
        &["specs/flipit.toml", "--start", "BX_BBB"],
        &["`X`", "alphabet"],
    );
    refused(&["specs/flipit.toml", "--start", "BB_BB"], &["BB_BB", "6"]);
    refused(&["specs/queens.toml", "--start", "1234"], &["[puzzle]"]);

    let up = "\n[moves.up]\nwhen = \"x < 3\"\nnext = { x = \"x + 1\" }\n";
    let no_puzzle = TempSpec::new("moves-without-puzzle", &counter_spec(false, up));
    let no_moves = TempSpec::new("puzzle-without-moves", &counter_spec(true, ""));
    let unknown = TempSpec::new(
        "next-unknown-variable",
        &counter_spec(
            true,
            "\n[moves.up]\nwhen = \"x < 3\"\nnext = { y = \"x + 1\" }\n",
        ),
    );
    for (spec, words) in [
        (&no_puzzle, &["[puzzle]"][..]),
        (&no_moves, &["moves"][..]),
        (&unknown, &["`y`"][..]),
    ] {
        refused(&[spec.path()], words);
        refused(&["check", spec.path()], words);
    }
    // The sane spec behind the three: it solves in 3 moves.
    let sane = TempSpec::new("counter-ok", &counter_spec(true, up));
    assert_eq!(one_solution(&[sane.path()]).moves.len(), 3);
}

/// Every state a move makes is checked (found by review): a value in a
/// hole of a set domain, a state the constraints rule out (with `invalid =
/// "error"`), a negative cost,
/// a derived variable in a puzzle spec, and flags that mean nothing for a
/// puzzle are errors, exit 2, never a wrong solution or a loop.
#[test]
fn every_move_is_checked() {
    let cases = [
        (
            "[vars]\na = \"{0, 5}\"\n[puzzle]\nstart = \"0\"\ngoal = \"a == 3\"\n[moves.inc]\nwhen = \"a < 5\"\nnext = { a = \"a + 3\" }\n",
            "outside its domain {0, 5}",
        ),
        (
            "[vars]\na = \"0..5\"\nb = \"0..5\"\n[constraints]\neven = \"(a + b) % 2 == 0\"\n[puzzle]\nstart = \"0,0\"\ngoal = \"a == 2 and b == 0\"\ninvalid = \"error\"\n[moves.inc]\nwhen = \"a < 5\"\nnext = { a = \"a + 1\" }\n",
            "the spec's constraints rule out",
        ),
        (
            "[vars]\na = \"0..1\"\nb = \"0..3\"\n[puzzle]\nstart = \"0,0\"\ngoal = \"b == 3\"\nheuristic = \"0\"\n[moves.flip]\nnext = { a = \"1 - a\" }\ncost = \"-1\"\n[moves.up]\nwhen = \"b < 3\"\nnext = { b = \"b + 1\" }\n",
            "a cost must not be negative",
        ),
        (
            "[vars]\ntotal = { define = \"a + b\" }\na = \"0..3\"\nb = \"0..5\"\n[puzzle]\nstart = \"0,0\"\ngoal = \"total == 4\"\n[moves.fill_a]\nnext = { a = \"3\" }\n",
            "a puzzle's state is its declared variables",
        ),
    ];
    for (text, message) in cases {
        let spec = crate::TempSpec::new("checked", text);
        let methods: &[&str] = if text.contains("heuristic") {
            &["bfs", "iddfs", "astar"]
        } else {
            &["bfs", "iddfs"]
        };
        for method in methods {
            let (stdout, stderr, code) =
                crate::solve(&[spec.path(), "--method", method, "--time-limit", "10"]);
            assert_eq!(code, 2, "{text}\n{stdout}\n{stderr}");
            assert!(stderr.contains(message), "{text}\n{stderr}");
        }
    }
    for flag in ["--json", "--show-domains"] {
        let (_, stderr, code) = crate::solve(&["specs/water-jugs.toml", flag]);
        assert_eq!(code, 2, "{flag}");
        assert!(stderr.contains("not for a puzzle of moves"), "{stderr}");
    }
}

// ---------------------------------------------------------------------
// Issue 18: exact costs and counts, limits
// ---------------------------------------------------------------------

/// Runs `solve` with `args` and one environment variable set:
/// `(stdout, stderr, exit code)`.
fn solve_with_env(var: (&str, &str), args: &[&str]) -> (String, String, i32) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(args)
        .env(var.0, var.1)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("failed to run the solve binary");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(!stderr.contains("panicked"), "solve {args:?}:\n{stderr}");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        stderr,
        output.status.code().expect("not killed"),
    )
}

const MAX_COST: u64 = (1 << 62) - 1;

/// Reproducer `tests/reproducers/astar-cost-saturates.toml`: every move
/// costs C = 2^62 - 1 but the last of `b`, so the path a1 a2 a3 costs 3C
/// and b1 b2 b3 costs 2C + 1, both past i64::MAX: A* must return the
/// cheaper b1 b2 b3 (it returned a1 a2 a3 when sums saturated).
#[test]
fn astar_cost_saturates() {
    let printed = one_solution(&[
        "tests/reproducers/astar-cost-saturates.toml",
        "--method",
        "astar",
    ]);
    assert_eq!(printed.move_texts(), ["b1", "b2", "b3"]);
    assert_eq!(printed.moves.last().map(|(_, p)| p.as_str()), Some("20"));
}

/// Random graphs of 8 positions with move costs near 2^62 (most moves
/// lead 1 to 3 positions on, so most least costs pass i64::MAX): the total cost of
/// A*'s printed path (summed here in u128, with or without a heuristic of
/// 0) is the least one, by a Dijkstra written here.
#[test]
fn astar_matches_dijkstra_on_costs_near_the_limit() {
    let mut rng = crate::Rng::new(18);
    let mut past_i64 = 0;
    for round in 0..12 {
        let nodes = 8usize;
        let mut edges: Vec<(usize, usize, u64)> = Vec::new();
        for e in 0..22 {
            // Mostly forward by 1 to 3 (paths of 3 moves or more: past
            // i64::MAX), some anywhere.
            let u = rng.below(nodes);
            let v = if e % 3 == 0 {
                rng.below(nodes)
            } else {
                (u + 1 + rng.below(3)).min(nodes - 1)
            };
            let cost = if rng.one_in(4) {
                rng.below(3) as u64
            } else {
                MAX_COST - rng.below(4) as u64
            };
            edges.push((u, v, cost));
        }
        // Dijkstra from 0 to nodes - 1, exact in u128.
        let mut best: Vec<Option<u128>> = vec![None; nodes];
        let mut done = vec![false; nodes];
        best[0] = Some(0);
        while let Some(u) = (0..nodes)
            .filter(|&u| !done[u] && best[u].is_some())
            .min_by_key(|&u| best[u])
        {
            done[u] = true;
            for &(a, b, c) in &edges {
                if a == u {
                    let t = best[u].expect("reached") + u128::from(c);
                    if best[b].is_none_or(|old| t < old) {
                        best[b] = Some(t);
                    }
                }
            }
        }
        let mut text = format!(
            "[vars]\na = \"0..{}\"\n[puzzle]\nstart = \"0\"\ngoal = \"a == {}\"\n",
            nodes - 1,
            nodes - 1
        );
        if round % 2 == 0 {
            text.push_str("heuristic = \"0\"\n");
        }
        for (k, (u, v, c)) in edges.iter().enumerate() {
            text.push_str(&format!(
                "[moves.e{k}]\nwhen = \"a == {u}\"\nnext = {{ a = \"{v}\" }}\ncost = \"{c}\"\n"
            ));
        }
        let spec = TempSpec::new("astar-near-limit", &text);
        let (stdout, stderr, code) = solve(&[spec.path(), "--method", "astar"]);
        match best[nodes - 1] {
            None => assert_eq!((stdout.as_str(), code), ("no solution\n", 1), "{text}"),
            Some(least) => {
                assert_eq!(code, 0, "{text}\n{stderr}");
                let printed = read_solution(&stdout);
                let mut at = 0usize;
                let mut total = 0u128;
                for (m, p) in &printed.moves {
                    let k: usize = m
                        .strip_prefix('e')
                        .and_then(|k| k.parse().ok())
                        .expect("eK");
                    let (u, v, c) = edges[k];
                    assert_eq!(u, at, "{m} does not apply at {at}");
                    assert_eq!(p, &v.to_string());
                    at = v;
                    total += u128::from(c);
                }
                assert_eq!(at, nodes - 1, "{stdout}");
                assert_eq!(total, least, "round {round}:\n{text}\n{stdout}");
                if least > i64::MAX as u128 {
                    past_i64 += 1;
                }
            }
        }
    }
    assert!(past_i64 >= 4, "only {past_i64} least costs past i64::MAX");
}

/// A decimal number as digits from the least significant, for binomials
/// beyond any machine word.
fn decimal_add(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut carry = 0;
    for i in 0..a.len().max(b.len()) {
        let s = a.get(i).copied().unwrap_or(0) + b.get(i).copied().unwrap_or(0) + carry;
        out.push(s % 10);
        carry = s / 10;
    }
    if carry > 0 {
        out.push(carry);
    }
    out
}

/// C(2n, n) in decimal, by Pascal's triangle.
fn central_binomial(n: usize) -> String {
    let mut row: Vec<Vec<u8>> = vec![vec![1]];
    for _ in 0..2 * n {
        let mut next = vec![vec![1]];
        for w in row.windows(2) {
            next.push(decimal_add(&w[0], &w[1]));
        }
        next.push(vec![1]);
        row = next;
    }
    row[n].iter().rev().map(|d| char::from(b'0' + d)).collect()
}

/// Reproducer `tests/reproducers/puzzle-count-saturates.toml`: the shortest
/// solutions of the n x n lattice (one step right or up) are C(2n, n),
/// exactly, past u128::MAX from n = 66 (they saturated at it), by
/// breadth-first search and by iterative deepening.
#[test]
fn puzzle_count_saturates() {
    assert_eq!(
        central_binomial(66),
        "377389666165540953244592352291892721700",
        "oracle"
    );
    assert_eq!(
        central_binomial(100),
        "90548514656103281165404177077484163874504589675413336841320",
        "oracle"
    );
    for n in [3usize, 65, 66, 100] {
        let set = format!("n={n}");
        for method in ["bfs", "iddfs"] {
            let args = [
                "tests/reproducers/puzzle-count-saturates.toml",
                "--count",
                "--set",
                &set,
                "--method",
                method,
            ];
            let (stdout, stderr, code) = solve(&args);
            assert_eq!(code, 0, "solve {args:?}: {stderr}");
            assert_eq!(stdout.trim(), central_binomial(n), "solve {args:?}");
        }
    }
    // --all lists them: C(6, 3) = 20 for n = 3, all distinct.
    let all = all_solutions(&[
        "tests/reproducers/puzzle-count-saturates.toml",
        "--set",
        "n=3",
    ]);
    let distinct: BTreeSet<Vec<String>> = all.iter().map(Printed::move_texts).collect();
    assert_eq!((all.len(), distinct.len()), (20, 20));
}

/// Reproducer `tests/reproducers/moves-instances-time-limit.toml`: three
/// moves of 999 x 999 instances each took 14 s under `--time-limit 0.5`;
/// the limit now covers their lowering (exit 3, the lowering message), and
/// so does Ctrl-C.
#[test]
fn moves_instances_time_limit() {
    let began = std::time::Instant::now();
    let (stdout, stderr, code) = solve(&[
        "tests/reproducers/moves-instances-time-limit.toml",
        "--time-limit",
        "0.5",
    ]);
    let took = began.elapsed();
    assert_eq!((stdout.as_str(), code), ("", 3), "{stderr}");
    assert!(
        stderr.contains("the time limit ran out while the spec was being lowered"),
        "{stderr}"
    );
    assert!(took.as_secs_f64() < 5.0, "took {took:?}");

    // Ctrl-C stops it the same way (exit 3), long before the 14 s.
    let began = std::time::Instant::now();
    let (_, stderr, code) = crate::interrupted(
        &["tests/reproducers/moves-instances-time-limit.toml"],
        std::time::Duration::from_secs(1),
    );
    assert_eq!(code, 3, "{stderr}");
    assert!(
        stderr.contains("while the spec was being lowered"),
        "{stderr}"
    );
    assert!(
        began.elapsed().as_secs_f64() < 6.0,
        "took {:?}",
        began.elapsed()
    );
}

/// Reproducer `tests/reproducers/puzzle-bfs-unbounded-memory.toml`: 10^9
/// states, the goal 2,997 moves away; breadth-first search and A* kept
/// every state until the memory ran out. They stop at the cap on positions
/// (lowered here through `SOLVE_MAX_STATES`, as README documents), exit 2,
/// with one message naming the cap and what to do; `solve analyze` shares
/// the cap and the message.
#[test]
fn puzzle_bfs_unbounded_memory() {
    let spec = "tests/reproducers/puzzle-bfs-unbounded-memory.toml";
    let cap = ("SOLVE_MAX_STATES", "5000");
    for (args, who) in [
        (vec![spec], "the breadth-first search"),
        (vec![spec, "--count"], "the breadth-first search"),
        (vec![spec, "--method", "astar"], "A*"),
        (vec!["analyze", spec], "`solve analyze`"),
    ] {
        let (stdout, stderr, code) = solve_with_env(cap, &args);
        assert_eq!((stdout.as_str(), code), ("", 2), "solve {args:?}: {stderr}");
        assert_one_error(
            &stderr,
            &[&format!(
                "{who} met more than 5000 positions: too many to keep in memory"
            )],
        );
        let help = if who.contains("analyze") {
            "narrow the model"
        } else {
            "--method iddfs"
        };
        assert!(stderr.contains(help), "{stderr}");
    }
    // Under the cap the same search answers: the 30 x 30 lattice has 961
    // states.
    let (stdout, stderr, code) = solve_with_env(
        cap,
        &[
            "tests/reproducers/puzzle-count-saturates.toml",
            "--set",
            "n=30",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.ends_with("60 moves\n"), "{stdout}");
}

// ---------------------------------------------------------------------
// Issue 18: dead ends, elements in `next`, iterative deepening's table
// ---------------------------------------------------------------------

/// Missionaries and cannibals (3 and 3, a boat of 2), written as the moves
/// of the boat only; the safety rule (never more cannibals than
/// missionaries on a bank with missionaries) is written once, as
/// constraints, and a crossing into an unsafe state is a dead end.
const MISSIONARIES: &str = r#"
[vars]
m = "0..3"      # missionaries on the left bank
c = "0..3"      # cannibals on the left bank
boat = "0..1"   # 0: left, 1: right

[constraints]
left = "m == 0 or m >= c"
right = "m == 3 or 3 - m >= 3 - c"

[puzzle]
start = "3,3,0"
goal = "m == 0 and c == 0"

[moves.cross]
for = { dm = "0..2", dc = "0..2" }
when = "dm + dc >= 1 and dm + dc <= 2 and (if boat == 0 then m >= dm and c >= dc else 3 - m >= dm and 3 - c >= dc)"
next = { m = "if boat == 0 then m - dm else m + dm", c = "if boat == 0 then c - dc else c + dc", boat = "1 - boat" }
show = "{dm}M{dc}C"
"#;

/// The crossings from a state, by the rules written here: name, next state.
fn crossings(&(m, c, boat): &(i32, i32, i32)) -> Vec<(String, (i32, i32, i32))> {
    let safe = |m: i32, c: i32| (m == 0 || m >= c) && (m == 3 || 3 - m >= 3 - c);
    let mut out = Vec::new();
    for (dm, dc) in [(0, 1), (0, 2), (1, 0), (1, 1), (2, 0)] {
        let sign = if boat == 0 { -1 } else { 1 };
        let (m2, c2) = (m + sign * dm, c + sign * dc);
        if (0..=3).contains(&m2) && (0..=3).contains(&c2) && safe(m2, c2) {
            out.push((format!("{dm}M{dc}C"), (m2, c2, 1 - boat)));
        }
    }
    out
}

/// 11 crossings (the classic figure), 4 shortest solutions, by every
/// method, as this file's breadth-first search finds; each printed
/// solution replays by the rules. With `invalid = "error"` the first
/// unsafe crossing is an error instead.
#[test]
fn missionaries_and_cannibals_dead_ends() {
    let (fewest, ways) =
        fewest_moves((3, 3, 0), crossings, |&(m, c, _)| m == 0 && c == 0).expect("solvable");
    assert_eq!((fewest, ways), (11, 4), "oracle");
    let spec = TempSpec::new("missionaries", MISSIONARIES);
    let read = |t: &str| {
        let v: Vec<i32> = t.split(',').map(|x| x.parse().expect("a number")).collect();
        (v[0], v[1], v[2])
    };
    let step = |s: &(i32, i32, i32), m: &str| {
        crossings(s)
            .into_iter()
            .find(|(n, _)| n == m)
            .map(|(_, t)| t)
    };
    for method in ["bfs", "iddfs", "astar"] {
        let printed = one_solution(&[spec.path(), "--method", method]);
        assert_eq!(printed.moves.len(), fewest, "{method}: {printed:?}");
        let (m, c, _) = replay(&printed, read, step);
        assert_eq!((m, c), (0, 0));
    }
    for method in ["bfs", "iddfs"] {
        assert_eq!(count(&[spec.path(), "--method", method]), ways as u64);
        let all = all_solutions(&[spec.path(), "--method", method]);
        assert_eq!(all.len() as u128, ways);
    }
    let strict = TempSpec::new(
        "missionaries-strict",
        &MISSIONARIES.replace("[puzzle]\n", "[puzzle]\ninvalid = \"error\"\n"),
    );
    refused(
        &[strict.path()],
        &["`cross(dm=", "the spec's constraints rule out"],
    );
    let unknown = TempSpec::new(
        "missionaries-unknown",
        &MISSIONARIES.replace("[puzzle]\n", "[puzzle]\ninvalid = \"skip\"\n"),
    );
    refused(
        &[unknown.path()],
        &["unknown `invalid` setting `skip`", "dead-end, error"],
    );
}

/// The Tower of Hanoi with `peg[d]` assigned in `next` (disc `d`, 1 the
/// smallest, moves to peg `b` when no smaller disc is on its peg or on
/// `b`): 2^n - 1 moves and one shortest solution, n = 3..5, by every
/// method; the printed moves replay by the rules written here.
const HANOI: &str = r#"
[params]
n = 3

[vars]
peg = { index = "1..n", domain = "0..2" }

[puzzle]
start = "[0 for d in 1..n]"
goal = "forall(peg[d] == 2 for d in 1..n)"

[moves.move]
for = { d = "1..n", b = "0..2" }
when = "peg[d] != b and forall(peg[e] != peg[d] and peg[e] != b for e in 1..d-1)"
next = { "peg[d]" = "b" }
show = "{d} to {b}"
"#;

fn hanoi_step(pegs: &[u8], text: &str) -> Option<Vec<u8>> {
    let (d, b) = text.split_once(" to ")?;
    let (d, b): (usize, u8) = (d.parse().ok()?, b.parse().ok()?);
    let from = pegs[d - 1];
    let blocked = pegs[..d - 1].iter().any(|&p| p == from || p == b);
    (from != b && !blocked).then(|| {
        let mut next = pegs.to_vec();
        next[d - 1] = b;
        next
    })
}

#[test]
fn hanoi_with_element_assignments() {
    let spec = TempSpec::new("hanoi", HANOI);
    let read = |t: &str| -> Vec<u8> { t.split(',').map(|x| x.parse().expect("a peg")).collect() };
    for n in 3..=5usize {
        let set = format!("n={n}");
        for method in ["bfs", "iddfs", "astar"] {
            let printed = one_solution(&[spec.path(), "--set", &set, "--method", method]);
            assert_eq!(printed.start, vec!["0"; n].join(","));
            assert_eq!(printed.moves.len(), (1 << n) - 1, "n={n} {method}");
            let end = replay(&printed, read, |p, t| hanoi_step(p, t));
            assert_eq!(end, vec![2; n]);
        }
        for method in ["bfs", "iddfs"] {
            assert_eq!(count(&[spec.path(), "--set", &set, "--method", method]), 1);
        }
    }
}

/// `next` with elements: an element given twice, an index that depends on
/// the state, an index out of range, an element given with the whole
/// variable, a value of the wrong size, an unknown variable, a key that
/// does not parse or is not an element: each one error (exit 2).
#[test]
fn element_assignment_errors() {
    let with_next = |next: &str| HANOI.replace(r#"next = { "peg[d]" = "b" }"#, next);
    for (next, words) in [
        (
            r#"next = { "peg[d]" = "b", "peg[1]" = "0" }"#,
            &["an element of `peg` is given twice"][..],
        ),
        (
            r#"next = { "peg[peg[1]+1]" = "b" }"#,
            &["must be one position known before the move"][..],
        ),
        (r#"next = { "peg[d+1]" = "b" }"#, &["out of range"][..]),
        (
            r#"next = { "peg[d]" = "b", peg = "[0, 0, 0]" }"#,
            &["`peg` is given twice in `next`"][..],
        ),
        (
            r#"next = { "peg[d]" = "[b, b]" }"#,
            &["2 values, the element 1"][..],
        ),
        (r#"next = { "pug[d]" = "b" }"#, &["`pug`"][..]),
        (r#"next = { "peg[d" = "b" }"#, &["syntax error"][..]),
        (
            r#"next = { "f(peg)[d]" = "b" }"#,
            &["expected a state variable or one element of it"][..],
        ),
    ] {
        let spec = TempSpec::new("hanoi-bad", &with_next(next));
        refused(&[spec.path()], words);
    }
}

/// Iterative deepening on the Tower of Hanoi with 7 discs (127 moves,
/// 2,187 positions, many transpositions): with only the path checked, 5
/// discs took minutes (issue 18); the table of depths makes it 0.2 s here. Bounded
/// generously: a regression would take hours.
#[test]
fn iddfs_prunes_transpositions() {
    let spec = TempSpec::new("hanoi-7", HANOI);
    let began = std::time::Instant::now();
    let printed = one_solution(&[spec.path(), "--set", "n=7", "--method", "iddfs"]);
    assert_eq!(printed.moves.len(), 127);
    assert!(began.elapsed().as_secs() < 30, "took {:?}", began.elapsed());
}

/// Random graphs full of transpositions and cycles (10 positions, 30
/// moves of cost 1): iterative deepening's pruning keeps every shortest
/// solution. Its `--count` and breadth-first search's are this file's
/// path count, and both `--all` list the same set of that many solutions.
#[test]
fn iddfs_agrees_with_path_counting_on_random_graphs() {
    let mut rng = crate::Rng::new(1805);
    let mut solvable = 0;
    for _ in 0..16 {
        let nodes = 10usize;
        let edges: Vec<(usize, usize)> = (0..30)
            .map(|_| (rng.below(nodes), rng.below(nodes)))
            .collect();
        let mut text = format!(
            "[vars]\na = \"0..{}\"\n[puzzle]\nstart = \"0\"\ngoal = \"a == {}\"\n",
            nodes - 1,
            nodes - 1
        );
        for (k, (u, v)) in edges.iter().enumerate() {
            text.push_str(&format!(
                "[moves.e{k}]\nwhen = \"a == {u}\"\nnext = {{ a = \"{v}\" }}\n"
            ));
        }
        let moves = |&a: &usize| -> Vec<(String, usize)> {
            edges
                .iter()
                .enumerate()
                .filter(|(_, (u, _))| *u == a)
                .map(|(k, &(_, v))| (format!("e{k}"), v))
                .collect()
        };
        let oracle = fewest_moves(0usize, moves, |&a| a == nodes - 1);
        let spec = TempSpec::new("random-graph", &text);
        let expected = oracle.map_or(0, |(_, ways)| ways as u64);
        for method in ["bfs", "iddfs"] {
            assert_eq!(
                count(&[spec.path(), "--method", method]),
                expected,
                "{method}\n{text}"
            );
        }
        if let Some((fewest, ways)) = oracle {
            solvable += 1;
            let sets: Vec<BTreeSet<Vec<String>>> = ["bfs", "iddfs"]
                .iter()
                .map(|method| {
                    let all = all_solutions(&[spec.path(), "--method", method]);
                    assert!(all.iter().all(|p| p.moves.len() == fewest));
                    all.iter().map(Printed::move_texts).collect()
                })
                .collect();
            assert_eq!(sets[0].len() as u128, ways, "{text}");
            assert_eq!(sets[0], sets[1], "{text}");
        }
    }
    assert!(solvable >= 6, "only {solvable} solvable graphs");
}

/// A move's `show` sees the position before the move (and the params and
/// the move's parameters).
#[test]
fn show_sees_the_position_before_the_move() {
    let spec = TempSpec::new(
        "show-before",
        &counter_spec(
            true,
            "\n[moves.up]\nwhen = \"x < 3\"\nnext = { x = \"x + 1\" }\nshow = \"from {x}\"\n",
        ),
    );
    let printed = one_solution(&[spec.path()]);
    let expected = [("from 0", "1"), ("from 1", "2"), ("from 2", "3")];
    let got: Vec<(&str, &str)> = printed
        .moves
        .iter()
        .map(|(m, p)| (m.as_str(), p.as_str()))
        .collect();
    assert_eq!(got, expected);
}

/// `start` may be an expression over the params (the Tower of Hanoi's
/// `[0 for d in 1..n]`, a text built from a param); a literal keeps
/// working; a start of the wrong length names the variables, their sizes
/// and the params they come from; an expression that fails says why (when
/// the start is used: a `--start` replaces it).
#[test]
fn start_from_params() {
    let spec = TempSpec::new("hanoi-start", HANOI);
    for n in [2usize, 4] {
        let printed = one_solution(&[spec.path(), "--set", &format!("n={n}")]);
        assert_eq!(printed.start, vec!["0"; n].join(","));
    }
    let literal = TempSpec::new(
        "hanoi-literal",
        &HANOI.replace("[0 for d in 1..n]", "1,0,0"),
    );
    assert_eq!(one_solution(&[literal.path()]).start, "1,0,0");
    refused(
        &[spec.path(), "--start", "0,0"],
        &["expected 3 values, found 2", "`peg` has 3 (n = 3)", "--set"],
    );
    refused(
        &[literal.path(), "--set", "n=4"],
        &["expected 4 values, found 3", "`peg` has 4 (n = 4)"],
    );
    let typo = TempSpec::new(
        "hanoi-typo",
        &HANOI.replace("[0 for d in 1..n]", "[0 for d in 1..m]"),
    );
    let (_, stderr, code) = solve(&[typo.path()]);
    assert_eq!(code, 2);
    assert_one_error(&stderr, &["unknown name `m`", "hanoi-typo.toml:9:9"]);
    // Only a start that is used is read: `--start` replaces it.
    let printed = one_solution(&[typo.path(), "--start", "0,0,0"]);
    assert_eq!(printed.moves.len(), 7);
    // A text built from a param, read through the alphabet.
    let flip = std::fs::read_to_string("specs/flipit.toml").expect("flipit");
    let flip = flip.replace(
        r#"start    = "BB_BBB""#,
        r#"start    = "[if i == 2 then '_' else 'B' for i in 0..n-1]""#,
    );
    assert!(flip.contains("[if i == 2"), "the shipped spec changed");
    let flip = TempSpec::new("flipit-start", &flip);
    for n in [6usize, 7] {
        let start = format!("BB_{}", "B".repeat(n - 3));
        let (fewest, _) = fewest_moves(
            flip_read(&start),
            |s| flip_moves(s, false),
            |s| all_white(s),
        )
        .expect("solvable");
        let printed = one_solution(&[flip.path(), "--set", &format!("n={n}")]);
        assert_eq!(
            (printed.start.as_str(), printed.moves.len()),
            (start.as_str(), fewest)
        );
    }
}

/// The k x k lattice whose positions are written with an alphabet cut to
/// the size by a param: `alphabet` is an expression over the params when
/// it is not an alphabet as written. C(2k, k) shortest solutions (here
/// 20 and 252, by Pascal's triangle above); a computed alphabet with a
/// repeated character is refused.
#[test]
fn alphabet_from_params() {
    let text = r#"
[params]
k = 3
[vars]
a = "0..k"
b = "0..k"
[puzzle]
alphabet = "['a', 'b', 'c', 'd', 'e', 'f'][0..k]"
start = "aa"
goal = "a == k and b == k"
[moves.ia]
when = "a < k"
next = { a = "a + 1" }
[moves.ib]
when = "b < k"
next = { b = "b + 1" }
"#;
    let spec = TempSpec::new("alphabet-params", text);
    for k in [3usize, 5] {
        let set = format!("k={k}");
        let n = count(&[spec.path(), "--set", &set]);
        assert_eq!(n.to_string(), central_binomial(k));
        let printed = one_solution(&[spec.path(), "--set", &set]);
        let last = char::from(b'a' + k as u8).to_string().repeat(2);
        assert_eq!(printed.moves.last().map(|(_, p)| p.clone()), Some(last));
    }
    let repeated = TempSpec::new(
        "alphabet-repeated",
        &text.replace(
            "['a', 'b', 'c', 'd', 'e', 'f'][0..k]",
            "['a', 'b', 'b', 'c']",
        ),
    );
    refused(
        &[repeated.path()],
        &["the alphabet must be distinct characters"],
    );
}
