//! The positions a search or an analysis has met, numbered in the order
//! they were met: a vector from number to position and a hash map back.
//! Everything else a search keeps per position is a vector indexed by the
//! number (a depth, a predecessor): a breadth-first search measured about
//! 110 bytes a position, hash map slack included (docs/moves.md). The cap on positions
//! ([`super::max_states`]) is enforced here, in one place.

use super::{State, too_many_states};
use crate::diagnostic::Error;
use std::collections::HashMap;

/// A position's number.
pub(super) type Index = u32;

#[derive(Debug)]
pub(super) struct Numbering {
    states: Vec<State>,
    /// Keyed by the position as two words: a `u128` key would be aligned
    /// to 16 bytes and make every entry 32 bytes instead of 24.
    index: HashMap<[u64; 2], Index>,
    cap: usize,
    /// Who is searching, for the message at the cap.
    who: &'static str,
}

fn key(s: State) -> [u64; 2] {
    [s as u64, (s >> 64) as u64]
}

impl Numbering {
    pub(super) fn new(who: &'static str, cap: usize) -> Numbering {
        Numbering {
            states: Vec::new(),
            index: HashMap::new(),
            // A number must fit in an `Index`.
            cap: cap.min(Index::MAX as usize),
            who,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.states.len()
    }

    pub(super) fn get(&self, s: State) -> Option<Index> {
        self.index.get(&key(s)).copied()
    }

    /// `s`'s number, and whether it is new; an error past the cap.
    pub(super) fn insert(&mut self, s: State) -> Result<(Index, bool), Error> {
        if let Some(i) = self.get(s) {
            return Ok((i, false));
        }
        if self.states.len() >= self.cap {
            return Err(too_many_states(self.who, self.cap));
        }
        let i = self.states.len() as Index;
        self.states.push(s);
        let _ = self.index.insert(key(s), i);
        Ok((i, true))
    }

    pub(super) fn state(&self, i: Index) -> State {
        self.states[i as usize]
    }

    /// The positions, by number.
    pub(super) fn into_states(self) -> Vec<State> {
        self.states
    }
}
