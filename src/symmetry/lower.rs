//! Declared symmetries (`[symmetry] name = { grid = "EXPR" }` and the
//! like) to a [`SymmetryPlan`]: each declaration's group elements, and the
//! images of the key under them (`lex_leader.rs`).
//!
//! A declaration's expression is a structure of cells, each a declared
//! variable (`m[i][j]`), a literal (`q[c] == r`: the queens board derived
//! from `q`) or a constant (the empty centre of a ring). A symmetry of the
//! structure moves cells; it moves the literals `variable = value` with
//! them, which is a group element acting on the solutions.

use super::element::Cell;
use super::kinds;
use super::lex_leader::lex_leader;
use super::map::map_element;
use crate::diagnostic::Diagnostic;
use crate::lower::Lowerer;
use crate::lower::value::{R, Value};
use crate::model::{Lit, Rel, VarId};
use crate::plans::symmetry::{Factor, SymmetryPlan};
use crate::source::Span;
use crate::spec::ast::{SymmetryBreak, SymmetryDecl, SymmetryKind};
use std::collections::HashMap;

/// Lowering pass for the symmetries `[symmetry]` declares: their group
/// elements (built only for a run that uses them: they may take far more
/// than the model) and, with `break = "lex-leader"`, their breaking
/// constraints.
pub(crate) fn lower_symmetry(
    l: &mut Lowerer,
    spec: &crate::spec::ast::Spec,
    key: &[VarId],
    options: &crate::lower::Options,
) -> R<SymmetryPlan> {
    let breaking =
        matches!(spec.symmetry_break, Some((SymmetryBreak::LexLeader, _))) && !options.no_symmetry;
    let symmetry = symmetries(l, &spec.symmetries, key, options.symmetries || breaking)?;
    if let Some((SymmetryBreak::LexLeader, span)) = spec.symmetry_break {
        if spec.symmetries.is_empty() {
            return Err(Diagnostic::new(
                "`break = \"lex-leader\"` breaks the declared symmetries, and [symmetry] declares none",
                span,
            )
            .with_help("declare the group, e.g. `board = { grid = \"m\" }` (grid, rows, columns, values, reverse or map)"));
        }
        if !options.no_symmetry {
            lex_leader(l, &symmetry, span)?;
        }
    }
    Ok(symmetry)
}

/// The declared symmetries, acting on the values of `key`. Unless
/// `build`, each declaration is only checked (its structure and its
/// first group element: what a wrong declaration gets wrong) and the
/// plan is empty: a run that does not use the group does not pay for
/// it.
pub(crate) fn symmetries(
    l: &mut Lowerer,
    decls: &[SymmetryDecl],
    key: &[VarId],
    build: bool,
) -> R<SymmetryPlan> {
    let position: HashMap<VarId, u32> = key
        .iter()
        .enumerate()
        .map(|(i, &x)| (x, i as u32))
        .collect();
    let mut factors = Vec::new();
    for decl in decls {
        let factor = factor(l, decl, key, &position, build)?;
        if build {
            factors.push(factor);
        }
    }
    if !build {
        return Ok(SymmetryPlan::default());
    }
    let sorter = super::sorter::sorter(l, &factors, key);
    Ok(SymmetryPlan {
        key: key.to_vec(),
        factors,
        sorter,
    })
}

fn factor(
    l: &mut Lowerer,
    decl: &SymmetryDecl,
    key: &[VarId],
    position: &HashMap<VarId, u32>,
    build: bool,
) -> R<Factor> {
    // Checking only: the first element of each group.
    let most = if build { usize::MAX } else { 1 };
    let span = decl.expr.span;
    let name = &decl.name.text;
    // What evaluating the structure posts (the literal of `q[c] == r`)
    // is read, then dropped: a declaration adds nothing to the model.
    let mark = l.mark();
    let value = l.eval(&decl.expr)?;
    // Which comparison each literal stands for: `key[p] == v`.
    let literals: HashMap<Lit, (u32, i64)> = l
        .reified()
        .filter_map(|((terms, rel, rhs), lit)| match terms[..] {
            [(a, x)] if *rel == Rel::Eq && a != 0 && rhs % a == 0 => {
                position.get(&x).map(|&p| (lit, (p, rhs / a)))
            }
            _ => None,
        })
        .collect();
    l.truncate(mark);
    // (A variable made while evaluating it, now dropped, is none.)
    let derived = |x: VarId| l.model.vars.get(x.index()).is_some_and(|v| !v.aux);
    let cell = |v: &Value| cell(v, position, &literals, &derived, name, span);
    let (elements, order, sort) = match decl.kind {
        SymmetryKind::Grid => {
            let grid: Vec<Vec<Cell>> = rows_of(&value, name, span)?
                .iter()
                .map(|row| row.iter().map(&cell).collect::<R<Vec<Cell>>>())
                .collect::<R<_>>()?;
            let (elements, order) = kinds::grid(l, &grid, key, most, (name, span))?;
            (elements, order, None)
        }
        SymmetryKind::Rows | SymmetryKind::Columns | SymmetryKind::Reverse => {
            let rows = match decl.kind {
                SymmetryKind::Reverse => lines_of(l, &value, name, span)?,
                _ => rows_of(&value, name, span)?,
            };
            let lines: Vec<Vec<Cell>> = rows
                .iter()
                .map(|row| row.iter().map(&cell).collect::<R<Vec<Cell>>>())
                .collect::<R<_>>()?;
            kinds::lines(l, decl.kind, lines, key, most, (name, span))?
        }
        SymmetryKind::Map => {
            let mut cells = Vec::new();
            indexed_cells(&value, &mut Vec::new(), &mut cells, &cell, name, span)?;
            let (elements, order) = map_element(l, decl, &cells, key)?;
            (elements, order, None)
        }
        SymmetryKind::Values => {
            let items = l.flat_items(&value, span)?;
            let mut positions = Vec::new();
            for item in &items {
                match cell(item)? {
                    Cell::Var(p) => positions.push(p),
                    _ => {
                        return Err(Diagnostic::new(
                            format!(
                                "symmetry `{name}`: interchangeable values belong to variables, found {}",
                                item.describe()
                            ),
                            span,
                        ));
                    }
                }
            }
            kinds::values(l, positions, key, build, (name, span))?
        }
    };
    Ok(Factor {
        name: name.clone(),
        elements,
        order,
        sort,
    })
}

/// The cells of a structure for `map`, each with its index (one
/// integer per dimension, from each list's own base): declared
/// variables or constants, all at one depth.
fn indexed_cells(
    v: &Value,
    index: &mut Vec<i64>,
    out: &mut Vec<(Vec<i64>, Cell)>,
    cell: &dyn Fn(&Value) -> R<Cell>,
    name: &str,
    span: Span,
) -> R<()> {
    let Value::List(a) = v else {
        let c = cell(v)?;
        if let Cell::Lit(..) = c {
            return Err(Diagnostic::new(
                format!(
                    "symmetry `{name}`: a cell of a map is a declared variable or a constant, found a literal"
                ),
                span,
            ));
        }
        if out.first().is_some_and(|(i, _)| i.len() != index.len()) {
            return Err(Diagnostic::new(
                format!(
                    "symmetry `{name}`: the cells of a map must all be at one depth (a list, or a list of lists of one depth)"
                ),
                span,
            ));
        }
        out.push((index.clone(), c));
        return Ok(());
    };
    if index.is_empty() && a.items.is_empty() {
        return Ok(());
    }
    for (i, item) in a.items.iter().enumerate() {
        index.push(a.base + i as i64);
        indexed_cells(item, index, out, cell, name, span)?;
        let _ = index.pop();
    }
    Ok(())
}

/// A 2-D list: its rows, all of one length.
fn rows_of(v: &Value, name: &str, span: Span) -> R<Vec<Vec<Value>>> {
    let rows: Vec<Vec<Value>> = match v {
        Value::List(a) => a
            .items
            .iter()
            .map(|row| match row {
                Value::List(r) => Ok(r.items.clone()),
                other => Err(crate::lower::value::type_error(
                    "a list of lists",
                    other,
                    span,
                )),
            })
            .collect::<R<_>>()?,
        other => {
            return Err(crate::lower::value::type_error(
                "a list of lists",
                other,
                span,
            ));
        }
    };
    check_rectangular(&rows, name, span)?;
    Ok(rows)
}

/// A sequence: each item's cells (an item may be a list), all of one
/// size.
fn lines_of(l: &Lowerer, v: &Value, name: &str, span: Span) -> R<Vec<Vec<Value>>> {
    let lines: Vec<Vec<Value>> = l
        .items(v, span)?
        .iter()
        .map(|item| match item {
            Value::List(_) => l.flat_items(item, span),
            other => Ok(vec![other.clone()]),
        })
        .collect::<R<_>>()?;
    check_rectangular(&lines, name, span)?;
    Ok(lines)
}

/// A value as a cell of a declared structure.
fn cell(
    v: &Value,
    position: &HashMap<VarId, u32>,
    literals: &HashMap<Lit, (u32, i64)>,
    derived: &dyn Fn(VarId) -> bool,
    name: &str,
    span: Span,
) -> R<Cell> {
    let bad = || {
        Diagnostic::new(
            format!(
                "symmetry `{name}`: a cell must be a declared variable, `variable == value` or a constant, found {}",
                v.describe()
            ),
            span,
        )
        .with_help("the cells of `q[c] == r for ...` derive a board from q; an expression such as `q[c] + 1` is not a cell")
    };
    match v {
        Value::Int(c) => Ok(Cell::Const(*c)),
        Value::Bool(b) => Ok(Cell::Const(i64::from(*b))),
        Value::Lin(e) => match (&e.terms[..], e.constant) {
            ([(1, x)], 0) if position.contains_key(x) => Ok(Cell::Var(position[x])),
            ([(1, x)], 0) if derived(*x) => Err(Diagnostic::new(
                format!("symmetry `{name}`: a cell is a derived variable (`define`)"),
                span,
            )
            .with_help("its value follows from the others: declare the symmetry on the variables it is defined by")),
            _ => Err(bad()),
        },
        // A declared `bool` variable is a cell as any other.
        Value::Lit(lit) if lit.positive && position.contains_key(&lit.var) => {
            Ok(Cell::Var(position[&lit.var]))
        }
        Value::Lit(lit) => literals
            .get(lit)
            .map(|&(p, v)| Cell::Lit(p, v))
            .ok_or_else(bad),
        _ => Err(bad()),
    }
}

fn check_rectangular(rows: &[Vec<Value>], name: &str, span: Span) -> R<()> {
    if let Some(first) = rows.first()
        && let Some(row) = rows.iter().find(|r| r.len() != first.len())
    {
        return Err(Diagnostic::new(
            format!(
                "symmetry `{name}`: the rows must have one length, found {} and {}",
                first.len(),
                row.len()
            ),
            span,
        ));
    }
    Ok(())
}
