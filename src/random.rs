//! Random numbers with no dependency and no global state: a small seeded
//! generator (xorshift64*), so that the same seed gives the same search,
//! the same secret and the same fuzzing case on every machine. The random
//! variable and value orders, the games' secrets and the tests draw from
//! it.

/// A seeded generator: the same seed, the same numbers.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % n
    }
}
