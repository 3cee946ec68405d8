//! `Consistency::Check` for every kind: no pruning, leaves judged exactly.

use super::generate::{Gen, Kind};
use super::harness::run;
use solve::model::plan::Consistency;

/// `Consistency::Check`: no pruning, and leaves accepted exactly when the
/// constraint holds.
#[test]
fn check_consistency_matches_brute_force() {
    let kinds: [(&str, Kind, usize); 20] = [
        ("linear", Gen::linear, 4),
        ("all_different", Gen::all_different, 4),
        ("element_const", Gen::element_const, 3),
        ("element_var", Gen::element_var, 4),
        ("clause", Gen::clause, 4),
        ("times", Gen::times, 3),
        ("div", Gen::div, 3),
        ("rem", Gen::rem, 3),
        ("abs", Gen::abs, 2),
        ("max", Gen::max, 4),
        ("lex", Gen::lex, 4),
        ("table", Gen::table, 4),
        ("circuit", Gen::circuit, 4),
        ("subcircuit", Gen::subcircuit, 4),
        ("connected", Gen::connected, 6),
        ("regular", Gen::regular, 4),
        ("count", Gen::count, 4),
        ("global_cardinality", Gen::global_cardinality, 5),
        ("member", Gen::member, 5),
        ("all_different_except", Gen::all_different_except, 4),
    ];
    for (k, (name, kind, max_vars)) in kinds.into_iter().enumerate() {
        run(
            name,
            100 + k as u64,
            300,
            max_vars,
            kind,
            Consistency::Check,
        );
    }
}
