//! The techniques of a sudoku book, over a model's alldifferent items (a
//! row, a column, a box; a KenKen's lines): from the root domains at
//! `propagate` (the clues placed, naked singles cascaded), always the
//! easiest technique that still removes a value, one deduction at a time,
//! until every variable of an item is fixed or none applies. The hardest
//! technique it needed, and how often, is what the score (`solve grade`) turns
//! into a number: the consistency ladder puts "hidden singles enough" and
//! "pairs needed" on the same rung (`domain`), a person does not.
//!
//! Only the items' alldifferent reasoning is used (sound for any model:
//! each deduction follows from one or two alldifferents), so on a model
//! with other constraints it may stop where their propagation would go
//! on; the score then falls back to the ladder. Values are bits of a
//! `u64` above the smallest value of the items' variables: items whose
//! variables span more than 64 values are left out.

use crate::model::{Constraint, Model};

/// A technique's tier: how hard the easiest deduction left is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// A value with one place left in an item.
    HiddenSingle,
    /// A naked or hidden pair, or a value confined to the cells two items
    /// share (pointing pair, box/line).
    PairOrIntersection,
    /// A naked or hidden triple or quad.
    TripleOrQuad,
}

/// Every tier, easiest first.
pub const TIERS: [Tier; 3] = [
    Tier::HiddenSingle,
    Tier::PairOrIntersection,
    Tier::TripleOrQuad,
];

/// What the techniques did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// How many deductions of each tier (indexed as [`TIERS`]).
    pub uses: [usize; 3],
    /// How many of the items' variables stay open (0: finished).
    pub open: usize,
    /// How many variables the items have.
    pub vars: usize,
    /// A variable was left with no value (the clues contradict).
    pub failed: bool,
}

impl Solved {
    /// The hardest tier used, when it finished the puzzle (`None`: no tier
    /// was needed; the naked singles of `propagate` were enough).
    pub fn hardest(&self) -> Option<Tier> {
        (TIERS.iter().zip(self.uses))
            .rev()
            .find(|&(_, n)| n > 0)
            .map(|(&t, _)| t)
    }
}

/// The variables of each alldifferent of `model` (indices).
pub fn units(model: &Model) -> Vec<Vec<usize>> {
    (model.constraints.iter())
        .filter_map(|p| match &p.constraint {
            c @ Constraint::AllDifferent(_) => Some(c.vars().iter().map(|x| x.index()).collect()),
            _ => None,
        })
        .collect()
}

/// The value of bit 0, when the values of the units' variables fit in a
/// `u64`.
fn base(units: &[Vec<usize>], domains: &[Vec<(i64, i64)>]) -> Option<i64> {
    let values = || units.iter().flatten().flat_map(|&i| domains[i].iter());
    let lo = values().map(|&(lo, _)| lo).min()?;
    let hi = values().map(|&(_, hi)| hi).max()?;
    (hi - lo < 64).then_some(lo)
}

/// Runs the techniques from `domains` (every variable's intervals) on the
/// alldifferent `units`; `None` when there are none, or their values do
/// not fit in a `u64`.
pub fn solve(units: &[Vec<usize>], domains: &[Vec<(i64, i64)>]) -> Option<Solved> {
    let base = base(units, domains)?;
    let mut masks: Vec<u64> = (domains.iter())
        .map(|d| {
            (d.iter()).fold(0, |m, &(lo, hi)| {
                (lo.max(base)..=hi.min(base + 63)).fold(m, |m, v| m | 1 << (v - base))
            })
        })
        .collect();
    let pairs = shared_pairs(units);
    let mut uses = [0; 3];
    loop {
        if masks.contains(&0) {
            break;
        }
        if eliminate(units, &mut masks) {
            continue;
        }
        let found = if hidden_single(units, &mut masks) {
            Some(0)
        } else if intersection(units, &pairs, &mut masks) || subset(units, 2, &mut masks) {
            Some(1)
        } else if subset(units, 3, &mut masks) || subset(units, 4, &mut masks) {
            Some(2)
        } else {
            None
        };
        match found {
            Some(tier) => uses[tier] += 1,
            None => break,
        }
    }
    let vars: std::collections::BTreeSet<usize> = units.iter().flatten().copied().collect();
    Some(Solved {
        uses,
        open: vars.iter().filter(|&&i| masks[i].count_ones() > 1).count(),
        vars: vars.len(),
        failed: masks.contains(&0),
    })
}

/// Removes each fixed variable's value from the others of its items.
fn eliminate(units: &[Vec<usize>], masks: &mut [u64]) -> bool {
    let mut changed = false;
    for unit in units {
        let fixed = (unit.iter())
            .filter(|&&i| masks[i].count_ones() == 1)
            .fold(0, |m, &i| m | masks[i]);
        for &i in unit {
            if masks[i].count_ones() > 1 && masks[i] & fixed != 0 {
                masks[i] &= !fixed;
                changed = true;
            }
        }
    }
    changed
}

/// The variables of `unit` that may take the value of `bit`.
fn places(unit: &[usize], masks: &[u64], bit: u64) -> Vec<usize> {
    unit.iter()
        .copied()
        .filter(|&i| masks[i] & bit != 0)
        .collect()
}

/// The values some open variable of `unit` may take, as bits.
fn open_values(unit: &[usize], masks: &[u64]) -> Vec<u64> {
    let all = (unit.iter())
        .filter(|&&i| masks[i].count_ones() > 1)
        .fold(0, |m, &i| m | masks[i]);
    (0..64)
        .map(|b| 1u64 << b)
        .filter(|b| all & b != 0)
        .collect()
}

/// One hidden single placed: a value with one place in an item.
fn hidden_single(units: &[Vec<usize>], masks: &mut [u64]) -> bool {
    for unit in units {
        for bit in open_values(unit, masks) {
            if let [i] = places(unit, masks, bit)[..]
                && masks[i] != bit
            {
                masks[i] = bit;
                return true;
            }
        }
    }
    false
}

/// The pairs of items sharing two variables or more.
fn shared_pairs(units: &[Vec<usize>]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..units.len() {
        for b in 0..units.len() {
            let shared = units[a].iter().filter(|i| units[b].contains(i)).count();
            if a != b && shared >= 2 {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// One intersection: a value whose places in item `a` all lie in item
/// `b` leaves `b`'s other variables.
fn intersection(units: &[Vec<usize>], pairs: &[(usize, usize)], masks: &mut [u64]) -> bool {
    for &(a, b) in pairs {
        for bit in open_values(&units[a], masks) {
            let inside = places(&units[a], masks, bit);
            if inside.iter().all(|i| units[b].contains(i)) {
                let outside: Vec<usize> = (places(&units[b], masks, bit).into_iter())
                    .filter(|i| !units[a].contains(i))
                    .collect();
                if !outside.is_empty() {
                    outside.iter().for_each(|&i| masks[i] &= !bit);
                    return true;
                }
            }
        }
    }
    false
}

/// The subsets of `k` of `items`.
fn subsets<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (n, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[n + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// One naked or hidden subset of `k` in an item: `k` open variables with
/// `k` values between them (which the others lose), or `k` values with
/// `k` places between them (which keep no other value).
fn subset(units: &[Vec<usize>], k: usize, masks: &mut [u64]) -> bool {
    for unit in units {
        let open: Vec<usize> = (unit.iter().copied())
            .filter(|&i| masks[i].count_ones() > 1)
            .collect();
        if open.len() <= k || open.len() > 16 {
            continue;
        }
        for vars in subsets(&open, k) {
            let values = vars.iter().fold(0, |m, &i| m | masks[i]);
            let others: Vec<usize> = (open.iter().copied())
                .filter(|i| !vars.contains(i) && masks[*i] & values != 0)
                .collect();
            if values.count_ones() as usize == k && !others.is_empty() {
                others.iter().for_each(|&i| masks[i] &= !values);
                return true;
            }
        }
        for bits in subsets(&open_values(unit, masks), k) {
            let values = bits.iter().fold(0, |m, b| m | b);
            let mut at: Vec<usize> = bits.iter().flat_map(|&b| places(&open, masks, b)).collect();
            at.sort_unstable();
            at.dedup();
            if at.len() == k && at.iter().any(|&i| masks[i] & !values != 0) {
                at.iter().for_each(|&i| masks[i] &= values);
                return true;
            }
        }
    }
    false
}
