//! Global constraints of the language (`table`, `global_cardinality`,
//! `count(xs, v)`, `circuit`, `increasing`, `decreasing`), through the
//! binary, against known figures (magic sequences, CSPLib 19; the (n-1)!
//! Hamiltonian cycles of a complete graph) and against brute force, at the
//! root and inside expressions (where each is a reified decomposition).

use crate::{Rng, TempSpec, count, solve};

/// Every assignment of `n` variables over `lo..=hi` that `ok` accepts.
fn brute(n: usize, lo: i64, hi: i64, ok: &dyn Fn(&[i64]) -> bool) -> u64 {
    let mut values = vec![lo; n];
    let mut found = 0;
    loop {
        found += u64::from(ok(&values));
        let mut i = 0;
        loop {
            if i == n {
                return found;
            }
            if values[i] < hi {
                values[i] += 1;
                break;
            }
            values[i] = lo;
            i += 1;
        }
    }
}

/// An assignment test of the brute force.
type Meaning = Box<dyn Fn(&[i64]) -> bool>;

fn spec_count(label: &str, text: &str) -> u64 {
    let spec = TempSpec::new(label, text);
    count(&[spec.path()])
}

/// Magic sequences: x[i] is the number of times i occurs in x, written
/// with `global_cardinality` whose counts are the variables themselves.
#[test]
fn magic_sequences_with_global_cardinality() {
    let text = "[params]\nn = 4\n[vars]\nx = { index = \"0..n-1\", domain = \"0..n-1\" }\n[constraints]\ncounts = \"global_cardinality(x, 0..n-1, x)\"\n";
    let spec = TempSpec::new("magic-sequence", text);
    let counts: Vec<u64> = (4..=8)
        .map(|n| count(&[spec.path(), "--set", &format!("n={n}")]))
        .collect();
    assert_eq!(counts, [2, 1, 0, 1, 1]);
}

/// `circuit` alone over n nodes: the (n-1)! Hamiltonian cycles of the
/// complete graph, whatever the array's first index.
#[test]
fn circuit_alone_counts_the_cycles_of_the_complete_graph() {
    for base in [0, 1] {
        let text = format!(
            "[params]\nn = 3\n[vars]\ns = {{ index = \"{base}..n-1+{base}\", domain = \"{base}..n-1+{base}\" }}\n[constraints]\ntour = \"circuit(s)\"\n"
        );
        let spec = TempSpec::new("circuit", &text);
        for n in 1..=7u64 {
            let expected: u64 = (1..n).product();
            assert_eq!(
                count(&[spec.path(), "--set", &format!("n={n}")]),
                expected,
                "n = {n}, base {base}"
            );
        }
    }
}

/// `subcircuit` alone over n nodes: every cycle through k >= 2 of them,
/// the rest pointing to themselves, and the empty one: 1 + sum over k of
/// C(n, k) (k-1)!; at every consistency level (the components' pruning
/// at `domain`).
#[test]
fn subcircuit_alone_counts_every_cycle_of_the_complete_graph_and_none() {
    let choose = |n: u64, k: u64| (1..=k).fold(1, |c, i| c * (n + 1 - i) / i);
    let text = "[params]\nn = 3\n[vars]\ns = { index = \"1..n\", domain = \"1..n\" }\n[constraints]\ntour = \"subcircuit(s)\"\n";
    let spec = TempSpec::new("subcircuit", text);
    for n in 1..=6u64 {
        let expected: u64 = 1
            + (2..=n)
                .map(|k| choose(n, k) * (1..k).product::<u64>())
                .sum::<u64>();
        counts_at_every_level(&spec, n, expected);
    }
}

/// The connected sets of nodes `0..nodes` of the undirected graph of
/// `edges`, the empty one included, by brute force over every subset.
fn connected_sets(nodes: usize, edges: &[(usize, usize)]) -> u64 {
    let mut total = 0;
    for mask in 0u32..1 << nodes {
        let on = |i: usize| mask >> i & 1 == 1;
        let mut seen: Vec<usize> = (0..nodes).filter(|&i| on(i)).take(1).collect();
        let mut grew = true;
        while grew {
            grew = false;
            for &(a, b) in edges {
                for (x, y) in [(a, b), (b, a)] {
                    if seen.contains(&x) && on(y) && !seen.contains(&y) {
                        seen.push(y);
                        grew = true;
                    }
                }
            }
        }
        total += u64::from(seen.len() as u32 == mask.count_ones());
    }
    total
}

/// The edges between neighbouring cells of an n x n grid (row-major),
/// across a side, or with `eight` a corner too.
fn grid_edges(n: usize, eight: bool) -> Vec<(usize, usize)> {
    let steps: &[(usize, i64)] = if eight {
        &[(0, 1), (1, -1), (1, 0), (1, 1)]
    } else {
        &[(0, 1), (1, 0)]
    };
    let mut edges = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in steps {
                let (r2, c2) = (r + dr, c as i64 + dc);
                if r2 < n && (0..n as i64).contains(&c2) {
                    edges.push((r * n + c, r2 * n + c2 as usize));
                }
            }
        }
    }
    edges
}

/// `connected` of a grid counts its connected sets of cells, at every
/// level, and the edge-list form counts the connected sets of a graph.
#[test]
fn connected_counts_the_connected_sets_of_a_grid_and_of_a_graph() {
    for (k, eight) in [("", false), (", 8", true)] {
        let text = format!(
            "[params]\nn = 3\n[vars]\nb = {{ index = [\"1..n\", \"1..n\"], domain = \"bool\" }}\n[constraints]\none = \"connected(b{k})\"\n"
        );
        let spec = TempSpec::new("connected", &text);
        for n in 1..=4 {
            let expected = connected_sets(n * n, &grid_edges(n, eight));
            for level in ["propagate", "check"] {
                let args = [
                    spec.path(),
                    "--set",
                    &format!("n={n}"),
                    "--consistency",
                    level,
                ];
                assert_eq!(count(&args), expected, "n = {n}{k} at {level}");
            }
        }
    }
    // A path 1 - 2 - 3 - 4 and a triangle 4 - 5 - 6 - 4 (the list's
    // indices from 1; the brute force's nodes from 0).
    let edges = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 4)];
    let from_0: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (a - 1, b - 1)).collect();
    let pairs: Vec<String> = edges.iter().map(|(a, b)| format!("[{a}, {b}]")).collect();
    let text = format!(
        "[vars]\nb = {{ index = \"1..6\", domain = \"bool\" }}\n[constraints]\none = \"connected(b, [{}])\"\n",
        pairs.join(", ")
    );
    let spec = TempSpec::new("connected-graph", &text);
    assert_eq!(count(&[spec.path()]), connected_sets(6, &from_0));
}

#[test]
fn connected_refuses_what_is_no_graph() {
    for (rule, says) in [
        (
            "connected(b, [[1, 7]])",
            "an edge to node 7, and the nodes are 1..6",
        ),
        (
            "connected([x for x in b if false], [])",
            "`connected` of no node",
        ),
        ("connected(b)", "`connected` of a list needs its edges"),
        (
            "connected([[b[1], b[2]], [b[3]]])",
            "the grid's rows differ in length",
        ),
        (
            "connected([[b[1], b[2]], [b[3], b[4]]], 6)",
            "a grid's neighbourhood is 4 or 8, found 6",
        ),
        (
            "connected([b[1] + b[2], b[3]], [[0, 1]])",
            "takes booleans or 0/1 values",
        ),
        (
            "connected(3, [])",
            "expected a list or a grid of booleans, found an integer",
        ),
    ] {
        let text = format!(
            "[vars]\nb = {{ index = \"1..6\", domain = \"bool\" }}\n[constraints]\none = \"{rule}\"\n"
        );
        let spec = TempSpec::new("connected-bad", &text);
        let (_, err, code) = solve(&[spec.path()]);
        assert_eq!(code, 2, "{rule}: {err}");
        assert!(
            err.contains(says) && err.contains(".toml:4:"),
            "{rule}: {err}"
        );
    }
}

/// Random small models mixing the globals, at the root and inside `or`,
/// `not` and `->`, counted against brute force.
#[test]
fn globals_match_brute_force() {
    let mut rng = Rng::new(2026);
    for case in 0..60 {
        let rows: Vec<[i64; 3]> = (0..rng.range(0, 5))
            .map(|_| [rng.range(0, 3), rng.range(0, 3), rng.range(0, 3)])
            .collect();
        let v = rng.range(0, 3);
        let k = rng.range(0, 3);
        let values = [rng.range(0, 3), rng.range(0, 3)];
        let rows_text: Vec<String> = rows
            .iter()
            .map(|r| format!("[{}, {}, {}]", r[0], r[1], r[2]))
            .collect();
        let table = format!("table([x[0], x[1], x[2]], [{}])", rows_text.join(", "));
        let (text, ok): (String, Meaning) = match case % 5 {
            0 => (table.clone(), {
                let rows = rows.clone();
                Box::new(move |x: &[i64]| rows.iter().any(|r| r[..] == x[..3]))
            }),
            1 => (
                format!("not {table} or count(x, {v}) == {k}"),
                Box::new({
                    let rows = rows.clone();
                    move |x: &[i64]| {
                        !rows.iter().any(|r| r[..] == x[..3])
                            || x.iter().filter(|&&y| y == v).count() as i64 == k
                    }
                }),
            ),
            2 => (
                format!(
                    "global_cardinality(x, [{}, {}], [x[3], {k}])",
                    values[0], values[1]
                ),
                Box::new(move |x: &[i64]| {
                    let c = |w: i64| x.iter().filter(|&&y| y == w).count() as i64;
                    c(values[0]) == x[3] && c(values[1]) == k
                }),
            ),
            3 => (
                "increasing(x[0], x[1], x[2]) -> decreasing(x[1..3])".to_string(),
                Box::new(|x: &[i64]| {
                    !(x[0] <= x[1] && x[1] <= x[2]) || (x[1] >= x[2] && x[2] >= x[3])
                }),
            ),
            _ => (
                format!("count(x, x[3]) >= 2 and {table} == (x[0] < x[1])"),
                Box::new({
                    let rows = rows.clone();
                    move |x: &[i64]| {
                        x.iter().filter(|&&y| y == x[3]).count() >= 2
                            && rows.iter().any(|r| r[..] == x[..3]) == (x[0] < x[1])
                    }
                }),
            ),
        };
        let spec = format!(
            "[vars]\nx = {{ index = \"0..3\", domain = \"0..3\" }}\n[constraints]\nc = \"{text}\"\n"
        );
        let expected = brute(4, 0, 3, &*ok);
        assert_eq!(
            spec_count("globals", &spec),
            expected,
            "case {case}: {text}"
        );
    }
}

/// `increasing` and `decreasing` at the root take one list or the items:
/// sorted sequences of 4 values from 0..3 are C(7, 4) = 35.
#[test]
fn increasing_and_decreasing_count_sorted_sequences() {
    for (call, expected) in [
        ("increasing(x)", 35),
        ("decreasing(x[0], x[1], x[2], x[3])", 35),
        ("increasing(x) and decreasing(x)", 4),
    ] {
        let spec = format!(
            "[vars]\nx = {{ index = \"0..3\", domain = \"0..3\" }}\n[constraints]\nc = \"{call}\"\n"
        );
        assert_eq!(spec_count("sorted", &spec), expected, "{call}");
    }
}

/// Misuse: circuit inside an expression, a row of the wrong length, counts
/// and values of different lengths; one clear error each.
#[test]
fn misused_globals_are_spec_errors() {
    for (constraint, message) in [
        (
            "circuit(x) or x[0] == 1",
            "`circuit` can only be a constraint of its own",
        ),
        (
            "table(x, [[1, 2]])",
            "`table` has 4 variables but a row of 2 values",
        ),
        ("global_cardinality(x, [1, 2], [1])", "2 values but 1 count"),
        ("table(x, [1, 2, 3, 4])", "a list of rows"),
    ] {
        let spec = TempSpec::new(
            "globals-error",
            &format!(
                "[vars]\nx = {{ index = \"0..3\", domain = \"0..3\" }}\n[constraints]\nc = \"{constraint}\"\n"
            ),
        );
        let (_, stderr, code) = solve(&[spec.path()]);
        assert_eq!(code, 2, "{constraint}: {stderr}");
        assert!(stderr.contains(message), "{constraint}: {stderr}");
    }
}

/// `inverse(f, g)` with `f` indexed from 1 and `g` from 0, over domains
/// wider than the indices: the n! permutations at every level, the same
/// count as the brute force with one more constraint, and the same count
/// again from both exports' text (the spec one run back; the MiniZinc
/// one names MiniZinc's `inverse`, with its 1-based values).
#[test]
fn inverse_counts_the_permutations_and_matches_brute_force_and_its_exports() {
    let text = "[params]\nn = 3\n[vars]\nf = { index = \"1..n\", domain = \"-1..n\" }\ng = { index = \"0..n-1\", domain = \"0..n+1\" }\n[constraints]\nchannel = \"inverse(f, g)\"\n";
    let spec = TempSpec::new("inverse", text);
    for n in 1..=5u64 {
        let expected: u64 = (1..=n).product();
        counts_at_every_level(&spec, n, expected);
    }
    let n = 3;
    let extra = format!("{text}skew = \"f[1] + g[0] >= 3\"\n");
    // f[1..=n] then g[0..n), each over -1..=n+1.
    let meaning = move |v: &[i64]| {
        let (f, g) = v.split_at(n);
        let maps = |from: &[i64], to: &[i64], to_base: i64, from_base: i64| {
            from.iter().enumerate().all(|(i, &j)| {
                let j = j - to_base;
                (0..to.len() as i64).contains(&j) && to[j as usize] - from_base == i as i64
            })
        };
        maps(f, g, 0, 1) && maps(g, f, 1, 0) && f[0] + g[0] >= 3
    };
    let expected = brute(2 * n, -1, n as i64 + 1, &meaning);
    assert!(expected > 0);
    assert_eq!(spec_count("inverse-skew", &extra), expected);
    let skewed = TempSpec::new("inverse-skew", &extra);
    let (exported, stderr, code) = solve(&["--dump-model", skewed.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(exported.contains("inverse(["), "{exported}");
    assert_eq!(spec_count("inverse-exported", &exported), expected);
    let (minizinc, stderr, code) = solve(&["export", "--minizinc", skewed.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(minizinc.contains("include \"inverse.mzn\";"), "{minizinc}");
    assert!(
        minizinc.contains("constraint inverse([(x0 + 1), (x1 + 1), (x2 + 1)], [x3, x4, x5]);"),
        "{minizinc}"
    );
}

/// `spec` with `--set n=N` counts `expected` at every consistency level.
fn counts_at_every_level(spec: &TempSpec, n: u64, expected: u64) {
    for level in ["propagate", "domain", "check"] {
        let args = [
            spec.path(),
            "--set",
            &format!("n={n}"),
            "--consistency",
            level,
        ];
        assert_eq!(count(&args), expected, "n = {n} at {level}");
    }
}

/// The shipped magic sequence (`count` per value, two implied sums): the
/// brute force's sequences for n = 1..6, and for larger n the one
/// sequence n-4, 2, 1, 0, ..., 0, 1, 0, 0, 0 (CSPLib 019), also at
/// `domain`.
#[test]
fn the_shipped_magic_sequence_is_the_brute_force_and_the_known_one() {
    let spec = "specs/magic-sequence.toml";
    for n in 1..=6usize {
        let expected = brute(n, 0, n as i64, &|s| {
            (0..n).all(|i| s.iter().filter(|&&v| v == i as i64).count() as i64 == s[i])
        });
        for level in ["propagate", "domain"] {
            let got = count(&[spec, "--set", &format!("n={n}"), "--consistency", level]);
            assert_eq!(got, expected, "n = {n} at {level}");
        }
    }
    for n in [7usize, 12, 40, 150] {
        let mut known = vec![0; n];
        known[0] = n as i64 - 4;
        known[1] = 2;
        known[2] = 1;
        known[n - 4] += 1;
        let (out, err, code) = solve(&[spec, "--set", &format!("n={n}"), "--all"]);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
        let words: Vec<String> = known.iter().map(i64::to_string).collect();
        assert_eq!(lines, [words.join(" ").as_str(), "1 solution"], "n = {n}");
    }
}
