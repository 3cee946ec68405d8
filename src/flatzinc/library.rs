//! `solve`'s MiniZinc library (`share/minizinc/solve/`, built into the
//! binary) and its solver configuration: what `solve fzn --install DIR`
//! writes so that `minizinc --solver solve` flattens a model for `solve`
//! and runs it. The library declares native (a predicate without a body)
//! every global `solve` propagates and includes `nosets.mzn`; the globals
//! it leaves out are decomposed by MiniZinc's standard library.

/// The library's files: name and text.
pub const FILES: &[(&str, &str)] = &[
    (
        "fzn_all_different_int.mzn",
        include_str!("../../share/minizinc/solve/fzn_all_different_int.mzn"),
    ),
    (
        "fzn_alldifferent_except.mzn",
        include_str!("../../share/minizinc/solve/fzn_alldifferent_except.mzn"),
    ),
    (
        "fzn_alldifferent_except_0.mzn",
        include_str!("../../share/minizinc/solve/fzn_alldifferent_except_0.mzn"),
    ),
    (
        "fzn_circuit.mzn",
        include_str!("../../share/minizinc/solve/fzn_circuit.mzn"),
    ),
    (
        "fzn_count_eq.mzn",
        include_str!("../../share/minizinc/solve/fzn_count_eq.mzn"),
    ),
    (
        "fzn_cumulative.mzn",
        include_str!("../../share/minizinc/solve/fzn_cumulative.mzn"),
    ),
    (
        "fzn_disjunctive.mzn",
        include_str!("../../share/minizinc/solve/fzn_disjunctive.mzn"),
    ),
    (
        "fzn_disjunctive_strict.mzn",
        include_str!("../../share/minizinc/solve/fzn_disjunctive_strict.mzn"),
    ),
    (
        "fzn_global_cardinality.mzn",
        include_str!("../../share/minizinc/solve/fzn_global_cardinality.mzn"),
    ),
    (
        "fzn_global_cardinality_low_up.mzn",
        include_str!("../../share/minizinc/solve/fzn_global_cardinality_low_up.mzn"),
    ),
    (
        "fzn_inverse.mzn",
        include_str!("../../share/minizinc/solve/fzn_inverse.mzn"),
    ),
    (
        "fzn_lex_less_bool.mzn",
        include_str!("../../share/minizinc/solve/fzn_lex_less_bool.mzn"),
    ),
    (
        "fzn_lex_less_int.mzn",
        include_str!("../../share/minizinc/solve/fzn_lex_less_int.mzn"),
    ),
    (
        "fzn_lex_lesseq_bool.mzn",
        include_str!("../../share/minizinc/solve/fzn_lex_lesseq_bool.mzn"),
    ),
    (
        "fzn_lex_lesseq_int.mzn",
        include_str!("../../share/minizinc/solve/fzn_lex_lesseq_int.mzn"),
    ),
    (
        "fzn_member_int.mzn",
        include_str!("../../share/minizinc/solve/fzn_member_int.mzn"),
    ),
    (
        "fzn_regular.mzn",
        include_str!("../../share/minizinc/solve/fzn_regular.mzn"),
    ),
    (
        "fzn_subcircuit.mzn",
        include_str!("../../share/minizinc/solve/fzn_subcircuit.mzn"),
    ),
    (
        "fzn_table_bool.mzn",
        include_str!("../../share/minizinc/solve/fzn_table_bool.mzn"),
    ),
    (
        "fzn_table_int.mzn",
        include_str!("../../share/minizinc/solve/fzn_table_int.mzn"),
    ),
    (
        "redefinitions-2.0.mzn",
        include_str!("../../share/minizinc/solve/redefinitions-2.0.mzn"),
    ),
    (
        "redefinitions.mzn",
        include_str!("../../share/minizinc/solve/redefinitions.mzn"),
    ),
];

/// The solver's id for `minizinc --solver`.
pub const SOLVER_ID: &str = "org.solve.solve";

/// The solver configuration (`solve.msc`) for the executable
/// `executable` (a script that runs `solve fzn`) and the library folder
/// `mznlib`, both written as given (relative paths count from the
/// `.msc`).
pub fn msc(executable: &str, mznlib: &str, version: &str) -> String {
    let quote = |s: &str| format!("{s:?}");
    format!(
        r#"{{
  "id": "{SOLVER_ID}",
  "name": "solve",
  "description": "solve, a constraint-propagating solver for puzzles (FlatZinc: solve fzn)",
  "version": {version},
  "mznlib": {mznlib},
  "executable": {executable},
  "tags": ["cp", "int", "solve"],
  "stdFlags": ["-a", "-f", "-i", "-n", "-p", "-r", "-s", "-t", "-v"],
  "supportsMzn": false,
  "supportsFzn": true,
  "needsSolns2Out": true,
  "needsMznExecutable": false,
  "needsStdlibDir": false,
  "isGUIApplication": false
}}
"#,
        version = quote(version),
        mznlib = quote(mznlib),
        executable = quote(executable),
    )
}
