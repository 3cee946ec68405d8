//! Circuit over successor variables.

use super::generate::Gen;
use super::harness::{N, run};
use solve::model::plan::Consistency;

#[test]
fn circuit_matches_brute_force() {
    run("circuit", 14, N, 4, Gen::circuit, Consistency::Propagate);
}
