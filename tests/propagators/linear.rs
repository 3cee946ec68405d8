//! Linear sums (also with a variable named twice) and clauses.

use super::generate::Gen;
use super::harness::{N, run};
use solve::model::plan::Consistency;

#[test]
fn linear_matches_brute_force() {
    run("linear", 1, N, 4, Gen::linear, Consistency::Propagate);
    run(
        "linear-repeating",
        19,
        N / 2,
        4,
        Gen::linear_repeating,
        Consistency::Propagate,
    );
}

#[test]
fn clause_matches_brute_force() {
    run("clause", 5, N, 4, Gen::clause, Consistency::Propagate);
}
