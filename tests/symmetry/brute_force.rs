//! Brute force.

use super::*;

/// The values of the declared variables, in declaration order.
pub(super) type Key = Vec<i64>;

/// A group element acting on keys.
pub(super) type Element = Box<dyn Fn(&[i64]) -> Key>;

/// Every assignment of `domains` that `ok` accepts, in lexicographic order.
pub(super) fn assignments(domains: &[Vec<i64>], ok: &dyn Fn(&[i64]) -> bool) -> Vec<Key> {
    let mut found = Vec::new();
    let mut digits = vec![0usize; domains.len()];
    loop {
        let key: Key = digits.iter().zip(domains).map(|(&d, v)| v[d]).collect();
        if ok(&key) {
            found.push(key);
        }
        // The odometer: the last position turns fastest.
        let mut p = domains.len();
        loop {
            if p == 0 {
                return found;
            }
            p -= 1;
            digits[p] += 1;
            if digits[p] < domains[p].len() {
                break;
            }
            digits[p] = 0;
        }
    }
}

/// Each solution's class, as the smallest key of its orbit under the group
/// the elements generate. Asserts that every image of a solution is one
/// (the model's group really is a symmetry of it).
pub(super) fn classes(solutions: &[Key], elements: &[&Element]) -> HashMap<Key, Key> {
    let known: HashSet<&Key> = solutions.iter().collect();
    let mut class: HashMap<Key, Key> = HashMap::new();
    for s in solutions {
        if class.contains_key(s) {
            continue;
        }
        let mut orbit: HashSet<Key> = HashSet::from([s.clone()]);
        let mut queue = vec![s.clone()];
        while let Some(k) = queue.pop() {
            for g in elements {
                let image = g(&k);
                assert!(
                    known.contains(&image),
                    "oracle: {image:?}, an image of the solution {k:?}, is not a solution"
                );
                if orbit.insert(image.clone()) {
                    queue.push(image);
                }
            }
        }
        let smallest = orbit.iter().min().expect("an orbit is never empty").clone();
        for k in orbit {
            let _ = class.insert(k, smallest.clone());
        }
    }
    class
}

/// The solutions no greater than their image under every element: what
/// lex-leader constraints for exactly these elements keep.
pub(super) fn lex_leaders(solutions: &[Key], elements: &[&Element]) -> BTreeSet<Key> {
    solutions
        .iter()
        .filter(|k| elements.iter().all(|g| **k <= g(k)))
        .cloned()
        .collect()
}

/// The symmetries of a `rows x cols` rectangle other than the identity, as
/// maps of (row, column): seven for a square, three otherwise.
pub(super) fn rectangle_maps(rows: usize, cols: usize) -> Vec<Vec<(usize, usize)>> {
    let mut maps = Vec::new();
    for transpose in [false, true] {
        if transpose && rows != cols {
            continue;
        }
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                if !(transpose || flip_rows || flip_cols) {
                    continue;
                }
                let map = (0..rows)
                    .flat_map(|i| (0..cols).map(move |j| (i, j)))
                    .map(|(i, j)| {
                        let (a, b) = if transpose { (j, i) } else { (i, j) };
                        (
                            if flip_rows { rows - 1 - a } else { a },
                            if flip_cols { cols - 1 - b } else { b },
                        )
                    })
                    .collect();
                maps.push(map);
            }
        }
    }
    maps
}

/// The non-identity symmetries of a rectangle of cells, each a key
/// position or a constant (`None`, which every symmetry must fix).
pub(super) fn grid(cells: &[Vec<Option<usize>>]) -> Vec<Element> {
    let (rows, cols) = (cells.len(), cells[0].len());
    rectangle_maps(rows, cols)
        .into_iter()
        .map(|map| {
            let cells = cells.to_vec();
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for (cell, &(i2, j2)) in map.iter().enumerate() {
                    let (i, j) = (cell / cols, cell % cols);
                    match (cells[i][j], cells[i2][j2]) {
                        (Some(p), Some(q)) => out[q] = key[p],
                        (None, None) => {}
                        _ => panic!("oracle: a constant cell is moved onto a variable"),
                    }
                }
                out
            }) as Element
        })
        .collect()
}

/// The non-identity symmetries of the `rows x cols` board whose cell
/// (r, c) is the literal `key[c] == r` (a queen per column).
pub(super) fn board(rows: usize, cols: usize) -> Vec<Element> {
    rectangle_maps(rows, cols)
        .into_iter()
        .map(|map| {
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for c in 0..cols {
                    let r = key[c] as usize;
                    let (r2, c2) = map[r * cols + c];
                    out[c2] = r2 as i64;
                }
                out
            }) as Element
        })
        .collect()
}

/// The swaps of neighbouring lines (each a list of key positions): they
/// generate every permutation of the lines.
pub(super) fn line_swaps(lines: &[Vec<usize>]) -> Vec<Element> {
    (0..lines.len().saturating_sub(1))
        .map(|k| {
            let (a, b) = (lines[k].clone(), lines[k + 1].clone());
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for (&p, &q) in a.iter().zip(&b) {
                    out.swap(p, q);
                }
                out
            }) as Element
        })
        .collect()
}

/// The lines read backwards.
pub(super) fn reversal(lines: &[Vec<usize>]) -> Vec<Element> {
    let lines = lines.to_vec();
    vec![Box::new(move |key: &[i64]| {
        let mut out = key.to_vec();
        for (i, line) in lines.iter().enumerate() {
            for (&p, &q) in line.iter().zip(&lines[lines.len() - 1 - i]) {
                out[q] = key[p];
            }
        }
        out
    })]
}

/// The swaps of neighbouring values at `positions`: they generate every
/// renaming of the values.
pub(super) fn value_swaps(positions: &[usize], values: &[i64]) -> Vec<Element> {
    values
        .windows(2)
        .map(|pair| {
            let (a, b) = (pair[0], pair[1]);
            let positions = positions.to_vec();
            Box::new(move |key: &[i64]| {
                let mut out = key.to_vec();
                for &p in &positions {
                    out[p] = match key[p] {
                        v if v == a => b,
                        v if v == b => a,
                        v => v,
                    };
                }
                out
            }) as Element
        })
        .collect()
}

/// Key positions `offset..` of an `rows x cols` matrix, row by row.
pub(super) fn matrix_rows(offset: usize, rows: usize, cols: usize) -> Vec<Vec<usize>> {
    (0..rows)
        .map(|i| (0..cols).map(|j| offset + i * cols + j).collect())
        .collect()
}

/// The same matrix column by column.
pub(super) fn matrix_columns(offset: usize, rows: usize, cols: usize) -> Vec<Vec<usize>> {
    (0..cols)
        .map(|j| (0..rows).map(|i| offset + i * cols + j).collect())
        .collect()
}

/// The positions as grid cells.
pub(super) fn as_cells(lines: &[Vec<usize>]) -> Vec<Vec<Option<usize>>> {
    lines
        .iter()
        .map(|l| l.iter().map(|&p| Some(p)).collect())
        .collect()
}

pub(super) fn range(lo: i64, hi: i64) -> Vec<i64> {
    (lo..=hi).collect()
}
