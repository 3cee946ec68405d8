//! Reading a board's evaluated layers into a [`Drawing`]: each layer's
//! shape checked against the cells' (rows of as many cells, a clue per
//! column or row, segments inside the grid), each refused at its
//! expression with what it gives.

use super::{BoardValues, Cell, Drawing, Segment, Style};
use crate::diagnostic::Diagnostic;
use crate::lower::value::{R, Value};
use crate::output::Board;
use crate::source::Span;
use crate::spec::ast::{BOARD_STYLES, BoardDecl, BoardLayer};

/// How every message about a board's shape begins.
const SHAPE: &str = "the board's";

impl Drawing {
    /// The drawing `values` describe; in the puzzle as given (`puzzle`),
    /// a cell whose expression reads a variable is shown only if given.
    pub(crate) fn read(values: &BoardValues, puzzle: bool) -> R<Drawing> {
        let (cells, span) = &values.cells;
        let texts = Board::read(cells, *span)?.rows;
        let rows = texts.len();
        let columns = texts.iter().map(Vec::len).max().unwrap_or(0);
        if texts.iter().any(|r| r.len() != columns) || columns == 0 {
            return Err(shaped(
                "cells",
                *span,
                "are rows of different lengths, or none".into(),
            ));
        }
        let mut d = Drawing {
            rows,
            columns,
            cells: (texts.iter())
                .map(|row| {
                    (row.iter())
                        .map(|v| Cell {
                            text: text(v),
                            ..Cell::default()
                        })
                        .collect()
                })
                .collect(),
            regions: None,
            top: Vec::new(),
            bottom: Vec::new(),
            left: Vec::new(),
            right: Vec::new(),
            lines: Vec::new(),
            edges: Vec::new(),
            points: values.points,
        };
        for (layer, value, span) in &values.layers {
            d.layer(*layer, value, *span)?;
        }
        if puzzle && values.cells_vary {
            for cell in d.cells.iter_mut().flatten().filter(|c| !c.given) {
                cell.text.clear();
            }
        }
        Ok(d)
    }

    fn layer(&mut self, layer: BoardLayer, value: &Value, span: Span) -> R<()> {
        let key = BoardDecl::key(layer);
        let shape = (self.rows, self.columns);
        let each = |d: &mut Drawing, f: &mut dyn FnMut(&mut Cell, &Value) -> R<()>| {
            let g = grid(value, span, key, Some(shape))?;
            for (row, values) in d.cells.iter_mut().zip(&g) {
                for (cell, v) in row.iter_mut().zip(values) {
                    f(cell, v)?;
                }
            }
            Ok(())
        };
        match layer {
            BoardLayer::Regions => {
                let g = grid(value, span, key, Some(shape))?;
                self.regions = Some(g.iter().map(|r| r.iter().map(text).collect()).collect());
            }
            BoardLayer::Givens => each(self, &mut |c, v| {
                c.given = truth(v);
                Ok(())
            })?,
            BoardLayer::Corners => each(self, &mut |c, v| {
                // A list is its items written one after another: `[12, '×']`.
                c.corner = match v {
                    Value::Bool(false) => String::new(),
                    Value::List(items) => items.items.iter().map(text).collect(),
                    v => text(v),
                };
                Ok(())
            })?,
            BoardLayer::Split => each(self, &mut |c, v| {
                c.split = split(v, span)?;
                Ok(())
            })?,
            BoardLayer::Style => each(self, &mut |c, v| {
                c.style = style(v, span)?;
                Ok(())
            })?,
            BoardLayer::Top => self.top = clues(value, span, key, self.columns, "column")?,
            BoardLayer::Bottom => self.bottom = clues(value, span, key, self.columns, "column")?,
            BoardLayer::Left => self.left = clues(value, span, key, self.rows, "row")?,
            BoardLayer::Right => self.right = clues(value, span, key, self.rows, "row")?,
            BoardLayer::Lines => {
                self.lines = segments(value, span, key, (shape.0 - 1, shape.1 - 1))?
            }
            BoardLayer::Edges => self.edges = segments(value, span, key, shape)?,
        }
        Ok(())
    }
}

/// A layer's rows of cells: a 2-D list, or one row for a board of one
/// row; with `shape`, exactly that many rows of that many cells.
fn grid(value: &Value, span: Span, key: &str, shape: Option<(usize, usize)>) -> R<Vec<Vec<Value>>> {
    let Value::List(rows) = value else {
        return Err(shaped(key, span, format!("gives {}", value.describe())));
    };
    let nested = match shape {
        None => rows.items.iter().any(|r| matches!(r, Value::List(_))),
        // One row: `[[a, b]]` or `[a, b]` (a split cell is itself a list).
        Some((1, columns)) => {
            matches!(&rows.items[..], [Value::List(row)] if row.items.len() == columns)
        }
        Some(_) => true,
    };
    let g: Vec<Vec<Value>> = if nested {
        (rows.items.iter())
            .map(|row| match row {
                Value::List(cells) => Ok(cells.items.clone()),
                other => Err(shaped(
                    key,
                    span,
                    format!("has a row that is {}", other.describe()),
                )),
            })
            .collect::<R<_>>()?
    } else {
        vec![rows.items.clone()]
    };
    if let Some((rows, columns)) = shape
        && (g.len() != rows || g.iter().any(|r| r.len() != columns))
    {
        let mut widths: Vec<String> = g.iter().map(|r| r.len().to_string()).collect();
        widths.dedup();
        let count = |n: usize| {
            if n == 1 {
                "1 row".to_string()
            } else {
                format!("{n} rows")
            }
        };
        return Err(shaped(
            key,
            span,
            format!(
                "gives {} of {} cells; the cells are {} of {columns}",
                count(g.len()),
                widths.join(", "),
                count(rows)
            ),
        ));
    }
    Ok(g)
}

/// The clues outside the grid: one per column or row, each a value or a
/// list of values (a nonogram's runs).
fn clues(value: &Value, span: Span, key: &str, count: usize, what: &str) -> R<Vec<Vec<String>>> {
    let Value::List(items) = value else {
        return Err(shaped(key, span, format!("gives {}", value.describe())));
    };
    if items.items.len() != count {
        return Err(shaped(
            key,
            span,
            format!(
                "gives {} clues; the board has {count} ({what} by {what})",
                items.items.len()
            ),
        ));
    }
    (items.items.iter())
        .map(|item| match item {
            Value::List(runs) => Ok(runs.items.iter().map(text).collect()),
            v => Ok(vec![text(v)]
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect()),
        })
        .collect()
}

/// Segments `[r1, c1, r2, c2]` or `[r1, c1, r2, c2, strokes]` (0 strokes:
/// none), across or down, between points up to `last` (row, column).
fn segments(value: &Value, span: Span, key: &str, last: (usize, usize)) -> R<Vec<Segment>> {
    let bad = |what: String| {
        shaped(key, span, what).with_help(
            "write a list of segments `[r1, c1, r2, c2]` (or `[r1, c1, r2, c2, strokes]`), counted from 0, across or down",
        )
    };
    let Value::List(items) = value else {
        return Err(bad(format!("gives {}", value.describe())));
    };
    let mut out = Vec::new();
    for item in &items.items {
        let numbers: Option<Vec<i64>> = match item {
            Value::List(l) => (l.items.iter())
                .map(|v| match v {
                    Value::Int(i) => Some(*i),
                    Value::Bool(b) => Some(i64::from(*b)),
                    _ => None,
                })
                .collect(),
            _ => None,
        };
        let Some(n) = numbers.filter(|n| n.len() == 4 || n.len() == 5) else {
            return Err(bad(format!("has a segment that is {}", describe(item))));
        };
        let strokes = n.get(4).copied().unwrap_or(1);
        if strokes == 0 {
            continue;
        }
        let inside =
            |r: i64, c: i64| (0..=last.0 as i64).contains(&r) && (0..=last.1 as i64).contains(&c);
        if !inside(n[0], n[1]) || !inside(n[2], n[3]) || !(1..=2).contains(&strokes) {
            return Err(bad(format!(
                "has the segment {:?}, outside rows 0..{} and columns 0..{} (or strokes not 1 or 2)",
                n, last.0, last.1
            )));
        }
        if n[0] != n[2] && n[1] != n[3] {
            return Err(bad(format!(
                "has the segment {n:?}, neither across nor down"
            )));
        }
        out.push(Segment {
            from: (n[0] as usize, n[1] as usize),
            to: (n[2] as usize, n[3] as usize),
            strokes: strokes as u8,
        });
    }
    Ok(out)
}

fn split(v: &Value, span: Span) -> R<Option<(String, String)>> {
    let blank = |v: &Value| match v {
        Value::Int(0) => String::new(),
        v => text(v),
    };
    match v {
        Value::List(l) if l.items.len() == 2 => Ok(Some((blank(&l.items[0]), blank(&l.items[1])))),
        Value::List(l) if l.items.is_empty() => Ok(None),
        Value::Bool(false) | Value::Int(0) => Ok(None),
        Value::Str(s) if s.is_empty() => Ok(None),
        other => Err(shaped(
            "split",
            span,
            format!("has a cell that is {}", describe(other)),
        )
        .with_help("a split cell is `[across, down]` (0 or '' for no clue); any other cell `[]`")),
    }
}

fn style(v: &Value, span: Span) -> R<Option<Style>> {
    match v {
        Value::Bool(b) => Ok(b.then_some(Style::Shaded)),
        Value::Str(s) if s.is_empty() => Ok(None),
        Value::Str(s) => Style::named(s).map(Some).ok_or_else(|| {
            Diagnostic::new(format!("unknown style `{s}`"), span).with_help(format!(
                "a style is one of: {}, or '' for none (true is shaded)",
                BOARD_STYLES.join(", ")
            ))
        }),
        other => Err(shaped(
            "style",
            span,
            format!("has a cell that is {}", describe(other)),
        )
        .with_help(
            "a cell's style is a name (`'shaded'`), '' for none, or a boolean (true: shaded)",
        )),
    }
}

fn truth(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Int(i) => *i != 0,
        Value::Str(s) => !s.is_empty(),
        _ => false,
    }
}

/// A cell's value as the drawing writes it.
fn text(v: &Value) -> String {
    match v {
        Value::Bool(true) => "●".to_string(),
        Value::Bool(false) => String::new(),
        Value::Str(s) => s.to_string(),
        Value::List(_) => super::super::plain(v),
        other => super::super::scalar(other),
    }
}

fn describe(v: &Value) -> String {
    match v {
        Value::List(_) => format!("the list {}", super::super::plain(v)),
        other => other.describe().to_string(),
    }
}

fn shaped(key: &str, span: Span, what: String) -> Diagnostic {
    Diagnostic::new(format!("{SHAPE} `{key}` {what}"), span)
}
