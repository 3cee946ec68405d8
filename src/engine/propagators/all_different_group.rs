//! Several alldifferents over shifts of the same variables, run as one
//! propagator by value elimination: the queens' rows `q[c]`, diagonals
//! `q[c] + c` and antidiagonals `q[c] - c`.
//!
//! Posting groups them (see `engine::post::group`): each member is a list
//! of views `±x + offset`, one per variable, over the same variables. When a
//! variable becomes fixed, every member's value of it is removed from every
//! other variable in one store call, which clears the bits of one word at
//! once: a node costs one wake and one removal per variable instead of one
//! per member. The fixpoint is the one the members reach apart, so answers
//! and nodes do not change; a trace runs the members one at a time
//! (`propagate_member`) to name the one that pruned.
//!
//! Incremental like [`super::all_different::AllDifferent`]: `order` keeps
//! the first `done` positions fixed and propagated (`done` is trailed);
//! only positions at or after `done` are ever swapped.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{CellId, Change, Store};
use crate::vocab::{VarId, View};

/// Groups of at most this many variables keep a [`Pair`] per two of them.
const PAIR_LIMIT: usize = 256;

/// The values one position removes from another as one bit pattern: with
/// `p` fixed at `x`, member `k` removes `sign_k * x + c_k` from `q`; when
/// every member has the same sign and the `c_k` lie within 64 of each other,
/// that is `sign * x + low + j` for the bits `j` of `pattern`.
#[derive(Clone, Copy, Debug)]
struct Pair {
    /// 1 or -1; 0 when the members' values do not form a pattern.
    sign: i64,
    low: i64,
    pattern: u64,
}

impl Pair {
    fn new(shifts_p: &[(i64, i64)], shifts_q: &[(i64, i64)]) -> Pair {
        let terms: Vec<(i64, i64)> = (shifts_p.iter().zip(shifts_q))
            .map(|(&(sp, op), &(sq, oq))| (sp * sq, sq * (op - oq)))
            .collect();
        let sign = terms[0].0;
        let low = terms.iter().map(|t| t.1).min().expect("members");
        let high = terms.iter().map(|t| t.1).max().expect("members");
        if terms.iter().any(|t| t.0 != sign) || high.abs_diff(low) > 63 {
            return Pair {
                sign: 0,
                low: 0,
                pattern: 0,
            };
        }
        let pattern = terms.iter().fold(0, |bits, t| bits | 1 << (t.1 - low));
        Pair { sign, low, pattern }
    }
}

#[derive(Debug)]
pub(crate) struct AllDifferentGroup {
    vars: Vec<VarId>,
    /// `shifts[p * members + k]`: member `k`'s view of `vars[p]` as
    /// (scale, offset), the scale 1 or -1.
    shifts: Vec<(i64, i64)>,
    members: usize,
    /// `pairs[p * n + q]`: what position `p` fixed at `x` removes from
    /// position `q` (empty for groups of more than [`PAIR_LIMIT`]).
    pairs: Vec<Pair>,
    /// Positions, the first `done` of them fixed and propagated.
    order: Vec<u32>,
    done: CellId,
    /// Each member's value of the variable being propagated, then the
    /// values to remove from one other variable.
    scratch: Vec<i64>,
}

impl AllDifferentGroup {
    /// A group of `members`, each a list of views of the same variables,
    /// one view per variable with scale 1 or -1 (see `post::group`); the
    /// first member's order of the variables is the group's.
    pub(crate) fn new(members: &[Vec<View>]) -> AllDifferentGroup {
        let vars: Vec<VarId> = members[0].iter().map(|v| v.var).collect();
        let mut shifts = vec![(1, 0); vars.len() * members.len()];
        for (k, views) in members.iter().enumerate() {
            for view in views {
                debug_assert!(view.scale == 1 || view.scale == -1);
                let p = vars
                    .iter()
                    .position(|&x| x == view.var)
                    .expect("same variables");
                shifts[p * members.len() + k] = (view.scale, view.offset);
            }
        }
        let (n, m) = (vars.len(), members.len());
        let pairs = if n <= PAIR_LIMIT {
            let at = |p: usize| &shifts[p * m..(p + 1) * m];
            (0..n * n)
                .map(|i| Pair::new(at(i / n), at(i % n)))
                .collect()
        } else {
            Vec::new()
        };
        AllDifferentGroup {
            order: (0..vars.len() as u32).collect(),
            pairs,
            vars,
            shifts,
            members: members.len(),
            done: CellId(u32::MAX),
            scratch: vec![0; 2 * members.len()],
        }
    }
}

impl Propagator for AllDifferentGroup {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.vars.iter().map(|&x| (x, Change::Fixed)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn members(&self) -> usize {
        self.members
    }

    fn initialise(&mut self, store: &mut Store) {
        self.done = store.new_cell(0);
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let (n, m) = (self.vars.len(), self.members);
        let mut done = store.cell(self.done) as usize;
        let mut i = done;
        while i < n {
            let p = self.order[i] as usize;
            if !store.is_fixed(self.vars[p]) {
                i += 1;
                continue;
            }
            self.order.swap(i, done);
            done += 1;
            let x = store.min(self.vars[p]);
            let (values, removed) = self.scratch.split_at_mut(m);
            for (k, value) in values.iter_mut().enumerate() {
                let (s, o) = self.shifts[p * m + k];
                *value = s * x + o;
            }
            for &q in &self.order[done..] {
                let q = q as usize;
                if let Some(pair) = self.pairs.get(p * n + q)
                    && pair.sign != 0
                {
                    let first = pair.sign * x + pair.low;
                    let _ = store.remove_pattern(self.vars[q], first, pair.pattern)?;
                    continue;
                }
                let shifts = &self.shifts[q * m..(q + 1) * m];
                for ((out, &value), &(s, o)) in removed.iter_mut().zip(&*values).zip(shifts) {
                    *out = s * (value - o);
                }
                let _ = store.remove_values(self.vars[q], removed)?;
            }
            // Removals may have fixed positions already scanned: look again.
            i = done;
        }
        store.set_cell(self.done, done as i64);
        Ok(if done == n {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }

    /// Member `k` alone by value elimination, to its own fixpoint, over
    /// the positions not yet propagated by the group (a trace's slow way:
    /// each fixed position against every other, again on every call).
    fn propagate_member(&mut self, store: &mut Store, k: usize) -> PropResult {
        let m = self.members;
        let done = store.cell(self.done) as usize;
        let rest = &self.order[done..];
        let mut again = true;
        while again {
            again = false;
            for &p in rest {
                let p = p as usize;
                if !store.is_fixed(self.vars[p]) {
                    continue;
                }
                let (s, o) = self.shifts[p * m + k];
                let value = s * store.min(self.vars[p]) + o;
                for &q in rest {
                    let q = q as usize;
                    if q == p {
                        continue;
                    }
                    let (s, o) = self.shifts[q * m + k];
                    let was_fixed = store.is_fixed(self.vars[q]);
                    let _ = store.remove(self.vars[q], s * (value - o))?;
                    again |= !was_fixed && store.is_fixed(self.vars[q]);
                }
            }
        }
        Ok(Status::Fix)
    }
}

#[cfg(test)]
mod tests {
    use super::Pair;
    use crate::random::Rng;

    /// A pair's bit pattern removes exactly the values the members remove
    /// one by one: with `p` fixed at `x`, member `k` (`sp x + op`) takes
    /// from `q` the `y` with `sq y + oq` equal to it. When the members
    /// differ in sign, or their values span more than 64, there is no
    /// pattern (sign 0).
    #[test]
    fn a_pattern_removes_what_the_members_remove() {
        let mut rng = Rng::new(3);
        let mut patterns = 0;
        for _ in 0..5_000 {
            let members = 1 + rng.below(4) as usize;
            let shift = |rng: &mut Rng| {
                let scale = if rng.below(4) == 0 { -1 } else { 1 };
                (scale, rng.below(81) as i64 - 40)
            };
            let p: Vec<(i64, i64)> = (0..members).map(|_| shift(&mut rng)).collect();
            let q: Vec<(i64, i64)> = (0..members).map(|_| shift(&mut rng)).collect();
            let pair = Pair::new(&p, &q);
            for x in -6..=6 {
                let mut removed: Vec<i64> = p
                    .iter()
                    .zip(&q)
                    .map(|(&(sp, op), &(sq, oq))| sq * (sp * x + op - oq))
                    .collect();
                removed.sort_unstable();
                removed.dedup();
                if pair.sign == 0 {
                    let signs = p.iter().zip(&q).map(|(a, b)| a.0 * b.0);
                    let one_sign = signs.clone().all(|s| s == signs.clone().next().unwrap());
                    let span = removed.last().unwrap() - removed.first().unwrap();
                    assert!(
                        !one_sign || span > 63,
                        "{p:?} {q:?}: a pattern was possible"
                    );
                    continue;
                }
                patterns += 1;
                let from_bits: Vec<i64> = (0..64)
                    .filter(|j| pair.pattern >> j & 1 == 1)
                    .map(|j| pair.sign * x + pair.low + j)
                    .collect();
                let mut from_bits = from_bits;
                from_bits.sort_unstable();
                assert_eq!(from_bits, removed, "{p:?} {q:?} at x = {x}");
            }
        }
        assert!(patterns > 10_000, "only {patterns} patterns checked");
    }
}
