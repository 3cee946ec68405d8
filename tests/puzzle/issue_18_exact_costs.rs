//! Issue 18: exact costs and counts, limits.

use super::*;

/// Runs `solve` with `args` and one environment variable set:
/// `(stdout, stderr, exit code)`.
pub(super) fn solve_with_env(var: (&str, &str), args: &[&str]) -> (String, String, i32) {
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

pub(super) const MAX_COST: u64 = (1 << 62) - 1;

/// Reproducer `tests/reproducers/astar-cost-saturates.toml`: every move
/// costs C = 2^62 - 1 but the last of `b`, so the path a1 a2 a3 costs 3C
/// and b1 b2 b3 costs 2C + 1, both past i64::MAX: A* must return the
/// cheaper b1 b2 b3 (it returned a1 a2 a3 when sums saturated).
#[test]
pub(super) fn astar_cost_saturates() {
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
pub(super) fn astar_matches_dijkstra_on_costs_near_the_limit() {
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
pub(super) fn decimal_add(a: &[u8], b: &[u8]) -> Vec<u8> {
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
pub(super) fn central_binomial(n: usize) -> String {
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
pub(super) fn puzzle_count_saturates() {
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
pub(super) fn moves_instances_time_limit() {
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
pub(super) fn puzzle_bfs_unbounded_memory() {
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
