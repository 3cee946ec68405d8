//! `table(xs, rows)`: `xs` equals one of the rows. Generalised arc
//! consistency by Compact-Table (Demeulenaere, Hartert, Lecoutre, Perez,
//! Perron, Régin, Schaus, "Compact-Table: Efficiently Filtering Table
//! Constraints with Reversible Sparse Bit-Sets", CP 2016), the algorithm
//! of Gecode 6's `extensional` and of OR-Tools; here in `table/compact.rs`.
//!
//! Built once: the rows no assignment can give are dropped (a value a
//! view cannot take, a variable at two positions given two values), and
//! duplicates, so that every live row is a solution over the domains
//! left and the propagator is domain consistent even with a variable at
//! two positions; then per position the column's values (through the
//! view, as the variable's values, sorted), and per value the bitset of
//! the rows that have it there (its supports, one u64 per 64 rows).
//!
//! A run (1) updates the live rows from each position whose domain
//! changed since the last run: the rows of the values that left go or,
//! when fewer values stayed than left, only the rows of those that
//! stayed remain (the paper's reset-based update); (2) removes each value
//! whose supports no longer meet the live rows, trying first the word
//! where they last met (its residue, a hint kept in `self` and checked
//! before it is trusted). With no position changed, the last run's
//! supports all stand, and with one, that position's do (only rows of its
//! lost values went): such positions are not filtered. It fails when no
//! row is left, and is subsumed when every view is fixed or (no variable
//! twice) when the live rows are every combination of the values left.
//! With no variable twice a run leaves its own fixpoint (idempotent).
//!
//! Trailed (store cells): each word of the live rows; `limit`, how many
//! words of `index` (a permutation of the word indices, in `self`) are
//! non-zero; per position, the count of its values still in the domain
//! when last read, the first `count` of a permutation `order` of the
//! column's values (in `self`); and whether a first run has narrowed the
//! domains to the columns. The permutations only ever swap entries within
//! their current prefix, so, as for the open views of `count`
//! (`count.rs`), when backtracking restores `limit` (or a count) the
//! first `limit` entries are again exactly the non-zero words of that
//! node (its values still there), in another order. The engine does not
//! say which values were removed: a position whose variable's size
//! differs from its count has its counted values read against the
//! domain, and those that left are the delta (after a first run a domain
//! holds only its column's values, so equal sizes mean no change).
//! Besides: residues, a mask and buffers, scratch.
//!
//! Memory: the supports take (values per column, summed) x rows / 64
//! words. Past [`MOST_SUPPORT_WORDS`] (2^24, 128 MB) the table scans its
//! rows at every run instead (`table/scan.rs`: O(rows x arity) a run, no
//! memory beyond the rows). A million rows of 10 positions stay compact
//! up to about 100 values per column.

mod compact;
mod scan;

use crate::engine::propagator::{Priority, PropResult, Propagator};
use crate::engine::store::{Change, Store};
use crate::vocab::{VarId, View};
use compact::Compact;
use scan::Scan;

/// The most u64 words of supports a table builds (2^24: 128 MB).
pub(crate) const MOST_SUPPORT_WORDS: usize = 1 << 24;

#[derive(Debug)]
pub(crate) struct Table {
    vars: Vec<VarId>,
    algorithm: Algorithm,
}

#[derive(Debug)]
enum Algorithm {
    Compact(Box<Compact>),
    Scan(Scan),
}

impl Table {
    pub(crate) fn new(xs: Vec<View>, rows: Vec<Vec<i64>>) -> Table {
        Table::with_budget(xs, rows, MOST_SUPPORT_WORDS)
    }

    /// [`Table::new`] with supports of at most `most_words` words.
    fn with_budget(xs: Vec<View>, rows: Vec<Vec<i64>>, most_words: usize) -> Table {
        let vars = xs.iter().map(|x| x.var).collect();
        let rows = possible_rows(&xs, rows);
        let algorithm = match Compact::new(xs.clone(), &rows, most_words) {
            Some(compact) => Algorithm::Compact(Box::new(compact)),
            None => Algorithm::Scan(Scan::new(xs, rows)),
        };
        Table { vars, algorithm }
    }
}

/// The rows some assignment gives, each once: every value one its view
/// can take, and a variable at two positions given one value.
fn possible_rows(xs: &[View], mut rows: Vec<Vec<i64>>) -> Vec<Vec<i64>> {
    // Per position, the earlier position of the same variable, if any.
    let before: Vec<Option<usize>> = (0..xs.len())
        .map(|j| (0..j).find(|&i| xs[i].var == xs[j].var && xs[i].scale != 0))
        .collect();
    let var_value = |x: &View, v: i64| match x.scale {
        0 => (v == x.offset).then_some(0),
        s => v
            .checked_sub(x.offset)
            .filter(|d| d % s == 0)
            .map(|d| d / s),
    };
    rows.retain(|row| {
        xs.iter().zip(row).enumerate().all(|(j, (x, &v))| {
            let Some(value) = var_value(x, v) else {
                return false;
            };
            x.scale == 0 || before[j].is_none_or(|i| var_value(&xs[i], row[i]) == Some(value))
        })
    });
    rows.sort_unstable();
    rows.dedup();
    rows
}

impl Propagator for Table {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.vars.iter().map(|&v| (v, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        matches!(&self.algorithm, Algorithm::Compact(c) if c.distinct)
    }

    fn initialise(&mut self, store: &mut Store) {
        if let Algorithm::Compact(c) = &mut self.algorithm {
            c.initialise(store);
        }
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        match &mut self.algorithm {
            Algorithm::Compact(c) => c.propagate(store),
            Algorithm::Scan(s) => s.propagate(store),
        }
    }
}

#[cfg(test)]
mod tests;
