//! The non-linear arithmetic: `Times`, `Div`, `Rem`, `Abs`, `Max`.

use super::generate::Gen;
use super::harness::{N, run};
use solve::model::plan::Consistency;

#[test]
fn times_matches_brute_force() {
    run("times", 6, N, 3, Gen::times, Consistency::Propagate);
}

#[test]
fn div_matches_brute_force() {
    run("div", 7, N, 3, Gen::div, Consistency::Propagate);
}

#[test]
fn rem_matches_brute_force() {
    run("rem", 8, N, 3, Gen::rem, Consistency::Propagate);
}

#[test]
fn abs_matches_brute_force() {
    run("abs", 9, N, 2, Gen::abs, Consistency::Propagate);
}

#[test]
fn max_matches_brute_force() {
    run("max", 10, N, 4, Gen::max, Consistency::Propagate);
}
