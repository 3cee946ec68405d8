//! What the declared symmetries do (their plan, plain data, is
//! [`crate::plans::symmetry`]): group elements acting on the key (the
//! values of the declared variables, in declaration order), and the
//! canonical form of a solution: the smallest key of its orbit,
//! lexicographically. `--unique` keeps the solutions that are their own
//! canonical form, `solve check-symmetry` compares classes with what the
//! breaking constraints keep, and the lex-leader constraints select the
//! same representatives.

use crate::plans::symmetry::{Element, Factor, Move, Sort, SymmetryPlan};
use std::collections::{HashMap, HashSet};

impl Element {
    /// The image of the literal `key[p] = v`.
    pub fn literal(&self, p: u32, v: i64) -> Option<(u32, i64)> {
        let Ok(i) = self.0.binary_search_by_key(&p, |m| m.0) else {
            return Some((p, v));
        };
        match &self.0[i].1 {
            Move::To(q) => Some((*q, v)),
            Move::Swap(a, b) => Some((
                p,
                match v {
                    v if v == *a => *b,
                    v if v == *b => *a,
                    v => v,
                },
            )),
            Move::Table(t) => t
                .binary_search_by_key(&v, |e| e.0)
                .ok()
                .map(|i| (t[i].1, t[i].2)),
        }
    }

    /// How many literal moves it holds (for size budgets).
    pub fn size(&self) -> usize {
        self.0
            .iter()
            .map(|(_, m)| match m {
                Move::Table(t) => t.len(),
                _ => 1,
            })
            .sum()
    }

    /// The image of `key` in `out`; false when it is not an assignment (a
    /// value without an image, a position filled twice). `filled` is
    /// scratch, as long as the key and all false between calls.
    pub fn apply(&self, key: &[i64], out: &mut Vec<i64>, filled: &mut Vec<bool>) -> bool {
        out.clear();
        out.extend_from_slice(key);
        filled.resize(key.len(), false);
        let mut ok = true;
        for &(p, _) in &self.0 {
            match self.literal(p, key[p as usize]) {
                Some((q, w)) if !filled[q as usize] => {
                    filled[q as usize] = true;
                    out[q as usize] = w;
                }
                _ => ok = false,
            }
        }
        // A changed position must be filled from a changed one (the others
        // keep their own values).
        for &(p, _) in &self.0 {
            ok &= filled[p as usize];
        }
        for &(p, _) in &self.0 {
            if let Some((q, _)) = self.literal(p, key[p as usize]) {
                filled[q as usize] = false;
            }
            filled[p as usize] = false;
        }
        ok
    }
}

impl Sort {
    /// Whether `key` is already the smallest this sort gives.
    fn is_sorted(&self, key: &[i64]) -> bool {
        match self {
            Sort::Matrix(m) => m.is_smallest(key),
            _ => {
                let mut sorted = key.to_vec();
                self.apply(&mut sorted);
                sorted == key
            }
        }
    }

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
            Sort::Matrix(m) => m.apply(key),
        }
    }
}

/// The largest orbit walked element by element for one solution.
pub(crate) const MAX_ORBIT: u64 = 100_000;

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
        let (sorted, sort) = match &self.sorter {
            Some((sorted, sort)) => (sorted.as_slice(), Some(sort)),
            None => (&[][..], None),
        };
        let walked: Vec<&Factor> = self
            .factors
            .iter()
            .enumerate()
            .filter(|(i, _)| !sorted.contains(i))
            .map(|(_, f)| f)
            .collect();
        let order = walked
            .iter()
            .fold(1u64, |acc, f| acc.saturating_mul(f.order.max(1)));
        if order > MAX_ORBIT {
            let names: Vec<String> = walked.iter().map(|f| format!("`{}`", f.name)).collect();
            let what = match &names[..] {
                [one] => format!("the symmetry {one} has"),
                many => format!("the symmetries {} together have", many.join(", ")),
            };
            let order = if order == u64::MAX {
                "more than 10^19".to_string()
            } else {
                format!("about {order}")
            };
            return Err(format!(
                "{what} {order} elements, too many to walk for every solution (at most {MAX_ORBIT}): declare fewer symmetries together (a symmetric group, rows, columns or values, or the rows and the columns of one matrix together, is sorted instead of walked when it is found to commute with the others)"
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
    /// The declared symmetries' names.
    pub fn names(&self) -> Vec<&str> {
        self.plan.names()
    }

    /// The smallest key of the orbit of `key` (images that are not
    /// assignments are left out: they cannot be solutions).
    pub fn canonical(&self, key: &[i64]) -> Vec<i64> {
        let mut best = self.sorted(key);
        self.walk_until(key, &mut |_, image| {
            if image < best.as_slice() {
                best = image.to_vec();
            }
            true
        });
        best
    }

    /// The class of `key`, numbered in order of first meeting, for many
    /// keys of one orbit-closed set (every solution of a spec whose
    /// declared symmetries are right): an orbit is walked once, its members
    /// and its smallest key remembered in `cache`; `classes` holds each
    /// class's smallest key.
    pub fn canonical_cached(
        &self,
        key: &[i64],
        cache: &mut HashMap<Vec<i64>, usize>,
        classes: &mut Vec<Vec<i64>>,
    ) -> usize {
        if let Some(&class) = cache.get(key) {
            return class;
        }
        let mut members = vec![key.to_vec()];
        let mut best = self.sorted(key);
        self.walk_until(key, &mut |member, image| {
            if image < best.as_slice() {
                best = image.to_vec();
            }
            members.push(member.to_vec());
            true
        });
        // The smallest key names the class (a class's members are met by
        // walking only the generators outside the sorted group).
        let class = match cache.get(&best) {
            Some(&class) => class,
            None => {
                classes.push(best.clone());
                let _ = cache.insert(best, classes.len() - 1);
                classes.len() - 1
            }
        };
        for m in members {
            let _ = cache.insert(m, class);
        }
        class
    }

    fn sorted(&self, key: &[i64]) -> Vec<i64> {
        let mut k = key.to_vec();
        if let Some(s) = self.sort {
            s.apply(&mut k);
        }
        k
    }

    /// The orbit walk: `visit(member, sorted member)` for every member but
    /// `key`, until it returns false.
    fn walk_until(&self, key: &[i64], visit: &mut dyn FnMut(&[i64], &[i64]) -> bool) {
        if self.generators.is_empty() {
            return;
        }
        let mut seen: HashSet<Vec<i64>> = HashSet::new();
        let mut queue = vec![key.to_vec()];
        let _ = seen.insert(key.to_vec());
        let (mut image, mut filled) = (Vec::new(), Vec::new());
        while let Some(k) = queue.pop() {
            for g in &self.generators {
                if g.apply(&k, &mut image, &mut filled) && !seen.contains(&image) {
                    if !visit(&image, &self.sorted(&image)) {
                        return;
                    }
                    let _ = seen.insert(image.clone());
                    queue.push(image.clone());
                }
            }
        }
    }

    /// Whether a solution (values over every model variable) is the
    /// representative of its class.
    pub fn is_canonical(&self, values: &[i64]) -> bool {
        let key = self.plan.key_of(values);
        if self.sort.is_some_and(|s| !s.is_sorted(&key)) {
            return false;
        }
        // Stops at the first smaller member: most solutions are not the
        // smallest of their class, and show it early.
        let mut smallest = true;
        self.walk_until(&key, &mut |_, image| {
            smallest = image >= key.as_slice();
            smallest
        });
        smallest
    }
}

/// Most classes whose representative [`Representatives`] waits for.
const MAX_AWAITED: usize = 1_000;
/// Most solutions whose class [`Representatives`] works out: each costs a
/// whole canonical form (the test of a representative stops early), so
/// the extra work stays within this many.
const MAX_CLASSIFIED: usize = 20_000;
/// Most representatives remembered (about 16 bytes each); past it the
/// check is given up rather than report a class lost that was not.
const MAX_KEPT: usize = 4_000_000;
/// Most solutions kept as examples of a class awaited, in values.
const MAX_EXAMPLE_VALUES: usize = 1 << 20;

/// Checks, while `--unique` enumerates, that every class met has its
/// representative among the solutions: a declared group that is not a
/// symmetry of the solutions maps some solution to a smallest key that is
/// no solution, and its class would silently be lost. Bounded: the classes
/// of the first solutions that are not representatives are awaited and
/// checked, while the representatives met fit.
#[derive(Debug, Default)]
pub(crate) struct Representatives {
    /// Hashes of the representatives met.
    kept: HashSet<u64>,
    /// More representatives were met than `kept` holds.
    overflowed: bool,
    /// Hashes of the representatives awaited, each with a solution of its
    /// class (values over every model variable) while they fit.
    awaited: HashMap<u64, Option<Vec<i64>>>,
    example_values: usize,
    /// Solutions whose class was worked out.
    classified: usize,
}

impl Representatives {
    /// Whether the solution `values` is its class's representative (to be
    /// kept), noting which representative it awaits when it is not.
    pub(crate) fn keep(&mut self, classes: &Canonicaliser<'_>, values: &[i64]) -> bool {
        if classes.is_canonical(values) {
            if self.kept.len() < MAX_KEPT {
                let _ = self.kept.insert(hash(&classes.plan.key_of(values)));
            } else {
                self.overflowed = true;
            }
            return true;
        }
        if self.awaited.len() < MAX_AWAITED && self.classified < MAX_CLASSIFIED && !self.overflowed
        {
            self.classified += 1;
            let smallest = classes.canonical(&classes.plan.key_of(values));
            let room = self.example_values + values.len() <= MAX_EXAMPLE_VALUES;
            if let std::collections::hash_map::Entry::Vacant(e) =
                self.awaited.entry(hash(&smallest))
            {
                if room {
                    self.example_values += values.len();
                }
                let _ = e.insert(room.then(|| values.to_vec()));
            }
        }
        false
    }

    /// After a complete enumeration: whether a class met had no
    /// representative among the solutions, with a solution of it when one
    /// was kept (the smallest, so that a run always shows the same one).
    pub(crate) fn lost(&self) -> Option<Option<&[i64]>> {
        if self.overflowed {
            return None;
        }
        let mut lost = self
            .awaited
            .iter()
            .filter(|(h, _)| !self.kept.contains(h))
            .peekable();
        let _ = lost.peek()?;
        Some(lost.filter_map(|(_, v)| v.as_deref()).min())
    }
}

fn hash(key: &[i64]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}
