//! The symmetries a `[generate]` clue pattern may keep, by name: words of
//! the spec language (the schema and `--symmetry` list them). What they do
//! to the cells of a grid is the setter's (`src/setter/clues.rs`).

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
