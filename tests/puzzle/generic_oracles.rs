//! Generic oracles.

use super::*;

/// Breadth-first from `start` over every reachable state: the fewest moves
/// to a target and the number of distinct move sequences of that length
/// ending on a target, or `None` when no target is reachable.
pub(super) fn fewest_moves<S: Clone + Eq + Hash>(
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
pub(super) fn distances_to_goal<S: Eq + Hash + Debug>(
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
pub(super) struct Analysis {
    pub(super) positions: usize,
    pub(super) solvable: usize,
    pub(super) longest: Option<usize>,
    /// The positions that need the longest, as written (the text lists the
    /// first ten).
    pub(super) hardest: Vec<String>,
    /// How many positions need the longest.
    pub(super) hardest_count: usize,
    /// `histogram[d]`: how many positions are `d` moves from a goal.
    pub(super) histogram: Vec<u64>,
}

/// The analysis of `positions` (given in the spec's order: the increasing
/// order of the values) and their distances.
pub(super) fn summary<S>(
    positions: &[S],
    dist: &[Option<usize>],
    write: impl Fn(&S) -> String,
) -> Analysis {
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
    pub(super) fn printed(mut self) -> Analysis {
        self.hardest.truncate(10);
        self
    }
}

/// Reads the text of `solve analyze`.
pub(super) fn read_analysis(stdout: &str) -> Analysis {
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
pub(super) fn read_json_analysis(stdout: &str) -> Analysis {
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
pub(super) fn analyze(args: &[&str]) -> Analysis {
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
pub(super) struct Printed {
    pub(super) start: String,
    pub(super) moves: Vec<(String, String)>,
}

impl Printed {
    pub(super) fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|(m, _)| m.clone()).collect()
    }
}

/// Reads one solution: the start; `K. MOVE  POSITION` for K = 1, 2, ...;
/// `N moves` (or `1 move`) with N the number of move lines. Indented lines
/// (the spec's board of the position above them) are passed over.
pub(super) fn read_solution(text: &str) -> Printed {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("   ")).collect();
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
pub(super) fn one_solution(args: &[&str]) -> Printed {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 0,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    read_solution(&stdout)
}

/// Runs `solve --all` with `args` (exit 0): every solution, blank lines
/// between them, then `M shortest solutions` with M their number.
pub(super) fn all_solutions(args: &[&str]) -> Vec<Printed> {
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
pub(super) fn replay<S: PartialEq + Debug>(
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
