//! Declared symmetries of the solutions, as plain data: the group elements
//! each declaration of `[symmetry]` stands for, acting on the key (the
//! values of the declared variables, in declaration order), and the
//! canonical form of a solution: the smallest key of its orbit,
//! lexicographically. `--unique` keeps the solutions that are their own
//! canonical form, `solve check-symmetry` compares classes with what the
//! breaking constraints keep, and the lex-leader constraints select the
//! same representatives.

use crate::model::VarId;
use std::collections::HashSet;

/// Where the literal `key[p] = v` goes under a group element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// To `key[q] = v`: the value moves to another position unchanged.
    To(u32),
    /// To `key[q] = w`, by `(v, q, w)` sorted by `v`; a value not listed
    /// has no image.
    Table(Vec<(i64, u32, i64)>),
}

/// One element of a group: a permutation of the literals, one [`Move`]
/// per key position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element(pub Vec<Move>);

impl Element {
    /// The image of the literal `key[p] = v`.
    pub fn literal(&self, p: u32, v: i64) -> Option<(u32, i64)> {
        match &self.0[p as usize] {
            Move::To(q) => Some((*q, v)),
            Move::Table(t) => t
                .binary_search_by_key(&v, |e| e.0)
                .ok()
                .map(|i| (t[i].1, t[i].2)),
        }
    }

    /// The image of `key` in `out`; false when it is not an assignment (a
    /// value without an image, a position filled twice).
    pub fn apply(&self, key: &[i64], out: &mut Vec<i64>, filled: &mut Vec<bool>) -> bool {
        out.clear();
        out.resize(key.len(), 0);
        filled.clear();
        filled.resize(key.len(), false);
        for (p, &v) in key.iter().enumerate() {
            let Some((q, w)) = self.literal(p as u32, v) else {
                return false;
            };
            let q = q as usize;
            if filled[q] {
                return false;
            }
            filled[q] = true;
            out[q] = w;
        }
        true
    }
}

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
}

impl Sort {
    fn apply(&self, key: &mut [i64]) {
        match self {
            Sort::Lines(lines) => {
                let mut rows: Vec<Vec<i64>> = lines
                    .iter()
                    .map(|l| l.iter().map(|&p| key[p as usize]).collect())
                    .collect();
                rows.sort_unstable();
                for (line, row) in lines.iter().zip(rows) {
                    for (&p, v) in line.iter().zip(row) {
                        key[p as usize] = v;
                    }
                }
            }
            Sort::Values { positions, values } => {
                let mut renamed: Vec<(i64, i64)> = Vec::new();
                for &p in positions {
                    let v = key[p as usize];
                    let w = match renamed.iter().find(|(from, _)| *from == v) {
                        Some(&(_, w)) => w,
                        None => {
                            let w = values.get(renamed.len()).copied().unwrap_or(v);
                            renamed.push((v, w));
                            w
                        }
                    };
                    key[p as usize] = w;
                }
            }
        }
    }
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
    /// The factor whose [`Sort`] canonicalises (it commutes with every
    /// other factor's elements); the others are walked element by element.
    pub sorter: Option<usize>,
}

/// The largest orbit walked element by element for one solution.
pub const MAX_ORBIT: u64 = 100_000;

impl SymmetryPlan {
    pub fn is_empty(&self) -> bool {
        self.factors.is_empty()
    }

    /// The declared groups' names, for messages.
    pub fn names(&self) -> Vec<&str> {
        self.factors.iter().map(|f| f.name.as_str()).collect()
    }

    /// The key of a solution (its values over every model variable).
    pub fn key_of(&self, values: &[i64]) -> Vec<i64> {
        self.key.iter().map(|x| values[x.index()]).collect()
    }

    /// A canonicaliser, or why the group is too large to walk.
    pub fn canonicaliser(&self) -> Result<Canonicaliser<'_>, String> {
        let sort = self.sorter.and_then(|i| self.factors[i].sort.as_ref());
        let walked: Vec<&Factor> = self
            .factors
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != self.sorter)
            .map(|(_, f)| f)
            .collect();
        let order = walked
            .iter()
            .fold(1u64, |acc, f| acc.saturating_mul(f.order.max(1)));
        if order > MAX_ORBIT {
            let names: Vec<&str> = walked.iter().map(|f| f.name.as_str()).collect();
            return Err(format!(
                "the symmetries {} together have about {order} elements, too many to walk for every solution (at most {MAX_ORBIT}): declare fewer of them together, or a symmetric group (rows, columns, values) that commutes with the others",
                names.join(", ")
            ));
        }
        Ok(Canonicaliser {
            plan: self,
            generators: walked.iter().flat_map(|f| &f.elements).collect(),
            sort,
        })
    }
}

/// Maps a key to the smallest key of its orbit.
#[derive(Debug)]
pub struct Canonicaliser<'p> {
    plan: &'p SymmetryPlan,
    generators: Vec<&'p Element>,
    sort: Option<&'p Sort>,
}

impl Canonicaliser<'_> {
    /// The smallest key of the orbit of `key` (images that are not
    /// assignments are left out: they cannot be solutions).
    pub fn canonical(&self, key: &[i64]) -> Vec<i64> {
        let sorted = |k: &[i64]| {
            let mut k = k.to_vec();
            if let Some(s) = self.sort {
                s.apply(&mut k);
            }
            k
        };
        if self.generators.is_empty() {
            return sorted(key);
        }
        let mut seen: HashSet<Vec<i64>> = HashSet::new();
        let mut queue = vec![key.to_vec()];
        let _ = seen.insert(key.to_vec());
        let mut best = sorted(key);
        let (mut image, mut filled) = (Vec::new(), Vec::new());
        while let Some(k) = queue.pop() {
            for g in &self.generators {
                if g.apply(&k, &mut image, &mut filled) && !seen.contains(&image) {
                    let s = sorted(&image);
                    if s < best {
                        best = s;
                    }
                    let _ = seen.insert(image.clone());
                    queue.push(image.clone());
                }
            }
        }
        best
    }

    /// Whether a solution (values over every model variable) is the
    /// representative of its class.
    pub fn is_canonical(&self, values: &[i64]) -> bool {
        let key = self.plan.key_of(values);
        self.canonical(&key) == key
    }
}
