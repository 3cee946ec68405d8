//! Linear sums (also with a variable named twice), the reified equalities
//! of one variable as one value channel, and clauses.

use super::generate::Gen;
use super::harness::{N, run, run_many, same_as_apart};
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

/// The reified equalities of one variable with constants share one value
/// channel (`engine::post::group`): through the whole harness, and with
/// the same fixpoint as the same constraints posted apart.
#[test]
fn value_channel_matches_brute_force_and_apart() {
    run_many(
        "value channel",
        24,
        N,
        4,
        Gen::value_literals,
        Consistency::Propagate,
    );
    run_many(
        "value channel, check",
        25,
        N / 2,
        4,
        Gen::value_literals,
        Consistency::Check,
    );
    same_as_apart(26, Gen::value_literals);
}

#[test]
fn clause_matches_brute_force() {
    run("clause", 5, N, 4, Gen::clause, Consistency::Propagate);
}
