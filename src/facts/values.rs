//! Sets of values as sorted, disjoint, non-adjacent closed intervals (the
//! form the store reads domains in), and what is done with them.

/// A set of values: sorted, disjoint, non-adjacent intervals.
pub type Values = Vec<(i64, i64)>;

/// Whether `v` is one of `a`.
pub(crate) fn contains(a: &[(i64, i64)], v: i64) -> bool {
    a.iter().any(|&(lo, hi)| lo <= v && v <= hi)
}

/// The values of `a` not in `b`.
pub(crate) fn minus(a: &[(i64, i64)], b: &[(i64, i64)]) -> Values {
    let mut out = Vec::new();
    for &(lo, hi) in a {
        let mut from = lo;
        for &(blo, bhi) in b {
            if bhi < from || blo > hi {
                continue;
            }
            if blo > from {
                out.push((from, blo - 1));
            }
            from = bhi.saturating_add(1);
            if from > hi {
                break;
            }
        }
        if from <= hi {
            out.push((from, hi));
        }
    }
    out
}

/// The values in both `a` and `b`.
pub(crate) fn both(a: &[(i64, i64)], b: &[(i64, i64)]) -> Values {
    minus(a, &minus(a, b))
}

/// How many values.
pub(crate) fn size(a: &[(i64, i64)]) -> u64 {
    a.iter()
        .map(|&(lo, hi)| hi.abs_diff(lo).saturating_add(1))
        .fold(0, u64::saturating_add)
}

/// The set of `values` (any order, repeats allowed).
pub(crate) fn of(mut values: Vec<i64>) -> Values {
    values.sort_unstable();
    values.dedup();
    let mut out: Values = Vec::new();
    for v in values {
        match out.last_mut() {
            Some((_, hi)) if *hi + 1 == v => *hi = v,
            _ => out.push((v, v)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against sets of integers, over every pair of subsets of 0..6.
    #[test]
    fn set_operations_agree_with_brute_force() {
        let set = |bits: u32| of((0..6).filter(|v| bits & (1 << v) != 0).collect());
        let members = |s: &[(i64, i64)]| -> u32 {
            s.iter().flat_map(|&(lo, hi)| lo..=hi).map(|v| 1 << v).sum()
        };
        for a in 0..64u32 {
            for b in 0..64u32 {
                assert_eq!(members(&minus(&set(a), &set(b))), a & !b);
                assert_eq!(members(&both(&set(a), &set(b))), a & b);
            }
            assert_eq!(size(&set(a)), a.count_ones() as u64);
        }
    }
}
