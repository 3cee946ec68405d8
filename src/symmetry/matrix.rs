//! The smallest key of a matrix whose rows and columns are both
//! interchangeable (`rows = { rows = "x" }` with `columns = { columns =
//! "x" }`): a search over the rows, not a walk over the column
//! permutations (7! images for every solution of a 7 x 7 design).
//!
//! The key reads the matrix row after row. The smallest image's first row
//! is the smallest row with its values sorted; fixing it splits the
//! columns into ordered cells (equal values in it, ascending), within
//! which the columns are still interchangeable. Each next row is, among
//! the rows left, one whose values sorted within every cell are smallest;
//! the search branches only where several rows tie, and prunes a branch
//! whose rows so far exceed the best image's. Identical rows are one
//! choice, and a state met again (the same rows so far, the same rows and
//! cells left up to the order of the columns within a cell) is not
//! searched twice: this is what keeps a regular design, where every row
//! ties with every other, from walking every row order.

use crate::plans::symmetry::MatrixSort;
use std::collections::HashSet;

/// Most states remembered as searched (beyond it the search goes on,
/// without remembering more).
const MAX_REMEMBERED: usize = 1 << 16;

impl MatrixSort {
    /// The matrix whose rows are `a`'s lines and columns `b`'s (or the
    /// other way round), read by the key one line after another; `None`
    /// when the lines do not form one matrix so read.
    pub fn new(a: &[Vec<u32>], b: &[Vec<u32>]) -> Option<MatrixSort> {
        let transposed = a.iter().enumerate().all(|(i, line)| {
            line.len() == b.len()
                && line
                    .iter()
                    .zip(b)
                    .all(|(p, column)| column.len() == a.len() && column[i] == *p)
        });
        if !transposed || a.is_empty() || b.is_empty() {
            return None;
        }
        let increasing = |lines: &[Vec<u32>]| lines.concat().windows(2).all(|w| w[0] < w[1]);
        if increasing(a) {
            Some(MatrixSort { rows: a.to_vec() })
        } else if increasing(b) {
            Some(MatrixSort { rows: b.to_vec() })
        } else {
            None
        }
    }

    /// Rewrites the matrix in `key` as the smallest image under every row
    /// and column permutation.
    pub fn apply(&self, key: &mut [i64]) {
        let values = self.values(key);
        let columns = values[0].len();
        let mut search = Search::new(&values, None);
        search.extend(vec![(0..columns).collect()]);
        let best = search.best.expect("a matrix has an image");
        for (line, row) in self.rows.iter().zip(best.chunks(columns)) {
            for (&p, &v) in line.iter().zip(row) {
                key[p as usize] = v;
            }
        }
    }

    /// Whether the matrix in `key` is its own smallest image: the search
    /// starts with it as the best and stops at the first row of an image
    /// below it (most keys show one at once).
    pub fn is_smallest(&self, key: &[i64]) -> bool {
        let values = self.values(key);
        let mut search = Search::new(&values, Some(values.concat()));
        search.extend(vec![(0..values[0].len()).collect()]);
        !search.below
    }

    fn values(&self, key: &[i64]) -> Vec<Vec<i64>> {
        self.rows
            .iter()
            .map(|r| r.iter().map(|&p| key[p as usize]).collect())
            .collect()
    }
}

struct Search<'v> {
    values: &'v [Vec<i64>],
    used: Vec<bool>,
    /// The image's rows so far, one after another.
    prefix: Vec<i64>,
    /// The smallest whole image found, and its rows' order.
    best: Option<Vec<i64>>,
    best_rows: Vec<usize>,
    /// The rows chosen so far, in order.
    path: Vec<usize>,
    /// Automorphisms found (two row orders giving the same image), as maps
    /// of the rows.
    automorphisms: Vec<Vec<usize>>,
    /// The depth the search returns to after finding an automorphism: the
    /// choice made there is equivalent to one searched before it.
    abandon: Option<usize>,
    /// States searched: the rows so far and what is left (see `left`).
    seen: HashSet<(Vec<i64>, Vec<i64>)>,
    /// Whether the search only asks if some image is below the first best
    /// (the key itself), and has found one.
    asking: bool,
    below: bool,
}

impl<'v> Search<'v> {
    fn new(values: &'v [Vec<i64>], bound: Option<Vec<i64>>) -> Search<'v> {
        Search {
            values,
            used: vec![false; values.len()],
            prefix: Vec::with_capacity(values.len() * values[0].len()),
            asking: bound.is_some(),
            best: bound,
            // The key itself, when it is the first best, is its rows in
            // their order.
            best_rows: (0..values.len()).collect(),
            path: Vec::with_capacity(values.len()),
            automorphisms: Vec::new(),
            abandon: None,
            seen: HashSet::new(),
            below: false,
        }
    }

    /// Continues the image from the ordered cells of interchangeable
    /// columns.
    fn extend(&mut self, cells: Vec<Vec<usize>>) {
        if let Some(best) = &self.best {
            let so_far = &best[..self.prefix.len()];
            if self.prefix.as_slice() > so_far || self.below {
                return;
            }
            if self.asking && self.prefix.as_slice() < so_far {
                self.below = true;
                return;
            }
        }
        // Each row left with its image; the smallest image is the next row.
        let images: Vec<(usize, Vec<i64>)> = (0..self.values.len())
            .filter(|&i| !self.used[i])
            .map(|i| (i, image(&self.values[i], &cells)))
            .collect();
        let Some(smallest) = images.iter().map(|(_, image)| image).min().cloned() else {
            self.leaf();
            return;
        };
        let choices: Vec<usize> = images
            .into_iter()
            .filter(|(i, image)| {
                let row = &self.values[*i];
                let twin = (0..*i).any(|j| !self.used[j] && self.values[j] == *row);
                !twin && *image == smallest
            })
            .map(|(i, _)| i)
            .collect();
        // A state is remembered where the search branches: a state met
        // again through a single choice is met again at the branch below.
        if choices.len() > 1 && self.seen.len() < MAX_REMEMBERED {
            let state = (self.prefix.clone(), self.left(&cells));
            if !self.seen.insert(state) {
                return;
            }
        }
        let depth = self.path.len();
        let mut searched: Vec<usize> = Vec::new();
        for i in choices {
            if self.equivalent(i, &searched) {
                continue;
            }
            let row = &self.values[i];
            self.used[i] = true;
            self.path.push(i);
            let len = self.prefix.len();
            self.prefix.extend_from_slice(&smallest);
            self.extend(refine(row, &cells));
            self.prefix.truncate(len);
            let _ = self.path.pop();
            self.used[i] = false;
            searched.push(i);
            match self.abandon {
                Some(d) if d < depth => return,
                Some(_) => self.abandon = None,
                None => {}
            }
        }
    }

    /// A whole image: the best so far, or equal to it (then the two row
    /// orders give an automorphism, and the choice where they part is
    /// equivalent to the one searched before it).
    fn leaf(&mut self) {
        match &self.best {
            Some(best) if self.prefix == *best => {
                let mut map: Vec<usize> = (0..self.values.len()).collect();
                for (&from, &to) in self.best_rows.iter().zip(&self.path) {
                    map[from] = to;
                }
                let parted = (0..self.path.len()).find(|&k| self.best_rows[k] != self.path[k]);
                if let Some(depth) = parted {
                    self.automorphisms.push(map);
                    self.abandon = Some(depth);
                }
            }
            Some(best) if self.prefix > *best => {}
            _ => {
                self.best = Some(self.prefix.clone());
                self.best_rows = self.path.clone();
            }
        }
    }

    /// Whether an automorphism found that keeps every row chosen so far
    /// maps row `i` to one of the rows `searched` at this depth (joined in
    /// orbits by those automorphisms).
    fn equivalent(&self, i: usize, searched: &[usize]) -> bool {
        if searched.is_empty() || self.automorphisms.is_empty() {
            return false;
        }
        let mut orbit: Vec<usize> = (0..self.values.len()).collect();
        use crate::union_find::root;
        for map in &self.automorphisms {
            if self.path.iter().all(|&p| map[p] == p) {
                for (from, &to) in map.iter().enumerate() {
                    let (a, b) = (root(&mut orbit, from), root(&mut orbit, to));
                    orbit[a] = b;
                }
            }
        }
        let r = root(&mut orbit, i);
        searched.iter().any(|&s| root(&mut orbit, s) == r)
    }

    /// What the rest of the image depends on: the rows left (in order),
    /// each cell's columns ordered by their values in those rows, cell
    /// after cell, with a separator between cells.
    fn left(&self, cells: &[Vec<usize>]) -> Vec<i64> {
        let rows: Vec<&Vec<i64>> = (0..self.values.len())
            .filter(|&i| !self.used[i])
            .map(|i| &self.values[i])
            .collect();
        let mut out = Vec::new();
        for cell in cells {
            let mut columns: Vec<Vec<i64>> = cell
                .iter()
                .map(|&c| rows.iter().map(|r| r[c]).collect())
                .collect();
            columns.sort_unstable();
            out.push(columns.len() as i64);
            for column in columns {
                out.extend(column);
            }
        }
        out
    }
}

/// The row's values sorted within each cell, cell after cell.
fn image(row: &[i64], cells: &[Vec<usize>]) -> Vec<i64> {
    let mut out = Vec::with_capacity(row.len());
    for cell in cells {
        let start = out.len();
        out.extend(cell.iter().map(|&c| row[c]));
        out[start..].sort_unstable();
    }
    out
}

/// Each cell split by the row's values, in ascending order.
fn refine(row: &[i64], cells: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut out = Vec::with_capacity(cells.len());
    for cell in cells {
        let mut cell = cell.clone();
        cell.sort_by_key(|&c| row[c]);
        for part in cell.chunk_by(|&a, &b| row[a] == row[b]) {
            out.push(part.to_vec());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest image by brute force: every row and column order.
    fn brute_force(m: &[Vec<i64>]) -> Vec<i64> {
        fn permutations(n: usize) -> Vec<Vec<usize>> {
            if n == 0 {
                return vec![vec![]];
            }
            let mut out = Vec::new();
            for p in permutations(n - 1) {
                for at in 0..=p.len() {
                    let mut q = p.clone();
                    q.insert(at, n - 1);
                    out.push(q);
                }
            }
            out
        }
        let (rows, columns) = (m.len(), m[0].len());
        let mut best: Option<Vec<i64>> = None;
        for column_order in permutations(columns) {
            let mut image: Vec<Vec<i64>> = m
                .iter()
                .map(|r| column_order.iter().map(|&c| r[c]).collect())
                .collect();
            image.sort();
            let flat = image.concat();
            if best.as_ref().is_none_or(|b| flat < *b) {
                best = Some(flat);
            }
        }
        let _ = rows;
        best.expect("an image")
    }

    fn matrix(m: &[Vec<i64>]) -> MatrixSort {
        let (rows, columns) = (m.len() as u32, m[0].len() as u32);
        let a: Vec<Vec<u32>> = (0..rows)
            .map(|i| (0..columns).map(|j| i * columns + j).collect())
            .collect();
        let b: Vec<Vec<u32>> = (0..columns)
            .map(|j| (0..rows).map(|i| i * columns + j).collect())
            .collect();
        MatrixSort::new(&a, &b).expect("a matrix")
    }

    fn is_smallest(m: &[Vec<i64>]) -> bool {
        matrix(m).is_smallest(&m.concat())
    }

    fn sorted(m: &[Vec<i64>]) -> Vec<i64> {
        let mut key = m.concat();
        matrix(m).apply(&mut key);
        key
    }

    #[test]
    fn the_search_finds_the_smallest_image_of_brute_force() {
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as i64
        };
        for trial in 0..300 {
            let rows = 1 + next(5) as usize;
            let columns = 1 + next(6) as usize;
            let values = 2 + next(2 + trial % 3) as u64;
            let m: Vec<Vec<i64>> = (0..rows)
                .map(|_| (0..columns).map(|_| next(values)).collect())
                .collect();
            let smallest = brute_force(&m);
            assert_eq!(sorted(&m), smallest, "{m:?}");
            let flat = m.concat();
            assert_eq!(is_smallest(&m), flat == smallest, "{m:?}");
            let rows: Vec<Vec<i64>> = smallest.chunks(columns).map(<[i64]>::to_vec).collect();
            assert!(is_smallest(&rows), "{rows:?}");
        }
    }

    #[test]
    fn a_design_with_many_automorphisms_gets_the_image_of_brute_force() {
        // The Fano plane (168 automorphisms), its rows and columns shuffled.
        let lines = [
            "0000111", "0011001", "0101010", "0110100", "1001100", "1010010", "1100001",
        ];
        let fano: Vec<Vec<i64>> = lines
            .iter()
            .map(|l| l.bytes().map(|b| i64::from(b - b'0')).collect())
            .collect();
        let order = [3, 6, 0, 5, 1, 4, 2];
        let shuffled: Vec<Vec<i64>> = order
            .iter()
            .map(|&i| order.iter().rev().map(|&j| fano[i][j]).collect())
            .collect();
        let smallest = brute_force(&shuffled);
        assert_eq!(sorted(&shuffled), smallest);
        assert_eq!(
            smallest,
            fano.concat(),
            "the Fano plane above is its own smallest image"
        );
        assert!(is_smallest(&fano));
        assert!(!is_smallest(&shuffled));
    }

    #[test]
    fn a_regular_design_is_not_walked_row_order_by_row_order() {
        // The identity: every row ties with every other at every step.
        let n = 12;
        let m: Vec<Vec<i64>> = (0..n)
            .map(|i| (0..n).map(|j| i64::from(i == j)).collect())
            .collect();
        let mut expected: Vec<Vec<i64>> = (0..n)
            .map(|i| (0..n).map(|j| i64::from(i + j == n - 1)).collect())
            .collect();
        expected.sort();
        assert_eq!(sorted(&m), expected.concat());
    }
}
