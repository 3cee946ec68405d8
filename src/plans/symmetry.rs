//! The declared symmetries of a spec as plain data (`[symmetry]`
//! lowered): the groups' elements, as moves of the literals of the key
//! (the declared variables' values, in declaration order), and the direct
//! sorts where a group has one. What is done with them (canonical forms,
//! lex-leader constraints, `--unique`, `check-symmetry`) is the symmetry
//! room's (`src/symmetry/`).

use crate::model::VarId;

/// Where the literal `key[p] = v` goes under a group element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// To `key[q] = v`: the value moves to another position unchanged.
    To(u32),
    /// The value stays, with `a` and `b` exchanged (a swap of values).
    Swap(i64, i64),
    /// To `key[q] = w`, by `(v, q, w)` sorted by `v`; a value not listed
    /// has no image.
    Table(Vec<(i64, u32, i64)>),
}

/// One element of a group: a permutation of the literals, given by the
/// [`Move`]s of the positions it changes (sorted by position; every other
/// position keeps its value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element(pub Vec<(u32, Move)>);

/// The smallest key under one group alone, found directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sort {
    /// The lines (key positions, in comparison order) are interchangeable
    /// and the key reads them so that sorting their values gives the
    /// smallest key.
    Lines(Vec<Vec<u32>>),
    /// The values at `positions` (in key order) are interchangeable among
    /// `values` (sorted): renaming by first occurrence gives the smallest.
    Values {
        positions: Vec<u32>,
        values: Vec<i64>,
    },
    /// The rows of one matrix and its columns, both interchangeable (two
    /// declared groups sorted together).
    Matrix(MatrixSort),
}

/// One declared group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Factor {
    /// The declaration's name.
    pub name: String,
    /// Its non-identity elements (a grid's seven or three, a reversal),
    /// or for a symmetric group (rows, columns, values) the swaps of
    /// neighbours, which generate it. Each is one lex-leader constraint.
    pub elements: Vec<Element>,
    /// How many elements the group has (saturating).
    pub order: u64,
    /// A direct way to its smallest key, where there is one.
    pub sort: Option<Sort>,
}

/// Every declared symmetry of a spec.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SymmetryPlan {
    /// The declared (not derived, not auxiliary) variables, in
    /// declaration order: the group acts on their values.
    pub key: Vec<VarId>,
    pub factors: Vec<Factor>,
    /// The factors sorted rather than walked, and how: one factor's own
    /// [`Sort`], or the rows and the columns of one matrix together; they
    /// commute with every other factor's elements, which are walked
    /// element by element.
    pub sorter: Option<(Vec<usize>, Sort)>,
}

/// One matrix under every permutation of its rows and of its columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixSort {
    /// The key positions of the matrix, row by row, in the order the key
    /// reads them.
    pub(crate) rows: Vec<Vec<u32>>,
}
