//! The `[generate]` pass: its names checked against the spec (a param
//! for `clues`, a declared array for `fills`, of the same shape where the
//! spec is lowered whole), the
//! blank outside the fills' domains, the symmetry and the grade known,
//! every error at its place in the `[generate]` table.

use super::plan::{GeneratePlan, PATTERNS, Pattern, Wanted};
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::lower::value::{R, Value};
use crate::lower::vars::Declared;
use crate::model::plan::CONSISTENCIES;
use crate::model::{Model, VarId};
use crate::setter::grade::LADDER;
use crate::spec::ast::{GenerateDecl, Name, Spec};
use std::collections::HashMap;

pub(crate) fn lower_generate(
    spec: &Spec,
    params: &HashMap<String, Value>,
    vars: &Declared,
    model: &Model,
    same_shape: bool,
) -> R<Option<GeneratePlan>> {
    let Some(decl) = &spec.generate else {
        return Ok(None);
    };
    let Some(value) = params.get(&decl.clues.text) else {
        return Err(unknown(
            &decl.clues,
            "param",
            params.keys().map(String::as_str),
        ));
    };
    let not_clues = || {
        Diagnostic::new(
            format!("the clues param `{}` is not a list of integers, or of lists of integers of one length", decl.clues.text),
            decl.clues.span,
        )
        .with_help("a grid of clues, row by row, with a blank value for an empty cell: `puzzle = [[5, 0], [0, 1]]`")
    };
    let clue_shape = shape(value).ok_or_else(not_clues)?;
    let fills = (vars.declared.iter()).find(|(n, _)| *n == decl.fills.text);
    let Some((_, fills)) = fills else {
        let names = vars.declared.iter().map(|(n, _)| n.as_str());
        return Err(unknown(&decl.fills, "declared variable", names));
    };
    let Some((rows, cols, nested, cells)) = grid(fills) else {
        return Err(Diagnostic::new(
            format!(
                "`{}` is not a list of variables, or of lists of variables of one length",
                decl.fills.text
            ),
            decl.fills.span,
        ));
    };
    // Where the clue param is replaced anyway (`solve generate --set r=7`),
    // only a list against a grid is a mismatch.
    let fits = if same_shape {
        clue_shape == (rows, cols, nested)
    } else {
        clue_shape.2 == nested
    };
    if !fits {
        let says = |(rows, cols, nested): (usize, usize, bool)| {
            if nested {
                format!("{rows} lists of {cols}")
            } else {
                format!("a list of {cols}")
            }
        };
        return Err(Diagnostic::new(
            format!(
                "`{}` is {} and the clues `{}` are {}: they should have one shape",
                decl.fills.text,
                says((rows, cols, nested)),
                decl.clues.text,
                says(clue_shape)
            ),
            decl.fills.span,
        )
        .with_help(
            "the clues fill the variables cell by cell: declare them with the same index ranges",
        ));
    }
    if cells.is_empty() {
        return Err(Diagnostic::new(
            format!(
                "`{}` has no variables: there is nothing to fill",
                decl.fills.text
            ),
            decl.fills.span,
        ));
    }
    check_cells(decl, model, &cells)?;
    let pattern = pattern(decl, rows, cols)?;
    let grade = wanted(decl)?;
    Ok(Some(GeneratePlan {
        clues: decl.clues.text.clone(),
        rows,
        cols,
        nested,
        cells,
        blank: decl.blank,
        pattern,
        grade,
        seed: decl.seed,
        draw: decl.draw.clone(),
    }))
}

fn unknown<'a>(name: &Name, what: &str, known: impl Iterator<Item = &'a str>) -> Diagnostic {
    let known: Vec<&str> = known.collect();
    let d = Diagnostic::new(
        format!("`{}` is not a {what} of the spec", name.text),
        name.span,
    );
    match did_you_mean(&name.text, known.iter().copied()) {
        Some(near) => d.with_help(format!("did you mean `{near}`?")),
        None => d.with_help(format!("expected one of: {}", known.join(", "))),
    }
}

/// Rows, columns and nesting of a list of integers or of lists of them.
fn shape(value: &Value) -> Option<(usize, usize, bool)> {
    let Value::List(outer) = value else {
        return None;
    };
    if outer.items.iter().all(|v| matches!(v, Value::Int(_))) {
        return Some((1, outer.items.len(), false));
    }
    let mut cols = None;
    for row in &outer.items {
        let Value::List(row) = row else {
            return None;
        };
        if !row.items.iter().all(|v| matches!(v, Value::Int(_)))
            || *cols.get_or_insert(row.items.len()) != row.items.len()
        {
            return None;
        }
    }
    Some((outer.items.len(), cols.unwrap_or(0), true))
}

/// A declared array's rows, columns, nesting and variables (row-major);
/// `None` unless it is a list of plain variables or of lists of as many.
fn grid(fills: &Value) -> Option<(usize, usize, bool, Vec<VarId>)> {
    let Value::List(outer) = fills else {
        return None;
    };
    if let Some(cells) = outer
        .items
        .iter()
        .map(Value::as_variable)
        .collect::<Option<Vec<_>>>()
    {
        return Some((1, cells.len(), false, cells));
    }
    let mut cells = Vec::new();
    let mut cols = None;
    for row in &outer.items {
        let Value::List(row) = row else {
            return None;
        };
        if *cols.get_or_insert(row.items.len()) != row.items.len() {
            return None;
        }
        for cell in &row.items {
            cells.push(cell.as_variable()?);
        }
    }
    Some((outer.items.len(), cols.unwrap_or(0), true, cells))
}

/// Integer cells, none of which can take the blank.
fn check_cells(decl: &GenerateDecl, model: &Model, cells: &[VarId]) -> R<()> {
    for &x in cells {
        let info = &model.vars[x.index()];
        if info.text || info.boolean {
            return Err(Diagnostic::new(
                format!(
                    "`{}` is not an integer variable: generate fills integer variables",
                    info.name
                ),
                decl.fills.span,
            ));
        }
        if info.domain.contains(decl.blank) {
            return Err(Diagnostic::new(
                format!(
                    "the blank {} is a value of `{}`: a clue could not say it",
                    decl.blank, info.name
                ),
                decl.span,
            )
            .with_help(
                "choose a blank outside the variables' domain (`blank = 0` is the default)",
            ));
        }
    }
    Ok(())
}

fn pattern(decl: &GenerateDecl, rows: usize, cols: usize) -> R<Pattern> {
    let Some((name, span)) = &decl.symmetry else {
        return Ok(Pattern::None);
    };
    let Some(&(_, pattern)) = PATTERNS.iter().find(|(n, _)| n == name) else {
        let names: Vec<&str> = PATTERNS.iter().map(|(n, _)| *n).collect();
        let d = Diagnostic::new(format!("unknown clue-pattern symmetry `{name}`"), *span);
        return Err(match did_you_mean(name, names.iter().copied()) {
            Some(near) => d.with_help(format!("did you mean `{near}`?")),
            None => d.with_help(format!("expected one of: {}", names.join(", "))),
        });
    };
    if pattern.square_only() && rows != cols {
        return Err(Diagnostic::new(
            format!(
                "`{name}` maps a square grid onto itself, and `{}` is {rows} x {cols}",
                decl.clues.text
            ),
            *span,
        ));
    }
    Ok(pattern)
}

fn wanted(decl: &GenerateDecl) -> R<Option<Wanted>> {
    let Some((name, span)) = &decl.grade else {
        return Ok(None);
    };
    if name == "search" {
        return Ok(Some(Wanted::Search));
    }
    let level = (CONSISTENCIES.iter())
        .find(|(n, _)| n == name)
        .map(|&(_, c)| c);
    match level {
        Some(level) if LADDER.contains(&level) => Ok(Some(Wanted::Level(level))),
        _ => {
            let mut names: Vec<&str> = (LADDER.iter())
                .filter_map(|l| CONSISTENCIES.iter().find(|(_, c)| c == l).map(|(n, _)| *n))
                .collect();
            names.push("search");
            Err(
                Diagnostic::new(format!("unknown grade `{name}`"), *span).with_help(format!(
                    "a grade is a consistency level or `search`: {}",
                    names.join(", ")
                )),
            )
        }
    }
}
