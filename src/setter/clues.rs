//! The clue pattern's classes of cells (a clue kept or removed with its
//! images) and the clue param written as `--set` reads it: what the setter
//! does with the plain data of `[generate]` ([`crate::plans::generate`]).

use crate::plans::generate::GeneratePlan;
use crate::spec::pattern::Pattern;

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
