//! The named groups of `[symmetry]` as generators: a grid's seven maps
//! of the square, the swaps of neighbouring rows or columns, a reversal,
//! and the swaps of neighbouring values. Each takes the declaration's
//! cells (read by `lower.rs`) and builds the group elements that move
//! literals of the key.

use super::element::{Cell, MAX_MOVES, element, too_large};
use crate::diagnostic::Diagnostic;
use crate::lower::Lowerer;
use crate::lower::value::R;
use crate::model::VarId;
use crate::plans::symmetry::{Element, Move, Sort};
use crate::source::Span;
use crate::spec::ast::SymmetryKind;

/// The declaration's name and where it is written, for messages.
type At<'a> = (&'a String, Span);

/// `grid`: the seven non-identity symmetries of the square (or the three
/// of a rectangle), at most `most` of them built; and the group's order.
pub(super) fn grid(
    l: &mut Lowerer,
    grid: &[Vec<Cell>],
    key: &[VarId],
    most: usize,
    (name, span): At<'_>,
) -> R<(Vec<Element>, u64)> {
    let (rows, cols) = (grid.len(), grid.first().map_or(0, Vec::len));
    let cells: Vec<Cell> = grid.concat();
    let maps = grid_maps(rows, cols);
    let order = maps.len() as u64 + 1;
    let mut elements = Vec::new();
    for map in maps.into_iter().take(most) {
        let pairs: Vec<(usize, usize)> = map.into_iter().enumerate().collect();
        elements.extend(element(l, &cells, &pairs, key, name, span)?);
    }
    Ok((elements, order))
}

/// `rows`, `columns` (lines interchangeable: swaps of neighbours, at most
/// `most`) and `reverse` (the lines in reverse order); the group's order
/// and, for interchangeable lines, how to sort them.
pub(super) fn lines(
    l: &mut Lowerer,
    kind: SymmetryKind,
    mut lines: Vec<Vec<Cell>>,
    key: &[VarId],
    most: usize,
    (name, span): At<'_>,
) -> R<(Vec<Element>, u64, Option<Sort>)> {
    if kind == SymmetryKind::Columns {
        lines = transpose(&lines);
    }
    let n = lines.len();
    let width = lines.first().map_or(0, Vec::len);
    let cells: Vec<Cell> = lines.concat();
    // Line `a` onto line `b`, cell by cell.
    let onto = |a: usize, b: usize| (0..width).map(move |j| (a * width + j, b * width + j));
    let mut elements = Vec::new();
    if kind == SymmetryKind::Reverse {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| onto(i, n - 1 - i)).collect();
        elements.extend(element(l, &cells, &pairs, key, name, span)?);
        return Ok((elements, 2, None));
    }
    let mut moves = 0usize;
    for k in (0..n.saturating_sub(1)).take(most) {
        let pairs: Vec<(usize, usize)> = onto(k, k + 1).chain(onto(k + 1, k)).collect();
        moves += pairs.len();
        if moves > MAX_MOVES {
            return Err(too_large(name, span));
        }
        elements.extend(element(l, &cells, &pairs, key, name, span)?);
    }
    Ok((elements, factorial(n), line_sort(&lines)))
}

/// `values`: the values of the variables at `positions` (which share one
/// domain) are interchangeable; one swap of neighbouring values per
/// value, built only when `build`.
pub(super) fn values(
    l: &mut Lowerer,
    mut positions: Vec<u32>,
    key: &[VarId],
    build: bool,
    (name, span): At<'_>,
) -> R<(Vec<Element>, u64, Option<Sort>)> {
    positions.sort_unstable();
    positions.dedup();
    let Some(&first) = positions.first() else {
        // No variables (an instance with n = 0): nothing moves.
        return Ok((Vec::new(), 1, None));
    };
    let size = l.model.domain(key[first as usize]).size();
    if size.saturating_mul(positions.len() as u64) > MAX_MOVES as u64 {
        return Err(too_large(name, span));
    }
    let values: Vec<i64> = l.model.domain(key[first as usize]).values().collect();
    for &p in &positions {
        if !l
            .model
            .domain(key[p as usize])
            .values()
            .eq(values.iter().copied())
        {
            return Err(Diagnostic::new(
                format!(
                    "symmetry `{name}`: the variables must share one domain for their values to be interchangeable, and `{}` differs from `{}`",
                    l.model.vars[key[p as usize].index()].name,
                    l.model.vars[key[positions[0] as usize].index()].name
                ),
                span,
            ));
        }
    }
    if !build {
        return Ok((Vec::new(), 1, None));
    }
    let elements = value_swaps(&positions, &values);
    let moves = elements.iter().map(Element::size).sum();
    l.spend_symmetry(moves, span)?;
    let order = factorial(values.len());
    Ok((elements, order, Some(Sort::Values { positions, values })))
}

fn transpose(lines: &[Vec<Cell>]) -> Vec<Vec<Cell>> {
    let width = lines.first().map_or(0, Vec::len);
    (0..width)
        .map(|j| lines.iter().map(|l| l[j]).collect())
        .collect()
}

/// The non-identity symmetries of a `rows x cols` grid, as maps of the
/// row-major cell index: seven for a square, three for a rectangle.
fn grid_maps(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let (r, c) = (rows, cols);
    type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;
    let mut maps: Vec<CellMap> = vec![
        Box::new(move |i, j| (r - 1 - i, j)),
        Box::new(move |i, j| (i, c - 1 - j)),
        Box::new(move |i, j| (r - 1 - i, c - 1 - j)),
    ];
    if rows == cols {
        let n = rows;
        maps.push(Box::new(|i, j| (j, i)));
        maps.push(Box::new(move |i, j| (n - 1 - j, n - 1 - i)));
        maps.push(Box::new(move |i, j| (j, n - 1 - i)));
        maps.push(Box::new(move |i, j| (n - 1 - j, i)));
    }
    maps.iter()
        .map(|f| {
            (0..rows * cols)
                .map(|cell| {
                    let (i, j) = f(cell / cols, cell % cols);
                    i * cols + j
                })
                .collect()
        })
        .collect()
}

/// Sorting the lines gives the smallest key when every cell is a variable
/// and the key reads the lines one after another, or column by column
/// with the lines in order within each column.
fn line_sort(lines: &[Vec<Cell>]) -> Option<Sort> {
    let positions: Vec<Vec<u32>> = lines
        .iter()
        .map(|l| {
            l.iter()
                .map(|c| match c {
                    Cell::Var(p) => Some(*p),
                    _ => None,
                })
                .collect::<Option<Vec<u32>>>()
        })
        .collect::<Option<_>>()?;
    let width = positions.first().map_or(0, Vec::len);
    let row_major: Vec<u32> = positions.concat();
    let column_major: Vec<u32> = (0..width)
        .flat_map(|j| positions.iter().map(move |l| l[j]))
        .collect();
    let increasing = |ps: &[u32]| ps.windows(2).all(|w| w[0] < w[1]);
    (increasing(&row_major) || increasing(&column_major)).then_some(Sort::Lines(positions))
}

/// The swaps of neighbouring values on `positions`: they generate every
/// renaming of the values.
fn value_swaps(positions: &[u32], values: &[i64]) -> Vec<Element> {
    values
        .windows(2)
        .map(|pair| {
            Element(
                positions
                    .iter()
                    .map(|&p| (p, Move::Swap(pair[0], pair[1])))
                    .collect(),
            )
        })
        .collect()
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).fold(1u64, |acc, k| acc.saturating_mul(k))
}
