//! `[generate]` lowered: plain data for `solve generate`. The clue param's
//! name and shape, the variables its cells fill (row-major), the blank,
//! the clue pattern's symmetry as classes of cells, the grade wanted and
//! the first seed.

use crate::model::VarId;
use crate::model::plan::Consistency;

/// The symmetries a clue pattern can keep, by name.
pub const PATTERNS: &[(&str, Pattern)] = &[
    ("none", Pattern::None),
    ("rotate180", Pattern::Rotate180),
    ("rotate90", Pattern::Rotate90),
    ("mirror", Pattern::Mirror),
    ("flip", Pattern::Flip),
    ("diagonal", Pattern::Diagonal),
    ("dihedral", Pattern::Dihedral),
];

/// A symmetry of the clue pattern: a clue is kept or removed with its
/// images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    None,
    /// A half turn: (r, c) with (R-1-r, C-1-c), the classic sudoku's.
    Rotate180,
    /// Quarter turns (a square grid).
    Rotate90,
    /// Left with right: (r, c) with (r, C-1-c).
    Mirror,
    /// Top with bottom: (r, c) with (R-1-r, c).
    Flip,
    /// The main diagonal: (r, c) with (c, r) (a square grid).
    Diagonal,
    /// Every symmetry of the square (quarter turns and mirrors).
    Dihedral,
}

impl Pattern {
    /// Whether it needs as many rows as columns.
    pub fn square_only(self) -> bool {
        matches!(
            self,
            Pattern::Rotate90 | Pattern::Diagonal | Pattern::Dihedral
        )
    }

    /// The images of cell (r, c) under the generators, on an R x C grid.
    fn moves(self, rows: usize, cols: usize, (r, c): (usize, usize)) -> Vec<(usize, usize)> {
        let quarter = (c, rows - 1 - r);
        let mirror = (r, cols - 1 - c);
        match self {
            Pattern::None => vec![],
            Pattern::Rotate180 => vec![(rows - 1 - r, cols - 1 - c)],
            Pattern::Rotate90 => vec![quarter],
            Pattern::Mirror => vec![mirror],
            Pattern::Flip => vec![(rows - 1 - r, c)],
            Pattern::Diagonal => vec![(c, r)],
            Pattern::Dihedral => vec![quarter, mirror],
        }
    }

    /// The orbits of the cells of an R x C grid (row-major indices), each
    /// sorted, in the order of their first cell.
    pub fn classes(self, rows: usize, cols: usize) -> Vec<Vec<usize>> {
        let mut class_of = vec![usize::MAX; rows * cols];
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for start in 0..rows * cols {
            if class_of[start] != usize::MAX {
                continue;
            }
            let id = classes.len();
            let mut orbit = vec![start];
            class_of[start] = id;
            let mut next = 0;
            while next < orbit.len() {
                let cell = orbit[next];
                for (r, c) in self.moves(rows, cols, (cell / cols, cell % cols)) {
                    let image = r * cols + c;
                    if class_of[image] == usize::MAX {
                        class_of[image] = id;
                        orbit.push(image);
                    }
                }
                next += 1;
            }
            orbit.sort_unstable();
            classes.push(orbit);
        }
        classes
    }
}

/// The grade a generated puzzle must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Propagation at this level finishes it, and at the level below not.
    Level(Consistency),
    /// No level's propagation finishes it.
    Search,
}

/// `[generate]`, checked against the spec.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratePlan {
    /// The param that holds the clues.
    pub clues: String,
    /// Its rows and columns (one row for a list).
    pub rows: usize,
    pub cols: usize,
    /// Whether it is a list of lists (else one list).
    pub nested: bool,
    /// The variables its cells fill, row-major (`fills`); empty when the
    /// clues are derived.
    pub cells: Vec<VarId>,
    /// Whether the clues are computed from a solution (`derive`).
    pub derives: bool,
    /// The derived clues as expressions over the model's variables,
    /// row-major: lowered only when asked (to draw a full solution, see
    /// [`crate::Options::derive_clues`]), else empty.
    pub derived: Vec<crate::lower::value::LinExpr>,
    pub blank: i64,
    pub pattern: Pattern,
    pub grade: Option<Wanted>,
    pub seed: u64,
    /// The search settings a full solution is drawn with.
    pub draw: crate::spec::settings::SearchSettings,
}

impl GeneratePlan {
    /// The clue param written as `--set` reads it: `puzzle=[[5,3,0],...]`.
    pub fn set(&self, clues: &[i64]) -> String {
        let row = |r: usize| {
            let cells: Vec<String> = (0..self.cols)
                .map(|c| clues[r * self.cols + c].to_string())
                .collect();
            format!("[{}]", cells.join(","))
        };
        let value = if self.nested {
            let rows: Vec<String> = (0..self.rows).map(row).collect();
            format!("[{}]", rows.join(","))
        } else {
            row(0)
        };
        format!("{}={value}", self.clues)
    }
}
