//! Compact-Table (Demeulenaere, Hartert, Lecoutre, Perez, Perron, Régin,
//! Schaus, CP 2016): the live rows as a reversible sparse bitset, and per
//! position and value the bitset of the rows with that value there (its
//! supports), built once. A run first updates the live rows from the
//! positions whose domains changed, then removes the values whose
//! supports no longer meet the live rows. `table.rs` says what is trailed
//! and why backtracking needs nothing else.

use crate::engine::propagator::{PropResult, Status};
use crate::engine::store::{CellId, Conflict, Store};
use crate::vocab::View;

/// From this many words a bitset on, a run asks the deadline once per
/// position (a position's update then costs thousands of word operations).
const WORDS_PER_LOOK: usize = 1 << 12;

/// One position of the table.
#[derive(Debug)]
struct Column {
    /// The variable's values the column holds (through the view), sorted.
    values: Vec<i64>,
    /// Value `a`'s supports: `supports[a * words..(a + 1) * words]`.
    supports: Vec<u64>,
    /// A permutation of the values' indices: the first `count` (a trailed
    /// cell) are those still in the domain when last read.
    order: Vec<u32>,
    /// Scratch, per value: the word where its supports last met the live
    /// rows (a hint, checked before it is trusted).
    residues: Vec<u32>,
}

/// The trailed cells, allocated by `initialise`: each run of cells
/// consecutive from its first.
#[derive(Clone, Copy, Debug)]
struct Cells {
    /// One per word of live rows (the u64 as i64 bits).
    live: CellId,
    /// How many words of `index` are non-zero.
    limit: CellId,
    /// Per position: how many of `order` are left.
    counts: CellId,
    /// 0 until a first run has narrowed the domains to the columns.
    ready: CellId,
}

fn at(first: CellId, i: usize) -> CellId {
    CellId(first.0 + i as u32)
}

#[derive(Debug)]
pub(super) struct Compact {
    xs: Vec<View>,
    columns: Vec<Column>,
    rows: usize,
    words: usize,
    /// No variable at two positions: a run leaves its own fixpoint.
    pub(super) distinct: bool,
    cells: Cells,
    /// A permutation of the word indices: the first `limit` are the
    /// non-zero words of the live rows.
    index: Vec<u32>,
    /// Scratch: the union of some values' supports, per word.
    mask: Vec<u64>,
    /// Scratch: values to remove from one variable.
    gone: Vec<i64>,
}

impl Compact {
    /// The supports of `rows` (each possible for `xs`, see
    /// `super::possible_rows`), or `None` when they would take more than
    /// `most_words` words.
    pub(super) fn new(xs: Vec<View>, rows: &[Vec<i64>], most_words: usize) -> Option<Compact> {
        let words = rows.len().div_ceil(64);
        let mut columns = Vec::with_capacity(xs.len());
        let mut total = 0usize;
        for (j, x) in xs.iter().enumerate() {
            let mut values: Vec<i64> = rows.iter().map(|row| var_value(x, row[j])).collect();
            values.sort_unstable();
            values.dedup();
            total = total.saturating_add(values.len().saturating_mul(words));
            if total > most_words {
                return None;
            }
            columns.push(Column {
                order: (0..values.len() as u32).collect(),
                residues: vec![0; values.len()],
                supports: Vec::new(),
                values,
            });
        }
        for (j, (x, column)) in xs.iter().zip(&mut columns).enumerate() {
            column.supports = vec![0; column.values.len() * words];
            for (r, row) in rows.iter().enumerate() {
                let a = column
                    .values
                    .binary_search(&var_value(x, row[j]))
                    .expect("a column value");
                column.supports[a * words + r / 64] |= 1 << (r % 64);
            }
        }
        let mut vars: Vec<_> = xs.iter().filter(|x| x.scale != 0).map(|x| x.var).collect();
        vars.sort_unstable();
        let distinct = vars.windows(2).all(|w| w[0] != w[1]);
        let unset = CellId(u32::MAX);
        Some(Compact {
            xs,
            columns,
            rows: rows.len(),
            words,
            distinct,
            cells: Cells {
                live: unset,
                limit: unset,
                counts: unset,
                ready: unset,
            },
            index: (0..words as u32).collect(),
            mask: vec![0; words],
            gone: Vec::new(),
        })
    }

    pub(super) fn initialise(&mut self, store: &mut Store) {
        let limit = store.new_cell(self.words as i64);
        let ready = store.new_cell(0);
        let counts = CellId(store.num_cells() as u32);
        for column in &self.columns {
            let _ = store.new_cell(column.values.len() as i64);
        }
        let live = CellId(store.num_cells() as u32);
        for w in 0..self.words {
            let bits = (self.rows - 64 * w).min(64);
            let _ = store.new_cell((u64::MAX >> (64 - bits)) as i64);
        }
        self.cells = Cells {
            live,
            limit,
            counts,
            ready,
        };
    }

    pub(super) fn propagate(&mut self, store: &mut Store) -> PropResult {
        let mut limit = store.cell(self.cells.limit) as usize;
        if limit == 0 {
            return Err(Conflict);
        }
        let first = store.cell(self.cells.ready) == 0;
        if first {
            self.restrict(store)?;
            store.set_cell(self.cells.ready, 1);
        }
        let (changed, last) = self.update(store, first, &mut limit)?;
        // The last run left every value it kept supported: with no change
        // since, nothing to do, and with one position changed, that
        // position's values keep their supports (only rows with its
        // removed values left).
        if first || changed > 1 {
            self.filter(store, limit, None)?;
        } else if changed == 1 {
            self.filter(store, limit, Some(last))?;
        }
        Ok(self.status(store, limit))
    }

    /// A first run: each domain loses the values its column lacks.
    fn restrict(&mut self, store: &mut Store) -> Result<(), Conflict> {
        for (x, column) in self.xs.iter().zip(&self.columns) {
            if x.scale == 0 {
                // Only rows with the view's value were kept.
                continue;
            }
            let values = &column.values;
            let _ = store.set_bounds(x.var, values[0], values[values.len() - 1])?;
            self.gone.clear();
            let d = store.domain(x.var);
            for pair in values.windows(2) {
                let mut v = pair[0] + 1;
                while let Some(u) = d.next_value(v).filter(|&u| u < pair[1]) {
                    self.gone.push(u);
                    v = u + 1;
                }
            }
            let _ = store.remove_values(x.var, &self.gone)?;
        }
        Ok(())
    }

    /// The live rows lose those with a value no longer in its domain, from
    /// each position whose domain changed since the last run (a size other
    /// than its count; every position on a first run). Returns how many
    /// positions changed and the last of them.
    fn update(
        &mut self,
        store: &mut Store,
        first: bool,
        limit: &mut usize,
    ) -> Result<(usize, usize), Conflict> {
        let (words, cells) = (self.words, self.cells);
        let (mut changed, mut last) = (0, 0);
        for (j, (x, column)) in self.xs.iter().zip(&mut self.columns).enumerate() {
            if x.scale == 0 {
                continue;
            }
            let count = at(cells.counts, j);
            let n = store.cell(count) as usize;
            if !first && store.size(x.var) == n as u64 {
                continue;
            }
            if words >= WORDS_PER_LOOK && store.must_stop() {
                return Err(Conflict);
            }
            // The values that left the domain go behind the first `k`.
            let mut k = n;
            let mut i = 0;
            while i < k {
                if store.contains(x.var, column.values[column.order[i] as usize]) {
                    i += 1;
                } else {
                    k -= 1;
                    column.order.swap(i, k);
                }
            }
            if k == n {
                continue;
            }
            store.set_cell(count, k as i64);
            (changed, last) = (changed + 1, j);
            // From the fewer supports: the removed values' rows leave, or
            // only the kept values' rows stay (reset-based update).
            let keep = k <= n - k;
            let chosen = if keep {
                &column.order[..k]
            } else {
                &column.order[k..n]
            };
            // One value's supports are the mask as they stand.
            let mask = if let [a] = chosen {
                &column.supports[*a as usize * words..][..words]
            } else {
                let live = &self.index[..*limit];
                for &w in live {
                    self.mask[w as usize] = 0;
                }
                for &a in chosen {
                    let supports = &column.supports[a as usize * words..][..words];
                    for &w in live {
                        self.mask[w as usize] |= supports[w as usize];
                    }
                }
                &self.mask
            };
            let flip = if keep { 0 } else { u64::MAX };
            intersect(store, cells.live, &mut self.index, limit, mask, flip);
            if *limit == 0 {
                return Err(Conflict);
            }
        }
        store.set_cell(cells.limit, *limit as i64);
        Ok((changed, last))
    }

    /// Removes every value whose supports miss the live rows, at each
    /// position but `skip`.
    fn filter(
        &mut self,
        store: &mut Store,
        limit: usize,
        skip: Option<usize>,
    ) -> Result<(), Conflict> {
        let (words, cells) = (self.words, self.cells);
        let live = &self.index[..limit];
        for (j, (x, column)) in self.xs.iter().zip(&mut self.columns).enumerate() {
            let count = at(cells.counts, j);
            let n = store.cell(count) as usize;
            if x.scale == 0 || n <= 1 || skip == Some(j) {
                continue;
            }
            self.gone.clear();
            let mut k = n;
            let mut i = 0;
            while i < k {
                let a = column.order[i] as usize;
                let supports = &column.supports[a * words..][..words];
                if supported(store, cells.live, live, supports, &mut column.residues[a]) {
                    i += 1;
                } else {
                    self.gone.push(column.values[a]);
                    k -= 1;
                    column.order.swap(i, k);
                }
            }
            if k < n {
                store.set_cell(count, k as i64);
                let _ = match self.gone[..] {
                    [v] => store.remove(x.var, v)?,
                    _ => store.remove_values(x.var, &self.gone)?,
                };
            }
        }
        Ok(())
    }

    /// Subsumed when every view is fixed, or (no variable twice) when the
    /// live rows are every combination of the values left.
    fn status(&self, store: &Store, limit: usize) -> Status {
        let mut combinations = 1u64;
        for &x in &self.xs {
            combinations = combinations.saturating_mul(store.vsize(x));
        }
        if combinations == 1 {
            return Status::Subsumed;
        }
        if self.distinct && combinations <= 64 * limit as u64 {
            let rows: u64 = self.index[..limit]
                .iter()
                .map(|&w| {
                    u64::from((store.cell(at(self.cells.live, w as usize)) as u64).count_ones())
                })
                .sum();
            if rows == combinations {
                return Status::Subsumed;
            }
        }
        Status::Fix
    }
}

/// The live words (the first `limit` of `index`, in cells from `first`)
/// and-ed with `mask ^ flip`; a word that comes out zero leaves the
/// prefix.
fn intersect(
    store: &mut Store,
    first: CellId,
    index: &mut [u32],
    limit: &mut usize,
    mask: &[u64],
    flip: u64,
) {
    let mut i = *limit;
    while i > 0 {
        i -= 1;
        let w = index[i] as usize;
        let cell = at(first, w);
        let old = store.cell(cell) as u64;
        let new = old & (mask[w] ^ flip);
        if new != old {
            store.set_cell(cell, new as i64);
            if new == 0 {
                // Swapped with a word already seen.
                *limit -= 1;
                index.swap(i, *limit);
            }
        }
    }
}

/// The variable's value for a view's value (a possible row has one).
fn var_value(x: &View, value: i64) -> i64 {
    match x.scale {
        0 => 0,
        s => (value - x.offset) / s,
    }
}

/// Whether `supports` meets the live rows (the non-zero words `live`):
/// first at the residue, then word by word (the residue moves there).
#[inline]
fn supported(
    store: &Store,
    first: CellId,
    live: &[u32],
    supports: &[u64],
    residue: &mut u32,
) -> bool {
    let r = *residue as usize;
    if store.cell(at(first, r)) as u64 & supports[r] != 0 {
        return true;
    }
    for &w in live {
        let w = w as usize;
        if store.cell(at(first, w)) as u64 & supports[w] != 0 {
            *residue = w as u32;
            return true;
        }
    }
    false
}
