//! The board: `[output] board = EXPR`, a solution drawn as a grid. The
//! expression gives rows of cells (a 2-D list) or one row (a list); a cell
//! is an integer, a boolean or a text. The playground draws it (a boolean
//! as a piece on a chequered board, values in colours), and the command
//! line prints it aligned when the spec has no template; a puzzle's path
//! shows the board of every position.

use super::drawing::{Drawing, text};
use crate::diagnostic::Diagnostic;
use crate::lower::value::{R, Value};
use crate::model::texts::Texts;
use crate::source::Span;

/// A board's rows of cells, read from the value of its expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub rows: Vec<Vec<Value>>,
}

/// How a true and a false cell are printed (the playground draws a piece
/// and an empty square).
const TRUE_CELL: &str = "●";
const FALSE_CELL: &str = "·";

impl Board {
    /// The board `value` describes, or an error at `span` that says what
    /// a board is.
    pub(crate) fn read(value: &Value, span: Span) -> R<Board> {
        let Value::List(rows) = value else {
            return Err(not_a_board(value, span));
        };
        let nested = rows.items.iter().any(|r| matches!(r, Value::List(_)));
        let rows = if nested {
            rows.items
                .iter()
                .map(|row| match row {
                    Value::List(cells) => cells.items.iter().map(|c| cell(c, span)).collect(),
                    other => Err(not_a_board(other, span)),
                })
                .collect::<R<Vec<Vec<Value>>>>()?
        } else {
            vec![rows.items.iter().map(|c| cell(c, span)).collect::<R<_>>()?]
        };
        Ok(Board { rows })
    }

    /// The rows as text: each column padded to its widest cell (a blank
    /// column keeps a slot of one, so that the boards of a puzzle's
    /// positions line up), cells separated by one space, a boolean as `●`
    /// or `·`.
    pub fn text(&self) -> String {
        let texts: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| row.iter().map(cell_text).collect())
            .collect();
        let columns = texts.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                texts
                    .iter()
                    .filter_map(|row| row.get(c))
                    .map(|t| t.chars().count())
                    .max()
                    .unwrap_or(0)
                    .max(1)
            })
            .collect();
        let lines: Vec<String> = texts
            .iter()
            .map(|row| {
                let cells: Vec<String> = row
                    .iter()
                    .zip(&widths)
                    .map(|(t, &w)| format!("{t:>w$}"))
                    .collect();
                cells.join(" ").trim_end().to_string()
            })
            .collect();
        lines.join("\n")
    }

    /// Whether a cell is blank (`''`): where a style may show.
    pub(crate) fn has_blank(&self) -> bool {
        self.rows
            .iter()
            .flatten()
            .any(|c| matches!(c, Value::Str(s) if s.is_empty()))
    }

    /// Each blank cell shows the symbol of its style in `drawing` (the
    /// same board drawn with its layers).
    pub(crate) fn show_styles(&mut self, drawing: &Drawing) {
        for (row, drawn) in self.rows.iter_mut().zip(&drawing.cells) {
            for (cell, d) in row.iter_mut().zip(drawn) {
                if matches!(cell, Value::Str(s) if s.is_empty())
                    && let Some(style) = d.style
                {
                    *cell = Value::Str(text::symbol(style).into());
                }
            }
        }
    }

    /// The rows as JSON: always a list of rows (one row for a 1-D board),
    /// so that a reader never guesses the shape.
    pub fn json(&self, texts: &Texts) -> serde_json::Value {
        serde_json::Value::Array(
            self.rows
                .iter()
                .map(|row| {
                    serde_json::Value::Array(row.iter().map(|c| super::to_json(c, texts)).collect())
                })
                .collect(),
        )
    }
}

fn cell(v: &Value, span: Span) -> R<Value> {
    match v {
        Value::Int(_) | Value::Bool(_) | Value::Str(_) => Ok(v.clone()),
        Value::Lin(_) | Value::Lit(_) => Err(Diagnostic::new("a board cell is not fixed", span)),
        other => Err(not_a_board(other, span)),
    }
}

fn cell_text(v: &Value) -> String {
    match v {
        Value::Bool(true) => TRUE_CELL.to_string(),
        Value::Bool(false) => FALSE_CELL.to_string(),
        Value::Str(s) => s.to_string(),
        other => super::scalar(other),
    }
}

fn not_a_board(v: &Value, span: Span) -> Diagnostic {
    let got = match v {
        Value::List(_) => "a list nested three deep",
        other => other.describe(),
    };
    Diagnostic::new(
        format!("a board is rows of cells or one row; this gives {got}"),
        span,
    )
    .with_help(
        "write a 2-D list of numbers, booleans or texts, e.g. `[[x[r][c] for c in 0..n-1] for r in 0..n-1]`",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceId;

    fn list(items: Vec<Value>) -> Value {
        Value::list(items)
    }

    fn span() -> Span {
        Span::new(SourceId(0), 0, 0)
    }

    #[test]
    fn rows_are_aligned_and_booleans_drawn() {
        let rows = list(vec![
            list(vec![Value::Int(1), Value::Int(10), Value::Bool(true)]),
            list(vec![Value::Int(100), Value::Int(2), Value::Bool(false)]),
        ]);
        let board = Board::read(&rows, span()).unwrap();
        assert_eq!(board.text(), "  1 10 ●\n100  2 ·");
    }

    #[test]
    fn one_row_is_a_board_of_one_row() {
        let row = list(vec![Value::Str("a".into()), Value::Str("bc".into())]);
        let board = Board::read(&row, span()).unwrap();
        assert_eq!(board.rows.len(), 1);
        assert_eq!(board.text(), "a bc");
    }

    #[test]
    fn a_blank_column_keeps_its_slot() {
        let row = list(vec![
            Value::Str("●".into()),
            Value::Str("".into()),
            Value::Str("○".into()),
        ]);
        let board = Board::read(&row, span()).unwrap();
        assert_eq!(board.text(), "●   ○");
    }

    #[test]
    fn anything_else_is_refused_with_what_it_gives() {
        let deep = list(vec![list(vec![list(vec![Value::Int(1)])])]);
        let e = Board::read(&deep, span()).unwrap_err();
        assert!(e.message.contains("a list nested three deep"), "{e:?}");
        let e = Board::read(&Value::Int(3), span()).unwrap_err();
        assert!(e.message.contains("an integer"), "{e:?}");
    }
}
