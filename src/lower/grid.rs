//! Lowering `m[r][c]` where the row `r` is decided by the search: one
//! element over the grid read row by row, at the cell `r * width + c`,
//! with the cell tied to the row and the column by a table (so a cell
//! ruled out rules out its row and column, and back). Without it, `m[r]`
//! becomes one element per column and `[c]` one more among those, each
//! with its own auxiliary variable, which propagate weakly.

use super::Lowerer;
use super::value::{Array, R, Value};
use crate::constraints::Table;
use crate::model::{Constraint, IntervalSet, View};
use crate::source::Span;
use crate::spec::ast::Expr;
use std::sync::Arc;

impl Lowerer {
    /// `grid[row][column]` (`grid_expr[row_expr]` spans `inner`).
    pub(super) fn grid_index(
        &mut self,
        grid_expr: &Expr,
        row_expr: &Expr,
        column_expr: &Expr,
        inner: Span,
        span: Span,
    ) -> R<Value> {
        let grid = self.eval(grid_expr)?;
        let row = self.eval(row_expr)?;
        let rows = match (&grid, &row) {
            (Value::List(g), Value::Lin(_) | Value::Lit(_)) => rectangle(g),
            _ => None,
        };
        let Some(width) = rows else {
            // A constant row (or a shape this does not cover): as written.
            let picked = self.index(&grid, &row, grid_expr.span, row_expr.span, inner)?;
            let column = self.eval(column_expr)?;
            return self.index(&picked, &column, inner, column_expr.span, span);
        };
        let Value::List(g) = &grid else {
            unreachable!("checked above")
        };
        let column = self.eval(column_expr)?;
        if !matches!(column, Value::Lin(_) | Value::Lit(_)) {
            // A known column: pick it from every row, then one element.
            let mut items = Vec::with_capacity(g.items.len());
            for r in &g.items {
                items.push(self.index(r, &column, inner, column_expr.span, span)?);
            }
            let picked = Value::List(Arc::new(Array {
                items,
                ..Array::clone(g)
            }));
            return self.index(&picked, &row, grid_expr.span, row_expr.span, span);
        }
        let Value::List(first) = &g.items[0] else {
            unreachable!("a rectangle has lists for rows")
        };
        let row_view = self.zero_based(
            &row,
            (g.base, g.base + g.items.len() as i64 - 1),
            row_expr.span,
        )?;
        let column_view = self.zero_based(
            &column,
            (first.base, first.base + width as i64 - 1),
            column_expr.span,
        )?;
        let height = g.items.len() as i64;
        let cell = self.aux(
            "cell",
            IntervalSet::range(0, height * width as i64 - 1),
            span,
        )?;
        let mut tuples = Vec::with_capacity(g.items.len() * width);
        for i in 0..height {
            for j in 0..width as i64 {
                tuples.push(vec![i, j, i * width as i64 + j]);
            }
        }
        self.post_constraint(Constraint::Table(Table {
            xs: vec![row_view, column_view, View::of(cell)],
            rows: tuples,
        }));
        let mut cells = Vec::with_capacity(g.items.len() * width);
        for r in &g.items {
            let Value::List(r) = r else {
                unreachable!("a rectangle has lists for rows")
            };
            cells.extend(r.items.iter().cloned());
        }
        self.element_view(&Array::new(cells), View::of(cell), grid_expr.span, span)
    }

    /// A variable index into `lo..=hi` as a view from 0 (undefined outside).
    fn zero_based(&mut self, index: &Value, valid: (i64, i64), span: Span) -> R<View> {
        let l = self.lin(index, span)?;
        let l = self.defined_within(&l, valid, span)?;
        let mut view = self.view(&l, span)?;
        view.offset -= valid.0;
        Ok(view)
    }
}

/// The width of a list of lists whose rows share one length and one kind
/// of index (`None` for anything else, which lowers as written).
fn rectangle(grid: &Array) -> Option<usize> {
    let Some(Value::List(first)) = grid.items.first() else {
        return None;
    };
    let same = |r: &Value| {
        matches!(r, Value::List(r) if r.base == first.base
            && r.by_text == first.by_text
            && r.items.len() == first.items.len())
    };
    (!first.items.is_empty() && grid.items.iter().all(same)).then_some(first.items.len())
}
