//! The domain of one variable: a bitset for small ranges (word-level
//! operations), a list of intervals for large ones, so `0..1000000000` costs
//! two numbers, not a billion bits.
//!
//! Bits and intervals outside `[min, max]` are stale and never read:
//! narrowing the bounds touches neither words nor intervals. The store owns
//! trailing; this type only knows how to read and change itself, and how to
//! undo one interior removal from an interval list ([`IntervalEdit`]).

use crate::vocab::IntervalSet;

/// Ranges up to this many values get a bitset.
pub(crate) const BITSET_LIMIT: u64 = 4096;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    pub(crate) min: i64,
    pub(crate) max: i64,
    pub(crate) size: u64,
    pub(crate) repr: Repr,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Repr {
    /// Bit `i` stands for `base + i`.
    Bits { base: i64, words: Vec<u64> },
    /// Sorted, disjoint, non-adjacent intervals (exact within the bounds).
    Intervals(Vec<(i64, i64)>),
}

/// What [`Domain::remove_bits`] did.
pub(crate) enum BitsRemoved {
    Nothing,
    /// Nothing: it would have removed every member.
    Emptied,
    Removed {
        /// The bounds and size before.
        before: (i64, i64, u64),
        /// The word before.
        old: u64,
        /// The bits cleared in the word (those inside the new bounds).
        inner: u64,
        /// Whether a bound moved.
        bounds: bool,
    },
}

/// How one value left the inside of an interval list, to undo it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IntervalEdit {
    /// The interval's position and its old ends.
    k: u32,
    old: (i64, i64),
    kind: EditKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EditKind {
    /// The interval was the value alone and was removed.
    Removed,
    /// One of its ends moved.
    Shrunk,
    /// It was split in two at the value.
    Split,
}

impl Domain {
    /// Builds a domain; `set` must not be empty.
    pub fn new(set: &IntervalSet) -> Domain {
        let (min, max) = (set.min().expect("non-empty"), set.max().expect("non-empty"));
        let span = max.abs_diff(min).saturating_add(1);
        let repr = if span <= BITSET_LIMIT {
            let mut words = vec![0u64; span.div_ceil(64) as usize];
            for &(lo, hi) in &set.0 {
                set_bits(&mut words, (lo - min) as usize, (hi - min) as usize);
            }
            Repr::Bits { base: min, words }
        } else {
            Repr::Intervals(set.0.clone())
        };
        Domain {
            min,
            max,
            size: set.size(),
            repr,
        }
    }

    pub fn min(&self) -> i64 {
        self.min
    }

    pub fn max(&self) -> i64 {
        self.max
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    pub fn is_fixed(&self) -> bool {
        self.size == 1
    }

    #[inline]
    pub fn contains(&self, v: i64) -> bool {
        if v < self.min || v > self.max {
            return false;
        }
        match &self.repr {
            Repr::Bits { base, words } => {
                let i = (v - base) as usize;
                words[i / 64] >> (i % 64) & 1 == 1
            }
            Repr::Intervals(list) => list.iter().any(|&(lo, hi)| lo <= v && v <= hi),
        }
    }

    /// Smallest member `>= v`, if any.
    pub fn next_value(&self, v: i64) -> Option<i64> {
        let v = v.max(self.min);
        if v > self.max {
            return None;
        }
        match &self.repr {
            Repr::Bits { base, words } => {
                let mut i = (v - base) as usize;
                let mut w = i / 64;
                let mut bits = words[w] & (!0u64 << (i % 64));
                loop {
                    if bits != 0 {
                        i = w * 64 + bits.trailing_zeros() as usize;
                        let found = base + i as i64;
                        return (found <= self.max).then_some(found);
                    }
                    w += 1;
                    if w >= words.len() {
                        return None;
                    }
                    bits = words[w];
                }
            }
            Repr::Intervals(list) => list
                .iter()
                .find(|&&(_, hi)| hi >= v)
                .map(|&(lo, _)| lo.max(v))
                .filter(|&x| x <= self.max),
        }
    }

    /// Largest member `<= v`, if any.
    pub fn prev_value(&self, v: i64) -> Option<i64> {
        let v = v.min(self.max);
        if v < self.min {
            return None;
        }
        match &self.repr {
            Repr::Bits { base, words } => {
                let i = (v - base) as usize;
                let mut w = i / 64;
                let shift = 63 - (i % 64);
                let mut bits = (words[w] << shift) >> shift;
                loop {
                    if bits != 0 {
                        let found = base + (w * 64 + 63 - bits.leading_zeros() as usize) as i64;
                        return (found >= self.min).then_some(found);
                    }
                    if w == 0 {
                        return None;
                    }
                    w -= 1;
                    bits = words[w];
                }
            }
            Repr::Intervals(list) => list
                .iter()
                .rev()
                .find(|&&(lo, _)| lo <= v)
                .map(|&(_, hi)| hi.min(v))
                .filter(|&x| x >= self.min),
        }
    }

    /// The `k`-th smallest member (from 0), in time proportional to the
    /// number of words or intervals, not of values.
    pub fn nth_value(&self, mut k: u64) -> Option<i64> {
        match &self.repr {
            Repr::Bits { .. } => self.values().nth(k as usize),
            Repr::Intervals(list) => {
                for &(lo, hi) in list {
                    let (lo, hi) = (lo.max(self.min), hi.min(self.max));
                    if lo > hi {
                        continue;
                    }
                    let len = hi.abs_diff(lo) + 1;
                    if k < len {
                        return Some(lo + k as i64);
                    }
                    k -= len;
                }
                None
            }
        }
    }

    /// Members in increasing order.
    pub fn values(&self) -> impl Iterator<Item = i64> + '_ {
        let mut next = self.next_value(self.min);
        std::iter::from_fn(move || {
            let v = next?;
            next = if v == self.max {
                None
            } else {
                self.next_value(v + 1)
            };
            Some(v)
        })
    }

    /// Members within `[lo, hi]` (bitset only; counts set bits word by word).
    #[inline]
    pub(crate) fn count_between(&self, lo: i64, hi: i64) -> u64 {
        let (lo, hi) = (lo.max(self.min), hi.min(self.max));
        if lo > hi {
            return 0;
        }
        match &self.repr {
            Repr::Bits { base, words } => {
                let (a, b) = ((lo - base) as usize, (hi - base) as usize);
                let (wa, wb) = (a / 64, b / 64);
                let low = !0u64 << (a % 64);
                let high = !0u64 >> (63 - b % 64);
                if wa == wb {
                    return u64::from((words[wa] & low & high).count_ones());
                }
                let ends = (words[wa] & low).count_ones() + (words[wb] & high).count_ones();
                let middle: u32 = words[wa + 1..wb].iter().map(|w| w.count_ones()).sum();
                u64::from(ends + middle)
            }
            Repr::Intervals(list) => list
                .iter()
                .map(|&(a, b)| {
                    let (a, b) = (a.max(lo), b.min(hi));
                    if a <= b { (b - a) as u64 + 1 } else { 0 }
                })
                .sum(),
        }
    }

    /// Clears the bit of `v` (a bitset value strictly between min and max)
    /// if it is set; returns the word's index and old value.
    #[inline]
    pub(crate) fn clear_bit(&mut self, v: i64) -> Option<(usize, u64)> {
        let Repr::Bits { base, words } = &mut self.repr else {
            return None;
        };
        let i = (v - *base) as usize;
        let old = words[i / 64];
        let bit = 1u64 << (i % 64);
        if old & bit == 0 {
            return None;
        }
        words[i / 64] = old & !bit;
        self.size -= 1;
        Some((i / 64, old))
    }

    /// Removes `v` from an interval list; `v` must be a member strictly
    /// between min and max. Returns how to undo it.
    pub(crate) fn remove_interval_interior(&mut self, v: i64) -> IntervalEdit {
        let Repr::Intervals(list) = &mut self.repr else {
            unreachable!("a bitset loses a bit, not an interval")
        };
        self.size -= 1;
        let k = list.partition_point(|&(_, hi)| hi < v);
        let old = list[k];
        let kind = if old.0 == old.1 {
            let _ = list.remove(k);
            EditKind::Removed
        } else if old.0 == v {
            list[k].0 = v + 1;
            EditKind::Shrunk
        } else if old.1 == v {
            list[k].1 = v - 1;
            EditKind::Shrunk
        } else {
            list[k].1 = v - 1;
            list.insert(k + 1, (v + 1, old.1));
            EditKind::Split
        };
        IntervalEdit {
            k: k as u32,
            old,
            kind,
        }
    }

    /// Puts back the value an interior removal took (the latest one not
    /// undone yet: the trail undoes in reverse).
    pub(crate) fn undo(&mut self, edit: IntervalEdit) {
        let Repr::Intervals(list) = &mut self.repr else {
            unreachable!("interval edits are made on interval lists")
        };
        let k = edit.k as usize;
        match edit.kind {
            EditKind::Removed => list.insert(k, edit.old),
            EditKind::Shrunk => list[k] = edit.old,
            EditKind::Split => {
                let _ = list.remove(k + 1);
                list[k] = edit.old;
            }
        }
        self.size += 1;
    }

    /// Narrows to `[lo, hi]`, where `lo` and `hi` are members.
    #[inline]
    pub(crate) fn set_bounds(&mut self, lo: i64, hi: i64) {
        // Count what is cut off (usually a value or two), before cutting.
        self.size = if lo == hi {
            1
        } else {
            self.size - self.count_between(self.min, lo - 1) - self.count_between(hi + 1, self.max)
        };
        self.min = lo;
        self.max = hi;
    }

    pub(crate) fn word(&mut self, index: usize) -> &mut u64 {
        match &mut self.repr {
            Repr::Bits { words, .. } => &mut words[index],
            Repr::Intervals(_) => unreachable!("interval domains have no words"),
        }
    }

    /// The value of bit 0 of a bitset domain (`None` for interval lists).
    #[inline]
    pub(crate) fn bit_base(&self) -> Option<i64> {
        match &self.repr {
            Repr::Bits { base, .. } => Some(*base),
            Repr::Intervals(_) => None,
        }
    }

    /// Removes the members among `mask`'s bits of word `word` (bitset
    /// only), moving a bound that loses its value. Only the values left
    /// strictly inside the new bounds are cleared: those past them are
    /// stale already. Leaves the domain as it was when nothing is removed
    /// or everything would be.
    #[inline]
    pub(crate) fn remove_bits(&mut self, word: usize, mask: u64) -> BitsRemoved {
        let Repr::Bits { base, words } = &mut self.repr else {
            unreachable!("interval domains have no words")
        };
        let first = (word * 64) as i64 + *base;
        let (lo, hi) = (self.min - first, self.max - first);
        // Before any read of `words[word]`: a word past the last one (a
        // pattern spilling over) lies past the maximum.
        if hi < 0 || lo > 63 {
            return BitsRemoved::Nothing;
        }
        let within = |lo: i64, hi: i64| {
            let low = if lo > 0 { !0u64 << lo } else { !0 };
            let high = if hi < 63 { !0u64 >> (63 - hi) } else { !0 };
            low & high
        };
        let old = words[word];
        let hit = old & mask & within(lo, hi);
        if hit == 0 {
            return BitsRemoved::Nothing;
        }
        let count = u64::from(hit.count_ones());
        if count >= self.size {
            return BitsRemoved::Emptied;
        }
        let before = (self.min, self.max, self.size);
        self.size -= count;
        let left = old & !hit;
        let (lost_min, lost_max) = (
            (0..64).contains(&lo) && hit >> lo & 1 == 1,
            hi < 64 && hit >> hi & 1 == 1,
        );
        if !(lost_min || lost_max) {
            words[word] = left;
            return BitsRemoved::Removed {
                before,
                old,
                inner: hit,
                bounds: false,
            };
        }
        words[word] = left;
        if lost_min {
            // The next member in this word, else in a later one.
            let above = (left >> lo) >> 1;
            self.min = if above != 0 {
                self.min + 1 + i64::from(above.trailing_zeros())
            } else {
                self.next_value(self.min + 1).expect("a member is left")
            };
        }
        if lost_max {
            let below = (left << (63 - hi)) << 1;
            self.max = if below != 0 {
                self.max - 1 - i64::from(below.leading_zeros())
            } else {
                self.prev_value(self.max - 1).expect("a member is left")
            };
        }
        let (lo, hi) = (self.min - first, self.max - first);
        let inner = if lo > 63 || hi < 0 {
            0
        } else {
            hit & within(lo.max(0), hi.min(63))
        };
        let Repr::Bits { words, .. } = &mut self.repr else {
            unreachable!("still a bitset")
        };
        words[word] = old & !inner;
        BitsRemoved::Removed {
            before,
            old,
            inner,
            bounds: true,
        }
    }

    pub(crate) fn intervals(&self) -> Option<&Vec<(i64, i64)>> {
        match &self.repr {
            Repr::Intervals(list) => Some(list),
            Repr::Bits { .. } => None,
        }
    }
}

/// Sets bits `a..=b` a word at a time.
fn set_bits(words: &mut [u64], a: usize, b: usize) {
    let (wa, wb) = (a / 64, b / 64);
    let low = !0u64 << (a % 64);
    let high = !0u64 >> (63 - b % 64);
    if wa == wb {
        words[wa] |= low & high;
        return;
    }
    words[wa] |= low;
    words[wa + 1..wb].fill(!0);
    words[wb] |= high;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(values: &[i64], big: bool) -> Domain {
        let mut v = values.to_vec();
        if big {
            v.push(1_000_000);
        }
        let mut d = Domain::new(&IntervalSet::from_values(v));
        if big {
            d.set_bounds(d.min, d.prev_value(999_999).unwrap());
        }
        d
    }

    #[test]
    fn bitset_and_intervals_agree() {
        for big in [false, true] {
            let mut d = both(&[1, 2, 3, 5, 8, 64, 65, 130], big);
            assert_eq!(
                d.values().collect::<Vec<_>>(),
                vec![1, 2, 3, 5, 8, 64, 65, 130]
            );
            assert_eq!(d.size(), 8);
            assert_eq!(d.next_value(4), Some(5));
            assert_eq!(d.next_value(66), Some(130));
            assert_eq!(d.prev_value(63), Some(8));
            assert_eq!(d.prev_value(0), None);
            if big {
                let _ = d.remove_interval_interior(5);
            } else {
                let _ = d.clear_bit(5);
            }
            assert!(!d.contains(5));
            assert_eq!(d.size(), 7);
            d.set_bounds(3, 65);
            assert_eq!(d.values().collect::<Vec<_>>(), vec![3, 8, 64, 65]);
            assert_eq!(d.size(), 4);
            assert_eq!(d.count_between(0, 64), 3);
        }
    }
}
