//! The techniques of a sudoku book, over a model's alldifferent items (a
//! row, a column, a box; a KenKen's lines) and its other rules read alone
//! (a clue, a cage, a run; see [`super::rules`]): from the root domains at
//! `propagate` (the clues placed, naked singles cascaded), always the
//! easiest technique that still removes a value, one deduction at a time,
//! until every variable of an item is fixed or none applies. The hardest
//! technique it needed, and how often, is what the score (`solve grade`) turns
//! into a number: the consistency ladder puts "hidden singles enough" and
//! "pairs needed" on the same rung (`domain`), a person does not.
//!
//! Only the items' alldifferent reasoning and one rule at a time are used
//! (sound for any model: each deduction follows from one or two items),
//! so on a model whose rules need each other it may stop where their
//! propagation together would go on; the score then falls back to the
//! ladder. Values are bits of a `u64` above the smallest value of the
//! items' variables: items whose variables span more than 64 values are
//! left out.

use super::rules::{Reading, Rules};
use crate::model::{Constraint, Model};

/// A technique's tier: how hard the easiest deduction left is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// A value with one place left in an item; a rule read from the
    /// values placed.
    HiddenSingle,
    /// A naked or hidden pair, or a value confined to the cells two items
    /// share (pointing pair, box/line); a rule read from the candidates.
    PairOrIntersection,
    /// A naked or hidden triple or quad.
    TripleOrQuad,
}

/// A technique, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A value with one place left in an alldifferent.
    HiddenSingle,
    /// One rule alone, from the values placed in its scope.
    RuleOnPlaced,
    /// A naked or hidden pair, or a pointing pair / box-line.
    PairOrIntersection,
    /// One rule alone, from its scope's candidates.
    RuleOnCandidates,
    /// A naked or hidden triple or quad.
    TripleOrQuad,
}

/// Every technique, in the order they are tried.
pub const TECHNIQUES: [Technique; 5] = [
    Technique::HiddenSingle,
    Technique::RuleOnPlaced,
    Technique::PairOrIntersection,
    Technique::RuleOnCandidates,
    Technique::TripleOrQuad,
];

impl Technique {
    /// Its tier.
    pub fn tier(self) -> Tier {
        match self {
            Technique::HiddenSingle | Technique::RuleOnPlaced => Tier::HiddenSingle,
            Technique::PairOrIntersection | Technique::RuleOnCandidates => Tier::PairOrIntersection,
            Technique::TripleOrQuad => Tier::TripleOrQuad,
        }
    }

    /// Its name, as `solve grade` prints a rung.
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::RuleOnPlaced => "rule on placed values",
            Technique::PairOrIntersection => "pair / intersection",
            Technique::RuleOnCandidates => "rule on candidates",
            Technique::TripleOrQuad => "triple / quad",
        }
    }
}

/// What the techniques did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// How many deductions of each technique (indexed as [`TECHNIQUES`]).
    pub uses: [usize; 5],
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
        self.used().map(Technique::tier).max()
    }

    /// The deductions of `tier`'s techniques.
    pub fn uses_of(&self, tier: Tier) -> usize {
        (TECHNIQUES.iter().zip(self.uses))
            .filter(|(t, _)| t.tier() == tier)
            .map(|(_, n)| n)
            .sum()
    }

    /// The technique of the hardest tier used that is tried last: what
    /// names the score's rung.
    pub fn hardest_technique(&self) -> Option<Technique> {
        let tier = self.hardest()?;
        self.used().filter(|t| t.tier() == tier).max()
    }

    fn used(&self) -> impl Iterator<Item = Technique> + '_ {
        (TECHNIQUES.iter().zip(self.uses))
            .filter(|&(_, n)| n > 0)
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
/// alldifferent `units` and the `rules` read alone; `None` when there are
/// no units, or their values do not fit in a `u64`.
pub fn solve(
    units: &[Vec<usize>],
    domains: &[Vec<(i64, i64)>],
    rules: Option<&mut Rules>,
) -> Option<Solved> {
    let base = base(units, domains)?;
    let mut masks: Vec<u64> = (domains.iter())
        .map(|d| {
            (d.iter()).fold(0, |m, &(lo, hi)| {
                (lo.max(base)..=hi.min(base + 63)).fold(m, |m, v| m | 1 << (v - base))
            })
        })
        .collect();
    let vars: std::collections::BTreeSet<usize> = units.iter().flatten().copied().collect();
    let uses = techniques(units, &mut masks, base, rules);
    Some(Solved {
        uses,
        open: vars.iter().filter(|&&i| masks[i].count_ones() > 1).count(),
        vars: vars.len(),
        failed: vars.iter().any(|&i| masks[i] == 0),
    })
}

/// The techniques run on `masks` (each variable's values as bits above
/// `base`) until none applies or a unit's variable has no value left: how
/// many deductions of each technique (indexed as [`TECHNIQUES`]).
fn techniques(
    units: &[Vec<usize>],
    masks: &mut [u64],
    base: i64,
    mut rules: Option<&mut Rules>,
) -> [usize; 5] {
    let pairs = shared_pairs(units);
    let mut read = |reading, masks: &mut [u64]| {
        (rules.as_deref_mut()).is_some_and(|r| r.narrow_one(reading, masks, base))
    };
    // Only the units' variables count: an auxiliary one's values may lie
    // outside the 64 bits (a 0/1 literal below a board of 1..9).
    let emptied = |masks: &[u64]| units.iter().flatten().any(|&i| masks[i] == 0);
    let mut uses = [0; 5];
    loop {
        if emptied(masks) {
            break;
        }
        if eliminate(units, masks) {
            continue;
        }
        let found = if hidden_single(units, masks) {
            Some(Technique::HiddenSingle)
        } else if read(Reading::Placed, masks) {
            Some(Technique::RuleOnPlaced)
        } else if intersection(units, &pairs, masks) || subset(units, 2, masks) {
            Some(Technique::PairOrIntersection)
        } else if read(Reading::Candidates, masks) {
            Some(Technique::RuleOnCandidates)
        } else if subset(units, 3, masks) || subset(units, 4, masks) {
            Some(Technique::TripleOrQuad)
        } else {
            None
        };
        match found {
            Some(technique) => uses[technique as usize] += 1,
            None => break,
        }
    }
    uses
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

/// Whether `unit` must take every value its variables may take: as many
/// values as variables (a sudoku's row, a KenKen's line; not a Kakuro
/// run of three cells of 1..9). Only then has each value a place in it,
/// which the hidden techniques read.
fn takes_every_value(unit: &[usize], masks: &[u64]) -> bool {
    let all = unit.iter().fold(0, |m, &i| m | masks[i]);
    all.count_ones() as usize == unit.len()
}

/// One hidden single placed: a value with one place in an item.
fn hidden_single(units: &[Vec<usize>], masks: &mut [u64]) -> bool {
    for unit in units.iter().filter(|u| takes_every_value(u, masks)) {
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
        if !takes_every_value(&units[a], masks) {
            continue;
        }
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
        if !takes_every_value(unit, masks) {
            continue;
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

#[cfg(test)]
mod tests {
    use super::techniques;

    /// A small linear congruential generator: the test's own randomness.
    fn next(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        *seed >> 33
    }

    /// Random alldifferents over six variables of 1..5, most of them
    /// shorter than their values (a Kakuro's runs), from random domains:
    /// every value some solution takes survives the techniques, each
    /// solution found here by trying all 5^6 assignments.
    #[test]
    fn the_techniques_keep_every_value_a_solution_takes() {
        let (vars, values) = (6usize, 5u32);
        let mut seed = 7;
        let mut narrowed = 0;
        for _ in 0..400 {
            let units: Vec<Vec<usize>> = (0..1 + next(&mut seed) % 4)
                .map(|_| {
                    let size = 2 + (next(&mut seed) % 4) as usize;
                    let mut unit: Vec<usize> = (0..vars).collect();
                    while unit.len() > size {
                        let _ = unit.remove((next(&mut seed) as usize) % unit.len());
                    }
                    unit
                })
                .collect();
            let start: Vec<u64> = (0..vars)
                .map(|_| 1 + next(&mut seed) % ((1 << values) - 1))
                .collect();
            let mut taken = vec![0u64; vars];
            for code in 0..values.pow(vars as u32) {
                let value: Vec<u32> = (0..vars as u32)
                    .map(|i| code / values.pow(i) % values)
                    .collect();
                let allowed = (0..vars).all(|i| start[i] >> value[i] & 1 == 1);
                let distinct = units.iter().all(|u| {
                    u.iter()
                        .enumerate()
                        .all(|(a, &i)| u[a + 1..].iter().all(|&j| value[i] != value[j]))
                });
                if allowed && distinct {
                    (0..vars).for_each(|i| taken[i] |= 1 << value[i]);
                }
            }
            let mut masks = start.clone();
            let _ = techniques(&units, &mut masks, 1, None);
            if taken.iter().any(|&t| t != 0) {
                for i in 0..vars {
                    assert_eq!(
                        masks[i] & taken[i],
                        taken[i],
                        "{units:?} from {start:?}: {masks:?}"
                    );
                }
            }
            narrowed += usize::from(masks != start);
        }
        assert!(
            narrowed > 100,
            "the techniques narrowed only {narrowed} of 400"
        );
    }
}
