//! Issue 18: dead ends, elements in `next`, iterative deepening's table.

use super::*;

/// Missionaries and cannibals (3 and 3, a boat of 2), written as the moves
/// of the boat only; the safety rule (never more cannibals than
/// missionaries on a bank with missionaries) is written once, as
/// constraints, and a crossing into an unsafe state is a dead end.
pub(super) const MISSIONARIES: &str = r#"
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
pub(super) fn crossings(&(m, c, boat): &(i32, i32, i32)) -> Vec<(String, (i32, i32, i32))> {
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
pub(super) fn missionaries_and_cannibals_dead_ends() {
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
pub(super) const HANOI: &str = r#"
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

pub(super) fn hanoi_step(pegs: &[u8], text: &str) -> Option<Vec<u8>> {
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
pub(super) fn hanoi_with_element_assignments() {
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
pub(super) fn element_assignment_errors() {
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
pub(super) fn iddfs_prunes_transpositions() {
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
pub(super) fn iddfs_agrees_with_path_counting_on_random_graphs() {
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
pub(super) fn show_sees_the_position_before_the_move() {
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
pub(super) fn start_from_params() {
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
pub(super) fn alphabet_from_params() {
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
