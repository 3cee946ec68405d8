//! The random automata of `regular`, in three families that between them
//! draw both of its kernels (masked shifts, when the transitions move the
//! state number by few distinct amounts; arcs, when they move it by many
//! and few states are joined): small ones, wide ones (layers of two or
//! three words) and pentomino-like ones (a few arcs per state, each on
//! many symbols). `extensional.rs` checks that both are drawn.

use super::generate::{Gen, HI, LO};
use solve::constraints::Regular;
use solve::model::{Automaton, Constraint};

impl Gen {
    /// `regular` over up to four views (which may share variables): an
    /// automaton of up to four states numbered from a random first one,
    /// up to eight random transitions (so sometimes nondeterministic, with
    /// values near the domains), a random start and accepting states.
    pub(super) fn regular(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let first = self.rng.pick(&[0, 1, -3, 10]);
        let states = 1 + self.rng.below(4) as i64;
        let state = |g: &mut Gen| first + g.rng.below(states as usize) as i64;
        let transitions = (0..self.rng.below(9))
            .map(|_| (state(self), self.rng.range(LO - 1, HI + 1), state(self)))
            .collect();
        let start = state(self);
        let mut accepting: Vec<i64> = (0..self.rng.below(3)).map(|_| state(self)).collect();
        accepting.sort_unstable();
        regular(xs, transitions, start, accepting)
    }

    /// `regular` with 65 to 140 states (so layers of two or three words),
    /// each state with two to five transitions to a state up to 70 away in
    /// either direction (moves that cross words): every distance, or half
    /// the time one of three (so that shifts stay the cheaper kernel),
    /// half the states accepting; sometimes values no domain holds.
    pub(super) fn regular_wide(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let states = 65 + self.rng.below(76) as i64;
        let few: Option<Vec<i64>> = self
            .rng
            .one_in(2)
            .then(|| (0..3).map(|_| self.rng.range(-70, 70)).collect());
        let mut transitions = Vec::new();
        for from in 0..states {
            for _ in 0..2 + self.rng.below(4) {
                let delta = match &few {
                    Some(deltas) => self.rng.pick(deltas),
                    None => self.rng.range(-70, 70),
                };
                let to = (from + delta).clamp(0, states - 1);
                transitions.push((from, self.rng.range(LO - 1, HI + 1), to));
            }
        }
        self.unread_values(states, &mut transitions);
        let start = self.rng.below(states as usize) as i64;
        let mut accepting: Vec<i64> = (0..states).filter(|_| self.rng.one_in(2)).collect();
        accepting.sort_unstable();
        regular(xs, transitions, start, accepting)
    }

    /// `regular` shaped like pentominoes' automata: 2 to 80 states, each
    /// with one to three arcs to any state, an arc on a random set of the
    /// values (so many moves per arc: arcs are the cheaper kernel);
    /// sometimes values no domain holds.
    pub(super) fn regular_arcs(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let states = 2 + self.rng.below(79) as i64;
        let state = |g: &mut Gen| g.rng.below(states as usize) as i64;
        let mut transitions = Vec::new();
        for from in 0..states {
            for _ in 0..1 + self.rng.below(3) {
                let to = state(self);
                for value in LO - 1..=HI + 1 {
                    if self.rng.one_in(2) {
                        transitions.push((from, value, to));
                    }
                }
            }
        }
        self.unread_values(states, &mut transitions);
        let start = state(self);
        let mut accepting: Vec<i64> = (0..states).filter(|_| self.rng.one_in(3)).collect();
        accepting.sort_unstable();
        regular(xs, transitions, start, accepting)
    }

    /// A third of the time, 70 transitions between random states on
    /// values no domain holds, below them: a set of symbols then takes two
    /// words, and the domains' symbols are in the second.
    fn unread_values(&mut self, states: i64, transitions: &mut Vec<(i64, i64, i64)>) {
        if self.rng.one_in(3) {
            for value in -100..-30 {
                let from = self.rng.below(states as usize) as i64;
                let to = self.rng.below(states as usize) as i64;
                transitions.push((from, value, to));
            }
        }
    }
}

fn regular(
    xs: Vec<solve::model::View>,
    transitions: Vec<(i64, i64, i64)>,
    start: i64,
    accepting: Vec<i64>,
) -> Constraint {
    Constraint::Regular(Regular {
        xs,
        automaton: Automaton {
            transitions,
            start,
            accepting,
        },
    })
}
