//! A declared symmetry's cells and the group elements that move them: a
//! cell is a declared variable, a literal or a constant, and an element
//! moves cells onto cells, which moves the literals `variable = value`
//! with them. Shared by the declarations' kinds (`kinds.rs`), `map`
//! (`map.rs`) and their lowering (`lower.rs`).

use crate::diagnostic::Diagnostic;
use crate::lower::Lowerer;
use crate::lower::value::R;
use crate::model::VarId;
use crate::plans::symmetry::{Element, Move};
use crate::source::Span;
use std::collections::BTreeMap;

/// One cell of a declared structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cell {
    /// The variable at this key position.
    Var(u32),
    /// `key[p] == v`.
    Lit(u32, i64),
    Const(i64),
}

/// Position moves of one declared group's elements together.
pub(super) const MAX_MOVES: usize = 20_000_000;

pub(super) fn too_large(name: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        format!("symmetry `{name}` is too large to describe: its elements would move more than {MAX_MOVES} positions"),
        span,
    )
    .with_help("declare the symmetry of a smaller structure, or break it by hand")
}

/// The group element that moves `cells[from]` onto `cells[to]` for
/// each pair (the cells not listed stay), or nothing when that is the
/// identity.
pub(super) fn element(
    l: &mut Lowerer,
    cells: &[Cell],
    pairs: &[(usize, usize)],
    key: &[VarId],
    name: &str,
    span: Span,
) -> R<Option<Element>> {
    let error = |what: String| Diagnostic::new(format!("symmetry `{name}`: {what}"), span);
    let (model, budget) = l.model_and_budget();
    let var_name = |p: u32| model.vars[key[p as usize].index()].name.clone();
    let mut moves: BTreeMap<u32, Move> = BTreeMap::new();
    let mut tables: BTreeMap<u32, Vec<(i64, u32, i64)>> = BTreeMap::new();
    for &(from, to) in pairs {
        // Within the run's time limit (the clock is read at an
        // adapted rate).
        budget.tick()?;
        match (cells[from], cells[to]) {
            (Cell::Var(p), Cell::Var(q)) => {
                if moves.insert(p, Move::To(q)).is_some() {
                    return Err(error(format!("`{}` is in two cells", var_name(p))));
                }
            }
            (Cell::Lit(p, v), Cell::Lit(q, w)) => tables.entry(p).or_default().push((v, q, w)),
            (Cell::Const(a), Cell::Const(b)) if a == b => {}
            (from, to) => {
                return Err(error(format!(
                    "it moves {} onto {}, which is not a symmetry of the structure",
                    describe(from, &var_name),
                    describe(to, &var_name)
                )));
            }
        }
    }
    for (p, mut table) in tables {
        if moves.contains_key(&p) {
            return Err(error(format!(
                "`{}` is both a cell and in a literal cell",
                var_name(p)
            )));
        }
        table.sort_unstable();
        // Literals that all move to one variable with their values
        // (`m[i][j] == 1` of a 0/1 grid): the variable moves whole.
        if let Some(&(_, q, _)) = table.first()
            && table.iter().all(|&(v, r, w)| r == q && v == w)
            && table.windows(2).all(|t| t[0].0 < t[1].0)
        {
            let _ = moves.insert(p, Move::To(q));
            continue;
        }
        let domain = model.domain(key[p as usize]);
        let one_each =
            table.len() as u64 == domain.size() && table.iter().map(|e| e.0).eq(domain.values());
        if !one_each {
            return Err(error(format!(
                "the literals of `{}` in its cells must be one per value of its domain ({} for {}, or a value twice)",
                var_name(p),
                crate::diagnostic::counted(table.len() as u64, "cell"),
                crate::diagnostic::counted(domain.size(), "value")
            )));
        }
        let _ = moves.insert(p, Move::Table(table));
    }
    let moves: Vec<(u32, Move)> = moves
        .into_iter()
        .filter(|(p, m)| match m {
            Move::To(q) => q != p,
            Move::Swap(a, b) => a != b,
            Move::Table(t) => t.iter().any(|&(v, q, w)| q != *p || v != w),
        })
        .collect();
    let element = Element(moves);
    // The element stays in the plan: within the lowering budget.
    l.spend_symmetry(element.size(), span)?;
    Ok((!element.0.is_empty()).then_some(element))
}

fn describe(cell: Cell, var_name: &dyn Fn(u32) -> String) -> String {
    match cell {
        Cell::Var(p) => format!("the variable `{}`", var_name(p)),
        Cell::Lit(p, v) => format!("the literal `{} == {v}`", var_name(p)),
        Cell::Const(c) => format!("the constant {c}"),
    }
}
