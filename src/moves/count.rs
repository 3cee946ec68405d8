//! An exact count of solutions: an unsigned integer of any size, with
//! addition and decimal printing (all that counting paths needs). The
//! number of shortest solutions grows exponentially with their length (the
//! n x n lattice has C(2n, n)), so no fixed width is exact; a few dozen
//! lines of our own beat a big-number crate for two operations.

use std::fmt;

/// A non-negative integer, as 64-bit limbs from the least significant,
/// the first kept inline: a count below 2^64 allocates nothing (a
/// breadth-first count keeps one per position).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Count {
    low: u64,
    high: Vec<u64>,
}

impl Count {
    pub fn zero() -> Count {
        Count::default()
    }

    pub fn one() -> Count {
        Count::from(1u64)
    }

    pub fn is_zero(&self) -> bool {
        self.low == 0 && self.high.is_empty()
    }

    /// `self += other`, exactly.
    pub fn add(&mut self, other: &Count) {
        let (low, mut carry) = self.low.overflowing_add(other.low);
        self.low = low;
        if self.high.len() < other.high.len() {
            self.high.resize(other.high.len(), 0);
        }
        for (i, limb) in self.high.iter_mut().enumerate() {
            let b = other.high.get(i).copied().unwrap_or(0);
            if b == 0 && !carry && i >= other.high.len() {
                break;
            }
            let (s, c1) = limb.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *limb = s;
            carry = c1 || c2;
        }
        if carry {
            self.high.push(1);
        }
    }

    /// Divides by `d` in place, returning the remainder.
    fn div_rem_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for limb in self.high.iter_mut().rev().chain([&mut self.low]) {
            let cur = (rem << 64) | u128::from(*limb);
            *limb = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        while self.high.last() == Some(&0) {
            let _ = self.high.pop();
        }
        rem as u64
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count {
            low: n,
            high: Vec::new(),
        }
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        // Nineteen decimal digits at a time, least significant first.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.is_zero() {
            chunks.push(n.div_rem_small(CHUNK));
        }
        let mut text = chunks.pop().map_or_else(String::new, |c| c.to_string());
        for c in chunks.iter().rev() {
            text.push_str(&format!("{c:019}"));
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::Count;

    /// Sums of u64s carried through limbs agree with u128 arithmetic, and
    /// printing agrees with u128's.
    #[test]
    fn adds_and_prints_like_u128() {
        let values = [0u64, 1, 9, u64::MAX, u64::MAX - 1, 1 << 63, 12_345_678_901];
        for &a in &values {
            for &b in &values {
                let mut c = Count::from(a);
                c.add(&Count::from(b));
                c.add(&Count::from(u64::MAX));
                let expected = u128::from(a) + u128::from(b) + u128::from(u64::MAX);
                assert_eq!(c.to_string(), expected.to_string());
            }
        }
    }

    /// 2^200 by doubling, against its known decimal expansion.
    #[test]
    fn doubling_past_two_limbs() {
        let mut c = Count::one();
        for _ in 0..200 {
            let d = c.clone();
            c.add(&d);
        }
        assert_eq!(
            c.to_string(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        assert!(Count::zero().is_zero());
        assert_eq!(Count::zero().to_string(), "0");
    }
}
