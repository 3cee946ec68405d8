//! Bitsets, of states (a layer) or of symbols (a domain, an arc's
//! symbols, the supported values of a position): `u64` words, bit `b` of
//! word `j` standing for member `64 * j + b`.

/// Calls `f` on the members of a bitset, in order (plain loops: an
/// iterator adapter over the words compiles to slower code here).
#[inline]
pub(super) fn each(set: &[u64], mut f: impl FnMut(usize)) {
    for (j, &word) in set.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            f(j * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

/// The two bitsets share a member.
#[inline]
pub(super) fn intersects(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Is `member` in the bitset?
#[inline]
pub(super) fn has(set: &[u64], member: usize) -> bool {
    set[member / 64] >> (member % 64) & 1 == 1
}

/// Two bitsets alike (a loop: sets are a word or two here, where a slice
/// comparison calls `memcmp`).
#[inline]
pub(super) fn same(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x == y)
}
