//! Lexicographic order, strict or not.

use super::generate::Gen;
use super::harness::{N, run};
use solve::model::plan::Consistency;

#[test]
fn lex_matches_brute_force() {
    run("lex", 11, N, 4, Gen::lex, Consistency::Propagate);
}
