//! Levels per constraint (`--consistency NAME=LEVEL`): the queens articles'
//! three programs as three command lines, with the node counts their
//! search spaces imply (n! - 1 for permutations tested at the leaves), and
//! every level on every shipped spec giving the same solutions.

use crate::{count, solve};

/// `(solutions, nodes)` of a `--count --stats` run.
fn count_and_nodes(args: &[&str]) -> (u64, u64) {
    let mut all = args.to_vec();
    all.extend(["--count", "--stats"]);
    let (stdout, stderr, code) = solve(&all);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    let nodes = stderr
        .lines()
        .find_map(|l| l.strip_prefix("nodes: "))
        .expect("a nodes line")
        .parse()
        .unwrap();
    (stdout.trim().parse().unwrap(), nodes)
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// Rows propagate (a permutation is generated), diagonals are tested only
/// when every queen is placed: each of the n! permutations is a leaf, and
/// the binary search tree over them has n! - 1 decision nodes.
#[test]
fn diagonals_checked_at_the_leaves_enumerate_the_permutations() {
    for (n, solutions) in [(6, 4), (8, 92), (10, 724)] {
        let set = format!("n={n}");
        let (found, nodes) = count_and_nodes(&[
            "specs/queens.toml",
            "--set",
            &set,
            "--no-symmetry",
            "--consistency",
            "diagonals=check,antidiagonals=check",
        ]);
        assert_eq!(found, solutions, "n={n}");
        assert_eq!(nodes, factorial(n) - 1, "n={n}");
    }
}

/// `early` tests the diagonals as each queen is placed, propagation prunes
/// ahead: the same 92 solutions, each with fewer nodes than the level before.
#[test]
fn early_and_propagate_prune_more_and_more() {
    let base = ["specs/queens.toml", "--no-symmetry", "--consistency"];
    let mut nodes = Vec::new();
    for level in [
        "diagonals=check,antidiagonals=check",
        "diagonals=early,antidiagonals=early",
        "propagate",
    ] {
        let mut args = base.to_vec();
        args.push(level);
        let (found, n) = count_and_nodes(&args);
        assert_eq!(found, 92, "{level}");
        nodes.push(n);
    }
    assert!(nodes[0] > nodes[1] && nodes[1] > nodes[2], "{nodes:?}");
}

/// Levels change the search, never the solutions: every level, on every
/// shipped constraint spec, for every constraint at once and for each
/// constraint alone, counts what the default counts.
#[test]
fn every_level_keeps_the_solutions_of_every_shipped_spec() {
    let specs: [(&str, &[&str]); 7] = [
        ("specs/queens.toml", &["--set", "n=6"]),
        ("specs/magic9.toml", &[]),
        ("specs/magic8.toml", &[]),
        ("specs/magic8-primes.toml", &[]),
        ("specs/magic.toml", &["--set", "n=3"]),
        ("specs/moo.toml", &["--set", "history=[[0,1,2,3,0,2]]"]),
        (
            "specs/dominating-queens.toml",
            &["--set", "n=4", "--no-objective"],
        ),
    ];
    for (spec, extra) in specs {
        let mut args = vec![spec];
        args.extend_from_slice(extra);
        let expected = count(&args);
        for level in ["check", "early", "propagate", "bounds"] {
            let mut all = args.clone();
            all.extend(["--consistency", level]);
            assert_eq!(count(&all), expected, "{spec} --consistency {level}");
        }
        // Each named constraint alone at `check` (every kind supports it).
        let text = std::fs::read_to_string(spec).unwrap();
        let spec_toml: toml::Table = text.parse().unwrap();
        for section in ["constraints", "symmetry"] {
            let Some(table) = spec_toml.get(section).and_then(|t| t.as_table()) else {
                continue;
            };
            for name in table.keys() {
                let level = format!("{name}=check");
                let mut one = args.clone();
                one.extend(["--consistency", &level]);
                assert_eq!(count(&one), expected, "{spec} --consistency {level}");
            }
        }
    }
}

/// A level a constraint does not support, an unknown constraint or level:
/// one clear error each, exit 2.
#[test]
fn unsupported_levels_and_unknown_names_are_errors() {
    for (arg, message) in [
        ("left=early", "does not support the level `early`"),
        (
            "distinct=early,left=bounds",
            "does not support the level `bounds`",
        ),
        ("lef=check", "unknown constraint `lef`"),
        ("left=eager", "unknown consistency level `eager`"),
    ] {
        let (_, stderr, code) = solve(&["specs/magic8.toml", "--consistency", arg]);
        assert_eq!(code, 2, "{arg}: {stderr}");
        assert!(stderr.contains(message), "{arg}: {stderr}");
        assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    }
}
