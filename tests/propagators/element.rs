//! Element, over a list of constants and over a list of variables.

use super::generate::Gen;
use super::harness::{N, run};
use solve::model::plan::Consistency;

#[test]
fn element_const_matches_brute_force() {
    run(
        "element_const",
        3,
        N,
        3,
        Gen::element_const,
        Consistency::Propagate,
    );
}

#[test]
fn element_var_matches_brute_force() {
    run(
        "element_var",
        4,
        N,
        4,
        Gen::element_var,
        Consistency::Propagate,
    );
}
