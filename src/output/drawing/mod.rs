//! A declared board's drawing: `[output] board = { cells = ..., regions =
//! ..., ... }` evaluated at a solution (or at the puzzle as given) into
//! plain data, [`Drawing`], that the SVG (`svg.rs`) and the terminal
//! (`text.rs`) draw, and the playground reads as JSON (`json.rs`).
//!
//! One mechanism for every genre: each layer is an expression of the
//! spec, so a sudoku's boxes, a KenKen's cages and a Star Battle's regions
//! are the same `regions` layer. The puzzle as given is the same
//! declaration evaluated where the givens are fixed: the cells that are
//! not given are blank, and a layer that reads a variable (a loop, the
//! shading of a solution) is left out; a layer over params alone (the
//! regions, the clues outside) is drawn.

mod read;
pub mod svg;
pub mod text;

use super::OutputPlan;
use crate::lower::Budget;
use crate::lower::value::{R, Value};
use crate::source::Span;
use crate::spec::ast::BoardLayer;

/// A board drawn: its cells and layers, at a solution or as given.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    pub rows: usize,
    pub columns: usize,
    /// `rows` rows of `columns` cells.
    pub cells: Vec<Vec<Cell>>,
    /// Each cell's region (as text, to compare), when declared: thick
    /// borders between regions and around the grid.
    pub regions: Option<Vec<Vec<String>>>,
    /// Clues outside the grid: one list per column (`top`, `bottom`) or
    /// row (`left`, `right`), in reading order (a nonogram's runs); empty
    /// when not declared.
    pub top: Vec<Vec<String>>,
    pub bottom: Vec<Vec<String>>,
    pub left: Vec<Vec<String>>,
    pub right: Vec<Vec<String>>,
    /// Segments between cell centres (paths, bridges).
    pub lines: Vec<Segment>,
    /// Segments between the grid's points (loops along the edges).
    pub edges: Vec<Segment>,
    /// Whether the board declares `edges` (its points are drawn, also in
    /// the puzzle as given, where the edges themselves are left out).
    pub points: bool,
}

/// One cell of a drawing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The cell's value as text (`''` blank).
    pub text: String,
    /// Given (a clue) rather than deduced.
    pub given: bool,
    pub style: Option<Style>,
    /// A label in the top-left corner (`''` none).
    pub corner: String,
    /// A clue cell split diagonally: `(across, down)`, the across clue
    /// above the diagonal, the down clue below it.
    pub split: Option<(String, String)>,
}

/// How a cell is drawn besides its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Filled dark (a Nurikabe's sea, a nonogram's filled cell).
    Shaded,
    /// A small dot (a cell known empty).
    Dot,
    /// A white circle (an island, a white pearl, a light disc).
    Circle,
    /// A black disc (a black pearl, a dark disc).
    Disc,
    /// A cross (a cell ruled out).
    Cross,
}

impl Style {
    /// The style a name gives (one of `BOARD_STYLES`).
    pub fn named(name: &str) -> Option<Style> {
        Some(match name {
            "shaded" => Style::Shaded,
            "dot" => Style::Dot,
            "circle" => Style::Circle,
            "disc" => Style::Disc,
            "cross" => Style::Cross,
            _ => return None,
        })
    }

    /// The name of the style, as the spec writes it.
    pub fn name(self) -> &'static str {
        match self {
            Style::Shaded => "shaded",
            Style::Dot => "dot",
            Style::Circle => "circle",
            Style::Disc => "disc",
            Style::Cross => "cross",
        }
    }
}

/// A straight segment from one point to another, across or down, drawn
/// with `strokes` parallel strokes (a double bridge is 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub from: (usize, usize),
    pub to: (usize, usize),
    pub strokes: u8,
}

/// A board's expressions evaluated: the cells, and each layer drawn, with
/// the spans their errors point at.
#[derive(Clone, Debug)]
pub(crate) struct BoardValues {
    pub(crate) cells: (Value, Span),
    /// The cells' expression reads a variable: in the puzzle as given,
    /// only the given cells are shown.
    pub(crate) cells_vary: bool,
    pub(crate) layers: Vec<(BoardLayer, Value, Span)>,
    /// Whether the board declares `edges` (read or left out).
    pub(crate) points: bool,
}

impl OutputPlan {
    /// The spec's board drawn at `solution`, or as given (`puzzle`: the
    /// solution is then the values propagation fixes at the root, the
    /// others at any value), `None` when it declares none.
    pub fn drawing(&self, solution: &[i64], puzzle: bool) -> R<Option<Drawing>> {
        if self.board.is_none() {
            return Ok(None);
        }
        let values = self.board_values(solution, puzzle, self.printing())?;
        Drawing::read(&values, puzzle).map(Some)
    }

    /// Whether the spec declares a board (`[output] board`).
    pub fn has_board(&self) -> bool {
        self.board.is_some()
    }

    /// Whether the spec declares a board with more than its cells.
    pub fn has_layers(&self) -> bool {
        self.board.as_ref().is_some_and(|b| !b.layers.is_empty())
    }

    /// The board's expressions evaluated at `solution`; in the puzzle as
    /// given, without the layers that read a variable.
    pub(crate) fn board_values(
        &self,
        solution: &[i64],
        puzzle: bool,
        budget: Budget,
    ) -> R<BoardValues> {
        let board = self.board.as_ref().expect("a declared board");
        let readers = self.variable_readers();
        let reads = |e: &crate::spec::ast::Expr| {
            let mut reads = false;
            e.visit_names(&mut |n| reads |= readers.contains(n));
            reads
        };
        let mut env = self.environment(solution, budget);
        let cells = (env.eval(&board.cells)?, board.cells.span);
        let mut layers = Vec::new();
        for (layer, e) in &board.layers {
            if puzzle && reads(e) {
                continue;
            }
            layers.push((*layer, env.eval(e)?, e.span));
        }
        Ok(BoardValues {
            cells,
            cells_vary: reads(&board.cells),
            layers,
            points: board.layer(BoardLayer::Edges).is_some(),
        })
    }
}
