//! The reader on what MiniZinc 2.6.4 writes (tests/flatzinc/*.fzn, made by
//! `minizinc -c` from the `.mzn` beside it) and on the forms it alone
//! writes, and its errors.

use super::ast::{Domain, ExprKind, Goal, ParType};
use super::parse;
use crate::source::{SourceId, Sources};

fn read(text: &str) -> super::FznModel {
    parse(text, SourceId(0)).unwrap_or_else(|d| panic!("{d:?}"))
}

/// The one message, as printed, of a text that does not read.
fn error(text: &str) -> String {
    let diagnostic = parse(text, SourceId(0)).expect_err("an error");
    let mut sources = Sources::default();
    let _ = sources.add("model.fzn", text);
    diagnostic.render(&sources)
}

#[test]
fn what_minizinc_writes_reads_whole() {
    let text = include_str!("../../tests/flatzinc/queens-globals.fzn");
    let model = read(text);
    assert_eq!(model.params.len(), 2);
    assert_eq!(model.params[1].ty, ParType::Int);
    assert_eq!(model.params[1].array, Some(8));
    assert_eq!(model.vars.len(), 25);
    let s = model.vars.iter().find(|v| v.name == "s").expect("s");
    assert_eq!(s.domain, Domain::Set(vec![1, 3, 5]));
    assert!(s.annotations.iter().any(|a| a.is("output_var")));
    let g = model.vars.iter().find(|v| v.name == "g").expect("g");
    assert_eq!(g.array, Some(6));
    let output = g
        .annotations
        .iter()
        .find(|a| a.is("output_array"))
        .expect("output_array");
    match &output.args[0].kind {
        ExprKind::Array(ranges) => assert_eq!(
            ranges.iter().map(|r| r.kind.clone()).collect::<Vec<_>>(),
            vec![ExprKind::Range(1, 2), ExprKind::Range(1, 3)]
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(model.constraints.len(), 12);
    let imp = &model.constraints[4];
    assert_eq!(imp.name, "int_lin_le_imp");
    assert_eq!(imp.args[2].kind, ExprKind::Int(-1));
    assert!(
        model.constraints[5]
            .annotations
            .iter()
            .any(|a| a.is("defines_var"))
    );
    assert!(
        matches!(&model.solve.goal, Goal::Maximize(e) if e.kind == ExprKind::Name("X_INTRODUCED_12_".into()))
    );
    let search = &model.solve.annotations[0];
    assert_eq!(search.name, "int_search");
    assert_eq!(search.args.len(), 4);
}

#[test]
fn the_forms_of_minizinc_2_6_read() {
    let model = read(
        "% a comment\n\
         predicate my_global(array [int] of var int: x, var int: y);\n\
         bool: t = true;\n\
         set of int: S = {3, 1, 3};\n\
         var 1..9: x = 5;\n\
         var int: y :: output_var = x;\n\
         array [1..3] of var int: a :: output_array([1..3]) = [x, 4, y];\n\
         var float: f;\n\
         var set of 1..3: u;\n\
         constraint int_le(a[1], 0x10);\n\
         constraint bool_clause([t], []);\n\
         solve :: seq_search([int_search([x], input_order, indomain_min, complete)]) satisfy;\n",
    );
    assert_eq!(model.params[0].value.kind, ExprKind::Bool(true));
    assert_eq!(model.params[1].value.kind, ExprKind::Set(vec![1, 3]));
    assert_eq!(
        model.vars[0].value.as_ref().map(|v| &v.kind),
        Some(&ExprKind::Int(5))
    );
    assert_eq!(model.vars[1].domain, Domain::Int);
    assert_eq!(
        model.vars[1].value.as_ref().map(|v| &v.kind),
        Some(&ExprKind::Name("x".into()))
    );
    assert_eq!(model.vars[3].domain, Domain::Float);
    assert_eq!(model.vars[4].domain, Domain::SetOfInt);
    assert_eq!(
        model.constraints[0].args[0].kind,
        ExprKind::Element("a".into(), 1)
    );
    assert_eq!(model.constraints[0].args[1].kind, ExprKind::Int(16));
    assert_eq!(model.constraints[1].args[1].kind, ExprKind::Array(vec![]));
    assert_eq!(model.solve.goal, Goal::Satisfy);
    assert_eq!(model.solve.annotations[0].name, "seq_search");
}

#[test]
fn errors_name_the_line_and_column_and_what_was_expected() {
    let message = error("var 1..3: x;\nconstraint int_le(x 3);\nsolve satisfy;\n");
    assert!(message.contains("model.fzn:2:21"), "{message}");
    assert!(message.contains("expected `)` or `,`"), "{message}");
    let message = error("var 1..3: x;\n");
    assert!(message.contains("`solve`"), "{message}");
    let message = error("var 1..99999999999999999999: x;\nsolve satisfy;\n");
    assert!(message.contains("out of range"), "{message}");
    assert!(message.contains("model.fzn:1:8"), "{message}");
    let message = error("array [0..2] of int: a = [1, 2, 3];\nsolve satisfy;\n");
    assert!(message.contains("indexed from 1"), "{message}");
}

#[test]
fn a_solution_prints_as_minizinc_reads_it() {
    use super::output::{Ending, ending, printed, solution};
    let model = read(include_str!("../../tests/flatzinc/queens-globals.fzn"));
    let printed = printed(&model).expect("what it prints");
    let names: Vec<&str> = printed.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["b", "y", "s", "q", "g"]);
    let value = |name: &str| -> i64 {
        match name {
            "b" => 1,
            "y" => -2,
            "s" => 3,
            other => other
                .trim_start_matches("X_INTRODUCED_")
                .trim_end_matches('_')
                .parse()
                .expect("an introduced variable"),
        }
    };
    assert_eq!(
        solution(&printed, value),
        "b = true;\ny = -2;\ns = 3;\nq = array1d(1..6, [0, 1, 2, 3, 4, 5]);\n\
         g = array2d(1..2, 1..3, [6, 7, 8, 9, 10, 11]);\n----------\n"
    );
    assert_eq!(ending(Ending::Complete), Some("=========="));
    assert_eq!(
        ending(Ending::Unsatisfiable),
        Some("=====UNSATISFIABLE=====")
    );
    assert_eq!(ending(Ending::Stopped), None);
}
