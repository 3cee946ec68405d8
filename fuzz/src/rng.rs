//! The fuzzer's random choices: the engine's own seeded generator (the
//! same seed, the same cases), with picks and chances on top.

pub use solve::random::Rng;

pub trait Choose {
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T;
    fn chance(&mut self, percent: u64) -> bool;
}

impl Choose for Rng {
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}
